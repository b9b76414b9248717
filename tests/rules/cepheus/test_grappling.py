"""Grappling: the opposed Natural Weapons check and the winner's options."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import GRAPPLE_OPTIONS, DisarmResult, GrappleOption, OpposedResult
from rules.dice import enumerate_dice


def brute(dm: int, opponent_dm: int) -> tuple[Counter[str], Counter[int], int]:
    """Oracle: every roll of both sides' 2D6 (36 x 36)."""
    results: Counter[str] = Counter()
    winning: Counter[int] = Counter()
    rolls = list(enumerate_dice(4, 6))
    for a1, a2, b1, b2 in rolls:
        mine, theirs = a1 + a2 + dm - 8, b1 + b2 + opponent_dm - 8
        if mine > theirs:
            results["win"] += 1
            winning[mine] += 1
        elif mine == theirs:
            results["tie"] += 1
        else:
            results["lose"] += 1
    return results, winning, len(rolls)


@pytest.mark.parametrize(("dm", "opponent_dm"), [(0, 0), (2, -1), (-3, 4), (7, -7), (10, -10)])
def test_odds_match_enumeration(dm: int, opponent_dm: int) -> None:
    odds = cepheus.grapple_odds(dm, opponent_dm)
    results, winning, total = brute(dm, opponent_dm)
    assert odds.win == Fraction(results["win"], total)
    assert odds.tie == Fraction(results["tie"], total)
    assert odds.lose == Fraction(results["lose"], total)
    assert odds.win + odds.tie + odds.lose == 1
    wins = sum(winning.values())
    if wins:
        assert odds.winning_effect == {e: Fraction(n, wins) for e, n in winning.items()}
    else:
        assert odds.winning_effect is None
    assert odds.disarm_takes == Fraction(sum(n for e, n in winning.items() if e >= 6), total)


def test_a_tie_has_no_winner() -> None:
    # Interpretation: the attacker must "beat his target"; equal Effects beat nobody.
    assert cepheus.opposed_result(0, 0) is OpposedResult.TIE
    assert cepheus.opposed_result(1, 0) is OpposedResult.WIN
    assert cepheus.opposed_result(-2, -1) is OpposedResult.LOSE
    odds = cepheus.grapple_odds(0, 0)
    assert odds.tie == Fraction(146, 1296) and odds.win == odds.lose
    assert cepheus.grapple_odds(20, 0).tie == 0 and cepheus.grapple_odds(20, 0).win == 1
    assert cepheus.grapple_odds(0, 20).winning_effect is None


# Source: "Inflict damage equal to 2 + the Effect."
@pytest.mark.parametrize(("effect", "damage"), [(0, 2), (3, 5), (6, 8), (-1, 1), (-2, 0), (-5, 0)])
def test_grapple_damage(effect: int, damage: int) -> None:
    assert cepheus.grapple_damage(effect) == damage


# Source: "Disarm his opponent. If he succeeds by 6+ he can take the weapon away; otherwise it
# ends up on the floor."
@pytest.mark.parametrize(
    ("effect", "result"),
    [(6, DisarmResult.TAKEN), (9, DisarmResult.TAKEN), (5, DisarmResult.ON_THE_FLOOR)],
)
def test_disarm(effect: int, result: DisarmResult) -> None:
    assert cepheus.disarm_result(effect) is result


def test_options_table() -> None:
    # Source: the seven options, in order; "Throw his opponent up to three meters for 1D6
    # damage"; "Drag his opponent up to three meters"; "Throwing an opponent always ends the
    # grapple. With any other option the winner can choose to end or continue the grapple".
    assert list(GRAPPLE_OPTIONS) == list(GrappleOption)
    assert len(GRAPPLE_OPTIONS) == 7
    assert GRAPPLE_OPTIONS[GrappleOption.THROW].ends_grapple is True
    assert GRAPPLE_OPTIONS[GrappleOption.THROW].metres == 3
    assert GRAPPLE_OPTIONS[GrappleOption.DRAG].metres == 3
    assert GRAPPLE_OPTIONS[GrappleOption.ESCAPE].ends_grapple is True
    for option in (GrappleOption.CONTINUE, GrappleOption.DISARM, GrappleOption.DAMAGE):
        assert GRAPPLE_OPTIONS[option].ends_grapple is None
    for option, row in GRAPPLE_OPTIONS.items():
        assert row.option is option


