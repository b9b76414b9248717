"""Pseudogravity and silencing (002, "Pseudogravity")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.lurasko import (
    SilencingPlace,
    can_affect,
    combined_silencing,
    effective_points,
    effective_weight,
    flying_weight_increase_percent,
    points_needed,
    silencing_applies,
)


@pytest.mark.parametrize(
    ("spd", "percent"),
    # Source: "30% more weight if they have 3 flying SPD, 40% more for 4 flying SPD"
    [(0, 0), (1, 10), (3, 30), (4, 40)],
)
def test_flying_percent(spd: int, percent: int) -> None:
    assert flying_weight_increase_percent(spd) == percent


@pytest.mark.parametrize(
    ("pounds", "spd", "inventory", "expected"),
    [
        (100, 3, 0, 130),
        (100, 4, 0, 140),
        # Source: "remember to consider their inventory as well when determining weight"
        (150, 0, 30, 180),
        (150, 3, 30, 234),
        (15, 3, 0, Fraction(39, 2)),
        (Fraction(25, 2), 0, 0, Fraction(25, 2)),
    ],
)
def test_effective_weight(
    pounds: int | Fraction, spd: int, inventory: int, expected: object
) -> None:
    result = effective_weight(pounds, spd, inventory=inventory)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize(
    ("levels", "expected"),
    [
        # Source: "two overlapping areas of 4 silencing would create a total effect of 5"
        ([4, 4], 5),
        ([4], 4),
        ([2, 4], 4 + Fraction(1, 2)),
        ([3, 2, 6], 6 + Fraction(5, 4)),
        ([], 1),
    ],
)
def test_combined_silencing(levels: list[int], expected: object) -> None:
    result = combined_silencing(levels)
    assert result == expected
    assert type(result) is type(expected)


def test_silencing_divides_points() -> None:
    # Source: "4 silencing would mean that 4 times the normal number of pseudogravity points
    # would be required to lift a certain object."
    assert effective_points(40, 4) == 10
    assert effective_points(10, 4) == Fraction(5, 2)
    assert points_needed(200, Fraction(1, 10), silencing=4) == 4 * points_needed(
        200, Fraction(1, 10)
    )
    assert not can_affect(79, 200, Fraction(1, 10), silencing=4)
    assert can_affect(80, 200, Fraction(1, 10), silencing=4)
    assert points_needed(200, Fraction(1, 10), flying_spd=3, inventory=20, silencing=5) == 143


def test_where_silencing_is_measured() -> None:
    # Source: "silencing is considered at the location the object begins in, not its
    # destination ... users are unaffected by silencing in their own location, unless that is
    # also the location of the effect ... Silencing has no effect on gravnet airships"
    assert silencing_applies(SilencingPlace.EFFECT)
    assert not silencing_applies(SilencingPlace.DESTINATION)
    assert not silencing_applies(SilencingPlace.USER)
    assert silencing_applies(SilencingPlace.USER, user_at_effect=True)
    assert not silencing_applies(SilencingPlace.DESTINATION, user_at_effect=True)
    assert not silencing_applies(SilencingPlace.EFFECT, gravnet_airship=True)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: effective_weight(-1, 0), r"pounds must be a number >= 0, got -1"),
        (lambda: effective_weight(10, -1), r"flying_spd must be an integer >= 0, got -1"),
        (lambda: effective_weight(10, 1.5), r"flying_spd must be an integer >= 0, got 1.5"),
        (lambda: combined_silencing([4, 0]), r"levels\[1\] must be a number >= 1, got 0"),
        (lambda: combined_silencing(4), r"levels must be a collection of at most 10000 numbers"),
        (lambda: combined_silencing("44"), r"levels must be .*\(not text\), got '44'"),
        (lambda: effective_points(10, 0), r"silencing must be a number >= 1, got 0"),
        (lambda: points_needed(100, 0), r"weight_fraction must be a number > 0, got 0"),
        (lambda: silencing_applies("moon"), r"place must be one of 'effect', .* got 'moon'"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.lists(st.integers(1, 50) | st.fractions(1, 50), max_size=6))
@example([4, 4])
def test_silencing_stacks_diminishingly(levels: list[int]) -> None:
    total = combined_silencing(levels)
    assert total >= max(levels, default=1)
    assert total <= max(levels, default=1) + sum(levels)
    # Adding another area never lowers the silencing.
    assert combined_silencing([*levels, 1]) >= total


@given(st.integers(0, 5000) | st.fractions(0, 5000), st.integers(0, 20))
def test_flying_never_lightens(pounds: int, spd: int) -> None:
    assert effective_weight(pounds, spd) >= effective_weight(pounds, 0) == pounds


def test_numpy_weights_are_exact() -> None:
    # effective_weight(np.int64(10**17), 3) returned a negative weight (issue 16).
    np = pytest.importorskip("numpy")
    weight = effective_weight(np.int64(10**15), np.int64(3))
    assert type(weight) is int and weight == 13 * 10**14
    with pytest.raises(ValueError, match=r"^pounds must be a number in 0\.\.9007199254740991"):
        effective_weight(np.int64(10**17), 3)
    assert combined_silencing(np.array([4, 4])) == 5
    assert type(combined_silencing(np.array([4, 4]))) is int
