"""The page contract in the built site, for every page of the registry, in one app boot.

The app boots once for the whole module and moves from page to page with its own navigation
(which never restarts Python), as a visitor does. On each page: its key figures show exactly
what the same page computes with ``rules`` in CPython, and an emptied number box shows the
message beside that box, worded with its label, while the figures keep the last good result.
The headless contract (deep links, malformed links, every input) is
``tests/webapp/test_page_contract.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import param
import pytest
from sitetools import FITS, AppPage, settle_until

import sitebuild
from webapp.pages import PAGES, Page

pages = pytest.mark.parametrize("page", PAGES, ids=[p.slug for p in PAGES])


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the whole module, opened on the landing page."""
    return open_module_app()


VISITED: set[str] = set()
"""Slugs of the pages the module's app has shown (for the module-list test at the end)."""


def go_to(app: AppPage, page: Page) -> None:
    """Open ``page`` from the landing page's list, as a visitor does (no reload)."""
    VISITED.add(page.slug)
    app.page.locator(".bk-btn:text-is('All calculators')").first.click()
    app.page.locator(f"a.rf-open:text-is('Open {page.title}')").first.click()
    # The address bar holds the link to what is on screen, at once.
    app.page.wait_for_function(
        "(slug) => new URLSearchParams(location.search).get('page') === slug",
        arg=page.slug,
        timeout=30_000,
    )


def expected_figures(page: Page) -> dict[str, str]:
    """The page's key figures at its defaults, computed in CPython: testid -> text."""
    view = page.factory()
    return {figure.testid: figure.value for figure in view.figures(view.model.result)}


@pages
def test_each_page_shows_its_numbers_and_its_errors_beside_the_input(
    app: AppPage, page: Page
) -> None:
    go_to(app, page)
    figures = expected_figures(page)
    assert figures, f"{page.slug} shows no key figure"
    for testid, value in figures.items():
        app.wait_testid(testid, value)

    model = page.factory().model
    numbers = [n for n in model.inputs if isinstance(model.param[n], param.Number)]
    # The first number box on screen (some sit in folded groups).
    number = next((n for n in numbers if app.input_labelled(model.label_of(n)).is_visible()), None)
    if number is None:
        return
    label = model.label_of(number)
    box = app.input_labelled(label)
    box.fill("")
    box.press("Enter")
    app.page.wait_for_function(  # an emptied box leaves the link
        "(name) => !new URLSearchParams(location.search).has(name)", arg=number, timeout=15_000
    )
    error = app.page.locator(".rf-input-error", has_text=f"{label} must be").first
    error.wait_for(state="visible", timeout=15_000)
    for testid, value in figures.items():
        assert app.testid(testid) == value  # the last good result stays
    default = model.param[number].default
    box.fill(str(int(default) if float(default).is_integer() else default))
    box.press("Enter")
    error.wait_for(state="hidden", timeout=15_000)
    assert app.python_errors() == []


PHONE = {"width": 360, "height": 800}
"""The narrowest phone in common use (many Android phones; the site's own checks use 390)."""

PAST = """(width) => {
  const out = [];
  const walk = (el, clipped, parentPast) => {
    const box = el.getBoundingClientRect();
    const past = box.width > 0 && box.right > width + 0.5;
    if (past && !clipped && !parentPast)
      out.push(`${el.tagName}.${el.className} ${el.textContent.trim().slice(0, 40)}`);
    const clips = clipped || getComputedStyle(el).overflowX !== "visible";
    for (const child of [...el.children, ...(el.shadowRoot ? el.shadowRoot.children : [])])
      walk(child, clips, past);
  };
  walk(document.body, false, false);
  return out;
}"""
"""JS: the outermost elements that reach past ``width`` px outside any box that scrolls or
clips them (for the failure's message)."""


