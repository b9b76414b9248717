"""The site's own files from ``static/``, BokehJS, Panel's JS and CSS, the vendored npm
files, and the Content-Security-Policy."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import tarfile
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from sitebuild.bytecode import python_optimize
from sitebuild.fetch import fetch_npm, fetch_pypi
from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.minify import minify_scripts
from sitebuild.patches import patch_member
from sitebuild.paths import APP_PACKAGES, APP_ROOT, STATIC
from sitebuild.pins import BROWSER_NPM, BROWSER_WHEELS, NPM_LOCK, PYTHON_LOCK
from sitebuild.sliced import sliced_parts

BOKEH_JS = ("bokeh.min.js", "bokeh-widgets.min.js")
"""BokehJS bundles from the bokeh wheel's ``bokeh/server/static/js``. Not its tables bundle
(``bokeh-tables.min.js``, 0.5 MB, 0.12 MB gzipped, parsed on every visit): no page draws a
table widget (``tests/webapp/test_bokeh_bundles.py``), and Panel's JS does not need it."""

PANEL_DIST_KEEP = (
    "panel.min.js",
    "css/",
    "bundled/theme/default.css",
    "bundled/theme/native.css",
)
"""What of ``panel/dist`` the site serves (under ``panel/<version>/dist/``, as Panel's
``PANEL_CDN_ROOT`` layout expects): Panel's JS, its component CSS and the theme files. The
browser tests fail on any 404, so a page that needs more (an icon font, a bundled library)
shows up there.

Of Panel's theme files (``bundled/theme/``), only those of the design the app uses: Panel's
default design (``Native``), whose components link ``native.css`` and the ``default`` theme's
``default.css``. The site's dark theme is its own CSS (app.css, the charts recoloured by the
worker), not Panel's ``dark`` theme, so no page links ``dark.css``; the other designs' files
(``fast*``, ``bootstrap*``, ``material*``) and ``dark.css`` were never requested by the
browser on any page, theme or embed (checked in tests/site/test_fast_start.py, which also
fails on any 404)."""

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        # Pyodide compiles its WebAssembly in the worker, whose policy is the HTTP header's.
        "script-src 'self' 'wasm-unsafe-eval'",
        # BokehJS and Panel create <style> elements and style attributes at run time
        # (thousands of violations without it).
        "style-src 'self' 'unsafe-inline'",
        # BokehJS draws some icons from data: URLs.
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
    )
)
"""The site's Content-Security-Policy: no source outside the site's own origin.

Set as a meta tag in ``index.html`` (it then holds wherever the site is hosted), sent as a
header by ``--serve`` (a meta tag does not reach the module worker, a header does), and
written to ``_headers`` for static hosts that read one. Each exception above was checked by
removing it and watching the browser report violations or fail; ``data:`` fonts are not
needed, and neither is ``'unsafe-eval'``: Panel's one ``run_js`` (an eval, in the worker) is
replaced by plain code in ``static/worker.js``."""


COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"
"""V8's explicit compile hint for a whole file (Chromium 136+; other engines read a comment):
compile every function of the script eagerly, on the background thread that streams it,
instead of lazily on the main thread when each is first called. Every function of BokehJS's
and Panel's bundles that matters runs at start (each module's body, each model class's
definition), and these functions were the main thread's longest tasks at takeover (issue 30).
Put first in the file: V8 reads it before it meets the functions."""


def with_compile_hint(script: bytes, levers: frozenset[Lever]) -> bytes:
    """``script`` with :data:`COMPILE_HINT` before it, with the ``compile-hints`` lever."""
    return COMPILE_HINT + script if Lever.COMPILE_HINTS in levers else script


def staged_parts(script: bytes, name: str, levers: frozenset[Lever]) -> list[bytes]:
    """A BokehJS bundle as the site serves it: with the ``sliced-eval`` lever its module table
    handed to ``bokeh-sliced.js`` in parts of about 200 kB, one script each
    (``sliced.sliced_parts``), the bundle's own name the last, with ``lazy-modules`` its
    unused libraries marked to evaluate on first use; each with the compile hint."""
    if Lever.SLICED_EVAL not in levers:
        return [with_compile_hint(script, levers)]
    lazy = Lever.LAZY_MODULES in levers
    return [with_compile_hint(part, levers) for part in sliced_parts(script, name, lazy=lazy)]


def write_parts(out: Path, parts: list[bytes]) -> None:
    """A bundle's scripts (:func:`staged_parts`): the last as ``out`` (``x.min.js``), those
    before it as ``x.part1.min.js``, ``x.part2.min.js``... beside it."""
    stem = out.name.removesuffix(".min.js")
    for n, part in enumerate(parts[:-1], 1):
        out.with_name(f"{stem}.part{n}.min.js").write_bytes(part)
    out.write_bytes(parts[-1])


