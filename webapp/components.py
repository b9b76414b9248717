"""What every page shares: the page layout, input fields with their errors, number cards,
tables, step lists, notes, bar charts and the words for choices.

Pages build their widgets from the model's parameters with :func:`input_field`, so bounds,
choices and labels come from one place, and a rule's ``ValueError`` about an input is shown
right under that input, worded with its label (the model keeps its last good result
meanwhile). Nothing here is a rule: every number a page shows comes from :mod:`rules`.
"""

from __future__ import annotations

import enum
import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from rules.dice import Distribution
from webapp.formatting import percent
from webapp.styles import INPUT_CSS, LAYOUT_CSS, PANE_CSS
from webapp.theme import THEMES

if TYPE_CHECKING:
    from webapp.pages.base import Calculator

__all__ = [
    "AttributedHTML",
    "AttributedRow",
    "BarChart",
    "ChoiceButtons",
    "Field",
    "Figure",
    "Group",
    "Later",
    "LaterColumn",
    "LaterRow",
    "LazyField",
    "ShownLater",
    "TextAlert",
    "TextLabel",
    "chart_table_html",
    "choices",
    "details_column",
    "figures_html",
    "general_error",
    "group",
    "groups_in",
    "heading",
    "html_pane",
    "html_table",
    "input_field",
    "inputs_column",
    "inputs_in",
    "mean_text",
    "note",
    "note_html",
    "page_layout",
    "row",
    "set_data",
    "signed",
    "spell",
    "summary_pane",
]


# --- Words -----------------------------------------------------------------------------------


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
    enum_type: type[E] | Iterable[E], labels: Mapping[E, str] | None = None
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


def mean_text(distribution: Distribution[int]) -> tuple[str, str]:
    """(``"7.50"``, ``"15/2"``): a mean for a result figure, rounded and exact."""
    mean = distribution.mean()
    return f"{float(mean):.2f}", str(mean)


# --- HTML attributes -------------------------------------------------------------------------


class _HtmlAttributes(param.Parameterized):
    """Bokeh's ``html_attributes`` (attributes of a component's own element: ARIA roles,
    names, live regions), which Panel does not expose: a parameter of that name is synced to
    the model property of the same name."""

    html_attributes = param.Dict(default={}, doc="HTML attributes of the component's element.")


class AttributedHTML(pn.pane.HTML, _HtmlAttributes):
    """An HTML pane whose own element carries ``html_attributes`` (e.g. ``aria-live``)."""


class AttributedRow(pn.Row, _HtmlAttributes):
    """A row whose own element carries ``html_attributes`` (e.g. ``role="navigation"``)."""


class ShownLater:
    """A layout (mixed in before it) whose contents are put in when it is first drawn while
    visible, or first made visible.

    For what a page hides at start (the navigation of an embed, a section that only some
    inputs show): hidden, it is drawn empty, so none of its contents' Bokeh models is built,
    sent or drawn, and nothing of it shows either way. What it holds is made (Panel objects,
    or :class:`Later` ones, made then) and put in the first time it is shown, in one change
    of the layout, which was empty. :meth:`contents` gives them either way."""

    def __init__(self, *objects: Any, **params: Any) -> None:
        self._waiting: list[Any] | None = list(objects)
        super().__init__(**params)
        self._shown_watcher = self.param.watch(self._shown, "visible")  # type: ignore[attr-defined]

    def contents(self) -> list[Any]:
        """What the layout holds, put in yet or not."""
        return list(self.objects) if self._waiting is None else list(self._waiting)  # type: ignore[attr-defined]

    @property
    def built(self) -> bool:
        """Whether the contents are in the layout."""
        return self._waiting is None

    def _put_in(self) -> None:
        if self._waiting is None:
            return
        objects, self._waiting = self._waiting, None
        self.param.unwatch(self._shown_watcher)  # type: ignore[attr-defined]
        self.objects = objects

    def _shown(self, event: param.parameterized.Event) -> None:
        if event.new:
            self._put_in()

    def _get_model(self, doc: Any, root: Any = None, parent: Any = None, comm: Any = None) -> Any:
        if self.visible:  # type: ignore[attr-defined]
            self._put_in()
        return super()._get_model(doc, root, parent, comm)  # type: ignore[misc]


class LaterColumn(ShownLater, pn.Column):
    """A column whose contents are put in when it is first shown (:class:`ShownLater`)."""


class LaterRow(ShownLater, AttributedRow):
    """A row with ``html_attributes`` whose contents are put in when it is first shown
    (:class:`ShownLater`)."""


