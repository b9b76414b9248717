"""Vehicles in personal combat: damage to hits, hit locations and the effects of repeated hits.

Source: ``003_c7092257a5e3046d.txt``, "Vehicles in Personal Combat", "Collisions", "Vehicle
Damage" (tables "Vehicle Damage" and "Vehicle Hit Location", and the sections per location),
and "Ground Force Weaponry against Starship-scale Targets".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution, dice_sum
from rules.validation import InvalidType, check_choice, check_int, check_number, output_record

__all__ = [
    "EXTRA_DOUBLE_EVERY",
    "EXTRA_SINGLE_EVERY",
    "HIT_LOCATIONS",
    "LOCATION_EFFECTS",
    "STARSHIP_DAMAGE_DIVISOR",
    "STARSHIP_SCALE_DM",
    "VEHICLE_DAMAGE",
    "VEHICLE_DAMAGE_TABLE_MAX",
    "HitTable",
    "Location",
    "LocationEffects",
    "LocationHit",
    "VehicleDamageRow",
    "collision_dice",
    "hit_location",
    "hit_location_odds",
    "location_hit_effect",
    "vehicle_hits",
    "vehicle_hits_distribution",
]


@output_record
@dataclass(frozen=True, slots=True)
class VehicleDamageRow:
    """One row of the Vehicle Damage table."""

    low: int
    """Least damage of the row."""
    high: int
    """Most damage of the row."""
    text: str
    """The "Effect" cell as printed."""
    hits: tuple[int, int, int]
    """(single, double, triple) hits."""


VEHICLE_DAMAGE: Final[tuple[VehicleDamageRow, ...]] = (
    VehicleDamageRow(1, 3, "Single Hit", (1, 0, 0)),
    VehicleDamageRow(4, 6, "Two Single Hits", (2, 0, 0)),
    VehicleDamageRow(7, 9, "Double Hit", (0, 1, 0)),
    VehicleDamageRow(10, 12, "Three Single Hits", (3, 0, 0)),
    VehicleDamageRow(13, 15, "Two Single Hits, Double Hit", (2, 1, 0)),
    VehicleDamageRow(16, 18, "Two Double Hits", (0, 2, 0)),
    VehicleDamageRow(19, 21, "Triple Hit", (0, 0, 1)),
    VehicleDamageRow(22, 24, "Triple Hit, Single Hit", (1, 0, 1)),
    VehicleDamageRow(25, 27, "Triple Hit, Double Hit", (0, 1, 1)),
    VehicleDamageRow(28, 30, "Triple Hit, Double Hit, Single Hit", (1, 1, 1)),
    VehicleDamageRow(31, 33, "Two Triple Hits", (0, 0, 2)),
)
"""The Vehicle Damage table from 1 to 33 points ("0 or less: No damage").

Source: ``003_c7092257a5e3046d.txt``, "Vehicle Damage", table "Vehicle Damage"."""

VEHICLE_DAMAGE_TABLE_MAX: Final = 33
"""The last damage the printed rows cover (31-33: Two Triple Hits)."""

EXTRA_SINGLE_EVERY: Final = 3
"""Source: table "Vehicle Damage", "For every extra three points +1 Single Hit"."""

EXTRA_DOUBLE_EVERY: Final = 6
"""Source: table "Vehicle Damage", "For every extra six points +1 Double Hit"."""

STARSHIP_SCALE_DM: Final = 4
"""Ground force weapons gain DM +4 to hit starship-scale targets.

