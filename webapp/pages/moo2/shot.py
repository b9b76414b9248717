"""MOO2 1.50 beam shot: chance to hit, damage potential and the damage of one shot.

Model: :class:`Moo2Shot` (inputs as parameters, every number from :mod:`rules.moo2`).
View: :class:`Moo2ShotView` (widgets from the parameters, two charts, and "Roll it": a seeded
d100 roll resolved step by step with :mod:`rules.moo2`, with a short log).
"""

from __future__ import annotations

import dataclasses
import functools
import html
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, Span
from bokeh.plotting import figure

from rules import moo2
from rules.dice import Distribution
from rules.validation import check_int
from webapp.components import (
    ChartWithTable,
    Figure,
    chart_table_html,
    group,
    heading,
    html_pane,
    set_data,
)
from webapp.formatting import percent
from webapp.pages.moo2 import Moo2Calculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "LOG_LENGTH",
    "BeamShotInputs",
    "Moo2Shot",
    "Moo2ShotView",
    "ShotResult",
    "ShotRoll",
    "roll_shot",
]

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
    """Everything the page shows for one set of inputs: the shot and what rules.moo2 says."""

    shot: moo2.BeamShot
    """The shot's inputs, checked by :class:`rules.moo2.BeamShot`."""
    hit_probability: Fraction
    potential: tuple[int, int]
    threshold: int
    penalty: int
    range_units: int
    distribution: Distribution[int]
    mean: Fraction
    penalties: tuple[tuple[moo2.Mount, tuple[int, ...]], ...]
    """Each mount's range penalty at every square in its reach (0 to its longest range)."""


class BeamShotInputs(Moo2Calculator):
    """The inputs of one beam shot, as :class:`rules.moo2.BeamShot` takes them: shared by every
    page that fires a shot (``moo2-shot``, ``moo2-volley``), so a link carries them from one
    to the other with the same names and meanings."""

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

    def beam_shot(self) -> moo2.BeamShot:
        """The :class:`rules.moo2.BeamShot` of these inputs (an error about one otherwise)."""
        return moo2.BeamShot(
            self.min_damage,
            self.max_damage,
            self.attack,
            self.defense,
            self.squares,
            mount=self.mount,
            formula=self.formula,
            double_penalty=self.double_penalty,
            reduced_by_range=self.reduced_by_range,
            hef=self.hef,
            shield=self.shield,
            planet=self.planet,
            always_hit=self.always_hit,
            variant=self.variant,
        )


class Moo2Shot(BeamShotInputs):
    """One beam shot of Master of Orion II 1.50 (source: ``000_3948ba1900819cb7.txt``)."""

    seed = param.Integer(default=1, label="Seed of the next roll")

    def use_weapon(self, name: str) -> None:
        """Set the weapon inputs to those of the named weapon of :data:`rules.moo2.WEAPONS`
        (its damage, range, inherent double penalty and whether it always hits)."""
        weapon = moo2.find_weapon(name)
        self.param.update(
            min_damage=weapon.min_damage,
            max_damage=weapon.max_damage,
            reduced_by_range=weapon.reduced_by_range,
            double_penalty=moo2.has_inherent_double_penalty(weapon.name, variant=self.variant),
            always_hit=weapon.always_hits(),
        )

    def compute(self) -> ShotResult:
        check_int("seed", self.seed)
        shot = self.beam_shot()
        distribution = shot.damage_distribution()
        return ShotResult(
            shot=shot,
            hit_probability=shot.hit_probability(),
            potential=shot.damage_potential(),
            threshold=shot.hit_threshold(),
            penalty=shot.range_penalty(),
            range_units=int(moo2.range_units(shot.squares, shot.mount, variant=self.variant)),
            distribution=distribution,
            mean=shot.mean_damage(),
            penalties=penalties(shot.double_penalty, self.variant),
        )


LOG_LENGTH = 5
"""Rolls kept in the page's log (a page choice: a short history at the table)."""

HIT_RULE_TEXT = {
    moo2.HitRule.ROLL_OVER_95: f"[1] the roll is over {moo2.LUCKY_ROLL}: a hit with max damage",
    moo2.HitRule.ATTACK_99: f"[2] the attack margin is {moo2.SURE_HIT_ATTACK} or more: a hit with "
    "max damage",
    moo2.HitRule.ROLL_PLUS_ATTACK: "[3] roll plus attack reaches the threshold: a hit, damage "
    "from the accuracy of the shot",
    moo2.HitRule.ALWAYS_HITS: "the weapon always hits: damage from the accuracy of the shot",
}
"""How the log names the rule of the chance-to-hit formula that made a shot hit."""


