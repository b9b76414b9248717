"""BeamShot of ``rules/moo2/damage.py``, the one entry point of a beam shot (issues 10 and 26):
its answers against the source's arithmetic (``tests/rules/moo2/oracle.py``), its fields, its
messages. (``test_damage.py`` tests the rest of the module.)"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moo2
from rules.moo2 import BeamShot, Formula, HitRule, Mount, Platform
from rules.validation import InvalidInput
from tests.rules.moo2.oracle import oracle_potential, oracle_shot

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


def _oracle_hits(margin: int, squares: int, roll: int, options: dict[str, Any]) -> bool:
    """Whether ``roll`` hits, straight from the two formulas of the source."""
    mount = Mount(options.get("mount", Mount.NORMAL))
    penalty = moo2.range_penalty(
        squares, mount, double_penalty=options.get("double_penalty", False)
    )
    bonus = 25 if mount is Mount.POINT_DEFENSE else 0
    if options.get("always_hit", False) or roll > 95:
        return True
    if Formula(options.get("formula", Formula.CLASSIC)) is Formula.CLASSIC:
        return margin >= 99 or margin + roll >= min(40 + penalty - bonus, 95)
    return margin - penalty + bonus >= 99 or margin - penalty + bonus + roll >= 40


@settings(max_examples=150, deadline=None)
@given(shots())
def test_the_record_answers_as_the_oracle(
    shot_args: tuple[tuple[int, ...], dict[str, Any]],
) -> None:
    # The oracle (tests/rules/moo2/oracle.py) is the source's arithmetic, one roll at a time.
    args, options = shot_args
    shot = BeamShot(*args, **options)
    low_base, high_base, attack, defense, squares = args
    mount = Mount(options.get("mount", Mount.NORMAL))
    potential_options = {
        "reduced": options.get("reduced_by_range", True),
        "hef": options.get("hef", 0),
        "ordnance": options.get("ordnance", 0),
        "double_dissipation": options.get("double_dissipation", False),
        "platform": Platform(options.get("platform", Platform.SHIP_BEAM)),
    }
    low = oracle_potential(low_base, squares, mount, **potential_options)
    high = oracle_potential(high_base, squares, mount, **potential_options)
    assert shot.damage_potential() == (low, high)
    damages = [
        oracle_shot(
            low,
            high,
            attack - defense,
            squares,
            roll,
            mount,
            Formula(options.get("formula", Formula.CLASSIC)),
            doubled=options.get("double_penalty", False),
            always_hit=options.get("always_hit", False),
            planet=options.get("planet", False),
            shield=options.get("shield", 0),
        )
        for roll in range(1, 101)
    ]
    assert [shot.damage(roll) for roll in range(1, 101)] == damages
    hits = [_oracle_hits(attack - defense, squares, roll, options) for roll in range(1, 101)]
    assert [shot.hit_rule(roll) is not None for roll in range(1, 101)] == hits
    assert shot.hit_probability() == Fraction(sum(hits), 100)
    counts = Counter(damages)
    assert shot.damage_distribution() == {d: Fraction(n, 100) for d, n in counts.items()}
    assert shot.mean_damage() == Fraction(sum(damages), 100)


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


def test_the_options_are_typed_once_as_the_records_keyword_fields() -> None:
    # ShotOptions (the functions' **options) and BeamShot's keyword-only fields are one list.
    fields = inspect.signature(BeamShot).parameters.values()
    hints = typing.get_type_hints(BeamShot)
    keywords = {p.name: hints[p.name] for p in fields if p.kind is p.KEYWORD_ONLY}
    assert typing.get_type_hints(moo2.ShotOptions) == keywords
    for function in (moo2.shot_damage, moo2.damage_distribution, moo2.mean_damage):
        shown = inspect.signature(function).parameters
        assert {n: p.default for n, p in shown.items() if p.kind is p.KEYWORD_ONLY} == {
            p.name: p.default for p in fields if p.kind is p.KEYWORD_ONLY
        }


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
    for function in (moo2.damage_distribution, moo2.mean_damage):
        with pytest.raises(InvalidInput, match=message) as raised:
            function(**{**base, **fields})
        assert raised.value.parameter == parameter


def test_rolls_and_ranges_are_checked_by_the_methods() -> None:
    shot = BeamShot(5, 20, 10, 0, 14)
    with pytest.raises(InvalidInput, match=r"^roll must be an integer in 1\.\.100, got 0$"):
        shot.damage(0)
    with pytest.raises(InvalidInput, match=r"^roll must be an integer in 1\.\.100, got 101$"):
        shot.hit_rule(101)
    with pytest.raises(InvalidInput, match=r"^squares must be an integer in 0\.\.24"):
        shot.at(25)


def test_range_table_rows_follow_the_oracle() -> None:
    # Every square of a Heavy mount (0..51) with HEF 50, against the source's arithmetic.
    rows = moo2.range_table(50, 100, 10, 0, mount="heavy", hef=50)
    assert [row.squares for row in rows] == list(range(52))
    for row in rows:
        low = oracle_potential(50, row.squares, Mount.HEAVY, hef=50)
        high = oracle_potential(100, row.squares, Mount.HEAVY, hef=50)
        assert (row.min_damage, row.max_damage) == (low, high)
        damages = [
            oracle_shot(low, high, 10, row.squares, r, Mount.HEAVY, Formula.CLASSIC)
            for r in range(1, 101)
        ]
        assert row.mean_damage == Fraction(sum(damages), 100)
        hits = sum(_oracle_hits(10, row.squares, r, {"mount": "heavy"}) for r in range(1, 101))
        assert row.hit_probability == Fraction(hits, 100)
    # Hand-computed: at 0 squares the Heavy mount's +50% and HEF's +50% make 200% of 50-100,
    # 100-200; the threshold is 40, so rolls 30-95 hit by [3] (A = roll + 10 - 40, B = 60,
    # damage 100 + 101 * A // 60, capped at 200) and 96-100 by [1] with 200.
    assert rows[0].mean_damage == Fraction(
        sum(min(100 + 101 * (r + 10 - 40) // 60, 200) for r in range(30, 96)) + 5 * 200, 100
    )
