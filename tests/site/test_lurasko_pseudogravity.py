"""The Lur-Asko pseudogravity page in a real browser, one page load: its numbers against
rules.lurasko called directly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from sitetools import Server, assert_clean

from rules import lurasko


def link(page: str, **inputs: object) -> str:
    return "?" + urlencode({"page": page, **{k: str(v) for k, v in inputs.items()}})


def test_pseudogravity_follows_the_rules(open_app: Any, server: Server) -> None:
    inputs = {"pounds": 100, "inventory": 20, "flying_spd": 3, "weight_fraction": "1/8",
              "points": 50, "silencing1": 4, "silencing2": 4}  # fmt: skip
    app = open_app(link("lurasko-pseudogravity", **inputs))
    fraction = Fraction(1, 8)
    # Source: "two overlapping areas of 4 silencing would create a total effect of 5 silencing"
    silencing = lurasko.combined_silencing([4, 4])
    assert app.testid("silencing") == str(silencing) == "5"
    weight = lurasko.effective_weight(100, 3, inventory=20)
    assert app.testid("effective-weight") == str(weight)
    needed = lurasko.points_needed(100, fraction, flying_spd=3, inventory=20, silencing=5)
    assert needed == Fraction(195, 2)
    assert app.testid("points-needed") == "98"  # the fewest whole points reaching 97.5
    assert app.testid("effective-points") == str(lurasko.effective_points(50, silencing))
    enough = lurasko.can_affect(50, 100, fraction, flying_spd=3, inventory=20, silencing=5)
    assert app.testid("can-affect") == ("yes" if enough else "no")
    assert app.page.get_by_text("The rules give no number here").first.is_visible()

    app.set_input("Silencing area 2 (0 = none)", 0)
    app.wait_testid("silencing", "4")
    needed = lurasko.points_needed(100, fraction, flying_spd=3, inventory=20, silencing=4)
    assert app.testid("points-needed") == str(needed)
    app.set_input("Points per pound of weight", "abc")
    error = app.page.locator(".rf-input-error", has_text="Ability or device) must be").first
    error.wait_for(state="visible")
    assert app.testid("points-needed") == str(needed)
    app.set_input("Points per pound of weight", "0.25")
    quarter = lurasko.points_needed(100, Fraction(1, 4), flying_spd=3, inventory=20, silencing=4)
    app.wait_testid("points-needed", str(quarter))
    assert_clean(app, server)
