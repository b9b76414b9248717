"""Colours of the two themes, for what CSS cannot reach (Bokeh draws charts on a canvas).

The shell's CSS (``static/app.css``) themes every widget; charts take these values."""

from __future__ import annotations

from typing import Final

THEMES: Final = {
    "light": {
        "background": "#ffffff",
        "text": "#1d2733",
        "muted": "#5b6878",
        "grid": "#e4e8ee",
        "accent": "#1f6fb2",
        "accent2": "#d9822b",
        "accent3": "#3c9a5f",
        "miss": "#9aa7b6",
    },
    "dark": {
        "background": "#1e252d",
        "text": "#e6ebf1",
        "muted": "#9aa7b6",
        "grid": "#2b3541",
        "accent": "#5aa9e6",
        "accent2": "#f2a541",
        "accent3": "#6cc98d",
        "miss": "#5b6878",
    },
}
"""Chart colours per theme: the shell's palette (``static/app.css``)."""
