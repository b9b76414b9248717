"""MOO2 1.50 beam shot: chance to hit, damage potential and the damage of one shot.

Model: :class:`Moo2Shot` (inputs as parameters, every number from :mod:`rules.moo2`).
View: :class:`Moo2ShotView` (widgets from the parameters, two charts).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure

from rules import moo2
from rules.dice import Distribution
from webapp.charts import style_figure
from webapp.formatting import percent
from webapp.pages.base import Calculator
from webapp.styles import RESULT_CSS
from webapp.theme import THEMES

__all__ = ["Moo2Shot", "Moo2ShotView", "ShotResult"]

CUSTOM = "custom"
PRESETS = {CUSTOM: "Custom (type min/max)", **{w.name: w.name for w in moo2.WEAPONS}}
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


class Moo2Shot(Calculator):
    """One beam shot of Master of Orion II 1.50 (source: ``000_3948ba1900819cb7.txt``)."""

    inputs: ClassVar[tuple[str, ...]] = (
        "attack",
        "defense",
        "squares",
        "mount",
        "formula",
        "double_penalty",
        "min_damage",
        "max_damage",
        "reduced_by_range",
        "hef",
        "shield",
        "planet",
        "always_hit",
    )

    attack = param.Integer(
        default=50, label="Beam attack (BA+CO-AF)", doc="Without the PD mount's +25."
    )
    defense = param.Integer(default=30, label="Beam defense (BD)")
    squares = param.Integer(default=9, label="Distance (squares)")
    mount = param.Selector(
        objects={"Normal": "normal", "Heavy": "heavy", "Point defense": "point_defense"},
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
            threshold=moo2.hit_threshold(
                self.squares, mount=self.mount, double_penalty=self.double_penalty
            ),
            penalty=moo2.range_penalty(
                self.squares, self.mount, double_penalty=self.double_penalty
            ),
            range_units=int(moo2.range_units(self.squares, self.mount)),
            distribution=distribution,
            mean=distribution.mean(),
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


class Moo2ShotView(pn.viewable.Viewer):
    """The page: inputs on the left, exact results and charts on the right."""

    model = param.ClassSelector(class_=Moo2Shot)

    def __init__(self, **params: Any) -> None:
        params.setdefault("model", Moo2Shot())
        super().__init__(**params)
        m = self.model
        self._preset = pn.widgets.Select(
            name="Weapon preset", options={v: k for k, v in PRESETS.items()}, value=CUSTOM
        )
        self._preset.param.watch(self._apply_preset, "value")
        self._shield = pn.widgets.Select(
            name="Shield class (original manual)", options=SHIELDS, value=0
        )
        self._shield.link(m, value="shield")

        def field(name: str, **kw: Any) -> pn.Column:
            widget = (
                pn.widgets.IntInput.from_param(m.param[name], sizing_mode="stretch_width", **kw)
                if isinstance(m.param[name], param.Integer)
                else pn.widgets.Checkbox.from_param(m.param[name])
                if isinstance(m.param[name], param.Boolean)
                else pn.widgets.RadioButtonGroup.from_param(
                    m.param[name], sizing_mode="stretch_width"
                )
            )
            message = pn.pane.Alert(
                pn.bind(
                    lambda e, i, n=name: e if i == n else "", m.param.error, m.param.error_input
                ),
                alert_type="danger",
                visible=pn.bind(lambda i, n=name: i == n, m.param.error_input),
                margin=(0, 10, 5, 10),
                sizing_mode="stretch_width",
                css_classes=["rf-input-error"],
            )
            return pn.Column(widget, message, sizing_mode="stretch_width", margin=0)

        self._general_error = pn.pane.Alert(
            pn.bind(lambda e, i: e if e and not i else "", m.param.error, m.param.error_input),
            alert_type="danger",
            visible=pn.bind(lambda e, i: bool(e and not i), m.param.error, m.param.error_input),
        )
        inputs = pn.Column(
            pn.pane.Markdown("### The shot", margin=(0, 10)),
            field("attack"),
            field("defense"),
            field("squares"),
            pn.pane.Markdown("Mount", margin=(5, 10, 0, 10)),
            field("mount"),
            pn.pane.Markdown("Chance-to-hit formula", margin=(5, 10, 0, 10)),
            field("formula"),
            field("double_penalty"),
            pn.pane.Markdown("### The weapon", margin=(10, 10, 0, 10)),
            self._preset,
            field("min_damage"),
            field("max_damage"),
            field("reduced_by_range"),
            pn.Card(
                field("hef"),
                self._shield,
                field("shield"),
                field("planet"),
                field("always_hit"),
                title="More modifiers",
                collapsed=True,
                sizing_mode="stretch_width",
            ),
            self._general_error,
            min_width=300,
            sizing_mode="stretch_width",
            max_width=380,
        )

        self._summary = pn.pane.HTML(sizing_mode="stretch_width", stylesheets=[RESULT_CSS])
        self._dist_source = ColumnDataSource(
            {"damage": [], "probability": [], "percent": [], "label": [], "color": []}
        )
        self._dist_fig = figure(
            height=260, sizing_mode="stretch_width", title="Damage of one shot",
            x_axis_label="damage (0 = miss)", y_axis_label="probability",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._dist_bars = self._dist_fig.vbar(
            x="damage", top="probability", width=0.8, color="color", source=self._dist_source
        )
        self._dist_fig.add_tools(
            HoverTool(
                tooltips=[("damage", "@label"), ("chance", "@percent")], renderers=[self._dist_bars]
            )
        )
        self._dist_fig.y_range.start = 0

        self._range_fig = figure(
            height=260, sizing_mode="stretch_width", title="Range penalty by mount",
            x_axis_label="distance (squares)", y_axis_label="to-hit penalty",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._step_sources = {
            mount: ColumnDataSource({"squares": [], "penalty": []}) for mount in moo2.Mount
        }
        self._step_lines = {
            mount: self._range_fig.step(
                x="squares", y="penalty", mode="center", line_width=2.5,
                source=self._step_sources[mount], legend_label=mount.value.replace("_", " "),
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
        self._theme = "light"

        outputs = pn.Column(
            self._summary,
            pn.pane.Bokeh(self._dist_fig, sizing_mode="stretch_width"),
            pn.pane.Bokeh(self._range_fig, sizing_mode="stretch_width"),
            sizing_mode="stretch_width",
            min_width=300,
        )
        self._layout = pn.Row(
            inputs, outputs, sizing_mode="stretch_width",
            styles={"flex-wrap": "wrap", "gap": "0.5rem"},
        )  # fmt: skip
        outputs.styles = {"flex": "1 1 420px"}
        inputs.styles = {"flex": "0 1 360px"}
        m.param.watch(self._render, ["result", "double_penalty", "mount", "squares"])
        self._render()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

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

    def set_theme(self, theme: str) -> None:
        self._theme = theme
        for fig in (self._dist_fig, self._range_fig):
            style_figure(fig, theme)
        self._render()

    def _render(self, *_events: object) -> None:
        m = self.model
        result: ShotResult | None = m.result
        colours = THEMES[self._theme]
        if result is None:
            return
        low, high = result.potential
        hit = result.hit_probability
        self._summary.object = (
            f"<div class='rf-figures'>"
            f"<div class='rf-figure'><span class='rf-big' data-testid='hit-chance'>{percent(hit)}</span>"
            f"<span class='rf-label'>chance to hit<br><code data-testid='hit-fraction'>{hit.numerator}/{hit.denominator}</code></span></div>"
            f"<div class='rf-figure'><span class='rf-big' data-testid='damage-potential'>{low}–{high}</span>"
            f"<span class='rf-label'>damage potential at {m.squares} squares</span></div>"
            f"<div class='rf-figure'><span class='rf-big' data-testid='mean-damage'>{float(result.mean):.2f}</span>"
            f"<span class='rf-label'>mean damage per shot<br><code>{result.mean.numerator}/{result.mean.denominator}</code></span></div>"
            f"</div>"
            f"<p class='rf-note'>Range {result.range_units} for a {m.mount.replace('_', ' ')} mount: "
            f"penalty {result.penalty}, hit threshold {result.threshold}.</p>"
        )  # fmt: skip
        dist = result.distribution
        damages = list(dist)
        self._dist_source.data = {
            "damage": damages,
            "probability": [float(dist[d]) for d in damages],
            "percent": [percent(dist[d]) for d in damages],
            "label": ["miss" if d == 0 else str(d) for d in damages],
            "color": [colours["miss"] if d == 0 else colours["accent"] for d in damages],
        }
        steps = penalty_steps(m.double_penalty)
        palette = {
            "normal": colours["accent"],
            "heavy": colours["accent2"],
            "point_defense": colours["accent3"],
        }
        for mount, source in self._step_sources.items():
            source.data = steps[mount.value]
            self._step_lines[mount].glyph.line_color = palette[mount.value]
            self._step_lines[mount].glyph.line_alpha = 1.0 if mount.value == m.mount else 0.45
        self._here.data = {"squares": [m.squares], "penalty": [result.penalty]}
        self._here_line.location = m.squares
        self._here_line.line_color = colours["muted"]
