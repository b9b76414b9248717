"""Range bands: squares and metres to range band; the distance helpers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import RangeBand

BANDS = list(RangeBand)


def test_band_values_are_the_public_api() -> None:
    assert [band.value for band in RangeBand] == [
        "personal",
        "close",
        "short",
        "medium",
        "long",
        "very_long",
        "distant",
    ]
    assert [band.position for band in RangeBand] == list(range(7))
    assert RangeBand.VERY_LONG.label == "Very Long"


# Source: table "Personal Combat Range Bands", "Squares to Target" column:
# "Personal ... 0 (combatants are in the same square)", "Close ... 1 to 2 squares",
# "Short ... 3 to 8 squares", "Medium ... 9 to 34 squares", "Long ... 35 to 166 squares",
# "Very Long ... 167 to 334 squares", "Distant ... 334 squares+" (read as 335+).
@pytest.mark.parametrize(
    ("first", "last", "band"),
    [
        (0, 0, RangeBand.PERSONAL),
        (1, 2, RangeBand.CLOSE),
        (3, 8, RangeBand.SHORT),
        (9, 34, RangeBand.MEDIUM),
        (35, 166, RangeBand.LONG),
        (167, 334, RangeBand.VERY_LONG),
        (335, 5000, RangeBand.DISTANT),
    ],
)
def test_range_band_squares_table(first: int, last: int, band: RangeBand) -> None:
    for squares in range(first, last + 1):
        assert cepheus.range_band(squares) is band
    assert cepheus.band_squares(band) == (first, None if band is RangeBand.DISTANT else last)


def test_distant_334_overlap_is_read_as_very_long() -> None:
    # Source: "Very Long 251 meters to 500 meters 167 to 334 squares" /
    # "Distant 501 meters+ 334 squares+": 334 is Very Long, Distant starts at 335.
    assert cepheus.range_band(334) is RangeBand.VERY_LONG
    assert cepheus.range_band(335) is RangeBand.DISTANT
    assert cepheus.RANGE_BANDS[-1].squares_text == "334 squares+"


# Source: "Distance to Target" column: "Less than 1.5 meters", "1.5 to 3 meters",
# "3 to 12 meters", "12 to 50 meters", "51 meters to 250 meters", "251 meters to 500 meters",
# "501 meters+".
@pytest.mark.parametrize(
    ("metres", "band"),
    [
        (0, RangeBand.PERSONAL),
        (Fraction(149, 100), RangeBand.PERSONAL),
        (1.5, RangeBand.CLOSE),
        (3, RangeBand.CLOSE),
        (Fraction(301, 100), RangeBand.SHORT),
        (12, RangeBand.SHORT),
        (12.25, RangeBand.MEDIUM),
        (50, RangeBand.MEDIUM),
        (50.5, RangeBand.LONG),
        (51, RangeBand.LONG),
        (250, RangeBand.LONG),
        (250.5, RangeBand.VERY_LONG),
        (251, RangeBand.VERY_LONG),
        (500, RangeBand.VERY_LONG),
        (500.5, RangeBand.DISTANT),
        (501, RangeBand.DISTANT),
        (10**9, RangeBand.DISTANT),
    ],
)
def test_range_band_metres_table(metres: object, band: RangeBand) -> None:
    assert cepheus.range_band_metres(metres) is band  # type: ignore[arg-type]


def test_squares_and_metres_disagree_only_at_34_and_334() -> None:
    # The squares column rounds 50 / 1.5 and 500 / 1.5 up (see SOURCES.md).
    mismatches = [
        squares
        for squares in range(0, 2000)
        if cepheus.range_band(squares)
        is not cepheus.range_band_metres(cepheus.squares_to_metres(squares))
    ]
    assert mismatches == [34, 334]
    assert cepheus.range_band(34) is RangeBand.MEDIUM
    assert cepheus.range_band_metres(51) is RangeBand.LONG


def test_band_metres_round_trip() -> None:
    assert cepheus.band_metres("personal") == (0, Fraction(3, 2))
    assert cepheus.band_metres("close") == (Fraction(3, 2), 3)
    assert cepheus.band_metres("distant") == (500, None)
    for band in RangeBand:
        low, high = cepheus.band_metres(band)
        if band is not RangeBand.PERSONAL:
            assert cepheus.range_band_metres(low + Fraction(1, 1000)) is band
        if high is not None and band is not RangeBand.PERSONAL:
            assert cepheus.range_band_metres(high) is band
            assert cepheus.range_band_metres(high + Fraction(1, 1000)) is BANDS[band.position + 1]


def test_square_metres_and_movement_example() -> None:
    # Source: "each square should measure 1.5 meters to the side. This means that the average
    # character moves four squares on his turn." ("The character moves up to six meters.")
    assert Fraction(3, 2) == cepheus.SQUARE_METRES
    assert cepheus.metres_to_squares(cepheus.MOVEMENT_METRES) == 4
    assert cepheus.squares_to_metres(4) == 6
    # Source: "allowing him to move only three meters per movement action"
    assert cepheus.metres_to_squares(3) == 2


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.range_band(-1), r"squares must be an integer >= 0, got -1"),
        (lambda: cepheus.range_band(2.0), r"squares must be an integer >= 0, got 2.0"),
        (lambda: cepheus.range_band("3"), r"squares must be an integer >= 0, got '3'"),
        (lambda: cepheus.range_band_metres(-0.5), r"metres must be a number >= 0, got -0.5"),
        (
            lambda: cepheus.range_band_metres(float("nan")),
            r"metres must be a number >= 0, got nan",
        ),
        (lambda: cepheus.band_squares("far"), r"band must be one of 'personal', .*got 'far'"),
        (lambda: cepheus.metres_to_squares(None), r"metres must be a number >= 0, got None"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(0, 10**6))
@example(0)
@example(334)
@example(335)
def test_more_squares_never_nearer(squares: int) -> None:
    assert cepheus.range_band(squares + 1).position >= cepheus.range_band(squares).position


@given(st.fractions(min_value=0, max_value=10**6))
@example(Fraction(3, 2))
@example(Fraction(50))
def test_more_metres_never_nearer(metres: Fraction) -> None:
    here = cepheus.range_band_metres(metres)
    assert cepheus.range_band_metres(metres + Fraction(1, 7)).position >= here.position
    low, high = cepheus.band_metres(here)
    assert low <= metres
    assert high is None or metres <= high


@given(st.one_of(st.integers(max_value=-1), st.floats(), st.text(), st.none(), st.booleans()))
def test_range_band_bad_input_is_value_error(value: object) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return
    with pytest.raises(ValueError, match="squares must be an integer >= 0"):
        cepheus.range_band(value)  # type: ignore[arg-type]
