"""Static snapshots of the prerendered pages: the first real numbers without BokehJS.

The prerendered documents (``prerender/<slug>.<theme>[.embed].json.gz``, see prerender.py)
need BokehJS to be drawn: about 3 MB of JavaScript to compile and half a second of layout
before the first number shows. Here the build draws each of them once, in Debian's headless
Chromium, from the staged site itself (the same boot.js path a visitor's browser takes), and
keeps what was drawn as HTML: every shadow root as declarative shadow DOM, every chart as one
lossless WebP image (every canvas of the figure composed: plot, legend, overlays) in a box of
the live chart's height, every input with its value. boot.js puts that HTML on screen as soon
as it has it (``Element.setHTMLUnsafe``), and only then loads BokehJS, for the live app.

At tablet width and wider the snapshot has the live page's layout, so the takeover does not
move anything. On a narrower screen the chart pictures are scaled down to the column's width
inside a box of the live chart's height (the live chart keeps its height and narrows), so
nothing below a chart moves either; the picture is smaller than the chart that replaces it.

Files written, replacing the JSON documents (which are then no longer shipped):
- ``prerender/<slug>.light.html.json.gz``: ``{"query": defaults, "html": ...}``, where each
  ``<style>`` element is left empty with a ``data-rf-css`` index, each stylesheet linked in a
  shadow root is such a ``<style>`` too, and the sheets that can style nothing of the page
  (empty ones, Panel's ``loading.css``) are left out (see :func:`_html`);
- ``prerender/<slug>.dark.html.json.gz``, ``<slug>.<theme>.embed.html.json.gz``:
  ``{"query": defaults, "edits": [[start, length, text], ...]}``, the exact edits that turn the
  HTML of the file before it in :func:`chain` into this variant's (see :func:`diff`). The four
  variants of a page are nearly the same document: the embedded one differs from the page by a
  few bytes (its ids, two stylesheet indexes, the title's visibility) and carries the same
  chart pictures; the dark one differs from the light one in colours and pictures. Shipped
  whole, each of the four repeated the rest (half of every file, and every picture twice);
  as edits, a page's four files are about half the bytes. theme.js asks for every file of the
  chain at once, so the first number waits for no extra round trip; boot.js applies them
  (the browser tests check that what it draws is byte for byte the HTML drawn here);
- ``prerender/styles.json.gz``: the list of those stylesheets' texts, each once (BokehJS
  repeats the same few in each of hundreds of shadow roots: 1.5 MB of CSS per page, 125 kB
  of it distinct).

Where no Chromium (or no Playwright) is at hand, the build says so and ships the JSON
documents, which boot.js then draws with BokehJS as before.
"""

from __future__ import annotations

import base64
import functools
import gzip
import io
import json
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

from sitebuild.serve import CHROMIUM, CHROMIUM_ARGS, make_server
from sitebuild.shell import Font

