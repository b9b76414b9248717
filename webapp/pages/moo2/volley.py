"""MOO2 volley forecast: the exact chance a target is destroyed turn by turn, and a seeded fight.

Model: :class:`Moo2Volley` (the beam shot's inputs of :mod:`webapp.pages.moo2.shot`, the
shots per turn, the target's hit points and the turns; :meth:`~Moo2Volley.compute` builds a
:class:`rules.moo2.BeamShot` and calls :func:`rules.moo2.volley_forecast`).
View: :class:`Moo2VolleyView` (the survival curve with its table, the chance destroyed by
each turn, the damage after N turns, the single-shot odds with a link to the shot page, and
"Roll it": one volley sequence rolled turn by turn with :meth:`rules.moo2.BeamShot.damage`).
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar
from urllib.parse import urlencode

import param
from bokeh.models import ColumnDataSource, HoverTool
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
    html_table,
    note,
    set_data,
)
from webapp.formatting import EXACT_SHOWN, exact_short, percent
from webapp.pages.model import input_error
from webapp.pages.moo2.shot import BeamShotInputs
from webapp.pages.view import PHONE_CHART_WIDTH, PageView
from webapp.theme import THEMES

__all__ = [
    "EXACT_SHOWN",
    "LOG_LENGTH",
    "SHOT_INPUTS",
    "Moo2Volley",
    "Moo2VolleyView",
    "VolleyResult",
    "VolleyRoll",
    "exact_short",
    "roll_volleys",
    "turns_text",
]

SHOT_INPUTS = BeamShotInputs.input_names()
"""The inputs this page shares, by name and meaning, with the beam-shot page (``moo2-shot``):
the link to that page carries them."""


@dataclass(frozen=True)
class VolleyResult:
    """Everything the page shows for one set of inputs, from :mod:`rules.moo2`."""

    shot: moo2.BeamShot
    count: int
    """Shots fired each turn."""
    forecast: moo2.VolleyForecast
    stop_after: int
    """The turn after which the damage distribution is shown (1..turns)."""
    hit_probability: Fraction
    """One shot's chance to hit."""
    potential: tuple[int, int]
    shot_damage: Distribution[int]
    """One shot's damage (0: a miss)."""
    shot_mean: Fraction
    shot_query: tuple[tuple[str, str], ...]
    """The shot's inputs as the beam-shot page's deep link reads them."""

    @property
    def damage_after(self) -> Distribution[int]:
        """The capped total damage after :attr:`stop_after` turns."""
        return self.forecast.damage[self.stop_after - 1]


class Moo2Volley(BeamShotInputs):
    """Volleys of one beam weapon at one target (source: ``000_3948ba1900819cb7.txt``)."""

    # volley_forecast names its pairs "weapons": on this page only the count can be at fault.
    error_inputs: ClassVar = {"weapons": "count", "weapons[0][1]": "count"}

    count = param.Integer(
        default=2,
        label="Shots per turn",
        doc=f"This weapon's shots each turn (at most {moo2.MAX_VOLLEY_SHOTS}).",
    )
    hit_points = param.Integer(
        default=100,
        label="Target's hit points (armor + structure)",
        doc=f"1..{moo2.MAX_VOLLEY_HIT_POINTS}: not in the sources, an input.",
    )
    turns = param.Integer(default=10, label="Turns to forecast", doc=f"1..{moo2.MAX_VOLLEY_TURNS}.")
    stop_after = param.Integer(default=3, label="Stop after N turns (damage shown)")
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> VolleyResult:
        check_int("seed", self.seed)
        shot = self.beam_shot()
        count = check_int("count", self.count, 1, moo2.MAX_VOLLEY_SHOTS)
        forecast = moo2.volley_forecast([(shot, count)], self.hit_points, self.turns)
        stop_after = check_int("stop_after", self.stop_after)
        if not 1 <= stop_after <= forecast.turns:
            raise input_error(
                "stop_after", f"an integer in 1..{forecast.turns} (the turns forecast)", stop_after
            )
        query = {name: getattr(self, name) for name in SHOT_INPUTS}
        return VolleyResult(
            shot=shot,
            count=count,
            forecast=forecast,
            stop_after=stop_after,
            hit_probability=shot.hit_probability(),
            potential=shot.damage_potential(),
            shot_damage=shot.damage_distribution(),
            shot_mean=shot.mean_damage(),
            shot_query=tuple(
                (k, str(int(v)) if isinstance(v, bool) else str(v)) for k, v in query.items()
            ),
        )


LOG_LENGTH = 3
"""Rolled fights kept in the page's log (a page choice: a short history at the table)."""


@dataclass(frozen=True)
class VolleyRoll:
    """One rolled fight: each turn's d100 rolls and damages, until destroyed or the last turn."""

    seed: int
    turns: tuple[tuple[tuple[int, int], ...], ...]
    """Per turn fired, each shot's (d100 roll, damage)."""
    totals: tuple[int, ...]
    """The total damage after each turn fired (not capped)."""
    destroyed_on: int | None
    """The turn the total reached the hit points, None if it never did."""
    lines: tuple[str, ...]


