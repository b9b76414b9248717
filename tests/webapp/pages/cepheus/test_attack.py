"""The Cepheus attack page (webapp/pages/cepheus/attack.py), headless: every number is what
rules.cepheus computes."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from webapp.formatting import percent
from webapp.pages.cepheus.attack import CepheusAttack, CepheusAttackView


def shown(view: object) -> dict[str, str]:
    figures = view.figures(view.model.result)  # type: ignore[attr-defined]
    return {f.testid: f.value for f in figures}


def test_attack_firing_into_combat_shows_both_chances_exactly() -> None:
    # Source: "Firing into Combat": -2, and a miss hits the nearest other combatant on 4+ on 1D6.
    # Pistol at 6 squares (Short: Average), skill 1, Dexterity 8 (+0): 2D6 + 1 - 2 vs 8+ needs 9+.
    view = CepheusAttackView(CepheusAttack(weapon="pistol", distance=6, firing_into_combat=True))
    odds = view.model.result.odds
    assert (odds.hit_chance, odds.stray_hit_chance) == (Fraction(10, 36), Fraction(26, 72))
    figures = {f.testid: f for f in view.figures(view.model.result)}
    assert figures["hit-chance"].label == "chance to hit the intended target"
    assert figures["hit-chance"].detail == str(odds.hit_chance)
    assert figures["stray-hit"].value == percent(odds.stray_hit_chance)
    assert figures["stray-hit"].detail == "13/36"
    assert figures["nobody-hit"].detail == str(1 - odds.hit_chance - odds.stray_hit_chance)
    # Not firing into combat: no such figure.
    plain = CepheusAttackView(CepheusAttack(weapon="pistol", distance=6))
    assert "stray-hit" not in shown(plain)


def test_attack_blind_firing_line_shows_the_intended_target_chance() -> None:
    # Source: "Blind Firing": a successful attack hits an eligible target in the firing line,
    # chosen at random, friend or foe.
    view = CepheusAttackView(CepheusAttack(blind=True, firing_line_targets=3))
    odds = view.model.result.odds
    assert odds.situation.firing_line_targets == 3
    assert odds.intended_hit_chance == odds.hit_chance / 3
    figures = {f.testid: f for f in view.figures(view.model.result)}
    assert figures["intended-hit"].detail == str(odds.intended_hit_chance)
    assert figures["hit-chance"].label == "chance to hit"
    m = view.model
    m.firing_line_targets = 0
    assert m.error_input == "firing_line_targets" and m.result.odds is odds
    assert m.error.startswith(m.label_of("firing_line_targets") + " must be an integer >= 1")
    rolled = cepheus.roll_attack(odds.situation, random.Random(3))
    m.param.update(firing_line_targets=3, seed=3)
    assert m.roll() == rolled


def test_attack_defaults_match_the_rules() -> None:
    m = CepheusAttack()
    expected = cepheus.attack_odds(
        cepheus.AttackSituation(
            weapon="rifle",
            damage_dice=3,
            squares=20,
            skill=1,
            unskilled_dm=0,
            characteristic_dm=cepheus.characteristic_dm(8),
        )
    )
    assert m.error == ""
    assert m.result.odds == expected
    assert m.result.odds.hit_chance == Fraction(7, 12)
    assert m.result.metres == cepheus.squares_to_metres(20)


def test_attack_with_many_modifiers_matches_the_rules() -> None:
    m = CepheusAttack(
        weapon="assault_weapon", damage_dice=4, damage_modifier=1, distance=60, unit="metres",
        skill=2, characteristic=11, armor=3, aim_actions=2, laser_sight=True,
        fire_mode="grouped", burst="10", cover="half", target_stance="crouched",
        reaction="dodge", lighting="low_light", smoke="smoke", extreme_weather=True,
        sensor_targeting=True, hastened=True, reactions_taken=1, target_movement_metres=12.5,
        zero_g=True, zero_g_skilled=True, zero_g_skill=1, recoil=True, referee_dm=1,
    )  # fmt: skip
    situation = cepheus.AttackSituation(
        weapon="assault_weapon", damage_dice=4, damage_modifier=1, metres=Fraction(60),
        skill=2, unskilled_dm=0, characteristic_dm=1, armor=3, aim_actions=2,
        laser_sight=True, fire_mode="grouped", burst="10", cover="half",
        target_stance="crouched", reaction="dodge", lighting="low_light", smoke="smoke",
        extreme_weather=True, sensor_targeting=True, hastened=True, reactions_taken=1,
        target_movement_metres=Fraction(25, 2), zero_g=True, zero_g_skill=1, recoil=True,
        referee_dm=1,
    )  # fmt: skip
    assert m.error == ""
    assert m.result.situation == situation
    assert m.result.odds == cepheus.attack_odds(situation)
    labels = [row.label for row in m.result.odds.modifiers]
    assert "Skill (limited by Zero-G-1)" in labels and "Acting hastily" in labels


def test_metres_are_read_as_typed_and_squares_must_be_whole() -> None:
    m = CepheusAttack(unit="metres", distance=50.5)
    assert m.result.odds.band is cepheus.range_band_metres(Fraction(101, 2))
    assert m.result.metres == Fraction(101, 2)
    good = m.result
    m.param.update(unit="squares", distance=20.5)
    assert m.error_input == "distance"
    assert m.error == (
        "Distance to target must be a whole number of squares (or choose metres), got 20.5"
    )
    assert m.result is good


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"distance": -3}, "distance"),
        ({"characteristic": -1}, "characteristic"),
        ({"skill": None}, "skill"),
        ({"unskilled": True, "unskilled_dm": None}, "unskilled_dm"),
        ({"zero_g_skill": None}, "zero_g_skill"),
        ({"aim_actions": -1}, "aim_actions"),
        ({"fire_mode": "spray", "weapon": "close_quarters"}, "weapon"),
        ({"fire_mode": "panic", "laser": True}, "fire_mode"),
        ({"reaction": "parry"}, "reaction"),
        ({"target_stance": "prone", "reaction": "dodge"}, "reaction"),
        ({"shotgun_spread": True}, "shotgun_spread"),
        ({"extreme_range": True}, "extreme_range"),
        ({"burst": "3"}, "burst"),
        ({"damage_dice": 99}, "damage_dice"),
        ({"target_movement_metres": -2.0}, "target_movement_metres"),
        ({"seed": None}, "seed"),
    ],
)
def test_attack_bad_input_keeps_the_last_result_and_names_the_input(
    changes: dict[str, Any], named: str
) -> None:
    m = CepheusAttack()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named, m.error
    assert m.error.startswith(m.label_of(named) + " must be ")
    assert m.result is good


def test_the_pages_own_limits_are_worded_like_the_rules() -> None:
    m = CepheusAttack(damage_dice=99)
    assert m.error == (
        "Damage (D6) must be at most 20 on this page (it enumerates every roll), got 99"
    )


def test_blocked_attack_shows_no_odds() -> None:
    m = CepheusAttack(weapon="pistol", distance=200)
    odds = m.result.odds
    assert m.error == "" and odds.blocked and odds.hit_chance == 0 and odds.effect is None


def test_roll_is_the_rules_roll_with_the_seed_and_moves_the_seed_on() -> None:
    view = CepheusAttackView()
    m = view.model
    m.param.update(seed=5, armor=2)
    expected = cepheus.roll_attack(m.result.situation, random.Random(5))
    assert m.roll() == expected
    view.roll_it.roll()
    assert m.seed == 6
    assert all(line.replace(">", "&gt;") in view.roll_it.log.object for line in expected.log)
    m.armor = 3  # another attack: the old log no longer applies
    assert "roll-log" not in view.roll_it.log.object


def test_attack_groups_count_what_is_set_and_theme_recolours() -> None:
    view = CepheusAttackView()
    view.model.param.update(aim_actions=2, laser_sight=True)
    assert view._cards["Aiming"].title == "Aiming (2 set)"
    view.set_theme("dark")
    dark = view._effect_chart.figure.background_fill_color
    view.set_theme("light")
    assert view._effect_chart.figure.background_fill_color != dark


ints = st.one_of(st.none(), st.integers(-50, 50))


@settings(max_examples=60, deadline=None)
@given(
    values=st.fixed_dictionaries(
        {
            "skill": ints, "characteristic": ints, "damage_dice": st.integers(-2, 25),
            "damage_modifier": ints, "armor": ints, "aim_actions": ints,
            "distance": st.one_of(
                st.none(), st.floats(-5, 1000, allow_nan=False), st.integers(-5, 900)
            ),
            "unit": st.sampled_from(["squares", "metres"]),
            "weapon": st.sampled_from([w.value for w in cepheus.WeaponType]),
            "fire_mode": st.sampled_from([f.value for f in cepheus.FireMode]),
            "burst": st.sampled_from([b.value for b in cepheus.BurstSize]),
            "cover": st.sampled_from([c.value for c in cepheus.Cover]),
            "target_stance": st.sampled_from([s.value for s in cepheus.Stance]),
            "reaction": st.sampled_from([r.value for r in cepheus.Reaction]),
            "unskilled": st.booleans(), "blind": st.booleans(), "zero_g": st.booleans(),
            "extreme_range": st.booleans(), "shotgun_spread": st.booleans(),
            "laser": st.booleans(), "braced": st.booleans(), "referee_dm": ints,
            "target_movement_metres": st.one_of(st.none(), st.floats(-5, 100, allow_nan=False)),
        }
    )
)  # fmt: skip
def test_attack_any_input_gives_a_result_or_an_error(values: dict[str, Any]) -> None:
    m = CepheusAttack()
    m.param.update(values)
    if m.error:
        assert m.error_input in ("", *m.inputs)
    else:
        assert m.result.odds == cepheus.attack_odds(m.result.situation)
        assert sum(m.result.odds.damage.values()) == 1


def test_attack_chart_recolours_with_the_theme() -> None:
    view = CepheusAttackView()
    light = view._charts[0].background_fill_color
    view.set_theme("dark")
    assert view._charts[0].background_fill_color != light


def test_the_attack_summary_and_details_carry_the_numbers_people_read() -> None:
    view = CepheusAttackView()
    odds = view.model.result.odds
    for testid in ("hit-chance", "mean-damage", "total-dm"):
        assert f"data-testid='{testid}'" in view._summary.object
    assert f"data-testid='band'>{odds.band.label}<" in view._more.object
    assert f"data-testid='difficulty'>{odds.difficulty.label}<" in view._more.object
    assert "data-testid='exceptional'" in view._more.object
