"""Cepheus Engine vehicles in personal combat: the ``cepheus-vehicle-combat`` page.

Six passages of chapter 5, one section each, picked by the ``section`` input (deep link
``?page=cepheus-vehicle-combat&section=weave``): Collisions, the vehicle destroyed at negative
Structure ("Structure"), Weave, Ram, Evasive Action and Ground Force Weaponry against
Starship-scale Targets. Model: :class:`CepheusVehicleCombat` (in
:mod:`webapp.pages.cepheus.vehicle_combat_model`, re-exported here). View:
:class:`CepheusVehicleCombatView`: the section's inputs, its key figures, its tables, one chart
with the table of its data, and a seeded "Roll it".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import panel as pn
from bokeh.core.property.vectorization import value as fixed
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from rules import cepheus
from rules.dice import Distribution
from webapp.components import (
    Figure,
    chart_table_html,
    heading,
    html_pane,
    html_table,
    mean_text,
    note,
    set_data,
    signed,
)
from webapp.formatting import exact_text, percent
from webapp.pages.cepheus.explosions import REACTION_NAMES
from webapp.pages.cepheus.vehicle import TABLE_LABELS
from webapp.pages.cepheus.vehicle_combat_model import (
    COLLISION_INPUTS,
    RAM_INPUTS,
    SECTION_INPUTS,
    CepheusVehicleCombat,
    CollisionResult,
    EvasiveResult,
    ExplosionResult,
    RamResult,
    Section,
    StarshipResult,
    VehicleCombatResult,
    WeaveResult,
)
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = ["CepheusVehicleCombat", "CepheusVehicleCombatView", "Series", "SeriesBars"]

EXACT_SHOWN = 24
"""The longest exact fraction the page prints in full (a collision at 400 kph counts over
``6 ** 40`` rolls)."""


def exact(p: Fraction) -> str:
    """``p`` as a percentage with its exact fraction when short enough to read."""
    text = str(p)
    return f"{percent(p)} ({text})" if len(text) <= EXACT_SHOWN else percent(p)


def mean_exact(distribution: Distribution[int]) -> str:
    rounded, whole = mean_text(distribution)
    return f"{rounded} ({whole})" if len(whole) <= EXACT_SHOWN else rounded


Series = tuple[str, Mapping[int, Fraction] | None]
"""One series of the chart: its name and its values by x (``None``: not drawn)."""

COLOURS = ("accent", "miss", "accent3")


class SeriesBars:
    """Up to three series of bars side by side over whole numbers (damage, weaving number)."""

    WIDTH = 0.27

    def __init__(self) -> None:
        self.figure = figure(
            height=280, width=320, min_width=200, sizing_mode="stretch_width", title="",
            x_axis_label="", y_axis_label="probability", toolbar_location=None, tools="",
        )  # fmt: skip
        self.sources: list[ColumnDataSource] = []
        self.renderers = []
        for index in range(len(COLOURS)):
            source = ColumnDataSource({"x": [], "value": [], "probability": [], "percent": [],
                                       "label": []})  # fmt: skip
            bars = self.figure.vbar(x="x", top="probability", width=self.WIDTH, source=source,
                                    legend_label=f"series {index}")  # fmt: skip
            bars.tags = [f"vehicle-series-{index}"]
            self.sources.append(source)
            self.renderers.append(bars)
        self.figure.add_tools(
            HoverTool(tooltips=[("", "@label"), ("x", "@value"), ("chance", "@percent")])
        )
        self.figure.y_range.start = 0
        self.figure.xaxis[0].ticker.min_interval = 1  # whole numbers only
        legend = self.figure.legend[0]
        legend.orientation = "horizontal"
        legend.click_policy = "hide"
        legend.label_text_font_size = "12px"
        legend.padding = legend.margin = 2
        # Two to a row: three in one ran past a phone's width ("Unsecured passenger" cut off,
        # the page scrolling sideways).
        legend.ncols = 2
        self.figure.add_layout(legend, "above")  # (inside, it hid the tallest bars)

    def show(self, title: str, x_label: str, series: Sequence[Series], theme: str) -> None:
        """Draw ``series`` (at most three; one whose values are None is left out, the others
        side by side). Each keeps the colour of its place in ``series``, whether or not the
        ones before it are drawn: the unsecured passengers' bars are the same green with and
        without the ramming vehicle's."""
        colours = THEMES[theme]
        drawn = [(place, s) for place, s in enumerate(series) if s[1] is not None]
        self.figure.title.text = title
        self.figure.xaxis.axis_label = x_label
        items = self.figure.legend.items
        for index, source in enumerate(self.sources):
            place, (name, values) = drawn[index] if index < len(drawn) else (index, ("", None))
            offset = (index - (len(drawn) - 1) / 2) * self.WIDTH
            keys = list(values or {})
            set_data(source, {
                "x": [k + offset for k in keys],
                "value": keys,
                "probability": [float(values[k]) for k in keys] if values else [],
                "percent": [percent(values[k]) for k in keys] if values else [],
                "label": [name] * len(keys),
            })  # fmt: skip
            glyph = self.renderers[index].glyph
            glyph.fill_color = glyph.line_color = colours[COLOURS[place]]
            items[index].label = fixed(name)
            items[index].visible = values is not None
        self.figure.legend.visible = len(drawn) > 1


