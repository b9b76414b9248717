"""The MOO2 targeting arcs page in a real browser, one page load: a typed bearing and a tap on the
chart, against rules.moo2.
"""

from __future__ import annotations

from typing import Any

from sitetools import Server, assert_clean, sources

from rules import moo2


def test_targeting_arcs_input_and_tap(open_app: Any, server: Server) -> None:
    app = open_app("?page=moo2-arcs&bearing=135&arc=forward_extended")
    assert app.testid("quadrant") == "Backward" == str(moo2.quadrant(135).value).capitalize()
    firing = [arc for arc in moo2.Arc if moo2.in_arc(arc, 135)]
    assert app.testid("arcs-firing") == f"{len(firing)} of {len(moo2.Arc)}"
    assert app.testid("your-arc") == "cannot fire"  # Forward Extended: not backward (SOURCES)
    rings = sources(app, "inner")
    assert any(len(r["inner"]) == sum(map(len, moo2.ARC_QUADRANTS.values())) for r in rings)

    # A tap right of the ship sets a bearing in the right quadrant.
    canvas = app.page.locator(".bk-Figure").last
    box = canvas.bounding_box()
    assert box is not None
    canvas.click(position={"x": box["width"] * 0.85, "y": box["height"] * 0.55})
    app.wait_testid("quadrant", "Right")
    app.page.wait_for_function("() => !window.location.search.includes('bearing=135')")
    box_value = app.input_labelled("Bearing of the target")
    app.page.wait_for_function(
        "(el) => el.value !== '135'", arg=box_value.element_handle(), timeout=15_000
    )
    bearing = float(box_value.input_value())
    assert moo2.quadrant(bearing) is moo2.Quadrant.RIGHT
    assert f"bearing={box_value.input_value()}" in app.page.evaluate("window.location.search")
    assert app.testid("your-arc") == "fires"
    assert_clean(app, server)
