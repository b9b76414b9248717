"""The MOO2 reference tables page in a real browser, one page load: the tables against rules.moo2,
the trace, and the printed page.
"""

from __future__ import annotations

import re
from typing import Any

from sitetools import AppPage, Server, assert_clean

from rules import moo2
from webapp.pages.moo2.reference import TABLES


def pdf_pages(app: AppPage) -> int:
    """How many pages the page prints on (A4, Chromium's print of the page)."""
    pdf = app.page.pdf(format="A4")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


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
    assert_clean(app, server)
