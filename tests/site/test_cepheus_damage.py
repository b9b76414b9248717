"""The Cepheus damage page in a real browser, one page load: the split of later damage against
rules.cepheus, and bad input beside its box.
"""

from __future__ import annotations

from typing import Any

from sitetools import Server, assert_clean

from rules import cepheus


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
    assert_clean(app, server)
