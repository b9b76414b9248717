"""The ``layout-first`` lever (sitebuild/patches.py): each new Bokeh layout's CSS written
before BokehJS first measures the new views, so the browser styles a newly drawn tree once.

The edits are checked against the pinned BokehJS and Panel; in a real browser, the effect
itself: from BokehJS's first measure of the new views (when the browser has just styled them)
until the page is done, no new layout's ``display`` changes, in the takeover's drawing and in
a page opened from the list. A change there is what made the browser style the whole tree a
second time (ARCHITECTURE.md, "The patches of Panel and Bokeh").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sitetools import AppPage, wheel_member

from sitebuild import patches
from webapp.pages import find_page

LAID_OUT = "this.update_layout(),this.r_after_render()"


@pytest.mark.parametrize(
    ("wheel", "member", "places"),
    [("bokeh", patches.BOKEH_BUNDLE, 2), ("panel", patches.PANEL_BUNDLE, 1)],
    ids=["bokeh", "panel"],
)
def test_the_edits_lay_out_before_after_render_and_only_with_the_lever(
    wheel: str, member: str, places: int
) -> None:
    original = wheel_member(wheel, member).decode()
    patched = patches.patch_member(member, original.encode(), ["layout-first"]).decode()
    # DOMView.build calls it only where the root has one (a layout); the others are layouts.
    assert (
        patched.count(LAID_OUT) + patched.count("this.update_layout?.(),this.r_after_render()")
        == places
    )
    assert original.count("update_layout(),this.r_after_render()") == 0
    # Nothing else changes: the edits only add the calls.
    assert (
        len(patched) - len(original)
        == sum(
            len(e.new) - len(e.old)
            for e in patches.EDITS
            if e.path == member and e.lever == "layout-first"
        )
        > 0
    )
    assert patches.patch_member(member, original.encode(), []).decode() == original


FIRST_MEASURE = r"""
(() => {
  // The display of each new Bokeh view's host (every Bokeh view's element has a shadow root)
  // when BokehJS first measures one of the new views: the browser has just styled them.
  const state = { armed: true, before: new WeakSet(), seen: null };
  const hosts = () => {
    const out = [];
    const app = document.getElementById('rf-app');
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) { out.push(el); walk(el.shadowRoot); }
      }
    };
    if (app) walk(app);
    return out;
  };
  const inApp = (el) => {
    for (let node = el; node; node = node.getRootNode().host) {
      const app = document.getElementById('rf-app');
      if (node.getRootNode() === document) return !!app?.contains(node);
    }
    return false;
  };
  const measure = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () {
    if (state.armed && this.shadowRoot && !state.before.has(this) && inApp(this)) {
      state.armed = false;
      state.seen = hosts().filter((el) => !state.before.has(el))
        .map((el) => [el, getComputedStyle(el).display]);
    }
    return measure.call(this);
  };
  window.rfArmFirstMeasure = () => {
    for (const el of hosts()) state.before.add(el);
    state.armed = true;
    state.seen = null;
  };
  const now = (el) => getComputedStyle(el).display;
  // The layouts: hosts laid out as flex or grid in the end (a renderer's element, such as a
  // plot's grid, may be hidden later; that is not a layout's CSS).
  const layout = (el) => el.isConnected && /^(inline-)?(flex|grid)$/.test(now(el));
  window.rfDisplaysSinceFirstMeasure = () => state.seen && {
    hosts: state.seen.length,
    layouts: state.seen.filter(([el]) => layout(el)).length,
    changed: state.seen.filter(([el, d]) => layout(el) && now(el) !== d)
      .map(([el, d]) => `${String(el.className).slice(0, 60)}: ${d} -> ${now(el)}`),
  };
})();
"""


def displays(app: AppPage) -> dict[str, Any]:
    seen = app.page.evaluate("window.rfDisplaysSinceFirstMeasure()")
    assert seen is not None, "BokehJS measured no new view"
    return seen


def test_a_new_tree_keeps_its_layouts_display_from_the_first_measure_with_the_lever(
    open_app: Any, dist: Path
) -> None:
    laid_out_first = "layout-first" in json.loads((dist / "build.json").read_text())["levers"]
    app: AppPage = open_app("?page=cepheus-attack", init_script=FIRST_MEASURE)
    app.page.locator(".rf-summary .rf-figure").first.wait_for()
    app.wait_settled()
    drawn = displays(app)
    # A page opened from the list, without reloading: Panel's Column gets a new child.
    app.page.locator(".bk-btn:text-is('All calculators')").first.click()
    app.page.locator("a.rf-open").first.wait_for(timeout=30_000)
    app.wait_settled()
    app.page.evaluate("window.rfArmFirstMeasure()")
    title = find_page("moo2-shot").title
    app.page.locator(f"a.rf-open:text-is('Open {title}')").first.click()
    app.page.locator("h1.rf-page-title", has_text=title).first.wait_for(timeout=30_000)
    app.page.locator(".rf-summary .rf-figure").first.wait_for(timeout=30_000)
    app.wait_settled()
    opened = displays(app)
    for seen in (drawn, opened):
        # Enough of the page to matter: its layouts among them.
        assert seen["hosts"] > 40 and seen["layouts"] > 10, seen
        assert (seen["changed"] == []) is laid_out_first, seen
    assert app.python_errors() == [] and app.failed_requests() == []
