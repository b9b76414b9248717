"""The Cepheus recovery planner and grappling pages in a real browser, in one app boot.

The app opens once for the module, on a deep link to the recovery planner; the grappling page
is then reached with the app's own navigation (which never restarts Python). On each page the
figures (and a chart's data) equal what ``rules.cepheus`` computes in CPython; on grappling,
inputs typed in update the odds and the address bar, and "Roll it" logs the roll that
``random.Random(seed)`` gives in CPython.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest
from sitetools import AppPage, Server, columns

from rules import cepheus
from rules.cepheus import Physical
from webapp.formatting import percent

LINK = (
    "?page=cepheus-recovery&first_aid=1&first_aid_effect=2&first_aid_minutes=3&days=10&endurance=4"
)
"""Endurance 4 of 9 (DM -1), first aid Effect 2 within five minutes: 4 points, to Endurance."""


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the whole module, opened on the recovery planner's deep link."""
    return open_module_app(LINK)


def test_recovery_deep_link_shows_the_rules_numbers(app: AppPage, server: Server) -> None:
    treated = Physical(4, 8, 8)  # Endurance 4 + twice the Effect (2)
    assert cepheus.first_aid(2, minutes_after=3) == 4
    odds = cepheus.recovery_odds(treated, Physical(7, 8, 9), 10)
    app.wait_testid("whole-chance", percent(odds.whole[10]))
    assert odds.expected_days is not None
    assert app.testid("expected-days") == f"{float(odds.expected_days):.2f}"
    assert app.input_labelled("Endurance now").input_value() == "4"
    # The wake-up chart: the chance of being awake within each minute, Endurance DM -1.
    awake = {m: float(cepheus.wake_chance(-1, m)) for m in cepheus.wake_distribution(-1)}
    shown = columns(app, "probability", "x", "probability")
    assert {"x": list(awake), "probability": list(awake.values())} in shown
    whole = {"x": list(range(11)), "probability": [float(p) for p in odds.whole]}
    assert whole in shown
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


def test_grappling_odds_link_and_roll(app: AppPage, server: Server) -> None:
    app.page.locator(".bk-btn:text-is('All calculators')").first.click()
    app.page.locator("a.rf-open:text-is('Open Grappling')").first.click()
    app.page.wait_for_function(
        "() => new URLSearchParams(location.search).get('page') === 'cepheus-grappling'",
        timeout=30_000,
    )
    app.wait_testid("win-chance", percent(cepheus.grapple_odds(1, 0).win))
    app.set_input("Attacker: Natural Weapons skill (DM)", 3)
    odds = cepheus.grapple_odds(3, 0)
    app.wait_testid("win-chance", percent(odds.win))
    assert app.testid("tie-chance") == percent(odds.tie)
    assert odds.tie == Fraction(sum(a * b for a, b in zip(WAYS[3:], WAYS, strict=False)), 1296)
    app.page.wait_for_function(  # the address bar holds the link to what is shown
        "() => new URLSearchParams(location.search).get('skill') === '3'", timeout=15_000
    )
    assert "nobody takes an option" in app.testid("tie-rule")

    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    rolled = cepheus.roll_grapple(3, 0, random.Random(1), option="damage")
    app.wait_testid("roll-log", "\n".join(rolled.log))
    app.page.wait_for_function(
        "() => new URLSearchParams(location.search).get('seed') === '2'", timeout=15_000
    )
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


WAYS = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
"""The ways to roll 2 to 12 on 2D6: a tie at DM +3 against +0 is the opponent rolling 3 more."""
