"""The view half of the page contract: a :class:`PageView` renders its model's result.

A page's view lays out the inputs (widgets made from the parameters), the key figures (first
on a phone, and kept in view), the details (charts, tables), the error beside the input it
concerns and the rule note. A page declares only what differs: its sections of inputs, its
figures, its details and how it renders a result; every number it shows is in the result
its :class:`~webapp.pages.model.Calculator` computed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import panel as pn
import param
from bokeh.models import DataRange1d

from webapp import components
from webapp.components import (
    ChartWithTable,
    LazyField,
    figures_html,
    input_field,
    note_html,
    style_figure,
)
from webapp.components.roll import RollIt, RollLog
from webapp.components.rules_in_force import RulesInForce, compare_chart_html, compare_html
from webapp.pages.model import Calculator

__all__ = [
    "CHART_VIEW_HEIGHT",
    "PHONE_CHART_WIDTH",
    "PageView",
    "RollLog",
]  # (RollLog: webapp.components.roll)


CHART_VIEW_HEIGHT = 240
"""The most a chart takes alone (``view=chart``): with the fold of its data table under it,
it fits a 400x300 frame."""

PHONE_CHART_WIDTH = 380
"""The widest a page draws a chart of fixed height: about a phone's column (390 px less the
margins). The prerendered page is drawn at tablet width, and on a phone its chart pictures
are scaled down to the column inside a box of the live chart's height
(:mod:`sitebuild.snapshot`): a chart drawn 600 px wide left an empty band of about 100 px
under its picture at 390 px until the live chart took over. No wider than this, the picture
is not scaled on a phone."""


class PageView(pn.viewable.Viewer):
    """Base of every page view: inputs, key figures, details, errors and the rule note.

    A subclass sets :attr:`model_class` and overrides what it shows:

    - :meth:`sections`: the input column (default: every input, in order), built from
      :meth:`field` (a widget made from the parameter, with its error under it), ``group``
      cards and notes from :mod:`webapp.components`;
    - :meth:`details`: charts and tables, built once (register charts with :meth:`chart`);
    - :meth:`figures`: the key numbers of a result (shown first on a phone, kept in view);
    - :meth:`note`: the rule note, first of the details (default :attr:`rule_note`);
    - :meth:`render`: update the details for a new result;
    - "Roll it", if the page rolls: :meth:`roll_controls` in its details, :meth:`roll_lines`
      (the page's log of one roll), :meth:`roll_key` and :attr:`roll_prompt`.

    The view re-renders when the model's result changes, and when the theme does.
    """

    model_class: ClassVar[type[Calculator]]
    rule_note: ClassVar[str] = ""
    """The rule the page encodes (source and section) and the interpretations it relies on."""
    roll_prompt: ClassVar[str] = ""
    """What the "Roll it" log says before a roll (and once an input changes what it rolls)."""
    compared_charts: ClassVar[tuple[int, ...]] = (0,)
    """Which charts (of :meth:`chart_and_table`, in order) compare mode draws again under
    the compared rules: the page's main chart, the first by default."""
    roll_keep: ClassVar[int] = 1
    """How many rolls of the same thing the "Roll it" log keeps, newest first."""

    model = param.ClassSelector(class_=Calculator)

    def __init__(
        self,
        model: Calculator | None = None,
        *,
        figures_shown: Callable[[], None] | None = None,
        twin_of: PageView | None = None,
        **params: Any,
    ) -> None:
        """``figures_shown`` is called each time the view has put the key figures of a new
        result in place, before its note and details are rendered: the app in the browser
        (:mod:`webapp.browser`) sends them to the page at once, so that the numbers asked
        for appear without waiting for the charts and tables.

        ``twin_of``: this view is compare mode's twin of that page's view (:meth:`compare_twin`):
        it renders only what its page asks, the compared result, and watches nothing."""
        super().__init__(model=model if model is not None else self.model_class(), **params)
        self._figures_shown = figures_shown
        self.theme = "light"
        self._charts: list[Any] = []
        self._chart_panes: list[pn.pane.Bokeh] = []
        self._chart_tables: dict[int, pn.pane.HTML] = {}  # id of a chart's pane -> its table
        self._view_changes: list[tuple[Any, str, Any]] = []  # (object, attribute, was)
        self._summary = components.summary_pane()
        self._note = components.html_pane(margin=(0, 10))
        self._twin_of = twin_of
        self._twin: PageView | None = None  # (compare mode's: made when first needed)
        self._compare_blocks: dict[int, tuple[pn.Column, Any, Any]] = {}
        self._own_ranges: dict[int, tuple[Any, Any]] = {}  # (a twin's: _share_ranges)
        self._lazy_fields = True  # (the fields of sections(): see field())
        try:
            sections = list(self.sections())
        finally:
            self._lazy_fields = False
        # The rules in force, first of the inputs on every page of a system with variants.
        self.rules_in_force = (
            RulesInForce(self.model)
            if self.model.rules_system is not None and twin_of is None
            else None
        )
        if self.rules_in_force is not None:
            sections = [*self.rules_in_force.parts(), *sections]
        self._inputs = components.inputs_column(*sections, components.general_error(self.model))
        self._details = components.details_column(self._note, *self.details())
        self._layout = components.page_layout(self._summary, self._inputs, self._details)
        # The folded groups of inputs (built when first unfolded) and the inputs in each.
        self._input_groups = [
            (g, components.inputs_in(g)) for g in components.groups_in(self._inputs)
        ]
        if twin_of is not None:
            return  # (renders when its page asks: compare_twin)
        self.model.param.watch(self._unfold_error, ["error_input"])
        # (one call for a new result and its compared twin, set together by the model)
        self.model.param.watch(self._changed, ["result", "compared"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --- what a page declares -------------------------------------------------------------

    def sections(self) -> Sequence[Any]:
        """The input column's content: every input's field, in order, unless overridden."""
        return [self.field(name) for name in self.model.inputs]

    def details(self) -> Sequence[Any]:
        """Charts and tables under the figures, built once."""
        return []

    def figures(self, result: Any) -> Sequence[Any]:
        """The key figures (:class:`webapp.components.Figure`) of ``result``."""
        return []

    def note(self, result: Any) -> str:
        """The rule note under the figures."""
        return self.rule_note

    def render(self, result: Any) -> None:
        """Show ``result`` in the details (the figures and note are shown by the base)."""

    # --- helpers for pages ----------------------------------------------------------------

    def field(self, name: str, **kw: Any) -> Any:
        """Input ``name``'s widget, made from its parameter, with its error message under it
        (:class:`webapp.components.Field`).

        In :meth:`sections`, a field is made when it is put in a layout, so that those in a
        folded group are made when the group is first unfolded
        (:class:`webapp.components.LazyField`)."""
        if getattr(self, "_lazy_fields", False):
            return LazyField(self.model, name, **kw)
        return input_field(self.model, name, **kw)

    def fields(self, *names: str) -> list[Any]:
        """The widgets of inputs ``names``, in order (:meth:`field` each)."""
        return [self.field(name) for name in names]

    def chart(self, fig: Any, **kw: Any) -> pn.pane.Bokeh:
        """A pane for Bokeh figure ``fig``, restyled with the theme (a chart without a table
        of its data: see :meth:`chart_and_table`)."""
        self._charts.append(fig)
        style_figure(fig, self.theme)
        kw.setdefault("sizing_mode", "stretch_width")
        pane = pn.pane.Bokeh(fig, **kw)
        self._chart_panes.append(pane)
        return pane

    def chart_and_table(
        self,
        chart: ChartWithTable | Any,
        table: pn.pane.HTML | None = None,
        *,
        between: Sequence[Any] = (),
        **kw: Any,
    ) -> list[Any]:
        """A chart (:meth:`chart`) and the pane of the table of its data right under it, to
        put in a layout together: ``[chart, *between, table]`` (``between``: a legend...).
        ``chart`` is a :class:`~webapp.components.ChartWithTable` (a bar chart with its
        table), or a Bokeh figure with the pane ``table`` of its data, which the page fills
        with :func:`~webapp.components.chart_table_html` when it renders. The pair is kept
        together: ``view=chart`` shows the first chart with its table, and nothing else."""
        if isinstance(chart, ChartWithTable):
            fig, table = chart.figure, chart.table
        else:
            fig = chart
        if table is None:
            raise TypeError("chart_and_table: a figure needs the pane of its table")
        pane = self.chart(fig, **kw)
        self._chart_tables[id(pane)] = table
        return [pane, *between, table]

    # --- "Roll it": a seeded roll of the last good result, with its log ------------------

    def roll_controls(self, *fields: str, basis: int = 160, intro: str = "") -> list[Any]:
        """The "Roll it" section (:class:`~webapp.components.roll.RollIt`), for
        :meth:`details`: its heading, the ``intro`` note, the button beside the input
        ``fields`` (default: the model's ``seed``) and the log. One roll is
        :meth:`roll_once`; the log goes when :meth:`roll_key` changes."""
        self.roll_it = RollIt(
            self.model,
            roll_once=self.roll_once,
            roll_key=self.roll_key,
            roll_log=self.roll_log,
            prompt=self.roll_prompt,
            keep=self.roll_keep,
        )
        fields = fields or ("seed",)
        if self._twin_of is not None:
            return []  # (compare mode's twin shows a chart, never a roll)
        return self.roll_it.parts([self.field(name) for name in fields], basis=basis, intro=intro)

    def roll_lines(self, result: Any) -> Sequence[str]:
        """The page's log of one roll of ``result`` with the model's ``seed``."""
        raise NotImplementedError

    def roll_once(self, result: Any, seed: int) -> Any:
        """One roll of ``result`` with ``seed``, as the log keeps it (:meth:`roll_log` shows
        it): by default a :class:`RollLog` of :meth:`roll_lines`."""
        return RollLog(seed, tuple(self.roll_lines(result)))

    def roll_key(self, result: Any) -> object:
        """What a roll of ``result`` depends on: the log goes when it changes."""
        return result

    def roll_log(self, rolls: Sequence[Any]) -> str:
        """The log's HTML for ``rolls`` (newest first, never empty)."""
        return str(rolls[0].html())

    # --- folded groups of inputs -------------------------------------------------------

    def unfold_set(self) -> None:
        """Unfold each group holding an input that differs from its default: what a deep
        link set is shown, not only counted in the group's title."""
        m = self.model
        for card, names in self._input_groups:
            if card.collapsed and any(getattr(m, n) != m.param[n].default for n in names):
                card.unfold()

    def _unfold_error(self, *_events: object) -> None:
        """Unfold the groups holding the input an error is about, so the message beside it
        shows."""
        name = self.model.error_input
        for card, names in self._input_groups:
            if name and name in names and card.collapsed:
                card.unfold()

    # --- views: the whole page, or one part of it (``view=`` in the link) ----------------

    def show_view(self, view: str) -> bool:
        """Show the whole page (``"full"``), only its key figures (``"result"``) or only its
        first chart with the table of its data (``"chart"``): the parts a small embed shows.

        Returns False, and shows the whole page, where the page has no chart for ``"chart"``
        (or the view is unknown)."""
        for obj, attribute, was in reversed(self._view_changes):
            if attribute == "visible" and isinstance(obj, pn.pane.Bokeh):
                obj.object.visible = was  # the pane follows its figure's visible
            setattr(obj, attribute, was)
        self._view_changes = []
        found = view in ("full", "result") or (view == "chart" and bool(self._chart_panes))
        if not found:
            view = "full"
        self._inputs.visible = view == "full"
        self._summary.visible = view in ("full", "result")
        self._details.visible = view in ("full", "chart")
        self._layout.css_classes = ["rf-page", f"rf-view-{view}"]
        if view == "chart":
            self._hide_all_but(self._details, self._chart_panes[0])
            # Alone in a small frame (400x300), the chart needs no margin above and below it,
            # and at most CHART_VIEW_HEIGHT px (a chart that keeps its aspect: narrower).
            pane = self._chart_panes[0]
            fig = pane.object
            self._change(fig, "margin", (0, 5))  # the pane takes its layout from the figure
            if fig.sizing_mode == "scale_width":
                narrow = int(CHART_VIEW_HEIGHT * fig.width / fig.height)
                if fig.max_width is None or fig.max_width > narrow:
                    self._change(fig, "max_width", narrow)
            elif fig.height > CHART_VIEW_HEIGHT:
                self._change(fig, "height", CHART_VIEW_HEIGHT)
        return found

    def _change(self, obj: Any, attribute: str, value: Any) -> None:
        """Set ``obj.attribute`` for the current view, to be undone by the next view."""
        self._view_changes.append((obj, attribute, getattr(obj, attribute)))
        setattr(obj, attribute, value)

    def _hide_all_but(self, container: Any, target: Any) -> bool:
        """Hide everything in ``container`` but ``target`` (at any depth), the containers
        that hold it and the table of its data (:meth:`chart_and_table`); whether ``target``
        is inside."""
        objects = list(getattr(container, "objects", []))
        path = [obj is target or self._hide_all_but_inside(obj, target) for obj in objects]
        if not any(path):
            return False
        table = self._chart_tables.get(id(target))
        for obj, inside in zip(objects, path, strict=True):
            if not inside and obj is not table:
                self._change(obj, "visible", False)
        return True

    def _hide_all_but_inside(self, obj: Any, target: Any) -> bool:
        return hasattr(obj, "objects") and self._hide_all_but(obj, target)

    def set_theme(self, theme: str) -> None:
        """Recolour the charts for the shell's theme and render again."""
        self.theme = theme
        for fig in self._charts:
            style_figure(fig, theme)
        if self._twin is not None:
            self._twin.theme = theme
            for fig in self._twin._charts:
                style_figure(fig, theme)
        self._update()

    def _update(self, *_events: object) -> None:
        result = self.model.result
        if result is None:
            return
        self._update_figures()
        self._note.object = note_html(self.note(result))
        self.render(result)
        self._update_compared_chart()

    def _changed(self, *events: Any) -> None:
        if any(event.name == "result" for event in events):
            self._update()
        else:  # (compare mode turned on or off, or the compared rules changed)
            self._update_figures()
            self._update_compared_chart()

    def _update_figures(self, *_events: object) -> None:
        """The key figures of the result; in compare mode, beside those under the compared
        preset (:func:`~webapp.components.rules_in_force.compare_html`)."""
        model, result = self.model, self.model.result
        if result is None:
            return
        figures = list(self.figures(result))
        if model.compare and model.compared is not None:
            compared = list(self.figures(model.compared))
            text = compare_html(figures, compared, model.rules_in_force(), model.compared_name())
        else:
            text = figures_html(figures)
        self._summary.object = text
        if self._figures_shown is not None:
            self._figures_shown()

    # --- compare mode's main chart ---------------------------------------------------------

    def compare_twin(self) -> PageView:
        """A second view of this page's model (made once, when compare mode first shows a
        chart): its details render the compared result (:attr:`Calculator.compared`) with
        the page's own :meth:`render`, and its first chart and table are compare mode's
        (:meth:`_update_compared_chart`). The twin lays out no control and watches nothing."""
        if self._twin is None:
            self._twin = type(self)(self.model, twin_of=self)
            if self.theme != "light":
                self._twin.theme = self.theme
                for fig in self._twin._charts:
                    style_figure(fig, self.theme)
        return self._twin

    def _update_compared_chart(self) -> None:
        """In compare mode, the main chart (:attr:`compared_charts` of those of
        :meth:`chart_and_table`, the first by default) under the compared rules, with its
        table, right under the page's own; the rows of its table that differ from the page's
        are highlighted (:func:`compare_chart_html`). The chart's numbers are the compared
        result's, rendered by the page's own :meth:`render` (in :meth:`compare_twin`)."""
        model = self.model
        shown = (
            model.compare
            and model.compared is not None
            and model.result is not None
            and bool(self._chart_panes)
        )
        if not shown:
            for index, (block, _head, _table) in self._compare_blocks.items():
                block.visible = False
                self._share_ranges(index, False)
            return
        twin = self.compare_twin()
        twin.render(model.compared)
        for index in self.compared_charts:
            if index >= len(self._chart_panes) or index >= len(twin._chart_panes):
                continue
            pane = twin._chart_panes[index]
            table = twin._chart_tables.get(id(pane))
            main_table = self._chart_tables.get(id(self._chart_panes[index]))
            head_html, table_html = compare_chart_html(
                main_table.object if main_table is not None else "",
                table.object if table is not None else "",
                model.rules_in_force(),
                model.compared_name(),
            )
            if index not in self._compare_blocks:
                head = components.html_pane(margin=(10, 10, 0, 10))
                compared_table = components.html_pane()
                block = pn.Column(
                    head,
                    pane,
                    compared_table,
                    sizing_mode="stretch_width",
                    margin=0,
                    css_classes=["rf-compare-chart"],
                )
                self._place_compare_block(block, main_table, self._chart_panes[index])
                self._compare_blocks[index] = (block, head, compared_table)
            block, head, compared_table = self._compare_blocks[index]
            if index:  # (test ids of the second chart compared on: compared-chart-head-2...)
                for name in ("compared-chart-head", "compared-chart-table"):
                    head_html = head_html.replace(f"'{name}'", f"'{name}-{index + 1}'")
                    table_html = table_html.replace(f"'{name}'", f"'{name}-{index + 1}'")
            head.object = head_html
            compared_table.object = table_html
            block.visible = True
            self._share_ranges(index, True)

    def _share_ranges(self, index: int, shared: bool) -> None:
        """Draw compare mode's chart ``index`` on the same axes as the page's own (both
        automatic ranges then span both charts' data, so bars of the same height are the same
        chance), or give it back its own axes. Only automatic ranges are shared: a range a
        page sets from its result (a factor list, fixed ends) stays each chart's own."""
        twin = self._twin
        if twin is None or index >= len(twin._chart_panes):
            return
        fig, own = twin._chart_panes[index].object, self._chart_panes[index].object
        kept = twin._own_ranges.setdefault(index, (fig.x_range, fig.y_range))
        for axis, mine in zip(("x_range", "y_range"), kept, strict=True):
            theirs = getattr(own, axis)
            same_kind = isinstance(mine, DataRange1d) and isinstance(theirs, DataRange1d)
            wanted = theirs if shared and same_kind else mine
            if getattr(fig, axis) is not wanted:
                setattr(fig, axis, wanted)

    def _place_compare_block(self, block: pn.Column, main_table: Any, chart: Any) -> None:
        """Put ``block`` right under the main chart's table (in the layout holding it), or
        first of the details if that layout is not a plain one."""
        target = main_table if main_table is not None else chart
        holder = _holder_of(self._details, target)
        if holder is not None:
            holder.insert(holder.objects.index(target) + 1, block)
        else:
            self._details.insert(1, block)


def _holder_of(container: Any, target: Any) -> Any:
    """The plain Panel layout (a ``ListLike`` built already) holding ``target``, at any
    depth, or None."""
    objects = getattr(container, "objects", None)
    if not isinstance(objects, list) or not hasattr(container, "insert"):
        return None
    if any(obj is target for obj in objects):
        return container
    for obj in objects:
        found = _holder_of(obj, target)
        if found is not None:
            return found
    return None
