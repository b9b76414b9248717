"""The registry of pages: one entry per calculator, grouped by rule set.

Each rule set's pages live in their own subpackage (``webapp/pages/moo2/``, ...), whose
``PAGES`` tuple lists them; this module gathers them in navigation order. The landing page,
the navigation and the ``?page=`` deep link all read :data:`PAGES`, so a page exists once
it is listed there (no ``if page == ...`` chains elsewhere).
"""

from __future__ import annotations

from webapp.pages.cepheus import PAGES as CEPHEUS_PAGES
from webapp.pages.lurasko import PAGES as LURASKO_PAGES
from webapp.pages.moo2 import PAGES as MOO2_PAGES
from webapp.pages.registry import Page

__all__ = ["PAGES", "Page", "find_page"]

PAGES: tuple[Page, ...] = (*MOO2_PAGES, *CEPHEUS_PAGES, *LURASKO_PAGES)
"""Every page, in navigation order."""


def find_page(slug: str) -> Page:
    """The page with this slug; ValueError naming the known ones otherwise."""
    for page in PAGES:
        if page.slug == slug:
            return page
    known = ", ".join(page.slug for page in PAGES)
    raise ValueError(f"page must be one of {known}, got {slug!r}")
