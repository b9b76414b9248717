"""The page contract, checked for every page in the registry (headless, in CPython).

A new page goes through all of this by being listed in :data:`webapp.pages.PAGES`; pages keep
their own tests only for their own numbers. The same contract is checked in the built site
by ``tests/site/test_page_contract.py``.

Every check runs twice: under the rules as written (every switch at its default) and under
other rules (:data:`OTHER_RULES`: a preset of the system with switches changed on top), set
on the model, or in the link for the checks that go through the app.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import panel as pn
import param
import pytest

from rules import cepheus, lurasko, moo2
from webapp.app import App
from webapp.components import TextAlert, inputs_in
from webapp.pages import PAGES, Page, find_page
from webapp.pages.model import Calculator
from webapp.pages.view import PageView

PUBLISHED_LINKS: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).parent / "published_links.json").read_text()
)
"""Every page slug and input name that deep links used when they were first published, with
the default value of the time. People pasted such links into wikis: they must keep working."""

pages = pytest.mark.parametrize("page", PAGES, ids=[p.slug for p in PAGES])

OTHER_RULES: dict[str, Any] = {
    "cepheus": dataclasses.replace(
        cepheus.PRESETS["twodsix CE"],
        natural_two_twelve=True,
        full_cover_dm=-6,
        aim_for_the_kill_per_action=2,
    ),
    "moo2": dataclasses.replace(
        moo2.PRESETS["1.50 simplified"], planet_halving="after_shield", first_turn_dfr="nearest"
    ),
    "lurasko": lurasko.Variant(injury_crossing="exceed", war_fever_pairs="started"),
}
"""The non-default rules each check runs under too, by system."""


@pytest.fixture(autouse=True, params=["as-written", "other-rules"])
def rule_set(request: pytest.FixtureRequest) -> Iterator[str]:
    """Which rules the test runs under (every test runs under both)."""
    global RULE_SET
    RULE_SET = request.param
    yield request.param
    RULE_SET = "as-written"


RULE_SET = "as-written"


def under_rules(model: Calculator) -> Calculator:
    """``model`` with the switches of the current rule set."""
    if RULE_SET == "other-rules" and model.rules_system is not None:
        key = model.rules_system.__name__.rsplit(".", 1)[-1]
        model.param.update(model.switch_values(OTHER_RULES[key]))
    return model


def rules_query(page: Page) -> dict[str, str]:
    """The link's switches of the current rule set on ``page`` (none as written)."""
    return under_rules(page.view_class().model_class()).query() if RULE_SET != "as-written" else {}


def new_view(page: Page) -> PageView:
    """The page's view, its model at its defaults under the current rule set."""
    return page.view_class()(model=new_model(page))


def inputs_of(page: Page) -> list[tuple[Page, str]]:
    return [(page, name) for name in page.view_class().model_class.input_names()]


def _inputs(which: str, keep: Any) -> pytest.MarkDecorator:
    """Parametrize over the inputs of every page whose parameter ``keep`` accepts: each check
    runs on the inputs it applies to, and no other."""
    pairs = [
        (page, name)
        for every in PAGES
        for page, name in inputs_of(every)
        if keep(page.view_class().model_class.param[name])
    ]
    assert pairs, f"no {which} input on any page"
    return pytest.mark.parametrize(("page", "name"), pairs, ids=[f"{p.slug}:{n}" for p, n in pairs])


inputs = _inputs("", lambda _parameter: True)
typed_inputs = _inputs("typed", lambda parameter: type(parameter) is not param.String)
"""The inputs a link value can be malformed for (any text is a valid text input)."""
number_inputs = _inputs("number", lambda parameter: isinstance(parameter, param.Number))
"""The inputs whose widget can give a value no rule accepts (an emptied number box)."""
PAGES_WITH_NUMBERS = [p for p in PAGES if any(isinstance(
    p.view_class().model_class.param[n], param.Number) for _p, n in inputs_of(p))]  # fmt: skip
pages_with_numbers = pytest.mark.parametrize(
    "page", PAGES_WITH_NUMBERS, ids=[p.slug for p in PAGES_WITH_NUMBERS]
)

CHANGES: dict[tuple[str, str], dict[str, Any]] = {
    # A text input whose value has a grammar: another value in it.
    ("moo2-defensive-fire", "path"): {"path": "9,7 8,6 7,5 6,5"},
    ("moo2-defensive-fire", "table"): {"table": "1:90 2:50"},
    ("moo2-defensive-fire", "range_chances"): {"range_chances": "1:90 2:50"},
    ("lurasko-pseudogravity", "weight_fraction"): {"weight_fraction": "1/5"},
    ("lurasko-hits", "hit_chance"): {"hit_chance": "7/12"},
    ("lurasko-hits", "crit_chance"): {"crit_chance": "0.15"},
    # An input that applies only with another one: both changed.
    ("cepheus-attack", "burst"): {"fire_mode": "spray", "burst": "3"},
    ("cepheus-attack", "shotgun_spread"): {"weapon": "shotgun", "shotgun_spread": True},
    ("cepheus-attack", "extreme_range"): {"distance": 600, "extreme_range": True},
}
"""Changed values for the inputs whose next value (:func:`changed_values`) is not valid
with the defaults: each a valid value of the input, with the other inputs it needs."""


def new_model(page: Page) -> Calculator:
    """The page's model at its defaults, under the current rule set (the per-input checks
    need no view)."""
    return under_rules(page.view_class().model_class())


