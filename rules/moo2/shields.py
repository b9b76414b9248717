"""Ship shields: the per-hit damage reduction of the shield classes.

Source: the original Master of Orion II game manual, as quoted in the Rangefinder issue for
``rules/moo2`` (shield classes I, III, V, VII and X reduce each hit by 1, 3, 5, 7 and 10).
``000_3948ba1900819cb7.txt`` only lists "target's shield" among the things that affect damage
("Damage Formula"), so the damage functions take the reduction as a plain number.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from rules.validation import check_choice

__all__ = ["SHIELD_REDUCTION", "ShieldClass", "shield_reduction"]


class ShieldClass(enum.StrEnum):
    """A ship shield class of the original game manual."""

    I = "I"  # noqa: E741  # the manual's name
    """Class I shield: each hit loses 1 damage."""
    III = "III"
    """Class III shield: each hit loses 3 damage."""
    V = "V"
    """Class V shield: each hit loses 5 damage."""
    VII = "VII"
    """Class VII shield: each hit loses 7 damage."""
    X = "X"
    """Class X shield: each hit loses 10 damage."""


SHIELD_REDUCTION: Mapping[ShieldClass, int] = MappingProxyType(
    {ShieldClass.I: 1, ShieldClass.III: 3, ShieldClass.V: 5, ShieldClass.VII: 7, ShieldClass.X: 10}
)
"""Damage each hit loses to the target's shield, by shield class (the original game manual, as
quoted in the Rangefinder issue; not in ``000_3948ba1900819cb7.txt``)."""


def shield_reduction(shield_class: ShieldClass | str) -> int:
    """The damage a shield class takes off each hit.

    Rule: the original Master of Orion II manual's shield classes (quoted in the issue); the
    damage functions apply it per hit after halving against planets, never below 0.

    Raises:
        ValueError: if ``shield_class`` is not one of 'I', 'III', 'V', 'VII', 'X'.

    >>> shield_reduction("VII")
    7
    """
    return SHIELD_REDUCTION[check_choice("shield_class", shield_class, ShieldClass)]
