"""Hits forecast: the same attack again and again, shield points carried from hit to hit.

Source: ``002_64b8e17f45694c25.txt``, "Energy Shielding" (the points of each source are
spent and stay spent), "Damage, Drive, & Armor Ranges" (degrees of injury) and "Critical
Hits". Each hit is resolved by :func:`~rules.lurasko.pipeline.resolve_attack`.

The forecast is an exact chain (:func:`rules.forecast.run_chain`'s, run on the integer-count
core :func:`rules.forecast.iterate_counts`: the chances of a miss, a hit and a critical as
counts over their common denominator, every state's weight an integer over one running
denominator) over one state: the degrees
of injury so far and the points left in each shield. That is all that decides the future:
an attack's result depends on the attack, the target (both fixed) and the shields' points
(:func:`resolve_attack` reads nothing else), and the degrees only add up. Equal states are
merged after each attack.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import NoReturn

from rules.dice import Distribution
from rules.forecast import Counts, distribution_of, iterate_counts
from rules.lurasko.critical import CriticalEffect
from rules.lurasko.pipeline import MAX_SHIELDS, Attack, Target, resolve_attack
from rules.lurasko.shielding import AttackForm, Precision, Shield
from rules.lurasko.variant import _AS_WRITTEN, Variant, _check_variant
from rules.validation import (
    InvalidInput,
    check_instance,
    check_int,
    check_items,
    check_number,
    output_record,
)

__all__ = [
    "MAX_FORECAST_ATTACKS",
    "MAX_FORECAST_RESOLUTIONS",
    "REACHED_THRESHOLDS",
    "HitsForecast",
    "hits_forecast",
]

MAX_FORECAST_ATTACKS = 100
"""The most attacks :func:`hits_forecast` follows (a bound on work, not a rule)."""

MAX_FORECAST_RESOLUTIONS = 60_000
"""The most work :func:`hits_forecast` does after the first attack, in units of about a
microsecond: each different set of shield points reached is resolved (as a miss, a hit and a
critical, as the chances require), each :func:`resolve_attack` costing
``30 + hits * (15 + shields + 15 * resistances)`` units, and each state of the chain 30 units
per attack. The first attack is always forecast: its work is that of three
:func:`resolve_attack` calls, bounded by that function's own bounds."""

_RESOLUTION_OVERHEAD = 30
_PER_HIT = 15
_PER_RESISTANCE = 15
"""The work of one :func:`resolve_attack`, in units of about a microsecond (measured):
``30 + hits * (15 + shields + 15 * resistances)``."""

_STATE_WORK = 30
"""The work of one state in one attack: three branches, Fraction sums, the marginals."""

REACHED_THRESHOLDS = tuple(range(1, 11))
"""The thresholds of degrees of injury :attr:`HitsForecast.reached` gives chances for."""

_BARE = Target(1)
"""A target with no armor or resistances, to resolve what a missed attack spends."""


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class HitsForecast:
    """The exact forecast of :func:`hits_forecast`: entry ``n - 1`` is "after attack n"."""

    attacks: int
    """The number of attacks forecast."""
    states: tuple[Distribution[tuple[int, tuple[int, ...]]], ...]
    """After each attack, the joint distribution of (degrees so far, shield points left)."""
    degrees: tuple[Distribution[int], ...]
    """After each attack, the distribution of the degrees of injury so far."""
    shield_points: tuple[Distribution[tuple[int, ...]], ...]
    """After each attack, the distribution of the points left in each shield (given order)."""
    reached: tuple[Mapping[int, Fraction], ...]
    """After each attack, threshold (1 to 10) -> the chance the degrees have reached it."""
    mean_degrees: tuple[Fraction, ...]
    """After each attack, the exact mean of the degrees so far."""
    first_hit_degrees: int
    """The degrees of the first hit (full shields), not a critical."""
    first_critical_degrees: int
    """The degrees of the first hit as a critical (full shields); with ``crit_chance`` 0, the
    same as :attr:`first_hit_degrees` (no critical is resolved)."""


def _pairs_of(shields: object) -> tuple[Shield, ...]:
    items = check_items("shields", shields, "Shield records", max_items=MAX_SHIELDS)
    return tuple(check_instance(f"shields[{i}]", item, Shield) for i, item in enumerate(items))


def _reached(degrees: tuple[Distribution[int], ...]) -> tuple[Mapping[int, Fraction], ...]:
    """For each distribution of degrees, threshold -> P(degrees >= threshold)."""
    result: list[Mapping[int, Fraction]] = []
    for dist in degrees:
        reached: dict[int, Fraction] = {}
        above = Fraction(0)  # P(degrees > the largest threshold), then suffix sums downwards
        above = sum((p for d, p in dist.items() if d > REACHED_THRESHOLDS[-1]), above)
        for threshold in reversed(REACHED_THRESHOLDS):
            above += dist.get(threshold, Fraction(0))
            reached[threshold] = above
        result.append(MappingProxyType(dict(sorted(reached.items()))))
    return tuple(result)


