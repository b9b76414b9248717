"""Rangefinder's load-time benchmark: three sites on the same local Pyodide, in one run.

    ./dev bench [--runs N] [--edits N] [--out BENCHMARKS.md] [--sites floor,stock,rangefinder]
                [--levers LEVER,...] [--lever-runs N]

(a) ``floor``: a bare page whose module worker boots the same Pyodide 0.27.7 files and imports
    numpy; nothing can load faster on this runtime.
(b) ``stock``: ``panel convert --to pyodide-worker`` of the same app (``webapp.app.App``), made
    to run on the same local runtime with the fewest edits (each one listed in BENCHMARKS.md).
(c) ``rangefinder``: the site ``build.py`` writes to ``dist/`` (or ``$RANGEFINDER_DIST``);
    and, to measure each lever of ``sitebuild.LEVERS``, the same build without it
    (``rf-without-<lever>``) and without any (``rf-none``), built into ``bench/.work/variants``.

For each run and site, Debian's Chromium (driven by Playwright) opens the site in a fresh
profile (cold: empty HTTP cache, no service worker), waits until it is interactive, waits for
the network to go quiet, then navigates to it again in the same profile (warm). Time to
interactive is measured in the page, from navigation start. Bytes and requests are counted by
the local server, so worker and service-worker fetches are included. Then it times input ->
updated output on the MOO2 page of (b) and (c), and writes the table to BENCHMARKS.md.
For (c) each run also times the first real number on screen of three pages opened by their
links (warm), and a page of another origin embedding one, then three, calculators. Bytes are
also reported as a compressing host would send them (gzip). No test asserts any timing.
"""

from __future__ import annotations

import argparse
import base64
import datetime
import functools
import gzip
import hashlib
import http.server
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import sitebuild

ROOT = sitebuild.ROOT
WORK = ROOT / "bench" / ".work"
CHROMIUM = sitebuild.CHROMIUM
CHROMIUM_ARGS = list(sitebuild.CHROMIUM_ARGS)
LOAD_TIMEOUT_S = 300
"""How long one load may take before the run is recorded as failed."""
QUIET_S = 1.5
"""The network is quiet when no request has been open for this long."""
MAX_LOAD = 0.0
WAITED_S = 0.0
LEVER_RUNS = 2
"""--max-load: before each load, wait until the 1-minute load average is below it (0: don't)."""

SITES = ("floor", "stock", "rangefinder")
LABELS = {
    "floor": "(a) floor: Pyodide + numpy",
    "stock": "(b) stock `panel convert`",
    "rangefinder": "(c) Rangefinder `dist/`",
}

NOT_KEPT = (
    "Memory snapshot (Pyodide 0.27's undocumented `_makeSnapshot` / `_loadSnapshot`): a spike "
    "(not shipped) made it work in headless Chromium under the site's CSP without changing "
    "Pyodide's files: the worker wraps `_createPyodideModule` to reach Emscripten's Module, "
    "records each numpy shared library's memory base and table slot as the package installer "
    "loads it, empties the loaded-packages hiwire slot while snapshotting, and on restore "
    "re-loads the 19 libraries at the recorded addresses before the heap is overwritten; the "
    "restored Python computes the same numbers and `webapp.browser.start()` returns the same "
    "document. Measured at load 5.6-8.2: usable Python 1.3 s after a restore against 10.2 s "
    "for a normal boot, but the restored runtime runs several times slower for its first "
    "seconds (its code not yet optimised by the browser), so a built page came after about "
    "7.8 s against 11.7 s (about 1.5x, not 2.5x). The snapshot is 52 MB (14 MB gzipped) with "
    "Panel imported: too big to ship within the size target, so it would be made in the "
    "visitor's browser on the first visit and kept in the Cache API keyed by build. Not "
    "shipped yet: it rests on undocumented internals (handle layout, hiwire slot 6) and needs "
    "a fallback to the normal boot in a fresh worker plus tests that a restore was taken and "
    "computes the same numbers (estimated 3-5 days).",
    "A newer Pyodide (npm `pyodide` 314.0.7, Python 3.14): not measured. The site needs numpy "
    "(Bokeh imports it) built for that runtime, from a registry these machines reach: PyPI has "
    "none (`pip download numpy --only-binary=:all: --python-version 3.14` for the "
    "`pyemscripten_2025_0_wasm32`, `pyemscripten_2026_0_wasm32` and `pyodide_2026_0_wasm32` "
    "platforms finds no file), and the npm package carries the core only.",
    "A light first stage for deep links (their numbers from `rules` alone, before Panel "
    "imports): not built; a deep link with other inputs shows the prerendered defaults dimmed "
    "and marked as updating until the app has computed its own.",
    "Importing the bundle from its zip (zipimport) instead of unpacking it (about 0.5 s): not "
    "possible as is, Panel and Bokeh read their CSS, templates and JSON through `__file__` "
    "paths, which a zip does not serve.",
    "Pages imported only when first shown: already the case (the page registry builds each "
    "page's view through a factory that imports its module on first use).",
)
"""Levers of issue 11 tried and not kept, or not tried, with why (written into the report)."""

ISSUE_REFERENCE = (
    "The issue's figures for a minimal one-page Panel app exported by `panel convert` and "
    "loaded from the public CDNs (not measured here, for context): about 32 MB transferred on "
    "the first load, 12-14 s cold time to interactive, about 12 s warm, and 50-100 ms from an "
    "input change to the updated output."
)


# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def folder_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) of everything under ``folder``."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def fresh(folder: Path) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def pin(name: str) -> sitebuild.Pin:
    return next(p for p in sitebuild.BROWSER_WHEELS if p.name == name)


def stage_pyodide(site: Path, source: Path, names: tuple[str, ...]) -> list[str]:
    """Pyodide's core files as its npm package has them (not the site's compiled stdlib) and
    the packages ``names`` need, taken from ``source`` (the site's ``pyodide/``) when it has
    them: the build's own staging, each file checked against the official lock."""
    target = fresh(site / "pyodide")
    lock = sitebuild.extract_pyodide_core(target)
    needed = sitebuild.lock_closure(lock["packages"], names)
    sitebuild.copy_pyodide_packages(target, lock, needed, source)
    return needed


# --------------------------------------------------------------------------------------------
# (c) Rangefinder
# --------------------------------------------------------------------------------------------


def stage_rangefinder(work: Path) -> Path:
    """dist/, built if stale, copied so that a rebuild during the run cannot disturb it."""
    if not sitebuild.is_current():
        log("dist/ is missing or stale: building it")
        sitebuild.build()
    site = work / "rangefinder"
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(sitebuild.DIST, site)
    if not (site / "build.json").exists():
        raise SystemExit("dist/ changed while it was copied; run the benchmark again")
    return site


# --------------------------------------------------------------------------------------------
# (a) The floor
# --------------------------------------------------------------------------------------------

FLOOR_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Floor: Pyodide + numpy</title>
  <link rel="icon" href="data:,">
  <script type="module">
    // The least any Pyodide site can do: boot the runtime in a module worker, import numpy.
    const worker = new Worker("worker.js", { type: "module" });
    worker.onmessage = (event) => {
      if (event.data.type === "ready") document.documentElement.dataset.ready = "true";
      else window.__benchError = event.data.msg;
    };
  </script>
</head>
<body><p>Pyodide + numpy</p></body>
</html>
"""

FLOOR_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";

try {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
  await pyodide.loadPackage("numpy", { checkIntegrity: true });
  pyodide.runPython("import numpy");
  self.postMessage({ type: "ready" });
} catch (error) {
  self.postMessage({ type: "error", msg: String(error) });
}
"""


def stage_floor(work: Path, rangefinder: Path) -> Path:
    site = fresh(work / "floor")
    (site / "index.html").write_text(FLOOR_HTML)
    (site / "worker.js").write_text(FLOOR_WORKER)
    stage_pyodide(site, rangefinder / "pyodide", ("numpy",))
    return site


# --------------------------------------------------------------------------------------------
# (b) The stock `panel convert` export
# --------------------------------------------------------------------------------------------

STOCK_APP = """from webapp.app import App
import panel as pn

app = App()
pn.Column(app).servable()
"""
"""The app as `panel convert` gets it: the same App as Rangefinder's, nothing else."""

STOCK_PYODIDE_PACKAGES = ("micropip", *sitebuild.PYODIDE_PACKAGES, "pandas")
"""micropip (the stock loader installs with it), what build.py stages for the app, and
pandas, which the stock (unpatched) ``panel/io/pyodide.py`` imports."""

PANEL_LITE_DROP = (
    "panel/dist/bundled/",
    "panel/dist/lib/",
    "panel/dist/dts/",
    "panel/dist/panel.js",
    "panel/dist/panel.min.js",
    "panel/dist/panel.js.map",
    "panel/dist/panel.json",
)
"""What a ``PANEL_LITE=1`` build of Panel lacks: the generated JS bundles (hatch_build.py skips
``build_models`` and ``bundle_resources``). Panel's CDN wheel for Pyodide is such a build."""


