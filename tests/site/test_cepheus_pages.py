"""The Cepheus Engine pages in a real browser: shown numbers against rules.cepheus.

One page load per page (each costs ~13 s on a 2-core machine), several checks per load: the
deep link presets the inputs, the figures equal the rules' numbers, an input change updates
them, bad input shows beside its input while the last result stays, nothing leaves the origin
and Python reports no error.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

from sitetools import AppPage, Server

from rules import cepheus
from webapp.formatting import percent
from webapp.pages.cepheus.initiative import CepheusInitiative

SOURCES = """() => {
  const out = [];
  for (const model of window.rangefinderDocument.all_models) {
    if (model.type !== 'ColumnDataSource') continue;
    const data = model.data instanceof Map ? Object.fromEntries(model.data) : model.data;
    if (!('probability' in data)) continue;
    out.push({x: Array.from(data.x), probability: Array.from(data.probability)});
  }
  return out;
}"""
"""JS: the (x, probability) columns of every bar chart in the document."""


def charts(app: AppPage) -> list[dict[str, list[Any]]]:
    return list(app.page.evaluate(SOURCES))


def as_chart(distribution: Any, x: Any = lambda k: k) -> dict[str, list[Any]]:
    return {
        "x": [x(k) for k in distribution],
        "probability": [float(p) for p in distribution.values()],
    }


def clean(app: AppPage, server: Server) -> None:
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


def test_attack_deep_link_numbers_update_error_and_roll(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=cepheus-attack&weapon=pistol&damage_dice=3&distance=6&skill=2&characteristic=10"
        "&armor=2&aim_actions=1&cover=half&seed=4"
    )
    situation = cepheus.AttackSituation(
        weapon="pistol", damage_dice=3, squares=6, skill=2, unskilled_dm=0,
        characteristic_dm=cepheus.characteristic_dm(10), armor=2, aim_actions=1, cover="half",
    )  # fmt: skip
    odds = cepheus.attack_odds(situation)
    assert app.input_labelled("Distance to target").input_value() == "6"
    assert app.testid("band") == odds.band.label == "Short"
    assert app.testid("difficulty") == odds.difficulty.label  # type: ignore[union-attr]
    assert app.testid("total-dm") == f"{odds.total_dm:+d}"
    assert app.testid("hit-chance") == percent(odds.hit_chance)
    assert app.testid("mean-damage") == f"{float(odds.damage.mean()):.2f}"
    rows = app.page.locator("[data-testid='breakdown'] tbody tr")
    assert rows.count() == len(odds.modifiers) + 1
    for i, mod in enumerate(odds.modifiers):
        assert rows.nth(i).inner_text().split("\t") == [mod.label, f"{mod.dm:+d}"]
    shown = charts(app)
    assert as_chart(odds.effect) in shown and as_chart(odds.damage) in shown
    assert app.page.get_by_text("Aiming (1 set)").count() == 1

    # An input change updates the numbers; armor changes damage, not the chance to hit.
    app.set_input("Target's armor", 5)
    harder = cepheus.attack_odds(cepheus.AttackSituation(**{**_fields(situation), "armor": 5}))
    app.wait_testid("mean-damage", f"{float(harder.damage.mean()):.2f}")
    assert app.testid("hit-chance") == percent(odds.hit_chance)

    # Bad input: the message under the input, the last result kept.
    app.set_input("Distance to target", -3)
    error = app.page.locator(".rf-input-error", has_text="got -3").first
    error.wait_for(state="visible")
    assert app.testid("hit-chance") == percent(odds.hit_chance)
    app.set_input("Distance to target", 6)
    error.wait_for(state="hidden")

    # Roll it: the rules' roll with the seed of the link, then the seed moves on.
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.locator("[data-testid='roll-log']").first.wait_for()
    rolled = cepheus.roll_attack(
        cepheus.AttackSituation(**{**_fields(situation), "armor": 5}), random.Random(4)
    )
    assert app.testid("roll-log").splitlines() == list(rolled.log)
    app.page.wait_for_function("() => window.location.search.includes('seed=5')")
    clean(app, server)


def _fields(situation: cepheus.AttackSituation) -> dict[str, Any]:
    return {name: getattr(situation, name) for name in situation.__dataclass_fields__}


def test_range_bands_chart_and_unit_switch(open_app: Any, server: Server) -> None:
    app = open_app("?page=cepheus-range-bands&distance=400&unit=metres")
    band = cepheus.range_band_metres(400)
    assert app.testid("band") == band.label
    for weapon in cepheus.WeaponType:
        difficulty = cepheus.attack_difficulty(weapon, band)
        expected = difficulty.label if difficulty else "cannot attack"
        assert expected in app.testid(f"at-{weapon.value}")
    cells = app.page.evaluate(
        """() => { for (const m of window.rangefinderDocument.all_models) {
             if (m.type !== 'ColumnDataSource') continue;
             const d = m.data instanceof Map ? Object.fromEntries(m.data) : m.data;
             if ('difficulty' in d) return Array.from(d.difficulty).length; } return null; }"""
    )
    assert cells == sum(len(cepheus.bands_in_reach(w)) for w in cepheus.WeaponType)
    app.click_option("squares (1.5 m)")
    app.wait_testid("band", cepheus.range_band(400).label)
    clean(app, server)


def test_damage_split_and_bad_input(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=cepheus-damage&endurance=4&damage=6&allocation=split&split_strength=2"
        "&split_endurance=4"
    )
    expected = cepheus.apply_damage(
        cepheus.Physical(7, 8, 4), 6, maximum=cepheus.Physical(7, 8, 6),
        allocation={"strength": 2, "endurance": 4},
    )  # fmt: skip
    after = expected.physical
    assert app.testid("strength") == str(after.strength)
    assert app.testid("dexterity") == str(after.dexterity)
    assert app.testid("endurance") == str(after.endurance)
    state = expected.state.value.replace("_", " ").capitalize()
    assert app.testid("wound-state") == state
    app.set_input("Endurance now", 9)
    error = app.page.locator(".rf-input-error", has_text="Endurance now must be").first
    error.wait_for(state="visible")
    assert app.testid("wound-state") == state
    clean(app, server)


def test_vehicle_hits_locations_and_update(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=cepheus-vehicle&rolled=40&effect=2&armor=3&table=internal&location=cockpit"
        "&hit_number=2"
    )
    damage = cepheus.hit_damage(40, 2, armor=3)
    single, double, triple = cepheus.vehicle_hits(damage)
    assert app.testid("damage") == str(damage)
    assert (app.testid("single-hits"), app.testid("double-hits"), app.testid("triple-hits")) == (
        str(single), str(double), str(triple),
    )  # fmt: skip
    effect = cepheus.location_hit_effect("cockpit", 2)
    assert effect.effect in app.testid("location-effect")
    odds = cepheus.hit_location_odds("internal")
    shown = charts(app)
    assert len(shown) == 1
    assert sorted(shown[0]["probability"]) == sorted(float(p) for p in odds.values())
    assert set(shown[0]["x"]) == {loc.label for loc in odds}
    app.set_input("Vehicle's armor", 0)
    app.wait_testid("damage", str(cepheus.hit_damage(40, 2, armor=0)))
    clean(app, server)


def test_initiative_order_and_roll(open_app: Any, server: Server) -> None:
    link = "combatants=3&hastened_2=1&roll_1=12&seed=7"
    app = open_app(f"?page=cepheus-initiative&{link}")
    model = CepheusInitiative()
    model.apply_query(dict(pair.split("=") for pair in link.split("&")))
    people = []
    for slot in (1, 2, 3):
        dm = cepheus.characteristic_dm(getattr(model, f"dexterity_{slot}"))
        score = cepheus.initiative_score(
            getattr(model, f"roll_{slot}") + dm, hastened=getattr(model, f"hastened_{slot}")
        )
        people.append(cepheus.Combatant(getattr(model, f"name_{slot}"), score,
                                        getattr(model, f"dexterity_{slot}")))  # fmt: skip
    order = cepheus.initiative_order(people)
    expected = ", ".join(" = ".join(c.name for c in group) for group in order)
    assert app.testid("order") == expected
    model.roll_everyone()
    app.page.locator(".bk-btn:text-is('Roll 2D6 for everyone')").first.click()
    app.wait_testid("order", _order_text(model))
    app.page.wait_for_function("() => window.location.search.includes('seed=8')")
    clean(app, server)


def _order_text(model: CepheusInitiative) -> str:
    names = {e.slot: e.name for e in model.result.entries}
    return ", ".join(" = ".join(names[s] for s in group) for group in model.result.order)


def test_attack_on_a_phone_in_embed_mode_fits_the_screen(
    open_app: Any, server: Server, screenshots: Path
) -> None:
    app = open_app(
        "?page=cepheus-attack&embed=1&weapon=shotgun&distance=20&fire_mode=single",
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
    )  # fmt: skip
    odds = cepheus.attack_odds(
        cepheus.AttackSituation(weapon="shotgun", damage_dice=3, squares=20, skill=1,
                                unskilled_dm=0, characteristic_dm=cepheus.characteristic_dm(8))
    )  # fmt: skip
    assert app.testid("hit-chance") == percent(odds.hit_chance)
    assert app.page.evaluate("document.documentElement.dataset.embed") == "true"
    assert app.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    app.page.screenshot(path=str(screenshots / "cepheus-attack-phone-embed.png"), full_page=True)
    assert Fraction(odds.hit_chance) <= 1
    clean(app, server)
