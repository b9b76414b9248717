"""Vehicles in personal combat: collisions, rams, evasive action, weaving, a vehicle exploding
and ground weapons against starship-scale targets (``rules.cepheus.vehicle_combat``).

Every distribution is checked against an enumeration of the dice written here (the oracles use
only the Vehicle Damage table, ``vehicle_hits``, and the Vehicle Hit Location table,
``hit_location``, both tested in ``test_vehicles.py``).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import (
    AttackSituation,
    HitTable,
    Location,
    StructureState,
)
from rules.dice import Distribution, enumerate_dice

TWO_D6 = Counter(a + b for a, b in itertools.product(range(1, 7), repeat=2))
"""2D6 total -> ways out of 36."""


def as_distribution[K](counts: Counter[K], total: int) -> dict[K, Fraction]:
    return {key: Fraction(n, total) for key, n in counts.items() if n}


def at_least(dist: Distribution[int], level: int) -> Fraction:
    """The chance of ``level`` or more."""
    return sum((p for value, p in dist.items() if value >= level), Fraction(0))


class Dice(random.Random):
    """A random.Random that deals the given faces in order (to roll chosen dice)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


# --- Collisions ---------------------------------------------------------------------------


def brute_collision(
    dice: int, struck_armor: int, rammer_armor: int, passenger_armor: int
) -> dict[str, dict[object, Fraction]]:
    """Oracle: every roll of the collision's dice, one total applied to every party."""
    parties: dict[str, Counter[object]] = {
        name: Counter()
        for name in ("struck", "rammer", "unsecured", "secured", "struck_hits", "rammer_hits")
    }
    rolls = 0
    for roll in enumerate_dice(dice, 6):
        total = sum(roll)
        struck = max(0, total - struck_armor)
        rammer = max(0, total - rammer_armor)
        parties["struck"][struck] += 1
        parties["rammer"][rammer] += 1
        parties["unsecured"][max(0, total - passenger_armor)] += 1
        quarter = (total + 3) // 4  # a quarter, rounded up
        parties["secured"][max(0, quarter - passenger_armor)] += 1
        parties["struck_hits"][cepheus.vehicle_hits(struck)] += 1
        parties["rammer_hits"][cepheus.vehicle_hits(rammer)] += 1
        rolls += 1
    return {name: as_distribution(counts, rolls) for name, counts in parties.items()}


