"""Evasive action (``rules.cepheus.evasive_action``): the driver's check and the attacks it
changes, against enumeration."""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import (
    AttackSituation,
)
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    TWO_D6,
    as_distribution,
)


def test_evasive_action_dm() -> None:
    # Source ("Evasive Action"): "the Effect acts as a -DM to all attacks against the vehicle".
    # Interpretation (SOURCES.md): a failed check gives no DM.
    assert [cepheus.evasive_action_dm(e) for e in (-6, -1, 0, 1, 5)] == [0, 0, 0, -1, -5]


@pytest.mark.parametrize("dm", [-8, -2, 0, 1, 4, 9])
def test_evasive_action_odds_match_enumeration(dm: int) -> None:
    counts = Counter(max(0, total + dm - 8) for total in TWO_D6.elements())
    assert cepheus.evasive_action_odds(dm) == as_distribution(counts, 36)


@pytest.mark.parametrize("from_vehicle", [False, True])
@pytest.mark.parametrize("driver_dm", [-3, 0, 2])
def test_evasive_attack_matches_enumeration(driver_dm: int, from_vehicle: bool) -> None:
    # A rifle at Medium range (Average, +0), skill 1, at a vehicle (+1), 1D6 damage, armor 2.
    shot = AttackSituation(
        weapon="rifle", damage_dice=1, band="medium", skill=1, target_vehicle=True, armor=2
    )
    hits = 0
    damage: Counter[int] = Counter()
    for evade in enumerate_dice(2, 6):
        penalty = max(0, sum(evade) + driver_dm - 8)
        for attack in enumerate_dice(2, 6):
            effect = sum(attack) + 2 - penalty - 8
            for die in range(1, 7):
                if effect < 0:
                    damage[0] += 1
                    continue
                hits += 1
                dealt = max(0, die + effect - 2)
                damage[max(1, dealt) if effect >= 6 else dealt] += 1
    odds = cepheus.evasive_attack_odds(shot, driver_dm, from_vehicle=from_vehicle)
    assert odds.hit_chance == Fraction(hits, 36 * 36 * 6)
    assert odds.damage == as_distribution(damage, 36 * 36 * 6)
    assert odds.evasion == cepheus.evasive_action_odds(driver_dm)
    assert odds.base == cepheus.attack_odds(shot)
    # The attack model, given each evasive Effect as its input, agrees with the mixture.
    assert odds.effect is not None
    field = "own_evasive_effect" if from_vehicle else "target_evasive_effect"
    mixed: dict[int, Fraction] = {}
    for penalty, p in odds.evasion.items():
        at = cepheus.attack_odds(dataclasses.replace(shot, **{field: penalty}))
        assert at.effect is not None
        for value, q in at.effect.items():
            mixed[value] = mixed.get(value, Fraction(0)) + p * q
    assert odds.effect == mixed


def test_evasive_attack_blocked_and_suppression() -> None:
    blocked = AttackSituation(weapon="pistol", damage_dice=3, band="distant", skill=1)
    odds = cepheus.evasive_attack_odds(blocked, 4)
    assert odds.base.blocked and odds.effect is None
    assert odds.hit_chance == 0 and odds.damage == {0: 1}
    suppressing = AttackSituation(
        weapon="rifle", damage_dice=3, band="short", skill=2, fire_mode="suppression", burst="4"
    )
    odds = cepheus.evasive_attack_odds(suppressing, 0)
    assert odds.damage == {0: 1} and 0 < odds.hit_chance < odds.base.hit_chance


def test_evasive_attack_refuses_an_effect_already_set() -> None:
    shot = AttackSituation(weapon="rifle", damage_dice=1, band="short", target_evasive_effect=2)
    with pytest.raises(ValueError, match=r"^situation must be an AttackSituation with target_"):
        cepheus.evasive_attack_odds(shot, 0)
    assert cepheus.evasive_attack_odds(shot, 0, from_vehicle=True).hit_chance > 0
