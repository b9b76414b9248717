"""Evasive action (``rules.cepheus.evasive_action``): the driver's check and the attacks it
changes, against enumeration."""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import (
    DEFAULT_VARIANT,
    AttackSituation,
    Variant,
)
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    HOUSE,
    TWO_D6,
    as_distribution,
    check_effect,
)


def test_evasive_action_dm() -> None:
    # Source ("Evasive Action"): "the Effect acts as a -DM to all attacks against the vehicle".
    # Interpretation (SOURCES.md): a failed check gives no DM.
    assert [cepheus.evasive_action_dm(e) for e in (-6, -1, 0, 1, 5)] == [0, 0, 0, -1, -5]


@pytest.mark.parametrize("dm", [-8, -2, 0, 1, 4, 9])
def test_evasive_action_odds_match_enumeration(dm: int) -> None:
    counts = Counter(max(0, total + dm - 8) for total in TWO_D6.elements())
    assert cepheus.evasive_action_odds(dm) == as_distribution(counts, 36)


@pytest.mark.parametrize("dm", [-8, -5, -2, 0, 1, 4, 7, 9])
def test_evasive_action_odds_natural_two_twelve_match_enumeration(dm: int) -> None:
    counts = Counter(max(0, check_effect(total, dm, True)) for total in TWO_D6.elements())
    assert cepheus.evasive_action_odds(dm, variant=HOUSE) == as_distribution(counts, 36)


def test_evasive_action_odds_natural_two_twelve_by_hand() -> None:
    # DM +7: a natural 2 has Effect 1 (penalty 1); under the house rule it fails (no penalty).
    # A natural 12 never changes the penalty: a failure and Effect 0 both give none.
    plain = cepheus.evasive_action_odds(7)
    house = cepheus.evasive_action_odds(7, variant=HOUSE)
    assert plain[1] == Fraction(1, 36) and 0 not in plain
    assert house[0] == Fraction(1, 36) and 1 not in house
    assert cepheus.evasive_action_odds(-5, variant=HOUSE) == {0: 1}


SIX_MINIMUM_OFF = Variant(natural_two_twelve=True, effect_six_minimum_damage=False)


@pytest.mark.parametrize(
    "variant", [DEFAULT_VARIANT, HOUSE, SIX_MINIMUM_OFF], ids=["default", "house", "no-min"]
)
@pytest.mark.parametrize("from_vehicle", [False, True])
@pytest.mark.parametrize("driver_dm", [-3, 0, 2, 7])
def test_evasive_attack_matches_enumeration(
    driver_dm: int, from_vehicle: bool, variant: Variant
) -> None:
    # A rifle at Medium range (Average, +0), skill 1, at a vehicle (+1), 1D6 damage, armor 2.
    shot = AttackSituation(
        weapon="rifle", damage_dice=1, band="medium", skill=1, target_vehicle=True, armor=2
    )
    hits = 0
    damage: Counter[int] = Counter()
    # With the house rule a natural 2 or 12 decides both checks; at driver DM +7 a natural 12 on
    # the attack (12 + 2 - penalty - 8 < 0 for penalties of 7 or more) hits anyway.
    natural = variant.natural_two_twelve
    minimum = variant.effect_six_minimum_damage
    for evade in enumerate_dice(2, 6):
        penalty = max(0, check_effect(sum(evade), driver_dm, natural))
        for attack in enumerate_dice(2, 6):
            effect = check_effect(sum(attack), 2 - penalty, natural)
            for die in range(1, 7):
                if effect < 0:
                    damage[0] += 1
                    continue
                hits += 1
                dealt = max(0, die + effect - 2)
                damage[max(1, dealt) if effect >= 6 and minimum else dealt] += 1
    odds = cepheus.evasive_attack_odds(shot, driver_dm, from_vehicle=from_vehicle, variant=variant)
    assert odds.hit_chance == Fraction(hits, 36 * 36 * 6)
    assert odds.damage == as_distribution(damage, 36 * 36 * 6)
    assert odds.evasion == cepheus.evasive_action_odds(driver_dm, variant=variant)
    assert odds.base == cepheus.attack_odds(shot, variant=variant)
    # The attack model, given each evasive Effect as its input, agrees with the mixture.
    assert odds.effect is not None
    field = "own_evasive_effect" if from_vehicle else "target_evasive_effect"
    mixed: dict[int, Fraction] = {}
    for penalty, p in odds.evasion.items():
        at = cepheus.attack_odds(dataclasses.replace(shot, **{field: penalty}), variant=variant)
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
