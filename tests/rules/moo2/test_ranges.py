"""Range units, range penalty and dissipation: ``rules/moo2/ranges.py``."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import moo2

MOUNTS = tuple(moo2.Mount)

# Source: 000_3948ba1900819cb7.txt, "Range Penalty to Accuracy", the squares table:
# range unit, Regular (sq), PD (sq), Hv (sq), Penalty. The PD bands sit in the doubled columns.
RANGE_TABLE = [
    (0, (0, 0), (0, 0), (0, 3), 0),
    (1, (1, 3), None, (4, 9), 0),
    (2, (4, 6), (1, 3), (10, 15), 10),
    (3, (7, 9), None, (16, 21), 20),
    (4, (10, 12), (4, 6), (22, 27), 30),
    (5, (13, 15), None, (28, 33), 40),
    (6, (16, 18), (7, 9), (34, 39), 55),
    (7, (19, 21), None, (40, 45), 70),
    (8, (22, 24), (10, 12), (46, 51), 85),
]

# Source: 000_3948ba1900819cb7.txt, "Reduced by Range", the "Range (sq)" and "Penalty" rows.
DISSIPATION_ROW = [
    ((0, 0), 0),
    ((1, 3), 0),
    ((4, 6), 10),
    ((7, 9), 20),
    ((10, 12), 30),
    ((13, 15), 40),
    ((16, 18), 50),
    ((19, 21), 60),
    ((22, 24), 65),
]


def _cases() -> list[tuple[moo2.Mount, int, int, int]]:
    cases = []
    for units, regular, pd, heavy, penalty in RANGE_TABLE:
        for mount, band in (
            (moo2.Mount.NORMAL, regular),
            (moo2.Mount.POINT_DEFENSE, pd),
            (moo2.Mount.HEAVY, heavy),
        ):
            if band is not None:
                cases.extend(
                    (mount, squares, units, penalty) for squares in range(band[0], band[1] + 1)
                )
    return cases


@pytest.mark.parametrize(("mount", "squares", "units", "penalty"), _cases())
def test_range_table_golden(mount: moo2.Mount, squares: int, units: int, penalty: int) -> None:
    # Source: "Range Penalty to Accuracy" table, every square of every mount.
    assert moo2.range_units(squares, mount) == units
    assert moo2.range_penalty(squares, mount) == penalty
    assert moo2.range_penalty(squares, mount, double_penalty=True) == 2 * penalty


@pytest.mark.parametrize("mount", MOUNTS)
def test_range_units_follow_the_prose(mount: moo2.Mount) -> None:
    # Source: "One range unit equals 3 squares"; PD "as if range is doubled"; Hv "halved (and
    # rounded down)".
    for squares in range(moo2.max_squares(mount) + 1):
        units = math.ceil(squares / moo2.SQUARES_PER_RANGE_UNIT)
        expected = {
            moo2.Mount.NORMAL: units,
            moo2.Mount.POINT_DEFENSE: 2 * units,
            moo2.Mount.HEAVY: units // 2,
        }[mount]
        assert moo2.range_units(squares, mount) == expected


def test_every_mount_covers_its_squares_once() -> None:
    # The table's bands are contiguous from 0 and each ends on one of the nine columns.
    for mount in MOUNTS:
        covered = []
        for band in moo2.RANGE_BANDS:
            squares = band.squares(mount)
            if squares is not None:
                covered.extend(range(squares[0], squares[1] + 1))
        assert covered == list(range(moo2.max_squares(mount) + 1))
    assert [band.range_units for band in moo2.RANGE_BANDS] == list(range(9))
    assert [band.penalty for band in moo2.RANGE_BANDS] == [row[-1] for row in RANGE_TABLE]


def test_max_squares() -> None:
    # Source: the last column of the squares table: PD 10-12, Regular 22-24, Hv 46-51.
    assert moo2.max_squares() == 24
    assert moo2.max_squares("point_defense") == 12
    assert moo2.max_squares(moo2.Mount.HEAVY) == 51


@pytest.mark.parametrize(("band", "penalty"), DISSIPATION_ROW)
def test_dissipation_row_golden(band: tuple[int, int], penalty: int) -> None:
    # Source: "Reduced by Range", Penalty row (printed negative: -10 .. -65).
    for squares in range(band[0], band[1] + 1):
        assert moo2.dissipation_penalty(squares) == penalty
        assert moo2.dissipation_penalty(squares, double_dissipation=True) == 2 * penalty


def test_dissipation_uses_the_mount_conversion() -> None:
    # Source: "Hv, PD, HEF & Ordnance": the dissipation 30 of the examples; PD's 12 squares are
    # dissipated by 65 ("puny 1 dmg at max range"); Hv's 51 squares too.
    assert moo2.dissipation_penalty(5, "point_defense") == 30
    assert moo2.dissipation_penalty(12, "point_defense") == 65
    assert moo2.dissipation_penalty(24, "heavy") == 30
    assert moo2.dissipation_penalty(51, "heavy") == 65


def test_doubled_penalty_stays_on_the_table() -> None:
    # The 2x mod doubles the penalty value, not the range: the worst case is 2 * 85.
    worst = max(
        moo2.range_penalty(squares, mount, double_penalty=True)
        for mount in MOUNTS
        for squares in range(moo2.max_squares(mount) + 1)
    )
    assert worst == 170


@settings(max_examples=100, deadline=None)
@given(
    mount=st.sampled_from(MOUNTS),
    near=st.integers(0, 51),
    far=st.integers(0, 51),
    doubled=st.booleans(),
)
@example(mount=moo2.Mount.HEAVY, near=3, far=4, doubled=False)
def test_more_range_never_lowers_a_penalty(
    mount: moo2.Mount, near: int, far: int, doubled: bool
) -> None:
    last = moo2.max_squares(mount)
    near, far = sorted((min(near, last), min(far, last)))
    assert moo2.range_penalty(near, mount, double_penalty=doubled) <= moo2.range_penalty(
        far, mount, double_penalty=doubled
    )
    assert moo2.dissipation_penalty(near, mount) <= moo2.dissipation_penalty(far, mount)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: moo2.range_penalty(25),
            r"^squares must be an integer in 0\.\.24 for a normal mount, got 25$",
        ),
        (
            lambda: moo2.range_penalty(13, "point_defense"),
            r"0\.\.12 for a point_defense mount, got 13",
        ),
        (lambda: moo2.range_units(52, "heavy"), r"0\.\.51 for a heavy mount, got 52"),
        (lambda: moo2.range_units(-1), r"squares must be an integer in 0\.\.24 .*got -1"),
        (lambda: moo2.range_units(3.0), r"squares must be .*got 3\.0"),
        (lambda: moo2.range_units("3"), r"squares must be .*got '3'"),
        (lambda: moo2.range_units(True), r"squares must be .*got True"),
        (
            lambda: moo2.range_penalty(3, "huge"),
            r"^mount must be one of 'normal', 'heavy', 'point_defense', got 'huge'$",
        ),
        (lambda: moo2.max_squares("pd"), r"mount must be one of .*got 'pd'"),
        (
            lambda: moo2.range_penalty(3, double_penalty=1),
            r"double_penalty must be True or False, got 1",
        ),
        (
            lambda: moo2.dissipation_penalty(3, double_dissipation=None),
            r"double_dissipation must be True or False, got None",
        ),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
