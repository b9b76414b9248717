"""Collisions (``rules.cepheus.collisions``): every party's damage against an enumeration of
the collision's dice."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import (
    HitTable,
    Location,
)
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    REPLACE,
    Dice,
    as_distribution,
    at_least,
    brute_collision,
    brute_locations,
    hits_past_33,
)


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


def seven_d6_totals() -> Counter[int]:
    return Counter(sum(roll) for roll in itertools.product(range(1, 7), repeat=7))


def test_collision_past_33_with_the_double_replacing_two_singles() -> None:
    # Variant.vehicle_double_replaces_singles, on a collision at 70 kph: 7D6 (7 to 42), no
    # armor. By hand: 39 to 41 are 119 of the 6**7 rolls (as 10, 9 and 8 are: C(9, 6) + C(8, 6)
    # + C(7, 6) = 84 + 28 + 7) and 42 one (all sixes). 39 points are two Single, one Double and
    # two Triple Hits as printed, the Double alone in place of the Singles when it replaces
    # them; 42: three Singles, or one.
    rolls = 6**7
    both = cepheus.collision_odds(70)
    replaced = cepheus.collision_odds(70, variant=REPLACE)
    assert both.struck_hits[(2, 1, 2)] == Fraction(119, rolls)
    assert both.struck_hits[(3, 1, 2)] == Fraction(1, rolls)
    assert replaced.struck_hits[(0, 1, 2)] == Fraction(119, rolls)
    assert replaced.struck_hits[(1, 1, 2)] == Fraction(1, rolls)
    assert (2, 1, 2) not in replaced.struck_hits and (0, 1, 2) not in both.struck_hits
    assert replaced.rammer_hits == replaced.struck_hits  # no armor either side
    # Every total, against the table's closing lines (31 and more) or vehicle_hits (below).
    for odds, replaces in ((both, False), (replaced, True)):
        expected: Counter[tuple[int, int, int]] = Counter()
        for total, ways in seven_d6_totals().items():
            hits = hits_past_33(total, replaces) if total >= 31 else cepheus.vehicle_hits(total)
            expected[hits] += ways
        assert odds.struck_hits == as_distribution(expected, rolls)
    # The damage, the passengers and the throw do not depend on the reading.
    for name in ("damage", "struck", "rammer", "unsecured", "secured", "thrown_metres"):
        assert getattr(replaced, name) == getattr(both, name)
    # Hull (12 of the 36 rolls) takes a third of the hits on average: 39 points are 10 hits
    # printed, 8 replaced, so the means differ by 2/3 per roll of 39-41 and 42 (three Singles
    # against one).
    gap = (
        both.struck_locations[Location.HULL].mean()
        - replaced.struck_locations[Location.HULL].mean()
    )
    assert gap == Fraction(2, 3) * Fraction(120, rolls)


def test_roll_collision_past_33_with_the_double_replacing_two_singles() -> None:
    # Seven sixes at 70 kph: 42 points. Printed: 3 Single, 1 Double, 2 Triple Hits (6 hit groups,
    # a 2D6 each); replaced: 1 Single, 1 Double, 2 Triple (4 groups).
    for variant, sizes in ((cepheus.DEFAULT_VARIANT, (1, 1, 1, 2, 3, 3)), (REPLACE, (1, 2, 3, 3))):
        dice = Dice([6] * 7 + [3, 4] * 6)
        rolled = cepheus.roll_collision(70, solid=False, rng=dice, variant=variant)
        assert rolled.damage == 42
        assert tuple(size for _, size in rolled.struck_hits) == sizes
        seven = cepheus.hit_location("external", 7)
        assert all(location is seven for location, _ in rolled.struck_hits)
        text = f"{sizes.count(1)} single, 1 double, 2 triple hits"
        assert rolled.log[1] == f"Struck: 42 - armor 0 = 42: {text}"
        assert len(dice.faces) == 2 * (6 - len(sizes))
