"""MOO2 1.50: compare two beam loadouts square by square.

Model: :class:`Moo2Compare` (loadouts A and B, each a weapon, mount, mods and beam attack,
against one target; every number from :mod:`rules.moo2`).
View: :class:`Moo2CompareView`: the mean damage per shot of both against distance on one chart,
the squares where one overtakes the other, and the table of both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure

from rules import moo2
from rules.validation import check_int
from webapp.components import Figure, chart_table_html, group, heading, html_pane, note, row
from webapp.formatting import exact_text, percent
from webapp.pages.model import inputs_named
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.moo2.range import (
    CUSTOM,
    FORMULAS,
    MOUNTS,
    preset_options,
    preset_values,
)
from webapp.pages.slots import Field, Sides, Slot
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "LOADOUTS",
    "LOADOUT_INPUTS",
    "CompareResult",
    "Loadout",
    "Moo2Compare",
    "Moo2CompareView",
]

LOADOUT_INPUTS = Sides(
    "{n}_{field}",
    {"a": "A", "b": "B"},
    attack=Field(param.Integer, "{slot}: ship beam attack (BA)", default=50,
                 options={"doc": "Before the weapon's mods and mount."}),
    mount=Field(param.Selector, "{slot}: mount", default=("normal", "heavy"),
                options={"objects": MOUNTS}),
    co=Field(param.Boolean, "{slot}: Co mod (+25 BA)", default=(True, False)),
    af=Field(param.Boolean, "{slot}: AF mod (-20 BA)", default=False),
    nr=Field(param.Boolean, "{slot}: NR mod (damage not reduced by range)", default=False),
    min_damage=Field(param.Integer, "{slot}: weapon min damage", default=5),
    max_damage=Field(param.Integer, "{slot}: weapon max damage", default=20),
    double_penalty=Field(param.Boolean, "{slot}: inherent 2x range penalty", default=False),
    always_hit=Field(param.Boolean, "{slot}: always hits", default=False),
)  # fmt: skip
"""Loadouts A and B; their inputs ``a_<field>`` and ``b_<field>``."""
LOADOUTS = tuple(LOADOUT_INPUTS.sides.values())
"""The two loadouts' names ("A", "B")."""

COLOURS = {"A": "accent", "B": "accent2"}
"""The theme colour of each loadout's line."""


@dataclass(frozen=True)
class Loadout:
    """One loadout's numbers over its whole range."""

    name: str
    attack: int
    """BA+CO-AF: the ship's beam attack with the weapon's mods."""
    mount: str
    rows: tuple[moo2.RangeRow, ...]
    """One row per square of the mount's range."""

    def mean(self, squares: int) -> Fraction | None:
        """Mean damage per shot at ``squares``; None beyond the mount's range."""
        return self.rows[squares].mean_damage if squares < len(self.rows) else None


@dataclass(frozen=True)
class CompareResult:
    """Everything the compare page shows."""

    a: Loadout
    b: Loadout
    squares: int
    leaders: tuple[str, ...]
    """Per square, 0 to the longer range: "A", "B" (the higher mean damage; a loadout out of
    range does none) or "tie"."""
    overtakes: tuple[tuple[int, str], ...]
    """(square, loadout) where that loadout takes the lead from the other."""


def _leader(a: Fraction | None, b: Fraction | None) -> str:
    a_value, b_value = a or Fraction(0), b or Fraction(0)
    if a_value == b_value:
        return "tie"
    return "A" if a_value > b_value else "B"


