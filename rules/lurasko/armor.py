"""Damage and drive against an armor range.

Source: ``002_64b8e17f45694c25.txt``, "Damage, Drive, & Armor Ranges", and "Energy Damage",
Electric (metallic armor).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rules.lurasko._checks import check_bool, check_range, percent_of
from rules.validation import InvalidInput, check_int, output_record

__all__ = [
    "ARMOR_CHART_MAX_ROWS",
    "ARMOR_WITHIN_PERCENT",
    "ArmorBand",
    "ArmorChartRow",
    "armor_band",
    "armor_chart",
    "damage_through_armor",
]

ARMOR_WITHIN_PERCENT = 50
"""Percent of the damage taken when the drive is within the armor range (inclusive).

Source: 002, "Damage, Drive, & Armor Ranges": "the range of drive at which the armor will
reduce damage to 50%". Fractions are dropped: "17 (20 drive) damage ... within your armor
range of 16-28, so you would take only 8 damage" (50% of 17 is 8.5).
"""


ARMOR_CHART_MAX_ROWS = 10_001
"""The most rows (drives) one :func:`armor_chart` may have: ``last - first <= 10_000``."""


class ArmorBand(enum.StrEnum):
    """Where a drive falls against an armor range (002, "Damage, Drive, & Armor Ranges")."""

    BELOW = "below"
    """Drive below the low end: the armor ignores all the damage."""
    WITHIN = "within"
    """Drive from the low end to the high end, both included: 50% of the damage."""
    ABOVE = "above"
    """Drive greater than the high end: full damage."""


def armor_band(drive: int, armor_range: tuple[int, int]) -> ArmorBand:
    """Which band of ``armor_range`` a ``drive`` falls in (both ends are within).

    Rule: 002, "Damage, Drive, & Armor Ranges": "an armor range of 16-28 ... 50% of damage
    with a drive from 16 to 28, ignore all damage with a drive below 16, and take full damage
    with a drive greater than 28."

    Raises:
        ValueError: ``drive`` is not an integer >= 0, or ``armor_range`` is not a pair of
            integers ``0 <= low <= high``.

    >>> [armor_band(d, (16, 28)).value for d in (15, 16, 20, 28, 29)]
    ['below', 'within', 'within', 'within', 'above']
    """
    return _band(check_int("drive", drive, 0), check_range("armor_range", armor_range))


def _band(drive: int, armor_range: tuple[int, int]) -> ArmorBand:
    low, high = armor_range
    if drive < low:
        return ArmorBand.BELOW
    if drive <= high:
        return ArmorBand.WITHIN
    return ArmorBand.ABOVE


def damage_through_armor(
    damage: int,
    drive: int,
    armor_range: tuple[int, int],
    *,
    electric: bool = False,
    metallic: bool = False,
) -> int:
    """The damage a hit of ``damage`` and ``drive`` does through armor of ``armor_range``.

    Rule: 002, "Damage, Drive, & Armor Ranges": drive below the range, nothing; within it
    (inclusive), 50%; above it, full damage. "Energy Damage", Electric: "If the victim's armor
    is metallic ... electric damage causes full damage instead of half if its drive is within
    the armor range (drive below armor range is still blocked entirely)."

    Interpretation: "50%" drops fractions, as the source's only example shows (17 damage at
    20 drive against 16-28 is "only 8 damage"). Rounding half to even would also give 8 but
    would give 10 for 19 damage; dropping the fraction also matches the "37%" of the
    resistances example, so it is used everywhere in this package.

    Energy damage has drive equal to its damage (see :func:`energy_drive`): pass it as
    ``drive``.

    Raises:
        ValueError: ``damage`` or ``drive`` is not an integer >= 0, ``armor_range`` is not a
            pair of integers ``0 <= low <= high``, or ``electric``/``metallic`` is not a bool.

    >>> damage_through_armor(17, 20, (16, 28))  # Source: "you would take only 8 damage"
    8
    >>> damage_through_armor(17, 15, (16, 28)), damage_through_armor(17, 29, (16, 28))
    (0, 17)
    >>> damage_through_armor(17, 20, (16, 28), electric=True, metallic=True)
    17
    >>> damage_through_armor(17, 15, (16, 28), electric=True, metallic=True)
    0
    >>> damage_through_armor(17, 20, (28, 16))
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: armor_range must be a (low, high) pair of integers \
with 0 <= low <= high, got (28, 16)
    """
    damage = check_int("damage", damage, 0)
    electric = check_bool("electric", electric)
    metallic = check_bool("metallic", metallic)
    band = armor_band(drive, armor_range)
    return _taken(damage, band, electric and metallic)


def _taken(damage: int, band: ArmorBand, full_within: bool) -> int:
    if band is ArmorBand.BELOW:
        return 0
    if band is ArmorBand.ABOVE or full_within:
        return damage
    return percent_of(damage, ARMOR_WITHIN_PERCENT)


@output_record
@dataclass(frozen=True, slots=True)
class ArmorChartRow:
    """One line of an armor chart: the damage taken at one drive."""

    drive: int
    """The drive of the hit."""
    band: ArmorBand
    """Where the drive falls against the armor range."""
    damage_taken: int
    """The damage that gets through the armor."""


def armor_chart(
    damage: int,
    armor_range: tuple[int, int],
    drives: tuple[int, int],
    *,
    electric: bool = False,
    metallic: bool = False,
) -> tuple[ArmorChartRow, ...]:
    """The damage taken through ``armor_range`` for every drive in ``drives`` (inclusive).

    Rule: as :func:`damage_through_armor`, one row per drive from ``drives[0]`` to
    ``drives[1]``. The span is the caller's choice (the source gives none), up to
    :data:`ARMOR_CHART_MAX_ROWS` rows (``last - first <= 10_000``): the rows are listed one by
    one, so their number is bounded.

    Raises:
        ValueError: as :func:`damage_through_armor`, or ``drives`` is not a pair of integers
            ``0 <= first <= last <= first + 10_000``.

    >>> [(row.drive, row.damage_taken) for row in armor_chart(17, (16, 28), (15, 17))]
    [(15, 0), (16, 8), (17, 8)]
    >>> [row.band.value for row in armor_chart(17, (16, 28), (28, 29))]
    ['within', 'above']
    """
    first, last = check_range("drives", drives)
    if last - first >= ARMOR_CHART_MAX_ROWS:
        allowed = (
            "a (first, last) pair of integers with 0 <= first <= last <= first + "
            f"{ARMOR_CHART_MAX_ROWS - 1} (at most {ARMOR_CHART_MAX_ROWS} rows)"
        )
        raise InvalidInput("drives", allowed, drives)
    damage = check_int("damage", damage, 0)
    armor = check_range("armor_range", armor_range)
    full_within = check_bool("electric", electric) & check_bool("metallic", metallic)
    rows = []
    for drive in range(first, last + 1):
        band = _band(drive, armor)
        rows.append(ArmorChartRow(drive, band, _taken(damage, band, full_within)))
    return tuple(rows)
