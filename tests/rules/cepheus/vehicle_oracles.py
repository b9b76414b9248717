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
from rules.cepheus import HitTable, Location
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
