"""The Cepheus vehicle page in a real browser, one page load: hits and locations against
rules.cepheus, and an update.
"""

from __future__ import annotations

from typing import Any

from sitetools import AppPage, Server, assert_clean, columns

from rules import cepheus


def charts(app: AppPage) -> list[dict[str, list[Any]]]:
    """The (x, probability) columns of every bar chart in the document."""
    return columns(app, "probability", "x", "probability")


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
    assert_clean(app, server)
