"""Energy damage: its types, its drive, and combining it with normal damage.

Source: ``002_64b8e17f45694c25.txt``, "Energy Damage" and "Combined Energy/Normal Damage".
"""

from __future__ import annotations

import enum

from rules.lurasko._checks import check_bool
from rules.validation import check_int

__all__ = ["EnergyType", "combine_drive", "energy_can_dismember", "energy_drive"]


class EnergyType(enum.StrEnum):
    """The five energy damage types (002, "Energy Damage")."""

    PARTICLE = "particle"
    """Any degree of injury: roll against Alacrian war fever at the end of the combat."""
    ELECTRIC = "electric"
    """Full damage through metallic armor within its range; 2+ degrees of injury stun."""
    HEAT = "heat"
    """1+ degree of injury: the victim is ignited."""
    FROST = "frost"
    """25 fatigue for every degree of injury."""
    BLAST = "blast"
    """Any hit deafens for 30 seconds (6 turns); 1+ degree knocks down, 2+ degrees stun."""


def energy_drive(damage: int, drive_bonus: int = 0) -> int:
    """The drive of energy damage: equal to its damage, plus any drive increase.

    Rule: 002, "Energy Damage": energy damage "always has drive equal to its damage value ...
    anything which decreases energy damage prior to hitting its target also reduces its
    drive"; "Combined Energy/Normal Damage": "Critical hits and Abilities which increase drive
    apply to both the normal and energy drive."

    Raises:
        ValueError: ``damage`` or ``drive_bonus`` is not an integer >= 0.

    >>> energy_drive(24), energy_drive(24, drive_bonus=10)
    (24, 34)
    """
    damage = check_int("damage", damage, 0)
    drive_bonus = check_int("drive_bonus", drive_bonus, 0)
    return damage + drive_bonus


def combine_drive(
    normal_damage: int,
    normal_drive: int,
    energy_damage: int,
    *,
    drive_bonus: int = 0,
    projectile_stopped: bool = False,
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The ``((normal damage, drive), (energy damage, drive))`` of a combined weapon.

    Rule: 002, "Combined Energy/Normal Damage": "If the normal drive is higher than that of
    the energy portion, use the normal drive for both portions. If the energy drive is higher
    than the normal drive, resolve each portion separately with its own drive." (When they are
    equal both readings agree.) "Critical hits and Abilities which increase drive apply to both
    the normal and energy drive": ``drive_bonus`` is added to both drives, after the
    comparison (adding it before would not change which drive is higher). "If the non-energy
    portion is a projectile stopped by a kinetic shield, consider the normal portion's damage
    and drive to be 0, and resolve the energy portion normally": ``projectile_stopped``.

    This does not apply to the frag and blast elements of explosive damage, "which have
    separate drive values in every case".

    Raises:
        ValueError: a damage, drive or ``drive_bonus`` is not an integer >= 0, or
            ``projectile_stopped`` is not a bool.

    >>> combine_drive(32, 15, 8)  # Source: "32 normal damage and 8 heat damage ... drive of 15"
    ((32, 15), (8, 15))
    >>> combine_drive(32, 15, 24)  # Source: "24 heat damage with a drive of 24"
    ((32, 15), (24, 24))
    >>> combine_drive(32, 15, 24, drive_bonus=10)
    ((32, 25), (24, 34))
    >>> combine_drive(32, 15, 8, projectile_stopped=True)
    ((0, 0), (8, 8))
    """
    return _combine(
        check_int("normal_damage", normal_damage, 0),
        check_int("normal_drive", normal_drive, 0),
        check_int("energy_damage", energy_damage, 0),
        check_int("drive_bonus", drive_bonus, 0),
        check_bool("projectile_stopped", projectile_stopped),
    )


def _combine(
    normal_damage: int, normal_drive: int, energy_damage: int, drive_bonus: int, stopped: bool
) -> tuple[tuple[int, int], tuple[int, int]]:
    """:func:`combine_drive` of checked values (of any size: inside an attack they are sums)."""
    if stopped:
        return (0, 0), (energy_damage, energy_damage + drive_bonus)
    own_energy_drive = energy_damage
    shared = max(normal_drive, own_energy_drive)
    return (normal_damage, normal_drive + drive_bonus), (energy_damage, shared + drive_bonus)


def energy_can_dismember(*, entirely_energy: bool, weapon_can_dismember: bool = True) -> bool:
    """Whether the energy damage of an attack can dismember limbs.

    Rule: 002, "Combined Energy/Normal Damage": "Attacks consisting entirely of energy damage
    are always able to dismember limbs. If energy damage is added to a melee weapon or ranged
    projectile that cannot dismember limbs or has restrictions for doing so, the energy damage
    must follow the same rules." (``weapon_can_dismember``: the carrying weapon's own rule,
    which is outside this chapter; a restriction counts as False here.)

    Raises:
        ValueError: a flag is not a bool.

    >>> energy_can_dismember(entirely_energy=True, weapon_can_dismember=False)
    True
    >>> energy_can_dismember(entirely_energy=False, weapon_can_dismember=False)
    False
    """
    if check_bool("entirely_energy", entirely_energy):
        check_bool("weapon_can_dismember", weapon_can_dismember)
        return True
    return check_bool("weapon_can_dismember", weapon_can_dismember)
