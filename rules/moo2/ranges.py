"""Range: squares to range units per mount, the to-hit range penalty and the damage dissipation.

Source: ``000_3948ba1900819cb7.txt``, sections "Range Penalty to Accuracy" and "Reduced by Range".

One range unit is 3 squares. Point Defense counts the range as doubled and Heavy mounts halve it
(rounding down), so every mount ends up on the same nine columns, range units 0 to 8, of the
penalty tables. Penalties are returned as positive numbers: the source prints the dissipation
row as ``-10 .. -65`` and writes ``40 - -85`` in its examples, that is, it stores them negative.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import NewType

from rules.moo2._checks import check_bool
from rules.moo2.mounts import Mount
from rules.moo2.variant import _AS_WRITTEN, BeyondTable, Variant, _check_variant
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "RANGE_BANDS",
    "SQUARES_PER_RANGE_UNIT",
    "RangeBand",
    "RangeUnits",
    "check_squares",
    "dissipation_penalty",
    "max_squares",
    "range_penalty",
    "range_units",
]

RangeUnits = NewType("RangeUnits", int)
"""A range in range units (one column of the range tables, 0-8), as opposed to squares."""

SQUARES_PER_RANGE_UNIT = 3
""""One range unit equals 3 squares" (``000_3948ba1900819cb7.txt``, "Range Penalty to
Accuracy")."""

Band = tuple[int, int]
"""First and last square (inclusive) of one column of the range table."""


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class RangeBand:
    """One column of the source's range tables: the squares each mount covers and the penalties.

    ``penalty`` is the to-hit range penalty, ``dissipation`` the damage reduction (in percent of
    base damage) of weapons whose damage is reduced by range.
    """

    range_units: int
    penalty: int
    dissipation: int
    normal_squares: Band
    point_defense_squares: Band | None
    heavy_squares: Band

    def squares(self, mount: Mount) -> Band | None:
        """The squares of this column for ``mount`` (``None``: Point Defense skips the column)."""
        if mount is Mount.NORMAL:
            return self.normal_squares
        if mount is Mount.POINT_DEFENSE:
            return self.point_defense_squares
        return self.heavy_squares


RANGE_BANDS: tuple[RangeBand, ...] = (
    RangeBand(0, 0, 0, (0, 0), (0, 0), (0, 3)),
    RangeBand(1, 0, 0, (1, 3), None, (4, 9)),
    RangeBand(2, 10, 10, (4, 6), (1, 3), (10, 15)),
    RangeBand(3, 20, 20, (7, 9), None, (16, 21)),
    RangeBand(4, 30, 30, (10, 12), (4, 6), (22, 27)),
    RangeBand(5, 40, 40, (13, 15), None, (28, 33)),
    RangeBand(6, 55, 50, (16, 18), (7, 9), (34, 39)),
    RangeBand(7, 70, 60, (19, 21), None, (40, 45)),
    RangeBand(8, 85, 65, (22, 24), (10, 12), (46, 51)),
)
"""The range tables of ``000_3948ba1900819cb7.txt``, one record per range unit 0-8.

``penalty`` and the three squares rows come from the table in "Range Penalty to Accuracy";
``dissipation`` from the "Penalty" row of the table in "Reduced by Range" (its squares header is
the Regular row, so its columns are range units too).

Interpretation: the flattened PD row lists ``0, 1-3, 4-6, 7-9, 10-12`` in the first five columns.
The prose ("Point Defense weapons get a penalty as if range is doubled") puts them in columns 0, 2,
4, 6 and 8, and two other statements confirm it: "range penalty above ... 80 for PD beam [is] of
no additional effect" needs PD to reach the 85 column, and "at max distance all PD beams ... will
do a puny 1 dmg" needs PD's 12 squares to be dissipated by 65 %.
"""


def _build_range_units() -> Mapping[Mount, tuple[RangeUnits, ...]]:
    """Invert :data:`RANGE_BANDS`: for each mount, the range units of every square 0..max."""
    table: dict[Mount, tuple[RangeUnits, ...]] = {}
    for mount in Mount:
        units: list[RangeUnits] = []
        for band in RANGE_BANDS:
            squares = band.squares(mount)
            if squares is None:
                continue
            first, last = squares
            if first != len(units):
                raise AssertionError(f"RANGE_BANDS leaves a gap before square {first} ({mount})")
            units.extend(RangeUnits(band.range_units) for _ in range(first, last + 1))
        table[mount] = tuple(units)
    return MappingProxyType(table)


_RANGE_UNITS_BY_SQUARE = _build_range_units()


def max_squares(mount: Mount | str = Mount.NORMAL) -> int:
    """The longest range of a mount in squares: the last column of the range table.

    Rule: ``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy" (Regular 22-24, PD 10-12,
    Hv 46-51 in the last column).

    Raises:
        ValueError: if ``mount`` is not 'normal', 'heavy' or 'point_defense'.

    >>> [max_squares(m) for m in ("point_defense", "normal", "heavy")]
    [12, 24, 51]
    """
    chosen = check_choice("mount", mount, Mount)
    return len(_RANGE_UNITS_BY_SQUARE[chosen]) - 1


def check_squares(
    squares: object, mount: Mount | str = Mount.NORMAL, *, variant: Variant = _AS_WRITTEN
) -> int:
    """Return ``squares`` if it is an integer from 0 to the mount's last range column.

    Rule: ``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy": the squares rows of the
    table end at 24 (Regular), 12 (PD) and 51 (Hv); see :func:`max_squares`. Under a variant
    whose ``beyond_table`` is 'clamp' (never the default), a distance beyond the last column is
    read as that column: the last square is returned.

    Raises:
        ValueError: naming the allowed range for the mount and the value given (with 'clamp':
            any integer >= 0 is allowed); ``variant`` is not a :class:`~rules.moo2.Variant`.

    >>> check_squares(25)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: squares must be an integer in 0..24 for a normal mount, got 25
    """
    chosen = check_choice("mount", mount, Mount)
    last = max_squares(chosen)
    if _check_variant(variant).beyond_table is BeyondTable.CLAMP:
        return min(check_int("squares", squares, 0), last)
    try:
        return check_int("squares", squares, 0, last)
    except InvalidInput as error:
        allowed = f"an integer in 0..{last} for a {chosen} mount"
        raise type(error)("squares", allowed, squares) from None


def range_units(
    squares: int, mount: Mount | str = Mount.NORMAL, *, variant: Variant = _AS_WRITTEN
) -> RangeUnits:
    """The range "for calculation purposes": the column of the range tables, 0-8.

    Rule: ``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy": one range unit is 3 squares
    (squares 1-3 are range 1); Point Defense counts the range as doubled; Heavy mounts halve it
    and round down.

    Raises:
        ValueError: for an unknown mount, or squares outside ``0..max_squares(mount)`` (see
            :func:`check_squares` for ``variant``).

    >>> range_units(23), range_units(11), range_units(11, "point_defense"), range_units(11, "heavy")
    (8, 4, 8, 2)
    """
    chosen = check_choice("mount", mount, Mount)
    return _RANGE_UNITS_BY_SQUARE[chosen][check_squares(squares, chosen, variant=variant)]


def range_penalty(
    squares: int,
    mount: Mount | str = Mount.NORMAL,
    *,
    double_penalty: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> int:
    """The to-hit range penalty at ``squares`` for a beam on ``mount`` (a positive number).

    Rule: ``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy": the penalty table by range
    unit after the mount conversion; a weapon with the inherent 2x range to-hit penalty (weapon
    flag #1) doubles the result "after all Hv/ Reg/ PD calculations are done". The doubling is of
    the penalty value, not of the range, so it never runs off the table: the largest value is
    ``2 * 85 = 170``. (The Rangemaster Unit, applied before the doubling, has no figures in the
    source and is not modelled.)

    Raises:
        ValueError: for an unknown mount, squares outside the mount's range (see
            :func:`check_squares` for ``variant``), or a ``double_penalty`` that is not a bool.

    >>> range_penalty(23), range_penalty(11), range_penalty(23, double_penalty=True)
    (85, 30, 170)
    """
    doubled = check_bool("double_penalty", double_penalty)
    penalty = RANGE_BANDS[range_units(squares, mount, variant=variant)].penalty
    return 2 * penalty if doubled else penalty


def dissipation_penalty(
    squares: int,
    mount: Mount | str = Mount.NORMAL,
    *,
    double_dissipation: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> int:
    """The dissipation (percent of base damage lost) at ``squares`` for a reduced-by-range beam.

    Rule: ``000_3948ba1900819cb7.txt``, "Reduced by Range" (the Penalty row, 0 to -65) on the
    range units of the mount, as in "Range Penalty to Accuracy"; "Hv, PD, HEF & Ordnance" for the
    option of applying the inherent 2x penalty to dissipation as well (``2*(30)``).

    Interpretation: Heavy and Point Defense mounts use their converted range here too; otherwise a
    Heavy beam beyond 24 squares would have no column, and a 1000 damage PD beam would not drop to
    "a puny 1 dmg" at its 12 squares.

    Raises:
        ValueError: for an unknown mount, squares outside the mount's range (see
            :func:`check_squares` for ``variant``), or a ``double_dissipation`` that is not a
            bool.

    >>> dissipation_penalty(23), dissipation_penalty(11), dissipation_penalty(5, "point_defense")
    (65, 30, 30)
    """
    doubled = check_bool("double_dissipation", double_dissipation)
    penalty = RANGE_BANDS[range_units(squares, mount, variant=variant)].dissipation
    return 2 * penalty if doubled else penalty