STOCK_PANEL_DIST_KEEP = ("panel.min.js", "css/", "bundled/theme/")
"""Files of ``panel/dist`` served to (b) besides those its page names: the CSS Panel's models
load at run time (build.py's list for Rangefinder, less the Font Awesome icons, which the stock
page never requests)."""


def bokeh_lite_drops(name: str) -> bool:
    """Panel's scripts/build_pyodide_wheels.py rule for the CDN's Bokeh wheel."""
    return not name.startswith("bokeh/core/_templates") and (
        name.endswith("bokeh.json") or name.endswith((".js", ".d.ts", ".tsbuildinfo"))
    )


def rewrite_wheel(source: Path, target: Path, drops: Callable[[str], bool]) -> None:
    """Copy a wheel without the members ``drops`` selects (tornado dropped from Bokeh's
    METADATA as Panel's script does)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            if drops(info.filename):
                continue
            data = zin.read(info)
            if info.filename.startswith("bokeh-") and info.filename.endswith("/METADATA"):
                lines = data.decode().split("\n")
                data = "\n".join(
                    ln for ln in lines if not ("Requires-Dist:" in ln and "tornado" in ln)
                ).encode()
            zout.writestr(info, data)


def project_wheel(folder: Path) -> Path:
    """A pure wheel of Rangefinder's own packages (``rules``, ``webapp``), for micropip.

    Written here rather than with ``pip wheel .`` so that nothing needs the network or writes
    into the source tree."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = meta["name"], meta["version"]
    info = f"{name}-{version}.dist-info"
    members = dict(sitebuild.app_members())
    members[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    ).encode()
    members[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: bench/run.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    records = []
    for member, data in members.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        records.append(f"{member},sha256={digest},{len(data)}")
    members[f"{info}/RECORD"] = ("\n".join([*records, f"{info}/RECORD,,"]) + "\n").encode()
    target = folder / f"{name}-{version}-py3-none-any.whl"
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            entry = zipfile.ZipInfo(member, (2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return target


@dataclass
class Edit:
    """One change to the stock export's output, applied verbatim and reported."""

    file: str
    why: str
    pattern: str
    replacement: str
    count: int = 1
    regex: bool = False

    def apply(self, text: str) -> str:
        if self.regex:
            new, found = re.subn(self.pattern, self.replacement, text)
        else:
            found = text.count(self.pattern)
            new = text.replace(self.pattern, self.replacement)
        if found != self.count:
            raise SystemExit(
                f"stock export: expected {self.count} of {self.pattern!r} in {self.file}, "
                f"found {found}; Panel's output changed, update bench/run.py"
            )
        return new


@dataclass
class StockSite:
    folder: Path
    edits: list[Edit]
    wheels: list[str]
    convert_command: str


def stage_stock(work: Path, rangefinder: Path) -> StockSite:
    """Run `panel convert` on STOCK_APP, then point its output at local copies of everything."""
    src = fresh(work / "stock-src")
    site = fresh(work / "stock")
    (src / "app.py").write_text(STOCK_APP)
    panel_exe = Path(sys.executable).with_name("panel")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PANEL_CDN_ROOT": "panel/"}
    command = [str(panel_exe), "convert", "app.py", "--to", "pyodide-worker", "--out", str(site)]
    log("running panel convert")
    subprocess.run(command, cwd=src, env=env, check=True, stdout=subprocess.DEVNULL)
    convert_command = "PANEL_CDN_ROOT=panel/ panel convert app.py --to pyodide-worker"

    panel_pin, bokeh_pin = pin("panel"), pin("bokeh")
    # The two wheels the stock install line names, at the URLs it names them by.
    panel_wheel = f"panel/{panel_pin.version}/dist/wheels/{panel_pin.filename}"
    bokeh_wheel = f"panel/wheels/{bokeh_pin.filename}"
    rewrite_wheel(
        sitebuild.fetch_pypi(panel_pin), site / panel_wheel, lambda n: n.startswith(PANEL_LITE_DROP)
    )
    rewrite_wheel(sitebuild.fetch_pypi(bokeh_pin), site / bokeh_wheel, bokeh_lite_drops)
    # Every other pure wheel the Rangefinder bundle holds, plus the app itself.
    wheels: list[str] = []
    (site / "wheels").mkdir()
    for other in sitebuild.BROWSER_WHEELS:
        if other.name not in ("panel", "bokeh"):
            shutil.copyfile(sitebuild.fetch_pypi(other), site / "wheels" / other.filename)
            wheels.append(f"wheels/{other.filename}")
    for sdist in sitebuild.BROWSER_SDISTS:
        built = sitebuild.build_pure_wheel(sdist)
        shutil.copyfile(built, site / "wheels" / built.name)
        wheels.append(f"wheels/{built.name}")
    wheels.append(f"wheels/{project_wheel(site / 'wheels').name}")
    stage_pyodide(site, rangefinder / "pyodide", STOCK_PYODIDE_PACKAGES)

    install_list = ", ".join(repr(w) for w in [*sitebuild.PYODIDE_PACKAGES, "pandas", *wheels])
    shim = (
        "      import os, pyodide.ffi\n"
        '      if not hasattr(pyodide.ffi, "jsnull"):\n'
        "          pyodide.ffi.jsnull = object()\n"
        '      os.environ["PANEL_CDN_ROOT"] = "panel/"\n'
    )
    edits = [
        Edit(
            "app.js",
            "load Pyodide 0.27.7 from this site instead of the jsDelivr CDN",
            r'from "https://cdn\.jsdelivr\.net/pyodide/[^"]+/pyodide\.mjs"',
            'from "./pyodide/pyodide.mjs"',
            regex=True,
        ),
        Edit(
            "app.js",
            "install the app's dependencies from local wheels, without dependency resolution "
            "(micropip would ask PyPI for each `Requires-Dist`): the inferred requirement "
            "`webapp` (not a distribution) is replaced by Pyodide's numpy/pandas/packaging, the "
            "pure wheels build.py pins, the pure MarkupSafe/PyYAML wheels it builds and a "
            "wheel of `rules` + `webapp`; `deps=False` is added",
            "'webapp']);",
            f"{install_list}], deps=False);",
        ),
        Edit(
            "app.js",
            "four lines inserted before the install, doing what static/worker.js does: define "
            "`pyodide.ffi.jsnull` (Panel 1.10 reads it; Pyodide 0.27.7 predates it, so without "
            "it no input change reaches Python) and set `PANEL_CDN_ROOT` in the worker so the "
            "stylesheets Panel creates there point at this site, not at cdn.holoviz.org",
            "      import micropip\n",
            shim + "      import micropip\n",
        ),
    ]
    html = (site / "app.html").read_text()
    bokeh_files = sorted(set(re.findall(r"https://cdn\.bokeh\.org/bokeh/release/([\w.-]+)", html)))
    edits.append(
        Edit(
            "app.html",
            "load BokehJS from this site (copies of the bokeh wheel's own bundles) instead of "
            "cdn.bokeh.org",
            "https://cdn.bokeh.org/bokeh/release/",
            "bokeh/",
            count=html.count("https://cdn.bokeh.org/bokeh/release/"),
        )
    )
    with zipfile.ZipFile(sitebuild.fetch_pypi(bokeh_pin)) as archive:
        for name in bokeh_files:
            plain = re.sub(rf"-{re.escape(bokeh_pin.version)}(?=\.min\.js$)", "", name)
            out = site / "bokeh" / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(archive.read(f"bokeh/server/static/js/{plain}"))
    for file in ("app.js", "app.html"):
        text = (site / file).read_text()
        for edit in edits:
            if edit.file == file:
                text = edit.apply(text)
        left = re.findall(r"https?://[^\s\"'`)]+", text)
        if left:
            raise SystemExit(f"stock export: {file} still loads from other origins: {left}")
        (site / file).write_text(text)

    # Panel's own static files (PANEL_CDN_ROOT layout): those the page names, plus the CSS and
    # theme files Panel's models load at run time.
    prefix = f"panel/{panel_pin.version}/dist/"
    named = set(re.findall(rf"{re.escape(prefix)}([^\"'?\s)]+)", html))
    with zipfile.ZipFile(sitebuild.fetch_pypi(panel_pin)) as archive:
        for info in archive.infolist():
            if info.is_dir() or not info.filename.startswith("panel/dist/"):
                continue
            relative = info.filename.removeprefix("panel/dist/")
            keep = relative in named or any(
                relative == k or (k.endswith("/") and relative.startswith(k))
                for k in STOCK_PANEL_DIST_KEEP
            )
            if keep:
                out = site / prefix / relative
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(archive.read(info))
    return StockSite(site, edits, wheels, convert_command)


# --------------------------------------------------------------------------------------------
# A static server that counts what it sends
# --------------------------------------------------------------------------------------------


@dataclass
class Hit:
    end: float
    """Wall-clock time (epoch seconds) when the response was written."""
    path: str
    status: int
    size: int
    """Response body bytes (0 for a 304; error pages are not counted)."""


@dataclass
class Recorder:
    lock: threading.Lock = field(default_factory=threading.Lock)
    hits: list[Hit] = field(default_factory=list)
    open: int = 0
    last: float = field(default_factory=time.time)

    def take(self) -> list[Hit]:
        with self.lock:
            hits, self.hits = self.hits, []
        return hits

    def wait_quiet(self, quiet: float = QUIET_S, timeout: float = 120) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                if self.open == 0 and time.time() - self.last >= quiet:
                    return
            time.sleep(0.1)
        log("warning: the network did not go quiet")


class CountingHandler(sitebuild.SiteHandler):
    """build.py's handler (same MIME types, `Cache-Control: no-cache`), counting body bytes."""

    recorder: ClassVar[Recorder]
    own_policy: ClassVar[bool]
    """Whether to send build.py's Content-Security-Policy header: it is Rangefinder's policy,
    so (c) gets it as `build.py --serve` sends it; the pages of (a) and (b) run inline scripts
    that it would block, and are served without it."""

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-security-policy" and not self.own_policy:
            return
        super().send_header(keyword, value)

    def handle_one_request(self) -> None:
        rec = self.recorder
        self._status = 0
        self._sent = 0
        self._counted = False
        try:
            super().handle_one_request()
        finally:
            with rec.lock:
                if self._counted:
                    rec.open -= 1
                    rec.last = time.time()
                if self._status:
                    path = getattr(self, "path", "?")
                    rec.hits.append(Hit(time.time(), path, self._status, self._sent))

    def parse_request(self) -> bool:
        # A request is open from its request line on: a connection the browser opened ahead
        # of need (a preconnect) and left idle is not a request, and would keep the network
        # from ever looking quiet.
        with self.recorder.lock:
            self.recorder.open += 1
            self._counted = True
        return super().parse_request()

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            self._sent += len(chunk)

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server:
    def __init__(self, folder: Path, *, own_policy: bool) -> None:
        self.recorder = Recorder()
        handler = type(
            "Handler", (CountingHandler,), {"recorder": self.recorder, "own_policy": own_policy}
        )
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
        )
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# --------------------------------------------------------------------------------------------
# Measuring in the browser
# --------------------------------------------------------------------------------------------

READY_PROBE = """
(() => {
  // Records when the page became interactive, in the page's own clock (0 = navigation start).
  const kind = %s;
  const isReady = kind === "panel-loader"
    ? () => {
        // The stock loader: hidden once the worker's document is embedded (Bokeh roots exist).
        const loader = document.getElementById("loader");
        return loader !== null && loader.style.display === "none"
          && window.Bokeh !== undefined && Bokeh.index !== undefined
          && Bokeh.index.roots.length > 0;
      }
    : () => document.documentElement.dataset.ready === "true";
  const mark = () => {
    if (window.__benchReadyAt === undefined && isReady()) {
      window.__benchReadyAt = performance.now();
      window.__benchReadyEpoch = performance.timeOrigin + window.__benchReadyAt;
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-ready", "style"],
  });
  window.addEventListener("keydown", (event) => {
    if (event.key === "Enter") window.__benchEnterAt = performance.now();
  }, true);
  // The first real number on screen: the first moment a result ([data-testid] with text) is
  // in the page, prerendered or live, unless the page marks it as not yet the link's own
  // (data-stage="updating"). Checked every 25 ms, on page links only.
  if (!/[?&]page=/.test(location.search)) return;
  const hasNumber = (root) => {
    for (const el of root.querySelectorAll("[data-testid]")) {
      if (el.textContent.trim()) return true;
    }
    for (const host of root.querySelectorAll("*")) {
      if (host.shadowRoot && hasNumber(host.shadowRoot)) return true;
    }
    return false;
  };
  const poll = () => {
    const root = document.documentElement;
    if (root && root.dataset.stage !== "updating" && document.body && hasNumber(document)) {
      window.__benchNumberAt = performance.now();
    } else {
      setTimeout(poll, 25);
    }
  };
  poll();
})();
"""

READY_STATE = """() => {
  if (window.__benchReadyAt !== undefined) {
    return { ready: window.__benchReadyAt, epoch: window.__benchReadyEpoch };
  }
  const html = document.documentElement;
  if (html.dataset.error === "true") {
    return { error: document.getElementById("rf-loader-msg")?.textContent || "error" };
  }
  const stock = document.querySelector("#loader.error");
  if (stock) return { error: document.getElementById("loader-error")?.textContent || "error" };
  if (window.__benchError) return { error: window.__benchError };
  return false;
}"""

TEXT_IS = """([sel, text]) => {
  const find = (root) => {
    const el = root.querySelector(sel);
    if (el) return el;
    for (const host of root.querySelectorAll('*')) {
      if (host.shadowRoot) { const f = find(host.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const el = find(document);
  return el !== null && el.textContent.trim() === text ? performance.now() : false;
}"""


@dataclass
class Load:
    tti_ms: float | None = None
    bytes_to_tti: int = 0
    bytes: int = 0
    requests: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    not_found: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    """Errors the page logged (kept in results.json; the first one goes with a failure)."""
    error: str | None = None
    again_files: int = 0
    again_bytes: int = 0
    again_bytes_to_tti: int = 0
    """Files downloaded (status 200) more than once in this load, and the bytes of the repeats."""
    load_avg: float = 0.0
    """The machine's 1-minute load average when the load started."""
    timeline: list[tuple[float, str, int, int]] = field(default_factory=list)
    """(ms after the navigation was started, path, status, body bytes) of each response."""
    number_ms: float | None = None
    """When the first real number was on screen (page links only), from navigation start."""
    bytes_gzip: int = 0
    bytes_to_tti_gzip: int = 0
    """The same bodies as a compressing host sends them (gzip -6 of each file; .whl, .zip
    and .gz files as they are)."""


@dataclass
class Run:
    cold: Load
    warm: Load
    pages: dict[str, Load] = field(default_factory=dict)
    """Warm loads of ``?page=<slug>`` (FIRST_NUMBER_PAGES), after the cold and warm loads."""
    embed_one_ms: float | None = None
    embed_three_ms: float | None = None
    embed_error: str | None = None
    embed_error_step: str | None = None
    """Which load of the sequence failed."""
    embed_error_log: list[str] = field(default_factory=list)
    """The lines of Chromium's log about the failure (crash_lines)."""
    embed_cross_one_ms: float | None = None
    embed_cross_three_ms: float | None = None
    """The same with the host page on another *site* (``localhost`` against the site's
    ``127.0.0.1``): the iframes are third-party there."""


@dataclass
class Site:
    key: str
    folder: Path
    url_path: str
    probe: str
    server: Server | None = None
    runs: list[Run] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    latency_error: str | None = None
    pages: bool = False
    """Whether each run also times the warm loads of FIRST_NUMBER_PAGES."""
    embeds: bool = False
    """Whether each run also times one and three embeds on another origin's page."""

    @property
    def ours(self) -> bool:
        """Rangefinder's site or one of its lever variants (it has a service worker)."""
        return self.key == "rangefinder" or self.key.startswith("rf-")

    @property
    def url(self) -> str:
        assert self.server is not None
        return self.server.url + self.url_path


GZIP_SIZES: dict[Path, int] = {}


def gzip_size(folder: Path, url_path: str) -> int:
    """Bytes of ``url_path`` (of the site in ``folder``) as a host that compresses sends it."""
    relative = urllib.parse.unquote(url_path.split("?", 1)[0]).lstrip("/") or "index.html"
    path = folder / relative
    if path.is_dir():
        path = path / "index.html"
    if path not in GZIP_SIZES:
        data = path.read_bytes() if path.is_file() else b""
        already = path.suffix in (".whl", ".zip", ".gz", ".png")
        GZIP_SIZES[path] = len(data) if already else len(gzip.compress(data, 6))
    return GZIP_SIZES[path]


def summarise(
    hits: list[Hit],
    load: Load,
    start: float,
    ready_epoch_s: float | None,
    folder: Path | None = None,
) -> None:
    load.bytes = sum(h.size for h in hits)
    if folder is not None:
        sized = [(h, gzip_size(folder, h.path) if h.status == 200 and h.size else 0) for h in hits]
        load.bytes_gzip = sum(z for _, z in sized)
        if ready_epoch_s is not None:
            load.bytes_to_tti_gzip = sum(z for h, z in sized if h.end <= ready_epoch_s)
    load.requests = len(hits)
    load.timeline = [(round((h.end - start) * 1000), h.path, h.status, h.size) for h in hits]
    if ready_epoch_s is not None:
        load.bytes_to_tti = sum(h.size for h in hits if h.end <= ready_epoch_s)
    seen: set[str] = set()
    again: set[str] = set()
    for h in hits:
        if h.status == 200:
            if h.path in seen:
                again.add(h.path)
                load.again_bytes += h.size
                if ready_epoch_s is not None and h.end <= ready_epoch_s:
                    load.again_bytes_to_tti += h.size
            seen.add(h.path)
    load.again_files = len(again)
    for h in hits:
        load.statuses[str(h.status)] = load.statuses.get(str(h.status), 0) + 1
        if h.status == 404:
            load.not_found.append(h.path)


def wait_ready(page: Any) -> tuple[float, float]:
    """(time to interactive in ms from navigation start, epoch seconds of that moment)."""
    handle = page.wait_for_function(READY_STATE, polling=250, timeout=LOAD_TIMEOUT_S * 1000)
    state = handle.json_value()
    if "error" in state:
        raise RuntimeError(f"the page reported: {state['error']}")
    return float(state["ready"]), float(state["epoch"]) / 1000


def wait_for_calm(max_load: float) -> None:
    """With --max-load, wait until the 1-minute load average is below it: at most 5 min per
    load and 30 min per benchmark run, after which loads start regardless (each one's load
    average is reported anyway)."""
    global WAITED_S
    if max_load <= 0 or os.getloadavg()[0] < max_load:
        return
    log(f"waiting for the load average ({os.getloadavg()[0]:.1f}) to drop below {max_load}")
    start = time.time()
    deadline = start + min(300, max(0, 1800 - WAITED_S))
    while os.getloadavg()[0] >= max_load and time.time() < deadline:
        time.sleep(5)
    WAITED_S += time.time() - start


def measure_load(page: Any, site: Site, load: Load, *, cold: bool, query: str = "") -> None:
    assert site.server is not None
    site.server.recorder.take()
    load.foreign.clear()
    epoch: float | None = None
    wait_for_calm(MAX_LOAD)
    load.load_avg = os.getloadavg()[0]
    start = time.time()
    try:
        page.goto(site.url + query, wait_until="commit", timeout=LOAD_TIMEOUT_S * 1000)
        load.tti_ms, epoch = wait_ready(page)
        if query:
            number = page.evaluate("window.__benchNumberAt")
            load.number_ms = float(number) if number is not None else None
        if cold and site.ours:
            # Cold bytes include the service worker's pre-cache of the whole build.
            active = page.evaluate(
                "Promise.race([navigator.serviceWorker.ready.then(() => true),"
                " new Promise((done) => setTimeout(() => done(false), 120000))])"
            )
            if not active:
                log("warning: the service worker was not active within 120 s")
    except Exception as error:  # recorded in BENCHMARKS.md, never turned into a number
        load.error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        if load.console:
            load.error += f" (first console error: {load.console[0]})"
    site.server.recorder.wait_quiet()
    summarise(site.server.recorder.take(), load, start, epoch, site.folder)


def one_run(playwright: Any, site: Site) -> Run:
    run = Run(Load(), Load())
    with tempfile.TemporaryDirectory(prefix="rangefinder-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 900},
        )
        try:
            context.add_init_script(READY_PROBE % json.dumps(site.probe))
            page = context.pages[0] if context.pages else context.new_page()
            origin = site.url.split("/", 3)[:3]
            prefix = "/".join(origin)
            current: list[Load] = [run.cold]

            def on_request(request: Any) -> None:
                url = request.url
                if not url.startswith((prefix, "data:", "blob:")):
                    current[0].foreign.append(url)

            def on_console(message: Any) -> None:
                if message.type == "error":
                    current[0].console.append(message.text[:300])

            context.on("request", on_request)
            page.on("console", on_console)
            page.on("pageerror", lambda error: current[0].console.append(str(error)[:300]))
            measure_load(page, site, run.cold, cold=True)
            if run.cold.error is None:
                current[0] = run.warm
                measure_load(page, site, run.warm, cold=False)
            else:
                run.warm.error = "not run: the cold load failed"
            if site.pages and run.warm.error is None:
                for slug in FIRST_NUMBER_PAGES:
                    # Warm: every file of the runtime and the app is cached by now (the page's
                    # own prerendered document, about 10 kB, is fetched on this first visit).
                    run.pages[slug] = current[0] = Load()
                    measure_load(page, site, run.pages[slug], cold=False, query=f"?page={slug}")
        finally:
            context.close()
    if site.embeds and run.warm.error is None:
        embed_run(playwright, site, run)
    return run


EMBED_TIMEOUT_S = 180
"""How long the embeds of one page may take to be all interactive before the run is failed."""

FIRST_NUMBER_PAGES = ("moo2-shot", "cepheus-attack", "lurasko-attack")
"""The pages whose first real number is timed (warm), as the issue names them."""

EMBED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A wiki page</title></head>
<body><p>A wiki page with {n} calculator(s).</p>
<script>
  window.__ready = 0;
  window.addEventListener("message", (event) => {{
    if (event.data && event.data.type === "rangefinder:ready") {{
      window.__ready += 1;
      if (window.__ready === {n}) window.__allReadyAt = performance.now();
    }}
  }});
</script>
{frames}
</body></html>
"""


def write_embed_pages(folder: Path, site_url: str) -> dict[int, str]:
    """Host pages with one and three embeds of the site (FIRST_NUMBER_PAGES) in ``folder``:
    their file names, by number of embeds."""
    pages = {}
    for n in (1, 3):
        frames = "\n".join(
            f'<iframe src="{site_url}?page={slug}&embed=1" width="900" height="700" '
            f'title="{slug}"></iframe>'
            for slug in FIRST_NUMBER_PAGES[:n]
        )
        (folder / f"embed{n}.html").write_text(EMBED_PAGE.format(n=n, frames=frames))
        pages[n] = f"embed{n}.html"
    return pages


def chromium_with_stderr_in(folder: Path) -> tuple[Path, Path]:
    """(a script that starts Chromium, the file its stderr goes to), in ``folder``.

    What Chromium's processes write to stderr (a crashing renderer's signal and stack, V8's
    out-of-memory report, failed checks) is kept there: Playwright discards it."""
    log = folder / "chromium.stderr"
    wrapper = folder / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec {CHROMIUM} "$@" 2>>{log}\n')
    wrapper.chmod(0o755)
    return wrapper, log


class EmbedLoads:
    """The bench's embed loads in one tab: the host page on the site's own site, then on
    another site (``localhost``), each with three embeds, one, three; every load until all
    its embeds have posted ``rangefinder:ready`` and the network is quiet.

    ``step`` names the load under way (where a failure happened); ``ready_ms`` holds, by
    host and number of embeds, the last load's time to all ready."""

    HOSTS = ("same site", "another site")

    def __init__(self) -> None:
        self.step = "start"
        self.ready_ms: dict[tuple[str, int], float] = {}

    def run(
        self, page: Any, host: Server, pages: dict[int, str], site_server: Server | None,
        pause_between_hosts: bool = False,
    ) -> None:  # fmt: skip
        """``pause_between_hosts``: about:blank and 1.5 s between the two hosts (the crash
        of issue 11 did not happen then: bench/embed_crash.py)."""
        other_site = host.url.replace("//127.0.0.1:", "//localhost:")
        for where, url in zip(self.HOSTS, (host.url, other_site), strict=True):
            if pause_between_hosts and where != self.HOSTS[0]:
                self.step = "about:blank between the hosts"
                page.goto("about:blank")
                time.sleep(1.5)
            for i, n in enumerate((3, 1, 3)):
                self.step = f"{where}, load {i + 1} of 3 ({n} embed{'s' * (n > 1)})"
                page.goto(url + pages[n])
                page.wait_for_function(
                    "() => window.__allReadyAt !== undefined", polling=100,
                    timeout=EMBED_TIMEOUT_S * 1000,
                )  # fmt: skip
                self.ready_ms[where, n] = float(page.evaluate("window.__allReadyAt"))
                host.recorder.wait_quiet(0.5)
                if site_server is not None:
                    site_server.recorder.wait_quiet(0.5)


def embed_run(playwright: Any, site: Site, run: Run) -> None:
    """A wiki page on another origin with one, then three, embedded calculators: time from
    navigation start until every one has posted ``rangefinder:ready``. Warm: a first visit
    of the three-embed page (not timed) caches the files."""
    folder = fresh(WORK / "embed-host")
    pages = write_embed_pages(folder, site.url)
    host = Server(folder, own_policy=False)
    wrapper, log = chromium_with_stderr_in(folder)
    loads = EmbedLoads()
    try:
        with tempfile.TemporaryDirectory(prefix="rangefinder-bench-") as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(wrapper), args=CHROMIUM_ARGS, headless=True,
                viewport={"width": 1280, "height": 900},
            )  # fmt: skip
            try:
                page = context.pages[0] if context.pages else context.new_page()
                loads.run(page, host, pages, site.server)
            finally:
                context.close()
        same, other = EmbedLoads.HOSTS
        run.embed_one_ms, run.embed_three_ms = loads.ready_ms[same, 1], loads.ready_ms[same, 3]
        run.embed_cross_one_ms = loads.ready_ms[other, 1]
        run.embed_cross_three_ms = loads.ready_ms[other, 3]
    except Exception as error:
        run.embed_error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        run.embed_error_step = loads.step
        run.embed_error_log = crash_lines(log)
        print(f"  embeds failed at {loads.step}: {run.embed_error}", file=sys.stderr)
        for line in run.embed_error_log:
            print(f"    {line}", file=sys.stderr)
    finally:
        host.stop()


