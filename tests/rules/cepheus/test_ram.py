"""Ram (``rules.cepheus.ram``): the check and the collision, against enumeration."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import DEFAULT_VARIANT, Variant
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    HOUSE,
    REPLACE,
    TWO_D6,
    Dice,
    as_distribution,
    check_effect,
)


@pytest.mark.parametrize(
    ("driver_dm", "dodge", "obstruction", "evasive", "referee", "total"),
    [
        (2, False, False, 0, 0, 2),
        (2, True, False, 0, 0, 1),  # Source ("Dodging"): -1,
        (2, True, True, 0, 0, 0),  # -2 with an obstruction to dodge behind.
        (2, False, True, 0, 0, 2),  # an obstruction without a dodge changes nothing
        (1, False, False, 3, 0, -2),  # Source ("Ram"): "affected by ... evasive action".
        (0, True, False, 2, 2, -1),  # Source: "The Referee may grant bonuses".
    ],
)
def test_ram_check(
    driver_dm: int, dodge: bool, obstruction: bool, evasive: int, referee: int, total: int
) -> None:
    odds = cepheus.ram_odds(
        20,
        driver_dm=driver_dm,
        dodge=dodge,
        dodge_obstruction=obstruction,
        target_evasive_effect=evasive,
        referee_dm=referee,
        struck_armor=3,
        rammer_armor=5,
    )
    assert odds.total_dm == total == sum(row.dm for row in odds.modifiers)
    success = Counter(t + total >= 8 for t in TWO_D6.elements())[True]
    assert odds.success_chance == Fraction(success, 36)
    # Oracle: the check's 2D6, then the collision's 2D6 only when it succeeds.
    struck: Counter[int] = Counter()
    rammer: Counter[int] = Counter()
    for check in enumerate_dice(2, 6):
        for crash in enumerate_dice(2, 6):
            hit = sum(check) + total >= 8
            struck[max(0, sum(crash) - 3) if hit else 0] += 1
            rammer[max(0, sum(crash) - 5) if hit else 0] += 1
    assert odds.struck == as_distribution(struck, 36 * 36)
    assert odds.rammer == as_distribution(rammer, 36 * 36)


def test_ram_automatic() -> None:
    # Source ("Ram"): "or declare it automatically successful if the target is particularly
    # large".
    odds = cepheus.ram_odds(30, driver_dm=-20, automatic=True, solid=False)
    assert odds.success_chance == 1 and odds.struck == odds.collision.struck
    assert odds.rammer is None
    rolled = cepheus.roll_ram(30, driver_dm=-20, automatic=True, rng=random.Random(1))
    assert rolled.check is None and rolled.success and rolled.collision is not None


def test_roll_ram_matches_every_check() -> None:
    for first, second in itertools.product(range(1, 7), repeat=2):
        dice = Dice([first, second, 4, 3, 3, 2, 2])
        rolled = cepheus.roll_ram(10, driver_dm=1, dodge=True, solid=False, rng=dice)
        assert rolled.check is not None and rolled.check.kept == (first, second)
        assert rolled.success is (first + second + 0 >= 8)
        if rolled.success:
            assert rolled.collision is not None and rolled.collision.damage == 4
            assert rolled.log[-len(rolled.collision.log) :] == rolled.collision.log
        else:
            assert rolled.collision is None and rolled.log[-1] == "The ram misses: no collision"


@pytest.mark.parametrize("dm", range(-8, 9))
def test_ram_check_natural_two_twelve_over_the_36_rolls(dm: int) -> None:
    # Variant.natural_two_twelve on the ram check: the oracle is the house rule's statement.
    plain = sum(1 for total in TWO_D6.elements() if total + dm >= 8)
    house = sum(1 for total in TWO_D6.elements() if check_effect(total, dm, True) >= 0)
    assert cepheus.ram_odds(20, driver_dm=dm).success_chance == Fraction(plain, 36)
    assert cepheus.ram_odds(20, driver_dm=dm, variant=HOUSE).success_chance == Fraction(house, 36)


def test_ram_variants_by_hand() -> None:
    # DM -5 needs 13: never as printed, a natural 12 (1 in 36) with the house rule; DM +6 always
    # as printed, all but a natural 2 with it.
    assert cepheus.ram_odds(20, driver_dm=-5).success_chance == 0
    assert cepheus.ram_odds(20, driver_dm=-5, variant=HOUSE).success_chance == Fraction(1, 36)
    assert cepheus.ram_odds(20, driver_dm=6).success_chance == 1
    assert cepheus.ram_odds(20, driver_dm=6, variant=HOUSE).success_chance == Fraction(35, 36)
    # A dodge behind an obstruction: -2 by the "Dodging" prose, -1 by the table's reading.
    table = Variant(dodge_in_cover_dm=-1)
    odds = cepheus.ram_odds(20, driver_dm=2, dodge=True, dodge_obstruction=True, variant=table)
    assert [row.dm for row in odds.modifiers] == [2, -1] and odds.total_dm == 1
    assert cepheus.ram_odds(20, driver_dm=2, dodge=True, dodge_obstruction=True).total_dm == 0
    # A certain ram at 70 kph (7D6) past 33 points: 39-41 (119 of 6**7 rolls) are two Triple
    # Hits and one Double Hit when it replaces the two Singles.
    odds = cepheus.ram_odds(70, driver_dm=20, variant=REPLACE)
    assert odds.success_chance == 1
    assert odds.collision.struck_hits[(0, 1, 2)] == Fraction(119, 6**7)
    assert cepheus.ram_odds(70, driver_dm=20).collision.struck_hits[(2, 1, 2)] == Fraction(
        119, 6**7
    )


def test_roll_ram_natural_two_twelve() -> None:
    # A natural 12 at DM -5 rams with the house rule and misses without; a natural 2 at DM +6
    # misses with it.
    for variant, success in ((DEFAULT_VARIANT, False), (HOUSE, True)):
        # The check, then the collision's 1D6 and the 2D6 of its single hit.
        rolled = cepheus.roll_ram(
            10, driver_dm=-5, solid=False, rng=Dice([6, 6, 3, 3, 4]), variant=variant
        )
        assert rolled.success is success
        note = " (a natural 12 always succeeds)" if success else ""
        verdict = "success" if success else "failure"
        assert f"= 7 vs 8+: {verdict}{note}, Effect {0 if success else -1}" in rolled.log[2]
    rolled = cepheus.roll_ram(10, driver_dm=6, rng=Dice([1, 1]), variant=HOUSE)
    assert not rolled.success and rolled.check is not None and rolled.check.effect == -1
    assert "failure (a natural 2 always fails), Effect -1" in rolled.log[2]
