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
never return to a state they left (the damage only grows). The rule sets build their
forecasts on these two (``rules.cepheus.duel``, ``rules.moo2.volley_forecast``,
``rules.lurasko.hits_forecast``).

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

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from rules.dice import Distribution

__all__ = [
    "chance_by_step",
    "mean_steps_to_absorb",
    "run_chain",
]


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
    expected: dict[S, Fraction | None] = {}
    on_path: set[S] = set()
    successors: dict[S, Distribution[S]] = {}
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
        nexts = successors.get(state)
        if nexts is None:
            nexts = successors[state] = step(state)
            on_path.add(state)
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
        stay = nexts.get(state)
        if stay == 1:
            expected[state] = None
            continue
        later = [(p, expected[t]) for t, p in nexts.items() if t != state]
        if any(value is None for _, value in later):
            expected[state] = None
            continue
        total = 1 + sum((p * value for p, value in later if value is not None), Fraction(0))
        expected[state] = total / (1 - stay)
    return expected[start]
