"""How a vehicle's hits fall on its locations: the exact number of hits on each location.

Source: ``003_c7092257a5e3046d.txt``, "Vehicle Damage" (the tables "Vehicle Damage" and "Vehicle
Hit Location": "Double or Triple hits count as two or three hits on the same location"). The
tables themselves and single rolls on them are :mod:`rules.cepheus.vehicles`; this module turns
a distribution of damage into the distribution of hits on each location, for a collision
(:mod:`rules.cepheus.collisions`) or an attack (:func:`~rules.cepheus.attack_odds`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.cepheus.vehicles import (
    HitTable,
    Location,
    _vehicle_hits,
    hit_location_odds,
)
from rules.dice import Distribution
from rules.validation import (
    InvalidInput,
    InvalidType,
    check_choice,
    check_int,
)

__all__ = [
    "MAX_DENOMINATOR_BITS",
    "MAX_LOCATION_DAMAGE",
    "location_hits_distribution",
]

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
    damage: Distribution[int],
    table: HitTable | str = "external",
    *,
    variant: Variant = DEFAULT_VARIANT,
) -> Mapping[Location, Distribution[int]]:
    """For each location of ``table``, the exact distribution of the hits that ``damage`` puts
    there.

    Rule: ``003_c7092257a5e3046d.txt``, "Vehicle Damage": "Each hit is then applied to a
    particular location on the vehicle. Double or Triple hits count as two or three hits on the
    same location" (table "Vehicle Hit Location", :func:`~rules.cepheus.hit_location_odds`).
    ``damage`` is the distribution of damage after the vehicle's armor (as
    :func:`~rules.cepheus.attack_odds` or :func:`~rules.cepheus.collision_odds` give), turned
    into single, double and triple hits by the Vehicle Damage table
    (:func:`~rules.cepheus.vehicle_hits`, with ``variant``: past 33 points
    ``variant.vehicle_double_replaces_singles`` lets each Double Hit replace two Single Hits).

    Interpretation: each single, double or triple hit rolls 2D6 once on ``table``, all rolls
    independent; a double hit puts 2 hits on its location, a triple 3. The locations are as
    rolled: where the vehicle's state moves a hit elsewhere (no Hull left, a drive already
    disabled: :func:`~rules.cepheus.location_hit_effect`) is the caller's to track.

    Counted with integers: for a location reached by ``k`` of the 36 rolls, the ways of each
    number of hits among the ``36 ** (s + d + t)`` rolls of ``s`` single, ``d`` double and
    ``t`` triple hits are the coefficients of ``((36 - k) + k x) ** s ((36 - k) + k x**2) ** d
    ((36 - k) + k x**3) ** t``; they are multiplied as packed integers (one slot per
    coefficient, wide enough for the whole sum, so nothing carries), each built from the
    previous one's when it has no fewer hits of any kind, weighted by the outcome's
    probability over one common denominator, summed and unpacked once. The damage is at most
    300 (:data:`MAX_LOCATION_DAMAGE`), the probabilities' common denominator at most 4096 bits
    (:data:`MAX_DENOMINATOR_BITS`).

    Raises:
        ValueError: ``damage`` is not a :class:`~rules.dice.Distribution` of integers at most
            300 whose probabilities have a common denominator of at most 4096 bits, or
            ``table`` not a :class:`~rules.cepheus.HitTable` or its value, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    One die of damage is one single hit (1-3) or two (4-6); Hull is 12 of the 36 rolls:

    >>> from rules.dice import dice_sum
    >>> odds = location_hits_distribution(dice_sum(1, 6))
    >>> odds[Location.HULL] == {0: Fraction(5, 9), 1: Fraction(7, 18), 2: Fraction(1, 18)}
    True

    39 points are 10 hits (two Single, one Double, two Triple), or 8 when the Double replaces
    the two Singles; Hull takes a third of them on average:

    >>> from rules.cepheus import Variant
    >>> replace = Variant(vehicle_double_replaces_singles=True)
    >>> [location_hits_distribution(Distribution({39: 1}), variant=v)[Location.HULL].mean()
    ...     for v in (Variant(), replace)]
    [Fraction(10, 3), Fraction(8, 3)]
    """
    table = check_choice("table", table, HitTable)
    replaces = _check_variant(variant).vehicle_double_replaces_singles
    outcomes, common = _check_damage(damage, replaces)
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


def _check_damage(
    damage: object, replaces: bool = False
) -> tuple[list[tuple[tuple[int, int, int], Fraction]], int]:
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
        hits = _vehicle_hits(points, replaces)
        merged[hits] = merged.get(hits, Fraction(0)) + p
    return list(merged.items()), common
