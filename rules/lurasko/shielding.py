"""Energy shielding: the point-for-point exchange and what each precision level can stop.

Source: ``002_64b8e17f45694c25.txt``, "Energy Shielding" (and "Energy Damage" for techshields
against blast, "Damage Auras" for auras). AoEs and ZAoEs are in :mod:`rules.lurasko.aoe`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.lurasko._checks import check_bool
from rules.validation import (
    check_choice,
    check_instance,
    check_int,
    check_items,
    check_text,
    output_record,
)

__all__ = [
    "SHIELDING_ORDER",
    "SHIELDS_BEFORE_DEFENSE_ROLL",
    "AttackForm",
    "AttackOrigin",
    "Precision",
    "Shield",
    "ShieldEligibility",
    "can_shield",
    "order_shields",
    "shield",
    "shield_eligibility",
]


class Precision(enum.StrEnum):
    """The three levels of energy shielding precision (002, "Energy Shielding")."""

    LOW = "low"
    """Distant from its source; protects groups or areas; only against ranged attacks entirely
    of energy from beyond engagement range; before the defense roll; reduces drive."""
    MEDIUM = "medium"
    """Specific to one character; ranged attacks entirely of energy (any range but not from a
    grappler) and non-impact explosive blast; before the defense roll; reduces drive."""
    HIGH = "high"
    """Skin-tight; all energy damage; after the defense roll and after armor; drive unchanged."""


SHIELDING_ORDER: tuple[Precision, ...] = (Precision.LOW, Precision.MEDIUM, Precision.HIGH)
"""The order shielding happens in during an attack.

Source: 002, "Energy Shielding": "shielding occurs chronologically in order of precision; that
is, low precision must occur first, then medium precision, then high precision."
"""

SHIELDS_BEFORE_DEFENSE_ROLL: Mapping[Precision, bool] = MappingProxyType(
    {Precision.LOW: True, Precision.MEDIUM: True, Precision.HIGH: False}
)
"""Whether a level shields before the defense roll (and so also lowers the drive).

Source: 002, "Energy Shielding": low and medium "must occur before any defense roll is
attempted"; high "occurs only after the defense roll, once the character is hit, and after
considering drive ... the shielding cannot reduce the drive of any incoming damage"; "Remember
that (except for high-precision shielding) this will likewise reduce the attack's drive."
"""


class AttackForm(enum.StrEnum):
    """How the damage reaches the shielded character (what decides which shields can act)."""

    MELEE = "melee"
    """A melee weapon, natural weapon or unarmed attack: only high precision shields it."""
    RANGED = "ranged"
    """A ranged weapon or shot. Entirely energy: low (from beyond engagement range) and medium
    (not from a grappler) can shield it. A projectile with added energy: only high."""
    EXPLOSIVE_IMPACT = "explosive impact"
    """The impact damage of an explosive or grenade device on its target: only high."""
    AREA = "area"
    """Area damage of an AoE or of an explosive's blast reaching this character: medium and
    high; low precision acts on the whole AoE before it bursts (see ``shield_aoe``)."""
    DAMAGE_AURA = "damage aura"
    """A hit from a damage aura: cannot be dodged; only high precision shields its energy."""


class AttackOrigin(enum.StrEnum):
    """Where a ranged attack comes from, relative to the shielded character."""

    BEYOND_ENGAGEMENT = "beyond engagement range"
    """From a character the target is neither engaged nor grouped-up with."""
    ENGAGED = "engaged"
    """From a character the target is engaged or grouped-up with."""
    GRAPPLING = "grappling"
    """From a character the target is grappling with."""
    ON_VEHICLE = "on the vehicle"
    """The target is a vehicle and the attacker has climbed onto it."""


@output_record
@dataclass(frozen=True, slots=True)
class ShieldEligibility:
    """Whether a shielding level can act on a hit, and the rule that says so."""

    allowed: bool
    """True if the shield must act (shielding is automatic once set up)."""
    reason: str
    """The rule, in the source's words."""


_HIGH_OK = "high precision is effective against all energy damage, regardless of weapon or range"


