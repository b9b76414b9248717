"""Damage: weapon dice + Effect, armor, the Effect 6+ minimum, characteristics and wounds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import Characteristic, Physical, WoundState
from rules.dice import Distribution, enumerate_dice

END, STR, DEX = Characteristic.ENDURANCE, Characteristic.STRENGTH, Characteristic.DEXTERITY


def oracle_damage(
    dm: int,
    dice: int,
    armor: int,
    bonus: int = 0,
    *,
    adds_effect: bool = True,
    halved: bool = False,
    blind: bool = False,
) -> dict[int, Fraction]:
    """Every attack roll times every damage roll, resolved by the rule text directly."""
    counts: Counter[int] = Counter()
    attack_rolls = list(enumerate_dice(3 if blind else 2, 6))
    damage_rolls = list(enumerate_dice(dice, 6))
    for attack in attack_rolls:
        effect = sum(sorted(attack)[:2]) + dm - 8
        for roll in damage_rolls:
            if effect < 0:
                counts[0] += 1
                continue
            damage = sum(roll) + bonus + (effect if adds_effect else 0)
            if halved:
                damage = (damage + 1) // 2
            damage = max(damage - armor, 0)
            if effect >= 6:
                damage = max(damage, 1)
            counts[damage] += 1
    total = len(attack_rolls) * len(damage_rolls)
    return {k: Fraction(v, total) for k, v in counts.items()}


def test_hit_damage_rules() -> None:
    # Source: "Add the Effect of the attack roll to this damage."
    assert cepheus.hit_damage(9, 3) == 12
    # Source: "Armor reduces damage by the value of the armor."
    assert cepheus.hit_damage(9, 3, armor=5) == 7
    assert cepheus.hit_damage(2, 0, armor=5) == 0
    # Source: "A hit with Effect 6+ always inflicts at least one point of damage, regardless of
    # the target's armor."
    assert cepheus.hit_damage(2, 6, armor=20) == 1
    assert cepheus.hit_damage(2, 5, armor=20) == 0
    # Source: "The first kind of thrown weapon adds the Effect ... The second does not."
    assert cepheus.hit_damage(9, 3, adds_effect=False) == 9
    # Source: "Energy-based weapons ... inflict half damage (round up) at this extreme range."
    assert cepheus.hit_damage(8, 3, halved=True) == 6
    assert cepheus.hit_damage(8, 2, halved=True) == 5
    assert cepheus.hit_damage(8, 2, armor=3, halved=True) == 2


@pytest.mark.parametrize(
    ("dm", "dice", "armor", "bonus"),
    [(0, 1, 0, 0), (0, 2, 3, 0), (3, 3, 5, 2), (-3, 2, 0, 0), (6, 1, 30, 0), (1, 2, 4, -2)],
)
def test_damage_distribution_matches_enumeration(
    dm: int, dice: int, armor: int, bonus: int
) -> None:
    effect = cepheus.effect_distribution(dm)
    got = cepheus.damage_distribution(effect, dice=dice, armor=armor, bonus=bonus)
    assert got == oracle_damage(dm, dice, armor, bonus)


@pytest.mark.parametrize(
    ("adds_effect", "halved", "blind"), list(itertools.product([False, True], repeat=3))
)
def test_damage_distribution_options_match_enumeration(
    adds_effect: bool, halved: bool, blind: bool
) -> None:
    effect = cepheus.effect_distribution(2, blind=blind)
    got = cepheus.damage_distribution(
        effect, dice=2, armor=2, bonus=1, adds_effect=adds_effect, halved=halved
    )
    assert got == oracle_damage(2, 2, 2, 1, adds_effect=adds_effect, halved=halved, blind=blind)


def test_effect_six_minimum_shows_in_the_distribution() -> None:
    # dm +10 against armor 50: Effect is 2D6 + 2, so rolls of 4+ (Effect 6+) do exactly 1.
    dist = cepheus.damage_distribution(cepheus.effect_distribution(10), dice=1, armor=50)
    assert dist == {0: Fraction(3, 36), 1: Fraction(33, 36)}


# Source: table "Damage Results": "At least 1 characteristic is damaged: Character is wounded",
# "All 3 characteristics are damaged: Character is seriously wounded", "2 characteristics are at
# Zero: Character is unconscious", "3 characteristics are at Zero: Character is dead".
MAX = Physical(strength=7, dexterity=8, endurance=9)


@pytest.mark.parametrize(
    ("current", "state"),
    [
        (Physical(7, 8, 9), WoundState.UNHARMED),
        (Physical(7, 8, 8), WoundState.WOUNDED),
        (Physical(7, 8, 0), WoundState.WOUNDED),
        (Physical(6, 8, 0), WoundState.WOUNDED),
        (Physical(6, 7, 1), WoundState.SERIOUSLY_WOUNDED),
        (Physical(6, 7, 0), WoundState.SERIOUSLY_WOUNDED),
        (Physical(0, 8, 0), WoundState.UNCONSCIOUS),
        (Physical(0, 0, 9), WoundState.UNCONSCIOUS),
        (Physical(0, 1, 0), WoundState.UNCONSCIOUS),
        (Physical(0, 0, 0), WoundState.DEAD),
    ],
)
def test_damage_results_table(current: Physical, state: WoundState) -> None:
    assert cepheus.wound_state(current, MAX) is state


def test_damage_results_rows() -> None:
    assert [state for _, state in cepheus.DAMAGE_RESULTS] == [
        WoundState.WOUNDED,
        WoundState.SERIOUSLY_WOUNDED,
        WoundState.UNCONSCIOUS,
        WoundState.DEAD,
    ]


def test_first_damage_goes_to_endurance_then_the_chosen_one() -> None:
    # Source: "The first time a character takes damage, it is applied to the target's Endurance.
    # If a target is reduced to Endurance 0, then further damage is subtracted from the target's
    # Strength or Dexterity (of the character's choice). If either Strength or Dexterity is
    # reduced to 0, the character is unconscious and any further damage is subtracted from the
    # remaining physical characteristic. If all three physical characteristics are reduced to 0,
    # the character is killed."
    assert cepheus.apply_damage(MAX, 5).physical == Physical(7, 8, 4)
    result = cepheus.apply_damage(MAX, 12, order=(END, DEX, STR))
    assert result.physical == Physical(7, 5, 0)
    assert result.state is WoundState.WOUNDED
    assert result.lost == ((END, 9), (DEX, 3))
    result = cepheus.apply_damage(MAX, 17, order=(END, DEX, STR))
    assert result.physical == Physical(7, 0, 0)
    assert result.state is WoundState.UNCONSCIOUS
    result = cepheus.apply_damage(MAX, 20)
    assert result.physical == Physical(0, 4, 0)
    assert result.state is WoundState.UNCONSCIOUS
    assert cepheus.apply_damage(MAX, 24).state is WoundState.DEAD
    assert cepheus.apply_damage(MAX, 99).physical == Physical(0, 0, 0)
    assert cepheus.apply_damage(MAX, 0).state is WoundState.UNHARMED


def test_first_damage_must_start_with_endurance() -> None:
    # Messages reworded to "{parameter} must be {allowed}, got {value}" (issue 10).
    with pytest.raises(ValueError, match=r"order must be a permutation starting with 'endurance'"):
        cepheus.apply_damage(MAX, 3, order=(STR, END, DEX))
    with pytest.raises(ValueError, match=r"allocation must be None for a character's first"):
        cepheus.apply_damage(MAX, 3, allocation={STR: 3})


def test_later_damage_is_allocated_by_choice() -> None:
    # Source: "Once a character has taken damage, any damage from subsequent attacks is
    # allocated to any of the three physical characteristics as the character so chooses."
    hurt = Physical(7, 8, 4)
    result = cepheus.apply_damage(hurt, 3, maximum=MAX, order=(STR, DEX, END))
    assert result.physical == Physical(4, 8, 4)
    assert result.state is WoundState.WOUNDED
    result = cepheus.apply_damage(hurt, 4, maximum=MAX, allocation={"strength": 2, DEX: 2})
    assert result.physical == Physical(5, 6, 4)
    assert result.state is WoundState.SERIOUSLY_WOUNDED
    dead = cepheus.apply_damage(hurt, 30, maximum=MAX, allocation={STR: 7, DEX: 8, END: 4})
    assert dead.state is WoundState.DEAD


@pytest.mark.parametrize(
    ("allocation", "message"),
    [
        ({STR: 2}, r"allocation must be points adding up to the damage \(3\)"),
        ({END: 5}, r"allocation\['endurance'\] must be <= the current endurance \(4\), got 5"),
        ({"luck": 3}, r"allocation key must be one of"),
        ({STR: -1, DEX: 4}, r"allocation\['strength'\] must be an integer >= 0, got -1"),
    ],
)
def test_bad_allocation(allocation: dict[object, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cepheus.apply_damage(
            Physical(7, 8, 4),
            5 if END in allocation else 3,
            maximum=MAX,
            allocation=allocation,  # type: ignore[arg-type]
        )


def test_killing_allocation_must_empty_everything() -> None:
    with pytest.raises(ValueError, match=r"allocation must be every remaining point \(19\)"):
        cepheus.apply_damage(Physical(7, 8, 4), 25, maximum=MAX, allocation={STR: 25})


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Physical(-1, 8, 9), r"strength must be an integer >= 0, got -1"),
        (lambda: cepheus.apply_damage(MAX, -1), r"damage must be an integer >= 0, got -1"),
        (
            lambda: cepheus.apply_damage(Physical(8, 8, 9), 1, maximum=MAX),
            r"current strength must be <= maximum strength \(7\), got 8",
        ),
        (lambda: cepheus.apply_damage(MAX, 1, order="end"), r"order must be a permutation"),
        (lambda: cepheus.apply_damage(MAX, 1, order=(END, STR)), r"order must be a permutation"),
        (lambda: cepheus.wound_state((1, 2, 3), MAX), r"current must be a Physical"),
        (lambda: cepheus.hit_damage(5, -1), r"effect must be an integer >= 0, got -1"),
        (lambda: cepheus.hit_damage(5, 1, armor=-1), r"armor must be an integer >= 0, got -1"),
        (
            lambda: cepheus.damage_distribution({0: 1}, dice=1),
            r"effect must be a Distribution of at most 100 integer Effects",
        ),
        (
            lambda: cepheus.damage_distribution(cepheus.effect_distribution(0), dice=-1),
            r"dice must be an integer in 0..300, got -1",
        ),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(-10, 16), st.integers(0, 4), st.integers(0, 20), st.integers(-3, 6))
@example(0, 1, 0, 0)
@example(10, 1, 50, 0)
def test_more_armor_never_increases_damage(dm: int, dice: int, armor: int, bonus: int) -> None:
    effect = cepheus.effect_distribution(dm)
    light = cepheus.damage_distribution(effect, dice=dice, armor=armor, bonus=bonus)
    heavy = cepheus.damage_distribution(effect, dice=dice, armor=armor + 1, bonus=bonus)
    assert sum(light.values()) == 1
    assert all(k >= 0 for k in light)
    for level in range(0, 60):
        assert heavy.probability(lambda d, n=level: d >= n) <= light.probability(
            lambda d, n=level: d >= n
        )


@given(st.integers(-10, 16), st.integers(0, 3), st.integers(0, 12))
def test_more_dm_never_lowers_damage(dm: int, dice: int, armor: int) -> None:
    low = cepheus.damage_distribution(cepheus.effect_distribution(dm), dice=dice, armor=armor)
    high = cepheus.damage_distribution(cepheus.effect_distribution(dm + 1), dice=dice, armor=armor)
    for level in range(1, 60):
        assert high.probability(lambda d, n=level: d >= n) >= low.probability(
            lambda d, n=level: d >= n
        )


physicals = st.builds(Physical, st.integers(0, 15), st.integers(0, 15), st.integers(0, 15))


@given(physicals, st.integers(0, 60), st.permutations([STR, DEX]))
@example(Physical(7, 8, 9), 24, [STR, DEX])
def test_apply_damage_conserves_points(
    start: Physical, damage: int, rest: list[Characteristic]
) -> None:
    result = cepheus.apply_damage(start, damage, order=(END, *rest))
    assert start.total() - result.physical.total() == min(damage, start.total())
    assert sum(points for _, points in result.lost) == min(damage, start.total())
    assert result.state is cepheus.wound_state(result.physical, start)
    assert (result.state is WoundState.DEAD) == (result.physical.total() == 0)


def test_physical_lookup() -> None:
    assert MAX["endurance"] == 9
    assert MAX[STR] == 7
    assert isinstance(
        cepheus.damage_distribution(cepheus.effect_distribution(0), dice=0), Distribution
    )


# --- Hostile input (issue 16) ---------------------------------------------------------------


def test_damage_dice_are_bounded_and_fast() -> None:
    # dice=10**18 never returned; dice=200 took 3 s (repeated convolution of Fractions).
    effect = cepheus.effect_distribution(0)
    with pytest.raises(ValueError, match=r"^dice must be an integer in 0\.\.300, got 10+$") as info:
        cepheus.damage_distribution(effect, dice=10**18)
    assert info.value.parameter == "dice"  # type: ignore[attr-defined]
    most = cepheus.damage_distribution(effect, dice=300, bonus=2, armor=7)
    assert sum(most.values()) == 1
    assert most.mean() == sum(
        (p * cepheus.damage_distribution(Distribution({e: 1}), dice=300, bonus=2, armor=7).mean())
        for e, p in effect.items()
    )


def test_damage_distribution_matches_enumeration_with_integer_counts() -> None:
    effect = Distribution({-1: Fraction(1, 3), 0: Fraction(1, 6), 6: Fraction(1, 2)})
    for halved, adds in itertools.product((False, True), repeat=2):
        expected: Counter[int] = Counter()
        for value, p in effect.items():
            for roll in enumerate_dice(3, 6):
                damage = (
                    0
                    if value < 0
                    else cepheus.hit_damage(
                        sum(roll) + 1, value, armor=9, adds_effect=adds, halved=halved
                    )
                )
                expected[damage] += p / 216  # type: ignore[assignment]
        got = cepheus.damage_distribution(
            effect, dice=3, bonus=1, armor=9, adds_effect=adds, halved=halved
        )
        assert got == expected


def test_effect_must_be_a_small_distribution_of_integers() -> None:
    with pytest.raises(ValueError, match=r"^effect must be a Distribution of at most 100"):
        cepheus.damage_distribution(Distribution.from_outcomes(range(101)), dice=1)
    with pytest.raises(ValueError, match=r"^effect outcome must be an integer, got 'x'$"):
        cepheus.damage_distribution(Distribution({"x": 1}), dice=1)


def test_allocation_of_the_wrong_type_is_a_value_error() -> None:
    # allocation=5 raised a bare TypeError ('int' object is not iterable).
    for allocation in (5, [("strength", 9)], "strength"):
        with pytest.raises(ValueError, match=r"^allocation must be a mapping") as info:
            cepheus.apply_damage(Physical(7, 8, 6), 9, allocation=allocation)  # type: ignore[arg-type]
        assert info.value.parameter == "allocation"  # type: ignore[attr-defined]


def test_order_must_be_a_sequence_of_characteristics() -> None:
    for order in ("endurance", {END: 1, STR: 2, DEX: 3}, {END, STR, DEX}):
        with pytest.raises(ValueError, match=r"^order must be a permutation of"):
            cepheus.apply_damage(Physical(7, 8, 6), 1, order=order)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^order\[1\] must be one of 'strength'"):
        cepheus.apply_damage(Physical(7, 8, 6), 1, order=(END, "luck", DEX))


def test_physical_scores_from_numpy_are_ints() -> None:
    np = pytest.importorskip("numpy")
    scores = Physical(np.int64(7), np.int8(8), np.uint16(6))
    assert all(
        type(score) is int for score in (scores.strength, scores.dexterity, scores.endurance)
    )
