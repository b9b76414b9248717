"""The MOO2 tool pages in a real browser: missiles and fighters, targeting arcs, the reference
tables (printed too) and the shot page's "Roll it", shown numbers against rules.moo2.

One page load per test (each costs ~13 s on a 2-core machine), several checks per load.
"""

from __future__ import annotations

import random
import re
from typing import Any

from sitetools import AppPage, Server

from rules import moo2
from webapp.formatting import percent
from webapp.pages.moo2.reference import TABLES

SOURCE_DATA = """(key) => {
  const out = [];
  for (const model of window.rangefinderDocument.all_models) {
    if (model.type !== 'ColumnDataSource') continue;
    const data = model.data instanceof Map ? Object.fromEntries(model.data) : model.data;
    if (!(key in data)) continue;
    const copy = {};
    for (const [name, column] of Object.entries(data)) copy[name] = Array.from(column);
    out.push(copy);
  }
  return out;
}"""
"""JS: the columns of every ColumnDataSource of the document that has a column ``key``."""


def sources(app: AppPage, key: str) -> list[dict[str, list[Any]]]:
    return list(app.page.evaluate(SOURCE_DATA, key))


def clean(app: AppPage, server: Server) -> None:
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


def pdf_pages(app: AppPage) -> int:
    """How many pages the page prints on (A4, Chromium's print of the page)."""
    pdf = app.page.pdf(format="A4")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


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
    clean(app, server)


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
    clean(app, server)


def test_reference_tables_trace_and_print(open_app: Any, server: Server) -> None:
    app = open_app("?page=moo2-reference&embed=1")
    rows = app.page.locator("[data-testid='ref-range'] tbody tr")
    assert rows.count() == len(moo2.RANGE_BANDS)
    last = rows.nth(len(moo2.RANGE_BANDS) - 1)
    band = moo2.RANGE_BANDS[-1]
    assert last.inner_text().split("\t")[-1] == str(band.penalty)
    title = last.locator("td").last.get_attribute("title")
    assert title is not None and "moo2.RANGE_BANDS[8].penalty" in title
    assert "Range Penalty to Accuracy" in title
    death_ray = app.page.locator("[data-testid='ref-damage'] tbody tr").nth(4)
    low, high = moo2.damage_potential(50, 100, moo2.RANGE_BANDS[4].normal_squares[0])
    assert death_ray.inner_text().split("\t")[-1] == f"{low}-{high}"

    # Printed: one table per page, no navigation (embed mode), no inputs.
    assert pdf_pages(app) == len(TABLES)
    group = app.page.locator(".bk-input-group").filter(
        has=app.page.locator("label", has_text="Table to show")
    )
    group.locator("select").select_option(label="Targeting arcs")
    app.wait_testid("tables-shown", "1")
    app.page.locator("[data-testid='ref-range']").wait_for(state="detached")
    assert app.page.locator("[data-testid='ref-arcs']").count() == 1
    assert pdf_pages(app) == 1
    app.page.wait_for_function("() => window.location.search.includes('table=arcs')")
    clean(app, server)


def test_shot_roll_it(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=moo2-shot&attack=10&defense=0&squares=11&min_damage=50&max_damage=100&seed=7"
    )
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.locator("[data-testid='roll-steps']").first.wait_for()
    roll = random.Random(7).randint(1, moo2.D100)
    damage = moo2.shot_damage(50, 100, 10, 0, 11, roll)
    rule = moo2.hit_rule(10, 0, 11, roll)
    steps = app.testid("roll-steps")
    assert f"Roll d100: {roll}." in steps and f"Damage: {damage}." in steps
    assert f"hit threshold {moo2.hit_threshold(11)}" in steps
    outcome = f"hit, {damage} damage" if rule is not None else "miss"
    assert app.testid("roll-log") == f"seed 7: roll {roll}, {outcome}"
    app.page.wait_for_function("() => window.location.search.includes('seed=8')")
    assert app.input_labelled("Seed of the next roll").input_value() == "8"

    # A second roll goes on top of the log.
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.wait_for_function("() => window.location.search.includes('seed=9')")
    second = random.Random(8).randint(1, moo2.D100)
    app.wait_testid(
        "roll-log",
        f"seed 8: roll {second}, "
        + (
            f"hit, {moo2.shot_damage(50, 100, 10, 0, 11, second)} damage"
            if moo2.hit_rule(10, 0, 11, second) is not None
            else "miss"
        )
        + f"\nseed 7: roll {roll}, {outcome}",
    )
    clean(app, server)
