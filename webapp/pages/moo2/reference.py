# Over 600 lines: one page that builds each of the source's reference tables from rules.moo2, one
# small function per table next to its only caller.
"""MOO2 1.50 reference: the source's tables, rendered from :mod:`rules.moo2` and printable.

Model: :class:`Moo2Reference` (which table to show; every cell is built from a
:mod:`rules.moo2` constant or function, named with the source section in the cell's title).
View: :class:`Moo2ReferenceView` (the tables; printed, each table gets a page of its own and the
inputs are left out).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import panel as pn
import param

from rules import moo2
from webapp.components import Figure, html_pane, note
from webapp.pages.model import Calculator
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.view import PageView

__all__ = ["TABLES", "Cell", "Moo2Reference", "Moo2ReferenceView", "RefTable", "build_tables"]

SOURCE = "000_3948ba1900819cb7.txt"
MOUNT_NAMES = {
    moo2.Mount.NORMAL: "Regular",
    moo2.Mount.POINT_DEFENSE: "Point Defense",
    moo2.Mount.HEAVY: "Heavy",
}
MOUNT_ABBREVIATIONS = {
    moo2.Mount.NORMAL: "Reg",
    moo2.Mount.POINT_DEFENSE: "PD",
    moo2.Mount.HEAVY: "Hv",
}
"""The source's short names of the mounts (its range table: "Regular", "PD", "Hv")."""


@dataclass(frozen=True)
class Cell:
    """One cell: what it shows and where it comes from (a :mod:`rules.moo2` name)."""

    text: str
    rule: str = ""
    """``rules.moo2`` constant or call that gives this cell ('' for a label)."""
    numeric: bool = False


@dataclass(frozen=True)
class RefTable:
    """One table of the source, with the section it comes from."""

    key: str
    title: str
    section: str
    """The section of ``000_3948ba1900819cb7.txt`` (or the other source) it renders."""
    rule: str
    """The :mod:`rules.moo2` names its cells come from."""
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()


def _squares(band: tuple[int, int] | None) -> str:
    if band is None:
        return "-"
    first, last = band
    return str(first) if first == last else f"{first}-{last}"


def _range_table() -> RefTable:
    rows = []
    for index, band in enumerate(moo2.RANGE_BANDS):
        name = f"moo2.RANGE_BANDS[{index}]"
        rows.append(
            (
                Cell(str(band.range_units), f"{name}.range_units", numeric=True),
                Cell(_squares(band.normal_squares), f"{name}.normal_squares", numeric=True),
                Cell(
                    _squares(band.point_defense_squares),
                    f"{name}.point_defense_squares",
                    numeric=True,
                ),
                Cell(_squares(band.heavy_squares), f"{name}.heavy_squares", numeric=True),
                Cell(str(band.penalty), f"{name}.penalty", numeric=True),
            )
        )
    return RefTable(
        "range",
        "Range penalty to accuracy, by mount",
        "Range Penalty to Accuracy",
        "moo2.RANGE_BANDS (moo2.range_units, moo2.range_penalty)",
        ("Range", "Regular (sq)", "PD (sq)", "Hv (sq)", "Penalty"),
        tuple(rows),
        (
            f"One range unit is {moo2.SQUARES_PER_RANGE_UNIT} squares; Point Defense counts the "
            "range doubled, Heavy halves it (rounded down). The inherent 2x range to-hit "
            "penalty doubles the penalty after the mount conversion (moo2.range_penalty).",
            "Interpretation (rules/SOURCES.md, PD row): the flattened PD cells 0, 1-3, 4-6, "
            "7-9, 10-12 belong in range columns 0, 2, 4, 6, 8.",
        ),
    )


