"""Suppression fire: DM -2, double ammunition, the Effect as an Initiative penalty."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import SuppressionException


def brute(dm: int, attacks: int) -> dict[int, Fraction]:
    """Oracle: every roll of every attack; the penalty is the highest Effect of a hit."""
    faces = range(1, 7)
    counts: Counter[int] = Counter()
    rolls = list(itertools.product(faces, repeat=2 * attacks))
    for roll in rolls:
        effects = [roll[2 * i] + roll[2 * i + 1] + dm - 2 - 8 for i in range(attacks)]
        counts[max([0, *(e for e in effects if e >= 0)])] += 1
    return {k: Fraction(n, len(rolls)) for k, n in counts.items()}


def test_suppression_dms_and_ammunition() -> None:
    # Source: "with a -2 DM for trying to hit cover"; "uses up double the normal amount of
    # ammunition per attack"; "DM-1 penalty to any skill checks ... in both the current and
    # following combat round".
    assert cepheus.SUPPRESSION_FIRE_DM == -2
    assert cepheus.SUPPRESSED_DM == -1
    assert cepheus.SUPPRESSED_ROUNDS == 2
    assert cepheus.suppression_ammunition(3) == 6
    assert cepheus.suppression_ammunition(0) == 0


# Source: "Failures are treated as normal misses. Success means ... an initiative penalty equal
# to the Effect of the attack ... If multiple hits are used upon the same target, the highest
# Effect takes precedence."
@pytest.mark.parametrize(
    ("effects", "penalty"),
    [([], 0), ([-1], 0), ([0], 0), ([4], 4), ([1, 5, 2], 5), ([-3, 2], 2), ((3, 3), 3)],
)
def test_highest_effect_of_several_hits(effects: list[int], penalty: int) -> None:
    assert cepheus.suppression_penalty(effects) == penalty


@pytest.mark.parametrize("dm", [-4, 0, 2, 5, 9])
@pytest.mark.parametrize("attacks", [1, 2])
def test_penalty_distribution_matches_enumeration(dm: int, attacks: int) -> None:
    assert cepheus.suppression_penalty_distribution(dm, attacks=attacks) == brute(dm, attacks)


def test_penalty_distribution_agrees_with_the_attack_model() -> None:
    # The attack model's suppression fire (AttackOdds.suppression) gives the same penalty.
    situation = cepheus.AttackSituation(
        weapon="rifle",
        damage_dice=3,
        band="medium",
        skill=1,
        characteristic_dm=1,
        fire_mode="suppression",
    )
    odds = cepheus.attack_odds(situation)
    dm = odds.total_dm - cepheus.SUPPRESSION_FIRE_DM
    assert cepheus.suppression_penalty_distribution(dm) == odds.suppression


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(st.integers(-20, 20), st.integers(1, 6))
def test_probabilities_and_more_attacks(dm: int, attacks: int) -> None:
    dist = cepheus.suppression_penalty_distribution(dm, attacks=attacks)
    more = cepheus.suppression_penalty_distribution(dm, attacks=attacks + 1)
    assert sum(dist.values()) == 1 and all(0 < p <= 1 for p in dist.values())
    assert dist.mean() <= more.mean()
    assert max(dist) <= max(0, 12 + dm - 10)


# Source: the list of targets that "do not care about Suppression fire", and "The target must be
# allowed to take one action before he can be suppressed again."
@pytest.mark.parametrize("exception", list(SuppressionException))
def test_unshakeable_targets(exception: SuppressionException) -> None:
    assert cepheus.can_be_suppressed([exception]) is False
    assert cepheus.can_be_suppressed([exception.value]) is False


def test_suppressed_again_only_after_an_action() -> None:
    assert cepheus.can_be_suppressed() is True
    assert cepheus.can_be_suppressed(acted_since_suppressed=False) is False
    assert {e.value for e in SuppressionException} == {
        "vehicle",
        "zealot",
        "mechanical",
        "battle_dress",
        "suicidal",
    }


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: cepheus.suppression_penalty([1, 2.5]), "effects"),
        (lambda: cepheus.suppression_penalty(3), "effects"),
        (lambda: cepheus.suppression_penalty(range(101)), "effects"),
        (lambda: cepheus.suppression_penalty_distribution(0, attacks=0), "attacks"),
        (lambda: cepheus.suppression_penalty_distribution("0"), "dm"),
        (lambda: cepheus.suppression_ammunition(-1), "rounds"),
        (lambda: cepheus.can_be_suppressed(["droid"]), "exceptions"),
        (lambda: cepheus.can_be_suppressed("zealot"), "exceptions"),
        (lambda: cepheus.can_be_suppressed(acted_since_suppressed=0), "acted_since_suppressed"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_parameter(call: object, parameter: str) -> None:
    with pytest.raises(ValueError, match=f"^{parameter}"):
        call()  # type: ignore[operator]


def brute_chance(dm: int, attacks: int) -> Fraction:
    """Oracle: the share of every roll of every attack in which some attack succeeds."""
    rolls = list(itertools.product(range(1, 7), repeat=2 * attacks))
    hits = sum(
        any(roll[2 * i] + roll[2 * i + 1] + dm - 2 >= 8 for i in range(attacks)) for roll in rolls
    )
    return Fraction(hits, len(rolls))


# Source: "Failures are treated as normal misses. Success means that the firer has hit close
# enough to the target to force them to duck away" (with the -2 DM of suppression fire).
@pytest.mark.parametrize("dm", [-4, 0, 2, 5, 9])
@pytest.mark.parametrize("attacks", [1, 2, 3])
def test_suppression_chance_matches_enumeration(dm: int, attacks: int) -> None:
    assert cepheus.suppression_chance(dm, attacks=attacks) == brute_chance(dm, attacks)


def test_suppression_chance_agrees_with_the_attack_model() -> None:
    situation = cepheus.AttackSituation(
        weapon="assault_weapon", damage_dice=3, band="short", skill=2, fire_mode="suppression"
    )
    odds = cepheus.attack_odds(situation)
    dm = odds.total_dm - cepheus.SUPPRESSION_FIRE_DM
    assert cepheus.suppression_chance(dm) == odds.hit_chance
    # A success of Effect 0 suppresses but delays nothing: the chance of a penalty is lower.
    penalty = cepheus.suppression_penalty_distribution(dm)
    assert 1 - penalty[0] < cepheus.suppression_chance(dm)


@pytest.mark.parametrize(("dm", "attacks"), [(0, 1), (3, 2), (6, 5), (-3, 4)])
def test_roll_is_the_highest_effect_of_the_dice_of_the_seed(dm: int, attacks: int) -> None:
    for seed in range(40):
        got = cepheus.roll_suppression(dm, attacks=attacks, rng=random.Random(seed))
        rng = random.Random(seed)
        effects = []
        for _ in range(attacks):
            effects.append(rng.randint(1, 6) + rng.randint(1, 6) + dm - 2 - 8)
        assert [c.effect for c in got.checks] == effects
        assert got.affected
        assert got.suppressed == any(e >= 0 for e in effects)
        assert got.penalty == cepheus.suppression_penalty([e for e in effects if e >= 0])
        assert len(got.log) == attacks + 1


def test_roll_on_a_target_it_cannot_affect_rolls_nothing() -> None:
    got = cepheus.roll_suppression(4, exceptions=["battle_dress"], rng=random.Random(2))
    assert (got.affected, got.checks, got.suppressed, got.penalty) == (False, (), False, 0)
    assert got.log == ("Not affected by suppression fire: battle dress",)
    again = cepheus.roll_suppression(4, acted_since_suppressed=False, rng=random.Random(2))
    assert again.log == (
        "Not affected by suppression fire: not acted since it was last suppressed",
    )


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: cepheus.suppression_chance(0, attacks=101), "attacks"),
        (lambda: cepheus.suppression_chance(1.5), "dm"),
        (lambda: cepheus.roll_suppression(0, attacks=0, rng=random.Random(1)), "attacks"),
        (lambda: cepheus.roll_suppression(0, exceptions=["x"], rng=random.Random(1)), "exceptions"),
    ],
)
def test_new_functions_bad_input(call: object, parameter: str) -> None:
    with pytest.raises(ValueError, match=f"^{parameter}"):
        call()  # type: ignore[operator]