def chart_rows(series: Sequence[Series]) -> tuple[list[str], list[list[str]]]:
    """The header and rows of a chart's table: one row per x, one column per series."""
    drawn = [(name, values) for name, values in series if values is not None]
    xs = sorted(set().union(*(values for _, values in drawn)))
    rows = [[str(x), *(exact(values.get(x, Fraction(0))) for _, values in drawn)] for x in xs]
    return [name for name, _ in drawn], rows


# --- each section's figures, tables and chart ------------------------------------------------

HIT_NAMES = ("single", "double", "triple")


def hits_text(hits: tuple[int, int, int]) -> str:
    parts = [f"{n} {name}" for n, name in zip(hits, HIT_NAMES, strict=True) if n]
    return ", ".join(parts) if parts else "no hit"


def hits_table(who: str, hits: Distribution[tuple[int, int, int]], testid: str) -> str:
    def order(item: tuple[tuple[int, int, int], Fraction]) -> tuple[int, ...]:
        single, double, triple = item[0]
        return (single + 2 * double + 3 * triple, triple, double)

    rows = [[hits_text(h), exact(p)] for h, p in sorted(hits.items(), key=order)]
    return html_table([f"Hits on {who} (Vehicle Damage table)", "Chance"], rows, numeric=[1],
                      testid=testid)  # fmt: skip


def locations_table(
    who: str, table: cepheus.HitTable, locations: Mapping[cepheus.Location, Distribution[int]],
    testid: str,
) -> str:  # fmt: skip
    rows = [
        [location.label, exact(d.probability(lambda n: n > 0)), mean_exact(d)]
        for location, d in locations.items()
    ]
    return html_table(
        [f"Location on {who} ({TABLE_LABELS[table]})", "Hit at least once", "Mean hits"],
        rows, numeric=[1, 2], testid=testid,
    )  # fmt: skip


def collision_parts(odds: cepheus.CollisionOdds, tables: tuple[cepheus.HitTable, ...]) -> str:
    parts = [
        hits_table("what is hit", odds.struck_hits, "struck-hits"),
        locations_table("what is hit", tables[0], odds.struck_locations, "struck-locations"),
    ]
    if odds.rammer_hits is not None and odds.rammer_locations is not None:
        parts += [hits_table("the ramming vehicle", odds.rammer_hits, "rammer-hits"),
                  locations_table("the ramming vehicle", tables[1], odds.rammer_locations,
                                  "rammer-locations")]  # fmt: skip
    else:
        parts.append("<p class='rf-note'>What it hit is not solid enough: the ramming vehicle "
                     "takes no damage.</p>")  # fmt: skip
    return "".join(map(part, parts))