def _threshold_table() -> RefTable:
    mounts = (moo2.Mount.NORMAL, moo2.Mount.HEAVY, moo2.Mount.POINT_DEFENSE)
    rows = []
    for index, band in enumerate(moo2.RANGE_BANDS):
        cells = [
            Cell(str(band.range_units), f"moo2.RANGE_BANDS[{index}].range_units", True),
            Cell(str(band.penalty), f"moo2.RANGE_BANDS[{index}].penalty", True),
        ]
        for mount in mounts:
            squares = band.squares(mount)
            if squares is None:
                cells.append(
                    Cell("-", f"moo2.RANGE_BANDS[{index}].squares('{mount}') is None", True)
                )
                continue
            value = moo2.hit_threshold(squares[0], mount=mount)
            cells.append(
                Cell(str(value), f"moo2.hit_threshold({squares[0]}, mount='{mount}')", True)
            )
        rows.append(tuple(cells))
    return RefTable(
        "threshold",
        "Hit threshold of the classic formula, by range",
        "Classic Chance to Hit Formula [3b]",
        "moo2.hit_threshold",
        ("Range", "Penalty", *(MOUNT_NAMES[m] for m in mounts)),
        tuple(rows),
        (
            f"Classic formula: [1] a roll over {moo2.LUCKY_ROLL} hits with max damage; [2] "
            f"BA+CO-AF-BD of {moo2.SURE_HIT_ATTACK} or more hits with max damage; [3] "
            "BA+CO-AF-BD + roll at or above this threshold hits, damage from the accuracy. "
            f"Threshold = min({moo2.BASE_HIT_THRESHOLD} + range penalty - PD bonus, "
            f"{moo2.HIT_THRESHOLD_CAP}); the inherent 2x penalty doubles the penalty first.",
            "Interpretation (rules/SOURCES.md, Sign of the range penalty): the source's "
            "'range_penalty * - PD_bonus' is read as '+ penalty - PD bonus', the * being the "
            "footnote mark of the 2x penalty; the cap applies after the doubling.",
        ),
    )


def _potential_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _damage_table() -> RefTable:
    rows = []
    for index, band in enumerate(moo2.RANGE_BANDS):
        first = band.normal_squares[0]
        cells = [
            Cell(_squares(band.normal_squares), f"moo2.RANGE_BANDS[{index}].normal_squares", True),
            Cell(f"-{band.dissipation}" if band.dissipation else "0",
                 f"moo2.RANGE_BANDS[{index}].dissipation", True),
            Cell(f"{moo2.damage_percentage(first)}%", f"moo2.damage_percentage({first})", True),
        ]  # fmt: skip
        for weapon in moo2.WEAPONS:
            low, high = moo2.damage_potential(weapon.min_damage, weapon.max_damage, first)
            call = f"moo2.damage_potential({weapon.min_damage}, {weapon.max_damage}, {first})"
            cells.append(Cell(_potential_text(low, high), call, numeric=True))
        rows.append(tuple(cells))
    return RefTable(
        "damage",
        "Damage potential by range (reduced by range)",
        "Reduced by Range",
        "moo2.RANGE_BANDS.dissipation, moo2.damage_percentage, moo2.damage_potential, moo2.WEAPONS",
        ("Range (sq)", "Penalty", "Dmg", *(w.name for w in moo2.WEAPONS)),
        tuple(rows),
        (
            "Regular mount. Round to nearest (halves up), at least 1 (moo2.damage_potential).",
            "Interpretation (rules/SOURCES.md, Laser contradiction): the source prints Laser "
            "1-1 at 19-21 squares; the rule, 4 x 40% = 1.6, gives 1-2, as here.",
        ),
    )


def _drive_table() -> RefTable:
    rows = tuple(
        (
            Cell(d.name, f"moo2.DRIVES[{i}].name"),
            Cell(str(d.ftl_level), f"moo2.DRIVES[{i}].ftl_level", True),
            Cell(str(d.missile_speed), f"moo2.DRIVES[{i}].missile_speed", True),
            Cell(str(moo2.missile_speed(d.ftl_level, fast=True)),
                 f"moo2.missile_speed({d.ftl_level}, fast=True)", True),
        )
        for i, d in enumerate(moo2.DRIVES)
    )  # fmt: skip
    return RefTable(
        "drives",
        "Drives, FTL level and missile speed",
        "Beam Defense of Missiles",
        "moo2.DRIVES, moo2.missile_speed",
        ("Drive", "FTL level", "Speed", "Fast speed"),
        rows,
        (
            f"Speed = BaseSpeed {moo2.MISSILE_BASE_SPEED} + {moo2.FTL_SPEED_STEP} x (FTL level "
            f"- 1) + FastBonus ({moo2.MISSILE_FAST_BONUS} for a Fast missile).",
            "Interpretation (rules/SOURCES.md, Drive table): the flattened table interleaves "
            "Drive | FTL level | Speed with Missile | MissileBonus; Speed is without FastBonus.",
        ),
    )


