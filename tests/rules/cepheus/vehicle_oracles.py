"""Oracles of the vehicle-combat tests, written from the passages (``Collisions``, the Vehicle
Damage and Vehicle Hit Location tables): they use only ``vehicle_hits`` and ``hit_location``
(tested in ``test_vehicles.py``), never the code under test.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from rules import cepheus
from rules.cepheus import DEFAULT_VARIANT, HitTable, Location, Variant
from rules.dice import Distribution, enumerate_dice

TWO_D6 = Counter(a + b for a, b in itertools.product(range(1, 7), repeat=2))
"""2D6 total -> ways out of 36."""

HOUSE = Variant(natural_two_twelve=True)
"""The natural 2/12 house rule alone."""

REPLACE = Variant(vehicle_double_replaces_singles=True)
"""Past 33 points, each Double Hit replaces two Single Hits."""


def check_effect(dice_total: int, dm: int, natural: bool = False) -> int:
    """Oracle of a check's Effect (2D6 + DM - 8), written from the house rule's statement
    (twodsix #168): a natural 12 always succeeds (Effect at least 0), a natural 2 always fails
    (Effect at most -1)."""
    effect = dice_total + dm - 8
    if natural and dice_total == 12:
        return max(effect, 0)
    if natural and dice_total == 2:
        return min(effect, -1)
    return effect


def hits_past_33(points: int, replaces: bool) -> tuple[int, int, int]:
    """Oracle of the Vehicle Damage table's closing lines from 31 points on (31-33: Two Triple
    Hits; "For every extra three points +1 Single Hit", "For every extra six points +1 Double
    Hit"; with ``replaces`` each Double Hit takes the place of the two Singles of its six
    points)."""
    assert points >= 31
    extra = points - 33 if points > 33 else 0
    singles, doubles = extra // 3, extra // 6
    return (singles - 2 * doubles if replaces else singles, doubles, 2)


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


def brute_collision(
    dice: int,
    struck_armor: int,
    rammer_armor: int,
    passenger_armor: int,
    variant: Variant = DEFAULT_VARIANT,
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
        parties["struck_hits"][cepheus.vehicle_hits(struck, variant=variant)] += 1
        parties["rammer_hits"][cepheus.vehicle_hits(rammer, variant=variant)] += 1
        rolls += 1
    return {name: as_distribution(counts, rolls) for name, counts in parties.items()}


def brute_locations(
    damage: dict[int, Fraction], table: HitTable, variant: Variant = DEFAULT_VARIANT
) -> dict[Location, dict[int, Fraction]]:
    """Oracle: for each damage, every location of every hit group (a 2D6 roll each)."""
    ways: Counter[Location] = Counter()
    for roll, n in TWO_D6.items():
        ways[cepheus.hit_location(table, roll)] += n
    found: dict[Location, dict[int, Fraction]] = {location: {} for location in ways}
    for points, p in damage.items():
        single, double, triple = cepheus.vehicle_hits(points, variant=variant)
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
