"""Shared by the browser tests: a static server and a recorded app page. See conftest.py."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sitebuild

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

READY_TIMEOUT_MS = 120_000
"""How long a cold start may take on a loaded 2-core CI machine before a test fails."""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A plain static server's handler (no Rangefinder headers), without the request log."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server:
    """A static server for a folder on 127.0.0.1, on a free port, in a thread.

    By default it serves as ``./dev serve`` does (``sitebuild.make_server``: MIME types, the CSP
    header); ``plain=True`` is an ordinary server, like a wiki's, with no policy of ours."""

    def __init__(self, directory: Path, *, plain: bool = False) -> None:
        os.environ["RANGEFINDER_QUIET_SERVER"] = "1"
        self.folder = directory
        if plain:
            handler = functools.partial(Quiet, directory=str(directory))
            self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        else:
            self.httpd = sitebuild.make_server(directory, 0)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


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
        waited = 0
        while self.in_flight:
            if waited >= timeout:
                raise AssertionError(f"{len(self.in_flight)} requests still under way")
            self.page.wait_for_timeout(50)  # (Playwright delivers the events while it waits)
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
