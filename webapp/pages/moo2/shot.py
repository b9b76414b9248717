"""MOO2 1.50 beam shot: chance to hit, damage potential and the damage of one shot.

Model: :class:`Moo2Shot` (inputs as parameters, every number from :mod:`rules.moo2`).
View: :class:`Moo2ShotView` (widgets from the parameters, two charts).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure

from rules import moo2
from rules.dice import Distribution
from webapp.components import Figure, group, heading
from webapp.formatting import percent
from webapp.pages.base import Calculator, PageView
from webapp.theme import THEMES

__all__ = ["Moo2Shot", "Moo2ShotView", "ShotResult"]

CUSTOM = "custom"
PRESETS = {CUSTOM: "Custom (type min/max)", **{w.name: w.name for w in moo2.WEAPONS}}
MOUNT_LABELS = {
    moo2.Mount.NORMAL: "Normal",
    moo2.Mount.HEAVY: "Heavy",
    moo2.Mount.POINT_DEFENSE: "Point defense",
}
SHIELDS = {"none": 0, **{f"Class {c.value}": moo2.shield_reduction(c) for c in moo2.ShieldClass}}


@dataclass(frozen=True)
class ShotResult:
    """Everything the page shows for one set of inputs."""

    hit_probability: Fraction
    potential: tuple[int, int]
    threshold: int
    penalty: int
    range_units: int
    distribution: Distribution[int]
    mean: Fraction
    squares: int
    mount: str
    double_penalty: bool


class Moo2Shot(Calculator):
    """One beam shot of Master of Orion II 1.50 (source: ``000_3948ba1900819cb7.txt``)."""

    attack = param.Integer(
        default=50, label="Beam attack (BA+CO-AF)", doc="Without the PD mount's +25."
    )
    defense = param.Integer(default=30, label="Beam defense (BD)")
    squares = param.Integer(default=9, label="Distance (squares)")
    mount = param.Selector(
        objects={label: mount.value for mount, label in MOUNT_LABELS.items()},
        default="normal",
    )
    formula = param.Selector(
        objects={"Classic": "classic", "1.50 simplified": "simplified"}, default="classic"
    )
    double_penalty = param.Boolean(default=False, label="Inherent 2x range penalty")
    min_damage = param.Integer(default=5, label="Weapon min damage")
    max_damage = param.Integer(default=20, label="Weapon max damage")
    reduced_by_range = param.Boolean(default=True, label="Reduced by range (no NR mod)")
    hef = param.Integer(default=0, label="HEF bonus (%)")
    shield = param.Integer(default=0, label="Target shield (damage per hit)")
    planet = param.Boolean(default=False, label="Target is a planet (damage halved)")
    always_hit = param.Boolean(
        default=False,
        label="Always hits (Mauler, Energy Absorber without a Displacement Device)",
    )

    def compute(self) -> ShotResult:
        penalty_options: dict[str, Any] = {
            "mount": self.mount,
            "double_penalty": self.double_penalty,
        }
        common: dict[str, Any] = {
            "mount": self.mount,
            "formula": self.formula,
            "double_penalty": self.double_penalty,
        }
        damage_options: dict[str, Any] = {
            **common,
            "reduced_by_range": self.reduced_by_range,
            "hef": self.hef,
            "shield": self.shield,
            "planet": self.planet,
            "always_hit": self.always_hit,
        }
        distribution = moo2.damage_distribution(
            self.min_damage,
            self.max_damage,
            self.attack,
            self.defense,
            self.squares,
            **damage_options,
        )
        return ShotResult(
            hit_probability=(
                Fraction(1)
                if self.always_hit
                else moo2.hit_probability(self.attack, self.defense, self.squares, **common)
            ),
            potential=moo2.damage_potential(
                self.min_damage,
                self.max_damage,
                self.squares,
                mount=self.mount,
                reduced_by_range=self.reduced_by_range,
                hef=self.hef,
            ),
            threshold=moo2.hit_threshold(self.squares, **penalty_options),
            penalty=moo2.range_penalty(self.squares, **penalty_options),
            range_units=int(moo2.range_units(self.squares, self.mount)),
            distribution=distribution,
            mean=distribution.mean(),
            squares=self.squares,
            mount=self.mount,
            double_penalty=self.double_penalty,
        )


def penalty_steps(double_penalty: bool) -> dict[str, dict[str, list[int]]]:
    """The range penalty of every square for each mount: the step chart's data."""
    out = {}
    for mount in moo2.Mount:
        xs = list(range(moo2.max_squares(mount) + 1))
        out[mount.value] = {
            "squares": xs,
            "penalty": [moo2.range_penalty(x, mount, double_penalty=double_penalty) for x in xs],
        }
    return out