def crash_lines(log: Path, keep: int = 40) -> list[str]:
    """The last lines Chromium wrote to stderr, but its routine warnings (D-Bus, ...)."""
    if not log.exists():
        return []
    routine = ("dbus", "D-Bus", "on_device_model", "idle_linux")
    lines = log.read_text(errors="replace").splitlines()
    return [line[:300] for line in lines if not any(m in line for m in routine)][-keep:]


def input_latency(playwright: Any, site: Site, values: list[tuple[int, str]]) -> None:
    """Time from pressing Enter in "Distance (squares)" to the new hit chance on the page."""
    with tempfile.TemporaryDirectory(prefix="rangefinder-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1280, "height": 900},
        )  # fmt: skip
        try:
            context.add_init_script(READY_PROBE % json.dumps(site.probe))
            page = context.pages[0] if context.pages else context.new_page()
            if site.key == "rangefinder":
                page.goto(site.url + "?page=moo2-shot")
                wait_ready(page)
            else:
                page.goto(site.url)
                wait_ready(page)
                # The stock export has no boot.js to open the landing page's links in place
                # (a click would reload the page), so it goes through the navigation's
                # drop-down, which shows Beam shot already: another page first.
                choose = page.locator(".rf-nav-select select").first
                choose.select_option(label="Range visualizer")
                page.locator("h1", has_text="Range visualizer").first.wait_for(timeout=60_000)
                choose.select_option(label="Beam shot")
            page.locator("[data-testid='hit-chance']").first.wait_for(timeout=60_000)
            box = (
                page.locator(".bk-input-group")
                .filter(has=page.locator("label", has_text="Distance (squares)"))
                .locator("input")
                .first
            )
            for value, expected in values:
                page.evaluate("window.__benchEnterAt = undefined")
                box.fill(str(value))
                box.press("Enter")
                done = page.wait_for_function(
                    TEXT_IS, arg=["[data-testid='hit-chance']", expected], polling="raf",
                    timeout=60_000,
                ).json_value()  # fmt: skip
                started = page.evaluate("window.__benchEnterAt")
                site.latencies_ms.append(float(done) - float(started))
        except Exception as error:
            site.latency_error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        finally:
            context.close()