@pytest.mark.parametrize("speed", [0, 5, 10, 19, 20, 35, 40])
@pytest.mark.parametrize(
    ("struck_armor", "rammer_armor", "passenger_armor"), [(0, 0, 0), (3, 7, 1), (12, 2, 4)]
)
def test_collision_matches_enumeration(
    speed: int, struck_armor: int, rammer_armor: int, passenger_armor: int
) -> None:
    odds = cepheus.collision_odds(
        speed, struck_armor=struck_armor, rammer_armor=rammer_armor, passenger_armor=passenger_armor
    )
    expected = brute_collision(-(-speed // 10), struck_armor, rammer_armor, passenger_armor)
    assert odds.struck == expected["struck"]
    assert odds.rammer == expected["rammer"]
    assert odds.unsecured == expected["unsecured"]
    assert odds.secured == expected["secured"]
    assert odds.struck_hits == expected["struck_hits"]
    assert odds.rammer_hits == expected["rammer_hits"]


def test_collision_not_solid() -> None:
    # Source ("Collisions"): "if the thing struck is solid enough, also to the ramming vehicle".
    odds = cepheus.collision_odds(30, solid=False)
    assert odds.rammer is None and odds.rammer_hits is None and odds.rammer_locations is None
    assert odds.struck == odds.unsecured == odds.damage


# Source ("Collisions"): "Roll 1D6 for every 10 kph of the vehicle's speed (round up)" and
# "thrown three meters for every 10 kph of speed". Interpretation (SOURCES.md): the throw counts
# 10 kph as the dice do, so 3 m per die.
@pytest.mark.parametrize(
    ("speed", "dice", "metres"),
    [
        (0, 0, 0),
        (1, 1, 3),
        (10, 1, 3),
        (11, 2, 6),
        (45, 5, 15),
        (50, 5, 15),
        (Fraction(201, 2), 11, 33),
    ],
)
def test_collision_dice_and_throw(speed: int | Fraction, dice: int, metres: int) -> None:
    assert cepheus.thrown_metres(speed) == metres
    odds = cepheus.collision_odds(speed)
    assert (odds.dice, odds.thrown_metres) == (dice, metres)


# Source ("Collisions"): "Secured passengers ... take one quarter damage". Interpretation
# (SOURCES.md): the quarter of the damage rolled, rounded up, then the passenger's armor.
@pytest.mark.parametrize(
    ("damage", "armor", "taken"),
    [(0, 0, 0), (1, 0, 1), (4, 0, 1), (5, 0, 2), (16, 0, 4), (17, 0, 5), (17, 3, 2), (8, 5, 0)],
)
def test_secured_damage(damage: int, armor: int, taken: int) -> None:
    assert cepheus.secured_damage(damage, armor=armor) == taken


def brute_locations(
    damage: dict[int, Fraction], table: HitTable
) -> dict[Location, dict[int, Fraction]]:
    """Oracle: for each damage, every location of every hit group (a 2D6 roll each)."""
    ways: Counter[Location] = Counter()
    for roll, n in TWO_D6.items():
        ways[cepheus.hit_location(table, roll)] += n
    found: dict[Location, dict[int, Fraction]] = {location: {} for location in ways}
    for points, p in damage.items():
        single, double, triple = cepheus.vehicle_hits(points)
        sizes = [1] * single + [2] * double + [3] * triple
        for landed in itertools.product(ways, repeat=len(sizes)):
            weight = p
            on: Counter[Location] = Counter()
            for location, size in zip(landed, sizes, strict=True):
                weight *= Fraction(ways[location], 36)
                on[location] += size
            for location, chances in found.items():
                chances[on[location]] = chances.get(on[location], Fraction(0)) + weight
    return found


@pytest.mark.parametrize("table", list(HitTable))
@pytest.mark.parametrize(
    "damage",
    [
        {0: Fraction(1)},
        {5: Fraction(1, 2), 9: Fraction(1, 3), 14: Fraction(1, 6)},
        {-3: Fraction(1, 4), 19: Fraction(1, 4), 23: Fraction(1, 4), 33: Fraction(1, 4)},
        {12: Fraction(1, 3), 39: Fraction(2, 3)},
    ],
    ids=["none", "small", "triples", "past-33"],
)
def test_location_hits_match_enumeration(damage: dict[int, Fraction], table: HitTable) -> None:
    got = cepheus.location_hits_distribution(Distribution(damage), table)
    assert dict(got) == brute_locations(damage, table)


def test_collision_locations_match_enumeration() -> None:
    # 20 kph: 2D6, through armor 2 on the struck vehicle, 0 on the rammer.
    odds = cepheus.collision_odds(20, struck_armor=2, struck_table="internal")
    damage = Counter(max(0, sum(r) - 2) for r in enumerate_dice(2, 6))
    assert dict(odds.struck_locations) == brute_locations(
        as_distribution(damage, 36), HitTable.INTERNAL
    )
    raw = as_distribution(Counter(sum(r) for r in enumerate_dice(2, 6)), 36)
    assert odds.rammer_locations is not None
    assert dict(odds.rammer_locations) == brute_locations(raw, HitTable.EXTERNAL)


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(st.integers(-5, 120), st.integers(1, 5), min_size=1, max_size=6),
    st.sampled_from(list(HitTable)),
)
def test_location_hits_sum_to_one_and_mean_is_linear(
    weights: dict[int, int], table: HitTable
) -> None:
    damage = Distribution.from_counts(weights)
    got = cepheus.location_hits_distribution(damage, table)
    chances = cepheus.hit_location_odds(table)
    assert set(got) == set(chances)
    hits = damage.map(cepheus.vehicle_hits)
    for location, dist in got.items():
        assert sum(dist.values()) == 1
        # Linearity: each group of size n lands here with the location's chance.
        expected = sum(
            (p * (s + 2 * d + 3 * t) * chances[location] for (s, d, t), p in hits.items()),
            Fraction(0),
        )
        assert dist.mean() == expected


def test_location_hits_refuses_damage_beyond_its_bound() -> None:
    with pytest.raises(ValueError, match=r"^damage outcome must be an integer <= 300, got 301"):
        cepheus.location_hits_distribution(Distribution({301: 1}))
    with pytest.raises(ValueError, match=r"^damage must be a Distribution"):
        cepheus.location_hits_distribution({3: 1})  # type: ignore[arg-type]


def test_fastest_collision_is_accepted_and_beyond_refused() -> None:
    odds = cepheus.collision_odds(cepheus.MAX_COLLISION_KPH, struck_table="robot_or_drone")
    assert odds.dice == 40
    assert sum(odds.struck_locations[Location.HULL].values()) == 1
    with pytest.raises(ValueError, match=r"^speed_kph must be a number in 0\.\.400, got 401"):
        cepheus.collision_odds(401)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 60),
    st.integers(0, 20),
    st.integers(0, 20),
    st.integers(0, 5),
)
@example(30, 4, 5, 1)
def test_more_armor_never_more_damage(
    speed: int, armor: int, extra: int, passenger_armor: int
) -> None:
    less = cepheus.collision_odds(
        speed, struck_armor=armor, rammer_armor=armor, passenger_armor=passenger_armor
    )
    more = cepheus.collision_odds(
        speed,
        struck_armor=armor + extra,
        rammer_armor=armor + extra,
        passenger_armor=passenger_armor + extra,
    )
    for name in ("struck", "rammer", "unsecured", "secured"):
        a, b = getattr(less, name), getattr(more, name)
        assert sum(a.values()) == sum(b.values()) == 1
        for level in range(0, 6 * less.dice + 1):
            assert at_least(b, level) <= at_least(a, level)
    # Secured passengers never take more than unsecured ones.
    for level in range(0, 6 * less.dice + 1):
        assert at_least(less.secured, level) <= at_least(less.unsecured, level)


