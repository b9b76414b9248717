# Over 600 lines: one page (model and view in one module, as every page): the grid chart with taps,
# path editing and the typed table.
"""MOO2 Defensive Fire: the chance that a Normal-mount ship fires while an enemy ship moves.

Model: :class:`Moo2DefensiveFire` (a small combat grid, the DF ship, the enemy's start and path,
the rules in force and the chance tables; every chance from :mod:`rules.moo2`).
View: :class:`Moo2DefensiveFireView` (the grid coloured by the chance of DF on each square, a tap
adds or removes a square of the path; the chance square by square and cumulated along the path).

The classic chance table is an image missing from the source: it is an input with no default
(an empty table: 100% at or inside the DFR, 0 beyond it, which the source does state).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.plotting import figure

from rules import moo2
from rules.validation import InvalidInput, check_int
from webapp.components import (
    Figure,
    chart_table_html,
    group,
    heading,
    html_pane,
    html_table,
    note,
    row,
)
from webapp.formatting import exact_text, percent
from webapp.pages.model import input_error, inputs_named
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "DIRECTIONS",
    "MAX_GRID",
    "DefensiveFireResult",
    "Moo2DefensiveFire",
    "Moo2DefensiveFireView",
    "parse_chances",
    "parse_path",
    "path_text",
    "tapped_path",
]

Square = tuple[int, int]

MAX_GRID = moo2.DEFENSIVE_FIRE_SQUARES + 1
"""The largest grid side (25 squares): corner to corner is then 24 squares, the farthest a
Normal beam, hence Defensive Fire, reaches (:data:`rules.moo2.DEFENSIVE_FIRE_SQUARES`)."""
MIN_GRID = 3
"""The smallest grid side: a page choice (room for the two ships and a move)."""
MAX_TEXT = 2000
"""The most characters a typed path or table may have: a page choice, a bound on parsing."""
LABELLED_GRID = 14
"""Grids up to this side show each square's chance as text (larger ones: colour only)."""

DIRECTIONS: dict[str, Square] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}  # fmt: skip
"""Moves of one square; north is up on the grid (y grows upward)."""

MODE_LABELS = {
    moo2.DefensiveFireMode.CLASSIC: "1.50 classic",
    moo2.DefensiveFireMode.ALTERNATE: "1.50 alternate",
    moo2.DefensiveFireMode.BUGGED: "1.31/1.40",
}

PATH_SYNTAX = "squares x,y or moves such as E or 3NW, separated by spaces"
TABLE_SYNTAX = "entries key:percent such as 1:90 2:50, separated by spaces"


# --- parsing the typed inputs -----------------------------------------------------------------


def _check_text(name: str, text: object) -> str:
    if not isinstance(text, str):
        raise input_error(name, "text", text)
    if len(text) > MAX_TEXT:
        raise input_error(name, f"at most {MAX_TEXT} characters", f"{len(text)} characters")
    return text


def parse_path(text: object, start: Square, size: int) -> tuple[Square, ...]:
    """The squares the enemy enters, from the path input (squares ``x,y`` or moves ``3NE``).

    Each square must lie on the grid and be one step (diagonals included) from the one before,
    the first from ``start``: a ship enters every square it travels through, and Defensive Fire
    rolls "per travel square" (``001_cd7e90afc4e65868.txt``). An error about input ``path``
    otherwise, showing the offending entry.

    >>> parse_path("3,4 E 2NE", (2, 4), 8)
    ((3, 4), (4, 4), (5, 5), (6, 6))
    >>> parse_path("", (0, 0), 8)
    ()
    """
    squares: list[Square] = []
    here = start
    for token in _check_text("path", text).replace(";", " ").split():
        square = re.fullmatch(r"(-?\d{1,3}),(-?\d{1,3})", token)
        move = re.fullmatch(r"(\d{1,3})?(NE|NW|SE|SW|N|E|S|W)", token.upper())
        if square:
            steps = [(int(square[1]), int(square[2]))]
        elif move and (move[1] is None or int(move[1]) >= 1):
            dx, dy = DIRECTIONS[move[2]]
            count = int(move[1] or 1)
            if len(squares) + count > moo2.MAX_PATH_SQUARES:
                raise input_error("path", f"at most {moo2.MAX_PATH_SQUARES} squares", token)
            steps = []
            for _ in range(count):
                here = (here[0] + dx, here[1] + dy)
                steps.append(here)
            here = squares[-1] if squares else start
        else:
            raise input_error("path", PATH_SYNTAX, token)
        for step in steps:
            if not (0 <= step[0] < size and 0 <= step[1] < size):
                raise input_error("path", f"squares on the grid (x and y in 0..{size - 1})", token)
            if moo2.grid_distance(here, step) != 1:
                raise input_error(
                    "path",
                    "squares each one step (diagonals included) from the square before, the "
                    "first one from the enemy's start",
                    token,
                )
            if len(squares) >= moo2.MAX_PATH_SQUARES:
                raise input_error("path", f"at most {moo2.MAX_PATH_SQUARES} squares", token)
            squares.append(step)
            here = step
    return tuple(squares)


