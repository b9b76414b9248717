"""The explosion and suppression fire pages, headless: they show exactly what rules.cepheus
computes, values checked by hand from the chapter, and "Roll it" replays from its seed."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import ExplosionReaction, SuppressionException
from webapp.formatting import percent
from webapp.pages.cepheus.attack import CepheusAttack, CepheusAttackView
from webapp.pages.cepheus.explosions import CepheusExplosions, CepheusExplosionsView
from webapp.pages.cepheus.suppression import (
    EXCEPTION_NAMES,
    CepheusSuppression,
    CepheusSuppressionView,
)


def shown(view: object) -> dict[str, str]:
    figures = view.figures(view.model.result)  # type: ignore[attr-defined]
    return {f.testid: f.value for f in figures}


# --- Explosions ---------------------------------------------------------------------------------


def test_explosion_defaults_are_the_rules_distributions() -> None:
    m = CepheusExplosions()
    assert m.error == ""
    for reaction in ExplosionReaction:
        odds = m.result.odds[reaction]
        assert odds.damage == cepheus.explosion_damage_distribution(4, reaction=reaction)
        target = cepheus.Physical(7, 7, 7)
        for damage, p in odds.damage.items():
            state = cepheus.apply_damage(target, damage).state
            assert odds.state[state] >= p
        assert sum(odds.state.values()) == 1


def test_explosion_values_checked_by_hand() -> None:
    # Source: "Vehicle Damage": a vehicle explodes "doing 4D6 damage to everyone within six
    # meters"; "Explosions": dodge reduces it by 1D6, diving for cover by half.
    odds = CepheusExplosions(reaction="none").result.odds
    take, dodge, dive = (odds[r] for r in ExplosionReaction)
    assert take.damage.mean() == 14
    assert dive.damage.mean() == Fraction(29, 4)  # halves rounded up: 14 -> 7, 15 -> 8, ...
    every = list(itertools.product(range(1, 7), repeat=5))  # the 4D6, then the dodge's 1D6
    floored = Fraction(sum(max(0, sum(r[:4]) - r[4]) for r in every), len(every))
    assert dodge.damage.mean() == floored > 14 - Fraction(7, 2)  # 10.5, plus the floor at 0
    # Endurance 7 goes to 0 on 7+ damage; 4D6 <= 6 in 1 + 4 + 10 = 15 rolls of 1296.
    assert take.endurance_out == 1 - Fraction(15, 1296)
    # Unconscious once Strength 7 is gone too (14+), dead past 21 (the three scores).
    assert take.at_least(cepheus.WoundState.UNCONSCIOUS) == Fraction(721, 1296)
    assert take.at_least(cepheus.WoundState.DEAD) == Fraction(35, 1296)
    # Diving halves 24 at most to 12 < 14: nobody diving is knocked out by 4D6.
    assert dive.at_least(cepheus.WoundState.UNCONSCIOUS) == 0


def test_explosion_figures_are_the_chosen_reaction() -> None:
    view = CepheusExplosionsView(CepheusExplosions(dice=3, armor=2, endurance=6, reaction="dive"))
    dive = cepheus.explosion_damage_distribution(3, reaction="dive", armor=2)
    figures = shown(view)
    assert figures["mean-damage"] == f"{float(dive.mean()):.2f}"
    assert figures["no-damage"] == percent(dive[0])
    assert figures["endurance-out"] == percent(dive.probability(lambda d: d >= 6))
    table = view._compare.object
    assert "data-testid='compare'" in table and "Loses next significant action" in table
    # The chart draws the three reactions, each from the rules' distribution.
    for reaction, source in view._bars.sources.items():
        dist = cepheus.explosion_damage_distribution(3, reaction=reaction, armor=2)
        assert source.data["damage"] == list(dist)
        assert source.data["probability"] == [float(p) for p in dist.values()]


def test_explosion_then_chooses_where_damage_goes_after_endurance() -> None:
    m = CepheusExplosions(strength=4, dexterity=10, endurance=5, then="dexterity", dice=2)
    # 2D6 never exceeds 5 + 10: choosing Dexterity keeps the target conscious.
    assert m.result.odds[ExplosionReaction.NONE].at_least(cepheus.WoundState.UNCONSCIOUS) == 0
    m.then = "strength"
    # 9+ on 2D6 empties Strength 4 after Endurance 5: 10 / 36.
    unconscious = m.result.odds[ExplosionReaction.NONE].at_least(cepheus.WoundState.UNCONSCIOUS)
    assert unconscious == Fraction(10, 36)


def test_explosion_roll_is_the_rules_roll_with_the_seed() -> None:
    view = CepheusExplosionsView()
    m = view.model
    m.param.update(seed=11, armor=1, reaction="dodge")
    expected = cepheus.roll_explosion(4, reaction="dodge", armor=1, rng=random.Random(11))
    assert m.roll() == expected
    view._roll()
    assert m.seed == 12
    hurt = cepheus.apply_damage(cepheus.Physical(7, 7, 7), expected.damage)
    for line in expected.log:
        assert line in view._log.object
    assert f"Endurance {hurt.physical.endurance}" in view._log.object
    m.seed = 11  # the same seed replays the same roll
    assert m.roll() == expected
    m.armor = 2  # another explosion: the old log goes
    assert "roll-log" not in view._log.object


@pytest.mark.parametrize(
    ("changes", "named"),
    [({"dice": -1}, "dice"), ({"strength": -1}, "strength"), ({"armor": None}, "armor"),
     ({"seed": None}, "seed"), ({"dice": 301}, "dice")],
)  # fmt: skip
def test_explosion_bad_input_is_shown_beside_it(changes: dict[str, object], named: str) -> None:
    m = CepheusExplosions()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named
    assert m.error.startswith(m.label_of(named))
    assert m.result is good


# --- Suppression fire ---------------------------------------------------------------------------


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
    view._roll()
    assert "Not affected by suppression fire" in view._log.object


def test_a_target_suppressed_again_before_acting_is_not_affected() -> None:
    view = CepheusSuppressionView(CepheusSuppression(acted=False))
    assert not view.model.result.affected
    assert "has not acted since it was last suppressed" in view._status.object


def test_suppression_roll_is_the_rules_roll_with_the_seed() -> None:
    view = CepheusSuppressionView(CepheusSuppression(attacks=3, skill=3, seed=7))
    m = view.model
    expected = cepheus.roll_suppression(m.result.dm, attacks=3, rng=random.Random(7))
    assert m.roll() == expected
    view._roll()
    assert m.seed == 8
    for line in expected.log:
        assert line in view._log.object
    m.seed = 7
    assert m.roll() == expected


def test_suppression_at_a_band_the_weapon_cannot_reach() -> None:
    view = CepheusSuppressionView(CepheusSuppression(weapon="pistol", band="distant"))
    r = view.model.result
    assert r.odds.blocked and r.chance == 0
    assert "Cannot attack" in view._status.object
    view._roll()
    assert "Cannot attack" in view._log.object


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


# --- The attack page after the audit ------------------------------------------------------------


def test_attack_firing_into_combat_shows_both_chances_exactly() -> None:
    # Source: "Firing into Combat": -2, and a miss hits the nearest other combatant on 4+ on 1D6.
    # Pistol at 6 squares (Short: Average), skill 1, Dexterity 8 (+0): 2D6 + 1 - 2 vs 8+ needs 9+.
    view = CepheusAttackView(CepheusAttack(weapon="pistol", distance=6, firing_into_combat=True))
    odds = view.model.result.odds
    assert (odds.hit_chance, odds.stray_hit_chance) == (Fraction(10, 36), Fraction(26, 72))
    figures = {f.testid: f for f in view.figures(view.model.result)}
    assert figures["hit-chance"].label == "chance to hit the intended target"
    assert figures["hit-chance"].detail == str(odds.hit_chance)
    assert figures["stray-hit"].value == percent(odds.stray_hit_chance)
    assert figures["stray-hit"].detail == "13/36"
    assert figures["nobody-hit"].detail == str(1 - odds.hit_chance - odds.stray_hit_chance)
    # Not firing into combat: no such figure.
    plain = CepheusAttackView(CepheusAttack(weapon="pistol", distance=6))
    assert "stray-hit" not in shown(plain)


def test_attack_blind_firing_line_shows_the_intended_target_chance() -> None:
    # Source: "Blind Firing": a successful attack hits an eligible target in the firing line,
    # chosen at random, friend or foe.
    view = CepheusAttackView(CepheusAttack(blind=True, firing_line_targets=3))
    odds = view.model.result.odds
    assert odds.situation.firing_line_targets == 3
    assert odds.intended_hit_chance == odds.hit_chance / 3
    figures = {f.testid: f for f in view.figures(view.model.result)}
    assert figures["intended-hit"].detail == str(odds.intended_hit_chance)
    assert figures["hit-chance"].label == "chance to hit"
    m = view.model
    m.firing_line_targets = 0
    assert m.error_input == "firing_line_targets" and m.result.odds is odds
    assert m.error.startswith(m.label_of("firing_line_targets") + " must be an integer >= 1")
    rolled = cepheus.roll_attack(odds.situation, random.Random(3))
    m.param.update(firing_line_targets=3, seed=3)
    assert m.roll() == rolled
