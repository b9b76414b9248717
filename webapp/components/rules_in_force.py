"""The "Rules in force" control every page of a system with rule variants shows, and compare
mode's key figures.

The control (:class:`RulesInForce`): the preset in force (a choice of the system's presets,
``PRESETS`` of :mod:`rules.cepheus`, :mod:`rules.moo2` or :mod:`rules.lurasko`), its name
with "(modified)" when a switch differs from it, a folded list of the individual switches
(each with its short label, its one-sentence summary and the passage,
:data:`webapp.pages.switches.SWITCHES`), and compare mode: a checkbox, the preset compared
with and a folded list of the compared rules' own switches (the compared name then says
"(modified)", :meth:`~webapp.pages.model.Calculator.compared_name`). Everything it shows is
the model's (:class:`~webapp.pages.model.Calculator`: its switches,
:meth:`~webapp.pages.model.Calculator.rules_in_force`, its ``compared`` result).

Compare mode's figures (:func:`compare_html`): each key figure under the rules in force, the
same figure under the compared preset beside it, and the difference in words ("+4.2 points
of hit chance") where both are numbers of the same kind. Its main chart
(:func:`compare_chart_html`, drawn by :class:`~webapp.pages.view.PageView`): the page's first
chart under the compared rules, under the page's own, with the rows of its table that differ
highlighted.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import panel as pn
import param

from webapp.components.fields import LazyField, group
from webapp.components.layout import Later
from webapp.components.panes import Figure, html_pane
from webapp.pages.model import Calculator
from webapp.pages.switches import SWITCHES

__all__ = ["RulesInForce", "compare_chart_html", "compare_html", "difference_text"]

_NUMBER = re.compile(r"^\s*([+-]?\d[\d,]*(?:\.\d+)?)\s*(%|[A-Za-z ]*)\s*$")
"""A figure's value that is one number, with an optional unit ("63.9%", "-2", "4.5 dmg")."""


def _number(value: str) -> tuple[Fraction, str] | None:
    match = _NUMBER.match(value)
    if match is None:
        return None
    text = match.group(1).replace(",", "")
    return Fraction(text), match.group(2).strip()


def difference_text(shown: str, compared: str, label: str) -> str:
    """How the figure ``shown`` (rules in force) differs from ``compared``, in words: "+4.2
    points of hit chance" for two percentages, "-1 of damage" for two numbers, "same" when
    equal, "differs" when they are not numbers of one kind.

    >>> difference_text("63.9%", "59.7%", "Hit chance")
    '+4.2 points of hit chance'
    >>> difference_text("3", "5", "Mean damage"), difference_text("1/3", "1/3", "Odds")
    ('-2 of mean damage', 'same')
    """
    if shown == compared:
        return "same"
    a, b = _number(shown), _number(compared)
    if a is None or b is None or a[1] != b[1]:
        return "differs"
    delta = a[0] - b[0]
    decimals = max(_decimals(shown), _decimals(compared))
    sign = "+" if delta > 0 else "-"
    magnitude = f"{abs(float(delta)):.{decimals}f}"
    unit = "points of " if a[1] == "%" else (f"{a[1]} of " if a[1] else "of ")
    return f"{sign}{magnitude} {unit}{label[:1].lower()}{label[1:]}"


def _decimals(value: str) -> int:
    match = re.search(r"\.(\d+)", value)
    return len(match.group(1)) if match else 0


def compare_html(
    shown: Sequence[Figure], compared: Sequence[Figure], in_force: str, other: str
) -> str:
    """The key figures under the rules in force, each with the same figure under ``other``
    beside it ("compared: ...", ``other`` named once, in the heading) and the difference
    highlighted (``data-testid`` ``compared-<id>`` and
    ``difference-<id>``)."""
    under = {figure.testid: figure for figure in compared}
    cards = []
    for figure in shown:
        twin = under.get(figure.testid)
        other_value = twin.value if twin is not None else "—"
        diff = difference_text(figure.value, other_value, figure.label) if twin else "differs"
        changed = diff != "same"
        tid = html.escape(figure.testid)
        cards.append(
            f"<div class='rf-figure{' rf-changed' if changed else ''}'>"
            f"<span class='rf-big' data-testid='{tid}'>{html.escape(figure.value)}</span>"
            f"<span class='rf-label'>{html.escape(figure.label)}</span>"
            f"<span class='rf-compared' title='{html.escape(other)}'>compared: "
            f"<b data-testid='compared-{tid}'>{html.escape(other_value)}</b></span>"
            f"<span class='rf-diff' data-testid='difference-{tid}'>{html.escape(diff)}</span>"
            "</div>"
        )
    head = (
        "<p class='rf-compare-head'>Rules in force: "
        f"<b>{html.escape(in_force)}</b>, compared with <b>{html.escape(other)}</b></p>"
    )
    return head + f"<div class='rf-figures'>{''.join(cards)}</div>"


