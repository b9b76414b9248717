"""Real-browser fixtures: the built ``dist/`` served on 127.0.0.1, driven in Debian's Chromium.

Every test here is marked ``browser``. The site is built first if ``dist/`` (or the folder
``$RANGEFINDER_DIST`` names) is missing or stale (``./dev test`` builds it in the background
while the other tests run; the ``dist`` fixture waits for that build). Each test gets a
fresh browser context (no cache, no service worker, no storage) unless it asks for more.

Helpers for page tests:
- ``open_app(query, **context_options)`` opens the app and waits until it is interactive
  (``<html data-ready="true">``); it returns an :class:`AppPage` that records every request
  (page, workers and service worker) and every console message.
- ``AppPage.set_input(label, value)`` types into the number/text input labelled ``label``;
  ``AppPage.click_option(text)`` presses a radio button by its text, ``set_checkbox(text)``
  ticks a checkbox;
  ``AppPage.testid(name)`` reads the text of the element with ``data-testid=name``
  (Playwright's CSS engine pierces Bokeh's open shadow roots).
"""

from __future__ import annotations

import fcntl
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitetools import CHROMIUM, CHROMIUM_ARGS, AppPage, Server, app_opener

import sitebuild

# Service-worker requests only reach Playwright's context events with this switch.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


BUILD_WAIT_SECONDS = 30 * 60
"""How long the browser tests wait for ``./dev test``'s background build of the site."""


def wait_for_background_build() -> None:
    """Wait for the build ``./dev test`` started (if it did); fail with its log if it failed.

    ``./dev test`` sets ``RANGEFINDER_BUILD_STATUS`` (a file that appears with the build's exit
    code when it ends) and ``RANGEFINDER_BUILD_LOG`` (its output)."""
    status = os.environ.get("RANGEFINDER_BUILD_STATUS")
    if not status:
        return
    log = Path(os.environ.get("RANGEFINDER_BUILD_LOG", ""))
    started = time.monotonic()
    while not Path(status).exists():
        if time.monotonic() - started > BUILD_WAIT_SECONDS:
            pytest.fail(f"the site's build did not end within {BUILD_WAIT_SECONDS} s ({log})")
        time.sleep(1)
    code = Path(status).read_text().strip()
    if code != "0":
        tail = log.read_text(errors="replace")[-4000:] if log.is_file() else "(no log)"
        pytest.fail(f"the site's build failed (exit {code}); the end of its log:\n{tail}")


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site: ``$RANGEFINDER_DIST`` or ``dist/``, (re)built first if stale.

    Under ``pytest -n`` each worker process asks; a lock file beside the site lets one build
    it while the others wait, then find it current."""
    wait_for_background_build()
    sitebuild.DIST.parent.mkdir(parents=True, exist_ok=True)
    lock = sitebuild.DIST.parent / f".{sitebuild.DIST.name}.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not sitebuild.is_current():
            sitebuild.build()
    return sitebuild.DIST


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[Server]:
    srv = Server(dist)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def other_origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A second local origin (another port): tests write the pages it serves into ``.folder``."""
    srv = Server(tmp_path_factory.mktemp("other-origin"), plain=True)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run ./dev test, which installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance: Any) -> Iterator[Any]:
    b = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield b
    b.close()


def opened_apps(browser: Any, server: Server) -> Iterator[Callable[..., AppPage]]:
    """An ``app_opener`` for a fixture to yield; closes every context it made afterwards."""
    contexts: list[Any] = []
    yield app_opener(browser, server, contexts)
    for context in contexts:
        context.close()


@pytest.fixture
def open_app(browser: Any, server: Server) -> Iterator[Callable[..., AppPage]]:
    """Open the app with a query string in a fresh context; wait until it is interactive."""
    yield from opened_apps(browser, server)


@pytest.fixture(scope="module")
def open_module_app(browser: Any, server: Server) -> Iterator[Callable[..., AppPage]]:
    """``open_app`` for an app that the tests of one module share (one boot for them all)."""
    yield from opened_apps(browser, server)


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where browser tests leave screenshots for people to look at (ignored by git)."""
    folder = Path(os.environ.get("RANGEFINDER_SCREENSHOTS", tempfile.gettempdir()))
    folder = folder / "rangefinder-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
