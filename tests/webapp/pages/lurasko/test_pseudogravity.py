"""The Lur-Asko pseudogravity page (webapp/pages/lurasko/pseudogravity.py), headless: its numbers
are what rules.lurasko computes."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from webapp.pages.lurasko.pseudogravity import (
    LuraskoPseudogravity,
    LuraskoPseudogravityView,
)

SMALL = st.one_of(st.none(), st.integers(-3, 60))


def selector(model: type[Any], name: str) -> st.SearchStrategy[str]:
    return st.sampled_from(list(model.param[name].objects))


def test_pseudogravity_defaults_match_the_rules() -> None:
    m = LuraskoPseudogravity()
    r = m.result
    assert r.weight == lurasko.effective_weight(150, 0, inventory=30) == 180
    assert r.needed == lurasko.points_needed(150, Fraction(1, 10), inventory=30) == 18
    assert r.effective == lurasko.effective_points(20, 1)
    assert r.enough is lurasko.can_affect(20, 150, Fraction(1, 10), inventory=30)


def test_pseudogravity_source_examples() -> None:
    # Source: "two overlapping areas of 4 silencing would create a total effect of 5 silencing"
    m = LuraskoPseudogravity(silencing1=4, silencing2=4)
    assert m.result.silencing == 5
    # Source: "4 silencing would mean that 4 times the normal number of pseudogravity points"
    m.param.update(silencing2=0)
    plain = LuraskoPseudogravity()
    assert m.result.needed == 4 * plain.result.needed
    # Source: "30% more weight if they have 3 flying SPD, 40% more for 4 flying SPD"
    for spd, weight in ((3, 130), (4, 140)):
        flyer = LuraskoPseudogravity(pounds=100, inventory=0, flying_spd=spd)
        assert flyer.result.weight == weight
        assert flyer.result.flying_percent == lurasko.flying_weight_increase_percent(spd)


def test_pseudogravity_where_silencing_counts() -> None:
    m = LuraskoPseudogravity(
        silencing1=4, silencing2=6, silencing2_place="destination", silencing3=8,
        silencing3_place="user",
    )  # fmt: skip
    # Source: silencing "at the location the object begins in, not its destination"; users
    # "unaffected by silencing in their own location, unless that is also the location".
    assert m.result.silencing == 4
    m.user_at_effect = True
    assert m.result.silencing == lurasko.combined_silencing([8, 4])
    # Source: "Silencing has no effect on gravnet airships"
    m.gravnet_airship = True
    assert m.result.silencing == 1
    assert [counts for _, _, counts in m.result.levels] == [False, False, False]


def test_pseudogravity_least_whole_points_and_the_fraction_as_typed() -> None:
    m = LuraskoPseudogravity(pounds=15, inventory=0, flying_spd=3, weight_fraction="0.1")
    exact = lurasko.points_needed(15, Fraction(1, 10), flying_spd=3)
    assert m.result.needed == exact == Fraction(39, 20)
    assert m.result.least_points == 2 == math.ceil(exact)
    assert lurasko.can_affect(2, 15, Fraction(1, 10), flying_spd=3)
    assert not lurasko.can_affect(1, 15, Fraction(1, 10), flying_spd=3)
    view = LuraskoPseudogravityView(model=m)
    assert "data-testid='points-needed'>2<" in view._summary.object
    assert "exactly 1.95" in view._summary.object
    assert "data-testid='effective-weight'>19.5<" in view._explanation.object


@pytest.mark.parametrize(
    ("changes", "named", "message"),
    [
        ({"weight_fraction": "abc"}, "weight_fraction", "got 'abc'"),
        ({"weight_fraction": "1/0"}, "weight_fraction", "got '1/0'"),
        ({"weight_fraction": "0"}, "weight_fraction", "got '0'"),
        ({"pounds": -1}, "pounds", "got -1"),
        ({"inventory": None}, "inventory", "got nothing"),
        ({"flying_spd": -2}, "flying_spd", "got -2"),
        ({"points": -1}, "points", "got -1"),
        ({"silencing2": -1}, "silencing2", "got -1"),
    ],
)
def test_pseudogravity_bad_input_keeps_the_last_result_and_names_the_input(
    changes: dict[str, Any], named: str, message: str
) -> None:
    m = LuraskoPseudogravity()
    good = m.result
    m.param.update(changes)
    assert m.result is good
    assert m.error_input == named
    assert m.error.startswith(f"{m.label_of(named)} must be") and m.error.endswith(message)


@settings(max_examples=150, deadline=None)
@given(
    values=st.fixed_dictionaries(
        {
            "pounds": SMALL,
            "inventory": SMALL,
            "flying_spd": SMALL,
            "points": SMALL,
            "silencing1": SMALL,
            "silencing2": SMALL,
            "silencing3": SMALL,
            "silencing2_place": selector(LuraskoPseudogravity, "silencing2_place"),
            "user_at_effect": st.booleans(),
            "gravnet_airship": st.booleans(),
            "weight_fraction": st.one_of(
                st.text(alphabet="0123456789./- ", max_size=6),
                st.fractions(min_value=0, max_value=5).map(str),
            ),
        }
    )
)
def test_pseudogravity_any_input_gives_a_result_or_an_error_never_a_crash(
    values: dict[str, Any],
) -> None:
    m = LuraskoPseudogravity()
    m.param.update(values)
    if m.error:
        assert m.error_input in m.inputs
        return
    counted = [
        values[f"silencing{n}"]
        for n in (1, 2, 3)
        if values[f"silencing{n}"] != 0
        and lurasko.silencing_applies(
            values.get(f"silencing{n}_place", "effect"),
            user_at_effect=values["user_at_effect"],
            gravnet_airship=values["gravnet_airship"],
        )
    ]
    silencing = lurasko.combined_silencing(counted)
    fraction = Fraction(values["weight_fraction"].strip())
    assert m.result.needed == lurasko.points_needed(
        values["pounds"], fraction, flying_spd=values["flying_spd"],
        inventory=values["inventory"], silencing=silencing,
    )  # fmt: skip
    assert m.result.enough == (values["points"] >= m.result.needed)
