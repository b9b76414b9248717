"""``volley_forecast`` against every roll sequence, the generic chain, Monte Carlo, invariants."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Distribution
from rules.forecast import chance_by_step, mean_steps_to_absorb, run_chain
from rules.moo2 import D100, BeamShot, volley_forecast
from rules.validation import InvalidInput

LASER = BeamShot(1, 4, 0, 0, 0)  # 61% to hit, 1-4 damage by accuracy
DEATH_RAY_23 = BeamShot(50, 100, 10, 0, 23)  # the source's Death Ray at 23 squares: 18-35
SHIELDED = BeamShot(1, 4, 30, 0, 0, shield=2)  # a class II-like reduction: 0, 1 or 2 damage


def _roll_damage_counts(shot: BeamShot) -> Counter[int]:
    """Damage -> how many of the 100 d100 rolls give it, from ``BeamShot.damage(roll)``."""
    return Counter(shot.damage(roll) for roll in range(1, D100 + 1))


def _brute_force(
    weapons: list[tuple[BeamShot, int]], hit_points: int, turns: int
) -> list[Counter[int]]:
    """For each turn, capped total -> number of roll sequences (each shot's d100, grouped by
    the damage it gives), without any chain: every sequence's damage summed, then capped."""
    shots = [shot for shot, count in weapons for _ in range(count)]
    per_shot = [list(_roll_damage_counts(shot).items()) for shot in shots]
    result: list[Counter[int]] = []
    for t in range(1, turns + 1):
        counts: Counter[int] = Counter()
        for sequence in itertools.product(*(per_shot * t)):
            total = sum(damage for damage, _ in sequence)
            counts[min(total, hit_points)] += math.prod(n for _, n in sequence)
        result.append(counts)
    return result


@pytest.mark.parametrize(
    ("weapons", "hit_points", "turns"),
    [
        ([(LASER, 1)], 5, 3),
        ([(LASER, 2)], 6, 3),
        ([(LASER, 1), (SHIELDED, 1)], 4, 2),
        ([(DEATH_RAY_23, 1)], 40, 3),
        ([(SHIELDED, 3)], 3, 2),
    ],
)
def test_every_field_equals_every_roll_sequence(
    weapons: list[tuple[BeamShot, int]], hit_points: int, turns: int
) -> None:
    forecast = volley_forecast(weapons, hit_points, turns)
    expected = _brute_force(weapons, hit_points, turns)
    for t in range(turns):
        dist = Distribution.from_counts(expected[t])
        assert forecast.damage[t] == dist
        assert forecast.destroyed[t] == dist.get(hit_points, Fraction(0))
        assert forecast.mean_damage[t] == dist.mean()
    assert forecast.volley == Distribution.from_counts(_brute_force(weapons, hit_points, 1)[0])
    shots_mean = sum(
        (count * Fraction(sum(shot.damage(r) for r in range(1, D100 + 1)), D100))
        for shot, count in weapons
    )
    assert forecast.mean_volley_damage == shots_mean
    assert forecast.survival == tuple(1 - p for p in forecast.destroyed)


def test_one_shot_two_turns_over_all_ten_thousand_roll_pairs() -> None:
    """The literal enumeration: both d100 rolls, 100 x 100 sequences."""
    counts: Counter[int] = Counter()
    for first, second in itertools.product(range(1, D100 + 1), repeat=2):
        counts[min(LASER.damage(first) + LASER.damage(second), 5)] += 1
    assert volley_forecast([(LASER, 1)], 5, 2).damage[1] == Distribution.from_counts(counts)


def _core_step(weapons: list[tuple[BeamShot, int]], hit_points: int):  # type: ignore[no-untyped-def]
    volley: Distribution[int] = Distribution({0: 1})
    for shot, count in weapons:
        for _ in range(count):
            volley = (volley + shot.damage_distribution()).map(lambda v: min(v, hit_points))
    return lambda total: volley.map(lambda v: min(total + v, hit_points))


@pytest.mark.parametrize(
    ("weapons", "hit_points", "turns"),
    [([(LASER, 2)], 9, 4), ([(DEATH_RAY_23, 2), (LASER, 1)], 60, 3), ([(SHIELDED, 2)], 7, 5)],
)
def test_same_chain_as_the_generic_core(
    weapons: list[tuple[BeamShot, int]], hit_points: int, turns: int
) -> None:
    """The integer-count chain is ``rules.forecast``'s chain: same states, same step."""
    step = _core_step(weapons, hit_points)
    absorbed = lambda total: total >= hit_points  # noqa: E731
    after = run_chain(0, step, turns, absorbing=absorbed)
    forecast = volley_forecast(weapons, hit_points, turns)
    assert forecast.damage == after
    assert forecast.destroyed == chance_by_step(after, absorbed)
    assert forecast.expected_turns == mean_steps_to_absorb(0, step, absorbing=absorbed)


def test_expected_turns_of_a_sure_hit_is_the_tail_sum() -> None:
    """Always-hit shots: destruction is certain within a few turns, so E[T] is a finite sum."""
    mauler = BeamShot(3, 5, 0, 0, 0, always_hit=True)
    forecast = volley_forecast([(mauler, 1)], 12, 6)
    assert forecast.destroyed[-1] == 1
    assert forecast.expected_turns == 1 + sum((1 - p for p in forecast.destroyed[:-1]), Fraction(0))


