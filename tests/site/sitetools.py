"""Shared by the browser tests: a static server and a recorded app page (see conftest.py),
and the next build's deploy for the service worker's tests (also used by
``scripts/measure_sw_update.py``)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sitebuild
from rules import moo2
from webapp.formatting import percent
from webapp.pages.moo2.shot import Moo2Shot

CHROMIUM = sitebuild.CHROMIUM
CHROMIUM_ARGS = list(sitebuild.CHROMIUM_ARGS)
FIND_SOURCE = """
const find = (column) => {
  for (const model of window.rangefinderDocument.all_models) {
    if (model.type !== 'ColumnDataSource') continue;
    const data = model.data instanceof Map ? Object.fromEntries(model.data) : model.data;
    if (column in data) {
      const out = {};
      for (const [key, value] of Object.entries(data)) out[key] = Array.from(value);
      return out;
    }
  }
  return null;
};
"""
"""JS that defines find(column): the data of the ColumnDataSource holding that column."""


def wheel_member(package: str, member: str) -> bytes:
    """A file of the pinned browser wheel of ``package``, as the wheel holds it."""
    pin = next(p for p in sitebuild.BROWSER_WHEELS if p.name == package)
    with zipfile.ZipFile(sitebuild.fetch_pypi(pin)) as archive:
        return archive.read(member)


READY_TIMEOUT_MS = 120_000
"""How long a cold start may take on a loaded 2-core CI machine before a test fails."""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A plain static server's handler (no Rangefinder headers), without the request log."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server:
    """A static server for a folder on 127.0.0.1, on a free port, in a thread.

    By default it serves as ``./dev serve`` does (``sitebuild.SiteHandler``: MIME types, the
    CSP header); ``plain=True`` is an ordinary server, like a wiki's, with no policy of ours;
    ``handler`` another handler class."""

    def __init__(
        self,
        directory: Path,
        *,
        plain: bool = False,
        handler: type[http.server.SimpleHTTPRequestHandler] | None = None,
    ) -> None:
        os.environ["RANGEFINDER_QUIET_SERVER"] = "1"
        self.folder = directory
        chosen = handler or (Quiet if plain else sitebuild.SiteHandler)
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(chosen, directory=str(directory))
        )
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class RecordingServer(Server):
    """``./dev serve``'s server for a folder, recording every path it is asked for
    (``paths``, in order) and the body bytes it sends for each (``sent``)."""

    def __init__(self, directory: Path) -> None:
        paths: list[str] = []
        sent: dict[str, int] = {}

        class Recording(sitebuild.SiteHandler):
            def do_GET(self) -> None:
                paths.append(self.path.split("?", 1)[0])
                super().do_GET()

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                path = self.path.split("?", 1)[0]
                sent[path] = sent.get(path, 0) + len(data)
                outputfile.write(data)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.paths = paths
        self.sent = sent
        super().__init__(directory, handler=Recording)


@dataclass
class AppPage:
    """An opened app page plus what it did on the network and the console."""

    page: Any
    context: Any
    requests: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    in_flight: set[Any] = field(default_factory=set)
    """The requests (Playwright's) made and not yet finished or failed."""

    def wait_network_done(self, timeout: int = 30_000) -> None:
        """Wait until the page has sent Python's whole answer to the last change
        (:meth:`wait_settled`) and every request made so far has finished or failed: then
        what the page does on the network for it has been recorded, and a check of
        :attr:`requests` sees all of it."""
        self.wait_settled(timeout)
        self.wait_recorded(
            lambda: not self.in_flight,
            lambda: f"{len(self.in_flight)} requests still under way",
            timeout,
        )

    def wait_recorded(
        self, done: Callable[[], bool], why_not: Callable[[], object], timeout: int = 20_000
    ) -> None:
        """Wait until ``done()`` holds of what has been recorded (:func:`record`: requests,
        console): Playwright delivers the events while it waits. If it does not within
        ``timeout`` ms, fail with ``why_not()``."""
        waited = 0
        while not done():
            if waited >= timeout:
                raise AssertionError(why_not())
            self.page.wait_for_timeout(50)
            waited += 50

    def wait_ready(self) -> None:
        """Wait until the app is interactive; fail at once if it reports an error instead."""
        self.page.wait_for_selector(
            "html[data-ready='true'], html[data-error='true']",
            state="attached",
            timeout=READY_TIMEOUT_MS,
        )
        if self.page.evaluate("document.documentElement.dataset.error") == "true":
            shown = self.page.locator("#rf-loader-msg").inner_text()
            raise AssertionError(f"the app failed to start: {shown}\n" + "\n".join(self.console))

    def text(self, locator: Any) -> str:
        """The text of ``locator``'s first element, inside its shadow root if it has one."""
        return str(
            locator.first.evaluate(
                "(el) => (el.shadowRoot ? el.shadowRoot.textContent : el.textContent).trim()"
            )
        )

    def python_errors(self) -> list[str]:
        """Failures the app reported (boot.js shows them; worker.js logs them)."""
        return [m for m in self.console if "Rangefinder:" in m and m.startswith("error")]

    def testid(self, name: str) -> str:
        return str(self.page.locator(f"[data-testid='{name}']").first.inner_text())

    def wait_testid(self, name: str, text: str, timeout: int = 15_000) -> None:
        """Wait until ``data-testid=name`` shows exactly ``text``, and then until the app has
        sent the whole result (the key figures come first, the charts and tables in a second
        patch of the same Python call: ``<html data-busy>``, static/boot.js).

        "Shows" as :meth:`testid` reads it (``innerText``): a pane just drawn is hidden until
        its stylesheets have loaded (``visibility: hidden``, ~20 ms, longer under load), when
        its text is there but its ``innerText`` is ''. Waiting on ``textContent`` let a test go
        on in that moment and read the pane's other figures as ''."""
        self.page.wait_for_function(
            """([sel, text]) => {
                 const find = (root) => {
                   const el = root.querySelector(sel);
                   if (el) return el;
                   for (const host of root.querySelectorAll('*')) {
                     if (host.shadowRoot) { const f = find(host.shadowRoot); if (f) return f; }
                   }
                   return null;
                 };
                 const el = find(document);
                 return el !== null && el.innerText.trim() === text;
               }""",
            arg=[f"[data-testid='{name}']", text],
            timeout=timeout,
        )
        self.wait_settled(timeout)

    def wait_settled(self, timeout: int = 15_000) -> None:
        """Wait until Python has sent the page everything the last change on it changed."""
        self.page.wait_for_function(
            "() => document.documentElement.dataset.busy !== 'true'", timeout=timeout
        )

    def input_labelled(self, label: str) -> Any:
        group = self.page.locator(".bk-input-group").filter(
            has=self.page.locator("label", has_text=label)
        )
        return group.locator("input").first

    def set_input(self, label: str, value: object) -> None:
        box = self.input_labelled(label)
        box.fill(str(value))
        box.press("Enter")

    def click_option(self, text: str) -> None:
        """Press the radio button (or any Bokeh button) showing exactly ``text``."""
        self.page.locator(f".bk-btn:text-is('{text}')").first.click()

    def set_checkbox(self, text: str, checked: bool = True) -> None:
        """Tick or untick the checkbox labelled ``text`` (Panel draws no <label> for it)."""
        box = self.page.locator(".bk-Checkbox", has_text=text).locator("input").first
        box.set_checked(checked)

    def show_page(self, slug: str) -> None:
        """Open page ``slug`` (or ``"home"``) from the landing page's list, as a visitor does
        (no reload), and wait until its title and key figures are shown."""
        self.page.locator(".bk-btn:text-is('All calculators')").first.click()
        if slug == "home":
            self.page.locator("h1", has_text="Rangefinder").first.wait_for(timeout=30_000)
            return
        from webapp.pages import find_page

        title = find_page(slug).title
        self.page.locator(f"a.rf-open:text-is('Open {title}')").first.click()
        self.page.locator("h1.rf-page-title", has_text=title).first.wait_for(timeout=30_000)
        self.page.locator(".rf-summary .rf-figure").first.wait_for(timeout=30_000)

    def foreign_requests(self, *origins: str) -> list[str]:
        """Requests to anywhere but ``origins`` (and ``data:``/``blob:`` URLs)."""
        return [url for url in self.requests if not url.startswith((*origins, "data:", "blob:"))]

    def console_errors(self) -> list[str]:
        """Errors the page (or a frame of it) logged, and uncaught exceptions."""
        return [m for m in self.console if m.startswith(("error", "pageerror"))]

    def failed_requests(self) -> list[str]:
        """Requests answered with an HTTP error or not answered at all (a file the build
        left out, a wrong path)."""
        return list(self.failures)

    def csp_violations(self) -> list[str]:
        reported = self.page.evaluate("window.__cspViolations || []")
        logged = [m for m in self.console if "Content Security Policy" in m]
        return [*reported, *logged]


CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
});
"""


def record(app: AppPage) -> AppPage:
    """Record what ``app``'s context and page do: every request (and those still in flight),
    the answers with an HTTP error and the requests that failed, the console messages and the
    uncaught exceptions."""

    def started(request: Any) -> None:
        app.requests.append(request.url)
        app.in_flight.add(request)

    def failed(request: Any) -> None:
        app.failures.append(f"failed {request.url}")
        app.in_flight.discard(request)

    app.context.on("request", started)
    app.context.on("requestfinished", lambda request: app.in_flight.discard(request))
    app.context.on(
        "response",
        lambda response: (
            app.failures.append(f"{response.status} {response.url}")
            if response.status >= 400
            else None
        ),
    )
    app.context.on("requestfailed", failed)
    app.page.on("console", lambda message: app.console.append(f"{message.type}: {message.text}"))
    app.page.on("pageerror", lambda error: app.console.append(f"pageerror: {error}"))
    return app


def app_opener(browser: Any, server: Server, contexts: list[Any]) -> Callable[..., AppPage]:
    r"""The one way the browser tests open the app: an opener ``(query="", *, url=None,
    wait=True, init_script="", **context_options) -> AppPage`` that opens it in a new context
    (1280x900 unless ``viewport`` says otherwise; CSP violations recorded, then
    ``init_script`` run in every page), :func:`record`\ s it, and waits until the app is
    interactive. Each context it makes is added to ``contexts`` (to close). Behind
    conftest.py's ``open_app`` (one app a test) and ``open_module_app`` (one app boot for a
    module's tests)."""

    def opener(
        query: str = "",
        *,
        url: str | None = None,
        wait: bool = True,
        init_script: str = "",
        **context_options: Any,
    ) -> AppPage:
        context_options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**context_options)
        contexts.append(context)
        context.add_init_script(CSP_LISTENER + init_script)
        app = record(AppPage(page=context.new_page(), context=context))
        app.page.goto(url if url is not None else server.url + query)
        if wait:
            app.wait_ready()
        return app

    return opener


