"""Targeting arcs: ``rules/moo2/arcs.py``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import moo2

F, B, FX, BX, ALL = "forward", "backward", "forward_extended", "backward_extended", "360"

# Source: 000_3948ba1900819cb7.txt, "Targeting Arc". Bearing -> arcs that can fire.
# Interpretation: 90-degree quadrants; a boundary bearing belongs to the forward/backward quadrant.
EXPECTED = [
    (0, {F, FX, ALL}),
    (30, {F, FX, ALL}),
    (45, {F, FX, ALL}),
    (45.000001, {FX, BX, ALL}),
    (90, {FX, BX, ALL}),
    (134.9, {FX, BX, ALL}),
    (135, {B, BX, ALL}),
    (180, {B, BX, ALL}),
    (225, {B, BX, ALL}),
    (Fraction(451, 2), {FX, BX, ALL}),
    (270, {FX, BX, ALL}),
    (315, {F, FX, ALL}),
    (359.5, {F, FX, ALL}),
    (360, {F, FX, ALL}),
    (-45, {F, FX, ALL}),
    (-90, {FX, BX, ALL}),
    (720 + 180, {B, BX, ALL}),
]


@pytest.mark.parametrize(("bearing", "arcs"), EXPECTED)
def test_arcs_golden(bearing: float, arcs: set[str]) -> None:
    assert {arc.value for arc in moo2.Arc if moo2.in_arc(arc, bearing)} == arcs


def test_quadrant_boundaries() -> None:
    assert moo2.quadrant(45) is moo2.Quadrant.FORWARD
    assert moo2.quadrant(315) is moo2.Quadrant.FORWARD
    assert moo2.quadrant(135) is moo2.Quadrant.BACKWARD
    assert moo2.quadrant(225) is moo2.Quadrant.BACKWARD
    assert moo2.quadrant(46) is moo2.Quadrant.RIGHT
    assert moo2.quadrant(224) is moo2.Quadrant.BACKWARD
    assert moo2.quadrant(226) is moo2.Quadrant.LEFT


bearings = st.one_of(
    st.integers(-10_000, 10_000),
    st.fractions(min_value=-1000, max_value=1000),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
)


@settings(max_examples=300, deadline=None)
@given(bearing=bearings)
@example(bearing=45)
@example(bearing=135)
@example(bearing=-0.0)
def test_arc_relations(bearing: float) -> None:
    # Source: Forward Extended "fires at targets not in backward quadrant"; Backward Extended
    # likewise; 360 "fires at any direction".
    fires = {arc: moo2.in_arc(arc, bearing) for arc in moo2.Arc}
    assert fires[moo2.Arc.FORWARD_EXTENDED] is not fires[moo2.Arc.BACKWARD]
    assert fires[moo2.Arc.BACKWARD_EXTENDED] is not fires[moo2.Arc.FORWARD]
    assert not (fires[moo2.Arc.FORWARD] and fires[moo2.Arc.BACKWARD])
    assert fires[moo2.Arc.THREE_SIXTY]
    assert fires[moo2.Arc.FORWARD_EXTENDED] or fires[moo2.Arc.BACKWARD_EXTENDED]


@settings(max_examples=200, deadline=None)
@given(bearing=st.fractions(min_value=-720, max_value=720), turns=st.integers(-5, 5))
def test_bearings_are_taken_modulo_360(bearing: Fraction, turns: int) -> None:
    for arc in moo2.Arc:
        assert moo2.in_arc(arc, bearing) == moo2.in_arc(arc, bearing + 360 * turns)


def test_arc_sizes() -> None:
    # Forward 90 degrees (both ends), Forward Extended 270 (both ends open), 360 all.
    degrees = [Fraction(tenth, 10) for tenth in range(3600)]
    counts = {arc: sum(moo2.in_arc(arc, d) for d in degrees) for arc in moo2.Arc}
    assert counts[moo2.Arc.FORWARD] == counts[moo2.Arc.BACKWARD] == 901
    assert counts[moo2.Arc.FORWARD_EXTENDED] == counts[moo2.Arc.BACKWARD_EXTENDED] == 3600 - 901
    assert counts[moo2.Arc.THREE_SIXTY] == 3600


@pytest.mark.parametrize(
    ("arc", "bearing", "message"),
    [
        (
            "sideways",
            0,
            r"^arc must be one of 'forward', 'backward', 'forward_extended', "
            r"'backward_extended', '360', got 'sideways'$",
        ),
        (360, 0, r"arc must be one of .*got 360$"),
        (F, float("nan"), r"^bearing must be a number, got nan$"),
        (F, float("inf"), r"^bearing must be a number, got inf$"),
        (F, "north", r"^bearing must be a number, got 'north'$"),
        (F, True, r"^bearing must be a number, got True$"),
        (F, None, r"^bearing must be a number, got None$"),
    ],
)
def test_bad_input_raises_value_error(arc: Any, bearing: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        moo2.in_arc(arc, bearing)
