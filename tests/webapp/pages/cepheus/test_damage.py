"""The Cepheus damage page (webapp/pages/cepheus/damage.py), headless: it shows exactly what
rules.cepheus computes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from webapp.pages.cepheus.damage import SPLIT, CepheusDamage, CepheusDamageView


def test_first_damage_matches_the_rules() -> None:
    m = CepheusDamage(damage=9, allocation="endurance,dexterity,strength")
    now = cepheus.Physical(7, 8, 6)
    expected = cepheus.apply_damage(now, 9, order=("endurance", "dexterity", "strength"))
    assert m.result.first and m.result.damage == expected


def test_later_damage_can_be_split() -> None:
    m = CepheusDamage(endurance=2, damage=5, allocation=SPLIT)
    m.param.update(split_strength=2, split_dexterity=1, split_endurance=2)
    expected = cepheus.apply_damage(
        cepheus.Physical(7, 8, 2),
        5,
        maximum=cepheus.Physical(7, 8, 6),
        allocation={"strength": 2, "dexterity": 1, "endurance": 2},
    )
    assert m.error == "" and m.result.damage == expected and not m.result.first


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"allocation": "strength,endurance,dexterity"}, "allocation"),
        ({"allocation": SPLIT}, "allocation"),
        ({"endurance": 9}, "endurance"),
        ({"max_dexterity": -1}, "max_dexterity"),
        ({"strength": None}, "strength"),
        ({"damage": -1}, "damage"),
        ({"endurance": 5, "allocation": SPLIT, "split_strength": 1}, "allocation"),
        (
            {"endurance": 5, "damage": 9, "allocation": SPLIT, "split_endurance": 9},
            "split_endurance",
        ),
    ],
)
def test_damage_bad_input_names_the_input(changes: dict[str, Any], named: str) -> None:
    m = CepheusDamage()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named, m.error
    assert m.result is good


def test_carry_over_applies_the_next_hit_as_later_damage() -> None:
    view = CepheusDamageView()
    m = view.model
    view._carry_over()
    after = cepheus.apply_damage(cepheus.Physical(7, 8, 6), 9).physical
    assert (m.strength, m.dexterity, m.endurance) == (after.strength, after.dexterity, 0)
    assert not m.result.first
    view._heal()
    assert m.result.first


ints = st.one_of(st.none(), st.integers(-50, 50))


@settings(max_examples=60, deadline=None)
@given(
    strength=ints, dexterity=ints, endurance=ints, damage=ints,
    allocation=st.sampled_from(list(CepheusDamage.param["allocation"].objects)),
    split=st.tuples(ints, ints, ints),
)  # fmt: skip
def test_damage_any_input_gives_a_result_or_an_error(
    strength: int | None, dexterity: int | None, endurance: int | None, damage: int | None,
    allocation: str, split: tuple[Any, Any, Any],
) -> None:  # fmt: skip
    hurt = CepheusDamage()
    hurt.param.update(
        strength=strength, dexterity=dexterity, endurance=endurance, damage=damage,
        allocation=allocation, split_strength=split[0], split_dexterity=split[1],
        split_endurance=split[2],
    )  # fmt: skip
    if not hurt.error:
        assert hurt.result.damage.state in cepheus.WoundState


def test_damage_an_error_in_the_hidden_split_shows_it() -> None:
    damage = CepheusDamageView()
    assert not damage._split.visible  # the split is for later damage only
    damage.model.split_dexterity = None  # say, a link with an emptied box
    assert damage.model.error_input == "split_dexterity" and damage._split.visible