def _missile_table() -> RefTable:
    rows = tuple(
        (
            Cell(str(m.value).capitalize(), f"moo2.Missile.{m.name}"),
            Cell(str(bonus), f"moo2.MISSILE_BONUS[Missile.{m.name}]", True),
        )
        for m, bonus in moo2.MISSILE_BONUS.items()
    )
    return RefTable(
        "missiles",
        "Missile bonus",
        "Beam Defense of Missiles",
        "moo2.MISSILE_BONUS (moo2.missile_beam_defense)",
        ("Missile", "MissileBonus"),
        rows,
        (f"Missile Beam Defense = {moo2.BEAM_DEFENSE_PER_SPEED} x Speed + MissileBonus.",),
    )


def _fighter_table() -> RefTable:
    rows = tuple(
        (
            Cell(str(f.value).replace("_", " ").title(), f"moo2.Fighter.{f.name}"),
            Cell(str(speed), f"moo2.FIGHTER_BASE_SPEED[Fighter.{f.name}]", True),
        )
        for f, speed in moo2.FIGHTER_BASE_SPEED.items()
    )
    return RefTable(
        "fighters",
        "Fighter base speed",
        "Beam Defense of Fighters",
        "moo2.FIGHTER_BASE_SPEED (moo2.fighter_speed, moo2.fighter_beam_defense)",
        ("Fighter", "BaseSpeed"),
        rows,
        (
            f"Speed = BaseSpeed + {moo2.FTL_SPEED_STEP} x (FTL level - 1) + "
            f"TransDimensionalBonus ({moo2.TRANS_DIMENSIONAL_BONUS}). Fighter Beam Defense = "
            f"{moo2.BEAM_DEFENSE_PER_SPEED} x Speed + RacialShipDefenseBonus + "
            "FighterPilotBonus + HelmsmanBonus (1.50 only); the source gives no figures for "
            "the three bonuses.",
        ),
    )


def _modifier_table() -> RefTable:
    rows: list[tuple[Cell, ...]] = []
    for mount in moo2.Mount:
        rows.append(
            (
                Cell(f"{MOUNT_NAMES[mount]} mount", f"moo2.Mount.{mount.name}"),
                Cell(f"{moo2.MOUNT_BEAM_ATTACK_BONUS[mount]:+d}",
                     f"moo2.MOUNT_BEAM_ATTACK_BONUS[Mount.{mount.name}]", True),
                Cell(f"{moo2.MOUNT_DAMAGE_BONUS[mount]:+d}%",
                     f"moo2.MOUNT_DAMAGE_BONUS[Mount.{mount.name}]", True),
                Cell(str(moo2.max_squares(mount)), f"moo2.max_squares('{mount}')", True),
            )
        )  # fmt: skip
    for mod in moo2.BeamMod:
        bonus = moo2.BEAM_MOD_ATTACK_BONUS.get(mod)
        rows.append(
            (
                Cell(f"{str(mod.value).upper()} mod", f"moo2.BeamMod.{mod.name}"),
                Cell(f"{bonus:+d}" if bonus is not None else "+0",
                     f"moo2.BEAM_MOD_ATTACK_BONUS.get(BeamMod.{mod.name}, 0)", True),
                Cell("no dissipation" if mod is moo2.BeamMod.NR else "-",
                     "moo2.BeamMod.NR (reduced_by_range=False)" if mod is moo2.BeamMod.NR
                     else ""),
                Cell("-"),
            )
        )  # fmt: skip
    return RefTable(
        "modifiers",
        "Mounts and mods: beam attack, damage and range",
        "Beam Attack Modifiers; Hv, PD, HEF & Ordnance; Range Penalty to Accuracy",
        "moo2.MOUNT_BEAM_ATTACK_BONUS, moo2.BEAM_MOD_ATTACK_BONUS, moo2.MOUNT_DAMAGE_BONUS, "
        "moo2.max_squares",
        ("Mount or mod", "Beam attack", "Damage", "Longest range (sq)"),
        tuple(rows),
        (
            "Damage bonuses add to one percentage with HEF, Ordnance and dissipation "
            f"({moo2.BASE_DAMAGE_PERCENT} base); Heavy mounts can target ships only.",
        ),
    )


