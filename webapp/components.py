"""Building blocks every page uses: an input with its error beside it, big result figures.

Pages build their widgets from the model's parameters with :func:`input_field`, so bounds,
choices and labels come from one place, and a rule's ``ValueError`` that names an input is
shown right under that input (the model keeps its last good result meanwhile).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import panel as pn
import param

from webapp.pages.base import Calculator
from webapp.styles import RESULT_CSS

__all__ = ["Figure", "figures_html", "general_error", "input_field", "page_row", "result_pane"]


def _widget_for(model: Calculator, name: str, **kw: Any) -> pn.widgets.Widget:
    parameter = model.param[name]
    if isinstance(parameter, param.Boolean):
        return pn.widgets.Checkbox.from_param(parameter, **kw)
    if isinstance(parameter, param.Integer):
        return pn.widgets.IntInput.from_param(parameter, sizing_mode="stretch_width", **kw)
    if isinstance(parameter, param.Number):
        return pn.widgets.FloatInput.from_param(parameter, sizing_mode="stretch_width", **kw)
    if isinstance(parameter, param.Selector) and len(parameter.objects) <= 4:
        return pn.widgets.RadioButtonGroup.from_param(parameter, sizing_mode="stretch_width", **kw)
    if isinstance(parameter, param.Selector):
        return pn.widgets.Select.from_param(parameter, sizing_mode="stretch_width", **kw)
    return pn.widgets.TextInput.from_param(parameter, sizing_mode="stretch_width", **kw)


def input_field(model: Calculator, name: str, **kw: Any) -> pn.Column:
    """The widget for input ``name`` of ``model``, with the input's error message under it.

    Radio-button groups get their label as a line of text above them (Bokeh gives them none).
    """
    widget = _widget_for(model, name, **kw)
    parts: list[Any] = []
    if isinstance(widget, pn.widgets.RadioButtonGroup):
        parts.append(pn.pane.Markdown(model.param[name].label, margin=(5, 10, 0, 10)))
    parts.append(widget)

    def message(error: str, error_input: str) -> str:
        return error if error_input == name else ""

    parts.append(
        pn.pane.Alert(
            pn.bind(message, model.param.error, model.param.error_input),
            alert_type="danger",
            visible=pn.bind(lambda error_input: error_input == name, model.param.error_input),
            margin=(0, 10, 5, 10),
            sizing_mode="stretch_width",
            css_classes=["rf-input-error"],
        )
    )
    return pn.Column(*parts, sizing_mode="stretch_width", margin=0)


def general_error(model: Calculator) -> pn.pane.Alert:
    """An alert for errors that name no single input (shown under the inputs)."""

    def unattributed(error: str, error_input: str) -> bool:
        return bool(error) and not error_input

    return pn.pane.Alert(
        pn.bind(lambda e, i: e if unattributed(e, i) else "", model.param.error,
                model.param.error_input),
        alert_type="danger",
        visible=pn.bind(unattributed, model.param.error, model.param.error_input),
        css_classes=["rf-input-error"],
    )  # fmt: skip


@dataclass(frozen=True)
class Figure:
    """One big number of a result panel."""

    value: str
    label: str
    testid: str
    detail: str = ""


def figures_html(figures: list[Figure], note: str = "") -> str:
    """Result figures as HTML (use in a ``pn.pane.HTML`` with ``stylesheets=[RESULT_CSS]``).

    Each figure's value carries ``data-testid`` so tests and users' scripts can read it."""
    cards = "".join(
        "<div class='rf-figure'>"
        f"<span class='rf-big' data-testid='{html.escape(f.testid)}'>{html.escape(f.value)}</span>"
        f"<span class='rf-label'>{html.escape(f.label)}"
        + (f"<br><code>{html.escape(f.detail)}</code>" if f.detail else "")
        + "</span></div>"
        for f in figures
    )
    out = f"<div class='rf-figures'>{cards}</div>"
    if note:
        out += f"<p class='rf-note'>{html.escape(note)}</p>"
    return out


def result_pane() -> pn.pane.HTML:
    """An HTML pane styled for :func:`figures_html`."""
    return pn.pane.HTML(sizing_mode="stretch_width", stylesheets=[RESULT_CSS])


def page_row(*columns: Any) -> pn.Row:
    """A page's columns (inputs, then outputs): side by side on a wide screen, stacked on a
    narrow one.

    Give the columns a CSS flex basis (``styles={"flex": "1 1 300px"}``), never a Panel
    ``min_width`` or fixed width: a Bokeh row takes the sum of its children's minimum widths
    as its own, wrapping or not, and a phone would scroll sideways."""
    return pn.Row(
        *columns,
        sizing_mode="stretch_width",
        styles={"flex-wrap": "wrap", "gap": "0.5rem", "min-width": "0"},
    )
