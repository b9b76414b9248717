"""MOO2 1.50 range visualizer: range penalty, chance to hit and damage over every square.

Model: :class:`Moo2Range` (a beam and its target; every number from :mod:`rules.moo2`).
View: :class:`Moo2RangeView`: the range penalty of the three mounts as a step chart with the
range units marked and the penalty table beside it; the chance to hit and the mean damage of
the beam at every square, the classic and the 1.50 simplified formula overlaid, so the cap of
the classic formula shows as the flat end of its line.

The weapon presets and the mount names are shared with the other MOO2 chart pages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import panel as pn
import param
from bokeh.models import (
    BoxAnnotation,
    ColumnDataSource,
    HoverTool,
    LabelSet,
    NumeralTickFormatter,
    Range1d,
    Span,
)
from bokeh.plotting import figure

from rules import moo2
from webapp.components import (
    Figure,
    chart_table_html,
    choices,
    group,
    heading,
    html_pane,
    html_table,
    row,
)
from webapp.formatting import exact_text, percent
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "CUSTOM",
    "FORMULAS",
    "MOUNTS",
    "Moo2Range",
    "Moo2RangeView",
    "RangeResult",
    "preset_options",
    "preset_values",
]

MOUNTS = choices(moo2.Mount)
"""The mount choice of every MOO2 chart page: label -> the rules' value."""

FORMULAS = {"Classic": moo2.Formula.CLASSIC.value, "1.50 simplified": moo2.Formula.SIMPLIFIED.value}
"""The chance-to-hit formula choice: label -> the rules' value."""

CUSTOM = "custom"
"""The preset that leaves the weapon's figures as typed."""

PRESET_EDITION = moo2.Edition.V1_50
"""The weapon flags a preset sets are those of patch 1.50 (the Mauler's 2x penalty removed)."""

MOUNT_COLOURS = dict(zip(moo2.Mount, ("accent", "accent2", "accent3"), strict=True))
"""The theme colour of each mount's line."""

FORMULA_COLOURS = {moo2.Formula.CLASSIC: "accent", moo2.Formula.SIMPLIFIED: "accent2"}
"""The theme colour of each formula's line."""


def preset_options() -> dict[str, str]:
    """The weapon preset choice: label -> weapon name (``custom``: as typed)."""
    return {"Custom": CUSTOM, **{w.name: w.name for w in moo2.WEAPONS}}


def preset_values(name: str) -> dict[str, Any]:
    """The inputs a weapon preset sets (catalog figures and 1.50 flags); ``{}`` for custom.

    >>> preset_values("Death Ray")["min_damage"], preset_values("Mauler Device")["always_hit"]
    (50, True)
    """
    if name == CUSTOM:
        return {}
    weapon = moo2.find_weapon(name)
    return {
        "min_damage": weapon.min_damage,
        "max_damage": weapon.max_damage,
        "double_penalty": weapon.has_inherent_double_penalty(PRESET_EDITION),
        "always_hit": weapon.always_hits(),
    }


@dataclass(frozen=True)
class RangeResult:
    """Everything the range page shows for one beam and target."""

    squares: int
    mount: str
    double_penalty: bool
    penalty: int
    range_units: int
    tables: Mapping[moo2.Formula, tuple[moo2.RangeRow, ...]]
    """One row per square of the mount's range, for each formula."""
    penalties: Mapping[moo2.Mount, tuple[int, ...]]
    """The range penalty of every square of each mount's range."""
    capped_from: int | None
    """The first square where the classic hit threshold reaches its cap (None: never)."""

    def at(self, formula: moo2.Formula) -> moo2.RangeRow:
        """The row of the current square under ``formula``."""
        return self.tables[formula][self.squares]