_ROW = re.compile(r"<tr(?P<attributes>[^>]*)>(?P<cells>.*?)</tr>", re.S)
_CELL = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)


def _body_rows(table: str) -> list[tuple[str, ...]]:
    """The cells of each row of the body of ``table`` (a :func:`chart_table_html`), as text."""
    body = table.partition("<tbody>")[2]
    return [tuple(_CELL.findall(m.group("cells"))) for m in _ROW.finditer(body)]


def compare_chart_html(main: str, compared: str, in_force: str, other: str) -> tuple[str, str]:
    """Compare mode's main chart: (the heading over the chart under ``other``, the table of
    that chart's data).

    ``main`` and ``compared`` are the tables of the page's main chart under the rules in force
    and under ``other`` (:func:`~webapp.components.chart_table_html`). Each row of the compared
    table whose first cell is not in the page's table, or whose other cells differ, is
    highlighted (``rf-changed``); the heading counts them. The table's test ids get the
    ``compared-`` prefix (the page's own stay unique), and the table is
    ``data-testid='compared-chart-table'``.

    >>> head, table = compare_chart_html(
    ...     "<table><tbody><tr><td>0</td><td>50%</td></tr><tr><td>1</td><td>50%</td></tr>"
    ...     "</tbody></table>",
    ...     "<table><tbody><tr><td>0</td><td>40%</td></tr><tr><td>1</td><td>50%</td></tr>"
    ...     "</tbody></table>", "A", "B")
    >>> "1 of 2 rows differ" in head, table.count("rf-changed")
    (True, 1)
    """
    here = {row[0]: row for row in _body_rows(main) if row}
    rows = _body_rows(compared)
    changed = 0

    def mark(match: re.Match[str]) -> str:
        nonlocal changed
        cells = tuple(_CELL.findall(match.group("cells")))
        if not cells or here.get(cells[0]) == cells:
            return match.group(0)
        changed += 1
        attributes = match.group("attributes")
        if "class='" in attributes:
            attributes = attributes.replace("class='", "class='rf-changed ", 1)
        else:
            attributes += " class='rf-changed'"
        return f"<tr{attributes}>{match.group('cells')}</tr>"

    head, tbody, rest = compared.partition("<tbody>")
    table = head + tbody + _ROW.sub(mark, rest)
    table = re.sub(r"data-testid='([^']*)'", r"data-testid='compared-\1'", table)
    table = table.replace(
        "<details class='rf-chart-table'>",
        "<details class='rf-chart-table' data-testid='compared-chart-table'>",
        1,
    )
    gone = len(set(here) - {row[0] for row in rows if row})
    if changed or gone:
        differ = (
            f"{changed} of {len(rows)} rows differ"
            + (f", {gone} only under the rules in force" if gone else "")
            + " (highlighted in its table)"
        )
    else:
        differ = "the same numbers"
    heading = (
        "<p class='rf-compare-head' data-testid='compared-chart-head'>The chart above under "
        f"<b>{html.escape(other)}</b> (rules in force: {html.escape(in_force)}): "
        f"<span class='rf-diff'>{html.escape(differ)}</span></p>"
    )
    return heading, table


