"""The page contract, checked for every page in the registry (headless, in CPython).

A new page goes through all of this by being listed in :data:`webapp.pages.PAGES`; pages keep
their own tests only for their own numbers. The same contract is checked in the built site
by ``tests/site/test_page_contract.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import panel as pn
import param
import pytest

from webapp.app import App
from webapp.pages import PAGES, Page
from webapp.pages.model import Calculator
from webapp.pages.view import PageView

PUBLISHED_LINKS: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).parent / "published_links.json").read_text()
)
"""Every page slug and input name that deep links used when they were first published, with
the default value of the time. People pasted such links into wikis: they must keep working."""

pages = pytest.mark.parametrize("page", PAGES, ids=[p.slug for p in PAGES])


def inputs_of(page: Page) -> list[tuple[Page, str]]:
    return [(page, name) for name in page.view_class().model_class.input_names()]


EVERY_INPUT = [pair for page in PAGES for pair in inputs_of(page)]
inputs = pytest.mark.parametrize(
    ("page", "name"), EVERY_INPUT, ids=[f"{p.slug}:{n}" for p, n in EVERY_INPUT]
)


def new_model(page: Page) -> Calculator:
    """The page's model at its defaults (the per-input checks need no view)."""
    return page.view_class().model_class()


def other_value(parameter: param.Parameter, value: Any) -> Any:
    """A valid-looking value of ``parameter`` other than ``value``."""
    if isinstance(parameter, param.Boolean):
        return not value
    if isinstance(parameter, param.Selector):
        return next(o for o in parameter.objects if o != value)
    if isinstance(parameter, param.Integer):
        return value + 1
    if isinstance(parameter, param.Number):
        return value + 0.5
    return f"{value}x" if value else "x"


def bad_values(parameter: param.Parameter) -> list[Any]:
    """Values a visitor can produce in the widget that no rule accepts."""
    if isinstance(parameter, param.Number):
        return [None]  # an emptied number box
    return []


# --- Each page, through the app -------------------------------------------------------------


@pages
def test_renders_with_its_defaults(page: Page) -> None:
    view = page.factory()
    assert isinstance(view, PageView) and isinstance(view.model, Calculator)
    assert view.model.error == "", view.model.error
    assert view.model.result is not None
    assert "data-testid" in view._summary.object  # key figures, from the result
    assert view.__panel__() is not None
    assert view.model.inputs, "a page has inputs"
    for name in view.model.inputs:
        label = view.model.label_of(name)
        assert label and label != name, f"{name} needs a label people can read"


@pages
def test_every_published_link_still_opens_the_page_with_its_inputs(page: Page) -> None:
    published = PUBLISHED_LINKS.get(page.slug)
    if published is None:
        pytest.skip("published after the link snapshot: covered by the round trips")
    app = App()
    app.apply_search("?" + urlencode({"page": page.slug, **published}))
    assert app.notice == "" and app.page == page.slug
    model = app.view_of(page.slug).model
    assert set(published) <= set(model.inputs)
    assert {k: v for k, v in model.query().items() if k in published} == published


def test_the_link_snapshot_names_only_pages_that_exist() -> None:
    assert set(PUBLISHED_LINKS) <= {page.slug for page in PAGES}


@pages
def test_the_app_link_round_trips_and_a_malformed_one_gives_a_notice(page: Page) -> None:
    first = App()
    first.apply_search(f"?page={page.slug}&embed=1")
    assert first.embed and not first._nav.visible  # embed mode hides the navigation
    second = App()
    second.apply_search("?" + urlencode(first.query()))
    assert (second.page, second.embed, second.notice) == (page.slug, True, "")

    model = second.view_of(page.slug).model
    name = next(n for n in model.inputs if type(model.param[n]) is not param.String)
    third = App()
    third.apply_search("?" + urlencode({"page": page.slug, name: "%not-a-value%"}))
    assert third.notice.startswith("This link could not be used as it was")
    assert model.label_of(name) in third.notice


