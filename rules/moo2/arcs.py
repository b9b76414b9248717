"""Targeting arcs of beam weapons.

Source: ``000_3948ba1900819cb7.txt``, section "Targeting Arc".

A bearing is measured in degrees clockwise from the firing ship's facing (0 = dead ahead, 90 =
starboard, 180 = dead astern). The four quadrants are 90 degrees wide, centred on ahead, right,
astern and left.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from rules.validation import check_choice, check_number

__all__ = ["ARC_QUADRANTS", "FULL_TURN", "Arc", "Quadrant", "in_arc", "quadrant"]

FULL_TURN = 360
"""Degrees in a full turn; bearings are taken modulo this."""


class Quadrant(enum.StrEnum):
    """The four 90-degree quadrants around a ship."""

    FORWARD = "forward"
    """Bearings from 315 through 0 to 45 degrees, both ends included."""
    RIGHT = "right"
    """Bearings strictly between 45 and 135 degrees."""
    BACKWARD = "backward"
    """Bearings from 135 to 225 degrees, both ends included."""
    LEFT = "left"
    """Bearings strictly between 225 and 315 degrees."""


class Arc(enum.StrEnum):
    """A beam weapon's targeting arc (source section "Targeting Arc")."""

    FORWARD = "forward"
    """Forward: normal size, fires only at targets in the forward quadrant."""
    BACKWARD = "backward"
    """Backward: fires only at targets in the backward quadrant."""
    FORWARD_EXTENDED = "forward_extended"
    """Forward Extended: increased size, fires at targets not in the backward quadrant."""
    BACKWARD_EXTENDED = "backward_extended"
    """Backward Extended: fires at targets not in the forward quadrant."""
    THREE_SIXTY = "360"
    """360: yet bigger size, fires in any direction."""


ARC_QUADRANTS: Mapping[Arc, frozenset[Quadrant]] = MappingProxyType(
    {
        Arc.FORWARD: frozenset({Quadrant.FORWARD}),
        Arc.BACKWARD: frozenset({Quadrant.BACKWARD}),
        Arc.FORWARD_EXTENDED: frozenset({Quadrant.FORWARD, Quadrant.RIGHT, Quadrant.LEFT}),
        Arc.BACKWARD_EXTENDED: frozenset({Quadrant.BACKWARD, Quadrant.RIGHT, Quadrant.LEFT}),
        Arc.THREE_SIXTY: frozenset(Quadrant),
    }
)
"""The quadrants each arc fires into (``000_3948ba1900819cb7.txt``, "Targeting Arc").

Interpretation: a "quadrant" is a quarter turn, so Forward covers 90 degrees and Forward Extended
("not in backward quadrant") 270 degrees; were the quadrants half turns, Forward Extended would be
no bigger than Forward, contradicting "increased size"."""

_EIGHTH_TURN = FULL_TURN // 8


def quadrant(bearing: float | Fraction | int) -> Quadrant:
    """The quadrant a bearing (degrees clockwise from the facing) falls in.

    Rule: ``000_3948ba1900819cb7.txt``, "Targeting Arc" speaks of forward and backward quadrants.

    Interpretation: any finite bearing is accepted and taken modulo 360 (exactly, floats
    included). A bearing exactly on a quadrant boundary (45, 135, 225 or 315 degrees) belongs to
    the forward or backward quadrant, never to a side one; so such a target is inside the
    Forward (or Backward) arc and outside the opposite Extended arc, which keeps "Forward
    Extended = not in the backward quadrant" exact.

    Raises:
        ValueError: if ``bearing`` is not a finite real number (bools refused).

    >>> [quadrant(bearing).value for bearing in (0, 45, 90, 135, -90, 315.5)]
    ['forward', 'forward', 'right', 'backward', 'left', 'forward']
    """
    angle = check_number("bearing", bearing) % FULL_TURN
    if angle <= _EIGHTH_TURN or angle >= 7 * _EIGHTH_TURN:
        return Quadrant.FORWARD
    if 3 * _EIGHTH_TURN <= angle <= 5 * _EIGHTH_TURN:
        return Quadrant.BACKWARD
    return Quadrant.RIGHT if angle < 3 * _EIGHTH_TURN else Quadrant.LEFT


def in_arc(arc: Arc | str, bearing: float | Fraction | int) -> bool:
    """Whether a beam with targeting ``arc`` can fire at a target at ``bearing`` degrees.

    Rule: ``000_3948ba1900819cb7.txt``, "Targeting Arc" (see :data:`ARC_QUADRANTS`). The bearing
    is measured clockwise from the ship's facing, 0 = dead ahead, and taken modulo 360.

    Boundaries: a target exactly at 45 or 315 degrees is in the forward quadrant (Forward and
    Forward Extended fire, Backward and Backward Extended do not); one exactly at 135 or 225
    degrees is in the backward quadrant (Backward and Backward Extended fire, Forward and Forward
    Extended do not). 360 fires at every bearing.

    Raises:
        ValueError: for an unknown arc or a bearing that is not a finite real number.

    >>> in_arc("forward", 45), in_arc("forward", 46), in_arc("forward_extended", 135)
    (True, False, False)
    >>> in_arc("backward_extended", 90), in_arc("360", -1e9)
    (True, True)
    """
    chosen = check_choice("arc", arc, Arc)
    return quadrant(bearing) in ARC_QUADRANTS[chosen]
