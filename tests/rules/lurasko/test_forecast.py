"""``hits_forecast`` against every miss/hit/critical sequence, Monte Carlo and invariants."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Distribution
from rules.lurasko import (
    Attack,
    Precision,
    Shield,
    Target,
    WeaponHit,
    hits_forecast,
    resolve_attack,
)
from rules.validation import InvalidInput

HEAT_SHOT = Attack(WeaponHit(energy_damage=40, energy_type="heat"), form="ranged")
SWORD = Attack(WeaponHit(32, 15, 24, "heat"))  # the source's sword with 24 extra heat
FLAMER = Attack(WeaponHit(normal_damage=12, normal_drive=18, energy_damage=9, energy_type="heat"))
ARMORED = Target(10, (16, 28))
BARE = Target(10)


def _brute_force(
    attack: Attack,
    target: Target,
    shields: list[Shield],
    attacks: int,
    hit: Fraction,
    crit: Fraction,
) -> list[Counter[tuple[int, tuple[int, ...]]]]:
    """For each attack number, (degrees so far, points left) -> probability, over every
    sequence of miss / hit / critical, each hit resolved with ``resolve_attack`` on the
    points left (a miss through the low and medium shields alone, as they act before the
    defense roll)."""
    branches = [("miss", 1 - hit), ("hit", hit * (1 - crit)), ("critical", hit * crit)]
    result: list[Counter[tuple[int, tuple[int, ...]]]] = []
    for n in range(1, attacks + 1):
        chances: Counter[tuple[int, tuple[int, ...]]] = Counter()
        for sequence in itertools.product(branches, repeat=n):
            p = math.prod((q for _, q in sequence), start=Fraction(1))
            if not p:
                continue
            points = [s.points for s in shields]
            degrees = 0
            for outcome, _ in sequence:
                now = [
                    dataclasses.replace(s, points=x) for s, x in zip(shields, points, strict=True)
                ]
                if outcome == "miss":
                    early = [i for i, s in enumerate(shields) if s.level is not Precision.HIGH]
                    left = resolve_attack(attack, target, [now[i] for i in early]).shield_points
                    for i, x in zip(early, left, strict=True):
                        points[i] = x
                    continue
                chosen = (
                    attack if outcome == "hit" else dataclasses.replace(attack, critical="drive")
                )
                resolution = resolve_attack(chosen, target, now)
                degrees += resolution.degrees
                points = list(resolution.shield_points)
            chances[(degrees, tuple(points))] += p
        result.append(chances)
    return result


CASES = [
    (HEAT_SHOT, BARE, [Shield("medium", 50)], 3, Fraction(2, 3), Fraction(0)),
    (HEAT_SHOT, BARE, [Shield("low", 30), Shield("high", 25)], 3, Fraction(1, 2), Fraction(1, 3)),
    (SWORD, ARMORED, [Shield("high", 30)], 3, Fraction(3, 4), Fraction(1, 4)),
    (FLAMER, ARMORED, [Shield("high", 10), Shield("high", 5)], 2, Fraction(4, 5), Fraction(1, 2)),
    (SWORD, ARMORED, [], 3, Fraction(1, 2), Fraction(1, 2)),
    (HEAT_SHOT, Target(7), [Shield("medium", 45)], 2, Fraction(1), Fraction(1)),
]


@pytest.mark.parametrize(("attack", "target", "shields", "attacks", "hit", "crit"), CASES)
def test_every_field_equals_every_sequence(
    attack: Attack,
    target: Target,
    shields: list[Shield],
    attacks: int,
    hit: Fraction,
    crit: Fraction,
) -> None:
    forecast = hits_forecast(attack, target, shields, attacks, hit, crit)
    expected = _brute_force(attack, target, shields, attacks, hit, crit)
    assert len(forecast.degrees) == attacks
    for n in range(attacks):
        joint = Distribution(expected[n])
        assert forecast.states[n] == joint
        degrees: Counter[int] = Counter()
        points: Counter[tuple[int, ...]] = Counter()
        for (d, left), p in expected[n].items():
            degrees[d] += p
            points[left] += p
        assert forecast.degrees[n] == Distribution(degrees)
        assert forecast.shield_points[n] == Distribution(points)
        assert dict(forecast.reached[n]) == {
            t: sum((p for d, p in degrees.items() if d >= t), Fraction(0)) for t in range(1, 11)
        }
        assert forecast.mean_degrees[n] == Distribution(degrees).mean()


def test_source_shield_example_carries_over() -> None:
    # Source: "a character with 50 shielding points shields an energy attack of 40 damage,
    # they subtract 40 shielding points to reduce the damage to 0, and have 10 shielding
    # points remaining"; the next 40 finds 10 points: 30 gets through, 3 degrees at factor 10.
    forecast = hits_forecast(HEAT_SHOT, BARE, [Shield("medium", 50)], 2, 1)
    assert forecast.shield_points[0] == {(10,): 1}
    assert forecast.degrees[0] == {0: 1}
    assert forecast.degrees[1] == {3: 1}
    assert forecast.shield_points[1] == {(0,): 1}


def test_a_miss_still_spends_low_and_medium_points_but_not_high() -> None:
    """Low and medium shield before the defense roll; high only once the character is hit."""
    shields = [Shield("medium", 50), Shield("high", 50)]
    forecast = hits_forecast(HEAT_SHOT, BARE, shields, 1, 0)
    assert forecast.shield_points[0] == {(10, 50): 1}
    assert forecast.degrees[0] == {0: 1}


def test_a_critical_adds_drive() -> None:
    """The source's sword against 16-28: 16 + 12 damage normally (drive 15 normal: below the
    range; heat drive 24: within), 16 + 24 with the critical's +10 drive (4 degrees)."""
    forecast = hits_forecast(SWORD, ARMORED, [], 1, 1, 1)
    assert forecast.first_critical_degrees == 4
    assert forecast.degrees[0] == {4: 1}
    assert forecast.first_hit_degrees == resolve_attack(SWORD, ARMORED).degrees


