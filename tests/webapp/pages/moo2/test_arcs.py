"""The MOO2 targeting-arcs page, headless: quadrant and arcs are what rules.moo2 says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from bokeh.events import Tap

from rules import moo2
from webapp.pages.moo2.arcs import Moo2Arcs, Moo2ArcsView, boundary_text, quadrant_spans


@pytest.mark.parametrize("bearing", [0, 30, 45, 45.5, 90, 135, 180, 225, 270, 315, -90, 721.25])
def test_quadrant_and_arcs_match_the_rules(bearing: float) -> None:
    r = Moo2Arcs(bearing=bearing).result
    exact = Fraction(repr(bearing)) if isinstance(bearing, float) else Fraction(bearing)
    assert r.quadrant is moo2.quadrant(exact)
    assert r.fires == {arc: moo2.in_arc(arc, exact) for arc in moo2.Arc}


def test_boundaries_follow_the_interpretation() -> None:
    # rules/SOURCES.md, Arcs: at 45 Forward fires and Backward Extended does not.
    r = Moo2Arcs(bearing=45).result
    assert r.quadrant is moo2.Quadrant.FORWARD
    assert r.fires[moo2.Arc.FORWARD] and not r.fires[moo2.Arc.BACKWARD_EXTENDED]


def test_quadrant_spans_are_the_rules_quadrants() -> None:
    spans = quadrant_spans()
    assert set(spans) == set(moo2.Quadrant)
    for quadrant, (first, last) in spans.items():
        assert moo2.quadrant((first + last) / 2) is quadrant
        assert last - first == Fraction(moo2.FULL_TURN, 4)
    assert boundary_text(moo2.Quadrant.FORWARD, spans[moo2.Quadrant.FORWARD]) == (
        "315 to 45 degrees, both ends included"
    )
    assert boundary_text(moo2.Quadrant.RIGHT, spans[moo2.Quadrant.RIGHT]) == (
        "45 to 135 degrees, ends excluded"
    )


def test_a_tap_on_the_diagram_sets_the_bearing() -> None:
    view = Moo2ArcsView()
    view._tapped(Tap(view._fig, x=1.0, y=0.0))
    assert view.model.bearing == 90
    view._tapped(Tap(view._fig, x=-0.5, y=-0.5))
    assert view.model.bearing == 225
    assert view.model.result.quadrant is moo2.Quadrant.BACKWARD


def test_view_draws_every_arc_ring_and_marks_the_chosen_arc() -> None:
    view = Moo2ArcsView(Moo2Arcs(bearing=200, arc="backward"))
    rings = view._rings.data
    assert len(rings["start"]) == sum(len(q) for q in moo2.ARC_QUADRANTS.values())
    assert "data-testid='arcs-table'" in view._table.object
    assert "fires" in view._summary.object


def test_bad_bearing_is_an_error_beside_it() -> None:
    m = Moo2Arcs()
    good = m.result
    m.bearing = None
    assert m.error_input == "bearing" and m.result is good


RINGS = """
import json
from webapp.pages.moo2.arcs import Moo2ArcsView
view = Moo2ArcsView()
print(json.dumps({k: list(v) for k, v in view._rings.data.items()}))
"""


def test_the_chart_draws_the_same_data_in_every_python() -> None:
    """The rings' wedges come in the quadrants' order, not a set's (which depends on the
    string hashing of each Python process): the prerendered page the build ships is then
    the same from one build to the next, and the live app draws what it showed."""
    drawn = []
    for seed in ("1", "2", "3"):
        run = subprocess.run(
            [sys.executable, "-c", RINGS], capture_output=True, text=True, timeout=300,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )  # fmt: skip
        assert run.returncode == 0, run.stderr[-2000:]
        drawn.append(json.loads(run.stdout.strip().splitlines()[-1]))
    assert drawn[0] == drawn[1] == drawn[2]
    assert len(drawn[0]["start"]) == sum(len(moo2.ARC_QUADRANTS[arc]) for arc in moo2.Arc)