@pytest.mark.parametrize("option", list(GrappleOption))
@pytest.mark.parametrize(("dm", "opponent_dm"), [(0, 0), (3, 1), (-2, 2)])
def test_damage_distribution_matches_enumeration(
    option: GrappleOption, dm: int, opponent_dm: int
) -> None:
    counts: Counter[int] = Counter()
    rolls = list(enumerate_dice(5, 6))  # both checks and the throw's 1D6
    for a1, a2, b1, b2, throw in rolls:
        mine, theirs = a1 + a2 + dm - 8, b1 + b2 + opponent_dm - 8
        if mine <= theirs:
            counts[0] += 1
        elif option is GrappleOption.DAMAGE:
            counts[max(0, 2 + mine)] += 1
        elif option is GrappleOption.THROW:
            counts[throw] += 1
        else:
            counts[0] += 1
    expected = {k: Fraction(n, len(rolls)) for k, n in counts.items()}
    assert cepheus.grapple_damage_distribution(dm, opponent_dm, option=option) == expected


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(st.integers(-15, 15), st.integers(-15, 15))
def test_odds_are_probabilities_and_symmetric(dm: int, opponent_dm: int) -> None:
    odds = cepheus.grapple_odds(dm, opponent_dm)
    other = cepheus.grapple_odds(opponent_dm, dm)
    assert all(0 <= p <= 1 for p in (odds.win, odds.tie, odds.lose, odds.disarm_takes))
    assert odds.win == other.lose and odds.tie == other.tie
    assert odds.win <= cepheus.grapple_odds(dm + 1, opponent_dm).win


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: cepheus.opposed_result(1.5, 0), "effect"),
        (lambda: cepheus.opposed_result(1, None), "opponent_effect"),
        (lambda: cepheus.grapple_odds("1", 0), "dm"),
        (lambda: cepheus.grapple_odds(1, True), "opponent_dm"),
        (lambda: cepheus.grapple_damage_distribution(0, 0, option="bite"), "option"),
        (lambda: cepheus.grapple_damage(None), "effect"),
        (lambda: cepheus.disarm_result(2**60), "effect"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_parameter(call: object, parameter: str) -> None:
    with pytest.raises(ValueError, match=f"^{parameter} must be"):
        call()  # type: ignore[operator]


# --- A rolled grapple ------------------------------------------------------------------------


class Dice(random.Random):
    """A random.Random that deals the given faces in order (to roll chosen dice)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


@pytest.mark.parametrize("option", list(GrappleOption))
def test_roll_matches_every_roll(option: GrappleOption) -> None:
    # Brute force over the 6**5 faces (both 2D6 and the throw's D6): the rolled result follows
    # the source's options for every one of them.
    for faces in itertools.product(range(1, 7), repeat=5):
        rolled = cepheus.roll_grapple(1, -1, Dice(list(faces)), option=option)
        mine, theirs = faces[0] + faces[1] + 1 - 8, faces[2] + faces[3] - 1 - 8
        assert rolled.check.effect == mine and rolled.opponent_check.effect == theirs
        assert rolled.result is cepheus.opposed_result(mine, theirs)
        won = mine > theirs
        assert rolled.option is (option if won else None)
        if won and option is GrappleOption.DAMAGE:
            assert rolled.damage == max(0, 2 + mine)
        elif won and option is GrappleOption.THROW:
            assert rolled.throw_roll == faces[4] and rolled.damage == faces[4]
        else:
            assert rolled.damage == 0 and rolled.throw_roll is None
        if won and option is GrappleOption.DISARM:
            assert rolled.disarm is (DisarmResult.TAKEN if mine >= 6 else DisarmResult.ON_THE_FLOOR)
        else:
            assert rolled.disarm is None


def test_roll_log_and_tie() -> None:
    tie = cepheus.roll_grapple(0, 0, Dice([3, 4, 5, 2]), option="damage")
    assert tie.result is OpposedResult.TIE and tie.damage == 0
    assert tie.log[-1].startswith("A tie (Effect -1 each): nobody wins")
    thrown = cepheus.roll_grapple(2, 0, Dice([6, 6, 1, 1, 4]), option="throw")
    assert thrown.log == (
        "Attacker: 2D6 6 + 6 = 12, +2 = 14 vs 8+: Effect 6",
        "Opponent: 2D6 1 + 1 = 2, +0 = 2 vs 8+: Effect -6",
        "The attacker wins (Effect 6 against -6)",
        "Throw his opponent up to 3 m: 1D6 = 4 damage; the grapple ends",
    )


@settings(max_examples=50, deadline=None)
@given(
    st.integers(-10, 10),
    st.integers(-10, 10),
    st.integers(0, 2**32),
    st.sampled_from(list(GrappleOption)),
)
def test_roll_is_reproducible_and_possible(
    dm: int, opponent_dm: int, seed: int, option: GrappleOption
) -> None:
    first = cepheus.roll_grapple(dm, opponent_dm, random.Random(seed), option=option)
    assert first == cepheus.roll_grapple(dm, opponent_dm, random.Random(seed), option=option)
    damage = cepheus.grapple_damage_distribution(dm, opponent_dm, option=option)
    assert damage[first.damage] > 0
    with pytest.raises(ValueError, match=r"^rng must be a random\.Random"):
        cepheus.roll_grapple(dm, opponent_dm, seed)  # type: ignore[arg-type]
