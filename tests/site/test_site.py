"""The offline site in a real browser: loading, updating, deep links, embedding, offline, CSP.

These run against the built ``dist/`` (see conftest.py) and check the numbers the page shows
against :mod:`rules`, never against literals copied from the page.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from sitetools import TWO_FRAMES, AppPage, Server, settle_until, source

import sitebuild
from rules import moo2
from webapp.formatting import percent
from webapp.pages import PAGES
from webapp.pages.moo2.shot import Moo2Shot
from webapp.theme import THEMES

DEFAULTS = Moo2Shot()


def shot_source_data(app: AppPage) -> dict[str, Any]:
    """The data of the damage chart's ColumnDataSource, as the browser has it now."""
    return source(app, "probability")


RANGES = """() => Array.from(window.rangefinderDocument.all_models)
  .filter((model) => model.type === 'DataRange1d').map((model) => [model.start, model.end])"""
"""JS: the bounds of every automatic chart range, as BokehJS set them when it last drew."""


PLOTS_COLOURED = """(colour) => Array.from(window.rangefinderDocument.all_models)
  .filter((model) => model.type === 'Figure' || model.type === 'Plot')
  .every((model) => model.background_fill_color === colour)"""
"""JS: every chart of the document has the background ``colour``."""


def expected_hit(**changes: Any) -> str:
    model = Moo2Shot(**changes)
    return percent(model.compute().hit_probability)


@pytest.fixture(scope="module")
def shot(open_module_app: Any) -> AppPage:
    """``?page=moo2-shot`` opened once for the tests of this module that start from it: each
    sets the inputs it needs (the ones before it may have changed them)."""
    app: AppPage = open_module_app("?page=moo2-shot")
    return app


def test_becomes_interactive_and_an_input_updates_text_and_chart(shot: AppPage) -> None:
    app = shot
    app.set_input("Distance (squares)", DEFAULTS.squares)
    app.wait_testid("hit-chance", expected_hit())
    before = shot_source_data(app)
    ranges = app.page.evaluate(RANGES)

    app.set_input("Distance (squares)", 20)
    app.wait_testid("hit-chance", expected_hit(squares=20))
    # wait_testid waited for <html data-busy="false">: the page marks each change until Python
    # has sent the whole result (the figures first, then the chart). Once the chart is drawn
    # with its new data the page sends Python nothing more (BokehJS's own range bounds stay in
    # the page), so the marker still reads "false" once BokehJS has set those bounds for the
    # new data, and two frames later.
    settle_until(
        app.page, f"(before) => JSON.stringify(({RANGES})()) !== JSON.stringify(before)", ranges
    )
    app.page.evaluate(TWO_FRAMES)
    assert app.page.evaluate("document.documentElement.dataset.busy") == "false"
    expected = moo2.damage_distribution(
        DEFAULTS.min_damage, DEFAULTS.max_damage, DEFAULTS.attack, DEFAULTS.defense, 20
    )
    after = shot_source_data(app)  # no wait: the chart came with the call that set the figures
    assert after != before
    assert app.python_errors() == []
    assert after["x"] == list(expected)
    assert after["probability"] == [float(p) for p in expected.values()]


def test_no_request_leaves_the_origin(shot: AppPage, server: Server) -> None:
    app = shot  # its requests are recorded from its first one
    app.set_input("Distance (squares)", 3)
    app.wait_testid("hit-chance", expected_hit(squares=3))
    app.wait_network_done()  # every request the change led to has been made and answered
    origin = server.url.rstrip("/")
    assert any(url.endswith("pyodide.asm.wasm") for url in app.requests), "requests not recorded"
    assert any("site-packages.pack.gz" in url for url in app.requests)
    assert app.foreign_requests(origin) == []
    assert app.failed_requests() == []


