"""Fast on a phone (issue 30): Lighthouse's mobile profile on each site, the throttled input
timing on Rangefinder's, and BENCHMARKS.md's section with both.

The sites are the bench's: (a) the floor and (b) the stock export (their one page each), (c)
Rangefinder's landing page and three calculator pages, and, with ``--boot-from REV``, the same
``dist/`` with ``static/boot.js`` as it was at git revision REV (to measure a boot.js lever
against the build without it, in the same run).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import common
import interaction
import lighthouse
import revisit
from common import ROOT, WORK, fresh, log
from server import Server

HEADING = "## Phone: Lighthouse mobile and throttled input (issue 30)"


@dataclass
class PhoneSite:
    key: str
    label: str
    folder: Path
    url_path: str
    pages: tuple[str, ...]
    """Queries of the pages Lighthouse loads (``""``: the page itself)."""
    interactive: bool = False
    """Whether the throttled input timing runs on it (Rangefinder's pages only)."""
    precompressed: bool = False
    """Served as a host that serves the build's precompressed copies (``X.br``) does."""
    results: dict[str, list[lighthouse.Result]] = field(default_factory=dict)
    interactions: list[interaction.Interaction] = field(default_factory=list)
    revisits: list[revisit.Revisit] = field(default_factory=list)
    server: Server | None = None


def stage_boot_variant(rangefinder: Path, rev: str) -> Path:
    """A copy of the staged ``dist/`` with ``static/boot.js`` of git revision ``rev`` in it:
    its configuration filled in as the build does (the build's, read from ``worker.js`` as
    the build wrote it before minifying: its source map holds that text), minified if the
    build's scripts are, and without the precompressed copies of the build's own ``boot.js``."""
    import sitebuild

    old = subprocess.run(
        ["git", "show", f"{rev}:static/boot.js"], cwd=ROOT, check=True, capture_output=True,
        text=True,
    ).stdout  # fmt: skip
    worker = rangefinder / "worker.js"
    source_map = worker.with_name("worker.js.map")
    written = (
        json.loads(source_map.read_text())["sourcesContent"][0]
        if source_map.exists()
        else worker.read_text()
    )
    config = re.search(r"const CONFIG = (\{.*?\});", written)
    if config is None or "__RANGEFINDER_CONFIG__" not in old:
        raise SystemExit(f"cannot fill in boot.js of {rev}: no CONFIG placeholder")
    folder = WORK / "variants" / f"boot-{rev}"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(rangefinder, folder)
    (folder / "boot.js").write_text(old.replace("__RANGEFINDER_CONFIG__", config.group(1)))
    for suffix in sitebuild.ENCODINGS:
        (folder / f"boot.js{suffix}").unlink(missing_ok=True)
    levers = sitebuild.built_levers(rangefinder)
    if sitebuild.Lever.MINIFIED_SCRIPTS in levers:
        sitebuild.minify_scripts(folder, ["boot.js"])
    return folder


def lever_variant(rangefinder: Path, lever: Any) -> tuple[Path, Any]:
    """A fresh copy of the staged ``dist/`` in ``variants/rf-without-<lever>``, to be made
    into the build without ``lever`` (a ``sitebuild.Lever``), and the levers ``dist/`` was
    built with; stops if ``lever`` is not one of them."""
    import sitebuild

    levers = sitebuild.built_levers(rangefinder)
    if lever not in levers:
        raise SystemExit(f"dist/ was built without {lever} already")
    folder = WORK / "variants" / f"rf-without-{lever}"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(rangefinder, folder)
    return folder, levers


def stage_without_compile_hints(rangefinder: Path) -> Path:
    """A copy of the staged ``dist/`` as the build without ``compile-hints`` writes it, made
    without a build (minutes here): each script the lever marked, without the hint's line;
    ``sw.js`` and ``build.json`` written again by the build's own stage."""
    import sitebuild

    folder, levers = lever_variant(rangefinder, sitebuild.Lever.COMPILE_HINTS)
    hint = sitebuild.COMPILE_HINT
    marked = 0
    for path in folder.rglob("*.min.js"):
        data = path.read_bytes()
        if data.startswith(hint):
            path.write_bytes(data.removeprefix(hint))
            marked += 1
    if marked < 3:  # the three bundles, each in one script or more (sitebuild/sliced.py)
        raise SystemExit(f"expected the compile hint on the 3 bundles, found it on {marked}")
    sitebuild.stage_service_worker(folder, levers - {sitebuild.Lever.COMPILE_HINTS})
    return folder


def stage_without_minified_scripts(rangefinder: Path) -> Path:
    """A copy of the staged ``dist/`` as the build without ``minified-scripts`` writes it,
    made without a build: each minified script given back the text its source map holds (the
    script as the build wrote it before minifying), the maps and the scripts' precompressed
    copies removed, ``sw.js`` and ``build.json`` written again by the build's own stage."""
    import sitebuild

    folder, levers = lever_variant(rangefinder, sitebuild.Lever.MINIFIED_SCRIPTS)
    maps = sorted(folder.rglob("*.js.map"))
    for source_map in maps:
        script = source_map.with_suffix("")
        script.write_text(json.loads(source_map.read_text())["sourcesContent"][0])
        for suffix in ("", *sitebuild.ENCODINGS):
            source_map.with_name(source_map.name + suffix).unlink(missing_ok=True)
            if suffix:
                script.with_name(script.name + suffix).unlink(missing_ok=True)
    if len(maps) < 6:  # theme, storage, boot, saved, share and update.js at least
        raise SystemExit(f"expected the site's scripts minified, found {len(maps)} maps")
    sitebuild.stage_service_worker(folder, levers - {sitebuild.Lever.MINIFIED_SCRIPTS})
    if sitebuild.Lever.PRECOMPRESSED in levers:
        sitebuild.precompress([folder / "sw.js", *(m.with_suffix("") for m in maps)])
    return folder


def stage_without_font_warmup(rangefinder: Path) -> Path:
    """A copy of the staged ``dist/`` as the build without ``font-warmup`` writes it, made
    without a build: ``index.html`` without the warm-up's block (the placeholder filled with
    nothing), recompressed; ``sw.js`` and ``build.json`` written again by the build's own
    stage."""
    import sitebuild

    folder, levers = lever_variant(rangefinder, sitebuild.Lever.FONT_WARMUP)
    index = folder / "index.html"
    text, found = re.subn(r'<div class="rf-font-warmup[^"]*"[^>]*>.*?</div>', "", index.read_text())
    if found != 1:
        raise SystemExit(f"expected one font warm-up block in index.html, found {found}")
    index.write_text(text)
    sitebuild.stage_service_worker(folder, levers - {sitebuild.Lever.FONT_WARMUP})
    if sitebuild.Lever.PRECOMPRESSED in levers:
        for suffix in sitebuild.ENCODINGS:
            index.with_name(index.name + suffix).unlink(missing_ok=True)
        sitebuild.precompress([folder / "sw.js", index])
    return folder


def measure(
    playwright: Any,
    sites: list[PhoneSite],
    runs: int,
    values: list[tuple[int, str]],
    interaction_runs: int,
    revisit_runs: int = 0,
) -> None:
    """``runs`` Lighthouse runs of every page of every site (alternating between the sites, as
    the load runs do), then ``interaction_runs`` throttled input timings of each interactive
    site. Each Lighthouse report is kept in ``bench/.work/lighthouse-reports``."""
    executable = lighthouse.install()
    keep = fresh(WORK / "lighthouse-reports")
    for site in sites:
        site.server = Server(
            site.folder,
            own_policy=site.key not in ("floor", "stock"),
            precompressed=site.precompressed,
        )
    try:
        for n in range(1, runs + 1):
            for site in sites:
                for query in site.pages:
                    assert site.server is not None
                    url = site.server.url + site.url_path + query
                    name = f"{site.key}{query.replace('?page=', '-') or '-landing'}-{n}.json"
                    result = lighthouse.run(executable, url, keep / name)
                    site.results.setdefault(query, []).append(result)
                    log(
                        f"lighthouse {n}/{runs} {site.key} {query or 'landing'}: "
                        + (
                            f"failed: {result.error}"
                            if result.score is None
                            else f"score {result.score:.2f} TBT {result.tbt_ms:.0f} ms "
                            f"LCP {fmt_s(result.lcp_ms)} s (load {result.load_avg:.1f})"
                        )
                    )
        for n in range(1, interaction_runs + 1):
            for site in sites:
                if site.interactive and site.server is not None:
                    got = interaction.throttled_interaction(playwright, site.server.url, values)
                    site.interactions.append(got)
                    log(
                        f"throttled input {n}/{interaction_runs} {site.key}: first "
                        f"{fmt_ms(got.first_ms)}, median "
                        f"{fmt_ms(median(got.edits_ms))}" + (f" [{got.error}]" if got.error else "")
                    )
        for n in range(1, revisit_runs + 1):
            for site in sites:
                for with_sw in (True, False):
                    if site.key == "rangefinder" and site.server is not None:
                        got = revisit.revisit(playwright, site.server.url, service_worker=with_sw)
                        site.revisits.append(got)
                        log(
                            f"revisit {n}/{revisit_runs} {site.key} "
                            f"{'service worker' if with_sw else 'HTTP cache'}: blocking "
                            f"{fmt_ms(got.blocking_ms)}, longest {fmt_ms(got.longest_ms)}, live "
                            f"{fmt_ms(got.live_ms)}" + (f" [{got.error}]" if got.error else "")
                        )
    finally:
        for site in sites:
            if site.server is not None:
                site.server.stop()


# --------------------------------------------------------------------------------------------
# The section
# --------------------------------------------------------------------------------------------


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def fmt_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def fmt_s(value: float | None) -> str:
    return "-" if value is None else f"{value / 1000:.1f}"


def med(results: list[lighthouse.Result], pick: Callable[[lighthouse.Result], Any]) -> Any:
    values = [pick(r) for r in results if r.score is not None and pick(r) is not None]
    return median(values) if values else None


def short(url: str) -> str:
    """A script's URL without the origin (the page itself: its query)."""
    if "_lighthouse-eval" in url:
        return "(Lighthouse's own gatherer)"
    path = re.sub(r"^https?://[^/]+/", "", url)
    return path or "(page)"


LEVER_TABLE = (
    "Session of 2026-11-27 (`./dev bench --only phone --sites rangefinder --phone-without "
    "compile-hints --phone-precompressed --phone-pages landing,moo2-shot --lighthouse-runs 3 "
    "--interaction-runs 2 --revisit-runs 2`): the three sites interleaved run by run, 3 "
    "Lighthouse runs per page each, at a 1-minute load average of 23-52 on 2 CPUs (8 "
    "engineers' builds and tests): every figure is inflated several times over a quiet machine "
    "(TBT 4-30 s here against 3-4 s in earlier sessions), and only the rows of this one run "
    "compare. Medians, (min-max) of TBT.",
    "",
    "| Lever | Page | Runs | Score | TBT (min-max) | LCP | bokeh.min.js main thread | Kept |",
    "|---|---|---|---|---|---|---|---|",
    "| none (build without compile-hints, served raw) | `/` | 3 | 0.66 | 18,230 ms "
    "(16,978-20,138) | 2.2 s | 15,939 ms | - |",
    "| none (build without compile-hints, served raw) | `?page=moo2-shot` | 3 | 0.67 | "
    "16,790 ms (14,782-22,593) | 2.2 s | 12,034 ms | - |",
    "| compile-hints (served raw) | `/` | 3 | 0.67 | 9,893 ms (3,784-27,588) | 1.9 s | "
    "2,478 ms | yes |",
    "| compile-hints (served raw) | `?page=moo2-shot` | 3 | 0.69 | 13,647 ms "
    "(13,253-27,474) | 2.2 s | 7,270 ms | yes |",
    "| compile-hints + precompressed, served br | `/` | 3 | 0.69 | 11,943 ms "
    "(6,801-30,589) | 2.0 s | 7,103 ms | yes (for hosts) |",
    "| compile-hints + precompressed, served br | `?page=moo2-shot` | 3 | 0.69 | 12,984 ms "
    "(7,384-17,828) | 2.0 s | 7,446 ms (2 runs: the third report has no `bootup-time`) | "
    "yes (for hosts) |",
    "",
)
"""The levers of this session, measured against the build without them in one run."""

LEVERS = (
    "V8 compile hints (`compile-hints`, `sitebuild/shell.py`): `//# allFunctionsCalledOnLoad` "
    "as the first line of `bokeh.min.js`, `bokeh-widgets.min.js` and `panel.min.js` (Chromium "
    "136+ compiles every function of the file eagerly, off the main thread while it streams, "
    "instead of lazily on the main thread as each is first called; other browsers read a "
    "comment). **Kept**, on a leaning, not a proof: medians TBT 9,893 / 13,647 ms against "
    "18,230 / 16,790 ms without (landing, moo2-shot), better in 4 of the 6 interleaved pairs; "
    "`bokeh.min.js`'s main-thread time (Lighthouse `bootup-time`) 2,478 / 7,270 ms against "
    "15,939 / 12,034 ms, of which its evaluation ('scripting') 1,342 / 5,585 against 12,483 / "
    "8,332 ms, while its parse-and-compile part stayed about the same (1,088 / 1,910 against "
    "1,535 / 1,760 ms): the lazy compiles inside the evaluation are what it removes. Score "
    "0.67 / 0.69 against 0.66 / 0.67: TBT is still 10-30x the 200 ms target on this loaded "
    "machine, where no lever of this size can move the score. Its cost: compiled code for "
    "functions that never run (memory), and nothing on Firefox or Safari. "
    "`--phone-without compile-hints` measures it against the same `dist/` without the line.",
    "Precompressed files (`precompressed`, `sitebuild/compress.py`): `X.br` (Node's zlib at "
    "quality 11) and `X.gz` beside each of 38 files they make at least 10% smaller (14.2 MB "
    "become 3.1 MB brotli, 4.1 MB gzip; `dist/` grows from 19.8 to 27.1 MB on disk), never in "
    "`sw.js`'s list; `./dev serve` (and the browser tests' server) send a copy with "
    "`Content-Encoding` and `Vary: Accept-Encoding` when the browser accepts it, never a copy "
    "older than its file. **Kept** for hosts that serve them: `bokeh.min.js` travels as "
    "311 KB instead of 1,394 KB, so on Lighthouse's simulated slow 4G the scripts arrive "
    "seconds sooner. On TBT no effect was expected (the same tasks run, only earlier) and none "
    "shows: 11,943 / 12,984 ms against 9,893 / 13,647 ms served raw, LCP 2.0 / 2.0 s against "
    "1.9 / 2.2 s, inside the noise. `--phone-precompressed` measures it.",
    "V8's code cache for returning visitors (table above, `--revisit-runs`): nothing to build; "
    "the service worker already stores every script in Cache Storage while it installs, which "
    "is where Chromium code-caches a script at once. Lighthouse cannot show it (every run is a "
    "first visit); `bench/revisit.py` compares a second visit served by the service worker "
    "with one from the HTTP cache. 2 runs each at load 36-45: blocking until live 56.5 / 59.4 s "
    "with the service worker against 53.5 / 25.0 s from the HTTP cache: no gain shown at that "
    "load (the throttled page waited over a minute for the overloaded worker either way).",
    "The throttled input (2 loads per site, load 31-60): the first edit as the page turned live "
    "167 / 217 ms with compile-hints against 481 / 1,570 ms without and 353 / 4,850 ms served "
    "br; median edits 404-1,919 ms on all three: at this load only the direction of the first "
    "edit is worth noting, and the worker's Python ran unthrottled (below).",
    "BokehJS's evaluation spread over several tasks (`static/boot.js`, commit 54bbb81, an "
    "earlier session): **not kept** (reverted). No gain this machine could tell from noise "
    "(TBT medians 2,857 / 4,239 / 2,853 / 2,225 ms with it against 3,963 / 3,985 / 4,061 / "
    "2,963 ms without, single runs spread 1.6-10 s), and no mechanism: each script already ran "
    "in a task of its own, and no yield splits `bokeh.min.js`'s own evaluation.",
    "BokehJS's and Panel's evaluation spread over several tasks (`sliced-eval`, "
    "`sitebuild/sliced.py`, `static/bokeh-sliced.js`): the three bundles rewritten at build "
    "time so that loading them only registers their module tables (the tables verbatim; "
    "BokehJS 3.10's loader replaced by a copy that can pause), then `boot.js` has the 898 "
    "modules evaluated in BokehJS's own order (recorded in Chromium: identical), 10 ms at a "
    "time, yielding between slices (`scheduler.yield()`), before `widgets.js` and the first "
    "draw. Unlike the attempt above, which yielded between whole scripts, this one yields "
    "between BokehJS's modules, inside the one long evaluation. **Kept**: on a quiet machine "
    "(2026-11-27 12:44 UTC, load 2.5-5.5, `./dev bench --only phone --sites rangefinder "
    "--phone-without sliced-eval --phone-pages landing,moo2-shot --lighthouse-runs 3`, the two "
    "builds interleaved run by run) Lighthouse's TBT medians 387 / 648 ms against 1,104 / "
    "1,562 ms without (landing, moo2-shot; every run of the lever below every run without "
    "it: 276-575 / 643-962 against 971-1,284 / 1,407-1,715 ms), the longest task 227 / 308 ms "
    "against 621 / 819 ms (`bokeh.min.js`'s evaluation, gone from the long tasks), score "
    "0.89 / 0.81 against 0.75 / 0.72. At a real 4x throttle (`bench/takeover.py`, 5 loads "
    "each, load 11-36) the longest task from first paint to live was 892 / 2,068 ms against "
    "3,778 / 3,831 ms; the first document's render is now the longest. Lighthouse on the "
    "loaded machine of the session before could not show it (each 10 ms slice, stretched to "
    "60-160 ms by the load, is multiplied by 4 in its simulation).",
    "BokehJS and Panel's JS split so that only what the first document needs is evaluated "
    "before it draws: not tried for the models (BokehJS's bundle requires every model module "
    "from its entry; a lazy model registry means editing the minified bundle's module "
    "table). Since `sliced-eval` the evaluation is no longer a long task; what is left is "
    "drawing. Three libraries no page needs are evaluated on first use only since session "
    "32 (`lazy-modules`, below).",
    "What the long tasks are made of (2026-11-27, `bench/takeover.py --keep-traces --profile` "
    "then `bench/tasks.py`, a real 4x throttle, `?page=moo2-shot`, load about 7): drawing the "
    "snapshot, `showSnapshot` 655 ms of script (putting 621 `<style>` elements and 237 "
    "stylesheet links, in 65 shadow roots, into the page), then a style recalculation of "
    "673 ms and a layout of 310 ms; the live document's first drawing one task of 2,034 ms "
    "(`embed_items`: the document from its JSON, its views built, then drawn; "
    "`_get_css_value` alone 127 ms). Each shadow root's stylesheets given as shared "
    "`adoptedStyleSheets` instead of `<style>` elements: no gain (4 interleaved runs at 4x, "
    "512 ms against 504 ms to draw the snapshot), not kept.",
    "The snapshot parsed and filled in one task, put in the page in the next (`boot.js`, "
    "`nextTask`): kept, unmeasured on its own (the same work in two tasks; at a real 4x "
    "throttle the task that held both was 130-220 ms, its parts 30-90 and 40-150 ms).",
    "The takeover's document drawn in slices (`sliced-render`, tried 2026-11-27: BokehJS's "
    "own steps of `embed_items` with a yield after the document is made, every ~10 ms while "
    "its views are built, and before they are drawn): **not kept** (removed). At a real 4x "
    "throttle (`bench/takeover.py`, 3 loads each, load 0.2-3.6) it halved `?page=moo2-shot`'s "
    "longest task, 785 ms (717-848) against 1,558 ms (1,085-1,607) (the drawing itself stays "
    "one task), blocking 1,808 against 2,909 ms; but the landing page's blocking rose, 867 "
    "against 550 ms. Lighthouse (`./dev bench --only phone --sites rangefinder "
    "--phone-without sliced-render --phone-pages landing,moo2-shot --lighthouse-runs 3`, "
    "2026-11-27 16:38 UTC, load 2.8-4.4, the table above: its first two rows are the build "
    "with the lever, the last two the build as shipped) showed no gain: TBT 660 / 724 ms "
    "against 426 / 756 ms (landing, moo2-shot; runs 472-709 / 692-738 against 421-534 / "
    "701-914 ms), score 0.82 / 0.81 against 0.88 / 0.80, and a layout shift on moo2-shot "
    "(CLS 0.017 against 0.003). The yields let the page's other work run between the steps, "
    "and the landing page's document (about 20 models) has little to split.",
    "The snapshot's stylesheets (`sitebuild/snapshot.py`, `_html`, 2026-11-27): each "
    "stylesheet BokehJS linked in a shadow root shipped inline like the others (no second "
    "style pass when the links arrive), and every sheet that can style nothing of the page "
    "left out: the empty ones and Panel's `loading.css` (every rule needs the `pn-loading` "
    "class, which no snapshot has); a sheet is left out only when each of its selectors needs "
    "a class no element of the page has (`styles_nothing`, tested). `?page=moo2-shot`: 621 "
    "`<style>` elements and 237 links became 572 and 0 (HTML 83 kB to 63 kB). Drawing it at "
    "full speed (a trace of inserting it into a 412 px page, 5 runs each, twice): style "
    "58-80 ms against 33-42 ms, layout 27-33 against 24-27 ms, paint 7 against 3 ms. Full-page "
    "screenshots of five pages' snapshots, light and dark, at 390 and 1024 px: identical to "
    "the pixel. **Kept.**",
    "BokehJS's and Panel's bundles in parts (`sliced-eval`, `sitebuild/sliced.py`, "
    "`PART_CHARACTERS`, 2026-11-27): each module table shipped in scripts of about 200 kB "
    "(`bokeh.min.js` in 6, `panel.min.js` in 3, `bokeh-widgets.min.js` in 1), cut between "
    "modules, joined again by `bokeh-sliced.js`. Why: Lighthouse traces with V8's sampling "
    "profiler on, and with it V8 "
    "logs every function of a script on the main thread while compiling it. Loading the 1.4 MB "
    "`bokeh.min.js` alone in Chromium, its main-thread compile took 2.4 ms without the "
    "profiler and 39 ms with it (39 ms x 4 in Lighthouse's simulation: one long task; 88 ms "
    "in a Lighthouse trace of the site); in 8 parts, 2-9 ms each. A visitor's phone has no "
    "profiler; what the parts give it is the streaming compile of each on a background "
    "thread of its own. With the two changes below and above, Lighthouse (its CLI with the "
    "bench's Chromium flags, from a script outside the bench, 4 runs each, the builds "
    "interleaved, load 2.0-4.1): TBT 405 / 545 ms against 715 / 996 ms (landing, moo2-shot; "
    "runs 154-459 / 479-592 against 590-739 / 453-1,171 ms), score 0.90 / 0.86 against "
    "0.82 / 0.78, LCP 1.5 / 1.7 s against 1.7 / 1.8 s. The table above (`./dev bench --only "
    "phone --sites rangefinder --phone-folder 'previous build (b4be5d8)=...'`, 2026-11-27 "
    "19:54 UTC) is the three together against the build before them on four pages. **Kept.**",
    "Slices of 5 ms instead of 10 (`SLICE_MS`, since session 24 in `static/boot.js`'s "
    "`slicer`, which `static/bokeh-sliced.js` uses): Lighthouse "
    "multiplies each recorded task by 4, so a task counts from 12.5 ms; a slice holds the "
    "module that ends it and the yield, and 10 ms slices were recorded at 12-19 ms. Kept "
    "with the two above (measured together).",
    "The snapshot's stylesheets adopted (`static/boot.js`, `constructedSheets`, `fillStyles`, "
    "2026-11-27, session 18): BokehJS gives each component's shadow root its own copies of a "
    "few shared sheets, so `?page=moo2-shot`'s snapshot held 572 `<style>` elements, 1.5 MB "
    "of CSS, made of 48 sheets (144 kB). Each sheet the page uses is now parsed once into a "
    "constructed stylesheet (in a task of its own) and adopted, in the same order, by every "
    "shadow root whose stylesheets are all from the build's table (adopted sheets follow a "
    "root's own in the cascade, hence the 'all'). Drawing the snapshot into a 412 px page at "
    "full speed (7 runs each, interleaved, on a loaded machine): insert, style and layout "
    "55.5 against 33.7 ms on moo2-shot, 49.5 against 25.2 ms on cepheus-check, 23.0 against "
    "22.3 ms on the landing page (few roots); with the sheets' parsing, 85.5 against 68.7 and "
    "74.1 against 44.7 ms in all. Full-page screenshots of five pages' snapshots, light and "
    "dark, at 390 and 1024 px: identical to the pixel (20 of 20). Lighthouse (its CLI, 3 runs "
    "each, the builds interleaved, load 3.1-4.6): TBT 351 / 453 / 288 ms against 444 / 525 / "
    "399 ms (landing, moo2-shot, cepheus-check; runs 309-366 / 257-774 / 279-397 against "
    "353-570 / 506-927 / 275-711), score 0.92 / 0.88 / 0.94 against 0.89 / 0.85 / 0.90. "
    "**Kept.**",
    "Smaller parts (`PART_CHARACTERS` 50,000 instead of 200,000, 2026-11-27, session 18): 42 "
    "scripts instead of 11 (`bokeh.min.js` in 24, `panel.min.js` in 13, "
    "`bokeh-widgets.min.js` in 5), so that each part's profiler logging stays under "
    "Lighthouse's 12.5 ms. Lighthouse, 3 runs each, the builds interleaved, load 2.3-5.4: "
    "worse on every page, TBT 502 / 735 / 895 ms against 218 / 656 / 602 ms (landing, "
    "moo2-shot, cepheus-check), score 0.87 / 0.81 / 0.78 against 0.96 / 0.83 / 0.80, LCP "
    "1.5 / 2.1 / 2.0 s against 1.5 / 1.7 / 1.8 s: each script costs a task and a request of "
    "its own in the simulation. **Not kept.**",
    "The snapshot put in the page in pieces (`static/boot.js`, `laterPieces`, `nextFrame`, "
    "2026-11-27, session 18): the page first with its inputs and details columns emptied but "
    "for their first items (about 300 elements in all), then their other items in order, "
    "about 150 elements a piece, one piece per frame, each at the end of its column, below "
    "what is drawn (`<html data-prerender-pieces>`: 4 on moo2-shot, 1 on the landing page, "
    "which has no such columns). A trace of `?page=moo2-shot` at full speed, 412 px, Python "
    "and BokehJS held back, twice: the task that inserted the snapshot, 84 / 83 ms (style 31 "
    "/ 15, layout 37 / 43 ms), became 41 / 40 ms, the pieces after it 10-21 ms each. "
    "Lighthouse against the build with adopted sheets (3 runs each, interleaved, load "
    "0.9-3.6): moo2-shot TBT 245 ms against 368 ms (runs 237-366 against 305-590), score 0.95 "
    "against 0.91, but LCP 1.86 against 1.67 s and CLS 0.006 against 0.003 (the loader's "
    "line, whose text changes once the snapshot is complete); cepheus-check 416 against 406 "
    "ms (runs 190-509 against 108-546): no change; the landing page, drawn in one piece by "
    "both, 244 against 458 ms (runs 219-740 against 344-759): the noise of this measure. "
    "Full-page screenshots of five pages' finished snapshots, light and dark, at 390 and "
    "1024 px: identical to the pixel (20 of 20). **Kept**, on moo2-shot's TBT and score.",
    "BokehJS's and Panel's scripts put in the page one a task (`static/boot.js`, "
    "`addScripts`, 2026-11-28, session 19): the 11 scripts and the preload of "
    "`widgets.js` had been put in the page in one task (the `start` of the notes before, "
    "whose 10-30 ms of script were not explained). Under Lighthouse's tracing each "
    "request records the stack of the script that made it, and that task took 23 / 38 ms "
    "in two Lighthouse traces of the landing page (x4 in its simulation: 92 / 152 ms). "
    "With one element a task, in a trace of the same run: 12 tasks of 0.4-5.0 ms (18 ms "
    "in all). The scripts still run in their listed order (`async = false` keeps the "
    "order they were put in, across tasks). Without tracing the one task took a few ms, "
    "so a phone gains little; Lighthouse no longer counts it. **Kept.** The bench's table "
    "of 2026-11-28 01:18 UTC was of the build before it (6ce0522), against 22211ca; the "
    "table above (04:45 UTC) is of a later build, which includes it.",
    "BokehJS loaded once Python's runtime has started (the worker's `runtime` step, at "
    "1.9-2.5 s at full speed here) instead of as soon as the snapshot is drawn "
    "(2026-11-28, session 19), so that compiling Python's WebAssembly and compiling "
    "BokehJS would not overlap. BokehJS was still ready seconds before Python's page (at "
    "full speed, 2 loads: its scripts fetched at 1.9-2.0 s, the page built at 6.6 / 6.9 s "
    "against 6.8 / 7.2 s before). Lighthouse, 3 runs each, the builds interleaved, load "
    "1.4-4.4: TBT 876 / 1,109 / 676 ms against 643 / 776 / 557 ms (landing, moo2-shot, "
    "cepheus-check; runs 395-917 / 739-1,282 / 608-783 against 511-1,308 / 556-897 / "
    "323-689), score 0.79 / 0.76 / 0.83 against 0.75 / 0.81 / 0.85. Worse, for a reason "
    "not established: in Lighthouse's simulated timeline BokehJS runs after its TTI either "
    "way (next paragraph). **Not kept** (removed).",
    "What Python's start costs Lighthouse here (2026-11-28, session 19; a measurement, "
    "not a lever): the same build with `worker.js` replaced by a worker that only answers "
    "the page (no Python; the snapshot, BokehJS and Panel load as before). Lighthouse, 3 "
    "runs each, interleaved, load 2.1-3.3: TBT 153 / 236 ms without Python against 609 / "
    "463 ms with it (landing, cepheus-check; runs 90-216 / 114-578 against 566-813 / "
    "327-704), score 0.98 / 0.94 against 0.85 / 0.88. On this 2-core machine, Python's "
    "start takes the cores that the page's thread needs while Lighthouse records: first "
    "the WebAssembly compiled on background threads, then the packages and the imports on "
    "the worker's thread. Lighthouse's 4x simulation multiplies whatever that slows. So "
    "more than half of the TBT measured here is that contention, which a phone's 6-8 "
    "cores would mostly absorb. What would act on it: less work in Python's start (the "
    "memory snapshot above), or the page's own work done before Python starts or after "
    "its page is built. 'After the runtime' was tried above, and was worse.",
    "Python's worker started once the snapshot is drawn, not first (2026-11-28, session "
    "19; after the measurement above): the worker created once the prerendered page is "
    "drawn (or 2 s after the start at the latest), so that compiling its runtime and "
    "drawing do not overlap. Lighthouse, the builds interleaved, load 0.0-4.3: TBT 263 / "
    "363 / 333 ms against 586 / 867 / 348 ms (cepheus-check, moo2-shot, landing; 5, 3 and "
    "5 runs; runs 211-488 / 195-605 / 71-416 against 409-806 / 750-946 / 207-620). But "
    "the page went live later where its snapshot takes longer to draw. At full speed "
    "(fresh profiles, interleaved), `?page=moo2-shot` was live at 8.10 s against 7.47 s "
    "(5 loads each); with the worker started after the first piece only, 7.82 s against "
    "7.51 s (8 loads each, Python's runtime ready 0.2 s later). Cepheus-check was live at "
    "6.92 against 7.13 s, the landing page at 6.24 against 6.19 s (6 loads each). On a "
    "phone the delay would be the drawing's time at its speed, before Python's 10 MB even "
    "start to download. **Not kept**: it trades blocking time for a later live page. What "
    "could keep the gain without the cost: Python's downloads started at once and only "
    "its compile held until the drawing is done (the site's `no-cache` makes each of the "
    "worker's own fetches a revalidation), or less to compile (the memory snapshot "
    "above).",
    "Python's runtime held until the snapshot is drawn, its downloads not "
    "(`static/worker.js`, `heldUntilDrawn`, `HOLD_MS`; `static/boot.js` sends `drawn`; "
    "2026-11-28, session 20): the worker starts first, as before, and Pyodide fetches its "
    "WebAssembly, standard library and lock file at once; only `pyodide.asm.js` (1.3 MB of "
    "JavaScript to compile and run on the worker's thread) and the WebAssembly's compile "
    "wait for the page's `drawn` message (sent once the snapshot is drawn, or once the page "
    "knows it has none), 3 s at most. A stand-in `_createPyodideModule` does it; Pyodide's "
    "files are not changed. Tried first and not kept: holding only the WebAssembly's "
    "compile (an `instantiateWasm` that waits). The worker's steps, timed in page time "
    "(fresh profiles, full speed, `?page=moo2-shot`), showed why it could not help: the "
    "worker's thread was loading `pyodide.asm.js` until 0.9-1.0 s, after the snapshot was "
    "drawn (0.5-0.85 s), so the compile never overlapped the drawing; the script's own "
    "compile and run did. With the script held too, Lighthouse (its CLI with the bench's "
    "flags, the builds interleaved, 5 runs each, load 1.9-5.7): TBT 461 / 616 / 651 ms "
    "against 728 / 900 / 504 ms (cepheus-check, moo2-shot, landing; runs 297-639 / 349-825 "
    "/ 571-1,024 against 304-864 / 535-1,128 / 275-548), score 0.88 / 0.84 / 0.83 against "
    "0.82 / 0.79 / 0.87, LCP unchanged (1.6-1.7 s both). The table above (`./dev bench "
    "--only phone --sites rangefinder --phone-folder`, with the previous session's build, "
    "a9665e4; the builds interleaved run by run, load 3.0-4.1) is this lever alone against "
    "the build before it: TBT 364 / 291 / 312 / 626 ms against 692 / 977 / 542 / 331 ms "
    "(landing, cepheus-attack, moo2-shot, cepheus-check): lower on three pages of four, "
    "each within this measure's spread. A third run, on cepheus-attack and cepheus-check "
    "only (6 runs each, interleaved, load 3.6-4.6), found no difference: TBT 405 / 371 ms "
    "against 328 / 401 ms (runs 128-778 / 198-1,000 against 110-707 / 154-804). So its gain "
    "in Lighthouse is not established beyond this measure's noise. It costs no time here: "
    "`?page=moo2-shot` live at 7.48 s against 7.67 s, Python's runtime ready at 2.39 "
    "against 2.41 s (fresh profiles, full speed, 6 loads each, interleaved). On a phone the "
    "WebAssembly's download (2.3 MB of brotli) takes longer than the drawing, and the held "
    "script is 0.2 MB. **Kept**: it costs nothing measured, and it removes work that "
    "measurably overlapped the drawing; its Lighthouse gain is not proven. A correction to "
    "session 19's two levers above measured on copies of a build with `boot.js` swapped in: "
    "those copies sent `boot.js` without its `.br` and `.gz` (40 kB instead of 11 kB), "
    "which Lighthouse's simulated slow 4G charges to LCP (a first try of this lever had LCP "
    "1.8-1.9 s against 1.6-1.7 s for that reason alone); their TBT and live-time figures "
    "stand. The copies measured this session carry recompressed files.",
    "A snapshot's pieces weighed by their components (`static/boot.js`, `laterPieces`, "
    "`ROOT_ELEMENTS`; 2026-11-28, session 21): each shadow root now counts as 10 elements "
    "more when the snapshot is cut into pieces. A component costs its style scope, and here "
    "every root's sheets declare 96 custom properties on its host, whatever its size: "
    "moo2-shot's inputs are 39 of its 65 roots in a quarter of its elements. Counted by "
    "elements alone, the first frame held 55 of moo2-shot's 65 roots (cepheus-attack 74 of "
    "103, cepheus-check all 38 in one piece); now 15 on each page (the page's frame and its "
    "key figures), the inputs and details following a frame at a time (moo2-shot 8 pieces "
    "instead of 4, cepheus-attack 12 instead of 4, cepheus-check 4 instead of 1, the landing "
    "page 1 as before). At a real 4x CPU throttle (DevTools' `setCPUThrottlingRate`, 412 px, "
    "the worker not started, so only the page's own work; long animation frames from the "
    "first paint until the snapshot is drawn, fresh contexts, interleaved): the longest "
    "frame with style and layout 81 / 73 ms against 117 / 100 ms (moo2-shot, cepheus-attack, "
    "6 loads each), blocking 38 / 16 ms against 68 / 124 ms (8 loads each); cepheus-check "
    "no better (36 against 22 ms). The snapshot is complete later: at 4x 1,028 / 956 / 762 "
    "ms against 855 / 816 / 694 ms, at full speed 0.52 against 0.44-0.49 s on moo2-shot; "
    "live at 5.84 against 5.56 s on moo2-shot (medians of 21 loads each, interleaved in "
    "three sets, spread 4.6-7.3 s both; one set of the three had it earlier), 5.94 against "
    "6.55 s on cepheus-attack (5 loads): no cost established, and Python's runtime and "
    "BokehJS, which wait for the complete snapshot, wait 80 ms longer at full speed. "
    "Lighthouse (its CLI with the bench's flags, 5 runs each, interleaved, load 2.7-4.3): "
    "TBT 202 / 170 / 134 ms against 284 / 338 / 208 ms (moo2-shot, cepheus-attack, "
    "cepheus-check; runs 66-571 / 48-431 / 103-332 against 236-425 / 247-346 / 174-408), "
    "score 0.96 / 0.98 / 0.99 against 0.94 / 0.92 / 0.96, LCP 1.67 s both, CLS 0.003-0.006 "
    "both. Full-page screenshots of seven pages' finished snapshots, light and dark, at 390 "
    "and 1024 px: identical to the pixel (28 of 28). **Kept.** Measured with it and not kept: "
    "the snapshot's parse, its stylesheets' filling and its cutting in a task each instead "
    "of one (a 27 ms task in one Lighthouse trace): Lighthouse TBT 259 / 174 / 195 ms "
    "against 238 / 293 / 204 ms without either change (moo2-shot, cepheus-check, landing, "
    "5 runs each), blocking at 4x 60 / 75 ms against 80 / 38 ms: no consistent gain. (The "
    "landing page, where the two builds measured with and without the weighing run the same "
    "code, had TBT 335 against 195 ms in that run: this measure's noise.)",
    "Why the table's LCP is 1.9-2.1 s while other runs read 1.5-1.7 s (2026-11-28, session "
    "21; a measurement, not a lever): the bench serves Rangefinder's `dist/` without its "
    "precompressed copies (`--phone-precompressed` adds a site served with them), while "
    "`./dev serve`, the browser tests' server and the A/B runs of these paragraphs send "
    "`X.br`. The same build (794a547), Lighthouse 3 runs each, interleaved: LCP 1.68 / 1.68"
    " / 1.51 s served with its `.br` copies against 2.02 / 2.03 / 1.87 s served raw, FCP "
    "0.94-0.96 s against 1.20-1.21 s (moo2-shot, cepheus-attack, landing; `boot.js` travels"
    " as 11 kB instead of 40 kB). A host that compresses (as most do, on the fly or from "
    "the copies) meets the LCP target on these pages; the table shows a host that does not.",
    "The site's own scripts minified (`minified-scripts`, `sitebuild/minify.py`; "
    "2026-11-28, session 22): esbuild (`--minify`, no `--format`, so a classic script's "
    "top-level names, which the page shares, are kept; its platform binary from npm, "
    "pinned by integrity in `package-lock.json`) minifies each script of `static/`, with "
    "a source map beside it (`boot.js.map`, the script as written in `sourcesContent`) "
    "that only the developer tools ask for and the service worker does not pre-cache. The "
    "six scripts the page loads before its first drawing (`theme.js`, `storage.js`, "
    "`boot.js`, `saved.js`, `share.js`, `update.js`) were 88 kB as written (26 kB "
    "brotli), on Lighthouse's simulated slow 4G between the HTML and the key figures; "
    "minified they are 39 kB (13 kB brotli); all nine scripts 116 kB become 52 kB. The "
    "table above (`--phone-without minified-scripts`: the same `dist/` with each script "
    "given back the text its map holds, served raw, interleaved run by run, load "
    "2.0-4.4): LCP 1.7 / 1.7 / 1.7 s against 2.1 / 2.0 / 2.0 s (cepheus-attack, "
    "moo2-shot, cepheus-check; every run with it, 1.69-1.81 s, below every run without, "
    "1.98-2.12 s), FCP 1.06 against 1.20 s; the landing page 1.9 against 1.9 s (runs "
    "1.71-1.96 against 1.89-4.81 s). Served with the `.br` copies: LCP 1.5 s on every "
    "page. A first trial (terser, `-c -m`, on a copy of the previous build, 3 runs each, "
    "interleaved) read the same: LCP 1.74 / 1.69 s against 2.06 / 2.05 s served raw, 1.46 "
    "/ 1.47 s against 1.67 / 1.66 s served brotli (cepheus-attack, moo2-shot). TBT: no "
    "verdict (124-451 ms without against 129-332 ms with on moo2-shot; this run read high "
    "for every site, 94-746 ms). **Kept**: the raw-served LCP target is met on every page "
    "with it and on none of the calculator pages without. Its cost: a stack trace in the "
    "console names minified functions unless the developer tools read the map; the build "
    "needs esbuild's npm package for its platform (without one it says so and ships the "
    "scripts as written).",
    "Every font of the snapshots set up before the first paint (`font-warmup`, "
    "`sitebuild/snapshot.py` `FONTS`, `sitebuild/shell.py` `font_warmup`; 2026-11-28, "
    "session 23): the build lists, as it draws the snapshots, each font their visible "
    "text is drawn in (computed style, weight, size and family, at 1024, 700 and 390 px: "
    "the page's media queries change sizes at 760 and 560 px) with the characters drawn "
    "in it, 33 fonts, and writes them at the top of `index.html`'s `<body>` as a clipped "
    "1 px box hidden from assistive technology (4.4 kB, 0.7 kB brotli). The page's first "
    "layout, before its first paint and while the snapshot is still downloading, then "
    "sets them up; the snapshot's drawing after the first paint no longer does. Why: a "
    "trace of moo2-shot at full speed (Lighthouse's, and one with blink's debug "
    "categories) had the shell's first layout take 31-36 ms for 30 layout objects (text "
    "shaping 10 ms of it) and the snapshot's first piece 28 ms of layout for 102 objects: "
    "setting up fonts, not laying out boxes; building the adopted sheets' rule sets was "
    "0.6 ms of that piece's 14.7 ms of style, and Bokeh's icons (SVG mask images) 2-6 ms "
    "a piece. At a real 4x CPU throttle (DevTools' `setCPUThrottlingRate`, 412 px, the "
    "worker not started, so only the page's own work; long animation frames from the "
    "first paint until the snapshot is drawn; 8 loads each, interleaved; this build "
    "against `--phone-without font-warmup`'s copy of it): blocking 59 / 57 / 21 / 27 ms "
    "against 94 / 128 / 45 / 44 ms (moo2-shot, cepheus-attack, cepheus-check, landing), "
    "the longest frame with style and layout 67 / 65 / 58 / 56 ms against 96 / 77 / 71 / "
    "82 ms, lower on every page; a first trial (the fonts written into a copy of the "
    "previous build by hand) read the same (blocking 59 / 53 / 16 ms against 112 / 95 / "
    "37 ms; moo2-shot, cepheus-attack, landing). The snapshot is complete at the same "
    "time (1,316 against 1,294 ms on moo2-shot). Its cost: the first paint comes later at "
    "4x, 462 against 418 ms (medians of 6 loads, moo2-shot); Lighthouse's simulated FCP "
    "did not move (1.05-1.06 s both). Lighthouse: the hand-made copy, 3 runs each, "
    "interleaved, load 2.7-5.7: TBT 130 / 113 / 242 ms against 156 / 284 / 346 ms "
    "(moo2-shot, cepheus-attack, landing; runs 114-200 / 104-225 / 242-529 against 52-474 "
    "/ 167-457 / 216-355); the table above (this build): 386 / 256 / 242 / 221 ms against "
    "322 / 323 / 196 / 259 ms, no verdict (runs 60-839 ms). Screenshots of seven pages' "
    "snapshots, light and dark, at 390 and 1024 px, with and without it: identical to the "
    "pixel, 28 of 28. **Kept**, on the throttled frames. Tried first and **not kept**: "
    "the adopted sheets' rule sets built ahead in a hidden shadow root, 8 sheets a task "
    "(`warmSheets`): blocking 164 against 158 ms, longest frame with style and layout 128 "
    "against 107 ms (6 loads each).",
    "Why Lighthouse's TBT swings from one run to the next (2026-11-28, sessions 23 and 24; "
    "a measurement, not a lever). Lighthouse's simulation (Lantern, in "
    "`@paulirish/trace_engine`) takes each main-thread task as its trace recorded it at full "
    "speed, multiplies it by 4 (by 2 if it holds a layout), and sums the blocking time from "
    "the first paint to its time to interactive: the end of the last task over 50 ms "
    "simulated, averaged over two graphs (every task; only those over 20 ms recorded). Its "
    "trace ends once the network and the main thread are quiet, 2.6-3.5 s after the first "
    "paint here, before the takeover: the live document's drawing (`embed_items`, 220-290 ms "
    "at full speed under the same trace categories) is in none of the 18 reports of session "
    "23, whose tasks after 1.2 s are all under 40 ms. The late tasks that put its time to "
    "interactive at 15.5-16.3 s are BokehJS's and Panel's scripts compiled on the main "
    "thread as each arrives (11-23 ms each at full speed with Lighthouse's trace categories, "
    "which log every script's source), and the simulation delivers them, served raw, "
    "between 8.5 and 16 s. When none of them passes 50 ms simulated, the window ends at "
    "9.1-9.6 s (TBT 50-126 ms on moo2-shot and cepheus-attack); when one does, it runs to "
    "16 s (TBT 254-627 ms). The first drawing's tasks and the sliced evaluation's have no "
    "request to wait for in the simulation and are placed near the first paint (1.1-2.2 s), "
    "counted in every run. So the TBT target needs every task, the drawing's, the "
    "evaluation's and each script's compile, under 12.5 ms at full speed (25 ms with a "
    "layout). Session 23's version of this note called the late tasks the takeover's: they "
    "are the scripts', and the takeover is outside Lighthouse's window (its tasks are "
    "measured by `bench/takeover.py`).",
    "The landing page's first drawing, taken apart (2026-11-28, session 19; the snapshot "
    "drawn into a 412 px page at full speed, 8-15 runs each, interleaved). Style took "
    "11-13 ms. Its `<select>` of 27 calculators took 7-8 ms of that (4-5 ms without it), "
    "of which its arrow (an SVG background image) took about 3 ms. Layout took 15-19 ms, "
    "about half of it the cards' text. Neither font set-up nor Bokeh's nested flex "
    "layouts explains it: with every font one family, and with every component `display: "
    "block`, it took as long. Tried and **not kept**: `content-visibility: auto` on the "
    "cards (total 53.3 against 42.4 ms in 15 runs: insert, style and layout 21.9 against "
    "22.8 ms, but the next frame 20.3 against 13.9 ms, and the page 5,606 px tall against "
    "4,967 px until the cards are drawn); the second and third rule sets' cards left to a "
    "later piece (3 ms less layout); the sheets' first style resolution done in a task "
    "before (3.6 ms moved for 2-7 ms saved).",
    "V8 compile hints measured again with `sliced-eval` (2026-11-27, the build without "
    "`compile-hints` against the same build with it, Lighthouse 3 runs each, load 1.4-3.9): "
    "TBT 529 / 531 ms without against 581 / 682 ms with (landing, moo2-shot), runs spread "
    "over 300-1,100 ms: no verdict. At a real 4x throttle (`bench/takeover.py`, 4 loads each) "
    "blocking was 783 / 3,153 ms without against 666 / 2,714 ms with, first paint to live "
    "6.3 / 8.3 s against 6.7 / 9.2 s. What Lighthouse counts against the hint is its own "
    "profiler's logging of the eagerly compiled functions (above), which the parts now split. "
    "Kept as it was.",
    "The snapshot's script work a short task at a time (2026-11-28, session 24; part of "
    "`snapshot`, `static/boot.js` `showSnapshot`, and of `sliced-eval`). A trace with "
    "Lighthouse's own categories, at full speed, of moo2-shot showed the drawing's longest "
    "script task, 45-81 ms, to be one task that parsed the snapshot (`setHTMLUnsafe`), "
    "filled its stylesheets and cut it into pieces, the last walking the page's shadow roots "
    "again for every piece's weight; and the first slice of BokehJS's evaluation ran in "
    "the same task as `panel.min.js`'s compile (10-18 ms more). Now the stylesheets are "
    "parsed in slices of 5 ms, the parse, the filling and the cutting are a task each, the "
    "cutting counts each root's elements once (the pieces identical, checked on five pages "
    "at two widths), and the evaluation yields before its first slice. At a real 4x "
    "throttle (8 loads each, interleaved, blocking from the first paint until the snapshot "
    "is drawn): moo2-shot 25 against 52 ms, cepheus-attack 5 against 87 ms (drawn at 1.25 "
    "against 1.49 s), the landing page 18 against 4 ms (its one piece; runs 0-58 against "
    "0-34 ms). With Lighthouse's trace categories at full speed, blocking as its simulation "
    "would count every task of the first 3 s: moo2-shot 176 against 300 ms (12 loads each), "
    "landing 297 against 312 ms (10). Lighthouse itself, 3 runs each, interleaved: TBT 52 / "
    "290 / 196 ms against 137 / 128 / 184 ms (moo2-shot, cepheus-attack, landing), no "
    "verdict: which drawing tasks fall before its simulated first paint, and so are not "
    "counted, changes from run to run. Screenshots of the seven pages' snapshots, light and "
    "dark, at 390 and 1024 px: identical to the pixel, 28 of 28. The bench's table of this "
    "session (the tree against the build it started from, interleaved) reads TBT 105 / 199 "
    "/ 70 / 46 ms against 249 / 439 / 273 / 184 ms (landing, cepheus-attack, moo2-shot, "
    "cepheus-check). Session 21 had tried the split alone (no consistent gain, above): it "
    "left the cutting's walks, the stylesheets in one task and the first slice after "
    "`panel.min.js`. **Kept.** Tried and **not kept**: pieces of 100 elements instead of "
    "150 (blocking at 4x 22 against 25 ms, the "
    "longest frame 60 against 69 ms: within the noise). Measured on the way: without the "
    "compile hint the scripts' compile under Lighthouse's categories took as long (their "
    "sum 89 against 100 ms, medians of 5 loads): it is the trace's logging of each "
    "script, not the hint's eager compile.",
    "Parts of 100,000 characters again (`PART_CHARACTERS`, 2026-11-28, session 24), so "
    "that each script's compile under Lighthouse's trace categories stays under 12.5 ms: "
    "22 scripts instead of 11. The longest compile of a load, full speed, Lighthouse's "
    "categories, moo2-shot: 6.8-20.0 ms (8 loads) against 10.7-19.5 ms with 200,000 "
    "(8 loads), their sum 56-128 against 63-118 ms: no gain. The time is not the size: "
    "parts of about 100 kB took 3.5-12 ms, the 2 kB `bokeh-sliced.js` 7 ms once. **Not "
    "kept** (never in the tree).",
    "BokehJS's visuals drawn without asking for CSS variables (`no-css-visuals`, "
    "`sitebuild/patches.py`, 2026-11-28, session 25). Before it takes a visual property "
    "(line, fill, hatch, text) of a glyph, axis, grid or title from its model, BokehJS asks "
    "the browser for a `--bk-` CSS variable that would override it (`_get_css_value`, "
    "`getComputedStyle`). No file of the site declares one, and each read, coming between "
    "the views' writes to the page, made the browser recalculate the styles of the live "
    'document being drawn. The build edits `_get_css_value` to return "" at once, and stops'
    " if any file it ships names a `--bk-` variable (`bokeh_css_variables`: the packs, the "
    "snapshots and each zip's members read); a browser test checks that no element of a live"
    " page has one set. The live pages after takeover are identical to the pixel with and "
    "without (5 pages at 390 and 1024 px light and 1024 px dark: 15 of 15). At a real 4x "
    "throttle (`bench/takeover.py`, 8 loads each in two runs, the builds interleaved, load "
    "0.4-4.5), medians with against without: the longest task (the takeover's drawing) "
    "1,481 / 1,612 ms against 1,850 / 1,754 ms (moo2-shot / cepheus-attack; runs 1,142-1,872"
    " / 1,380-2,016 against 1,328-2,262 / 1,440-2,530 ms), blocking 2,407 / 2,463 against "
    "2,730 / 2,816 ms. In the kept traces (4 loads each), the style recalculations inside "
    "that task, the same count in every load: 18 / 14 against 27 / 22, their time 228-266 / "
    "204-328 ms against 263-430 / 264-509 ms. **Kept.** What is left of it: the reads that "
    "remain force the recalculations instead (each plot's `get base_font_size`, "
    "`getComputedStyle(el).fontSize` for `em` font sizes, and `getBoundingClientRect` in "
    "`_update_bbox`), and two or three of them recompute the whole live tree (about 2,000 "
    "elements, 100-250 ms each at 4x) inside the drawing task; two more follow, in the next "
    "frame and when the page is swapped in (traced with Chromium's invalidation tracking, "
    "2026-11-28). Fewer whole-tree recalculations is the next lever there.",
    "The takeover's document drawn in slices again (`sliced-render`, 2026-11-28, session "
    "25; `static/boot.js`, `embedItems`), now judged by `bench/takeover.py`, which sees the "
    "takeover, and not by Lighthouse, whose trace ends before it (above): the same steps as "
    "the attempt of 2026-11-27, in `boot.js` with its slicer instead of a script of its own. "
    "At a real 4x throttle, against the same build without it (both with `no-css-visuals`), "
    "medians of 4 loads, landing / moo2-shot / cepheus-attack: the longest task 230 / 1,177 "
    "/ 1,176 ms against 349 / 1,620 / 1,833 ms, blocking 801 / 2,423 / 2,369 against 901 / "
    "2,602 / 2,919 ms, first paint to live 7.9 / 11.7 / 11.7 against 7.9 / 11.5 / 12.2 s "
    "(load 2.4-4.7); an earlier run of the same pair (load 3.3-4.8): 214 / 997 / 1,303 "
    "against 357 / 1,646 / 1,528 ms, blocking 798 / 2,319 / 2,574 against 885 / 2,490 / "
    "2,839 ms. The landing page's blocking, higher with it in the first attempt (3 loads), "
    "is lower in both runs. **Kept.** The drawing of the one root is still one task.",
    "The live app drawn transparent instead of hidden while the snapshot is shown (`static/"
    "app.css`, `#rf-app.rf-app--pending`; 2026-11-28, session 25). The pending app was "
    "`visibility: hidden`; undoing it at the swap made the browser recompute the style of "
    "every element of the live page: on the live cepheus-attack page (2,330 elements, full "
    "speed) putting `visibility` back took 16-48 ms, putting back `opacity`, "
    "`pointer-events` and `position` 0.2-1.2 ms (`inert` 10-40 ms, the `hidden` attribute "
    "8-18 ms). It is now `opacity: 0` with `pointer-events: none`, `aria-hidden` while it "
    "waits, and `boot.js` moves a focus out of it. At a real 4x throttle (the same run as "
    "above, against the build with `sliced-render` and the old rule): whole-tree style "
    "recalculations from the first paint until live 3 against 4 on moo2-shot and "
    "cepheus-attack, in every load; the task that swaps the page in 101-242 / 98-153 ms "
    "against 240-440 / 267-540 ms (moo2-shot / cepheus-attack); medians of 4 loads, landing "
    "/ moo2-shot / cepheus-attack: longest task 188 / 1,067 / 1,103 against 230 / 1,177 / "
    "1,176 ms, blocking 596 / 2,175 / 1,806 against 801 / 2,423 / 2,369 ms. The live pages "
    "after takeover are identical to the pixel. **Kept** (the site's own CSS, not a lever).",
    "Each new layout's CSS written before BokehJS first measures the new views "
    "(`layout-first`, `sitebuild/patches.py`, 2026-11-29, session 26). Found by forcing a "
    "style recalculation after every write to the page during the takeover's drawing and "
    "reading, in the trace, how many elements each one restyled: BokehJS puts a new tree in "
    "the page, then runs its views' `after_render`, where each view that is not a layout "
    "measures itself (`_update_bbox`), so the browser styles the whole tree while every "
    "layout's `:host` sheet is still empty (`display: block`); only then does "
    "`invalidate_layout` write `display: flex` into each, and a display change restyles "
    "everything under it: the root column's write alone restyled 2,023 elements. The edits "
    "(`DOMView.build`, BokehJS's and Panel's `update_children`) call `update_layout` before "
    "`after_render`; `invalidate_layout` still runs after and writes the same text, which "
    "the browser keeps. The live pages are identical to the pixel with and without (15 of "
    "15). In every traced load, the whole-tree recalculations from the first paint until "
    "live fall from 3 to 2 on moo2-shot and cepheus-attack, and in a page opened from the "
    "list from 3 to 2 (full speed, cepheus-attack from the landing page, 2 loads each: "
    "1,813 + 1,784 + 1,482 elements against 1,814 + 1,482). At a real 4x throttle "
    "(`bench/takeover.py`, against the same build without it, 4 loads each, load 2.6-4.5), "
    "the style time from the drawing until live, moo2-shot / cepheus-attack: 200-401 / "
    "238-463 ms against 275-427 / 381-540 ms; the longest task's medians do not show it at "
    "this noise (996 / 1,160 ms against 854 / 1,183 ms; the drawing task is mostly script). "
    "An earlier run with the same change made from `boot.js`: the style inside the drawing "
    "task 139-226 / 120-204 ms against 189-276 / 211-321 ms. **Kept.** What is left: the "
    "third whole-tree recalculation, in the first frame after the drawing, is Panel's "
    "stylesheets arriving: every component's shadow root links Panel's CSS files (372 "
    "`<link>`s on cepheus-attack: `loading.css`, the theme's `default.css` and `native.css` "
    "in each of 103 roots), a link's rules apply only once it has loaded, after the "
    "drawing, and each shadow root is restyled then. The same session made that a lever, "
    "`inline-css` (below).",
    "Panel's stylesheets given to BokehJS as text (`inline-css`, `static/boot.js` "
    "`inlineStylesheets`, 2026-11-29, session 26). Every component's shadow root links "
    "Panel's CSS files (372 `<link>`s on cepheus-attack: `loading.css` and the theme's "
    "`default.css` and `native.css` in each of 103 roots); a link's rules apply only once "
    "it has loaded, after the drawing, and the browser then restyled every shadow root: the "
    "third whole-tree recalculation from the first paint until live (1,957 elements at full "
    "speed, in the first frame after the drawing, forced by nothing the page's scripts did: "
    "found by forcing a recalculation before each animation-frame callback). Between making "
    "the document from its JSON and drawing it, `embedItems` now fetches the same-origin "
    "CSS files its `ImportedStyleSheet` models name (the service worker's copies once "
    "installed) and replaces BokehJS's `ImportedStyleSheet` (`core/dom`) by a function that "
    "makes a `<style>` of a fetched file's text, its relative `url()`s made absolute, and a "
    "`<link>` as before for any other file. The browser parses each text once for all the "
    "roots that hold it. The live pages are identical to the pixel with and without (15 of "
    "15). In every traced load, one whole-tree recalculation from the first paint until "
    "live on moo2-shot and cepheus-attack, against two with `layout-first` alone, and one "
    "in a page opened from the list, against two. At a real 4x throttle, a prototype of the "
    "same change (the list of files written into the built `boot.js`), 4 loads each against "
    "`layout-first` alone and the build without either, load 2.6-4.5: style time from the "
    "drawing until live, moo2-shot / cepheus-attack, 143-278 / 191-210 ms against 200-401 / "
    "238-463 and 275-427 / 381-540 ms; the longest task's medians 1,017 / 897 ms against "
    "996 / 1,160 and 854 / 1,183 ms (the drawing task is mostly script; these do not "
    "resolve it). **Kept.** What is left in the drawing task: script (BokehJS building and "
    "rendering about 140 views), and the one style of the new tree. A page opened from the "
    "list is one task of 0.5-1.1 s at full speed on this machine, the same drawing work.",
    "The drawing of the live document's root in several tasks (`split-draw`, "
    "`static/boot.js` `finishDrawing`, 2026-11-29, session 27). With `sliced-render`, the "
    "views are built a slice at a time, but BokehJS then draws the root in one call "
    "(`DOMView.build`): a CPU profile of that task at 4x on cepheus-attack (860 ms sampled)"
    " held the rendering of the views (`render_to`, 249 ms), their `after_render` (the "
    "first measure forcing the new tree's style and layout, 171 ms) and the root layout's "
    "`compute_layout` (323 ms: the plots measuring their tick labels, 134 ms, and painting,"
    " 121 ms). `embedItems` now runs the same steps in turn, with yields between: each "
    "view's `render` with the views it puts in its own element drawn after it, a slice at a"
    " time (each element put in place empty and filled later; the tree is put in the page "
    "once drawn, as `render_to` does; a view put elsewhere, a tooltip in the page's body, "
    "is drawn at once); then `r_after_render`, with the root's `compute_layout` held; then "
    "its four steps (`measure_layout`, `update_bbox` with `_compute_layout`, "
    "`after_layout`), the two tree walks a slice at a time (a view whose class has its own "
    "step takes it whole). A frame between two of these tasks told views drawn halfway that"
    " they had changed size, and the root then drew itself again (BokehJS: \"wasn't built "
    'properly"; and a stack overflow in a tooltip on lurasko-attack, found by the browser '
    "tests, before a view put elsewhere was drawn at once): the resize observers made "
    "during the drawing hold what they see until it is done, then tell it, as the first "
    "frame after a one-task drawing would. Every page of the app turns live with no error "
    "or warning, in 8-16 tasks at full speed; the live pages are identical to the pixel "
    "with and without (15 of 15). At a real 4x throttle (`bench/takeover.py`, against the "
    "session-start build in the same run, 4 loads each, load 3.8-7.5), longest task from "
    "the first paint until live, landing / moo2-shot / cepheus-attack: 151 / 217 / 230 ms "
    "(medians; 135-250 ms) against 213 / 1,014 / 891 ms (152-1,076 ms); time in tasks over "
    "50 ms: 390 / 1,110 / 1,145 ms against 565 / 1,633 / 1,710 ms; from the first paint to "
    "live: 7.9 / 11.0 / 11.3 s against 7.7 / 11.3 / 10.9 s, the same. **Kept.** What is "
    "left in the longest tasks: the first style and layout of the new tree in a frame "
    "(style 80-145 ms at 4x), building the root's views, `Document.from_json`, and "
    "BokehJS's `update_layout` in `after_render`. A page opened from the list is still "
    "drawn in one task (BokehJS's and Panel's `update_children`).",
    "A page opened from the list drawn in slices (`split-open`, tried 2026-11-29, sessions "
    "27 and 28; code and test kept outside the tree): Panel's `ColumnView.update_children` "
    "wrapped, so that the new page's views are built (`build_views` yielding) and rendered "
    "out of the page a slice at a time (`renderSliced`), the old page left where it is "
    "(its removal, which BokehJS does as the building begins, held until the new page is "
    "drawn, and done as quietly as inside the patch: a spinner's removal sets its "
    "`value_throttled`, and seven such changes sent with the next pick kept Python from "
    "opening it, the bug that stopped the first attempt), then Panel's own "
    "`update_children` with the Column's `update_layout` written before the new tree goes "
    "in, its `r_after_render` and the root's `update_layout` and `compute_layout` each in "
    "tasks of their own (the walks a slice at a time), the new page unseen (opacity 0) "
    "until laid out. Every page opened with no error, and two pages picked at once ended "
    "on the last. Measured with a script outside the bench (`?page=cepheus-attack` live at "
    "full speed, then the page throttled 4x and traced from the pick until the new page's "
    "figure shows and the app is idle; Beam shot picked from the Calculator menu, and "
    "Fight forecast opened from the landing page's list; 4 runs each, the builds "
    "interleaved, load 2.3-3.6), against the same build without it: longest task 224 / 300 "
    "ms against 1,095 / 1,589 ms (menu / list; runs 145-255 / 180-368 against 1,002-1,395 "
    "/ 1,228-1,731), time in tasks over 50 ms 1,026 / 777 against 1,176 / 1,700 ms, but "
    "from the pick to idle 3.48 / 3.76 s against 2.52 / 4.03 s, and the main thread's busy "
    "time from the menu 1.8-3.3 s against 1.8-2.3 s: the frames between the slices style "
    "and lay out the half-finished tree again (a traced opening from the list, with "
    "Chromium's invalidation tracking: four style recalculations of 2,170-2,470 elements "
    "each, after the new tree went in and after the layouts' stylesheets were written "
    "again). With only the building and rendering sliced (the rest one task, as Panel does "
    "it): longest 713 / 763 ms, from the pick to idle 3.14 / 3.90 s (same run). **Not "
    "kept**: it trades the longest task for a page that shows later (up to 1 s at 4x from "
    "the menu) and more work in all, and a page opening is not one of the issue's targets "
    "(the tap itself is answered at once: the long task comes when Python's page arrives). "
    "What might keep the gain without the cost: fewer whole-tree style recalculations "
    "between the slices (putting a new tree in the page a part at a time did not help at "
    "takeover: next paragraph); the patch's decoding (150-290 ms at 4x, BokehJS's "
    "`Deserializer`) would still be one task.",
    "The live document's tree put in the page in parts (`split-draw`, `static/boot.js` "
    "`attachInParts`, 2026-11-29, session 28). Once drawn out of the page, the root went "
    "in whole: at 4x on cepheus-attack (a trace with V8's sampler), that `appendChild` "
    "took 96 ms (the shadow roots' stylesheets parsed as they enter the page) and the next "
    "frame styled the whole new tree (167 ms). Now the largest subtrees of at most an "
    "eighth of the tree's views are each swapped for a placeholder comment, the rest goes "
    "in, then the parts go back, a group of sibling subtrees at a time, each group styled "
    "at once (a computed-style read), yielding whenever a slice is due; the layouts' CSS "
    "is written first (`layout-first`), so that each part is styled once, with it. 13 "
    "groups on cepheus-attack and moo2-shot, 5 on the landing page. In the same change, "
    "the stylesheets' fetches of `inline-css` go in a task of their own, after the one "
    "that makes the document (`Document.from_json`; they had been one task). Tried first "
    "and **not kept**: every view's element a part of its own (about 100-200 parts), each "
    "styled as it went in: at a real 4x throttle (`bench/takeover.py`, 4 loads each, "
    "interleaved, load 2.7-4.3; counted from the first paint, next paragraph) the longest "
    "task 173 / 266 / 257 ms against 205 / 231 / 273 ms (landing / moo2-shot / "
    "cepheus-attack), but live 2 s later on the calculator pages (13.4 / 13.7 s against "
    "11.4 / 11.7 s from the first paint). The groups, against the same build without "
    "either change (4 loads each, interleaved, two runs): longest task 346 / 231 / 237 ms "
    "against 237 / 329 / 275 ms (load 2.1-5.4), and 160 / 185 / 203 ms against 188 / 244 / "
    "247 ms (load 1.0-4.7); time in tasks over 50 ms 1,037 / 1,410 / 1,335 against 747 / "
    "1,907 / 2,035 ms, and 554 / 981 / 1,252 against 584 / 1,637 / 1,335 ms; from the "
    "first paint to live 10.1 / 12.7 / 13.5 s against 10.3 / 13.9 / 14.2 s, and 8.7 / 12.2 "
    "/ 12.9 s against 9.2 / 12.2 / 12.0 s. The yield alone (first run): 227 / 229 / 279 "
    "ms. Lower on the calculator pages in both runs; the landing page's tree is small (5 "
    "groups), and its two runs disagree. The live pages are identical to the pixel with "
    "and without (15 of 15), and every page of the app turns live with no console error or "
    "warning. **Kept.** What is left in the longest tasks at 4x: `Document.from_json` (one "
    "call), the plots' own measuring and painting (one view each), BokehJS's "
    "`update_layout` and after-render steps.",
    "`bench/takeover.py` counts a task under way at the first paint from the first paint "
    "only, as Lighthouse's Total Blocking Time does (2026-11-29, session 28; a "
    "measurement, not a lever; `--traces` reports kept traces again). It counted every "
    "task that ended after the first paint, and so the task that makes it: in the traces "
    "of the run above, that task ran up to 531 ms at 4x, ending 0.1-3.5 ms after the first "
    "paint (its layout of the loader's 97 objects, up to 469 ms, sets up the fonts: "
    "`font-warmup` moved that there on purpose, before anything is on screen to tap), and "
    "it was the longest counted in 3 loads of 24, all of the landing page. The same traces "
    "read again: the landing page's longest task 205 ms (150-271) instead of 282 ms "
    "(258-531); moo2-shot and cepheus-attack unchanged (231 / 273 ms). Figures above this "
    "paragraph were counted the old way; where the first paint's task was not the longest, "
    "they are the same.",
    "The live document made from its JSON in several tasks (`sliced-decode`, "
    "`static/boot.js` `fromJsonSliced`, 2026-11-29, session 29). BokehJS's "
    "`Document.from_json` decodes the whole document in one call: its `Deserializer` walks "
    "the JSON depth first, making each model as its definition is met and setting its "
    "properties, then finalizes and connects every model. On this session's machine (a "
    "faster one than session 28's: a calculator page at 4x goes live 4.5-5 s after its "
    "first paint, against 11-13 s), with the takeover's other steps sliced, that call was "
    "one of the longest tasks left on the calculator pages. `fromJsonSliced` runs BokehJS "
    "3.10.1's own walk in the same order as an async function that yields after a model "
    "whenever a slice is due (values that cannot hold a model are BokehJS's own `_decode`), "
    "and the finalizing loops between models; with another BokehJS version the document is "
    "made by `Document.from_json` as before. The documents it makes are the ones BokehJS "
    "makes from the same JSON (the same models in the same order, the same serialized "
    "document, the same kind of value in every property at every depth, on a page's "
    "document and on a made-up one with every kind of value that can hold a model: "
    "`tests/site/test_sliced_decode.py`). Measured at a real 4x throttle, against the same "
    "build without it (the built `boot.js` swapped for the source's, `slicedDecode` on and "
    "off): with a script outside the bench (Chromium's long-task entries that overlap the "
    "document's making; 5 loads each, interleaved), the longest task while the document is "
    "made, cepheus-attack / moo2-shot, none over 50 ms against 85 / 81 ms (70-102 / 58-95); "
    "the making itself 80 / 63 ms of wall time against 73 / 74 ms (the landing page's "
    "document, 24 models, 8-17 ms either way). `bench/takeover.py` (4 loads each, "
    "interleaved, load 2.6-4.6), landing / moo2-shot / cepheus-attack: longest task 73 / 89 "
    "/ 81 ms against 111 / 85 / 88 ms, time in tasks over 50 ms 31 / 80 / 78 ms against 81 "
    "/ 110 / 91 ms, from the first paint to live 3.2 / 4.6 / 4.7 s against 3.5 / 4.6 / 4.7 "
    "s (an earlier prototype, same run design: 73 / 85 / 91 ms against 120 / 95 / 81 ms). "
    "The longest task is now another one: the snapshot's paints, BokehJS's module "
    "definitions with a garbage collection in them, the drawing's steps, which "
    "vary from load to load by more than the gain. **Kept.** The same walk could decode a page "
    "opened from the list (its patch, 150-290 ms at 4x on session 28's machine, is decoded "
    "by the same `Deserializer` inside `Document.apply_json_patch`); not tried.",
    "A build on a machine without Chromium (found 2026-11-29, session 29; not a lever): the "
    "build then ships the BokehJS prerender instead of the pages' snapshots (`build.py` says "
    "so in its log), and the prerendered page is drawn by BokehJS in the browser as it "
    "loads. At 4x (`bench/takeover.py`, 2 loads each, this session's machine) that made a "
    "task of 839 / 737 ms (804-873 / 712-761) on moo2-shot / cepheus-attack, against 96 / "
    "75 ms with the snapshots. `./dev test` and `./dev bench` installed Chromium, but "
    "`./dev build` and `./dev serve` (the README's Quick start) did not, so on a new machine "
    "they built the slower site. They now install it as `./dev test` does (as root, through "
    "apt-get), and otherwise say what the site will lack.",
    "What the precompressed moo2-shot's TBT is made of (2026-11-29, session 29; a "
    "measurement, not a lever). Four more Lighthouse runs of it with the trace kept "
    "(`lighthouse --save-assets`, ac52a66's build; TBT 90-198 ms): in each, the longest task "
    "in the report is an 'Unattributable' one of 106-217 ms about 1 s into the simulated "
    "load, exactly 4x a task of the trace (recorded at full speed) that is a major garbage "
    "collection of its own (`MajorGC`, V8's mark-compact, most of it evacuation): 27-54 ms, "
    "1.4-1.7 s into the load, while BokehJS's bundles are evaluated. The run that set the "
    "table's median of 230 ms had one of 255 ms. No script of the site asks for it; its "
    "length follows how much the page's heap holds then: about 14.5 MB used from 0.7 to 2 s "
    "into a load of moo2-shot at full speed (CDP `Runtime.getHeapUsage`; 4.2 MB at 0.3 s, "
    "before BokehJS, and 21.4 MB at 3 s), of which the snapshot's HTML, kept for the browser "
    "tests as `window.rangefinderSnapshotHTML`, is 62,690 characters: not what makes it "
    "long. Not yet looked into: what the rest is (BokehJS's module tables and the objects "
    "its modules make are the likely bulk).",
    "`bench/takeover.py` watches the page through the DevTools protocol (2026-11-29, "
    "session 30; a measurement, not a lever). It waited for `<html data-ready>` with "
    "Playwright's `wait_for_function`, which first puts Playwright's own script in the "
    "page: one script evaluated in a task of its own about 0.25 s after the first paint, "
    "26-66 ms at 4x in each of the 24 traces of a run (50 ms or more in 4 of them), and "
    "counted as one of the site's tasks. It now polls with the "
    "protocol's `Runtime.evaluate`; in the 24 traces of the next run no such script took "
    "over 22 ms. Figures above this paragraph were measured the old way.",
    "BokehJS's property tables copied once per call (`linear-define`, "
    "`sitebuild/patches.py`, 2026-11-29, session 30). Every model class of BokehJS, its "
    "widgets and Panel declares its properties through `HasProps.define` (and changes "
    "inherited ones through `override` and `override_options`) as its module is "
    "evaluated, and BokehJS copied the class's whole property table for each property it "
    "added: about n*n/2 entries for a class of n. With V8's sampling heap profiler "
    "(collected objects counted), a load of moo2-shot to live at full speed allocated "
    "38.2-39.4 MB on the page's thread, 12.8 MB of it in `define`; with the three methods "
    "copying once per call, 29.3-29.4 MB, 3.4-3.7 MB in `define` (2 loads each). One "
    "module stood out: BokehJS's `Styles` model declares 300 CSS properties in one call, "
    "and its evaluation took 51 ms at a real 4x throttle (median of 3 loads), 20 ms with "
    "the edit. A first version built the table by assignment; V8 then kept 52 of the 248 "
    "classes' tables as dictionaries (`%HasFastProperties`), where BokehJS's copies are "
    "all fast, so the table is copied once more at the end, into an object literal: all "
    "248 fast again. `tests/site/test_linear_define.py` loads the three bundles with and "
    "without the edits and compares every class's table (properties, order, kinds, "
    "defaults, options, mixins, fast properties) and what the methods' checks throw and "
    "leave behind; three mutations of the edit each fail it. Measured at a real 4x "
    "throttle, against the same build without it, with `bokeh-sliced.js` timing each "
    "module and Chromium's long-task entries over the evaluation (8 loads each, "
    "interleaved), moo2-shot / cepheus-attack: the longest task while the modules are "
    "evaluated, median none over 50 ms against 56 / 61 ms (a long task in 2 / 0 loads of "
    "8 against 6 / 5), the modules' own time 471 / 437 ms against 585 / 493 ms, the "
    "evaluation from its first module to its last 589 / 540 ms against 706 / 610 ms. "
    "`bench/takeover.py` (4 loads each, interleaved, load 0.7-3.6, with the fix above), "
    "landing / moo2-shot / cepheus-attack: longest task 72 / 91 / 69 ms against 67 / 80 / "
    "83 ms, time in tasks over 50 ms 27 / 127 / 48 against 42 / 96 / 84 ms, from the "
    "first paint to live 3.6 / 5.2 / 5.1 s against 3.5 / 4.6 / 4.8 s (the pairs of loads "
    "differ either way by up to 0.9 s): the drawing's tasks, which the edit does not "
    "touch, set the longest, and they vary from load to load by more than the gain. "
    "Lighthouse on the precompressed moo2-shot (4 runs each, interleaved, load 2.7-4.1): "
    "TBT 52 against 55 ms (runs 0-314 against 0-151 ms), where the major garbage "
    "collection below decides the spread. **Kept**, for the evaluation's long tasks and "
    "the garbage.",
    "When V8's first major garbage collection runs (2026-11-29, session 30; a "
    "measurement, not a lever). In each of the 24 Lighthouse traces of the precompressed "
    "moo2-shot kept this session (three pairs of builds, each pair interleaved, 4 runs of "
    "each build), V8 starts the marking of its first major collection 1.2-1.5 s into the "
    "load (at full speed), giving the reason 'approaching old generation allocation "
    "limit'. Its old generation then holds 11.3-11.6 MB, against a limit of 33.6 MB; in a "
    "build without `compile-hints` (the scripts' first line taken out, 4 runs), it holds "
    "only 7.3 MB, and the collection starts at the same time. So the heap's size does not "
    "decide when it runs; it only sets how long its final pause takes, the task "
    "Lighthouse multiplies by 4: 16-80 ms at full speed in these runs. `linear-define` "
    "does not move it either: the same 11.3 MB and the same moment with and without it. "
    "What the page's heap holds once live (a heap snapshot of moo2-shot at full speed, "
    "23.3 MB in all): V8's code 7.6 MB (bytecode 2.35 MB, compiled code 1.31 MB, scope "
    "infos 0.70 MB), objects, maps, strings, arrays and closures 6.5 MB, and native "
    "memory 9.1 MB, of which the scripts' sources are 2.8 MB. Without `compile-hints` "
    "V8's code is 4.7 MB, because only the functions that run are compiled. But the pause "
    "is no shorter: 18.5-32.1 ms against 24.3-49.8 ms with the hints, in the same run, "
    "and TBT 131 against 130 ms. So that build was not kept. Outside Lighthouse the "
    "collection rarely falls in the load: in the 24 traces of `bench/takeover.py`'s run "
    "above (a real 4x throttle, the same Chromium driven by Playwright), one load had a "
    "major collection between the first paint and live (11.7 ms, the landing page).",
    "Smaller snapshot pieces (`static/boot.js` `PIECE_ELEMENTS` 100 and 75 instead of "
    "150, 2026-11-29, session 30): no difference worth a change. At a real 4x throttle (a "
    "script outside the bench: Chromium's long-task entries from the first paint until "
    "100 ms after the last piece is in, 6 loads of moo2-shot each, interleaved), the "
    "longest task there was a median of 0 / 27 / 0 ms with pieces of 150 / 100 / 75 "
    "elements (at most 57 / 69 / 51 ms), LCP 856 / 844 / 824 ms. **Not kept.**",
    "BokehJS's walks of the whole view tree when a view finishes (2026-11-29, session 30; "
    "measured, not tried): each view's `notify_finished` asks the root view whether every "
    "view has finished (`has_finished`, which builds each layout's `child_views` list "
    "anew), so the takeover's drawing walks the tree once for each view that finishes: "
    "124 walks on cepheus-attack and 89 on moo2-shot, 20-28 ms and 4.5-10 ms in all at a "
    "real 4x throttle (2 loads each), spread over several of the drawing's tasks. "
    "`finishDrawing` could hold them back until the drawing ends, as it holds back "
    "`compute_layout`; too little per task to be worth it now.",
    "The live page painted before the swap (`will-change: opacity` on `#rf-app`, "
    "2026-11-29, session 30): while it is drawn out of sight the live page is "
    "transparent, and Chromium does not paint what is transparent, so the swap's frame "
    "paints and commits the whole page at once (`Commit` 29-47 ms, `Paint` 8-25 ms at a "
    "real 4x, the last task before live and often the longest). With the hint the page is "
    "a layer of its own, painted as its parts go in, and the swap only changes its "
    "opacity. Tried two ways, the hint on the page for good / only while it is hidden, "
    "against the build as shipped (`bench/takeover.py`, 3 loads each of moo2-shot and "
    "cepheus-attack, load 4.6-6.4): the longest task from 0.4 s before live to 0.2 s "
    "after, 61-80 / 67-90 ms against 54-76 ms, `Commit` and `Paint` in the 0.3 s after "
    "live 27-50 / 36-45 ms against 27-62 ms. No gain. **Not kept.**",
    "Each plot's `base_font_size` read once (2026-11-29, session 30; a prototype, not a "
    "lever). Each plot's paint asks `PlotView.base_font_size`, which calls "
    "`getComputedStyle(el).fontSize` at every read, and the profile of the takeover's "
    "drawing showed it in the paint tasks beside 15-19 ms of style recalculation. A copy "
    "of the build whose `boot.js` keeps the first value each plot view reads, against the "
    "build as shipped (`bench/takeover.py`, 4 loads each, interleaved, load 1.0-4.2): the "
    "style recalculations inside the script tasks of the last 1.5 s before live 113-144 "
    "ms against 110-138 ms, the longest task 73 / 66 ms against 72 / 76 ms (moo2-shot / "
    "cepheus-attack, medians). Other reads force those recalculations; the getter costs "
    "nothing that shows. **Not kept**, and no longer a lead.",
    "The drawing's walks of the tree a slice at a time (`split-draw`, `static/boot.js` "
    "`finishDrawing`, 2026-11-29, session 31). A copy of the build whose `boot.js` "
    "names each slice of the drawing and times every call in it over 2 ms (a real 4x "
    "throttle, 2 loads each of moo2-shot and cepheus-attack) showed which calls still "
    "made one task each: BokehJS's `r_after_render` of the whole tree (66-73 / 53-67 "
    "ms), the views' resize observers told of their sizes once the drawing was done "
    "(118 on cepheus-attack, 49-55 ms in one task, none of them over 10 ms), "
    "`layout-first`'s `update_layout` of the tree before it goes in (40 ms), each "
    "plot's `_after_layout` with its paint (40-55 ms), and the root's `measure_layout` "
    "with the style recalculation it forces (42 ms). Now `r_after_render` and "
    "`update_layout` are walked as `measure_layout` and `after_layout` already were, a "
    "view at a time with a yield whenever a slice is due (a view whose class has its "
    "own method takes it whole); a plot's `_after_layout` runs paused and its paint "
    "follows in a slice of its own; the tree is styled in a task of its own before "
    "`measure_layout`, `update_bbox` and `_compute_layout` are two tasks, and the "
    "observers are told a slice at a time, still held until all are told. Tried first "
    "and **not kept**: the root's second `update_layout`, which its `after_render` "
    "makes in the page, walked the same way: a frame between two slices styled the "
    "tree with its children's styles cleared, and the next step styled it again once "
    "they were written back (two style recalculations of 33-38 ms at 4x, where the one "
    "after the call in one task takes 7-17 ms); at a real 4x (4 loads each, "
    "interleaved, load 1.3-3.5) the longest task was 76 / 75 ms against 76 / 69 ms "
    "(moo2-shot / cepheus-attack). `tests/site/test_split_draw.py` now also compares "
    "the page drawn at the takeover with the one BokehJS draws of the same views in "
    "one call (`invalidate_render`): every view's type, box, its own and its parent's "
    "CSS and whether BokehJS counts it built, and each plot's pixels; and it checks "
    "that every view with a size was told of it. Four mutations fail it (a view not "
    "marked built, a plot's whole `r_after_render` left out, the observers not told, "
    "half of them not told), and a plot left unpainted fails its check that the "
    "document finished. Three it does not catch leave the same page in the end, since "
    "the layout and the resize that follow redo their work: a plot's own "
    "`after_render` left out, every `after_render` but the root's left out, and the "
    "children's parent styles not cleared in the `update_layout` out of the page (the "
    "root's `after_render` writes them again). The live pages are identical to the "
    "pixel with and without (28 of 28, at 1024 x 768), with no console error or "
    "warning. Against the same build without it (`bench/takeover.py`, 6 loads each, "
    "interleaved, load 0.9-3.4), moo2-shot / cepheus-attack: in the last second before "
    "live (the drawing and the swap), the longest task a median of 59 / 57 ms against "
    "72 / 61 ms, tasks over 50 ms per load 1, 3, 1, 1, 0, 2 / 1, 1, 0, 1, 1, 1 against "
    "2, 3, 3, 1, 3, 3 / 2, 5, 3, 3, 3, 3, time in them over 50 ms 13 / 7 against 36 / "
    "25 ms; from the first paint to live, tasks over 50 ms 3 / 2.5 against 4.5 / 5, "
    "the longest 70 / 63 ms against 80 / 66 ms (60-100 / 49-119 against 65-98 / 55-92 "
    "ms), time over 50 ms 27 / 23 against 52 / 42 ms, live 4.4 / 4.7 s against 4.6 / "
    "4.7 s after the first paint. **Kept.** What is left over 50 ms in the drawing: "
    "the swap's frame (52-70 ms: `Commit` 21-43, `Paint` 7-20, the swap's script 5-12 "
    "ms), now and then a plot's paint (50-54 ms); the rest of the load's longest tasks "
    "come before the drawing (the snapshot's frames, the modules' evaluation, minor "
    "garbage collections). Lighthouse's trace ends before the drawing, so the phone "
    "table is not re-run for it.",
    "The swap in a task after the frame instead of in the frame's callback "
    "(2026-11-29, session 31; tried, not kept). The swap (`becomeReady`: the snapshot "
    "taken out, the live page shown) runs in a `requestAnimationFrame` callback, so "
    "the frame that paints the live page also runs its script (5-12 ms at 4x). Run in "
    "a task after the frame, the script and the frame's painting are two tasks, but "
    "the ready mark then comes before the live page's first paint. From 0.4 s before "
    "live to 0.15 s after (4 loads each, interleaved), the longest task 57 / 50 ms "
    "against 49 / 61 ms (moo2-shot / cepheus-attack): no clear gain. **Not kept.**",
    "`bench/revisit.py` watches its measured visit through the DevTools protocol "
    "(2026-11-29, session 31; a measurement, not a lever), as `bench/takeover.py` does "
    "since session 30: it waited for the second visit to turn live with Playwright's "
    "`wait_for_function`, whose own script, evaluated in a task of its own, the page's "
    "long-task entries counted as the site's. On this session's build (the second "
    "visit of moo2-shot at a real 4x, with the service worker): the old way (load "
    "2.9-3.0), the longest task until live 104 / 119 ms and blocking 54 / 69 ms (2 "
    "loads); the new way, with the service worker no task over 50 ms in 5 of 6 loads "
    "(one of 59 ms), and from the HTTP cache none in 3 of 4 (one of 96 ms), live "
    "4.4-5.2 s after navigation either way (load 2.3-3.4). `bench/measure.py` and "
    "`bench/interaction.py` still wait with `wait_for_function`: the first at full "
    "speed, where the script costs every site alike, the second before the edits it "
    "times, once the script has run.",
    "What the swap's frame is made of (2026-11-29, session 31; a measurement, and two "
    "tries not kept). The task that shows the live page (the frame whose callback "
    "swaps it in) is now the longest of the drawing in most loads: 52-70 ms at a real "
    "4x. A trace of it with the compositor's categories (moo2-shot, one load): 63 ms, "
    "of which the commit 28 ms, and inside the commit "
    "`Canvas2DResourceProvider::ProduceCanvasResource` 17.8 ms and "
    "`GpuChannelHost::VerifyFlush` 9.3 ms: the plots' canvases handed to the "
    "compositor the first time they are visible (the compositor thread itself was busy "
    "about 3 ms meanwhile); painting 14 ms; the swap's own script 6 ms (`becomeReady`: "
    "1.5-10.7 ms in 6 loads, most of it in `takeOver`, which takes the snapshot out "
    "and shows the live page). The page has 22 composited layers (8 canvases), so this "
    "is not a layer count to cut. Two ways to hand the canvases over before the swap, "
    "each against the build as shipped (`bench/takeover.py`, 4 loads each, "
    "interleaved; the last second before live and 0.1 s after, moo2-shot / "
    "cepheus-attack): `will-change: opacity` on the pending page again, now that the "
    "drawing is finer: the commit at the swap unchanged (20-36 ms), the longest task "
    "62 / 57 ms against 51 / 54 ms (load 1.4-3.9); the pending page at opacity 0.004 "
    "instead of 0, so that Chromium draws it: the canvases are handed over in the "
    "drawing's frames instead, beside BokehJS's frame callbacks (tasks of 64-70 ms "
    "with a commit of 22-27 ms), the longest 70 / 52 ms against 63 / 53 ms (load "
    "2.9-3.7). **Neither kept.**",
    "The root's second `update_layout` walked in slices with the pending page's "
    "rendering held (2026-11-29, session 31; a prototype, not kept). Walked a view at "
    "a time in the page, it let a frame style the tree halfway (two restyles, above); "
    "with `content-visibility: hidden` on `#rf-app` for the walk, the frames skip the "
    "pending page, and it is styled once when the walk is done. Against the build as "
    "shipped (`bench/takeover.py`, 4 loads each, interleaved, load 1.1-3.8; the last "
    "second before live and 0.1 s after), moo2-shot / cepheus-attack: the longest task "
    "47 / 55 ms against 57 / 57 ms, tasks over 50 ms per load 0, 4, 0, 0 / 0, 2, 1, 1 "
    "against 1, 1, 2, 1 / 0, 3, 1, 1; from the first paint to live, the longest 62 / "
    "81 ms against 60 / 74 ms. **Not kept**: a gain the noise does not resolve, for a "
    "change that gives the page's box size containment while BokehJS's views watch "
    "their sizes.",
    "Three libraries no page uses evaluated only on first use (`lazy-modules`, "
    "`sitebuild/sliced.py` `LAZY_MODULES`, `static/bokeh-sliced.js`, 2026-11-29, session "
    "32). A copy of the build whose `bokeh-sliced.js` timed each module's evaluation (a "
    "real 4x throttle, 2 loads each of moo2-shot and cepheus-check) put one of the 885 "
    "modules ahead of the others: marked, the Markdown library of BokehJS's Markdown "
    "widget, which builds its grammar's regular expressions as it is evaluated: 30, 38, 48 "
    "and 57 ms (3-40 ms in 6 more loads); then BokehJS's `Styles` model and fflate (gzip, "
    "for BokehJS's base64 buffers) at 5-37 ms. And Panel's json-formatter (the tree of its "
    "JSON pane) puts a `<style>` in the page's `<head>` as it is evaluated, a change of the "
    "document's stylesheets while the snapshot is on screen (a 27 ms restyle of 2 elements "
    "followed it in one trace, but restyles of 11-16 ms with under 10 elements came as often"
    " with the lever as without it, in 18 loads each: that restyle is not shown to be its). "
    "The site never makes a Markdown widget or a JSON pane, and its documents hold no binary "
    "arrays. The build now leaves these three out of the evaluation order; a module that "
    "requires one gets a stand-in for its exports, a proxy that evaluates the library the "
    "first time anything looks at it but answers `__esModule` at once (tslib's "
    "`__importDefault`, which Panel's JSON pane calls as it is evaluated, asks only that). "
    "The build stops if a library is not found exactly once by names of its API, or "
    "exports other than by assignment. Tested (`tests/site/test_lazy_modules.py`): none of "
    "the 27 pages, nor an edit, evaluates one; once used, each works (a Markdown widget "
    "renders, a buffer comes back through gzip, a JSON pane draws its tree, with its "
    "stylesheet); a stand-in that evaluates json-formatter when asked `__esModule` fails "
    "both. Measured at a real 4x: the sum of the modules' evaluation times (the timing "
    "copy, 3 loads each of moo2-shot and cepheus-check, each module's median, garbage "
    "collections included) 224 ms against 288 ms; with `bench/takeover.py` (6 loads each "
    "of moo2-shot / cepheus-attack / cepheus-check, interleaved), the script tasks over 50 "
    "ms before the drawing, 4 against 10 in 18 loads with a prototype (load 2.0-4.7), 11 "
    "against 12 with the build (load 0.8-5.2), most of those left minor garbage "
    "collections (scavenges of 20-60 ms at 4x); the longest task from the first paint to "
    "live 48 / 55 / 48 against 57 / 63 / 45 ms (prototype) and 62 / 74 / 50 against 62 / "
    "60 / 63 ms (build), live 3.96 / 4.39 / 3.64 against 4.06 / 4.13 / 3.58 s and 4.53 / "
    "4.50 / 3.93 against 4.49 / 4.93 / 3.98 s after the first paint: within the noise. "
    "Lighthouse (the build against the same build without it, `--phone-folder`, 4 runs "
    "each, interleaved, served raw, load 1.3-3.9): TBT medians 13 / 9 / 4 ms against 23 / "
    "13 / 35 ms (landing, moo2-shot, cepheus-check; runs 4-46 / 2-91 / 0-17 against 0-53 "
    "/ 1-99 / 7-41), every score 1.00 but one run of the landing page with it, 0.81: its "
    "LCP 5.1 s instead of 1.7 s, BokehJS's scripts requested before the snapshot's paint "
    "was presented (the run note above the table). **Kept**: work no page needs is no "
    "longer done (the longest module's evaluation, and a stylesheet put in the page), which "
    "the whole-task figures here cannot resolve.",
    "BokehJS asked for once the snapshot's largest paint is presented (`static/boot.js`, "
    "`largestPaintAfter`, 2026-11-29, session 32). BokehJS's and Panel's 11 scripts (3 MB) "
    "were requested after the frame that drew the snapshot (its animation frame callback, "
    "then a task), which can come before that frame is presented: in 8 Lighthouse runs of "
    "the landing page (served raw, load 1.5-3.6), the first was requested 5-27 ms before "
    "the observed LCP in all 8, and Lighthouse's simulation may then count the scripts as "
    "downloads the largest paint waited for (two runs of this session, LCP 3.9 and 5.1 s "
    "against 1.7 s, scores 0.88 and 0.81: the note under the table above). Now they also "
    "wait for the browser's largest-contentful-paint entry of a paint made once the "
    "snapshot is in (at most 250 ms after it went in; no wait out of sight, or where the "
    "browser has no such entry). In 8 runs with it, interleaved with the 8 above, the first "
    "script was requested 11-21 ms after the observed LCP in all 8; simulated LCP 1.68-1.70 "
    "s against 1.68-1.83 s (no run without it was an outlier this time). At a real 4x "
    "(`bench/takeover.py`, 8 loads each, interleaved, load 2.8-4.4) the landing page was "
    "live 3.18 s after its first paint against 3.28 s: the wait costs nothing that shows "
    "(at 4x the paint was presented 67 ms after the snapshot went in, the scripts asked for "
    "20 ms later). Tested: with the page's largest-paint entries withheld, the scripts wait "
    "the 250 ms and the page still goes live; without the wait that check fails. "
    "**Kept.**",
    "The plots' canvases played back before the swap (2026-11-29, session 32; tried, not "
    "kept). The swap's commit is mostly the plots' canvases: their recorded drawing is "
    "played back the first time they are visible (`ProduceCanvasResource` 21 ms of a "
    "26 ms commit, a trace at 4x). Each plot's canvases were made to play back in a slice "
    "of their own right after its paint (one load of moo2-shot each, against the build "
    "as shipped: the swap's task 58-63 ms, its commit 26-31 ms): with `createImageBitmap` "
    "of one pixel, the commit at the swap grew, 49-65 ms (`ProduceCanvasResource` 51 ms, "
    "with 11 ms of `GpuChannelHost::VerifyFlush`), the swap's task 90-102 ms; with "
    "`getImageData` of one pixel, the swap's task 62-88 ms, its paint 43 ms, the canvases "
    "now painted as images (`PaintImage`): a read back makes Chromium keep a canvas off "
    "the accelerated path. **Not kept.**",
    "The plots shown as their snapshot pictures for one frame at the swap (2026-12-06, "
    "session 33; tried, not kept). So that the swap's frame would paint the page without "
    "handing the canvases over, and the next frame hand them over without painting the "
    "page: at the swap each live plot got the snapshot's picture of it on top, its own "
    "layers hidden by a sheet adopted into its shadow root, and the next frame took the "
    "pictures out. The pictures lined up with the plots to the pixel at 1024 px (at 390 px "
    "the picture drawn at 592 px is scaled down, as the snapshot shows it), and the live "
    "pages' end state was the same (8 screenshots: 7 identical to the pixel, the eighth "
    "off by one level on a card's rounded corner). At a real 4x (`bench/takeover.py`, "
    "6 loads each, interleaved, load 1.9-4.0; the ready mark made once the pictures were "
    "gone), moo2-shot / cepheus-attack / cepheus-check: from the first paint to live the "
    "longest task 85 / 88 / 84 ms against 80 / 69 / 89 ms, time over 50 ms 90 / 100 / 80 ms "
    "against 67 / 39 / 65 ms; in the last 250 ms before live, the longest task 68 / 56 / "
    "51 ms against 60 / 64 / 57 ms, and the tasks of 30 ms or more there 142 / 99 / 100 ms "
    "in all against 114 / 64 / 101 ms. Profiled (2 loads of cepheus-attack): the frame "
    "with the pictures 73-115 ms (its paint 31-51 ms, the swap's script 26-29 ms against "
    "5-10 ms without: every shadow root walked to pair the plots with their pictures), "
    "then the frame that shows the plots 64-66 ms, its commit 25-33 ms, as large as the "
    "swap's commit without it. The canvases' hand-over is not made smaller by being put "
    "off a frame, and the page's paint is not made smaller by pictures in the plots' "
    "place. **Not kept.**",
    "Fewer Bokeh models per page (2026-12-06, session 34; a prototype, not kept). Each "
    "input's field is a Panel column around its widget, there for the error's alert "
    "under it (`webapp/components/fields.py`); the prototype gave the bare widget "
    "instead (no alert: for measuring only), one Bokeh model and one shadow root fewer "
    "per input: 57 roots instead of 65 on moo2-shot, 90 instead of 103 on "
    "cepheus-attack, 34 instead of 38 on cepheus-check. The snapshot's style and "
    "layout, all of it in one go in Chromium at full speed (412 px, its sheets "
    "adopted, 30 times each, interleaved): moo2-shot 7.0 ms against 7.2 ms, "
    "cepheus-attack 9.5 ms against 9.3 ms. At a real 4x (`bench/takeover.py`, 5 loads "
    "each, interleaved, load 1.7-3.9), moo2-shot / cepheus-attack / cepheus-check: "
    "tasks over 50 ms per load 6 / 3 / 3 against 6 / 4 / 4, the longest 91 / 78 / 70 "
    "ms against 83 / 101 / 60 ms, time over 50 ms 114 / 46 / 28 ms against 105 / 100 / "
    "31 ms: no consistent gain. And the bound on this lever: the landing page, with 11 "
    "Bokeh layout models (moo2-shot 66, cepheus-attack 104) and no plot, has tasks "
    "over 50 ms at a real 4x as well (5 loads, load 2.3-3.0: 3 per load, the longest "
    "51-96 ms): the snapshot's first style and layout (51-82 ms), slices of BokehJS's "
    "evaluation overrun by one module and a minor garbage collection (63-96 ms), the "
    "swap's paint (50-53 ms). No number of models that HTML panes could save takes a "
    "page under that. **Not kept.**",
    "`boot.js` work off the main thread (2026-12-06, session 34; measured, nothing of "
    "size to move). In 86 loads at a real 4x this session (moo2-shot, cepheus-attack, "
    "cepheus-check, landing), `boot.js`'s own script is 1-10 ms of a task over 50 ms, "
    "mostly the swap's (`becomeReady`, DOM work that must be on the page's thread), "
    "and once 31 ms of a 61 ms task handling a message from the worker (in one load of "
    "86). The snapshot's work was cut into slices and pieces in earlier sessions. The "
    "part that could move to the worker, the live document's JSON (137,663 / 172,298 / "
    "71,837 characters on moo2-shot / cepheus-attack / cepheus-check) parsed into "
    "objects there and posted as such: `JSON.parse` of it in Chromium takes 1.8 / 1.9 "
    "/ 1.5 ms at 4x (medians of 15, at most 4.6 ms), 0.3-0.5 ms at full speed, and "
    "objects posted would be decoded on the page's thread anyway. Not tried further.",
    "V8 compile hints measured again at takeover (2026-12-06, session 34). With the "
    "module evaluation now sliced, a lazy compile inside it would fall in a 5 ms "
    "slice, and the hinted scripts' streamed compiles had been finishing in tasks of "
    "36-54 ms: the build without `compile-hints` against the shipped build "
    "(`bench/takeover.py`, 5 loads each, interleaved with the prototype above, load "
    "1.7-3.9), moo2-shot / cepheus-attack / cepheus-check: tasks over 50 ms per load 8 "
    "/ 6 / 5 against 6 / 4 / 4, the longest 87 / 98 / 101 ms against 83 / 101 / 60 ms, "
    "time over 50 ms 153 / 118 / 111 ms against 105 / 100 / 31 ms; the long tasks made "
    "mostly of script run from microtasks (the evaluation's and the drawing's slices) "
    "63 against 28 in the 15 loads. A function compiled lazily is compiled in the "
    "slice that first calls it, whatever its budget. **Kept** as it is.",
    "The custom properties declared once (2026-12-06, session 34; measured, not kept). "
    "Every shadow root's sheets declare 96 custom properties on its host (BokehJS's "
    "base sheet 47, Panel's design variables 45 and 4): the same values in every root, "
    "which the roots would inherit from the page. The snapshot's style and layout in "
    "one go in Chromium at full speed (412 px, 30 times each, interleaved), with those "
    "declarations made once on the document's root instead: moo2-shot 7.0 ms against "
    "6.9 ms, cepheus-attack 9.2 ms against 9.2 ms. Nothing to gain.",
    "The details column rendered only near the screen on a phone (2026-12-06, session "
    "34; a prototype, not kept). `content-visibility: auto` on the charts and tables "
    "(`.rf-details`, narrow screens only), so that plots below the fold are not "
    "painted or handed to the compositor at the swap. At a real 4x "
    "(`bench/takeover.py`, 6 loads each, interleaved, load 2.6-4.7), moo2-shot / "
    "cepheus-attack / cepheus-check: tasks over 50 ms per load 6.5 / 6.5 / 3 against 6 "
    "/ 7 / 2, the longest 83 / 83 / 79 ms against 74 / 84 / 80 ms, time over 50 ms 117 "
    "/ 84 / 64 ms against 65 / 108 / 35 ms; the commits inside tasks over 50 ms 17-61 "
    "ms against 18-46 ms. At 412 x 823 px the details begin 1,288 px down the page and "
    "Chromium counted every canvas as rendered (`checkVisibility` with "
    "`contentVisibilityAuto`): inside the distance it renders ahead of the screen. "
    "Where it did skip them, the hand-over would come in the visitor's first scroll to "
    "the charts. **Not kept.**",
    'Where the last target stands (2026-12-06, session 34). "No main-thread task over '
    '50 ms from the first paint until the page is live" is not met at a real 4x on '
    "this machine: in 38 loads of the shipped build this session (`bench/takeover.py`, "
    "moo2-shot, cepheus-attack, cepheus-check and the landing page, load 1.7-4.6), one "
    "load had no such task, and the others 1-11 (177 in all, 50-157 ms). By what most "
    "of each task is: 81 script (a slice of BokehJS's evaluation or drawing overrun by "
    "one step, a streamed compile's end, a minor garbage collection), 51 style and "
    "layout (the snapshot's first pieces, the drawing's restyles), 45 commit and paint "
    "(the swap's frame, where the plots' canvases are first handed to the compositor). "
    "Every lever the issue names, and the others above, was measured against these; "
    "none that is left acts on all three, and the landing page, with 11 Bokeh layout "
    "models and no plot, has them too. (The 4x is DevTools' throttle of the page's "
    "thread on this 2-core machine, which runs Pyodide's worker, unthrottled, and the "
    "browser's other processes beside it: not a phone.)",
    "The worker under 4x: Chromium 156 refuses `Emulation.setCPUThrottlingRate` on a worker "
    "target ('Operation is only supported for pages, not workers'), and the page's setting "
    "does not reach its worker: the throttled input timing slows the page's thread only; the "
    "Python part of an edit runs at the machine's speed.",
)
"""Levers of issue 30 tried, not kept or not tried, with why (written into the section)."""

TARGETS = "score >= 0.95, TBT <= 200 ms, LCP <= 2.0 s, CLS <= 0.05, Speed Index <= 2.5 s"


def meets(results: list[lighthouse.Result]) -> bool | None:
    score = med(results, lambda r: r.score)
    if score is None:
        return None
    return bool(
        score >= 0.95
        and med(results, lambda r: r.tbt_ms) <= 200
        and med(results, lambda r: r.lcp_ms) <= 2000
        and med(results, lambda r: r.cls) <= 0.05
        and med(results, lambda r: r.speed_index_ms) <= 2500
    )


def section(sites: list[PhoneSite], runs: int, chromium: str, date: str) -> list[str]:
    loads = [r.load_avg for s in sites for rs in s.results.values() for r in rs]
    out = [HEADING, ""]
    out.append(
        f"Written by `./dev bench` (`bench/phone.py`), {date}. Lighthouse {lighthouse.version()} "
        f"(npm, pinned in `bench/lighthouse/package-lock.json`) on Debian's Chromium {chromium}, "
        "its default mobile profile (simulated slow 4G, 4x CPU slowdown: `throttlingMethod: "
        "simulate`), performance only, each run in a fresh profile (a first visit), the site "
        "served locally with its own headers. Chromium flags: "
        f"`{' '.join(lighthouse.CHROME_FLAGS)}`. Medians of {runs} runs per page."
    )
    if loads:
        out.append("")
        out.append(
            f"Machine load (1-minute load average as each run started): min {min(loads):.1f}, "
            f"median {statistics.median(loads):.1f}, max {max(loads):.1f}, on "
            f"{os.cpu_count()} CPUs. Lighthouse simulates the "
            "throttling from a trace recorded at full speed, so a loaded machine inflates every "
            "task it records: compare the rows of one run, not figures of different runs."
        )
    out += [
        "",
        "| Site | Page | Score | LCP | TBT | CLS | Speed Index | Max potential FID "
        "| Long tasks (longest) | Targets met | Load avg |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for site in sites:
        for query, results in site.results.items():
            ok = [r for r in results if r.score is not None]
            failed = len(results) - len(ok)
            score = med(results, lambda r: r.score)
            tasks = med(results, lambda r: len(r.long_tasks))
            longest = med(results, lambda r: max((t.duration_ms for t in r.long_tasks), default=0))
            met = meets(results) if site.key not in ("floor", "stock") else None
            out.append(
                f"| {site.label} | `{query or '/'}` "
                f"| {'-' if score is None else f'{score:.2f}'} "
                f"| {fmt_s(med(results, lambda r: r.lcp_ms))} s "
                f"| {fmt_ms(med(results, lambda r: r.tbt_ms))} "
                f"| {'-' if not ok else f'{med(results, lambda r: r.cls):.3f}'} "
                f"| {fmt_s(med(results, lambda r: r.speed_index_ms))} s "
                f"| {fmt_ms(med(results, lambda r: r.max_fid_ms))} "
                f"| {'-' if tasks is None else f'{tasks:.0f}'} ({fmt_ms(longest)}) "
                f"| {'-' if met is None else ('yes' if met else '**no**')} "
                f"| {', '.join(f'{r.load_avg:.1f}' for r in results)}"
                + (
                    f" ({failed} failed: {next(r.error for r in results if r.score is None)})"
                    if failed
                    else ""
                )
                + " |"
            )
    out += ["", f"Targets (issue 30, Rangefinder's pages): {TARGETS}.", ""]
    out += long_tasks_part(sites)
    out += interaction_part(sites)
    out += revisit_part(sites)
    out += ["### Levers (issue 30)", "", *LEVER_TABLE]
    out += [f"- {lever}" for lever in LEVERS] + [""]
    return out


def first_error(results: list[lighthouse.Result]) -> str | None:
    return next((r.error for r in results if r.score is None), None)


def long_tasks_part(sites: list[PhoneSite]) -> list[str]:
    """Where the main thread's time goes: for each page of Rangefinder, the run with the
    median TBT, its long tasks and its scripts' boot-up time."""
    out = ["### Where the long tasks come from", ""]
    out.append(
        "For each of Rangefinder's pages, the run with the median TBT: its main-thread tasks "
        "of 50 ms or more (Lighthouse's `long-tasks`: start, duration, attributed script), the "
        "main thread's time by kind (`mainthread-work-breakdown`) and by script "
        "(`bootup-time`), all as Lighthouse simulates them at 4x."
    )
    for site in sites:
        if site.key in ("floor", "stock"):
            continue
        for query, results in site.results.items():
            ok = sorted((r for r in results if r.tbt_ms is not None), key=lambda r: r.tbt_ms or 0)
            if not ok:
                continue
            run = ok[len(ok) // 2]
            out += ["", f"{site.label} `{query or '/'}` (TBT {fmt_ms(run.tbt_ms)}):", ""]
            tasks = sorted(run.long_tasks, key=lambda t: t.start_ms)
            out.append(
                "- Long tasks: "
                + (
                    ", ".join(
                        f"{t.start_ms / 1000:.2f} s +{t.duration_ms:.0f} ms {short(t.url)}"
                        for t in tasks
                    )
                    or "none"
                )
            )
            kinds = sorted(run.breakdown.items(), key=lambda kv: -kv[1])
            out.append("- By kind: " + ", ".join(f"{k} {v:,.0f} ms" for k, v in kinds))
            scripts = sorted(run.bootup.items(), key=lambda kv: -kv[1])[:6]
            out.append("- By script: " + ", ".join(f"{short(k)} {v:,.0f} ms" for k, v in scripts))
    return [*out, ""]


def interaction_part(sites: list[PhoneSite]) -> list[str]:
    rows = [s for s in sites if s.interactions]
    if not rows:
        return []
    out = ["### Input change to updated result at 4x CPU slowdown", ""]
    out.append(
        "`?page=moo2-shot` in Chromium (412x823 viewport, fresh profile, local network), "
        "`Emulation.setCPUThrottlingRate` 4 sent to the page before it loads and to its Python "
        "worker's target. Enter in Distance (squares) to the new hit chance on screen: the "
        "first edit sent in the frame the page turned live, then the others (median). Targets: "
        "first <= 200 ms, median <= 100 ms. Is it slowed? The same loops timed at 4x, then at "
        "1x (shortest of 3 each): JavaScript on the page's thread and on the worker's, and "
        "Python in the worker (`pyodide.runPython`, reached through the debugger)."
    )
    out += [
        "",
        "| Site | First edit | Median edit | Page JS loop 4x / 1x | Worker JS loop 4x / 1x "
        "| Worker Python loop 4x / 1x | Load avg |",
        "|---|---|---|---|---|---|---|",
    ]
    notes: set[str] = set()
    for site in rows:
        for got in site.interactions:
            notes.update(got.notes)
            if got.error:
                notes.add(f"{site.label}: {got.error}")
            out.append(
                f"| {site.label} | {fmt_ms(got.first_ms)} | {fmt_ms(median(got.edits_ms))} "
                f"| {pair(got.page_js_ms)} | {pair(got.worker_js_ms)} "
                f"| {pair(got.worker_python_ms)} | {got.load_avg:.1f} |"
            )
    if notes:
        out += [""] + [f"- {note}" for note in sorted(notes)]
    return [*out, ""]


def revisit_part(sites: list[PhoneSite]) -> list[str]:
    rows = [s for s in sites if s.revisits]
    if not rows:
        return []
    out = ["### A returning visitor at 4x CPU slowdown (V8's code cache)", ""]
    out.append(
        "`?page=moo2-shot` opened once at full speed, then again in the same profile with "
        "`Emulation.setCPUThrottlingRate` 4 on the page (`bench/revisit.py`): the main thread's "
        "long tasks (`PerformanceObserver` `longtask`) from navigation until the page is live, "
        "their blocking time (each task's time over 50 ms, summed, as TBT counts it), the "
        "longest, and the time to live; medians (and range) of the runs. With the service "
        "worker, the scripts come from Cache Storage, where Chromium code-caches a script the "
        "worker stored while installing; with service workers blocked, from the HTTP cache "
        "(revalidated), their second run: it makes the code cache rather than uses it."
    )
    out += [
        "",
        "| Site | Scripts from | Runs | Blocking until live | Longest task | Live at | Load avg |",
        "|---|---|---|---|---|---|---|",
    ]
    for site in rows:
        for with_sw in (True, False):
            got = [r for r in site.revisits if r.service_worker == with_sw and r.error is None]
            failed = sum(1 for r in site.revisits if r.service_worker == with_sw and r.error)

            def cell(values: list[float]) -> str:
                if not values:
                    return "-"
                return f"{fmt_ms(median(values))} ({min(values):,.0f}-{max(values):,.0f})"

            out.append(
                f"| {site.label} | {'service worker' if with_sw else 'HTTP cache'} "
                f"| {len(got)}{f' ({failed} failed)' if failed else ''} "
                f"| {cell([r.blocking_ms for r in got if r.blocking_ms is not None])} "
                f"| {cell([r.longest_ms for r in got if r.longest_ms is not None])} "
                f"| {cell([r.live_ms for r in got if r.live_ms is not None])} "
                f"| {', '.join(f'{r.load_avg:.1f}' for r in got)} |"
            )
    return [*out, ""]


def pair(values: tuple[float, float] | None) -> str:
    if values is None:
        return "-"
    slow, fast = values
    return f"{slow:.0f} / {fast:.0f} ms ({slow / fast:.1f}x)"


def splice(text: str, part: list[str]) -> str:
    """``text`` (BENCHMARKS.md) with its phone section replaced by ``part``."""
    return common.splice(text, part, HEADING)
