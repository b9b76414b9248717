"""The MOO2 missiles and fighters page in a real browser, one page load: shown numbers and charted
data against rules.moo2.
"""

from __future__ import annotations

from typing import Any

from sitetools import Server, assert_clean, sources

from rules import moo2
from webapp.formatting import percent


def test_missiles_and_fighters(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=moo2-missiles-fighters&target=fighter&fighter=bomber&drive=Ion"
        "&trans_dimensional=1&racial_bonus=25&pilot_bonus=10&helmsman_bonus=5&attack=60"
        "&squares=12"
    )
    defense = moo2.fighter_beam_defense(
        "bomber", 3, trans_dimensional=True, racial_bonus=25, pilot_bonus=10, helmsman_bonus=5
    )
    assert app.testid("fighter-defense") == str(defense)
    hit = moo2.hit_probability(60, defense, 12, mount="point_defense")
    assert app.testid("hit-chance") == percent(hit)
    assert app.testid("missile-defense") == str(moo2.missile_beam_defense("merculite", 3))

    # The chart: one step line per mount that can shoot at a flier, with its data.
    lines = {len(s["squares"]): s for s in sources(app, "chance") if "percent" not in s}
    for mount in ("normal", "point_defense"):
        last = moo2.max_squares(mount)
        line = lines[last + 1]
        assert line["squares"] == list(range(last + 1))
        assert line["chance"] == [
            float(moo2.hit_probability(60, defense, s, mount=mount)) for s in range(last + 1)
        ]
    ion = app.page.locator("[data-testid='fighter-table'] tbody tr").nth(3)
    expected = [
        str(moo2.fighter_beam_defense(f, 3, trans_dimensional=True, racial_bonus=25,
                                      pilot_bonus=10, helmsman_bonus=5))
        for f in moo2.Fighter
    ]  # fmt: skip
    assert ion.inner_text().split("\t") == ["Ion", *expected]

    # An input change updates the chance; a distance out of range shows beside its input.
    app.set_input("Distance to the target (squares)", 5)
    app.wait_testid(
        "hit-chance", percent(moo2.hit_probability(60, defense, 5, mount="point_defense"))
    )
    shown = app.testid("hit-chance")
    app.set_input("Distance to the target (squares)", 13)
    error = app.page.locator(".rf-input-error", has_text="got 13").first
    error.wait_for(state="visible")
    assert "Distance to the target (squares) must be" in app.text(error)
    assert app.testid("hit-chance") == shown  # the last good result stays
    assert_clean(app, server)