def test_deep_link_presets_the_inputs(open_app: Any) -> None:
    app = open_app("?page=moo2-shot&squares=14&mount=heavy&attack=60&defense=20")
    assert app.input_labelled("Distance (squares)").input_value() == "14"
    assert app.input_labelled("Beam attack").input_value() == "60"
    assert app.testid("hit-chance") == expected_hit(
        squares=14, mount="heavy", attack=60, defense=20
    )
    low, high = moo2.damage_potential(DEFAULTS.min_damage, DEFAULTS.max_damage, 14, mount="heavy")
    assert app.testid("damage-potential") == f"{low}-{high}"
    # Editing an input writes it back into the URL, so the address is always a deep link.
    app.set_input("Beam defense", 25)
    app.page.wait_for_function("() => window.location.search.includes('defense=25')")
    assert "mount=heavy" in app.page.evaluate("window.location.search")


def test_malformed_deep_link_falls_back_to_defaults_with_a_notice(open_app: Any) -> None:
    app = open_app("?page=moo2-shot&squares=abc&attack=70")
    notice = app.page.locator(".rf-notice")
    notice.first.wait_for(state="visible")
    assert "Distance (squares): expected a whole number, got 'abc'" in app.text(notice)
    assert app.input_labelled("Distance (squares)").input_value() == str(DEFAULTS.squares)
    assert app.input_labelled("Beam attack").input_value() == str(DEFAULTS.attack)
    assert app.testid("hit-chance") == expected_hit()


def test_unknown_page_opens_the_landing_page_with_a_notice(open_app: Any) -> None:
    app = open_app("?page=nowhere")
    app.page.get_by_text("there is no page 'nowhere'").first.wait_for()
    app.page.get_by_text("Open Beam shot").first.wait_for()


def test_bad_input_shows_the_message_beside_it_and_keeps_the_last_result(shot: AppPage) -> None:
    app = shot
    app.set_input("Distance (squares)", 7)
    good = expected_hit(squares=7)
    app.wait_testid("hit-chance", good)
    app.set_input("Distance (squares)", 30)
    error = app.page.locator(".rf-input-error", has_text="Distance (squares) must be").first
    error.wait_for(state="visible")
    assert "got 30" in app.text(error)
    assert app.testid("hit-chance") == good
    app.set_input("Distance (squares)", 5)
    app.wait_testid("hit-chance", expected_hit(squares=5))
    error.wait_for(state="hidden")


def test_navigation_never_restarts_python(open_app: Any) -> None:
    """The landing page's calculators are links (a new tab opens one), but a plain click
    opens the page in the same document and Python: nothing is reloaded."""
    app = open_app("")
    link = app.page.locator("a.rf-open:text-is('Open Beam shot')").first
    assert link.get_attribute("href") == "?page=moo2-shot"
    app.page.evaluate("window.rfSameDocument = true")  # a reload would lose it
    link.click()
    app.page.locator("[data-testid='hit-chance']").first.wait_for()
    app.wait_settled()
    assert "page=moo2-shot" in app.page.evaluate("window.location.search")
    app.set_input("Distance (squares)", 14)
    app.wait_testid("hit-chance", expected_hit(squares=14))
    app.page.get_by_text("All calculators").first.click()
    app.page.get_by_text("Open Beam shot").first.click()
    app.wait_testid("hit-chance", expected_hit(squares=14))  # the page kept its inputs
    assert app.page.evaluate("window.rfSameDocument") is True
    assert app.page.evaluate("document.documentElement.dataset.boots") == "1"
    assert app.python_errors() == []


