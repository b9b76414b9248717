"""Printing: a page prints as its inputs and results, and the reference tables as one-page cards.

Headless Chromium prints the built site to PDF (``page.pdf``, print media) on A4 and on Letter.
The pages of a PDF are counted from its page objects (``/Type /Page``), so no PDF library is
needed. Each PDF is also left, with a PNG of each of its pages drawn by ``pdftoppm`` (poppler)
where it is installed, in the screenshots folder, for people to look at.

The app boots once for the module and moves between pages with its own navigation.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from sitetools import AppPage

from webapp.pages.moo2.reference import TABLES

FORMATS = ("A4", "Letter")
CARDS = ("cepheus-range-bands", "cepheus-vehicle", "lurasko-armor")
"""Pages whose reference table (or chart) prints as a card of one page, at their defaults."""


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the whole module (a tablet's window), opened on the landing page."""
    return open_module_app(viewport={"width": 1024, "height": 768})


def page_count(pdf: bytes) -> int:
    """The number of pages of a PDF: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


def print_pdf(app: AppPage, paper: str, name: str, folder: Path) -> bytes:
    """The page as the browser prints it on ``paper``; kept as ``name``.pdf (and PNGs)."""
    app.page.emulate_media(media="print")
    try:
        # As a visitor prints a page that has finished drawing: its height steady for 3 frames.
        app.page.wait_for_function(
            """() => { const h = document.documentElement.scrollHeight;
                       const seen = (window.__rfHeights = [...(window.__rfHeights || []), h]);
                       return seen.length >= 3 && seen.slice(-3).every((x) => x === h); }""",
            polling="raf",
        )
        app.page.evaluate("delete window.__rfHeights")
        pdf = bytes(app.page.pdf(format=paper, print_background=True))
    finally:
        app.page.emulate_media(media="screen")
    target = folder / f"print-{name}-{paper}.pdf"
    target.write_bytes(pdf)
    if shutil.which("pdftoppm"):  # pictures for people; the counts above do not need them
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", str(target), str(target.with_suffix(""))],
            check=True,
        )
    return pdf


def test_a_page_prints_its_inputs_and_results_without_the_site_chrome(
    app: AppPage, screenshots: Path
) -> None:
    app.show_page("moo2-shot")
    # Anything a page marks rf-share or rf-no-print stays off paper (the share buttons do).
    app.page.evaluate(
        """() => { for (const name of ['rf-share', 'rf-no-print']) {
                     const el = document.createElement('div');
                     el.className = name; el.textContent = name; el.dataset.probe = '1';
                     document.querySelector('#rf-app').prepend(el); } }"""
    )
    app.page.emulate_media(media="print")
    try:
        for hidden in ("header.rf-header", "#rf-loader", "[role='navigation']", "[data-probe]"):
            locator = app.page.locator(hidden)
            for index in range(locator.count()):
                assert not locator.nth(index).is_visible(), f"{hidden} is printed"
        for shown in (".rf-inputs", ".rf-summary", "h1.rf-page-title", ".bk-Figure"):
            assert app.page.locator(shown).first.is_visible(), f"{shown} is not printed"
        # The charts fit the width of the printed page.
        overflow = app.page.evaluate(
            """() => document.documentElement.scrollWidth - document.documentElement.clientWidth"""
        )
        assert overflow <= 0
    finally:
        app.page.emulate_media(media="screen")
        app.page.evaluate("document.querySelectorAll('[data-probe]').forEach((e) => e.remove())")
    for paper in FORMATS:
        assert page_count(print_pdf(app, paper, "moo2-shot", screenshots)) >= 1


@pytest.mark.parametrize("paper", FORMATS)
@pytest.mark.parametrize("slug", CARDS)
def test_a_reference_card_prints_on_one_page(
    app: AppPage, screenshots: Path, slug: str, paper: str
) -> None:
    app.show_page(slug)
    assert page_count(print_pdf(app, paper, slug, screenshots)) == 1


def choose_table(app: AppPage, title: str) -> None:
    box = (
        app.page.locator(".bk-input-group")
        .filter(has=app.page.locator("label", has_text="Table to show"))
        .locator("select")
        .first
    )
    box.select_option(label=title)


@pytest.mark.parametrize("paper", FORMATS)
def test_each_moo2_reference_table_prints_as_a_card_of_one_page(
    app: AppPage, screenshots: Path, paper: str
) -> None:
    app.show_page("moo2-reference")
    try:
        for table in TABLES:
            choose_table(app, table.title)
            app.wait_testid("tables-shown", "1")
            app.page.locator(f"[data-testid='ref-{table.key}']").first.wait_for()
            pdf = print_pdf(app, paper, f"moo2-reference-{table.key}", screenshots)
            assert page_count(pdf) == 1, f"{table.key} on {paper}: {page_count(pdf)} pages"
        # Every table at once: one page each.
        choose_table(app, "Every table")
        app.wait_testid("tables-shown", str(len(TABLES)))
        # The count can change a moment before the last table is drawn: wait for each one.
        for table in TABLES:
            app.page.locator(f"[data-testid='ref-{table.key}']").first.wait_for()
        pdf = print_pdf(app, paper, "moo2-reference-all", screenshots)
        assert page_count(pdf) == len(TABLES)
    finally:
        choose_table(app, "Every table")
