"""Cepheus Engine range bands: the band of a distance, and each weapon type's difficulty by band.

Model: :class:`CepheusRangeBands` (distance in squares or metres; every number from
:mod:`rules.cepheus`: ``range_band``, ``range_band_metres``, ``band_squares``, ``band_metres``,
``attack_difficulty``). View: :class:`CepheusRangeBandsView` (a weapon x band chart of the
difficulty DM, gaps where a weapon cannot attack, the current distance marked).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param
from bokeh.models import ColumnDataSource, FactorRange, FixedTicker, HoverTool
from bokeh.plotting import figure

from rules import cepheus
from webapp.components import (
    Figure,
    chart_table_html,
    heading,
    html_pane,
    html_table,
    note,
    set_data,
    signed,
)
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.model import exact_decimal, inputs_named, whole_number
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "UNITS",
    "CepheusRangeBands",
    "CepheusRangeBandsView",
    "Distance",
    "RangeBandsResult",
    "read_distance",
]

UNITS = {f"squares ({float(cepheus.SQUARE_METRES):g} m)": "squares", "metres": "metres"}
"""How a distance is given: grid squares (the "Squares to Target" column) or metres."""

WHOLE_SQUARES = "a whole number of squares (or choose metres)"


@dataclass(frozen=True)
class Distance:
    """A distance as typed, in both units (exact)."""

    squares: Fraction
    metres: Fraction
    whole_squares: int | None
    """The distance in squares when it was given in squares, else ``None``."""

    def text(self) -> str:
        """``20 sq = 30 m``, in the unit typed first."""
        return f"{squares_text(self.squares)} sq = {metres_text(self.metres)} m"


def read_distance(value: object, unit: str, name: str = "distance") -> Distance:
    """The distance typed in input ``name`` (in ``unit``), exact, with errors about ``name``."""
    distance = exact_decimal(name, value)
    with inputs_named(name):
        if unit == "squares":
            count = whole_number(name, distance, WHOLE_SQUARES)
            return Distance(Fraction(count), cepheus.squares_to_metres(count), count)
        return Distance(cepheus.metres_to_squares(distance), distance, None)


def squares_text(value: Fraction) -> str:
    """Squares as shown: whole, or to two decimals (``33.33``)."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def metres_text(value: Fraction) -> str:
    """Metres as shown: whole, or as typed (``50.5``)."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


type Grid = tuple[tuple[cepheus.WeaponType, tuple[cepheus.Difficulty | None, ...]], ...]
"""Each weapon type's difficulty at every band, in band order."""


@dataclass(frozen=True)
class RangeBandsResult:
    """Everything the page shows for one distance."""

    band: cepheus.RangeBand
    distance: Distance
    position: float
    """Where the distance falls on the chart: the band's index plus the fraction of its span."""
    difficulties: tuple[tuple[cepheus.WeaponType, cepheus.Difficulty | None], ...]
    """Each weapon type's difficulty at :attr:`band`."""
    edges: tuple[Fraction, Fraction | None]
    """The band's span in metres (no upper edge: None)."""
    grid: Grid
    """Each weapon type's difficulty at every band, in band order (the chart and its table)."""

    @property
    def squares(self) -> Fraction:
        return self.distance.squares

    @property
    def metres(self) -> Fraction:
        return self.distance.metres


def band_edges_text(edges: tuple[Fraction, Fraction | None]) -> str:
    """A band's span in metres (``edges``: :func:`rules.cepheus.band_metres`).

    >>> personal, long = (cepheus.band_metres(b) for b in ("personal", "long"))
    >>> band_edges_text(personal), band_edges_text(long)
    ('< 1.5 m', '50-250 m')
    >>> band_edges_text(cepheus.band_metres(cepheus.RangeBand.DISTANT))
    '> 500 m'
    """
    low, high = edges
    if high is None:
        return f"> {float(low):g} m"
    if low == 0:
        return f"< {float(high):g} m"
    return f"{float(low):g}-{float(high):g} m"


