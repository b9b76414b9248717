"""Range bands: squares and metres to range band, and the distance helpers.

Source: ``003_c7092257a5e3046d.txt``, "Range" (table "Personal Combat Range Bands") and
"Movement" ("each square should measure 1.5 meters to the side").
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.cepheus.variant import DEFAULT_VARIANT, RangeColumn, Variant, _check_variant
from rules.validation import check_choice, check_int, check_number, output_record

__all__ = [
    "MOVEMENT_METRES",
    "RANGE_BANDS",
    "SQUARE_METRES",
    "RangeBand",
    "RangeBandRow",
    "band_metres",
    "band_squares",
    "metres_to_squares",
    "range_band",
    "range_band_metres",
    "squares_to_metres",
]

SQUARE_METRES: Final = Fraction(3, 2)
"""A grid square is 1.5 m to the side. Source: ``003_c7092257a5e3046d.txt``, "Movement"."""

MOVEMENT_METRES: Final = 6
"""One movement (a minor action) covers up to 6 m, four squares.

Source: ``003_c7092257a5e3046d.txt``, "Movement" ("The character moves up to six meters ...
the average character moves four squares on his turn")."""


class RangeBand(enum.StrEnum):
    """The seven range bands of personal combat, nearest first."""

    PERSONAL = "personal"
    """Less than 1.5 m: the combatants are in the same square."""
    CLOSE = "close"
    """1.5 to 3 m: 1 to 2 squares."""
    SHORT = "short"
    """Over 3 to 12 m: 3 to 8 squares."""
    MEDIUM = "medium"
    """Over 12 to 50 m: 9 to 34 squares."""
    LONG = "long"
    """Over 50 to 250 m ("51 meters to 250 meters"): 35 to 166 squares."""
    VERY_LONG = "very_long"
    """Over 250 to 500 m ("251 meters to 500 meters"): 167 to 334 squares."""
    DISTANT = "distant"
    """Over 500 m ("501 meters+"): 335 squares or more; the source gives no upper limit."""

    @property
    def position(self) -> int:
        """Position from nearest (Personal, 0) to farthest (Distant, 6)."""
        return _ORDER[self]

    @property
    def label(self) -> str:
        """The rulebook's name, e.g. ``"Very Long"``."""
        return self.value.replace("_", " ").title()


_ORDER: Final = {band: position for position, band in enumerate(RangeBand)}


@output_record
@dataclass(frozen=True, slots=True)
class RangeBandRow:
    """One row of the Personal Combat Range Bands table, with the edges we read from it."""

    band: RangeBand
    """The range band."""
    distance_text: str
    """The "Distance to Target" cell as printed."""
    squares_text: str
    """The "Squares to Target" cell as printed."""
    min_squares: int
    """First square count in the band."""
    max_squares: int | None
    """Last square count in the band (``None``: no limit)."""
    max_metres: Fraction | None
    """Upper edge in metres (``None``: no limit); inclusive except for Personal."""


RANGE_BANDS: Final[tuple[RangeBandRow, ...]] = (
    RangeBandRow(RangeBand.PERSONAL, "Less than 1.5 meters", "0", 0, 0, Fraction(3, 2)),
    RangeBandRow(RangeBand.CLOSE, "1.5 to 3 meters", "1 to 2 squares", 1, 2, Fraction(3)),
    RangeBandRow(RangeBand.SHORT, "3 to 12 meters", "3 to 8 squares", 3, 8, Fraction(12)),
    RangeBandRow(RangeBand.MEDIUM, "12 to 50 meters", "9 to 34 squares", 9, 34, Fraction(50)),
    RangeBandRow(
        RangeBand.LONG, "51 meters to 250 meters", "35 to 166 squares", 35, 166, Fraction(250)
    ),
    RangeBandRow(
        RangeBand.VERY_LONG,
        "251 meters to 500 meters",
        "167 to 334 squares",
        167,
        334,
        Fraction(500),
    ),
    RangeBandRow(RangeBand.DISTANT, "501 meters+", "334 squares+", 335, None, None),
)
"""The Personal Combat Range Bands table, nearest band first.

Source: ``003_c7092257a5e3046d.txt``, "Range", table "Personal Combat Range Bands".

Interpretation (squares): the squares column is taken as printed, except that Distant starts
at 335: the printed "334 squares+" overlaps Very Long's "167 to 334", and every other row
starts one past the previous row's end.

Interpretation (metres): each band's printed upper edge is inclusive and anything beyond it
is the next band, so the printed gaps close upwards (50 < m < 51 is Long, 250 < m < 251 is
Very Long, 500 < m < 501 is Distant). Personal is "less than 1.5 meters" (exclusive); 3 m is
Close and 12 m is Short because the squares column puts 2 squares (3 m) in Close and 8 squares
(12 m) in Short.

The two columns then disagree only at 34 squares (51 m: Medium by squares, Long by metres)
and 334 squares (501 m: Very Long by squares, Distant by metres): the squares column rounds
50 / 1.5 and 500 / 1.5 up. :func:`range_band` follows the squares column and
:func:`range_band_metres` the metres column.

Distant has no upper limit in the source ("501 meters+"); extreme range ("Extreme Range
Firing") lies beyond it at a distance the source does not give, so it is an input of the
attack, not a band."""


def range_band(squares: int, *, variant: Variant = DEFAULT_VARIANT) -> RangeBand:
    """The range band of a target ``squares`` grid squares away (0: same square).

    Rule: ``003_c7092257a5e3046d.txt``, "Range", the "Squares to Target" column of the
    Personal Combat Range Bands table (see ``RANGE_BANDS`` for the reading of "334 squares+").
    With ``variant.range_band_column`` "distance" the "Distance to Target" column decides
    instead (``range_band_metres`` of 1.5 m per square): 34 squares is then Long and 334
    Distant.

    Raises:
        ValueError: ``squares`` is not an integer >= 0, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> range_band(34, variant=Variant(range_band_column="distance"))
    <RangeBand.LONG: 'long'>

    >>> range_band(0), range_band(2), range_band(8), range_band(34), range_band(335)
    (<RangeBand.PERSONAL: 'personal'>, <RangeBand.CLOSE: 'close'>, <RangeBand.SHORT: 'short'>, \
<RangeBand.MEDIUM: 'medium'>, <RangeBand.DISTANT: 'distant'>)
    >>> range_band(-1)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: squares must be an integer >= 0, got -1
    """
    squares = check_int("squares", squares, 0)
    if _check_variant(variant).range_band_column is RangeColumn.DISTANCE:
        return range_band_metres(squares * SQUARE_METRES)
    for row in RANGE_BANDS:
        if row.max_squares is None or squares <= row.max_squares:
            return row.band
    raise AssertionError("unreachable: Distant has no upper limit")  # pragma: no cover


def range_band_metres(metres: int | float | Fraction) -> RangeBand:
    """The range band of a target ``metres`` away (any non-negative real distance).

    Rule: ``003_c7092257a5e3046d.txt``, "Range", the "Distance to Target" column of the
    Personal Combat Range Bands table: Personal below 1.5 m, then each band up to and including
    its printed upper edge (3, 12, 50, 250, 500 m), Distant beyond 500 m with no limit. Floats
    are read exactly, so 1.4999 m is Personal and 50.5 m is Long.

    Raises:
        ValueError: ``metres`` is not a finite number >= 0.

    >>> [range_band_metres(m).value for m in (1, 1.5, 3, 3.5, 12, 50, 50.5, 251, 500, 501)]
    ['personal', 'close', 'close', 'short', 'short', 'medium', 'long', 'very_long', \
'very_long', 'distant']
    """
    distance = check_number("metres", metres, 0)
    if distance < RANGE_BANDS[0].max_metres:  # type: ignore[operator]
        return RangeBand.PERSONAL
    for row in RANGE_BANDS[1:]:
        if row.max_metres is None or distance <= row.max_metres:
            return row.band
    raise AssertionError("unreachable: Distant has no upper limit")  # pragma: no cover


def squares_to_metres(squares: int) -> Fraction:
    """The distance in metres of ``squares`` grid squares (1.5 m each).

    Rule: ``003_c7092257a5e3046d.txt``, "Movement" ("each square should measure 1.5 meters
    to the side").

    Raises:
        ValueError: ``squares`` is not an integer >= 0.

    >>> squares_to_metres(4)
    Fraction(6, 1)
    """
    return check_int("squares", squares, 0) * SQUARE_METRES


def metres_to_squares(metres: int | float | Fraction) -> Fraction:
    """The exact number of 1.5 m squares in ``metres`` (not rounded: the source gives no rule).

    Rule: ``003_c7092257a5e3046d.txt``, "Movement" ("The character moves up to six meters ...
    the average character moves four squares").

    Raises:
        ValueError: ``metres`` is not a finite number >= 0.

    >>> metres_to_squares(6)
    Fraction(4, 1)
    >>> metres_to_squares(50)
    Fraction(100, 3)
    """
    return check_number("metres", metres, 0) / SQUARE_METRES


def _row(band: RangeBand | str) -> RangeBandRow:
    member = check_choice("band", band, RangeBand)
    return RANGE_BANDS[member.position]


def band_squares(band: RangeBand | str) -> tuple[int, int | None]:
    """The first and last square count of ``band`` (last ``None`` for Distant).

    Rule: as :func:`range_band` (the two are round-trip tested).

    Raises:
        ValueError: ``band`` is not a :class:`RangeBand` or its value.

    >>> band_squares("medium"), band_squares(RangeBand.DISTANT)
    ((9, 34), (335, None))
    """
    row = _row(band)
    return row.min_squares, row.max_squares


def band_metres(band: RangeBand | str) -> tuple[Fraction, Fraction | None]:
    """The lower and upper edge of ``band`` in metres (upper ``None`` for Distant).

    The lower edge is exclusive and the upper edge inclusive, except Personal (from 0
    inclusive to 1.5 exclusive) and Close (from 1.5 inclusive). Rule: as
    :func:`range_band_metres`.

    Raises:
        ValueError: ``band`` is not a :class:`RangeBand` or its value.

    >>> band_metres("long")
    (Fraction(50, 1), Fraction(250, 1))
    """
    row = _row(band)
    if row.band is RangeBand.PERSONAL:
        return Fraction(0), row.max_metres
    previous = RANGE_BANDS[row.band.position - 1].max_metres
    assert previous is not None
    return previous, row.max_metres
