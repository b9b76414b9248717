"""The Cepheus explosions page (webapp/pages/cepheus/explosions.py), headless: every number is
what rules.cepheus computes."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import ExplosionReaction
from webapp.formatting import percent
from webapp.pages.cepheus.explosions import CepheusExplosions, CepheusExplosionsView


def shown(view: object) -> dict[str, str]:
    figures = view.figures(view.model.result)  # type: ignore[attr-defined]
    return {f.testid: f.value for f in figures}


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
    view.roll_it.roll()
    assert m.seed == 12
    hurt = cepheus.apply_damage(cepheus.Physical(7, 7, 7), expected.damage)
    assert m.hurt_by(expected) == hurt
    for line in expected.log:
        assert line in view.roll_it.log.object
    assert f"Endurance {hurt.physical.endurance}" in view.roll_it.log.object
    m.seed = 11  # the same seed replays the same roll
    assert m.roll() == expected
    m.armor = 2  # another explosion: the old log goes
    assert "roll-log" not in view.roll_it.log.object


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
