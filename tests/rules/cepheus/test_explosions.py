"""Explosions: dodge (damage less 1D6) or dive for cover (half damage, prone)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import EXPLOSION_REACTIONS, ExplosionReaction
from rules.dice import enumerate_dice


def brute(dice: int, bonus: int, reaction: str, armor: int) -> dict[int, Fraction]:
    """Oracle: every roll of the explosion's dice (and of the dodge's die)."""
    dodge = reaction == "dodge"
    counts: Counter[int] = Counter()
    total = 0
    for roll in enumerate_dice(dice + dodge, 6):
        rolled = max(0, sum(roll[:dice]) + bonus)
        if dodge:
            rolled -= roll[-1]
        elif reaction == "dive":
            rolled = (rolled + 1) // 2
        counts[max(0, max(0, rolled) - armor)] += 1
        total += 1
    return {damage: Fraction(n, total) for damage, n in counts.items()}


# Source: "A character that dodges an explosion may reduce the damage by 1D6 if he just dodges or
# by half if he dives for cover."
@pytest.mark.parametrize(
    ("damage", "reaction", "die", "armor", "result"),
    [
        (14, "none", None, 0, 14),
        (14, "dodge", 4, 0, 10),
        (3, "dodge", 5, 0, 0),
        (14, "dive", None, 0, 7),
        (13, "dive", None, 0, 7),  # Interpretation: halves round up, as at extreme range.
        (1, "dive", None, 0, 1),
        (9, "none", None, 4, 5),
        (9, "dodge", 2, 4, 3),  # Interpretation: the reaction first, then armor.
        (9, "dive", None, 4, 1),
        (0, "dive", None, 0, 0),
    ],
)
def test_explosion_damage(
    damage: int, reaction: str, die: int | None, armor: int, result: int
) -> None:
    assert cepheus.explosion_damage(damage, reaction=reaction, dodge_die=die, armor=armor) == result


def test_reaction_costs() -> None:
    # Source: "may dodge at the usual Initiative cost" ("Each reaction lowers Initiative by 2");
    # "A character that dives for cover ends up prone and loses his next significant action."
    none, dodge, dive = (EXPLOSION_REACTIONS[r] for r in ExplosionReaction)
    assert (none.initiative, dodge.initiative, dive.initiative) == (0, -2, -2)
    assert (none.prone, dodge.prone, dive.prone) == (False, False, True)
    assert dive.loses_significant_action and not dodge.loses_significant_action
    assert list(EXPLOSION_REACTIONS) == list(ExplosionReaction)


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("reaction", ["none", "dodge", "dive"])
@pytest.mark.parametrize(("bonus", "armor"), [(0, 0), (2, 0), (0, 3), (-3, 1)])
def test_distribution_matches_enumeration(dice: int, reaction: str, bonus: int, armor: int) -> None:
    got = cepheus.explosion_damage_distribution(dice, bonus=bonus, reaction=reaction, armor=armor)
    assert got == brute(dice, bonus, reaction, armor)


def test_vehicle_explosion() -> None:
    # Source ("Vehicle Damage"): "it explodes, doing 4D6 damage to everyone within six meters".
    full = cepheus.explosion_damage_distribution(4)
    assert full.mean() == 14
    assert cepheus.explosion_damage_distribution(4, reaction="dodge").mean() < 14 - 3
    assert cepheus.explosion_damage_distribution(4, reaction="dive").mean() == Fraction(29, 4)


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(
    st.integers(0, 6),
    st.integers(-5, 5),
    st.integers(0, 10),
)
def test_a_reaction_never_increases_damage(dice: int, bonus: int, armor: int) -> None:
    dists = {
        r: cepheus.explosion_damage_distribution(dice, bonus=bonus, reaction=r, armor=armor)
        for r in ExplosionReaction
    }
    for dist in dists.values():
        assert sum(dist.values()) == 1
        assert all(0 < p <= 1 for p in dist.values())
        assert min(dist) >= 0
    none = dists[ExplosionReaction.NONE]
    for reaction in (ExplosionReaction.DODGE, ExplosionReaction.DIVE):
        for x in range(0, 6 * dice + max(bonus, 0) + 1):
            # Stochastic dominance: P(damage >= x) never rises with a reaction.
            reacted = sum(p for d, p in dists[reaction].items() if d >= x)
            assert reacted <= sum(p for d, p in none.items() if d >= x)


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: cepheus.explosion_damage(-1), "damage"),
        (lambda: cepheus.explosion_damage(5, reaction="duck"), "reaction"),
        (lambda: cepheus.explosion_damage(5, reaction="dodge"), "dodge_die"),
        (lambda: cepheus.explosion_damage(5, reaction="dodge", dodge_die=7), "dodge_die"),
        (lambda: cepheus.explosion_damage(5, dodge_die=3), "dodge_die"),
        (lambda: cepheus.explosion_damage(5, armor=-1), "armor"),
        (lambda: cepheus.explosion_damage_distribution(301), "dice"),
        (lambda: cepheus.explosion_damage_distribution(2, bonus=0.5), "bonus"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_parameter(call: object, parameter: str) -> None:
    with pytest.raises(ValueError, match=f"^{parameter} must be"):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("reaction", ["none", "dodge", "dive"])
@pytest.mark.parametrize(("dice", "bonus", "armor"), [(4, 0, 0), (2, 1, 3), (3, -5, 0), (0, 2, 1)])
def test_roll_is_explosion_damage_of_the_dice_of_the_seed(
    reaction: str, dice: int, bonus: int, armor: int
) -> None:
    for seed in range(40):
        got = cepheus.roll_explosion(
            dice, bonus=bonus, reaction=reaction, armor=armor, rng=random.Random(seed)
        )
        rng = random.Random(seed)
        rolls = tuple(rng.randint(1, 6) for _ in range(dice))
        die = rng.randint(1, 6) if reaction == "dodge" else None
        rolled = max(0, sum(rolls) + bonus)
        assert (got.rolls, got.dodge_die, got.rolled) == (rolls, die, rolled)
        assert got.damage == cepheus.explosion_damage(
            rolled, reaction=reaction, dodge_die=die, armor=armor
        )
        assert got.reaction.value == reaction
        assert got.log[-1] == f"Damage taken: {got.damage}"
        assert got == cepheus.roll_explosion(
            dice, bonus=bonus, reaction=reaction, armor=armor, rng=random.Random(seed)
        )


def test_roll_log_says_what_diving_costs() -> None:
    # Source: "A character that dives for cover ends up prone and loses his next significant
    # action."
    log = cepheus.roll_explosion(2, reaction="dive", rng=random.Random(1)).log
    assert "prone" in log[1] and "next significant action is lost" in log[1]
    assert "Initiative -2" in log[1]


@pytest.mark.parametrize(
    ("kwargs", "parameter"),
    [
        ({"dice": -1}, "dice"),
        ({"dice": 2, "reaction": "hide"}, "reaction"),
        ({"dice": 2, "armor": -2}, "armor"),
        ({"dice": 2, "bonus": None}, "bonus"),
    ],
)
def test_roll_bad_input(kwargs: dict[str, object], parameter: str) -> None:
    with pytest.raises(ValueError, match=f"^{parameter} must be"):
        cepheus.roll_explosion(rng=random.Random(1), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rng must be"):
        cepheus.roll_explosion(2, rng=None)  # type: ignore[arg-type]