def bundle_scripts(site: Path, path: str) -> list[str]:
    """The URLs (relative to ``site``) of the scripts of the bundle ``path``, in the order they
    run: its parts (:func:`write_parts`), then ``path`` itself."""
    folder, _, name = path.rpartition("/")
    stem = name.removesuffix(".min.js")
    parts = {
        int(part.name.removeprefix(f"{stem}.part").removesuffix(".min.js")): part.name
        for part in (site / folder).glob(f"{stem}.part*.min.js")
    }
    return [*(f"{folder}/{parts[n]}" for n in sorted(parts)), path]


def stage_js(site: Path, levers: frozenset[Lever] = ALL_LEVERS) -> None:
    """BokehJS and Panel's JS/CSS, taken from the pinned wheels; BokehJS edited by the levers'
    edits of it (``patches.EDITS``), the scripts marked for eager compilation with the
    ``compile-hints`` lever, rewritten to evaluate in slices with ``sliced-eval``."""
    bokeh = fetch_pypi(next(p for p in BROWSER_WHEELS if p.name == "bokeh"))
    panel = next(p for p in BROWSER_WHEELS if p.name == "panel")
    with zipfile.ZipFile(bokeh) as archive:
        for name in BOKEH_JS:
            out = site / "bokeh" / name
            out.parent.mkdir(parents=True, exist_ok=True)
            member = f"bokeh/server/static/js/{name}"
            script = patch_member(member, archive.read(member), levers)
            write_parts(out, staged_parts(script, name, levers))
    with zipfile.ZipFile(fetch_pypi(panel)) as archive:
        for info in archive.infolist():
            name = info.filename
            if info.is_dir() or not name.startswith("panel/dist/"):
                continue
            relative = name.removeprefix("panel/dist/")
            if any(relative == keep or (keep.endswith("/") and relative.startswith(keep))
                   for keep in PANEL_DIST_KEEP):  # fmt: skip
                out = site / "panel" / panel.version / "dist" / relative
                out.parent.mkdir(parents=True, exist_ok=True)
                data = patch_member(name, archive.read(info), levers)
                if relative == "panel.min.js":
                    write_parts(out, staged_parts(data, relative, levers))
                else:
                    out.write_bytes(data)


def stage_npm(site: Path) -> None:
    """The files of each pinned npm package of ``BROWSER_NPM``, into ``site/vendor/<name>/``
    (the service worker pre-caches them with everything else)."""
    for pin in BROWSER_NPM:
        with tarfile.open(fetch_npm(pin.name, pin.version, pin.integrity)) as tar:
            for name in pin.files:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise SystemExit(f"the {pin.name} npm package has no {name}")
                out = site / "vendor" / pin.name / Path(name).name
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(member.read())


PLACEHOLDER = re.compile(r"__[A-Z][A-Z0-9_]*__")
"""The form of the build's placeholders in ``static/`` (``__PANEL_VERSION__``...)."""


class Font(NamedTuple):
    """A font the snapshots' text is drawn in: CSS computed values."""

    style: str
    weight: str
    size: str
    family: str


def font_warmup(fonts: Mapping[Font, str]) -> str:
    """The ``font-warmup`` lever's HTML for the top of the page's ``<body>``: each font of
    ``fonts`` with the characters the snapshots draw in it, out of sight (``.rf-font-warmup``
    in ``static/app.css``: a clipped box of 1 px, hidden from assistive technology), so that
    the page's first layout, before its first paint, sets them up.

    Why (issue 30): setting up a font (finding the face for its family, weight and style, its
    shaping tables, the fallback for a character it lacks) is paid by the first layout that
    draws text in it. Without this, that layout is the snapshot's first piece, after the first
    paint: at a real 4x CPU throttle on ``?page=moo2-shot``, the longest frame of style and
    layout was 96 ms (median of 8 loads) and blocking 94 ms, against 67 ms and 59 ms with the
    fonts laid out first (BENCHMARKS.md, LEVERS). The first layout comes before the first
    paint anyway, while the snapshot is still downloading."""
    spans = "".join(
        f'<span style="font: {f.style} {f.weight} {f.size} {html.escape(f.family)}">'
        f"{html.escape(text)}</span>"
        for f, text in sorted(fonts.items())
    )
    if not spans:
        return ""
    return f'<div class="rf-font-warmup rf-no-print" aria-hidden="true">{spans}</div>'