@dataclass(frozen=True)
class ShotRoll:
    """One rolled shot, resolved step by step with :mod:`rules.moo2`."""

    seed: int
    roll: int
    """The d100 roll, 1 to :data:`rules.moo2.D100`."""
    hit_rule: moo2.HitRule | None
    """The rule that made it hit (:func:`rules.moo2.hit_rule`), None for a miss."""
    lowest_hit: int
    """The lowest roll that hits this shot (rolls from it upward hit)."""
    threshold: int
    penalty: int
    potential: tuple[int, int]
    accuracy_damage: int
    """Damage of the hit before a planet's halving and the shield (0 on a miss)."""
    planet_damage: int
    """After halving against a planet (= ``accuracy_damage`` if the target is not a planet)."""
    damage: int
    """The shot's damage (:func:`rules.moo2.shot_damage`)."""
    steps: tuple[str, ...]


def roll_shot(result: ShotResult, rng: random.Random, seed: int) -> ShotRoll:
    """Roll the d100 of ``result``'s shot with ``rng`` and resolve it with :mod:`rules.moo2`."""
    roll = rng.randint(1, moo2.D100)
    shot = result.shot
    rule = shot.hit_rule(roll)
    lowest = next(r for r in range(1, moo2.D100 + 1) if shot.hit_rule(r) is not None)
    plain = dataclasses.replace(shot, planet=False, shield=0)
    accuracy_damage = plain.damage(roll)
    planet_damage = dataclasses.replace(plain, planet=shot.planet).damage(roll)
    damage = shot.damage(roll)
    low, high = result.potential
    mount = MOUNT_LABELS[moo2.Mount(result.shot.mount)].lower()
    threshold_text = (
        f"hit threshold {result.threshold}"
        if result.shot.formula == moo2.Formula.CLASSIC
        else f"1.50 simplified formula (needs {moo2.BASE_HIT_THRESHOLD} with the penalty "
        f"counted in the attack; damage uses the classic threshold {result.threshold})"
    )
    steps = [
        f"Roll d100: {roll}.",
        f"Range {result.range_units} ({result.shot.squares} squares, {mount} mount): penalty "
        f"{result.penalty}, {threshold_text}. This shot hits on a roll of {lowest} or more.",
        f"Hit: {HIT_RULE_TEXT[rule]}." if rule is not None else f"Miss: {roll} is below {lowest}.",
    ]
    if rule is not None:
        steps.append(
            f"Damage potential {low}-{high} at {result.shot.squares} squares; this roll does "
            f"{accuracy_damage}."
        )
        if result.shot.planet:
            steps.append(f"Halved against a planet (rounded down): {planet_damage}.")
        if result.shot.shield:
            steps.append(f"Shield takes {result.shot.shield} off: {damage}.")
    steps.append(f"Damage: {damage}.")
    return ShotRoll(
        seed=seed,
        roll=roll,
        hit_rule=rule,
        lowest_hit=lowest,
        threshold=result.threshold,
        penalty=result.penalty,
        potential=result.potential,
        accuracy_damage=accuracy_damage,
        planet_damage=planet_damage,
        damage=damage,
        steps=tuple(steps),
    )


@functools.cache
def penalties(
    double_penalty: bool, variant: moo2.Variant = moo2.DEFAULT_VARIANT
) -> tuple[tuple[moo2.Mount, tuple[int, ...]], ...]:
    """Each mount's range penalty at every square from 0 to its longest range."""
    return tuple(
        (
            mount,
            tuple(
                moo2.range_penalty(x, mount, double_penalty=double_penalty, variant=variant)
                for x in range(moo2.max_squares(mount) + 1)
            ),
        )
        for mount in moo2.Mount
    )