def test_expected_turns_is_none_when_nothing_ever_gets_through() -> None:
    blocked = BeamShot(1, 4, 0, 0, 0, shield=10)
    forecast = volley_forecast([(blocked, 3)], 5, 4)
    assert forecast.expected_turns is None
    assert forecast.destroyed == (0, 0, 0, 0)


def test_geometric_when_one_hit_destroys() -> None:
    """A target any hit destroys: turns until destruction is geometric, mean 1 / P(hit)."""
    p_hit = LASER.hit_probability()
    forecast = volley_forecast([(LASER, 1)], 1, 3)
    assert forecast.destroyed == tuple(1 - (1 - p_hit) ** t for t in (1, 2, 3))
    assert forecast.expected_turns == 1 / p_hit


def test_monte_carlo_lands_within_four_standard_errors() -> None:
    """20,000 seeded fights, each shot its own d100 roll, against the exact curve."""
    weapons = [(LASER, 2), (SHIELDED, 1)]
    hit_points, turns, trials = 12, 6, 20_000
    exact = volley_forecast(weapons, hit_points, turns).destroyed
    rng = random.Random(27)
    rolled = [[shot.damage(roll) for roll in range(1, D100 + 1)] for shot, _ in weapons]
    destroyed_by = [0] * turns
    for _ in range(trials):
        total = 0
        for t in range(turns):
            for damage_by_roll, (_, count) in zip(rolled, weapons, strict=True):
                for _ in range(count):
                    total += damage_by_roll[rng.randint(1, D100) - 1]
            if total >= hit_points:
                for later in range(t, turns):
                    destroyed_by[later] += 1
                break
    for t in range(turns):
        p = float(exact[t])
        error = math.sqrt(p * (1 - p) / trials) or 1 / trials
        assert abs(destroyed_by[t] / trials - p) <= 4 * error


SHOTS = st.sampled_from([LASER, SHIELDED, DEATH_RAY_23, BeamShot(2, 7, -20, 5, 3)])


@given(
    st.lists(st.tuples(SHOTS, st.integers(1, 3)), min_size=1, max_size=2),
    st.integers(1, 40),
    st.integers(1, 5),
)
def test_invariants(weapons: list[tuple[BeamShot, int]], hit_points: int, turns: int) -> None:
    forecast = volley_forecast(weapons, hit_points, turns)
    assert all(sum(dist.values()) == 1 for dist in forecast.damage)
    assert list(forecast.destroyed) == sorted(forecast.destroyed)
    assert all(0 <= p <= 1 for p in forecast.destroyed)
    assert all(max(dist) <= hit_points for dist in forecast.damage)
    # One more shot of the first pair never lowers the chance of destruction.
    more = [(weapons[0][0], weapons[0][1] + 1), *weapons[1:]]
    stronger = volley_forecast(more, hit_points, turns)
    assert all(s >= p for s, p in zip(stronger.destroyed, forecast.destroyed, strict=True))
    if forecast.destroyed[-1] == 1:
        tail = 1 + sum((1 - p for p in forecast.destroyed[:-1]), Fraction(0))
        assert forecast.expected_turns == tail


@pytest.mark.parametrize(
    ("arguments", "parameter"),
    [
        (([], 10, 3), "weapons"),
        (([(LASER, 0)], 10, 3), "weapons"),
        (([(LASER, 101)], 10, 3), "weapons"),
        (([(LASER, 60), (LASER, 41)], 10, 3), "weapons"),
        (([(LASER,)], 10, 3), "weapons"),
        (([("laser", 1)], 10, 3), "weapons"),
        (([(LASER, 1)], 0, 3), "hit_points"),
        (([(LASER, 1)], 10_001, 3), "hit_points"),
        (([(LASER, 1)], 10, 0), "turns"),
        (([(LASER, 1)], 10, 101), "turns"),
        (([(DEATH_RAY_23, 1)], 5000, 3), "hit_points"),
        (([(LASER, 10)], 30, 100), "turns"),
    ],
)
def test_bad_input_names_the_parameter(arguments: tuple[object, ...], parameter: str) -> None:
    with pytest.raises(InvalidInput) as error:
        volley_forecast(*arguments)  # type: ignore[arg-type]
    assert error.value.parameter == parameter


def test_a_refusal_names_the_largest_turns_that_fit() -> None:
    with pytest.raises(InvalidInput, match=r"turns must be an integer in 1\.\.(\d+)") as error:
        volley_forecast([(LASER, 10)], 30, 100)
    largest = int(error.value.allowed.split("..")[1].split()[0])
    assert volley_forecast([(LASER, 10)], 30, largest).turns == largest
    with pytest.raises(InvalidInput):
        volley_forecast([(LASER, 10)], 30, largest + 1)


def test_a_refusal_names_hit_points_that_fit() -> None:
    """The exact expected turns' work grows with the hit points: the named largest fits."""
    weapons = [(DEATH_RAY_23, 4)]
    with pytest.raises(InvalidInput, match=r"hit_points must be an integer in 1\.\.") as error:
        volley_forecast(weapons, 5000, 3)
    largest = int(error.value.allowed.split("..")[1].split()[0])
    assert volley_forecast(weapons, largest, 1).hit_points == largest


def test_a_volley_too_large_for_one_turn_names_the_weapons() -> None:
    """100 shots of 58 different damages each: the volley's totals alone are past the bound."""
    wide = BeamShot(1, 200, 0, 0, 0)
    with pytest.raises(InvalidInput, match="weapons must be") as error:
        volley_forecast([(wide, 100)], 10_000, 1)
    assert error.value.parameter == "weapons"
