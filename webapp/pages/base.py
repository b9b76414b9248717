"""The page contract: a model that computes and a view that renders, and nothing else per page.

A page is two classes in one module (``webapp/pages/<system>/<page>.py``):

- a :class:`Calculator`: its inputs are its parameters (each with a ``label``, bounds and
  choices from :mod:`rules`), :meth:`Calculator.compute` calls :mod:`rules` and returns the
  result. Everything else is shared: validation, the last good result, the error attributed to
  the input it concerns, deep links.
- a :class:`PageView`: lays out the inputs (widgets made from the parameters), the key figures
  (first on a phone, and kept in view), the details (charts, tables), the error beside the
  input it concerns and the rule note. A page declares only what differs: its sections of
  inputs, its figures, its details and how it renders a result.

An error is structure, not prose: :class:`rules.validation.InvalidInput` carries the
``parameter`` it is about, the ``allowed`` values and the ``value`` given. The model maps the
parameter to one of its inputs (same name, or :attr:`Calculator.error_inputs`, or
:func:`inputs_named` around a call) and the page shows the message with the input's label,
so no internal name reaches the screen.
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import panel as pn
import param

from rules.validation import InvalidInput, describe
from webapp.formatting import exact_text

__all__ = [
    "CHART_VIEW_HEIGHT",
    "Calculator",
    "PageView",
    "QueryError",
    "RollLog",
    "exact_decimal",
    "input_error",
    "inputs_named",
    "parse_value",
    "whole_number",
]


CHART_VIEW_HEIGHT = 240
"""The most a chart takes alone (``view=chart``): with the fold of its data table under it,
it fits a 400x300 frame."""


class QueryError(ValueError):
    """A deep-link value that does not parse or is outside the input's domain."""


def parse_value(parameter: param.Parameter, text: str) -> Any:
    """Turn a query-string value into a value for ``parameter``; QueryError if it is malformed.

    >>> import param
    >>> parse_value(param.Integer(3), "14")
    14
    >>> parse_value(param.Boolean(False), "true")
    True
    """
    if isinstance(parameter, param.Boolean):
        lowered = text.strip().lower()
        if lowered in {"1", "true", "yes", "on"}:
            return True
        if lowered in {"0", "false", "no", "off"}:
            return False
        raise QueryError(f"expected true or false, got {text!r}")
    if isinstance(parameter, param.Integer):
        if not re.fullmatch(r"[+-]?\d{1,9}", text.strip()):
            raise QueryError(f"expected a whole number, got {text!r}")
        return int(text)
    if isinstance(parameter, param.Number):
        try:
            value = float(text)
        except ValueError:
            raise QueryError(f"expected a number, got {text!r}") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise QueryError(f"expected a finite number, got {text!r}")
        return value
    if isinstance(parameter, param.Selector):
        if text not in parameter.objects:
            allowed = ", ".join(str(o) for o in parameter.objects)
            raise QueryError(f"expected one of {allowed}, got {text!r}")
        return text
    return text


def input_error(name: str, allowed: str, value: object) -> InvalidInput:
    """The error a page raises about its own input ``name`` (as the rules raise theirs)."""
    return InvalidInput(name, allowed, value)


