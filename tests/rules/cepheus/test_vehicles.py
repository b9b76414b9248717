"""Vehicles: the damage table, hit locations and the effects of repeated hits."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import HitTable, Location
from rules.dice import dice_sum, enumerate_dice


# Source: table "Vehicle Damage": "0 or less No damage", "1-3 Single Hit", "4-6 Two Single Hits",
# "7-9 Double Hit", "10-12 Three Single Hits", "13-15 Two Single Hits, Double Hit",
# "16-18 Two Double Hits", "19-21 Triple Hit", "22-24 Triple Hit, Single Hit",
# "25-27 Triple Hit, Double Hit", "28-30 Triple Hit, Double Hit, Single Hit",
# "31-33 Two Triple Hits".
@pytest.mark.parametrize(
    ("low", "high", "hits"),
    [
        (-20, 0, (0, 0, 0)),
        (1, 3, (1, 0, 0)),
        (4, 6, (2, 0, 0)),
        (7, 9, (0, 1, 0)),
        (10, 12, (3, 0, 0)),
        (13, 15, (2, 1, 0)),
        (16, 18, (0, 2, 0)),
        (19, 21, (0, 0, 1)),
        (22, 24, (1, 0, 1)),
        (25, 27, (0, 1, 1)),
        (28, 30, (1, 1, 1)),
        (31, 33, (0, 0, 2)),
    ],
)
def test_vehicle_damage_table(low: int, high: int, hits: tuple[int, int, int]) -> None:
    for damage in range(low, high + 1):
        assert cepheus.vehicle_hits(damage) == hits


def test_table_text_round_trip() -> None:
    words = {"Single Hit": (1, 0, 0), "Double Hit": (0, 1, 0), "Triple Hit": (0, 0, 1)}
    counts = {"Two": 2, "Three": 3}
    for row in cepheus.VEHICLE_DAMAGE:
        total = [0, 0, 0]
        for part in row.text.split(", "):
            first, _, rest = part.partition(" ")
            n = counts.get(first, 1)
            name = rest.replace("Hits", "Hit") if first in counts else part
            for i, v in enumerate(words[name]):
                total[i] += n * v
        assert tuple(total) == row.hits
        assert cepheus.vehicle_hits(row.low) == cepheus.vehicle_hits(row.high) == row.hits


# Source: "For every extra three points +1 Single Hit" / "For every extra six points +1 Double
# Hit". Interpretation (SOURCES.md): both apply, counting whole points beyond 33.
@pytest.mark.parametrize(
    ("damage", "hits"),
    [
        (34, (0, 0, 2)),
        (35, (0, 0, 2)),
        (36, (1, 0, 2)),
        (38, (1, 0, 2)),
        (39, (2, 1, 2)),
        (42, (3, 1, 2)),
        (45, (4, 2, 2)),
        (63, (10, 5, 2)),
    ],
)
def test_beyond_33(damage: int, hits: tuple[int, int, int]) -> None:
    assert cepheus.vehicle_hits(damage) == hits


# Source: table "Vehicle Hit Location" (2D6 / External / Internal / Robot or Drone).
HIT_TABLE = """
2 Hull Structure Hull
3 Sensors Power_Plant Power_Plant
4 Drive Power_Plant Sensors
5 Weapon Cargo Weapon_or_Limb
6 Hull Structure Hull
7 Armor Passengers Armor
8 Hull Structure Hull
9 Weapon Cargo Weapon_or_Limb
10 Drive Computer Drive
11 Sensors Cockpit Sensors
12 Hull Cockpit Computer
"""
ROWS = [line.split() for line in HIT_TABLE.strip().splitlines()]


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_hit_location_table(row: list[str]) -> None:
    roll = int(row[0])
    for table, name in zip(HitTable, row[1:], strict=True):
        assert cepheus.hit_location(table, roll) is Location(name.lower())


@pytest.mark.parametrize("table", list(HitTable))
def test_hit_location_odds_match_enumeration(table: HitTable) -> None:
    counts = Counter(cepheus.hit_location(table, sum(roll)) for roll in enumerate_dice(2, 6))
    assert cepheus.hit_location_odds(table) == {k: Fraction(v, 36) for k, v in counts.items()}


def test_hit_location_odds_values() -> None:
    external = cepheus.hit_location_odds("external")
    assert external == {
        Location.HULL: Fraction(12, 36),
        Location.SENSORS: Fraction(4, 36),
        Location.DRIVE: Fraction(6, 36),
        Location.WEAPON: Fraction(8, 36),
        Location.ARMOR: Fraction(6, 36),
    }
    internal = cepheus.hit_location_odds("internal")
    assert internal[Location.STRUCTURE] == Fraction(11, 36)
    assert internal[Location.COCKPIT] == Fraction(3, 36)
    robot = cepheus.hit_location_odds("robot_or_drone")
    assert robot[Location.COMPUTER] == Fraction(1, 36)
    assert robot[Location.WEAPON_OR_LIMB] == Fraction(8, 36)


# Source: the location sections ("First Hit", "Second Hit", "Third Hit", "Further ... hits").
@pytest.mark.parametrize(
    ("location", "hit", "starts", "becomes"),
    [
        ("drive", 1, "Reduce movement by 10% and apply a -1 DM", None),
        ("drive", 2, "Reduce movement by 25% and apply a -2 DM", None),
        ("drive", 3, "Drive disabled.", None),
        ("drive", 4, "Further drive hits count as Hull hits.", Location.HULL),
        ("sensors", 1, "The vehicle or drone suffers a -2 DM to all Comms checks", None),
        ("sensors", 2, "The sensors are destroyed", None),
        ("sensors", 3, "Further Sensor hits count as Hull hits.", Location.HULL),
        ("weapon", 1, "The weapon or device suffers a -2 DM", None),
        ("weapon", 2, "The weapon or device is destroyed.", None),
        ("weapon", 3, "Choose a weapon or device randomly", Location.HULL),
        ("limb", 2, "The limb is destroyed.", None),
        ("limb", 3, "Choose a limb randomly", Location.HULL),
        ("power_plant", 1, "The vehicle or drone loses one round's worth of actions.", None),
        ("power_plant", 2, "The vehicle or drone's movement is reduced by 50%.", None),
        (
            "power_plant",
            3,
            "The power plant is destroyed, disabling the vehicle and inflicting 1D6",
            None,
        ),
        ("power_plant", 4, "The source gives no effect", None),
        ("computer", 1, "The vehicle's computer system is disabled.", None),
        ("computer", 2, "The vehicle's computer system is destroyed.", None),
        ("computer", 3, "Further Computer hits count as Structure hits.", Location.STRUCTURE),
        ("hull", 7, "Reduce the vehicle or drone's Hull by one.", None),
        ("structure", 3, "Reduce the vehicle or drone's Structure by one.", None),
        ("armor", 2, "Reduce the vehicle's armor by one.", None),
        ("passengers", 5, "Choose a passenger randomly.", None),
        ("cargo", 2, "Any cargo present is hit", None),
        ("cockpit", 2, "The pilot of the vehicle is hit", None),
    ],
)
def test_repeated_hits(location: str, hit: int, starts: str, becomes: Location | None) -> None:
    result = cepheus.location_hit_effect(location, hit)
    assert result.effect.startswith(starts)
    assert result.becomes is becomes
    assert result.hit_number == hit


def test_state_dependent_redirections_are_documented() -> None:
    effects = cepheus.LOCATION_EFFECTS
    assert set(effects) == set(Location)
    assert "same row of the Internal Damage table" in effects[Location.HULL].further
    assert "explodes, doing 4D6 damage" in effects[Location.STRUCTURE].further
    assert effects[Location.PASSENGERS].becomes is Location.STRUCTURE
    assert effects[Location.CARGO].becomes is Location.STRUCTURE
    assert effects[Location.COCKPIT].becomes is Location.STRUCTURE


def test_collision_and_starship_constants() -> None:
    # Source: "Roll 1D6 for every 10 kph of the vehicle's speed (round up)."
    assert cepheus.collision_dice(1) == 1
    assert cepheus.collision_dice(10) == 1
    assert cepheus.collision_dice(10.5) == 2
    assert cepheus.collision_dice(120) == 12
    # Source: "Gaining a DM +4 bonus to hit anything on the starship-scale ... divide its damage
    # by 50"
    assert (cepheus.STARSHIP_SCALE_DM, cepheus.STARSHIP_DAMAGE_DIVISOR) == (4, 50)


def test_vehicle_hits_distribution() -> None:
    dist = cepheus.vehicle_hits_distribution(dice_sum(3, 6))
    assert sum(dist.values()) == 1
    assert dist[(0, 1, 0)] == dice_sum(3, 6).probability(lambda d: 7 <= d <= 9)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.vehicle_hits(3.0), r"damage must be an integer, got 3.0"),
        (lambda: cepheus.vehicle_hits("9"), r"damage must be an integer, got '9'"),
        (lambda: cepheus.hit_location("external", 13), r"roll must be an integer in 2..12, got 13"),
        (lambda: cepheus.hit_location("turret", 7), r"table must be one of 'external'"),
        (lambda: cepheus.hit_location_odds(None), r"table must be one of"),
        (lambda: cepheus.location_hit_effect("hull", 0), r"hit_number must be an integer >= 1"),
        (lambda: cepheus.location_hit_effect("wing", 1), r"location must be one of"),
        (lambda: cepheus.collision_dice(-5), r"speed_kph must be a number >= 0, got -5"),
        (lambda: cepheus.vehicle_hits_distribution({1: 1}), r"damage must be a Distribution"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(-100, 1000))
@example(33)
@example(34)
@example(36)
def test_more_damage_never_fewer_hits(damage: int) -> None:
    def weight(hits: tuple[int, int, int]) -> int:
        return hits[0] + 2 * hits[1] + 3 * hits[2]

    hits = cepheus.vehicle_hits(damage)
    assert min(hits) >= 0
    if damage > 33:
        assert weight(cepheus.vehicle_hits(damage + 1)) >= weight(hits)
