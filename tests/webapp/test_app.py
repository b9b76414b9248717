"""The app shell and the page registry, headless in CPython (no browser)."""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path
from typing import Any

import panel as pn
import pytest

from webapp.app import HOME, App
from webapp.pages import PAGES, find_page

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_builds_and_has_a_unique_slug() -> None:
    slugs = [page.slug for page in PAGES]
    assert len(slugs) == len(set(slugs))
    for page in PAGES:
        view = page.factory()
        assert view.__panel__() is not None
        assert page.slug.split("-")[0] in {"moo2", "cepheus", "lurasko"}


def test_find_page_names_the_known_pages() -> None:
    assert find_page("moo2-shot").title == "Beam shot"
    with pytest.raises(ValueError, match=r"page must be one of .*moo2-shot.*, got 'nowhere'"):
        find_page("nowhere")


def test_navigation_lists_every_page_grouped_by_system() -> None:
    app = App()
    groups = app._nav_select.groups
    assert sum(len(titles) for titles in groups.values()) == len(PAGES)
    assert set(groups) == {page.system.name for page in PAGES}


def test_deep_link_opens_the_page_with_its_inputs() -> None:
    app = App()
    app.apply_search("?page=moo2-shot&squares=14&mount=heavy&embed=1")
    model = app.view_of("moo2-shot").model
    assert (app.page, app.embed, model.squares, model.mount) == ("moo2-shot", True, 14, "heavy")
    assert app.notice == ""
    assert app.query()["squares"] == "14" and app.query()["embed"] == "1"


@pytest.mark.parametrize(
    ("search", "named"),
    [
        ("?page=moo2-shot&squares=abc",
         "Distance (squares): expected a whole number, got 'abc' (in the link: squares)"),
        ("?page=moo2-shot&mount=huge", "Mount: expected one of"),
        ("?page=moo2-shot&planet=maybe", "damage halved): expected true or false"),
        ("?page=moo2-shot&squares=99", "Distance (squares) must be an integer in 0..24"),
        ("?page=moo2-shot&min_damage=9&max_damage=3",
         "Weapon max damage must be an integer >= Weapon min damage (9), got 3"),
        ("?page=nowhere", "there is no page 'nowhere'"),
    ],
)  # fmt: skip
def test_malformed_deep_link_falls_back_to_defaults_with_a_notice(search: str, named: str) -> None:
    app = App()
    app.apply_search(search)
    assert named in app.notice
    model = getattr(app.view_of(app.page), "model", None)
    if model is not None:
        defaults = {name: model.param[name].default for name in model.inputs}
        assert {name: getattr(model, name) for name in model.inputs} == defaults
        assert model.error == ""
    else:
        assert app.page == HOME


def test_set_data_assigns_only_data_that_differs_down_to_the_type() -> None:
    from bokeh.document import Document
    from bokeh.models import ColumnDataSource

    from webapp.components import set_data

    source = ColumnDataSource({"x": [1, 2], "label": ["a", "b"]})
    Document().add_root(source)  # (outside a document, Bokeh keeps data that == the old)
    held = source.data
    assert not set_data(source, {"x": [1, 2], "label": ["a", "b"]})
    assert source.data is held
    for other in ({"x": [1, 3], "label": ["a", "b"]}, {"x": [True, 2], "label": ["a", "b"]},
                  {"x": [1.0, 2], "label": ["a", "b"]}, {"x": [1, 2]}):  # fmt: skip
        assert set_data(source, other)
        assert dict(source.data) == other
        assert not set_data(source, dict(other))


def test_landing_page_links_every_page_under_its_rule_set() -> None:
    """One HTML pane: per rule set a heading and a card per page (title, summary, and a link
    ``?page=<slug>`` that ``static/boot.js`` opens without a reload)."""
    from html.parser import HTMLParser

    import panel as pn

    from webapp.pages.home import HomeView, home_html

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []
            self.text: dict[str, list[str]] = {"h1": [], "h2": [], "h3": [], "p": [], "a": []}
            self.links: list[tuple[str | None, str | None]] = []
            self.open: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.open.append(tag)
            if tag == "a":
                self.links.append((dict(attrs).get("href"), dict(attrs).get("data-rf-page")))

        def handle_endtag(self, tag: str) -> None:
            self.open.pop()

        def handle_data(self, data: str) -> None:
            if self.open and self.open[-1] in self.text:
                self.text[self.open[-1]].append(data)

    reader = Reader()
    reader.feed(home_html())
    assert reader.open == []  # every tag closed
    assert reader.text["h1"] == ["Rangefinder"]
    assert reader.text["h2"] == list(dict.fromkeys(page.system.name for page in PAGES))
    assert reader.text["h3"] == [page.title for page in PAGES]
    assert reader.text["p"][1:] == [page.summary for page in PAGES]
    assert reader.text["a"] == [f"Open {page.title}" for page in PAGES]
    assert reader.links == [(f"?page={page.slug}", page.slug) for page in PAGES]
    assert isinstance(HomeView().__panel__(), pn.pane.HTML)


