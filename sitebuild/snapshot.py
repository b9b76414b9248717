"""Static snapshots of the prerendered pages: the first real numbers without BokehJS.

The prerendered documents (``prerender/<slug>.<theme>[.embed].json.gz``, see prerender.py)
need BokehJS to be drawn: about 3 MB of JavaScript to compile and half a second of layout
before the first number shows. Here the build draws each of them once, in Debian's headless
Chromium, from the staged site itself (the same boot.js path a visitor's browser takes), and
keeps what was drawn as HTML: every shadow root as declarative shadow DOM, every chart as one
image (its canvas layers composed) in a box of the live chart's height, every input with its
value. boot.js puts that HTML on screen as soon as it has
it (``Element.setHTMLUnsafe``), and only then loads BokehJS, for the live app.

Files written, replacing the JSON documents (which are then no longer shipped):
- ``prerender/<slug>.<theme>[.embed].html.json.gz``: ``{"query": defaults, "html": ...}``,
  where each ``<style>`` element is left empty with a ``data-rf-css`` index;
- ``prerender/styles.json.gz``: the list of those stylesheets' texts, each once (BokehJS
  repeats the same few in each of hundreds of shadow roots: 1.5 MB of CSS per page, 125 kB
  of it distinct).

Where no Chromium (or no Playwright) is at hand, the build says so and ships the JSON
documents, which boot.js then draws with BokehJS as before.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

STYLE = re.compile(r"<style([^>]*)>(.*?)</style>", re.S)

VIEWPORT = {"width": 1024, "height": 768}
"""The page is drawn at tablet width; its layout is CSS (grid, flex, percentages), so the same
HTML lays out at any width (checked at 390 px by the browser tests)."""

SERIALIZE = """() => {
  const host = document.getElementById("rf-pre");
  if (host === null) return null;
  const hosts = (node) => {
    const found = [];
    const walk = (n) => {
      for (const el of n.querySelectorAll("*")) {
        if (el.shadowRoot) { found.push(el); walk(el.shadowRoot); }
      }
    };
    walk(node);
    return found;
  };
  // A chart: every layer of its canvas composed into one image, in a box as tall as the
  // chart and as wide as its column, so that it lays out like the live chart at any width.
  for (const el of hosts(host)) {
    const canvas = [...el.shadowRoot.children].find((c) => c.classList.contains("bk-Canvas"));
    if (!canvas || !canvas.shadowRoot || !el.isConnected) continue;
    const box = canvas.getBoundingClientRect();
    const scale = window.devicePixelRatio || 1;
    const out = document.createElement("canvas");
    out.width = Math.round(box.width * scale);
    out.height = Math.round(box.height * scale);
    const ctx = out.getContext("2d");
    for (const layer of canvas.shadowRoot.querySelectorAll("canvas")) {
      const r = layer.getBoundingClientRect();
      ctx.drawImage(layer, (r.left - box.left) * scale, (r.top - box.top) * scale, r.width * scale, r.height * scale);
    }
    const chart = document.createElement("div");
    chart.className = "rf-snapshot-chart";
    const outer = el.getBoundingClientRect();
    chart.setAttribute("style", `${el.getAttribute("style") || ""}; width: 100%; height: ${Math.round(outer.height)}px;`);
    const image = document.createElement("img");
    image.src = out.toDataURL("image/png");
    image.alt = "";
    image.setAttribute("style", `display: block; width: 100%; max-width: ${Math.round(box.width)}px; height: ${Math.round(box.height)}px; object-fit: contain; object-position: left top;`);
    chart.appendChild(image);
    el.replaceWith(chart);
  }
  const roots = hosts(host).map((el) => el.shadowRoot);
  for (const scope of [host, ...roots]) {
    // What the visitor sees in the inputs is their properties; the HTML keeps attributes.
    for (const input of scope.querySelectorAll("input")) {
      if (input.type === "checkbox" || input.type === "radio") input.toggleAttribute("checked", input.checked);
      else input.setAttribute("value", input.value);
    }
    for (const option of scope.querySelectorAll("option")) option.toggleAttribute("selected", option.selected);
    for (const area of scope.querySelectorAll("textarea")) area.textContent = area.value;
  }
  return host.getHTML({ shadowRoots: roots });
}"""

WAIT = """async () => {
  const html = document.documentElement;
  for (let i = 0; i < 600 && html.dataset.prerenderMs === undefined; i++) {
    await new Promise((done) => setTimeout(done, 50));
  }
  if (html.dataset.prerenderMs === undefined) return false;
  // Every stylesheet linked inside the shadow roots loaded, then two frames for the layout.
  const pending = [];
  const walk = (node) => {
    for (const link of node.querySelectorAll("link[rel='stylesheet']")) {
      if (link.sheet === null) pending.push(new Promise((done) => {
        link.addEventListener("load", done, { once: true });
        link.addEventListener("error", done, { once: true });
      }));
    }
    for (const el of node.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document.getElementById("rf-pre"));
  await Promise.all(pending);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return true;
}"""


def browser_available() -> bool:
    from sitebuild import CHROMIUM

    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return Path(CHROMIUM).exists()


def take(site: Path) -> int:
    """Draw every ``prerender/*.json.gz`` of ``site`` in Chromium and write its snapshot.

    Returns the number of snapshots written; the JSON documents are removed once every one
    has its snapshot (all or nothing: a page without one would have no prerender at all)."""
    from playwright.sync_api import sync_playwright

    from sitebuild import CHROMIUM, CHROMIUM_ARGS, make_server

    folder = site / "prerender"
    documents = sorted(folder.glob("*.json.gz"))
    os.environ["RANGEFINDER_QUIET_SERVER"] = "1"
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    styles: dict[str, int] = {}
    snapshots: dict[Path, bytes] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=list(CHROMIUM_ARGS)
            )
            for theme in ("light", "dark"):
                context = browser.new_context(
                    viewport=VIEWPORT,  # type: ignore[arg-type]
                    color_scheme=theme,  # type: ignore[arg-type]
                    service_workers="block",
                )
                # No Python: only the prerendered page is drawn.
                context.route("**/worker.js", lambda route: route.abort())
                page = context.new_page()
                for path in documents:
                    slug, file_theme, *embed = path.name.removesuffix(".json.gz").split(".")
                    if file_theme != theme:
                        continue
                    query = f"?page={slug}" + ("&embed=1" if embed else "")
                    page.goto(base + query)
                    if not page.evaluate(WAIT):
                        raise SystemExit(f"snapshot: {query} ({theme}) was never drawn")
                    html = page.evaluate(SERIALIZE)
                    if not html:
                        raise SystemExit(f"snapshot: {query} ({theme}) has no prerendered page")
                    defaults = json.loads(gzip.decompress(path.read_bytes()))["query"]
                    snapshots[path] = _pack(html, defaults, styles)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    for path, data in snapshots.items():
        path.with_name(path.name.replace(".json.gz", ".html.json.gz")).write_bytes(data)
        path.unlink()
    table = json.dumps(sorted(styles, key=styles.__getitem__), separators=(",", ":"))
    (folder / "styles.json.gz").write_bytes(gzip.compress(table.encode(), 9, mtime=0))
    return len(snapshots)


def _pack(html: str, defaults: dict[str, Any], styles: dict[str, int]) -> bytes:
    def ref(match: re.Match[str]) -> str:
        index = styles.setdefault(match.group(2), len(styles))
        return f'<style{match.group(1)} data-rf-css="{index}"></style>'

    body = {"query": defaults, "html": STYLE.sub(ref, html)}
    text = json.dumps(body, separators=(",", ":")).encode()
    return gzip.compress(text, 9, mtime=0)


def timed_take(site: Path, log: Any) -> bool:
    """:func:`take`, logged; False (the JSON documents kept) when no browser is at hand."""
    if not browser_available():
        log("snapshots: no Chromium/Playwright here; shipping the BokehJS prerender instead")
        return False
    start = time.monotonic()
    count = take(site)
    log(f"snapshots: {count} pages drawn in Chromium in {time.monotonic() - start:.0f} s")
    return True
