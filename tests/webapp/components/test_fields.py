"""Folded groups of inputs (:class:`webapp.components.Group`): built when first unfolded.

A folded group's inputs are made in Python (they follow the model) but put in the card, and
so in the Bokeh document, only when it is unfolded. Checked headless in CPython, and through
the browser protocol (:mod:`webapp.browser`) in a separate interpreter, as in
``test_browser.py``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import panel as pn
import pytest
from bokeh.document import Document

from webapp.app import App
from webapp.components import (
    Field,
    Group,
    Later,
    LazyField,
    ShownLater,
    groups_in,
    heading,
    inputs_in,
    note,
)
from webapp.pages import PAGES, Page
from webapp.pages.cepheus.attack import GROUPS, NOTES, CepheusAttackView
from webapp.pages.lurasko.attack import RESISTANCE_SLOTS, LuraskoAttackView

ROOT = Path(__file__).resolve().parents[3]


def widgets_of(obj: Any) -> dict[str, Any]:
    """The widgets (by parameter name) of the fields ``obj`` holds in its objects (built)."""
    found: dict[str, Any] = {}
    for child in getattr(obj, "objects", []):
        name = getattr(child, "_rf_input", None)
        if isinstance(name, str):
            found[name] = next(o for o in child.objects if isinstance(o, pn.widgets.Widget))
        else:
            found |= widgets_of(child)
    return found


def bokeh_models(view: Any) -> set[Any]:
    """The Bokeh models of ``view``'s layout in a document of its own."""
    doc = Document()
    root = view.__panel__().get_root(doc)
    return set(root.references())


def test_a_folded_group_builds_its_inputs_when_first_unfolded() -> None:
    view = CepheusAttackView()
    card = view._cards["Fire mode"]
    assert isinstance(card, Group) and card.collapsed and not card.built
    assert card.objects == [] and widgets_of(card) == {}
    assert inputs_in(card) == list(dict(GROUPS)["Fire mode"])  # known before it is built
    folded = bokeh_models(view)
    view.model.burst = "4"  # a change while folded: counted, and shown once unfolded
    assert card.title == "Fire mode (1 set)"
    card.collapsed = False  # as the visitor's click sets it
    assert card.built and widgets_of(card)["burst"].value == "4"
    assert set(widgets_of(card)) == set(dict(GROUPS)["Fire mode"])
    unfolded = bokeh_models(view)
    assert len(unfolded) > len(folded) + 2 * len(dict(GROUPS)["Fire mode"])
    # Its widgets are the inputs: an edit reaches the model, and folding keeps them.
    widgets_of(card)["burst"].value = "1"
    assert view.model.burst == "1" and card.title == "Fire mode"
    card.collapsed = True
    assert card.built and len(bokeh_models(view)) == len(unfolded)


def test_a_deep_link_into_a_folded_group_is_applied_counted_and_unfolds_it() -> None:
    app = App()
    app.apply_search("?page=cepheus-attack&aim_actions=2&laser_sight=1")
    view = app.view_of("cepheus-attack")
    aiming = view._cards["Aiming"]
    assert aiming.title == "Aiming (2 set)" and not aiming.collapsed
    shown = widgets_of(aiming)
    assert (shown["aim_actions"].value, shown["laser_sight"].value) == (2, True)
    others = [card for title, card in view._cards.items() if title != "Aiming"]
    assert all(card.collapsed and not card.built for card in others)


def test_an_embed_of_the_result_only_counts_what_the_link_set() -> None:
    app = App()
    app.apply_search("?page=cepheus-attack&aim_actions=2&view=result&embed=1")
    aiming = app.view_of("cepheus-attack")._cards["Aiming"]
    assert aiming.title == "Aiming (1 set)" and aiming.collapsed and not aiming.built
    assert app.view_of("cepheus-attack").model.aim_actions == 2
    app.apply_search("?page=cepheus-attack&aim_actions=2")  # the whole page: shown
    assert not aiming.collapsed and widgets_of(aiming)["aim_actions"].value == 2


def test_a_malformed_link_unfolds_nothing() -> None:
    app = App()
    app.apply_search("?page=cepheus-attack&aim_actions=2&burst=many")
    view = app.view_of("cepheus-attack")
    assert "burst" in app.notice and view.model.aim_actions == 0
    assert all(card.collapsed and not card.built for card in view._cards.values())


def test_an_error_about_an_input_in_a_folded_group_unfolds_it_to_show_the_message() -> None:
    view = CepheusAttackView()
    card = view._cards["Aiming"]
    view.model.aim_actions = -1
    assert view.model.error_input == "aim_actions" and not card.collapsed
    field = next(c for c in card.objects if getattr(c, "_rf_input", None) == "aim_actions")
    alert = next(o for o in field.objects if isinstance(o, pn.pane.Alert))
    assert alert.visible and str(alert.object).startswith(view.model.label_of("aim_actions"))