def test_monte_carlo_lands_within_four_standard_errors() -> None:
    """20,000 seeded series of attacks, each resolved step by step, against the exact curve."""
    attack, target = SWORD, ARMORED
    shields = [Shield("high", 40)]
    hit, crit, attacks, trials = Fraction(3, 5), Fraction(1, 4), 5, 20_000
    exact = hits_forecast(attack, target, shields, attacks, hit, crit).reached
    critical = dataclasses.replace(attack, critical="drive")
    memo: dict[tuple[int, bool], tuple[int, int]] = {}

    def resolve(points: int, is_critical: bool) -> tuple[int, int]:
        if (points, is_critical) not in memo:
            r = resolve_attack(
                critical if is_critical else attack, target, [Shield("high", points)]
            )
            memo[(points, is_critical)] = (r.degrees, r.shield_points[0])
        return memo[(points, is_critical)]

    rng = random.Random(2027)
    degrees_after = [Counter[int]() for _ in range(attacks)]
    for _ in range(trials):
        points, degrees = 40, 0
        for n in range(attacks):
            if rng.random() < hit:
                added, points = resolve(points, rng.random() < crit)
                degrees += added
            degrees_after[n][degrees] += 1
    reached = [
        {t: sum(c for d, c in counts.items() if d >= t) for t in range(1, 11)}
        for counts in degrees_after
    ]
    for n in range(attacks):
        for t in range(1, 11):
            p = float(exact[n][t])
            error = math.sqrt(p * (1 - p) / trials) or 1 / trials
            assert abs(reached[n][t] / trials - p) <= 4 * error


CHANCES = st.fractions(0, 1, max_denominator=12)