class ChoiceButtons(pn.widgets.RadioButtonGroup, _HtmlAttributes):
    """A row of choice buttons that screen readers announce as a group named by its label
    (``static/a11y.js`` marks the chosen button with ``aria-pressed``)."""


# --- Plain text ------------------------------------------------------------------------------


class _PlainText:
    """Text shown as it is, in a paragraph, as Markdown would show a plain sentence: an error
    message, a link's notice (which quotes what the link said) or a label is not Markdown, so
    a ``*`` or a ``<`` in it stays as written. Panel's markdown-it parser is then never
    imported for them (no page of the app needs it)."""

    def _render_markdown(self, obj: Any) -> str:  # Panel's Markdown: text -> HTML
        text = "" if obj is None else str(obj)
        return f"<p>{html.escape(text)}</p>" if text else ""


class TextAlert(_PlainText, pn.pane.Alert):  # type: ignore[misc]
    """Panel's Alert (its look and ``alert_type``) showing plain text (:class:`_PlainText`)."""


class TextLabel(_PlainText, pn.pane.Markdown):  # type: ignore[misc]
    """A line of plain text (:class:`_PlainText`), such as a button row's label."""


# --- Inputs ----------------------------------------------------------------------------------


def _widget_for(model: Calculator, name: str, **kw: Any) -> pn.widgets.Widget:
    parameter = model.param[name]
    if isinstance(parameter, param.Boolean):
        return pn.widgets.Checkbox.from_param(parameter, **kw)
    kw.setdefault("sizing_mode", "stretch_width")
    kw.setdefault("stylesheets", [INPUT_CSS])
    if isinstance(parameter, param.Integer):
        return pn.widgets.IntInput.from_param(parameter, **kw)
    if isinstance(parameter, param.Number):
        return pn.widgets.FloatInput.from_param(parameter, **kw)
    if isinstance(parameter, param.Selector):
        longest = max((len(str(label)) for label in parameter.names or {}), default=0)
        if len(parameter.objects) <= 4 and longest <= 18 and kw.pop("widget", None) != "select":
            kw.setdefault("html_attributes", {"role": "group", "aria-label": parameter.label})
            return ChoiceButtons.from_param(parameter, **kw)
        kw.pop("widget", None)
        return pn.widgets.Select.from_param(parameter, **kw)
    return pn.widgets.TextInput.from_param(parameter, **kw)


class Field(pn.Column):
    """An input's field (:func:`input_field`): its widget, the label of a button row, and,
    from the input's first error, the error's alert."""

    _rf_input: str


class Later:
    """A Panel object made when it is first put in a layout: ``make(*args, **kw)``, called
    by Panel (``__panel__``, the same object each time).

    For the contents of a folded :class:`Group` (a note, a heading), which are then made
    when the group is first unfolded: until then they cost no Panel object at all."""

    def __init__(self, make: Callable[..., Any], *args: Any, **kw: Any) -> None:
        self._make = make
        self._args = args
        self._kw = kw
        self._made: Any = None

    @property
    def made(self) -> bool:
        """Whether the object has been made."""
        return self._made is not None

    def __panel__(self) -> Any:
        if self._made is None:
            self._made = self._make(*self._args, **self._kw)
        return self._made


class LazyField(Later):
    """An input's field not made yet (:class:`Later`): what a page's
    :meth:`~webapp.pages.base.PageView.field` gives while it lays out its sections.

    A field in a folded :class:`Group` is made when the group is first unfolded; any other
    field is made with the layout that holds it. It knows its input (``_rf_input``) either
    way (:func:`inputs_in`)."""

    def __init__(self, model: Calculator, name: str, **kw: Any) -> None:
        super().__init__(input_field, model, name, **kw)
        self._rf_input = name

    def __panel__(self) -> Field:
        field: Field = super().__panel__()
        return field


def input_field(model: Calculator, name: str, **kw: Any) -> Field:
    """The widget for input ``name`` of ``model``, with the input's error message under it.

    The widget is made from the parameter (label, bounds, choices); a choice of up to four
    short options is a row of buttons, a longer one a drop-down (``widget="select"`` forces
    it). Button rows get their label as a line of text above them (Bokeh gives them none).
    (:class:`LazyField` makes one when it is first put in a layout.)

    The message's alert is made the first time the input has an error (then shown and
    hidden with it): most inputs never have one, and fifty alerts made in advance were a
    sixth of a page's start.
    """
    widget = _widget_for(model, name, **kw)
    parts: list[Any] = []
    if isinstance(widget, pn.widgets.RadioButtonGroup):
        parts.append(TextLabel(model.param[name].label, margin=(5, 10, 0, 10)))
    parts.append(widget)
    column = Field(*parts, sizing_mode="stretch_width", margin=0, css_classes=["rf-field"])
    column._rf_input = name  # which input it is (:func:`inputs_in`)

    def message(error: str, error_input: str) -> str:
        return error if error_input == name else ""

    def add_alert(*_events: Any) -> None:
        if model.error_input != name or getattr(column, "_rf_alert", None) is not None:
            return
        column._rf_alert = TextAlert(
            pn.bind(message, model.param.error, model.param.error_input),
            alert_type="danger",
            visible=pn.bind(lambda error_input: error_input == name, model.param.error_input),
            margin=(0, 10, 5, 10),
            sizing_mode="stretch_width",
            css_classes=["rf-input-error"],
        )
        column.append(column._rf_alert)

    model.param.watch(add_alert, "error_input")
    add_alert()  # an error there already (a page built for a link with a bad value)
    return column