def test_content_security_policy_is_in_force(shot: AppPage, server: Server) -> None:
    app = shot
    # The worker is under the same policy, by header (a meta tag does not reach workers).
    with urllib.request.urlopen(server.url + "worker.js") as response:
        assert response.headers["Content-Security-Policy"] == sitebuild.CONTENT_SECURITY_POLICY
    policy = app.page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert policy == sitebuild.CONTENT_SECURITY_POLICY
    assert "default-src 'self'" in policy
    assert "http" not in policy and "*" not in policy
    assert app.csp_violations() == []
    # The policy is enforced, not just present: an inline script is refused and reported.
    app.page.evaluate(
        """() => { const s = document.createElement('script');
                   s.textContent = 'window.__inlineRan = true;';
                   document.head.appendChild(s); }"""
    )
    app.page.wait_for_function("() => window.__cspViolations.length > 0")
    assert app.page.evaluate("window.__inlineRan === undefined")
    app.page.evaluate("window.__cspViolations = []")
    app.console.clear()
    app.set_input("Distance (squares)", 12)
    app.wait_testid("hit-chance", expected_hit(squares=12))
    assert app.csp_violations() == []


def test_theme_toggle_switches_and_is_remembered(shot: AppPage, screenshots: Path) -> None:
    app = shot
    start = app.page.evaluate("document.documentElement.dataset.theme")
    app.page.locator("#rf-theme-toggle").click()
    flipped = "dark" if start == "light" else "light"
    assert app.page.evaluate("document.documentElement.dataset.theme") == flipped
    # Python recolours the charts (App._theme_changed): wait for it before the screenshot.
    settle_until(app.page, PLOTS_COLOURED, THEMES[flipped]["background"])
    app.page.evaluate(TWO_FRAMES)
    app.page.screenshot(path=str(screenshots / f"moo2-shot-{flipped}.png"), full_page=True)
    assert app.page.evaluate("localStorage.getItem('rangefinder-theme')") == flipped


def test_works_in_an_iframe_of_another_origin_in_embed_mode(
    open_app: Any, server: Server, other_origin: Server
) -> None:
    src = f"{server.url}?page=moo2-shot&embed=1&squares=14"
    (other_origin.folder / "wiki.html").write_text(
        "<!doctype html><title>wiki</title><p>A wiki page</p>"
        "<script>window.messages = [];"
        "window.addEventListener('message', (e) => window.messages.push(e.data));</script>"
        f"<iframe id='calc' src='{src}' width='1000' height='800'></iframe>"
    )
    app = open_app(url=other_origin.url + "wiki.html", wait=False)
    app.page.wait_for_function(
        "() => window.messages.some((m) => m && m.type === 'rangefinder:ready')", timeout=120_000
    )
    frame = app.page.frame_locator("#calc")
    assert frame.locator("html").get_attribute("data-embed") == "true"
    assert not frame.locator(".rf-header").is_visible()
    assert frame.locator("[data-testid='hit-chance']").first.inner_text() == expected_hit(
        squares=14
    )
    assert frame.get_by_text("All calculators").count() == 0 or not (
        frame.get_by_text("All calculators").first.is_visible()
    )


def test_reload_works_offline_after_the_first_visit(browser: Any, dist: Path) -> None:
    server = Server(dist)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "?page=moo2-shot")
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=120_000)
        # The service worker has pre-cached every file of the build once it is active.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        build_info = json.loads((dist / "build.json").read_text())
        cached = page.evaluate(
            "async (name) => (await (await caches.open(name)).keys()).length",
            f"rangefinder-{build_info['build']}",
        )
        assert cached == build_info["files"]
        server.stop()
        page.reload()
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=120_000)
        shown = page.locator("[data-testid='hit-chance']").first.inner_text()
        assert shown == expected_hit()
    finally:
        context.close()


def test_landing_page_lists_every_page_and_fits_a_phone(open_app: Any) -> None:
    phone = {"width": 390, "height": 844}
    app = open_app("", viewport=phone, is_mobile=True, has_touch=True)
    for page in PAGES:
        app.page.get_by_text(f"Open {page.title}").first.wait_for()
    assert app.page.evaluate("document.documentElement.scrollWidth") <= phone["width"]
    app.page.get_by_text("Open Beam shot").first.click()
    app.page.locator("[data-testid='hit-chance']").first.wait_for()
    app.wait_network_done()  # the page is drawn whole: its charts and tables are in place
    assert app.page.evaluate("document.documentElement.scrollWidth") <= phone["width"]
