"""Rule variants of Lur-Asko: ``rules/lurasko/variant.py`` and every function a field switches.

Each switch is pinned under both readings on the chapter's example or a case worked by hand in
the comment; the default variant is checked against the chapter's arithmetic written out here.
"""

from __future__ import annotations

import dataclasses
import inspect
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from rules.lurasko import Attack, Target, Variant, WeaponHit
from rules.validation import InvalidInput

EXCEED = Variant(injury_crossing="exceed")
STARTED = Variant(war_fever_pairs="started")


def test_the_default_is_todays_reading() -> None:
    assert Variant().defense_die == 100
    assert Variant().injury_crossing is lurasko.InjuryCrossing.REACH
    assert Variant().war_fever_pairs is lurasko.WarFeverPairs.WHOLE
    assert {"As written (this site's reading)": Variant()} == lurasko.PRESETS
    assert lurasko.find_preset("As written (this site's reading)") == Variant()


def test_a_variant_is_a_frozen_validated_value() -> None:
    variant = Variant(defense_die=20, injury_crossing="exceed")
    assert variant.injury_crossing is lurasko.InjuryCrossing.EXCEED
    assert variant == Variant(defense_die=20, injury_crossing=lurasko.InjuryCrossing.EXCEED)
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.defense_die = 6  # type: ignore[misc]
    assert variant.differences() == ("defense_die", "injury_crossing")
    assert variant.differences(variant) == ()