def general_error(model: Calculator) -> TextAlert:
    """An alert for errors that name no single input (shown under the inputs)."""

    def unattributed(error: str, error_input: str) -> bool:
        return bool(error) and not error_input

    return TextAlert(
        pn.bind(lambda e, i: e if unattributed(e, i) else "", model.param.error,
                model.param.error_input),
        alert_type="danger",
        visible=pn.bind(unattributed, model.param.error, model.param.error_input),
        css_classes=["rf-input-error"],
    )  # fmt: skip


class Group(pn.Card):
    """A collapsible group of inputs that is built when it is first unfolded.

    A folded group holds nothing in its document: its contents are put in the card the first
    time it is unfolded, by the visitor (the card's ``collapsed`` comes from the page) or by
    :meth:`unfold`. Until then none of their Bokeh models is built, sent or drawn, and its
    fields (:class:`LazyField`) and what a page makes :class:`Later` are not even made in
    Python: a folded card shows only its title, so it looks the same, and its hidden inputs
    were not reachable by keyboard or screen readers anyway. Once made, the widgets follow
    the model's values, the ones it had while folded included. :meth:`contents` gives the
    contents either way.
    """

    def __init__(self, *objects: Any, collapsed: bool = True, **params: Any) -> None:
        self._waiting: list[Any] | None = list(objects) if collapsed else None
        super().__init__(*(() if collapsed else objects), collapsed=collapsed, **params)
        if self._waiting is not None:
            self._build_watcher = self.param.watch(self._build, "collapsed")

    def contents(self) -> list[Any]:
        """What the group holds, built into the card yet or not."""
        return list(self.objects) if self._waiting is None else list(self._waiting)

    @property
    def built(self) -> bool:
        """Whether the contents are in the card (it has been unfolded once)."""
        return self._waiting is None

    def unfold(self) -> None:
        """Open the group (building its contents if it never was)."""
        self.collapsed = False

    def _build(self, event: param.parameterized.Event) -> None:
        if event.new or self._waiting is None:
            return
        objects, self._waiting = self._waiting, None
        self.param.unwatch(self._build_watcher)
        self.objects = objects  # (Panel makes what is made later: Later.__panel__)


def group(title: str, *objects: Any, collapsed: bool = True) -> Group:
    """A collapsible group of inputs; a folded one builds its inputs when first unfolded
    (:class:`Group`)."""
    return Group(
        *objects, title=title, collapsed=collapsed, sizing_mode="stretch_width", margin=(4, 5)
    )


def inputs_in(obj: Any) -> list[str]:
    """The inputs whose fields (:func:`input_field`) ``obj`` holds, at any depth (a folded
    :class:`Group`'s included), in order."""
    name = getattr(obj, "_rf_input", None)
    if isinstance(name, str):
        return [name]
    children = (
        obj.contents() if isinstance(obj, Group | ShownLater) else getattr(obj, "objects", None)
    )
    if not isinstance(children, list):
        return []
    return [found for child in children for found in inputs_in(child)]


def groups_in(obj: Any) -> list[Group]:
    """The :class:`Group` cards in ``obj`` (a layout), at any depth, outer ones first."""
    children = (
        obj.contents() if isinstance(obj, Group | ShownLater) else getattr(obj, "objects", None)
    )
    found = [obj] if isinstance(obj, Group) else []
    if isinstance(children, list):
        for child in children:
            found += groups_in(child)
    return found


def heading(text: str, **kw: Any) -> pn.pane.HTML:
    """A section heading among the inputs or details (``<h2>``: the page's title is the
    ``<h1>``, see :mod:`webapp.app`)."""
    kw.setdefault("margin", (10, 10, 0, 10))
    return html_pane(f"<h2 class='rf-heading'>{html.escape(text)}</h2>", **kw)