def edit_sequence(count: int) -> list[tuple[int, str]]:
    """Distances whose hit chance differs from the one before, with the text each must show."""
    from webapp.formatting import percent
    from webapp.pages.moo2.shot import Moo2Shot

    def shown(squares: int) -> str:
        return str(percent(Moo2Shot(squares=squares).compute().hit_probability))

    out: list[tuple[int, str]] = []
    previous = shown(Moo2Shot().squares)
    cycle = [20, 3, 14, 5, 11, 7, 17, 2, 12, 8]
    i = 0
    while len(out) < count:
        value = cycle[i % len(cycle)]
        i += 1
        if shown(value) != previous:
            previous = shown(value)
            out.append((value, previous))
    return out


# --------------------------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------------------------


def ms(values: list[float], how: Callable[[list[float]], float]) -> str:
    return f"{how(values) / 1000:.2f} s" if values else "failed"


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def median_of(values: list[float]) -> float:
    return statistics.median(values)


def count(values: list[int]) -> str:
    return f"{statistics.median(values):.0f}" if values else "n/a"


def ok(loads: Iterator[Load]) -> list[Load]:
    return [load for load in loads if load.error is None and load.tti_ms is not None]


def machine() -> dict[str, str]:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem = "unknown"
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal"):
            mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    return {
        "cpus": str(os.cpu_count()),
        "cpu": cpu,
        "memory": mem,
        "os": platform.platform(),
        "python": platform.python_version(),
    }


