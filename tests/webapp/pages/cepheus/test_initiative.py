"""The Cepheus initiative page (webapp/pages/cepheus/initiative.py), headless: it shows exactly
what rules.cepheus computes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from webapp.pages.cepheus.initiative import SLOTS, CepheusInitiative, CepheusInitiativeView


def _combatants(m: CepheusInitiative) -> list[cepheus.Combatant]:
    people = []
    for slot in range(1, m.combatants + 1):
        dm = cepheus.characteristic_dm(getattr(m, f"dexterity_{slot}"))
        base = getattr(m, f"roll_{slot}") + dm
        score = cepheus.initiative_score(
            base,
            hastened=getattr(m, f"hastened_{slot}"),
            reactions=getattr(m, f"reactions_{slot}"),
        )
        people.append(
            cepheus.Combatant(getattr(m, f"name_{slot}"), score, getattr(m, f"dexterity_{slot}"))
        )
    return people


def test_initiative_order_matches_the_rules() -> None:
    m = CepheusInitiative(hastened_2=True, reactions_3=1, roll_4=8, dexterity_4=10)
    expected = cepheus.initiative_order(_combatants(m))
    shown = [[m.result.entry(s).name for s in group] for group in m.result.order]
    assert shown == [[c.name for c in group] for group in expected]


def test_ties_act_simultaneously_ambush_and_delay() -> None:
    m = CepheusInitiative(combatants=3, dexterity_1=7, roll_1=8, dexterity_2=7, roll_2=8, roll_3=2)
    assert m.result.order[0] == (1, 2)
    m.ambush_3 = True
    third = m.result.entry(3)
    assert third.base == cepheus.AMBUSH_ROLL + cepheus.characteristic_dm(m.dexterity_3)
    m.param.update(ambush_3=False, delayed_1=True, leadership_1=2)
    first_other = max(m.result.entry(s).base for s in (2, 3))
    assert m.result.entry(1).base == cepheus.delay_to_next_round(first_other)
    assert m.result.entry(1).score == cepheus.initiative_score(
        cepheus.delay_to_next_round(first_other), leadership_effect=2
    )
    m.param.update(delayed_2=True, delayed_3=True)
    assert m.error_input == "delayed_1"


def test_initiative_roll_and_next_round() -> None:
    m = CepheusInitiative(seed=9, ambush_2=True, hastened_1=True, reactions_3=2)
    m.roll_everyone()
    rng = random.Random(9)
    assert m.roll_1 == cepheus.roll_initiative(0, rng)
    assert m.roll_3 == cepheus.roll_initiative(0, rng)  # the ambusher rolls no dice
    assert m.seed == 10
    m.next_round()
    assert not m.hastened_1 and m.reactions_3 == 0 and m.error == ""


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"roll_1": 13}, "roll_1"),
        ({"roll_2": None}, "roll_2"),
        ({"dexterity_3": -1}, "dexterity_3"),
        ({"reactions_1": -1}, "reactions_1"),
        ({"suppressed_2": -1}, "suppressed_2"),
        ({"combatants": SLOTS + 1}, "combatants"),
        ({"combatants": 0}, "combatants"),
    ],
)
def test_initiative_bad_input_names_the_input(changes: dict[str, Any], named: str) -> None:
    m = CepheusInitiative()
    good = m.result
    m.param.update(changes)
    assert m.error_input == named, m.error
    assert m.result is good


ints = st.one_of(st.none(), st.integers(-50, 50))


@settings(max_examples=60, deadline=None)
@given(
    combatants=ints, rolls=st.lists(ints, min_size=SLOTS, max_size=SLOTS),
    delayed=st.lists(st.booleans(), min_size=SLOTS, max_size=SLOTS),
)  # fmt: skip
def test_initiative_any_input_gives_a_result_or_an_error(
    combatants: int | None, rolls: list[int | None], delayed: list[bool]
) -> None:
    order = CepheusInitiative()
    order.param.update(
        combatants=combatants,
        **{f"roll_{i + 1}": r for i, r in enumerate(rolls)},
        **{f"delayed_{i + 1}": d for i, d in enumerate(delayed)},
    )
    if not order.error:
        assert sorted(s for g in order.result.order for s in g) == list(order.active())


def test_initiative_an_error_in_a_hidden_combatant_shows_it() -> None:
    initiative = CepheusInitiativeView()
    assert not initiative._cards[SLOTS].visible  # 4 combatants by default
    initiative.model.param.update({f"roll_{SLOTS}": None})
    assert initiative.model.error_input == f"roll_{SLOTS}" and initiative._cards[SLOTS].visible
    initiative.model.param.update({f"roll_{SLOTS}": 7})
    assert not initiative._cards[SLOTS].visible
