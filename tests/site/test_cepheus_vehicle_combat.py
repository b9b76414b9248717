"""The vehicle combat page in a real browser, in one app boot for the module.

The app boots once, on a deep link to the page's weave section; the other sections are reached
with the page's own Rule input (no reload). On each: the inputs show what the link set, the
figures equal the numbers the same inputs give in CPython, the chart draws the rules'
distributions, and "Roll it" logs the rules' roll of the seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from sitetools import AppPage, Server, columns

from rules import cepheus
from webapp.formatting import percent
from webapp.pages.cepheus.vehicle_combat import CepheusVehicleCombat

WEAVE_LINK = "section=weave&weave_speed=81&weave=4&driver_dm=3&pursuer_dm=2&seed=9"


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the module, opened on a deep link to the weave section."""
    return open_module_app(f"?page=cepheus-vehicle-combat&{WEAVE_LINK}")


def model_of(link: str) -> CepheusVehicleCombat:
    model = CepheusVehicleCombat()
    assert model.apply_query(dict(pair.split("=") for pair in link.split("&"))) == []
    return model


def series(app: AppPage) -> list[dict[str, list[float]]]:
    """The value and probability columns of each series of the page's chart."""
    return columns(app, "label", "value", "probability")


def choose_rule(app: AppPage, name: str) -> None:
    group = app.page.locator(".bk-input-group").filter(
        # (exactly "Rule": the "Rules in force" control above it has a select too)
        has=app.page.locator("label", has_text=re.compile(r"^\s*Rule\s*$"))
    )
    group.locator("select").first.select_option(label=name)


def roll(app: AppPage) -> list[str]:
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.locator("[data-testid='roll-log']").first.wait_for()
    return app.testid("roll-log").splitlines()


def test_weave_deep_link_presets_inputs_figures_chart_and_roll(app: AppPage) -> None:
    odds = cepheus.weave_odds(81, 4, driver_dm=3, pursuer_dm=2)
    assert model_of(WEAVE_LINK).result.shown.odds == odds
    assert app.input_labelled("Weaving number").input_value() == "4"
    assert app.input_labelled("Speed of the weaving vehicle").input_value() == "81"
    app.wait_testid("max-weave", "5")
    assert app.testid("driver-crash") == percent(odds.driver_crash)
    assert app.testid("pursuer-crash") == percent(odds.pursuer_crash)
    assert app.testid("pursuit-holds") == percent(odds.pursuit_holds)
    crash = [cepheus.weave_odds(81, w, driver_dm=3, pursuer_dm=2).driver_crash for w in range(1, 6)]
    assert {"value": [1, 2, 3, 4, 5], "probability": [float(p) for p in crash]} in series(app)
    rolled = cepheus.roll_weave(81, 4, driver_dm=3, pursuer_dm=2, rng=random.Random(9))
    assert roll(app)[: len(rolled.log)] == list(rolled.log)
    app.page.wait_for_function("() => window.location.search.includes('seed=10')")
    assert app.python_errors() == []


def test_collision_through_the_rule_input(app: AppPage, server: Server) -> None:
    choose_rule(app, "Collision")
    app.page.wait_for_function("() => location.search.includes('section=collision')")
    odds = cepheus.collision_odds(30, struck_armor=4, rammer_armor=6)
    app.wait_testid("struck-mean", f"{float(odds.struck.mean()):.2f}")
    assert app.testid("dice") == "3D6" and app.testid("thrown") == "9 m"
    assert app.testid("rammer-mean") == f"{float(odds.rammer.mean()):.2f}"
    assert app.testid("secured-mean") == f"{float(odds.secured.mean()):.2f}"
    assert "Hull" in app.testid("struck-locations")
    shown = series(app)
    for dist in (odds.struck, odds.rammer, odds.unsecured):
        assert {"value": list(dist), "probability": [float(p) for p in dist.values()]} in shown

    app.set_input("Speed of the vehicle", 55)
    faster = cepheus.collision_odds(55, struck_armor=4, rammer_armor=6)
    app.wait_testid("dice", "6D6")
    assert app.testid("struck-mean") == f"{float(faster.struck.mean()):.2f}"
    rolled = cepheus.roll_collision(55, struck_armor=4, rammer_armor=6, rng=random.Random(10))
    assert roll(app)[: len(rolled.log)] == list(rolled.log)

    # Bad input: the message beside the box, the figures of the last good inputs kept.
    app.set_input("Speed of the vehicle", 401)
    # (the message is drawn inside the widget's shadow root: has_text reads it, textContent not)
    message = re.compile(r"Speed of the vehicle \(kph\) must be .*0\.\.400, got 401")
    app.page.locator(".rf-input-error", has_text=message).first.wait_for(state="visible")
    app.wait_settled()
    assert app.testid("dice") == "6D6"
    assert app.testid("struck-mean") == f"{float(faster.struck.mean()):.2f}"
    assert app.python_errors() == []
    assert [u for u in app.requests if not u.startswith(server.url.rstrip("/"))] == []


def test_every_other_section_equals_cpython(app: AppPage) -> None:
    app.set_input("Speed of the vehicle", 30)
    choose_rule(app, "Starship-scale fire")
    damage = cepheus.starship_scale_damage_distribution(8, additional_dice=[8, 8, 8])
    app.wait_testid("starship-dice", "20D6")
    assert app.testid("starship-dm") == "+4"
    assert app.testid("starship-mean") == f"{float(damage.mean()):.2f}"
    assert app.testid("starship-hurt") == percent(damage.probability(lambda d: d > 0))

    choose_rule(app, "Ram")
    ram = cepheus.ram_odds(30, driver_dm=1, struck_armor=4, rammer_armor=6)
    app.wait_testid("ram-chance", percent(ram.success_chance))
    assert app.testid("ram-struck-mean") == f"{float(ram.struck.mean()):.2f}"

    choose_rule(app, "Evasive action")
    shot = cepheus.AttackSituation(weapon="rifle", damage_dice=3, band="medium", skill=1,
                                   target_vehicle=True)  # fmt: skip
    evasive = cepheus.evasive_attack_odds(shot, 1)
    app.wait_testid("evasive-hit", percent(evasive.hit_chance))
    assert app.testid("plain-hit") == percent(evasive.base.hit_chance)

    choose_rule(app, "Vehicle explosion")
    take = cepheus.vehicle_explosion_distribution(occupant=True)
    app.wait_testid("explosion-mean", f"{float(take.mean()):.2f}")
    assert app.testid("explosion-may-react") == "yes"
    assert app.python_errors() == []
