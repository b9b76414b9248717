"""Checks: 2D6 + DMs vs 8+, Effect, exceptional results, difficulty and characteristic DMs."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import CheckOutcome, Difficulty
from rules.dice import enumerate_dice


def brute_success(dm: int, target: int, *, blind: bool = False) -> Fraction:
    """Oracle: count every ordered roll of the dice."""
    rolls = list(enumerate_dice(3 if blind else 2, 6))
    hits = sum(1 for roll in rolls if sum(sorted(roll)[:2]) + dm >= target)
    return Fraction(hits, len(rolls))


def brute_effect(dm: int, *, blind: bool = False) -> dict[int, Fraction]:
    rolls = list(enumerate_dice(3 if blind else 2, 6))
    counts = Counter(sum(sorted(roll)[:2]) + dm - 8 for roll in rolls)
    return {effect: Fraction(n, len(rolls)) for effect, n in counts.items()}


# Source: README.md "Difficulty DMs: Simple +6, Easy +4, Routine +2, Average +0, Difficult -2,
# Very Difficult -4, Formidable -6."
@pytest.mark.parametrize(
    ("difficulty", "dm"),
    [
        ("simple", 6),
        ("easy", 4),
        ("routine", 2),
        ("average", 0),
        ("difficult", -2),
        ("very_difficult", -4),
        ("formidable", -6),
    ],
)
def test_difficulty_dms(difficulty: str, dm: int) -> None:
    assert Difficulty(difficulty).dm == dm
    assert cepheus.DIFFICULTY_DMS[Difficulty(difficulty)] == dm


def test_difficulty_labels_and_chapter_examples() -> None:
    # Source: "Performing first aid on yourself is a Difficult (-2) task." / "Performing
    # surgery on yourself is a Very Difficult (-4) task."
    assert Difficulty.DIFFICULT.dm == -2
    assert Difficulty.VERY_DIFFICULT.dm == -4
    assert Difficulty.VERY_DIFFICULT.label == "Very Difficult"
    assert set(cepheus.DIFFICULTY_DMS) == set(Difficulty)


# Source: README.md "Characteristic DM = floor(score / 3) - 2 (0-2: -2, 3-5: -1, 6-8: 0, 9-11: +1,
# 12-14: +2, 15-17: +3, ...)."
@pytest.mark.parametrize(
    ("scores", "dm"),
    [
        (range(0, 3), -2),
        (range(3, 6), -1),
        (range(6, 9), 0),
        (range(9, 12), 1),
        (range(12, 15), 2),
        (range(15, 18), 3),
    ],
)
def test_characteristic_dm_table(scores: range, dm: int) -> None:
    for score in scores:
        assert cepheus.characteristic_dm(score) == dm


@pytest.mark.parametrize("bad", [-1, 1.0, "9", None, True])
def test_characteristic_dm_rejects(bad: object) -> None:
    with pytest.raises(ValueError, match=r"score must be an integer >= 0, got"):
        cepheus.characteristic_dm(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("dm", range(-12, 13))
@pytest.mark.parametrize("target", [2, 8, 12, 13])
def test_check_probability_matches_enumeration(dm: int, target: int) -> None:
    assert cepheus.check_probability(dm, target) == brute_success(dm, target)


@pytest.mark.parametrize("dm", range(-12, 13))
def test_blind_check_matches_enumeration(dm: int) -> None:
    # Source: "an extra die is thrown when firing, but before any calculations are made the
    # highest die (or one of the highest, in case of a tie) is removed completely."
    assert cepheus.check_probability(dm, blind=True) == brute_success(dm, 8, blind=True)


def test_check_probability_worked_values() -> None:
    # Source: README.md "A natural 2 or 12 is not automatic."
    assert cepheus.check_probability(0) == Fraction(15, 36)
    assert cepheus.check_probability(-5) == 0
    assert cepheus.check_probability(6) == 1
    assert cepheus.check_probability(-4) == Fraction(1, 36)
    assert cepheus.check_probability(0, target=7) == Fraction(21, 36)


@pytest.mark.parametrize("blind", [False, True])
@pytest.mark.parametrize("dm", [-7, -2, 0, 3, 9])
def test_effect_distribution_matches_enumeration(dm: int, blind: bool) -> None:
    assert cepheus.effect_distribution(dm, blind=blind) == brute_effect(dm, blind=blind)


def test_check_dice() -> None:
    assert cepheus.check_dice() == {k: Fraction(6 - abs(k - 7), 36) for k in range(2, 13)}
    blind = Counter(sum(sorted(roll)[:2]) for roll in enumerate_dice(3, 6))
    assert cepheus.check_dice(blind=True) == {k: Fraction(n, 216) for k, n in blind.items()}


# Source: README.md "Effect -6 or less: exceptional failure; 6 or more: exceptional success."
@pytest.mark.parametrize(
    ("effect", "outcome"),
    [
        (-9, CheckOutcome.EXCEPTIONAL_FAILURE),
        (-6, CheckOutcome.EXCEPTIONAL_FAILURE),
        (-5, CheckOutcome.FAILURE),
        (-1, CheckOutcome.FAILURE),
        (0, CheckOutcome.SUCCESS),
        (5, CheckOutcome.SUCCESS),
        (6, CheckOutcome.EXCEPTIONAL_SUCCESS),
        (10, CheckOutcome.EXCEPTIONAL_SUCCESS),
    ],
)
def test_check_outcome(effect: int, outcome: CheckOutcome) -> None:
    assert cepheus.check_outcome(effect) is outcome


def test_outcome_distribution_matches_enumeration() -> None:
    for dm in range(-8, 9):
        expected: dict[CheckOutcome, Fraction] = {}
        for effect, p in brute_effect(dm).items():
            outcome = cepheus.check_outcome(effect)
            expected[outcome] = expected.get(outcome, Fraction(0)) + p
        assert cepheus.outcome_distribution(dm) == expected


def test_roll_check_is_seeded_and_consistent() -> None:
    first = cepheus.roll_check(1, random.Random(42))
    second = cepheus.roll_check(1, random.Random(42))
    assert first == second
    assert first.total == sum(first.kept) + 1
    assert first.effect == first.total - 8
    assert first.success is (first.effect >= 0)
    blind = cepheus.roll_check(0, random.Random(7), blind=True)
    assert len(blind.thrown) == 3
    assert sorted(blind.thrown)[:2] == sorted(blind.kept)


def test_roll_check_frequencies_follow_the_distribution() -> None:
    rng = random.Random(2024)
    hits = sum(cepheus.roll_check(0, rng).success for _ in range(6000))
    assert abs(hits / 6000 - 15 / 36) < 0.03


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.check_probability(0.5), r"dm must be an integer, got 0.5"),
        (lambda: cepheus.check_probability(0, "8"), r"target must be an integer, got '8'"),
        (lambda: cepheus.check_probability(0, blind=1), r"blind must be True or False, got 1"),
        (lambda: cepheus.check_outcome(None), r"effect must be an integer, got None"),
        (lambda: cepheus.roll_check(0, 3), r"rng must be a random.Random, got 3"),
    ],
)
def test_bad_input_raises_value_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(-30, 30), st.integers(-30, 30), st.booleans())
@example(0, 8, False)
@example(-4, 8, False)
@example(6, 8, True)
def test_probability_is_in_unit_interval_and_monotone(dm: int, target: int, blind: bool) -> None:
    p = cepheus.check_probability(dm, target, blind=blind)
    assert 0 <= p <= 1
    assert cepheus.check_probability(dm + 1, target, blind=blind) >= p
    assert cepheus.check_probability(dm, target + 1, blind=blind) <= p
    assert sum(cepheus.effect_distribution(dm, target, blind=blind).values()) == 1


@given(st.integers(-30, 30))
def test_blind_never_helps(dm: int) -> None:
    assert cepheus.check_probability(dm, blind=True) <= cepheus.check_probability(dm)


@given(st.one_of(st.floats(), st.text(), st.none(), st.integers(-100, -1)))
@example(-1)
def test_characteristic_dm_bad_input_is_value_error(value: object) -> None:
    with pytest.raises(ValueError, match="score must be an integer >= 0"):
        cepheus.characteristic_dm(value)  # type: ignore[arg-type]
