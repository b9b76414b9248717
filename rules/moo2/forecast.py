"""Volley forecast: the exact chance a target is destroyed by the end of each combat turn.

Source: ``000_3948ba1900819cb7.txt`` for every shot (chance to hit, damage from the accuracy,
shields, planets: see :class:`~rules.moo2.damage.BeamShot`). The sources give no ship's
armor or structure, so the damage the target can take (``hit_points``) is an input.

The forecast is an exact chain (:mod:`rules.forecast`) over one state: the total damage
dealt so far, capped at ``hit_points``. That is all that decides the future: every shot's
damage distribution is fixed by its :class:`BeamShot` (the target's shield is a per-hit
reduction inside it, and nothing in the source changes a shot as the target takes damage),
so two fights with the same total so far go on alike; and once the total reaches
``hit_points`` the target is destroyed and nothing more happens to it, so every larger total
is the same state. Equal totals are merged after each turn, so the chain has at most
``hit_points + 1`` states, whatever the number of roll sequences.

The chain runs on the integer-count core of :mod:`rules.forecast`
(:func:`~rules.forecast.iterate_counts`: counts over ``100 ** (shots * turns)`` roll
sequences, the same distributions as :func:`~rules.forecast.run_chain`'s, which the tests
check): a gcd at every Fraction operation made the same chain 10 to 50 times slower, and the
bounds as much smaller. ``expected_turns`` is :func:`rules.forecast.mean_steps_to_absorb`'s
mean (the tests check it equal), solved here in integers with the one shortcut this chain
allows: every total below ``hit_points`` takes the same volley, so the backward sums need
no Fraction until the end (:func:`_expected_turns`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from fractions import Fraction

from rules.dice import Distribution
from rules.forecast import Counts, distribution_of, iterate_counts
from rules.moo2.accuracy import D100
from rules.moo2.damage import BeamShot
from rules.validation import (
    InvalidInput,
    check_instance,
    check_int,
    check_items,
    output_record,
)

__all__ = [
    "MAX_VOLLEY_HIT_POINTS",
    "MAX_VOLLEY_SHOTS",
    "MAX_VOLLEY_TURNS",
    "MAX_VOLLEY_WORK",
    "VolleyForecast",
    "volley_forecast",
]

MAX_VOLLEY_TURNS = 100
"""The most turns :func:`volley_forecast` follows (a bound on work, not a rule)."""

MAX_VOLLEY_SHOTS = 100
"""The most shots one turn's volley may have: the sum of the counts (a bound on work)."""

MAX_VOLLEY_HIT_POINTS = 10_000
"""The most ``hit_points`` :func:`volley_forecast` takes (a bound on work: one state per point)."""

MAX_VOLLEY_WORK = 400_000
"""The most work :func:`volley_forecast` does, in units of one operation on a 64-bit word.

The exact probabilities after turn ``t`` are counts over ``100 ** (shots * t)`` roll
sequences, so both the number of operations (states times volley outcomes) and the size of
the numbers grow: a turn costs ``states * outcomes * (1 + bits / 64)`` units, and the exact
expected turns ``outcomes * hit_points * (1 + hit_points * bits(q) / 64)``. A call past it is
refused, naming the largest ``turns`` (or ``hit_points``) that fits, never cut short."""


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class VolleyForecast:
    """The exact forecast of :func:`volley_forecast`: entry ``t - 1`` is "by the end of turn t"."""

    hit_points: int
    """The damage that destroys the target (armor plus structure: an input)."""
    turns: int
    """The number of turns forecast."""
    volley: Distribution[int]
    """The damage of one full volley (every shot of one turn), capped at ``hit_points``."""
    mean_volley_damage: Fraction
    """The exact mean damage of one full volley, not capped (the sum of the shots' means)."""
    destroyed: tuple[Fraction, ...]
    """The chance the target is destroyed by the end of each turn (cumulative)."""
    damage: tuple[Distribution[int], ...]
    """After each turn, the distribution of the total damage dealt, capped at ``hit_points``."""
    mean_damage: tuple[Fraction, ...]
    """After each turn, the exact mean of :attr:`damage` (capped total)."""
    expected_turns: Fraction | None
    """The exact expected number of turns until destruction, counting turns beyond the
    forecast; None when destruction is not certain (no volley can ever do damage)."""

    @property
    def survival(self) -> tuple[Fraction, ...]:
        """The chance the target still stands after each turn (``1 - destroyed``)."""
        return tuple(1 - p for p in self.destroyed)


