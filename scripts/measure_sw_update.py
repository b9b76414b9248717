"""Time the first visit after a service-worker update, count what an update downloads.

Run: ``./dev python scripts/measure_sw_update.py [--reps N] [--scenario NAME]``.

Each repetition serves a fresh copy of ``dist/`` with a server that counts the bytes it sends,
visits it in a fresh Chromium profile until the first build's service worker controls the page,
then "deploys the next build" (one file changed, ``sw.js`` rewritten as the build's last stage
does) and measures, in three scenarios:

* ``close-then-visit``: the next build installs while the old page is open (it waits), the
  old page closes, a new page opens: the navigation activates the waiting build. Times:
  navigation to ``load``, to ``<html data-ready="true">``, to the old cache being dropped.
* ``return-visit``: no page open while the next build is deployed; the visitor comes back:
  the old build answers the visit while the next one installs in the background. Times: to
  ``load``, to ready, to the next build waiting; and the bytes the install downloaded.
* ``plain-reload`` (no update): a controlled reload's time to ``load`` and to ready, the
  baseline.

Prints one line per repetition and a summary (min, median, max) per scenario. Not a test:
timings depend on the machine's load (say what ``uptime`` said beside any number quoted).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "tests" / "site"))

from sitetools import (
    INSTALL,
    ONLY_CACHE,
    WAITING,
    ServiceWorkerTrace,
    controlled_page,
    copy_site,
    redeploy,
    wait_page_ready,
)

import sitebuild

TIMEOUT_MS = 180_000
"""How long each wait may take (the machine this runs on may be loaded)."""

URL = "?page=moo2-shot"


def timed(steps: list[tuple[str, Callable[[], object]]]) -> dict[str, float]:
    """Run ``steps`` in turn; the seconds from the start of the first to the end of each."""
    start = time.monotonic()
    times: dict[str, float] = {}
    for name, wait in steps:
        wait()
        times[name] = time.monotonic() - start
    return times


def close_then_visit(browser: Any, site: Path, rep: int) -> dict[str, float]:
    with controlled_page(browser, site, URL, TIMEOUT_MS) as (page, server):
        second = redeploy(site, f"\n/* close-then-visit {rep} {time.time()} */\n")
        server.sent.clear()
        assert page.evaluate(INSTALL) == "installed"
        fetched = sum(server.sent.values())
        context = page.context
        page.close()
        page = context.new_page()
        trace = ServiceWorkerTrace(context, page)
        url = server.url + URL
        with trace.printed_on_failure():
            times = timed(
                [
                    ("commit", lambda: page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)),
                    ("load", lambda: page.wait_for_load_state("load", timeout=TIMEOUT_MS)),
                    ("ready", lambda: wait_page_ready(page, TIMEOUT_MS)),
                    (
                        "old cache dropped",
                        lambda: page.wait_for_function(
                            ONLY_CACHE, arg=f"rangefinder-{second}", timeout=TIMEOUT_MS
                        ),
                    ),
                ]
            )
        return {**times, "install bytes": fetched}


def return_visit(browser: Any, site: Path, rep: int) -> dict[str, float]:
    with controlled_page(browser, site, URL, TIMEOUT_MS) as (page, server):
        page.goto("about:blank")
        redeploy(site, f"\n/* return-visit {rep} {time.time()} */\n")
        server.sent.clear()
        times = timed(
            [
                ("load", lambda: page.goto(server.url + URL, timeout=TIMEOUT_MS)),
                ("ready", lambda: wait_page_ready(page, TIMEOUT_MS)),
                (
                    "next build waiting",
                    lambda: page.wait_for_function(WAITING, timeout=TIMEOUT_MS, polling=100),
                ),
            ]
        )
        return {**times, "bytes": sum(server.sent.values()), "paths": len(server.sent)}


def plain_reload(browser: Any, site: Path, rep: int) -> dict[str, float]:
    with controlled_page(browser, site, URL, TIMEOUT_MS) as (page, server):
        page.goto("about:blank")
        return timed(
            [
                ("load", lambda: page.goto(server.url + URL, timeout=TIMEOUT_MS)),
                ("ready", lambda: wait_page_ready(page, TIMEOUT_MS)),
            ]
        )


SCENARIOS = {
    "close-then-visit": close_then_visit,
    "return-visit": return_visit,
    "plain-reload": plain_reload,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS))
    parser.add_argument("--dist", type=Path, default=sitebuild.DIST)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, float]]] = {}
    failures: list[str] = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(
            executable_path=sitebuild.CHROMIUM, args=list(sitebuild.CHROMIUM_ARGS), headless=True
        )
        # Interleaved (one run of each scenario in turn), so that the machine's load drifting
        # over the runs weighs on every scenario alike.
        for rep in range(args.reps):
            for name in args.scenario or list(SCENARIOS):
                site = copy_site(args.dist, Path(tmp) / f"{name}-{rep}")
                try:
                    row = SCENARIOS[name](browser, site, rep)
                except Exception as error:
                    failures.append(f"{name} {rep}: {str(error).splitlines()[0]}")
                    print("FAILED", failures[-1], flush=True)
                    continue
                finally:
                    shutil.rmtree(site)
                results.setdefault(name, []).append(row)
                print(name, rep, {k: round(v, 2) for k, v in row.items()}, flush=True)
        browser.close()
    print(f"failed: {len(failures)}", *failures, sep="\n  ")
    for name, rows in results.items():
        print(f"== {name} ({len(rows)} runs)")
        for key in rows[0]:
            values = sorted(r[key] for r in rows)
            print(
                f"  {key}: min {values[0]:.2f}  median {statistics.median(values):.2f}"
                f"  max {values[-1]:.2f}  all {[round(v, 2) for v in values]}"
            )


if __name__ == "__main__":
    main()