def _arc_table() -> RefTable:
    labels = {
        moo2.Arc.FORWARD: "Forward",
        moo2.Arc.BACKWARD: "Backward",
        moo2.Arc.FORWARD_EXTENDED: "Forward Extended",
        moo2.Arc.BACKWARD_EXTENDED: "Backward Extended",
        moo2.Arc.THREE_SIXTY: "360",
    }
    rows = tuple(
        (
            Cell(labels[arc], f"moo2.Arc.{arc.name}"),
            *(
                Cell("fires" if q in moo2.ARC_QUADRANTS[arc] else "-",
                     f"moo2.ARC_QUADRANTS[Arc.{arc.name}]")
                for q in moo2.Quadrant
            ),
        )
        for arc in moo2.Arc
    )  # fmt: skip
    return RefTable(
        "arcs",
        "Targeting arcs",
        "Targeting Arc",
        "moo2.ARC_QUADRANTS (moo2.in_arc, moo2.quadrant)",
        ("Arc", *(str(q.value).capitalize() for q in moo2.Quadrant)),
        rows,
        (
            "Interpretation (rules/SOURCES.md, Arcs): quadrants are quarter turns; a bearing "
            "exactly on a boundary (45, 135, 225, 315 degrees) is in the forward or backward "
            "quadrant.",
        ),
    )


def _weapon_table() -> RefTable:
    editions = {
        moo2.Edition.CLASSIC: "classic",
        moo2.Edition.V1_50: "1.50",
        moo2.Edition.V1_50_IMPROVED: "1.50 improved",
    }
    names = sorted(
        {
            *(w.name for w in moo2.WEAPONS),
            *moo2.INHERENT_DOUBLE_PENALTY_WEAPONS[moo2.Edition.CLASSIC],
            *moo2.ALWAYS_HIT_WEAPONS,
            *moo2.NOT_REDUCED_BY_RANGE_WEAPONS,
        }
    )
    damage = {w.name: w for w in moo2.WEAPONS}
    rows = []
    for name in names:
        weapon = damage.get(name)
        doubled = [
            label
            for edition, label in editions.items()
            if name in moo2.INHERENT_DOUBLE_PENALTY_WEAPONS[edition]
        ]
        always = moo2.ALWAYS_HIT_WEAPONS.get(name, moo2.AlwaysHit.NEVER)
        rows.append(
            (
                Cell(name, f"moo2.find_weapon('{name}')" if weapon else "the source's prose"),
                Cell(
                    f"{weapon.min_damage}-{weapon.max_damage}" if weapon else "-",
                    f"moo2.WEAPONS ({name})" if weapon else "",
                    True,
                ),
                Cell(
                    "no"
                    if name in moo2.NOT_REDUCED_BY_RANGE_WEAPONS
                    else "yes"
                    if weapon and weapon.reduced_by_range
                    else "-",
                    "moo2.NOT_REDUCED_BY_RANGE_WEAPONS, moo2.WEAPONS",
                ),
                Cell(", ".join(doubled) or "-", "moo2.INHERENT_DOUBLE_PENALTY_WEAPONS"),
                Cell(
                    {
                        moo2.AlwaysHit.NEVER: "-",
                        moo2.AlwaysHit.ALWAYS: "always",
                        moo2.AlwaysHit.UNLESS_DISPLACEMENT_DEVICE: "unless Displacement Device",
                    }[always],
                    "moo2.ALWAYS_HIT_WEAPONS",
                ),
            )
        )
    return RefTable(
        "weapons",
        "Beam weapons the source names",
        "Range Penalty to Accuracy; Classic Chance to Hit Formula; Not Reduced by Range; "
        "Reduced by Range",
        "moo2.WEAPONS, moo2.INHERENT_DOUBLE_PENALTY_WEAPONS, moo2.ALWAYS_HIT_WEAPONS, "
        "moo2.NOT_REDUCED_BY_RANGE_WEAPONS",
        ("Weapon", "Base damage", "Reduced by range", "2x range penalty", "Always hits"),
        tuple(rows),
        (
            "Base damage is given only for the weapons of the damage-by-range table. "
            "Interpretation (rules/SOURCES.md, Inherent 2x penalty): '1.50' removes Mauler's "
            "flag, the '1.50 improved mod' leaves Plasma Cannon alone.",
        ),
    )