def _overtakes(leaders: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    out, ahead = [], ""
    for squares, leader in enumerate(leaders):
        if leader == "tie":
            continue
        if ahead and leader != ahead:
            out.append((squares, leader))
        ahead = leader
    return tuple(out)


class Moo2Compare(Moo2Calculator):
    """Two beam loadouts against one target (``000_3948ba1900819cb7.txt``)."""

    locals().update(LOADOUT_INPUTS.parameters())  # a_attack, a_mount, ..., b_always_hit
    defense = param.Integer(default=60, label="Target beam defense (BD)")
    shield = param.Integer(default=0, label="Target shield (damage per hit)")
    formula = param.Selector(
        objects=FORMULAS, default=moo2.Formula.CLASSIC.value, label="Chance-to-hit formula"
    )
    squares = param.Integer(default=9, label="Distance to compare at (squares)")

    def _loadout(self, x: Slot) -> Loadout:
        mods = [mod for mod, on in zip(moo2.BeamMod, (x.co, x.af, x.nr), strict=True) if on]
        rule_to_input = {
            "beam_attack": x.names["attack"],
            "reduced_by_range": x.names["nr"],
            **{field: x.names[field] for field in ("attack", "mount", "min_damage",
                                                   "max_damage", "double_penalty", "always_hit")},
        }  # fmt: skip
        with inputs_named(rule_to_input):
            attack = moo2.modified_beam_attack(x.attack, mods)
            rows = moo2.range_table(
                x.min_damage,
                x.max_damage,
                attack,
                self.defense,
                mount=x.mount,
                formula=self.formula,
                reduced_by_range=moo2.BeamMod.NR not in mods,
                double_penalty=x.double_penalty,
                shield=self.shield,
                always_hit=x.always_hit,
                variant=self.variant,
            )
        return Loadout(name=LOADOUT_INPUTS.title(x.n), attack=attack, mount=x.mount, rows=rows)

    def use_weapon(self, name: str, side: str) -> None:
        """Set the weapon inputs of loadout ``side`` (``"a"``) to those of weapon preset
        ``name`` (:func:`~webapp.pages.moo2.range.preset_values`)."""
        values = preset_values(name)
        self.param.update({LOADOUT_INPUTS.input(side, f): v for f, v in values.items()})

    def compute(self) -> CompareResult:
        a, b = (self._loadout(x) for x in LOADOUT_INPUTS.each(self))
        longest = max(len(a.rows), len(b.rows)) - 1
        squares = check_int("squares", self.squares, 0, longest)
        leaders = tuple(_leader(a.mean(s), b.mean(s)) for s in range(longest + 1))
        return CompareResult(
            a=a, b=b, squares=squares, leaders=leaders, overtakes=_overtakes(leaders)
        )


def _mean_text(mean: Fraction | None) -> str:
    return "out of range" if mean is None else exact_text(mean)


def _overtake_text(result: CompareResult) -> str:
    if not result.overtakes:
        leaders = {leader for leader in result.leaders if leader != "tie"}
        if not leaders:
            return "A and B do the same damage at every distance."
        (leader,) = leaders
        return f"{leader} does at least as much damage at every distance."
    return (
        "; ".join(
            f"{leader} overtakes {'B' if leader == 'A' else 'A'} at {squares} squares"
            for squares, leader in result.overtakes
        )
        + "."
    )


class Moo2CompareView(PageView):
    """The page: loadouts A and B, their mean damage against distance, and who leads where."""

    model_class = Moo2Compare
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Beam Attack Modifiers (Co +25, AF "
        "-20, PD +25), Range Penalty to Accuracy, the chance-to-hit formulas, Reduced by Range "
        "and Different Min-Max Damage; mean damage per shot counts a miss as 0. A loadout does "
        "no damage beyond its mount's range. Interpretations (rules/SOURCES.md): Hv/PD use "
        "their converted range for dissipation too; the shield's reduction comes off each hit, "
        "never below 0."
    )

    def sections(self) -> list[Any]:
        self._presets = {}
        cards = []
        for side, name in LOADOUT_INPUTS.sides.items():
            inputs = LOADOUT_INPUTS.inputs(side)
            preset = pn.widgets.Select(
                label=f"{name}: weapon preset", options=preset_options(), value=CUSTOM,
                sizing_mode="stretch_width",
            )  # fmt: skip
            preset.param.watch(lambda e, side=side: self.model.use_weapon(e.new, side), "value")
            self._presets[name] = preset
            cards.append(
                group(
                    f"Loadout {name}",
                    self.field(inputs["attack"]),
                    self.field(inputs["mount"], widget="select"),
                    *self.fields(inputs["co"], inputs["af"], inputs["nr"]),
                    preset,
                    *self.fields(inputs["min_damage"], inputs["max_damage"]),
                    *self.fields(inputs["double_penalty"], inputs["always_hit"]),
                    collapsed=False,
                )
            )
        return [
            heading("Loadouts A and B", margin=(0, 10)),
            note("BA: the ship's beam attack; the mods and the mount's +25 are added to it."),
            row(*cards, basis=185),
            heading("Target"),
            *(self.field(name) for name in ("defense", "shield", "formula", "squares")),
        ]

    def details(self) -> list[Any]:
        self._source = ColumnDataSource(
            {"squares": [], "a": [], "b": [], "a_text": [], "b_text": []}
        )
        self._fig = figure(
            height=300, width=320, min_width=240, sizing_mode="stretch_width",
            title="Mean damage per shot by distance",
            x_axis_label="distance (squares)", y_axis_label="mean damage",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._lines = {
            name: self._fig.step(
                x="squares", y=name.lower(), mode="center", line_width=2.5, source=self._source,
                legend_label=f"Loadout {name}",
            )
            for name in LOADOUTS
        }  # fmt: skip
        self._fig.add_tools(
            HoverTool(
                tooltips=[("distance", "@squares squares"), ("A", "@a_text"), ("B", "@b_text")],
                mode="vline",
                renderers=[self._lines["A"]],
            )
        )
        self._crossings = ColumnDataSource({"squares": [], "mean": [], "who": []})
        self._crossing_marks = self._fig.scatter(
            x="squares", y="mean", size=12, marker="diamond", source=self._crossings,
            legend_label="overtakes",
        )  # fmt: skip
        self._fig.legend.location = "top_right"
        self._fig.y_range.start = 0
        self._here = Span(dimension="height", line_dash="dashed", line_width=1)
        self._fig.add_layout(self._here)
        self._table = html_pane()
        return self.chart_and_table(self._fig, self._table)

    def figures(self, result: CompareResult) -> list[Figure]:
        s = result.squares
        out = [
            Figure(_figure_text(loadout.mean(s)), f"{loadout.name}: mean damage at {s} squares",
                   f"mean-{loadout.name.lower()}", _mean_text(loadout.mean(s)))
            for loadout in (result.a, result.b)
        ]  # fmt: skip
        leader = result.leaders[s]
        out.append(
            Figure("A = B" if leader == "tie" else leader, f"does more damage at {s} squares",
                   "leader")
        )  # fmt: skip
        first = result.overtakes[0] if result.overtakes else None
        out.append(
            Figure(f"{first[0]} sq" if first else "never",
                   f"{first[1]} overtakes" if first else "one overtakes the other",
                   "overtakes")
        )  # fmt: skip
        return out

    def note(self, result: CompareResult) -> str:
        attacks = ", ".join(
            f"{x.name}: BA+CO-AF {x.attack}, {x.mount.replace('_', ' ')} mount to "
            f"{len(x.rows) - 1} squares"
            for x in (result.a, result.b)
        )
        return f"{_overtake_text(result)} {attacks}. {self.rule_note}"

    def render(self, result: CompareResult) -> None:
        colours = THEMES[self.theme]
        longest = len(result.leaders)
        means = {x.name: [x.mean(s) for s in range(longest)] for x in (result.a, result.b)}
        self._source.data = {
            "squares": list(range(longest)),
            **{n.lower(): [float("nan") if m is None else float(m) for m in v]
               for n, v in means.items()},
            **{f"{n.lower()}_text": [_mean_text(m) for m in v] for n, v in means.items()},
        }  # fmt: skip
        self._crossings.data = {
            "squares": [s for s, _ in result.overtakes],
            "mean": [float(means[who][s] or 0) for s, who in result.overtakes],
            "who": [who for _, who in result.overtakes],
        }
        for name, line in self._lines.items():
            line.glyph.line_color = colours[COLOURS[name]]
        self._crossing_marks.glyph.fill_color = colours["text"]
        self._crossing_marks.glyph.line_color = colours["background"]
        self._here.location = result.squares
        self._here.line_color = colours["muted"]
        self._table.object = self._table_html(result, means)

    def _table_html(self, result: CompareResult, means: Mapping[str, list[Fraction | None]]) -> str:
        def hit(loadout: Loadout, s: int) -> str:
            return percent(loadout.rows[s].hit_probability) if s < len(loadout.rows) else "-"

        rows = [
            [str(s), hit(result.a, s), _mean_text(means["A"][s]), hit(result.b, s),
             _mean_text(means["B"][s]), "A = B" if leader == "tie" else leader]
            for s, leader in enumerate(result.leaders)
        ]  # fmt: skip
        return chart_table_html(
            "Loadouts A and B by distance: chance to hit and mean damage per shot",
            ["Squares", "A: hit", "A: mean damage", "B: hit", "B: mean damage", "More damage"],
            rows,
            numeric=range(5),
            current=lambda i: i == result.squares,
            testid="compare-table",
        )


def _figure_text(mean: Fraction | None) -> str:
    return "-" if mean is None else f"{float(mean):.2f}"
