"""Lur-Asko armor chart: damage taken against drive for one armor range.

Model: :class:`LuraskoArmor` (every number from :func:`rules.lurasko.armor_chart` and
:func:`rules.lurasko.damage_through_armor`).
View: :class:`LuraskoArmorView` (the damage at the current drive, and a step chart over a
span of drives: any damage, and electric damage through metallic armor).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import panel as pn
import param
from bokeh.models import BoxAnnotation, ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure

from rules import lurasko
from rules.lurasko import ARMOR_WITHIN_PERCENT, ArmorBand, ArmorChartRow
from rules.validation import check_int
from webapp.charts import style_figure
from webapp.components import (
    Figure,
    figures_html,
    general_error,
    input_field,
    page_row,
    result_pane,
)
from webapp.pages.lurasko.common import LuraskoCalculator, heading, note
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


def _int(default: int, label: str, doc: str = "") -> param.Integer:
    return param.Integer(default=default, allow_None=True, label=label, doc=doc)


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

    inputs: ClassVar[tuple[str, ...]] = (
        "damage",
        "drive",
        "armor_low",
        "armor_high",
        "electric",
        "metallic",
        "chart_from",
        "chart_to",
    )

    damage = _int(17, "Damage", "Energy damage has drive equal to its damage.")
    drive = _int(20, "Drive")
    armor_low = _int(16, "Armor range: low end")
    armor_high = _int(28, "Armor range: high end")
    electric = param.Boolean(default=False, label="Electric damage")
    metallic = param.Boolean(default=False, label="Metallic armor (e.g. steel or adamant)")
    chart_from = _int(0, "Chart from drive")
    chart_to = _int(40, "Chart to drive")

    def compute(self) -> ArmorResult:
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


class LuraskoArmorView(pn.viewable.Viewer):
    """The page: inputs on the left; the damage taken and the armor chart on the right."""

    model = param.ClassSelector(class_=LuraskoArmor)

    def __init__(self, **params: Any) -> None:
        params.setdefault("model", LuraskoArmor())
        super().__init__(**params)
        m = self.model
        inputs = pn.Column(
            heading("The hit", margin=(0, 10)),
            *(input_field(m, name) for name in ("damage", "drive", "electric")),
            note("Energy damage has drive equal to its damage."),
            heading("The armor"),
            *(input_field(m, name) for name in ("armor_low", "armor_high", "metallic")),
            heading("The chart"),
            *(input_field(m, name) for name in ("chart_from", "chart_to")),
            general_error(m),
            max_width=380,
            sizing_mode="stretch_width",
            styles={"flex": "1 1 300px"},
        )  # fmt: skip

        self._summary = result_pane()
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
        self._theme = "light"

        outputs = pn.Column(
            self._summary,
            pn.pane.Bokeh(self._fig, sizing_mode="stretch_width"),
            sizing_mode="stretch_width",
            styles={"flex": "1 1 420px"},
        )
        self._layout = page_row(inputs, outputs)
        m.param.watch(self._render, ["result"])
        self._render()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def set_theme(self, theme: str) -> None:
        """Recolour the chart for the shell's theme."""
        self._theme = theme
        style_figure(self._fig, theme)
        self._render()

    def _render(self, *_events: object) -> None:
        result: ArmorResult | None = self.model.result
        if result is None:
            return
        r = result
        low, high = r.armor_range
        colours = THEMES[self._theme]
        electric_metallic = r.electric and r.metallic
        kind = "electric damage through metallic armor" if electric_metallic else (
            "electric damage" if r.electric else "damage"
        )  # fmt: skip
        self._summary.object = figures_html(
            [
                Figure(str(r.taken), f"damage taken of {r.damage}", "damage-taken"),
                Figure(r.band.value, f"drive {r.drive} against armor range {low}-{high}",
                       "armor-band"),
            ],
            note=f"{kind.capitalize()} at drive {r.drive}: {BAND_TEXT[r.band]}"
            + (" (electric is not halved by metallic armor)."
               if electric_metallic and result.band is ArmorBand.WITHIN else "."),
        )  # fmt: skip
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
        self._here.data = {"drive": [r.drive], "taken": [r.taken]}
        self._here_line.location = r.drive
        self._here_line.line_color = colours["muted"]
