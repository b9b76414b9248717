"""Collisions: the damage to what is hit, to the ramming vehicle and to its passengers.

Source: ``003_c7092257a5e3046d.txt``, "Vehicles in Personal Combat", "Collisions" (with "Armor"
and the tables "Vehicle Damage" and "Vehicle Hit Location"). A deliberate collision, the ram,
is :mod:`rules.cepheus.ram`; the hits on each location are
:mod:`rules.cepheus.vehicle_hit_locations`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from rules.cepheus._common import after_armor, check_bool, check_rng, number_text, roll_d6
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.cepheus.vehicle_hit_locations import location_hits_distribution
from rules.cepheus.vehicles import (
    VEHICLE_DAMAGE,
    VEHICLE_DAMAGE_TABLE_MAX,
    HitTable,
    Location,
    _vehicle_hits,
    collision_dice,
    hit_location,
)
from rules.dice import Distribution, dice_sum_counts
from rules.validation import (
    check_choice,
    check_int,
    check_number,
    output_record,
)

__all__ = [
    "COLLISION_THROW_METRES",
    "MAX_COLLISION_KPH",
    "SECURED_DAMAGE_DIVISOR",
    "CollisionOdds",
    "CollisionRoll",
    "collision_odds",
    "roll_collision",
    "secured_damage",
    "thrown_metres",
]

COLLISION_THROW_METRES: Final = 3
"""Unsecured passengers "are thrown three meters for every 10 kph of speed" ("Collisions")."""

SECURED_DAMAGE_DIVISOR: Final = 4
"""Secured passengers "take one quarter damage" ("Collisions")."""

MAX_COLLISION_KPH: Final = 400
"""The fastest collision :func:`collision_odds` takes: 400 kph, 40D6 (the hit locations of
both vehicles over every total keep the slowest call near 0.1 s)."""


def thrown_metres(speed_kph: int | float | Fraction) -> int:
    """How far unsecured passengers are thrown in a collision: 3 m per 10 kph of speed.

    Rule: ``003_c7092257a5e3046d.txt``, "Collisions" ("Any unsecured passengers ... are thrown
    three meters for every 10 kph of speed"), "if possible".

    Interpretation: the 10 kph are counted as for the damage in the same paragraph ("for every
    10 kph of the vehicle's speed (round up)"): 3 m per die of collision damage
    (:func:`~rules.cepheus.collision_dice`), so 45 kph throws them 15 m.

    Raises:
        ValueError: ``speed_kph`` is not a finite number >= 0.

    >>> thrown_metres(45), thrown_metres(50), thrown_metres(0)
    (15, 15, 0)
    """
    return COLLISION_THROW_METRES * collision_dice(speed_kph)


def secured_damage(damage: int, *, armor: int = 0) -> int:
    """The damage a secured passenger takes from a collision of ``damage`` points.

    Rule: ``003_c7092257a5e3046d.txt``, "Collisions" ("Secured passengers (those wearing
    seatbelts or something similar) are not thrown anywhere and take one quarter damage") and
    "Armor".

    Interpretation: the quarter is of the damage rolled, rounded up (as the chapter's only
    rounding of a share of damage, "half damage (round up)" at extreme range, and as the
    explosions' half), then the passenger's own armor takes its value off; never below 0.

    Raises:
        ValueError: ``damage`` or ``armor`` is not an integer >= 0.

    >>> secured_damage(14), secured_damage(1), secured_damage(16, armor=3)
    (4, 1, 1)
    """
    damage = check_int("damage", damage, 0)
    armor = check_int("armor", armor, 0)
    return after_armor(_quarter(damage), armor)


def _quarter(damage: int) -> int:
    return -(-damage // SECURED_DAMAGE_DIVISOR)


@output_record
@dataclass(frozen=True, slots=True)
class CollisionOdds:
    """The exact result of :func:`collision_odds`: every party's damage from one roll."""

    speed_kph: Fraction
    """The vehicle's speed."""
    dice: int
    """D6 of damage: one per 10 kph, rounded up."""
    damage: Distribution[int]
    """The damage rolled (before anyone's armor)."""
    struck: Distribution[int]
    """Damage to what is hit, after its armor."""
    struck_hits: Distribution[tuple[int, int, int]]
    """(single, double, triple) hits if what is hit is a vehicle (Vehicle Damage table)."""
    struck_locations: Mapping[Location, Distribution[int]]
    """Hits on each location of the struck vehicle's hit table."""
    rammer: Distribution[int] | None
    """Damage to the ramming vehicle, after its armor (``None``: what it hit is not solid)."""
    rammer_hits: Distribution[tuple[int, int, int]] | None
    """(single, double, triple) hits on the ramming vehicle (``None``: not solid)."""
    rammer_locations: Mapping[Location, Distribution[int]] | None
    """Hits on each location of the ramming vehicle's hit table (``None``: not solid)."""
    unsecured: Distribution[int]
    """Damage to an unsecured passenger of a damaged vehicle, after his armor."""
    secured: Distribution[int]
    """Damage to a secured passenger, a quarter (rounded up), after his armor."""
    thrown_metres: int
    """How far unsecured passengers are thrown, if possible (secured ones are not thrown)."""


def collision_odds(
    speed_kph: int | float | Fraction,
    *,
    struck_armor: int = 0,
    solid: bool = True,
    rammer_armor: int = 0,
    passenger_armor: int = 0,
    struck_table: HitTable | str = "external",
    rammer_table: HitTable | str = "external",
    variant: Variant = DEFAULT_VARIANT,
) -> CollisionOdds:
    """The exact damage of a collision to what is hit, the ramming vehicle and its passengers.

    Rule: ``003_c7092257a5e3046d.txt``, "Collisions": "Roll 1D6 for every 10 kph of the
    vehicle's speed (round up). This is applied as damage directly to anything hit and, if the
    thing struck is solid enough, also to the ramming vehicle. Any unsecured passengers in a
    vehicle damaged in a collision take the same damage and, if possible, are thrown three
    meters for every 10 kph of speed. Secured passengers ... are not thrown anywhere and take
    one quarter damage." Then "Armor", and for a vehicle the Vehicle Damage and Vehicle Hit
    Location tables (:func:`~rules.cepheus.vehicle_hits`,
    :func:`~rules.cepheus.location_hits_distribution`).

    ``solid`` is whether what is hit is "solid enough" (the Referee's call: an input). The
    passengers are those of any vehicle the collision damages (the ramming vehicle when
    ``solid``, a struck vehicle always).

    Interpretations: one roll is the damage for everyone ("This is applied ... the same
    damage"), so the distributions are of the same roll; each party's armor takes its value off
    (never below 0). The passengers' damage is the damage rolled, not what the vehicle's armor
    leaves ("the same damage"; the vehicle's armor protects its structure), less the
    passenger's own armor (``passenger_armor``). A secured passenger's quarter is rounded up
    before his armor (:func:`secured_damage`); the throw counts 10 kph as the dice do
    (:func:`thrown_metres`).

    ``variant``: past 33 points (after armor) ``variant.vehicle_double_replaces_singles``
    lets each Double Hit replace two Single Hits (:func:`~rules.cepheus.vehicle_hits`), in the
    hits and their locations.

    ``speed_kph`` is at most 400 (:data:`MAX_COLLISION_KPH`, 40D6), which keeps the slowest
    call near 0.1 s.

    Raises:
        ValueError: ``speed_kph`` is not a number in 0..400, an armor not an integer >= 0,
            ``solid`` not a bool, a table not a :class:`~rules.cepheus.HitTable` or its
            value, or ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> odds = collision_odds(30, struck_armor=4, rammer_armor=6)
    >>> odds.dice, odds.thrown_metres, odds.damage.mean(), odds.struck.mean()
    (3, 9, Fraction(21, 2), Fraction(1405, 216))
    >>> odds.secured[3], odds.rammer_hits[(0, 0, 0)]
    (Fraction(13, 27), Fraction(5, 54))
    """
    speed = check_number("speed_kph", speed_kph, 0, MAX_COLLISION_KPH)
    armors = {
        name: check_int(name, value, 0)
        for name, value in (
            ("struck_armor", struck_armor),
            ("rammer_armor", rammer_armor),
            ("passenger_armor", passenger_armor),
        )
    }
    solid = check_bool("solid", solid)
    tables = (
        check_choice("struck_table", struck_table, HitTable),
        check_choice("rammer_table", rammer_table, HitTable),
    )
    variant = _check_variant(variant)
    replaces = variant.vehicle_double_replaces_singles
    dice = collision_dice(speed)
    damage = _dice_total(dice)
    struck = damage.map(lambda d: after_armor(d, armors["struck_armor"]))
    struck_hits = _hits_distribution(struck, replaces)
    rammer = rammer_hits = rammer_locations = None
    if solid:
        rammer = damage.map(lambda d: after_armor(d, armors["rammer_armor"]))
        rammer_hits = _hits_distribution(rammer, replaces)
        rammer_locations = location_hits_distribution(rammer, tables[1], variant=variant)
    passenger = armors["passenger_armor"]
    return CollisionOdds(
        speed_kph=speed,
        dice=dice,
        damage=damage,
        struck=struck,
        struck_hits=struck_hits,
        struck_locations=location_hits_distribution(struck, tables[0], variant=variant),
        rammer=rammer,
        rammer_hits=rammer_hits,
        rammer_locations=rammer_locations,
        unsecured=damage.map(lambda d: after_armor(d, passenger)),
        secured=damage.map(lambda d: after_armor(_quarter(d), passenger)),
        thrown_metres=COLLISION_THROW_METRES * dice,
    )


def _hits_distribution(
    damage: Distribution[int], replaces: bool
) -> Distribution[tuple[int, int, int]]:
    return damage.map(lambda points: _vehicle_hits(points, replaces))


def _dice_total(dice: int) -> Distribution[int]:
    ways = dice_sum_counts(dice, 6)
    return Distribution._exact(
        {dice + offset: Fraction(count, 6**dice) for offset, count in enumerate(ways)}
    )


@output_record
@dataclass(frozen=True, slots=True)
class CollisionRoll:
    """One rolled collision, with a step-by-step log."""

    rolls: tuple[int, ...]
    """The collision's damage dice, in the order rolled."""
    damage: int
    """Their sum: the damage before anyone's armor."""
    struck: int
    """Damage to what was hit, after its armor."""
    struck_hits: tuple[tuple[Location, int], ...]
    """Each hit group on the struck vehicle: its location and its hits (1, 2 or 3)."""
    rammer: int | None
    """Damage to the ramming vehicle (``None``: what it hit was not solid)."""
    rammer_hits: tuple[tuple[Location, int], ...]
    """Each hit group on the ramming vehicle: its location and its hits (1, 2 or 3)."""
    unsecured: int
    """Damage to an unsecured passenger, after his armor."""
    secured: int
    """Damage to a secured passenger, after his armor."""
    thrown_metres: int
    """How far unsecured passengers are thrown, if possible."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_collision(
    speed_kph: int | float | Fraction,
    *,
    struck_armor: int = 0,
    solid: bool = True,
    rammer_armor: int = 0,
    passenger_armor: int = 0,
    struck_table: HitTable | str = "external",
    rammer_table: HitTable | str = "external",
    rng: random.Random,
    variant: Variant = DEFAULT_VARIANT,
) -> CollisionRoll:
    """Roll a collision with ``rng``: the damage, then each vehicle's hit locations, with a log.

    Rule: as :func:`collision_odds`. Dice come from ``rng.randint(1, 6)``: the collision's dice,
    then 2D6 per hit group of the struck vehicle (singles, doubles, triples), then of the
    ramming vehicle. ``variant`` as :func:`collision_odds`.

    Raises:
        ValueError: as :func:`collision_odds`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_collision(25, struck_armor=2, rammer_armor=9, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    Collision at 25 kph: 3D6: 2 + 5 + 5 = 12
    Struck: 12 - armor 2 = 10: Three Single Hits
      Single hit: 2D6 = 2 + 3 = 5: Weapon
      Single hit: 2D6 = 5 + 4 = 9: Weapon
      Single hit: 2D6 = 6 + 5 = 11: Sensors
    Ramming vehicle: 12 - armor 9 = 3: Single Hit
      Single hit: 2D6 = 1 + 5 = 6: Hull
    Unsecured passengers: 12 damage, thrown 9 m (if possible)
    Secured passengers: a quarter, rounded up: 3 damage
    """
    speed = check_number("speed_kph", speed_kph, 0, MAX_COLLISION_KPH)
    armor = check_int("struck_armor", struck_armor, 0)
    own_armor = check_int("rammer_armor", rammer_armor, 0)
    passenger = check_int("passenger_armor", passenger_armor, 0)
    solid = check_bool("solid", solid)
    table = check_choice("struck_table", struck_table, HitTable)
    own_table = check_choice("rammer_table", rammer_table, HitTable)
    replaces = _check_variant(variant).vehicle_double_replaces_singles
    check_rng(rng)
    dice = collision_dice(speed)
    rolls = roll_d6(rng, dice)
    damage = sum(rolls)
    faces = " + ".join(map(str, rolls)) or "0"
    text = f"Collision at {number_text(speed)} kph: {dice}D6: {faces}"
    log = [text + (f" = {damage}" if dice > 1 else "")]
    struck = after_armor(damage, armor)
    struck_hits = _roll_hits("Struck", damage, armor, table, rng, log, replaces)
    rammer: int | None = None
    rammer_hits: tuple[tuple[Location, int], ...] = ()
    if solid:
        rammer = after_armor(damage, own_armor)
        rammer_hits = _roll_hits(
            "Ramming vehicle", damage, own_armor, own_table, rng, log, replaces
        )
    else:
        log.append("Ramming vehicle: what it hit is not solid enough, no damage")
    unsecured = after_armor(damage, passenger)
    secured = after_armor(_quarter(damage), passenger)
    armor_text = f" - armor {passenger}" if passenger else ""
    whose = "" if solid else " (of the struck vehicle, if it is one)"
    unsecured_text = f"{damage}{armor_text} = {unsecured}" if passenger else f"{damage}"
    log.append(
        f"Unsecured passengers{whose}: {unsecured_text} damage, "
        f"thrown {COLLISION_THROW_METRES * dice} m (if possible)"
    )
    quarter_text = f"{_quarter(damage)}{armor_text} = {secured}" if passenger else f"{secured}"
    log.append(f"Secured passengers{whose}: a quarter, rounded up: {quarter_text} damage")
    return CollisionRoll(
        rolls,
        damage,
        struck,
        struck_hits,
        rammer,
        rammer_hits,
        unsecured,
        secured,
        COLLISION_THROW_METRES * dice,
        tuple(log),
    )


_GROUP_NAMES: Final = ("Single", "Double", "Triple")


def _roll_hits(
    who: str,
    damage: int,
    armor: int,
    table: HitTable,
    rng: random.Random,
    log: list[str],
    replaces: bool,
) -> tuple[tuple[Location, int], ...]:
    after = after_armor(damage, armor)
    hits = _vehicle_hits(after, replaces)
    log.append(f"{who}: {damage} - armor {armor} = {after}: {_hits_text(after, hits)}")
    groups: list[tuple[Location, int]] = []
    for size, count in enumerate(hits, start=1):
        for _ in range(count):
            first, second = roll_d6(rng, 2)
            location = hit_location(table, first + second)
            groups.append((location, size))
            log.append(
                f"  {_GROUP_NAMES[size - 1]} hit: 2D6 = {first} + {second} = "
                f"{first + second}: {location.label}"
            )
    return tuple(groups)


def _hits_text(damage: int, hits: tuple[int, int, int]) -> str:
    if damage <= 0:
        return "No damage"
    if damage <= VEHICLE_DAMAGE_TABLE_MAX:
        return VEHICLE_DAMAGE[(damage - 1) // 3].text
    return f"{hits[0]} single, {hits[1]} double, {hits[2]} triple hits"
