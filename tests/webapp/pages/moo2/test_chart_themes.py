"""The MOO2 chart pages (range, heatmap, compare) recolour their charts with the theme."""

from __future__ import annotations

from webapp.pages.moo2.compare import Moo2CompareView
from webapp.pages.moo2.heatmap import Moo2HeatmapView
from webapp.pages.moo2.range import Moo2RangeView


def test_theme_recolours_every_chart() -> None:
    for view in (Moo2RangeView(), Moo2HeatmapView(), Moo2CompareView()):
        view.set_theme("dark")
        dark = [fig.background_fill_color for fig in view._charts]
        view.set_theme("light")
        assert [fig.background_fill_color for fig in view._charts] != dark