@pytest.mark.parametrize("page", PAGES, ids=[p.slug for p in PAGES])
def test_each_folded_group_builds_every_input_it_holds_with_the_models_value(page: Page) -> None:
    view = page.factory()
    folded = [g for g in groups_in(view._inputs) if g.collapsed]
    assert all(not g.built and g.objects == [] for g in folded)
    for card in folded:
        card.unfold()
    for card in groups_in(view._inputs):
        shown = widgets_of(card)
        assert set(shown) == set(inputs_in(card))
        for name, widget in shown.items():
            assert widget.value == getattr(view.model, name), name


PATCH_SCRIPT = textwrap.dedent(
    """
    from bokeh.core.serialization import Serialized
    from bokeh.document import Document
    from bokeh.models import NumericInput
    import webapp.browser as browser

    patches = []
    docs_json, _, _ = asyncio.run(browser.start("a", print, "?page=cepheus-attack"))
    (page_json,) = json.loads(docs_json).values()
    page = Document.from_json(page_json)
    browser.rendered("a", lambda patch, buffers, msg_id: patches.append(patch))
    view = browser.sessions["a"].app.view_of("cepheus-attack")
    out = {"models": len(list(page.models))}

    def card_model(title):
        card = view._cards[title]
        ((model, _parent),) = card._models.values()
        return model

    def boxes(document, title):
        return {m.title: m.value for m in document.models if isinstance(m, NumericInput)
                and m.title == title}

    # The link arrives (set_location): it sets an input of a folded group.
    search = "?page=cepheus-attack&referee_dm=2"
    browser.set_location("a", json.dumps({"search": search, "pathname": "/", "href": search}))
    out["link_patches"] = len(patches)
    for patch in patches:
        page.apply_json_patch(Serialized(content=patch, buffers=[]), setter="test")
    out["referee_shown"] = boxes(page, view.model.param["referee_dm"].label)
    out["referee_title"] = view._cards["Referee"].title

    # The visitor unfolds another group: the page sends collapsed=false, Python answers with
    # the group's inputs in one patch.
    sent = len(patches)
    model = card_model("Aiming")
    page.get_model_by_id(model.id).collapsed = False
    event = {"kind": "ModelChanged", "model": {"id": model.id}, "attr": "collapsed", "new": False}
    browser.apply_patch("a", FromPage({"events": [event]}))
    out["unfold_patches"] = len(patches) - sent
    for patch in patches[sent:]:
        page.apply_json_patch(Serialized(content=patch, buffers=[]), setter="test")
    out["aim_shown"] = boxes(page, view.model.param["aim_actions"].label)
    out["models_after"] = len(list(page.models))
    doc = browser.sessions["a"].doc
    out["same_ids"] = sorted(m.id for m in page.models) == sorted(m.id for m in doc.models)
    print(json.dumps(out))
    """
)


def test_unfolding_in_the_browser_sends_the_inputs_in_one_patch_with_the_linked_value(
    in_fake_worker: Callable[[str], Any],
) -> None:
    out = in_fake_worker(PATCH_SCRIPT)
    # The link's value is applied, counted, and shown in the group it unfolded.
    assert out["referee_title"] == "Referee (1 set)"
    assert list(out["referee_shown"].values()) == [2]
    # The visitor's unfold: one patch, after which the page has the group's inputs and the
    # same models as Python.
    assert out["unfold_patches"] == 1
    assert list(out["aim_shown"].values()) == [0]
    assert out["models_after"] > out["models"] and out["same_ids"]


def test_a_folded_groups_fields_are_not_made_until_it_is_unfolded() -> None:
    """The fields of a folded group are made when it is first unfolded (a page with many
    folded inputs starts without making their Panel objects); the others with the page."""
    view = CepheusAttackView()
    card = view._cards["Fire mode"]
    fields = [f for f in card.contents() if getattr(f, "_rf_input", None)]
    assert [f._rf_input for f in fields] == list(dict(GROUPS)["Fire mode"])
    assert all(isinstance(f, LazyField) and not f.made for f in fields)
    assert {"skill", "weapon", "distance"} <= set(widgets_of(view._inputs))
    view.model.burst = "4"
    view.model.firing_line_targets = 3
    card.unfold()
    assert all(f.made for f in fields)
    made = [f.__panel__() for f in fields]
    assert card.objects[: len(made)] == made  # the fields made are the ones in the card
    assert all(isinstance(f, Field) for f in made)
    assert [f._rf_input for f in made] == [f._rf_input for f in fields]
    shown = widgets_of(card)
    assert (shown["burst"].value, shown["firing_line_targets"].value) == ("4", 3)
    assert set(shown) == set(dict(GROUPS)["Fire mode"])
    # Each made once: the card's content is the same objects after folding and unfolding.
    card.collapsed = True
    card.collapsed = False
    assert card.objects[: len(made)] == made and [f.__panel__() for f in fields] == made


