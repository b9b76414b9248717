"""MOO2 1.50 missiles and fighters: their Beam Defense, and the chance a beam hits one.

Model: :class:`Moo2MissilesFighters` (every number from :mod:`rules.moo2`:
:func:`~rules.moo2.missile_beam_defense`, :func:`~rules.moo2.fighter_beam_defense`, their
speeds, and :func:`~rules.moo2.hit_probability` of a Normal or Point Defense beam at the
target's Beam Defense).
View: :class:`Moo2MissilesFightersView` (the two Beam Defense tables over every drive, and the
chance to hit against squares for both mounts, as a chart and its table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import param
from bokeh.models import ColumnDataSource, HoverTool, Span
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
    note,
)
from webapp.formatting import percent
from webapp.pages.model import switch_parameter
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "FLIER_MOUNTS",
    "HitRow",
    "Moo2MissilesFighters",
    "Moo2MissilesFightersView",
    "TargetsResult",
]

FLIER_MOUNTS: tuple[moo2.Mount, ...] = tuple(m for m in moo2.Mount if m is not moo2.Mount.HEAVY)
"""The mounts that can shoot at a missile or fighter: a beam and a point-defense beam.
``000_3948ba1900819cb7.txt``, "Beam ship weapons": Heavy "can target ships only" (the
docstring of :attr:`rules.moo2.Mount.HEAVY`)."""

MOUNT_LABELS = {moo2.Mount.NORMAL: "Normal beam", moo2.Mount.POINT_DEFENSE: "Point defense beam"}
TARGETS = {"Missile": "missile", "Fighter": "fighter"}
FIGHTER_LABELS = {
    moo2.Fighter.INTERCEPTOR: "Interceptor",
    moo2.Fighter.ASSAULT_SHUTTLE: "Assault Shuttle",
    moo2.Fighter.BOMBER: "Bomber",
    moo2.Fighter.HEAVY_FIGHTER: "Heavy Fighter",
}
"""The fighters as the source's table names them."""

DRIVES = {f"{d.name} (FTL level {d.ftl_level})": d.name for d in moo2.DRIVES}
"""The drive choices (the Drive and FTL level columns of ``moo2.DRIVES``)."""

WRAPPING_HEADERS = ".rf-table th.rf-num { white-space: normal; }"
"""Column headers such as "Assault Shuttle" may wrap: the tables fit a phone's width."""


def ftl_level(drive: str) -> int:
    """The FTL level of a drive of :data:`rules.moo2.DRIVES`, by name."""
    return next(d.ftl_level for d in moo2.DRIVES if d.name == drive)


@dataclass(frozen=True)
class HitRow:
    """The chance to hit at one distance, for each mount that can shoot (None: out of range)."""

    squares: int
    chances: tuple[Fraction | None, ...]
    """One per :data:`FLIER_MOUNTS`."""


@dataclass(frozen=True)
class TargetsResult:
    """Everything the page shows for one set of inputs."""

    target: str
    missile: str
    fighter: str
    drive: str
    fast: bool
    trans_dimensional: bool
    missile_speed: int
    missile_defense: int
    fighter_speed: int
    fighter_defense: int
    defense: int
    """The Beam Defense of the target shot at."""
    attack: int
    squares: int
    mount: str
    formula: str
    hit_probability: Fraction
    missile_table: tuple[tuple[str, int, tuple[int, ...]], ...]
    """Per drive: name, missile speed and the Beam Defense of each missile type."""
    fighter_table: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
    """Per drive: name, the speed and the Beam Defense of each fighter type."""
    hit_rows: tuple[HitRow, ...]


