"""The generic chain of :mod:`rules.forecast`, against enumeration of every roll sequence."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Distribution, d
from rules.forecast import (
    chance_by_step,
    counts_of,
    distribution_of,
    iterate_counts,
    mean_steps_to_absorb,
    mean_steps_to_absorb_counts,
    run_chain,
    run_counts,
)


def _capped_total_step(sides: int, cap: int):  # type: ignore[no-untyped-def]
    return lambda total: d(sides).map(lambda roll: min(total + roll, cap))


def capped_totals(sides: int, cap: int, rolls: int) -> Distribution[int]:
    """The oracle: the capped running total after ``rolls`` dice of ``sides``, counted over all
    ``sides**rolls`` roll sequences (a total at ``cap`` keeps it, whatever is rolled after)."""
    counts: Counter[int] = Counter()
    for sequence in itertools.product(range(1, sides + 1), repeat=rolls):
        total = 0
        for roll in sequence:
            if total < cap:
                total = min(total + roll, cap)
        counts[total] += 1
    return Distribution.from_counts(counts)


@pytest.mark.parametrize(("sides", "cap", "steps"), [(2, 3, 3), (3, 5, 3), (4, 6, 4)])
def test_run_chain_equals_every_roll_sequence(sides: int, cap: int, steps: int) -> None:
    """A capped running total: each step's distribution, counted over all ``sides**steps``
    roll sequences (absorbed sequences keep their total, whatever is rolled after)."""
    after = run_chain(0, _capped_total_step(sides, cap), steps, absorbing=lambda t: t >= cap)
    assert list(after) == [capped_totals(sides, cap, r) for r in range(1, steps + 1)]


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


# --- the integer-count core --------------------------------------------------------------------


def _uneven_step(sides: int, cap: int):  # type: ignore[no-untyped-def]
    """From ``total``: add a roll of d(sides + total % 3) (the denominators differ by state),
    capped at ``cap``, as (counts, denominator)."""

    def step(total: int) -> tuple[dict[int, int], int]:
        faces = sides + total % 3
        counts: Counter[int] = Counter(min(total + roll, cap) for roll in range(1, faces + 1))
        return dict(counts), faces

    return step


@pytest.mark.parametrize(("sides", "cap", "steps"), [(2, 3, 3), (3, 5, 3), (4, 6, 4)])
def test_run_counts_equals_every_roll_sequence(sides: int, cap: int, steps: int) -> None:
    """The capped running total in counts, against all ``sides**steps`` roll sequences."""
    step = _capped_total_step(sides, cap)
    after = run_counts(0, lambda t: counts_of(step(t)), steps, absorbing=lambda t: t >= cap)
    assert list(after) == [capped_totals(sides, cap, r) for r in range(1, steps + 1)]


def test_run_counts_with_uneven_denominators_against_enumeration() -> None:
    """Each state rolls its own die (2, 3 or 4 sides): the running denominator is the lcm of
    the states stepped. Enumerated by weighting each path by the product of its chances."""
    step = _uneven_step(2, 6)
    after = run_counts(0, step, 4, absorbing=lambda t: t >= 6)
    paths: dict[int, Fraction] = {0: Fraction(1)}
    for r in range(4):
        following: dict[int, Fraction] = {}
        for total, p in paths.items():
            if total >= 6:
                following[total] = following.get(total, Fraction(0)) + p
                continue
            faces = 2 + total % 3
            for roll in range(1, faces + 1):
                key = min(total + roll, 6)
                following[key] = following.get(key, Fraction(0)) + p / faces
        paths = following
        assert after[r] == paths


@given(st.integers(1, 5), st.integers(1, 14), st.integers(1, 7), st.integers(0, 3))
def test_run_counts_equals_run_chain(sides: int, cap: int, steps: int, start: int) -> None:
    step = _uneven_step(sides, cap)
    as_fractions = lambda t: distribution_of(*step(t))  # noqa: E731
    absorbing = lambda t: t >= cap  # noqa: E731
    chained = run_chain(start, as_fractions, steps, absorbing=absorbing)
    assert run_counts(start, step, steps, absorbing=absorbing) == chained
    mean = mean_steps_to_absorb(start, as_fractions, absorbing=absorbing)
    assert mean_steps_to_absorb_counts(start, step, absorbing=absorbing) == mean
    # From a distribution of starts, given as counts.
    begin = ({start: 1, start + 1: 2}, 3)
    from_counts = run_counts(begin, step, steps, absorbing=absorbing)
    assert from_counts == run_chain(
        distribution_of(*begin), as_fractions, steps, absorbing=absorbing
    )


def test_iterate_counts_keeps_one_running_denominator_and_steps_lazily() -> None:
    stepped: list[int] = []

    def step(total: int) -> tuple[dict[int, int], int]:
        stepped.append(total)
        return {total + 1: 1, total + 2: 2}, 3

    chain = iterate_counts(0, step, absorbing=lambda t: t >= 2)
    assert stepped == []  # nothing is done before it is asked for
    assert next(chain) == ({1: 1, 2: 2}, 3)
    # 1 steps (x3), 2 is absorbed and only scaled: 1 -> 2 (1), 3 (2); 2 stays (2 * 3).
    assert next(chain) == ({2: 7, 3: 2}, 9)
    assert next(chain) == ({2: 7, 3: 2}, 9)  # nothing left to step: the lcm of none is 1
    assert stepped == [0, 1]


def test_mean_steps_counts_geometric_and_none() -> None:
    # A hit with 2 of 7 ends after 7/2 steps; a state never left makes absorption uncertain.
    step = lambda s: ({s: 5, s + 1: 2}, 7)  # noqa: E731
    assert mean_steps_to_absorb_counts(0, step, absorbing=lambda s: s >= 2) == Fraction(7)
    stuck = lambda s: ({s: 1}, 1)  # noqa: E731
    assert mean_steps_to_absorb_counts(0, stuck, absorbing=lambda s: s >= 1) is None
    back = lambda s: ({1 - s: 1, 2: 1}, 2)  # noqa: E731
    with pytest.raises(ValueError, match="never returns"):
        mean_steps_to_absorb_counts(0, back, absorbing=lambda s: s >= 2)


def test_counts_of_uses_the_least_common_denominator() -> None:
    dist = Distribution({1: Fraction(1, 4), 2: Fraction(1, 6), 3: Fraction(7, 12)})
    assert counts_of(dist) == ({1: 3, 2: 2, 3: 7}, 12)
    assert distribution_of(*counts_of(dist)) == dist