def test_roll_collision_matches_every_roll() -> None:
    # 10 kph: 1D6 (1-3 one single hit, 4-6 two), then one 2D6 per hit group on the struck
    # vehicle; nothing for the rammer (not solid).
    for faces in itertools.product(range(1, 7), repeat=5):
        dice = Dice(list(faces))
        rolled = cepheus.roll_collision(10, struck_armor=1, solid=False, rng=dice)
        damage = faces[0]
        assert rolled.rolls == (damage,) and rolled.damage == damage
        assert rolled.struck == damage - 1
        groups = sum(cepheus.vehicle_hits(damage - 1))
        expected = tuple(
            (cepheus.hit_location("external", faces[1 + 2 * i] + faces[2 + 2 * i]), 1)
            for i in range(groups)
        )
        assert rolled.struck_hits == expected
        assert len(dice.faces) == 4 - 2 * groups
        assert rolled.rammer is None and rolled.rammer_hits == ()
        assert rolled.unsecured == damage and rolled.secured == (damage + 3) // 4
        assert rolled.thrown_metres == 3


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 80), st.integers(0, 12), st.integers(0, 12), st.integers(0, 2**32))
def test_roll_collision_is_reproducible_and_possible(
    speed: int, armor: int, rammer_armor: int, seed: int
) -> None:
    first = cepheus.roll_collision(
        speed, struck_armor=armor, rammer_armor=rammer_armor, rng=random.Random(seed)
    )
    again = cepheus.roll_collision(
        speed, struck_armor=armor, rammer_armor=rammer_armor, rng=random.Random(seed)
    )
    assert first == again
    odds = cepheus.collision_odds(speed, struck_armor=armor, rammer_armor=rammer_armor)
    assert odds.struck[first.struck] > 0 and odds.secured[first.secured] > 0
    assert odds.rammer is not None and odds.rammer[first.rammer] > 0
    assert sum(size for _, size in first.struck_hits) == sum(
        n * size for size, n in zip((1, 2, 3), cepheus.vehicle_hits(first.struck), strict=True)
    )
    with pytest.raises(ValueError, match=r"^rng must be a random\.Random"):
        cepheus.roll_collision(speed, rng=seed)  # type: ignore[arg-type]


