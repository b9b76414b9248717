"""The app shell and the page registry, headless in CPython (no browser)."""

from __future__ import annotations

import pytest

from webapp.app import HOME, App
from webapp.pages import PAGES, find_page


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
    assert set(groups) == {page.system for page in PAGES}


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
