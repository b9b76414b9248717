"""CSS for Panel panes, which live in shadow roots that the shell's ``app.css`` cannot reach.

Colours come from the shell's custom properties (``--rf-*``), which do inherit into shadow
roots, so these follow the theme toggle too."""

from __future__ import annotations

__all__ = ["HOME_CSS", "INPUT_CSS", "LAYOUT_CSS", "LIST_CSS", "PANE_CSS", "RESULT_CSS", "TABLE_CSS"]

INPUT_CSS = "label { white-space: normal; overflow-wrap: break-word; }"
"""An input's label wraps (Bokeh keeps it on one line, wider than a phone when it is long)."""

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
.rf-page-title { margin: 0.5rem 0 0.25rem; font-size: 1.35rem; font-weight: 700; line-height: 1.25;
  color: var(--rf-text, #1d2733); display: flex; flex-wrap: wrap; align-items: baseline;
  gap: 0 0.6rem; }
.rf-page-system { font-size: 0.85rem; font-weight: 500; color: var(--rf-muted, #5b6878); }
.rf-compare-head { margin: 0.25rem 0; font-size: 0.9rem; color: var(--rf-text, #1d2733); }
.rf-compared { font-size: 0.85rem; color: var(--rf-text, #1d2733); margin-top: 0.15rem; }
.rf-diff { font-size: 0.8rem; color: var(--rf-muted, #5b6878); }
.rf-changed { border-color: var(--rf-focus, #b34700); border-width: 2px; }
.rf-changed .rf-diff { color: var(--rf-focus, #b34700); font-weight: 650; }
.rf-heading { margin: 0.6rem 0 0.2rem; font-size: 1.1rem; font-weight: 650; line-height: 1.3;
  color: var(--rf-text, #1d2733); }
@media (max-width: 760px) {
  .rf-figures { gap: 0.4rem; margin: 0.25rem 0; }
  .rf-figure { min-width: 6.5rem; flex: 1 1 28%; padding: 0.3rem 0.5rem; }
  .rf-big { font-size: 1.35rem; }
  .rf-label { font-size: 0.78rem; }
  .rf-note { font-size: 0.8rem; }
}
"""
"""Big result figures (``rf-figure``/``rf-big``/``rf-label``) and notes (``rf-note``)."""

LAYOUT_CSS = """
:host { min-width: 0; }
@media (min-width: 761px) {
  :host { display: grid !important; column-gap: 1rem; align-items: start;
    grid-template-columns: minmax(280px, 400px) minmax(0, 1fr);
    grid-template-areas: "inputs summary" "inputs details"; grid-template-rows: auto 1fr; }
  .rf-inputs { grid-area: inputs; }
  .rf-summary { grid-area: summary; }
  .rf-details { grid-area: details; }
}
/* A link's view= shows one part of the page alone (webapp.app.VIEWS): no grid then. */
:host(.rf-view-result), :host(.rf-view-chart) { display: flex !important;
  flex-direction: column; }
:host(.rf-view-result) .rf-summary { position: static; box-shadow: none; }
@media (max-width: 760px) {
  /* The answer first, and kept in view while the inputs below it change. */
  .rf-summary { position: sticky; top: 0; z-index: 10; background: var(--rf-bg, #f6f7f9);
    box-shadow: 0 6px 6px -6px rgba(0, 0, 0, 0.25); padding-bottom: 0.25rem; }
}
@media print {
  .rf-summary { position: static !important; box-shadow: none !important; }
}
"""
"""The page layout (:func:`webapp.components.page_layout`): a grid on a wide screen; on a
narrow one the key figures, sticky at the top, then the inputs, then the details."""

TABLE_CSS = """
.rf-table-box { overflow-x: auto; max-width: 100%; }
.rf-table { border-collapse: collapse; width: 100%; font-size: 0.92rem;
  font-variant-numeric: tabular-nums; color: var(--rf-text, #1d2733); }
.rf-table caption { text-align: left; font-weight: 650; padding: 0.25rem 0; }
.rf-table th, .rf-table td { padding: 0.25rem 0.5rem; text-align: left; vertical-align: top;
  border-bottom: 1px solid var(--rf-border, #d9dee5); }
.rf-table th { color: var(--rf-muted, #5b6878); font-weight: 600; }
.rf-table .rf-num { text-align: right; white-space: nowrap; }
.rf-table tr.rf-total td { font-weight: 700; border-top: 2px solid var(--rf-muted, #5b6878);
  border-bottom: none; }
.rf-table tr.rf-current td { background: rgba(90, 169, 230, 0.18); font-weight: 650; }
.rf-log { margin: 0; padding: 0.5rem 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere;
  font-size: 0.85rem; line-height: 1.45; border: 1px solid var(--rf-border, #d9dee5);
  border-radius: 6px; background: var(--rf-surface, #fff); color: var(--rf-text, #1d2733); }
@media (max-width: 560px) {
  .rf-table { font-size: 0.85rem; }
  .rf-table th, .rf-table td { padding: 0.2rem 0.3rem; }
}
@media print {
  /* Denser on paper: a reference card fits one page (A4 or Letter). */
  .rf-table th, .rf-table td { padding: 0.1rem 0.4rem; }
  .rf-table-box { overflow: visible; }
  .rf-chart-table summary { display: none; }
}
.rf-chart-table { margin: 0 0 0.75rem; font-size: 0.9rem; color: var(--rf-text, #1d2733); }
.rf-chart-table summary { cursor: pointer; color: var(--rf-muted, #5b6878); padding: 0.25rem 0; }
.rf-warn { margin: 0.25rem 0; padding: 0.4rem 0.6rem; border-left: 4px solid #d9822b;
  background: rgba(217, 130, 43, 0.12); color: var(--rf-text, #1d2733); }
"""
"""Tables (``rf-table``), the roll log (``rf-log``) and warnings (``rf-warn``)."""

LIST_CSS = """
.rf-section { margin: 0.75rem 0 0.25rem; font-size: 1.05rem; font-weight: 650;
  color: var(--rf-text, #1d2733); }
.rf-steps { list-style: none; counter-reset: rf-step; margin: 0; padding: 0; }
.rf-step { counter-increment: rf-step; position: relative; margin: 0 0 0.5rem;
  padding: 0.45rem 0.6rem 0.5rem 2.6rem; border: 1px solid var(--rf-border, #d9dee5);
  border-radius: 8px; background: var(--rf-surface, #fff); color: var(--rf-text, #1d2733); }
.rf-step::before { content: counter(rf-step); position: absolute; left: 0.55rem; top: 0.45rem;
  width: 1.5rem; height: 1.5rem; border-radius: 50%; background: var(--rf-accent, #1f6fb2);
  color: var(--rf-surface, #fff); font-size: 0.8rem; font-weight: 700; line-height: 1.5rem;
  text-align: center; }
.rf-step-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.5rem; }
.rf-step-label { font-weight: 650; font-size: 1rem; }
.rf-badge { font-size: 0.75rem; padding: 0 0.4rem; border-radius: 0.6rem;
  border: 1px solid var(--rf-border, #d9dee5); color: var(--rf-muted, #5b6878); }
.rf-step-why { margin: 0.15rem 0 0.25rem; font-size: 0.9rem; color: var(--rf-muted, #5b6878);
  overflow-wrap: anywhere; }
.rf-nums { display: flex; flex-wrap: wrap; gap: 0.3rem 0.5rem; margin: 0; }
.rf-numval { display: inline-flex; align-items: baseline; gap: 0.3rem; padding: 0.1rem 0.45rem;
  border-radius: 6px; background: var(--design-secondary-color, #e4e8ee); font-size: 0.85rem; }
.rf-numval dt { color: var(--rf-muted, #5b6878); margin: 0; }
.rf-numval dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
.rf-numval.rf-changed dd { color: var(--rf-accent, #1f6fb2); }
.rf-was { font-weight: 400; color: var(--rf-muted, #5b6878); text-decoration: line-through;
  margin-right: 0.2rem; }
.rf-list { margin: 0.25rem 0; padding-left: 1.25rem; font-size: 0.95rem;
  color: var(--rf-text, #1d2733); }
.rf-list li { margin: 0.15rem 0; }
.rf-none { color: var(--rf-muted, #5b6878); font-size: 0.9rem; margin: 0.25rem 0; }
"""
"""Step lists (``rf-steps``: each rule applied, with the numbers after it) and plain lists."""

PANE_CSS = [RESULT_CSS, TABLE_CSS, LIST_CSS]
"""Stylesheets of every HTML pane (:func:`webapp.components.html_pane`)."""

HOME_CSS = """
.rf-home-title { margin: 0.75rem 0 0.25rem; font-size: 1.75rem; font-weight: 700;
  color: var(--rf-text, #1d2733); }
.rf-home-intro { margin: 0 0 0.5rem; font-size: 0.95rem; color: var(--rf-text, #1d2733); }
.rf-home-system { margin: 1.25rem 0 0.5rem; font-size: 1.25rem; font-weight: 650;
  color: var(--rf-text, #1d2733); }
.rf-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 0.75rem; list-style: none; margin: 0; padding: 0; }
.rf-card { display: flex; flex-direction: column; padding: 0.6rem 0.75rem 0.75rem;
  border: 1px solid var(--rf-border, #d9dee5); border-radius: 8px;
  background: var(--rf-surface, #fff); color: var(--rf-text, #1d2733); }
.rf-card h3 { margin: 0 0 0.35rem; font-size: 1.05rem; font-weight: 650; }
.rf-card p { flex: 1; margin: 0 0 0.6rem; font-size: 0.9rem; line-height: 1.4; }
.rf-open { align-self: flex-start; min-width: 12rem; padding: 0.55rem 1rem; border-radius: 4px;
  background: var(--design-primary-color, #1f6fb2);
  color: var(--design-primary-text-color, #fff); font-size: 0.95rem; font-weight: 600;
  text-align: center; text-decoration: none; }
.rf-open:hover { filter: brightness(1.1); text-decoration: underline; }
.rf-open:focus-visible { outline: 3px solid var(--rf-focus, #b34700); outline-offset: 2px; }
@media (max-width: 560px) {
  .rf-open { align-self: stretch; }
}
@media print {
  .rf-open { background: none; color: inherit; padding: 0; }
}
"""
"""The landing page (:mod:`webapp.pages.home`): a grid of cards, each a calculator's title,
summary and link, drawn as a button."""