STYLE = re.compile(r"<style([^>]*)>(.*?)</style>", re.S)
PNG = re.compile(r'"data:image/png;base64,([A-Za-z0-9+/=]+)"')

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
  // A chart: every canvas drawn inside it (plot layers, legends, other canvas overlays, in
  // document order) composed into one image, in a box as tall as the chart and as wide as its
  // column, so that it lays out like the live chart at any width.
  const canvases = (node) => {
    const found = [];
    for (const el of node.querySelectorAll("*")) {
      if (el.tagName === "CANVAS") found.push(el);
      if (el.shadowRoot) found.push(...canvases(el.shadowRoot));
    }
    return found;
  };
  for (const el of hosts(host)) {
    if (!el.isConnected || !el.classList.contains("bk-Figure")) continue;
    const layers = canvases(el.shadowRoot).filter((c) => c.width > 0 && c.height > 0);
    if (layers.length === 0) continue;
    const box = el.getBoundingClientRect();
    const scale = window.devicePixelRatio || 1;
    const out = document.createElement("canvas");
    out.width = Math.round(box.width * scale);
    out.height = Math.round(box.height * scale);
    const ctx = out.getContext("2d");
    for (const layer of layers) {
      const r = layer.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const [x, y] = [(r.left - box.left) * scale, (r.top - box.top) * scale];
      ctx.drawImage(layer, x, y, r.width * scale, r.height * scale);
    }
    // Text Bokeh lays over the canvas as HTML (legend labels, for one): drawn too.
    const texts = (node) => {
      const found = [];
      for (const el of node.querySelectorAll("*")) {
        if (el.shadowRoot) found.push(...texts(el.shadowRoot));
        if (el.children.length === 0 && el.tagName !== "CANVAS" && el.textContent.trim()) {
          found.push(el);
        }
      }
      return found;
    };
    for (const label of texts(el.shadowRoot)) {
      const r = label.getBoundingClientRect();
      const style = getComputedStyle(label);
      if (r.width === 0 || style.visibility === "hidden" || style.display === "none") continue;
      const size = parseFloat(style.fontSize) * scale;
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${size}px ${style.fontFamily}`;
      ctx.fillStyle = style.color;
      ctx.textBaseline = "middle";
      const [x, y] = [(r.left - box.left) * scale, (r.top + r.height / 2 - box.top) * scale];
      ctx.fillText(label.textContent.trim(), x, y);
    }
    const chart = document.createElement("div");
    chart.className = "rf-snapshot-chart";
    const [width, height] = [Math.round(box.width), Math.round(box.height)];
    const own = el.getAttribute("style") || "";
    chart.setAttribute("style", `${own}; width: 100%; height: ${height}px;`);
    const image = document.createElement("img");
    image.src = out.toDataURL("image/png");
    image.alt = "";
    image.setAttribute("style", `display: block; width: 100%; max-width: ${width}px; `
      + `height: ${height}px; object-fit: contain; object-position: left top;`);
    chart.appendChild(image);
    el.replaceWith(chart);
  }
  const roots = hosts(host).map((el) => el.shadowRoot);
  for (const scope of [host, ...roots]) {
    // What the visitor sees in the inputs is their properties; the HTML keeps attributes.
    for (const input of scope.querySelectorAll("input")) {
      if (input.type === "checkbox" || input.type === "radio") {
        input.toggleAttribute("checked", input.checked);
      } else {
        input.setAttribute("value", input.value);
      }
    }
    for (const option of scope.querySelectorAll("option")) {
      option.toggleAttribute("selected", option.selected);
    }
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


FONTS = """() => {
  const fonts = {};
  const visit = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) visit(el.shadowRoot);
      if (!el.checkVisibility()) continue;
      let text = "";
      for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) text += node.data;
      if (el.localName === "input" && !["checkbox", "radio", "range", "hidden"].includes(el.type)) {
        text += el.value;
      }
      if (el.localName === "select") text += el.selectedOptions[0]?.text ?? "";
      text = text.replace(/\\s+/g, "");
      if (!text) continue;
      const style = getComputedStyle(el);
      const key = JSON.stringify(
        [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily]);
      fonts[key] = (fonts[key] ?? "") + text;
    }
  };
  const host = document.getElementById("rf-pre");
  if (host !== null) visit(host);
  return fonts;
}"""
"""JS: the text the drawn snapshot shows (its elements' own text, an input's value, a
select's chosen option), by the font it is drawn in (computed style, weight, size, family,
as JSON): what ``shell.font_warmup`` lays out ahead."""


FONT_WIDTHS = (1024, 700, 390)
"""The widths at which :data:`FONTS` lists a snapshot's fonts, after it is serialized: the
page's own media queries draw text in other sizes at 760 px and narrower (the key figures,
``webapp/styles.py``) and at 560 px and narrower (the tables), and the warm-up lays out
each font at its size."""


def browser_available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return Path(CHROMIUM).exists()


def take(site: Path) -> tuple[int, dict[Font, str]]:
    """Draw every ``prerender/*.json.gz`` of ``site`` in Chromium and write its snapshot.

    Returns the number of snapshots written, and every font their text is drawn in with the
    characters drawn in it (:data:`FONTS`, for ``shell.font_warmup``); the JSON documents are
    removed once every one has its snapshot (all or nothing: a page without one would have no
    prerender at all). The two themes are drawn by two browsers at once (the build machine
    has two cores)."""
    folder = site / "prerender"
    documents = sorted(folder.glob("*.json.gz"))
    os.environ["RANGEFINDER_QUIET_SERVER"] = "1"
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    drawn: dict[Path, str] = {}
    texts: list[dict[str, str]] = []
    failures: list[BaseException] = []

    def draw(theme: str) -> None:
        try:
            mine = [p for p in documents if p.name.split(".")[1] == theme]
            drawn.update(_draw(base, theme, mine, texts))
        except BaseException as error:  # re-raised in the build's thread below
            failures.append(error)

    try:
        workers = [threading.Thread(target=draw, args=(t,)) for t in ("light", "dark")]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        server.shutdown()
        server.server_close()
    if failures:
        raise failures[0]
    styles: dict[str, int] = {}
    bodies: dict[str, dict[str, Any]] = {}
    for path in documents:  # in name order, so that the build is reproducible
        defaults = json.loads(gzip.decompress(path.read_bytes()))["query"]
        name = path.name.replace(".json.gz", ".html.json.gz")
        bodies[name] = {"query": defaults, "html": _html(drawn[path], styles, site)}
    for name, body in bodies.items():
        *bases, _ = chain(name)
        shipped = body
        if bases:
            if bases[-1] not in bodies:
                raise SystemExit(f"snapshot: {name} has no {bases[-1]} to be edits against")
            edits = diff(bodies[bases[-1]]["html"], body["html"])
            shipped = {"query": body["query"], "edits": edits}
        text = json.dumps(shipped, separators=(",", ":")).encode()
        (folder / name).write_bytes(gzip.compress(text, 9, mtime=0))
    for path in documents:
        path.unlink()
    table = json.dumps(sorted(styles, key=styles.__getitem__), separators=(",", ":"))
    (folder / "styles.json.gz").write_bytes(gzip.compress(table.encode(), 9, mtime=0))
    characters: dict[Font, set[str]] = {}
    for page in texts:
        for key, text in page.items():
            characters.setdefault(Font(*json.loads(key)), set()).update(text)
    return len(documents), {font: "".join(sorted(chars)) for font, chars in characters.items()}


def _draw(
    base: str, theme: str, documents: list[Path], texts: list[dict[str, str]]
) -> dict[Path, str]:
    """The prerendered page of each of ``documents`` (all of ``theme``), drawn and serialized
    by a browser of this thread's own; each page's text by font (:data:`FONTS`) appended to
    ``texts``."""
    from playwright.sync_api import sync_playwright  # (only where the build draws snapshots)

    drawn: dict[Path, str] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        context = browser.new_context(
            viewport=VIEWPORT,  # type: ignore[arg-type]
            color_scheme=theme,  # type: ignore[arg-type]
            service_workers="block",
        )
        # No Python: only the prerendered page is drawn.
        context.route("**/worker.js", lambda route: route.abort())
        # Embeds would start a SharedWorker, whose script a route may not catch: without
        # SharedWorker they take the dedicated Worker, which the route stops.
        context.add_init_script("delete window.SharedWorker;")
        page = context.new_page()
        for path in documents:
            slug, _, *embed = path.name.removesuffix(".json.gz").split(".")
            query = f"?page={slug}" + ("&embed=1" if embed else "")
            page.goto(base + query)
            if not page.evaluate(WAIT):
                raise SystemExit(f"snapshot: {query} ({theme}) was never drawn")
            html = page.evaluate(SERIALIZE)
            if not html:
                raise SystemExit(f"snapshot: {query} ({theme}) has no prerendered page")
            drawn[path] = html
            for width in FONT_WIDTHS:
                page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
                texts.append(page.evaluate(FONTS))
            page.set_viewport_size(VIEWPORT)  # type: ignore[arg-type]
        browser.close()
    return drawn


def _html(html: str, styles: dict[str, int], site: Path) -> str:
    """``html`` as shipped: each ``<style>`` left empty with its text's index in ``styles``
    (filled in by boot.js), each stylesheet of ``site`` linked in a shadow root given as such
    a ``<style>`` too, and every sheet that can style nothing of this page left out
    (:func:`styles_nothing`), each chart picture as WebP.

    Why (issue 30): BokehJS gives each of a page's shadow roots (65 on ``?page=moo2-shot``)
    its own copies of the same sheets, several empty, and links Panel's stylesheets in each.
    Drawing the snapshot then meant 621 ``<style>`` elements and 237 links to restyle, and a
    second style pass as the links arrived. Inlined, the sheets apply in the first pass; the
    empty ones and those that match no element of the page (Panel's ``loading.css``, whose
    every rule needs the ``pn-loading`` class a snapshot never has) are not drawn at all."""
    classes = set(" ".join(CLASS_ATTRIBUTE.findall(html)).split())

    def ref(text: str, attributes: str = "") -> str:
        if styles_nothing(text, classes):
            return ""
        index = styles.setdefault(text, len(styles))
        return f'<style{attributes} data-rf-css="{index}"></style>'

    def linked(match: re.Match[str]) -> str:
        text = _file_text(site / match.group(1).split("?", 1)[0])
        if RELATIVE_URL.search(text) and not styles_nothing(text, classes):
            return match.group(0)  # its url()s are relative to the file: left linked
        return ref(text)

    html = STYLE.sub(lambda match: ref(match.group(2), match.group(1)), html)
    return PNG.sub(_webp, LINK.sub(linked, html))


@functools.cache
def _file_text(path: Path) -> str:
    """A stylesheet of the site, read once for the build's hundreds of links to it."""
    return path.read_text(encoding="utf-8")


LINK = re.compile(r'<link rel="stylesheet" href="([^"#]+)">')
CLASS_ATTRIBUTE = re.compile(r'\bclass="([^"]*)"')
RELATIVE_URL = re.compile(r"""url\(\s*+(?!['"]?(?:[a-z]+:|/|#))""", re.I)
COMMENT = re.compile(r"/\*.*?\*/", re.S)
STRING = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'""")
GROUPING = ("@media", "@supports", "@container", "@layer", "@scope")
"""At-rules whose block holds style rules: looked into. Any other at-rule (``@font-face``,
``@keyframes``, ``@import``, ``@property``...) keeps its sheet."""


def styles_nothing(css: str, classes: set[str]) -> bool:
    """Whether the stylesheet ``css`` can style no element of a page whose elements' classes
    are ``classes``: it is empty, or every selector of every rule in it needs a class
    (:func:`needed_classes`) that no element has. Anything it cannot read keeps the sheet."""
    needs = _needs(css)
    return needs is not None and all(need - classes for need in needs)


@functools.cache
def _needs(css: str) -> tuple[frozenset[str], ...] | None:
    """What each selector of ``css`` needs (:func:`needed_classes`), or None if the sheet holds
    more than style rules; cached, as every page repeats the same few sheets."""
    rules = _rules(STRING.sub('""', COMMENT.sub("", css)))
    if rules is None:
        return None
    return tuple(frozenset(needed_classes(selector)) for selector in rules)


def _rules(css: str) -> list[str] | None:
    """The selectors of ``css``'s style rules (those inside grouping at-rules included), or
    None if it holds anything else (another at-rule, unbalanced braces)."""
    selectors: list[str] = []
    position = 0
    while True:
        start = css.find("{", position)
        if start < 0:
            return selectors if not css[position:].strip() else None
        prelude = css[position:start].strip()
        depth, end = 1, start + 1
        while depth and end < len(css):
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        if depth:
            return None
        if prelude.startswith("@"):
            if not prelude.startswith(GROUPING):
                return None
            inner = _rules(css[start + 1 : end - 1])
            if inner is None:
                return None
            selectors.extend(inner)
        else:
            selectors.extend(_split(prelude))
        position = end


def _split(selector_list: str) -> list[str]:
    """A selector list split at its top-level commas."""
    parts, depth, current = [], 0, ""
    for char in selector_list:
        depth += {"(": 1, ")": -1, "[": 1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current]


UNNEEDED = re.compile(r":(?:not|is|where|has|host-context|nth-[a-z-]+)\(")


def needed_classes(selector: str) -> set[str]:
    """The classes an element (or, for ``:host(...)``, the shadow root's host) must have for
    ``selector`` to match it or something in it. Classes only under ``:not()``, ``:is()``,
    ``:where()``, ``:has()``, ``:host-context()`` (an ancestor outside the page may have
    them) or in an attribute selector are not needed; ``:host(.a)`` needs ``a``."""
    if "\\" in selector:
        return set()  # an escaped name: not read here
    text = re.sub(r"\[[^\]]*\]", "", selector)
    while (match := UNNEEDED.search(text)) is not None:
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        text = text[: match.start()] + text[end:]
    return set(re.findall(r"\.(-?[_a-zA-Z][\w-]*)", text))


def chain(name: str) -> list[str]:
    """The files whose contents make the snapshot ``name``
    (``<slug>.<theme>[.embed].html.json.gz``), in the order they apply: the page's light HTML,
    whole, then each variant's edits.

    ``dark`` is edits against ``light``; ``.embed`` is edits against the same theme's page.
    theme.js computes the same list (and fetches it all at once)."""
    slug, theme, *rest = name.removesuffix(".html.json.gz").split(".")
    names = [f"{slug}.light.html.json.gz"]
    if theme != "light":
        names.append(f"{slug}.{theme}.html.json.gz")
    if rest == ["embed"]:
        names.append(f"{slug}.{theme}.embed.html.json.gz")
    return names


TOKEN = re.compile(r"[^>]*>|[^>]+$", re.S)
"""Pieces of HTML compared whole by :func:`diff`: a tag and the text before it."""


def diff(old: str, new: str) -> list[list[Any]]:
    """Edits ``[start, length, text]`` (ascending, not overlapping; positions and lengths in
    UTF-16 code units of ``old``, as JavaScript counts) that turn ``old`` into ``new``: see
    :func:`apply`. They are compared tag by tag (difflib), then each changed stretch is
    trimmed to the characters that differ."""
    import difflib

    a, b = TOKEN.findall(old), TOKEN.findall(new)
    assert "".join(a) == old and "".join(b) == new
    starts = [0]
    for piece in a:
        starts.append(starts[-1] + len(piece))
    edits: list[list[Any]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
        if op == "equal":
            continue
        x, y = old[starts[i1] : starts[i2]], "".join(b[j1:j2])
        same = min(len(x), len(y))
        head = 0
        while head < same and x[head] == y[head]:
            head += 1
        tail = 0
        while tail < same - head and x[-1 - tail] == y[-1 - tail]:
            tail += 1
        start = starts[i1] + head
        edits.append([_utf16(old, start), _utf16(x[head : len(x) - tail]), y[head : len(y) - tail]])
    if apply(old, edits) != new:  # never shipped wrong
        raise SystemExit("snapshot: the edits do not rebuild the page")
    return edits


def _utf16(text: str, end: int | None = None) -> int:
    """The length of ``text[:end]`` in UTF-16 code units (JavaScript's string length)."""
    part = text if end is None else text[:end]
    return len(part.encode("utf-16-le")) // 2


def apply(old: str, edits: list[list[Any]]) -> str:
    """``old`` with ``edits`` made (what boot.js does, in UTF-16 units as it counts them)."""
    units = old.encode("utf-16-le")
    pieces: list[bytes] = []
    at = 0
    for start, length, text in edits:
        if start < at or start + length > len(units) // 2:
            raise ValueError(f"edit {[start, length]} out of order or past the end")
        pieces += [units[2 * at : 2 * start], text.encode("utf-16-le")]
        at = start + length
    pieces.append(units[2 * at :])
    return b"".join(pieces).decode("utf-16-le")


def expand(folder: Path, name: str) -> dict[str, Any]:
    """The snapshot ``name`` of ``folder`` (a build's ``prerender/``) as boot.js puts it
    together: ``{"query": ..., "html": ...}``."""
    body: dict[str, Any] = {}
    for part in chain(name):
        data = json.loads(gzip.decompress((folder / part).read_bytes()))
        html = data["html"] if "html" in data else apply(body["html"], data["edits"])
        body = {"query": data["query"], "html": html}
    return body


def _webp(match: re.Match[str]) -> str:
    """A chart's PNG (what the browser's canvas can encode) as lossless WebP: the same pixels
    in about a third of the bytes (Pillow, which Bokeh requires, encodes it)."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(base64.b64decode(match.group(1)))).save(
        out, "WEBP", lossless=True, quality=80, method=4
    )
    return '"data:image/webp;base64,' + base64.b64encode(out.getvalue()).decode() + '"'


def timed_take(site: Path, log: Any) -> dict[Font, str] | None:
    """:func:`take`, logged: the fonts of the snapshots' text; None (the JSON documents kept)
    when no browser is at hand."""
    if not browser_available():
        log("snapshots: no Chromium/Playwright here; shipping the BokehJS prerender instead")
        return None
    start = time.monotonic()
    count, fonts = take(site)
    log(
        f"snapshots: {count} pages drawn in Chromium in {time.monotonic() - start:.0f} s, "
        f"their text in {len(fonts)} fonts"
    )
    return fonts
