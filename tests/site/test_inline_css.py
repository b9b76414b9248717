"""The ``inline-css`` lever (static/boot.js, ``inlineStylesheets``): the stylesheets the live
document links, given to BokehJS as text, so that the page is styled with them from its first
drawing instead of once more when each ``<link>`` has loaded.

In a real browser: with the lever, no component of the live page links one of Panel's CSS files
that its document names, each is in the page as ``<style>``s with the file's text (its relative
``url()``s made absolute, as its link would resolve them), and so after a page is opened from the
list; without it, the components link them, as BokehJS makes them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitetools import AppPage

import sitebuild

STYLESHEETS = r"""() => {
  const roots = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { roots.push(el.shadowRoot); walk(el.shadowRoot); }
    }
  };
  walk(document.getElementById('rf-app'));
  const links = {};
  const styles = {};
  for (const root of roots) {
    for (const link of root.querySelectorAll("link[rel='stylesheet']")) {
      links[link.href] = (links[link.href] || 0) + 1;
    }
    for (const style of root.querySelectorAll('style')) {
      styles[style.textContent] = (styles[style.textContent] || 0) + 1;
    }
  }
  return { roots: roots.length, links, styles };
}"""

THEME = ("bundled/theme/default.css", "bundled/theme/native.css")
"""Panel's theme files, linked from every component's shadow root."""


def panel_dist(dist: Path) -> Path:
    panel = next(p for p in sitebuild.BROWSER_WHEELS if p.name == "panel")
    return dist / "panel" / panel.version / "dist"


def assert_theme_held(app: AppPage, dist: Path, inlined: bool, roots: int) -> dict[str, Any]:
    """Each of the live page's more than ``roots`` components holds each theme file as text
    and links none (``inlined``), or links it and holds no text; what was found."""
    found = app.page.evaluate(STYLESHEETS)
    assert found["roots"] > roots, found["roots"]
    for name in THEME:
        styles = found["styles"].get((panel_dist(dist) / name).read_text(), 0)
        links = sum(n for href, n in found["links"].items() if href.endswith(f"/dist/{name}"))
        if inlined:
            assert links == 0 and styles > roots, (name, styles, links)
        else:
            assert links > roots and styles == 0, (name, styles, links)
    return found


def test_panel_stylesheets_are_text_in_the_page_with_the_lever(open_app: Any, dist: Path) -> None:
    inlined = "inline-css" in json.loads((dist / "build.json").read_text())["levers"]
    app: AppPage = open_app("?page=cepheus-attack")
    app.wait_settled()
    found = assert_theme_held(app, dist, inlined, 50)  # about 100 components on this page
    # loading.css names its spinners relative to itself: made absolute, to where its <link>
    # would have them (the build ships no spinner: sitebuild.PANEL_DIST_KEEP).
    spinners = [t for t in found["styles"] if "arc_spinner.svg" in t]
    assert bool(spinners) is inlined
    if inlined:
        base = app.page.url.split("?")[0]
        version = panel_dist(dist).parent.name
        url = f"{base}panel/{version}/dist/assets/arc_spinner.svg"
        assert f"url('{url}')" in spinners[0], spinners[0][:300]
        assert "../assets/" not in spinners[0]
    # A page opened from the list: its components get the texts fetched for the first.
    app.show_page("moo2-shot")
    app.wait_settled()
    assert_theme_held(app, dist, inlined, 20)
    assert app.python_errors() == [] and app.failed_requests() == []
