"""What a page is, for the registry in :mod:`webapp.pages`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import panel as pn

__all__ = ["Page"]


@dataclass(frozen=True)
class Page:
    """One page of the app."""

    slug: str
    """The ``?page=`` value, e.g. ``moo2-shot``: ``<system>-<page>``."""
    system: str
    """The rule set, as players name it (pages are grouped by it)."""
    title: str
    summary: str
    factory: Callable[[], pn.viewable.Viewer]
    """Builds the page's view (called once per visit, then kept while navigating). Import
    the page's module inside it, so that only pages a visitor opens are imported."""
