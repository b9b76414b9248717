"""Accessibility of the built site: an axe-core audit of every page, the keyboard, screen readers.

axe-core comes from npm, locked in package-lock.json by version and the registry's sha512
integrity, cached in ``.cache/downloads`` like the build's own downloads
(``sitebuild.fetch_npm``). It is injected
into the page with Playwright, in a context that bypasses the site's Content-Security-Policy
(which refuses any script but the site's own files: the audit is the test's, not the site's).

The app boots once for the module and moves between pages with its own navigation, as a
visitor does; every page of the registry and the landing page are audited in the light theme,
then again in the dark one. A violation of impact "serious" or "critical" fails the test, with
each rule, its help text and the elements concerned. The prerendered pages (drawn before Python
is ready, not yet live) are audited too, with the app held back.
"""

from __future__ import annotations

import itertools
import tarfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sitetools import AppPage, Server

import sitebuild
from webapp.pages import PAGES

AXE = sitebuild.pins.npm_pin("axe-core")
"""axe-core as package-lock.json locks it (a devDependency of package.json): version, integrity."""

BLOCKING = ("serious", "critical")
HOME = "home"
SLUGS = [HOME, *(page.slug for page in PAGES)]
THEMES = ("light", "dark")
CASES = [(theme, slug) for theme in THEMES for slug in SLUGS]

DEEP_JS = """
// Every element of the flattened tree under `root`, in document order, through open shadow
// roots (Bokeh and Panel draw each component in one).
window.rfDeep = (root) => {
  const out = [];
  const walk = (node) => {
    for (const child of node.children) {
      out.push(child);
      if (child.shadowRoot) walk(child.shadowRoot);
      walk(child);
    }
  };
  if (root.shadowRoot) walk(root.shadowRoot);
  walk(root);
  return out;
};
window.rfActive = () => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  return el;
};
window.rfVisible = (el) => {
  if (!el.getClientRects().length) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
};
window.bodyBackground = () => getComputedStyle(document.body).backgroundColor;
window.rfTabbable = (el) =>
  el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]') && rfVisible(el) &&
  el.matches('input, select, textarea, button, a[href], summary, [tabindex]');
"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    """``axe.min.js`` from the pinned, verified npm tarball."""
    tarball = sitebuild.fetch_npm(AXE.name, AXE.version, AXE.integrity)
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode()


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage], axe_source: str) -> AppPage:
    """One app for the whole module, opened on the landing page, with axe-core injected."""
    opened = open_module_app(bypass_csp=True)
    opened.page.add_script_tag(content=axe_source)
    opened.page.add_script_tag(content=DEEP_JS)
    return opened


def set_theme(app: AppPage, theme: str) -> None:
    if app.page.evaluate("document.documentElement.dataset.theme") != theme:
        app.page.locator("#rf-theme-toggle").click()
        app.page.wait_for_function(
            "(theme) => document.documentElement.dataset.theme === theme", arg=theme
        )


def show(app: AppPage, slug: str) -> None:
    app.show_page(slug)


def audit(page: Any) -> list[str]:
    """axe-core's violations of impact serious or critical on ``page``, one line each."""
    violations = page.evaluate(
        """async (blocking) => {
             const result = await axe.run(document, { resultTypes: ['violations'] });
             return result.violations
               .filter((v) => blocking.includes(v.impact))
               .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                              nodes: v.nodes.map((n) => [n.target.flat().join(' >> '),
                                                         n.failureSummary]) }));
           }""",
        list(BLOCKING),
    )
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} elements)")
        for target, summary in v["nodes"][:5]:
            lines.append(f"    {target}\n      {' / '.join(str(summary).splitlines())}")
    return lines


@pytest.mark.parametrize(("theme", "slug"), CASES, ids=[f"{t}-{s}" for t, s in CASES])
def test_no_serious_or_critical_violation(app: AppPage, theme: str, slug: str) -> None:
    set_theme(app, theme)
    show(app, slug)
    violations = audit(app.page)
    assert violations == [], f"axe-core on {slug} ({theme}):\n" + "\n".join(violations)


@pytest.mark.parametrize("slug", [p.slug for p in PAGES])
def test_every_chart_has_its_data_as_a_table(app: AppPage, slug: str) -> None:
    """A chart is a picture on a canvas: each has a table of its data beside it."""
    show(app, slug)
    counts = app.page.evaluate(
        """() => {
             const all = rfDeep(document.querySelector('#rf-app'));
             return { charts: all.filter((el) => el.classList.contains('bk-Figure')).length,
                      tables: all.filter((el) => el.tagName === 'TABLE').length };
           }"""
    )
    assert counts["tables"] >= counts["charts"], f"{slug}: {counts}"


def test_the_navigation_is_a_named_landmark(app: AppPage) -> None:
    show(app, PAGES[0].slug)
    nav = app.page.locator("[role='navigation'][aria-label]")
    assert nav.count() == 1
    assert nav.first.get_attribute("aria-label") == "Calculators"
    assert nav.locator(".bk-btn:text-is('All calculators')").count() == 1
    assert nav.locator("select").count() == 1


def test_new_key_figures_are_announced_politely(app: AppPage) -> None:
    """The key figures are a polite live region, which keeps its element while its text
    changes after an input; no chart is in a live region."""
    show(app, "cepheus-check")
    region = app.page.locator(".rf-summary[aria-live='polite']")
    assert region.count() == 1
    before = app.text(region)
    assert "chance of success" in before
    app.set_input("Skill level (DM)", 3)
    app.page.wait_for_function(
        """(before) => {
             const el = rfDeep(document).find((e) => e.matches('.rf-summary[aria-live]'));
             return el && el.shadowRoot.textContent.trim() !== before;
           }""",
        arg=before,
        timeout=15_000,
    )
    assert region.count() == 1  # the same region, with new text
    assert app.text(region) != before
    charts_in_live_regions = app.page.evaluate(
        """() => rfDeep(document).filter((el) => el.matches('[aria-live]:not(#rf-loader)'))
                   .flatMap((region) => rfDeep(region))
                   .filter((el) => el.classList.contains('bk-Figure')).length"""
    )
    assert charts_in_live_regions == 0
    app.set_input("Skill level (DM)", 0)