def provenance(rangefinder: Path) -> str:
    """Which source the measured dist/ was built from."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        own = sitebuild.APP_ROOT == sitebuild.ROOT
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "build.py", "sitebuild", "static",
             *(sitebuild.APP_PACKAGES if own else ())],
            cwd=ROOT, capture_output=True, text=True,
        ).stdout.splitlines()  # fmt: skip
    except OSError:
        head, dirty = "unknown", []
    build_id = json.loads((rangefinder / "build.json").read_text())["build"]
    changes = (
        f", plus uncommitted changes to what it builds from ({len(dirty)} paths in git status)"
        if dirty
        else ""
    )
    if sitebuild.APP_ROOT != sitebuild.ROOT:
        changes += f"; `rules/` and `webapp/` from {sitebuild.APP_ROOT} (RANGEFINDER_APP_ROOT)"
    return f"commit {head or 'unknown'}{changes}; build {build_id}"


def ratio(a: float | None, b: float | None) -> str:
    if a is None or not b:
        return "n/a"
    return f"{a / b:.2f}x"


def report(
    sites: dict[str, Site],
    stock: StockSite | None,
    runs: int,
    chromium: str,
    started: datetime.datetime,
    elapsed_s: float,
    edits_count: int,
) -> str:
    info = machine()
    lines: list[str] = []

    def add(*text: str) -> None:
        lines.extend(text)

    add("# Benchmarks")
    add("")
    add(
        "Written by `./dev bench` (`bench/run.py`); re-run it rather than editing this file. "
        "No test asserts any of these numbers."
    )
    add("")
    variants = any(k.startswith("rf-") for k in sites)
    add(
        f"- Date: {started:%Y-%m-%d %H:%M} UTC, {runs} runs per site"
        + (f" ({LEVER_RUNS} per lever variant)" if variants else "")
        + f", {elapsed_s / 60:.0f} min"
    )
    add(f"- Machine: {info['cpus']} CPUs ({info['cpu']}), {info['memory']} RAM, {info['os']}")
    if MAX_LOAD > 0:
        add(
            "- Each load waited (at most 5 min, 30 min in all) for the 1-minute load average "
            f"to be below {MAX_LOAD}; {WAITED_S / 60:.0f} min of waiting in all"
        )
    loads = [x.load_avg for site in sites.values() for r in site.runs for x in (r.cold, r.warm)]
    if loads:
        add(
            f"- Machine load (1-minute load average as each load started): min {min(loads):.1f}, "
            f"median {median_of(loads):.1f}, max {max(loads):.1f}. Anything else running on the "
            "machine slows every site; the runs alternate between the sites to spread it."
        )
    add(f"- Browser: Debian Chromium {chromium}, headless, via Playwright (Python)")
    if "rangefinder" in sites:
        add(f"- Rangefinder measured: {provenance(sites['rangefinder'].folder)}")
    add(
        f"- Runtime for every site: Pyodide {sitebuild.PYODIDE_VERSION} (the same local "
        f"files), Panel {pin('panel').version}, Bokeh {pin('bokeh').version}"
    )
    add("")
    add("## Results")
    add("")
    add(
        "| Site | Cold TTI min | Cold TTI median | Warm TTI min | Warm TTI median "
        "| Cold bytes to TTI | Cold bytes total | Cold requests | Warm bytes | Warm requests "
        "| Size on disk |"
    )
    add("|---|---|---|---|---|---|---|---|---|---|---|")
    medians: dict[str, dict[str, float | None]] = {}
    for key, site in sites.items():
        cold, warm = ok(r.cold for r in site.runs), ok(r.warm for r in site.runs)
        cold_t = [load.tti_ms for load in cold if load.tti_ms is not None]
        warm_t = [load.tti_ms for load in warm if load.tti_ms is not None]
        disk, files = folder_size(site.folder)
        med = {
            "cold": median_of(cold_t) if cold_t else None,
            "warm": median_of(warm_t) if warm_t else None,
            "bytes_tti": median_of([x.bytes_to_tti for x in cold]) if cold else None,
            "bytes": median_of([x.bytes for x in cold]) if cold else None,
            "disk": float(disk),
        }
        medians[key] = med
        failed = len(site.runs) - len(cold)
        label = LABELS[key] + (f" ({failed} of {len(site.runs)} runs failed)" if failed else "")
        add(
            f"| {label} | {ms(cold_t, min)} | {ms(cold_t, median_of)} | {ms(warm_t, min)} "
            f"| {ms(warm_t, median_of)} "
            f"| {mb(med['bytes_tti']) if med['bytes_tti'] is not None else 'n/a'} "
            f"| {mb(med['bytes']) if med['bytes'] is not None else 'n/a'} "
            f"| {count([x.requests for x in cold])} "
            f"| {mb(median_of([x.bytes for x in warm])) if warm else 'n/a'} "
            f"| {count([x.requests for x in warm])} "
            f"| {mb(disk)} ({files} files) |"
        )
    add("")
    add(
        "Bytes and requests are medians over the runs (they barely vary). TTI = time to "
        "interactive, from navigation start; see Method."
    )
    add("")
    add("### Ratios (medians)")
    add("")
    add("| | Cold TTI | Warm TTI | Cold bytes to TTI | Cold bytes total | Size on disk |")
    add("|---|---|---|---|---|---|")
    c = medians.get("rangefinder")
    for other, name in (("floor", "(c) / (a) floor"), ("stock", "(c) / (b) stock")):
        o = medians.get(other)
        if c is None or o is None:
            continue
        add(
            f"| {name} | {ratio(c['cold'], o['cold'])} | {ratio(c['warm'], o['warm'])} "
            f"| {ratio(c['bytes_tti'], o['bytes_tti'])} | {ratio(c['bytes'], o['bytes'])} "
            f"| {ratio(c['disk'], o['disk'])} |"
        )
    add("")
    add(*targets_section(sites, medians))
    add(*first_number_section(sites))
    add(*embeds_section(sites))
    add(*levers_section(sites, medians))
    add("### Input to updated output (MOO2 beam shot page)")
    add("")
    add(
        f'{edits_count} edits of "Distance (squares)" per site, each to a value whose hit '
        "chance differs from the one shown: from the Enter key-down (recorded in the page) "
        "to the first animation frame in which `[data-testid=hit-chance]` shows the expected "
        "new text (so the resolution is one frame, about 17 ms)."
    )
    add("")
    add("| Site | min | median | max |")
    add("|---|---|---|---|")
    for key in ("stock", "rangefinder"):
        site = sites.get(key)
        if site is None:
            continue
        lat = site.latencies_ms
        if lat:
            add(
                f"| {LABELS[key]} | {min(lat):.0f} ms | {median_of(lat):.0f} ms "
                f"| {max(lat):.0f} ms |"
            )
        else:
            add(f"| {LABELS[key]} | failed | | |")
    add("")
    add("### Reference: the issue's figures")
    add("")
    add(ISSUE_REFERENCE)
    add("")
    add("## Method")
    add("")
    add(
        "- Each site is served from its own folder by a local static server on 127.0.0.1 "
        "(build.py's handler: the same MIME types and `Cache-Control: no-cache`, so a cached "
        "file is revalidated and answered `304` without a body). The server adds up the body "
        "bytes it writes and the requests it answers, from the page, its workers and the "
        "service worker alike. HTTP/1.0, no compression. (c) gets every header build.py's "
        "server sends; (a) and (b) the same less any Content-Security-Policy header, which "
        "is Rangefinder's own policy and would block their inline scripts."
    )
    add(
        "- Cold: a new Chromium profile (fresh user-data directory: empty HTTP cache, no "
        "service worker, no storage) opens the site. Warm: the same page then navigates to the "
        "same URL again (HTTP cache and what Chromium keeps with it, such as compiled code; "
        "for (c) also its service worker's cache). Runs alternate between the sites; every "
        "run starts a new profile."
    )
    add(
        "- Time to interactive is read from the page's own clock (`performance.now()`, 0 = "
        "navigation start), recorded by a MutationObserver the benchmark adds before any "
        'script runs: (a) and (c) when `<html data-ready="true">` is set; (b) when the '
        "stock loader (`#loader`) is hidden and BokehJS has rendered roots, which the stock "
        "page does right after embedding the document its worker sent (it links the "
        "document to the worker in the same task). (c) sets `data-ready` later in its "
        "sequence: after the worker has also applied the URL (deep link) and answered, one "
        "more round trip than (b)'s criterion."
    )
    add(
        "- Cold bytes to TTI: bodies of responses finished by that moment. Cold bytes total: "
        f"everything until the network has been quiet for {QUIET_S} s; for (c) this includes "
        "its service worker's pre-cache of the whole build (registered once the app is "
        "interactive; every file revalidated with `cache: no-cache`, so what the page loaded "
        "comes back as a 304), which makes later visits work offline; the notes say how much "
        "of it is fetched twice and when. Size on disk: every file of the folder served."
    )
    add(
        "- Gzip bytes: each response body that was sent in full (status 200) counted as "
        "`gzip -6` of the file served, what a host that compresses would send (`.whl`, "
        "`.zip`, `.gz` and `.png` files as they are)."
    )
    add(
        "- Lever variants are built by `sitebuild.build(folder, without=[lever])` from the "
        "same sources as (c), into `bench/.work/variants/`, and measured in the same runs."
    )
    add(
        "- (c) is a copy of `dist/` (rebuilt first if stale) so that a rebuild during the "
        "run cannot disturb it. (a) holds Pyodide's core files and numpy copied from "
        "`dist/pyodide`. All packages are checked against the official `pyodide-lock.json`."
    )
    add("")
    add("## The stock export (b): what was changed to run it offline")
    add("")
    if stock is None:
        add("Not measured in this run.")
    else:
        add(
            f"Generated with `{stock.convert_command}` (Panel {pin('panel').version}) from "
            "`bench/run.py`'s STOCK_APP, the app the issue describes:"
        )
        add("")
        add("```python")
        add(STOCK_APP.rstrip())
        add("```")
        add("")
        add(
            "`PANEL_CDN_ROOT=panel/` is Panel's own setting for air-gapped sites: the page "
            "then loads Panel's JS and CSS, and its loader installs the Panel and Bokeh "
            "wheels, from relative `panel/...` URLs instead of cdn.holoviz.org. Those files "
            "are copied from the pinned Panel wheel (the ones the page names plus the CSS "
            "and theme files Panel's models load at run time). The two wheels are made the "
            "way Panel makes the ones it publishes for Pyodide: Panel without its generated "
            "JS bundles (what a `PANEL_LITE=1` build lacks), Bokeh without its `.js`/`.d.ts` "
            "files and its tornado requirement (Panel's `scripts/build_pyodide_wheels.py`). "
            "The CDN's exact files cannot be fetched offline, so their size is approximated "
            "this way. The stock loader also needs micropip, taken from the same verified "
            "carrier as Pyodide's other packages. Then these edits were applied to the "
            "output, each required to match exactly:"
        )
        add("")
        for n, edit in enumerate(stock.edits, 1):
            kind = "regular expression" if edit.regex else "text"
            add(f"{n}. `{edit.file}`: {edit.why}. Replaced ({edit.count}x) the {kind}")
            add("")
            add("   ```")
            add(*indent(edit.pattern))
            add("   ```")
            add("")
            add("   with")
            add("")
            add("   ```")
            add(*indent(edit.replacement))
            add("   ```")
            add("")
        add(
            "Nothing else of the generated page or worker was changed: it still pre-renders "
            "the app into the HTML, loads Tabulator, luxon and es-module-shims because Panel's "
            "resources ask for them, and installs everything with micropip on every visit."
        )
    add("")
    add("## Notes")
    add("")
    notes = notes_for(sites)
    for note in notes or ["Every load completed; no request left 127.0.0.1; no 404."]:
        add(f"- {note}")
    add("")
    add("## All runs")
    add("")
    add("TTI in seconds; bytes in MB (cold: to TTI / total).")
    add("")
    add(
        "| Site | Run | Cold TTI | Warm TTI | Cold bytes | Warm bytes | Cold / warm status "
        "| Load average (cold / warm) |"
    )
    add("|---|---|---|---|---|---|---|---|")
    for key, site in sites.items():
        for i, run in enumerate(site.runs, 1):
            add(
                f"| {key} | {i} | {fmt_s(run.cold)} | {fmt_s(run.warm)} "
                f"| {run.cold.bytes_to_tti / 1e6:.2f} / {run.cold.bytes / 1e6:.2f} "
                f"| {run.warm.bytes / 1e6:.2f} "
                f"| {fmt_status(run.cold)}; {fmt_status(run.warm)} "
                f"| {run.cold.load_avg:.1f} / {run.warm.load_avg:.1f} |"
            )
    add("")
    return "\n".join(lines)


def page_numbers(site: Site, slug: str) -> tuple[list[float], list[float]]:
    """(first real number, TTI) in ms of the warm loads of ``?page=slug`` that completed."""
    loads = [r.pages[slug] for r in site.runs if slug in r.pages]
    loads = [x for x in loads if x.error is None and x.tti_ms is not None]
    return [x.number_ms for x in loads if x.number_ms is not None], [
        x.tti_ms for x in loads if x.tti_ms is not None
    ]


def dist_gzip(folder: Path) -> int:
    """Every file of ``folder`` as a compressing host would send it."""
    return sum(
        gzip_size(folder, "/" + p.relative_to(folder).as_posix())
        for p in folder.rglob("*")
        if p.is_file()
    )


def verdict(ok_: bool | None) -> str:
    return "n/a" if ok_ is None else ("yes" if ok_ else "**no**")


def targets_section(
    sites: dict[str, Site], medians: dict[str, dict[str, float | None]]
) -> list[str]:
    c, a = medians.get("rangefinder"), medians.get("floor")
    site = sites.get("rangefinder")
    if c is None or site is None:
        return []
    out = ["### Against the issue's targets", ""]
    out += [
        "| Figure | Floor (a) | Rangefinder (c) | Ratio | Target | Met |",
        "|---|---|---|---|---|---|",
    ]

    def row(name: str, floor: str, value: str, r: str, target: str, met: bool | None) -> None:
        out.append(f"| {name} | {floor} | {value} | {r} | {target} | {verdict(met)} |")

    for kind, limit in (("warm", 1.5), ("cold", 2.0)):
        cv, av = c[kind], a[kind] if a else None
        met = None if cv is None or not av else cv / av <= limit
        row(
            f"{kind.capitalize()} TTI (landing page)",
            fmt_ms(av),
            fmt_ms(cv),
            ratio(cv, av),
            f"<= {limit}x floor",
            met,
        )
    for slug in FIRST_NUMBER_PAGES:
        numbers, _ = page_numbers(site, slug)
        value = median_of(numbers) if numbers else None
        row(
            f"First real number, warm, `?page={slug}`",
            "-",
            fmt_ms(value),
            "-",
            "<= 1 s (aim 0.5 s)",
            None if value is None else value <= 1000,
        )
    disk, _ = folder_size(site.folder)
    row("`dist/` size on disk", "-", mb(disk), "-", "<= 24 MB", disk <= 24e6)
    wire = dist_gzip(site.folder)
    row(
        "`dist/` on the wire, host compresses (gzip -6)",
        "-",
        mb(wire),
        "-",
        "<= 10 MB",
        wire <= 10e6,
    )
    cold = ok(r.cold for r in site.runs)
    if cold:
        first = median_of([x.bytes_gzip for x in cold])
        row(
            "First visit on the wire, gzip (cold, all requests)",
            "-",
            mb(first),
            "-",
            "<= 10 MB",
            first <= 10e6,
        )
    for other_site, label in (
        (False, "Three embeds on one page, all interactive (warm)"),
        (True, "Three embeds, host page on another site (third-party iframes)"),
    ):
        one, three = embed_medians(site, other_site)
        if one is not None and three is not None:
            row(label, fmt_ms(one) + " (one)", fmt_ms(three), ratio(three, one), "<= 1.5x one",
                three / one <= 1.5)  # fmt: skip
    lat = site.latencies_ms
    if lat:
        row(
            "Input change to updated result and chart",
            "-",
            f"{median_of(lat):.0f} ms",
            "-",
            "<= 30 ms median",
            median_of(lat) <= 30,
        )
    out += ["", "Ratios are of medians. The floor boots the same Pyodide and imports numpy.", ""]
    return out


def first_number_section(sites: dict[str, Site]) -> list[str]:
    rows = [k for k, s in sites.items() if s.pages]
    if not rows:
        return []
    out = ["### First real number on screen (warm, medians)", ""]
    out.append(
        "Each page opened by its link in the profile of the run, after its cold and warm "
        "loads of the landing page (every file of the runtime and the app cached; the page's "
        "own prerendered document, about 10 kB, fetched then): from navigation start to the "
        "first moment a result (`[data-testid]` with text) is on screen, prerendered or live "
        "(checked every 25 ms), and to interactive."
    )
    out += ["", "| Build | " + " | ".join(f"`{s}` number / TTI" for s in FIRST_NUMBER_PAGES) + " |"]
    out.append("|---|" + "---|" * len(FIRST_NUMBER_PAGES))
    for key in rows:
        cells = []
        for slug in FIRST_NUMBER_PAGES:
            numbers, ttis = page_numbers(sites[key], slug)
            cells.append(
                f"{fmt_ms(median_of(numbers) if numbers else None)} / "
                f"{fmt_ms(median_of(ttis) if ttis else None)}"
            )
        out.append(f"| {LABELS[key]} | " + " | ".join(cells) + " |")
    out.append("")
    return out


def embed_medians(site: Site, other_site: bool) -> tuple[float | None, float | None]:
    """Medians over the runs of one embed and three embeds (ms), the host page on the same
    site or on another one; None where no run measured them."""
    pairs = [
        (r.embed_cross_one_ms, r.embed_cross_three_ms)
        if other_site
        else (r.embed_one_ms, r.embed_three_ms)
        for r in site.runs
    ]
    ones = [one for one, _ in pairs if one is not None]
    threes = [three for _, three in pairs if three is not None]
    return (median_of(ones) if ones else None, median_of(threes) if threes else None)


def embeds_section(sites: dict[str, Site]) -> list[str]:
    out: list[str] = []
    for key, site in sites.items():
        if not site.embeds:
            continue
        out += ["### Embeds on another origin's page (warm)", ""]
        out.append(
            "A page on a second local origin with one iframe (`?page=moo2-shot&embed=1`), "
            "then three (moo2-shot, cepheus-attack, lurasko-attack): from its navigation start "
            "until every iframe has posted `rangefinder:ready`. The iframes share one Python "
            "(a SharedWorker, static/boot.js), each with its own session and document."
        )
        out.append(
            "The host page is on another origin of the same site (`127.0.0.1`, another port), "
            "then on another site (`localhost`), where the iframes are third-party: this "
            "Chromium blocks third-party storage by default, which denies them the "
            "SharedWorker (and the service worker); the first embed's own worker then takes "
            "its siblings (static/boot.js, joinSibling), so they still share one Python."
        )
        out.append(
            "Each run's new profile loads the same-site host first (loads 1 to 3, the first "
            "not timed), the other site's after (4 to 6): Chromium keeps fully optimized code for "
            "Pyodide's WebAssembly only after a few loads, so one embed times more on the "
            "same site than on the other (the loads converge when repeated). Not the "
            "SharedWorker: the floor's runtime boots as fast in a SharedWorker as in a Worker. "
            "Compare the ratios, each within one host."
        )
        out += [
            "",
            "| Build | Host | One embed | Three embeds | Ratio |",
            "|---|---|---|---|---|",
        ]
        for other_site, host in ((False, "same site"), (True, "another site")):
            one, three = embed_medians(site, other_site)
            out.append(
                f"| {LABELS[key]} | {host} | {fmt_ms(one)} | {fmt_ms(three)} | "
                f"{ratio(three, one)} |"
            )
        for i, r in enumerate(site.runs, 1):
            if r.embed_error:
                out.append(f"- run {i} failed at the {r.embed_error_step}: {r.embed_error}")
                shown = r.embed_error_log[-8:]
                if shown:
                    out.append("  Chromium's log about it (last lines):")
                    out += ["", "  ```", *(f"  {line}" for line in shown), "  ```", ""]
        out.append("")
    return out


def levers_section(
    sites: dict[str, Site], medians: dict[str, dict[str, float | None]]
) -> list[str]:
    keys = [k for k in sites if k.startswith("rf-")]
    full = medians.get("rangefinder")
    if not keys or full is None:
        return []
    out = ["### Each lever's gain (same run)", ""]
    out.append(
        "The same build with one lever switched off (`python build.py --without LEVER`), and "
        "with all of them off, measured in the same runs as the rest. A lever's gain is what "
        "switching it off costs: (without it) - (full build). Positive = the lever helps."
    )
    out += [
        "",
        "| Build | Cold TTI | Warm TTI | Cold gain | Warm gain | First visit, gzip "
        "| Size on disk | moo2-shot first number |",
        "|---|---|---|---|---|---|---|---|",
    ]

    def gain(value: float | None, base: float | None) -> str:
        if value is None or base is None:
            return "n/a"
        return f"{(value - base) / 1000:+.2f} s"

    for key in ("rangefinder", *keys):
        site = sites[key]
        m = medians[key]
        cold = ok(r.cold for r in site.runs)
        wire = mb(median_of([x.bytes_gzip for x in cold])) if cold else "n/a"
        disk, _ = folder_size(site.folder)
        numbers, _ = page_numbers(site, "moo2-shot")
        first = fmt_ms(median_of(numbers)) if numbers else "-"
        out.append(
            f"| {LABELS[key] if key != 'rangefinder' else '(c) full build'} "
            f"| {fmt_ms(m['cold'])} | {fmt_ms(m['warm'])} "
            f"| {gain(m['cold'], full['cold']) if key != 'rangefinder' else '-'} "
            f"| {gain(m['warm'], full['warm']) if key != 'rangefinder' else '-'} "
            f"| {wire} | {mb(disk)} | {first} |"
        )
    out += ["", "Levers:", ""]
    out += [f"- `{name}`: {what}" for name, what in sitebuild.LEVERS.items()]
    out += ["", "Not kept, or not tried yet:", ""]
    out += [f"- {item}" for item in NOT_KEPT]
    out.append("")
    return out


def indent(text: str) -> list[str]:
    return ["   " + line for line in text.rstrip("\n").split("\n")]


def fmt_ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value / 1000:.2f} s"


def fmt_s(load: Load) -> str:
    if load.error is not None or load.tti_ms is None:
        return "failed"
    return f"{load.tti_ms / 1000:.2f}"


def fmt_status(load: Load) -> str:
    return " ".join(f"{k}x{v}" for k, v in sorted(load.statuses.items())) or "-"


def notes_for(sites: dict[str, Site]) -> list[str]:
    notes: list[str] = []
    for key, site in sites.items():
        errors = sorted(
            {f"{kind}: {load.error}" for run in site.runs
             for kind, load in (("cold", run.cold), ("warm", run.warm)) if load.error}
        )  # fmt: skip
        for error in errors:
            notes.append(f"{LABELS[key]}, failed load ({error}).")
        missing = sorted({p for run in site.runs for load in (run.cold, run.warm)
                          for p in load.not_found})  # fmt: skip
        if missing:
            notes.append(f"{LABELS[key]}: 404 for {', '.join(missing)}.")
        foreign = sorted({u for run in site.runs for load in (run.cold, run.warm)
                          for u in load.foreign})  # fmt: skip
        if foreign:
            notes.append(f"{LABELS[key]}: requests to other origins: {', '.join(foreign)}.")
        cold = ok(r.cold for r in site.runs)
        if cold and any(x.again_files for x in cold):
            files = median_of([x.again_files for x in cold])
            size = median_of([x.again_bytes for x in cold])
            early = median_of([x.again_bytes_to_tti for x in cold])
            why = (
                " (its service worker's pre-cache fetches again files the page has fetched)"
                if key == "rangefinder"
                else ""
            )
            notes.append(
                f"{LABELS[key]}: a cold load downloads {files:.0f} files twice{why}: "
                f"{mb(size)} of repeats, {mb(early)} of them before the page is interactive "
                "(medians; per-request timelines in `bench/.work/results.json`)."
            )
        if site.latency_error:
            notes.append(f"{LABELS[key]}, input latency not measured: {site.latency_error}.")
    return notes


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per site (default 5)")
    parser.add_argument("--edits", type=int, default=10, help="input edits timed (default 10)")
    parser.add_argument("--out", type=Path, default=ROOT / "BENCHMARKS.md", help="report file")
    parser.add_argument(
        "--sites", default=",".join(SITES), help="comma-separated subset of " + ",".join(SITES)
    )
    parser.add_argument(
        "--max-load",
        type=float,
        default=0.0,
        help="before each load, wait (at most 5 min, 30 min in all) for the 1-minute load "
        "average to drop below this (default 0: don't wait)",
    )
    parser.add_argument(
        "--levers",
        default=",".join(sitebuild.LEVERS),
        help="measure the build without each of these levers, and without all of them "
        "(comma-separated; '' for none; default: every lever in sitebuild.LEVERS)",
    )
    parser.add_argument(
        "--lever-runs", type=int, default=2, help="runs of each lever variant (default 2)"
    )
    args = parser.parse_args(argv)
    global MAX_LOAD, LEVER_RUNS
    MAX_LOAD = args.max_load
    LEVER_RUNS = args.lever_runs
    wanted = [s for s in args.sites.split(",") if s]
    if unknown := set(wanted) - set(SITES):
        parser.error(f"unknown sites: {sorted(unknown)}")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing: ./dev bench installs Debian's chromium")
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    started = datetime.datetime.now(datetime.UTC)
    t0 = time.monotonic()

    WORK.mkdir(parents=True, exist_ok=True)
    rangefinder = stage_rangefinder(WORK)
    stock: StockSite | None = None
    sites: dict[str, Site] = {}
    for key in SITES:
        if key not in wanted:
            continue
        if key == "floor":
            sites[key] = Site(key, stage_floor(WORK, rangefinder), "", "ready")
        elif key == "stock":
            stock = stage_stock(WORK, rangefinder)
            sites[key] = Site(key, stock.folder, "app.html", "panel-loader")
        else:
            sites[key] = Site(key, rangefinder, "", "ready", pages=True, embeds=True)
    levers = [lever for lever in args.levers.split(",") if lever]
    if unknown := set(levers) - set(sitebuild.LEVERS):
        parser.error(f"unknown levers: {sorted(unknown)}")
    if levers:
        variants = {"rf-none": list(sitebuild.LEVERS)}
        variants.update({f"rf-without-{lever}": [lever] for lever in levers})
        for key, without in variants.items():
            folder = WORK / "variants" / key
            if not sitebuild.is_current(folder, without):
                log(f"building {key}")
                sitebuild.build(folder, without)
            LABELS[key] = (
                "(c0) every lever off" if key == "rf-none" else f"(c) without {without[0]}"
            )
            first_numbers = key == "rf-without-prerender"
            sites[key] = Site(key, folder, "", "ready", pages=first_numbers)
    for site in sites.values():
        site.server = Server(site.folder, own_policy=site.ours)

    from playwright.sync_api import sync_playwright

    values = edit_sequence(args.edits)
    try:
        with sync_playwright() as playwright:
            probe = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            chromium = probe.version
            probe.close()
            for n in range(1, args.runs + 1):
                for site in sites.values():
                    if site.key.startswith("rf-") and n > args.lever_runs:
                        continue
                    run = one_run(playwright, site)
                    site.runs.append(run)
                    problem = run.cold.error or run.warm.error
                    log(
                        f"run {n}/{args.runs} {site.key}: cold {fmt_s(run.cold)} s "
                        f"({run.cold.bytes / 1e6:.1f} MB, {run.cold.requests} requests), "
                        f"warm {fmt_s(run.warm)} s ({run.warm.bytes / 1e6:.2f} MB)"
                        + (f" [{problem}]" if problem else "")
                        + "".join(
                            f", {slug} number {fmt_ms(load.number_ms)} tti {fmt_s(load)} s"
                            for slug, load in run.pages.items()
                        )
                        + (
                            f", embeds 1: {fmt_ms(run.embed_one_ms)} 3: "
                            f"{fmt_ms(run.embed_three_ms)}, another site 1: "
                            f"{fmt_ms(run.embed_cross_one_ms)} "
                            f"3: {fmt_ms(run.embed_cross_three_ms)}"
                            if site.embeds
                            else ""
                        )
                        + (
                            f" [{run.embed_error}, at {run.embed_error_step}]"
                            if run.embed_error
                            else ""
                        )
                    )
            for key in ("stock", "rangefinder"):
                if key in sites and args.edits > 0:
                    input_latency(playwright, sites[key], values)
                    lat = sites[key].latencies_ms
                    log(
                        f"input latency {key}: "
                        + (f"median {median_of(lat):.0f} ms" if lat else "failed")
                        + (f" [{sites[key].latency_error}]" if sites[key].latency_error else "")
                    )
    finally:
        for site in sites.values():
            if site.server is not None:
                site.server.stop()

    raw = {
        key: {
            "runs": [
                {
                    "cold": vars(r.cold),
                    "warm": vars(r.warm),
                    "pages": {slug: vars(load) for slug, load in r.pages.items()},
                    "embed_one_ms": r.embed_one_ms,
                    "embed_three_ms": r.embed_three_ms,
                    "embed_cross_one_ms": r.embed_cross_one_ms,
                    "embed_cross_three_ms": r.embed_cross_three_ms,
                    "embed_error": r.embed_error,
                    "embed_error_step": r.embed_error_step,
                    "embed_error_log": r.embed_error_log,
                }
                for r in site.runs
            ],
            "latencies_ms": site.latencies_ms,
            "latency_error": site.latency_error,
        }
        for key, site in sites.items()
    }
    (WORK / "results.json").write_text(json.dumps(raw, indent=1))
    text = report(sites, stock, args.runs, chromium, started, time.monotonic() - t0, len(values))
    args.out.write_text(text)
    log(f"wrote {args.out}")
    print(text.split("## Method")[0])


if __name__ == "__main__":
    main()
