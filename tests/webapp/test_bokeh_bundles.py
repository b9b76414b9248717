"""The site ships BokehJS's main and widgets bundles, not its tables bundle
(``sitebuild.BOKEH_JS``): no page may put a model in a document that only the tables bundle
can draw (BokehJS would fail to find its type and draw nothing)."""

from __future__ import annotations

from typing import Any

import panel as pn
from bokeh.document import Document

import sitebuild
from webapp.app import App
from webapp.components import groups_in
from webapp.pages import PAGES

TABLES_MODULE = "bokeh.models.widgets.tables"
"""Where Bokeh defines the models whose views are in ``bokeh-tables.min.js`` (DataTable,
TableColumn, the cell formatters and editors; Panel's DataFrame widget is a DataTable)."""


def unfolded_models(view: Any) -> set[Any]:
    """The Bokeh models of ``view`` with every folded group of inputs unfolded."""
    layout = view.__panel__()
    for group in groups_in(layout):
        group.collapsed = False
    return set(layout.get_root(Document()).references())


def test_the_tables_bundle_is_not_shipped() -> None:
    assert "bokeh-tables.min.js" not in sitebuild.BOKEH_JS
    assert {"bokeh.min.js", "bokeh-widgets.min.js"} <= set(sitebuild.BOKEH_JS)


def test_no_page_uses_a_model_of_bokehs_tables_bundle() -> None:
    table = pn.widgets.DataFrame(value=None)  # the check sees a table where there is one
    assert {type(m).__module__ for m in table.get_root(Document()).references()} & {TABLES_MODULE}
    seen = 0
    for page in [*(page.factory for page in PAGES), App]:
        models = unfolded_models(page())
        seen += len(models)
        assert [type(m).__name__ for m in models if type(m).__module__ == TABLES_MODULE] == []
    assert seen > 1000
