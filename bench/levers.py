"""Each lever's gain in time, with enough runs to tell it from noise.

    ./dev python bench/levers.py --runs 8 cheap-models gc-freeze ...

Builds the site without the snapshot lever (the base) and, for each lever named, the same
build without that lever too, into ``bench/.work/levers/``; then loads every build ``--runs``
times, the builds interleaved in each round (base, A, B, ..., base, A, B, ...) so that a change
of the machine's load falls on all of them alike. Each load is a fresh browser profile: a cold
visit, then a warm one (the service worker's cache), as ``bench/run.py`` measures them.

Reported per build: the median of the cold and warm times to interactive, their spread (lowest
and highest), the median of the worker's own Python step times (``imports``: Panel, Bokeh and
the app imported; ``page``: the first page built and sent), and each lever's gain: the
median of the paired differences (without the lever - base, same round) with the lowest and
highest difference. A lever pays in time when its paired differences are above zero in most
rounds by more than their spread around the median.

Why the base has no snapshot: a build with snapshots draws 112 pages in Chromium (minutes);
the levers measured here act on Python's start and the page's first document, after the
snapshot is on screen, so they are measured the same with or without it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import CHROMIUM, CHROMIUM_ARGS, WORK, Calm, log
from measure import READY_PROBE, Load, Site, measure_load
from server import Server

import sitebuild

BASE = ["snapshot"]
"""What every build here leaves out (see the module's docstring)."""


def build(key: str, without: list[str]) -> Path:
    folder = WORK / "levers" / key
    if not sitebuild.is_current(folder, without):
        log(f"building {key} (without {', '.join(without)})")
        started = time.monotonic()
        sitebuild.build(folder, without)
        log(f"built {key} in {time.monotonic() - started:.0f} s")
    return folder


def one(playwright: Any, site: Site, calm: Calm) -> dict[str, Any]:
    """A cold and a warm load in a fresh profile: times to interactive and worker timings."""
    out: dict[str, Any] = {"load": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="rangefinder-levers-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1280, "height": 900},
        )  # fmt: skip
        try:
            context.add_init_script(READY_PROBE % json.dumps(site.probe))
            page = context.pages[0] if context.pages else context.new_page()
            for kind in ("cold", "warm"):
                load = Load()
                measure_load(page, site, load, calm, cold=kind == "cold")
                if load.error:
                    raise RuntimeError(f"{site.key} {kind}: {load.error}")
                timings = page.evaluate("document.documentElement.dataset.workerTimings || '{}'")
                out[kind] = {"tti": load.tti_ms, **json.loads(timings)}
        finally:
            context.close()
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levers", nargs="+", choices=list(sitebuild.LEVERS))
    parser.add_argument("--runs", type=int, default=8, help="rounds (default 8)")
    parser.add_argument("--max-load", type=float, default=0.0, help="as bench/run.py's")
    parser.add_argument("--out", type=Path, default=WORK / "levers" / "results.json")
    parser.add_argument("--build-only", action="store_true", help="build, measure nothing")
    args = parser.parse_args(argv)
    builds = {"base": build("base", BASE)}
    for lever in args.levers:
        builds[lever] = build(f"without-{lever}", [*BASE, lever])
    if args.build_only:
        return
    sites = {key: Site(key, folder, "", "ready") for key, folder in builds.items()}
    for site in sites.values():
        site.server = Server(site.folder, own_policy=True)
    calm = Calm(args.max_load)
    results: dict[str, list[dict[str, Any]]] = {key: [] for key in sites}
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            for n in range(args.runs):
                for key, site in sites.items():
                    results[key].append(one(playwright, site, calm))
                    r = results[key][-1]
                    log(
                        f"round {n + 1}/{args.runs} {key}: cold {r['cold']['tti']:.0f} ms, "
                        f"warm {r['warm']['tti']:.0f} ms (load {r['load']:.1f})"
                    )
    finally:
        for site in sites.values():
            assert site.server is not None
            site.server.stop()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    print(report(results))


def report(results: dict[str, list[dict[str, Any]]]) -> str:
    def col(key: str, kind: str, field: str) -> list[float]:
        return [float(r[kind][field]) for r in results[key] if field in r[kind]]

    loads = [r["load"] for runs in results.values() for r in runs]
    lines = [
        f"{len(results['base'])} rounds, builds interleaved; machine load "
        f"{min(loads):.1f}-{max(loads):.1f} (1-minute average at each load)",
        "",
        "| Build | Cold TTI median (range) | Warm TTI median (range) | Warm `imports` step "
        "| Warm `page` step | Cold gain: median (range) of paired differences | Warm gain |",
        "|---|---|---|---|---|---|---|",
    ]
    for key in results:
        cells = []
        for kind in ("cold", "warm"):
            tti = col(key, kind, "tti")
            cells.append(f"{statistics.median(tti) / 1000:.2f} s "
                         f"({min(tti) / 1000:.2f}-{max(tti) / 1000:.2f})")  # fmt: skip
        for field in ("imports", "page"):
            steps = col(key, "warm", field)
            cells.append(f"{statistics.median(steps):.0f} ms" if steps else "-")
        for kind in ("cold", "warm"):
            if key == "base":
                cells.append("-")
                continue
            diffs = [
                (a - b) / 1000
                for a, b in zip(col(key, kind, "tti"), col("base", kind, "tti"), strict=True)
            ]
            above = sum(d > 0 for d in diffs)
            cells.append(
                f"{statistics.median(diffs):+.2f} s ({min(diffs):+.2f} to {max(diffs):+.2f}; "
                f"slower without it in {above}/{len(diffs)})"
            )
        name = "base (every lever but snapshot)" if key == "base" else f"without {key}"
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
