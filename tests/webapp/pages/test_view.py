"""The link's ``view=`` option: one part of a page alone, for a small embed (headless)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from webapp.app import HOME, VIEWS, App
from webapp.pages import PAGES, Page
from webapp.pages.view import CHART_VIEW_HEIGHT

pages = pytest.mark.parametrize("page", PAGES, ids=[p.slug for p in PAGES])


def visible_leaves(obj: Any) -> list[Any]:
    """The shown panes of a layout: what is visible, with every container above it visible."""
    if not obj.visible:
        return []
    children = getattr(obj, "objects", None)
    if children is None:
        return [obj]
    return [leaf for child in children for leaf in visible_leaves(child)]


@pages
def test_view_result_shows_only_the_key_figures(page: Page) -> None:
    app = App()
    app.apply_search(f"?page={page.slug}&view=result&embed=1")
    view = app.view_of(page.slug)
    assert (app.view, app.notice) == ("result", "")
    assert visible_leaves(view.__panel__()) == [view._summary]
    assert "rf-figure" in view._summary.object
    assert "rf-view-result" in view.__panel__().css_classes
    assert app.query()["view"] == "result"


@pages
def test_view_chart_shows_only_the_first_chart_and_its_table(page: Page) -> None:
    app = App()
    app.apply_search(f"?page={page.slug}&view=chart")
    view = app.view_of(page.slug)
    if not view._chart_panes:
        assert app.view == "full"
        assert "this page has no chart to show alone (view=chart)" in app.notice
        assert view._inputs.visible and view._summary.visible
        return
    assert (app.view, app.notice) == ("chart", "")
    shown = visible_leaves(view.__panel__())
    assert shown[0] is view._chart_panes[0]
    assert all(p not in shown for p in view._chart_panes[1:])
    fig = shown[0].object
    if fig.sizing_mode == "scale_width":
        assert fig.max_width * fig.height / fig.width <= CHART_VIEW_HEIGHT
    else:
        assert fig.height <= CHART_VIEW_HEIGHT
    assert fig.margin == (0, 5)
    # The chart's own data table with it (its text alternative), if it has one, and nothing else.
    table = view._chart_tables.get(id(view._chart_panes[0]))
    assert shown == [view._chart_panes[0]] + ([table] if table is not None else [])
    if table is not None:
        assert "rf-chart-table" in table.object


@pages
def test_the_whole_page_again_restores_what_the_view_hid(page: Page) -> None:
    app = App()
    app.apply_search(f"?page={page.slug}")
    view = app.view_of(page.slug)
    before = [id(leaf) for leaf in visible_leaves(view.__panel__())]
    sizes = [(f.height, f.max_width, f.margin) for f in view._charts]
    for part in ("chart", "result", "full"):
        app.view = part
    assert [id(leaf) for leaf in visible_leaves(view.__panel__())] == before
    assert [(f.height, f.max_width, f.margin) for f in view._charts] == sizes
    assert "view" not in app.query()


def test_a_view_link_round_trips_with_its_inputs() -> None:
    first = App()
    first.apply_search("?page=moo2-shot&squares=14&mount=heavy&view=chart&embed=1")
    second = App()
    second.apply_search("?" + urlencode(first.query()))
    assert second.query() == first.query()
    assert (second.view, second.view_of("moo2-shot").model.squares) == ("chart", 14)


@pytest.mark.parametrize(
    ("search", "named"),
    [
        ("?page=moo2-shot&view=table", "there is no view 'table' (the views are result, chart)"),
        ("?page=moo2-shot&view=", "there is no view ''"),
        ("?view=result", "this page has no key figures to show alone (view=result)"),
    ],
)
def test_a_malformed_view_shows_the_whole_page_with_a_notice(search: str, named: str) -> None:
    app = App()
    app.apply_search(search)
    assert app.view == "full"
    assert app.notice.startswith("This link could not be used as it was, so the whole page")
    assert named in app.notice
    assert "view" not in app.query()


def test_a_malformed_view_keeps_the_link_inputs_and_both_problems_are_named() -> None:
    app = App()
    app.apply_search("?page=moo2-shot&squares=14&view=nope")
    assert app.view_of("moo2-shot").model.squares == 14  # the inputs were fine: kept
    app = App()
    app.apply_search("?page=moo2-shot&squares=abc&view=nope")
    assert "shows its defaults: Distance (squares)" in app.notice
    assert "; and the whole page is shown: there is no view 'nope'" in app.notice


def test_navigating_shows_the_next_page_whole() -> None:
    app = App()
    app.apply_search("?page=moo2-shot&view=result")
    app._go("cepheus-check")
    assert app.view == "full" and "view" not in app.query()
    view = app.view_of("cepheus-check")
    assert view._inputs.visible and view._details.visible
    assert app.page != HOME and set(VIEWS) == {"full", "result", "chart"}
