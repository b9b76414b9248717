"""Bokeh figures in Rangefinder's themes."""

from __future__ import annotations

from bokeh.plotting import figure

from webapp.theme import THEMES

__all__ = ["style_figure"]


def style_figure(fig: figure, theme: str) -> None:
    """Colour ``fig`` (background, text, grid, legend) for ``theme`` ("light" or "dark")."""
    colours = THEMES[theme]
    fig.background_fill_color = colours["background"]
    fig.border_fill_color = colours["background"]
    fig.outline_line_color = colours["grid"]
    fig.title.text_color = colours["text"]
    for axis in (*fig.xaxis, *fig.yaxis):
        axis.axis_label_text_color = colours["text"]
        axis.major_label_text_color = colours["text"]
        axis.axis_line_color = colours["muted"]
        axis.major_tick_line_color = colours["muted"]
        axis.minor_tick_line_color = None
    for grid in (*fig.xgrid, *fig.ygrid):
        grid.grid_line_color = colours["grid"]
    for legend in fig.legend:
        legend.background_fill_color = colours["background"]
        legend.background_fill_alpha = 0.85
        legend.label_text_color = colours["text"]
        legend.border_line_color = colours["grid"]
