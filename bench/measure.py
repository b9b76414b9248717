"""Measuring in the browser: loads (cold, warm, page links), embeds, input latency."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import CHROMIUM, CHROMIUM_ARGS, LOAD_TIMEOUT_S, WORK, Calm, fresh, log
from server import Hit, Server

# Measuring in the browser
# --------------------------------------------------------------------------------------------

READY_PROBE = """
(() => {
  // Records when the page became interactive, in the page's own clock (0 = navigation start).
  const kind = %s;
  const isReady = kind === "panel-loader"
    ? () => {
        // The stock loader: hidden once the worker's document is embedded (Bokeh roots exist).
        const loader = document.getElementById("loader");
        return loader !== null && loader.style.display === "none"
          && window.Bokeh !== undefined && Bokeh.index !== undefined
          && Bokeh.index.roots.length > 0;
      }
    : () => document.documentElement.dataset.ready === "true";
  const mark = () => {
    if (window.__benchReadyAt === undefined && isReady()) {
      window.__benchReadyAt = performance.now();
      window.__benchReadyEpoch = performance.timeOrigin + window.__benchReadyAt;
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-ready", "style"],
  });
  window.addEventListener("keydown", (event) => {
    if (event.key === "Enter") window.__benchEnterAt = performance.now();
  }, true);
  // The first real number on screen: the first moment a result ([data-testid] with text) is
  // in the page, prerendered or live, unless the page marks it as not yet the link's own
  // (data-stage="updating"). Checked every 25 ms, on page links only.
  if (!/[?&]page=/.test(location.search)) return;
  const hasNumber = (root) => {
    for (const el of root.querySelectorAll("[data-testid]")) {
      if (el.textContent.trim()) return true;
    }
    for (const host of root.querySelectorAll("*")) {
      if (host.shadowRoot && hasNumber(host.shadowRoot)) return true;
    }
    return false;
  };
  const poll = () => {
    const root = document.documentElement;
    if (root && root.dataset.stage !== "updating" && document.body && hasNumber(document)) {
      window.__benchNumberAt = performance.now();
    } else {
      setTimeout(poll, 25);
    }
  };
  poll();
})();
"""


@contextlib.contextmanager
def fresh_profile(
    playwright: Any,
    probe: str | None = None,
    *,
    executable: str | Path = CHROMIUM,
    tolerate_crash: bool = False,
) -> Iterator[tuple[Any, Any]]:
    """A headless Chromium with a new, empty profile (no cache, no service worker): its
    context and first page. ``probe``: the page's kind of readiness for :data:`READY_PROBE`
    (``"ready"``, ``"panel-loader"``), added to every page; ``None`` adds no probe.
    ``tolerate_crash``: a browser that crashed is not an error when closed (the crash hunt of
    ``embed_crash.py`` counts crashes itself)."""
    with tempfile.TemporaryDirectory(prefix="rangefinder-bench-") as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=str(executable), args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1280, "height": 900},
        )  # fmt: skip
        try:
            if probe is not None:
                context.add_init_script(READY_PROBE % json.dumps(probe))
            yield context, context.pages[0] if context.pages else context.new_page()
        finally:
            if tolerate_crash:
                with contextlib.suppress(Exception):
                    context.close()
            else:
                context.close()


READY_STATE = """() => {
  if (window.__benchReadyAt !== undefined) {
    return { ready: window.__benchReadyAt, epoch: window.__benchReadyEpoch };
  }
  const html = document.documentElement;
  if (html.dataset.error === "true") {
    return { error: document.getElementById("rf-loader-msg")?.textContent || "error" };
  }
  const stock = document.querySelector("#loader.error");
  if (stock) return { error: document.getElementById("loader-error")?.textContent || "error" };
  if (window.__benchError) return { error: window.__benchError };
  return false;
}"""

TEXT_IS = """([sel, text]) => {
  const find = (root) => {
    const el = root.querySelector(sel);
    if (el) return el;
    for (const host of root.querySelectorAll('*')) {
      if (host.shadowRoot) { const f = find(host.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const el = find(document);
  return el !== null && el.textContent.trim() === text ? performance.now() : false;
}"""


@dataclass
class Load:
    tti_ms: float | None = None
    bytes_to_tti: int = 0
    bytes: int = 0
    requests: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    not_found: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    """Errors the page logged (kept in results.json; the first one goes with a failure)."""
    error: str | None = None
    again_files: int = 0
    again_bytes: int = 0
    again_bytes_to_tti: int = 0
    """Files downloaded (status 200) more than once in this load, and the bytes of the repeats."""
    load_avg: float = 0.0
    """The machine's 1-minute load average when the load started."""
    timeline: list[tuple[float, str, int, int]] = field(default_factory=list)
    """(ms after the navigation was started, path, status, body bytes) of each response."""
    number_ms: float | None = None
    """When the first real number was on screen (page links only), from navigation start."""
    bytes_gzip: int = 0
    bytes_to_tti_gzip: int = 0
    """The same bodies as a compressing host sends them (gzip -6 of each file; .whl, .zip
    and .gz files as they are)."""


@dataclass
class Run:
    cold: Load
    warm: Load
    pages: dict[str, Load] = field(default_factory=dict)
    """Warm loads of ``?page=<slug>`` (FIRST_NUMBER_PAGES), after the cold and warm loads."""
    embed_one_ms: float | None = None
    embed_three_ms: float | None = None
    embed_error: str | None = None
    embed_error_step: str | None = None
    """Which load of the sequence failed."""
    embed_error_log: list[str] = field(default_factory=list)
    """The lines of Chromium's log about the failure (crash_lines)."""
    embed_cross_one_ms: float | None = None
    embed_cross_three_ms: float | None = None
    """The same with the host page on another *site* (``localhost`` against the site's
    ``127.0.0.1``): the iframes are third-party there."""


@dataclass
class Site:
    key: str
    folder: Path
    url_path: str
    probe: str
    server: Server | None = None
    runs: list[Run] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    latency_error: str | None = None
    pages: bool = False
    """Whether each run also times the warm loads of FIRST_NUMBER_PAGES."""
    embeds: bool = False
    """Whether each run also times one and three embeds on another origin's page."""

    @property
    def ours(self) -> bool:
        """Rangefinder's site or one of its lever variants (it has a service worker)."""
        return self.key == "rangefinder" or self.key.startswith("rf-")

    @property
    def url(self) -> str:
        assert self.server is not None
        return self.server.url + self.url_path


GZIP_SIZES: dict[Path, int] = {}


def gzip_size(folder: Path, url_path: str) -> int:
    """Bytes of ``url_path`` (of the site in ``folder``) as a host that compresses sends it."""
    relative = urllib.parse.unquote(url_path.split("?", 1)[0]).lstrip("/") or "index.html"
    path = folder / relative
    if path.is_dir():
        path = path / "index.html"
    if path not in GZIP_SIZES:
        data = path.read_bytes() if path.is_file() else b""
        already = path.suffix in (".whl", ".zip", ".gz", ".png")
        GZIP_SIZES[path] = len(data) if already else len(gzip.compress(data, 6))
    return GZIP_SIZES[path]


def summarise(
    hits: list[Hit],
    load: Load,
    start: float,
    ready_epoch_s: float | None,
    folder: Path | None = None,
) -> None:
    load.bytes = sum(h.size for h in hits)
    if folder is not None:
        sized = [(h, gzip_size(folder, h.path) if h.status == 200 and h.size else 0) for h in hits]
        load.bytes_gzip = sum(z for _, z in sized)
        if ready_epoch_s is not None:
            load.bytes_to_tti_gzip = sum(z for h, z in sized if h.end <= ready_epoch_s)
    load.requests = len(hits)
    load.timeline = [(round((h.end - start) * 1000), h.path, h.status, h.size) for h in hits]
    if ready_epoch_s is not None:
        load.bytes_to_tti = sum(h.size for h in hits if h.end <= ready_epoch_s)
    seen: set[str] = set()
    again: set[str] = set()
    for h in hits:
        if h.status == 200:
            if h.path in seen:
                again.add(h.path)
                load.again_bytes += h.size
                if ready_epoch_s is not None and h.end <= ready_epoch_s:
                    load.again_bytes_to_tti += h.size
            seen.add(h.path)
    load.again_files = len(again)
    for h in hits:
        load.statuses[str(h.status)] = load.statuses.get(str(h.status), 0) + 1
        if h.status == 404:
            load.not_found.append(h.path)


def wait_ready(page: Any) -> tuple[float, float]:
    """(time to interactive in ms from navigation start, epoch seconds of that moment)."""
    handle = page.wait_for_function(READY_STATE, polling=250, timeout=LOAD_TIMEOUT_S * 1000)
    state = handle.json_value()
    if "error" in state:
        raise RuntimeError(f"the page reported: {state['error']}")
    return float(state["ready"]), float(state["epoch"]) / 1000


def measure_load(
    page: Any, site: Site, load: Load, calm: Calm, *, cold: bool, query: str = ""
) -> None:
    assert site.server is not None
    site.server.recorder.take()
    load.foreign.clear()
    epoch: float | None = None
    calm.wait()
    load.load_avg = os.getloadavg()[0]
    start = time.time()
    try:
        page.goto(site.url + query, wait_until="commit", timeout=LOAD_TIMEOUT_S * 1000)
        load.tti_ms, epoch = wait_ready(page)
        if query:
            number = page.evaluate("window.__benchNumberAt")
            load.number_ms = float(number) if number is not None else None
        if cold and site.ours:
            # Cold bytes include the service worker's pre-cache of the whole build.
            active = page.evaluate(
                "Promise.race([navigator.serviceWorker.ready.then(() => true),"
                " new Promise((done) => setTimeout(() => done(false), 120000))])"
            )
            if not active:
                log("warning: the service worker was not active within 120 s")
    except Exception as error:  # recorded in BENCHMARKS.md, never turned into a number
        load.error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        if load.console:
            load.error += f" (first console error: {load.console[0]})"
    site.server.recorder.wait_quiet()
    summarise(site.server.recorder.take(), load, start, epoch, site.folder)


def one_run(playwright: Any, site: Site, calm: Calm) -> Run:
    run = Run(Load(), Load())
    with fresh_profile(playwright, site.probe) as (context, page):
        origin = site.url.split("/", 3)[:3]
        prefix = "/".join(origin)
        current: list[Load] = [run.cold]

        def on_request(request: Any) -> None:
            url = request.url
            if not url.startswith((prefix, "data:", "blob:")):
                current[0].foreign.append(url)

        def on_console(message: Any) -> None:
            if message.type == "error":
                current[0].console.append(message.text[:300])

        context.on("request", on_request)
        page.on("console", on_console)
        page.on("pageerror", lambda error: current[0].console.append(str(error)[:300]))
        measure_load(page, site, run.cold, calm, cold=True)
        if run.cold.error is None:
            current[0] = run.warm
            measure_load(page, site, run.warm, calm, cold=False)
        else:
            run.warm.error = "not run: the cold load failed"
        if site.pages and run.warm.error is None:
            for slug in FIRST_NUMBER_PAGES:
                # Warm: every file of the runtime and the app is cached by now (the page's
                # own prerendered document, about 10 kB, is fetched on this first visit).
                run.pages[slug] = current[0] = Load()
                measure_load(page, site, run.pages[slug], calm, cold=False, query=f"?page={slug}")
    if site.embeds and run.warm.error is None:
        embed_run(playwright, site, run)
    return run


EMBED_TIMEOUT_S = 180
"""How long the embeds of one page may take to be all interactive before the run is failed."""

FIRST_NUMBER_PAGES = ("moo2-shot", "cepheus-attack", "lurasko-attack")
"""The pages whose first real number is timed (warm), as the issue names them."""

EMBED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A wiki page</title></head>
<body><p>A wiki page with {n} calculator(s).</p>
<script>
  window.__ready = 0;
  window.addEventListener("message", (event) => {{
    if (event.data && event.data.type === "rangefinder:ready") {{
      window.__ready += 1;
      if (window.__ready === {n}) window.__allReadyAt = performance.now();
    }}
  }});
</script>
{frames}
</body></html>
"""


def write_embed_pages(folder: Path, site_url: str) -> dict[int, str]:
    """Host pages with one and three embeds of the site (FIRST_NUMBER_PAGES) in ``folder``:
    their file names, by number of embeds."""
    pages = {}
    for n in (1, 3):
        frames = "\n".join(
            f'<iframe src="{site_url}?page={slug}&embed=1" width="900" height="700" '
            f'title="{slug}"></iframe>'
            for slug in FIRST_NUMBER_PAGES[:n]
        )
        (folder / f"embed{n}.html").write_text(EMBED_PAGE.format(n=n, frames=frames))
        pages[n] = f"embed{n}.html"
    return pages


def chromium_with_stderr_in(folder: Path) -> tuple[Path, Path]:
    """(a script that starts Chromium, the file its stderr goes to), in ``folder``.

    What Chromium's processes write to stderr (a crashing renderer's signal and stack, V8's
    out-of-memory report, failed checks) is kept there: Playwright discards it."""
    log = folder / "chromium.stderr"
    wrapper = folder / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec {CHROMIUM} "$@" 2>>{log}\n')
    wrapper.chmod(0o755)
    return wrapper, log


class EmbedLoads:
    """The bench's embed loads in one tab: the host page on the site's own site, then on
    another site (``localhost``), each with three embeds, one, three; every load until all
    its embeds have posted ``rangefinder:ready`` and the network is quiet.

    ``step`` names the load under way (where a failure happened); ``ready_ms`` holds, by
    host and number of embeds, the last load's time to all ready."""

    HOSTS = ("same site", "another site")

    def __init__(self) -> None:
        self.step = "start"
        self.ready_ms: dict[tuple[str, int], float] = {}

    def run(
        self, page: Any, host: Server, pages: dict[int, str], site_server: Server | None,
        pause_between_hosts: bool = False,
    ) -> None:  # fmt: skip
        """``pause_between_hosts``: about:blank and 1.5 s between the two hosts (the crash
        of issue 11 did not happen then: bench/embed_crash.py)."""
        other_site = host.url.replace("//127.0.0.1:", "//localhost:")
        for where, url in zip(self.HOSTS, (host.url, other_site), strict=True):
            if pause_between_hosts and where != self.HOSTS[0]:
                self.step = "about:blank between the hosts"
                page.goto("about:blank")
                time.sleep(1.5)
            for i, n in enumerate((3, 1, 3)):
                self.step = f"{where}, load {i + 1} of 3 ({n} embed{'s' * (n > 1)})"
                page.goto(url + pages[n])
                page.wait_for_function(
                    "() => window.__allReadyAt !== undefined", polling=100,
                    timeout=EMBED_TIMEOUT_S * 1000,
                )  # fmt: skip
                self.ready_ms[where, n] = float(page.evaluate("window.__allReadyAt"))
                host.recorder.wait_quiet(0.5)
                if site_server is not None:
                    site_server.recorder.wait_quiet(0.5)


def embed_run(playwright: Any, site: Site, run: Run) -> None:
    """A wiki page on another origin with one, then three, embedded calculators: time from
    navigation start until every one has posted ``rangefinder:ready``. Warm: a first visit
    of the three-embed page (not timed) caches the files."""
    folder = fresh(WORK / "embed-host")
    pages = write_embed_pages(folder, site.url)
    host = Server(folder, own_policy=False)
    wrapper, log = chromium_with_stderr_in(folder)
    loads = EmbedLoads()
    try:
        with fresh_profile(playwright, executable=wrapper) as (_context, page):
            loads.run(page, host, pages, site.server)
        same, other = EmbedLoads.HOSTS
        run.embed_one_ms, run.embed_three_ms = loads.ready_ms[same, 1], loads.ready_ms[same, 3]
        run.embed_cross_one_ms = loads.ready_ms[other, 1]
        run.embed_cross_three_ms = loads.ready_ms[other, 3]
    except Exception as error:
        run.embed_error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        run.embed_error_step = loads.step
        run.embed_error_log = crash_lines(log)
        print(f"  embeds failed at {loads.step}: {run.embed_error}", file=sys.stderr)
        for line in run.embed_error_log:
            print(f"    {line}", file=sys.stderr)
    finally:
        host.stop()


def crash_lines(log: Path, keep: int = 40) -> list[str]:
    """The last lines Chromium wrote to stderr, but its routine warnings (D-Bus, ...)."""
    if not log.exists():
        return []
    routine = ("dbus", "D-Bus", "on_device_model", "idle_linux")
    lines = log.read_text(errors="replace").splitlines()
    return [line[:300] for line in lines if not any(m in line for m in routine)][-keep:]


def input_latency(playwright: Any, site: Site, values: list[tuple[int, str]]) -> None:
    """Time from pressing Enter in "Distance (squares)" to the new hit chance on the page."""
    try:
        with fresh_profile(playwright, site.probe) as (_context, page):
            if site.key == "rangefinder":
                page.goto(site.url + "?page=moo2-shot")
                wait_ready(page)
            else:
                page.goto(site.url)
                wait_ready(page)
                # The stock export has no boot.js to open the landing page's links in place
                # (a click would reload the page), so it goes through the navigation's
                # drop-down, which shows Beam shot already: another page first.
                choose = page.locator(".rf-nav-select select").first
                choose.select_option(label="Range visualizer")
                page.locator("h1", has_text="Range visualizer").first.wait_for(timeout=60_000)
                choose.select_option(label="Beam shot")
            page.locator("[data-testid='hit-chance']").first.wait_for(timeout=60_000)
            box = (
                page.locator(".bk-input-group")
                .filter(has=page.locator("label", has_text="Distance (squares)"))
                .locator("input")
                .first
            )
            for value, expected in values:
                page.evaluate("window.__benchEnterAt = undefined")
                box.fill(str(value))
                box.press("Enter")
                done = page.wait_for_function(
                    TEXT_IS, arg=["[data-testid='hit-chance']", expected], polling="raf",
                    timeout=60_000,
                ).json_value()  # fmt: skip
                started = page.evaluate("window.__benchEnterAt")
                site.latencies_ms.append(float(done) - float(started))
    except Exception as error:
        site.latency_error = f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"


def edit_sequence(count: int) -> list[tuple[int, str]]:
    """Distances whose hit chance differs from the one before, with the text each must show."""
    from webapp.formatting import percent
    from webapp.pages.moo2.shot import Moo2Shot

    def shown(squares: int) -> str:
        return str(percent(Moo2Shot(squares=squares).compute().hit_probability))

    out: list[tuple[int, str]] = []
    previous = shown(Moo2Shot().squares)
    cycle = [20, 3, 14, 5, 11, 7, 17, 2, 12, 8]
    i = 0
    while len(out) < count:
        value = cycle[i % len(cycle)]
        i += 1
        if shown(value) != previous:
            previous = shown(value)
            out.append((value, previous))
    return out