def parse_chances(name: str, text: object) -> tuple[dict[int, Fraction], dict[int, str]]:
    """A typed chance table ``"1:90 2:62.5"`` (key: percent) as ``{key: chance}``, exactly,
    with the entry each key was typed in (to show it in an error). Keys are checked by the rule
    that uses the table; here only the syntax, 0-100% and each key once.

    >>> parse_chances("table", "1:90 2: 62.5%")[0]
    {1: Fraction(9, 10), 2: Fraction(5, 8)}
    """
    chances: dict[int, Fraction] = {}
    entries: dict[int, str] = {}
    normal = re.sub(r"\s*:\s*", ":", _check_text(name, text)).replace(",", " ").replace(";", " ")
    for token in normal.split():
        found = re.fullmatch(r"(\d{1,3}):(\d{1,3}(?:\.\d{1,6})?)%?", token)
        if found is None:
            raise input_error(name, TABLE_SYNTAX, token)
        key, value = int(found[1]), Fraction(found[2]) / 100
        if value > 1:
            raise input_error(name, "percentages from 0 to 100", token)
        if key in chances:
            raise input_error(name, "each key once", token)
        chances[key], entries[key] = value, token
    return chances, entries


@contextmanager
def _entries_of(name: str, entries: dict[int, str]) -> Iterator[None]:
    """A rule's error about an entry of typed table ``name``: shown with the entry as typed."""
    try:
        with inputs_named(name):
            yield
    except InvalidInput as error:
        where = str(getattr(error, "where", ""))
        key = re.fullmatch(r"\[(\d+)\]", where)
        value = getattr(error, "value", None)
        typed = entries.get(int(key[1])) if key else entries.get(value) if where else None
        allowed = getattr(error, "allowed", None)
        if typed is None or not isinstance(allowed, str):
            raise
        raise input_error(name, allowed, typed) from None


def path_text(squares: tuple[Square, ...]) -> str:
    """A path as the path input writes it: ``"3,4 4,4"``."""
    return " ".join(f"{x},{y}" for x, y in squares)


def tapped_path(
    squares: tuple[Square, ...], start: Square, tapped: Square, size: int
) -> tuple[Square, ...]:
    """The path after a tap on square ``tapped`` (a page convenience, not a rule).

    A tap on the enemy's start clears the path; on a square of the path, cuts the path after it
    (on its last square: removes it); elsewhere, extends the path one step at a time (diagonal
    first) to the tapped square, up to :data:`rules.moo2.MAX_PATH_SQUARES` squares.

    >>> tapped_path(((1, 0),), (0, 0), (3, 2), 8)
    ((1, 0), (2, 1), (3, 2))
    >>> tapped_path(((1, 0), (2, 1), (3, 2)), (0, 0), (3, 2), 8)
    ((1, 0), (2, 1))
    """
    x, y = tapped
    if not (0 <= x < size and 0 <= y < size):
        return squares
    if tapped == start:
        return ()
    if tapped in squares:
        index = squares.index(tapped)
        return squares[:index] if index == len(squares) - 1 else squares[: index + 1]
    path = list(squares)
    here = path[-1] if path else start
    while here != tapped and len(path) < moo2.MAX_PATH_SQUARES:
        here = (here[0] + _sign(x - here[0]), here[1] + _sign(y - here[1]))
        path.append(here)
    return tuple(path)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