def assert_moo2_shot_live(app: AppPage) -> None:
    """The moo2-shot page shows its default answer, and an edit reaches Python and its new
    answer comes back, with no Python error and no failed request."""
    d = Moo2Shot()
    assert app.testid("hit-chance") == percent(
        moo2.hit_probability(d.attack, d.defense, d.squares, mount=d.mount)
    )
    app.set_input("Distance (squares)", 14)
    app.wait_testid("hit-chance", percent(Moo2Shot(squares=14).compute().hit_probability))
    assert app.python_errors() == [] and app.failed_requests() == []


def assert_clean(app: AppPage, server: Server) -> None:
    """No Python error in the page, and no request to another origin than ``server``'s."""
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


SOURCE_DATA = """(key) => {
  const out = [];
  for (const model of window.rangefinderDocument.all_models) {
    if (model.type !== 'ColumnDataSource') continue;
    const data = model.data instanceof Map ? Object.fromEntries(model.data) : model.data;
    if (!(key in data)) continue;
    const copy = {};
    for (const [name, column] of Object.entries(data)) copy[name] = Array.from(column);
    out.push(copy);
  }
  return out;
}"""
"""JS: the columns of every ColumnDataSource of the document that has a column ``key``."""


def sources(app: AppPage, key: str) -> list[dict[str, list[Any]]]:
    return list(app.page.evaluate(SOURCE_DATA, key))