# --- Evasive action -----------------------------------------------------------------------


def test_evasive_action_dm() -> None:
    # Source ("Evasive Action"): "the Effect acts as a -DM to all attacks against the vehicle".
    # Interpretation (SOURCES.md): a failed check gives no DM.
    assert [cepheus.evasive_action_dm(e) for e in (-6, -1, 0, 1, 5)] == [0, 0, 0, -1, -5]


@pytest.mark.parametrize("dm", [-8, -2, 0, 1, 4, 9])
def test_evasive_action_odds_match_enumeration(dm: int) -> None:
    counts = Counter(max(0, total + dm - 8) for total in TWO_D6.elements())
    assert cepheus.evasive_action_odds(dm) == as_distribution(counts, 36)


@pytest.mark.parametrize("from_vehicle", [False, True])
@pytest.mark.parametrize("driver_dm", [-3, 0, 2])
def test_evasive_attack_matches_enumeration(driver_dm: int, from_vehicle: bool) -> None:
    # A rifle at Medium range (Average, +0), skill 1, at a vehicle (+1), 1D6 damage, armor 2.
    shot = AttackSituation(
        weapon="rifle", damage_dice=1, band="medium", skill=1, target_vehicle=True, armor=2
    )
    hits = 0
    damage: Counter[int] = Counter()
    for evade in enumerate_dice(2, 6):
        penalty = max(0, sum(evade) + driver_dm - 8)
        for attack in enumerate_dice(2, 6):
            effect = sum(attack) + 2 - penalty - 8
            for die in range(1, 7):
                if effect < 0:
                    damage[0] += 1
                    continue
                hits += 1
                dealt = max(0, die + effect - 2)
                damage[max(1, dealt) if effect >= 6 else dealt] += 1
    odds = cepheus.evasive_attack_odds(shot, driver_dm, from_vehicle=from_vehicle)
    assert odds.hit_chance == Fraction(hits, 36 * 36 * 6)
    assert odds.damage == as_distribution(damage, 36 * 36 * 6)
    assert odds.evasion == cepheus.evasive_action_odds(driver_dm)
    assert odds.base == cepheus.attack_odds(shot)
    # The attack model, given each evasive Effect as its input, agrees with the mixture.
    assert odds.effect is not None
    field = "own_evasive_effect" if from_vehicle else "target_evasive_effect"
    mixed: dict[int, Fraction] = {}
    for penalty, p in odds.evasion.items():
        at = cepheus.attack_odds(dataclasses.replace(shot, **{field: penalty}))
        assert at.effect is not None
        for value, q in at.effect.items():
            mixed[value] = mixed.get(value, Fraction(0)) + p * q
    assert odds.effect == mixed


def test_evasive_attack_blocked_and_suppression() -> None:
    blocked = AttackSituation(weapon="pistol", damage_dice=3, band="distant", skill=1)
    odds = cepheus.evasive_attack_odds(blocked, 4)
    assert odds.base.blocked and odds.effect is None
    assert odds.hit_chance == 0 and odds.damage == {0: 1}
    suppressing = AttackSituation(
        weapon="rifle", damage_dice=3, band="short", skill=2, fire_mode="suppression", burst="4"
    )
    odds = cepheus.evasive_attack_odds(suppressing, 0)
    assert odds.damage == {0: 1} and 0 < odds.hit_chance < odds.base.hit_chance


