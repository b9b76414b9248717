"""Lur-Asko armor chart: damage taken against drive for one armor range.

Model: :class:`LuraskoArmor` (every number from :func:`rules.lurasko.armor_chart` and
:func:`rules.lurasko.damage_through_armor`).
View: :class:`LuraskoArmorView` (the damage at the current drive, and a step chart over a
span of drives: any damage, and electric damage through metallic armor).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import param
from bokeh.models import BoxAnnotation, ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure

from rules import lurasko
from rules.lurasko import ARMOR_WITHIN_PERCENT, ArmorBand, ArmorChartRow
from rules.validation import check_int
from webapp.components import Figure, chart_table_html, heading, html_pane, note
from webapp.pages.lurasko import LuraskoCalculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = ["MAX_SPAN", "ArmorResult", "LuraskoArmor", "LuraskoArmorView"]

MAX_SPAN = 500
"""The most drives one chart shows (a page limit, not a rule: the chart stays readable)."""

BAND_TEXT: dict[ArmorBand, str] = {
    ArmorBand.BELOW: "below the armor range: the armor ignores all the damage",
    ArmorBand.WITHIN: f"within the armor range: {ARMOR_WITHIN_PERCENT}% of the damage, "
    "fractions dropped",
    ArmorBand.ABOVE: "above the armor range: full damage",
}


@dataclass(frozen=True)
class ArmorResult:
    """Everything the page shows for one set of inputs (the inputs used included)."""

    damage: int
    drive: int
    armor_range: tuple[int, int]
    electric: bool
    metallic: bool
    taken: int
    """Damage taken at the current drive, electric/metallic as chosen."""
    band: ArmorBand
    chart: tuple[ArmorChartRow, ...]
    """Any damage (not electric through metallic armor), over the chart's span."""
    chart_electric: tuple[ArmorChartRow, ...]
    """Electric damage through metallic armor, over the chart's span."""


class LuraskoArmor(LuraskoCalculator):
    """Damage and drive against an armor range (source: ``002_64b8e17f45694c25.txt``)."""

    damage = param.Integer(
        default=17, label="Damage", doc="Energy damage has drive equal to its damage."
    )
    drive = param.Integer(default=20, label="Drive")
    armor_low = param.Integer(default=16, label="Armor range: low end")
    armor_high = param.Integer(default=28, label="Armor range: high end")
    electric = param.Boolean(default=False, label="Electric damage")
    metallic = param.Boolean(default=False, label="Metallic armor (e.g. steel or adamant)")
    chart_from = param.Integer(default=0, label="Chart from drive")
    chart_to = param.Integer(default=40, label="Chart to drive")

    def compute(self) -> ArmorResult:
        # The range's ends are two inputs: each is checked under its own name.
        low = check_int("armor_low", self.armor_low, 0)
        armor_range = (low, check_int("armor_high", self.armor_high, low))
        first = check_int("chart_from", self.chart_from, 0)
        drives = (first, check_int("chart_to", self.chart_to, first, first + MAX_SPAN))
        taken = lurasko.damage_through_armor(
            self.damage, self.drive, armor_range, electric=self.electric, metallic=self.metallic
        )
        return ArmorResult(
            damage=self.damage,
            drive=self.drive,
            armor_range=armor_range,
            electric=self.electric,
            metallic=self.metallic,
            taken=taken,
            band=lurasko.armor_band(self.drive, armor_range),
            chart=lurasko.armor_chart(self.damage, armor_range, drives),
            chart_electric=lurasko.armor_chart(
                self.damage, armor_range, drives, electric=True, metallic=True
            ),
        )


