"""Vehicles in personal combat, the actions and their dice: collisions, rams, evasive action,
weaving, a vehicle exploding, and ground weapons against starship-scale targets.

Source: ``003_c7092257a5e3046d.txt``, "Vehicles in Personal Combat": "Collisions", "Vehicular
Actions" ("Evasive Action", "Ram", "Weave"), "Vehicle Damage" (the "Structure" section, the
tables "Vehicle Damage" and "Vehicle Hit Location") and "Ground Force Weaponry against
Starship-scale Targets". The tables and single hits are :mod:`rules.cepheus.vehicles`; the
explosion (take, dodge, dive) is :mod:`rules.cepheus.explosions`; the attack model that takes
evasive action as DMs is :mod:`rules.cepheus.attack`.

This module is over 600 lines because it holds the six passages of one chapter section that
work together (a ram is a check and a collision; evasive action is a check feeding the attack
model; the collision's hits go through the hit location table), each with its exact
distribution and its seeded roll.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus import modifiers as m
from rules.cepheus._common import check_bool, check_rng, roll_d6
from rules.cepheus.attack import AttackOdds, AttackSituation, attack_odds
from rules.cepheus.checks import TARGET_NUMBER, CheckRoll, _effect_distribution, _roll_check
from rules.cepheus.damage import _damage_distribution
from rules.cepheus.explosions import (
    ExplosionReaction,
    ExplosionRoll,
    explosion_damage_distribution,
    roll_explosion,
)
from rules.cepheus.vehicles import (
    STARSHIP_DAMAGE_DIVISOR,
    VEHICLE_DAMAGE,
    VEHICLE_DAMAGE_TABLE_MAX,
    HitTable,
    Location,
    collision_dice,
    hit_location,
    hit_location_odds,
    vehicle_hits,
)
from rules.dice import MAX_DICE, Distribution, dice_sum_counts
from rules.validation import (
    MAX_MAGNITUDE,
    InvalidInput,
    InvalidType,
    check_choice,
    check_instance,
    check_int,
    check_items,
    check_number,
    output_record,
)

__all__ = [
    "COLLISION_THROW_METRES",
    "MAX_COLLISION_KPH",
    "MAX_DENOMINATOR_BITS",
    "MAX_LOCATION_DAMAGE",
    "SECURED_DAMAGE_DIVISOR",
    "VEHICLE_EXPLOSION_RINGS",
    "WEAVE_KPH_PER_POINT",
    "CollisionOdds",
    "CollisionRoll",
    "EvasiveAttackOdds",
    "HalfDice",
    "RamOdds",
    "RamRoll",
    "StarshipScaleRoll",
    "StructureState",
    "WeaveOdds",
    "WeaveRoll",
    "collision_odds",
    "evasive_action_dm",
    "evasive_action_odds",
    "evasive_attack_odds",
    "location_hits_distribution",
    "max_weave",
    "ram_odds",
    "roll_collision",
    "roll_ram",
    "roll_starship_scale",
    "roll_vehicle_explosion",
    "roll_weave",
    "secured_damage",
    "starship_scale_damage",
    "starship_scale_damage_distribution",
    "structure_state",
    "thrown_metres",
    "vehicle_explosion_dice",
    "vehicle_explosion_distribution",
    "weave_odds",
]

# --- Hits and their locations -------------------------------------------------------------

MAX_LOCATION_DAMAGE: Final = 300
"""The most damage an outcome given to :func:`location_hits_distribution` may have (the most a
collision at 400 kph does is 240), which keeps the slowest call near 0.1 s."""

MAX_DENOMINATOR_BITS: Final = 4096
"""The most bits of the common denominator of the probabilities given to
:func:`location_hits_distribution` (every distribution of this package has far fewer: 300D6
has 776)."""

_SIDES_2D6: Final = 36


def _ways_by_hits(
    weights: list[tuple[tuple[int, int, int], int]], miss: int, ways: int, slot: int
) -> int:
    """The sum of ``weight`` times the packed polynomial of each outcome (see
    :func:`location_hits_distribution`), each built from the previous outcome's when it has at
    least as many of each kind of hit (one cheap factor per extra hit group)."""
    total = 0
    current: tuple[int, int, int] = (0, 0, 0)
    poly = 1
    for hits, weight in weights:
        if any(h < c for h, c in zip(hits, current, strict=True)):
            current, poly = (0, 0, 0), 1
        for stride in (1, 2, 3):
            shift = slot * stride
            for _ in range(hits[stride - 1] - current[stride - 1]):
                poly = poly * miss + ((poly * ways) << shift)
        current = hits
        total += weight * poly
    return total


def location_hits_distribution(
    damage: Distribution[int], table: HitTable | str = "external"
) -> Mapping[Location, Distribution[int]]:
    """For each location of ``table``, the exact distribution of the hits that ``damage`` puts
    there.

    Rule: ``003_c7092257a5e3046d.txt``, "Vehicle Damage": "Each hit is then applied to a
    particular location on the vehicle. Double or Triple hits count as two or three hits on the
    same location" (table "Vehicle Hit Location", :func:`~rules.cepheus.hit_location_odds`).
    ``damage`` is the distribution of damage after the vehicle's armor (as
    :func:`~rules.cepheus.attack_odds` or :func:`collision_odds` give), turned into single,
    double and triple hits by the Vehicle Damage table (:func:`~rules.cepheus.vehicle_hits`).

    Interpretation: each single, double or triple hit rolls 2D6 once on ``table``, all rolls
    independent; a double hit puts 2 hits on its location, a triple 3. The locations are as
    rolled: where the vehicle's state moves a hit elsewhere (no Hull left, a drive already
    disabled: :func:`~rules.cepheus.location_hit_effect`) is the caller's to track.

    Counted with integers: for a location reached by ``k`` of the 36 rolls, the ways of each
    number of hits among the ``36 ** (s + d + t)`` rolls of ``s`` single, ``d`` double and
    ``t`` triple hits are the coefficients of ``((36 - k) + k x) ** s ((36 - k) + k x**2) ** d
    ((36 - k) + k x**3) ** t``; they are multiplied as packed integers (one slot per
    coefficient, wide enough for the whole sum, so nothing carries), each built from the
    previous one's (past 33 points the table only adds hits), weighted by the outcome's
    probability over one common denominator, summed and unpacked once. The damage is at most
    300 (:data:`MAX_LOCATION_DAMAGE`), the probabilities' common denominator at most 4096 bits
    (:data:`MAX_DENOMINATOR_BITS`).

    Raises:
        ValueError: ``damage`` is not a :class:`~rules.dice.Distribution` of integers at most
            300 whose probabilities have a common denominator of at most 4096 bits, or
            ``table`` not a :class:`~rules.cepheus.HitTable` or its value.

    One die of damage is one single hit (1-3) or two (4-6); Hull is 12 of the 36 rolls:

    >>> from rules.dice import dice_sum
    >>> odds = location_hits_distribution(dice_sum(1, 6))
    >>> odds[Location.HULL] == {0: Fraction(5, 9), 1: Fraction(7, 18), 2: Fraction(1, 18)}
    True
    """
    table = check_choice("table", table, HitTable)
    outcomes, common = _check_damage(damage)
    deepest = max(sum(h) for h, _ in outcomes)
    most = max(s + 2 * d + 3 * t for (s, d, t), _ in outcomes)
    denominator = common * _SIDES_2D6**deepest
    slot = (denominator.bit_length() + 8) // 8 * 8  # bits per coefficient, whole bytes
    weights = [
        (h, p.numerator * (common // p.denominator) * _SIDES_2D6 ** (deepest - sum(h)))
        for h, p in outcomes
    ]
    weights.sort(key=lambda item: (item[0][2], item[0][1], item[0][0]))
    result: dict[Location, Distribution[int]] = {}
    by_ways: dict[int, Distribution[int]] = {}
    for location, chance in hit_location_odds(table).items():
        ways = chance.numerator * (_SIDES_2D6 // chance.denominator)
        if ways not in by_ways:
            total = _ways_by_hits(weights, _SIDES_2D6 - ways, ways, slot)
            raw = total.to_bytes((most + 1) * slot // 8, "little")
            width = slot // 8
            by_ways[ways] = Distribution._exact(
                {
                    count: Fraction(n, denominator)
                    for count in range(most + 1)
                    if (n := int.from_bytes(raw[count * width : (count + 1) * width], "little"))
                }
            )
        result[location] = by_ways[ways]
    return MappingProxyType(result)


def _check_damage(damage: object) -> tuple[list[tuple[tuple[int, int, int], Fraction]], int]:
    allowed = (
        f"a Distribution of integers at most {MAX_LOCATION_DAMAGE}, with a common denominator "
        f"of at most {MAX_DENOMINATOR_BITS} bits"
    )
    if not isinstance(damage, Distribution):
        raise InvalidType("damage", allowed, damage)
    merged: dict[tuple[int, int, int], Fraction] = {}
    common = 1
    for value, p in damage.items():
        points = check_int("damage outcome", value, None, MAX_LOCATION_DAMAGE)
        common = math.lcm(common, p.denominator)
        if common.bit_length() > MAX_DENOMINATOR_BITS:
            raise InvalidInput("damage", allowed, damage)
        hits = vehicle_hits(points)
        merged[hits] = merged.get(hits, Fraction(0)) + p
    return list(merged.items()), common


def _hits_distribution(damage: Distribution[int]) -> Distribution[tuple[int, int, int]]:
    return damage.map(vehicle_hits)


# --- Collisions ---------------------------------------------------------------------------

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
    return _after_armor(_quarter(damage), armor)


def _quarter(damage: int) -> int:
    return -(-damage // SECURED_DAMAGE_DIVISOR)


def _after_armor(damage: int, armor: int) -> int:
    return max(0, damage - armor)


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
) -> CollisionOdds:
    """The exact damage of a collision to what is hit, the ramming vehicle and its passengers.

    Rule: ``003_c7092257a5e3046d.txt``, "Collisions": "Roll 1D6 for every 10 kph of the
    vehicle's speed (round up). This is applied as damage directly to anything hit and, if the
    thing struck is solid enough, also to the ramming vehicle. Any unsecured passengers in a
    vehicle damaged in a collision take the same damage and, if possible, are thrown three
    meters for every 10 kph of speed. Secured passengers ... are not thrown anywhere and take
    one quarter damage." Then "Armor", and for a vehicle the Vehicle Damage and Vehicle Hit
    Location tables (:func:`~rules.cepheus.vehicle_hits`, :func:`location_hits_distribution`).

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

    ``speed_kph`` is at most 400 (:data:`MAX_COLLISION_KPH`, 40D6), which keeps the slowest
    call near 0.1 s.

    Raises:
        ValueError: ``speed_kph`` is not a number in 0..400, an armor not an integer >= 0,
            ``solid`` not a bool, or a table not a :class:`~rules.cepheus.HitTable` or its
            value.

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
    dice = collision_dice(speed)
    damage = _dice_total(dice)
    struck = damage.map(lambda d: _after_armor(d, armors["struck_armor"]))
    struck_hits = _hits_distribution(struck)
    rammer = rammer_hits = rammer_locations = None
    if solid:
        rammer = damage.map(lambda d: _after_armor(d, armors["rammer_armor"]))
        rammer_hits = _hits_distribution(rammer)
        rammer_locations = location_hits_distribution(rammer, tables[1])
    passenger = armors["passenger_armor"]
    return CollisionOdds(
        speed_kph=speed,
        dice=dice,
        damage=damage,
        struck=struck,
        struck_hits=struck_hits,
        struck_locations=location_hits_distribution(struck, tables[0]),
        rammer=rammer,
        rammer_hits=rammer_hits,
        rammer_locations=rammer_locations,
        unsecured=damage.map(lambda d: _after_armor(d, passenger)),
        secured=damage.map(lambda d: _after_armor(_quarter(d), passenger)),
        thrown_metres=COLLISION_THROW_METRES * dice,
    )


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
) -> CollisionRoll:
    """Roll a collision with ``rng``: the damage, then each vehicle's hit locations, with a log.

    Rule: as :func:`collision_odds`. Dice come from ``rng.randint(1, 6)``: the collision's dice,
    then 2D6 per hit group of the struck vehicle (singles, doubles, triples), then of the
    ramming vehicle.

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
    check_rng(rng)
    dice = collision_dice(speed)
    rolls = roll_d6(rng, dice)
    damage = sum(rolls)
    text = f"Collision at {_number(speed)} kph: {dice}D6: " + (" + ".join(map(str, rolls)) or "0")
    log = [text + (f" = {damage}" if dice > 1 else "")]
    struck = _after_armor(damage, armor)
    struck_hits = _roll_hits("Struck", damage, armor, table, rng, log)
    rammer: int | None = None
    rammer_hits: tuple[tuple[Location, int], ...] = ()
    if solid:
        rammer = _after_armor(damage, own_armor)
        rammer_hits = _roll_hits("Ramming vehicle", damage, own_armor, own_table, rng, log)
    else:
        log.append("Ramming vehicle: what it hit is not solid enough, no damage")
    unsecured = _after_armor(damage, passenger)
    secured = _after_armor(_quarter(damage), passenger)
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
    who: str, damage: int, armor: int, table: HitTable, rng: random.Random, log: list[str]
) -> tuple[tuple[Location, int], ...]:
    after = _after_armor(damage, armor)
    hits = vehicle_hits(after)
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


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


# --- Evasive action -----------------------------------------------------------------------


def evasive_action_dm(effect: int) -> int:
    """The DM evasive action gives attacks on and from the vehicle: minus the driver's Effect.

    Rule: ``003_c7092257a5e3046d.txt``, "Evasive Action" ("He makes a skill check (skill
    determined by vehicle) and the Effect acts as a -DM to all attacks against the vehicle or
    its passengers. The Effect also acts as a -DM to any attacks made from the vehicle as well.
    This lasts until the driver's next action").

    Interpretation: a failed check (Effect below 0) gives no DM: a negative Effect taken as a
    "-DM" would help the attackers, which evading cannot do. An Effect of 0 succeeds with DM 0.

    Raises:
        ValueError: ``effect`` is not an integer.

    >>> evasive_action_dm(3), evasive_action_dm(0), evasive_action_dm(-2)
    (-3, 0, 0)
    """
    return -max(0, check_int("effect", effect))


def evasive_action_odds(driver_dm: int) -> Distribution[int]:
    """The exact distribution of evasive action's penalty (the Effect, 0 on a failure).

    The outcome is the number the attack model takes as ``target_evasive_effect`` or
    ``own_evasive_effect`` of :class:`~rules.cepheus.AttackSituation` (the DM is minus it).
    Rule: as :func:`evasive_action_dm`; the check is 2D6 + ``driver_dm`` against 8+
    (``driver_dm``: the vehicle skill, characteristic DM and any DM on the driver, such as a
    Drive hit's).

    Raises:
        ValueError: ``driver_dm`` is not an integer of at most ``2**53 - 5`` in size (so that
            the Effect, at most the DM + 4, is a valid input of the attack model).

    >>> evasive_action_odds(0) == {0: Fraction(26, 36), 1: Fraction(4, 36), 2: Fraction(3, 36),
    ...     3: Fraction(2, 36), 4: Fraction(1, 36)}
    True
    """
    dm = _check_driver_dm(driver_dm)
    return _effect_distribution(dm, TARGET_NUMBER, False).map(lambda e: max(0, e))


_MOST_EFFECT_ABOVE_DM: Final = 12 - TARGET_NUMBER
"""The Effect of a check is at most its DM + 4 (a roll of 12)."""


def _check_driver_dm(driver_dm: object) -> int:
    """The evasive check's DM, small enough that its Effect is a valid evasive Effect."""
    return check_int("driver_dm", driver_dm, -MAX_MAGNITUDE, MAX_MAGNITUDE - _MOST_EFFECT_ABOVE_DM)


@output_record
@dataclass(frozen=True, slots=True)
class EvasiveAttackOdds:
    """The exact result of :func:`evasive_attack_odds`: an attack over the evasive check."""

    evasion: Distribution[int]
    """The evasive Effect (0 on a failed check): the attack's penalty."""
    base: AttackOdds
    """The attack's exact odds without evasive action (its DM breakdown, range, blocks)."""
    effect: Distribution[int] | None
    """The attack's Effect over every result of the evasive check (``None``: blocked)."""
    hit_chance: Fraction
    """The chance that the attack hits, over every result of the evasive check."""
    damage: Distribution[int]
    """The damage after armor (0 for a miss, and for suppression fire), over every result of
    the evasive check."""


def evasive_attack_odds(
    situation: AttackSituation, driver_dm: int, *, from_vehicle: bool = False
) -> EvasiveAttackOdds:
    """An attack's exact odds when a vehicle's driver takes evasive action before it.

    Rule: ``003_c7092257a5e3046d.txt``, "Evasive Action" (:func:`evasive_action_dm`) with
    :func:`~rules.cepheus.attack_odds`: the driver's check (2D6 + ``driver_dm`` against 8+)
    gives each evasive Effect its chance, and the attack is taken at each resulting penalty.
    With ``from_vehicle`` the attack is made from the evading vehicle (the attack model's
    ``own_evasive_effect``), else against it or its passengers (``target_evasive_effect``);
    either way the penalty only lowers the attack's total DM, so the attack's Effect is its
    Effect without evasion less the evasive Effect, the two checks independent. The damage is
    then that of :func:`~rules.cepheus.attack_odds` (dice, Effect, armor) over the mixed Effect,
    in one pass, so the call costs about two ``attack_odds`` of the same situation (0.2 s at
    the most dice, 300D6).

    Raises:
        ValueError: ``situation`` is not an :class:`~rules.cepheus.AttackSituation` or already
            has the evasive Effect this sets, ``driver_dm`` is not an integer of at most
            ``2**53 - 5`` in size, or
            ``from_vehicle`` not a bool.

    >>> shot = AttackSituation(weapon="rifle", damage_dice=3, band="medium", skill=1,
    ...     target_vehicle=True)
    >>> evasive_attack_odds(shot, 1).hit_chance, attack_odds(shot).hit_chance
    (Fraction(7, 12), Fraction(13, 18))
    """
    situation = check_instance("situation", situation, AttackSituation)
    dm = _check_driver_dm(driver_dm)
    own = check_bool("from_vehicle", from_vehicle)
    name = "own_evasive_effect" if own else "target_evasive_effect"
    if getattr(situation, name):
        raise InvalidInput(
            "situation",
            f"an AttackSituation with {name} 0 (evasive_attack_odds sets it from the check)",
            situation,
        )
    evasion = evasive_action_odds(dm)
    base = attack_odds(situation)
    no_damage: Distribution[int] = Distribution._exact({0: Fraction(1)})
    if base.effect is None:
        return EvasiveAttackOdds(evasion, base, None, Fraction(0), no_damage)
    mixed: dict[int, Fraction] = {}
    for penalty, p in evasion.items():
        for value, q in base.effect.items():
            mixed[value - penalty] = mixed.get(value - penalty, Fraction(0)) + p * q
    effect = Distribution._exact(mixed)
    hit = effect.probability(lambda value: value >= 0)
    if situation.fire_mode is m.FireMode.SUPPRESSION:
        return EvasiveAttackOdds(evasion, base, effect, hit, no_damage)
    damage = _damage_distribution(
        list(effect.items()),
        base.damage_dice,
        base.damage_bonus,
        situation.armor,
        situation.adds_effect,
        base.halved,
    )
    return EvasiveAttackOdds(evasion, base, effect, hit, damage)


# --- Ram ----------------------------------------------------------------------------------


@output_record
@dataclass(frozen=True, slots=True)
class RamOdds:
    """The exact result of :func:`ram_odds`."""

    modifiers: tuple[m.Modifier, ...]
    """Every DM of the ram check, labelled."""
    total_dm: int
    """Their sum: the check is 2D6 + this against 8+."""
    automatic: bool
    """The Referee declared the ram automatically successful."""
    success_chance: Fraction
    """The chance that the ram hits."""
    collision: CollisionOdds
    """The collision of a successful ram."""
    struck: Distribution[int]
    """Damage to the target after its armor, 0 when the ram fails."""
    rammer: Distribution[int] | None
    """Damage to the ramming vehicle, 0 when the ram fails (``None``: the target is not
    solid)."""


def _ram_modifiers(
    driver_dm: int, dodge: bool, dodge_obstruction: bool, evasive: int, referee_dm: int
) -> tuple[m.Modifier, ...]:
    rows = [m.Modifier("Driver's vehicle skill and DMs", driver_dm)]
    if dodge:
        label = "Target Dodges (Reaction" + (", obstruction)" if dodge_obstruction else ")")
        rows.append(m.Modifier(label, m.dodge_dm(dodge_obstruction)))
    if evasive:
        rows.append(m.Modifier("Evasive Action (target vehicle)", evasive_action_dm(evasive)))
    if referee_dm:
        rows.append(m.Modifier("Referee", referee_dm))
    return tuple(rows)


def ram_odds(
    speed_kph: int | float | Fraction,
    *,
    driver_dm: int,
    dodge: bool = False,
    dodge_obstruction: bool = False,
    target_evasive_effect: int = 0,
    referee_dm: int = 0,
    automatic: bool = False,
    struck_armor: int = 0,
    solid: bool = True,
    rammer_armor: int = 0,
    passenger_armor: int = 0,
    struck_table: HitTable | str = "external",
    rammer_table: HitTable | str = "external",
) -> RamOdds:
    """The exact chance that a ram succeeds and the damage it does to both sides.

    Rule: ``003_c7092257a5e3046d.txt``, "Ram": "Deliberately driving a vehicle into someone or
    something requires a significant action and a successful skill check (skill determined by
    vehicle). Rams are affected by dodging and evasive action as normal. The Referee may grant
    bonuses to a ram attempt or declare it automatically successful if the target is
    particularly large." A successful ram is a collision at ``speed_kph``
    (:func:`collision_odds`, whose other inputs these are).

    Interpretations: the check is 2D6 + ``driver_dm`` (skill, characteristic DM and any DM on
    the driver) against 8+; a dodging target gives -1, or -2 with cover or an obstruction to
    dodge behind ("Dodging", :func:`~rules.cepheus.modifiers.dodge_dm`); a target vehicle's
    evasive action gives minus its driver's Effect (:func:`evasive_action_dm`). The ram's Effect
    adds nothing to the collision's damage (the chapter gives the damage of a collision only).
    The rammer's own evasive action has ended: it lasts "until the driver's next action", which
    is the ram.

    Raises:
        ValueError: as :func:`collision_odds`, or ``driver_dm`` or ``referee_dm`` is not an
            integer, ``target_evasive_effect`` not an integer >= 0, or a flag not a bool.

    >>> odds = ram_odds(60, driver_dm=2, dodge=True, struck_armor=3, rammer_armor=10)
    >>> [(row.label, row.dm) for row in odds.modifiers]
    [("Driver's vehicle skill and DMs", 2), ('Target Dodges (Reaction)', -1)]
    >>> odds.success_chance, odds.struck[0]
    (Fraction(7, 12), Fraction(5, 12))
    """
    dm = check_int("driver_dm", driver_dm)
    dodging = check_bool("dodge", dodge)
    obstruction = check_bool("dodge_obstruction", dodge_obstruction)
    evasive = check_int("target_evasive_effect", target_evasive_effect, 0)
    referee = check_int("referee_dm", referee_dm)
    auto = check_bool("automatic", automatic)
    collision = collision_odds(
        speed_kph,
        struck_armor=struck_armor,
        solid=solid,
        rammer_armor=rammer_armor,
        passenger_armor=passenger_armor,
        struck_table=struck_table,
        rammer_table=rammer_table,
    )
    rows = _ram_modifiers(dm, dodging, obstruction and dodging, evasive, referee)
    total = sum(row.dm for row in rows)
    if auto:
        chance = Fraction(1)
    else:
        chance = _effect_distribution(total, TARGET_NUMBER, False).probability(lambda e: e >= 0)
    rammer = None if collision.rammer is None else _or_zero(collision.rammer, chance)
    return RamOdds(rows, total, auto, chance, collision, _or_zero(collision.struck, chance), rammer)


def _or_zero(damage: Distribution[int], chance: Fraction) -> Distribution[int]:
    """``damage`` with ``chance``, else 0."""
    mixed = {value: p * chance for value, p in damage.items()}
    if chance != 1:
        mixed[0] = mixed.get(0, Fraction(0)) + 1 - chance
    return Distribution._exact({k: v for k, v in mixed.items() if v})


@output_record
@dataclass(frozen=True, slots=True)
class RamRoll:
    """One rolled ram: the check, then the collision if it succeeds, with a log."""

    check: CheckRoll | None
    """The ram check (``None`` when the ram is automatically successful)."""
    success: bool
    """True if the ram hit."""
    collision: CollisionRoll | None
    """The collision of a successful ram (``None`` when it failed)."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_ram(
    speed_kph: int | float | Fraction,
    *,
    driver_dm: int,
    dodge: bool = False,
    dodge_obstruction: bool = False,
    target_evasive_effect: int = 0,
    referee_dm: int = 0,
    automatic: bool = False,
    struck_armor: int = 0,
    solid: bool = True,
    rammer_armor: int = 0,
    passenger_armor: int = 0,
    struck_table: HitTable | str = "external",
    rammer_table: HitTable | str = "external",
    rng: random.Random,
) -> RamRoll:
    """Roll a ram with ``rng``: the check (2D6 first), then the collision, with a log.

    Rule: as :func:`ram_odds`; the collision is rolled as by :func:`roll_collision`.

    Raises:
        ValueError: as :func:`ram_odds`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_ram(20, driver_dm=1, struck_armor=0, solid=False, rng=random.Random(3))
    >>> print("\\n".join(result.log))
      Driver's vehicle skill and DMs +1
    Ram check 2D6: 2 + 5 = 7, +1 = 8 vs 8+: success, Effect 0
    Collision at 20 kph: 2D6: 5 + 2 = 7
    Struck: 7 - armor 0 = 7: Double Hit
      Double hit: 2D6 = 3 + 5 = 8: Hull
    Ramming vehicle: what it hit is not solid enough, no damage
    Unsecured passengers (of the struck vehicle, if it is one): 7 damage, thrown 6 m (if possible)
    Secured passengers (of the struck vehicle, if it is one): a quarter, rounded up: 2 damage
    """
    odds = ram_odds(
        speed_kph,
        driver_dm=driver_dm,
        dodge=dodge,
        dodge_obstruction=dodge_obstruction,
        target_evasive_effect=target_evasive_effect,
        referee_dm=referee_dm,
        automatic=automatic,
        struck_armor=struck_armor,
        solid=solid,
        rammer_armor=rammer_armor,
        passenger_armor=passenger_armor,
        struck_table=struck_table,
        rammer_table=rammer_table,
    )
    check_rng(rng)
    log = [f"  {row.label} {row.dm:+d}" for row in odds.modifiers]
    check = None
    if odds.automatic:
        log.append("Ram: automatically successful (the Referee's call)")
        success = True
    else:
        check = _roll_check(odds.total_dm, rng, TARGET_NUMBER, False)
        success = check.success
        log.append(
            f"Ram check 2D6: {check.kept[0]} + {check.kept[1]} = {sum(check.kept)}, "
            f"{check.dm:+d} = {check.total} vs {TARGET_NUMBER}+: "
            f"{'success' if success else 'failure'}, Effect {check.effect}"
        )
    if not success:
        log.append("The ram misses: no collision")
        return RamRoll(check, False, None, tuple(log))
    collision = roll_collision(
        speed_kph,
        struck_armor=struck_armor,
        solid=solid,
        rammer_armor=rammer_armor,
        passenger_armor=passenger_armor,
        struck_table=struck_table,
        rammer_table=rammer_table,
        rng=rng,
    )
    return RamRoll(check, True, collision, tuple(log) + collision.log)


# --- Weave --------------------------------------------------------------------------------

WEAVE_KPH_PER_POINT: Final = 20
"""The weaving number goes up to "one per 20 km/h of speed (round up)" ("Weave")."""


def max_weave(speed_kph: int | float | Fraction) -> int:
    """The highest weaving number at ``speed_kph``: one per 20 km/h, rounded up.

    Rule: ``003_c7092257a5e3046d.txt``, "Weave" ("The driver chooses a weaving number, as low
    as one or as high as one per 20 km/h of speed (round up)"). At speed 0 it is 0: a vehicle
    at rest cannot weave (the lowest weaving number is 1).

    Raises:
        ValueError: ``speed_kph`` is not a finite number >= 0.

    >>> max_weave(1), max_weave(20), max_weave(21), max_weave(100), max_weave(0)
    (1, 1, 2, 5, 0)
    """
    speed = check_number("speed_kph", speed_kph, 0)
    return -(-speed.numerator // (WEAVE_KPH_PER_POINT * speed.denominator))


@output_record
@dataclass(frozen=True, slots=True)
class WeaveOdds:
    """The exact result of :func:`weave_odds`."""

    weave: int
    """The weaving number chosen: the penalty on both checks."""
    max_weave: int
    """The highest weaving number at this speed."""
    driver_success: Fraction
    """The chance the driver weaves through."""
    driver_crash: Fraction
    """The chance the driver weaves into an obstacle and crashes."""
    pursuer_success_if_following: Fraction
    """The chance a pursuer who follows weaves through (his check alone)."""
    pursuer_crash: Fraction
    """The chance a pursuer who follows crashes: the driver succeeds, then he fails."""
    pursuit_holds: Fraction
    """The chance both weave through: the pursuit goes on."""


def weave_odds(
    speed_kph: int | float | Fraction, weave: int, *, driver_dm: int, pursuer_dm: int = 0
) -> WeaveOdds:
    """The exact chances that the weaving driver crashes, that a pursuer crashes, or it holds.

    Rule: ``003_c7092257a5e3046d.txt``, "Weave": the driver "must then make a skill check (skill
    determined by vehicle) with the weaving number as a penalty on his roll. If he fails, he has
    woven into an obstacle and crashed. If he succeeds, any pursuers must choose a weave action
    on their turn and make their skill test at the same penalty with the same consequence for
    failure. Alternatively, they can choose to break off pursuit". ``driver_dm`` and
    ``pursuer_dm`` are their skill, characteristic DM and other DMs (the weave's penalty
    apart).

    The checks are 2D6 + DM - ``weave`` against 8+, independent. A pursuer who breaks off takes
    no check; for one who follows: he crashes if the driver succeeds and he fails, the pursuit
    holds if both succeed, and if the driver crashes there is no one to follow. Several
    pursuers each take their own check (call once per pursuer's DM).

    Raises:
        ValueError: ``speed_kph`` is not a finite number > 0, ``weave`` not an integer from 1
            to :func:`max_weave` at that speed, or a DM not an integer.

    >>> odds = weave_odds(50, 3, driver_dm=3, pursuer_dm=1)
    >>> odds.max_weave, odds.driver_crash, odds.pursuer_crash, odds.pursuit_holds
    (3, Fraction(7, 12), Fraction(25, 72), Fraction(5, 72))
    """
    highest = _check_speed_for_weave(speed_kph)
    weave = check_int("weave", weave, 1, highest)
    driver = check_int("driver_dm", driver_dm)
    pursuer = check_int("pursuer_dm", pursuer_dm)
    succeed = _chance(driver - weave)
    follow = _chance(pursuer - weave)
    return WeaveOdds(
        weave=weave,
        max_weave=highest,
        driver_success=succeed,
        driver_crash=1 - succeed,
        pursuer_success_if_following=follow,
        pursuer_crash=succeed * (1 - follow),
        pursuit_holds=succeed * follow,
    )


def _check_speed_for_weave(speed_kph: object) -> int:
    speed = check_number("speed_kph", speed_kph, 0)
    if speed == 0:
        raise InvalidInput("speed_kph", "a number > 0 (a vehicle at rest cannot weave)", speed_kph)
    return max_weave(speed)


def _chance(dm: int) -> Fraction:
    return _effect_distribution(dm, TARGET_NUMBER, False).probability(lambda e: e >= 0)


@output_record
@dataclass(frozen=True, slots=True)
class WeaveRoll:
    """One rolled weave: the driver's check, then the pursuer's if he got through."""

    driver: CheckRoll
    """The driver's check (its DM includes the weave's penalty)."""
    pursuer: CheckRoll | None
    """The following pursuer's check (``None`` if the driver crashed)."""
    driver_crashed: bool
    """The driver wove into an obstacle."""
    pursuer_crashed: bool
    """The pursuer followed and wove into an obstacle."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_weave(
    speed_kph: int | float | Fraction,
    weave: int,
    *,
    driver_dm: int,
    pursuer_dm: int = 0,
    rng: random.Random,
) -> WeaveRoll:
    """Roll a weave with ``rng``: the driver's 2D6, then, if he got through, the pursuer's.

    Rule: as :func:`weave_odds` (the pursuer follows).

    Raises:
        ValueError: as :func:`weave_odds`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_weave(50, 2, driver_dm=3, pursuer_dm=1, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    Weaving number 2 (at most 3 at 50 kph)
    Driver 2D6: 2 + 5 = 7, +3 - 2 = 8 vs 8+: through, Effect 0
    Pursuer 2D6: 5 + 2 = 7, +1 - 2 = 6 vs 8+: crashed into an obstacle
    """
    odds = weave_odds(speed_kph, weave, driver_dm=driver_dm, pursuer_dm=pursuer_dm)
    check_rng(rng)
    driver_dm = check_int("driver_dm", driver_dm)
    pursuer_dm = check_int("pursuer_dm", pursuer_dm)
    speed = check_number("speed_kph", speed_kph, 0)
    log = [f"Weaving number {odds.weave} (at most {odds.max_weave} at {_number(speed)} kph)"]
    driver = _roll_check(driver_dm - odds.weave, rng, TARGET_NUMBER, False)
    log.append(_weave_line("Driver", driver, driver_dm, odds.weave))
    if not driver.success:
        log.append("The driver wove into an obstacle and crashed; there is no one to follow")
        return WeaveRoll(driver, None, True, False, tuple(log))
    pursuer = _roll_check(pursuer_dm - odds.weave, rng, TARGET_NUMBER, False)
    log.append(_weave_line("Pursuer", pursuer, pursuer_dm, odds.weave))
    if pursuer.success:
        log.append("The pursuit holds")
    return WeaveRoll(driver, pursuer, False, not pursuer.success, tuple(log))


def _weave_line(who: str, check: CheckRoll, dm: int, weave: int) -> str:
    result = f"through, Effect {check.effect}" if check.success else "crashed into an obstacle"
    return (
        f"{who} 2D6: {check.kept[0]} + {check.kept[1]} = {sum(check.kept)}, {dm:+d} - {weave} "
        f"= {check.total} vs {TARGET_NUMBER}+: {result}"
    )


# --- A vehicle destroyed ------------------------------------------------------------------


class StructureState(enum.StrEnum):
    """What a vehicle's Structure score means for it ("Structure")."""

    INTACT = "intact"
    """Structure above 0."""
    DESTROYED = "destroyed"
    """Structure 0: "reduced to scrap"."""
    EXPLODES = "explodes"
    """Structure below 0 after an attack: destroyed, and it explodes."""


def structure_state(structure: int) -> StructureState:
    """Whether a vehicle left with ``structure`` is intact, destroyed or explodes.

    Rule: ``003_c7092257a5e3046d.txt``, "Structure" ("If a vehicle runs out of Structure, it is
    destroyed. If the vehicle is destroyed by an attack that reduces it to a negative Structure
    score it explodes") and "Vehicle Damage" ("When Structure is reduced to 0, the vehicle is
    reduced to scrap").

    Raises:
        ValueError: ``structure`` is not an integer.

    >>> [structure_state(s).value for s in (2, 0, -1)]
    ['intact', 'destroyed', 'explodes']
    """
    structure = check_int("structure", structure)
    if structure > 0:
        return StructureState.INTACT
    return StructureState.DESTROYED if structure == 0 else StructureState.EXPLODES


VEHICLE_EXPLOSION_RINGS: Final = ((6, 4), (12, 2))
"""(within metres, D6 of damage) of an exploding vehicle, nearest first. Source:
``003_c7092257a5e3046d.txt``, "Structure" ("4D6 damage to everyone within six meters
(including the occupants) and 2D6 damage to everyone within twelve meters")."""


def vehicle_explosion_dice(distance_metres: int | float | Fraction) -> int:
    """The D6 an exploding vehicle does at ``distance_metres``: 4 within 6 m, 2 within 12 m.

    Rule: ``003_c7092257a5e3046d.txt``, "Structure" (``VEHICLE_EXPLOSION_RINGS``). "Within"
    includes the distance itself (6 m: 4D6); beyond 12 m, none.

    Raises:
        ValueError: ``distance_metres`` is not a finite number >= 0.

    >>> [vehicle_explosion_dice(d) for d in (0, 6, 6.5, 12, 13)]
    [4, 4, 2, 2, 0]
    """
    distance = check_number("distance_metres", distance_metres, 0)
    for within, dice in VEHICLE_EXPLOSION_RINGS:
        if distance <= within:
            return dice
    return 0


def _explosion_inputs(
    distance_metres: object, occupant: object, closed: object, reaction: object
) -> tuple[int, ExplosionReaction]:
    inside = check_bool("occupant", occupant)
    shut = check_bool("closed", closed)
    chosen = check_choice("reaction", reaction, ExplosionReaction)
    distance = check_number("distance_metres", distance_metres, 0)
    if inside and distance > VEHICLE_EXPLOSION_RINGS[0][0]:
        raise InvalidInput(
            "distance_metres",
            f"a number in 0..{VEHICLE_EXPLOSION_RINGS[0][0]} for an occupant (the occupants "
            "are within six meters)",
            distance_metres,
        )
    if inside and shut and chosen is not ExplosionReaction.NONE:
        raise InvalidInput(
            "reaction",
            "'none' for an occupant of a closed vehicle (they cannot dodge or dive for cover "
            "from this explosion)",
            chosen.value,
        )
    return vehicle_explosion_dice(distance), chosen


def vehicle_explosion_distribution(
    distance_metres: int | float | Fraction = 0,
    *,
    occupant: bool = False,
    closed: bool = False,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
) -> Distribution[int]:
    """The exact damage an exploding vehicle does to one character, after reaction and armor.

    Rule: ``003_c7092257a5e3046d.txt``, "Structure": the vehicle "explodes, doing 4D6 damage to
    everyone within six meters (including the occupants) and 2D6 damage to everyone within
    twelve meters. The occupants of a closed vehicle cannot dodge or dive for cover from this
    explosion but the occupants of an open vehicle can." The dodge and the dive are those of
    "Explosions" (:func:`~rules.cepheus.explosion_damage_distribution`: less 1D6, or half
    rounded up, then armor).

    ``occupant`` is someone in the vehicle (``distance_metres`` at most 6, 0 by default);
    ``closed`` is whether the vehicle is closed (it matters to occupants only). ``armor`` is
    the character's own: the chapter does not say that a destroyed vehicle still shelters its
    occupants.

    Raises:
        ValueError: ``distance_metres`` is not a finite number >= 0 (at most 6 for an
            occupant), ``reaction`` not 'none', 'dodge' or 'dive' ('none' for an occupant of a
            closed vehicle), ``armor`` not an integer >= 0, or a flag not a bool.

    >>> vehicle_explosion_distribution(occupant=True, closed=True).mean()
    Fraction(14, 1)
    >>> vehicle_explosion_distribution(10, reaction="dive").mean()
    Fraction(15, 4)
    """
    dice, chosen = _explosion_inputs(distance_metres, occupant, closed, reaction)
    return explosion_damage_distribution(dice, reaction=chosen, armor=check_int("armor", armor, 0))


def roll_vehicle_explosion(
    distance_metres: int | float | Fraction = 0,
    *,
    occupant: bool = False,
    closed: bool = False,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
    rng: random.Random,
) -> ExplosionRoll:
    """Roll an exploding vehicle's damage to one character with ``rng``, with a log.

    Rule: as :func:`vehicle_explosion_distribution`, rolled by
    :func:`~rules.cepheus.roll_explosion` (the explosion's dice, then a dodge's 1D6).

    Raises:
        ValueError: as :func:`vehicle_explosion_distribution`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_vehicle_explosion(occupant=True, reaction="dodge", rng=random.Random(3))
    >>> print("\\n".join(result.log))
    Vehicle explodes: an occupant of an open vehicle, 4D6
    Explosion 4D6: 2 + 5 + 5 + 2 = 14
    Dodge (Initiative -2): 1D6 = 3 off: 14 - 3 = 11
    Damage taken: 11
    """
    dice, chosen = _explosion_inputs(distance_metres, occupant, closed, reaction)
    armor = check_int("armor", armor, 0)
    check_rng(rng)
    if check_bool("occupant", occupant):
        kind = "a closed" if check_bool("closed", closed) else "an open"
        where = f"an occupant of {kind} vehicle"
    else:
        distance = check_number("distance_metres", distance_metres, 0)
        where = f"{_number(distance)} m away"
    rolled = roll_explosion(dice, reaction=chosen, armor=armor, rng=rng)
    head = f"Vehicle explodes: {where}, " + (f"{dice}D6" if dice else "out of reach, no damage")
    return dataclasses.replace(rolled, log=(head, *rolled.log))


# --- Ground force weaponry against starship-scale targets --------------------------------


class HalfDice(enum.StrEnum):
    """How "half its damage dice" of an odd number of dice rounds (the source does not say)."""

    UP = "up"
    """Rounded up (3D6 adds 2D6), as the chapter's only stated rounding of a half."""
    DOWN = "down"
    """Rounded down (3D6 adds 1D6)."""


def _half(dice: int, rounding: HalfDice) -> int:
    return -(-dice // 2) if rounding is HalfDice.UP else dice // 2


def starship_scale_damage(damage: int, *, armor: int = 0) -> int:
    """The damage ground force weaponry does to a starship-scale target of ``armor``.

    Rule: ``003_c7092257a5e3046d.txt``, "Ground Force Weaponry against Starship-scale Targets"
    ("ground force weaponry must divide its damage by 50 before comparing it to a
    starship-scale target's armor"). The DM +4 to hit is
    :data:`~rules.cepheus.STARSHIP_SCALE_DM` (the attack's ``referee_dm``).

    Interpretation: the division rounds down (only whole points count against armor: "a single
    weapon will, obviously, be unable to punch though armor"), then armor takes its value off,
    never below 0.

    Raises:
        ValueError: ``damage`` or ``armor`` is not an integer >= 0.

    >>> starship_scale_damage(49), starship_scale_damage(149), starship_scale_damage(260, armor=2)
    (0, 2, 3)
    """
    damage = check_int("damage", damage, 0)
    return _after_armor(damage // STARSHIP_DAMAGE_DIVISOR, check_int("armor", armor, 0))


def _starship_inputs(
    dice: object, additional_dice: object, bonus: object, effect: object, half_dice: object
) -> tuple[int, int, int, tuple[int, ...], HalfDice]:
    first = check_int("dice", dice, 0, MAX_DICE)
    rounding = check_choice("half_dice", half_dice, HalfDice)
    items = check_items(
        "additional_dice", additional_dice, "D6 counts >= 0", max_items=2 * MAX_DICE
    )
    others = tuple(
        check_int(f"additional_dice[{i}]", value, 0, 2 * MAX_DICE) for i, value in enumerate(items)
    )
    total = first + sum(_half(n, rounding) for n in others)
    if total > MAX_DICE:
        raise InvalidInput(
            "additional_dice",
            f"weapons whose half dice and the first weapon's dice ({first}) add up to at most "
            f"{MAX_DICE} D6",
            additional_dice,
        )
    fixed = check_int("bonus", bonus) + check_int("effect", effect, 0)
    return total, first, fixed, others, rounding


def starship_scale_damage_distribution(
    dice: int,
    *,
    additional_dice: Iterable[int] = (),
    bonus: int = 0,
    effect: int = 0,
    armor: int = 0,
    half_dice: HalfDice | str = "up",
) -> Distribution[int]:
    """The exact damage of ground weapons firing together at a starship-scale target.

    Rule: ``003_c7092257a5e3046d.txt``, "Ground Force Weaponry against Starship-scale Targets":
    "Every additional ground weapon beyond the first can add half its damage dice to the total
    before dividing the total by 50 in order to calculate damage." ``dice`` and ``bonus`` are
    the first weapon's damage (``bonus``: its fixed modifier), ``effect`` its attack's Effect
    ("Damage": added to the damage), ``additional_dice`` the D6 of each other weapon.

    Interpretations: the other weapons add half their dice only (no fixed modifier, no Effect);
    "half" of an odd number of dice is the input ``half_dice`` (``'up'`` by default, as the
    chapter's "half damage (round up)"); the total is divided by 50 rounded down, then armor
    (:func:`starship_scale_damage`). A total below 0 is 0.

    Counted with integers over the D6 totals; the dice in all are at most 300
    (:data:`rules.dice.MAX_DICE`).

    Raises:
        ValueError: ``dice`` is not an integer in 0..300, ``additional_dice`` not a sequence of
            at most 600 integers >= 0 whose halves and ``dice`` add up to at most 300,
            ``bonus`` not an integer, ``effect`` or ``armor`` not an integer >= 0, or
            ``half_dice`` not 'up' or 'down'.

    8D6 + 6 reaches 50 only when the dice total 44 or more (as many rolls as total 12 or
    less: C(12, 8) = 495 of 6**8):

    >>> starship_scale_damage_distribution(8, bonus=6)[1]
    Fraction(55, 186624)
    >>> sorted(starship_scale_damage_distribution(8, additional_dice=[8, 8, 8]))  # 20D6
    [0, 1, 2]
    """
    total, _, fixed, _, _ = _starship_inputs(dice, additional_dice, bonus, effect, half_dice)
    armor = check_int("armor", armor, 0)
    counts: dict[int, int] = {}
    for offset, ways in enumerate(dice_sum_counts(total, 6)):
        value = _after_armor(max(0, total + offset + fixed) // STARSHIP_DAMAGE_DIVISOR, armor)
        counts[value] = counts.get(value, 0) + ways
    return Distribution._exact({k: Fraction(v, 6**total) for k, v in counts.items()})


@output_record
@dataclass(frozen=True, slots=True)
class StarshipScaleRoll:
    """One rolled volley of ground weapons at a starship-scale target, with a log."""

    dice: int
    """The D6 rolled: the first weapon's and half of each other's."""
    rolls: tuple[int, ...]
    """The dice, in the order rolled."""
    total: int
    """Their sum, the bonus and the Effect (never below 0): the damage before the division."""
    divided: int
    """``total`` divided by 50, rounded down."""
    damage: int
    """The damage to the target after its armor."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_starship_scale(
    dice: int,
    *,
    additional_dice: Iterable[int] = (),
    bonus: int = 0,
    effect: int = 0,
    armor: int = 0,
    half_dice: HalfDice | str = "up",
    rng: random.Random,
) -> StarshipScaleRoll:
    """Roll ground weapons' damage against a starship-scale target with ``rng``, with a log.

    Rule: as :func:`starship_scale_damage_distribution`. Dice come from ``rng.randint(1, 6)``:
    the first weapon's, then each other weapon's half, in order.

    Raises:
        ValueError: as :func:`starship_scale_damage_distribution`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_starship_scale(3, additional_dice=[3, 4], bonus=1, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    First weapon: 3D6
    Additional weapons add half their dice (rounded up): 3D6 -> 2D6, 4D6 -> 2D6
    7D6: 2 + 5 + 5 + 2 + 3 + 5 + 4 = 26, +1 = 27
    27 / 50 = 0 (rounded down)
    Damage: 0
    """
    total, first, fixed, others, rounding = _starship_inputs(
        dice, additional_dice, bonus, effect, half_dice
    )
    armor = check_int("armor", armor, 0)
    check_rng(rng)
    log = [f"First weapon: {first}D6"]
    if others:
        halves = ", ".join(f"{n}D6 -> {_half(n, rounding)}D6" for n in others)
        log.append(f"Additional weapons add half their dice (rounded {rounding.value}): {halves}")
    rolls = roll_d6(rng, total)
    text = f"{total}D6: " + (" + ".join(map(str, rolls)) or "0")
    if total > 1:
        text += f" = {sum(rolls)}"
    if fixed:
        text += f", {fixed:+d} = {sum(rolls) + fixed}"
    log.append(text)
    rolled = max(0, sum(rolls) + fixed)
    divided = rolled // STARSHIP_DAMAGE_DIVISOR
    log.append(f"{rolled} / {STARSHIP_DAMAGE_DIVISOR} = {divided} (rounded down)")
    damage = _after_armor(divided, armor)
    if armor:
        log.append(f"Armor {armor}: {divided} - {armor} = {damage}")
    log.append(f"Damage: {damage}")
    return StarshipScaleRoll(total, rolls, rolled, divided, damage, tuple(log))