def test_evasive_attack_refuses_an_effect_already_set() -> None:
    shot = AttackSituation(weapon="rifle", damage_dice=1, band="short", target_evasive_effect=2)
    with pytest.raises(ValueError, match=r"^situation must be an AttackSituation with target_"):
        cepheus.evasive_attack_odds(shot, 0)
    assert cepheus.evasive_attack_odds(shot, 0, from_vehicle=True).hit_chance > 0


# --- Ram ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("driver_dm", "dodge", "obstruction", "evasive", "referee", "total"),
    [
        (2, False, False, 0, 0, 2),
        (2, True, False, 0, 0, 1),  # Source ("Dodging"): -1,
        (2, True, True, 0, 0, 0),  # -2 with an obstruction to dodge behind.
        (2, False, True, 0, 0, 2),  # an obstruction without a dodge changes nothing
        (1, False, False, 3, 0, -2),  # Source ("Ram"): "affected by ... evasive action".
        (0, True, False, 2, 2, -1),  # Source: "The Referee may grant bonuses".
    ],
)
def test_ram_check(
    driver_dm: int, dodge: bool, obstruction: bool, evasive: int, referee: int, total: int
) -> None:
    odds = cepheus.ram_odds(
        20,
        driver_dm=driver_dm,
        dodge=dodge,
        dodge_obstruction=obstruction,
        target_evasive_effect=evasive,
        referee_dm=referee,
        struck_armor=3,
        rammer_armor=5,
    )
    assert odds.total_dm == total == sum(row.dm for row in odds.modifiers)
    success = Counter(t + total >= 8 for t in TWO_D6.elements())[True]
    assert odds.success_chance == Fraction(success, 36)
    # Oracle: the check's 2D6, then the collision's 2D6 only when it succeeds.
    struck: Counter[int] = Counter()
    rammer: Counter[int] = Counter()
    for check in enumerate_dice(2, 6):
        for crash in enumerate_dice(2, 6):
            hit = sum(check) + total >= 8
            struck[max(0, sum(crash) - 3) if hit else 0] += 1
            rammer[max(0, sum(crash) - 5) if hit else 0] += 1
    assert odds.struck == as_distribution(struck, 36 * 36)
    assert odds.rammer == as_distribution(rammer, 36 * 36)


def test_ram_automatic() -> None:
    # Source ("Ram"): "or declare it automatically successful if the target is particularly
    # large".
    odds = cepheus.ram_odds(30, driver_dm=-20, automatic=True, solid=False)
    assert odds.success_chance == 1 and odds.struck == odds.collision.struck
    assert odds.rammer is None
    rolled = cepheus.roll_ram(30, driver_dm=-20, automatic=True, rng=random.Random(1))
    assert rolled.check is None and rolled.success and rolled.collision is not None


def test_roll_ram_matches_every_check() -> None:
    for first, second in itertools.product(range(1, 7), repeat=2):
        dice = Dice([first, second, 4, 3, 3, 2, 2])
        rolled = cepheus.roll_ram(10, driver_dm=1, dodge=True, solid=False, rng=dice)
        assert rolled.check is not None and rolled.check.kept == (first, second)
        assert rolled.success is (first + second + 0 >= 8)
        if rolled.success:
            assert rolled.collision is not None and rolled.collision.damage == 4
            assert rolled.log[-len(rolled.collision.log) :] == rolled.collision.log
        else:
            assert rolled.collision is None and rolled.log[-1] == "The ram misses: no collision"


# --- Weave --------------------------------------------------------------------------------


# Source ("Weave"): "as low as one or as high as one per 20 km/h of speed (round up)".
@pytest.mark.parametrize(
    ("speed", "highest"), [(0, 0), (Fraction(1, 2), 1), (20, 1), (21, 2), (40, 2), (130, 7)]
)
def test_max_weave(speed: int | Fraction, highest: int) -> None:
    assert cepheus.max_weave(speed) == highest


