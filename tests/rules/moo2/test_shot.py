"""BeamShot: one record for the inputs of a beam shot (issue 10), the same answers as the
functions that take them one by one."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import moo2
from rules.moo2 import BeamShot, Formula, HitRule, Mount, Platform
from rules.validation import InvalidInput

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "mount": st.sampled_from(list(Mount)),
        "formula": st.sampled_from(["classic", "simplified"]),
        "reduced_by_range": st.booleans(),
        "double_penalty": st.booleans(),
        "double_dissipation": st.booleans(),
        "hef": st.integers(0, 100),
        "ordnance": st.integers(0, 50),
        "platform": st.sampled_from(["ship_beam", "fighter_beam"]),
        "shield": st.integers(0, 10),
        "planet": st.booleans(),
        "always_hit": st.booleans(),
    },
)


@st.composite
def shots(draw: st.DrawFn) -> tuple[tuple[int, ...], dict[str, Any]]:
    options = draw(OPTIONS)
    low = draw(st.integers(1, 60))
    high = draw(st.integers(low, 120))
    squares = draw(st.integers(0, moo2.max_squares(options.get("mount", Mount.NORMAL))))
    return (low, high, draw(st.integers(-50, 150)), draw(st.integers(-50, 150)), squares), options


@given(shots(), st.integers(1, 100))
def test_the_record_answers_as_the_functions(
    shot_args: tuple[tuple[int, ...], dict[str, Any]], roll: int
) -> None:
    args, options = shot_args
    shot = BeamShot(*args, **options)
    low, high, attack, defense, squares = args
    aim = {k: v for k, v in options.items() if k in ("mount", "formula", "always_hit")}
    aim["double_penalty"] = options.get("double_penalty", False)
    assert shot.hit_probability() == moo2.hit_probability(attack, defense, squares, **aim)
    assert shot.hit_rule(roll) == moo2.hit_rule(attack, defense, squares, roll, **aim)
    mount = options.get("mount", Mount.NORMAL)
    double = options.get("double_penalty", False)
    assert shot.hit_threshold() == moo2.hit_threshold(squares, mount=mount, double_penalty=double)
    assert shot.range_penalty() == moo2.range_penalty(squares, mount, double_penalty=double)
    potential = {
        k: v
        for k, v in options.items()
        if k in ("mount", "reduced_by_range", "hef", "ordnance", "double_dissipation", "platform")
    }
    assert shot.damage_potential() == moo2.damage_potential(low, high, squares, **potential)
    potential.pop("platform", None)
    assert shot.damage_percentage() == moo2.damage_percentage(squares, **potential)
    assert shot.damage(roll) == moo2.shot_damage(*args, roll, **options)
    distribution = shot.damage_distribution()
    assert distribution == moo2.damage_distribution(*args, **options)
    assert shot.mean_damage() == distribution.mean() == moo2.mean_damage(*args, **options)
    assert sum(distribution.values()) == 1


def test_the_death_ray_example() -> None:
    # Source: "Different Min-Max Damage", the Death Ray at 23 and 11 squares, roll 85.
    shot = BeamShot(50, 100, 10, 0, 23)
    assert shot.hit_threshold() == 95
    assert shot.hit_rule(85) is HitRule.ROLL_PLUS_ATTACK
    assert shot.damage_potential() == (18, 35)
    assert shot.damage(85) == 18
    assert shot.at(11).damage_potential() == (35, 70)
    assert shot.at(11).damage(85) == 65


def test_fields_are_stored_as_their_exact_types() -> None:
    shot = BeamShot(5, 20, 10, 0, 14, mount="heavy", formula="simplified", platform="fighter_beam")
    assert shot.mount is Mount.HEAVY
    assert shot.formula is Formula.SIMPLIFIED
    assert shot.platform is Platform.FIGHTER_BEAM
    np = pytest.importorskip("numpy")
    from_numpy = BeamShot(np.int64(5), np.int64(20), np.int64(10), np.int8(0), np.int64(14))
    assert all(
        type(getattr(from_numpy, name)) is int
        for name in ("min_damage", "max_damage", "attack", "defense", "squares")
    )
    assert from_numpy == BeamShot(5, 20, 10, 0, 14)


def test_a_shot_is_a_frozen_value() -> None:
    shot = BeamShot(5, 20, 10, 0, 14)
    assert shot == BeamShot(5, 20, 10, 0, 14) and hash(shot) == hash(BeamShot(5, 20, 10, 0, 14))
    assert shot != shot.at(13)
    with pytest.raises(dataclasses.FrozenInstanceError):
        shot.squares = 3  # type: ignore[misc]
    assert "_aim" not in repr(shot)
    assert dataclasses.replace(shot, hef=50).damage_potential() == (6, 22)  # 110%: 5.5 -> 6


def test_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        BeamShot(5, 20, 10, 0, 14, "heavy")  # type: ignore[misc]


@pytest.mark.parametrize(
    ("fields", "parameter", "message"),
    [
        ({"squares": 25}, "squares", r"^squares must be an integer in 0\.\.24 for a normal mount"),
        ({"min_damage": 0}, "min_damage", r"^min_damage must be an integer >= 1, got 0$"),
        ({"max_damage": 4}, "max_damage", r"^max_damage must be an integer >= min_damage \(5\)"),
        ({"mount": "huge"}, "mount", r"^mount must be one of 'normal', 'heavy'"),
        ({"formula": None}, "formula", r"^formula must be one of 'classic', 'simplified'"),
        ({"platform": "missile"}, "platform", r"^platform must be one of 'ship_beam', "),
        ({"shield": -1}, "shield", r"^shield must be an integer >= 0, got -1$"),
        ({"planet": 1}, "planet", r"^planet must be True or False, got 1$"),
        ({"hef": 1.5}, "hef", r"^hef must be an integer >= 0, got 1\.5$"),
        ({"attack": "10"}, "attack", r"^attack must be an integer, got '10'$"),
        ({"defense": 2**53}, "defense", r"^defense must be an integer in -9007199254740991\."),
        ({"always_hit": None}, "always_hit", r"^always_hit must be True or False, got None$"),
    ],
)
def test_bad_fields_are_named_as_the_functions_name_them(
    fields: dict[str, Any], parameter: str, message: str
) -> None:
    base: dict[str, Any] = {
        "min_damage": 5,
        "max_damage": 20,
        "attack": 10,
        "defense": 0,
        "squares": 14,
    }
    with pytest.raises(InvalidInput, match=message) as record:
        BeamShot(**{**base, **fields})
    assert record.value.parameter == parameter
    with pytest.raises(InvalidInput) as function:
        moo2.damage_distribution(**{**base, **fields})
    assert str(function.value) == str(record.value)
    assert function.value.parameter == parameter


def test_rolls_and_ranges_are_checked_by_the_methods() -> None:
    shot = BeamShot(5, 20, 10, 0, 14)
    with pytest.raises(InvalidInput, match=r"^roll must be an integer in 1\.\.100, got 0$"):
        shot.damage(0)
    with pytest.raises(InvalidInput, match=r"^roll must be an integer in 1\.\.100, got 101$"):
        shot.hit_rule(101)
    with pytest.raises(InvalidInput, match=r"^squares must be an integer in 0\.\.24"):
        shot.at(25)


def test_range_table_is_the_shot_at_every_square() -> None:
    shot = BeamShot(50, 100, 10, 0, 0, mount="heavy", hef=50)
    rows = moo2.range_table(50, 100, 10, 0, mount="heavy", hef=50)
    assert len(rows) == 52
    for row in rows:
        there = shot.at(row.squares)
        assert (row.min_damage, row.max_damage) == there.damage_potential()
        assert row.hit_probability == there.hit_probability()
        assert row.mean_damage == there.mean_damage()
        assert row.penalty == there.range_penalty()
        assert row.hit_threshold == there.hit_threshold()
    assert rows[0].mean_damage == Fraction(sum(shot.damage(r) for r in range(1, 101)), 100)
