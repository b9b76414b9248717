"""The main thread's tasks from the first paint until the page is live, under a 4x CPU throttle
(issue 30: "no main-thread task over 50 ms from the first paint until the page is live").

A Chromium performance trace (Playwright's ``start_tracing``) of a first visit, the page
throttled with the DevTools protocol's ``Emulation.setCPUThrottlingRate``: each ``RunTask`` of
the page's renderer main thread from the first contentful paint to ``<html data-ready="true">``
(marked in the trace by the page, ``performance.mark``), with the longest one's scripts (the
``EvaluateScript``/``FunctionCall`` events inside it). A task under way at the first paint
counts from the first paint only, as Lighthouse's Total Blocking Time counts it: the task that
makes the first paint (its first layout sets up the fonts, font-warmup: 150-530 ms at 4x)
ends a few ms after it, and no tap can wait on it. Sites are measured interleaved, run by run,
each run in a fresh browser; the 1-minute load average is recorded at each run's start.

    ./dev python bench/takeover.py --site with=dist \\
        --site without=bench/.work/variants/rf-without-sliced-eval --pages landing,moo2-shot

Under load every task is longer: compare the sites of one run, never figures of two runs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import CHROMIUM, CHROMIUM_ARGS, LOAD_TIMEOUT_S, log
from server import Server

LONG_MS = 50
READY_MARK = """
(() => {
  const mark = () => {
    if (document.documentElement.dataset.ready === "true" && !window.__takeoverMarked) {
      window.__takeoverMarked = true;
      performance.mark("takeover-ready");
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true,
                                                 attributeFilter: ["data-ready"] });
})();
"""
CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "blink.user_timing",
    "loading",
    "v8.execute",
]


# The page is watched through the DevTools protocol, not Playwright's wait_for_function or
# evaluate: the first of those puts Playwright's own script into the page (a script of its
# utility world, evaluated in one task: 26-66 ms at 4x, about 0.25 s after the first paint),
# and the trace counted that task as one of the site's (2026-11-29, session 30).
def read(cdp: Any, expression: str) -> Any:
    """``expression``'s value in the page, evaluated by the protocol's ``Runtime.evaluate``."""
    done = cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return done.get("result", {}).get("value")


def wait_until_live(cdp: Any, poll_s: float = 0.2) -> None:
    deadline = time.monotonic() + LOAD_TIMEOUT_S
    while read(cdp, "document.documentElement.dataset.ready === 'true'") is not True:
        if time.monotonic() > deadline:
            raise TimeoutError(f"not live after {LOAD_TIMEOUT_S} s")
        time.sleep(poll_s)


@dataclass
class Takeover:
    site: str
    page: str
    load_avg: float
    tasks_ms: list[float] = field(default_factory=list)
    """Every main-thread task from the first contentful paint to live, in ms."""
    longest_scripts: list[str] = field(default_factory=list)
    fcp_to_live_ms: float = 0.0
    slices: str | None = None
    error: str | None = None

    @property
    def long(self) -> list[float]:
        return [t for t in self.tasks_ms if t > LONG_MS]

    @property
    def blocking_ms(self) -> float:
        return sum(t - LONG_MS for t in self.long)


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """(pid, tid) of the renderer main thread of the page: where its ready mark was made."""
    for event in events:
        if event.get("name") == "takeover-ready":
            return event["pid"], event["tid"]
    raise RuntimeError("no ready mark in the trace")


@dataclass
class Window:
    """The page's main thread in a trace, from the first contentful paint to the ready mark."""

    mine: list[dict[str, Any]]
    """Every event of the page's main thread."""
    fcp: float
    ready: float
    tasks: list[dict[str, Any]]
    """Its ``RunTask`` events under way at some time between the two (whole, in µs)."""


def window(events: list[dict[str, Any]]) -> Window:
    pid, tid = main_thread(events)
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid]
    fcp = min((e["ts"] for e in mine if e.get("name") == "firstContentfulPaint"), default=None)
    ready = min((e["ts"] for e in mine if e.get("name") == "takeover-ready"), default=None)
    if fcp is None or ready is None:
        raise RuntimeError(f"no first paint ({fcp}) or no ready mark ({ready}) in the trace")
    tasks = [
        e for e in mine
        if e.get("ph") == "X" and e.get("name") == "RunTask" and fcp <= e["ts"] + e.get("dur", 0)
        and e["ts"] <= ready
    ]  # fmt: skip
    return Window(mine, fcp, ready, tasks)


def analyse(result: Takeover, events: list[dict[str, Any]]) -> None:
    seen = window(events)
    mine, fcp, tasks = seen.mine, seen.fcp, seen.tasks
    result.fcp_to_live_ms = (seen.ready - fcp) / 1000

    def after_fcp(task: dict[str, Any]) -> float:
        """The task's time from the first paint on (all of it but for the task under way)."""
        return (task["ts"] + task["dur"] - max(task["ts"], fcp)) / 1000

    result.tasks_ms = [after_fcp(t) for t in tasks]
    if tasks:
        longest = max(tasks, key=after_fcp)
        inside = [
            e for e in mine
            if e.get("ph") == "X" and e.get("name") in ("EvaluateScript", "FunctionCall")
            and longest["ts"] <= e["ts"] <= longest["ts"] + longest["dur"]
        ]  # fmt: skip
        inside.sort(key=lambda e: -e.get("dur", 0))
        for e in inside[:3]:
            data = e.get("args", {}).get("data", {})
            where = (data.get("url") or "?").rsplit("/", 1)[-1]
            name = data.get("functionName") or e["name"]
            result.longest_scripts.append(f"{where}:{name} {e.get('dur', 0) / 1000:.0f} ms")