def stage_shell(
    site: Path,
    pyodide_packages: list[str],
    levers: frozenset[Lever] = ALL_LEVERS,
    snapshots: bool = False,
    fonts: Mapping[Font, str] | None = None,
) -> None:
    """The site's own files from ``static/``, with the build's configuration filled in, with
    ``font-warmup`` the snapshots' ``fonts`` laid out ahead (:func:`font_warmup`), and
    with ``minified-scripts`` their scripts minified (``minify.py``).

    The build stops if any placeholder is left unfilled."""
    panel = next(p for p in BROWSER_WHEELS if p.name == "panel")
    sliced_eval = Lever.SLICED_EVAL in levers
    config = {
        "pyodidePackages": pyodide_packages,
        "pythonBundle": "app/site-packages.pack.gz"
        if Lever.BUNDLE_PACK in levers
        else "app/site-packages.zip",
        "panelCdnRoot": "panel/",
        "panelVersion": panel.version,
        "pythonOptimize": python_optimize(levers),
        "prerender": Lever.PRERENDER in levers,
        "snapshots": snapshots,
        # boot.js draws the live document in several tasks (embedItems).
        "slicedRender": Lever.SLICED_RENDER in levers,
        # ... and gives BokehJS the document's linked stylesheets as text (inlineStylesheets;
        # only with slicedRender, whose steps it runs between).
        "inlineCss": Lever.INLINE_CSS in levers,
        # ... and draws each root in several tasks (finishDrawing; only with slicedRender),
        # writing the layouts' CSS before they are measured as layout-first's edit of
        # BokehJS's DOMView.build does.
        "splitDraw": Lever.SPLIT_DRAW in levers,
        # ... and makes the document from its JSON in several tasks (fromJsonSliced; only
        # with slicedRender).
        "slicedDecode": Lever.SLICED_DECODE in levers,
        "layoutFirst": Lever.LAYOUT_FIRST in levers,
        # Loaded by boot.js, in this order, once the prerendered page is on screen; with
        # sliced-eval, the bundles' modules are then evaluated in slices (bokeh-sliced.js)
        # before "scriptsAfter" run.
        "scripts": [
            *(["bokeh-sliced.js"] if sliced_eval else []),
            *(url for name in BOKEH_JS for url in bundle_scripts(site, f"bokeh/{name}")),
            *bundle_scripts(site, f"panel/{panel.version}/dist/panel.min.js"),
            *([] if sliced_eval else ["widgets.js"]),
        ],
        # Patches BokehJS's widget classes before anything is drawn: needs them evaluated.
        "scriptsAfter": ["widgets.js"] if sliced_eval else [],
        # Names the embeds' SharedWorker (static/boot.js): a page of one build never joins
        # the Python of another build still running in an open tab.
        "buildId": input_fingerprint(levers)[:16],
    }
    warmup = font_warmup(fonts or {}) if Lever.FONT_WARMUP in levers else ""
    scripts: list[str] = []
    for path in sorted(STATIC.rglob("*")):
        if not path.is_file() or path.name == "sw.js":
            continue
        if path.name == "bokeh-sliced.js" and not sliced_eval:
            continue
        out = site / path.relative_to(STATIC)
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in {".js", ".html"}:
            text = path.read_text()
            text = text.replace("__RANGEFINDER_CONFIG__", json.dumps(config))
            text = text.replace("__PANEL_VERSION__", panel.version)
            text = text.replace("__CONTENT_SECURITY_POLICY__", CONTENT_SECURITY_POLICY)
            text = text.replace("__FONT_WARMUP__", warmup)
            if left := PLACEHOLDER.findall(text):
                raise SystemExit(f"static/{path.name}: placeholders left unfilled: {left}")
            out.write_text(text)
            if path.suffix == ".js":
                scripts.append(path.relative_to(STATIC).as_posix())
        else:
            shutil.copyfile(path, out)
    if Lever.MINIFIED_SCRIPTS in levers:
        minify_scripts(site, scripts)


def input_fingerprint(levers: frozenset[Lever] = ALL_LEVERS) -> str:
    """A hash of everything the build reads (this package, ``static/``, the app, the pins), so
    ``--serve`` and the tests rebuild only when needed."""
    digest = hashlib.sha256(" ".join(sorted(levers)).encode())
    for folder in (Path(__file__).parent, STATIC, *(APP_ROOT / p for p in APP_PACKAGES)):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(folder.parent).as_posix().encode())
                digest.update(path.read_bytes())
    for lock in (PYTHON_LOCK, NPM_LOCK):  # the pins, outside the package
        digest.update(lock.name.encode())
        digest.update(lock.read_bytes())
    return digest.hexdigest()