def shield_eligibility(
    level: Precision | str,
    *,
    form: AttackForm | str,
    origin: AttackOrigin | str = AttackOrigin.BEYOND_ENGAGEMENT,
    entirely_energy: bool = True,
    from_inside: bool = False,
) -> ShieldEligibility:
    """Whether shielding of ``level`` can stop the energy of a hit, and why.

    Rule: 002, "Energy Shielding" and "Shielding AoEs & ZAoEs":

    * low: "can only block energy attacks that originate from greater than engagement range
      ... effective against ranged attacks consisting entirely of energy damage. Weapons that
      combine normal and energy damage cannot be shielded"; a shield of greater range "cannot
      be used against attacks from short-range within the shield" (``from_inside``); "An
      explosive or grenade device ... cannot be shielded by low-precision shielding."
    * medium: "ranged attacks at any range, except from characters you are currently
      grappling with ... non-impact explosive blast damage, or ranged attacks that consist
      entirely of energy damage; melee attacks and projectiles with added energy damage still
      bypass the shield"; "cannot protect a vehicle against attacks from characters who have
      climbed onto it"; explosive "Impact damage cannot be shielded by medium-precision".
    * high: "effective against all energy damage, regardless of the weapon or range".
    * damage auras: "can only be shielded by high-precision energy shielding".

    ``origin`` and ``entirely_energy`` matter only for ranged attacks; ``from_inside`` only
    for low precision: whether the attack starts within the part of the shield it cannot
    cover (its reach is set by the Ability or device, not by this chapter).

    Interpretation: low precision never acts on :attr:`AttackForm.AREA` here, because it acts
    on the AoE as a whole before it bursts (``shield_aoe``/``shield_zaoe``); an attacker
    standing on the target vehicle is inside a low-precision shield's reach.

    Raises:
        ValueError: a choice is not one of its enum's values, or a flag is not a bool.

    >>> shield_eligibility("low", form="ranged").allowed
    True
    >>> shield_eligibility("medium", form="ranged", entirely_energy=False).reason
    'projectiles with added energy damage bypass low and medium precision shielding'
    """
    level = check_choice("level", level, Precision)
    form = check_choice("form", form, AttackForm)
    origin = check_choice("origin", origin, AttackOrigin)
    entirely_energy = check_bool("entirely_energy", entirely_energy)
    from_inside = check_bool("from_inside", from_inside)

    def no(reason: str) -> ShieldEligibility:
        return ShieldEligibility(False, reason)

    if level is Precision.HIGH:
        return ShieldEligibility(True, _HIGH_OK)
    if form is AttackForm.DAMAGE_AURA:
        return no("damage auras can only be shielded by high-precision energy shielding")
    if form is AttackForm.MELEE:
        return no("melee attacks bypass low and medium precision shielding")
    if form is AttackForm.EXPLOSIVE_IMPACT:
        return no("explosive impact damage does not exist until the device explodes")
    if form is AttackForm.RANGED and not entirely_energy:
        return no("projectiles with added energy damage bypass low and medium precision shielding")
    if level is Precision.LOW:
        if form is AttackForm.AREA:
            return no("low precision shields the AoE as a whole, before it bursts")
        if origin is not AttackOrigin.BEYOND_ENGAGEMENT:
            return no("low precision only blocks attacks from beyond engagement range")
        if from_inside:
            return no("low precision cannot block attacks from within its own reach")
        return ShieldEligibility(True, "a ranged attack entirely of energy from beyond engagement")
    if origin is AttackOrigin.GRAPPLING:
        return no("medium precision does not block attacks from a character you grapple with")
    if origin is AttackOrigin.ON_VEHICLE:
        return no("medium precision cannot protect a vehicle from characters climbed onto it")
    if form is AttackForm.AREA:
        return ShieldEligibility(True, "medium precision shields area damage like other AoEs")
    return ShieldEligibility(True, "medium precision shields ranged attacks entirely of energy")


def can_shield(
    level: Precision | str,
    *,
    form: AttackForm | str,
    origin: AttackOrigin | str = AttackOrigin.BEYOND_ENGAGEMENT,
    entirely_energy: bool = True,
    from_inside: bool = False,
) -> bool:
    """Whether shielding of ``level`` can stop the energy of a hit (see :func:`shield_eligibility`).

    Rule: 002, "Energy Shielding".

    Raises:
        ValueError: as :func:`shield_eligibility`.

    >>> can_shield("low", form="melee"), can_shield("high", form="melee")
    (False, True)
    >>> can_shield("medium", form="ranged", origin="grappling")
    False
    """
    return shield_eligibility(
        level, form=form, origin=origin, entirely_energy=entirely_energy, from_inside=from_inside
    ).allowed


