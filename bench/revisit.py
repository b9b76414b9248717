"""A returning visitor's main thread at 4x CPU slowdown (issue 30: V8's code cache).

Lighthouse runs every page in a fresh profile, a first visit, so it cannot show what V8's code
cache does: Chromium keeps the compiled code of a script with the script's cached copy, and a
script the service worker stored while it installed (Cache Storage) has its code cached at once,
while one in the HTTP cache gets it only on its second run. So this opens
``?page=moo2-shot`` once at full speed (the service worker installs), then again in the same
profile with ``Emulation.setCPUThrottlingRate`` 4 on the page, and records the main thread's
long tasks (``PerformanceObserver``, type ``longtask``) from navigation until the page is live:
their blocking time (the sum of each task's time over 50 ms, as TBT counts it), the longest,
and the time to live. With the service worker (the scripts from Cache Storage, code cached)
against the same visit with service workers blocked (from the HTTP cache, revalidated: their
second run, which makes the code cache rather than uses it).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from common import CHROMIUM, CHROMIUM_ARGS, log
from measure import READY_PROBE
from takeover import read, wait_until_live

RATE = 4

LONG_TASKS = """
(() => {
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();
"""


@dataclass
class Revisit:
    service_worker: bool
    blocking_ms: float | None = None
    """Sum over the long tasks until live of (duration - 50 ms)."""
    longest_ms: float | None = None
    live_ms: float | None = None
    load_avg: float = 0.0
    error: str | None = None


def revisit(playwright: Any, url: str, *, service_worker: bool) -> Revisit:
    out = Revisit(service_worker)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context = browser.new_context(
            viewport={"width": 412, "height": 823},
            service_workers="allow" if service_worker else "block",
        )
        context.add_init_script(READY_PROBE % json.dumps("ready"))
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        page.goto(url + "?page=moo2-shot")
        page.wait_for_function(
            "() => document.documentElement.dataset.ready === 'true'", timeout=300_000
        )
        if service_worker:
            page.wait_for_function(
                "() => navigator.serviceWorker.controller !== null", timeout=300_000
            )
        page.close()
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
        out.load_avg = os.getloadavg()[0]
        page.goto(url + "?page=moo2-shot", wait_until="commit")
        # Through the DevTools protocol: Playwright's wait_for_function would first put its
        # own script in the page, in a long task of its own that the long-task entries
        # count (bench/takeover.py, session 30).
        wait_until_live(session)
        if (
            service_worker
            and read(session, "navigator.serviceWorker.controller !== null") is not True
        ):
            raise RuntimeError("the second visit was not served by the service worker")
        live, tasks = read(
            session, "[window.__benchReadyAt, window.__benchLongTasks.map((t) => [t[0], t[1]])]"
        )
        until = [(start, length) for start, length in tasks if start < live]
        out.live_ms = float(live)
        out.blocking_ms = sum(max(0.0, length - 50) for _, length in until)
        out.longest_ms = max((length for _, length in until), default=0.0)
    except Exception as error:
        out.error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        log(f"revisit failed: {out.error}")
    finally:
        browser.close()
    return out