def test_a_field_outside_folded_groups_is_made_with_the_page_as_before() -> None:
    """The fields of the page's sections outside folded groups are Panel objects (made with
    the layout that holds them), each with its widget."""
    view = CepheusAttackView()
    found = [o for o in view._inputs.objects if getattr(o, "_rf_input", None)]
    assert [f._rf_input for f in found][:3] == ["skill", "unskilled", "characteristic"]
    assert all(isinstance(f, Field) for f in found)
    assert all(any(isinstance(o, pn.widgets.Widget) for o in f.objects) for f in found)


def test_what_a_folded_group_makes_later_is_made_when_unfolded_as_it_would_be_at_once() -> None:
    """The notes and headings of a folded group (:class:`Later`) are made when it is first
    unfolded, once, and are then what ``note``/``heading`` make: same text, same pane."""
    view = LuraskoAttackView()
    card = view._resistance_card
    later = [o for o in card.contents() if type(o) is Later]  # (the fields are LazyField)
    assert len(later) == 1 + RESISTANCE_SLOTS and not any(o.made for o in later)
    card.unfold()
    assert all(o.made for o in later)
    made = [o.__panel__() for o in later]
    assert [o for o in card.objects if isinstance(o, pn.pane.HTML)] == made
    expected = [
        note("Applied in this order, each dropping fractions, after armor and shielding."),
        *(heading(f"Resistance or weakness {n}") for n in range(1, RESISTANCE_SLOTS + 1)),
    ]
    for got, want in zip(made, expected, strict=True):
        assert (type(got), got.object, got.margin) == (type(want), want.object, want.margin)
        assert got.stylesheets == want.stylesheets
    cepheus = CepheusAttackView()
    fire = cepheus._cards["Fire mode"]
    assert not any(isinstance(o, pn.viewable.Viewable) for o in fire.contents())
    fire.unfold()
    assert fire.objects[-1].object == note(NOTES["Fire mode"]).object


def test_later_makes_its_object_once() -> None:
    calls: list[str] = []

    def make(text: str) -> pn.pane.HTML:
        calls.append(text)
        return note(text)

    later = Later(make, "a note")
    assert not later.made and calls == []
    column = pn.Column(later)
    assert later.made and calls == ["a note"]
    assert column.objects == [later.__panel__()] and calls == ["a note"]


# --- What a page hides at start (components.ShownLater) -------------------------------------


def test_the_navigation_of_an_embed_is_drawn_empty_and_filled_when_shown() -> None:
    app = App()
    app.apply_search("?page=cepheus-attack&embed=1")
    pn.Column(app).get_root(Document())
    nav = app._nav
    assert not nav.visible and not nav.built and nav.objects == []
    assert nav._models  # drawn, empty
    assert app._nav_select.value == "cepheus-attack"  # kept up to date meanwhile
    assert nav.contents() == [app._home_button, app._nav_select]
    assert all(widget._models == {} for widget in nav.contents())  # never drawn
    app.apply_search("?page=cepheus-attack")  # the same page out of embed mode
    assert nav.visible and nav.built and nav.objects == [app._home_button, app._nav_select]
    ((nav_model, _parent),) = nav._models.values()
    assert [type(c).__name__ for c in nav_model.children] == ["Button", "CustomSelect"]


def test_the_navigation_outside_an_embed_is_drawn_with_its_widgets() -> None:
    app = App()
    app.apply_search("?page=cepheus-attack")
    root = pn.Column(app).get_root(Document())
    assert app._nav.built and app._nav.objects == [app._home_button, app._nav_select]
    names = {type(m).__name__ for m in root.references()}
    assert {"Button", "CustomSelect"} <= names


def test_a_section_hidden_at_start_makes_its_inputs_when_first_shown() -> None:
    view = CepheusAttackView()
    section = next(o for o in view._inputs.objects if isinstance(o, ShownLater))
    assert not section.visible and not section.built and section.objects == []
    switches = set(view.model.switch_only_names())  # the "Rules in force" control's
    page_inputs = [name for name in inputs_in(view._inputs) if name not in switches]
    assert page_inputs[:4] == ["skill", "unskilled", "unskilled_dm", "characteristic"]
    view.__panel__().get_root(Document())
    assert not section.built  # drawn hidden: empty
    view.model.unskilled_dm = -2  # changed while hidden: shown as it is once made
    view.model.unskilled = True
    assert section.visible and section.built
    assert widgets_of(section)["unskilled_dm"].value == -2
    assert str(section.objects[1].object) == str(
        note(
            "The chapter does not give the DM of an unskilled attack: enter the one your "
            "game uses (also used in zero gravity without Zero-G skill)."
        ).object
    )
    ((model, _parent),) = section._models.values()
    assert len(model.children) == 2  # drawn with its field and note


def test_an_error_in_a_hidden_section_shows_it_with_the_message() -> None:
    view = CepheusAttackView()
    section = next(o for o in view._inputs.objects if isinstance(o, ShownLater))
    view.model.unskilled_dm = None
    assert section.visible and section.built
    field = section.objects[0]
    alert = next(o for o in field.objects if isinstance(o, pn.pane.Alert))
    assert alert.visible and str(alert.object).startswith(view.model.label_of("unskilled_dm"))
