"""Per-square tables over the whole range of a mount, for the charts of the web page.

Source: ``000_3948ba1900819cb7.txt``, sections "Range Penalty to Accuracy", "Classic Chance to
Hit Formula", "Reduced by Range" and "Different Min-Max Damage" (one row per square).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Unpack

from rules.moo2.damage import BeamShot, ShotOptions, _takes_shot_options
from rules.moo2.ranges import RangeUnits, dissipation_penalty, max_squares, range_units
from rules.validation import output_record

__all__ = ["RangeRow", "range_table"]


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class RangeRow:
    """One square of a beam's range: penalties, chance to hit and damage there."""

    squares: int
    """Distance to the target in squares."""
    range_units: RangeUnits
    """The column of the range tables after the mount conversion (0-8)."""
    penalty: int
    """The to-hit range penalty (doubled if the weapon has the inherent 2x penalty)."""
    dissipation: int
    """Percent of base damage lost to range (0 if the weapon is not reduced by range)."""
    hit_threshold: int
    """The classic, capped hit_threshold (it also drives the damage of a [3] hit)."""
    hit_probability: Fraction
    """Exact chance to hit."""
    min_damage: int
    """Damage potential, min."""
    max_damage: int
    """Damage potential, max."""
    mean_damage: Fraction
    """Exact mean damage of one shot, misses counted as 0."""


@_takes_shot_options
def range_table(
    min_damage: int,
    max_damage: int,
    attack: int,
    defense: int,
    **options: Unpack[ShotOptions],
) -> tuple[RangeRow, ...]:
    """One :class:`RangeRow` per square from 0 to the mount's longest range.

    Rule: ``000_3948ba1900819cb7.txt``: each row is the :class:`~rules.moo2.BeamShot` of these
    arguments (the keyword ``options`` are its own, :class:`~rules.moo2.damage.ShotOptions`) at
    that square (its range penalty, chance to hit, damage potential and mean
    damage). At most 52 rows (a Heavy mount's 0..51 squares).

    Raises:
        ValueError: as :class:`~rules.moo2.BeamShot` (at 0 squares).

    The Death Ray example's shot (BA+CO-AF-BD = 10), at 11 and 23 squares:

    >>> rows = range_table(50, 100, 10, 0)
    >>> len(rows), rows[11].min_damage, rows[11].max_damage, rows[23].hit_threshold
    (25, 35, 70, 95)
    """
    first = BeamShot(min_damage, max_damage, attack, defense, 0, **options)
    return tuple(_row(first.at(squares)) for squares in range(max_squares(first.mount) + 1))


def _row(shot: BeamShot) -> RangeRow:
    low, high = shot.damage_potential()
    dissipation = dissipation_penalty(
        shot.squares, shot.mount, double_dissipation=shot.double_dissipation, variant=shot.variant
    )
    return RangeRow(
        squares=shot.squares,
        range_units=range_units(shot.squares, shot.mount, variant=shot.variant),
        penalty=shot.range_penalty(),
        dissipation=dissipation if shot.reduced_by_range else 0,
        hit_threshold=shot.hit_threshold(),
        hit_probability=shot.hit_probability(),
        min_damage=low,
        max_damage=high,
        mean_damage=shot.mean_damage(),
    )
