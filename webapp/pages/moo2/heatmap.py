"""MOO2 1.50 hit-chance heatmap: the chance to hit over net attack and distance.

Model: :class:`Moo2Heatmap` (a shot; every number from :mod:`rules.moo2`).
View: :class:`Moo2HeatmapView`: one cell per square of the mount's range and per net attack
(BA+CO-AF-BD, every :data:`ROW_STEP` points), coloured by the chance to hit, the exact fraction
on hover, the current shot marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param
from bokeh.models import (
    ColorBar,
    ColumnDataSource,
    HoverTool,
    LinearColorMapper,
    NumeralTickFormatter,
    Range1d,
    Span,
)
from bokeh.plotting import figure

from rules import moo2
from webapp.components import Figure, chart_table_html, heading, html_pane, signed
from webapp.formatting import percent
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.moo2.range import FORMULAS, MOUNTS
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = ["ROW_STEP", "HeatmapResult", "Moo2Heatmap", "Moo2HeatmapView", "net_attack_rows"]

ROW_STEP = 5
"""Net attack between two rows of the heatmap: every range penalty of the source's table and
the Point Defense +25 are multiples of 5, so rows 5 apart show each step of the range table."""

PALETTE_STEPS = 21
"""Colours in the heatmap's scale (0%, 5%, ..., 100%)."""


def _round_down(value: int) -> int:
    return value // ROW_STEP * ROW_STEP


def net_attack_rows(
    mount: str, double_penalty: bool, variant: moo2.Variant = moo2.DEFAULT_VARIANT
) -> tuple[int, ...]:
    """The net attack of each row, low to high: from where only the lucky rolls above 95 hit,
    for every mount, to where the 1.50 formula's sure hit ([2]) holds at the longest range.

    Both ends come from :mod:`rules.moo2`'s constants: below the lowest classic threshold
    (40 - PD +25) minus a roll of 96 every shot needs a lucky roll; from
    ``SURE_HIT_ATTACK + range_penalty(longest range)`` on, every shot of the mount hits.

    >>> rows = net_attack_rows("normal", False)
    >>> rows[0], rows[-1], len(rows)
    (-85, 185, 55)
    """
    lowest_threshold = moo2.BASE_HIT_THRESHOLD - max(moo2.MOUNT_BEAM_ATTACK_BONUS.values())
    low = _round_down(lowest_threshold - (moo2.LUCKY_ROLL + 1))
    longest = moo2.max_squares(mount)
    top_penalty = moo2.range_penalty(longest, mount, double_penalty=double_penalty, variant=variant)
    high = -_round_down(-(moo2.SURE_HIT_ATTACK + top_penalty))
    return tuple(range(low, high + 1, ROW_STEP))


@dataclass(frozen=True)
class HeatmapResult:
    """Everything the heatmap page shows for one shot."""

    attack: int
    defense: int
    squares: int
    mount: str
    formula: str
    double_penalty: bool
    chance: Fraction
    penalty: int
    range_units: int
    nets: tuple[int, ...]
    """The net attack of each row (low to high)."""
    cells: tuple[tuple[Fraction, ...], ...]
    """``cells[row][square]``: the chance to hit at that net attack and distance."""

    @property
    def net(self) -> int:
        """BA+CO-AF-BD of the current shot."""
        return self.attack - self.defense