def chart_position(band: cepheus.RangeBand, squares: int | None, metres: Fraction) -> float:
    """The x of a distance on the chart: band index + its place within the band's span.

    >>> chart_position(cepheus.RangeBand.MEDIUM, 9, Fraction(27, 2)) > 3
    True
    """
    start = band.position
    if squares is not None:
        low, high = cepheus.band_squares(band)
        if high is None:
            return start + 0.5
        share = (squares - low + 0.5) / (high - low + 1)
    else:
        low_m, high_m = cepheus.band_metres(band)
        if high_m is None:
            return start + 0.5
        share = float((metres - low_m) / (high_m - low_m))
    return start + min(0.97, max(0.03, share))


class CepheusRangeBands(CepheusCalculator):
    """A distance and its range band (source: ``003_c7092257a5e3046d.txt``, "Range")."""

    distance = param.Number(default=20, label="Distance to target")
    unit = param.Selector(objects=UNITS, default="squares", label="Distance in")

    def compute(self) -> RangeBandsResult:
        distance = read_distance(self.distance, self.unit)
        with inputs_named("distance"):
            band = (
                cepheus.range_band(distance.whole_squares, variant=self.variant)
                if distance.whole_squares is not None
                else cepheus.range_band_metres(distance.metres)
            )
        return RangeBandsResult(
            band=band,
            distance=distance,
            position=chart_position(band, distance.whole_squares, distance.metres),
            difficulties=tuple(
                (weapon, cepheus.attack_difficulty(weapon, band)) for weapon in cepheus.WeaponType
            ),
            edges=cepheus.band_metres(band),
            grid=GRID,
        )


GRID: Grid = tuple(
    (weapon, tuple(cepheus.attack_difficulty(weapon, band) for band in cepheus.RangeBand))
    for weapon in cepheus.WeaponType
)
"""Each weapon type's difficulty at every band (Attack Difficulty by range), in band order."""


def cells(grid: Grid) -> dict[str, list[Any]]:
    """The chart's cells: one per weapon type and band where the weapon can attack."""
    dms = [d.dm for _weapon, row in grid for d in row if d is not None]
    best, worst = max(dms, default=0), min(dms, default=0)
    data: dict[str, list[Any]] = {
        "x": [], "weapon": [], "band": [], "dm": [], "text": [], "difficulty": [], "alpha": [],
        "strong": [],
    }  # fmt: skip
    for weapon, row in grid:
        for band, difficulty in zip(cepheus.RangeBand, row, strict=True):
            if difficulty is None:
                continue
            data["x"].append(band.position + 0.5)
            data["weapon"].append(weapon.label)
            data["band"].append(band.label)
            data["dm"].append(difficulty.dm)
            data["text"].append(signed(difficulty.dm))
            data["difficulty"].append(difficulty.label)
            alpha = 1 - 0.75 * (best - difficulty.dm) / (best - worst or 1)
            data["alpha"].append(alpha)
            data["strong"].append(alpha > 0.6)
    data["colour"] = [
        THEMES["light"]["background" if strong else "text"] for strong in data["strong"]
    ]
    return data


