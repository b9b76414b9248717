"""Rangefinder's load-time benchmark: three sites on the same local Pyodide, in one run.

    ./dev bench [--runs N] [--edits N] [--out BENCHMARKS.md] [--sites floor,stock,rangefinder]
                [--levers LEVER,...] [--lever-runs N] [--lighthouse-runs N]
                [--interaction-runs N] [--boot-from REV] [--only all|phone]

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

Then, for a phone (issue 30, ``bench/phone.py``): Lighthouse's default mobile profile on the
floor, the stock export and four of Rangefinder's pages (``bench/lighthouse.py``, npm, pinned),
and input -> updated output at 4x CPU slowdown (``bench/interaction.py``); ``--only phone`` runs
just these and replaces their section of BENCHMARKS.md, leaving the others as they are.

Layout: ``common.py`` (paths, Chromium, small helpers), ``sites.py`` (staging), ``server.py``
(the counting server), ``measure.py`` (loads, embeds, input latency), ``report.py`` (the
report), ``lighthouse.py``, ``interaction.py`` and ``phone.py`` (the phone section), ``run.py``
(this CLI).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import time
from pathlib import Path

import common
import levers as pairs
import lighthouse
from common import CHROMIUM, CHROMIUM_ARGS, ROOT, SITES, WORK, Calm, log
from measure import Load, Run, Site, edit_sequence, input_latency, one_run
from phone import HEADING as PHONE_HEADING
from phone import (
    PhoneSite,
    section,
    splice,
    stage_boot_variant,
    stage_without_compile_hints,
    stage_without_font_warmup,
    stage_without_minified_scripts,
)
from phone import measure as measure_phone
from report import fmt_ms, fmt_s, label, median_of, report
from server import Server
from sites import StockSite, stage_floor, stage_rangefinder, stage_stock

import sitebuild

# Main
# --------------------------------------------------------------------------------------------


PHONE_PAGES = {"rangefinder": lighthouse.PAGES}
"""The pages Lighthouse loads on each site: the floor and the stock export have one."""


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
    parser.add_argument(
        "--lighthouse-runs",
        type=int,
        default=3,
        help="Lighthouse runs (mobile) of each page of each site, medians reported (default 3; "
        "0: none)",
    )
    parser.add_argument(
        "--interaction-runs",
        type=int,
        default=1,
        help="page loads for the input timing at 4x CPU slowdown (default 1; 0: none)",
    )
    parser.add_argument(
        "--revisit-runs",
        type=int,
        default=0,
        help="returning visits at 4x CPU slowdown, with and without the service worker, of "
        "dist/ (the phone section's first Rangefinder site) (bench/revisit.py; default 0: none)",
    )
    parser.add_argument(
        "--boot-from",
        action="append",
        default=[],
        metavar="REV",
        help="also measure (Lighthouse and the throttled input) dist/ with static/boot.js as it "
        "was at git revision REV: the build without this boot.js's levers (repeatable)",
    )
    parser.add_argument(
        "--phone-without",
        action="append",
        default=[],
        metavar="LEVER",
        help="also measure (Lighthouse and the throttled input) the build without LEVER, built "
        "into bench/.work/variants, against dist/ in the same run (repeatable)",
    )
    parser.add_argument(
        "--phone-folder",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="also measure (Lighthouse and the throttled input) the built site in folder PATH, "
        "reported as LABEL (an earlier build, kept: repeatable)",
    )
    parser.add_argument(
        "--phone-precompressed",
        action="store_true",
        help="also measure (Lighthouse and the throttled input) dist/ served as a host that "
        "serves its precompressed copies (X.br) does",
    )
    parser.add_argument(
        "--phone-pages",
        default=None,
        help="comma-separated subset of Rangefinder's Lighthouse pages ('landing' for '/', "
        "else the page's slug; default: " + ",".join(lighthouse.PAGES) + ")",
    )
    parser.add_argument(
        "--only",
        choices=("all", "phone"),
        default="all",
        help="'phone': only Lighthouse and the throttled input, their section replaced in --out "
        "and every other section left as it is (default: all)",
    )
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="write --out again from the last run's loads (bench/.work/results.json), without "
        "measuring, keeping --out's phone section as it is (for a run whose report failed)",
    )
    args = parser.parse_args(argv)
    if args.report_only:
        report_again(args.out)
        return
    if args.only == "phone":
        args.levers = ""
    calm = Calm(args.max_load)
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
            sites[key] = site_of(key, stage_floor(WORK, rangefinder))
        elif key == "stock":
            stock = stage_stock(WORK, rangefinder)
            sites[key] = site_of(key, stock.folder)
        else:
            sites[key] = site_of(key, rangefinder)
    without = [lever for lever in args.levers.split(",") if lever]
    if unknown := set(without) - set(sitebuild.LEVERS):
        parser.error(f"unknown levers: {sorted(unknown)}")
    if without:
        variants = {"rf-none": list(sitebuild.LEVERS)}
        variants.update({f"rf-without-{lever}": [lever] for lever in without})
        for key, left_out in variants.items():
            folder = WORK / "variants" / key
            if not sitebuild.is_current(folder, left_out):
                log(f"building {key}")
                sitebuild.build(folder, left_out)
            sites[key] = site_of(key, folder)
    for site in sites.values():
        site.server = Server(site.folder, own_policy=site.ours)

    from playwright.sync_api import sync_playwright

    values = edit_sequence(args.edits)
    phone_values = edit_sequence(max(args.edits, 6))
    if args.phone_pages is not None:
        PHONE_PAGES["rangefinder"] = tuple(
            "" if name == "landing" else f"?page={name}"
            for name in args.phone_pages.split(",")
            if name
        )
    phone_sites = [
        PhoneSite(key, label(key), site.folder, site.url_path, PHONE_PAGES.get(key, ("",)),
                  interactive=key == "rangefinder")
        for key, site in sites.items()
        if key in SITES
    ]  # fmt: skip
    for lever in args.phone_without:
        if lever not in sitebuild.LEVERS:
            parser.error(f"unknown lever: {lever}")
        folder = WORK / "variants" / f"rf-without-{lever}"
        if lever == "compile-hints":
            folder = stage_without_compile_hints(rangefinder)
        elif lever == "minified-scripts":
            folder = stage_without_minified_scripts(rangefinder)
        elif lever == "font-warmup":
            folder = stage_without_font_warmup(rangefinder)
        elif not sitebuild.is_current(folder, [lever]):
            log(f"building rf-without-{lever}")
            sitebuild.build(folder, [lever])
        phone_sites.append(
            PhoneSite(f"rf-without-{lever}", label(f"rf-without-{lever}"), folder, "",
                      PHONE_PAGES["rangefinder"], interactive=True)
        )  # fmt: skip
    for n, spec in enumerate(args.phone_folder):
        name, _, path = spec.partition("=")
        if not path or not (Path(path) / "index.html").is_file():
            parser.error(f"--phone-folder {spec}: no built site at {path!r}")
        phone_sites.append(
            PhoneSite(f"folder-{n}", name, Path(path), "", PHONE_PAGES["rangefinder"],
                      interactive=True)
        )  # fmt: skip
    if args.phone_precompressed:
        phone_sites.append(
            PhoneSite("rf-precompressed", "(c) served precompressed (br)", rangefinder, "",
                      PHONE_PAGES["rangefinder"], interactive=True, precompressed=True)
        )  # fmt: skip
    for rev in args.boot_from:
        folder = stage_boot_variant(rangefinder, rev)
        phone_sites.append(
            PhoneSite(f"boot-{rev}", f"(c) boot.js of {rev}", folder, "",
                      PHONE_PAGES["rangefinder"], interactive=True)
        )  # fmt: skip
    try:
        with sync_playwright() as playwright:
            probe = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            chromium = probe.version
            probe.close()
            if args.only == "phone" or args.lighthouse_runs + args.interaction_runs > 0:
                measure_phone(
                    playwright,
                    phone_sites,
                    args.lighthouse_runs,
                    phone_values,
                    args.interaction_runs,
                    args.revisit_runs,
                )
            phone_part = section(
                phone_sites, args.lighthouse_runs, chromium, f"{started:%Y-%m-%d %H:%M} UTC"
            )
            if args.only == "phone":
                old = args.out.read_text() if args.out.exists() else ""
                args.out.write_text(splice(old, phone_part))
                log(f"wrote the phone section of {args.out}")
                print("\n".join(phone_part))
                return
            for n in range(1, args.runs + 1):
                for site in sites.values():
                    if site.key.startswith("rf-") and n > args.lever_runs:
                        continue
                    run = one_run(playwright, site, calm)
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
    raw["_meta"] = {
        "started": started.isoformat(),
        "elapsed_s": time.monotonic() - t0,
        "chromium": chromium,
        "runs": args.runs,
        "edits": len(values),
        "lever_runs": args.lever_runs,
        "max_load": calm.max_load,
        "waited_s": calm.waited_s,
    }
    (WORK / "results.json").write_text(json.dumps(raw, indent=1))
    text = report(
        sites, stock, args.runs, chromium, started, time.monotonic() - t0, len(values), calm,
        args.lever_runs,
    )  # fmt: skip
    if args.lighthouse_runs + args.interaction_runs > 0:
        text = splice(text, phone_part)
    # bench/levers.py's section is its own run: kept as it was.
    old = args.out.read_text() if args.out.exists() else ""
    if (paired := common.section(old, pairs.HEADING)) is not None:
        text = common.splice(text, paired, pairs.HEADING)
    args.out.write_text(text)
    log(f"wrote {args.out}")
    print(text.split("## Method")[0])


def site_of(key: str, folder: Path) -> Site:
    """Site ``key`` (``floor``, ``stock``, ``rangefinder`` or a lever variant ``rf-...``)
    served from ``folder``: the page each load opens, what says it is interactive, and
    whether its runs also time the pages' first numbers and the embeds."""
    if key == "stock":
        return Site(key, folder, "app.html", "panel-loader")
    if key == "rangefinder":
        return Site(key, folder, "", "ready", pages=True, embeds=True)
    return Site(key, folder, "", "ready", pages=key == "rf-without-prerender")


