"""Voluntarily reducing damage, to take a foe alive or spare a tech.

Source: ``002_64b8e17f45694c25.txt``, "Voluntarily Reducing Damage".
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from rules.lurasko._checks import percent_of
from rules.validation import check_choice, check_int

__all__ = [
    "MELEE_REDUCTION_HINDRANCE",
    "RANGED_REDUCTION_HINDRANCE",
    "RANGED_REDUCTION_PERCENT",
    "MeleeReduction",
    "chosen_str",
    "reduced_melee_damage",
    "reduced_ranged_attack",
]


class MeleeReduction(enum.StrEnum):
    """How much of a melee weapon's own damage (not STR additions) the attacker keeps."""

    FULL = "100%"
    """No reduction (no Hindrance)."""
    HALF = "50%"
    """Weapon damage reduced to 50%, at 1 Hindrance to the melee offense roll."""
    QUARTER = "25%"
    """Weapon damage reduced to 25%, at 1 Hindrance to the melee offense roll."""


MELEE_REDUCTION_HINDRANCE: Mapping[MeleeReduction, int] = MappingProxyType(
    {MeleeReduction.FULL: 0, MeleeReduction.HALF: 1, MeleeReduction.QUARTER: 1}
)
"""Hindrance to the melee offense roll for each melee reduction.

Source: 002, "Voluntarily Reducing Damage": "you can voluntarily reduce your melee weapon's
damage (aside from STR additions) to either 50% or 25%, at the cost of 1 Hindrance to your
melee offense roll."
"""

_MELEE_PERCENT: Mapping[MeleeReduction, int] = MappingProxyType(
    {MeleeReduction.FULL: 100, MeleeReduction.HALF: 50, MeleeReduction.QUARTER: 25}
)

RANGED_REDUCTION_PERCENT = 50
"""A ranged weapon's damage and drive when deliberately reduced.

Source: 002, "Voluntarily Reducing Damage": "you can reduce your ranged weapon's damage and
drive to 50%."
"""

RANGED_REDUCTION_HINDRANCE = 3
"""Hindrance for reducing a ranged weapon's damage and drive.

Source: 002, "Voluntarily Reducing Damage": "at the cost of 3 Hindrance to your melee offense
roll". Interpretation: the text says "melee offense roll" for a ranged attack, most likely a
slip for the ranged offense roll; only the number is encoded.
"""


def chosen_str(strength: int, used: int) -> int:
    """The STR a competent melee attacker chooses to use, checked to be 0..``strength``.

    Rule: 002, "Voluntarily Reducing Damage": "Simply consider your STR to be any lower amount
    (to a minimum of 0) for the purposes of all attack rules other than whether you can wield
    your current weapon, including how much is added to damage and drive. This does not make
    your attack more difficult." How much STR adds to damage and drive is not in this chapter:
    the caller computes it from the returned STR.

    Raises:
        ValueError: ``strength`` is not an integer >= 0 or ``used`` is not in 0..strength.

    >>> chosen_str(6, 2)
    2
    >>> chosen_str(6, 7)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: used must be an integer in 0..6, got 7
    """
    strength = check_int("strength", strength, 0)
    return check_int("used", used, 0, strength)


def reduced_melee_damage(
    weapon_damage: int, str_damage: int = 0, *, reduction: MeleeReduction | str
) -> int:
    """A melee hit's damage when the weapon's own damage is reduced to 50% or 25%.

    Rule: 002, "Voluntarily Reducing Damage": the melee weapon's damage "(aside from STR
    additions)" is reduced to 50% or 25% (1 Hindrance, :data:`MELEE_REDUCTION_HINDRANCE`).
    Drive is not mentioned and is unchanged. ``str_damage`` is what STR adds (not reduced).

    Interpretation: fractions are dropped, as everywhere in this package; energy damage added
    to the weapon is not part of "your melee weapon's damage" and is not reduced here (less
    charge is the source's way to weaken energy).

    Raises:
        ValueError: a damage is not an integer >= 0, or ``reduction`` is not a
            :class:`MeleeReduction`.

    >>> reduced_melee_damage(30, 6, reduction="50%"), reduced_melee_damage(30, 6, reduction="25%")
    (21, 13)
    """
    weapon_damage = check_int("weapon_damage", weapon_damage, 0)
    str_damage = check_int("str_damage", str_damage, 0)
    choice = check_choice("reduction", reduction, MeleeReduction)
    return percent_of(weapon_damage, _MELEE_PERCENT[choice]) + str_damage


def reduced_ranged_attack(damage: int, drive: int) -> tuple[int, int]:
    """A ranged weapon's ``(damage, drive)`` when deliberately reduced to 50% (3 Hindrance).

    Rule: 002, "Voluntarily Reducing Damage": "you can reduce your ranged weapon's damage and
    drive to 50%" (:data:`RANGED_REDUCTION_HINDRANCE`). Fractions are dropped.

    Raises:
        ValueError: ``damage`` or ``drive`` is not an integer >= 0.

    >>> reduced_ranged_attack(17, 21)
    (8, 10)
    """
    damage = check_int("damage", damage, 0)
    drive = check_int("drive", drive, 0)
    return percent_of(damage, RANGED_REDUCTION_PERCENT), percent_of(drive, RANGED_REDUCTION_PERCENT)