def _check_weapons(weapons: object) -> tuple[tuple[BeamShot, int], ...]:
    allowed = f"a sequence of (BeamShot, count) pairs with at most {MAX_VOLLEY_SHOTS} shots in all"
    items = check_items("weapons", weapons, "(BeamShot, count) pairs", max_items=MAX_VOLLEY_SHOTS)
    if not items:
        raise InvalidInput("weapons", f"{allowed}, at least one pair", weapons)
    pairs: list[tuple[BeamShot, int]] = []
    total = 0
    for index, item in enumerate(items):
        pair = check_items(f"weapons[{index}]", item, "items: a BeamShot and a count", max_items=2)
        if len(pair) != 2:
            raise InvalidInput(f"weapons[{index}]", "a (BeamShot, count) pair", item)
        shot = check_instance(f"weapons[{index}][0]", pair[0], BeamShot)
        count = check_int(f"weapons[{index}][1]", pair[1], 1, MAX_VOLLEY_SHOTS)
        total += count
        if total > MAX_VOLLEY_SHOTS:
            raise InvalidInput("weapons", allowed, weapons)
        pairs.append((shot, count))
    return tuple(pairs)


def _too_many_shots(cap: int) -> InvalidInput:
    return InvalidInput(
        "weapons",
        f"(BeamShot, count) pairs with fewer shots or fewer different damages for hit_points "
        f"{cap} (the exact volley's work grows with both: at most {MAX_VOLLEY_WORK} units, "
        f"MAX_VOLLEY_WORK)",
        "these weapons",
    )