class RulesInForce:
    """The "Rules in force" control of ``model``'s page (see the module's docstring).

    :meth:`parts` gives what the page puts at the top of its inputs. The switches are made
    when their folded list is first unfolded (a deep link that sets one unfolds it: the
    page's :meth:`~webapp.pages.view.PageView.unfold_set`)."""

    def __init__(self, model: Calculator) -> None:
        self.model = model
        self._syncing = False
        presets = list(model.preset_options())
        self.status = html_pane(margin=(0, 10), css_classes=["rf-rules-status"])
        self.preset = pn.widgets.Select(
            label="Rules in force",
            options=presets,
            value=model.preset_of(model.variant)[0] if model.error == "" else presets[0],
            sizing_mode="stretch_width",
            css_classes=["rf-rules-preset"],
        )
        self.preset.param.watch(self._chosen, "value")
        self.compare = pn.widgets.Checkbox.from_param(
            model.param.compare, label="Compare with another rule set"
        )
        self.compare_with = pn.widgets.Select(
            label="Compared with",
            options=presets,
            value=model.compared_preset(),
            sizing_mode="stretch_width",
            visible=model.compare,
            css_classes=["rf-rules-compare-with"],
        )
        self.compare_with.param.watch(self._compare_with, "value")
        rows: list[Any] = []
        for field, name in zip(model.field_names(), model.switch_names(), strict=True):
            text = SWITCHES[field]
            summary = next(f.summary for f in model.rules_system.variant_fields()  # type: ignore[union-attr]
                           if f.name == field)  # fmt: skip
            if name in model.inputs:
                rows.append(
                    html_pane(
                        f"<p class='rf-note'><b>{html.escape(model.label_of(name))}</b>: an input"
                        f" of this page, above. {html.escape(summary)}"
                        f" <i>{html.escape(text.passage)}</i></p>",
                        margin=(0, 10, 5, 10),
                    )
                )
                continue
            rows.append(LazyField(model, name))
            rows.append(
                html_pane(
                    f"<p class='rf-note rf-switch-note'>{html.escape(summary)}"
                    f" <i>{html.escape(text.passage)}</i></p>",
                    margin=(0, 10, 5, 10),
                )
            )
        self.switches = group(self._switches_title(), *rows, collapsed=True)
        self.switches.css_classes = ["rf-rules-switches"]
        # compare mode's second side: a preset plus its own switches, made when unfolded
        self._compared_widgets: dict[str, Any] = {}
        self.compare_status = html_pane(margin=(0, 10), visible=model.compare)
        self.compare_switches = group(
            self._compared_title(),
            *(
                Later(self._compared_widget, field, name)
                for field, name in zip(model.field_names(), model.switch_names(), strict=True)
            ),
            collapsed=True,
        )
        self.compare_switches.css_classes = ["rf-rules-compare-switches"]
        self.compare_switches.visible = model.compare
        watched = [*model.switch_names(), "compare", "compare_with", "compare_changes", "error"]
        model.param.watch(self._sync, watched)
        self._sync()

    def parts(self) -> list[Any]:
        """The control, as one column for the top of the page's inputs."""
        return [
            pn.Column(
                self.preset,
                self.status,
                self.switches,
                self.compare,
                self.compare_with,
                self.compare_status,
                self.compare_switches,
                sizing_mode="stretch_width",
                margin=(0, 0, 6, 0),
                css_classes=["rf-rules"],
                styles={"border-bottom": "1px solid var(--rf-border, #d9dee5)"},
            )
        ]

    def _switches_title(self) -> str:
        try:
            variant = self.model.variant
            differ = len(variant.differences(self.model.preset_of(variant)[0]))
        except ValueError:
            differ = 0
        count = len(self.model.switch_names())
        return f"Individual rules ({count}" + (f", {differ} changed)" if differ else ")")

    def _compared_title(self) -> str:
        count = len(self.model.compare_changes)
        return "Compared rules: individual rules" + (f" ({count} changed)" if count else "")

    def _compared_widget(self, field: str, name: str) -> Any:
        """The widget of switch ``field`` of the compared rules (made from the switch's
        parameter, not linked to it: it sets :meth:`Calculator.set_compared_switch`)."""
        model = self.model
        parameter = model.param[name]
        label = f"{SWITCHES[field].label} (compared)"
        value = model.switch_values(self._compared_or_preset())[name]
        widget: Any
        if isinstance(parameter, param.Boolean):
            widget = pn.widgets.Checkbox(label=label, value=value)
        elif isinstance(parameter, param.Integer):
            low, high = parameter.bounds or (None, None)
            widget = pn.widgets.IntInput(
                label=label, value=value, start=low, end=high, sizing_mode="stretch_width"
            )
        else:
            widget = pn.widgets.Select(
                label=label, options=list(parameter.objects), value=value,
                sizing_mode="stretch_width",
            )  # fmt: skip
        widget.param.watch(lambda event: self._compared_set(field, event.new), "value")
        self._compared_widgets[name] = widget
        return widget

    def _compared_or_preset(self) -> Any:
        try:
            return self.model.compared_variant()
        except ValueError:
            return self.model.rules_system.find_preset(self.model.compared_preset())  # type: ignore[union-attr]

    def _compared_set(self, field: str, value: Any) -> None:
        if not self._syncing:
            self.model.set_compared_switch(field, value)

    def _sync(self, *_events: object) -> None:
        model = self.model
        in_force = model.rules_in_force()
        self.status.object = (
            f"<p class='rf-note'>In force: <b data-testid='rules-in-force'>"
            f"{html.escape(in_force)}</b></p>"
        )
        self.switches.title = self._switches_title()
        self.compare_with.visible = model.compare
        self.compare_status.visible = model.compare
        self.compare_switches.visible = model.compare
        self.compare_switches.title = self._compared_title()
        self.compare_status.object = (
            f"<p class='rf-note'>Compared with: <b data-testid='compared-rules'>"
            f"{html.escape(model.compared_name())}</b></p>"
        )
        self._syncing = True
        try:
            with contextlib.suppress(ValueError):  # (a switch out of its domain)
                self.preset.value = model.preset_of(model.variant)[0]
            self.compare_with.value = model.compared_preset()
            values = model.switch_values(self._compared_or_preset())
            for name, widget in self._compared_widgets.items():
                widget.value = values[name]
        finally:
            self._syncing = False

    def _chosen(self, event: Any) -> None:
        if self._syncing:
            return
        self.model.use_preset(event.new)

    def _compare_with(self, event: Any) -> None:
        if self._syncing:
            return
        self.model.compare_with_preset(event.new)