# --- the model --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DefensiveFireResult:
    """Everything the page shows for one set of inputs."""

    size: int
    ship: Square
    start: Square
    path: tuple[Square, ...]
    mode: moo2.DefensiveFireMode
    enabled: bool
    dfr: int
    dfr_in_force: int | None
    """The DFR the chances use (first turn: three times lower); None in alternate mode."""
    by_distance: tuple[Fraction, ...]
    """The chance of one roll at each distance 0..size-1 (colours of the grid)."""
    distances: tuple[int, ...]
    chances: tuple[Fraction, ...]
    """The chance of the roll at each square of the path."""
    cumulative: tuple[Fraction, ...]
    probability: Fraction
    certain_at: int | None
    """The first step (1-based) at which DF has surely triggered, or None."""
    start_distance: int
    table: dict[int, Fraction]
    range_chances: dict[int, Fraction]
    ends_too_close: bool
    """1.31/1.40 with the "too close" bug: this move ends too close, so no DF at all."""
    first_turn: bool = False
    max_range: int | None = None


class Moo2DefensiveFire(Moo2Calculator):
    """Defensive Fire against one moving enemy ship (source: ``001_cd7e90afc4e65868.txt``)."""

    mode = param.Selector(
        objects={label: mode.value for mode, label in MODE_LABELS.items()},
        default="classic",
        label="Rules in force",
    )
    switch_params: ClassVar[Mapping[str, str]] = {
        "defensive_fire": "mode"
    }  # (the page's defensive_fire: the INI flag)
    initiative = param.Boolean(default=False, label="Ship initiative (INI) on")
    defensive_fire = param.Boolean(
        default=False, label="defensive_fire parameter on (1.50, INI games)"
    )
    first_turn = param.Boolean(default=False, label="First turn of the battle")
    size = param.Integer(default=12, label="Grid size (squares per side)")
    ship_x = param.Integer(default=2, label="DF ship: column x")
    ship_y = param.Integer(default=5, label="DF ship: row y")
    start_x = param.Integer(default=10, label="Enemy start: column x")
    start_y = param.Integer(default=8, label="Enemy start: row y")
    path = param.String(
        default="9,7 8,6 7,5 6,5 5,5 4,5",
        label="Enemy path (squares it enters)",
        doc=f"{PATH_SYNTAX}; N is up.",
    )
    dfr = param.Integer(default=3, label="Defensive Fire Range, DFR (squares)")
    table = param.String(
        default="",
        label="Classic table: % by squares beyond the DFR",
        doc=f"{TABLE_SYNTAX}; an unlisted key is 0%.",
    )
    use_max_range = param.Boolean(default=False, label="Limit with defensive_fire_max_range")
    max_range = param.Integer(default=24, label="defensive_fire_max_range (squares)")
    range_chances = param.String(
        default="",
        label="alternate_defensive_fire_range: % by range unit",
        doc=f"{TABLE_SYNTAX}; keys are range units 0-8 (3 squares each); unlisted is 0%.",
    )
    use_too_close = param.Boolean(
        default=False, label="1.31/1.40 bug: no DF if the move ends too close"
    )
    too_close = param.Integer(default=1, label="Too close: destination within (squares)")

    def tap(self, square: Square) -> None:
        """Extend the path to ``square`` (a tap on the grid): the path typed so far, or the
        last good one if the typed one has an error, then :func:`tapped_path`."""
        result: DefensiveFireResult | None = self.result
        if result is None:
            return
        try:
            current = parse_path(self.path, result.start, result.size)
        except ValueError:
            current = result.path
        self.path = path_text(tapped_path(current, result.start, square, result.size))

    def compute(self) -> DefensiveFireResult:
        mode = moo2.DefensiveFireMode(self.mode)
        size = check_int("size", self.size, MIN_GRID, MAX_GRID)
        ship = (check_int("ship_x", self.ship_x, 0, size - 1),
                check_int("ship_y", self.ship_y, 0, size - 1))  # fmt: skip
        start = (check_int("start_x", self.start_x, 0, size - 1),
                 check_int("start_y", self.start_y, 0, size - 1))  # fmt: skip
        dfr = check_int("dfr", self.dfr, 0)
        max_range = check_int("max_range", self.max_range, 0)
        too_close = check_int("too_close", self.too_close, 0)
        path = parse_path(self.path, start, size)
        table, table_entries = parse_chances("table", self.table)
        range_chances, range_entries = parse_chances("range_chances", self.range_chances)
        with inputs_named("path"):
            distances = moo2.path_distances(ship, path)
        with inputs_named("start_x"):
            start_distance = moo2.grid_distance(ship, start)
        enabled = moo2.defensive_fire_enabled(
            initiative=self.initiative,
            defensive_fire=self.defensive_fire,
            mode=mode,
            variant=self.variant,
        )
        limit = max_range if self.use_max_range else None
        every = list(range(size))
        ends_too_close = False
        dfr_in_force: int | None = dfr
        if mode is moo2.DefensiveFireMode.ALTERNATE:
            dfr_in_force = None
            with _entries_of("range_chances", range_entries):
                by_distance = moo2.alternate_defensive_fire_path_chances(
                    range_chances, every, max_range=limit
                )
                chances = moo2.alternate_defensive_fire_path_chances(
                    range_chances, distances, max_range=limit
                )
        elif mode is moo2.DefensiveFireMode.CLASSIC:
            if self.first_turn:
                dfr_in_force = moo2.first_turn_defensive_fire_range(dfr, variant=self.variant)
            options: dict[str, Any] = {"first_turn": self.first_turn, "max_range": limit}
            with _entries_of("table", table_entries):
                by_distance = moo2.defensive_fire_path_chances(
                    every, dfr, table, **options, variant=self.variant
                )
                chances = moo2.defensive_fire_path_chances(
                    distances, dfr, table, **options, variant=self.variant
                )
        else:
            limit = None
            near = too_close if self.use_too_close else None
            bugged: dict[str, Any] = {"start": start_distance, "first_turn": self.first_turn}
            with _entries_of("table", table_entries):
                by_distance = moo2.bugged_defensive_fire_path_chances(every, dfr, table, **bugged)
                chances = moo2.bugged_defensive_fire_path_chances(
                    distances, dfr, table, **bugged, too_close=near
                )
                anyway = moo2.bugged_defensive_fire_path_chances(distances, dfr, table, **bugged)
            ends_too_close = chances != anyway
        if not enabled:
            by_distance = tuple(Fraction(0) for _ in every)
            chances = tuple(Fraction(0) for _ in distances)
        cumulative = moo2.defensive_fire_cumulative(chances)
        certain = next((i + 1 for i, c in enumerate(cumulative) if c == 1), None)
        return DefensiveFireResult(
            size=size,
            ship=ship,
            start=start,
            path=path,
            mode=mode,
            enabled=enabled,
            dfr=dfr,
            dfr_in_force=dfr_in_force,
            by_distance=tuple(by_distance),
            distances=distances,
            chances=tuple(chances),
            cumulative=cumulative,
            probability=moo2.defensive_fire_path_probability(chances),
            certain_at=certain,
            start_distance=start_distance,
            table=table,
            range_chances=range_chances,
            ends_too_close=ends_too_close,
            first_turn=self.first_turn,
            max_range=limit,
        )