def _capped_volley(
    pairs: Iterable[tuple[BeamShot, int]], cap: int, budget: list[int]
) -> dict[int, int]:
    """The damage of one volley as counts over ``100 ** shots`` equally likely rolls, the
    totals above ``cap`` counted at ``cap``; ``budget[0]`` is the work left."""
    volley = {0: 1}
    denominator = 1
    for shot, count in pairs:
        counts = [(k, int(p * D100)) for k, p in shot.damage_distribution().items()]
        for _ in range(count):
            denominator *= D100
            budget[0] -= len(volley) * len(counts) * (1 + denominator.bit_length() // 64)
            if budget[0] < 0:
                raise _too_many_shots(cap)
            following: dict[int, int] = {}
            for total, n in volley.items():
                for damage, m in counts:
                    key = min(total + damage, cap)
                    following[key] = following.get(key, 0) + n * m
            volley = following
    return volley


def _run_turns(
    volley: list[tuple[int, int]], per_volley: int, cap: int, turns: int, budget: list[int]
) -> tuple[Distribution[int], ...]:
    """The capped total after each turn: :func:`rules.forecast.iterate_counts`'s chain.

    State: the total capped at ``cap``; ``cap`` absorbing; a turn adds one volley, ``volley``
    being its damage as (damage, count over ``per_volley``), capped at ``cap``. The core keeps
    every probability as a count over the running denominator (``per_volley ** turn`` while a
    total below ``cap`` is left); the work of each turn is estimated, and refused past
    ``budget``, before the turn is run.
    """

    def step(total: int) -> Counts[int]:
        following: dict[int, int] = {}
        for damage, m in volley:
            key = min(total + damage, cap)
            following[key] = following.get(key, 0) + m
        return following, per_volley

    chain = iterate_counts(0, step, absorbing=lambda total: total >= cap)
    weights: Mapping[int, int] = {0: 1}
    denominator = 1
    result: list[Distribution[int]] = []
    for turn in range(turns):
        live = sum(1 for total in weights if total < cap)
        words = 1 + (denominator * per_volley).bit_length() // 64
        # the sums and products of the step, then one Fraction (a gcd: quadratic) per total
        cost = live * len(volley) * (words + 2) + (live + len(volley)) * words * words
        budget[0] -= cost
        if budget[0] < 0 and turn == 0:  # not even one turn: the volley itself is too large
            raise _too_many_shots(cap)
        if budget[0] < 0:
            raise InvalidInput(
                "turns",
                f"an integer in 1..{turn} for these weapons and hit_points (the exact "
                f"forecast's work grows with the turns: at most {MAX_VOLLEY_WORK} units, "
                f"MAX_VOLLEY_WORK)",
                turns,
            )
        weights, denominator = next(chain)
        result.append(distribution_of(weights, denominator))
    return tuple(result)


def _expected_turns(volley: list[tuple[int, int]], per_volley: int, cap: int) -> Fraction | None:
    """:func:`rules.forecast.mean_steps_to_absorb` of the capped total, in integers.

    From a total ``s`` below ``cap``, ``E(s) = (D + sum of n_v E(s + v) over v >= 1) / q``
    with ``D = per_volley``, ``n_v`` the count of a volley of damage ``v`` and ``q = D - n_0``
    (a volley of 0 leaves the total where it was); ``E(s) = 0`` from ``cap`` on. Written
    ``E(s) = F(s) / q ** (cap - s)``, ``F(s) = D q**(cap-s-1) + sum n_v q**(v-1) F(s+v)``
    (``s + v < cap``) is an integer, so one Fraction is made, at the end. None when ``q`` is 0
    (no volley ever does damage: destruction is not certain).
    """
    misses = dict(volley).get(0, 0)
    q = per_volley - misses
    if q == 0:
        return None
    weights = [(v, n * q ** (v - 1)) for v, n in volley if 0 < v < cap]
    f = [0] * (cap + 1)
    for s in range(cap - 1, -1, -1):
        total = per_volley * q ** (cap - s - 1)
        for v, w in weights:
            if s + v >= cap:
                break
            total += w * f[s + v]
        f[s] = total
    return Fraction(f[0], q**cap)


def _expected_work(positive: int, q_bits: int, cap: int) -> int:
    """Up to ``positive`` products per total, of numbers of up to ``words`` words, and one
    gcd at the end; half of that in units, as measured (a product of a long and a short
    integer costs far less than a unit of the chain per word)."""
    words = 1 + cap * q_bits // 64
    return (positive * cap * words + words * words) // 2


def _check_expected_work(
    volley: list[tuple[int, int]], per_volley: int, cap: int, budget: int
) -> int:
    """The work of :func:`_expected_turns`; refuse ``hit_points`` when it is past ``budget``.

    With a smaller cap the volley's outcomes below it are the same, so the largest cap that
    fits is found from the same volley."""
    damages = [v for v, _ in volley if v > 0]
    q_bits = (per_volley - dict(volley).get(0, 0)).bit_length()

    def work(top: int) -> int:
        return _expected_work(sum(1 for v in damages if v < top), q_bits, top)

    needed = work(cap)
    if needed <= budget:
        return needed
    low, high = 1, cap  # the largest cap whose work fits: work grows with the cap
    while low < high:
        middle = (low + high + 1) // 2
        if work(middle) <= budget:
            low = middle
        else:
            high = middle - 1
    raise InvalidInput(
        "hit_points",
        f"an integer in 1..{low} for these weapons (the exact expected turns' work grows with "
        f"hit_points: at most {MAX_VOLLEY_WORK} units, MAX_VOLLEY_WORK)",
        cap,
    )


def volley_forecast(
    weapons: Iterable[tuple[BeamShot, int]], hit_points: int, turns: int
) -> VolleyForecast:
    """The exact chance that volleys of beam shots destroy a target, turn by turn.

    Each turn every ``(shot, count)`` pair of ``weapons`` fires ``count`` independent shots,
    each with the exact damage distribution of its :class:`~rules.moo2.damage.BeamShot`
    (``BeamShot.damage_distribution``: a miss does 0; the target's shield, a planet, the mount
    and the range are all inside the shot). The damage adds up from turn to turn; the target
    is destroyed once the total reaches ``hit_points``, and is not fired at again.

    Rule: ``000_3948ba1900819cb7.txt``, as :class:`~rules.moo2.damage.BeamShot` for each shot.
    ``hit_points`` (the target's armor plus structure) is not in the sources: it is an input.

    Rule variants: each :class:`~rules.moo2.damage.BeamShot` carries its own
    :class:`~rules.moo2.Variant` (``BeamShot(..., variant=...)``: the formula, the planet
    halving, the beyond-table squares are all inside its damage distribution), so this
    function takes no ``variant`` of its own, which could only conflict with the shots'; no
    other field of the variant touches a volley (the damage adds up, ``hit_points`` is an
    input). Shots built under different variants are fired each under its own.

    Interpretation: the shots are independent (one d100 each, as the source's hit and damage
    formulas use one roll per shot) and every shot of a turn fires, even once the target's
    total has reached ``hit_points`` partway through the volley: the capped total is the same
    either way. The state tracked is the total damage, capped at ``hit_points`` (see the
    module docstring): exact because a shot's damage does not depend on the damage already
    taken in these rules. ``expected_turns`` is the exact mean of the turn of destruction
    (turns beyond ``turns`` included), solved backwards over the totals.

    Bounds (on work, not rules): ``turns`` 1..100 (:data:`MAX_VOLLEY_TURNS`), ``hit_points``
    1..10,000 (:data:`MAX_VOLLEY_HIT_POINTS`), at most 100 shots per volley
    (:data:`MAX_VOLLEY_SHOTS`, the sum of the counts), and at most 400,000 units of work
    (:data:`MAX_VOLLEY_WORK`): the exact numbers grow with every turn and shot (counts over
    ``100 ** (shots * turns)``), so the work is estimated before each part and a call past it
    is refused, naming the largest ``turns`` or ``hit_points`` that fits with these weapons
    (one 50-100 Death Ray at 11 squares: 522 hit points, or 33 turns against 100; one 1-4
    Laser: 1439 hit points). The largest chain measured had 448 states (a Death Ray at 23
    squares against 500 hit points for 20 turns, 0.07 s); the slowest accepted call measured
    took about 0.09 s (best of 3 on a loaded 2-core machine: ten 1-4 Lasers against 135 hit
    points, most of it the exact expected turns).

    Raises:
        ValueError: ``weapons`` is not a non-empty sequence of ``(BeamShot, count)`` pairs
            with counts >= 1 adding up to at most 100, ``hit_points`` is not an integer in
            1..10,000, ``turns`` not an integer in 1..100, or the work is past
            :data:`MAX_VOLLEY_WORK` (naming ``weapons``, ``hit_points`` or ``turns``).

    Two 1-4 Lasers at point blank (BA+CO-AF-BD = 0: 61% to hit) against 6 hit points:

    >>> laser = BeamShot(1, 4, 0, 0, 0)
    >>> forecast = volley_forecast([(laser, 2)], 6, 3)
    >>> forecast.mean_volley_damage
    Fraction(77, 25)
    >>> [str(p) for p in forecast.destroyed]
    ['1441/10000', '28443659/50000000', '41917322579/50000000000']
    """
    pairs = _check_weapons(weapons)
    hit_points = check_int("hit_points", hit_points, 1, MAX_VOLLEY_HIT_POINTS)
    turns = check_int("turns", turns, 1, MAX_VOLLEY_TURNS)
    shots = sum(count for _, count in pairs)
    per_volley = D100**shots
    budget = [MAX_VOLLEY_WORK]
    counts = sorted(_capped_volley(pairs, hit_points, budget).items())
    volley = Distribution._exact({k: Fraction(n, per_volley) for k, n in counts})
    budget[0] -= _check_expected_work(counts, per_volley, hit_points, budget[0])
    after = _run_turns(counts, per_volley, hit_points, turns, budget)
    return VolleyForecast(
        hit_points=hit_points,
        turns=turns,
        volley=volley,
        mean_volley_damage=sum((count * shot.mean_damage() for shot, count in pairs), Fraction(0)),
        destroyed=tuple(dist.get(hit_points, Fraction(0)) for dist in after),
        damage=after,
        mean_damage=tuple(dist.mean() for dist in after),
        expected_turns=_expected_turns(counts, per_volley, hit_points),
    )