def exact_decimal(name: str, value: object) -> Fraction:
    """A typed decimal (a float from a number box) as the exact decimal the user typed.

    ``12.1`` is read as 121/10, not as the binary float nearest to it, so the page and the
    rulebook agree at band edges. An error about input ``name`` for anything but a finite
    number.

    >>> exact_decimal("distance", 50.1), exact_decimal("distance", 3)
    (Fraction(501, 10), Fraction(3, 1))
    """
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise input_error(name, "a number", value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise input_error(name, "a finite number", value)
        return Fraction(repr(value))
    return Fraction(value)


def whole_number(name: str, value: Fraction, allowed: str = "a whole number") -> int:
    """``value`` as an ``int``; an error about input ``name`` if it has a fraction.

    >>> whole_number("distance", Fraction(20))
    20
    """
    if value.denominator != 1:
        raise input_error(name, allowed, float(value))
    return int(value)


@contextmanager
def inputs_named(names: Mapping[str, str] | str) -> Iterator[None]:
    """Attribute a rule's error to the page input that fed the parameter it names.

    ``names`` maps a rule's parameter to the page input (``{"points": "s2_points"}``); a
    single input name takes every error raised inside. The error keeps its ``allowed`` and
    ``value``; only its ``parameter`` changes.

    >>> from rules import cepheus
    >>> try:
    ...     with inputs_named({"squares": "distance"}):
    ...         cepheus.range_band(-1)
    ... except ValueError as error:
    ...     print(error.parameter)
    distance
    """
    try:
        yield
    except ValueError as error:
        parameter = getattr(error, "parameter", None)
        if isinstance(names, str):
            error.parameter = names  # type: ignore[attr-defined]
        elif isinstance(parameter, str):
            where = getattr(error, "where", "")
            for key in (parameter + where, parameter):
                if key in names:
                    error.parameter = names[key]  # type: ignore[attr-defined]
                    break
        raise


class Calculator(param.Parameterized):
    """Base of every page model.

    Every parameter a subclass declares is an input (in display and deep-link order), except
    those with a negative ``precedence``. :meth:`compute` calls :mod:`rules` and returns the
    result object the view renders. Bad input never crashes: ``compute`` raising
    ``ValueError`` leaves ``result`` at the last good value and puts the message, worded with
    the input's label, in ``error``, and the input's name in ``error_input``.
    """

    error_inputs: ClassVar[Mapping[str, str]] = {}
    """Rule parameters that an input of this page feeds under another name: rule -> input."""

    result = param.Parameter(default=None, precedence=-1, doc="The last good result.")
    error = param.String(default="", precedence=-1, doc="Why the current inputs fail, or ''.")
    error_input = param.String(default="", precedence=-1, doc="The input the error is about.")

    def __init__(self, **params: Any) -> None:
        # An emptied number box sends None. Let it reach compute(), so that the rules'
        # ValueError ("squares must be an integer ..., got None") shows beside the input,
        # instead of param refusing it inside the widget link.
        for name in self.inputs:
            parameter = self.param[name]
            if isinstance(parameter, param.Number) and not parameter.allow_None:
                parameter.allow_None = True
        super().__init__(**params)
        self.param.watch(self._refresh, list(self.inputs))
        self._refresh()

    @classmethod
    @functools.cache
    def input_names(cls) -> tuple[str, ...]:
        """The inputs: every parameter of the page with no negative precedence, in order."""
        return tuple(
            name
            for name, parameter in cls.param.objects("existing").items()
            if name != "name" and (parameter.precedence is None or parameter.precedence >= 0)
        )

    @property
    def inputs(self) -> tuple[str, ...]:
        """The names of the inputs (see :meth:`input_names`)."""
        return type(self).input_names()

    def label_of(self, name: str) -> str:
        """How the page names input ``name``: its parameter's label."""
        return str(self.param[name].label)

    def compute(self) -> Any:
        raise NotImplementedError

    def input_of(self, error: BaseException) -> str:
        """The input an error is about, or ``''`` when it is about none in particular.

        The error's ``parameter`` (with its ``where``, as in ``allocation['endurance']``,
        looked up first) is an input's name, or a key of :attr:`error_inputs`."""
        parameter = getattr(error, "parameter", None)
        if not isinstance(parameter, str):
            return ""
        where = getattr(error, "where", "")
        for key in (parameter + where, parameter):
            name = self.error_inputs.get(key, key)
            if name in self.inputs:
                return name
        return ""

    def describe(self, error: BaseException, name: str) -> str:
        """The message shown for ``error``: about input ``name``, in the words of its label.

        An emptied box reads "got nothing"; an exact number reads as the visitor typed it
        (``-2``, ``12.5``, ``10/3``), not as ``Fraction(-2, 1)``."""
        allowed = getattr(error, "allowed", None)
        if not (name and isinstance(allowed, str) and allowed):
            return str(error)
        allowed = self._in_words(allowed)
        value = getattr(error, "value", None)
        if value is None:
            shown = "nothing"
        elif isinstance(value, Fraction):
            shown = exact_text(value)
        else:
            shown = describe(value)
        return f"{self.label_of(name)} must be {allowed}, got {shown}"

    def _in_words(self, text: str) -> str:
        """``text`` with the names of this page's inputs (``min_damage``) as their labels.

        Only names that cannot be ordinary words are replaced: those with an underscore or a
        digit (inputs, and the rule parameters of :attr:`error_inputs`)."""
        named = {name: name for name in self.inputs} | dict(self.error_inputs)
        labels = {
            key: self.label_of(name) for key, name in named.items() if re.search(r"[_\d]", key)
        }
        if not labels:
            return text
        pattern = r"\b(" + "|".join(map(re.escape, sorted(labels, key=len, reverse=True))) + r")\b"
        return re.sub(pattern, lambda match: labels[match.group(1)], text)

    def _refresh(self, *_events: object) -> None:
        try:
            result = self.compute()
        except ValueError as error:
            name = self.input_of(error)
            self.param.update(error=self.describe(error, name), error_input=name)
        else:
            self.param.update(result=result, error="", error_input="")

    # --- deep links ---------------------------------------------------------------------

    def query(self) -> dict[str, str]:
        """The inputs as query-string values (booleans as 0/1; an emptied box left out)."""
        out: dict[str, str] = {}
        for name in self.inputs:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or (isinstance(value, float) and value.is_integer()):
                value = int(value)  # booleans as 0/1; 20.0 as 20, so a link reads the same
            out[name] = str(value)
        return out

    def apply_query(self, query: Mapping[str, str]) -> list[str]:
        """Preset the inputs from a deep link; return the problems found (none: []).

        A link with any malformed value is not half-applied: every input falls back to its
        default and the problems, each naming the input by its label, are returned for the
        page to show as a notice."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for name in self.inputs:
            if name not in query:
                continue
            try:
                values[name] = parse_value(self.param[name], query[name])
            except QueryError as error:
                problems.append(f"{self.label_of(name)}: {error} (in the link: {name})")
        if not problems:
            self.param.update(values)
            if self.error:
                problems.append(self.error)
        if problems:
            self.reset()
        return problems

    def reset(self) -> None:
        """Every input back to its default."""
        self.param.update({name: self.param[name].default for name in self.inputs})
        self._refresh()


@dataclass(frozen=True)
class RollLog:
    """One press of "Roll it": the seed it rolled with and the lines of its log."""

    seed: int
    lines: tuple[str, ...]

    def html(self) -> str:
        """The log as the page shows it: every line, then how to replay it."""
        return (
            f"<pre class='rf-log' data-testid='roll-log'>{html.escape(chr(10).join(self.lines))}"
            f"</pre><p class='rf-note'>Rolled with seed {self.seed}; the seed now moves on to "
            f"{self.seed + 1}. Set the seed back to replay a roll.</p>"
        )


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
    roll_keep: ClassVar[int] = 1
    """How many rolls of the same thing the "Roll it" log keeps, newest first."""
    figures_shown: ClassVar[list[Callable[[], None]]] = []
    """Called each time a page has put the key figures of a new result in place, before its
    note and details are rendered: :mod:`webapp.browser` sends them to the page at once, so
    that the numbers asked for appear without waiting for the charts and tables."""

    model = param.ClassSelector(class_=Calculator)

    def __init__(self, model: Calculator | None = None, **params: Any) -> None:
        from webapp import components

        super().__init__(model=model if model is not None else self.model_class(), **params)
        self.theme = "light"
        self._charts: list[Any] = []
        self._chart_panes: list[pn.pane.Bokeh] = []
        self._view_changes: list[tuple[Any, str, Any]] = []  # (object, attribute, was)
        self._summary = components.summary_pane()
        self._note = components.html_pane(margin=(0, 10))
        self._lazy_fields = True  # (the fields of sections(): see field())
        try:
            sections = self.sections()
        finally:
            self._lazy_fields = False
        self._inputs = components.inputs_column(*sections, components.general_error(self.model))
        self._details = components.details_column(self._note, *self.details())
        self._layout = components.page_layout(self._summary, self._inputs, self._details)
        # The folded groups of inputs (built when first unfolded) and the inputs in each.
        self._input_groups = [
            (g, components.inputs_in(g)) for g in components.groups_in(self._inputs)
        ]
        self.model.param.watch(self._unfold_error, ["error_input"])
        self.model.param.watch(self._update, ["result"])
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
        from webapp.components import LazyField, input_field

        if getattr(self, "_lazy_fields", False):
            return LazyField(self.model, name, **kw)
        return input_field(self.model, name, **kw)

    def chart(self, fig: Any, **kw: Any) -> pn.pane.Bokeh:
        """A pane for Bokeh figure ``fig``, restyled with the theme."""
        from webapp.charts import style_figure

        self._charts.append(fig)
        style_figure(fig, self.theme)
        kw.setdefault("sizing_mode", "stretch_width")
        pane = pn.pane.Bokeh(fig, **kw)
        self._chart_panes.append(pane)
        return pane

    # --- "Roll it": a seeded roll of the last good result, with its log ------------------

    def roll_controls(self, *fields: str, basis: int = 160, intro: str = "") -> list[Any]:
        """The "Roll it" section, for :meth:`details`: its heading, the ``intro`` note, the
        button beside the input ``fields`` (default: the model's ``seed``) and the log.

        The button is disabled while the inputs have an error. A press rolls the last good
        result with the model's ``seed`` (:meth:`roll_once`), logs it, and moves the seed on
        by one, so that the next press rolls new dice and any roll can be replayed. The log
        is cleared when the result changes what a roll depends on (:meth:`roll_key`)."""
        from webapp.components import heading, html_pane, note, row

        self._roll_button = pn.widgets.Button(
            label="Roll it", color="primary", margin=(22, 10, 5, 10)
        )
        self._roll_button.on_click(self._roll)
        self._log = html_pane()
        self._rolls: list[Any] = []  # the log's rolls (roll_once's), newest first
        self._rolled: object = None  # their roll_key (None: no roll)
        self.model.param.watch(self._enable_roll, ["error"])
        self.model.param.watch(self._show_log, ["result"])
        self._enable_roll()
        self._show_log()
        fields = fields or ("seed",)
        return [
            heading("Roll it"),
            *([note(intro)] if intro else []),
            row(self._roll_button, *(self.field(name) for name in fields), basis=basis),
            self._log,
        ]

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

    def _enable_roll(self, *_events: object) -> None:
        self._roll_button.disabled = bool(self.model.error)

    def _roll(self, _event: object = None) -> None:
        m = self.model
        result = m.result
        if m.error or result is None:
            return
        seed = m.seed
        rolled = self.roll_once(result, seed)
        key = self.roll_key(result)
        if key != self._rolled:
            self._rolls = []
        self._rolled = key
        self._rolls = [rolled, *self._rolls][: self.roll_keep]
        m.seed = seed + 1
        self._show_log()

    def _show_log(self, *_events: object) -> None:
        """The log of the last rolls, while what they rolled is still what the page shows."""
        if self._rolls and self.roll_key(self.model.result) != self._rolled:
            self._rolls = []
            self._rolled = None
        self._log.object = (
            self.roll_log(self._rolls)
            if self._rolls
            else f"<p class='rf-note'>{self.roll_prompt}</p>"
        )

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
        that hold it and the chart table right after it; whether ``target`` is inside."""
        objects = list(getattr(container, "objects", []))
        path = [obj is target or self._hide_all_but_inside(obj, target) for obj in objects]
        if not any(path):
            return False
        where = path.index(True)
        for index, obj in enumerate(objects):
            keep = index == where or (
                index == where + 1
                and objects[where] is target
                and "rf-chart-table" in str(getattr(obj, "object", ""))
            )
            if not keep:
                self._change(obj, "visible", False)
        return True

    def _hide_all_but_inside(self, obj: Any, target: Any) -> bool:
        return hasattr(obj, "objects") and self._hide_all_but(obj, target)

    def set_theme(self, theme: str) -> None:
        """Recolour the charts for the shell's theme and render again."""
        from webapp.charts import style_figure

        self.theme = theme
        for fig in self._charts:
            style_figure(fig, theme)
        self._update()

    def _update(self, *_events: object) -> None:
        from webapp.components import figures_html, note_html

        result = self.model.result
        if result is None:
            return
        self._summary.object = figures_html(list(self.figures(result)))
        for shown in PageView.figures_shown:
            shown()
        self._note.object = note_html(self.note(result))
        self.render(result)