def roll_volleys(result: VolleyResult, rng: random.Random, seed: int) -> VolleyRoll:
    """Roll ``result``'s fight with ``rng``: each shot's d100, resolved by
    :meth:`rules.moo2.BeamShot.damage`, turn after turn until the target is destroyed."""
    shot, hit_points = result.shot, result.forecast.hit_points
    total = 0
    turns: list[tuple[tuple[int, int], ...]] = []
    totals: list[int] = []
    lines: list[str] = []
    destroyed_on = None
    for turn in range(1, result.forecast.turns + 1):
        shots = []
        for _ in range(result.count):
            roll = rng.randint(1, moo2.D100)
            shots.append((roll, shot.damage(roll)))
        damage = sum(d for _, d in shots)
        total += damage
        turns.append(tuple(shots))
        totals.append(total)
        fired = ", ".join(f"{r}: {'miss' if d == 0 else d}" for r, d in shots)
        lines.append(
            f"Turn {turn}: d100 {fired}; {damage} damage, total {min(total, hit_points)}"
            f"/{hit_points}."
        )
        if total >= hit_points:
            destroyed_on = turn
            lines.append(f"Destroyed in turn {turn}.")
            break
    else:
        lines.append(f"Still standing after {result.forecast.turns} turns.")
    return VolleyRoll(seed, tuple(turns), tuple(totals), destroyed_on, tuple(lines))


def turns_text(value: Fraction | None) -> str:
    """Expected turns as the page shows them."""
    return "not certain" if value is None else f"{float(value):.2f}"


