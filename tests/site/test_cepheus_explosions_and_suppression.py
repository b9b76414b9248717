"""The explosion and suppression fire pages in a real browser, in one app boot for the module.

The app boots once, on a deep link to the explosions page; the suppression page is reached with
the app's own navigation (which never restarts Python). On each: the figures equal the numbers
the same inputs give in CPython, the charts draw the rules' distributions, and "Roll it" logs
the rules' roll of the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from sitetools import AppPage, Server, columns

from rules import cepheus
from webapp.formatting import percent
from webapp.pages.cepheus.explosions import CepheusExplosions
from webapp.pages.cepheus.suppression import CepheusSuppression

EXPLOSION_LINK = "dice=3&bonus=1&armor=2&endurance=6&strength=5&reaction=dive&seed=9"


def bars(app: AppPage) -> list[dict[str, list[Any]]]:
    """The data of every bar chart in the document (grouped bars by their damage column)."""
    return [
        *columns(app, "probability", "damage", "probability"),
        *columns(app, "probability", "x", "probability"),
    ]


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the module, opened on a deep link to the explosions page."""
    return open_module_app(f"?page=cepheus-explosions&{EXPLOSION_LINK}")


def model_of(cls: Any, link: str) -> Any:
    model = cls()
    assert model.apply_query(dict(pair.split("=") for pair in link.split("&"))) == []
    return model


def test_explosions_deep_link_figures_charts_and_roll(app: AppPage, server: Server) -> None:
    model = model_of(CepheusExplosions, EXPLOSION_LINK)
    chosen = model.result.shown
    dive = cepheus.explosion_damage_distribution(3, bonus=1, reaction="dive", armor=2)
    assert chosen.damage == dive
    assert app.testid("mean-damage") == f"{float(dive.mean()):.2f}"
    assert app.testid("no-damage") == percent(dive.get(0, 0))
    assert app.testid("endurance-out") == percent(dive.probability(lambda d: d >= 6))
    shown = bars(app)
    for reaction in cepheus.ExplosionReaction:
        dist = cepheus.explosion_damage_distribution(3, bonus=1, reaction=reaction, armor=2)
        expected = {"damage": list(dist), "probability": [float(p) for p in dist.values()]}
        assert expected in shown
    assert "Loses next significant action" in app.testid("compare")

    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.locator("[data-testid='roll-log']").first.wait_for()
    rolled = cepheus.roll_explosion(3, bonus=1, reaction="dive", armor=2, rng=random.Random(9))
    log = app.testid("roll-log").splitlines()
    assert log[: len(rolled.log)] == list(rolled.log)
    app.page.wait_for_function("() => window.location.search.includes('seed=10')")

    # An input change: the figures follow the rules.
    app.set_input("Target's armor", 0)
    unarmored = cepheus.explosion_damage_distribution(3, bonus=1, reaction="dive")
    app.wait_testid("mean-damage", f"{float(unarmored.mean()):.2f}")
    assert app.python_errors() == []
    assert [u for u in app.requests if not u.startswith(server.url.rstrip("/"))] == []


def test_suppression_through_the_navigation(app: AppPage, server: Server) -> None:
    app.page.locator(".bk-btn:text-is('All calculators')").first.click()
    app.page.locator("a.rf-open:text-is('Open Suppression fire')").first.click()
    app.page.wait_for_function(
        "() => new URLSearchParams(location.search).get('page') === 'cepheus-suppression'",
        timeout=30_000,
    )
    model = CepheusSuppression()
    app.wait_testid("suppression-chance", percent(model.result.chance))
    app.set_input("Attacks on this target", 3)
    app.set_input("Gun combat skill level", 2)
    model.param.update(attacks=3, skill=2)
    r = model.result
    assert r.chance == cepheus.suppression_chance(r.dm, attacks=3)
    app.wait_testid("suppression-chance", percent(r.chance))
    assert app.testid("mean-penalty") == f"{float(r.penalty.mean()):.2f}"
    assert app.testid("total-dm") == f"{r.odds.total_dm:+d}"
    assert app.testid("ammunition") == "6"
    shown = bars(app)
    assert {"x": list(r.penalty), "probability": [float(p) for p in r.penalty.values()]} in shown

    app.set_input("Seed of the next roll", 5)
    app.page.wait_for_function("() => window.location.search.includes('seed=5')")
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.locator("[data-testid='roll-log']").first.wait_for()
    rolled = cepheus.roll_suppression(r.dm, attacks=3, rng=random.Random(5))
    assert app.testid("roll-log").splitlines()[1:] == list(rolled.log)

    # A target it cannot affect is said plainly.
    group = app.page.locator(".bk-input-group").filter(
        has=app.page.locator("label", has_text="The target is one of")
    )
    group.locator("select").first.select_option(label="Zealots")
    app.wait_testid("suppression-chance", "not affected")
    assert "Zealots" in app.testid("not-affected")
    assert app.python_errors() == []
    assert [u for u in app.requests if not u.startswith(server.url.rstrip("/"))] == []