def hits_forecast(
    attack: Attack,
    target: Target,
    shields: Iterable[Shield],
    attacks: int,
    hit_chance: Fraction | int | float,
    crit_chance: Fraction | int | float = 0,
    *,
    variant: Variant = _AS_WRITTEN,
) -> HitsForecast:
    """The exact degrees of injury and shield points after each of ``attacks`` attacks.

    The same ``attack`` is made ``attacks`` times against ``target``. Each attack hits with
    ``hit_chance`` and, when it hits, is a critical hit with ``crit_chance``; a hit is
    resolved by :func:`~rules.lurasko.pipeline.resolve_attack` against the shields with the
    points they have left (the points it spends stay spent), a critical as the same attack
    with ``critical="drive"`` (the attacker's choice that changes the numbers), and a miss
    adds no degrees (but see below for low and medium shields). ``attack.critical`` is not
    read: whether a hit is critical is ``crit_chance``'s.

    Rule: 002, "Energy Shielding" ("Each source of shielding may have its own separate pool of
    shielding points", spent point for point), "Damage, Drive, & Armor Ranges" (degrees of
    injury: the damage of a hit divided by the injury factor) and "Critical Hits" (+10 drive,
    +20 for a Precise melee weapon). The chapter names no die for the defense roll or the
    critical margin's chance, so ``hit_chance`` and ``crit_chance`` are inputs.

    Interpretations (also in ``rules/SOURCES.md``): the degrees of injury of successive hits
    add up, each hit's degrees counted from its own damage (``resolve_attack``'s degrees):
    damage is not carried over from one attack to the next, as "Damage, Drive, & Armor Ranges"
    counts the multiples of the injury factor that one attack's damage crosses. On a miss,
    low and medium precision shields still spend their points, for they shield "before any
    defense roll is attempted" (the miss is resolved through those shields alone, and no
    damage reaches the character); high precision shields only once the character is hit. A
    critical's other option (choosing the injury type) does not change the numbers, so it
    counts as a normal hit here. Shields are never recharged during the forecast.

    ``variant`` (:class:`~rules.lurasko.Variant`, keyword-only, default the chapter as this
    site reads it) is passed to every :func:`resolve_attack`: its ``injury_crossing`` decides
    each hit's degrees (so the forecast's), its ``war_fever_pairs`` only the side effects the
    forecast does not report. Its ``defense_die`` does not enter: the chance to hit is
    ``hit_chance``, an input.

    The state tracked is (degrees so far, points left in each shield, in the order given):
    exact because ``resolve_attack`` depends on nothing else that changes between attacks.

    Bounds (on work, not rules): ``attacks`` 1..100 (:data:`MAX_FORECAST_ATTACKS`), the
    bounds of ``resolve_attack`` on hits and shields, and at most 60,000 units of work after
    the first attack (:data:`MAX_FORECAST_RESOLUTIONS`): a call past it is refused, naming
    the largest ``attacks`` that fits. The largest chain measured had 253 states; the slowest
    accepted call took about 0.11 s (10 weapon hits, 10 shields, 25 attacks, on a loaded
    2-core machine), besides the first attack, which is always forecast: up to two
    ``resolve_attack`` calls (a hit and a critical), as slow as that function at its bounds.
    On the integer-count core the chain itself is cheaper than the Fraction chain it replaced
    (10 weapon hits against 10 shields, hit 1/2, critical 1/5, 47 to 61 attacks at the bound:
    0.017 s of CPU time instead of 0.03 s, ``time.process_time``, best of 3); the bound is
    unchanged, most of its work being the :func:`resolve_attack` calls.

    Raises:
        ValueError: ``attack`` is not an :class:`Attack`, ``target`` not a :class:`Target`,
            ``shields`` not a sequence of at most 100 :class:`Shield` records, ``attacks``
            not an integer in 1..100 (or past the work bound), ``hit_chance`` or
            ``crit_chance`` not a number in 0..1 (0 for a damage aura), or ``variant`` not a
            :class:`~rules.lurasko.Variant`.

    The source's shield example (50 points shield a 40-damage energy attack, 10 left), as a
    ranged heat attack that always hits, twice: the second hit gets 30 through (3 degrees at
    injury factor 10):

    >>> from rules.lurasko import WeaponHit
    >>> blast = Attack(WeaponHit(energy_damage=40, energy_type="heat"), form="ranged")
    >>> forecast = hits_forecast(blast, Target(10), [Shield("medium", 50)], 2, 1)
    >>> forecast.shield_points[0] == {(10,): 1}, forecast.degrees[1] == {3: 1}
    (True, True)
    """
    check_instance("attack", attack, Attack)
    check_instance("target", target, Target)
    given = _pairs_of(shields)
    attacks = check_int("attacks", attacks, 1, MAX_FORECAST_ATTACKS)
    hit = check_number("hit_chance", hit_chance, 0, 1)
    crit = check_number("crit_chance", crit_chance, 0, 1)
    variant = _check_variant(variant)
    plain_attack = dataclasses.replace(attack, critical=None)
    if attack.form is AttackForm.DAMAGE_AURA:
        if crit:
            raise InvalidInput(
                "crit_chance", "0 for a damage aura (it cannot be dodged, so never crits)", crit
            )
        critical_attack = plain_attack  # never used: crit is 0
    else:
        critical_attack = dataclasses.replace(attack, critical=CriticalEffect.DRIVE)
    unit = _RESOLUTION_OVERHEAD + len(attack.hits) * (
        _PER_HIT + len(given) + _PER_RESISTANCE * len(target.resistances)
    )
    work = [MAX_FORECAST_RESOLUTIONS + 4 * unit]
    attacks_done = [0]
    resolved: dict[tuple[tuple[int, ...], str], tuple[int, tuple[int, ...]]] = {}

    def refuse() -> NoReturn:
        raise InvalidInput(
            "attacks",
            f"an integer in 1..{max(attacks_done[0], 1)} for this attack, target and shields "
            f"(the states reached grow with the attacks, and each set of shield points is "
            f"resolved: at most {MAX_FORECAST_RESOLUTIONS} units, MAX_FORECAST_RESOLUTIONS)",
            attacks,
        )

    before_roll = [i for i, s in enumerate(given) if s.level is not Precision.HIGH]

    def resolve(points: tuple[int, ...], outcome: str) -> tuple[int, tuple[int, ...]]:
        key = (points, outcome)
        found = resolved.get(key)
        if found is None:
            work[0] -= unit
            if work[0] < 0:
                refuse()
            now = [dataclasses.replace(s, points=p) for s, p in zip(given, points, strict=True)]
            if outcome == "miss":  # low and medium shield before the defense roll, hit or not
                # (before armor and resistances: a bare target spends the same points)
                result = resolve_attack(
                    plain_attack, _BARE, [now[i] for i in before_roll], variant=variant
                )
                left = list(points)
                for i, p in zip(before_roll, result.shield_points, strict=True):
                    left[i] = p
                found = (0, tuple(left))
            else:
                chosen = critical_attack if outcome == "critical" else plain_attack
                result = resolve_attack(chosen, target, now, variant=variant)
                found = (result.degrees, result.shield_points)
            resolved[key] = found
        return found

    chances = [(1 - hit, "miss"), (hit * (1 - crit), "hit"), (hit * crit, "critical")]
    whole = math.lcm(*(p.denominator for p, _ in chances))
    outcomes = [(p.numerator * (whole // p.denominator), outcome) for p, outcome in chances]

    def step(state: tuple[int, tuple[int, ...]]) -> Counts[tuple[int, tuple[int, ...]]]:
        degrees, points = state
        following: dict[tuple[int, tuple[int, ...]], int] = {}
        for count, outcome in outcomes:
            if count:
                added, left = resolve(points, outcome)
                key = (degrees + added, left)
                following[key] = following.get(key, 0) + count
        return following, whole

    start = (0, tuple(s.points for s in given))
    first_plain = resolve(start[1], "hit")[0]
    first_critical = resolve(start[1], "critical")[0] if crit else first_plain
    after: list[Distribution[tuple[int, tuple[int, ...]]]] = []
    chain = iterate_counts(start, step)
    live = 1  # the states before the next attack
    for number in range(attacks):  # one attack at a time, to name the attacks that fit
        if number == 1:  # the first attack is resolve_attack's work, under its own bounds
            work[0] = MAX_FORECAST_RESOLUTIONS
        work[0] -= _STATE_WORK * live
        if work[0] < 0:
            refuse()
        weights, denominator = next(chain)
        live = len(weights)
        attacks_done[0] += 1
        after.append(distribution_of(weights, denominator))
    degrees = tuple(dist.map(lambda state: state[0]) for dist in after)
    return HitsForecast(
        attacks=attacks,
        states=tuple(after),
        degrees=degrees,
        shield_points=tuple(dist.map(lambda state: state[1]) for dist in after),
        reached=_reached(degrees),
        mean_degrees=tuple(dist.mean() for dist in degrees),
        first_hit_degrees=first_plain,
        first_critical_degrees=first_critical,
    )
