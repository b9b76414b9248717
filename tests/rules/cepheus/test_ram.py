"""Ram (``rules.cepheus.ram``): the check and the collision, against enumeration."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from rules import cepheus
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    TWO_D6,
    Dice,
    as_distribution,
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
