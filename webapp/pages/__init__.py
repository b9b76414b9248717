"""The registry of pages: one entry per calculator, grouped by rule set.

The landing page lists exactly these; the navigation and the ``?page=`` deep link use the
slugs. Add a page by adding a :class:`Page` here (no ``if page == ...`` chains elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import panel as pn

__all__ = ["PAGES", "Page", "find_page"]


@dataclass(frozen=True)
class Page:
    """One page of the app."""

    slug: str
    """The ``?page=`` value, e.g. ``moo2-shot``."""
    system: str
    """The rule set, as players name it."""
    title: str
    summary: str
    factory: Callable[[], pn.viewable.Viewer]
    """Builds the page's view (called once per visit, then kept while navigating)."""


def _moo2_shot() -> pn.viewable.Viewer:
    from webapp.pages.moo2_shot import Moo2ShotView

    return Moo2ShotView()


PAGES: tuple[Page, ...] = (
    Page(
        "moo2-shot",
        "Master of Orion II (1.50)",
        "Beam shot",
        "Chance to hit, damage potential and the exact damage distribution of one beam "
        "shot, with the range penalty of every mount.",
        _moo2_shot,
    ),
)
"""Every page, in navigation order."""


def find_page(slug: str) -> Page:
    """The page with this slug; ValueError naming the known ones otherwise."""
    for page in PAGES:
        if page.slug == slug:
            return page
    known = ", ".join(page.slug for page in PAGES)
    raise ValueError(f"page must be one of {known}, got {slug!r}")
