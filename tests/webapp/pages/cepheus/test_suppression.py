"""The Cepheus suppression-fire page (webapp/pages/cepheus/suppression.py), headless: every
number is what rules.cepheus computes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import SuppressionException
from webapp.formatting import percent
from webapp.pages.cepheus.suppression import (
    EXCEPTION_NAMES,
    CepheusSuppression,
    CepheusSuppressionView,
)


def shown(view: object) -> dict[str, str]:
    figures = view.figures(view.model.result)  # type: ignore[attr-defined]
    return {f.testid: f.value for f in figures}


def test_suppression_defaults_are_the_rules_numbers() -> None:
    m = CepheusSuppression()
    situation = cepheus.AttackSituation(
        weapon="assault_weapon", damage_dice=0, band="short", skill=1,
        characteristic_dm=cepheus.characteristic_dm(7), fire_mode="suppression",
    )  # fmt: skip
    odds = cepheus.attack_odds(situation)
    r = m.result
    assert r.odds == odds
    assert r.dm == odds.total_dm + 2
    assert r.chance == cepheus.suppression_chance(r.dm) == odds.hit_chance
    assert r.penalty == cepheus.suppression_penalty_distribution(r.dm) == odds.suppression


def test_suppression_values_checked_by_hand() -> None:
    # Skill 1, Dexterity 7 (DM +0), an assault weapon at Short range (Average, +0), and the -2
    # of suppression fire: 2D6 - 1 vs 8+ needs 9+, 10 of 36 rolls.
    m = CepheusSuppression()
    assert m.result.odds.total_dm == -1
    assert m.result.chance == Fraction(10, 36)
    # Effect = 2D6 - 1 - 8: 10 (3 rolls) -> 1, 11 (2) -> 2, 12 (1) -> 3; 9 (4 rolls) is Effect 0.
    assert m.result.penalty == {0: Fraction(30, 36), 1: Fraction(3, 36), 2: Fraction(2, 36),
                                3: Fraction(1, 36)}  # fmt: skip
    # Two attacks: suppressed unless both miss; the highest Effect counts.
    m.attacks = 2
    assert m.result.chance == 1 - Fraction(26, 36) ** 2
    assert m.result.penalty[3] == 1 - Fraction(35, 36) ** 2
    # "uses up double the normal amount of ammunition per attack".
    m.param.update(attacks=3, rounds=4)
    assert m.result.ammunition == 24
    assert shown(CepheusSuppressionView(m))["ammunition"] == "24"


def test_suppression_figures() -> None:
    view = CepheusSuppressionView(CepheusSuppression(skill=2, dexterity=9, attacks=2))
    r = view.model.result
    figures = shown(view)
    assert figures["suppression-chance"] == percent(cepheus.suppression_chance(r.dm, attacks=2))
    assert figures["mean-penalty"] == f"{float(r.penalty.mean()):.2f}"
    assert figures["total-dm"] == f"{r.odds.total_dm:+d}"
    assert view._penalty_chart.source.data["probability"] == [float(p) for p in r.penalty.values()]
    assert view._effect_chart.source.data["x"] == list(r.odds.effect)  # type: ignore[arg-type]


@pytest.mark.parametrize("exception", list(SuppressionException))
def test_targets_it_cannot_affect_are_said_plainly(exception: SuppressionException) -> None:
    view = CepheusSuppressionView(CepheusSuppression(target=exception.value))
    r = view.model.result
    assert not r.affected and r.chance == 0 and r.penalty == {0: 1}
    assert shown(view)["suppression-chance"] == "not affected"
    assert EXCEPTION_NAMES[exception] in view._status.object
    assert "cannot affect this target" in view._status.object
    view.roll_it.roll()
    assert "Not affected by suppression fire" in view.roll_it.log.object


def test_a_target_suppressed_again_before_acting_is_not_affected() -> None:
    view = CepheusSuppressionView(CepheusSuppression(acted=False))
    assert not view.model.result.affected
    assert "has not acted since it was last suppressed" in view._status.object


def test_suppression_roll_is_the_rules_roll_with_the_seed() -> None:
    view = CepheusSuppressionView(CepheusSuppression(attacks=3, skill=3, seed=7))
    m = view.model
    expected = cepheus.roll_suppression(m.result.dm, attacks=3, rng=random.Random(7))
    assert m.roll() == expected
    view.roll_it.roll()
    assert m.seed == 8
    for line in expected.log:
        assert line in view.roll_it.log.object
    m.seed = 7
    assert m.roll() == expected


def test_suppression_at_a_band_the_weapon_cannot_reach() -> None:
    view = CepheusSuppressionView(CepheusSuppression(weapon="pistol", band="distant"))
    r = view.model.result
    assert r.odds.blocked and r.chance == 0
    assert "Cannot attack" in view._status.object
    view.roll_it.roll()
    assert "Cannot attack" in view.roll_it.log.object


@pytest.mark.parametrize(
    ("changes", "named"),
    [({"attacks": 0}, "attacks"), ({"attacks": 101}, "attacks"), ({"rounds": -1}, "rounds"),
     ({"dexterity": -1}, "dexterity"), ({"skill": -1}, "skill"), ({"other_dm": None}, "other_dm"),
     ({"seed": None}, "seed")],
)  # fmt: skip
def test_suppression_bad_input_is_shown_beside_it(changes: dict[str, object], named: str) -> None:
    m = CepheusSuppression()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named
    assert m.error.startswith(m.label_of(named))
    assert m.result is good
