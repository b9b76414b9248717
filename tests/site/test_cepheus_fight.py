"""The Cepheus fight-forecast page in a real browser, in one app boot.

The app opens once for the module, embedded, on a deep link to focus fire with inputs set;
then the same page is switched to a duel and an input typed in. Every figure shown (and the
survival chart's data) equals what the page's model computes in CPython for the same inputs
(itself checked against ``rules.cepheus`` in ``tests/webapp/pages/cepheus/test_fight.py``), and
"Roll it" logs the fight that ``random.Random(seed)`` rolls in CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qsl

import pytest
from sitetools import AppPage, Server

from webapp.formatting import percent
from webapp.pages.cepheus.fight import CepheusFight, roll_fight

LINK = "mode=focus&attackers=3&t_armor=2&f3_skill=2&t_order=spread&rounds=6&stop_after=2"
"""Three attackers on a target with armor 2 who spreads its damage, for 6 rounds."""

SURVIVAL = """() => {
  for (const model of window.rangefinderDocument.all_models) {
    if (model.type !== 'ColumnDataSource') continue;
    const data = model.data instanceof Map ? Object.fromEntries(model.data) : model.data;
    if (!('a_pct' in data)) continue;
    return {round: Array.from(data.round), a: Array.from(data.a), b: Array.from(data.b)};
  }
  return null;
}"""
"""JS: the survival chart's columns."""


def model(query: str) -> CepheusFight:
    """The page's model in CPython for the inputs of ``query``."""
    m = CepheusFight()
    assert m.apply_query(dict(parse_qsl(query))) == []
    return m


def expected_text(m: CepheusFight, testid: str) -> str:
    result = m.result
    if result.duel is not None:
        values = {"a-wins": result.duel.a_wins[-1], "b-wins": result.duel.b_wins[-1]}
    else:
        values = {"target-down": result.focus.down[-1], "target-dead": result.focus.dead[-1]}
    return percent(values[testid])


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the whole module: the fight page embedded, on a tablet."""
    return open_module_app(
        f"?page=cepheus-fight&embed=1&{LINK}",
        viewport={"width": 1024, "height": 768},
        has_touch=True,
    )


def test_the_deep_link_presets_focus_fire_embedded(app: AppPage, server: Server) -> None:
    m = model(LINK)
    assert m.mode == "focus" and m.error == ""
    app.wait_testid("target-down", expected_text(m, "target-down"))
    assert app.testid("target-dead") == expected_text(m, "target-dead")
    expected = m.result.expected_rounds
    assert app.testid("expected-rounds") == (
        "not certain" if expected is None else f"{float(expected):.2f}"
    )
    assert app.page.evaluate("document.documentElement.dataset.embed") == "true"
    assert app.input_labelled("Attackers (1-4)").input_value() == "3"
    assert app.input_labelled("Attacker 3's combat skill level").input_value() == "2"
    assert app.input_labelled("Target's armor").input_value() == "2"
    survival = app.page.evaluate(SURVIVAL)
    assert survival["round"] == list(range(1, 7))
    assert survival["a"] == [float(1 - p) for p in m.result.focus.down]
    assert app.page.get_by_text("stays down for the forecast").count() == 1  # (in a shadow root)
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


def test_a_duel_typed_in_shows_cpythons_figures_and_its_roll(app: AppPage, server: Server) -> None:
    app.click_option("Duel (A and B)")
    duel = model(LINK.replace("mode=focus", "mode=duel"))
    app.wait_testid("a-wins", expected_text(duel, "a-wins"))
    assert app.testid("b-wins") == expected_text(duel, "b-wins")
    app.set_input("A's combat skill level", 3)
    duel = model(LINK.replace("mode=focus", "mode=duel") + "&a_skill=3")
    app.wait_testid("a-wins", expected_text(duel, "a-wins"))
    assert app.testid("b-wins") == expected_text(duel, "b-wins")
    app.page.wait_for_function(  # the address bar holds the link to what is shown
        "() => new URLSearchParams(location.search).get('a_skill') === '3'", timeout=15_000
    )
    survival = app.page.evaluate(SURVIVAL)
    assert survival["b"] == [float(1 - p) for p in duel.result.duel.b_down]
    # A bad value: its message beside the input, the figures kept.
    shown = app.testid("a-wins")
    app.set_input("Stop after N rounds (state shown)", 9)
    app.page.locator(".rf-input-error", has_text="must be an integer in 1..6").first.wait_for()
    assert app.testid("a-wins") == shown
    app.set_input("Stop after N rounds (state shown)", 2)
    app.page.locator(".rf-input-error").first.wait_for(state="hidden")

    app.click_option("Roll it")
    rolled = roll_fight(duel.result, 1)
    app.wait_testid("roll-log", "\n".join(rolled.lines))
    app.page.wait_for_function(
        "() => new URLSearchParams(location.search).get('seed') === '2'", timeout=15_000
    )
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []
