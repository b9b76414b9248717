"""MOO2 1.50 targeting arcs: which arcs can fire at a target at a given bearing.

Model: :class:`Moo2Arcs` (the quadrant from :func:`rules.moo2.quadrant`, each arc from
:func:`rules.moo2.in_arc`).
View: :class:`Moo2ArcsView` (a diagram of the quadrants and the five arcs around the ship; a tap
on it sets the bearing; the arcs' table is its text alternative).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, Range1d
from bokeh.plotting import figure

from rules import moo2
from webapp.components import Figure, chart_table_html, choices, html_pane, html_table, note
from webapp.formatting import exact_text
from webapp.pages.model import exact_decimal
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = ["ArcsResult", "Moo2Arcs", "Moo2ArcsView", "quadrant_spans"]

ARC_LABELS = {
    moo2.Arc.FORWARD: "Forward",
    moo2.Arc.BACKWARD: "Backward",
    moo2.Arc.FORWARD_EXTENDED: "Forward Extended",
    moo2.Arc.BACKWARD_EXTENDED: "Backward Extended",
    moo2.Arc.THREE_SIXTY: "360",
}
"""The arcs as the source names them ("Targeting Arc")."""

QUADRANT_LABELS = {q: str(q.value).capitalize() for q in moo2.Quadrant}


def quadrant_spans() -> dict[moo2.Quadrant, tuple[Fraction, Fraction]]:
    """Each quadrant's bearings as (first, last) degrees clockwise, for drawing.

    The quadrants are equal slices of :data:`rules.moo2.FULL_TURN`, centred on dead ahead,
    right, astern and left; :func:`rules.moo2.quadrant` names the one at each centre.
    """
    width = Fraction(moo2.FULL_TURN, len(moo2.Quadrant))
    spans = {}
    for index in range(len(moo2.Quadrant)):
        centre = index * width
        spans[moo2.quadrant(centre)] = (centre - width / 2, centre + width / 2)
    return spans


def boundary_text(quadrant: moo2.Quadrant, span: tuple[Fraction, Fraction]) -> str:
    """ "315 to 45 degrees, both ends included": the span, and which ends belong to it
    (asked of :func:`rules.moo2.quadrant`)."""
    first, last = (x % moo2.FULL_TURN for x in span)
    ends = [moo2.quadrant(first) is quadrant, moo2.quadrant(last) is quadrant]
    which = (
        "both ends included"
        if all(ends)
        else "ends excluded"
        if not any(ends)
        else "first end included"
        if ends[0]
        else "last end included"
    )
    return f"{exact_text(first)} to {exact_text(last)} degrees, {which}"


@dataclass(frozen=True)
class ArcsResult:
    """Everything the page shows for one bearing."""

    bearing: Fraction
    quadrant: moo2.Quadrant
    fires: dict[moo2.Arc, bool]
    arc: moo2.Arc
    """The arc of the player's weapon."""
    spans: dict[moo2.Quadrant, tuple[Fraction, Fraction]]
    """Each quadrant's bearings (:func:`quadrant_spans`)."""
    boundaries: dict[moo2.Quadrant, str]
    """Each quadrant's bearings in words, with which ends belong to it (:func:`boundary_text`)."""


class Moo2Arcs(Moo2Calculator):
    """A target's bearing from the firing ship (source: ``000_3948ba1900819cb7.txt``)."""

    bearing = param.Number(
        default=60,
        label="Bearing of the target (degrees clockwise from the ship's facing)",
        doc="0 = dead ahead, 90 = right, 180 = dead astern; any number, taken modulo 360.",
    )
    arc = param.Selector(
        objects=choices(moo2.Arc, ARC_LABELS), default="forward", label="Your weapon's arc"
    )

    def compute(self) -> ArcsResult:
        bearing = exact_decimal("bearing", self.bearing)
        spans = quadrant_spans()
        return ArcsResult(
            bearing=bearing,
            quadrant=moo2.quadrant(bearing),
            fires={arc: moo2.in_arc(arc, bearing) for arc in moo2.Arc},
            arc=moo2.Arc(self.arc),
            spans=spans,
            boundaries={q: boundary_text(q, span) for q, span in spans.items()},
        )


RING = 0.16
"""Radial width of one arc's ring on the diagram."""
INNER = 0.45
"""Radius of the innermost ring (the ship sits inside it)."""


def _polar(bearing: float, radius: float) -> tuple[float, float]:
    """Diagram coordinates of a bearing (clockwise from up, the ship's facing) and radius."""
    angle = math.radians(bearing)
    return radius * math.sin(angle), radius * math.cos(angle)


class Moo2ArcsView(PageView):
    """The page: the bearing, the diagram of quadrants and arcs, and which arcs fire."""

    model_class = Moo2Arcs
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Targeting Arc. Interpretation "
        "(rules/SOURCES.md, Arcs): a quadrant is a quarter turn, so Forward covers 90 degrees "
        "and Forward Extended 270; a bearing exactly on a boundary (45, 135, 225, 315) is in the "
        "forward or backward quadrant, never a side one."
    )

    def sections(self) -> list[Any]:
        return [
            self.field("bearing"),
            note("Or tap the diagram where the target is: the ship faces up."),
            self.field("arc", widget="select"),
        ]

    def details(self) -> list[Any]:
        outer = INNER + RING * len(moo2.Arc) + 0.1
        self._fig = figure(
            height=340, width=340, min_width=240, max_width=440, sizing_mode="scale_width",
            title="Arcs around the ship (tap to set the bearing)",
            toolbar_location=None, tools="tap", match_aspect=True,
            x_range=Range1d(-outer, outer), y_range=Range1d(-outer, outer),
        )  # fmt: skip
        self._fig.axis.visible = False
        self._fig.grid.visible = False
        self._quadrants = ColumnDataSource(
            {"start": [], "end": [], "color": [], "alpha": [], "x": [], "y": [], "name": []}
        )
        self._fig.wedge(
            x=0, y=0, radius=INNER - 0.02, start_angle="start", end_angle="end",
            fill_color="color", fill_alpha="alpha", line_color=None, source=self._quadrants,
        )  # fmt: skip
        self._fig.text(
            x="x", y="y", text="name", text_align="center", text_baseline="middle",
            text_font_size="11px", source=self._quadrants, color="color",
        )  # fmt: skip
        self._rings = ColumnDataSource(
            {"inner": [], "outer": [], "start": [], "end": [], "color": [], "alpha": []}
        )
        self._fig.annular_wedge(
            x=0, y=0, inner_radius="inner", outer_radius="outer", start_angle="start",
            end_angle="end", fill_color="color", fill_alpha="alpha", line_color="color",
            line_alpha=0.6, source=self._rings,
        )  # fmt: skip
        self._ring_labels = ColumnDataSource({"x": [], "y": [], "text": []})
        self._ring_text = self._fig.text(
            x="x", y="y", text="text", text_align="center", text_baseline="middle",
            text_font_size="10px", source=self._ring_labels,
        )  # fmt: skip
        self._ship = ColumnDataSource({"x": [0], "y": [0]})
        self._ship_glyph = self._fig.scatter(
            x="x", y="y", marker="triangle", size=22, source=self._ship
        )
        self._ray = ColumnDataSource({"x": [], "y": []})
        self._ray_glyph = self._fig.line(x="x", y="y", line_width=3, source=self._ray)
        self._target = ColumnDataSource({"x": [], "y": []})
        self._target_glyph = self._fig.scatter(
            x="x", y="y", marker="circle_x", size=16, fill_color=None, line_width=2,
            source=self._target,
        )  # fmt: skip
        self._fig.on_event(Tap, self._tapped)
        self._table = html_pane()
        self._legend = html_pane()
        self._quadrants_table = html_pane()
        return [
            *self.chart_and_table(self._fig, self._table, between=[self._legend]),
            self._quadrants_table,
        ]

    def _tapped(self, event: Tap) -> None:
        if event.x is None or event.y is None or (event.x == 0 and event.y == 0):
            return
        self.model.bearing = round(math.degrees(math.atan2(event.x, event.y))) % moo2.FULL_TURN

    def figures(self, result: ArcsResult) -> list[Figure]:
        firing = [ARC_LABELS[a] for a, fires in result.fires.items() if fires]
        mine = result.fires[result.arc]
        return [
            Figure(QUADRANT_LABELS[result.quadrant], "quadrant of the target", "quadrant",
                   f"bearing {exact_text(result.bearing)} degrees"),
            Figure(f"{len(firing)} of {len(result.fires)}", "arcs that can fire", "arcs-firing",
                   ", ".join(firing)),
            Figure("fires" if mine else "cannot fire", f"a {ARC_LABELS[result.arc]} weapon",
                   "your-arc"),
        ]  # fmt: skip

    def render(self, result: ArcsResult) -> None:
        colours = THEMES[self.theme]
        spans = result.spans
        names, starts, ends, xs, ys, qcolours, alphas = [], [], [], [], [], [], []
        for quadrant, (first, last) in spans.items():
            here = quadrant is result.quadrant
            starts.append(math.radians(90 - float(last)))
            ends.append(math.radians(90 - float(first)))
            x, y = _polar(float(first + last) / 2, INNER * 0.62)
            xs.append(x)
            ys.append(y)
            names.append(QUADRANT_LABELS[quadrant])
            qcolours.append(colours["accent2"] if here else colours["muted"])
            alphas.append(0.35 if here else 0.12)
        self._quadrants.data = {
            "start": starts, "end": ends, "color": qcolours, "alpha": alphas,
            "x": xs, "y": ys, "name": names,
        }  # fmt: skip
        rings: dict[str, list[Any]] = {k: [] for k in self._rings.data}
        for index, arc in enumerate(moo2.Arc):
            inner = INNER + index * RING
            fires = result.fires[arc]
            # (in the quadrants' order: a set's order changes from one Python to the next)
            for quadrant in (q for q in moo2.Quadrant if q in moo2.ARC_QUADRANTS[arc]):
                first, last = spans[quadrant]
                rings["inner"].append(inner + 0.01)
                rings["outer"].append(inner + RING - 0.01)
                rings["start"].append(math.radians(90 - float(last)))
                rings["end"].append(math.radians(90 - float(first)))
                rings["color"].append(colours["accent3"] if fires else colours["accent"])
                rings["alpha"].append(0.85 if arc is result.arc else 0.45)
        self._rings.data = rings
        labels: dict[str, list[Any]] = {"x": [], "y": [], "text": []}
        for index, arc in enumerate(moo2.Arc):
            # On the arc's own ring, dead ahead if it fires forward, else dead astern.
            ahead = moo2.Quadrant.FORWARD in moo2.ARC_QUADRANTS[arc]
            middle = moo2.Quadrant.FORWARD if ahead else moo2.Quadrant.BACKWARD
            first, last = spans[middle]
            x, y = _polar(float(first + last) / 2, INNER + (index + 0.5) * RING)
            labels["x"].append(x)
            labels["y"].append(y)
            labels["text"].append(ARC_LABELS[arc])
        self._ring_labels.data = labels
        self._ring_text.glyph.text_color = colours["text"]
        bearing = float(result.bearing)
        reach = INNER + RING * len(moo2.Arc)
        x, y = _polar(bearing, reach)
        self._ray.data = {"x": [0, x], "y": [0, y]}
        self._target.data = {"x": [x], "y": [y]}
        self._ray_glyph.glyph.line_color = colours["text"]
        self._target_glyph.glyph.line_color = colours["text"]
        self._ship_glyph.glyph.fill_color = colours["text"]
        self._ship_glyph.glyph.line_color = colours["text"]
        self._legend.object = (
            "<p class='rf-note'>One ring per arc, from the ship outward: "
            + ", ".join(ARC_LABELS[a] for a in moo2.Arc)
            + ". Green: the arc can fire at the target; blue: it cannot; your weapon's arc is "
            "the darker ring. The shaded slice is the target's quadrant.</p>"
        )
        self._table.object = chart_table_html(
            f"Arcs at bearing {exact_text(result.bearing)} degrees "
            f"({QUADRANT_LABELS[result.quadrant].lower()} quadrant)",
            ["Arc", "Fires into", "Can fire"],
            [
                [
                    ARC_LABELS[arc],
                    ", ".join(
                        QUADRANT_LABELS[q] for q in moo2.Quadrant if q in moo2.ARC_QUADRANTS[arc]
                    ),
                    "yes" if result.fires[arc] else "no",
                ]
                for arc in moo2.Arc
            ],
            current=lambda i: list(moo2.Arc)[i] is result.arc,
            testid="arcs-table",
        )
        self._quadrants_table.object = html_table(
            ["Quadrant", "Bearings"],
            [[QUADRANT_LABELS[q], result.boundaries[q]] for q in spans],
            current=lambda i: list(spans)[i] is result.quadrant,
            testid="quadrants-table",
            caption="Quadrants (bearings clockwise from the facing)",
        )
