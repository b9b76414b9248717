"""The Cepheus Engine page models, headless: they show exactly what rules.cepheus computes."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from webapp.pages.cepheus.attack import CepheusAttack, CepheusAttackView
from webapp.pages.cepheus.damage import SPLIT, CepheusDamage, CepheusDamageView
from webapp.pages.cepheus.initiative import SLOTS, CepheusInitiative, CepheusInitiativeView
from webapp.pages.cepheus.range_bands import CepheusRangeBands, CepheusRangeBandsView
from webapp.pages.cepheus.vehicle import CepheusVehicle, CepheusVehicleView

# --- Attack ------------------------------------------------------------------------------------


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


# --- Range bands -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "distance"), [("squares", 0), ("squares", 34), ("metres", 51), ("metres", 1.49)]
)
def test_range_bands_match_the_rules(unit: str, distance: float) -> None:
    m = CepheusRangeBands(unit=unit, distance=distance)
    band = (
        cepheus.range_band(int(distance))
        if unit == "squares"
        else cepheus.range_band_metres(Fraction(str(distance)))
    )
    assert m.result.band is band
    assert dict(m.result.difficulties) == {
        w: cepheus.attack_difficulty(w, band) for w in cepheus.WeaponType
    }
    assert band.position <= m.result.position <= band.position + 1


def test_range_bands_bad_distance_and_chart_cells() -> None:
    view = CepheusRangeBandsView()
    m = view.model
    good = m.result
    m.distance = -1
    assert m.error_input == "distance" and m.result is good
    data = view._cells.data
    reachable = sum(len(cepheus.bands_in_reach(w)) for w in cepheus.WeaponType)
    assert len(data["x"]) == reachable  # one cell per band in reach: the rest are gaps


# --- Damage ------------------------------------------------------------------------------------


def test_first_damage_matches_the_rules() -> None:
    m = CepheusDamage(damage=9, allocation="endurance,dexterity,strength")
    now = cepheus.Physical(7, 8, 6)
    expected = cepheus.apply_damage(now, 9, order=("endurance", "dexterity", "strength"))
    assert m.result.first and m.result.damage == expected


def test_later_damage_can_be_split() -> None:
    m = CepheusDamage(endurance=2, damage=5, allocation=SPLIT)
    m.param.update(split_strength=2, split_dexterity=1, split_endurance=2)
    expected = cepheus.apply_damage(
        cepheus.Physical(7, 8, 2),
        5,
        maximum=cepheus.Physical(7, 8, 6),
        allocation={"strength": 2, "dexterity": 1, "endurance": 2},
    )
    assert m.error == "" and m.result.damage == expected and not m.result.first


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"allocation": "strength,endurance,dexterity"}, "allocation"),
        ({"allocation": SPLIT}, "allocation"),
        ({"endurance": 9}, "endurance"),
        ({"max_dexterity": -1}, "max_dexterity"),
        ({"strength": None}, "strength"),
        ({"damage": -1}, "damage"),
        ({"endurance": 5, "allocation": SPLIT, "split_strength": 1}, "allocation"),
        (
            {"endurance": 5, "damage": 9, "allocation": SPLIT, "split_endurance": 9},
            "split_endurance",
        ),
    ],
)
def test_damage_bad_input_names_the_input(changes: dict[str, Any], named: str) -> None:
    m = CepheusDamage()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named, m.error
    assert m.result is good


def test_carry_over_applies_the_next_hit_as_later_damage() -> None:
    view = CepheusDamageView()
    m = view.model
    view._carry_over()
    after = cepheus.apply_damage(cepheus.Physical(7, 8, 6), 9).physical
    assert (m.strength, m.dexterity, m.endurance) == (after.strength, after.dexterity, 0)
    assert not m.result.first
    view._heal()
    assert m.result.first


# --- Vehicle -----------------------------------------------------------------------------------


def test_vehicle_matches_the_rules() -> None:
    m = CepheusVehicle(rolled=30, effect=3, armor=4, table="robot_or_drone", location="sensors",
                       hit_number=3, speed_kph=45)  # fmt: skip
    damage = cepheus.hit_damage(30, 3, armor=4)
    assert m.result.damage == damage
    assert m.result.hits == cepheus.vehicle_hits(damage)
    assert m.result.locations == cepheus.hit_location_odds("robot_or_drone")
    assert m.result.location_hit == cepheus.location_hit_effect("sensors", 3)
    assert m.result.redirected == cepheus.location_hit_effect("hull", 1)
    assert m.result.collision_dice == cepheus.collision_dice(45)


def test_vehicle_bad_input_and_chart_in_table_order() -> None:
    view = CepheusVehicleView()
    m = view.model
    for name, value in (("hit_number", 0), ("effect", -1), ("speed_kph", -5.0)):
        good = m.result
        m.param.update({name: value})
        assert m.error_input == name and m.result is good
        m.param.update({name: m.param[name].default})
    first_roll = [cepheus.hit_location("external", r) for r in range(2, 13)]
    assert view._chart.figure.x_range.factors == [loc.label for loc in dict.fromkeys(first_roll)]


# --- Initiative --------------------------------------------------------------------------------


def _combatants(m: CepheusInitiative) -> list[cepheus.Combatant]:
    people = []
    for slot in range(1, m.combatants + 1):
        dm = cepheus.characteristic_dm(getattr(m, f"dexterity_{slot}"))
        base = getattr(m, f"roll_{slot}") + dm
        score = cepheus.initiative_score(
            base,
            hastened=getattr(m, f"hastened_{slot}"),
            reactions=getattr(m, f"reactions_{slot}"),
        )
        people.append(
            cepheus.Combatant(getattr(m, f"name_{slot}"), score, getattr(m, f"dexterity_{slot}"))
        )
    return people


def test_initiative_order_matches_the_rules() -> None:
    m = CepheusInitiative(hastened_2=True, reactions_3=1, roll_4=8, dexterity_4=10)
    expected = cepheus.initiative_order(_combatants(m))
    shown = [[m.result.entry(s).name for s in group] for group in m.result.order]
    assert shown == [[c.name for c in group] for group in expected]


def test_ties_act_simultaneously_ambush_and_delay() -> None:
    m = CepheusInitiative(combatants=3, dexterity_1=7, roll_1=8, dexterity_2=7, roll_2=8, roll_3=2)
    assert m.result.order[0] == (1, 2)
    m.ambush_3 = True
    third = m.result.entry(3)
    assert third.base == cepheus.AMBUSH_ROLL + cepheus.characteristic_dm(m.dexterity_3)
    m.param.update(ambush_3=False, delayed_1=True, leadership_1=2)
    first_other = max(m.result.entry(s).base for s in (2, 3))
    assert m.result.entry(1).base == cepheus.delay_to_next_round(first_other)
    assert m.result.entry(1).score == cepheus.initiative_score(
        cepheus.delay_to_next_round(first_other), leadership_effect=2
    )
    m.param.update(delayed_2=True, delayed_3=True)
    assert m.error_input == "delayed_1"


def test_initiative_roll_and_next_round() -> None:
    m = CepheusInitiative(seed=9, ambush_2=True, hastened_1=True, reactions_3=2)
    m.roll_everyone()
    rng = random.Random(9)
    assert m.roll_1 == cepheus.roll_initiative(0, rng)
    assert m.roll_3 == cepheus.roll_initiative(0, rng)  # the ambusher rolls no dice
    assert m.seed == 10
    m.next_round()
    assert not m.hastened_1 and m.reactions_3 == 0 and m.error == ""


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"roll_1": 13}, "roll_1"),
        ({"roll_2": None}, "roll_2"),
        ({"dexterity_3": -1}, "dexterity_3"),
        ({"reactions_1": -1}, "reactions_1"),
        ({"suppressed_2": -1}, "suppressed_2"),
        ({"combatants": SLOTS + 1}, "combatants"),
        ({"combatants": 0}, "combatants"),
    ],
)
def test_initiative_bad_input_names_the_input(changes: dict[str, Any], named: str) -> None:
    m = CepheusInitiative()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named, m.error
    assert m.result is good


# --- Any input: a result or an error, never a crash ---------------------------------------------

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


@settings(max_examples=60, deadline=None)
@given(
    distance=st.one_of(st.none(), st.floats(-10, 5000, allow_nan=False, allow_infinity=False)),
    unit=st.sampled_from(["squares", "metres"]),
    strength=ints, dexterity=ints, endurance=ints, damage=ints,
    allocation=st.sampled_from(list(CepheusDamage.param["allocation"].objects)),
    split=st.tuples(ints, ints, ints),
)  # fmt: skip
def test_bands_and_damage_any_input_gives_a_result_or_an_error(
    distance: float | None, unit: str, strength: int | None, dexterity: int | None,
    endurance: int | None, damage: int | None, allocation: str, split: tuple[Any, Any, Any],
) -> None:  # fmt: skip
    bands = CepheusRangeBands()
    bands.param.update(distance=distance, unit=unit)
    assert bool(bands.error) or bands.result.band in cepheus.RangeBand
    hurt = CepheusDamage()
    hurt.param.update(
        strength=strength, dexterity=dexterity, endurance=endurance, damage=damage,
        allocation=allocation, split_strength=split[0], split_dexterity=split[1],
        split_endurance=split[2],
    )  # fmt: skip
    if not hurt.error:
        assert hurt.result.damage.state in cepheus.WoundState


@settings(max_examples=60, deadline=None)
@given(
    rolled=ints, effect=ints, armor=ints, hit_number=ints,
    speed=st.one_of(st.none(), st.floats(-10, 500, allow_nan=False)),
    table=st.sampled_from([t.value for t in cepheus.HitTable]),
    location=st.sampled_from([loc.value for loc in cepheus.Location]),
    combatants=ints, rolls=st.lists(ints, min_size=SLOTS, max_size=SLOTS),
    delayed=st.lists(st.booleans(), min_size=SLOTS, max_size=SLOTS),
)  # fmt: skip
def test_vehicle_and_initiative_any_input_gives_a_result_or_an_error(
    rolled: int | None, effect: int | None, armor: int | None, hit_number: int | None,
    speed: float | None, table: str, location: str, combatants: int | None,
    rolls: list[int | None], delayed: list[bool],
) -> None:  # fmt: skip
    vehicle = CepheusVehicle()
    vehicle.param.update(
        rolled=rolled, effect=effect, armor=armor, hit_number=hit_number, speed_kph=speed,
        table=table, location=location,
    )  # fmt: skip
    if not vehicle.error:
        assert vehicle.result.hits == cepheus.vehicle_hits(vehicle.result.damage)
    order = CepheusInitiative()
    order.param.update(
        combatants=combatants,
        **{f"roll_{i + 1}": r for i, r in enumerate(rolls)},
        **{f"delayed_{i + 1}": d for i, d in enumerate(delayed)},
    )
    if not order.error:
        assert sorted(s for g in order.result.order for s in g) == list(order.active())


def test_chart_pages_recolour_with_the_theme() -> None:
    for view in (CepheusAttackView(), CepheusRangeBandsView(), CepheusVehicleView()):
        light = view._charts[0].background_fill_color
        view.set_theme("dark")
        assert view._charts[0].background_fill_color != light


def test_an_error_in_a_hidden_input_shows_the_input() -> None:
    damage = CepheusDamageView()
    assert not damage._split.visible  # the split is for later damage only
    damage.model.split_dexterity = None  # say, a link with an emptied box
    assert damage.model.error_input == "split_dexterity" and damage._split.visible
    initiative = CepheusInitiativeView()
    assert not initiative._cards[SLOTS].visible  # 4 combatants by default
    initiative.model.param.update({f"roll_{SLOTS}": None})
    assert initiative.model.error_input == f"roll_{SLOTS}" and initiative._cards[SLOTS].visible
    initiative.model.param.update({f"roll_{SLOTS}": 7})
    assert not initiative._cards[SLOTS].visible


def test_the_attack_summary_and_details_carry_the_numbers_people_read() -> None:
    view = CepheusAttackView()
    odds = view.model.result.odds
    for testid in ("hit-chance", "mean-damage", "total-dm"):
        assert f"data-testid='{testid}'" in view._summary.object
    assert f"data-testid='band'>{odds.band.label}<" in view._more.object
    assert f"data-testid='difficulty'>{odds.difficulty.label}<" in view._more.object
    assert "data-testid='exceptional'" in view._more.object