Source: ``003_c7092257a5e3046d.txt``, "Ground Force Weaponry against Starship-scale Targets".
Not part of :class:`~rules.cepheus.AttackSituation`: give this DM as ``referee_dm`` to see the
to-hit odds; the damage is :func:`~rules.cepheus.starship_scale_damage_distribution`."""

STARSHIP_DAMAGE_DIVISOR: Final = 50
"""Source: as ``STARSHIP_SCALE_DM`` ("must divide its damage by 50 before comparing it to a
starship-scale target's armor")."""


def vehicle_hits(damage: int, *, variant: Variant = DEFAULT_VARIANT) -> tuple[int, int, int]:
    """The (single, double, triple) hits a vehicle suffers from ``damage`` (after armor).

    Rule: ``003_c7092257a5e3046d.txt``, "Vehicle Damage", table "Vehicle Damage" (rows
    ``VEHICLE_DAMAGE``; 0 or less: no damage).

    Interpretation: past 33 points both closing lines apply, each counting whole points beyond
    33: "For every extra three points +1 Single Hit" adds ``(damage - 33) // 3`` single hits and
    "For every extra six points +1 Double Hit" adds ``(damage - 33) // 6`` double hits, on top
    of the Two Triple Hits of 31-33. So 34 and 35 are as 33, 36 adds a single hit and 39 adds
    two single hits and a double hit. Switchable: with
    ``variant.vehicle_double_replaces_singles`` each Double Hit of six extra points replaces
    the two Single Hits of those points (39 adds one Double Hit only).

    Raises:
        ValueError: ``damage`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> vehicle_hits(0), vehicle_hits(14), vehicle_hits(33), vehicle_hits(39)
    ((0, 0, 0), (2, 1, 0), (0, 0, 2), (2, 1, 2))
    >>> vehicle_hits(39, variant=Variant(vehicle_double_replaces_singles=True))
    (0, 1, 2)
    """
    damage = check_int("damage", damage)
    return _vehicle_hits(damage, _check_variant(variant).vehicle_double_replaces_singles)


def _vehicle_hits(damage: int, replaces: bool) -> tuple[int, int, int]:
    """:func:`vehicle_hits` of a checked damage under the variant's reading past 33."""
    if damage <= 0:
        return (0, 0, 0)
    if damage <= VEHICLE_DAMAGE_TABLE_MAX:
        return VEHICLE_DAMAGE[(damage - 1) // 3].hits
    extra = damage - VEHICLE_DAMAGE_TABLE_MAX
    single, double, triple = VEHICLE_DAMAGE[-1].hits
    singles, doubles = extra // EXTRA_SINGLE_EVERY, extra // EXTRA_DOUBLE_EVERY
    if replaces:
        singles -= 2 * doubles
    return (single + singles, double + doubles, triple)


def vehicle_hits_distribution(
    damage: Distribution[int], *, variant: Variant = DEFAULT_VARIANT
) -> Distribution[tuple[int, int, int]]:
    """The distribution of (single, double, triple) hits for a distribution of damage.

    Rule: as :func:`vehicle_hits`; feed it the ``damage`` of
    :func:`~rules.cepheus.attack_odds` with the vehicle's armor as ``armor`` (and the same
    ``variant``).

    Raises:
        ValueError: ``damage`` is not a :class:`~rules.dice.Distribution` of integers, or
            ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> vehicle_hits_distribution(dice_sum(1, 6))[(2, 0, 0)]
    Fraction(1, 2)
    """
    if not isinstance(damage, Distribution):
        raise InvalidType("damage", "a Distribution of integers", damage)
    variant = _check_variant(variant)
    return damage.map(lambda points: vehicle_hits(points, variant=variant))


class HitTable(enum.StrEnum):
    """The three columns of the Vehicle Hit Location table."""

    EXTERNAL = "external"
    """External Hit (Vehicle)."""
    INTERNAL = "internal"
    """Internal Hit (Vehicle): where hits go once a vehicle's Hull is gone."""
    ROBOT_OR_DRONE = "robot_or_drone"
    """Robot or Drone."""


class Location(enum.StrEnum):
    """A hit location of a vehicle, robot or drone."""

    HULL = "hull"
    """Hull: reduce Hull by one."""
    STRUCTURE = "structure"
    """Structure: reduce Structure by one."""
    ARMOR = "armor"
    """Armor: reduce armor by one."""
    DRIVE = "drive"
    """Drive: movement and control penalties, then disabled."""
    WEAPON = "weapon"
    """Weapon: a random weapon or device is damaged, then destroyed."""
    SENSORS = "sensors"
    """Sensors: Comms (and Recon) penalty, then destroyed."""
    POWER_PLANT = "power_plant"
    """Power Plant: lost actions, half movement, then destroyed."""
    WEAPON_OR_LIMB = "weapon_or_limb"
    """Robot or drone: a Weapon or a Limb hit (the table leaves the choice open)."""
    LIMB = "limb"
    """Limb: a random limb is damaged, then destroyed."""
    PASSENGERS = "passengers"
    """Passengers: a random passenger takes the vehicle's damage."""
    CARGO = "cargo"
    """Cargo: cargo is hit and may be destroyed."""
    COCKPIT = "cockpit"
    """Cockpit: the pilot takes the vehicle's damage."""
    COMPUTER = "computer"
    """Computer ("Computers" in the Internal column): disabled, then destroyed."""

    @property
    def label(self) -> str:
        """The rulebook's name, e.g. ``"Power Plant"``."""
        return self.value.replace("_", " ").title().replace(" Or ", " or ")


_H, _S, _PP = Location.HULL, Location.STRUCTURE, Location.POWER_PLANT

HIT_LOCATIONS: Final = MappingProxyType(
    {
        #                    2    3             4             5
        HitTable.EXTERNAL: (
            _H,
            Location.SENSORS,
            Location.DRIVE,
            Location.WEAPON,
            _H,  # 6
            Location.ARMOR,  # 7
            _H,  # 8
            Location.WEAPON,  # 9
            Location.DRIVE,  # 10
            Location.SENSORS,  # 11
            _H,  # 12
        ),
        HitTable.INTERNAL: (
            _S,
            _PP,
            _PP,
            Location.CARGO,
            _S,  # 6
            Location.PASSENGERS,  # 7
            _S,  # 8
            Location.CARGO,  # 9
            Location.COMPUTER,  # 10
            Location.COCKPIT,  # 11
            Location.COCKPIT,  # 12
        ),
        HitTable.ROBOT_OR_DRONE: (
            _H,
            _PP,
            Location.SENSORS,
            Location.WEAPON_OR_LIMB,
            _H,  # 6
            Location.ARMOR,  # 7
            _H,  # 8
            Location.WEAPON_OR_LIMB,  # 9
            Location.DRIVE,  # 10
            Location.SENSORS,  # 11
            Location.COMPUTER,  # 12
        ),
    }
)
"""Hit table -> the location of each 2D6 roll from 2 to 12.

Source: ``003_c7092257a5e3046d.txt``, "Vehicle Damage", table "Vehicle Hit Location". The
Internal column's "Computers" (10) is the "Computer" location of the effects list."""


def hit_location(table: HitTable | str, roll: int) -> Location:
    """The location hit on ``table`` by a 2D6 ``roll``.

    Rule: ``003_c7092257a5e3046d.txt``, table "Vehicle Hit Location" (``HIT_LOCATIONS``).
    "Double or Triple hits count as two or three hits on the same location": roll once for
    them.

    Raises:
        ValueError: ``table`` is not a :class:`HitTable` or its value, or ``roll`` not an
            integer in 2..12.

    >>> hit_location("external", 7), hit_location("internal", 10)
    (<Location.ARMOR: 'armor'>, <Location.COMPUTER: 'computer'>)
    >>> hit_location("robot_or_drone", 12)
    <Location.COMPUTER: 'computer'>
    """
    table = check_choice("table", table, HitTable)
    return HIT_LOCATIONS[table][check_int("roll", roll, 2, 12) - 2]


def hit_location_odds(table: HitTable | str) -> Distribution[Location]:
    """The exact chance of each location on ``table`` (2D6 over the Vehicle Hit Location table).

    Rule: as :func:`hit_location`.

    Raises:
        ValueError: ``table`` is not a :class:`HitTable` or its value.

    >>> hit_location_odds("external")[Location.HULL]
    Fraction(1, 3)
    """
    table = check_choice("table", table, HitTable)
    return dice_sum(2, 6).map(lambda roll: HIT_LOCATIONS[table][roll - 2])


@output_record
@dataclass(frozen=True, slots=True)
class LocationEffects:
    """What successive hits on one location do."""

    location: Location
    """The location."""
    hits: tuple[str, ...]
    """The effect of the first, second, ... hit (the last repeats if ``repeats``)."""
    repeats: bool
    """True if every hit has the same effect until a condition (``further``) is met."""
    further: str
    """What happens to hits beyond ``hits`` or once the condition is met, as printed."""
    becomes: Location | None
    """The location further hits count as (``None``: not a fixed location)."""
    per_item: bool = False
    """True if the hits count per weapon or limb chosen at random."""


def _effects(
    location: Location,
    hits: tuple[str, ...],
    further: str,
    becomes: Location | None,
    *,
    repeats: bool = False,
    per_item: bool = False,
) -> LocationEffects:
    return LocationEffects(location, hits, repeats, further, becomes, per_item)


LOCATION_EFFECTS: Final = MappingProxyType(
    {
        Location.HULL: _effects(
            Location.HULL,
            ("Reduce the vehicle or drone's Hull by one.",),
            "If a vehicle runs out of Hull, further Hull hits become hits on the same row of "
            "the Internal Damage table (if a vehicle) or Structure hits (if a robot or drone).",
            None,
            repeats=True,
        ),
        Location.STRUCTURE: _effects(
            Location.STRUCTURE,
            ("Reduce the vehicle or drone's Structure by one.",),
            "If a vehicle runs out of Structure, it is destroyed. If the vehicle is destroyed by "
            "an attack that reduces it to a negative Structure score it explodes, doing 4D6 "
            "damage to everyone within six meters (including the occupants) and 2D6 damage to "
            "everyone within twelve meters.",
            None,
            repeats=True,
        ),
        Location.ARMOR: _effects(
            Location.ARMOR,
            ("Reduce the vehicle's armor by one.",),
            "The source says nothing of a vehicle with no armor left.",
            None,
            repeats=True,
        ),
        Location.DRIVE: _effects(
            Location.DRIVE,
            (
                "Reduce movement by 10% and apply a -1 DM to all vehicle control skill checks.",
                "Reduce movement by 25% and apply a -2 DM to all vehicle control skill checks.",
                "Drive disabled.",
            ),
            "Further drive hits count as Hull hits.",
            Location.HULL,
        ),
        Location.WEAPON: _effects(
            Location.WEAPON,
            (
                "The weapon or device suffers a -2 DM to all checks related to its operation.",
                "The weapon or device is destroyed.",
            ),
            "Choose a weapon or device randomly for each hit. If no weapons remain to be "
            "destroyed, further hits on this location become Hull hits.",
            Location.HULL,
            per_item=True,
        ),
        Location.SENSORS: _effects(
            Location.SENSORS,
            (
                "The vehicle or drone suffers a -2 DM to all Comms checks to use sensors. For "
                "drones and robots, this also applies to Recon checks.",
                "The sensors are destroyed, blinding the vehicle or drone.",
            ),
            "Further Sensor hits count as Hull hits.",
            Location.HULL,
        ),
        Location.POWER_PLANT: _effects(
            Location.POWER_PLANT,
            (
                "The vehicle or drone loses one round's worth of actions.",
                "The vehicle or drone's movement is reduced by 50%.",
                "The power plant is destroyed, disabling the vehicle and inflicting 1D6 Hull "
                "hits on it.",
            ),
            "The source gives no effect for further Power Plant hits.",
            None,
        ),
        Location.WEAPON_OR_LIMB: _effects(
            Location.WEAPON_OR_LIMB,
            ("Apply a Weapon hit or a Limb hit.",),
            "The Robot or Drone column does not say which; see Weapon and Limb.",
            None,
            repeats=True,
        ),
        Location.LIMB: _effects(
            Location.LIMB,
            (
                "The limb suffers a -2 DM to all checks related to its operation.",
                "The limb is destroyed.",
            ),
            "Choose a limb randomly for each limb hit. Further Limb hits count as Hull hits.",
            Location.HULL,
            per_item=True,
        ),
        Location.PASSENGERS: _effects(
            Location.PASSENGERS,
            (
                "Choose a passenger randomly. The passenger takes damage equal to the damage "
                "inflicted on the vehicle.",
            ),
            "If all the passengers are dead, further passenger hits become Structure hits.",
            Location.STRUCTURE,
            repeats=True,
        ),
        Location.CARGO: _effects(
            Location.CARGO,
            ("Any cargo present is hit and may be destroyed.",),
            "If no cargo remains, further cargo hits become Structure hits.",
            Location.STRUCTURE,
            repeats=True,
        ),
        Location.COCKPIT: _effects(
            Location.COCKPIT,
            (
                "The pilot of the vehicle is hit, and takes damage equal to the damage inflicted "
                "on the vehicle.",
            ),
            "If the pilot is dead, further pilot hits become Structure hits.",
            Location.STRUCTURE,
            repeats=True,
        ),
        Location.COMPUTER: _effects(
            Location.COMPUTER,
            (
                "The vehicle's computer system is disabled. A drone or robot with a disabled "
                "computer system shuts down for 1D6 rounds.",
                "The vehicle's computer system is destroyed. A drone or robot with no computer "
                "system is completely disabled.",
            ),
            "Further Computer hits count as Structure hits.",
            Location.STRUCTURE,
        ),
    }
)
"""Location -> the effects of successive hits. Source: ``003_c7092257a5e3046d.txt``, "Vehicle
Damage", the sections Hull, Structure, Armor, Drive, Weapon, Sensors, Power Plant, Limb,
Passengers, Cargo, Cockpit and Computer (quoted)."""


@output_record
@dataclass(frozen=True, slots=True)
class LocationHit:
    """The effect of one hit on a location."""

    location: Location
    """The location hit."""
    hit_number: int
    """Which hit on this location (on this weapon or limb, for those) it is, from 1."""
    effect: str
    """What it does, as printed."""
    becomes: Location | None
    """The location it counts as instead (``None``: it takes effect here)."""


def location_hit_effect(location: Location | str, hit_number: int) -> LocationHit:
    """The effect of the ``hit_number``-th hit on ``location``.

    Rule: ``003_c7092257a5e3046d.txt``, "Vehicle Damage", the section of each location
    (``LOCATION_EFFECTS``). Drive, Sensors and Computer count hits: past their last listed hit a
    hit counts as a Hull (Computer: Structure) hit. For Weapon and Limb the count is per weapon
    or limb, and a hit past the second (nothing left to destroy) counts as a Hull hit. Hull,
    Structure, Armor, Passengers, Cargo and Cockpit do the same every time, until
    the vehicle's state (no Hull, no passengers left, ...) redirects them, which the caller
    tracks with ``LOCATION_EFFECTS[location].further``.

    Raises:
        ValueError: ``location`` is not a :class:`Location` or its value, or ``hit_number`` is
            not an integer >= 1.

    >>> location_hit_effect("drive", 2).effect
    'Reduce movement by 25% and apply a -2 DM to all vehicle control skill checks.'
    >>> location_hit_effect("drive", 4).becomes
    <Location.HULL: 'hull'>
    """
    location = check_choice("location", location, Location)
    hit_number = check_int("hit_number", hit_number, 1)
    rules = LOCATION_EFFECTS[location]
    if hit_number <= len(rules.hits):
        return LocationHit(location, hit_number, rules.hits[hit_number - 1], None)
    if rules.repeats:
        return LocationHit(location, hit_number, rules.hits[-1], None)
    return LocationHit(location, hit_number, rules.further, rules.becomes)


def collision_dice(speed_kph: int | float | Fraction) -> int:
    """The D6 of damage in a collision: 1D6 per 10 kph of speed, rounded up.

    Rule: ``003_c7092257a5e3046d.txt``, "Collisions" ("Roll 1D6 for every 10 kph of the
    vehicle's speed (round up)").

    Raises:
        ValueError: ``speed_kph`` is not a finite number >= 0.

    >>> collision_dice(45), collision_dice(50), collision_dice(0)
    (5, 5, 0)
    """
    speed = check_number("speed_kph", speed_kph, 0)
    return -(-speed.numerator // (10 * speed.denominator))
