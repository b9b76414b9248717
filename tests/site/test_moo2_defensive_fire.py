"""The MOO2 Defensive Fire page in a real browser (the built offline site), one page load:
a deep link with a path and a typed table, in embed mode, shows the rules' numbers; a click on
the grid adds a square to the path, and the link follows."""

from __future__ import annotations

from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import expect
from sitetools import AppPage, Server, source

from rules import moo2
from webapp.formatting import percent
from webapp.pages.moo2.defensive_fire import parse_path, tapped_path

PATH_LABEL = "Enemy path (squares it enters)"
TABLE_LABEL = "Classic table: % by squares beyond the DFR"


def grid(app: AppPage) -> dict[str, list[Any]]:
    return source(app, "exact")


def test_deep_link_embed_table_and_a_click_on_the_grid(open_app: Any, server: Server) -> None:
    inputs = {"size": 8, "ship_x": 1, "ship_y": 1, "start_x": 7, "start_y": 6,
              "path": "6,5 5,4 4,3", "dfr": 1, "table": "1:90 2:75 3:50"}  # fmt: skip
    app = open_app("?" + urlencode({"page": "moo2-defensive-fire", "embed": 1, **inputs}))
    assert app.page.locator("html").get_attribute("data-embed") == "true"
    assert not app.page.get_by_text("All calculators").first.is_visible()
    assert app.input_labelled(PATH_LABEL).input_value() == "6,5 5,4 4,3"
    assert app.input_labelled(TABLE_LABEL).input_value() == "1:90 2:75 3:50"

    table = {1: Fraction(9, 10), 2: Fraction(3, 4), 3: Fraction(1, 2)}  # an example table
    ship, start = (1, 1), (7, 6)

    def expected(path: tuple[tuple[int, int], ...]) -> tuple[Fraction, ...]:
        distances = moo2.path_distances(ship, path)
        return moo2.defensive_fire_path_chances(distances, 1, table)

    path = ((6, 5), (5, 4), (4, 3))
    chances = expected(path)
    assert app.testid("path-chance") == percent(moo2.defensive_fire_path_probability(chances))
    assert app.testid("dfr") == "1 sq"
    assert app.testid("certain-at") == "never"
    assert app.page.locator("[data-testid='path-table'] tbody tr").count() == 3
    assert "NOT included" in app.page.locator("[data-testid='chance-table']").first.inner_text()
    cells = grid(app)
    assert len(cells["x"]) == 64
    for x, y, exact in zip(cells["x"], cells["y"], cells["exact"], strict=True):
        distance = moo2.grid_distance(ship, (x, y))
        assert exact == str(moo2.defensive_fire_chance(distance, 1, table))

    # A click on the grid (at its centre, left of the path's end) extends the path to it.
    canvas = app.page.locator(".bk-Figure").first
    box = canvas.bounding_box()
    assert box is not None
    canvas.click(position={"x": box["width"] * 0.45, "y": box["height"] * 0.6})
    # The link and the text input follow the click separately: wait for both (the input had
    # been read between the two once, on a loaded CI machine).
    app.page.wait_for_function(
        "() => !new URLSearchParams(window.location.search).get('path').endsWith('4,3')"
    )
    expect(app.input_labelled(PATH_LABEL)).not_to_have_value("6,5 5,4 4,3", timeout=15_000)
    typed = app.input_labelled(PATH_LABEL).input_value()
    longer = parse_path(typed, start, 8)
    assert len(longer) > len(path) and longer[: len(path)] == path
    assert longer == tapped_path(path, start, longer[-1], 8)
    probability = moo2.defensive_fire_path_probability(expected(longer))
    app.wait_testid("path-chance", percent(probability))
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []
