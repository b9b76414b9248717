"""Staging the sites the bench compares: (a) the floor, (b) the stock `panel convert` export,
(c) Rangefinder's ``dist/`` (copied), each into ``bench/.work``."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from common import ROOT, fresh, log, pin

import sitebuild


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
                f"found {found}; Panel's output changed, update bench/sites.py"
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