def part(table: str) -> str:
    """A part of the details (a table, which scrolls in its own box if too wide, or a note),
    with a gap under it."""
    return f"<div style='margin-bottom:0.75rem'>{table}</div>"


def collision_figures(odds: cepheus.CollisionOdds, prefix: str = "") -> list[Figure]:
    out = [Figure(f"{odds.dice}D6", "collision damage (1D6 per 10 kph)",
                  f"{prefix}dice", f"mean {mean_text(odds.damage)[1]}"),
           Figure(mean_text(odds.struck)[0], "mean damage to what is hit, after its armor",
                  f"{prefix}struck-mean", mean_text(odds.struck)[1])]  # fmt: skip
    if odds.rammer is not None:
        out.append(Figure(mean_text(odds.rammer)[0], "mean damage to the ramming vehicle",
                          f"{prefix}rammer-mean", mean_text(odds.rammer)[1]))  # fmt: skip
    out += [
        Figure(f"{odds.thrown_metres} m", "unsecured passengers thrown (if possible)",
               f"{prefix}thrown"),
        Figure(mean_text(odds.secured)[0], "mean damage to a secured passenger (a quarter)",
               f"{prefix}secured-mean", mean_text(odds.secured)[1]),
    ]  # fmt: skip
    return out


def collision_series(odds: cepheus.CollisionOdds) -> list[Series]:
    return [("What is hit", odds.struck), ("Ramming vehicle", odds.rammer),
            ("Unsecured passenger", odds.unsecured)]  # fmt: skip


RULE_NOTES: Mapping[Section, str] = {
    Section.COLLISION: (
        "Source: Cepheus Engine SRD, chapter 5, Collisions: 1D6 per 10 kph of speed (round up), "
        "to anything hit and, if it is solid enough, to the ramming vehicle; unsecured "
        "passengers of a damaged vehicle take the same damage and are thrown 3 m per 10 kph, "
        "secured ones take one quarter. Then armor, the Vehicle Damage and Vehicle Hit Location "
        "tables. Interpretations (rules/SOURCES.md): one roll for everyone; the quarter rounded "
        "up; passengers take the damage rolled less their own armor; 10 kph counted as the dice "
        "count them; each hit rolls its location independently."
    ),
    Section.EXPLOSION: (
        "Source: Cepheus Engine SRD, chapter 5, Structure: a vehicle reduced to a negative "
        "Structure score explodes, 4D6 to everyone within six meters (the occupants included) "
        "and 2D6 within twelve; occupants of a closed vehicle cannot dodge or dive for cover, "
        "of an open one can. The dodge (less 1D6) and the dive (half, rounded up) are those of "
        "Explosions (the Explosions page). Interpretations: 'within' includes the distance; "
        "the armor is the character's own."
    ),
    Section.WEAVE: (
        "Source: Cepheus Engine SRD, chapter 5, Weave: a weaving number from 1 to one per 20 "
        "km/h of speed (round up) is the penalty on the driver's check; on a failure he "
        "crashes; on a success each pursuer weaves at the same penalty (or breaks off). "
        "Interpretation: independent checks, 2D6 + DM - weaving number against 8+; one "
        "pursuer (each pursuer takes his own check)."
    ),
    Section.RAM: (
        "Source: Cepheus Engine SRD, chapter 5, Ram: a significant action and a successful "
        "skill check, affected by dodging (-1, -2 with an obstruction) and evasive action (the "
        "target driver's Effect) as normal; the Referee may grant a bonus or declare it "
        "automatically successful. A successful ram is a collision (Collisions). "
        "Interpretation: the ram's Effect adds nothing to the collision's damage."
    ),
    Section.EVASIVE: (
        "Source: Cepheus Engine SRD, chapter 5, Evasive Action: the driver's skill check; its "
        "Effect is a -DM to all attacks against the vehicle or its passengers, and to any "
        "attack made from it, until his next action. Interpretation: a failed check gives no "
        "DM. The attack is that of the Attack page (its inputs 'Evasive Action: Effect of the "
        "target's driver' and 'of the attacker's own driver' take one Effect), here over every "
        "result of the driver's check."
    ),
    Section.STARSHIP: (
        "Source: Cepheus Engine SRD, chapter 5, Ground Force Weaponry against Starship-scale "
        "Targets: DM +4 to hit; damage divided by 50 before the target's armor; every "
        "additional ground weapon adds half its damage dice to the total before the division. "
        "Interpretations (rules/SOURCES.md): the division rounds down; the source does not say "
        "how half of an odd number of dice rounds (an input); the additional weapons add dice "
        "only. Give the DM +4 as the Referee DM on the Attack page."
    ),
}