class Moo2MissilesFighters(Moo2Calculator):
    """A missile or fighter as a beam's target (source: ``000_3948ba1900819cb7.txt``)."""

    target = param.Selector(objects=TARGETS, default="missile", label="Target of the shot")
    drive = param.Selector(
        objects=DRIVES, default="Nuclear", label="Drive of the missile's or fighter's owner"
    )
    missile = param.Selector(objects=choices(moo2.Missile), default="merculite", label="Missile")
    fast = param.Boolean(
        default=False, label=f"Fast missile (FastBonus +{moo2.MISSILE_FAST_BONUS} speed)"
    )
    fighter = param.Selector(
        objects=choices(moo2.Fighter, FIGHTER_LABELS), default="interceptor", label="Fighter"
    )
    trans_dimensional = param.Boolean(
        default=False,
        label=f"Trans Dimensional fighter (+{moo2.TRANS_DIMENSIONAL_BONUS} speed)",
    )
    racial_bonus = param.Integer(default=0, label="Racial ship defense bonus")
    pilot_bonus = param.Integer(default=0, label="Fighter pilot bonus")
    helmsman_bonus = param.Integer(default=0, label="Helmsman bonus (1.50 only)")
    switch_params: ClassVar[Mapping[str, str]] = {"helmsman_bonus": "helmsman_bonus_exists"}
    helmsman_bonus_exists = switch_parameter(moo2, "helmsman_bonus")
    attack = param.Integer(default=50, label="Beam attack of the shooter (BA+CO-AF)")
    mount = param.Selector(
        objects={MOUNT_LABELS[m]: m.value for m in FLIER_MOUNTS},
        default="point_defense",
        label="Beam mount",
    )
    squares = param.Integer(default=3, label="Distance to the target (squares)")
    formula = param.Selector(
        objects={"Classic": "classic", "1.50 simplified": "simplified"},
        default="classic",
        label="Chance-to-hit formula",
    )

    def compute(self) -> TargetsResult:
        level = ftl_level(self.drive)
        bonuses = {
            "racial_bonus": self.racial_bonus,
            "pilot_bonus": self.pilot_bonus,
            "helmsman_bonus": self.helmsman_bonus,
        }
        fighter_options: dict[str, Any] = {"trans_dimensional": self.trans_dimensional}
        fighter_defense = moo2.fighter_beam_defense(
            self.fighter, level, **fighter_options, **bonuses, variant=self.variant
        )
        missile_defense = moo2.missile_beam_defense(self.missile, level, fast=self.fast)
        defense = missile_defense if self.target == "missile" else fighter_defense
        shot: dict[str, Any] = {"formula": self.formula}
        hit = moo2.hit_probability(
            self.attack, defense, self.squares, mount=self.mount, **shot, variant=self.variant
        )
        farthest = max(moo2.max_squares(m) for m in FLIER_MOUNTS)
        hit_rows = tuple(
            HitRow(
                squares,
                tuple(
                    moo2.hit_probability(
                        self.attack, defense, squares, mount=m, **shot, variant=self.variant
                    )
                    if squares <= moo2.max_squares(m)
                    else None
                    for m in FLIER_MOUNTS
                ),
            )
            for squares in range(farthest + 1)
        )
        return TargetsResult(
            target=self.target,
            missile=self.missile,
            fighter=self.fighter,
            drive=self.drive,
            fast=self.fast,
            trans_dimensional=self.trans_dimensional,
            missile_speed=moo2.missile_speed(level, fast=self.fast),
            missile_defense=missile_defense,
            fighter_speed=moo2.fighter_speed(
                self.fighter, level, **fighter_options, variant=self.variant
            ),
            fighter_defense=fighter_defense,
            defense=defense,
            attack=self.attack,
            squares=self.squares,
            mount=self.mount,
            formula=self.formula,
            hit_probability=hit,
            missile_table=tuple(
                (
                    d.name,
                    moo2.missile_speed(d.ftl_level, fast=self.fast),
                    tuple(
                        moo2.missile_beam_defense(m, d.ftl_level, fast=self.fast)
                        for m in moo2.Missile
                    ),
                )
                for d in moo2.DRIVES
            ),
            fighter_table=tuple(
                (
                    d.name,
                    tuple(
                        moo2.fighter_speed(f, d.ftl_level, **fighter_options, variant=self.variant)
                        for f in moo2.Fighter
                    ),
                    tuple(
                        moo2.fighter_beam_defense(
                            f, d.ftl_level, **fighter_options, **bonuses, variant=self.variant
                        )
                        for f in moo2.Fighter
                    ),
                )
                for d in moo2.DRIVES
            ),
            hit_rows=hit_rows,
        )