def note(text: str, **kw: Any) -> pn.pane.HTML:
    """A short muted note (plain text, escaped) among the inputs or details."""
    kw.setdefault("margin", (0, 10, 5, 10))
    return html_pane(f"<p class='rf-note'>{html.escape(text)}</p>", **kw)


# --- Results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One key number of a result: its value, what it is, a test id and an exact detail."""

    value: str
    label: str
    testid: str
    detail: str = ""


def figures_html(figures: Sequence[Figure], note: str = "") -> str:
    """Number cards and the rule note as HTML (for :func:`summary_pane` / :func:`html_pane`).

    Each figure's value carries ``data-testid`` so tests and users' scripts can read it."""
    cards = "".join(
        "<div class='rf-figure'>"
        f"<span class='rf-big' data-testid='{html.escape(f.testid)}'>{html.escape(f.value)}</span>"
        f"<span class='rf-label'>{html.escape(f.label)}"
        + (f"<br><code>{html.escape(f.detail)}</code>" if f.detail else "")
        + "</span></div>"
        for f in figures
    )
    out = f"<div class='rf-figures'>{cards}</div>" if cards else ""
    return out + note_html(note)


def note_html(text: str) -> str:
    """The rule note of a result (what rule, which source, which interpretation) as HTML."""
    return f"<p class='rf-note' data-testid='rule-note'>{html.escape(text)}</p>" if text else ""


def html_pane(text: str = "", **kw: Any) -> pn.pane.HTML:
    """An HTML pane with the shared styles (figures, tables, step lists, notes)."""
    kw.setdefault("sizing_mode", "stretch_width")
    return pn.pane.HTML(text, stylesheets=PANE_CSS, **kw)


def summary_pane() -> pn.pane.HTML:
    """The pane of a page's key figures (first on a phone, kept in view).

    A polite live region: a screen reader reads the new numbers once an input has changed
    them (the pane's own element stays while its content is replaced, as a live region
    must), without interrupting; the charts and tables are not announced."""
    return AttributedHTML(
        "",
        stylesheets=PANE_CSS,
        sizing_mode="stretch_width",
        css_classes=["rf-summary"],
        margin=(0, 5),
        html_attributes={"aria-live": "polite", "aria-label": "Key figures", "role": "region"},
    )


def html_table(
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    numeric: Iterable[int] = (),
    current: Callable[[int], bool] = lambda _i: False,
    total: Sequence[str] | None = None,
    testid: str = "",
    row_testids: Sequence[str] = (),
    caption: str = "",
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
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        f"<table class='rf-table'{tid}>{cap}<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def chart_table_html(
    caption: str, header: Sequence[str], rows: Iterable[Sequence[str]], **kw: Any
) -> str:
    """The data a chart draws, as a table folded under it: the chart's text alternative for
    screen readers and for anyone who wants the exact numbers (``kw``: :func:`html_table`)."""
    table = html_table(header, rows, caption=caption, **kw)
    return (
        f"<details class='rf-chart-table'><summary>Table of this chart</summary>{table}</details>"
    )


# --- Layout ----------------------------------------------------------------------------------


def inputs_column(*objects: Any) -> pn.Column:
    """A page's inputs (at most 400 px wide on a wide screen, full width on a phone)."""
    return pn.Column(*objects, sizing_mode="stretch_width", css_classes=["rf-inputs"], margin=0)


def details_column(*objects: Any) -> pn.Column:
    """A page's charts and tables, under its key figures."""
    return pn.Column(*objects, sizing_mode="stretch_width", css_classes=["rf-details"], margin=0)


def page_layout(summary: Any, inputs: Any, details: Any) -> pn.Column:
    """The page: inputs on the left, key figures and details on the right; on a narrow
    screen the key figures first (and kept in view at the top while scrolling), then the
    inputs, then the details.

    A CSS grid (``LAYOUT_CSS``), not Panel rows: a Bokeh row takes the sum of its children's
    minimum widths as its own, and a phone would scroll sideways."""
    return pn.Column(
        summary,
        inputs,
        details,
        sizing_mode="stretch_width",
        css_classes=["rf-page"],
        stylesheets=[LAYOUT_CSS],
        styles={"min-width": "0"},
    )


def row(*items: Any, basis: int = 260) -> pn.Row:
    """Items side by side, each ``basis`` px wide or more, wrapping on a narrow screen."""
    return pn.Row(
        *(
            pn.Column(item, sizing_mode="stretch_width", margin=0,
                      styles={"flex": f"1 1 {basis}px", "min-width": "0"})
            for item in items
        ),
        sizing_mode="stretch_width",
        styles={"flex-wrap": "wrap", "gap": "0.5rem", "min-width": "0"},
    )  # fmt: skip


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