def source(app: AppPage, column: str) -> dict[str, list[Any]]:
    """The data of the first ColumnDataSource of the document that has a column ``column``
    (the chart that shows it); fails if there is none."""
    found = sources(app, column)
    assert found, f"no chart data with a {column!r} column in the document"
    return found[0]


def columns(app: AppPage, key: str, *names: str) -> list[dict[str, list[Any]]]:
    """The columns ``names`` of every ColumnDataSource of the document that has a column
    ``key`` and all of ``names`` (``columns(app, "probability", "x", "probability")``: each
    bar chart's data)."""
    return [{n: d[n] for n in names} for d in sources(app, key) if all(n in d for n in names)]


TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
"""JS: resolves once the page has drawn two more frames (what was laid out is painted)."""


def settle_until(page: Any, condition: str, arg: Any = None, timeout: int = 10_000) -> bool:
    """Wait until the JS function ``condition`` (called with ``arg``) is true in ``page`` (a
    page or a frame): the state the check after it is about (a relayout done, a chart
    redrawn). Returns whether it came true; if not within ``timeout`` ms, the check that
    follows reads the page as it is and fails with its own message."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=timeout)
    except Exception as error:  # Playwright's TimeoutError
        if "Timeout" not in type(error).__name__:
            raise
        return False
    return True


FITS = "(width) => document.documentElement.scrollWidth <= width"
"""JS: the page is no wider than ``width`` px (no sideways scroll), as after a relayout."""


# --- The next build, deployed (the service worker's tests) ------------------------------------

CHANGED = "app.css"
"""The file the next build changes (the app still works with a comment added to it)."""

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
"""JS: ask the browser to look for a new ``sw.js`` and wait until the new worker has installed
("installed") or failed ("redundant")."""

WAITING = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return !!(registration && registration.waiting);
}"""
"""JS: whether a new build's worker waits (installed, not yet in control)."""