@given(
    st.sampled_from([HEAT_SHOT, SWORD, FLAMER]),
    st.sampled_from([BARE, ARMORED, Target(3)]),
    st.lists(st.builds(Shield, st.sampled_from(list(Precision)), st.integers(0, 60)), max_size=2),
    st.integers(1, 4),
    CHANCES,
    CHANCES,
    CHANCES,
)
def test_invariants(
    attack: Attack,
    target: Target,
    shields: list[Shield],
    attacks: int,
    hit: Fraction,
    crit: Fraction,
    extra: Fraction,
) -> None:
    forecast = hits_forecast(attack, target, shields, attacks, hit, crit)
    for n in range(attacks):
        assert sum(forecast.degrees[n].values()) == 1
        assert sum(forecast.shield_points[n].values()) == 1
        chances = [forecast.reached[n][t] for t in range(1, 11)]
        assert chances == sorted(chances, reverse=True)
        if n:
            assert all(forecast.reached[n][t] >= forecast.reached[n - 1][t] for t in range(1, 11))
            assert forecast.mean_degrees[n] >= forecast.mean_degrees[n - 1]
    # A higher hit chance never lowers the chance of reaching a threshold: when the shields
    # never run short, a hit only ever adds degrees (and with shields, on these attacks, more
    # points spent never means more damage later: spent points only let more through).
    better = hits_forecast(attack, target, shields, attacks, hit + (1 - hit) * extra, crit)
    for n in range(attacks):
        assert all(better.reached[n][t] >= forecast.reached[n][t] for t in range(1, 11))


@pytest.mark.parametrize(
    ("changes", "parameter"),
    [
        ({"attack": WeaponHit(1)}, "attack"),
        ({"target": 10}, "target"),
        ({"shields": [5]}, "shields"),
        ({"shields": [Shield("high", 1)] * 101}, "shields"),
        ({"attacks": 0}, "attacks"),
        ({"attacks": 101}, "attacks"),
        ({"hit_chance": Fraction(3, 2)}, "hit_chance"),
        ({"hit_chance": float("nan")}, "hit_chance"),
        ({"crit_chance": -1}, "crit_chance"),
    ],
)
def test_bad_input_names_the_parameter(changes: dict[str, object], parameter: str) -> None:
    arguments: dict[str, object] = {
        "attack": SWORD,
        "target": ARMORED,
        "shields": [],
        "attacks": 3,
        "hit_chance": Fraction(1, 2),
    }
    arguments.update(changes)
    with pytest.raises(InvalidInput) as error:
        hits_forecast(**arguments)  # type: ignore[arg-type]
    assert error.value.parameter == parameter


def test_a_refusal_names_the_largest_attacks_that_fit() -> None:
    """A deep high precision shield that hits and criticals drain by different amounts: the
    states grow with every pair (hits, criticals), and each is resolved."""
    arguments = (SWORD, ARMORED, [Shield("high", 10**6)], 100, Fraction(1, 2), Fraction(1, 2))
    with pytest.raises(InvalidInput, match=r"attacks must be an integer in 1\.\.") as error:
        hits_forecast(*arguments)
    largest = int(error.value.allowed.split("..")[1].split()[0])
    assert len(hits_forecast(*arguments[:3], largest, *arguments[4:]).degrees) == largest


def test_a_damage_aura_never_crits() -> None:
    """A damage aura cannot be dodged: no critical (``crit_chance`` must be 0)."""
    aura = Attack(WeaponHit(energy_damage=25, energy_type="frost"), form="damage aura")
    forecast = hits_forecast(aura, BARE, [Shield("high", 10)], 2, 1)
    assert forecast.degrees == ({1: 1}, {3: 1})  # 25 - 10 shielded = 15, then 25
    with pytest.raises(InvalidInput) as error:
        hits_forecast(aura, BARE, [], 2, 1, Fraction(1, 2))
    assert error.value.parameter == "crit_chance"
