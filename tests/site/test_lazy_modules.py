"""The ``lazy-modules`` lever (sitebuild/sliced.py ``LAZY_MODULES``, static/bokeh-sliced.js):
three libraries inside BokehJS's and Panel's bundles (marked, fflate, json-formatter) are not
evaluated with the other modules, only when something first uses what they export.

No page may use them (else the lever would only move their evaluation into the drawing), and
each must work as before once used: its dependants got a stand-in for its exports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitetools import AppPage, assert_moo2_shot_live

from webapp.pages import PAGES

LAZY_IDS = ["37", "746", "ec9d1ffc2e"]
"""The lazy modules' ids in the pinned bundles (fflate, marked, json-formatter), sorted."""

LAZY = "() => window.rfSlicedEval && window.rfSlicedEval.lazy ? rfSlicedEval.lazy() : null"

# Each library used as BokehJS or Panel would use it, in the live page.
USE_THEM = """async () => {
  const { build_view } = Bokeh.require("core/build_views");
  const before = { ...rfSlicedEval.lazy() };
  // marked: BokehJS's Markdown widget renders its text.
  const { Markdown } = Bokeh.require("models/widgets/markdown");
  const markdown = await build_view(
    new Markdown({ text: "**bold** and _slanted_" }), { parent: null });
  markdown.render();
  // fflate: a binary buffer to base64 (gzipped) and back, as BokehJS sends and reads one.
  const buffer = Bokeh.require("core/util/buffer");
  const bytes = new Uint8Array([0, 1, 2, 127, 128, 255]);
  const back = new Uint8Array(buffer.base64_to_buffer(buffer.buffer_to_base64(bytes.buffer)));
  // json-formatter: Panel's JSON pane draws its tree, with the library's stylesheet.
  const styled = () => [...document.head.querySelectorAll("style")]
    .filter((s) => s.textContent.includes(".json-formatter-row")).length;
  const styledBefore = styled();
  const pane = await build_view(
    new Bokeh.Panel.JSON({ text: '{"range": 14, "mounts": ["heavy", "light"]}', depth: 2 }),
    { parent: null });
  document.body.append(pane.el);
  pane.render();
  const rows = pane.shadow_el.querySelectorAll(".json-formatter-row");
  const text = pane.shadow_el.querySelector(".json-formatter-row")?.textContent ?? "";
  pane.el.remove();
  return {
    before,
    after: rfSlicedEval.lazy(),
    markdown: markdown.contents.innerHTML.trim(),
    bytes: Array.from(back),
    styled: [styledBefore, styled()],
    rows: rows.length,
    text,
  };
}"""


def lazy_lever(dist: Path) -> bool:
    return "lazy-modules" in json.loads((dist / "build.json").read_text())["levers"]


def test_no_page_evaluates_a_lazy_library(open_app: Any, dist: Path) -> None:
    app: AppPage = open_app("?page=moo2-shot")
    lazy = app.page.evaluate(LAZY)
    if not lazy_lever(dist):
        assert not lazy, lazy
        return
    assert sorted(lazy) == LAZY_IDS and not any(lazy.values()), lazy
    # Every page drawn in turn (from the landing page, as a visitor goes), then an edit.
    for page in PAGES:
        if page.slug != "moo2-shot":
            app.show_page(page.slug)
        assert not any(app.page.evaluate(LAZY).values()), (page.slug, app.page.evaluate(LAZY))
    app.show_page("moo2-shot")
    assert_moo2_shot_live(app)  # an edit, and its answer back
    assert not any(app.page.evaluate(LAZY).values())
    assert app.console_errors() == []


def test_a_lazy_library_works_once_used(open_app: Any, dist: Path) -> None:
    app: AppPage = open_app("?page=cepheus-attack")
    used = app.page.evaluate(USE_THEM)
    assert used["markdown"] == "<p><strong>bold</strong> and <em>slanted</em></p>"
    assert used["bytes"] == [0, 1, 2, 127, 128, 255]
    assert used["styled"] == [0, 1] and used["rows"] >= 4 and "range" in used["text"]
    if lazy_lever(dist):
        assert not any(used["before"].values()) and all(used["after"].values()), used
        assert sorted(used["after"]) == LAZY_IDS
    assert app.console_errors() == []