@pytest.mark.parametrize("weave", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("driver_dm", "pursuer_dm"), [(0, 0), (3, 1), (-2, 6), (8, -4)])
def test_weave_matches_enumeration(weave: int, driver_dm: int, pursuer_dm: int) -> None:
    odds = cepheus.weave_odds(100, weave, driver_dm=driver_dm, pursuer_dm=pursuer_dm)
    outcome: Counter[str] = Counter()
    for driver, pursuer in itertools.product(TWO_D6.elements(), repeat=2):
        if driver + driver_dm - weave < 8:
            outcome["driver crashes"] += 1
        elif pursuer + pursuer_dm - weave < 8:
            outcome["pursuer crashes"] += 1
        else:
            outcome["pursuit holds"] += 1
    assert odds.driver_crash == Fraction(outcome["driver crashes"], 36 * 36)
    assert odds.pursuer_crash == Fraction(outcome["pursuer crashes"], 36 * 36)
    assert odds.pursuit_holds == Fraction(outcome["pursuit holds"], 36 * 36)
    assert odds.driver_crash + odds.pursuer_crash + odds.pursuit_holds == 1
    assert odds.driver_success * odds.pursuer_success_if_following == odds.pursuit_holds


def test_weave_bounds() -> None:
    with pytest.raises(ValueError, match=r"^weave must be an integer in 1\.\.2, got 3"):
        cepheus.weave_odds(40, 3, driver_dm=0)
    with pytest.raises(ValueError, match=r"^speed_kph must be a number > 0"):
        cepheus.weave_odds(0, 1, driver_dm=0)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 400), st.integers(-10, 10), st.integers(-10, 10), st.data())
def test_a_faster_weave_is_never_easier(
    speed: int, driver_dm: int, pursuer_dm: int, data: st.DataObject
) -> None:
    highest = cepheus.max_weave(speed)
    weave = data.draw(st.integers(1, highest))
    odds = cepheus.weave_odds(speed, weave, driver_dm=driver_dm, pursuer_dm=pursuer_dm)
    assert odds.driver_crash + odds.pursuer_crash + odds.pursuit_holds == 1
    if weave < highest:
        harder = cepheus.weave_odds(speed, weave + 1, driver_dm=driver_dm, pursuer_dm=pursuer_dm)
        assert harder.driver_crash >= odds.driver_crash
        assert harder.pursuer_success_if_following <= odds.pursuer_success_if_following
        assert harder.pursuit_holds <= odds.pursuit_holds


def test_roll_weave_matches_every_roll() -> None:
    for faces in itertools.product(range(1, 7), repeat=4):
        dice = Dice(list(faces))
        rolled = cepheus.roll_weave(60, 3, driver_dm=2, pursuer_dm=1, rng=dice)
        driver_ok = faces[0] + faces[1] + 2 - 3 >= 8
        assert rolled.driver_crashed is not driver_ok
        if driver_ok:
            assert rolled.pursuer is not None
            assert rolled.pursuer_crashed is (faces[2] + faces[3] + 1 - 3 < 8)
            assert dice.faces == []
        else:
            assert rolled.pursuer is None and not rolled.pursuer_crashed
            assert len(dice.faces) == 2


# --- A vehicle destroyed ------------------------------------------------------------------


def test_structure_state() -> None:
    # Source ("Vehicle Damage"): "When Structure is reduced to 0, the vehicle is reduced to
    # scrap"; ("Structure"): "reduces it to a negative Structure score it explodes".
    assert [cepheus.structure_state(s) for s in (5, 1, 0, -1, -7)] == [
        StructureState.INTACT,
        StructureState.INTACT,
        StructureState.DESTROYED,
        StructureState.EXPLODES,
        StructureState.EXPLODES,
    ]


# Source ("Structure"): "4D6 damage to everyone within six meters (including the occupants) and
# 2D6 damage to everyone within twelve meters".
@pytest.mark.parametrize(
    ("distance", "dice"), [(0, 4), (6, 4), (Fraction(61, 10), 2), (12, 2), (12.5, 0), (100, 0)]
)
def test_vehicle_explosion_dice(distance: float | Fraction, dice: int) -> None:
    assert cepheus.vehicle_explosion_dice(distance) == dice