class Moo2Range(Moo2Calculator):
    """A beam and its target, over the whole range of the mount (``000_3948ba1900819cb7.txt``)."""

    attack = param.Integer(
        default=50, label="Beam attack (BA+CO-AF)", doc="Without the PD mount's +25."
    )
    defense = param.Integer(default=30, label="Target beam defense (BD)")
    squares = param.Integer(default=9, label="Distance (squares)")
    mount = param.Selector(objects=MOUNTS, default=moo2.Mount.NORMAL.value, label="Mount")
    min_damage = param.Integer(default=5, label="Weapon min damage")
    max_damage = param.Integer(default=20, label="Weapon max damage")
    reduced_by_range = param.Boolean(default=True, label="Reduced by range (no NR mod)")
    double_penalty = param.Boolean(default=False, label="Inherent 2x range penalty")
    always_hit = param.Boolean(
        default=False, label="Always hits (Mauler, Energy Absorber, Stellar Converter)"
    )
    hef = param.Integer(default=0, label="HEF bonus (%)")

    def use_weapon(self, name: str) -> None:
        """Set the weapon inputs to those of weapon preset ``name`` (:func:`preset_values`)."""
        self.param.update(preset_values(name))

    def compute(self) -> RangeResult:
        tables = {
            formula: moo2.range_table(
                self.min_damage,
                self.max_damage,
                self.attack,
                self.defense,
                mount=self.mount,
                formula=formula,
                reduced_by_range=self.reduced_by_range,
                double_penalty=self.double_penalty,
                hef=self.hef,
                always_hit=self.always_hit,
                # (each line under its own formula: the variant's would override 'classic')
                variant=dataclasses.replace(self.variant, formula=formula),
            )
            for formula in moo2.Formula
        }
        penalty = moo2.range_penalty(
            self.squares, self.mount, double_penalty=self.double_penalty, variant=self.variant
        )
        penalties = {
            mount: tuple(
                moo2.range_penalty(
                    s, mount, double_penalty=self.double_penalty, variant=self.variant
                )
                for s in range(moo2.max_squares(mount) + 1)
            )
            for mount in moo2.Mount
        }
        capped = [
            row.squares
            for row in tables[moo2.Formula.CLASSIC]
            if row.hit_threshold == moo2.HIT_THRESHOLD_CAP
        ]
        return RangeResult(
            squares=self.squares,
            mount=self.mount,
            double_penalty=self.double_penalty,
            penalty=penalty,
            range_units=int(moo2.range_units(self.squares, self.mount, variant=self.variant)),
            tables=tables,
            penalties=penalties,
            capped_from=capped[0] if capped else None,
        )


def _line_chart(title: str, y_label: str) -> Any:
    return figure(
        height=260, width=300, min_width=240, sizing_mode="stretch_width", title=title,
        x_axis_label="distance (squares)", y_axis_label=y_label,
        toolbar_location=None, tools="",
    )  # fmt: skip


def _mount_name(mount: str) -> str:
    return {value: label for label, value in MOUNTS.items()}[mount]


