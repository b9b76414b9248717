"""What a page is, for the registry in :mod:`webapp.pages`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the registry names its views and imports one when it is first shown)
    from webapp.pages.view import PageView

from webapp.pages.systems import System

__all__ = ["Page"]


@dataclass(frozen=True)
class Page:
    """One page of the app: its deep-link slug, where it is listed, and where its view lives."""

    slug: str
    """The ``?page=`` value, e.g. ``moo2-shot``: ``<system>-<page>``. A public interface:
    links pasted into wikis use it, so it never changes once published."""
    system: System
    """The rule system (pages are grouped by it; its ``name`` is shown)."""
    title: str
    summary: str
    view: str
    """``"module:Class"`` of the page's :class:`~webapp.pages.view.PageView`. Imported the
    first time the page is shown, so that a visit imports only the pages it opens."""

    def view_class(self) -> type[PageView]:
        """The page's view class (importing its module)."""
        module, _, name = self.view.partition(":")
        cls: type[PageView] = getattr(importlib.import_module(module), name)
        return cls

    def factory(self, figures_shown: Callable[[], None] | None = None) -> PageView:
        """A new view of the page, with a model at its defaults (``figures_shown``: see
        :class:`~webapp.pages.view.PageView`)."""
        return self.view_class()(figures_shown=figures_shown)
