"""Weapon types and the attack difficulty of each type in each range band.

Source: ``003_c7092257a5e3046d.txt``, "Range" (the second table, printed under the repeated
title "Personal Combat Range Bands", is the "Attack Difficulties by Weapon Type" table the
prose names), reconciled with the unflattened copy in ``shared/sources/README.md``.
"""

from __future__ import annotations

import enum
from types import MappingProxyType
from typing import Final

from rules.cepheus.checks import Difficulty
from rules.cepheus.ranges import RangeBand
from rules.validation import check_choice

__all__ = [
    "ATTACK_DIFFICULTIES",
    "WeaponType",
    "attack_difficulty",
    "bands_in_reach",
]


class WeaponType(enum.StrEnum):
    """The eight weapon types of the attack difficulty table."""

    CLOSE_QUARTERS = "close_quarters"
    """Close Quarters melee weapons (fists, knives, clubs): Personal and Close only."""
    EXTENDED_REACH = "extended_reach"
    """Extended Reach melee weapons (spears, pikes): Personal and Close only."""
    THROWN = "thrown"
    """Thrown weapons (knives, rocks, grenades): Close to Medium."""
    PISTOL = "pistol"
    """Pistols: Personal to Long."""
    RIFLE = "rifle"
    """Rifles: every band."""
    SHOTGUN = "shotgun"
    """Shotguns: Personal to Long."""
    ASSAULT_WEAPON = "assault_weapon"
    """Assault weapons: every band."""
    ROCKET = "rocket"
    """Rockets: every band."""

    @property
    def melee(self) -> bool:
        """True for the melee types (Close Quarters, Extended Reach), which others may parry."""
        return self in (WeaponType.CLOSE_QUARTERS, WeaponType.EXTENDED_REACH)

    @property
    def label(self) -> str:
        """The rulebook's name, e.g. ``"Assault Weapon"``."""
        return self.value.replace("_", " ").title()


_A, _D, _VD = Difficulty.AVERAGE, Difficulty.DIFFICULT, Difficulty.VERY_DIFFICULT

ATTACK_DIFFICULTIES: Final = MappingProxyType(
    {
        #                          Personal Close Short Medium Long  VLong Distant
        WeaponType.CLOSE_QUARTERS: (_A, _D, None, None, None, None, None),
        WeaponType.EXTENDED_REACH: (_D, _A, None, None, None, None, None),
        WeaponType.THROWN: (None, _A, _D, _D, None, None, None),
        WeaponType.PISTOL: (_D, _A, _A, _D, _VD, None, None),
        WeaponType.RIFLE: (_VD, _D, _A, _A, _A, _D, _VD),
        WeaponType.SHOTGUN: (_D, _A, _D, _D, _VD, None, None),
        WeaponType.ASSAULT_WEAPON: (_D, _A, _A, _A, _D, _VD, Difficulty.FORMIDABLE),
        WeaponType.ROCKET: (_VD, _D, _D, _A, _A, _D, _VD),
    }
)
"""Weapon type -> difficulty in each band (Personal .. Distant); ``None``: cannot attack.

Source: ``003_c7092257a5e3046d.txt``, "Range", the attack difficulty table. The flattened
text lost the column of the short rows ("Close Quarters Average Difficult", "Thrown Average
Difficult Difficult", "Pistol ... Very Difficult", "Shotgun ... Very Difficult"); their
positions are those of ``shared/sources/README.md`` ("Close Quarters Avg/Diff/-/-/-/-/-;
Thrown -/Avg/Diff/Diff/-/-/-; Pistol Diff/Avg/Avg/Diff/VDiff/-/-; Shotgun
Diff/Avg/Diff/Diff/VDiff/-/-"), which agree with the prose of "Extreme Range Firing": the
weapons able to fire into Distant are exactly Rifle, Assault Weapon and Rocket."""


def attack_difficulty(weapon: WeaponType | str, band: RangeBand | str) -> Difficulty | None:
    """The Difficulty of an attack with ``weapon`` at ``band``, or ``None`` if it cannot attack.

    Rule: ``003_c7092257a5e3046d.txt``, "Range" ("The Difficulty of any attack is based on the
    weapon type and the range of the attack") and "Attack" (table ``ATTACK_DIFFICULTIES``).

    Raises:
        ValueError: ``weapon`` is not a :class:`WeaponType` (or its value) or ``band`` is not a
            :class:`RangeBand` (or its value).

    >>> attack_difficulty("rifle", "distant")
    <Difficulty.VERY_DIFFICULT: 'very_difficult'>
    >>> attack_difficulty("pistol", "very_long") is None
    True
    >>> attack_difficulty("bow", "close")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: weapon must be one of 'close_quarters', 'extended_reach', \
'thrown', 'pistol', 'rifle', 'shotgun', 'assault_weapon', 'rocket', got 'bow'
    """
    weapon = check_choice("weapon", weapon, WeaponType)
    band = check_choice("band", band, RangeBand)
    return ATTACK_DIFFICULTIES[weapon][band.position]


def bands_in_reach(weapon: WeaponType | str) -> tuple[RangeBand, ...]:
    """The range bands at which ``weapon`` can attack, nearest first.

    Rule: as :func:`attack_difficulty`.

    Raises:
        ValueError: ``weapon`` is not a :class:`WeaponType` or its value.

    >>> [band.value for band in bands_in_reach("thrown")]
    ['close', 'short', 'medium']
    """
    weapon = check_choice("weapon", weapon, WeaponType)
    return tuple(
        band for band in RangeBand if ATTACK_DIFFICULTIES[weapon][band.position] is not None
    )