class LuraskoArmorView(PageView):
    """The page: the hit and the armor; the damage taken and the armor chart."""

    model_class = LuraskoArmor
    rule_note = (
        "Source: Legends of Lur-Asko, Combat: Damage, Drive & Armor Ranges; Energy Damage "
        "(electric through metallic armor). Interpretations (rules/SOURCES.md): both ends of "
        "the armor range are within it; the 50% drops fractions."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The hit", margin=(0, 10)),
            *(self.field(name) for name in ("damage", "drive", "electric")),
            note("Energy damage has drive equal to its damage."),
            heading("The armor"),
            *(self.field(name) for name in ("armor_low", "armor_high", "metallic")),
            heading("The chart"),
            *(self.field(name) for name in ("chart_from", "chart_to")),
        ]

    def details(self) -> list[Any]:
        self._source = ColumnDataSource(
            {"armor_drive": [], "armor_taken": [], "armor_taken_electric": []}
        )
        self._fig = figure(
            height=320, width=300, min_width=260, sizing_mode="stretch_width",
            title="Damage taken by drive",
            x_axis_label="drive", y_axis_label="damage taken",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._range_box = BoxAnnotation(fill_alpha=0.12, line_alpha=0)
        self._fig.add_layout(self._range_box)
        self._lines = {
            key: self._fig.step(
                x="armor_drive", y=key, mode="center", line_width=2.5, source=self._source,
                legend_label=label,
            )
            for key, label in (
                ("armor_taken", "any damage"),
                ("armor_taken_electric", "electric, metallic armor"),
            )
        }  # fmt: skip
        self._lines["armor_taken_electric"].glyph.line_dash = "dashed"
        self._here = ColumnDataSource({"drive": [], "taken": []})
        here = self._fig.scatter(
            x="drive", y="taken", size=12, marker="circle", source=self._here,
            line_width=3, legend_label="this hit",
        )  # fmt: skip
        self._here_glyph = here.glyph
        self._here_line = Span(dimension="height", line_dash="dashed", line_width=1)
        self._fig.add_layout(self._here_line)
        self._fig.add_tools(
            HoverTool(
                tooltips=[("drive", "@armor_drive"), ("damage taken", "@armor_taken"),
                          ("electric, metallic armor", "@armor_taken_electric")],
                renderers=[self._lines["armor_taken"]], mode="vline",
            ),
            HoverTool(tooltips=[("this hit", "drive @drive: @taken damage")], renderers=[here]),
        )  # fmt: skip
        # Below the plot: inside, it would cover the steps on a phone-width chart.
        legend = self._fig.legend[0]
        self._fig.center = [item for item in self._fig.center if item is not legend]
        legend.ncols = 2
        legend.margin = 0
        legend.padding = 4
        self._fig.add_layout(legend, "below")
        self._fig.y_range.start = 0
        self._table = html_pane()
        return self.chart_and_table(self._fig, self._table)

    def figures(self, result: ArmorResult) -> list[Figure]:
        low, high = result.armor_range
        return [
            Figure(str(result.taken), f"damage taken of {result.damage}", "damage-taken"),
            Figure(result.band.value, f"drive {result.drive} against armor range {low}-{high}",
                   "armor-band"),
        ]  # fmt: skip

    def note(self, result: ArmorResult) -> str:
        electric_metallic = result.electric and result.metallic
        kind = "electric damage through metallic armor" if electric_metallic else (
            "electric damage" if result.electric else "damage"
        )  # fmt: skip
        unhalved = electric_metallic and result.band is ArmorBand.WITHIN
        return (
            f"{kind.capitalize()} at drive {result.drive}: {BAND_TEXT[result.band]}"
            + (" (electric is not halved by metallic armor). " if unhalved else ". ")
            + self.rule_note
        )

    def render(self, result: ArmorResult) -> None:
        low, high = result.armor_range
        colours = THEMES[self.theme]
        electric_metallic = result.electric and result.metallic
        self._source.data = {
            "armor_drive": [row.drive for row in result.chart],
            "armor_taken": [row.damage_taken for row in result.chart],
            "armor_taken_electric": [row.damage_taken for row in result.chart_electric],
        }
        for key, colour in (("armor_taken", "accent"), ("armor_taken_electric", "accent2")):
            line = self._lines[key].glyph
            line.line_color = colours[colour]
            active = (key == "armor_taken_electric") == electric_metallic
            line.line_alpha = 1.0 if active else 0.45
            line.line_width = 3 if active else 2
        self._range_box.left = low - 0.5
        self._range_box.right = high + 0.5
        self._range_box.fill_color = colours["accent3"]
        self._here_glyph.fill_color = colours["background"]
        self._here_glyph.line_color = colours["accent"]
        self._here.data = {"drive": [result.drive], "taken": [result.taken]}
        self._here_line.location = result.drive
        self._here_line.line_color = colours["muted"]
        self._table.object = chart_table_html(
            f"Damage taken of {result.damage} by drive, armor range {low}-{high}",
            ["Drive", "Band", "Damage taken", "Electric, metallic armor"],
            [
                [str(row.drive), row.band.value, str(row.damage_taken), str(electric.damage_taken)]
                for row, electric in zip(result.chart, result.chart_electric, strict=True)
            ],
            numeric=[0, 2, 3],
            current=lambda i: result.chart[i].drive == result.drive,
        )