class Moo2Heatmap(Moo2Calculator):
    """The chance to hit of a beam over net attack and distance (``000_3948ba1900819cb7.txt``)."""

    attack = param.Integer(
        default=50, label="Beam attack (BA+CO-AF)", doc="Without the PD mount's +25."
    )
    defense = param.Integer(default=30, label="Target beam defense (BD)")
    squares = param.Integer(default=9, label="Distance (squares)")
    mount = param.Selector(objects=MOUNTS, default=moo2.Mount.NORMAL.value, label="Mount")
    formula = param.Selector(
        objects=FORMULAS, default=moo2.Formula.CLASSIC.value, label="Chance-to-hit formula"
    )
    double_penalty = param.Boolean(default=False, label="Inherent 2x range penalty")

    def compute(self) -> HeatmapResult:
        options: dict[str, Any] = {
            "mount": self.mount,
            "formula": self.formula,
            "double_penalty": self.double_penalty,
        }
        chance = moo2.hit_probability(
            self.attack, self.defense, self.squares, **options, variant=self.variant
        )
        nets = net_attack_rows(self.mount, self.double_penalty, self.variant)
        squares = range(moo2.max_squares(self.mount) + 1)
        # Each cell is a shot whose BA+CO-AF-BD is the row's net attack (BD taken as 0).
        cells = tuple(
            tuple(moo2.hit_probability(net, 0, s, **options, variant=self.variant) for s in squares)
            for net in nets
        )
        return HeatmapResult(
            attack=self.attack,
            defense=self.defense,
            squares=self.squares,
            mount=self.mount,
            formula=self.formula,
            double_penalty=self.double_penalty,
            chance=chance,
            penalty=moo2.range_penalty(
                self.squares, self.mount, double_penalty=self.double_penalty, variant=self.variant
            ),
            range_units=int(moo2.range_units(self.squares, self.mount, variant=self.variant)),
            nets=nets,
            cells=cells,
        )