@pytest.mark.parametrize(
    ("fields", "parameter"),
    [
        ({"defense_die": 0}, "defense_die"),
        ({"defense_die": 1001}, "defense_die"),
        ({"defense_die": 20.0}, "defense_die"),
        ({"injury_crossing": "cross"}, "injury_crossing"),
        ({"war_fever_pairs": None}, "war_fever_pairs"),
    ],
)
def test_bad_fields_are_named(fields: dict[str, Any], parameter: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        Variant(**fields)
    assert raised.value.parameter == parameter


@pytest.mark.parametrize("value", [None, "exceed", {"defense_die": 20}, 100])
def test_a_hostile_variant_is_refused_naming_variant(value: object) -> None:
    hit = Attack(WeaponHit(17, 20))
    calls = [
        lambda: lurasko.degrees_of_injury(30, 10, variant=value),  # type: ignore[arg-type]
        lambda: lurasko.war_fever_hindrance(3, variant=value),  # type: ignore[arg-type]
        lambda: lurasko.energy_side_effects({"heat": 10}, 10, variant=value),  # type: ignore[arg-type]
        lambda: lurasko.resolve_attack(hit, Target(10), variant=value),  # type: ignore[arg-type]
        lambda: lurasko.defense_roll_odds(14, variant=value),  # type: ignore[arg-type]
        lambda: lurasko.hits_forecast(hit, Target(10), [], 1, 1, variant=value),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(InvalidInput) as raised:
            call()
        assert raised.value.parameter == "variant"


def test_defense_die() -> None:
    # Source: "Critical Hits": TN 14, "they must roll a 34 or higher" to suffer a critical hit.
    # d100: 1-14 defend (14), 15-33 hit (19), 34-100 critical (67).
    odds = lurasko.defense_roll_odds(14)
    assert (odds.defended, odds.hit, odds.critical) == (
        Fraction(14, 100),
        Fraction(19, 100),
        Fraction(67, 100),
    )
    # d20: 1-14 defend, 15-20 hit, and 34 cannot be rolled: no critical.
    odds = lurasko.defense_roll_odds(14, variant=Variant(defense_die=20))
    assert (odds.defended, odds.hit, odds.critical) == (Fraction(14, 20), Fraction(6, 20), 0)
    # TN 0 on a d20: every roll fails; 20 and more by 20 only on a 20.
    odds = lurasko.defense_roll_odds(0, variant=Variant(defense_die=20))
    assert (odds.defended, odds.hit, odds.critical) == (0, Fraction(19, 20), Fraction(1, 20))


def test_injury_crossing() -> None:
    # Source: "If your damage crosses any multiples of your injury factor". Factor 10: 30
    # damage reaches 3 multiples (10, 20, 30) but goes past only 2; 31 goes past 3; 25: 2 both.
    assert [lurasko.degrees_of_injury(d, 10) for d in (0, 9, 10, 25, 30, 31)] == [0, 0, 1, 2, 3, 3]
    exceed = [lurasko.degrees_of_injury(d, 10, variant=EXCEED) for d in (0, 9, 10, 25, 30, 31)]
    assert exceed == [0, 0, 0, 2, 2, 3]
    # Frost: "25 fatigue" per degree; 30 frost damage: 3 degrees (75) or 2 (50).
    (reach,) = lurasko.energy_side_effects({"frost": 30}, 10)
    (past,) = lurasko.energy_side_effects({"frost": 30}, 10, variant=EXCEED)
    assert (reach.degrees, reach.amount, past.degrees, past.amount) == (3, 75, 2, 50)


def test_injury_crossing_in_the_resolver() -> None:
    # Source: "Combined Energy/Normal Damage", the sword: 32 (15 drive) with 24 extra heat, no
    # armor, injury factor 10: 32 + 24 = 56 damage, 5 degrees either way (56 is no multiple);
    # 24 heat: 2 degrees either way. With injury factor 8: 56 = 7 x 8, so 7 degrees reaching, 6
    # going past; 24 heat = 3 x 8: 3 or 2 degrees.
    sword = Attack(WeaponHit(32, 15, 24, "heat"))
    assert lurasko.resolve_attack(sword, Target(10)).degrees == 5
    assert lurasko.resolve_attack(sword, Target(10), variant=EXCEED).degrees == 5
    reach = lurasko.resolve_attack(sword, Target(8))
    past = lurasko.resolve_attack(sword, Target(8), variant=EXCEED)
    assert (reach.degrees, past.degrees) == (7, 6)
    assert (reach.energy_degrees, past.energy_degrees) == (
        ((lurasko.EnergyType.HEAT, 3),),
        ((lurasko.EnergyType.HEAT, 2),),
    )


def test_war_fever_pairs() -> None:
    # Source: Particle: "add 1 Hindrance for every 2 degrees beyond 1". Degrees 0..6 are
    # 0, 0, 1, 2, 3, 4, 5 beyond 1: whole pairs 0, 0, 0, 1, 1, 2, 2;
    # pairs begun 0, 0, 1, 1, 2, 2, 3.
    assert [lurasko.war_fever_hindrance(d) for d in range(7)] == [0, 0, 0, 1, 1, 2, 2]
    started = [lurasko.war_fever_hindrance(d, variant=STARTED) for d in range(7)]
    assert started == [0, 0, 1, 1, 2, 2, 3]
    # 20 particle damage, factor 10: 2 degrees: no Hindrance, or 1.
    (whole,) = lurasko.energy_side_effects({"particle": 20}, 10)
    (begun,) = lurasko.energy_side_effects({"particle": 20}, 10, variant=STARTED)
    assert (whole.amount, begun.amount) == (0, 1)


@settings(max_examples=100, deadline=None)
@given(
    damage=st.integers(0, 500),
    factor=st.integers(1, 60),
    tn=st.integers(-40, 140),
    normal=st.integers(0, 80),
    heat=st.integers(0, 80),
)
def test_the_default_variant_gives_todays_results(
    damage: int, factor: int, tn: int, normal: int, heat: int
) -> None:
    # The chapter's arithmetic, with and without variant=Variant().
    for extra in ({}, {"variant": Variant()}):
        assert lurasko.degrees_of_injury(damage, factor, **extra) == damage // factor
        degrees = damage // factor
        assert lurasko.war_fever_hindrance(degrees, **extra) == max(0, (degrees - 1) // 2)
        odds = lurasko.defense_roll_odds(tn, **extra)
        rolls = range(1, 101)
        assert odds.defended == Fraction(sum(r <= tn for r in rolls), 100)
        assert odds.critical == Fraction(sum(r - tn >= 20 for r in rolls), 100)
        assert odds.defended + odds.hit + odds.critical == 1
        attack = Attack(WeaponHit(normal, 10, heat, "heat") if heat else WeaponHit(normal, 10))
        resolution = lurasko.resolve_attack(attack, Target(factor), **extra)
        assert resolution.degrees == (normal + heat) // factor  # no armor, shields or resistances


# Every public function a switch changes (the switches in each field's docstring).
TAKING_VARIANT = {
    "defense_roll_odds",
    "degrees_of_injury",
    "energy_side_effects",
    "hits_forecast",
    "resolve_attack",
    "war_fever_hindrance",
}


def test_every_affected_function_takes_variant_keyword_only_defaulting_to_today() -> None:
    taking = set()
    for name in lurasko.__all__:
        item = getattr(lurasko, name)
        if not inspect.isfunction(item):
            continue
        parameter = inspect.signature(item).parameters.get("variant")
        if parameter is None or name == "preset_name":  # it names a variant, takes no rule
            continue
        taking.add(name)
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, name
        assert parameter.default == Variant(), name
    assert taking == TAKING_VARIANT


def test_injury_crossing_through_the_hits_forecast() -> None:
    # Source: "Energy Shielding", 50 points shield a 40-damage energy attack, 10 left; the
    # second hit gets 30 through: at injury factor 10, 3 degrees reaching (30 = 3 x 10), 2
    # going past. The first hit: 0 through, 0 degrees either way.
    blast = Attack(WeaponHit(energy_damage=40, energy_type="heat"), form="ranged")
    shield = [lurasko.Shield("medium", 50)]
    reach = lurasko.hits_forecast(blast, Target(10), shield, 2, 1)
    past = lurasko.hits_forecast(blast, Target(10), shield, 2, 1, variant=EXCEED)
    assert reach.degrees[1] == {3: 1} and past.degrees[1] == {2: 1}
    assert reach.shield_points == past.shield_points
    # Hitting with 1/2: a medium shield spends its points on a miss too (it shields "before any
    # defense roll"), so the first attack always leaves 10 and the second, if it hits (1/2),
    # gets 30 through: 2 degrees going past with chance 1/2.
    half = lurasko.hits_forecast(blast, Target(10), shield, 2, Fraction(1, 2), variant=EXCEED)
    assert half.degrees[1] == {0: Fraction(1, 2), 2: Fraction(1, 2)}
    assert half.reached[1][2] == Fraction(1, 2) and half.reached[1][3] == 0
