"""The "Rules in force" control in a real browser, in one app boot (issue #29).

The app opens once, on a deep link to the skill check with the natural 2/12 house rule
switched on and compare mode on: the check's chance is the switched one (CPython's
``rules.cepheus.check_probability`` with that variant), the figure under the rules as written
is beside it with the difference, and the control names the preset "(modified)". Then the
switch is turned off in the page (the folded list of switches, unfolded by the link): the
numbers go back to the rules as written and the address bar drops the switch.

Then, in the same app, the attack page (the app's own navigation): compare mode turned on in
the page, the compared rules modified by one of their own switches (the natural 2/12 house
rule on the Common Modifiers table): both sets of figures and both charts are shown, each
equal to ``rules.cepheus.attack_odds`` under its variant in CPython, and the link holds the
compared switch.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction

import pytest
from sitetools import AppPage

from rules import cepheus
from webapp.formatting import percent

LINK = (
    "?page=cepheus-check&other=6&natural_two_twelve=1"
    "&compare=As+written+%28this+site%27s+reading%29"
)
"""DM +6: every roll makes 8+ as written; with the house rule a natural 2 fails."""

HOUSE_RULE = cepheus.Variant(natural_two_twelve=True)


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the whole module, opened on the switched deep link."""
    return open_module_app(LINK)


def test_a_switch_in_the_link_shows_the_switched_numbers(app: AppPage) -> None:
    switched = cepheus.check_probability(6, variant=HOUSE_RULE)
    assert switched == 1 - cepheus.check_probability(-10, variant=HOUSE_RULE)  # 35/36
    app.wait_testid("check-chance", percent(switched))
    assert app.testid("rules-in-force") == f"{cepheus.AS_WRITTEN} (modified)"


def test_compare_mode_shows_both_and_the_difference(app: AppPage) -> None:
    as_written = cepheus.check_probability(6)
    app.wait_testid("compared-check-chance", percent(as_written))
    switched = cepheus.check_probability(6, variant=HOUSE_RULE)
    points = float((switched - as_written) * 100)
    assert app.testid("difference-check-chance") == f"{points:+.1f} points of chance of success"
    assert app.testid("compared-check-dm") == "+6"
    assert app.testid("difference-check-dm") == "same"


def test_turning_the_switch_off_gives_the_rules_as_written(app: AppPage) -> None:
    app.set_checkbox("Natural 2 fails, natural 12 succeeds", checked=False)
    app.wait_testid("check-chance", percent(cepheus.check_probability(6)))
    assert app.testid("rules-in-force") == cepheus.AS_WRITTEN
    app.page.wait_for_function("() => !location.search.includes('natural_two_twelve')")
    assert "compare=" in app.page.evaluate("location.search")
    assert app.python_errors() == [] and app.csp_violations() == []


BAR_CHARTS = """() => {
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

TABLE_ROWS = "rows => rows.map(row => Array.from(row.cells).map(cell => cell.textContent))"
"""JS: the cells' text of each row (``textContent``: the table is folded)."""

STRONG = cepheus.AttackSituation(
    weapon="rifle", damage_dice=3, squares=20, skill=3, characteristic_dm=3
)
"""The attack page's defaults with skill 3 and Dexterity 15 (DM +3): DM +6, every roll hits
as written, a natural 2 misses under the house rule."""

COMPARED = dataclasses.replace(
    cepheus.PRESETS[cepheus.COMMON_MODIFIERS_TABLE], natural_two_twelve=True
)


def _outcome(effect: int) -> str:
    """The chapter's outcome of an attack roll's Effect (as the Effect table names it)."""
    if effect < 0:
        return "failure"
    return "exceptional success" if effect >= cepheus.EXCEPTIONAL_EFFECT else "success"


def test_compare_mode_shows_both_figures_and_both_charts(app: AppPage) -> None:
    assert cepheus.characteristic_dm(15) == 3
    in_force = cepheus.attack_odds(STRONG)
    compared = cepheus.attack_odds(STRONG, variant=COMPARED)
    assert in_force.hit_chance == 1 and compared.hit_chance == Fraction(35, 36)
    app.show_page("cepheus-attack")
    app.set_input("Combat skill level", 3)
    app.set_input("Dexterity (melee: Strength or Dexterity)", 15)
    app.wait_testid("hit-chance", percent(in_force.hit_chance))
    app.set_checkbox("Compare with another rule set")
    app.wait_testid("compared-rules", cepheus.COMMON_MODIFIERS_TABLE)
    header = app.page.locator(".card-header", has_text="Compared rules: individual rules")
    header.first.click()
    app.set_checkbox("Natural 2 fails, natural 12 succeeds (house rule) (compared)")
    app.wait_testid("compared-hit-chance", percent(compared.hit_chance))
    assert app.testid("compared-rules") == f"{cepheus.COMMON_MODIFIERS_TABLE} (modified)"
    assert app.testid("hit-chance") == percent(in_force.hit_chance)
    points = float((in_force.hit_chance - compared.hit_chance) * 100)
    assert app.testid("difference-hit-chance") == f"{points:+.1f} points of chance to hit"
    # both charts: the Effect under the rules in force and under the compared rules
    shown = app.page.evaluate(BAR_CHARTS)
    for odds in (in_force, compared):
        assert odds.effect is not None
        bars = {"x": list(odds.effect), "probability": [float(p) for p in odds.effect.values()]}
        assert bars in shown
    rows = app.page.locator("[data-testid='compared-chart-table'] tbody tr")
    assert rows.evaluate_all(TABLE_ROWS) == [
        [str(e), _outcome(e), percent(p), str(p)] for e, p in compared.effect.items()
    ]
    changed = app.page.locator("[data-testid='compared-chart-table'] tbody tr.rf-changed")
    assert changed.evaluate_all(TABLE_ROWS) == [["-1", "failure", percent(Fraction(1, 36)),
                                                 "1/36"]]  # fmt: skip
    assert "1 of 11 rows differ" in app.testid("compared-chart-head")
    search = app.page.evaluate("location.search")
    assert "compare.natural_two_twelve=1" in search and "compare=Common" in search
    assert app.python_errors() == [] and app.csp_violations() == []
