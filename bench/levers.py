"""Each lever's gain in time, with enough runs to tell it from noise.

    ./dev python bench/levers.py --runs 10 cheap-models template-cache ...

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
import datetime
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from common import ROOT, WORK, Calm, log, splice
from measure import Load, Site, fresh_profile, measure_load
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
    with fresh_profile(playwright, site.probe) as (_context, page):
        for kind in ("cold", "warm"):
            load = Load()
            measure_load(page, site, load, calm, cold=kind == "cold")
            if load.error:
                raise RuntimeError(f"{site.key} {kind}: {load.error}")
            timings = page.evaluate("document.documentElement.dataset.workerTimings || '{}'")
            out[kind] = {"tti": load.tti_ms, **json.loads(timings)}
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levers", nargs="*", choices=list(sitebuild.LEVERS))
    parser.add_argument("--runs", type=int, default=8, help="rounds (default 8)")
    parser.add_argument("--max-load", type=float, default=0.0, help="as bench/run.py's")
    parser.add_argument("--out", type=Path, default=WORK / "levers" / "results.json")
    parser.add_argument("--build-only", action="store_true", help="build, measure nothing")
    parser.add_argument(
        "--report-only", action="store_true", help="write the section from --out's results"
    )
    parser.add_argument("--report", type=Path, default=ROOT / "BENCHMARKS.md")
    args = parser.parse_args(argv)
    if args.report_only:
        write_section(args.report, json.loads(args.out.read_text()))
        return
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
    about = {
        "date": f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
        ).stdout.strip(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"_about": about, **results}, indent=1))
    write_section(args.report, {"_about": about, **results})


HEADING = "## Levers measured in pairs (issue 26)"
"""This script's section of BENCHMARKS.md (``./dev bench`` keeps it as it is)."""

DECIDED = {
    "lazy-glyphs": "deleted (3 edits of Bokeh)",
    "lazy-imports": "deleted (20 edits of Panel, Bokeh and tqdm)",
    "gc-freeze": "deleted (a branch of static/worker.js)",
    "no-bokeh-diagnostics": "deleted (a branch of static/worker.js)",
    "early-fetch": "deleted (a branch of static/worker.js)",
    "bundle-pack": "kept: 0.55 MB less to download than the zip (2.38 MB against 2.93 MB), "
    "at the same speed",
}
"""What was done with each lever after the run recorded in BENCHMARKS.md (2026-11-27)."""


def write_section(path: Path, results: dict[str, Any]) -> None:
    about = results.pop("_about", {})
    part = [
        HEADING,
        "",
        f"Written by `./dev python bench/levers.py` on {about.get('date', '?')} (commit "
        f"{about.get('commit', '?')}): each lever's build against the same build with it, "
        "without the snapshot lever (see the script's docstring), every build loaded in each "
        "round in turn, a fresh profile per load (cold, then warm from the service worker's "
        "cache). A gain is the median of the paired differences (without the lever - with "
        "it, same round); positive = the lever helps. The last column is Python's own work "
        "in the worker, from the packages loaded to the first page sent (the bundle "
        "unpacked, the imports, the page built: the steps these levers act on), which the "
        "runtime's start does not blur.",
        "",
        report(results),
        "",
        "A lever is kept when it pays in bytes or when its gain is above zero in most rounds "
        "by more than the spread. None of the levers measured here did in time: every "
        "median gain is within the spread of its differences (about ±0.5 s on this 2-core "
        "machine), most medians are below zero. What was done with each:",
        "",
        *(f"- `{lever}`: {what}" for lever, what in DECIDED.items() if lever in results),
        "",
        "Measured the same way before (5 rounds, load 1.0-4.6) and kept: `cheap-models` "
        "(warm gain +0.80 s, slower without it in 4/5; Python's steps +720 ms) and "
        "`template-cache` (+0.61 s, 4/5; +533 ms, 5/5). The section \"Each lever's gain "
        '(same run)" above, 2 runs per lever, predates the deletions.',
        "",
        "In native CPython 3.12 (`python -X importtime`, Panel and Bokeh unpatched), the "
        "modules `lazy-imports` deferred take 90-130 ms of Panel's 1.0-1.3 s import and "
        "bokeh.plotting's glyph methods 75-100 ms: below what the browser measurement can "
        "resolve, and not worth an edit of Panel or Bokeh to check at each upgrade.",
    ]
    old = path.read_text() if path.exists() else ""
    path.write_text(splice(old, part, HEADING))
    log(f"wrote the levers section of {path}")
    print("\n".join(part))


def report(results: dict[str, list[dict[str, Any]]]) -> str:
    def col(key: str, kind: str, field: str) -> list[float]:
        return [float(r[kind][field]) for r in results[key] if field in r[kind]]

    def python_steps(key: str) -> list[float]:
        return [float(r["warm"]["page"] - r["warm"]["packages"]) for r in results[key]]

    loads = [r["load"] for runs in results.values() for r in runs]
    lines = [
        f"{len(results['base'])} rounds, builds interleaved; machine load "
        f"{min(loads):.1f}-{max(loads):.1f} (1-minute average at each load)",
        "",
        "| Build | Cold TTI median (range) | Warm TTI median (range) | Warm `imports` step "
        "| Warm `page` step | Cold gain: median (range) of paired differences | Warm gain "
        "| Warm gain in Python's steps, packages to page |",
        "|---|---|---|---|---|---|---|---|",
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
        if key == "base":
            cells.append("-")
        else:
            steps = [a - b for a, b in zip(python_steps(key), python_steps("base"), strict=True)]
            cells.append(
                f"{statistics.median(steps):+.0f} ms ({min(steps):+.0f} to {max(steps):+.0f}; "
                f"slower without it in {sum(d > 0 for d in steps)}/{len(steps)})"
            )
        name = "base (every lever but snapshot)" if key == "base" else f"without {key}"
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
