"""CSS for Panel panes, which live in shadow roots that the shell's ``app.css`` cannot reach.

Colours come from the shell's custom properties (``--rf-*``), which do inherit into shadow
roots, so these follow the theme toggle too."""

from __future__ import annotations

__all__ = ["RESULT_CSS"]

RESULT_CSS = """
.rf-figures { display: flex; flex-wrap: wrap; gap: 0.75rem 1.5rem; margin: 0.25rem 0 0.5rem; }
.rf-figure { display: flex; flex-direction: column; min-width: 9rem; padding: 0.5rem 0.75rem;
  border: 1px solid var(--rf-border, #d9dee5); border-radius: 8px;
  background: var(--rf-surface, #fff); }
.rf-big { font-size: 2rem; font-weight: 700; line-height: 1.15; color: var(--rf-text, #1d2733);
  font-variant-numeric: tabular-nums; }
.rf-label { font-size: 0.85rem; color: var(--rf-muted, #5b6878); }
.rf-label code { font-size: 0.8rem; }
.rf-note { margin: 0.25rem 0; color: var(--rf-muted, #5b6878); font-size: 0.9rem; }
"""
"""Big result figures (``rf-figure``/``rf-big``/``rf-label``) and notes (``rf-note``)."""