def _mix(start: str, end: str, t: float) -> str:
    """The colour ``t`` of the way from hex colour ``start`` to ``end``."""
    a = [int(start[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(end[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def palette(theme: str) -> list[str]:
    """The heatmap's colour scale for ``theme``: from the background (0%) to the accent (100%)."""
    colours = THEMES[theme]
    return [
        _mix(colours["background"], colours["accent"], i / (PALETTE_STEPS - 1))
        for i in range(PALETTE_STEPS)
    ]


class Moo2HeatmapView(PageView):
    """The page: the heatmap of the chance to hit, with the current shot marked."""

    model_class = Moo2Heatmap
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Range Penalty to Accuracy, "
        "Classic Chance to Hit Formula, 1.50 Alternative Chance to Hit Formula. The chance "
        "depends on BA+CO-AF-BD, not on BA and BD apart. Interpretations (rules/SOURCES.md): "
        "Point Defense squares fall in range columns 0, 2, 4, 6, 8; the PD +25 does not count "
        "in the classic [2]; the inherent 2x penalty doubles the penalty, before the cap of 95."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The shot", margin=(0, 10)),
            *(self.field(name) for name in self.model.inputs),
        ]

    def details(self) -> list[Any]:
        self._cells = ColumnDataSource(
            {"squares": [], "net": [], "chance": [], "percent": [], "fraction": []}
        )
        self._mapper = LinearColorMapper(palette=palette(self.theme), low=0, high=1)
        self._fig = figure(
            height=420, width=320, min_width=240, sizing_mode="stretch_width",
            title="Chance to hit by net attack and distance",
            x_axis_label="distance (squares)", y_axis_label="net attack (BA+CO-AF-BD)",
            toolbar_location=None, tools="",
        )  # fmt: skip
        rects = self._fig.rect(
            x="squares", y="net", width=1, height=ROW_STEP, source=self._cells,
            fill_color={"field": "chance", "transform": self._mapper},
            line_color={"field": "chance", "transform": self._mapper},
        )  # fmt: skip
        self._fig.grid.visible = False
        self._fig.add_tools(
            HoverTool(
                tooltips=[
                    ("distance", "@squares squares"),
                    ("net attack", "@net"),
                    ("chance to hit", "@percent (@fraction)"),
                ],
                renderers=[rects],
            )
        )
        self._colour_bar = ColorBar(
            color_mapper=self._mapper, width=10, formatter=NumeralTickFormatter(format="0%")
        )
        self._fig.add_layout(self._colour_bar, "right")
        self._fig.x_range = Range1d(-0.5, 24.5)
        self._fig.y_range = Range1d(-90, 190)
        self._here = ColumnDataSource({"squares": [], "net": []})
        self._marker = self._fig.scatter(
            x="squares", y="net", size=13, source=self._here, fill_alpha=0, line_width=3,
        )  # fmt: skip
        self._cross = [
            Span(dimension=d, line_dash="dashed", line_width=1) for d in ("height", "width")
        ]
        for span in self._cross:
            self._fig.add_layout(span)
        self._table = html_pane()
        return self.chart_and_table(self._fig, self._table)

    def figures(self, result: HeatmapResult) -> list[Figure]:
        return [
            Figure(signed(result.net), "net attack (BA+CO-AF-BD)", "net-attack"),
            Figure(percent(result.chance), f"chance to hit at {result.squares} squares",
                   "hit-chance", str(result.chance)),
            Figure(str(result.penalty), f"range penalty (range {result.range_units})",
                   "range-penalty"),
        ]  # fmt: skip

    def note(self, result: HeatmapResult) -> str:
        rows = (
            f"One row every {ROW_STEP} points of net attack, from {result.nets[0]:+d} (only a "
            f"roll above {moo2.LUCKY_ROLL} hits) to {result.nets[-1]:+d} (every roll hits); "
            "hover a cell for its exact chance."
        )
        if not result.nets[0] <= result.net <= result.nets[-1]:
            rows += f" The shot's net attack {result.net:+d} is off the chart: marked at its edge."
        return f"{rows} {self.rule_note}"

    def render(self, result: HeatmapResult) -> None:
        colours = THEMES[self.theme]
        last = len(result.cells[0]) - 1
        squares, nets, chances = [], [], []
        for net, row in zip(result.nets, result.cells, strict=True):
            for s, chance in enumerate(row):
                squares.append(s)
                nets.append(net)
                chances.append(chance)
        self._cells.data = {
            "squares": squares,
            "net": nets,
            "chance": [float(c) for c in chances],
            "percent": [percent(c) for c in chances],
            "fraction": [str(c) for c in chances],
        }
        self._mapper.palette = palette(self.theme)
        bar = self._colour_bar
        bar.background_fill_color = colours["background"]
        bar.major_label_text_color = colours["text"]
        half = ROW_STEP / 2
        low, high = result.nets[0] - half, result.nets[-1] + half
        self._fig.x_range.update(start=-0.5, end=last + 0.5)
        self._fig.y_range.update(start=low, end=high)
        # A net attack off the chart is marked at its edge (the chance there is the edge's).
        shown = min(max(result.net, low), high)
        self._here.data = {"squares": [result.squares], "net": [shown]}
        self._marker.glyph.line_color = colours["accent2"]
        for span, location in zip(self._cross, (result.squares, shown), strict=True):
            span.location = location
            span.line_color = colours["accent2"]
        formula = {v: k for k, v in FORMULAS.items()}[result.formula]
        self._fig.title.text = f"Chance to hit by net attack and distance ({formula})"
        self._table.object = self._table_html(result)

    def _table_html(self, result: HeatmapResult) -> str:
        mount = moo2.Mount(result.mount)
        bands = [b.squares(mount) for b in moo2.RANGE_BANDS]
        columns = [squares for squares in bands if squares is not None]
        header = ["Net attack"] + [
            f"{first} sq" if first == last else f"{first}-{last} sq" for first, last in columns
        ]
        rows = [
            [signed(net), *(percent(row[first]) for first, _last in columns)]
            for net, row in reversed(list(zip(result.nets, result.cells, strict=True)))
        ]
        current_row = len(result.nets) - 1 - _nearest(result.nets, result.net)
        return chart_table_html(
            "Chance to hit by net attack (rows) and distance (columns: the squares of one "
            "range unit share one chance)",
            header,
            rows,
            numeric=range(len(header)),
            current=lambda i: i == current_row,
            testid="heatmap-table",
        )


def _nearest(values: tuple[int, ...], value: int) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - value))
