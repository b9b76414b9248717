"""What the Cepheus Engine pages share: choice labels, error attribution, tables, bar charts.

Private to :mod:`webapp.pages.cepheus` (the shared ``webapp`` modules stay untouched). Every
number still comes from :mod:`rules.cepheus`; this module only formats.
"""

from __future__ import annotations

import enum
import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import panel as pn
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from rules.dice import Distribution
from webapp.components import input_field, page_row
from webapp.formatting import percent
from webapp.pages.base import Calculator
from webapp.styles import RESULT_CSS
from webapp.theme import THEMES

__all__ = [
    "PANE_CSS",
    "TABLE_CSS",
    "BarChart",
    "CepheusCalculator",
    "attributed",
    "choices",
    "fields",
    "finite",
    "flexible",
    "group",
    "html_pane",
    "html_table",
    "inputs_column",
    "mean_text",
    "note",
    "outputs_column",
    "page_row",
    "renamed",
    "signed",
    "spell",
    "whole_squares",
]


def spell(member: enum.Enum) -> str:
    """A member's name as the rulebook writes it: its ``label`` if it has one, else its value.

    >>> from rules.cepheus import Stance, WeaponType
    >>> spell(WeaponType.ASSAULT_WEAPON), spell(Stance.PRONE)
    ('Assault Weapon', 'Prone')
    """
    label = getattr(member, "label", None)
    if isinstance(label, str):
        return label
    return str(member.value).replace("_", " ").capitalize()


def choices[E: enum.Enum](
    enum_type: type[E], labels: Mapping[E, str] | None = None
) -> dict[str, str]:
    """``param.Selector`` objects for an enum of :mod:`rules`: shown label -> value.

    The values (the deep-link text) are the enum's own values; ``labels`` overrides the
    label of some members.

    >>> from rules.cepheus import Reaction
    >>> choices(Reaction, {Reaction.NONE: "No reaction"})
    {'No reaction': 'none', 'Dodge': 'dodge', 'Parry': 'parry'}
    """
    labels = labels or {}
    return {labels.get(member, spell(member)): str(member.value) for member in enum_type}


def signed(value: int) -> str:
    """A DM as the rulebook prints it: ``+2``, ``+0``, ``-1``.

    >>> signed(2), signed(0), signed(-1)
    ('+2', '+0', '-1')
    """
    return f"{value:+d}"


def _first_word(message: str) -> str:
    return message.split(" ", 1)[0].rstrip(":")


def renamed[T](compute: Callable[[], T], inputs: Mapping[str, str]) -> T:
    """Run ``compute``; a ``ValueError`` whose message starts with a key of ``inputs`` (a rule's
    parameter) is re-raised as ``"<input>: <message>"`` so the page shows it under that input.

    The page shows an error under the input its message starts with; rules name their own
    parameters, which a page input sometimes feeds under another name.

    >>> from rules.cepheus import range_band
    >>> renamed(lambda: range_band(-1), {"squares": "distance"})
    Traceback (most recent call last):
    ...
    ValueError: distance: squares must be an integer >= 0, got -1
    """
    try:
        return compute()
    except ValueError as error:
        message = str(error)
        target = inputs.get(_first_word(message))
        if target is None:
            raise
        raise ValueError(f"{target}: {message}") from error


def attributed[T](name: str, compute: Callable[[], T]) -> T:
    """Run ``compute``; any ``ValueError`` is blamed on input ``name`` (see :func:`renamed`).

    >>> from rules.cepheus import characteristic_dm
    >>> attributed("dexterity", lambda: characteristic_dm(-1))
    Traceback (most recent call last):
    ...
    ValueError: dexterity: score must be an integer >= 0, got -1
    """
    try:
        return compute()
    except ValueError as error:
        message = str(error)
        if _first_word(message) == name:
            raise
        raise ValueError(f"{name}: {message}") from error


def finite(name: str, value: object) -> Fraction:
    """A typed decimal (a float from a number box) as the exact decimal the user typed.

    ``12.1`` is read as 121/10, not as the binary float nearest to it, so the page and the
    rulebook agree at band edges. ValueError (naming ``name``) for anything but a finite number.

    >>> finite("distance", 50.1), finite("distance", 3)
    (Fraction(501, 10), Fraction(3, 1))
    """
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ValueError(f"{name} must be a number, got {value!r}")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, got {value!r}")
        return Fraction(repr(value))
    return Fraction(value)


def whole_squares(name: str, value: Fraction) -> int:
    """A distance in squares as a whole number; ValueError naming ``name`` otherwise.

    >>> whole_squares("distance", Fraction(20))
    20
    """
    if value.denominator != 1:
        raise ValueError(
            f"{name} must be a whole number of squares (or choose metres), got {float(value):g}"
        )
    return int(value)


class CepheusCalculator(Calculator):
    """Base of the Cepheus page models (the shared behaviour is in :class:`Calculator`)."""


# --- Layout pieces ---------------------------------------------------------------------------