@pages
def test_each_page_fits_a_phone_without_scrolling_sideways(app: AppPage, page: Page) -> None:
    """At 360 px, once the page is drawn whole and relaid out, nothing makes the page wider
    than the screen: a wide table scrolls in its own box, a chart's legend wraps."""
    go_to(app, page)
    app.page.locator(".rf-summary .rf-figure").first.wait_for(timeout=30_000)
    app.wait_network_done()  # the page is drawn whole: its charts and tables are in place
    wide = app.page.viewport_size
    app.page.set_viewport_size(PHONE)
    try:
        fits = settle_until(app.page, FITS, PHONE["width"], timeout=15_000)
        assert fits, f"{page.slug} is wider than a phone: {app.page.evaluate(PAST, PHONE['width'])}"
    finally:
        app.page.set_viewport_size(wide)


def left_out(modules: dict[str, str]) -> list[str]:
    """The modules of ``modules`` that a "lean-*" lever leaves out of the site."""
    return [
        name
        for name in modules
        if (name.startswith("numpy.") and sitebuild.numpy_module_dropped(name))
        or sitebuild.stdlib_module_dropped(name)
        or sitebuild.bundle_module_dropped(name)
        or name.split(".")[0] in sitebuild.UNIMPORTED_WHEELS
        or name.replace(".", "/") + ".py" in sitebuild.TORNADO_MODULES
    ]


def test_after_every_page_python_imported_nothing_the_build_left_out(app: AppPage) -> None:
    """The modules Python loaded after every page was shown (and each "Roll it" pressed),
    in both themes, include none of what the "lean-*" levers leave out of the site."""
    for page in PAGES:
        if page.slug not in VISITED:
            go_to(app, page)
            app.page.locator(".rf-summary .rf-figure").first.wait_for(timeout=30_000)
        rolls = app.page.locator(".bk-btn:text-is('Roll it')")
        if rolls.count():
            rolls.first.click()
            app.wait_settled()  # the click marked the page busy until Python had rolled
    # The other theme recolours every page built so far (App._theme_changed).
    theme = app.page.evaluate("document.documentElement.dataset.theme")
    app.page.locator("#rf-theme-toggle").click()
    app.page.wait_for_function("(t) => document.documentElement.dataset.theme !== t", arg=theme)
    # No wait for the recolouring: the worker runs Python's calls one after the other, in the
    # order the page sent them (static/worker.js, run), so the list of modules asked for now
    # is made after the theme's call has returned.
    modules = dict(app.page.evaluate("window.rangefinderModules()"))
    assert "numpy" in modules and "numpy._core._multiarray_tests" in modules
    assert "encodings.cp437" in modules  # Pyodide unzips numpy's wheel (ENCODINGS_KEEP)
    # numpy imports numpy.linalg's kernels; the site ships a stub (sitebuild.NUMPY_STUBS).
    assert modules["numpy.linalg._umath_linalg"].endswith("/numpy/linalg/_umath_linalg.pyc")
    assert left_out(modules) == []
    assert app.python_errors() == []


@pytest.mark.parametrize(
    "query",
    [
        "?page=nope&embed=1",
        "?page=cepheus-attack&skill=abc&view=bogus&seed=xyz&embed=1",
        "?page=moo2-shot&squares=-5&mount=zzz",
    ],
)
def test_embeds_and_bad_links_import_nothing_the_build_left_out(open_app: Any, query: str) -> None:
    """Embedded, in the dark theme, on a bad link (its notice) and a bad input, Python
    imports none of what the "lean-*" levers leave out."""
    opened = open_app(query, color_scheme="dark")
    rolls = opened.page.locator(".bk-btn:text-is('Roll it')")
    if rolls.count() and rolls.first.is_enabled():
        rolls.first.click()
        opened.wait_settled()  # the click marked the page busy until Python had rolled
    modules = dict(opened.page.evaluate("window.rangefinderModules()"))
    assert "webapp.app" in modules
    assert left_out(modules) == []
    assert opened.python_errors() == []