class CepheusVehicleCombatView(PageView):
    """The page: one passage of "Vehicles in Personal Combat" at a time, exact, with a roll."""

    model_class = CepheusVehicleCombat

    def sections(self) -> list[Any]:
        m = self.model

        def shown_in(*sections: Section, names: Sequence[str]) -> Any:
            def visible(section: str, error_input: str) -> bool:
                return section in sections or error_input in names

            return pn.bind(visible, m.param.section, m.param.error_input)

        def block(title: str, names: Sequence[str], *sections: Section, extra: Any = ()) -> Any:
            return pn.Column(
                heading(title), *(self.field(n) for n in names), *extra,
                sizing_mode="stretch_width", margin=0,
                visible=shown_in(*sections, names=names),
            )  # fmt: skip

        ram = block("The ram check", RAM_INPUTS, Section.RAM)
        collision = block(
            "The collision", COLLISION_INPUTS, Section.COLLISION, Section.RAM,
            extra=[note("'Solid enough' is the Referee's call. The hit tables apply if what "
                        "is hit is a vehicle, robot or drone.")],
        )  # fmt: skip
        explosion = block(
            "The exploding vehicle", SECTION_INPUTS[Section.EXPLOSION], Section.EXPLOSION,
            extra=[note("An occupant is within six meters. Occupants of a closed vehicle "
                        "cannot dodge or dive for cover: Take it.")],
        )  # fmt: skip
        weave = block("The weave", SECTION_INPUTS[Section.WEAVE], Section.WEAVE)
        evasive = block("Evasive action and an attack", SECTION_INPUTS[Section.EVASIVE],
                        Section.EVASIVE)  # fmt: skip
        starship = block(
            "Ground weapons at a starship-scale target", SECTION_INPUTS[Section.STARSHIP],
            Section.STARSHIP,
            extra=[note("The source does not say how half of an odd number of dice rounds: "
                        "choose.")],
        )  # fmt: skip
        return [
            self.field("section"),
            note("Each rule has a link of its own: the Rule is part of the page's link."),
            ram, collision, explosion, weave, evasive, starship,
        ]  # fmt: skip

    def details(self) -> list[Any]:
        self._tables = html_pane()
        self._bars = SeriesBars()
        self._chart_table = html_pane()
        return [
            self._tables,
            *self.chart_and_table(self._bars.figure, self._chart_table),
            *self.roll_controls(),
        ]

    roll_prompt = "Roll the rule above with the dice of the seed: the log shows every step."

    def roll_lines(self, result: VehicleCombatResult) -> list[str]:
        return [*self.model.roll()]

    def roll_key(self, result: VehicleCombatResult) -> tuple[Any, ...]:
        return (result.section, result.inputs)

    def note(self, result: VehicleCombatResult) -> str:
        return RULE_NOTES[result.section]

    # --- figures

    def figures(self, result: VehicleCombatResult) -> list[Figure]:
        shown = result.shown
        if isinstance(shown, CollisionResult):
            return collision_figures(shown.odds)
        if isinstance(shown, ExplosionResult):
            damage = shown.shown
            name = REACTION_NAMES[shown.chosen].split(" (")[0].lower()
            allowed = all(d is not None for d in shown.damage.values())
            return [
                Figure(f"{shown.dice}D6" if shown.dice else "none", "the explosion's damage here",
                       "explosion-dice"),
                Figure(mean_text(damage)[0], f"mean damage ({name})", "explosion-mean",
                       mean_text(damage)[1]),
                Figure(percent(damage.get(0, Fraction(0))), "chance of no damage",
                       "explosion-none", str(damage.get(0, Fraction(0)))),
                Figure("yes" if allowed else "no", "may dodge or dive for cover",
                       "explosion-may-react"),
            ]  # fmt: skip
        if isinstance(shown, WeaveResult):
            o = shown.odds
            return [
                Figure(str(o.max_weave),
                       f"highest weaving number at {exact_text(shown.speed)} km/h", "max-weave"),
                Figure(percent(o.driver_crash), "chance the driver crashes", "driver-crash",
                       str(o.driver_crash)),
                Figure(percent(o.pursuer_crash), "chance a pursuer who follows crashes",
                       "pursuer-crash", str(o.pursuer_crash)),
                Figure(percent(o.pursuit_holds), "chance the pursuit holds", "pursuit-holds",
                       str(o.pursuit_holds)),
            ]  # fmt: skip
        if isinstance(shown, RamResult):
            o = shown.odds
            out = [
                Figure(signed(o.total_dm) if not o.automatic else "auto", "ram check DM",
                       "ram-dm"),
                Figure(percent(o.success_chance), "chance the ram hits", "ram-chance",
                       str(o.success_chance)),
                Figure(mean_text(o.struck)[0], "mean damage to the target", "ram-struck-mean",
                       mean_text(o.struck)[1]),
            ]  # fmt: skip
            if o.rammer is not None:
                out.append(Figure(mean_text(o.rammer)[0], "mean damage to the ramming vehicle",
                                  "ram-rammer-mean", mean_text(o.rammer)[1]))  # fmt: skip
            return out
        if isinstance(shown, EvasiveResult):
            o = shown.odds
            penalty = o.evasion.probability(lambda e: e > 0)
            return [
                Figure(f"{-o.evasion.mean():.2f}",
                       "mean evasive DM on the attack", "evasive-mean-dm",
                       str(-o.evasion.mean())),
                Figure(percent(penalty), "chance of a penalty (Effect 1+)", "evasive-penalty",
                       str(penalty)),
                Figure(percent(o.hit_chance), "attack's hit chance with evasive action",
                       "evasive-hit", str(o.hit_chance)),
                Figure(percent(o.base.hit_chance), "without evasive action", "plain-hit",
                       str(o.base.hit_chance)),
            ]  # fmt: skip
        assert isinstance(shown, StarshipResult)
        hurt = shown.damage.probability(lambda d: d > 0)
        return [
            Figure(signed(shown.hit_dm), "DM to hit a starship-scale target", "starship-dm"),
            Figure(f"{shown.total_dice}D6", "D6 in the total (others: half)",
                   "starship-dice"),
            Figure(mean_text(shown.damage)[0], "mean damage after /50 and armor",
                   "starship-mean", exact_or_size(shown.damage.mean())),
            Figure(percent(hurt), "chance of at least 1 damage", "starship-hurt",
                   exact_or_size(hurt)),
        ]  # fmt: skip

    # --- the details

    def render(self, result: VehicleCombatResult) -> None:
        shown = result.shown
        title, x_label, series, tables = self._parts(shown)
        self._tables.object = tables
        self._bars.show(title, x_label, series, self.theme)
        header, rows = chart_rows(series)
        self._chart_table.object = chart_table_html(
            title, [x_label.capitalize(), *header], rows, numeric=range(len(header) + 1)
        )

    def _parts(self, shown: Any) -> tuple[str, str, list[Series], str]:
        if isinstance(shown, CollisionResult):
            tables = collision_parts(shown.odds, (shown.struck_table, shown.rammer_table))
            return ("Collision damage after each one's armor", "damage",
                    collision_series(shown.odds), tables)  # fmt: skip
        if isinstance(shown, ExplosionResult):
            series = [(REACTION_NAMES[r], d) for r, d in shown.damage.items()]
            rows = [
                [REACTION_NAMES[r], "not allowed (closed vehicle)" if d is None else
                 mean_exact(d), "" if d is None else exact(d.get(0, Fraction(0)))]
                for r, d in shown.damage.items()
            ]  # fmt: skip
            table = html_table(["Choice", "Mean damage", "No damage"], rows, numeric=[1, 2],
                               testid="explosion-compare")  # fmt: skip
            return ("Damage from the exploding vehicle, by choice", "damage after armor",
                    series, part(table))  # fmt: skip
        if isinstance(shown, WeaveResult):

            def by(attr: str) -> dict[int, Fraction]:
                return {o.weave: getattr(o, attr) for o in shown.by_weave}

            o = shown.odds
            rows = [["The driver weaves through", exact(o.driver_success)],
                    ["The driver crashes", exact(o.driver_crash)],
                    ["A pursuer who follows weaves through (his check)",
                     exact(o.pursuer_success_if_following)],
                    ["The pursuer crashes (the driver got through)", exact(o.pursuer_crash)],
                    ["The pursuit holds (both through)", exact(o.pursuit_holds)]]  # fmt: skip
            table = html_table([f"Weaving number {o.weave}", "Chance"], rows, numeric=[1],
                               testid="weave-table")  # fmt: skip
            series = [("Driver crashes", by("driver_crash")),
                      ("Pursuer crashes", by("pursuer_crash")),
                      ("Pursuit holds", by("pursuit_holds"))]  # fmt: skip
            return ("The weave at every weaving number", "weaving number", series, part(table))
        if isinstance(shown, RamResult):
            o = shown.odds
            rows = [[row.label, signed(row.dm)] for row in o.modifiers]
            table = html_table(["The ram check", "DM"], rows, numeric=[1],
                               total=["Total", signed(o.total_dm)], testid="ram-dms")  # fmt: skip
            tables = part(table) + collision_parts(o.collision, shown.tables)
            series = [("Target", o.struck), ("Ramming vehicle", o.rammer)]
            return ("Damage of the ram (0 when it misses)", "damage", series, tables)
        if isinstance(shown, EvasiveResult):
            o = shown.odds
            rows = [[row.label, signed(row.dm)] for row in o.base.modifiers]
            way = "made from" if shown.from_vehicle else "against"
            table = html_table(
                [f"The attack {way} the vehicle, without evasion", "DM"], rows, numeric=[1],
                total=["Total", signed(o.base.total_dm)], testid="evasive-attack-dms",
            )  # fmt: skip
            series = [("Evasive DM", {-e: p for e, p in sorted(o.evasion.items())})]
            return ("The evasive action's DM on the attack", "DM", series, part(table))
        assert isinstance(shown, StarshipResult)
        rows = [[str(d), exact(p)] for d, p in sorted(shown.damage.items())]
        table = html_table(["Damage to the starship", "Chance"], rows, numeric=[0, 1],
                           testid="starship-table")  # fmt: skip
        return ("Damage to the starship-scale target", "damage", [("Damage", shown.damage)],
                part(table))  # fmt: skip


def exact_or_size(p: Fraction) -> str:
    """``p`` exactly when short enough, else the size of its fraction."""
    text = str(p)
    return text if len(text) <= EXACT_SHOWN else f"{len(str(p.denominator))}-digit fraction"