# --- the view ---------------------------------------------------------------------------------


def _mix(low: str, high: str, share: float) -> str:
    """The colour ``share`` of the way from ``low`` to ``high`` (both ``#rrggbb``)."""
    a = [int(low[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(high[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


class Moo2DefensiveFireView(PageView):
    """The page: rules, grid and tables; the grid coloured by chance; the path's chances."""

    model_class = Moo2DefensiveFire
    rule_note = (
        "Source: Defensive Fire (MOO2 1.50 patch notes, 001_cd7e90afc4e65868.txt); squares and "
        "range units from Notes on Beam Weapon Mechanics. Interpretations (rules/SOURCES.md, "
        "Defensive Fire): distance is max(|dx|, |dy|) squares; every square entered rolls once, "
        "independently; 100% at or inside the DFR; first-turn DFR divided by 3 rounded down; "
        "no DF beyond 24 squares or beyond defensive_fire_max_range; alternate DF has no DFR; "
        "1.31/1.40 ran DF with INI on, not on the first turn, not when the move starts beyond "
        "24 squares."
    )

    def sections(self) -> list[Any]:
        m = self.model
        self._groups = {
            ("size", "ship_x", "ship_y", "start_x", "start_y"): group(
                "Grid size and where the ships are",
                self.field("size"),
                row(self.field("ship_x"), self.field("ship_y"), basis=120),
                row(self.field("start_x"), self.field("start_y"), basis=120),
            ),
            ("use_max_range", "max_range"): group(
                "defensive_fire_max_range (1.50)",
                self.field("use_max_range"),
                self.field("max_range"),
            ),
            ("range_chances",): group(
                "Alternate DF chances (1.50)",
                self.field("range_chances"),
                note(
                    "alternate_defensive_fire_range: range unit : percent, e.g. 1:50 2:25 "
                    "(units of 3 squares: 1 = 1-3 squares, 2 = 4-6...). The source gives no "
                    "values."
                ),
                collapsed=m.mode != moo2.DefensiveFireMode.ALTERNATE,
            ),
            ("use_too_close", "too_close"): group(
                "1.31/1.40 bug: destination too close",
                self.field("use_too_close"),
                self.field("too_close"),
                collapsed=m.mode != moo2.DefensiveFireMode.BUGGED,
            ),
        }
        m.param.watch(self._open_group, ["mode"])
        cards = list(self._groups.values())
        return [
            heading("Rules", margin=(0, 10)),
            self.field("mode"),
            *(self.field(name) for name in ("initiative", "defensive_fire", "first_turn")),
            heading("The enemy's path"),
            self.field("path"),
            note(
                f"Path: {PATH_SYNTAX} (N is up, x counts from the left, y from the bottom, from "
                "0). Or tap the grid: a tap extends the path to the square, a tap on the path "
                "cuts it there (on its last square, removes it), a tap on the enemy clears it."
            ),
            cards[0],
            heading("Chances"),
            self.field("dfr"),
            note(
                "The DFR is the closest any enemy ship can move to the DF ship this turn; the "
                "source gives no movement rules, so type it."
            ),
            self.field("table"),
            note(
                "The official classic table is NOT included: in the source it is an image that "
                "is missing from the text. Type its figures in as squares beyond the DFR : "
                "percent, e.g. 1:90 2:75 (these numbers are examples, not the game's). Empty: "
                "100% at or inside the DFR and 0% beyond, the only figures the source states."
            ),
            *cards[1:],
        ]  # fmt: skip

    def _open_group(self, event: param.parameterized.Event) -> None:
        """Open the group of the inputs the new mode uses (the group of an input with an error
        opens for every page: ``PageView._unfold_error``)."""
        opened = {
            moo2.DefensiveFireMode.ALTERNATE: "range_chances",
            moo2.DefensiveFireMode.BUGGED: "too_close",
        }.get(event.new, "")
        for names, card in self._groups.items():
            if opened in names:
                card.collapsed = False

    def details(self) -> list[Any]:
        self._grid_fig = figure(
            height=380, width=380, min_width=240, max_width=520, sizing_mode="scale_width",
            title="Chance of DF on each square (tap to edit the path)",
            toolbar_location=None, tools="tap", match_aspect=True,
            x_axis_label="x", y_axis_label="y",
            x_range=Range1d(-0.5, 11.5), y_range=Range1d(-0.5, 11.5),
        )  # fmt: skip
        self._squares = ColumnDataSource(
            {"x": [], "y": [], "color": [], "text": [], "distance": [], "chance": [], "exact": []}
        )
        cells = self._grid_fig.rect(
            x="x", y="y", width=0.94, height=0.94, fill_color="color", line_color=None,
            source=self._squares,
        )  # fmt: skip
        self._cell_text = self._grid_fig.text(
            x="x", y="y", text="text", text_align="center", text_baseline="middle",
            text_font_size="8px", source=self._squares,
        )  # fmt: skip
        self._grid_fig.add_tools(
            HoverTool(
                tooltips=[("square", "@x,@y"), ("distance", "@distance"), ("chance", "@chance")],
                renderers=[cells],
            )
        )
        self._path_line = ColumnDataSource({"x": [], "y": []})
        self._path_glyph = self._grid_fig.line(
            x="x", y="y", line_width=3, line_alpha=0.8, source=self._path_line
        )
        self._path_dots = ColumnDataSource({"x": [], "y": []})
        self._dots_glyph = self._grid_fig.scatter(
            x="x", y="y", size=7, marker="circle", source=self._path_dots
        )
        self._ships = ColumnDataSource({"x": [], "y": [], "marker": [], "color": []})
        self._grid_fig.scatter(
            x="x", y="y", size=16, marker="marker", fill_color="color", line_color="color",
            source=self._ships,
        )  # fmt: skip
        self._grid_fig.grid.visible = False
        self._grid_fig.on_event(Tap, self._tapped)
        self._grid_table = html_pane()

        self._path_fig = figure(
            height=260, width=300, min_width=240, sizing_mode="stretch_width",
            title="Along the path: chance per square and cumulative",
            x_axis_label="square entered (step)", y_axis_label="chance",
            toolbar_location=None, tools="", y_range=Range1d(0, 1.05),
        )  # fmt: skip
        self._steps = ColumnDataSource(
            {"step": [], "chance": [], "cumulative": [], "here": [], "total": [], "square": []}
        )
        bars = self._path_fig.vbar(
            x="step", top="chance", width=0.7, source=self._steps, legend_label="this square"
        )
        self._cumulative_line = self._path_fig.line(
            x="step", y="cumulative", line_width=3, source=self._steps,
            legend_label="DF by then",
        )  # fmt: skip
        self._bars = bars
        self._path_fig.add_tools(
            HoverTool(
                tooltips=[("step", "@step (@square)"), ("this square", "@here"),
                          ("DF by then", "@total")],
                renderers=[bars],
            )
        )  # fmt: skip
        self._path_fig.legend.location = "top_left"
        self._path_table = html_pane()
        self._tables = html_pane()
        self._legend = html_pane()
        return [
            *self.chart_and_table(self._grid_fig, self._grid_table, between=[self._legend]),
            *self.chart_and_table(self._path_fig, self._path_table),
            self._tables,
        ]

    def _tapped(self, event: Tap) -> None:
        if event.x is None or event.y is None:
            return
        self.model.tap((math.floor(event.x + 0.5), math.floor(event.y + 0.5)))

    def figures(self, result: DefensiveFireResult) -> list[Figure]:
        if result.certain_at is None:
            certain = Figure("never", "first square where DF is certain", "certain-at")
        else:
            x, y = result.path[result.certain_at - 1]
            certain = Figure(f"square {result.certain_at}", "first square where DF is certain",
                             "certain-at", f"{x},{y}")  # fmt: skip
        if result.dfr_in_force is None:
            dfr = Figure("none", "DFR (alternate DF uses none)", "dfr")
        elif result.mode is moo2.DefensiveFireMode.CLASSIC and result.first_turn:
            dfr = Figure(f"{result.dfr_in_force} sq", "DFR on the first turn", "dfr",
                         f"{result.dfr} / {moo2.FIRST_TURN_DFR_DIVISOR}, rounded down")  # fmt: skip
        else:
            dfr = Figure(f"{result.dfr_in_force} sq", "Defensive Fire Range", "dfr")
        squares = len(result.path)
        return [
            Figure(percent(result.probability),
                   f"DF at least once along the path ({squares} square"
                   f"{'' if squares == 1 else 's'})",
                   "path-chance", str(result.probability)),
            dfr,
            certain,
            Figure("on" if result.enabled else "off", "Defensive Fire in these rules",
                   "df-enabled"),
        ]  # fmt: skip

    def note(self, result: DefensiveFireResult) -> str:
        why = []
        if not result.enabled:
            why.append("Defensive Fire is off: ship initiative is on and defensive_fire is off.")
        if result.mode is moo2.DefensiveFireMode.BUGGED:
            if result.first_turn:
                why.append("1.31/1.40: no DF on the first turn of battle.")
            if result.start_distance > moo2.DEFENSIVE_FIRE_SQUARES:
                why.append("1.31/1.40: the move starts out of Normal beam range: no DF.")
            if result.ends_too_close:
                why.append("1.31/1.40: this move ends too close: no DF at all.")
        return " ".join([*why, self.rule_note])

    def render(self, result: DefensiveFireResult) -> None:
        colours = THEMES[self.theme]
        size = result.size
        data: dict[str, list[Any]] = {k: [] for k in self._squares.data}
        for y in range(size):
            for x in range(size):
                distance = max(abs(x - result.ship[0]), abs(y - result.ship[1]))
                chance = result.by_distance[distance]
                data["x"].append(x)
                data["y"].append(y)
                data["distance"].append(distance)
                data["color"].append(_mix(colours["grid"], colours["accent2"], float(chance)))
                data["chance"].append(percent(chance))
                data["exact"].append(str(chance))
                data["text"].append(
                    f"{float(chance) * 100:.0f}" if size <= LABELLED_GRID and chance else ""
                )
        self._squares.data = data
        self._cell_text.glyph.text_color = colours["text"]
        self._cell_text.glyph.text_font_size = "8px" if size > 10 else "10px"
        xs = [result.start[0], *(x for x, _ in result.path)]
        ys = [result.start[1], *(y for _, y in result.path)]
        self._path_line.data = {"x": xs, "y": ys}
        self._path_dots.data = {"x": xs[1:], "y": ys[1:]}
        self._path_glyph.glyph.line_color = colours["accent"]
        self._dots_glyph.glyph.fill_color = colours["accent"]
        self._dots_glyph.glyph.line_color = colours["accent"]
        self._ships.data = {
            "x": [result.ship[0], result.start[0]],
            "y": [result.ship[1], result.start[1]],
            "marker": ["triangle", "square"],
            "color": [colours["text"], colours["accent"]],
        }
        for axis_range in (self._grid_fig.x_range, self._grid_fig.y_range):
            axis_range.start, axis_range.end = -0.5, size - 0.5
        self._legend.object = (
            "<p class='rf-note'>Triangle: the DF ship; square: the enemy's start; line: its "
            "path. The darker the orange, the greater the chance of the DF roll on that square"
            + (" (percent written on it)" if size <= LABELLED_GRID else "")
            + ".</p>"
        )
        distances = range(size)
        self._grid_table.object = chart_table_html(
            "Chance of one DF roll by distance from the DF ship",
            ["Distance (squares)", "Chance", "Exact"],
            [[str(d), percent(result.by_distance[d]), str(result.by_distance[d])]
             for d in distances],
            numeric=[0, 1],
            testid="distance-table",
        )  # fmt: skip
        steps = list(range(1, len(result.path) + 1))
        self._steps.data = {
            "step": steps,
            "chance": [float(c) for c in result.chances],
            "cumulative": [float(c) for c in result.cumulative],
            "here": [percent(c) for c in result.chances],
            "total": [percent(c) for c in result.cumulative],
            "square": [f"{x},{y}" for x, y in result.path],
        }
        self._bars.glyph.fill_color = colours["accent2"]
        self._bars.glyph.line_color = colours["accent2"]
        self._cumulative_line.glyph.line_color = colours["accent"]
        self._path_fig.x_range.start = 0.5 if steps else 0
        rows = [
            [str(i), f"{x},{y}", str(d), percent(c), percent(total), str(total)]
            for i, ((x, y), d, c, total) in enumerate(
                zip(result.path, result.distances, result.chances, result.cumulative,
                    strict=True),
                start=1,
            )
        ]  # fmt: skip
        self._path_table.object = (
            html_table(
                ["Step", "Square", "Distance", "This square", "DF by then", "Exact"],
                rows,
                numeric=[0, 2, 3, 4],
                current=lambda i: result.certain_at == i + 1,
                testid="path-table",
                caption="The path, square by square",
            )
            if rows
            else "<p class='rf-note' data-testid='path-table'>No path yet: type one or tap the "
            "grid.</p>"
        )
        self._tables.object = self._chance_tables(result)

    def _chance_tables(self, result: DefensiveFireResult) -> str:
        if result.mode is moo2.DefensiveFireMode.ALTERNATE:
            rows = []
            for band in moo2.RANGE_BANDS:
                low, high = band.normal_squares
                squares = str(low) if low == high else f"{low}-{high}"
                chance = result.range_chances.get(band.range_units, Fraction(0))
                rows.append([str(band.range_units), squares, percent(chance), exact_text(chance)])
            return html_table(
                ["Range unit", "Squares", "Chance", "Exact"],
                rows,
                numeric=[0, 2],
                testid="chance-table",
                caption="alternate_defensive_fire_range as typed (the source gives no values)",
            )
        last = max(result.table, default=0)
        shown = range(1, min(last + 1, moo2.DEFENSIVE_FIRE_SQUARES) + 1)
        rows = [["0 (at or inside the DFR)", "100%", "1"]]
        for beyond in shown:
            chance = result.table.get(beyond, Fraction(0))
            rows.append([str(beyond), percent(chance), exact_text(chance)])
        return html_table(
            ["Squares beyond the DFR", "Chance", "Exact"],
            rows,
            numeric=[1],
            testid="chance-table",
            caption="Classic chance table as typed: the official figures are NOT included "
            "(an image missing from the source)",
        ) + (
            "<p class='rf-note'>Every square farther than those listed: 0%.</p>"
            if result.table
            else "<p class='rf-note' data-testid='table-empty'>No figures typed: 0% beyond the "
            "DFR. Type the official table's figures above to use them.</p>"
        )