def tabbables(app: AppPage) -> int:
    """Store the page's input column's tabbable elements (flattened DOM order) in
    ``window.rfStops``; return how many there are."""
    return int(
        app.page.evaluate(
            """() => {
                 const inputs = rfDeep(document).find((el) => el.matches('.rf-inputs'));
                 window.rfStops = rfDeep(inputs).filter(rfTabbable);
                 return window.rfStops.length;
               }"""
        )
    )


def tab_through(app: AppPage) -> list[dict[str, Any]]:
    """Focus the first of ``rfStops`` from the keyboard (Shift+Tab, Tab), then Tab through
    them all: for each step, whether focus is on the expected stop, and its outline."""
    count = int(app.page.evaluate("rfStops.length"))
    app.page.evaluate("() => rfStops[0].focus()")
    app.page.keyboard.press("Shift+Tab")
    steps = []
    for index in range(count):
        app.page.keyboard.press("Tab")
        steps.append(
            app.page.evaluate(
                """(i) => { const el = rfActive(); const s = getComputedStyle(el);
                            return { expected: el === rfStops[i], tag: el.tagName,
                                     what: el.outerHTML.slice(0, 120), style: s.outlineStyle,
                                     width: parseFloat(s.outlineWidth), colour: s.outlineColor,
                                     background: bodyBackground() }; }""",
                index,
            )
        )
    return steps


@pytest.mark.parametrize("slug", [p.slug for p in PAGES])
def test_tab_goes_through_the_inputs_in_reading_order(app: AppPage, slug: str) -> None:
    """Tab from the first input visits every input of the page in reading order (top to
    bottom, and left to right on a line), each with a visible focus ring."""
    set_theme(app, "light")
    show(app, slug)
    assert tabbables(app) > 0, f"{slug} has no input to reach"
    # Reading order: each stop starts below the previous one, or on its line to its right,
    # or at the top of a column to its right (loadouts A and B side by side).
    order = app.page.evaluate(
        """() => rfStops.map((el) => { const r = el.getBoundingClientRect();
                                        return [Math.round(r.top), Math.round(r.left)]; })"""
    )
    for (top0, left0), (top1, left1) in itertools.pairwise(order):
        below = top1 > top0 + 8
        assert below or left1 > left0, f"{slug}: {order}"
    for index, step in enumerate(tab_through(app)):
        assert step["expected"], f"{slug}: tab stop {index} is {step['what']}"
        assert step["style"] != "none" and step["width"] >= 2, (
            f"{slug}: no focus ring on {step['what']}"
        )


def luminance(colour: str) -> float:
    """The relative luminance (WCAG) of an ``rgb(r, g, b)`` colour."""
    channels = [int(c) / 255 for c in colour[colour.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", THEMES)
def test_the_focus_ring_stands_out_in_both_themes(app: AppPage, theme: str) -> None:
    """On number boxes, choice buttons and checkboxes: a solid 3px ring, at least 3:1
    against the page's background (WCAG 2.2, focus appearance)."""
    set_theme(app, theme)
    show(app, "cepheus-attack")
    tabbables(app)
    steps = tab_through(app)
    assert {step["tag"] for step in steps} >= {"INPUT", "BUTTON"}
    for step in steps:
        assert step["style"] == "solid" and step["width"] >= 3, step
        assert contrast(step["colour"], step["background"]) >= 3, (theme, step)


# --- the prerendered page (before Python is ready) ------------------------------------------


@pytest.fixture(scope="module")
def held_back(browser: Any, axe_source: str) -> Iterator[Any]:
    """A context whose app never starts (the worker's script is held), so each page stays
    prerendered: shown, not yet live."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.route("**/worker.js", lambda route: None)  # never answered
    yield context
    context.close()


# The prerendered page is the build's snapshot of the same document drawn by the same BokehJS
# as the live one (audited above in both themes), its charts as pictures: every page in the
# light theme, and the dark theme on two pages, keep the suite's time in bounds while still
# catching what differs before the app is live.
PRERENDERED_CASES = [("light", slug) for slug in SLUGS] + [
    ("dark", HOME),
    ("dark", PAGES[0].slug),
]


@pytest.mark.parametrize(
    ("theme", "slug"), PRERENDERED_CASES, ids=[f"{t}-{s}" for t, s in PRERENDERED_CASES]
)
def test_no_serious_or_critical_violation_while_prerendered(
    held_back: Any, server: Server, axe_source: str, theme: str, slug: str
) -> None:
    page = held_back.new_page()
    try:
        page.add_init_script(f"localStorage.setItem('rangefinder-theme', '{theme}');")
        page.goto(server.url + ("" if slug == HOME else f"?page={slug}"))
        page.wait_for_function("document.documentElement.dataset.prerenderMs !== undefined")
        assert page.evaluate("document.documentElement.dataset.stage") == "prerendered"
        assert page.evaluate("document.documentElement.dataset.theme") == theme
        page.add_script_tag(content=axe_source)
        violations = audit(page)
        assert violations == [], f"axe-core on prerendered {slug} ({theme}):\n" + "\n".join(
            violations
        )
    finally:
        page.close()
