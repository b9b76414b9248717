"""The split-draw lever (static/boot.js, finishDrawing): the live document's root drawn in
several tasks, BokehJS's own steps of DOMView.build and LayoutDOMView.compute_layout with
yields between them; the page it draws is whole, laid out and live, and the same as the one
BokehJS draws of the same views in one call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitetools import AppPage, assert_moo2_shot_live

WARNINGS = r"""
(() => {
  // BokehJS's logger warns through console.warn ("... wasn't built properly": a root told of
  // a resize before it was drawn draws itself again).
  window.rfWarnings = [];
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    window.rfWarnings.push(args.map(String).join(' '));
    warn(...args);
  };
})();
"""

DRAWN = r"""() => {
  const views = (view) => [view, ...[...(view.children_views?.() ?? [])]
    .filter((child) => child != null).flatMap(views)];
  const all = [...Bokeh.index].flatMap(views);
  const plots = all.filter((view) => view.model.type === 'Figure');
  // The placeholders the tree was put in the page with (comments 'rf-part'), left anywhere.
  let left = 0;
  const walk = (root) => {
    const comments = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
    while (comments.nextNode()) if (comments.currentNode.data === 'rf-part') left += 1;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  return {
    tasks: Number(document.documentElement.dataset.drawTasks || 0),
    parts: Number(document.documentElement.dataset.drawParts || 0),
    left,
    relayouts: document.documentElement.dataset.drawRelayouts ?? null,
    observer: String(window.ResizeObserver).includes('[native code]'),
    // The views with a size that their resize observer has not told of it (BokehJS's
    // UIElementView.after_resize sets _resized), but for a plot's canvas, which leaves it to
    // its plot; and those told.
    untold: all.filter((view) => view._resized === false && view.bbox?.width > 0
      && view.bbox?.height > 0 && !(view.plot_views?.length > 0)).map(String),
    told: all.filter((view) => view._resized === true).length,
    warnings: window.rfWarnings,
    roots: [...Bokeh.index].map((view) => view.has_finished()),
    plots: plots.map((view) => [view.bbox.width, view.bbox.height]),
  };
}"""


# Every view of the live page (a path in the tree of views: its type, whether BokehJS counts
# it built, its box, the CSS it and its parent wrote for it) and each plot's pixels, once the
# browser has told the views their sizes.
STATE = r"""async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
  const views = (view, path) => [[path, view], ...(view.children_views?.() ?? [])
    .filter((child) => child != null).flatMap((child, i) => views(child, `${path}/${i}`))];
  return [...Bokeh.index].flatMap((root, i) => views(root, String(i))).map(([path, view]) => ({
    path,
    type: view.constructor.name,
    built: view._was_built,
    bbox: view.bbox ? [view.bbox.x, view.bbox.y, view.bbox.width, view.bbox.height] : null,
    style: view.style?.css ?? null,
    parent_style: view.parent_style?.css ?? null,
    pixels: view.model.type === 'Figure' ? view.canvas_view.compose().canvas.toDataURL() : null,
  }));
}"""

# BokehJS's own drawing of the same views, in one call: a layout's render, r_after_render
# and layout (LayoutDOMView.invalidate_render), another view's render and r_after_render
# (DOMView.rerender); the roots that draw nothing (Panel's Location, BrowserInfo) left.
REDRAW = """() => {
  for (const root of Bokeh.index) {
    if (root.invalidate_render) root.invalidate_render();
    else root.rerender?.();
  }
}"""


def test_the_root_is_drawn_in_several_tasks_and_whole_with_the_lever(
    open_app: Any, dist: Path
) -> None:
    split = "split-draw" in json.loads((dist / "build.json").read_text())["levers"]
    app: AppPage = open_app("?page=moo2-shot", init_script=WARNINGS)
    app.wait_settled()
    drawn = app.page.evaluate(DRAWN)
    # At least a task each: the views rendered, their after_render, then the root layout's
    # measure_layout, update_bbox and after_layout.
    assert (drawn["tasks"] >= 5) is split, drawn
    # Put in the page in several parts, every one back in its place.
    assert (drawn["parts"] >= 4) is split and drawn["left"] == 0, drawn
    # Nothing asked to lay out again meanwhile, the resize observers the browser's own again,
    # no root drawn twice, and the document finished: each plot laid out at its size.
    assert drawn["relayouts"] is None and drawn["observer"], drawn
    # Every view with a size told of it once the drawing is done, as after a frame.
    assert drawn["untold"] == [] and drawn["told"] > 50, drawn
    assert not [w for w in drawn["warnings"] if "built properly" in w], drawn
    assert drawn["roots"] and all(drawn["roots"]), drawn
    assert drawn["plots"] and all(w > 100 and h > 100 for w, h in drawn["plots"]), drawn
    # The page is the one BokehJS draws of the same views in one call.
    drawn_here = app.page.evaluate(STATE)
    app.page.evaluate(REDRAW)
    by_bokeh = app.page.evaluate(STATE)
    assert len(drawn_here) > 50 and sum(v["pixels"] is not None for v in drawn_here) >= 1
    for here, bokeh in zip(drawn_here, by_bokeh, strict=True):
        assert here == bokeh, (here["path"], here["type"])
    assert_moo2_shot_live(app)
