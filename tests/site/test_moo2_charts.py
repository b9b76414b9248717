"""The MOO2 chart pages in a real browser: shown numbers and charted data against rules.moo2.

One page load per page (a cold start costs ~13 s on a 2-core machine), several checks per load:
the deep link presets the inputs, the figures equal the rules' numbers, each chart holds the
rules' data, an input change updates them, a bad value shows beside its input while the last
result stays, nothing leaves the origin and Python reports no error.
"""

from __future__ import annotations

import math
from typing import Any

from sitetools import FIND_SOURCE, AppPage, Server, assert_clean, source

from rules import moo2
from webapp.formatting import percent


def every_source(app: AppPage) -> list[dict[str, list[Any]]]:
    """The data of every chart source in the document."""
    return list(
        app.page.evaluate(
            """() => { const out = [];
                 for (const m of window.rangefinderDocument.all_models) {
                   if (m.type !== 'ColumnDataSource') continue;
                   const d = m.data instanceof Map ? Object.fromEntries(m.data) : m.data;
                   const o = {};
                   for (const [k, v] of Object.entries(d)) o[k] = Array.from(v);
                   out.push(o); }
                 return out; }"""
        )
    )


def test_range_page_numbers_charts_update_and_error(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=moo2-range&attack=60&defense=20&squares=14&mount=heavy&min_damage=50"
        "&max_damage=100&hef=50"
    )
    shot = {"min_damage": 50, "max_damage": 100, "attack": 60, "defense": 20, "hef": 50}
    tables = {
        f: moo2.range_table(
            shot["min_damage"], shot["max_damage"], shot["attack"], shot["defense"],
            mount="heavy", formula=f, hef=shot["hef"],
        )
        for f in moo2.Formula
    }  # fmt: skip
    classic, simplified = tables["classic"], tables["simplified"]
    assert app.input_labelled("Distance (squares)").input_value() == "14"
    assert app.testid("range-penalty") == str(moo2.range_penalty(14, "heavy"))
    assert app.testid("hit-classic") == percent(classic[14].hit_probability)
    assert app.testid("hit-simplified") == percent(simplified[14].hit_probability)
    means = f"{float(classic[14].mean_damage):.2f} / {float(simplified[14].mean_damage):.2f}"
    assert app.testid("mean-damage") == means

    # Every chart holds the rules' data: the curves of both formulas, the penalty steps of
    # each mount, the range-unit bands of the heavy mount.
    curves = source(app, "classic_mean")
    assert curves["squares"] == list(range(moo2.max_squares("heavy") + 1))
    assert curves["classic"] == [float(r.hit_probability) for r in classic]
    assert curves["simplified"] == [float(r.hit_probability) for r in simplified]
    assert curves["classic_mean"] == [float(r.mean_damage) for r in classic]
    bands = source(app, "label_y")
    assert bands["label"] == [str(b.range_units) for b in moo2.RANGE_BANDS]
    steps = [d["penalty"] for d in every_source(app) if len(d.get("penalty", [])) > 1]
    expected_steps = [
        [moo2.range_penalty(s, mount) for s in range(moo2.max_squares(mount) + 1)]
        for mount in moo2.Mount
    ]
    assert sorted(steps) == sorted(expected_steps)
    current = app.page.locator("[data-testid='range-bands'] tr.rf-current").first.inner_text()
    assert current.split("\t")[:2] == ["2", "10"]  # heavy 10-15 squares: range 2, penalty 10

    # An input change updates figures and charts.
    app.set_input("Distance (squares)", 40)
    app.wait_testid("range-penalty", str(moo2.range_penalty(40, "heavy")))
    assert app.testid("hit-classic") == percent(classic[40].hit_probability)

    # Bad input: the message under the input, the last result kept.
    app.set_input("Distance (squares)", 60)
    error = app.page.locator(".rf-input-error", has_text="got 60").first
    error.wait_for(state="visible")
    assert "Distance (squares) must be an integer in 0..51" in app.text(error)
    assert app.testid("range-penalty") == str(moo2.range_penalty(40, "heavy"))
    assert_clean(app, server)