TABLE_CSS = """
.rf-table { border-collapse: collapse; width: 100%; font-size: 0.92rem;
  font-variant-numeric: tabular-nums; color: var(--rf-text, #1d2733); }
.rf-table caption { text-align: left; font-weight: 650; padding: 0.25rem 0; }
.rf-table th, .rf-table td { padding: 0.25rem 0.5rem; text-align: left; vertical-align: top;
  border-bottom: 1px solid var(--rf-border, #d9dee5); }
.rf-table th { color: var(--rf-muted, #5b6878); font-weight: 600; }
.rf-table .rf-num { text-align: right; white-space: nowrap; }
.rf-table tr.rf-total td { font-weight: 700; border-top: 2px solid var(--rf-muted, #5b6878);
  border-bottom: none; }
.rf-table tr.rf-current td { background: rgba(90, 169, 230, 0.18); font-weight: 650; }
.rf-log { margin: 0; padding: 0.5rem 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere;
  font-size: 0.85rem; line-height: 1.45; border: 1px solid var(--rf-border, #d9dee5);
  border-radius: 6px; background: var(--rf-surface, #fff); color: var(--rf-text, #1d2733); }
@media (max-width: 560px) {
  .rf-figures { gap: 0.5rem; }
  .rf-figure { min-width: 0; flex: 1 1 40%; padding: 0.4rem 0.6rem; }
  .rf-big { font-size: 1.5rem; }
  .rf-table { font-size: 0.85rem; }
  .rf-table th, .rf-table td { padding: 0.2rem 0.3rem; }
}
.rf-warn { margin: 0.25rem 0; padding: 0.4rem 0.6rem; border-left: 4px solid #d9822b;
  background: rgba(217, 130, 43, 0.12); color: var(--rf-text, #1d2733); }
"""
"""Tables (``rf-table``), the roll log (``rf-log``) and warnings (``rf-warn``) in HTML panes."""

PANE_CSS = [RESULT_CSS, TABLE_CSS]
"""Stylesheets for every HTML pane of these pages."""


def html_pane(**kw: Any) -> pn.pane.HTML:
    """An HTML pane with the result, table and log styles."""
    kw.setdefault("sizing_mode", "stretch_width")
    return pn.pane.HTML(stylesheets=PANE_CSS, **kw)


def html_table(
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    numeric: Iterable[int] = (),
    current: Callable[[int], bool] = lambda _i: False,
    total: Sequence[str] | None = None,
    testid: str = "",
    row_testids: Sequence[str] = (),
) -> str:
    """An escaped HTML table; ``numeric`` columns are right-aligned, ``current`` rows marked.

    >>> html_table(["DM"], [["+1"]], numeric=[0])  # doctest: +ELLIPSIS
    "<table class='rf-table'><thead><tr><th class='rf-num'>DM</th>...<td class='rf-num'>+1</td>..."
    """
    right = set(numeric)

    def cell(tag: str, column: int, text: str) -> str:
        css = " class='rf-num'" if column in right else ""
        return f"<{tag}{css}>{html.escape(text)}</{tag}>"

    head = "".join(cell("th", i, text) for i, text in enumerate(header))
    body = []
    for index, row in enumerate(rows):
        attributes = " class='rf-current'" if current(index) else ""
        if index < len(row_testids):
            attributes += f" data-testid='{html.escape(row_testids[index])}'"
        body.append(
            f"<tr{attributes}>" + "".join(cell("td", i, t) for i, t in enumerate(row)) + "</tr>"
        )
    if total is not None:
        body.append(
            "<tr class='rf-total'>"
            + "".join(cell("td", i, t) for i, t in enumerate(total))
            + "</tr>"
        )
    tid = f" data-testid='{html.escape(testid)}'" if testid else ""
    return (
        f"<table class='rf-table'{tid}><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def note(text: str) -> pn.pane.Markdown:
    """A short explanatory note in muted text (where the source leaves a number to the table)."""
    return pn.pane.Markdown(
        text,
        sizing_mode="stretch_width",
        margin=(0, 10, 5, 10),
        styles={"color": "var(--rf-muted)", "font-size": "0.85rem"},
    )


def fields(model: Calculator, *names: str) -> list[pn.Column]:
    """The input fields (widget + error line) of ``names``."""
    return [input_field(model, name) for name in names]


def inputs_column(*objects: Any) -> pn.Column:
    """The left column of a page: inputs, at most 400 px wide, full width on a phone.

    No ``min_width``: a Bokeh row takes the sum of its children's minimum widths as its own,
    wrapping or not, which would make a phone scroll sideways; CSS flex sizes the columns."""
    return pn.Column(
        *objects,
        max_width=400,
        sizing_mode="stretch_width",
        styles={"flex": "1 1 320px", "min-width": "0"},
    )


def outputs_column(*objects: Any) -> pn.Column:
    """The right column of a page: results and charts."""
    return pn.Column(
        *objects, sizing_mode="stretch_width", styles={"flex": "1 1 420px", "min-width": "0"}
    )


def flexible(item: Any, basis: int, *, grow: int = 1) -> pn.Column:
    """``item`` as a flex child ``basis`` px wide that may grow and shrink (no fixed width: a
    fixed width inside a wrapping row adds to the row's minimum and can make a phone scroll)."""
    return pn.Column(
        item,
        sizing_mode="stretch_width",
        margin=0,
        styles={"flex": f"{grow} 1 {basis}px", "min-width": "0"},
    )


def group(title: str, *objects: Any, collapsed: bool = True) -> pn.Card:
    """A collapsible group of inputs."""
    return pn.Card(
        *objects, title=title, collapsed=collapsed, sizing_mode="stretch_width", margin=(4, 5)
    )


# --- Charts ----------------------------------------------------------------------------------


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
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width")

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
        self.source.data = data
        if title is not None:
            self.figure.title.text = title


def mean_text(distribution: Distribution[int]) -> tuple[str, str]:
    """(``"7.50"``, ``"15/2"``): a mean for a result figure, rounded and exact."""
    mean = distribution.mean()
    return f"{float(mean):.2f}", str(mean)
