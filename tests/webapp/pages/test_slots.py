"""The slot schema of repeated inputs (``webapp/pages/slots.py``): numbered slots and sides."""

from __future__ import annotations

import param
import pytest

from webapp.pages.slots import Field, Sides, Slots

WEAPONS = Slots(
    "w{n}_{field}",
    3,
    "Weapon {n}",
    on=Field(param.Boolean, "{slot} is used", default=False, only=(2, 3)),
    damage=Field(param.Integer, "{slot}: damage", default=(32, 10, 4)),
    kind=Field(
        param.Selector, "{slot}: kind", default="heat", options={"objects": ["heat", "cold"]}
    ),
    silenced=Field(param.Boolean, "Silencing {n}", default=True, name="silencing{n}"),
    name=Field(param.String, "{slot}: name", default=""),
)
FIGHTERS = Sides(
    "{n}_{field}",
    {"a": "A", "b": "B"},
    strength=Field(param.Integer, "{slot}'s Strength", default=(7, 8)),
    minor=Field(param.Selector, "{slot}'s minor action", default="none",
                options={"objects": {"None": "none", "Aim": "aim"}}),
)  # fmt: skip


class Page(param.Parameterized):
    first = param.Integer(default=1)
    locals().update(WEAPONS.parameters())
    between = param.Integer(default=2)
    locals().update(FIGHTERS.parameters("strength"))
    locals().update(FIGHTERS.parameters("minor"))


def declared(klass: type[param.Parameterized]) -> list[str]:
    """The parameters ``klass`` declares, in order (as a page's inputs are listed)."""
    return [
        name
        for name, value in vars(klass).items()
        if isinstance(value, param.Parameter) and name != "name"
    ]


def test_numbered_slots_declare_their_inputs_slot_by_slot_in_the_class_order() -> None:
    assert declared(Page) == [
        "first",
        "w1_damage", "w1_kind", "silencing1", "w1_name",
        "w2_on", "w2_damage", "w2_kind", "silencing2", "w2_name",
        "w3_on", "w3_damage", "w3_kind", "silencing3", "w3_name",
        "between",
        "a_strength", "b_strength", "a_minor", "b_minor",
    ]  # fmt: skip


def test_labels_defaults_and_options_per_slot() -> None:
    p = Page.param
    assert [p[f"w{n}_damage"].default for n in (1, 2, 3)] == [32, 10, 4]
    assert p["w2_damage"].label == "Weapon 2: damage"
    assert p["w3_on"].label == "Weapon 3 is used"
    assert p["silencing2"].label == "Silencing 2"
    assert p["w1_kind"].objects == ["heat", "cold"]
    assert isinstance(p["w1_kind"], param.Selector)
    assert type(p["silencing3"]) is param.Boolean and p["silencing3"].default is True


def test_a_field_only_some_slots_have() -> None:
    assert not WEAPONS.has(1, "on") and WEAPONS.has(2, "on")
    assert WEAPONS.every("on") == ("w2_on", "w3_on")
    with pytest.raises(KeyError):
        WEAPONS.input(1, "on")


def test_inputs_of_a_field_by_slot_key_as_text() -> None:
    assert WEAPONS.inputs_of("on") == {"2": "w2_on", "3": "w3_on"}
    assert WEAPONS.inputs_of("silenced") == {
        "1": "silencing1", "2": "silencing2", "3": "silencing3"
    }  # fmt: skip
    assert FIGHTERS.inputs_of("strength") == {"a": "a_strength", "b": "b_strength"}


def test_read_gives_a_slots_values_and_input_names() -> None:
    page = Page(w2_damage=11, w2_on=True, w2_name="Axe")
    w2 = WEAPONS.read(page, 2)
    assert (w2.n, w2.damage, w2.on, w2.kind, w2.name) == (2, 11, True, "heat", "Axe")
    assert w2.names == {"on": "w2_on", "damage": "w2_damage", "kind": "w2_kind",
                        "silenced": "silencing2", "name": "w2_name"}  # fmt: skip
    w1 = WEAPONS.read(page, 1)
    assert w1.get("on", "absent") == "absent"
    with pytest.raises(AttributeError):
        _ = w1.on
    assert [w.damage for w in WEAPONS.each(page)] == [32, 11, 4]


def test_sides_are_keyed_by_name_and_titled_in_labels() -> None:
    assert FIGHTERS.numbers == ("a", "b")
    assert FIGHTERS.title("b") == "B"
    assert FIGHTERS.inputs("b") == {"strength": "b_strength", "minor": "b_minor"}
    p = Page.param
    assert (p["a_strength"].label, p["a_strength"].default) == ("A's Strength", 7)
    assert (p["b_strength"].label, p["b_strength"].default) == ("B's Strength", 8)
    assert p["b_minor"].label == "B's minor action"
    assert p["b_minor"].names == {"None": "none", "Aim": "aim"}
    b = FIGHTERS.read(Page(b_strength=9, b_minor="aim"), "b")
    assert (b.n, b.strength, b.minor) == ("b", 9, "aim")
    assert FIGHTERS.every("minor") == ("a_minor", "b_minor")


def test_each_call_makes_new_parameters() -> None:
    """Two pages built from one schema do not share parameter objects."""
    first, second = FIGHTERS.parameters(), FIGHTERS.parameters()
    assert first.keys() == second.keys()
    assert all(first[name] is not second[name] for name in first)