def test_heatmap_cells_marker_and_formula_switch(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=moo2-heatmap&attack=70&defense=25&squares=5&mount=point_defense&formula=simplified"
    )
    options = {"mount": "point_defense", "formula": "simplified"}
    chance = moo2.hit_probability(70, 25, 5, **options)
    assert app.testid("net-attack") == "+45"
    assert app.testid("hit-chance") == percent(chance)
    assert app.testid("range-penalty") == str(moo2.range_penalty(5, "point_defense"))
    cells = source(app, "fraction")
    width = moo2.max_squares("point_defense") + 1
    assert len(cells["squares"]) == len(set(cells["net"])) * width
    for s, net, fraction in zip(cells["squares"], cells["net"], cells["fraction"], strict=True):
        assert fraction == str(moo2.hit_probability(net, 0, s, **options))
    marker = [d for d in every_source(app) if sorted(d) == ["net", "squares"]]
    assert marker == [{"squares": [5], "net": [45]}]
    table = app.page.locator("[data-testid='heatmap-table'] thead th")
    assert table.count() == 1 + 5  # net attack + the five PD range columns

    # Hovering a cell shows its exact fraction.
    canvas = app.page.locator(".bk-Figure canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    app.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tip = app.page.locator(".bk-tooltip-content").first
    tip.wait_for(state="visible")
    shown = dict(line.split(":\t") for line in tip.inner_text().splitlines())
    at = int(shown["distance"].split()[0]), int(shown["net attack"])
    exact = moo2.hit_probability(at[1], 0, at[0], **options)
    assert shown["chance to hit"] == f"{percent(exact)} ({exact})"

    app.click_option("Classic")
    classic = moo2.hit_probability(70, 25, 5, mount="point_defense")
    app.wait_testid("hit-chance", percent(classic))
    expected = [
        str(moo2.hit_probability(net, 0, s, mount="point_defense"))
        for s, net in zip(cells["squares"], cells["net"], strict=True)
    ]
    app.page.wait_for_function(
        f"() => {{ {FIND_SOURCE} return find('fraction').fraction.join() === {expected!r}.join() }}"
    )
    assert_clean(app, server)


def test_compare_lines_overtaking_and_bad_value(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=moo2-compare&a_attack=50&a_mount=normal&a_co=1&b_attack=50&b_mount=heavy"
        "&b_co=0&a_min_damage=5&a_max_damage=20&b_min_damage=5&b_max_damage=20&defense=60"
        "&squares=9"
    )
    a = moo2.range_table(5, 20, 75, 60, mount="normal")
    b = moo2.range_table(5, 20, 50, 60, mount="heavy")
    assert app.testid("mean-a") == f"{float(a[9].mean_damage):.2f}"
    assert app.testid("mean-b") == f"{float(b[9].mean_damage):.2f}"
    assert app.testid("overtakes") == "4 sq"
    lines = source(app, "a_text")
    assert lines["b"] == [float(r.mean_damage) for r in b]
    assert lines["a"][:25] == [float(r.mean_damage) for r in a]
    assert all(v is None or math.isnan(v) for v in lines["a"][25:])
    assert source(app, "who")["squares"] == [4]
    rows = app.page.locator("[data-testid='compare-table'] tbody tr")
    assert rows.count() == moo2.max_squares("heavy") + 1

    app.set_input("A: ship beam attack (BA)", 100)
    a = moo2.range_table(5, 20, 125, 60, mount="normal")
    app.wait_testid("mean-a", f"{float(a[9].mean_damage):.2f}")

    app.set_input("B: weapon max damage", 2)
    error = app.page.locator(".rf-input-error", has_text="got 2").first
    error.wait_for(state="visible")
    assert "B: weapon max damage must be an integer >= min_damage" in app.text(error)
    assert app.testid("mean-a") == f"{float(a[9].mean_damage):.2f}"
    assert_clean(app, server)