ONLY_CACHE = """async (name) => { const keys = await caches.keys();
  return keys.length === 1 && keys[0] === name; }"""
"""JS: whether the cache ``name`` is the only one left (the other builds' dropped)."""


def copy_site(dist: Path, folder: Path) -> Path:
    """A copy of the built site in ``folder`` to serve and redeploy (``folder`` is made)."""
    shutil.copytree(dist, folder)
    (folder / ".fingerprint").unlink(missing_ok=True)
    return folder


def redeploy(site: Path, change: str) -> str:
    """The next build of ``site``: ``CHANGED`` with ``change`` appended, and a new ``sw.js``
    listing every file's revision (as the build's last stage writes it). Returns its id."""
    levers = sitebuild.built_levers(site)
    path = site / CHANGED
    path.write_text(path.read_text() + change)
    return sitebuild.stage_service_worker(site, levers)


def wait_page_ready(page: Any, timeout: int = READY_TIMEOUT_MS) -> None:
    """Wait until the app in ``page`` is interactive (``<html data-ready="true">``)."""
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=timeout)


@contextlib.contextmanager
def controlled_page(
    browser: Any, site: Path, query: str = "?page=moo2-shot", timeout: int = READY_TIMEOUT_MS
) -> Iterator[tuple[Any, RecordingServer]]:
    """A page of ``site`` (served by a :class:`RecordingServer`, in a fresh context) whose
    service worker has installed the first build and controls it; both closed afterwards."""
    server = RecordingServer(site)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + query, timeout=timeout)
        wait_page_ready(page, timeout)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)
        yield page, server
    finally:
        context.close()
        server.stop()


class ServiceWorkerTrace:
    """Every change of state of the context's service workers (installing, waiting,
    activating, activated, redundant; running or stopped; their clients), as the DevTools
    protocol reports them, with the time since the trace began: what a navigation that does
    not commit was waiting for."""

    def __init__(self, context: Any, page: Any) -> None:
        self.start = time.monotonic()
        self.lines: list[str] = []
        self.status: dict[str, str] = {}
        """Each version's last status, by its id."""
        self.page = page
        self.session = context.new_cdp_session(page)
        self.session.on("ServiceWorker.workerVersionUpdated", self.versions)
        self.session.on("ServiceWorker.workerErrorReported", self.error)
        self.session.send("ServiceWorker.enable")

    def versions(self, event: dict[str, Any]) -> None:
        for v in event["versions"]:
            script = v["scriptURL"].rsplit("/", 1)[-1]
            clients = len(v.get("controlledClients", []))
            self.status[v["versionId"]] = v["status"]
            self.lines.append(
                f"{time.monotonic() - self.start:7.2f} s  version {v['versionId']} ({script}): "
                f"{v['status']}, {v['runningStatus']}, clients {clients}"
            )

    def error(self, event: dict[str, Any]) -> None:
        self.lines.append(f"{time.monotonic() - self.start:7.2f} s  error {event}")

    def wait_for(self, found: Callable[[], str | None], what: str, timeout_ms: float) -> str:
        """What ``found`` returns once it returns something, as the protocol's events arrive
        (Playwright hands them over while the traced page waits); AssertionError with the
        trace if ``timeout_ms`` passes first."""
        deadline = time.monotonic() + timeout_ms / 1000
        while (result := found()) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what} within {timeout_ms / 1000:.0f} s")
            self.page.wait_for_timeout(50)
        return result

    def waiting(self, timeout_ms: float) -> str:
        """The id of the one version that has installed and waits ("installed")."""

        def found() -> str | None:
            waiting = [id for id, status in self.status.items() if status == "installed"]
            assert len(waiting) <= 1, self.lines
            return waiting[0] if waiting else None

        return self.wait_for(found, "waiting worker", timeout_ms)

    def activated(self, version: str, timeout_ms: float) -> None:
        """Wait until ``version`` is the active worker ("activated")."""
        self.wait_for(
            lambda: version if self.status.get(version) == "activated" else None,
            f"activation of version {version}",
            timeout_ms,
        )

    @contextlib.contextmanager
    def printed_on_failure(self) -> Iterator[None]:
        try:
            yield
        except Exception:
            print("service workers, as the DevTools protocol saw them:", *self.lines, sep="\n  ")
            raise
