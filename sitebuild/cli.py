"""Build Rangefinder's offline site: the Panel app on Pyodide, with everything it runs on.

``python build.py`` (or ``python -m sitebuild``): the command line, and the build's stages in
order (:func:`build`). ``--without LEVER,...`` leaves levers out (:mod:`sitebuild.levers`).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from sitebuild.bundle import stage_python
from sitebuild.bytecode import check_python_version
from sitebuild.compress import stage_precompressed
from sitebuild.levers import ALL_LEVERS, LEVERS, Lever, parse_levers
from sitebuild.patches import check_no_bokeh_css_variables
from sitebuild.paths import DIST, log
from sitebuild.pins import python_pin
from sitebuild.pyodide import stage_pyodide
from sitebuild.serve import serve
from sitebuild.service_worker import stage_service_worker
from sitebuild.shell import input_fingerprint, stage_js, stage_npm, stage_shell


def build(dist: Path = DIST, without: Iterable[str] = ()) -> str:
    """Write the site to ``dist``, with every :class:`Lever` but those named in ``without``."""
    levers = ALL_LEVERS - parse_levers(without)
    check_build_machine()
    fingerprint = input_fingerprint(levers)
    dist.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dist.parent, prefix=".rangefinder-build-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        # The app, run on this machine: its prerendered pages, and what it imports.
        from sitebuild import prerender, snapshot  # not at the top: ``-m ...prerender`` runs it

        modules = Path(tmp) / "modules.json"
        prerender.run_app(
            site / "prerender" if Lever.PRERENDER in levers else None,
            modules,
            also_import=() if Lever.NO_PANDAS in levers else ("pandas",),
        )
        packages = stage_pyodide(site, levers, set(json.loads(modules.read_text())))
        stage_js(site, levers)
        stage_npm(site)
        stage_python(site, levers, set(json.loads(modules.read_text())))
        stage_shell(site, packages, levers)
        if {Lever.PRERENDER, Lever.SNAPSHOT} <= levers:
            fonts = snapshot.timed_take(site, log)
            if fonts is not None:
                stage_shell(site, packages, levers, snapshots=True, fonts=fonts)
        check_no_bokeh_css_variables(site, levers)
        build_id = stage_service_worker(site, levers)
        stage_precompressed(site, levers)
        (site / ".fingerprint").write_text(fingerprint)
        if dist.exists():
            shutil.rmtree(dist)
        shutil.move(site, dist)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wrote {dist} (build {build_id}, {size / 1e6:.1f} MB)")
    return build_id


def check_build_machine() -> None:
    """Stop unless this machine runs the browser's Panel, Bokeh, param and Jinja: the build
    runs the app here to prerender its pages and list what it imports, and compiles Jinja's
    templates here ("template-cache"). ``./dev`` installs them at these versions."""
    check_python_version()
    for name in ("panel", "bokeh", "param", "jinja2"):
        installed, pinned = metadata.version(name), python_pin(name).version
        if installed != pinned:
            raise SystemExit(
                f"the build machine runs {name} {installed}, the site ships {pinned} "
                "(requirements-browser.txt): run ./dev build, which installs the pinned one"
            )


def is_current(dist: Path = DIST, without: Iterable[str] = ()) -> bool:
    stamp = dist / ".fingerprint"
    levers = ALL_LEVERS - parse_levers(without)
    return stamp.exists() and stamp.read_text() == input_fingerprint(levers)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="build if needed, then serve dist/")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument(
        "--out", type=Path, default=DIST, help="output folder (default $RANGEFINDER_DIST or dist/)"
    )
    parser.add_argument(
        "--without",
        default="",
        help="comma-separated levers to leave out (for measuring them): " + ", ".join(LEVERS),
    )
    args = parser.parse_args(argv)
    without = [w for w in args.without.split(",") if w]
    if args.serve:
        if is_current(args.out, without):
            log(f"{args.out} is up to date")
        else:
            build(args.out, without)
        serve(args.out, args.port)
    else:
        build(args.out, without)


if __name__ == "__main__":
    main()
