"""HTML pieces of a page: panes with the shared styles, headings, notes, plain-text alerts,
the key figures' cards and tables.

Everything here is HTML built from what a page's result holds; nothing computes."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import panel as pn
import param

from webapp.styles import PANE_CSS

__all__ = [
    "AttributedHTML",
    "Figure",
    "HtmlAttributes",
    "TextAlert",
    "TextLabel",
    "chart_table_html",
    "figures_html",
    "heading",
    "html_pane",
    "html_table",
    "note",
    "note_html",
    "summary_pane",
]


class HtmlAttributes(param.Parameterized):
    """Bokeh's ``html_attributes`` (attributes of a component's own element: ARIA roles,
    names, live regions), which Panel does not expose: a parameter of that name is synced to
    the model property of the same name."""

    html_attributes = param.Dict(default={}, doc="HTML attributes of the component's element.")


class AttributedHTML(pn.pane.HTML, HtmlAttributes):
    """An HTML pane whose own element carries ``html_attributes`` (e.g. ``aria-live``)."""


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


def heading(text: str, **kw: Any) -> pn.pane.HTML:
    """A section heading among the inputs or details (``<h2>``: the page's title is the
    ``<h1>``, see :mod:`webapp.app`)."""
    kw.setdefault("margin", (10, 10, 0, 10))
    return html_pane(f"<h2 class='rf-heading'>{html.escape(text)}</h2>", **kw)


def note(text: str, **kw: Any) -> pn.pane.HTML:
    """A short muted note (plain text, escaped) among the inputs or details."""
    kw.setdefault("margin", (0, 10, 5, 10))
    return html_pane(f"<p class='rf-note'>{html.escape(text)}</p>", **kw)


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
    """An escaped HTML table, in a box that scrolls sideways if the table is wider than the
    page; ``numeric`` columns are right-aligned, ``current`` rows marked.

    >>> html_table(["DM"], [["+1"]], numeric=[0])  # doctest: +ELLIPSIS
    "<div class='rf-table-box'><table class='rf-table'><thead><tr><th class='rf-num'>DM</th>..."
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
    # In a box of its own that scrolls sideways when the table is wider than the page (a
    # phone's 360-390 px, exact fractions): the table, never the page.
    return (
        f"<div class='rf-table-box'><table class='rf-table'{tid}>{cap}<thead><tr>{head}</tr>"
        f"</thead><tbody>{''.join(body)}</tbody></table></div>"
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