def report_again(out: Path) -> None:
    """Write ``out`` from the loads of the last run (``bench/.work/results.json``, with its
    ``_meta``), as that run would have; ``out``'s phone section and the pairs section of
    bench/levers.py are kept as they are. Sizes on disk and the build id are read from the
    sites' folders as they are now, so run it before anything stages them again (a later
    ``--only phone`` run stages ``bench/.work/rangefinder`` from ``dist/``); the stock export
    is staged again for its list of edits."""
    raw = json.loads((WORK / "results.json").read_text())
    meta = raw.pop("_meta")
    rangefinder = WORK / "rangefinder"
    stock: StockSite | None = None
    sites: dict[str, Site] = {}
    for key, data in raw.items():
        if key == "floor":
            site = site_of(key, WORK / "floor")
        elif key == "stock":
            stock = stage_stock(WORK, rangefinder)
            site = site_of(key, stock.folder)
        elif key == "rangefinder":
            site = site_of(key, rangefinder)
        else:
            site = site_of(key, WORK / "variants" / key)
        for run in data["runs"]:
            site.runs.append(
                Run(
                    cold=Load(**run["cold"]),
                    warm=Load(**run["warm"]),
                    pages={slug: Load(**load) for slug, load in run["pages"].items()},
                    **{k: v for k, v in run.items() if k not in ("cold", "warm", "pages")},
                )
            )
        site.latencies_ms = data["latencies_ms"]
        site.latency_error = data["latency_error"]
        sites[key] = site
    calm = Calm(meta["max_load"])
    calm.waited_s = meta["waited_s"]
    text = report(
        sites, stock, meta["runs"], meta["chromium"],
        datetime.datetime.fromisoformat(meta["started"]), meta["elapsed_s"], meta["edits"], calm,
        meta["lever_runs"],
    )  # fmt: skip
    old = out.read_text() if out.exists() else ""
    for heading in (PHONE_HEADING, pairs.HEADING):
        if (kept := common.section(old, heading)) is not None:
            text = common.splice(text, kept, heading)
    out.write_text(text)
    log(f"wrote {out} again from {WORK / 'results.json'}")


if __name__ == "__main__":
    main()
