"""Exact dice: the counts by polynomial power against enumeration, the bounds, Distribution."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import dice
from rules.dice import (
    MAX_DICE,
    MAX_SIDES,
    MAX_TOTALS,
    Distribution,
    d,
    dice_sum,
    dice_sum_counts,
    enumerate_dice,
)
from rules.validation import InvalidInput, InvalidType


@given(st.integers(0, 5), st.integers(1, 7))
def test_counts_match_enumeration(count: int, sides: int) -> None:
    rolls = Counter(sum(roll) for roll in enumerate_dice(count, sides))
    counts = dice_sum_counts(count, sides)
    assert {count + offset: ways for offset, ways in enumerate(counts)} == rolls


@given(st.integers(0, 10), st.integers(1, 8))
def test_sum_matches_repeated_convolution(count: int, sides: int) -> None:
    total = Distribution({0: 1})
    for _ in range(count):
        total = total + d(sides)
    assert dice_sum(count, sides) == total


def test_three_hundred_d6_is_exact() -> None:
    counts = dice_sum_counts(MAX_DICE, 6)
    assert len(counts) == 5 * MAX_DICE + 1
    assert sum(counts) == 6**MAX_DICE
    assert counts[0] == counts[-1] == 1
    assert counts == counts[::-1]
    middle = dice_sum(MAX_DICE, 6)
    assert middle.mean() == Fraction(7, 2) * MAX_DICE


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: d(0), r"^sides must be an integer in 1\.\.1000, got 0$"),
        (lambda: d(MAX_SIDES + 1), r"^sides must be an integer in 1\.\.1000, got 1001$"),
        (lambda: dice_sum(MAX_DICE + 1, 6), r"^count must be an integer in 0\.\.300, got 301$"),
        (
            lambda: dice_sum(21, 101),
            r"^count must be an integer in 0\.\.20 for 101-sided dice \(at most 2001 totals\)",
        ),
        (lambda: dice_sum(10**18, 6), r"^count must be an integer in 0\.\.300, got "),
        (lambda: enumerate_dice(10**18, 6), r"^count must be an integer in 0\.\.300, got "),
        (lambda: dice_sum(2, 6.0), r"^sides must be an integer in 1\.\.1000, got 6.0$"),
    ],
)
def test_dice_are_bounded(call: object, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        call()  # type: ignore[operator]


def test_every_count_the_bounds_accept_stays_within_the_totals() -> None:
    for sides in (2, 6, 7, 11, 100, 1000):
        most = min(MAX_DICE, (MAX_TOTALS - 1) // (sides - 1))
        assert len(dice_sum_counts(most, sides)) <= MAX_TOTALS
        with pytest.raises(InvalidInput):
            dice_sum_counts(most + 1, sides)


class TestDistribution:
    def test_the_constructor_checks_its_mapping(self) -> None:
        assert Distribution({"a": Fraction(1, 2), "b": 0.5}) == {"a": Fraction(1, 2), "b": 0.5}
        with pytest.raises(InvalidType, match=r"^probabilities must be a mapping of outcome"):
            Distribution([(1, 1)])  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^probabilities\[1\] must be a number in 0\.\.1"):
            Distribution({1: 2, 2: -1})
        with pytest.raises(InvalidInput, match=r"^probabilities must be probabilities that add"):
            Distribution({1: Fraction(1, 3)})
        with pytest.raises(InvalidInput, match=r"^probabilities\['a'\] must be a number in 0"):
            Distribution({"a": float("nan")})

    def test_numpy_outcomes_become_python_values(self) -> None:
        np = pytest.importorskip("numpy")
        made = Distribution.from_outcomes(np.array([2**62, 2**62, 1]))
        assert all(type(outcome) is int for outcome in made)
        assert made + made == {2**63: Fraction(4, 9), 2**62 + 1: Fraction(4, 9), 2: Fraction(1, 9)}
        counted = Distribution.from_counts({np.int64(3): np.int64(1), 3: 1})
        assert counted == {3: 1} and type(next(iter(counted))) is int

    def test_from_outcomes_and_from_counts(self) -> None:
        assert Distribution.from_outcomes(itertools.repeat(1, 3)) == {1: 1}
        with pytest.raises(InvalidInput, match=r"^outcomes must be a sequence of at most 10000"):
            Distribution.from_outcomes(itertools.count())
        with pytest.raises(InvalidInput, match=r"^outcomes must be a non-empty sequence"):
            Distribution.from_outcomes([])
        with pytest.raises(InvalidType, match=r"^outcomes\[0\] must be a hashable outcome"):
            Distribution.from_outcomes([[1]])
        with pytest.raises(InvalidType, match=r"^outcomes must be .*\(not text\)"):
            Distribution.from_outcomes("112")
        with pytest.raises(InvalidInput, match=r"^counts must be counts that add up to more"):
            Distribution.from_counts({1: 0})
        with pytest.raises(InvalidInput, match=r"^counts\[1\] must be an integer >= 0, got -1"):
            Distribution.from_counts({1: -1, 2: 2})

    def test_map_and_probability_take_a_function_of_one_outcome(self) -> None:
        die = d(6)
        with pytest.raises(InvalidType, match=r"^function must be a function of one outcome"):
            die.map(None)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match=r"^function must be .*returns a hashable") as info:
            die.map(lambda x: [x])
        assert isinstance(info.value.__cause__, TypeError)
        with pytest.raises(InvalidInput, match=r"^predicate must be a function of one outcome"):
            die.probability(lambda: True)  # type: ignore[arg-type,misc]
        # An InvalidInput from inside the function is the function's own: it goes through.
        with pytest.raises(InvalidInput, match=r"^sides must be"):
            die.map(lambda x: d(-x))


def test_bounds_are_exported() -> None:
    assert {"MAX_DICE", "MAX_SIDES", "MAX_TOTALS", "dice_sum_counts"} <= set(dice.__all__)
