"""Rule variants of MOO2: ``rules/moo2/variant.py`` and every function a field switches.

Each switch is pinned under both readings on the source's own example or a case worked by hand
in the comment; the default variant is checked against the source's arithmetic (the oracle of
``tests/rules/moo2/oracle.py``), never against the functions themselves.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moo2
from rules.moo2 import Variant
from rules.validation import InvalidInput
from tests.rules.moo2.oracle import oracle_potential, oracle_shot

SIMPLIFIED = Variant(formula="simplified")


# --- the record --------------------------------------------------------------------------------


def test_the_default_is_todays_reading() -> None:
    variant = Variant()
    assert variant.formula is moo2.Formula.CLASSIC
    assert variant.edition is moo2.Edition.CLASSIC
    assert variant.fighter_td_bonus is moo2.FighterTdBonus.TRANS_DIMENSIONAL
    assert variant.helmsman_bonus is True
    assert variant.pd_bonus_in_sure_hit is False
    assert variant.defensive_fire is moo2.DefensiveFireMode.CLASSIC
    assert variant.first_turn_dfr is moo2.DfrRounding.DOWN
    assert variant.planet_halving is moo2.PlanetHalving.BEFORE_SHIELD
    assert variant.beyond_table is moo2.BeyondTable.REFUSE
    assert moo2.PRESETS["As written (this site's reading)"] == variant


def test_a_variant_is_a_frozen_validated_value() -> None:
    variant = Variant(formula="simplified", edition="1.50", beyond_table="clamp")
    assert variant.formula is moo2.Formula.SIMPLIFIED and variant.edition is moo2.Edition.V1_50
    assert variant == Variant(formula=moo2.Formula.SIMPLIFIED, edition="1.50", beyond_table="clamp")
    assert hash(variant) == hash(
        Variant(formula="simplified", edition="1.50", beyond_table="clamp")
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.formula = "classic"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Variant("simplified")  # type: ignore[misc]


@pytest.mark.parametrize(
    ("fields", "parameter"),
    [
        ({"formula": "simple"}, "formula"),
        ({"edition": 1.5}, "edition"),
        ({"fighter_td_bonus": True}, "fighter_td_bonus"),
        ({"helmsman_bonus": 1}, "helmsman_bonus"),
        ({"pd_bonus_in_sure_hit": "yes"}, "pd_bonus_in_sure_hit"),
        ({"defensive_fire": "1.31"}, "defensive_fire"),
        ({"first_turn_dfr": "up"}, "first_turn_dfr"),
        ({"planet_halving": 0}, "planet_halving"),
        ({"beyond_table": None}, "beyond_table"),
    ],
)
def test_bad_fields_are_named(fields: dict[str, Any], parameter: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        Variant(**fields)
    assert raised.value.parameter == parameter


def test_presets_and_their_differences() -> None:
    assert list(moo2.PRESETS) == [
        "As written (this site's reading)",
        "1.50 simplified",
        "classic",
        "1.31 bugs",
    ]
    assert moo2.find_preset("classic") is moo2.PRESETS["classic"]
    assert moo2.PRESETS["1.50 simplified"].differences() == ("formula", "edition")
    assert moo2.PRESETS["classic"].differences() == ("helmsman_bonus",)
    assert moo2.PRESETS["1.31 bugs"].differences("classic") == ("defensive_fire",)
    modified = dataclasses.replace(moo2.PRESETS["1.50 simplified"], beyond_table="clamp")
    assert modified.differences("1.50 simplified") == ("beyond_table",)
    assert modified.differences(modified) == ()
    with pytest.raises(InvalidInput, match=r'^preset must be one of "As written'):
        Variant().differences("1.40")
    with pytest.raises(InvalidInput, match=r"^name must be one of"):
        moo2.find_preset("nope")


@pytest.mark.parametrize(
    "value", [None, "classic", {"formula": "classic"}, 1, moo2.Formula.CLASSIC]
)
def test_a_hostile_variant_is_refused_naming_variant(value: object) -> None:
    calls = [
        lambda: moo2.hit_probability(10, 0, 23, variant=value),  # type: ignore[arg-type]
        lambda: moo2.BeamShot(50, 100, 10, 0, 23, variant=value),  # type: ignore[arg-type]
        lambda: moo2.range_penalty(23, variant=value),  # type: ignore[arg-type]
        lambda: moo2.fighter_speed("bomber", 1, variant=value),  # type: ignore[arg-type]
        lambda: moo2.has_inherent_double_penalty("Fusion Beam", variant=value),  # type: ignore[arg-type]
        lambda: moo2.defensive_fire_enabled(initiative=True, variant=value),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(InvalidInput) as raised:
            call()
        assert raised.value.parameter == "variant"
        assert str(raised.value).startswith("variant must be a Variant")


# --- formula -----------------------------------------------------------------------------------


def test_formula_on_the_death_ray_example() -> None:
    # Source: "Different Min-Max Damage", the Death Ray at 23 squares, BA+CO-AF-BD = 10.
    # Classic: threshold min(40 + 85, 95) = 95, so rolls 85-95 hit by [3] and 96-100 by [1]:
    # 16/100. Simplified: 10 - 85 + roll >= 40 needs roll >= 115, so only 96-100: 5/100.
    assert moo2.hit_probability(10, 0, 23) == Fraction(16, 100)
    assert moo2.hit_probability(10, 0, 23, variant=SIMPLIFIED) == Fraction(5, 100)
    shot = moo2.BeamShot(50, 100, 10, 0, 23, variant=SIMPLIFIED)
    assert shot.formula is moo2.Formula.SIMPLIFIED and shot.variant == SIMPLIFIED
    assert shot.hit_rule(85) is None and shot.damage(85) == 0  # the source's roll misses
    # Rolls 96-100 do max damage 35: mean 5 * 35 / 100.
    assert moo2.mean_damage(50, 100, 10, 0, 23, variant=SIMPLIFIED) == Fraction(175, 100)
    rows = moo2.range_table(50, 100, 10, 0, variant=SIMPLIFIED)
    assert rows[23].hit_probability == Fraction(5, 100)


def test_the_formula_argument_and_the_variant_combine() -> None:
    # An explicit 'simplified' wins; 'classic' (the default) defers to the variant.
    assert moo2.formula_in_force("simplified", Variant()) is moo2.Formula.SIMPLIFIED
    assert moo2.formula_in_force("classic", SIMPLIFIED) is moo2.Formula.SIMPLIFIED
    assert moo2.formula_in_force("classic", Variant()) is moo2.Formula.CLASSIC
    by_argument = moo2.BeamShot(50, 100, 10, 0, 23, formula="simplified")
    by_variant = moo2.BeamShot(50, 100, 10, 0, 23, variant=SIMPLIFIED)
    assert by_argument == by_variant  # one record: formula and variant.formula agree
    assert by_argument.variant.formula is moo2.Formula.SIMPLIFIED
    assert moo2.hit_probability(10, 0, 23, formula="simplified", variant=Variant()) == Fraction(
        5, 100
    )


# --- PD bonus in the classic [2] ---------------------------------------------------------------


def test_pd_bonus_in_the_sure_hit_rule() -> None:
    # PD at 12 squares: range 8, penalty 85, threshold min(40 + 85 - 25, 95) = 95. BA+CO-AF-BD
    # = 80. As printed [2] is 80 >= 99, false: rolls 15-95 hit by [3] and 96-100 by [1]: 86/100.
    # With the +25 in [2]: 105 >= 99, every roll hits with max damage.
    pd = {"mount": "point_defense"}
    assert moo2.hit_probability(80, 0, 12, **pd) == Fraction(86, 100)
    counted = Variant(pd_bonus_in_sure_hit=True)
    assert moo2.hit_probability(80, 0, 12, **pd, variant=counted) == 1
    assert moo2.hit_rule(80, 0, 12, 1, **pd, variant=counted) is moo2.HitRule.ATTACK_99
    assert moo2.shot_damage(5, 20, 80, 0, 12, 1, **pd, variant=counted) == 1  # PD 12: 1-1 damage
    # A normal mount has no PD bonus: the switch changes nothing there.
    assert moo2.hit_probability(80, 0, 23, variant=counted) == moo2.hit_probability(80, 0, 23)


# --- edition: the Fusion Beam's 2x penalty -----------------------------------------------------


def test_fusion_beam_penalty_by_edition() -> None:
    # Source: "Range Penalty to Accuracy": classic Fusion Beam, Plasma Cannon and Mauler have the
    # 2x penalty; 1.50 removed it from the Mauler; the 1.50 improved mod from the Fusion Beam too.
    expected = {
        "classic": (True, True, True),
        "1.50": (True, True, False),
        "1.50_improved": (False, True, False),
    }
    for edition, flags in expected.items():
        variant = Variant(edition=edition)
        got = tuple(
            moo2.has_inherent_double_penalty(name, variant=variant)
            for name in ("Fusion Beam", "Plasma Cannon", "Mauler Device")
        )
        assert got == flags, edition
        fusion = moo2.Weapon("Fusion Beam", 2, 6, inherent_double_penalty={"classic", "1.50"})
        assert fusion.has_inherent_double_penalty(variant=variant) is flags[0]
    # An explicit edition other than 'classic' wins over the variant.
    improved = Variant(edition="1.50_improved")
    assert moo2.has_inherent_double_penalty("Fusion Beam", "1.50", variant=improved) is True


# --- fighters ----------------------------------------------------------------------------------


def test_fighter_td_bonus() -> None:
    # Source: "Beam Defense of Fighters": Speed = BaseSpeed + 2 * (FTL - 1) + TDBonus, TDBonus 4.
    # Interceptor (base 10) at FTL 1: 10 without the bonus, 14 with it; BD 5 * speed: 50 / 70.
    always = Variant(fighter_td_bonus="always")
    assert moo2.fighter_speed("interceptor", 1) == 10
    assert moo2.fighter_speed("interceptor", 1, variant=always) == 14
    assert moo2.fighter_speed("interceptor", 1, trans_dimensional=True) == 14
    assert moo2.fighter_speed("interceptor", 1, trans_dimensional=True, variant=always) == 14
    assert moo2.fighter_beam_defense("interceptor", 1) == 50
    assert moo2.fighter_beam_defense("interceptor", 1, variant=always) == 70


def test_helmsman_bonus_exists_in_150_only() -> None:
    # Source: "+ HelmsmanBonus (in 1.50 only)". Bomber (base 8) at FTL 3: speed 12, BD 60 + 5.
    assert moo2.fighter_beam_defense("bomber", 3, helmsman_bonus=5) == 65
    classic = moo2.PRESETS["classic"]
    assert moo2.fighter_beam_defense("bomber", 3, variant=classic) == 60
    with pytest.raises(InvalidInput, match=r"^helmsman_bonus must be 0 \(no HelmsmanBonus"):
        moo2.fighter_beam_defense("bomber", 3, helmsman_bonus=5, variant=classic)


# --- Defensive Fire ----------------------------------------------------------------------------


def test_defensive_fire_rules_in_force() -> None:
    # Source 001: 1.50 turned DF "off by default for games with ship initiative on"; before
    # 1.50 there was no parameter (this site's reading: DF always ran).
    assert moo2.defensive_fire_enabled(initiative=True) is False
    bugs = moo2.PRESETS["1.31 bugs"]
    assert moo2.defensive_fire_enabled(initiative=True, variant=bugs) is True
    # An explicit mode other than 'classic' wins over the variant.
    assert moo2.defensive_fire_enabled(initiative=True, mode="alternate", variant=bugs) is False


def test_first_turn_dfr_rounding() -> None:
    # Source 001: the first-turn DFR is "three times lower". 9 -> 3 either way; 10 -> 3.33: 3
    # either way; 11 -> 3.67: 3 down, 4 to nearest; 2 -> 0.67: 0 down, 1 to nearest.
    nearest = Variant(first_turn_dfr="nearest")
    dfrs = (9, 10, 11, 2)
    assert [moo2.first_turn_defensive_fire_range(d) for d in dfrs] == [3, 3, 3, 0]
    assert [moo2.first_turn_defensive_fire_range(d, variant=nearest) for d in dfrs] == [3, 3, 4, 1]
    # DFR 11 on the first turn, a ship 4 squares away: 1 square beyond a DFR of 3 (chance of
    # the table's key 1), or at a DFR of 4 (100%).
    table = {1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert moo2.defensive_fire_chance(4, 11, table, first_turn=True) == Fraction(1, 2)
    assert moo2.defensive_fire_chance(4, 11, table, first_turn=True, variant=nearest) == 1
    path = moo2.defensive_fire_path_chances([5, 4], 11, table, first_turn=True, variant=nearest)
    assert path == (Fraction(1, 2), 1)


def test_planet_halving_before_or_after_the_shield() -> None:
    # Source: the Death Ray at 11 squares, roll 85, does 65 ("Different Min-Max Damage"); a
    # planet halves it ("Beam ship weapons"). Shield 5: 65 // 2 - 5 = 27, or (65 - 5) // 2 = 30.
    after = Variant(planet_halving="after_shield")
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85, planet=True, shield=5) == 27
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85, planet=True, shield=5, variant=after) == 30
    # Not a planet: the switch changes nothing (65 - 5).
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85, shield=5, variant=after) == 60
    # A 1-damage hit on a shielded planet: 0 either way (1 // 2 = 0; 1 - 1 = 0).
    assert moo2.shot_damage(1, 1, 0, 0, 0, 100, planet=True, shield=1, variant=after) == 0


# --- squares beyond the table ------------------------------------------------------------------


def test_beyond_table_refused_or_clamped() -> None:
    # Source: the Normal squares row ends at 24 (range 8: penalty 85, dissipation 65). At 30
    # squares: refused by default; clamped, read as range 8.
    clamp = Variant(beyond_table="clamp")
    with pytest.raises(InvalidInput, match=r"^squares must be an integer in 0\.\.24"):
        moo2.range_penalty(30)
    assert moo2.check_squares(30, variant=clamp) == 24
    assert moo2.range_units(30, variant=clamp) == 8
    assert moo2.range_penalty(30, variant=clamp) == 85
    assert moo2.dissipation_penalty(30, variant=clamp) == 65
    assert moo2.hit_threshold(30, variant=clamp) == 95
    assert moo2.hit_probability(10, 0, 30, variant=clamp) == Fraction(16, 100)  # as at 23
    # Death Ray 50-100 at 35%: 17.5 -> 18 and 35, as at 23 squares.
    assert moo2.damage_potential(50, 100, 30, variant=clamp) == (18, 35)
    shot = moo2.BeamShot(50, 100, 10, 0, 30, variant=clamp)
    assert shot.squares == 30 and shot.damage(85) == 18  # the source's roll at range 8
    with pytest.raises(InvalidInput, match=r"^squares must be an integer >= 0, got -1$"):
        moo2.range_penalty(-1, variant=clamp)


# --- the default variant gives today's results -------------------------------------------------

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "mount": st.sampled_from(list(moo2.Mount)),
        "formula": st.sampled_from(list(moo2.Formula)),
        "double_penalty": st.booleans(),
        "hef": st.integers(0, 100),
        "shield": st.integers(0, 10),
        "planet": st.booleans(),
        "always_hit": st.booleans(),
    },
)


@settings(max_examples=100, deadline=None)
@given(
    options=OPTIONS,
    low=st.integers(1, 60),
    spread=st.integers(0, 60),
    margin=st.integers(-60, 150),
    squares=st.integers(0, 51),
    ftl=st.integers(0, 6),
    td=st.booleans(),
)
def test_the_default_variant_gives_todays_results(
    options: dict[str, Any], low: int, spread: int, margin: int, squares: int, ftl: int, td: bool
) -> None:
    # Today's results as the source's arithmetic gives them, with and without variant=Variant().
    mount = moo2.Mount(options.get("mount", moo2.Mount.NORMAL))
    squares = min(squares, moo2.max_squares(mount))
    formula = moo2.Formula(options.get("formula", moo2.Formula.CLASSIC))
    lo = oracle_potential(low, squares, mount, hef=options.get("hef", 0))
    hi = oracle_potential(low + spread, squares, mount, hef=options.get("hef", 0))
    damages = [
        oracle_shot(
            lo,
            hi,
            margin,
            squares,
            roll,
            mount,
            formula,
            doubled=options.get("double_penalty", False),
            always_hit=options.get("always_hit", False),
            shield=options.get("shield", 0),
            planet=options.get("planet", False),
        )
        for roll in range(1, 101)
    ]
    expected = {d: Fraction(n, 100) for d, n in Counter(damages).items()}
    for extra in ({}, {"variant": Variant()}):
        args = (low, low + spread, margin, 0, squares)
        assert moo2.damage_distribution(*args, **options, **extra) == expected
        assert moo2.mean_damage(*args, **options, **extra) == Fraction(sum(damages), 100)
        assert moo2.BeamShot(*args, **options, **extra).damage_potential() == (lo, hi)
        shown = {k: v for k, v in options.items() if k in ("mount", "double_penalty")}
        penalty = moo2.range_penalty(squares, **shown, **extra)
        assert penalty == moo2.RANGE_BANDS[moo2.range_units(squares, mount, **extra)].penalty * (
            2 if options.get("double_penalty", False) else 1
        )
        # Fighter speed: BaseSpeed + 2 * (FTL - 1) + 4 with a Trans-Dimensional race only.
        base = moo2.FIGHTER_BASE_SPEED[moo2.Fighter.BOMBER]
        speed = moo2.fighter_speed("bomber", ftl, trans_dimensional=td, **extra)
        assert speed == base + 2 * (ftl - 1) + (4 if td else 0)
        assert moo2.has_inherent_double_penalty("Mauler Device", **extra) is True
        assert moo2.defensive_fire_enabled(initiative=True, **extra) is False
        assert moo2.first_turn_defensive_fire_range(ftl + 9, **extra) == (ftl + 9) // 3


def test_the_volley_forecast_fires_each_shot_under_its_own_variant() -> None:
    # A BeamShot carries its variant, so volley_forecast takes none (no second, conflicting
    # one). Source: the Death Ray at 23 squares, BA+CO-AF-BD = 10 (see above): it hits with
    # 16/100 (classic) or 5/100 (simplified), and any hit does 50+ damage, so against 1 hit
    # point the target is destroyed in turn 1 with the hit chance, and after 100/16 or 20 turns
    # on average (a geometric wait).
    assert "variant" not in inspect.signature(moo2.volley_forecast).parameters
    classic = moo2.volley_forecast([(moo2.BeamShot(50, 100, 10, 0, 23), 1)], 1, 2)
    simple = moo2.volley_forecast(
        [(moo2.BeamShot(50, 100, 10, 0, 23, variant=SIMPLIFIED), 1)], 1, 2
    )
    assert classic.destroyed == (Fraction(16, 100), 1 - Fraction(84, 100) ** 2)
    assert simple.destroyed == (Fraction(5, 100), 1 - Fraction(95, 100) ** 2)
    assert (classic.expected_turns, simple.expected_turns) == (Fraction(100, 16), Fraction(20))