class Moo2ShotView(PageView):
    """The page: the shot and the weapon; chance to hit, damage, and two charts."""

    model_class = Moo2Shot
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Range and Accuracy, Damage. "
        "Halves round up; the Point Defense mount adds +25 to the beam attack."
    )

    def sections(self) -> list[Any]:
        m = self.model
        self._preset = pn.widgets.Select(
            label="Weapon preset", options={v: k for k, v in PRESETS.items()}, value=CUSTOM
        )
        self._preset.param.watch(self._apply_preset, "value")
        self._shield = pn.widgets.Select(
            label="Shield class (original game manual)", options=SHIELDS, value=0
        )
        self._shield.link(m, value="shield")
        return [
            heading("The shot", margin=(0, 10)),
            *(self.field(name) for name in ("attack", "defense", "squares", "mount")),
            *(self.field(name) for name in ("formula", "double_penalty")),
            heading("The weapon"),
            self._preset,
            *(self.field(name) for name in ("min_damage", "max_damage", "reduced_by_range")),
            group(
                "More modifiers",
                self.field("hef"),
                self._shield,
                *(self.field(name) for name in ("shield", "planet", "always_hit")),
            ),
        ]

    def details(self) -> list[Any]:
        self._dist_source = ColumnDataSource(
            {"damage": [], "probability": [], "percent": [], "label": [], "color": []}
        )
        self._dist_fig = figure(
            height=260, width=300, min_width=260, sizing_mode="stretch_width",
            title="Damage of one shot",
            x_axis_label="damage (0 = miss)", y_axis_label="probability",
            toolbar_location=None, tools="",
        )  # fmt: skip
        bars = self._dist_fig.vbar(
            x="damage", top="probability", width=0.8, color="color", source=self._dist_source
        )
        self._dist_fig.add_tools(
            HoverTool(tooltips=[("damage", "@label"), ("chance", "@percent")], renderers=[bars])
        )
        self._dist_fig.y_range.start = 0

        self._range_fig = figure(
            height=260, width=300, min_width=260, sizing_mode="stretch_width",
            title="Range penalty by mount",
            x_axis_label="distance (squares)", y_axis_label="to-hit penalty",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._step_sources = {
            mount: ColumnDataSource({"squares": [], "penalty": []}) for mount in moo2.Mount
        }
        self._step_lines = {
            mount: self._range_fig.step(
                x="squares", y="penalty", mode="center", line_width=2.5,
                source=self._step_sources[mount], legend_label=MOUNT_LABELS[mount],
            )
            for mount in moo2.Mount
        }  # fmt: skip
        self._here = ColumnDataSource({"squares": [], "penalty": []})
        self._range_fig.scatter(
            x="squares", y="penalty", size=12, marker="circle", source=self._here,
            fill_color="white", line_width=3, legend_label="this shot",
        )  # fmt: skip
        self._range_fig.legend.location = "bottom_right"
        self._here_line = Span(dimension="height", line_dash="dashed", line_width=1)
        self._range_fig.add_layout(self._here_line)
        self.model.param.watch(lambda *_e: self._update(), ["double_penalty", "mount", "squares"])
        return [self.chart(self._dist_fig), self.chart(self._range_fig)]

    def _apply_preset(self, event: param.parameterized.Event) -> None:
        if event.new == CUSTOM:
            return
        weapon = moo2.find_weapon(event.new)
        self.model.param.update(
            min_damage=weapon.min_damage,
            max_damage=weapon.max_damage,
            reduced_by_range=weapon.reduced_by_range,
            double_penalty=moo2.has_inherent_double_penalty(weapon.name),
            always_hit=weapon.always_hits(),
        )

    def figures(self, result: ShotResult) -> list[Figure]:
        low, high = result.potential
        hit, mean = result.hit_probability, result.mean
        return [
            Figure(percent(hit), "chance to hit", "hit-chance", f"{hit}"),
            Figure(f"{low}-{high}", f"damage potential at {result.squares} squares",
                   "damage-potential"),
            Figure(f"{float(mean):.2f}", "mean damage per shot", "mean-damage", f"{mean}"),
        ]  # fmt: skip

    def note(self, result: ShotResult) -> str:
        mount = MOUNT_LABELS[moo2.Mount(result.mount)].lower()
        return (
            f"Range {result.range_units} for a {mount} mount: penalty {result.penalty}, "
            f"hit threshold {result.threshold}. {self.rule_note}"
        )

    def render(self, result: ShotResult) -> None:
        colours = THEMES[self.theme]
        dist = result.distribution
        damages = list(dist)
        self._dist_source.data = {
            "damage": damages,
            "probability": [float(dist[d]) for d in damages],
            "percent": [percent(dist[d]) for d in damages],
            "label": ["miss" if d == 0 else str(d) for d in damages],
            "color": [colours["miss"] if d == 0 else colours["accent"] for d in damages],
        }
        steps = penalty_steps(result.double_penalty)
        palette = dict(zip(moo2.Mount, ("accent", "accent2", "accent3"), strict=True))
        for mount, source in self._step_sources.items():
            source.data = steps[mount.value]
            self._step_lines[mount].glyph.line_color = colours[palette[mount]]
            self._step_lines[mount].glyph.line_alpha = 1.0 if mount == result.mount else 0.45
        self._here.data = {"squares": [result.squares], "penalty": [result.penalty]}
        self._here_line.location = result.squares
        self._here_line.line_color = colours["muted"]