def penalty_steps(
    penalties: tuple[tuple[moo2.Mount, tuple[int, ...]], ...],
) -> dict[str, dict[str, list[int]]]:
    """The step chart's data: the squares and range penalty of each mount."""
    return {
        mount.value: {"squares": list(range(len(row))), "penalty": list(row)}
        for mount, row in penalties
    }


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
        self._dist_chart = ChartWithTable("Damage of one shot", "damage (0 = miss)")
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
        self._range_table = html_pane()
        return [
            *self.chart_and_table(self._dist_chart),
            *self.chart_and_table(self._range_fig, self._range_table),
            *self.roll_controls(),
        ]

    roll_prompt = (
        "Roll the d100 with the seed above: the shot is resolved step by step (roll, threshold, "
        f"hit or miss, damage), and the last {LOG_LENGTH} rolls of this shot are kept."
    )
    roll_keep = LOG_LENGTH

    def roll_once(self, result: ShotResult, seed: int) -> ShotRoll:
        return roll_shot(result, random.Random(seed), seed)

    def roll_log(self, rolls: Sequence[ShotRoll]) -> str:
        last = rolls[0]
        steps = "".join(f"<li class='rf-step'>{html.escape(step)}</li>" for step in last.steps)
        history = "\n".join(
            f"seed {r.seed}: roll {r.roll}, "
            + (f"hit, {r.damage} damage" if r.hit_rule is not None else "miss")
            for r in rolls
        )
        return (
            f"<p class='rf-section'>Seed {last.seed}: roll {last.roll}, "
            + (f"hit for {last.damage} damage" if last.hit_rule is not None else "miss")
            + f"</p><ol class='rf-steps' data-testid='roll-steps'>{steps}</ol>"
            f"<pre class='rf-log' data-testid='roll-log'>{html.escape(history)}</pre>"
            f"<p class='rf-note'>The seed moved on to {last.seed + 1}; set it back to replay "
            "a roll. The log starts again when the shot changes.</p>"
        )

    def _apply_preset(self, event: param.parameterized.Event) -> None:
        if event.new != CUSTOM:
            self.model.use_weapon(event.new)

    def figures(self, result: ShotResult) -> list[Figure]:
        low, high = result.potential
        hit, mean = result.hit_probability, result.mean
        return [
            Figure(percent(hit), "chance to hit", "hit-chance", f"{hit}"),
            Figure(f"{low}-{high}", f"damage potential at {result.shot.squares} squares",
                   "damage-potential"),
            Figure(f"{float(mean):.2f}", "mean damage per shot", "mean-damage", f"{mean}"),
        ]  # fmt: skip

    def note(self, result: ShotResult) -> str:
        mount = MOUNT_LABELS[moo2.Mount(result.shot.mount)].lower()
        return (
            f"Range {result.range_units} for a {mount} mount: penalty {result.penalty}, "
            f"hit threshold {result.threshold}. {self.rule_note}"
        )

    def render(self, result: ShotResult) -> None:
        colours = THEMES[self.theme]
        dist = result.distribution
        damages = list(dist)
        self._dist_chart.show(
            dist,
            theme=self.theme,
            label=lambda d: "miss" if d == 0 else str(d),
            colour=lambda d: "miss" if d == 0 else "accent",
        )
        steps = penalty_steps(result.penalties)
        palette = dict(zip(moo2.Mount, ("accent", "accent2", "accent3"), strict=True))
        for mount, source in self._step_sources.items():
            set_data(source, steps[mount.value])
            self._step_lines[mount].glyph.line_color = colours[palette[mount]]
            self._step_lines[mount].glyph.line_alpha = 1.0 if mount == result.shot.mount else 0.45
        self._dist_chart.show_table(
            "Chance of each damage of one shot",
            ["Damage", "Chance", "Exact"],
            [["miss" if d == 0 else str(d), percent(dist[d]), str(dist[d])] for d in damages],
            numeric=[1, 2],
        )
        mounts = list(moo2.Mount)
        longest = max(len(steps[mount.value]["squares"]) for mount in mounts)
        rows = [
            [str(x)]
            + [
                str(steps[mount.value]["penalty"][x])
                if x < len(steps[mount.value]["penalty"])
                else "out of range"
                for mount in mounts
            ]
            for x in range(longest)
        ]
        self._range_table.object = chart_table_html(
            "Range penalty by mount and distance",
            ["Squares", *(MOUNT_LABELS[mount] for mount in mounts)],
            rows,
            numeric=range(len(mounts) + 1),
            current=lambda i: i == result.shot.squares,
        )
        set_data(self._here, {"squares": [result.shot.squares], "penalty": [result.penalty]})
        self._here_line.location = result.shot.squares
        self._here_line.line_color = colours["muted"]