def _shield_table() -> RefTable:
    rows = tuple(
        (
            Cell(f"Class {c.value}", f"moo2.ShieldClass.{c.name}"),
            Cell(str(moo2.shield_reduction(c)), f"moo2.shield_reduction('{c.value}')", True),
        )
        for c in moo2.ShieldClass
    )
    return RefTable(
        "shields",
        "Shields: damage taken off each hit",
        "the original game manual (not the Notes; quoted in the issue)",
        "moo2.SHIELD_REDUCTION",
        ("Shield", "Per hit"),
        rows,
        (
            "Applied per hit after halving against planets, never below 0 "
            "(rules/SOURCES.md, Planets and shields).",
        ),
    )


def build_tables() -> tuple[RefTable, ...]:
    """Every table of the page, in order."""
    return (
        _range_table(),
        _threshold_table(),
        _damage_table(),
        _modifier_table(),
        _drive_table(),
        _missile_table(),
        _fighter_table(),
        _arc_table(),
        _weapon_table(),
        _shield_table(),
    )


TABLES: tuple[RefTable, ...] = build_tables()
"""The tables, built once at import from :mod:`rules.moo2` (they depend on no input)."""

ALL = "all"
TABLE_CHOICES = {"Every table": ALL, **{t.title: t.key for t in TABLES}}


@dataclass(frozen=True)
class ReferenceResult:
    """The tables shown."""

    tables: tuple[RefTable, ...]
    choice: str
    longest: tuple[tuple[moo2.Mount, int], ...]
    """Each mount's longest range in squares."""
    last_band: moo2.RangeBand
    """The last row of the range table (the largest penalty and dissipation)."""


class Moo2Reference(Moo2Calculator):
    """Which of the source's tables to show (source: ``000_3948ba1900819cb7.txt``)."""

    table = param.Selector(objects=TABLE_CHOICES, default=ALL, label="Table to show")

    def compute(self) -> ReferenceResult:
        shown = TABLES if self.table == ALL else tuple(t for t in TABLES if t.key == self.table)
        return ReferenceResult(
            shown,
            self.table,
            longest=tuple((mount, moo2.max_squares(mount)) for mount in moo2.Mount),
            last_band=moo2.RANGE_BANDS[-1],
        )


PRINT_CSS = """
.rf-ref { margin: 0 0 1.25rem; }
.rf-ref caption { font-size: 1.05rem; }
.rf-ref .rf-from { display: block; margin: 0.1rem 0 0.35rem; font-size: 0.8rem; font-weight: 400;
  color: var(--rf-muted, #5b6878); overflow-wrap: anywhere; }
.rf-ref td[title] { cursor: help; }
.rf-ref ul { margin: 0.35rem 0 0; padding-left: 1.1rem; font-size: 0.85rem;
  color: var(--rf-muted, #5b6878); }
.rf-ref .rf-table th { white-space: normal; }
.rf-ref code { overflow-wrap: anywhere; }
@media (max-width: 560px) {
  .rf-ref .rf-table { font-size: 0.8rem; }
  .rf-ref .rf-table th, .rf-ref .rf-table td { padding: 0.2rem 0.2rem; }
}
@media print {
  .rf-ref { break-after: page; page-break-after: always; break-inside: avoid; color: #000; }
  .rf-ref:last-child { break-after: auto; page-break-after: auto; }
  .rf-ref caption, .rf-ref .rf-from, .rf-ref ul, .rf-ref .rf-table,
  .rf-ref .rf-table th { color: #000; }
  .rf-ref .rf-table { font-size: 11pt; }
  .rf-ref .rf-table th, .rf-ref .rf-table td { border: 1px solid #777; }
  .rf-print-hidden { display: none !important; }
}
"""
"""The tables' own styles; printed, one table per page (``break-after: page``), in black."""

PRINT_HIDDEN = "@media print { :host { display: none !important; } }"
"""Stylesheet of the page's own controls: left out of a printout."""

PRINT_LAYOUT = """
@media print {
  :host { display: block !important; }
  .rf-inputs, .rf-summary { display: none !important; }
}
"""
"""Stylesheet added to this page's layout: printed, the tables take the whole width (no input
column, no key figures); the rule note stays, as the printout's heading."""


