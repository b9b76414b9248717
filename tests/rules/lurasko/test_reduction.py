"""Voluntarily reducing damage (002, "Voluntarily Reducing Damage")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.lurasko import (
    MELEE_REDUCTION_HINDRANCE,
    RANGED_REDUCTION_HINDRANCE,
    RANGED_REDUCTION_PERCENT,
    MeleeReduction,
    chosen_str,
    reduced_melee_damage,
    reduced_ranged_attack,
)


@pytest.mark.parametrize(
    ("reduction", "expected_damage", "hindrance"),
    [
        (MeleeReduction.FULL, 36, 0),
        # Source: "reduce your melee weapon's damage (aside from STR additions) to either 50%
        # or 25%, at the cost of 1 Hindrance to your melee offense roll."
        (MeleeReduction.HALF, 21, 1),
        (MeleeReduction.QUARTER, 13, 1),
    ],
)
def test_melee_reduction(reduction: MeleeReduction, expected_damage: int, hindrance: int) -> None:
    # A 30-damage weapon with 6 damage from STR: STR additions are never reduced.
    assert reduced_melee_damage(30, 6, reduction=reduction) == expected_damage
    assert MELEE_REDUCTION_HINDRANCE[reduction] == hindrance


def test_ranged_reduction() -> None:
    # Source: "at the cost of 3 Hindrance ... you can reduce your ranged weapon's damage and
    # drive to 50%."
    assert (RANGED_REDUCTION_PERCENT, RANGED_REDUCTION_HINDRANCE) == (50, 3)
    assert reduced_ranged_attack(17, 20) == (8, 10)
    assert reduced_ranged_attack(0, 1) == (0, 0)


def test_chosen_str() -> None:
    # Source: "consider your STR to be any lower amount (to a minimum of 0)"
    assert [chosen_str(4, used) for used in range(5)] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match=r"used must be an integer in 0..4, got 5"):
        chosen_str(4, 5)
    with pytest.raises(ValueError, match=r"used must be an integer in 0..4, got -1"):
        chosen_str(4, -1)


def test_bad_input() -> None:
    with pytest.raises(
        ValueError, match=r"reduction must be one of '100%', '50%', '25%', got '10%'"
    ):
        reduced_melee_damage(30, reduction="10%")
    with pytest.raises(ValueError, match=r"weapon_damage must be an integer >= 0, got -30"):
        reduced_melee_damage(-30, reduction="50%")
    with pytest.raises(ValueError, match=r"drive must be an integer >= 0, got 2.5"):
        reduced_ranged_attack(10, 2.5)  # type: ignore[arg-type]


@given(st.integers(0, 5000), st.integers(0, 500), st.sampled_from(list(MeleeReduction)))
def test_reduction_never_increases_damage(
    weapon: int, strength: int, reduction: MeleeReduction
) -> None:
    reduced = reduced_melee_damage(weapon, strength, reduction=reduction)
    assert strength <= reduced <= weapon + strength
