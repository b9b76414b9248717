"""Cepheus Engine explosions: take it, dodge (less 1D6) or dive for cover (half), side by side.

Model: :class:`CepheusExplosions` (the explosion's dice, the target's armor and physical
characteristics, the reaction to roll; :meth:`~CepheusExplosions.compute` calls
:func:`rules.cepheus.explosion_damage_distribution` for each reaction and
:func:`rules.cepheus.apply_damage` for what each damage does to the target).
View: :class:`CepheusExplosionsView` (key figures of the chosen reaction, the three reactions
compared in a table, their damage distributions side by side, and a seeded "Roll it" with the
log of :func:`rules.cepheus.roll_explosion`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from rules import cepheus
from rules.dice import Distribution
from rules.validation import check_int
from webapp.components import (
    Figure,
    chart_table_html,
    choices,
    heading,
    html_pane,
    html_table,
    mean_text,
    note,
    signed,
)
from webapp.formatting import percent
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = ["REACTION_NAMES", "CepheusExplosions", "CepheusExplosionsView", "ExplosionResult"]

Reaction = cepheus.ExplosionReaction
State = cepheus.WoundState
Char = cepheus.Characteristic

REACTION_NAMES: Mapping[cepheus.ExplosionReaction, str] = {
    Reaction.NONE: "Take it",
    Reaction.DODGE: "Dodge (less 1D6)",
    Reaction.DIVE: "Dive for cover (half)",
}
"""How the page names each reaction (the chapter's words: "dodges", "dives for cover")."""

COLOURS = {Reaction.NONE: "miss", Reaction.DODGE: "accent", Reaction.DIVE: "accent3"}
"""The theme colour of each reaction's bars."""

_SEVERITY = (State.UNHARMED, State.WOUNDED, State.SERIOUSLY_WOUNDED, State.UNCONSCIOUS, State.DEAD)


@dataclass(frozen=True)
class ReactionOdds:
    """One reaction: its exact damage distribution and what that damage does to the target."""

    reaction: cepheus.ExplosionReaction
    damage: Distribution[int]
    state: Distribution[cepheus.WoundState]
    endurance_out: Fraction
    """The chance of taking at least the target's Endurance (Endurance reduced to 0)."""

    def at_least(self, state: cepheus.WoundState) -> Fraction:
        """The chance that the target ends up ``state`` or worse."""
        worse = _SEVERITY[_SEVERITY.index(state) :]
        return self.state.probability(lambda s: s in worse)


@dataclass(frozen=True)
class ExplosionResult:
    """Everything the page shows for one set of inputs."""

    dice: int
    bonus: int
    armor: int
    physical: cepheus.Physical
    order: tuple[cepheus.Characteristic, ...]
    chosen: cepheus.ExplosionReaction
    odds: dict[cepheus.ExplosionReaction, ReactionOdds]

    @property
    def shown(self) -> ReactionOdds:
        return self.odds[self.chosen]


class CepheusExplosions(CepheusCalculator):
    """A character caught in an explosion (source: ``003_c7092257a5e3046d.txt``, Explosions)."""

    dice = param.Integer(default=4, label="Explosion damage (D6)")
    bonus = param.Integer(default=0, label="Damage modifier (the +2 of 3D6+2)")
    armor = param.Integer(default=0, label="Target's armor")
    strength = param.Integer(default=7, label="Target's Strength")
    dexterity = param.Integer(default=7, label="Target's Dexterity")
    endurance = param.Integer(default=7, label="Target's Endurance")
    then = param.Selector(
        objects={"Strength": "strength", "Dexterity": "dexterity"},
        default="strength",
        label="Once Endurance is 0, damage goes to",
    )
    reaction = param.Selector(
        objects=choices(Reaction, REACTION_NAMES), default="dodge", label="The target's choice"
    )
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> ExplosionResult:
        check_int("seed", self.seed)
        physical = cepheus.Physical(self.strength, self.dexterity, self.endurance)
        then = Char(self.then)
        other = Char.DEXTERITY if then is Char.STRENGTH else Char.STRENGTH
        order = (Char.ENDURANCE, then, other)
        chosen = Reaction(self.reaction)
        odds = {}
        for reaction in Reaction:
            damage = cepheus.explosion_damage_distribution(
                self.dice,
                bonus=self.bonus,
                reaction=reaction,
                armor=self.armor,
                variant=self.variant,
            )
            states = damage.map(lambda d: cepheus.apply_damage(physical, d, order=order).state)
            out = damage.probability(lambda d: d >= physical.endurance)
            odds[reaction] = ReactionOdds(reaction, damage, states, out)
        return ExplosionResult(self.dice, self.bonus, self.armor, physical, order, chosen, odds)

    def roll(self) -> cepheus.ExplosionRoll:
        """Roll the explosion of the last good inputs with ``random.Random(seed)``."""
        result: ExplosionResult = self.result
        return cepheus.roll_explosion(
            result.dice,
            bonus=result.bonus,
            reaction=result.chosen,
            armor=result.armor,
            rng=random.Random(self.seed),
            variant=self.variant,
        )

    def hurt_by(self, rolled: cepheus.ExplosionRoll) -> cepheus.DamageResult:
        """The target of the last good inputs after ``rolled``'s damage: its scores and
        condition (its damage allocated by the inputs' order)."""
        result: ExplosionResult = self.result
        return cepheus.apply_damage(result.physical, rolled.damage, order=result.order)


class GroupedBars:
    """The damage distributions of the three reactions side by side (one series each)."""

    WIDTH = 0.27

    def __init__(self) -> None:
        self.figure = figure(
            height=280, width=320, min_width=200, sizing_mode="stretch_width",
            title="Damage taken, by reaction", x_axis_label="damage after armor",
            y_axis_label="probability", toolbar_location=None, tools="",
        )  # fmt: skip
        self.sources: dict[cepheus.ExplosionReaction, ColumnDataSource] = {}
        self.renderers = {}
        for index, reaction in enumerate(Reaction):
            source = ColumnDataSource(
                {"x": [], "damage": [], "probability": [], "percent": [], "label": []}
            )
            bars = self.figure.vbar(
                x="x", top="probability", width=self.WIDTH, source=source,
                legend_label=REACTION_NAMES[reaction],
            )  # fmt: skip
            bars.tags = [f"explosion-{reaction.value}", (index - 1) * self.WIDTH]
            self.sources[reaction] = source
            self.renderers[reaction] = bars
        self.figure.add_tools(
            HoverTool(tooltips=[("", "@label"), ("damage", "@damage"), ("chance", "@percent")])
        )
        self.figure.y_range.start = 0
        self.figure.legend.location = "top_right"
        self.figure.legend.click_policy = "hide"

    def show(self, odds: Mapping[cepheus.ExplosionReaction, ReactionOdds], theme: str) -> None:
        colours = THEMES[theme]
        for index, (reaction, one) in enumerate(odds.items()):
            offset = (index - 1) * self.WIDTH
            keys = list(one.damage)
            self.sources[reaction].data = {
                "x": [k + offset for k in keys],
                "damage": keys,
                "probability": [float(p) for p in one.damage.values()],
                "percent": [percent(p) for p in one.damage.values()],
                "label": [REACTION_NAMES[reaction]] * len(keys),
            }
            glyph = self.renderers[reaction].glyph
            glyph.fill_color = glyph.line_color = colours[COLOURS[reaction]]


class CepheusExplosionsView(PageView):
    """The page: the explosion and the target; each reaction's exact damage, and a roll."""

    model_class = CepheusExplosions
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Explosions: a character caught in an explosion "
        "may dodge at the usual Initiative cost (-2), reducing the damage by 1D6, or by half if "
        "he dives for cover, which leaves him prone and loses his next significant action. "
        "Then armor; an explosive adds no Effect (Thrown Weapons). Interpretations "
        "(rules/SOURCES.md): half is rounded up, as the chapter's only other halving; the "
        "reaction applies before armor; never below 0. First damage goes to Endurance, then the "
        "characteristic chosen (Damage); the states are the Damage Results table."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The explosion", margin=(0, 10)),
            self.field("dice"),
            self.field("bonus"),
            note(
                "The chapter gives one explosion's damage: a vehicle destroyed at negative "
                "Structure does 4D6 within six metres and 2D6 within twelve. Enter your "
                "grenade's or rocket's damage."
            ),
            heading("The target (undamaged)"),
            *(self.field(n) for n in ("armor", "strength", "dexterity", "endurance", "then")),
            heading("The target's choice"),
            self.field("reaction"),
            note(
                "Occupants of a closed vehicle cannot dodge or dive for cover from its "
                "explosion: choose Take it for them."
            ),
        ]

    def details(self) -> list[Any]:
        self._compare = html_pane()
        self._bars = GroupedBars()
        self._chart_table = html_pane()
        return [
            self._compare,
            *self.chart_and_table(self._bars.figure, self._chart_table),
            *self.roll_controls(),
        ]

    roll_prompt = (
        "Roll the explosion and the target's choice with the dice of the seed above: the log "
        "shows every step."
    )

    def roll_lines(self, result: ExplosionResult) -> list[str]:
        rolled = self.model.roll()
        hurt = self.model.hurt_by(rolled)
        after = hurt.physical
        return [
            *rolled.log,
            f"Target: Strength {after.strength}, Dexterity {after.dexterity}, "
            f"Endurance {after.endurance}: {_state(hurt.state)}",
        ]

    def roll_key(self, result: ExplosionResult) -> tuple[Any, ...]:
        return (result.dice, result.bonus, result.armor, result.physical, result.order,
                result.chosen)  # fmt: skip

    def figures(self, result: ExplosionResult) -> list[Figure]:
        one = result.shown
        mean, mean_exact = mean_text(one.damage)
        name = REACTION_NAMES[result.chosen].split(" (")[0].lower()
        return [
            Figure(mean, f"mean damage ({name})", "mean-damage", mean_exact),
            Figure(percent(one.damage[0] if 0 in one.damage else Fraction(0)),
                   "chance of no damage", "no-damage",
                   str(one.damage.get(0, Fraction(0)))),
            Figure(percent(one.endurance_out),
                   f"chance of {result.physical.endurance}+ damage (Endurance to 0)",
                   "endurance-out", str(one.endurance_out)),
            Figure(percent(one.at_least(State.UNCONSCIOUS)), "chance unconscious or dead",
                   "unconscious", str(one.at_least(State.UNCONSCIOUS))),
        ]  # fmt: skip

    def render(self, result: ExplosionResult) -> None:
        reactions = list(Reaction)
        rows: list[list[str]] = []

        def line(label: str, value: Any) -> None:
            rows.append([label, *(value(result.odds[r]) for r in reactions)])

        def chance(p: Fraction) -> str:
            return f"{percent(p)} ({p})"

        line("Mean damage", lambda o: mean_text(o.damage)[0] + f" ({o.damage.mean()})")
        line("No damage", lambda o: chance(o.damage.get(0, Fraction(0))))
        line(
            f"{result.physical.endurance}+ damage: Endurance to 0",
            lambda o: chance(o.endurance_out),
        )
        for state in (State.WOUNDED, State.UNCONSCIOUS, State.DEAD):
            line(f"{_state(state)}{' or worse' if state is not State.DEAD else ''}",
                 lambda o, s=state: chance(o.at_least(s)))  # fmt: skip
        costs = cepheus.EXPLOSION_REACTIONS
        rows.append(["Initiative", *(signed(costs[r].initiative) for r in reactions)])
        rows.append(["Ends up prone", *("yes" if costs[r].prone else "no" for r in reactions)])
        rows.append(
            [
                "Loses next significant action",
                *("yes" if costs[r].loses_significant_action else "no" for r in reactions),
            ]
        )
        # Exact fractions make it wide: it scrolls inside its box (html_table), never the page.
        self._compare.object = html_table(
            ["", *(REACTION_NAMES[r] for r in reactions)],
            rows,
            numeric=[1, 2, 3],
            testid="compare",
        )
        self._bars.show(result.odds, self.theme)
        damages = sorted(set().union(*(o.damage for o in result.odds.values())))
        table_rows = [
            [
                str(d),
                *(
                    f"{percent(result.odds[r].damage.get(d, Fraction(0)))} "
                    f"({result.odds[r].damage.get(d, Fraction(0))})"
                    for r in reactions
                ),
            ]
            for d in damages
        ]
        self._chart_table.object = chart_table_html(
            "Damage taken, by reaction",
            ["Damage", *(REACTION_NAMES[r] for r in reactions)],
            table_rows,
            numeric=[0, 1, 2, 3],
        )


def _state(state: cepheus.WoundState) -> str:
    return state.value.replace("_", " ").capitalize()
