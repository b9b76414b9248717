"""The Cepheus vehicle combat page (webapp/pages/cepheus/vehicle_combat.py), headless: every
section's numbers are what rules.cepheus computes, and hand counts over the dice agree."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest

from rules import cepheus
from webapp.app import App
from webapp.formatting import percent
from webapp.pages.cepheus.vehicle_combat import CepheusVehicleCombat, CepheusVehicleCombatView
from webapp.pages.cepheus.vehicle_combat_model import SECTION_INPUTS, Section


def shown(view: CepheusVehicleCombatView) -> dict[str, str]:
    return {f.testid: f.value for f in view.figures(view.model.result)}


def mean(values: list[int]) -> Fraction:
    return Fraction(sum(values), len(values))


def dice(n: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, 7), repeat=n))


def test_collision_defaults_checked_by_hand() -> None:
    # Source: "Collisions": 1D6 per 10 kph (30 kph: 3D6), to what is hit and to the rammer;
    # unsecured passengers the same damage, thrown 3 m per 10 kph; secured: a quarter.
    view = CepheusVehicleCombatView()
    odds = view.model.result.shown.odds
    rolls = [sum(r) for r in dice(3)]
    struck = mean([max(0, t - 4) for t in rolls])  # armor 4
    rammer = mean([max(0, t - 6) for t in rolls])  # armor 6
    secured = mean([-(-t // 4) for t in rolls])  # a quarter, rounded up (SOURCES.md)
    assert (odds.struck.mean(), odds.rammer.mean(), odds.secured.mean()) == (
        struck, rammer, secured,
    )  # fmt: skip
    figures = shown(view)
    assert figures["dice"] == "3D6" and figures["thrown"] == "9 m"
    assert figures["struck-mean"] == f"{float(struck):.2f}"
    assert figures["rammer-mean"] == f"{float(rammer):.2f}"
    assert figures["secured-mean"] == f"{float(secured):.2f}"
    # Hits: 1-3 after armor a Single Hit, 4-6 two (Vehicle Damage table): 3D6 - 4.
    single = Fraction(sum(1 for t in rolls if 1 <= t - 4 <= 3), len(rolls))
    assert odds.struck_hits[(1, 0, 0)] == single
    assert "data-testid='struck-hits'" in view._tables.object
    assert "data-testid='rammer-locations'" in view._tables.object
    # The chart draws the rules' distributions.
    data = [dict(s.data) for s in view._bars.sources]
    assert data[0]["value"] == list(odds.struck)
    assert data[0]["probability"] == [float(p) for p in odds.struck.values()]
    assert data[1]["value"] == list(odds.rammer)
    assert "Table of this chart" in view._chart_table.object


def test_a_series_keeps_its_colour_when_one_before_it_is_not_drawn() -> None:
    # What is hit, the ramming vehicle, the unsecured passengers: with nothing solid enough to
    # damage the rammer its series is left out, and the passengers' bars stay their colour.
    def colours(view: CepheusVehicleCombatView) -> dict[str, str]:
        items = view._bars.figure.legend[0].items
        return {
            item.label.value: renderer.glyph.fill_color
            for item, renderer in zip(items, view._bars.renderers, strict=True)
            if item.visible
        }

    both = colours(CepheusVehicleCombatView(CepheusVehicleCombat(solid=True)))
    one = colours(CepheusVehicleCombatView(CepheusVehicleCombat(solid=False)))
    assert list(both) == ["What is hit", "Ramming vehicle", "Unsecured passenger"]
    assert list(one) == ["What is hit", "Unsecured passenger"]
    assert one == {name: both[name] for name in one}
    assert len(set(both.values())) == 3


def test_collision_is_the_rules_collision() -> None:
    m = CepheusVehicleCombat(speed=45.5, struck_armor=2, solid=False, passenger_armor=1,
                             struck_table="robot_or_drone")  # fmt: skip
    expected = cepheus.collision_odds(Fraction(91, 2), struck_armor=2, solid=False,
                                      passenger_armor=1, struck_table="robot_or_drone")  # fmt: skip
    assert m.result.shown.odds == expected and expected.rammer is None
    view = CepheusVehicleCombatView(m)
    assert "not solid enough" in view._tables.object
    assert "rammer-mean" not in shown(view)


def test_explosion_section_reuses_the_explosion_rules() -> None:
    # Source: "Structure": 4D6 within 6 m, 2D6 within 12 m; closed: no dodge or dive.
    view = CepheusVehicleCombatView(
        CepheusVehicleCombat(section="explosion", distance=10, occupant=False, reaction="dive")
    )
    r = view.model.result.shown
    dive = cepheus.explosion_damage_distribution(2, reaction="dive")
    assert r.dice == 2 and r.shown == dive
    assert r.shown.mean() == mean([-(-sum(x) // 2) for x in dice(2)])  # halves rounded up
    figures = shown(view)
    assert figures["explosion-dice"] == "2D6"
    assert figures["explosion-mean"] == f"{float(dive.mean()):.2f}"
    assert figures["explosion-may-react"] == "yes"
    m = view.model
    m.param.update(occupant=True, closed=True, reaction="none", distance=0)
    r = m.result.shown
    assert r.shown == cepheus.explosion_damage_distribution(4)
    assert r.damage[cepheus.ExplosionReaction.DODGE] is None
    assert shown(view)["explosion-may-react"] == "no"
    assert "not allowed (closed vehicle)" in view._tables.object


def test_weave_checked_by_hand() -> None:
    # Source: "Weave": weaving number up to one per 20 km/h (round up): 50 km/h -> 3.
    view = CepheusVehicleCombatView(CepheusVehicleCombat(section="weave"))  # 2, DM +2 / +1
    through = Fraction(sum(1 for a, b in dice(2) if a + b + 2 - 2 >= 8), 36)
    follows = Fraction(sum(1 for a, b in dice(2) if a + b + 1 - 2 >= 8), 36)
    o = view.model.result.shown.odds
    assert (o.max_weave, o.driver_crash, o.pursuer_crash, o.pursuit_holds) == (
        3, 1 - through, through * (1 - follows), through * follows,
    )  # fmt: skip
    figures = shown(view)
    assert figures["max-weave"] == "3"
    assert figures["driver-crash"] == percent(1 - through)
    assert figures["pursuer-crash"] == percent(through * (1 - follows))
    assert figures["pursuit-holds"] == percent(through * follows)
    by = view._bars.sources[0].data
    assert by["value"] == [1, 2, 3]
    assert by["probability"] == [
        float(cepheus.weave_odds(50, w, driver_dm=2, pursuer_dm=1).driver_crash) for w in (1, 2, 3)
    ]


def test_ram_is_the_ram_check_then_the_collision() -> None:
    m = CepheusVehicleCombat(section="ram", ram_driver_dm=2, ram_dodge=True, ram_target_evasive=1)
    o = m.result.shown.odds
    # 2D6 + 2 - 1 (dodge) - 1 (evasive Effect 1) >= 8: 8+ on 2D6.
    assert o.success_chance == Fraction(sum(1 for a, b in dice(2) if a + b >= 8), 36)
    assert o == cepheus.ram_odds(30, driver_dm=2, dodge=True, target_evasive_effect=1,
                                 struck_armor=4, rammer_armor=6)  # fmt: skip
    figures = shown(CepheusVehicleCombatView(m))
    assert figures["ram-dm"] == "+0" and figures["ram-chance"] == percent(o.success_chance)
    assert figures["ram-struck-mean"] == f"{float(o.struck.mean()):.2f}"


def test_evasive_action_on_the_attack() -> None:
    view = CepheusVehicleCombatView(CepheusVehicleCombat(section="evasive"))
    situation = cepheus.AttackSituation(weapon="rifle", damage_dice=3, band="medium", skill=1,
                                        target_vehicle=True)  # fmt: skip
    expected = cepheus.evasive_attack_odds(situation, 1)
    r = view.model.result.shown
    assert r.odds == expected
    # By hand: the driver's Effect e >= 1 is a DM -e on the rifle's 2D6 + 2 against 8+.
    hit = Fraction(0)
    for a, b in dice(2):
        penalty = max(0, a + b + 1 - 8)
        hit += Fraction(sum(1 for c, d in dice(2) if c + d + 2 - penalty >= 8), 36 * 36)
    assert expected.hit_chance == hit
    figures = shown(view)
    assert figures["evasive-hit"] == percent(hit)
    assert figures["plain-hit"] == percent(cepheus.attack_odds(situation).hit_chance)
    view.model.evasive_direction = "from"
    assert view.model.result.shown.odds == cepheus.evasive_attack_odds(
        situation, 1, from_vehicle=True
    )


def test_starship_scale_fire() -> None:
    view = CepheusVehicleCombatView(CepheusVehicleCombat(section="starship", starship_weapons=1,
                                                         starship_weapon_dice=3,
                                                         starship_dice=9))  # fmt: skip
    r = view.model.result.shown
    # 9D6 and half of 3D6 rounded up (2D6): 11D6, at most 66 -> 1 after /50.
    assert r.damage == cepheus.starship_scale_damage_distribution(9, additional_dice=[3])
    ways = {0: 1}  # the ways to roll each total of 11D6, die by die
    for _ in range(11):
        after: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, 7):
                after[total + face] = after.get(total + face, 0) + count
        ways = after
    assert r.damage[1] == Fraction(sum(c for t, c in ways.items() if t >= 50), 6**11)
    figures = shown(view)
    assert figures["starship-dm"] == "+4" and figures["starship-dice"] == "11D6"
    rolled = cepheus.roll_starship_scale(9, additional_dice=[3], rng=random.Random(1))
    assert rolled.dice == 11
    view.model.half_dice = "down"
    assert shown(view)["starship-dice"] == "10D6"


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("collision", lambda: cepheus.roll_collision(30, struck_armor=4, rammer_armor=6,
                                                     rng=random.Random(7)).log),
        ("explosion", lambda: cepheus.roll_vehicle_explosion(occupant=True,
                                                             rng=random.Random(7)).log),
        ("weave", lambda: cepheus.roll_weave(50, 2, driver_dm=2, pursuer_dm=1,
                                             rng=random.Random(7)).log),
        ("ram", lambda: cepheus.roll_ram(30, driver_dm=1, struck_armor=4, rammer_armor=6,
                                         rng=random.Random(7)).log),
        ("starship", lambda: cepheus.roll_starship_scale(8, additional_dice=[8, 8, 8],
                                                         rng=random.Random(7)).log),
    ],
)  # fmt: skip
def test_roll_it_is_the_rules_roll_with_the_seed(section: str, expected: Any) -> None:
    view = CepheusVehicleCombatView()
    view.model.param.update(section=section, seed=7)
    view.roll_it.roll()
    assert view.model.seed == 8
    log = view.roll_it.log.object
    for line in expected():
        assert line.replace("'", "&#x27;").replace(">", "&gt;") in log
    view.model.section = "collision" if section != "collision" else "weave"
    assert "roll-log" not in view.roll_it.log.object  # another rule: the old log goes


def test_evasive_roll_is_the_check_then_the_attack() -> None:
    view = CepheusVehicleCombatView(CepheusVehicleCombat(section="evasive", seed=3))
    view.roll_it.roll()
    rng = random.Random(3)
    check = cepheus.roll_check(1, rng)
    effect = max(0, check.effect)
    situation = cepheus.AttackSituation(
        weapon="rifle",
        damage_dice=3,
        band="medium",
        skill=1,
        target_vehicle=True,
        target_evasive_effect=effect,
    )
    attack = cepheus.roll_attack(situation, rng)
    log = view.roll_it.log.object
    assert f"DM {-effect:+d} on attacks" in log
    assert all(line.replace("'", "&#x27;") in log for line in attack.log)


@pytest.mark.parametrize(
    ("changes", "named"),
    [({"speed": None}, "speed"), ({"speed": 401}, "speed"), ({"struck_armor": -1}, "struck_armor"),
     ({"section": "weave", "weave": 4}, "weave"), ({"section": "weave", "weave_speed": 0},
                                                   "weave_speed"),
     ({"section": "explosion", "closed": True, "reaction": "dive"}, "reaction"),
     ({"section": "explosion", "occupant": True, "distance": 7}, "distance"),
     ({"section": "ram", "ram_target_evasive": -1}, "ram_target_evasive"),
     ({"section": "evasive", "evasive_dice": -1}, "evasive_dice"),
     ({"section": "starship", "starship_weapon_dice": -2}, "starship_weapon_dice"),
     ({"section": "starship", "starship_armor": -1}, "starship_armor"),
     ({"section": "weave", "pursuer_dm": None}, "pursuer_dm"),
     ({"seed": None}, "seed")],
)  # fmt: skip
def test_bad_input_is_shown_beside_it_and_the_last_good_result_kept(
    changes: dict[str, object], named: str
) -> None:
    view = CepheusVehicleCombatView()
    m = view.model
    if "section" in changes:
        m.section = changes["section"]
    good, summary = m.result, view._summary.object
    m.param.update(changes)
    assert m.error_input == named, m.error
    assert m.error.startswith(m.label_of(named))
    assert m.result is good and view._summary.object == summary


@pytest.mark.parametrize("section", list(Section))
def test_each_section_has_its_deep_link(section: Section) -> None:
    app = App()
    app.apply_search(f"?page=cepheus-vehicle-combat&section={section.value}&seed=5")
    assert app.notice == "" and app.page == "cepheus-vehicle-combat"
    model = app.view_of("cepheus-vehicle-combat").model
    assert model.section == section.value and model.result.section is section
    assert model.query()["section"] == section.value
    # Each section's inputs are its own and exist on the model.
    assert set(SECTION_INPUTS[section]) <= set(model.inputs)


def test_deep_link_presets_the_weave_and_a_malformed_one_falls_back() -> None:
    app = App()
    app.apply_search("?page=cepheus-vehicle-combat&section=weave&weave_speed=81&weave=5"
                     "&driver_dm=4&pursuer_dm=0")  # fmt: skip
    model = app.view_of("cepheus-vehicle-combat").model
    assert app.notice == ""
    assert model.result.shown.odds == cepheus.weave_odds(81, 5, driver_dm=4, pursuer_dm=0)
    other = App()
    other.apply_search("?page=cepheus-vehicle-combat&section=flying")
    assert other.notice.startswith("This link could not be used as it was")
    assert other.view_of("cepheus-vehicle-combat").model.section == "collision"