def test_navigate_keeps_a_pages_inputs_and_refuses_an_unknown_page() -> None:
    app = App()
    app.apply_search("?page=moo2-shot&view=result&squares=abc")
    assert app.notice and app.view == "result"
    app.navigate(HOME)
    assert (app.page, app.notice, app.view) == (HOME, "", "full")
    app.navigate("moo2-shot")
    app.view_of("moo2-shot").model.squares = 14
    app.navigate(HOME)
    app.navigate("moo2-shot")
    assert app.view_of("moo2-shot").model.squares == 14
    assert app.query()["squares"] == "14"
    with pytest.raises(ValueError, match=r"page must be one of .*, got 'nowhere'"):
        app.navigate("nowhere")
    assert app.page == "moo2-shot"


def test_alerts_and_labels_show_their_text_as_written() -> None:
    """Error messages, a link's notice (which quotes the link) and button-row labels are
    plain text: a ``*`` or ``<`` stays as written, nothing becomes markup."""
    from webapp.components import TextAlert, TextLabel

    text = "got '<b>*x*</b>' & `y`_z_"
    for pane in (TextAlert(text, alert_type="danger"), TextLabel(text)):
        shown = html.unescape(pane._transform_object(pane.object)["object"])
        assert shown == f"<p>{html.escape(text)}</p>"
    assert html.unescape(TextAlert("")._transform_object("")["object"]) == ""


def test_the_landing_page_and_a_links_notice_need_no_markdown_parser() -> None:
    """Building the landing page (with a notice) imports no markdown-it (~0.1 s saved at
    start); the calculator pages still use it, for their inputs' descriptions."""
    script = (
        "import sys\n"
        "from bokeh.document import Document\n"
        "from webapp.app import App\n"
        "app = App()\n"
        "app.apply_search('?page=nowhere&x=*y*')\n"
        "assert app.page == 'home' and app.notice, app.notice\n"
        "app.__panel__().get_root(Document())\n"
        "print('markdown_it' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["False"]


def test_an_inputs_error_alert_is_made_on_its_first_error_and_reused() -> None:
    from webapp.components import TextAlert, inputs_in

    view = find_page("moo2-shot").factory()
    model = view.model
    fields = {getattr(f, "_rf_input", None): f for f in view.__panel__().select(pn.Column)}
    field = fields["squares"]

    def alerts() -> list[TextAlert]:
        return [o for o in field.objects if isinstance(o, TextAlert)]

    assert alerts() == []  # none made in advance
    assert "squares" in inputs_in(view.__panel__())
    model.squares = 30
    [alert] = alerts()
    assert alert.visible and "Distance (squares) must be" in alert.object
    assert "got 30" in alert.object
    model.squares = 5
    assert alerts() == [alert] and not alert.visible and alert.object == ""
    model.squares = 31
    assert alerts() == [alert] and alert.visible and "got 31" in alert.object
    assert [o for o in fields["attack"].objects if isinstance(o, TextAlert)] == []


def _document_json(view: Any) -> str:
    """The Bokeh document of ``view`` as JSON, its model ids numbered in order of appearance
    and Panel's numbered names without their numbers (two builds of the same page then
    compare equal)."""
    import json
    import re

    from bokeh.document import Document

    doc = Document()
    doc.add_root(view.__panel__().get_root(doc))
    text = json.dumps(doc.to_json(deferred=False), sort_keys=True)
    # Panel's counters: five digits, more once a process has made 100,000 objects
    text = re.sub(r'"name": "([A-Za-z]+)\d{5,}"', r'"name": "\1"', text)
    ids: dict[str, str] = {}
    return re.sub(r'"(p\d+)"', lambda m: f'"{ids.setdefault(m.group(1), f"m{len(ids)}")}"', text)


@pytest.mark.parametrize("page", [p.slug for p in PAGES])
def test_a_page_built_in_the_light_theme_needs_no_restyling(page: str) -> None:
    """The app skips set_theme("light") for a page it has just built (a page is built in the
    light theme): it would change nothing, as this checks for every page."""
    again = find_page(page).factory()
    again.set_theme("light")
    assert _document_json(find_page(page).factory()) == _document_json(again)
    app = App(theme="dark", page=page)
    view = app.view_of(page)
    assert view.theme == "dark"
    dark = find_page(page).factory()
    dark.set_theme("dark")
    dark.show_view("full")  # (as the app shows it)
    assert _document_json(view) == _document_json(dark)