class CepheusRangeBandsView(PageView):
    """The page: the distance; its band, the weapon x band chart and the two tables."""

    model_class = CepheusRangeBands
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Range (Personal Combat Range Bands, Attack "
        "Difficulty by range). Interpretations (rules/SOURCES.md): 334 squares is Very Long, "
        "not Distant; metres are read exactly, each band running up to its printed upper edge; "
        "squares and metres follow their own columns."
    )

    def sections(self) -> list[Any]:
        legend = ", ".join(f"{d.label} {signed(d.dm)}" for d in cepheus.Difficulty)
        return [
            heading("Distance", margin=(0, 10)),
            self.field("distance"),
            self.field("unit"),
            note(
                f"A grid square is {float(cepheus.SQUARE_METRES):g} m. The squares and metres "
                "columns of the Personal Combat Range Bands table disagree at 34 squares (51 m) "
                "and 334 squares (501 m): each unit follows its own column."
            ),
            note(f"Difficulty DMs: {legend}. A gap: the weapon cannot attack at that range."),
        ]

    def details(self) -> list[Any]:
        self._cells = ColumnDataSource(cells(()))
        weapons = [w.label for w in cepheus.WeaponType]
        bands = list(cepheus.RangeBand)
        fig = figure(
            height=380, width=340, min_width=240, sizing_mode="stretch_width",
            title="Difficulty DM by weapon and band",
            x_range=(0, len(bands)), y_range=FactorRange(factors=list(reversed(weapons))),
            toolbar_location=None, tools="",
        )  # fmt: skip
        # The current band and distance: glyphs drawn before the cells, so they sit under them.
        self._here_source = ColumnDataSource({"x": [], "left": [], "right": []})
        self._here_band = fig.vstrip(
            x0="left", x1="right", source=self._here_source, fill_alpha=0.14, line_alpha=0
        )
        self._here = fig.vspan(x="x", source=self._here_source, line_dash="dashed", line_width=2)
        self._rects = fig.rect(
            x="x", y="weapon", width=0.94, height=0.86, source=self._cells,
            fill_alpha="alpha", line_color=None,
        )  # fmt: skip
        fig.text(
            x="x", y="weapon", text="text", source=self._cells, text_align="center",
            text_color="colour", text_baseline="middle", text_font_size="12px",
            text_font_style="bold",
        )  # fmt: skip
        fig.add_tools(
            HoverTool(
                tooltips=[("", "@weapon at @band range"), ("difficulty", "@difficulty (@text)")],
                renderers=[self._rects],
            )
        )
        ticks = [b.position + 0.5 for b in bands]
        fig.xaxis.ticker = FixedTicker(ticks=ticks)
        fig.xaxis.major_label_overrides = {
            tick: b.label.replace(" ", "\n") for tick, b in zip(ticks, bands, strict=True)
        }
        fig.xaxis.major_label_text_font_size = "10px"
        self._fig = fig
        self._table = html_pane()
        self._bands = html_pane()
        self._grid_table = html_pane()
        return [*self.chart_and_table(fig, self._grid_table), self._table, self._bands]

    def figures(self, result: RangeBandsResult) -> list[Figure]:
        best_dm, best = _best(result)
        return [
            Figure(result.band.label, "range band", "band", band_edges_text(result.edges)),
            Figure(result.distance.text(), "distance", "converted"),
            Figure(
                signed(best_dm) if best_dm is not None else "none",
                "best difficulty DM here: " + ", ".join(best),
                "best-dm",
            ),
        ]

    def render(self, result: RangeBandsResult) -> None:
        colours = THEMES[self.theme]
        self._fig.xgrid.grid_line_color = None
        self._fig.ygrid.grid_line_color = None
        self._rects.glyph.fill_color = colours["accent"]
        data = cells(result.grid)
        data["colour"] = [
            colours["background"] if strong else colours["text"] for strong in data["strong"]
        ]
        set_data(self._cells, data)
        bands = list(cepheus.RangeBand)
        self._grid_table.object = chart_table_html(
            "Attack difficulty (DM) by weapon type and range band",
            ["Weapon", *(band.label for band in bands)],
            [
                [weapon.label]
                + [f"{d.label} ({signed(d.dm)})" if d else "cannot" for d in difficulties]
                for weapon, difficulties in result.grid
            ],
        )
        self._here_source.data = {
            "x": [result.position],
            "left": [result.band.position],
            "right": [result.band.position + 1],
        }
        self._here.glyph.line_color = colours["text"]
        self._here_band.glyph.fill_color = colours["accent2"]
        best_dm, _best_weapons = _best(result)
        rows = [
            (w.label, d.label if d else "cannot attack", signed(d.dm) if d else "")
            for w, d in result.difficulties
        ]
        self._table.object = html_table(
            ["Weapon", f"Difficulty at {result.band.label} range", "DM"],
            rows,
            numeric=[2],
            current=lambda i: best_dm is not None and rows[i][2] == signed(best_dm),
            testid="difficulties",
            row_testids=[f"at-{w.value}" for w, _d in result.difficulties],
        )
        self._bands.object = html_table(
            ["Range", "Distance to Target", "Squares to Target"],
            [(row.band.label, row.distance_text, row.squares_text) for row in cepheus.RANGE_BANDS],
            current=lambda i: cepheus.RANGE_BANDS[i].band is result.band,
            testid="range-bands",
        )


def _best(result: RangeBandsResult) -> tuple[int | None, list[str]]:
    """The best difficulty DM at the result's band and the weapons that have it."""
    reach = [(w, d) for w, d in result.difficulties if d is not None]
    best_dm = max((d.dm for _w, d in reach), default=None)
    return best_dm, [w.label for w, d in reach if d.dm == best_dm]
