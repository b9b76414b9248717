"""Exact forecasts over rounds: absorbing Markov chains whose probabilities are Fractions.

A fight, a volley or a string of hits is a chain over *states*: the smallest hashable value
that decides the future (the damage each fighter has taken, the total damage a ship has
soaked, the shield points left). One *step* (a round, a turn, an attack) maps a state to the
exact :class:`~rules.dice.Distribution` of the next state. After every step the equal states
are merged (their probabilities added), so the chain stays as small as the number of
different states, not the number of roll sequences. *Absorbing* states (a fighter down, a
ship destroyed) are never stepped again: they carry their probability forward unchanged.

Nothing is sampled: :func:`run_chain` returns the exact distribution of the state after each
step, and :func:`mean_steps_to_absorb` the exact expected number of steps for chains that
never return to a state they left (the damage only grows).

The same chain runs on integer counts (:func:`run_counts`, :func:`iterate_counts`,
:func:`mean_steps_to_absorb_counts`): a step returns its next states as ``(counts,
denominator)``, integers over one denominator (:func:`counts_of` converts a Distribution), and
the running weights stay integers over one running denominator (multiplied, each step, by the
least common multiple of the denominators of the states stepped). No gcd is taken until a
step's result is read, where Fraction arithmetic takes one at every addition and product: on
chains of hundreds of states over tens of steps the counts are several times faster. The
results are equal, Fraction for Fraction. The rule sets build their forecasts on this core
(``rules.cepheus.duel``, ``rules.moo2.volley_forecast``, ``rules.lurasko.hits_forecast``).

>>> from rules.dice import d
>>> # A running total of d2 rolls, stopped once it reaches 3.
>>> step = lambda total: d(2).map(lambda roll: min(total + roll, 3))
>>> after = run_chain(0, step, 2, absorbing=lambda total: total >= 3)
>>> after[0] == {1: Fraction(1, 2), 2: Fraction(1, 2)}
True
>>> after[1] == {2: Fraction(1, 4), 3: Fraction(3, 4)}
True
>>> chance_by_step(after, lambda total: total >= 3)
(Fraction(0, 1), Fraction(3, 4))
>>> mean_steps_to_absorb(0, step, absorbing=lambda total: total >= 3)
Fraction(9, 4)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from fractions import Fraction

from rules.dice import Distribution

__all__ = [
    "Counts",
    "chance_by_step",
    "counts_of",
    "distribution_of",
    "iterate_counts",
    "mean_steps_to_absorb",
    "mean_steps_to_absorb_counts",
    "run_chain",
    "run_counts",
]

type Counts[S] = tuple[Mapping[S, int], int]
"""An exact distribution as integer counts over one denominator: ``({state: count}, total)``,
the chance of a state being ``count / total`` (the counts add up to ``total``)."""


def _never(state: object) -> bool:
    return False


def run_chain[S: Hashable](
    start: S | Distribution[S],
    step: Callable[[S], Distribution[S]],
    steps: int,
    *,
    absorbing: Callable[[S], bool] = _never,
) -> tuple[Distribution[S], ...]:
    """The exact distribution of the state after each of ``steps`` steps.

    ``start`` is one state or a distribution of states; ``step(state)`` returns the
    distribution of the next state (it is called once per different state, and cached);
    a state for which ``absorbing(state)`` is true is kept as it is. Entry ``r - 1`` of the
    result is the distribution after step ``r``. The callers validate ``steps`` (each bounds
    it by the work one step costs); this function trusts it.

    >>> from rules.dice import d
    >>> run_chain(0, lambda n: d(2).map(lambda r: n + r), 2)[-1] == {
    ...     2: Fraction(1, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}
    True
    """
    current: dict[S, Fraction] = (
        dict(start.items()) if isinstance(start, Distribution) else {start: Fraction(1)}
    )
    cache: dict[S, Distribution[S]] = {}
    result: list[Distribution[S]] = []
    for _ in range(steps):
        following: dict[S, Fraction] = {}
        for state, p in current.items():
            if absorbing(state):
                following[state] = following.get(state, Fraction(0)) + p
                continue
            nexts = cache.get(state)
            if nexts is None:
                nexts = cache[state] = step(state)
            for successor, q in nexts.items():
                following[successor] = following.get(successor, Fraction(0)) + p * q
        current = following
        result.append(Distribution._exact(dict(current)))
    return tuple(result)


def chance_by_step[S: Hashable](
    distributions: Sequence[Distribution[S]], predicate: Callable[[S], bool]
) -> tuple[Fraction, ...]:
    """For each step's distribution, the exact chance that ``predicate(state)`` holds.

    >>> from rules.dice import d
    >>> chance_by_step([d(4), d(2)], lambda face: face == 1)
    (Fraction(1, 4), Fraction(1, 2))
    """
    return tuple(
        sum((p for state, p in dist.items() if predicate(state)), Fraction(0))
        for dist in distributions
    )


def mean_steps_to_absorb[S: Hashable](
    start: S,
    step: Callable[[S], Distribution[S]],
    *,
    absorbing: Callable[[S], bool],
) -> Fraction | None:
    """The exact expected number of steps from ``start`` until an absorbing state.

    For chains that never come back to a state they left (each step stays or moves on, as
    damage that only grows): then ``E(s) = (1 + sum of P(s -> t) E(t) over t != s) /
    (1 - P(s -> s))``, solved from the absorbing states back. ``None`` when absorption is not
    certain: some reachable state can never be left (``P(s -> s) = 1``).

    Raises:
        ValueError: the chain returns to a state it left (it is not of this kind).

    >>> from rules.dice import Distribution
    >>> coin = lambda n: Distribution({n: Fraction(1, 2), n + 1: Fraction(1, 2)})
    >>> mean_steps_to_absorb(0, coin, absorbing=lambda n: n >= 1)
    Fraction(2, 1)
    >>> mean_steps_to_absorb(0, lambda n: Distribution({n: 1}), absorbing=lambda n: n >= 1)
    """
    return _mean_steps(start, lambda state: (step(state), 1), absorbing)


def _mean_steps[S: Hashable](
    start: S,
    step: Callable[[S], tuple[Mapping[S, int | Fraction], int]],
    absorbing: Callable[[S], bool],
) -> Fraction | None:
    """The mean of :func:`mean_steps_to_absorb` with ``step`` giving weights over a total."""
    expected: dict[S, Fraction | None] = {}
    on_path: set[S] = set()
    successors: dict[S, tuple[Mapping[S, int | Fraction], int]] = {}
    stack: list[S] = [start]
    while stack:
        state = stack[-1]
        if state in expected:
            stack.pop()
            continue
        if absorbing(state):
            expected[state] = Fraction(0)
            stack.pop()
            continue
        found = successors.get(state)
        if found is None:
            found = successors[state] = step(state)
            on_path.add(state)
        nexts, whole = found
        pending = [t for t in nexts if t != state and t not in expected]
        if pending:
            for t in pending:
                if t in on_path:
                    raise ValueError(
                        f"mean_steps_to_absorb needs a chain that never returns to a state it "
                        f"left; {t!r} is reached again"
                    )
            stack.extend(pending)
            continue
        stack.pop()
        on_path.discard(state)
        stay = nexts.get(state, 0)
        if stay == whole:
            expected[state] = None
            continue
        later = [(p, expected[t]) for t, p in nexts.items() if t != state]
        if any(value is None for _, value in later):
            expected[state] = None
            continue
        total = sum((p * value for p, value in later if value is not None), Fraction(whole))
        expected[state] = total / (whole - stay)
    return expected[start]


def counts_of[S: Hashable](distribution: Distribution[S]) -> Counts[S]:
    """``distribution`` as integer counts over the least common denominator of its chances.

    >>> from rules.dice import d
    >>> counts_of(d(2).map(lambda r: r > 1)) == ({False: 1, True: 1}, 2)
    True
    """
    total = math.lcm(*(p.denominator for p in distribution.values()))
    return {
        state: p.numerator * (total // p.denominator) for state, p in distribution.items()
    }, total


def distribution_of[S: Hashable](weights: Mapping[S, int], denominator: int) -> Distribution[S]:
    """The exact :class:`~rules.dice.Distribution` of integer ``weights`` over ``denominator``
    (the weights add up to it; zero weights are left out).

    >>> distribution_of({1: 2, 2: 6, 3: 0}, 8) == {1: Fraction(1, 4), 2: Fraction(3, 4)}
    True
    """
    return Distribution._exact(
        {state: Fraction(w, denominator) for state, w in weights.items() if w}
    )


def iterate_counts[S: Hashable](
    start: S | Counts[S],
    step: Callable[[S], Counts[S]],
    *,
    absorbing: Callable[[S], bool] = _never,
) -> Iterator[Counts[S]]:
    """:func:`run_chain`'s chain in integer counts, one step at a time, without end.

    ``start`` is one state or ``(counts, denominator)`` (a state is never a pair of a mapping
    and an integer); ``step(state)`` returns the next states
    as ``(counts, denominator)`` (called once per different state, and cached); a state for
    which ``absorbing(state)`` is true keeps its weight. Each ``next()`` does one step and yields
    the weights after it over their running denominator: the weights and the denominator are
    both multiplied by the least common multiple of the denominators of the states stepped (so
    an absorbing weight is only scaled), and no gcd is taken. The work of a step is done when
    it is asked for, so a caller can bound the work between steps (the mapping yielded is the
    chain's own: read it, do not change it).

    >>> from rules.dice import d
    >>> chain = iterate_counts(0, lambda n: counts_of(d(2).map(lambda r: min(n + r, 3))),
    ...                        absorbing=lambda n: n >= 3)
    >>> next(chain) == ({1: 1, 2: 1}, 2), next(chain) == ({2: 1, 3: 3}, 4)
    (True, True)
    >>> next(chain) == ({3: 4}, 4)  # from 2, every roll reaches 3: counts ({3: 1}, 1)
    True
    """
    if isinstance(start, tuple) and len(start) == 2 and isinstance(start[0], Mapping):
        current: dict[S, int] = dict(start[0])
        denominator: int = start[1]
    else:
        current, denominator = {start: 1}, 1  # type: ignore[dict-item]
    cache: dict[S, Counts[S] | None] = {}
    while True:
        plans: list[tuple[S, int, Counts[S] | None]] = []
        for state, weight in current.items():
            if state in cache:
                nexts = cache[state]
            else:
                nexts = cache[state] = None if absorbing(state) else step(state)
            plans.append((state, weight, nexts))
        common = math.lcm(*(nexts[1] for _, _, nexts in plans if nexts is not None))
        following: dict[S, int] = {}
        for state, weight, nexts in plans:
            if nexts is None:
                following[state] = following.get(state, 0) + weight * common
                continue
            successors, total = nexts
            scale = weight * (common // total)
            for successor, count in successors.items():
                following[successor] = following.get(successor, 0) + scale * count
        current = following
        denominator *= common
        yield current, denominator


def run_counts[S: Hashable](
    start: S | Counts[S],
    step: Callable[[S], Counts[S]],
    steps: int,
    *,
    absorbing: Callable[[S], bool] = _never,
) -> tuple[Distribution[S], ...]:
    """The exact distribution of the state after each of ``steps`` steps, in integer counts.

    The chain of :func:`run_chain` (and its result, Fraction for Fraction) with ``step``
    returning ``(counts, denominator)`` (see :func:`iterate_counts`); each step's weights are
    read into a Distribution once. The callers validate ``steps``; this function trusts it.

    >>> from rules.dice import d
    >>> run_counts(0, lambda n: counts_of(d(2).map(lambda r: n + r)), 2)[-1] == {
    ...     2: Fraction(1, 4), 3: Fraction(1, 2), 4: Fraction(1, 4)}
    True
    """
    chain = iterate_counts(start, step, absorbing=absorbing)
    return tuple(distribution_of(*next(chain)) for _ in range(steps))


def mean_steps_to_absorb_counts[S: Hashable](
    start: S,
    step: Callable[[S], Counts[S]],
    *,
    absorbing: Callable[[S], bool],
) -> Fraction | None:
    """:func:`mean_steps_to_absorb` with ``step`` returning ``(counts, denominator)``.

    From a state ``s`` that steps to ``t`` with ``c_t`` of ``D``: ``E(s) = (D + sum of c_t E(t)
    over t != s) / (D - c_s)``, the same value as with the chances ``c_t / D``; each state's
    counts are read once, with no Fraction made per successor.

    Raises:
        ValueError: the chain returns to a state it left.

    >>> mean_steps_to_absorb_counts(0, lambda n: ({n: 1, n + 1: 1}, 2),
    ...                             absorbing=lambda n: n >= 1)
    Fraction(2, 1)
    """
    return _mean_steps(start, step, absorbing)
