"""Oracles of a beam shot written straight from the source, for the tests of ``rules.moo2``.

Source: ``000_3948ba1900819cb7.txt``, "Hv, PD, HEF & Ordnance", "Classic Chance to Hit
Formula", "1.50 Alternative Chance to Hit Formula" and "Different Min-Max Damage". Exact
rationals and one roll at a time: no code of :mod:`rules.moo2.damage` is used.
"""

from __future__ import annotations

import math
from fractions import Fraction

from rules import moo2

MOUNT_PERCENT = {moo2.Mount.NORMAL: 0, moo2.Mount.HEAVY: 50, moo2.Mount.POINT_DEFENSE: -50}
PD_BONUS = {moo2.Mount.NORMAL: 0, moo2.Mount.HEAVY: 0, moo2.Mount.POINT_DEFENSE: 25}


def oracle_potential(
    damage: int,
    squares: int,
    mount: moo2.Mount,
    *,
    reduced: bool = True,
    hef: int = 0,
    ordnance: int = 0,
    double_dissipation: bool = False,
    platform: moo2.Platform = moo2.Platform.SHIP_BEAM,
) -> int:
    """One damage value through "Hv, PD, HEF & Ordnance", in exact rationals."""
    dissipation = moo2.dissipation_penalty(squares, mount, double_dissipation=double_dissipation)
    percent = 100 + MOUNT_PERCENT[mount] + hef + ordnance - (dissipation if reduced else 0)
    exact = Fraction(damage * percent, 100)
    rounded = (
        math.floor(exact + Fraction(1, 2))
        if platform is moo2.Platform.SHIP_BEAM
        else math.floor(exact)
    )
    return max(1, rounded)


def oracle_shot(
    low: int,
    high: int,
    margin: int,
    squares: int,
    roll: int,
    mount: moo2.Mount,
    formula: moo2.Formula,
    *,
    doubled: bool = False,
    always_hit: bool = False,
    planet: bool = False,
    shield: int = 0,
) -> int:
    """One roll of one shot, written straight from the source; ``low``/``high`` are potentials."""
    penalty = moo2.range_penalty(squares, mount, double_penalty=doubled)
    bonus = PD_BONUS[mount]
    threshold = min(40 + penalty - bonus, 95)
    if formula is moo2.Formula.CLASSIC:
        max_damage = roll > 95 or margin >= 99
        rule_3 = margin + roll >= threshold
    else:
        max_damage = roll > 95 or margin - penalty + bonus >= 99
        rule_3 = margin - penalty + bonus + roll >= 40
    if max_damage:
        damage = high
    elif rule_3 or always_hit:
        # An always-hit weapon's roll that misses [3] counts A as 0 if it is negative.
        a = max(0, min(roll + margin, 100) - threshold)
        b = 100 - threshold
        damage = min(low + math.floor(Fraction((high - low + 1) * a, b)), high)
    else:
        return 0
    if planet:
        damage = math.floor(Fraction(damage, 2))
    return max(0, damage - shield)
