"""Charts: Bokeh figures in Rangefinder's themes, the bar chart of a distribution (alone, or
with the table of its data), and data replaced only when it changed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from webapp.components.panes import chart_table_html, html_pane
from webapp.formatting import percent
from webapp.theme import THEMES

__all__ = ["BarChart", "ChartWithTable", "set_data", "style_figure"]


def style_figure(fig: figure, theme: str) -> None:
    """Colour ``fig`` (background, text, grid, legend) for ``theme`` ("light" or "dark")."""
    colours = THEMES[theme]
    fig.background_fill_color = colours["background"]
    fig.border_fill_color = colours["background"]
    fig.outline_line_color = colours["grid"]
    fig.title.text_color = colours["text"]
    for axis in (*fig.xaxis, *fig.yaxis):
        axis.axis_label_text_color = colours["text"]
        axis.major_label_text_color = colours["text"]
        axis.axis_line_color = colours["muted"]
        axis.major_tick_line_color = colours["muted"]
        axis.minor_tick_line_color = None
    for grid in (*fig.xgrid, *fig.ygrid):
        grid.grid_line_color = colours["grid"]
    for legend in fig.legend:
        legend.background_fill_color = colours["background"]
        legend.background_fill_alpha = 0.85
        legend.label_text_color = colours["text"]
        legend.border_line_color = colours["grid"]


class BarChart:
    """A bar chart of a distribution whose data is replaced (never the figure) on each render."""

    def __init__(self, title: str, x_label: str, *, categorical: bool = False) -> None:
        self.source = ColumnDataSource(
            {"x": [], "probability": [], "percent": [], "label": [], "color": []}
        )
        options: dict[str, Any] = {"x_range": []} if categorical else {}
        self.figure = figure(
            height=250, width=320, min_width=200, sizing_mode="stretch_width", title=title,
            x_axis_label=x_label, y_axis_label="probability", toolbar_location=None, tools="",
            **options,
        )  # fmt: skip
        bars = self.figure.vbar(
            x="x", top="probability", width=0.8, color="color", source=self.source
        )
        self.figure.add_tools(
            HoverTool(tooltips=[("", "@label"), ("chance", "@percent")], renderers=[bars])
        )
        self.figure.y_range.start = 0
        self.categorical = categorical

    def show[K](
        self,
        distribution: Mapping[K, Fraction] | None,
        *,
        theme: str,
        label: Callable[[K], str] = str,
        colour: Callable[[K], str] = lambda _k: "accent",
        x: Callable[[K], Any] = lambda k: k,
        title: str | None = None,
    ) -> None:
        """Show ``distribution`` (``None``: no bars); ``colour`` names a theme colour."""
        colours = THEMES[theme]
        keys = list(distribution or {})
        data = {
            "x": [x(k) for k in keys],
            "probability": [float(distribution[k]) for k in keys] if distribution else [],
            "percent": [percent(distribution[k]) for k in keys] if distribution else [],
            "label": [label(k) for k in keys],
            "color": [colours[colour(k)] for k in keys],
        }
        if self.categorical:
            self.figure.x_range.factors = [str(v) for v in data["x"]]
        set_data(self.source, data)
        if title is not None:
            self.figure.title.text = title


class ChartWithTable:
    """A bar chart of a distribution (:class:`BarChart`) and the pane of the table of its
    data (its text alternative), made together.

    :meth:`webapp.pages.view.PageView.chart_and_table` puts the two in the page together
    (``view=chart`` shows them alone); on each render, :meth:`show` draws the distribution
    and :meth:`show_table` fills the table."""

    def __init__(self, title: str, x_label: str, *, categorical: bool = False) -> None:
        self.chart = BarChart(title, x_label, categorical=categorical)
        self.figure = self.chart.figure
        self.source = self.chart.source
        self.table = html_pane()

    def show(self, distribution: Mapping[Any, Fraction] | None, **kw: Any) -> None:
        """Draw ``distribution`` (``kw``: :meth:`BarChart.show`'s)."""
        self.chart.show(distribution, **kw)

    def show_table(
        self, caption: str, header: Sequence[str], rows: Iterable[Sequence[str]], **kw: Any
    ) -> None:
        """Fill the table (:func:`~webapp.components.panes.chart_table_html`'s arguments)."""
        self.table.object = chart_table_html(caption, header, rows, **kw)


def _same(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are the same plain data, down to each value's type (``1`` is
    not ``True`` nor ``1.0`` here); anything but lists, dicts, strings, numbers and None is
    never the same."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if type(a) is not type(b) or not isinstance(a, str | int | float | type(None)):
        return False
    return a == b


def set_data(source: ColumnDataSource, data: dict[str, list[Any]]) -> bool:
    """Give ``source`` the columns ``data``, unless it holds exactly these already; whether
    it changed.

    Bokeh sends a source's whole data to the page on every assignment, even of equal data,
    and the page redraws its chart: a chart whose data does not depend on the input just
    edited costs nothing this way."""
    if _same(dict(source.data), data):
        return False
    source.data = data
    return True