def brute_explosion(dice: int, reaction: str, armor: int) -> dict[object, Fraction]:
    counts: Counter[object] = Counter()
    dodge = reaction == "dodge"
    for roll in enumerate_dice(dice + dodge, 6):
        damage = sum(roll[:dice])
        if dodge:
            damage = max(0, damage - roll[-1])
        elif reaction == "dive":
            damage = (damage + 1) // 2
        counts[max(0, damage - armor)] += 1
    return as_distribution(counts, 6 ** (dice + dodge))


@pytest.mark.parametrize("reaction", ["none", "dodge", "dive"])
@pytest.mark.parametrize(
    ("distance", "occupant", "dice"), [(0, True, 4), (5, False, 4), (9, False, 2), (20, False, 0)]
)
def test_vehicle_explosion_matches_enumeration(
    distance: int, occupant: bool, dice: int, reaction: str
) -> None:
    got = cepheus.vehicle_explosion_distribution(
        distance, occupant=occupant, reaction=reaction, armor=2
    )
    assert got == brute_explosion(dice, reaction, 2)


def test_closed_vehicle_occupants_cannot_dodge_or_dive() -> None:
    # Source ("Structure"): "The occupants of a closed vehicle cannot dodge or dive for cover from
    # this explosion but the occupants of an open vehicle can."
    for reaction in ("dodge", "dive"):
        with pytest.raises(ValueError, match=r"^reaction must be 'none' for an occupant of a clo"):
            cepheus.vehicle_explosion_distribution(occupant=True, closed=True, reaction=reaction)
        open_vehicle = cepheus.vehicle_explosion_distribution(occupant=True, reaction=reaction)
        assert open_vehicle == brute_explosion(4, reaction, 0)
        # Someone outside a closed vehicle may react.
        outside = cepheus.vehicle_explosion_distribution(8, closed=True, reaction=reaction)
        assert outside == brute_explosion(2, reaction, 0)
    with pytest.raises(ValueError, match=r"^distance_metres must be a number in 0\.\.6 for an oc"):
        cepheus.vehicle_explosion_distribution(7, occupant=True)


def test_roll_vehicle_explosion() -> None:
    rolled = cepheus.roll_vehicle_explosion(
        occupant=True, closed=True, rng=Dice([6, 5, 4, 3]), armor=4
    )
    assert rolled.rolls == (6, 5, 4, 3) and rolled.damage == 14
    assert rolled.log[0] == "Vehicle explodes: an occupant of a closed vehicle, 4D6"
    far = cepheus.roll_vehicle_explosion(13, rng=Dice([]))
    assert far.damage == 0 and far.log[0] == "Vehicle explodes: 13 m away, out of reach, no damage"


# --- Ground force weaponry against starship-scale targets ---------------------------------


# Source ("Ground Force Weaponry against Starship-scale Targets"): "must divide its damage by 50
# before comparing it to a starship-scale target's armor". Interpretation: rounded down.
@pytest.mark.parametrize(
    ("damage", "armor", "result"),
    [(0, 0, 0), (49, 0, 0), (50, 0, 1), (99, 0, 1), (100, 0, 2), (260, 2, 3), (149, 5, 0)],
)
def test_starship_scale_damage(damage: int, armor: int, result: int) -> None:
    assert cepheus.starship_scale_damage(damage, armor=armor) == result
    assert cepheus.STARSHIP_SCALE_DM == 4 and cepheus.STARSHIP_DAMAGE_DIVISOR == 50


