"""Energy drive and combined energy/normal damage (002, "Energy Damage", "Combined ...")."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.lurasko import EnergyType, combine_drive, energy_can_dismember, energy_drive


def test_energy_types() -> None:
    # Source: "particle, electric, heat, frost, or blast damage"
    assert [t.value for t in EnergyType] == ["particle", "electric", "heat", "frost", "blast"]


def test_energy_drive_equals_damage() -> None:
    # Source: energy damage "always has drive equal to its damage value"
    assert energy_drive(24) == 24
    # Source: "Critical hits and Abilities which increase drive apply to both"
    assert energy_drive(24, 10) == 34


@pytest.mark.parametrize(
    ("normal_damage", "normal_drive", "energy_damage", "expected"),
    [
        # Source: "if a melee weapon with a damage of 32 (15 drive) gains extra heat damage of
        # 8, it inflicts 32 normal damage and 8 heat damage, each of which has a drive of 15."
        (32, 15, 8, ((32, 15), (8, 15))),
        # Source: "If its extra heat damage was 24 instead, it would inflict 32 normal damage
        # with a drive of 15, and 24 heat damage with a drive of 24."
        (32, 15, 24, ((32, 15), (24, 24))),
        # Equal drives: both readings agree.
        (32, 15, 15, ((32, 15), (15, 15))),
    ],
)
def test_source_examples(
    normal_damage: int,
    normal_drive: int,
    energy_damage: int,
    expected: tuple[tuple[int, int], tuple[int, int]],
) -> None:
    assert combine_drive(normal_damage, normal_drive, energy_damage) == expected


def test_critical_and_abilities_raise_both_drives() -> None:
    # Source: "Critical hits and Abilities which increase drive apply to both the normal and
    # energy drive."
    assert combine_drive(32, 15, 8, drive_bonus=10) == ((32, 25), (8, 25))
    assert combine_drive(32, 15, 24, drive_bonus=20) == ((32, 35), (24, 44))


def test_projectile_stopped_by_kinetic_shield() -> None:
    # Source: "consider the normal portion's damage and drive to be 0, and resolve the energy
    # portion normally."
    assert combine_drive(32, 40, 8, projectile_stopped=True) == ((0, 0), (8, 8))
    assert combine_drive(32, 40, 8, drive_bonus=10, projectile_stopped=True) == ((0, 0), (8, 18))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, 15, 8), r"normal_damage must be an integer >= 0, got -1"),
        ((32, -15, 8), r"normal_drive must be an integer >= 0, got -15"),
        ((32, 15, "8"), r"energy_damage must be an integer >= 0, got '8'"),
    ],
)
def test_bad_input(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        combine_drive(*args)  # type: ignore[arg-type]


def test_bad_bonus() -> None:
    with pytest.raises(ValueError, match=r"drive_bonus must be an integer >= 0, got -10"):
        combine_drive(32, 15, 8, drive_bonus=-10)
    with pytest.raises(ValueError, match=r"projectile_stopped must be True or False, got 'no'"):
        combine_drive(32, 15, 8, projectile_stopped="no")  # type: ignore[arg-type]


@given(st.integers(0, 500), st.integers(0, 500), st.integers(0, 500), st.integers(0, 40))
@example(32, 15, 8, 0)
@example(32, 15, 24, 0)
def test_combined_drive_properties(normal: int, drive: int, energy: int, bonus: int) -> None:
    (n_damage, n_drive), (e_damage, e_drive) = combine_drive(
        normal, drive, energy, drive_bonus=bonus
    )
    assert (n_damage, e_damage) == (normal, energy)
    assert n_drive == drive + bonus
    assert e_drive == max(drive, energy) + bonus
    assert e_drive >= energy_drive(energy, bonus)


def test_dismembering():
    # Source: "Attacks consisting entirely of energy damage are always able to dismember limbs.
    # If energy damage is added to a melee weapon or ranged projectile that cannot dismember
    # limbs or has restrictions for doing so, the energy damage must follow the same rules."
    assert energy_can_dismember(entirely_energy=True, weapon_can_dismember=False)
    assert not energy_can_dismember(entirely_energy=False, weapon_can_dismember=False)
    assert energy_can_dismember(entirely_energy=False, weapon_can_dismember=True)
    with pytest.raises(ValueError, match=r"entirely_energy must be True or False, got 1"):
        energy_can_dismember(entirely_energy=1)  # type: ignore[arg-type]