def shield(damage: int, points: int, *, doubly_effective: bool = False) -> tuple[int, int]:
    """The point-for-point shielding exchange: ``(damage left, points left)``.

    Rule: 002, "Energy Shielding": "Shielding of all three levels consumes shielding points to
    negate damage. For example, if a character with 50 shielding points shields an energy
    attack of 40 damage, they subtract 40 shielding points to reduce the damage to 0, and have
    10 shielding points remaining. A character cannot choose to partially shield, though their
    shielding points may only be sufficient to shield partially; in this case, they subtract
    their total shielding points from the incoming damage."

    The exchange is the same at every precision level; what differs is when it happens and
    what damage it sees (see :class:`Precision`): for low and medium precision the drive of
    the shielded energy falls with its damage, for high precision ``damage`` is the damage
    left after armor and the drive is unchanged. There is no "amount to shield": shielding is
    all or as much as the points allow.

    ``doubly_effective`` is for "device-based sources of energy shielding ("techshields")
    [that] are doubly effective against blast damage" (the source says "most", so the caller
    says which). Interpretation: each point then negates 2 blast damage, and a last odd point
    of damage still costs a whole point (points spent = damage / 2 rounded up).

    Raises:
        ValueError: ``damage`` or ``points`` is not an integer >= 0, or ``doubly_effective``
            is not a bool.

    >>> shield(40, 50)  # Source: "reduce the damage to 0, and have 10 shielding points remaining"
    (0, 10)
    >>> shield(40, 25)  # not enough points: all of them are subtracted
    (15, 0)
    >>> shield(41, 25, doubly_effective=True), shield(60, 25, doubly_effective=True)
    ((0, 4), (10, 0))
    """
    damage = check_int("damage", damage, 0)
    points = check_int("points", points, 0)
    return _exchange(damage, points, check_bool("doubly_effective", doubly_effective))


def _exchange(damage: int, points: int, doubly_effective: bool) -> tuple[int, int]:
    """:func:`shield` of checked values (a damage of any size: a ZAoE faces 3x a value)."""
    per_point = 2 if doubly_effective else 1
    if points * per_point >= damage:
        spent = -(-damage // per_point)  # damage / per_point, rounded up
        return 0, points - spent
    return damage - points * per_point, 0


@dataclass(frozen=True, slots=True)
class Shield:
    """One source of energy shielding in play, with its own pool of points.

    Rule: 002, "Energy Shielding": "Each source of shielding may have its own separate pool of
    shielding points". ``name`` is free text ("Energy Shielding - Basic", "techshield").
    ``doubly_effective_vs_blast`` marks a techshield (see :func:`shield`).
    ``attack_from_inside`` (low precision only) says the attack starts within the part of the
    shield's area it cannot cover (e.g. short range inside a building-wide shield).
    Points shared between sources are not modelled: give each pool one ``Shield``.

    Raises:
        ValueError: ``level`` is not a :class:`Precision`, ``points`` is not an integer
            >= 0, a flag is not a bool, or ``name`` is not text.

    >>> Shield("medium", 30).level
    <Precision.MEDIUM: 'medium'>
    """

    level: Precision
    """Its precision level."""
    points: int
    """Its shielding points at the start of the attack."""
    name: str = ""
    """Its source, for display."""
    doubly_effective_vs_blast: bool = False
    """A techshield: each point negates 2 blast damage."""
    attack_from_inside: bool = False
    """Low precision: the attack starts inside the area this shield cannot cover."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        put("level", check_choice("level", self.level, Precision))
        put("points", check_int("points", self.points, 0))
        put("name", check_text("name", self.name))
        put(
            "doubly_effective_vs_blast",
            check_bool("doubly_effective_vs_blast", self.doubly_effective_vs_blast),
        )
        put("attack_from_inside", check_bool("attack_from_inside", self.attack_from_inside))


def order_shields(shields: Iterable[Shield]) -> tuple[Shield, ...]:
    """The shields in the order they act: low, then medium, then high; given order within one.

    Rule: 002, "Energy Shielding": "low precision must occur first, then medium precision,
    then high precision ... If there are multiple sources of the same level ... the order of
    shielding can be freely decided. However, one source must go first": the caller's order
    within a level is that free choice.

    Raises:
        ValueError: ``shields`` is not a sequence (not a set: the order within a level is the
            caller's choice) of at most 10,000 :class:`Shield` records.

    >>> [s.name for s in order_shields([Shield("high", 5, "skin"), Shield("low", 9, "dome")])]
    ['dome', 'skin']
    """
    items = check_items("shields", shields, "Shield records")
    checked = [check_instance(f"shields[{i}]", item, Shield) for i, item in enumerate(items)]
    return tuple(sorted(checked, key=lambda s: SHIELDING_ORDER.index(s.level)))