def measure(
    playwright: Any,
    site: str,
    server: Server,
    page_query: str,
    rate: int,
    keep_traces: Path | None = None,
    profile: bool = False,
) -> Takeover:
    """One first visit of ``page_query`` at CPU slowdown ``rate``; its trace is written into
    ``keep_traces`` too, if given, with the V8 sampling profiler's samples if ``profile``
    (for ``bench/tasks.py``; the profiler slows what it samples)."""
    result = Takeover(site, page_query or "/", os.getloadavg()[0])
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True,
                                      has_touch=True, device_scale_factor=1.75)  # fmt: skip
        context.add_init_script(READY_MARK)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        categories = CATEGORIES + (["disabled-by-default-v8.cpu_profiler"] if profile else [])
        browser.start_tracing(page=page, categories=categories)
        try:
            page.goto(server.url + page_query, timeout=LOAD_TIMEOUT_S * 1000)
            wait_until_live(cdp)
            result.slices = read(cdp, "document.documentElement.dataset.bokehSlices || null")
        finally:
            trace = browser.stop_tracing()
        if keep_traces:
            keep_traces.mkdir(parents=True, exist_ok=True)
            name = (
                f"{site}-{page_query.strip('?').replace('=', '-') or 'landing'}-{time.time():.0f}"
            )
            (keep_traces / f"{name}.json").write_bytes(trace)
        analyse(result, json.loads(trace)["traceEvents"])
    except Exception as error:  # a failed run is reported, not fatal
        result.error = f"{type(error).__name__}: {error}"[:300]
    finally:
        browser.close()
    return result


def reread(folder: Path) -> list[Takeover]:
    """The runs whose traces ``--keep-traces`` wrote in ``folder`` (named SITE-PAGE-TIME.json),
    analysed again (their load average and slice count are not in the trace)."""
    results = []
    for path in sorted(folder.glob("*.json")):
        site, _, rest = path.stem.partition("-")
        page = rest.rsplit("-", 1)[0]
        query = "/" if page == "landing" else "?" + page.replace("-", "=", 1)
        result = Takeover(site, query, math.nan)
        try:
            analyse(result, json.loads(path.read_bytes())["traceEvents"])
        except Exception as error:  # reported, as a run's
            result.error = f"{type(error).__name__}: {error}"[:300]
        results.append(result)
    return results


def report(results: list[Takeover]) -> str:
    out = [
        "| Site | Page | Runs | Tasks > 50 ms (median) | Longest task (median, min-max) "
        "| Blocking > 50 ms (median) | FCP to live (median) | Load avg (min-max) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    keys = list(dict.fromkeys((r.site, r.page) for r in results))
    for site, page in keys:
        ok = [r for r in results if (r.site, r.page) == (site, page) and r.error is None]
        if not ok:
            out.append(f"| {site} | `{page}` | 0 | - | - | - | - | - |")
            continue
        longest = [max(r.tasks_ms, default=0) for r in ok]
        loads = [r.load_avg for r in ok if not math.isnan(r.load_avg)]
        load = f"{min(loads):.1f}-{max(loads):.1f}" if loads else "-"
        out.append(
            f"| {site} | `{page}` | {len(ok)} | {statistics.median(len(r.long) for r in ok):g} "
            f"| {statistics.median(longest):,.0f} ms ({min(longest):,.0f}-{max(longest):,.0f}) "
            f"| {statistics.median(r.blocking_ms for r in ok):,.0f} ms "
            f"| {statistics.median(r.fcp_to_live_ms for r in ok):,.0f} ms "
            f"| {load} |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", default=[], metavar="LABEL=FOLDER")
    parser.add_argument("--pages", default="landing,moo2-shot")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=int, default=4)
    parser.add_argument("--json", type=Path, help="also write every run's figures here")
    parser.add_argument("--keep-traces", type=Path, help="write each run's trace in this folder")
    parser.add_argument(
        "--traces",
        type=Path,
        help="measure nothing: report the traces kept in this folder (--keep-traces) again",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="record the V8 sampling profiler in the kept traces (for bench/tasks.py)",
    )
    args = parser.parse_args()
    if args.traces:
        print(report(reread(args.traces)))
        return
    if not args.site:
        parser.error("--site is required (or --traces)")
    from playwright.sync_api import sync_playwright

    sites = [tuple(spec.split("=", 1)) for spec in args.site]
    pages = ["" if p == "landing" else f"?page={p}" for p in args.pages.split(",") if p]
    servers = {label: Server(Path(folder), own_policy=True) for label, folder in sites}
    results: list[Takeover] = []
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for label, _ in sites:
                    for page in pages:
                        result = measure(
                            playwright,
                            label,
                            servers[label],
                            page,
                            args.rate,
                            args.keep_traces,
                            args.profile,
                        )
                        results.append(result)
                        log(
                            f"run {run + 1} {label} {page or '/'}: load {result.load_avg:.1f}, "
                            + (result.error or f"{len(result.long)} tasks > 50 ms, longest "
                               f"{max(result.tasks_ms, default=0):.0f} ms "
                               f"({'; '.join(result.longest_scripts)}), slices {result.slices}")
                        )  # fmt: skip
    finally:
        for server in servers.values():
            server.stop()
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in results], indent=1))
    print(report(results))


if __name__ == "__main__":
    main()
