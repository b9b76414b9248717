"""How a page is laid out: its grid, rows that wrap, and what is made or put in later.

Two kinds of deferral keep a page's start cheap: :class:`Later` makes one Panel object the
first time it is put in a layout, and :class:`Waiting` layouts hold their contents out of the
document until they are first shown (:class:`LaterColumn`, :class:`LaterRow`; the folded
:class:`~webapp.components.fields.Group` of inputs is one too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from webapp.components.panes import HtmlAttributes
from webapp.styles import LAYOUT_CSS

__all__ = [
    "AttributedRow",
    "Later",
    "LaterColumn",
    "LaterRow",
    "ShownLater",
    "Waiting",
    "children_of",
    "details_column",
    "inputs_column",
    "page_layout",
    "row",
]


class AttributedRow(pn.Row, HtmlAttributes):
    """A row whose own element carries ``html_attributes`` (e.g. ``role="navigation"``)."""


class Later:
    """A Panel object made when it is first put in a layout: ``make(*args, **kw)``, called
    by Panel (``__panel__``, the same object each time).

    For the contents of a folded group (a note, a heading), which are then made when the
    group is first unfolded: until then they cost no Panel object at all."""

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


class Waiting:
    """A layout (mixed in before it) holding contents that are put in later, all at once.

    While they wait, the layout is empty in the document: none of their Bokeh models is
    built, sent or drawn, and what is :class:`Later` is not even made. A subclass decides
    when (:meth:`_put_in`); :meth:`contents` gives them either way."""

    def _wait(self, objects: list[Any] | None) -> None:
        self._waiting: list[Any] | None = objects

    def contents(self) -> list[Any]:
        """What the layout holds, put in yet or not."""
        return list(self.objects) if self._waiting is None else list(self._waiting)  # type: ignore[attr-defined]

    @property
    def built(self) -> bool:
        """Whether the contents are in the layout."""
        return self._waiting is None

    def _put_in(self) -> None:
        """Put the contents in (once), in one change of the layout, which was empty."""
        if self._waiting is None:
            return
        objects, self._waiting = self._waiting, None
        self._stop_waiting()
        self.objects = objects  # (Panel makes what is made later: Later.__panel__)

    def _stop_waiting(self) -> None:
        """Stop watching for the moment to put the contents in."""


class ShownLater(Waiting):
    """A layout (mixed in before it) whose contents are put in when it is first drawn while
    visible, or first made visible.

    For what a page hides at start (the navigation of an embed, a section that only some
    inputs show): hidden, it is drawn empty, and nothing of it shows either way."""

    def __init__(self, *objects: Any, **params: Any) -> None:
        self._wait(list(objects))
        super().__init__(**params)
        self._shown_watcher = self.param.watch(self._shown, "visible")  # type: ignore[attr-defined]

    def _stop_waiting(self) -> None:
        self.param.unwatch(self._shown_watcher)  # type: ignore[attr-defined]

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


def children_of(obj: Any) -> list[Any] | None:
    """What layout ``obj`` holds (a :class:`Waiting` one's contents, put in yet or not), or
    None for anything but a layout."""
    children = obj.contents() if isinstance(obj, Waiting) else getattr(obj, "objects", None)
    return children if isinstance(children, list) else None


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
