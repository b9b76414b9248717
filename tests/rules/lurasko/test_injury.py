"""Degrees of injury and energy side effects (002, "Energy Damage" and others)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.lurasko import (
    DEAFENED_SECONDS,
    DEAFENED_TURNS,
    FROST_FATIGUE_PER_DEGREE,
    EnergyType,
    SideEffectKind,
    degrees_of_injury,
    energy_side_effects,
    war_fever_hindrance,
)


def kinds(effects: object) -> list[tuple[str, str]]:
    return [(e.kind.value, e.cause.value) for e in effects]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("damage", "factor", "degrees"),
    [(0, 10, 0), (9, 10, 0), (10, 10, 1), (25, 10, 2), (30, 10, 3), (7, 1, 7)],
)
def test_degrees(damage: int, factor: int, degrees: int) -> None:
    # Source: "If your damage crosses any multiples of your injury factor"; "divide the energy
    # damage by injury factor to determine how many degrees of injury were due to the energy
    # portion"
    assert degrees_of_injury(damage, factor) == degrees


def test_particle_war_fever() -> None:
    # Source: "If the victim suffers any degree of injury from particle damage, they must roll
    # to avoid contracting Alacrian war fever ... add 1 Hindrance for every 2 degrees beyond 1"
    assert energy_side_effects({"particle": 9}, 10) == ()
    (fever,) = energy_side_effects({"particle": 10}, 10)
    assert (fever.kind, fever.amount) == (SideEffectKind.WAR_FEVER_ROLL, 0)
    (fever,) = energy_side_effects({"particle": 50}, 10)
    assert (fever.degrees, fever.amount) == (5, 2)
    assert [war_fever_hindrance(d) for d in (1, 2, 3, 4, 5)] == [0, 0, 1, 1, 2]


def test_electric_stun() -> None:
    # Source: "If at least 2 degrees of injury were inflicted by electric damage, the victim is
    # stunned until the end of the attacker's next turn."
    assert energy_side_effects({"electric": 19}, 10) == ()
    assert kinds(energy_side_effects({"electric": 20}, 10)) == [("stunned", "electric")]
    # Interpretation: the non-organic immunity is written for blast only.
    assert kinds(energy_side_effects({"electric": 20}, 10, organic=False)) == [
        ("stunned", "electric")
    ]


def test_heat_ignites() -> None:
    # Source: "If at least 1 degree of injury were inflicted by heat damage, the victim receives
    # the ignited status."
    assert kinds(energy_side_effects({"heat": 10}, 10)) == [("ignited", "heat")]
    # Source: a character with high precision shielding "cannot be deafened by blast damage or
    # ignited"
    assert energy_side_effects({"heat": 10}, 10, high_precision_shielding=True) == ()


def test_frost_fatigue() -> None:
    # Source: "For every degree of injury inflicted by frost damage, the victim also receives 25
    # fatigue."
    assert FROST_FATIGUE_PER_DEGREE == 25
    (fatigue,) = energy_side_effects({"frost": 39}, 10)
    assert (fatigue.kind, fatigue.amount) == (SideEffectKind.FATIGUE, 75)


def test_blast() -> None:
    # Source: "If any blast attack hits a character, they are deafened for 30 seconds (6 turns).
    # If at least 1 degree ... knockdown. If at least 2 degrees ... stunned"
    assert (DEAFENED_SECONDS, DEAFENED_TURNS) == (30, 6)
    assert kinds(energy_side_effects({}, 10, blast_hit=True)) == [("deafened", "blast")]
    assert kinds(energy_side_effects({"blast": 5}, 10)) == [("deafened", "blast")]
    assert kinds(energy_side_effects({"blast": 10}, 10)) == [
        ("deafened", "blast"),
        ("knocked down", "blast"),
    ]
    assert kinds(energy_side_effects({"blast": 20}, 10)) == [
        ("deafened", "blast"),
        ("knocked down", "blast"),
        ("stunned", "blast"),
    ]
    # Source: "Non-organic characters are immune to the deafening and stunning effects."
    assert kinds(energy_side_effects({"blast": 20}, 10, organic=False)) == [
        ("knocked down", "blast")
    ]
    assert kinds(energy_side_effects({"blast": 20}, 10, high_precision_shielding=True)) == [
        ("knocked down", "blast"),
        ("stunned", "blast"),
    ]


def test_whole_attack_damage_per_type() -> None:
    # Source: "Consider the amount of energy damage taken during the entire attack"
    effects = energy_side_effects({EnergyType.FROST: 25, "heat": 5}, 10)
    assert kinds(effects) == [("fatigue", "frost")]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: degrees_of_injury(10, 0), r"injury_factor must be an integer >= 1, got 0"),
        (lambda: degrees_of_injury(-1, 10), r"damage must be an integer >= 0, got -1"),
        (lambda: war_fever_hindrance(-1), r"degrees must be an integer >= 0, got -1"),
        (
            lambda: energy_side_effects({"acid": 10}, 10),
            r"energy_damage key must be one of 'particle', .* got 'acid'",
        ),
        (
            lambda: energy_side_effects({"heat": -1}, 10),
            r"energy_damage\['heat'\] must be an integer >= 0, got -1",
        ),
        (lambda: energy_side_effects([10], 10), r"energy_damage must be a mapping"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(0, 10_000), st.integers(1, 200))
def test_degrees_are_multiples_reached(damage: int, factor: int) -> None:
    degrees = degrees_of_injury(damage, factor)
    assert degrees * factor <= damage < (degrees + 1) * factor
