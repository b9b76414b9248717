# Over 600 lines: BENCHMARKS.md's text, one function per section of the report.
"""The report: BENCHMARKS.md's text from the measured sites."""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

from common import QUIET_S, ROOT, Calm, folder_size, pin
from measure import FIRST_NUMBER_PAGES, Load, Site, gzip_size
from sites import STOCK_APP, StockSite

import sitebuild

SITES = ("floor", "stock", "rangefinder")
LABELS = {
    "floor": "(a) floor: Pyodide + numpy",
    "stock": "(b) stock `panel convert`",
    "rangefinder": "(c) Rangefinder `dist/`",
}


def label(key: str) -> str:
    """The report's name of site ``key`` (a lever variant's too: ``rf-none``,
    ``rf-without-<lever>``)."""
    if key == "rf-none":
        return "(c0) every lever off"
    if key.startswith("rf-without-"):
        return f"(c) without {key.removeprefix('rf-without-')}"
    return LABELS[key]


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
    calm: Calm,
    lever_runs: int,
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
        + (f" ({lever_runs} per lever variant)" if variants else "")
        + f", {elapsed_s / 60:.0f} min"
    )
    add(f"- Machine: {info['cpus']} CPUs ({info['cpu']}), {info['memory']} RAM, {info['os']}")
    if calm.max_load > 0:
        add(
            "- Each load waited (at most 5 min, 30 min in all) for the 1-minute load average "
            f"to be below {calm.max_load}; {calm.waited_s / 60:.0f} min of waiting in all"
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
        name = label(key) + (f" ({failed} of {len(site.runs)} runs failed)" if failed else "")
        add(
            f"| {name} | {ms(cold_t, min)} | {ms(cold_t, median_of)} | {ms(warm_t, min)} "
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
                f"| {label(key)} | {min(lat):.0f} ms | {median_of(lat):.0f} ms "
                f"| {max(lat):.0f} ms |"
            )
        else:
            add(f"| {label(key)} | failed | | |")
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
            "`bench/sites.py`'s STOCK_APP, the app the issue describes:"
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


def precompressed_copy(path: Path) -> bool:
    """``X.br`` or ``X.gz`` beside ``X``: a copy the ``precompressed`` lever made for hosts
    that serve it in ``X``'s place (a host sends one of them, never both)."""
    return path.suffix in (".br", ".gz") and path.with_suffix("").is_file()


def dist_gzip(folder: Path) -> int:
    """Every file of ``folder`` as a compressing host would send it (each once: not its
    precompressed copies)."""
    return sum(
        gzip_size(folder, "/" + p.relative_to(folder).as_posix())
        for p in folder.rglob("*")
        if p.is_file() and not precompressed_copy(p)
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
    copies = sum(
        p.stat().st_size for p in site.folder.rglob("*") if p.is_file() and precompressed_copy(p)
    )
    row(
        "`dist/` size on disk, without the precompressed copies (X.br, X.gz)",
        "-",
        mb(disk - copies),
        "-",
        "<= 24 MB",
        disk - copies <= 24e6,
    )
    row("`dist/` size on disk, with them (for hosts that serve them)", "-", mb(disk), "-", "-",
        None)  # fmt: skip
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
        out.append(f"| {label(key)} | " + " | ".join(cells) + " |")
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
                f"| {label(key)} | {host} | {fmt_ms(one)} | {fmt_ms(three)} | {ratio(three, one)} |"
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
            f"| {label(key) if key != 'rangefinder' else '(c) full build'} "
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
            notes.append(f"{label(key)}, failed load ({error}).")
        missing = sorted({p for run in site.runs for load in (run.cold, run.warm)
                          for p in load.not_found})  # fmt: skip
        if missing:
            notes.append(f"{label(key)}: 404 for {', '.join(missing)}.")
        foreign = sorted({u for run in site.runs for load in (run.cold, run.warm)
                          for u in load.foreign})  # fmt: skip
        if foreign:
            notes.append(f"{label(key)}: requests to other origins: {', '.join(foreign)}.")
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
                f"{label(key)}: a cold load downloads {files:.0f} files twice{why}: "
                f"{mb(size)} of repeats, {mb(early)} of them before the page is interactive "
                "(medians; per-request timelines in `bench/.work/results.json`)."
            )
        if site.latency_error:
            notes.append(f"{label(key)}, input latency not measured: {site.latency_error}.")
    return notes
