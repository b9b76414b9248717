"""Resistances and weaknesses (002, "Damage Resistances and Weaknesses")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.lurasko import EnergyType, Resistance, combined_percent, scale_damage


@pytest.mark.parametrize(
    ("damage", "percents", "expected"),
    [
        # Source: "elves take 75% damage from frost, so an elf that additionally gains 50%
        # frost resistance from Energy Affinity (Arcana) would take a total of 37% damage"
        (100, [75, 50], 37),
        (100, [50, 75], 37),
        # Source: "vampires take 150% damage from non-blunt quartz weapons"
        (20, [150], 30),
        # Source: "constructs take 150% damage from electric energy damage"
        (17, [150], 25),
        (17, [], 17),
        (17, [0], 0),
    ],
)
def test_source_examples(damage: int, percents: list[int], expected: int) -> None:
    assert scale_damage(damage, percents) == expected


def test_elf_combined_percent() -> None:
    # Source: "a total of 37% damage from frost" (exactly 37 1/2 %, written 37%)
    assert combined_percent([75, 50]) == Fraction(75, 2)
    assert combined_percent([]) == 100
    assert combined_percent([150, 50]) == 75


def test_each_step_rounds_so_order_matters() -> None:
    # "apply each one sequentially", dropping fractions at each step:
    # 9 x 75% = 6.75 -> 6, x 150% = 9; 9 x 150% = 13.5 -> 13, x 75% = 9.75 -> 9.
    assert scale_damage(9, [75, 150]) == 9
    assert scale_damage(9, [150, 75]) == 9
    assert scale_damage(3, [50, 150]) == 1  # 1.5 -> 1, 1.5 -> 1
    assert scale_damage(3, [150, 50]) == 2  # 4.5 -> 4, 2


def test_resistance_records() -> None:
    elf = Resistance("frost", 75, "elf")
    assert elf.against is EnergyType.FROST
    assert elf.is_energy
    assert elf.applies_to(energy_type=EnergyType.FROST)
    assert not elf.applies_to(energy_type=EnergyType.HEAT)
    # Source: "a resistance or weakness to energy damage does not apply to the base and STR
    # damage from a weapon with added energy damage"
    assert not elf.applies_to(energy_type=None, tags=("frost",))
    quartz = Resistance("non-blunt quartz", 150, "vampire")
    # Source: physical weapon types apply to base and STR damage, not "to extra damage of other
    # types added to the weapon"
    assert quartz.applies_to(energy_type=None, tags=("non-blunt quartz",))
    assert not quartz.applies_to(energy_type=None, tags=("quartz",))
    assert not quartz.applies_to(energy_type=EnergyType.HEAT, tags=("non-blunt quartz",))
    assert Resistance("heat", Fraction(1, 2)).percent == Fraction(1, 2)
    assert Resistance("heat", 50.0).percent == 50


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, [50]), r"damage must be an integer >= 0, got -1"),
        ((10, [-50]), r"percents\[0\] must be a number >= 0, got -50"),
        ((10, [50, "x"]), r"percents\[1\] must be a number >= 0, got 'x'"),
        # The messages state the bound on a sequence since issue 16.
        ((10, "50"), r"percents must be a sequence of at most 100 numbers >= 0 \(not text\)"),
        ((10, 50), r"percents must be a sequence of at most 100 numbers >= 0, got 50"),
        ((10, {50, 75}), r"percents must be .*\(not a set: its order is arbitrary\)"),
        ((10, [100] * 101), r"percents must be a sequence of at most 100 numbers"),
        ((10, [float("nan")]), r"percents\[0\] must be a number >= 0, got nan"),
    ],
)
def test_bad_input(args: tuple[object, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        scale_damage(*args)  # type: ignore[arg-type]


def test_bad_resistance() -> None:
    with pytest.raises(ValueError, match=r"against must be an energy type or a weapon tag"):
        Resistance("", 50)
    with pytest.raises(ValueError, match=r"percent must be a number >= 0, got -5"):
        Resistance("frost", -5)


percents = st.lists(st.integers(0, 300) | st.fractions(0, 300, max_denominator=100), max_size=5)


@given(st.integers(0, 10_000), percents, percents)
@example(100, [75], [50])
def test_resistances_apply_in_order(damage: int, first: list[int], second: list[int]) -> None:
    assert scale_damage(damage, first + second) == scale_damage(scale_damage(damage, first), second)


@given(st.integers(0, 10_000), st.lists(st.integers(0, 100), max_size=5))
@example(100, [75, 50])
def test_resistances_never_increase_damage(damage: int, resistances: list[int]) -> None:
    result = scale_damage(damage, resistances)
    assert 0 <= result <= damage
    assert result <= damage * combined_percent(resistances) / 100


@given(st.integers(0, 10_000), st.lists(st.integers(100, 300), max_size=5))
def test_weaknesses_never_decrease_damage(damage: int, weaknesses: list[int]) -> None:
    assert scale_damage(damage, weaknesses) >= damage


def test_tags_are_a_collection_of_text_not_a_string() -> None:
    # applies_to(tags="quartz") read the string's characters (issue 16).
    quartz = Resistance("quartz", 150)
    assert quartz.applies_to(energy_type=None, tags=("quartz",))
    assert quartz.applies_to(energy_type=None, tags={"quartz", "blunt"})
    for tags in ("quartz", {"quartz": True}, 3):
        with pytest.raises(ValueError, match=r"^tags must be a collection"):
            quartz.applies_to(energy_type=None, tags=tags)  # type: ignore[arg-type]
    frost = Resistance("frost", 75)
    assert frost.applies_to(energy_type="frost")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^energy_type must be one of 'particle'"):
        frost.applies_to(energy_type="acid")  # type: ignore[arg-type]


def test_chains_of_weaknesses_are_exact() -> None:
    biggest = 2**53 - 1
    expected = biggest
    for _ in range(100):
        expected = expected * biggest // 100
    assert scale_damage(biggest, [biggest] * 100) == expected  # about 1600 digits
    assert combined_percent([200] * 100) == 100 * 2**100
    with pytest.raises(ValueError, match=r"^percents must be a sequence of at most 100 numbers"):
        scale_damage(1, [100] * 101)