def brute_starship(
    dice: int, others: list[int], bonus: int, effect: int, armor: int, up: bool
) -> dict[object, Fraction]:
    halves = [(n + 1) // 2 if up else n // 2 for n in others]
    total_dice = dice + sum(halves)
    counts: Counter[object] = Counter()
    for roll in enumerate_dice(total_dice, 6):
        total = max(0, sum(roll) + bonus + effect)
        counts[max(0, total // 50 - armor)] += 1
    return as_distribution(counts, 6**total_dice)


@pytest.mark.parametrize("half_dice", ["up", "down"])
@pytest.mark.parametrize(
    ("dice", "others", "bonus", "effect", "armor"),
    [
        (2, [], 40, 0, 0),
        (2, [3], 35, 4, 0),
        (1, [1, 3, 2], 44, 1, 0),
        (3, [5], 90, 2, 1),
        (0, [2, 2], -5, 0, 0),
    ],
)
def test_starship_scale_matches_enumeration(
    dice: int, others: list[int], bonus: int, effect: int, armor: int, half_dice: str
) -> None:
    got = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=others, bonus=bonus, effect=effect, armor=armor, half_dice=half_dice
    )
    assert got == brute_starship(dice, others, bonus, effect, armor, half_dice == "up")


def test_starship_scale_dice_bound() -> None:
    cepheus.starship_scale_damage_distribution(100, additional_dice=[400])  # 100 + 200 dice
    with pytest.raises(ValueError, match=r"^additional_dice must be weapons whose half dice"):
        cepheus.starship_scale_damage_distribution(100, additional_dice=[401])
    with pytest.raises(ValueError, match=r"^additional_dice must be a sequence"):
        cepheus.starship_scale_damage_distribution(1, additional_dice="12")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 30),
    st.lists(st.integers(0, 30), max_size=5),
    st.integers(0, 6),
    st.integers(0, 4),
    st.sampled_from(["up", "down"]),
)
def test_starship_scale_armor_and_more_weapons(
    dice: int, others: list[int], armor: int, extra: int, half_dice: str
) -> None:
    base = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=others, armor=armor, half_dice=half_dice
    )
    armored = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=others, armor=armor + extra, half_dice=half_dice
    )
    more = cepheus.starship_scale_damage_distribution(
        dice, additional_dice=[*others, 6], armor=armor, half_dice=half_dice
    )
    assert sum(base.values()) == sum(armored.values()) == sum(more.values()) == 1
    for level in range(0, 10):
        chance = at_least(base, level)
        assert at_least(armored, level) <= chance
        assert at_least(more, level) >= chance


def test_roll_starship_scale() -> None:
    faces = [6] * 8 + [5] * 2
    rolled = cepheus.roll_starship_scale(
        4, additional_dice=[7, 2], bonus=3, effect=2, armor=0, half_dice="up", rng=Dice(faces)
    )
    # 4D6 + half of 7D6 (4D6, rounded up) + half of 2D6 (1D6) = 9D6: 8 sixes and a five.
    assert rolled.dice == 9 and rolled.rolls == (6,) * 8 + (5,)
    assert rolled.total == 48 + 5 + 3 + 2 and rolled.divided == 1 and rolled.damage == 1
    down = cepheus.roll_starship_scale(
        4, additional_dice=[7, 2], half_dice="down", armor=1, rng=random.Random(5)
    )
    assert down.dice == 4 + 3 + 1
    assert down.damage == max(0, sum(down.rolls) // 50 - 1)


def test_roll_collision_log_with_passenger_armor() -> None:
    rolled = cepheus.roll_collision(
        10, struck_armor=3, rammer_armor=6, passenger_armor=1, rng=Dice([5, 6, 6])
    )
    assert rolled.log == (
        "Collision at 10 kph: 1D6: 5",
        "Struck: 5 - armor 3 = 2: Single Hit",
        "  Single hit: 2D6 = 6 + 6 = 12: Hull",
        "Ramming vehicle: 5 - armor 6 = 0: No damage",
        "Unsecured passengers: 5 - armor 1 = 4 damage, thrown 3 m (if possible)",
        "Secured passengers: a quarter, rounded up: 2 - armor 1 = 1 damage",
    )
    assert (rolled.unsecured, rolled.secured, rolled.rammer) == (4, 1, 0)
