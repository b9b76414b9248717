"""The charts (``webapp/components/charts.py``): a bar chart with the table of its data."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bokeh.plotting import figure

from webapp.app import App
from webapp.components import ChartWithTable
from webapp.pages.cepheus.grappling import CepheusGrapplingView


def test_a_chart_with_its_table_draws_the_distribution_and_fills_the_table() -> None:
    chart = ChartWithTable("Damage", "damage")
    assert chart.figure is chart.chart.figure and chart.source is chart.chart.source
    assert chart.table.object == ""
    chart.show({0: Fraction(1, 4), 3: Fraction(3, 4)}, theme="light", title="Damage now")
    assert chart.source.data["x"] == [0, 3]
    assert chart.source.data["probability"] == [0.25, 0.75]
    assert chart.figure.title.text == "Damage now"
    chart.show_table("Damage now", ["Damage", "Chance"], [["0", "25%"], ["3", "75%"]])
    assert "rf-chart-table" in chart.table.object
    assert "<caption>Damage now</caption>" in chart.table.object.replace("\n", "")


def test_the_page_puts_the_chart_and_its_own_table_together() -> None:
    """``chart_and_table`` of a ChartWithTable: its figure's pane, then its table, recorded as
    the pair that ``view=chart`` shows (the grappling page's two charts)."""
    app = App()
    app.apply_search("?page=cepheus-grappling")
    view = app.view_of("cepheus-grappling")
    assert isinstance(view, CepheusGrapplingView)
    charts = (view._effect_chart, view._damage_chart)
    panes = view._chart_panes
    assert [pane.object for pane in panes] == [c.figure for c in charts]
    assert [view._chart_tables[id(pane)] for pane in panes] == [c.table for c in charts]
    assert all("rf-chart-table" in c.table.object for c in charts)


def test_a_bare_figure_needs_its_table() -> None:
    app = App()
    app.apply_search("?page=cepheus-grappling")
    view = app.view_of("cepheus-grappling")
    with pytest.raises(TypeError, match="table"):
        view.chart_and_table(figure())