def _print_hidden[T: Any](viewable: T) -> T:
    """``viewable``, left out of a printout (its own stylesheet hides it in print)."""
    viewable.stylesheets = [*viewable.stylesheets, PRINT_HIDDEN]
    return viewable


def table_html(table: RefTable) -> str:
    """One table as HTML: caption, every cell with a title naming its rule and section."""
    where = f"{SOURCE}, {table.section}" if "manual" not in table.section else table.section

    numeric = [c.numeric for c in table.rows[0]] if table.rows else []

    def head(column: int, text: str) -> str:
        classes = " class='rf-num'" if column < len(numeric) and numeric[column] else ""
        return f"<th scope='col'{classes}>{html.escape(text)}</th>"

    def cell(c: Cell, first: bool) -> str:
        classes = " class='rf-num'" if c.numeric else ""
        title = (
            f" title='{html.escape(f'{c.rule} ({where})', quote=True)}'"
            f" data-rule='{html.escape(c.rule, quote=True)}'"
            if c.rule
            else ""
        )
        tag = "th scope='row'" if first else "td"
        end = "th" if first else "td"
        return f"<{tag}{classes}{title}>{html.escape(c.text)}</{end}>"

    body = "".join(
        "<tr>" + "".join(cell(c, i == 0) for i, c in enumerate(row)) + "</tr>" for row in table.rows
    )
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in table.notes)
    header = "".join(head(i, h) for i, h in enumerate(table.header))
    return (
        f"<section class='rf-ref' data-testid='ref-{html.escape(table.key)}'>"
        f"<div class='rf-table-box'><table class='rf-table'>"
        f"<caption>{html.escape(table.title)}<span class='rf-from'>Source: "
        f"{html.escape(where)}. From <code>rules.{html.escape(table.rule)}</code></span>"
        f"</caption><thead><tr>{header}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
        + (f"<ul>{notes}</ul>" if notes else "")
        + "</section>"
    )


class Moo2ReferenceView(PageView):
    """The page: the source's tables, one after the other; printed, one per page."""

    model_class = Moo2Reference

    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50); shield classes from the original "
        "game manual. Every cell is computed by rules.moo2: each table's caption names its "
        "section and the rules.moo2 names it comes from, each cell's title (on hover) the exact "
        "constant or call; the interpretations of rules/SOURCES.md are noted under each table."
    )

    def __init__(self, model: Calculator | None = None, **params: Any) -> None:
        super().__init__(model, **params)
        layout = self.__panel__()
        layout.stylesheets = [*layout.stylesheets, PRINT_LAYOUT]

    def sections(self) -> list[Any]:
        self._print_link = html_pane(margin=(0, 10, 5, 10))
        return [
            _print_hidden(pn.panel(self.field("table", widget="select"))),
            _print_hidden(
                note(
                    "To print: choose a table (or every table) and use the browser's Print: "
                    "each table gets a page of its own. The print view below leaves out the "
                    "navigation (it is the page's embed mode)."
                )
            ),
            _print_hidden(self._print_link),
        ]

    def details(self) -> list[Any]:
        self._tables = html_pane(margin=(0, 10))
        self._tables.stylesheets = [*self._tables.stylesheets, PRINT_CSS]
        return [self._tables]

    def figures(self, result: ReferenceResult) -> list[Figure]:
        longest = " / ".join(str(squares) for _mount, squares in result.longest)
        last = result.last_band
        return [
            Figure(str(len(result.tables)), "tables shown", "tables-shown"),
            Figure(longest, "longest range (sq): "
                   + " / ".join(MOUNT_ABBREVIATIONS[m] for m, _sq in result.longest),
                   "longest-range"),
            Figure(str(last.penalty), "largest range penalty", "largest-penalty",
                   f"dissipation -{last.dissipation}%"),
        ]  # fmt: skip

    def render(self, result: ReferenceResult) -> None:
        self._tables.object = "".join(table_html(t) for t in result.tables)
        query = "?page=moo2-reference&embed=1" + (
            f"&table={result.choice}" if result.choice != ALL else ""
        )
        self._print_link.object = (
            f"<p class='rf-note'><a href='{html.escape(query, quote=True)}' "
            "data-testid='print-view' target='_blank' rel='noopener'>Open the print view</a> "
            "(no navigation)</p>"
        )