def _spell_missile(missile: moo2.Missile) -> str:
    return str(missile.value).capitalize()


class Moo2MissilesFightersView(PageView):
    """The page: the target's Beam Defense, the tables over every drive, and the hit chance."""

    model_class = Moo2MissilesFighters
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Beam Defense of Missiles, Beam "
        "Defense of Fighters, Range Penalty to Accuracy and the chance-to-hit formulas. "
        "Interpretation (rules/SOURCES.md, Drive table): the table's Speed column is the missile "
        "speed without FastBonus; FTL levels 0-6; the fighter bonuses have no figures in the "
        "source and are inputs. Heavy mounts can target ships only."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The target", margin=(0, 10)),
            self.field("target"),
            self.field("drive", widget="select"),
            group("Missile", self.field("missile"), self.field("fast"), collapsed=False),
            group(
                "Fighter",
                self.field("fighter", widget="select"),
                self.field("trans_dimensional"),
                self.field("racial_bonus"),
                self.field("pilot_bonus"),
                self.field("helmsman_bonus"),
                note(
                    "The source gives no figures for these bonuses: enter your race's, "
                    "pilots' and helmsman's."
                ),
            ),
            heading("The beam"),
            *(self.field(name) for name in ("attack", "mount", "squares", "formula")),
            note(
                "Point defense adds its +25 beam attack itself: enter BA+CO-AF without it. "
                "Heavy mounts cannot shoot at missiles or fighters."
            ),
        ]

    def details(self) -> list[Any]:
        self._fig = figure(
            height=260, width=300, min_width=240, sizing_mode="stretch_width",
            title="Chance to hit the target by distance",
            x_axis_label="distance (squares)", y_axis_label="chance to hit",
            toolbar_location=None, tools="", y_range=(0, 1.02),
        )  # fmt: skip
        self._sources = {m: ColumnDataSource({"squares": [], "chance": []}) for m in FLIER_MOUNTS}
        self._lines = {
            m: self._fig.step(
                x="squares", y="chance", mode="center", line_width=2.5,
                source=self._sources[m], legend_label=MOUNT_LABELS[m],
            )
            for m in FLIER_MOUNTS
        }  # fmt: skip
        self._here = ColumnDataSource({"squares": [], "chance": [], "percent": []})
        here = self._fig.scatter(
            x="squares", y="chance", size=12, source=self._here, fill_color="white",
            line_width=3, legend_label="this shot",
        )  # fmt: skip
        self._fig.add_tools(
            HoverTool(tooltips=[("squares", "@squares"), ("chance", "@percent")], renderers=[here])
        )
        self._fig.legend.location = "top_right"
        self._here_line = Span(dimension="height", line_dash="dashed", line_width=1)
        self._fig.add_layout(self._here_line)
        self._hit_table = html_pane()
        self._missile_table = html_pane()
        self._fighter_table = html_pane()
        for pane in (self._missile_table, self._fighter_table):
            pane.stylesheets = [*pane.stylesheets, WRAPPING_HEADERS]
        return [
            *self.chart_and_table(self._fig, self._hit_table),
            heading("Missile Beam Defense by drive", margin=(5, 10, 0, 10)),
            self._missile_table,
            heading("Fighter Beam Defense by drive", margin=(5, 10, 0, 10)),
            self._fighter_table,
        ]

    def figures(self, result: TargetsResult) -> list[Figure]:
        missile = Figure(
            str(result.missile_defense),
            f"Beam Defense of the {_spell_missile(moo2.Missile(result.missile))} missile",
            "missile-defense",
            f"speed {result.missile_speed}",
        )
        fighter = Figure(
            str(result.fighter_defense),
            f"Beam Defense of the {FIGHTER_LABELS[moo2.Fighter(result.fighter)]}",
            "fighter-defense",
            f"speed {result.fighter_speed}",
        )
        target, other = (missile, fighter) if result.target == "missile" else (fighter, missile)
        mount = MOUNT_LABELS[moo2.Mount(result.mount)].lower()
        hit = result.hit_probability
        return [
            target,
            Figure(percent(hit), f"chance a {mount} hits the target at {result.squares} squares",
                   "hit-chance", str(hit)),
            other,
        ]  # fmt: skip

    def render(self, result: TargetsResult) -> None:
        colours = THEMES[self.theme]
        palette = dict(zip(FLIER_MOUNTS, ("accent", "accent2"), strict=True))
        for index, mount in enumerate(FLIER_MOUNTS):
            rows = [r for r in result.hit_rows if r.chances[index] is not None]
            self._sources[mount].data = {
                "squares": [r.squares for r in rows],
                "chance": [float(r.chances[index] or 0) for r in rows],
            }
            line = self._lines[mount].glyph
            line.line_color = colours[palette[mount]]
            line.line_alpha = 1.0 if mount == result.mount else 0.45
        hit = result.hit_probability
        self._here.data = {
            "squares": [result.squares],
            "chance": [float(hit)],
            "percent": [percent(hit)],
        }
        self._here_line.location = result.squares
        self._here_line.line_color = colours["muted"]
        self._hit_table.object = chart_table_html(
            f"Chance to hit a target with Beam Defense {result.defense}, beam attack "
            f"{result.attack} ({result.formula} formula)",
            ["Squares", *(MOUNT_LABELS[m] for m in FLIER_MOUNTS)],
            [
                [str(r.squares), *(percent(c) if c is not None else "out of range"
                                   for c in r.chances)]
                for r in result.hit_rows
            ],
            numeric=range(len(FLIER_MOUNTS) + 1),
            current=lambda i: result.hit_rows[i].squares == result.squares,
            testid="hit-table",
        )  # fmt: skip
        self._missile_table.object = html_table(
            ["Drive", "Speed", *(_spell_missile(m) for m in moo2.Missile)],
            [
                [name, str(speed), *(str(bd) for bd in defenses)]
                for name, speed, defenses in result.missile_table
            ],
            numeric=range(1, len(moo2.Missile) + 2),
            current=lambda i: result.missile_table[i][0] == result.drive,
            testid="missile-table",
            caption=f"{moo2.BEAM_DEFENSE_PER_SPEED} x Speed + MissileBonus; Speed = "
            f"{moo2.MISSILE_BASE_SPEED} + {moo2.FTL_SPEED_STEP} x (FTL level - 1)"
            + (f" + FastBonus {moo2.MISSILE_FAST_BONUS}" if result.fast else ""),
        )
        self._fighter_table.object = html_table(
            ["Drive", *(FIGHTER_LABELS[f] for f in moo2.Fighter)],
            [
                [name, *(str(bd) for bd in defenses)]
                for name, _speeds, defenses in result.fighter_table
            ],
            numeric=range(1, len(moo2.Fighter) + 1),
            current=lambda i: result.fighter_table[i][0] == result.drive,
            testid="fighter-table",
            caption=f"{moo2.BEAM_DEFENSE_PER_SPEED} x Speed + racial, pilot and helmsman "
            f"bonuses; Speed = BaseSpeed + {moo2.FTL_SPEED_STEP} x (FTL level - 1)"
            + (
                f" + TransDimensionalBonus {moo2.TRANS_DIMENSIONAL_BONUS}"
                if result.trans_dimensional
                else ""
            ),
        )
