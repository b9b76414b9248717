"""The "Rules in force" control in a real browser, in one app boot (issue #29).

The app opens once, on a deep link to the skill check with the natural 2/12 house rule
switched on and compare mode on: the check's chance is the switched one (CPython's
``rules.cepheus.check_probability`` with that variant), the figure under the rules as written
is beside it with the difference, and the control names the preset "(modified)". Then the
switch is turned off in the page (the folded list of switches, unfolded by the link): the
numbers go back to the rules as written and the address bar drops the switch.
"""

from __future__ import annotations

from collections.abc import Callable

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
