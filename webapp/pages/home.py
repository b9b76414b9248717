"""The landing page: every rule set and the pages that exist for it."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

import panel as pn

from webapp.pages import PAGES

__all__ = ["HomeView"]


class HomeView(pn.viewable.Viewer):
    """Lists the calculators, grouped by rule set; a button opens each."""

    def __init__(self, navigate: Callable[[str], None], **params: object) -> None:
        super().__init__(**params)
        intro = pn.pane.Markdown(
            "# Rangefinder\n"
            "Exact answers to combat-rules questions, mid-game: every probability is "
            "computed exactly from the rules, not simulated. Everything runs in this page, "
            "offline once it has loaded.",
            sizing_mode="stretch_width",
        )
        sections: list[pn.viewable.Viewable] = [intro]
        for system, pages in groupby(PAGES, key=lambda p: p.system):
            cards = []
            for page in pages:
                button = pn.widgets.Button(label=f"Open {page.title}", color="primary", width=200)
                button.on_click(lambda _e, slug=page.slug: navigate(slug))
                cards.append(
                    pn.Column(
                        pn.pane.Markdown(f"### {page.title}\n{page.summary}"),
                        button,
                        # Sizes as CSS flex, not Panel's max/min widths: Bokeh would give the
                        # row the sum of the cards' widths, and they could not wrap.
                        styles={
                            "border": "1px solid var(--rf-border)",
                            "border-radius": "8px",
                            "flex": "1 1 260px",
                            "max-width": "420px",
                        },
                        sizing_mode="stretch_width",
                        margin=(5, 10),
                    )
                )
            sections.append(pn.pane.Markdown(f"## {system}", margin=(15, 10, 0, 10)))
            sections.append(
                pn.Row(
                    *cards,
                    sizing_mode="stretch_width",
                    styles={"flex-wrap": "wrap", "min-width": "0"},
                )
            )
        self._layout = pn.Column(*sections, sizing_mode="stretch_width", styles={"min-width": "0"})

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
