"""The Cepheus attack page in a real browser: shown numbers against rules.cepheus.

One page load per test (each costs ~13 s on a 2-core machine), several checks per load: the
deep link presets the inputs, the figures equal the rules' numbers, an input change updates
them, bad input shows beside its input while the last result stays, nothing leaves the origin
and Python reports no error; and the page in embed mode on a phone.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

from sitetools import AppPage, Server, assert_clean, columns

from rules import cepheus
from webapp.formatting import percent


def charts(app: AppPage) -> list[dict[str, list[Any]]]:
    """The (x, probability) columns of every bar chart in the document."""
    return columns(app, "probability", "x", "probability")


def as_chart(distribution: Any, x: Any = lambda k: k) -> dict[str, list[Any]]:
    return {
        "x": [x(k) for k in distribution],
        "probability": [float(p) for p in distribution.values()],
    }


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
    assert_clean(app, server)


def _fields(situation: cepheus.AttackSituation) -> dict[str, Any]:
    return {name: getattr(situation, name) for name in situation.__dataclass_fields__}


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
    assert_clean(app, server)