class Moo2VolleyView(PageView):
    """The page: the shot, the volley and the target; the forecast turn by turn."""

    model_class = Moo2Volley
    rule_note = (
        "Source: Notes on Beam Weapon Mechanics (MOO2 1.50), Range and Accuracy, Damage, for "
        "every shot; the shots are independent and their damage adds up turn after turn. The "
        "target's armor plus structure is not in the sources: it is an input (hit points)."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The shot", margin=(0, 10)),
            *(self.field(name) for name in ("attack", "defense", "squares", "mount")),
            *(self.field(name) for name in ("formula", "double_penalty")),
            heading("The weapon"),
            *(self.field(name) for name in ("min_damage", "max_damage", "reduced_by_range")),
            self.field("count"),
            group(
                "More modifiers",
                *(self.field(name) for name in ("hef", "shield", "planet", "always_hit")),
            ),
            heading("The target and the fight"),
            self.field("hit_points"),
            note(
                "Armor plus structure (the damage that destroys the target) is not in the "
                "sources: type the target's."
            ),
            self.field("turns"),
            self.field("stop_after"),
        ]

    def details(self) -> list[Any]:
        self._survival_source = ColumnDataSource({"turn": [], "survival": [], "percent": []})
        self._survival_fig = figure(
            height=260, width=300, min_width=260, max_width=PHONE_CHART_WIDTH,
            sizing_mode="stretch_width", title="Chance the target still stands after each turn",
            x_axis_label="turn", y_axis_label="still standing",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._survival_line = self._survival_fig.line(
            x="turn", y="survival", line_width=2.5, source=self._survival_source
        )
        self._survival_dots = self._survival_fig.scatter(
            x="turn", y="survival", size=7, source=self._survival_source
        )
        self._survival_fig.add_tools(
            HoverTool(
                tooltips=[("turn", "@turn"), ("still standing", "@percent")],
                renderers=[self._survival_dots],
            )
        )
        self._survival_fig.y_range.start = 0
        self._survival_fig.y_range.end = 1.02
        self._survival_table = html_pane()
        self._destroyed_table = html_pane()
        self._after = ChartWithTable("Damage after N turns", "total damage (capped at hit points)")
        self._after.figure.max_width = PHONE_CHART_WIDTH  # (no band under it on a phone)
        self._odds = html_pane()
        return [
            *self.chart_and_table(self._survival_fig, self._survival_table),
            heading("Destroyed by each turn"),
            self._destroyed_table,
            heading("Stop after N turns"),
            *self.chart_and_table(self._after),
            heading("The odds it is built on"),
            self._odds,
            *self.roll_controls(),
        ]

    roll_prompt = (
        "Roll one fight with the seed above: every shot's d100, turn by turn, until the target "
        f"is destroyed or the last turn; the last {LOG_LENGTH} fights are kept."
    )
    roll_keep = LOG_LENGTH

    def roll_once(self, result: VolleyResult, seed: int) -> VolleyRoll:
        return roll_volleys(result, random.Random(seed), seed)

    def roll_log(self, rolls: Sequence[VolleyRoll]) -> str:
        last = rolls[0]
        steps = "".join(f"<li class='rf-step'>{html.escape(line)}</li>" for line in last.lines)

        def outcome(r: VolleyRoll) -> str:
            return (
                f"destroyed in turn {r.destroyed_on}"
                if r.destroyed_on is not None
                else f"standing after {len(r.turns)} turns"
            )

        history = "\n".join(f"seed {r.seed}: {outcome(r)}" for r in rolls)
        return (
            f"<p class='rf-section'>Seed {last.seed}: {outcome(last)}</p>"
            f"<ol class='rf-steps' data-testid='roll-steps'>{steps}</ol>"
            f"<pre class='rf-log' data-testid='roll-log'>{html.escape(history)}</pre>"
            f"<p class='rf-note'>The seed moved on to {last.seed + 1}; set it back to replay "
            "a fight. The log starts again when the inputs change.</p>"
        )

    def figures(self, result: VolleyResult) -> list[Figure]:
        def short(value: Fraction) -> str:  # the exact value under a figure, if it is short
            text = str(value)
            return text if len(text) <= EXACT_SHOWN else ""

        f = result.forecast
        last = f.destroyed[-1]
        expected = f.expected_turns
        mean = f.mean_volley_damage
        return [
            Figure(percent(last), f"chance destroyed by turn {f.turns}", "destroyed-chance",
                   short(last)),
            Figure(turns_text(expected), "expected turns to destroy", "expected-turns",
                   "" if expected is None else short(expected)),
            Figure(f"{float(mean):.2f}", "mean damage per turn", "mean-turn-damage",
                   short(mean)),
        ]  # fmt: skip

    def render(self, result: VolleyResult) -> None:
        colours = THEMES[self.theme]
        f = result.forecast
        survival = f.survival
        turns = list(range(1, f.turns + 1))
        set_data(
            self._survival_source,
            {
                "turn": turns,
                "survival": [float(p) for p in survival],
                "percent": [percent(p) for p in survival],
            },
        )
        self._survival_line.glyph.line_color = colours["accent"]
        self._survival_dots.glyph.fill_color = colours["accent"]
        self._survival_dots.glyph.line_color = colours["accent"]
        self._survival_table.object = chart_table_html(
            "Chance the target still stands after each turn",
            ["Turn", "Still standing", "Exact"],
            [[str(t), percent(p), exact_short(p)] for t, p in zip(turns, survival, strict=True)],
            numeric=[0, 1, 2],
        )
        previous = [Fraction(0), *f.destroyed[:-1]]
        self._destroyed_table.object = html_table(
            ["Turn", "Destroyed", "In turn", "Mean total"],
            [
                [str(t), percent(p), percent(p - q), f"{float(m):.2f}"]
                for t, p, q, m in zip(turns, f.destroyed, previous, f.mean_damage, strict=True)
            ],
            numeric=[0, 1, 2, 3],
            current=lambda i: i == result.stop_after - 1,
            testid="destroyed-table",
            caption="Chance destroyed by the end of each turn, in that turn, and the mean "
            "total damage (capped at the hit points)",
        )
        hp, n = f.hit_points, result.stop_after
        after = result.damage_after

        def label(total: int) -> str:
            return f"{total}+ (destroyed)" if total >= hp else str(total)

        self._after.show(
            after,
            theme=self.theme,
            colour=lambda total: "miss" if total >= hp else "accent",
            label=label,
            title=f"Damage after {n} turn{'s' if n > 1 else ''} (of {hp} hit points)",
        )
        self._after.show_table(
            f"Chance of each total damage after {n} turns (capped at {hp}: destroyed)",
            ["Total damage", "Chance", "Exact"],
            [[label(k), percent(p), exact_short(p)] for k, p in after.items()],
            numeric=[1, 2],
        )
        low, high = result.potential
        shot_rows = [
            ["miss" if d == 0 else str(d), percent(p), str(p)]
            for d, p in result.shot_damage.items()
        ]
        volley_rows = [[label(d), percent(p), exact_short(p)] for d, p in f.volley.items()]
        link = "?" + urlencode({"page": "moo2-shot", **dict(result.shot_query)})
        self._odds.object = (
            "<p class='rf-note'>One shot: "
            f"{html.escape(percent(result.hit_probability))} to hit "
            f"(<code>{result.hit_probability}</code>), damage potential {low}-{high} at "
            f"{result.shot.squares} squares, mean {float(result.shot_mean):.2f} per shot "
            f"(<code>{result.shot_mean}</code>). Each turn {result.count} such shot"
            f"{'s' if result.count > 1 else ''}, independent. "
            f"<a href='{html.escape(link, quote=True)}' data-testid='shot-link'>Open this shot "
            "on the beam-shot page</a></p>"
            + html_table(
                ["Damage of one shot", "Chance", "Exact"],
                shot_rows,
                numeric=[1, 2],
                caption="One shot (0: a miss)",
            )
            + "<details class='rf-chart-table'><summary>One turn's volley</summary>"
            + html_table(
                ["Damage of one turn", "Chance", "Exact"],
                volley_rows,
                numeric=[1, 2],
                caption=f"One turn's volley of {result.count} (capped at {hp})",
            )
            + "</details>"
        )
