"""The landing page: every rule set and the pages that exist for it.

The page is one HTML pane, and each calculator a link (``?page=<slug>``), not a Panel button:
one Bokeh model instead of some 200 (a button, a Markdown pane and a column per page, each
with its stylesheets), so the landing document costs Python and BokehJS a fraction of what it
did (it is the first page most visitors wait for). A link is also what it is: middle-click or
a long press opens the calculator in a new tab. The prerendered page shown before Python is up
is inert (its links too); once the app is live, ``static/boot.js`` turns a plain click on a
link carrying ``data-rf-page`` into :meth:`webapp.app.App.navigate` (no reload).
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn

from webapp.pages import SYSTEMS, pages_of
from webapp.styles import HOME_CSS

__all__ = ["HomeView", "home_html"]

INTRO = (
    "Exact answers to combat-rules questions, mid-game: every probability is computed exactly "
    "from the rules, not simulated. Everything runs in this page, offline once it has loaded."
)


def home_html() -> str:
    """The landing page's HTML: a title, the intro, and per rule set a list of cards, each a
    calculator's title, summary and link."""
    out = [
        "<h1 class='rf-home-title'>Rangefinder</h1>",
        f"<p class='rf-home-intro'>{html.escape(INTRO)}</p>",
    ]
    for number, system in enumerate(SYSTEMS):
        heading = f"rf-system-{number}"
        out.append(
            f"<section aria-labelledby='{heading}'>"
            f"<h2 class='rf-home-system' id='{heading}'>{html.escape(system.name)}</h2>"
            "<ul class='rf-cards'>"
        )
        for page in pages_of(system):
            title, slug = html.escape(page.title), html.escape(page.slug)
            out.append(
                "<li class='rf-card'>"
                f"<h3>{title}</h3><p>{html.escape(page.summary)}</p>"
                f"<a class='rf-open' href='?page={slug}' data-rf-page='{slug}'>Open {title}</a>"
                "</li>"
            )
        out.append("</ul></section>")
    return "".join(out)


class HomeView(pn.viewable.Viewer):
    """Lists the calculators, grouped by rule set; a link opens each."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._layout = pn.pane.HTML(
            home_html(), stylesheets=[HOME_CSS], sizing_mode="stretch_width", margin=(0, 10)
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
