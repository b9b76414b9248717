"""Inputs: the field of each input (its widget made from its parameter, its error under it),
the folded groups they sit in, and how to find them in a layout.

Pages build their widgets from the model's parameters with :func:`input_field`, so bounds,
choices and labels come from one place, and a rule's ``ValueError`` about an input is shown
right under that input, worded with its label (the model keeps its last good result
meanwhile)."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from webapp.components.layout import Later, Waiting, children_of
from webapp.components.panes import HtmlAttributes, TextAlert, TextLabel
from webapp.pages.model import Calculator
from webapp.styles import INPUT_CSS

__all__ = [
    "ChoiceButtons",
    "Field",
    "Group",
    "LazyField",
    "general_error",
    "group",
    "groups_in",
    "input_field",
    "inputs_in",
]


class ChoiceButtons(pn.widgets.RadioButtonGroup, HtmlAttributes):
    """A row of choice buttons that screen readers announce as a group named by its label
    (``static/a11y.js`` marks the chosen button with ``aria-pressed``)."""


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


class LazyField(Later):
    """An input's field not made yet (:class:`Later`): what a page's
    :meth:`~webapp.pages.view.PageView.field` gives while it lays out its sections.

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


class Group(Waiting, pn.Card):
    """A collapsible group of inputs that is built when it is first unfolded.

    A folded group holds nothing in its document: its contents are put in the card the first
    time it is unfolded, by the visitor (the card's ``collapsed`` comes from the page) or by
    :meth:`unfold`. Until then none of their Bokeh models is built, sent or drawn, and its
    fields (:class:`LazyField`) and what a page makes :class:`Later` are not even made in
    Python: a folded card shows only its title, so it looks the same, and its hidden inputs
    were not reachable by keyboard or screen readers anyway. Once made, the widgets follow
    the model's values, the ones it had while folded included. :meth:`contents` gives the
    contents either way (:class:`~webapp.components.layout.Waiting`).
    """

    def __init__(self, *objects: Any, collapsed: bool = True, **params: Any) -> None:
        self._wait(list(objects) if collapsed else None)
        super().__init__(*(() if collapsed else objects), collapsed=collapsed, **params)
        if self._waiting is not None:
            self._build_watcher = self.param.watch(self._build, "collapsed")

    def unfold(self) -> None:
        """Open the group (building its contents if it never was)."""
        self.collapsed = False

    def _stop_waiting(self) -> None:
        self.param.unwatch(self._build_watcher)

    def _build(self, event: param.parameterized.Event) -> None:
        if not event.new:
            self._put_in()


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
    return [found for child in children_of(obj) or [] for found in inputs_in(child)]


def groups_in(obj: Any) -> list[Group]:
    """The :class:`Group` cards in ``obj`` (a layout), at any depth, outer ones first."""
    found = [obj] if isinstance(obj, Group) else []
    for child in children_of(obj) or []:
        found += groups_in(child)
    return found
