"""Master of Orion II 1.50 pages (rules: :mod:`rules.moo2`)."""

from __future__ import annotations

import panel as pn

from webapp.pages.registry import Page

__all__ = ["PAGES"]

SYSTEM = "Master of Orion II (1.50)"


def _shot() -> pn.viewable.Viewer:
    from webapp.pages.moo2.shot import Moo2ShotView

    return Moo2ShotView()


PAGES: tuple[Page, ...] = (
    Page(
        "moo2-shot",
        SYSTEM,
        "Beam shot",
        "Chance to hit, damage potential and the exact damage distribution of one beam "
        "shot, with the range penalty of every mount.",
        _shot,
    ),
)
