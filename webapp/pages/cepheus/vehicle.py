"""Cepheus Engine vehicle damage: hits from damage, hit-location odds, repeated hits, collisions.

Model: :class:`CepheusVehicle` (every number from :mod:`rules.cepheus`: ``hit_damage``,
``vehicle_hits``, ``hit_location_odds``, ``location_hit_effect``, ``collision_dice``).
View: :class:`CepheusVehicleView` (figures, the Vehicle Damage table, a location bar chart).
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param

from rules import cepheus
from rules.dice import Distribution
from webapp.components import (
    ChartWithTable,
    Figure,
    choices,
    figures_html,
    group,
    heading,
    html_pane,
    html_table,
    note,
)
from webapp.formatting import percent
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.model import exact_decimal
from webapp.pages.view import PageView

__all__ = ["TABLE_LABELS", "CepheusVehicle", "CepheusVehicleView", "VehicleResult"]

TABLE_LABELS = {
    cepheus.HitTable.EXTERNAL: "External Hit (Vehicle)",
    cepheus.HitTable.INTERNAL: "Internal Hit (Vehicle)",
    cepheus.HitTable.ROBOT_OR_DRONE: "Robot or Drone",
}
"""The column headings of the Vehicle Hit Location table."""

HIT_KINDS = ("Single", "Double", "Triple")


@dataclass(frozen=True)
class VehicleResult:
    """Everything the page shows for one set of inputs."""

    damage: int
    """Damage after armor."""
    hits: tuple[int, int, int]
    row: cepheus.VehicleDamageRow | None
    """The printed row of the Vehicle Damage table (``None``: 0 or less, or past 33)."""
    locations: Distribution[cepheus.Location]
    rolls: dict[cepheus.Location, tuple[int, ...]]
    """The 2D6 rolls that give each location on the chosen table."""
    location_hit: cepheus.LocationHit
    redirected: cepheus.LocationHit | None
    """What the hit does where it counts instead (first hit there), if it is redirected."""
    collision_dice: int
    how: str
    """The damage sum in words, e.g. ``10 + Effect 2 - armor 4``."""
    speed_kph: Fraction
    table: cepheus.HitTable
    damage_table: tuple[tuple[str, str], ...]
    """The Vehicle Damage table as the page shows it: (damage, effect) rows, from 0 or less
    to the rows for damage past the table."""
    damage_rows: frozenset[int]
    """The rows of :attr:`damage_table` that apply to :attr:`damage`."""


DAMAGE_TABLE: tuple[tuple[str, str], ...] = (
    ("0 or less", "No damage"),
    *((f"{r.low}-{r.high}", r.text) for r in cepheus.VEHICLE_DAMAGE),
    *(
        (
            f"over {cepheus.VEHICLE_DAMAGE_TABLE_MAX}",
            f"For every extra {every} points +1 {kind} Hit",
        )
        for every, kind in (
            (cepheus.EXTRA_SINGLE_EVERY, "Single"),
            (cepheus.EXTRA_DOUBLE_EVERY, "Double"),
        )
    ),
)
"""The Vehicle Damage table as the page shows it: no damage, the printed rows, then the rows
for damage past the table (its prose)."""


def _damage_rows(damage: int, row: cepheus.VehicleDamageRow | None) -> frozenset[int]:
    """The rows of :data:`DAMAGE_TABLE` that apply to ``damage`` (printed ``row``)."""
    last = len(cepheus.VEHICLE_DAMAGE)
    if damage <= 0:
        return frozenset({0})
    if row is not None:
        return frozenset({cepheus.VEHICLE_DAMAGE.index(row) + 1})
    if damage > cepheus.VEHICLE_DAMAGE_TABLE_MAX:
        return frozenset({last, last + 1, last + 2})
    return frozenset()


class CepheusVehicle(CepheusCalculator):
    """A vehicle hit (source: ``003_c7092257a5e3046d.txt``, "Vehicle Damage", "Collisions")."""

    rolled = param.Integer(default=10, label="Damage rolled (weapon dice and fixed bonuses)")
    effect = param.Integer(default=2, label="Effect of the attack roll")
    armor = param.Integer(default=4, label="Vehicle's armor")
    table = param.Selector(
        objects=choices(cepheus.HitTable, TABLE_LABELS), default="external", label="Hit table"
    )
    location = param.Selector(
        objects=choices(cepheus.Location), default="drive", label="Location hit"
    )
    hit_number = param.Integer(default=1, label="Which hit on this location (1 = the first)")
    speed_kph = param.Number(default=45, label="Collision: speed (kph)")

    def compute(self) -> VehicleResult:
        damage = cepheus.hit_damage(
            self.rolled, self.effect, armor=self.armor, variant=self.variant
        )
        hits = cepheus.vehicle_hits(damage, variant=self.variant)
        row = next((r for r in cepheus.VEHICLE_DAMAGE if r.low <= damage <= r.high), None)
        table = cepheus.HitTable(self.table)
        rolls: dict[cepheus.Location, tuple[int, ...]] = {}
        for roll in sorted(cepheus.check_dice()):
            where = cepheus.hit_location(table, roll)
            rolls[where] = (*rolls.get(where, ()), roll)
        hit = cepheus.location_hit_effect(self.location, self.hit_number)
        redirected = (
            cepheus.location_hit_effect(hit.becomes, 1) if hit.becomes is not None else None
        )
        speed = exact_decimal("speed_kph", self.speed_kph)
        return VehicleResult(
            damage=damage,
            hits=hits,
            row=row,
            locations=cepheus.hit_location_odds(table),
            rolls=rolls,
            location_hit=hit,
            redirected=redirected,
            collision_dice=cepheus.collision_dice(speed),
            how=f"{self.rolled} + Effect {self.effect} - armor {self.armor}",
            speed_kph=speed,
            table=table,
            damage_table=DAMAGE_TABLE,
            damage_rows=_damage_rows(damage, row),
        )


def hits_text(hits: tuple[int, int, int]) -> str:
    """The hits in the table's words: ``(2, 1, 0)`` -> ``"2 Single Hits, 1 Double Hit"``.

    >>> hits_text((2, 1, 0)), hits_text((0, 0, 0))
    ('2 Single Hits, 1 Double Hit', 'No damage')
    """
    parts = [
        f"{count} {kind} Hit{'s' if count > 1 else ''}"
        for count, kind in zip(hits, HIT_KINDS, strict=True)
        if count
    ]
    return ", ".join(parts) or "No damage"


class CepheusVehicleView(PageView):
    """The page: the hit; hits, location odds, what the hit does, the table and collisions."""

    model_class = CepheusVehicle
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Vehicle Damage (Vehicle Damage and Vehicle Hit "
        "Location tables), Collisions. Interpretations (rules/SOURCES.md): past 33 both 'every "
        "extra three points +1 Single Hit' and 'every extra six points +1 Double Hit' apply; "
        "Drive, Sensors and Computer hits redirect by count, Hull, Cockpit and the like on the "
        "vehicle's state."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The damage", margin=(0, 10)),
            *(self.field(name) for name in ("rolled", "effect", "armor")),
            note(
                "Damage is the weapon's dice + Effect - armor, as for people; a hit with "
                f"Effect {cepheus.EXCEPTIONAL_EFFECT}+ always does at least 1."
            ),
            heading("Hit location"),
            self.field("table", widget="select"),
            self.field("location"),
            self.field("hit_number"),
            note(
                "Double or Triple hits count as two or three hits on the same location. Weapon "
                "and Limb hits count per weapon or limb, chosen at random."
            ),
            group("Collisions", self.field("speed_kph"), collapsed=False),
        ]

    def details(self) -> list[Any]:
        self._chart = ChartWithTable("Hit location odds", "location", categorical=True)
        self._chart.figure.xaxis.major_label_orientation = math.pi / 4
        self._effect = html_pane()
        self._damage_table = html_pane()
        self._collision = html_pane()
        return [
            *self.chart_and_table(self._chart),
            self._effect,
            self._damage_table,
            self._collision,
        ]

    def figures(self, result: VehicleResult) -> list[Figure]:
        single, double, triple = result.hits
        return [
            Figure(str(result.damage), "damage after armor", "damage", result.how),
            Figure(str(single), "Single Hits", "single-hits"),
            Figure(str(double), "Double Hits", "double-hits"),
            Figure(str(triple), "Triple Hits", "triple-hits"),
        ]

    def note(self, result: VehicleResult) -> str:
        return (
            f"{hits_text(result.hits)}: roll {sum(result.hits)} location(s) on the "
            f"{TABLE_LABELS[result.table]} table. {self.rule_note}"
        )

    def render(self, result: VehicleResult) -> None:
        self._show_locations(result)
        self._show_damage_table(result)
        self._collision.object = figures_html(
            [
                Figure(
                    f"{result.collision_dice}D6",
                    f"collision damage at {float(result.speed_kph):g} kph",
                    "collision",
                )
            ]
        )

    def _show_damage_table(self, result: VehicleResult) -> None:
        self._damage_table.object = html_table(
            ["Damage", "Effect"],
            result.damage_table,
            current=lambda i: i in result.damage_rows,
            testid="vehicle-damage",
        )

    def _show_locations(self, result: VehicleResult) -> None:
        table, rolls, hit = result.table, result.rolls, result.location_hit
        title = f"Hit location odds: {TABLE_LABELS[table]}"
        self._chart.show(
            {where: result.locations[where] for where in rolls},
            theme=self.theme,
            x=lambda loc: loc.label,
            label=lambda loc: f"{loc.label} (2D6: {', '.join(map(str, rolls[loc]))})",
            colour=lambda loc: "accent2" if loc is hit.location else "accent",
            title=title,
        )
        self._chart.show_table(
            title,
            ["Location", "2D6", "Chance", "Exact"],
            [
                (loc.label, ", ".join(map(str, on)), percent(p), str(p))
                for loc, on in rolls.items()
                for p in (result.locations[loc],)
            ],
            numeric=[2, 3],
        )
        lines = [
            f"<p><b data-testid='location-effect'>Hit {hit.hit_number} on "
            f"{html.escape(hit.location.label)}: {html.escape(hit.effect)}</b></p>"
        ]
        if result.redirected is not None:
            instead = result.redirected
            lines.append(
                f"<p data-testid='redirected'>It counts as a {html.escape(instead.location.label)}"
                f" hit: {html.escape(instead.effect)}</p>"
            )
        effects = cepheus.LOCATION_EFFECTS[hit.location]
        if effects.repeats:
            listed = [("Every hit", effects.hits[-1]), ("Then", effects.further)]
            row = 0
        else:
            listed = [(f"Hit {i}", text) for i, text in enumerate(effects.hits, start=1)]
            listed.append((f"Hit {len(effects.hits) + 1}+", effects.further))
            row = min(hit.hit_number, len(listed)) - 1
        chance = result.locations.get(hit.location, Fraction(0))
        where = (
            f"{html.escape(hit.location.label)} is not on the {TABLE_LABELS[table]} table."
            if not chance
            else f"Chance of {html.escape(hit.location.label)} on the {TABLE_LABELS[table]} table: "
            f"{chance} ({float(chance):.1%})."
        )
        self._effect.object = (
            "".join(lines)
            + f"<p class='rf-note'>{where}</p>"
            + html_table(["", f"{hit.location.label} hits"], listed, current=lambda i: i == row)
        )
