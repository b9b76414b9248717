"""The generic chain of :mod:`rules.forecast`, against enumeration of every roll sequence."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Distribution, d
from rules.forecast import chance_by_step, mean_steps_to_absorb, run_chain


def _capped_total_step(sides: int, cap: int):  # type: ignore[no-untyped-def]
    return lambda total: d(sides).map(lambda roll: min(total + roll, cap))


@pytest.mark.parametrize(("sides", "cap", "steps"), [(2, 3, 3), (3, 5, 3), (4, 6, 4)])
def test_run_chain_equals_every_roll_sequence(sides: int, cap: int, steps: int) -> None:
    """A capped running total: each step's distribution, counted over all ``sides**steps``
    roll sequences (absorbed sequences keep their total, whatever is rolled after)."""
    after = run_chain(0, _capped_total_step(sides, cap), steps, absorbing=lambda t: t >= cap)
    for r in range(1, steps + 1):
        counts: Counter[int] = Counter()
        for rolls in itertools.product(range(1, sides + 1), repeat=r):
            total = 0
            for roll in rolls:
                if total < cap:
                    total = min(total + roll, cap)
            counts[total] += 1
        assert after[r - 1] == Distribution.from_counts(counts)


def test_absorbing_states_are_never_stepped() -> None:
    stepped: list[int] = []

    def step(state: int) -> Distribution[int]:
        stepped.append(state)
        return Distribution({state + 1: Fraction(1)})

    run_chain(0, step, 5, absorbing=lambda s: s >= 2)
    assert stepped == [0, 1]


def test_mean_steps_equals_the_tail_sum() -> None:
    """E[T] = sum over r >= 0 of P(T > r); with d2 steps to reach 4 the chain ends within 4
    steps, so the sum is finite and exact."""
    step = _capped_total_step(2, 4)
    after = run_chain(0, step, 4, absorbing=lambda t: t >= 4)
    absorbed = chance_by_step(after, lambda t: t >= 4)
    assert absorbed[-1] == 1
    tail = 1 + sum((1 - p for p in absorbed[:-1]), Fraction(0))
    assert mean_steps_to_absorb(0, step, absorbing=lambda t: t >= 4) == tail


def test_mean_steps_with_a_self_loop_is_geometric() -> None:
    """A step that hits with chance p ends after 1/p steps on average."""
    p = Fraction(2, 7)
    step = lambda s: Distribution({s: 1 - p, s + 1: p})  # noqa: E731
    assert mean_steps_to_absorb(0, step, absorbing=lambda s: s >= 1) == 1 / p
    assert mean_steps_to_absorb(0, step, absorbing=lambda s: s >= 3) == 3 / p


def test_mean_steps_is_none_when_absorption_is_not_certain() -> None:
    # From 1 the chain stays forever: absorption (reaching 2) is not certain from 0.
    def step(s: int) -> Distribution[int]:
        if s == 1:
            return Distribution({1: Fraction(1)})
        return Distribution({1: Fraction(1, 2), 2: Fraction(1, 2)})

    assert mean_steps_to_absorb(0, step, absorbing=lambda s: s >= 2) is None


def test_mean_steps_refuses_a_chain_that_returns() -> None:
    step = lambda s: Distribution({1 - s: Fraction(1, 2), 2: Fraction(1, 2)})  # noqa: E731
    with pytest.raises(ValueError, match="never returns"):
        mean_steps_to_absorb(0, step, absorbing=lambda s: s >= 2)


@given(st.integers(1, 6), st.integers(1, 12), st.integers(1, 6))
def test_every_step_sums_to_one_and_absorption_never_decreases(
    sides: int, cap: int, steps: int
) -> None:
    after = run_chain(0, _capped_total_step(sides, cap), steps, absorbing=lambda t: t >= cap)
    assert all(sum(dist.values()) == 1 for dist in after)
    absorbed = chance_by_step(after, lambda t: t >= cap)
    assert list(absorbed) == sorted(absorbed)
