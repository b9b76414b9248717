"""Ground force weaponry against starship-scale targets (``rules.cepheus.starship_scale``)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    Dice,
    as_distribution,
    at_least,
)


# Source ("Ground Force Weaponry against Starship-scale Targets"): "must divide its damage by 50
# before comparing it to a starship-scale target's armor". Interpretation: rounded down.
@pytest.mark.parametrize(
    ("damage", "armor", "result"),
    [(0, 0, 0), (49, 0, 0), (50, 0, 1), (99, 0, 1), (100, 0, 2), (260, 2, 3), (149, 5, 0)],
)
def test_starship_scale_damage(damage: int, armor: int, result: int) -> None:
    assert cepheus.starship_scale_damage(damage, armor=armor) == result
    assert cepheus.STARSHIP_SCALE_DM == 4 and cepheus.STARSHIP_DAMAGE_DIVISOR == 50


def brute_starship(
    dice: int, others: list[int], bonus: int, effect: int, armor: int, up: bool
) -> dict[object, Fraction]:
    halves = [(n + 1) // 2 if up else n // 2 for n in others]
    total_dice = dice + sum(halves)
    counts: Counter[object] = Counter()
    for roll in enumerate_dice(total_dice, 6):
        total = max(0, sum(roll) + bonus + effect)
        counts[max(0, total // 50 - armor)] += 1
    return as_distribution(counts, 6**total_dice)


@pytest.mark.parametrize("half_dice", ["up", "down"])
@pytest.mark.parametrize(
    ("dice", "others", "bonus", "effect", "armor"),
    [
        (2, [], 40, 0, 0),
        (2, [3], 35, 4, 0),
        (1, [1, 3, 2], 44, 1, 0),
        (3, [5], 90, 2, 1),
        (0, [2, 2], -5, 0, 0),
    ],
)
def test_starship_scale_matches_enumeration(
    dice: int, others: list[int], bonus: int, effect: int, armor: int, half_dice: str
) -> None:
    got = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=others, bonus=bonus, effect=effect, armor=armor, half_dice=half_dice
    )
    assert got == brute_starship(dice, others, bonus, effect, armor, half_dice == "up")


def test_starship_scale_dice_bound() -> None:
    cepheus.starship_scale_damage_distribution(100, additional_dice=[400])  # 100 + 200 dice
    with pytest.raises(ValueError, match=r"^additional_dice must be weapons whose half dice"):
        cepheus.starship_scale_damage_distribution(100, additional_dice=[401])
    with pytest.raises(ValueError, match=r"^additional_dice must be a sequence"):
        cepheus.starship_scale_damage_distribution(1, additional_dice="12")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 30),
    st.lists(st.integers(0, 30), max_size=5),
    st.integers(0, 6),
    st.integers(0, 4),
    st.sampled_from(["up", "down"]),
)
def test_starship_scale_armor_and_more_weapons(
    dice: int, others: list[int], armor: int, extra: int, half_dice: str
) -> None:
    base = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=others, armor=armor, half_dice=half_dice
    )
    armored = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=others, armor=armor + extra, half_dice=half_dice
    )
    more = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=[*others, 6], armor=armor, half_dice=half_dice
    )
    assert sum(base.values()) == sum(armored.values()) == sum(more.values()) == 1
    for level in range(0, 10):
        chance = at_least(base, level)
        assert at_least(armored, level) <= chance
        assert at_least(more, level) >= chance


def test_roll_starship_scale() -> None:
    faces = [6] * 8 + [5] * 2
    rolled = cepheus.roll_starship_scale(
        4, additional_dice=[7, 2], bonus=3, effect=2, armor=0, half_dice="up", rng=Dice(faces)
    )
    # 4D6 + half of 7D6 (4D6, rounded up) + half of 2D6 (1D6) = 9D6: 8 sixes and a five.
    assert rolled.dice == 9 and rolled.rolls == (6,) * 8 + (5,)
    assert rolled.total == 48 + 5 + 3 + 2 and rolled.divided == 1 and rolled.damage == 1
    down = cepheus.roll_starship_scale(
        4, additional_dice=[7, 2], half_dice="down", armor=1, rng=random.Random(5)
    )
    assert down.dice == 4 + 3 + 1
    assert down.damage == max(0, sum(down.rolls) // 50 - 1)