class Moo2RangeView(PageView):
    """The page: penalty by mount with its table, chance to hit and mean damage by distance."""

    model_class = Moo2Range
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Range Penalty to Accuracy, "
        "Classic Chance to Hit Formula, 1.50 Alternative Chance to Hit Formula, Reduced by "
        "Range, Different Min-Max Damage. Interpretations (rules/SOURCES.md): Point Defense "
        "squares fall in range columns 0, 2, 4, 6, 8 and Hv/PD use their converted range for "
        "dissipation too; the inherent 2x penalty doubles the penalty, before the cap of 95; "
        "under the 1.50 formula a hit's damage still uses the classic, capped hit threshold."
    )

    def sections(self) -> list[Any]:
        self._preset = pn.widgets.Select(
            label="Weapon preset", options=preset_options(), value=CUSTOM
        )
        self._preset.param.watch(self._apply_preset, "value")
        return [
            heading("The shot", margin=(0, 10)),
            *(self.field(name) for name in ("attack", "defense", "squares", "mount")),
            heading("The weapon"),
            self._preset,
            *(self.field(name) for name in ("min_damage", "max_damage", "reduced_by_range")),
            *(self.field(name) for name in ("double_penalty", "always_hit")),
            group("More modifiers", self.field("hef")),
        ]

    def _apply_preset(self, event: param.parameterized.Event) -> None:
        self.model.use_weapon(event.new)

    def details(self) -> list[Any]:
        # Range penalty of the three mounts, the current mount's range units as bands.
        self._penalty_fig = _line_chart(
            "Range penalty by mount, range units shaded", "to-hit penalty"
        )
        self._bands = ColumnDataSource(
            {"left": [], "right": [], "bottom": [], "top": [], "alpha": [], "mid": [],
             "label_y": [], "label": []}
        )  # fmt: skip
        self._band_quads = self._penalty_fig.quad(
            left="left", right="right", bottom="bottom", top="top", fill_alpha="alpha",
            line_alpha=0, source=self._bands,
        )  # fmt: skip
        self._band_labels = LabelSet(
            x="mid", y="label_y", text="label", text_align="center", text_font_size="10px",
            source=self._bands,
        )  # fmt: skip
        self._penalty_fig.add_layout(self._band_labels)
        self._penalty_sources = {
            mount: ColumnDataSource({"squares": [], "penalty": []}) for mount in moo2.Mount
        }
        self._penalty_lines = {
            mount: self._penalty_fig.step(
                x="squares", y="penalty", mode="center", line_width=2.5,
                source=self._penalty_sources[mount], legend_label=_mount_name(mount.value),
            )
            for mount in moo2.Mount
        }  # fmt: skip
        self._penalty_here = ColumnDataSource({"squares": [], "penalty": []})
        self._penalty_fig.scatter(
            x="squares", y="penalty", size=11, source=self._penalty_here, fill_color="white",
            line_width=3, legend_label="this distance",
        )  # fmt: skip
        self._penalty_fig.legend.location = "bottom_right"
        self._penalty_fig.y_range = Range1d(-5, 100)
        self._bands_table = html_pane()
        self._penalty_alt = html_pane()

        # Chance to hit and mean damage of this beam, both formulas overlaid.
        self._hit_fig = _line_chart("Chance to hit by distance", "chance to hit")
        self._hit_fig.yaxis.formatter = NumeralTickFormatter(format="0%")
        self._hit_fig.y_range = Range1d(0, 1.05)
        self._hit_fig.x_range = Range1d(-0.5, 24.5)
        self._damage_fig = _line_chart("Mean damage per shot by distance", "mean damage")
        self._damage_fig.y_range.start = 0
        # The two curve charts share one x range: the squares of the mount.
        self._damage_fig.x_range = self._hit_fig.x_range
        self._curves = ColumnDataSource(
            {"squares": [], "classic": [], "simplified": [], "classic_text": [],
             "simplified_text": [], "classic_mean": [], "simplified_mean": [],
             "classic_mean_text": [], "simplified_mean_text": []}
        )  # fmt: skip
        self._curve_lines: dict[tuple[str, moo2.Formula], Any] = {}
        for fig, kind in ((self._hit_fig, ""), (self._damage_fig, "_mean")):
            for formula, label in zip(moo2.Formula, FORMULAS, strict=True):
                # The 1.50 line dashed over the classic one: where they agree, both show.
                self._curve_lines[kind, formula] = fig.step(
                    x="squares", y=f"{formula.value}{kind}", mode="center",
                    line_width=3.5 if formula is moo2.Formula.CLASSIC else 2,
                    line_dash="solid" if formula is moo2.Formula.CLASSIC else "dashed",
                    source=self._curves, legend_label=label,
                )  # fmt: skip
            fig.legend.location = "top_right"
            fig.add_tools(
                HoverTool(
                    tooltips=[
                        ("distance", "@squares squares"),
                        ("classic", f"@classic{kind}_text"),
                        ("1.50 simplified", f"@simplified{kind}_text"),
                    ],
                    mode="vline",
                    renderers=[self._curve_lines[kind, moo2.Formula.CLASSIC]],
                )
            )
        self._caps = [BoxAnnotation(fill_alpha=0.12, line_alpha=0) for _ in range(2)]
        self._here_lines = [
            Span(dimension="height", line_dash="dashed", line_width=1) for _ in range(3)
        ]
        for fig, cap in zip((self._hit_fig, self._damage_fig), self._caps, strict=True):
            fig.add_layout(cap)
        for fig, here in zip(
            (self._penalty_fig, self._hit_fig, self._damage_fig), self._here_lines, strict=True
        ):
            fig.add_layout(here)
        self._hit_alt = html_pane()
        self._damage_alt = html_pane()
        penalty_chart, penalty_table = self.chart_and_table(self._penalty_fig, self._penalty_alt)
        return [
            # Beside the chart on a wide screen, under it on a tablet or phone.
            row(penalty_chart, self._bands_table, basis=340),
            penalty_table,
            *self.chart_and_table(self._hit_fig, self._hit_alt),
            *self.chart_and_table(self._damage_fig, self._damage_alt),
        ]

    def figures(self, result: RangeResult) -> list[Figure]:
        classic, simplified = result.at(moo2.Formula.CLASSIC), result.at(moo2.Formula.SIMPLIFIED)
        return [
            Figure(str(result.penalty),
                   f"range penalty at {result.squares} squares (range {result.range_units})",
                   "range-penalty"),
            Figure(percent(classic.hit_probability), "chance to hit, classic", "hit-classic",
                   str(classic.hit_probability)),
            Figure(percent(simplified.hit_probability), "chance to hit, 1.50 simplified",
                   "hit-simplified", str(simplified.hit_probability)),
            Figure(f"{float(classic.mean_damage):.2f} / {float(simplified.mean_damage):.2f}",
                   "mean damage per shot, classic / 1.50", "mean-damage",
                   f"{exact_text(classic.mean_damage)} / {exact_text(simplified.mean_damage)}"),
        ]  # fmt: skip

    def note(self, result: RangeResult) -> str:
        mount = _mount_name(result.mount).lower()
        if result.capped_from is None:
            cap = "The classic hit threshold stays under its cap of 95 over the whole range."
        else:
            cap = (
                f"Classic formula: from {result.capped_from} squares the hit threshold is "
                "capped at 95, so more range no longer lowers the chance to hit (the shaded "
                "part of the charts); the 1.50 formula keeps lowering it."
            )
        return f"Range {result.range_units} for a {mount} mount. {cap} {self.rule_note}"

    def render(self, result: RangeResult) -> None:
        colours = THEMES[self.theme]
        self._render_penalties(result, colours)
        self._render_curves(result, colours)

    def _render_penalties(self, result: RangeResult, colours: Mapping[str, str]) -> None:
        mount = moo2.Mount(result.mount)
        top = max(max(values) for values in result.penalties.values())
        self._penalty_fig.y_range.end = top * 1.2 + 5
        bands = [b for b in moo2.RANGE_BANDS if b.squares(mount) is not None]
        spans = [b.squares(mount) or (0, 0) for b in bands]
        self._bands.data = {
            "left": [first - 0.5 for first, _ in spans],
            "right": [last + 0.5 for _, last in spans],
            "bottom": [-5] * len(bands),
            "top": [top * 1.2 + 5] * len(bands),
            "alpha": [0.12 if b.range_units % 2 == 0 else 0.03 for b in bands],
            "mid": [(first + last) / 2 for first, last in spans],
            "label_y": [top * 1.08 + 2] * len(bands),
            "label": [str(b.range_units) for b in bands],
        }
        self._band_quads.glyph.fill_color = colours[MOUNT_COLOURS[mount]]
        self._band_labels.text_color = colours["muted"]
        for each, source in self._penalty_sources.items():
            values = result.penalties[each]
            source.data = {"squares": list(range(len(values))), "penalty": list(values)}
            line = self._penalty_lines[each].glyph
            line.line_color = colours[MOUNT_COLOURS[each]]
            line.line_alpha = 1.0 if each == mount else 0.45
        self._penalty_here.data = {"squares": [result.squares], "penalty": [result.penalty]}
        factor = 2 if result.double_penalty else 1
        self._bands_table.object = html_table(
            ["Range", "Penalty", *(_mount_name(m.value) for m in moo2.Mount)],
            [
                [str(b.range_units), str(factor * b.penalty),
                 *(_squares_text(b.squares(m)) for m in moo2.Mount)]
                for b in moo2.RANGE_BANDS
            ],
            numeric=[0, 1],
            current=lambda i: moo2.RANGE_BANDS[i].range_units == result.range_units,
            testid="range-bands",
            caption="Range penalty by range unit (squares per mount)"
            + (", doubled (inherent 2x penalty)" if result.double_penalty else ""),
        )  # fmt: skip
        longest = max(len(v) for v in result.penalties.values())
        self._penalty_alt.object = chart_table_html(
            "Range penalty by distance and mount",
            ["Squares", *(_mount_name(m.value) for m in moo2.Mount)],
            [[str(s), *(_at(result.penalties[m], s) for m in moo2.Mount)] for s in range(longest)],
            numeric=range(4),
            current=lambda i: i == result.squares,
            testid="penalty-table",
        )

    def _render_curves(self, result: RangeResult, colours: Mapping[str, str]) -> None:
        classic, simplified = (result.tables[f] for f in moo2.Formula)
        self._curves.data = {
            "squares": [r.squares for r in classic],
            "classic": [float(r.hit_probability) for r in classic],
            "simplified": [float(r.hit_probability) for r in simplified],
            "classic_text": [_chance_text(r.hit_probability) for r in classic],
            "simplified_text": [_chance_text(r.hit_probability) for r in simplified],
            "classic_mean": [float(r.mean_damage) for r in classic],
            "simplified_mean": [float(r.mean_damage) for r in simplified],
            "classic_mean_text": [exact_text(r.mean_damage) for r in classic],
            "simplified_mean_text": [exact_text(r.mean_damage) for r in simplified],
        }
        self._hit_fig.x_range.update(start=-0.5, end=len(classic) - 0.5)
        for (_kind, formula), line in self._curve_lines.items():
            line.glyph.line_color = colours[FORMULA_COLOURS[formula]]
        for cap in self._caps:
            cap.visible = result.capped_from is not None
            cap.left = (result.capped_from or 0) - 0.5
            cap.fill_color = colours["accent"]
        for here in self._here_lines:
            here.location = result.squares
            here.line_color = colours["muted"]
        current = {"current": lambda i: i == result.squares}
        self._hit_alt.object = chart_table_html(
            "Chance to hit by distance",
            ["Squares", "Range", "Hit threshold", "Classic", "1.50 simplified"],
            [
                [str(c.squares), str(c.range_units), str(c.hit_threshold),
                 _chance_text(c.hit_probability), _chance_text(s.hit_probability)]
                for c, s in zip(classic, simplified, strict=True)
            ],
            numeric=range(5), testid="hit-table", **current,
        )  # fmt: skip
        self._damage_alt.object = chart_table_html(
            "Mean damage per shot by distance (misses count as 0)",
            ["Squares", "Damage potential", "Classic", "1.50 simplified"],
            [
                [str(c.squares), f"{c.min_damage}-{c.max_damage}",
                 exact_text(c.mean_damage), exact_text(s.mean_damage)]
                for c, s in zip(classic, simplified, strict=True)
            ],
            numeric=range(4), testid="damage-table", **current,
        )  # fmt: skip


def _squares_text(squares: tuple[int, int] | None) -> str:
    if squares is None:
        return "-"
    first, last = squares
    return str(first) if first == last else f"{first}-{last}"


def _at(values: tuple[int, ...], index: int) -> str:
    return str(values[index]) if index < len(values) else "-"


def _chance_text(p: Fraction) -> str:
    return f"{percent(p)} ({p})"
