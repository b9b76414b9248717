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
import functools
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sitebuild

CHANGED = "app.css"
WAITING = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return !!(registration && registration.waiting);
}"""
INSTALL = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (!worker) return "no new worker";
  if (worker.state !== "installing") return worker.state;
  return await new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state !== "installing") resolve(worker.state);
  }));
}"""
ONE_CACHE = """async (name) => { const keys = await caches.keys();
  return keys.length === 1 && keys[0] === name; }"""


class CountingServer:
    """``sitebuild.SiteHandler`` for a folder, counting the body bytes sent per path."""

    def __init__(self, directory: Path) -> None:
        sent: dict[str, int] = {}

        class Counting(sitebuild.SiteHandler):
            counts: ClassVar[dict[str, int]] = sent

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                path = self.path.split("?", 1)[0]
                self.counts[path] = self.counts.get(path, 0) + len(data)
                outputfile.write(data)

            def log_message(self, format: str, *args: object) -> None:
                pass

        handler = functools.partial(Counting, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.sent = sent
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def redeploy(site: Path, mark: str) -> str:
    levers = sitebuild.parse_levers(json.loads((site / "build.json").read_text())["levers"])
    path = site / CHANGED
    path.write_text(path.read_text() + f"\n/* {mark} */\n")
    return sitebuild.stage_service_worker(site, levers)


def wait_ready(page: Any) -> None:
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=180_000)


def first_visit(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url, timeout=180_000)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    return page


def close_then_visit(browser: Any, site: Path, rep: int) -> dict[str, float]:
    server = CountingServer(site)
    context = browser.new_context()
    try:
        url = server.url + "?page=moo2-shot"
        page = first_visit(context, url)
        second = redeploy(site, f"close-then-visit {rep} {time.time()}")
        server.sent.clear()
        assert page.evaluate(INSTALL) == "installed"
        fetched = sum(server.sent.values())
        page.close()
        page = context.new_page()
        start = time.monotonic()
        page.goto(url, wait_until="commit", timeout=180_000)
        commit = time.monotonic() - start
        page.wait_for_load_state("load", timeout=180_000)
        load = time.monotonic() - start
        wait_ready(page)
        ready = time.monotonic() - start
        page.wait_for_function(ONE_CACHE, arg=f"rangefinder-{second}", timeout=180_000)
        dropped = time.monotonic() - start
        return {
            "commit": commit,
            "load": load,
            "ready": ready,
            "old cache dropped": dropped,
            "install bytes": fetched,
        }
    finally:
        context.close()
        server.stop()


def return_visit(browser: Any, site: Path, rep: int) -> dict[str, float]:
    server = CountingServer(site)
    context = browser.new_context()
    try:
        url = server.url + "?page=moo2-shot"
        page = first_visit(context, url)
        page.goto("about:blank")
        redeploy(site, f"return-visit {rep} {time.time()}")
        server.sent.clear()
        start = time.monotonic()
        page.goto(url, wait_until="load", timeout=180_000)
        load = time.monotonic() - start
        wait_ready(page)
        ready = time.monotonic() - start
        page.wait_for_function(WAITING, timeout=180_000, polling=100)
        waiting = time.monotonic() - start
        fetched = {p: n for p, n in server.sent.items()}
        return {
            "load": load,
            "ready": ready,
            "next build waiting": waiting,
            "bytes": sum(fetched.values()),
            "paths": len(fetched),
        }
    finally:
        context.close()
        server.stop()


def plain_reload(browser: Any, site: Path, rep: int) -> dict[str, float]:
    server = CountingServer(site)
    context = browser.new_context()
    try:
        url = server.url + "?page=moo2-shot"
        page = first_visit(context, url)
        page.goto("about:blank")
        start = time.monotonic()
        page.goto(url, wait_until="load", timeout=180_000)
        load = time.monotonic() - start
        wait_ready(page)
        return {"load": load, "ready": time.monotonic() - start}
    finally:
        context.close()
        server.stop()


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
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(
            executable_path=sitebuild.CHROMIUM, args=list(sitebuild.CHROMIUM_ARGS), headless=True
        )
        # Interleaved (one run of each scenario in turn), so that the machine's load drifting
        # over the runs weighs on every scenario alike.
        for rep in range(args.reps):
            for name in args.scenario or list(SCENARIOS):
                site = Path(tmp) / f"{name}-{rep}"
                shutil.copytree(args.dist, site)
                (site / ".fingerprint").unlink(missing_ok=True)
                row = SCENARIOS[name](browser, site, rep)
                shutil.rmtree(site)
                results.setdefault(name, []).append(row)
                print(name, rep, {k: round(v, 2) for k, v in row.items()}, flush=True)
        browser.close()
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