@pages
def test_a_bad_value_keeps_the_shown_result(page: Page) -> None:
    view = page.factory()
    model = view.model
    name = next((n for n in model.inputs if bad_values(model.param[n])), None)
    if name is None:
        pytest.skip("no input of this page can be given a bad value")
    summary = view._summary.object
    setattr(model, name, bad_values(model.param[name])[0])
    assert model.error and view._summary.object == summary


# --- Every input of every page, on the model ------------------------------------------------


@inputs
def test_every_input_round_trips_through_the_deep_link(page: Page, name: str) -> None:
    model = new_model(page)
    setattr(model, name, other_value(model.param[name], getattr(model, name)))
    if model.error:
        pytest.skip(f"the changed value is not valid here: {model.error}")
    again = new_model(page)
    assert again.apply_query(model.query()) == []
    assert {n: getattr(again, n) for n in again.inputs} == {
        n: getattr(model, n) for n in model.inputs
    }


@inputs
def test_a_malformed_link_value_gives_defaults_and_a_notice_naming_the_input(
    page: Page, name: str
) -> None:
    model = new_model(page)
    if type(model.param[name]) is param.String:
        pytest.skip("any text is a valid value of a text input")
    problems = model.apply_query({name: "%not-a-value%"})
    assert problems and model.label_of(name) in problems[0]
    assert {n: getattr(model, n) for n in model.inputs} == {
        n: model.param[n].default for n in model.inputs
    }


@inputs
def test_a_bad_value_shows_the_message_beside_the_input_by_its_label_and_keeps_the_result(
    page: Page, name: str
) -> None:
    model = new_model(page)
    values = bad_values(model.param[name])
    if not values:
        pytest.skip("the widget offers only valid values (a choice, a checkbox or text)")
    good = model.result
    for value in values:
        setattr(model, name, value)
        assert model.error_input == name, f"{model.error!r} is not attributed to {name}"
        assert model.error.startswith(model.label_of(name)), model.error
        assert model.result is good
        model.reset()


def _place_of(layout: Any, obj: Any) -> tuple[Any, int] | None:
    """(the layout holding ``obj`` among its objects, its index there), at any depth."""
    children = getattr(layout, "objects", None)
    if not isinstance(children, list):
        return None
    for index, child in enumerate(children):
        if child is obj:
            return layout, index
        found = _place_of(child, obj)
        if found is not None:
            return found
    return None


@pages
def test_an_inputs_error_shows_right_under_its_widget_in_the_page(page: Page) -> None:
    """On the page itself (every field, those made later included: in folded groups, in
    sections hidden at start): the alert of an input's error comes right after its widget,
    shows the message by its label, and hides once the input is good."""
    from webapp.components import TextAlert, inputs_in

    view = page.factory()
    model = view.model
    names = [n for n in model.inputs if bad_values(model.param[n])]
    if not names:
        pytest.skip("the widgets offer only valid values (choices, checkboxes or text)")
    for name in names:
        setattr(model, name, bad_values(model.param[name])[0])
        assert model.error_input == name
        assert name in inputs_in(view.__panel__())
        widget = next(
            w for w in view.__panel__().select(pn.widgets.Widget)
            if getattr(w, "_rf_input", None) == name
            or any(getattr(f, "_rf_input", None) == name and w in f.objects
                   for f in view.__panel__().select(pn.Column))
        )  # fmt: skip
        place = _place_of(view.__panel__(), widget)
        assert place is not None, name
        holder, index = place
        alert = holder.objects[index + 1]
        assert isinstance(alert, TextAlert) and alert.visible, name
        assert alert.object == model.error and model.error.startswith(model.label_of(name))
        alerts = [a for a in view.__panel__().select(TextAlert) if a.visible]
        assert alerts == [alert], name  # the general error stays hidden
        model.reset()
        assert not alert.visible and alert.object == "", name