def changed_values(page: Page, name: str, model: Calculator) -> list[dict[str, Any]]:
    """Values of input ``name`` other than its default, as the inputs to change (the first
    valid one is used): :data:`CHANGES` if it names the input, else the other choices, the
    other state of a checkbox, nearby numbers or the text with a letter added."""
    if (page.slug, name) in CHANGES:
        return [CHANGES[page.slug, name]]
    parameter, value = model.param[name], getattr(model, name)
    if isinstance(parameter, param.Boolean):
        candidates = [not value]
    elif isinstance(parameter, param.Selector):
        candidates = [o for o in parameter.objects if o != value]
    elif isinstance(parameter, param.Integer):
        candidates = [value + d for d in (1, -1, 10, -10, 100)]
    elif isinstance(parameter, param.Number):
        candidates = [value + d for d in (0.5, -0.5, 1, -1, 10, -10, 100)]
    else:
        candidates = [f"{value}x" if value else "x"]
    return [{name: candidate} for candidate in candidates]


def bad_values(parameter: param.Parameter) -> list[Any]:
    """Values a visitor can produce in the widget that no rule accepts."""
    if isinstance(parameter, param.Number):
        return [None]  # an emptied number box
    return []


# --- Each page, through the app -------------------------------------------------------------


@pages
def test_renders_with_its_defaults(page: Page) -> None:
    view = new_view(page)
    assert isinstance(view, PageView) and isinstance(view.model, Calculator)
    assert view.model.error == "", view.model.error
    assert view.model.result is not None
    assert "data-testid" in view._summary.object  # key figures, from the result
    assert view.__panel__() is not None
    assert view.model.inputs, "a page has inputs"
    for name in view.model.inputs:
        label = view.model.label_of(name)
        assert label and label != name, f"{name} needs a label people can read"


@pytest.mark.parametrize(
    "page", [find_page(slug) for slug in PUBLISHED_LINKS], ids=list(PUBLISHED_LINKS)
)
def test_every_published_link_still_opens_the_page_with_its_inputs(page: Page) -> None:
    """(A page published after the link snapshot is covered by the round trips.)"""
    published = PUBLISHED_LINKS[page.slug]
    app = App()
    switches = {k: v for k, v in rules_query(page).items() if k not in published}
    app.apply_search("?" + urlencode({"page": page.slug, **switches, **published}))
    assert app.notice == "" and app.page == page.slug
    model = app.view_of(page.slug).model
    assert set(published) <= set(model.inputs)
    assert {k: v for k, v in model.query().items() if k in published} == published


def test_the_link_snapshot_names_only_pages_that_exist() -> None:
    assert set(PUBLISHED_LINKS) <= {page.slug for page in PAGES}


@pages
def test_the_app_link_round_trips_and_a_malformed_one_gives_a_notice(page: Page) -> None:
    first = App()
    first.apply_search("?" + urlencode({"page": page.slug, "embed": "1", **rules_query(page)}))
    assert first.embed and not first._nav.visible  # embed mode hides the navigation
    second = App()
    second.apply_search("?" + urlencode(first.query()))
    assert (second.page, second.embed, second.notice) == (page.slug, True, "")

    model = second.view_of(page.slug).model
    assert model.variant == first.view_of(page.slug).model.variant
    name = next(n for n in model.inputs if type(model.param[n]) is not param.String)
    third = App()
    third.apply_search("?" + urlencode({"page": page.slug, name: "%not-a-value%"}))
    assert third.notice.startswith("This link could not be used as it was")
    assert model.label_of(name) in third.notice


@pages_with_numbers
def test_a_bad_value_keeps_the_shown_result(page: Page) -> None:
    view = new_view(page)
    model = view.model
    name = next(n for n in model.inputs if bad_values(model.param[n]))
    summary = view._summary.object
    setattr(model, name, bad_values(model.param[name])[0])
    assert model.error and view._summary.object == summary


# --- Every input of every page, on the model ------------------------------------------------


@inputs
def test_every_input_round_trips_through_the_deep_link(page: Page, name: str) -> None:
    tried = []
    for change in changed_values(page, name, new_model(page)):
        model = new_model(page)
        model.param.update(change)
        if not model.error:
            break
        tried.append(f"{change}: {model.error}")
    else:
        pytest.fail(f"no valid changed value of {name} (add one to CHANGES): {tried}")
    assert getattr(model, name) != getattr(new_model(page), name)
    again = page.view_class().model_class()  # (the rules too come with the link)
    assert again.apply_query(model.query()) == []
    assert {n: getattr(again, n) for n in again.inputs} == {
        n: getattr(model, n) for n in model.inputs
    }
    assert again.variant == model.variant


@typed_inputs
def test_a_malformed_link_value_gives_defaults_and_a_notice_naming_the_input(
    page: Page, name: str
) -> None:
    model = new_model(page)
    problems = model.apply_query({name: "%not-a-value%"})
    assert problems and model.label_of(name) in problems[0]
    assert {n: getattr(model, n) for n in model.inputs} == {
        n: model.param[n].default for n in model.inputs
    }


@number_inputs
def test_a_bad_value_shows_the_message_beside_the_input_by_its_label_and_keeps_the_result(
    page: Page, name: str
) -> None:
    model = new_model(page)
    values = bad_values(model.param[name])
    assert values
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


@pages_with_numbers
def test_an_inputs_error_shows_right_under_its_widget_in_the_page(page: Page) -> None:
    """On the page itself (every field, those made later included: in folded groups, in
    sections hidden at start): the alert of an input's error comes right after its widget,
    shows the message by its label, and hides once the input is good."""
    view = new_view(page)
    model = view.model
    names = [n for n in model.inputs if bad_values(model.param[n])]
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
