"""Cepheus Engine grappling: the opposed Natural Weapons check, its odds, options and a roll.

Model: :class:`CepheusGrappling` (each side's DMs and the option the attacker takes;
:func:`rules.cepheus.grapple_odds` and :func:`~rules.cepheus.grapple_damage_distribution` do
the work). View: :class:`CepheusGrapplingView` (figures, the options with their exact odds, the
damage chart and a seeded "Roll it" with the log of :func:`rules.cepheus.roll_grapple`).
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import param

from rules import cepheus
from rules.dice import Distribution
from rules.validation import check_int
from webapp.components import (
    ChartWithTable,
    Figure,
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
from webapp.pages.model import inputs_named
from webapp.pages.view import PageView

__all__ = ["CepheusGrappling", "CepheusGrapplingView", "GrappleResult"]

OPTION_LABELS = {
    cepheus.GrappleOption.CONTINUE: "Continue the grapple",
    cepheus.GrappleOption.DISARM: "Disarm",
    cepheus.GrappleOption.DRAG: "Drag (up to 3 m)",
    cepheus.GrappleOption.ESCAPE: "Escape",
    cepheus.GrappleOption.DAMAGE: "Inflict damage (2 + Effect)",
    cepheus.GrappleOption.KNOCK_PRONE: "Knock prone",
    cepheus.GrappleOption.THROW: "Throw (1D6 damage)",
}

TIE_RULE = (
    "A tie has no winner: the attacker has not beaten his target, so no grapple starts, and in "
    "a grapple nobody takes an option this time (the chapter does not say how an opposed check "
    "ties; rules/SOURCES.md)."
)


@dataclass(frozen=True)
class GrappleResult:
    """Everything the page shows for one set of inputs."""

    dm: int
    opponent_dm: int
    odds: cepheus.GrappleOdds
    option: cepheus.GrappleOption
    damage: Distribution[int]
    """The damage the attacker's option does in one opposed check (0 unless he wins)."""
    throw: Distribution[int]
    """The damage a throw does in one opposed check (for the table of every option)."""
    damage_option: Distribution[int]
    """The damage the damage option does in one opposed check (for the same table)."""


class CepheusGrappling(CepheusCalculator):
    """One opposed Natural Weapons check (source: ``003_c7092257a5e3046d.txt``, "Grappling")."""

    error_inputs: ClassVar[dict[str, str]] = {}

    skill = param.Integer(default=1, label="Attacker: Natural Weapons skill (DM)")
    characteristic = param.Integer(default=8, label="Attacker: characteristic score")
    other = param.Integer(default=0, label="Attacker: other DMs")
    opponent_skill = param.Integer(default=0, label="Opponent: Natural Weapons skill (DM)")
    opponent_characteristic = param.Integer(default=7, label="Opponent: characteristic score")
    opponent_other = param.Integer(default=0, label="Opponent: other DMs")
    option = param.Selector(
        objects=choices(cepheus.GrappleOption, OPTION_LABELS),
        default="damage",
        label="The attacker's option if he wins",
    )
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> GrappleResult:
        check_int("seed", self.seed)
        dm = check_int("skill", self.skill) + check_int("other", self.other)
        with inputs_named("characteristic"):
            dm += cepheus.characteristic_dm(self.characteristic)
        opponent_dm = check_int("opponent_skill", self.opponent_skill) + check_int(
            "opponent_other", self.opponent_other
        )
        with inputs_named("opponent_characteristic"):
            opponent_dm += cepheus.characteristic_dm(self.opponent_characteristic)
        option = cepheus.GrappleOption(self.option)
        return GrappleResult(
            dm,
            opponent_dm,
            cepheus.grapple_odds(dm, opponent_dm, variant=self.variant),
            option,
            cepheus.grapple_damage_distribution(
                dm, opponent_dm, option=option, variant=self.variant
            ),
            throw=cepheus.grapple_damage_distribution(
                dm, opponent_dm, option="throw", variant=self.variant
            ),
            damage_option=cepheus.grapple_damage_distribution(
                dm, opponent_dm, option="damage", variant=self.variant
            ),
        )

    def roll(self) -> cepheus.GrappleRoll:
        """Roll the opposed check of the last good inputs with ``random.Random(seed)``."""
        result: GrappleResult = self.result
        return cepheus.roll_grapple(
            result.dm,
            result.opponent_dm,
            random.Random(self.seed),
            option=result.option,
            variant=self.variant,
        )


def _ends(row: cepheus.GrappleOptionRow) -> str:
    return "always" if row.ends_grapple else "the winner chooses"


class CepheusGrapplingView(PageView):
    """The page: both sides' DMs; win, tie and lose, every option's odds, a roll."""

    model_class = CepheusGrappling
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Grappling. Interpretations (rules/SOURCES.md): "
        "both sides roll 2D6 + DMs against 8+ and the higher Effect wins (the winner need not "
        "succeed); damage 2 + Effect and disarming's 6+ use the winner's Effect; damage is "
        "before armor and never below 0. Ties: see below."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The attacker", margin=(0, 10)),
            *(self.field(n) for n in ("skill", "characteristic", "other")),
            heading("The opponent"),
            *(
                self.field(n)
                for n in ("opponent_skill", "opponent_characteristic", "opponent_other")
            ),
            note(
                "The chapter names no characteristic for the Natural Weapons check: enter the "
                "one your game uses (its DM is floor(score / 3) - 2). Unskilled: enter the "
                "unskilled DM as the skill."
            ),
            heading("The option"),
            self.field("option"),
        ]

    def details(self) -> list[Any]:
        self._tie = html_pane()
        self._options = html_pane()
        self._effect_chart = ChartWithTable("The attacker's Effect when he wins", "Effect")
        self._damage_chart = ChartWithTable("Damage of the option, one check", "damage")
        return [
            self._tie,
            self._options,
            *self.chart_and_table(self._effect_chart),
            *self.chart_and_table(self._damage_chart),
            *self.roll_controls(),
        ]

    roll_prompt = (
        "Roll the opposed check with the dice of the seed above: the log shows every step."
    )

    def roll_lines(self, result: GrappleResult) -> tuple[str, ...]:
        return self.model.roll().log

    def roll_key(self, result: GrappleResult) -> tuple[int, int, cepheus.GrappleOption]:
        return (result.dm, result.opponent_dm, result.option)

    def figures(self, result: GrappleResult) -> list[Figure]:
        odds = result.odds
        mean, mean_exact = mean_text(result.damage)
        return [
            Figure(percent(odds.win), "attacker wins", "win-chance", str(odds.win)),
            Figure(percent(odds.tie), "tie: nobody wins", "tie-chance", str(odds.tie)),
            Figure(percent(odds.lose), "opponent wins", "lose-chance", str(odds.lose)),
            Figure(
                signed(result.dm) + " / " + signed(result.opponent_dm),
                "DMs: attacker / opponent",
                "dms",
                "2D6 + DM vs 8+ each",
            ),
            Figure(mean, "mean damage of the option", "mean-damage", mean_exact),
        ]

    def render(self, result: GrappleResult) -> None:
        odds = result.odds
        self._tie.object = (
            f"<p class='rf-note' data-testid='tie-rule'><b>Ties.</b> {html.escape(TIE_RULE)}</p>"
        )
        throw, damage = result.throw, result.damage_option
        rows = []
        for option, spec in cepheus.GRAPPLE_OPTIONS.items():
            if option is cepheus.GrappleOption.DISARM:
                floor = odds.win - odds.disarm_takes
                what = (
                    f"takes the weapon (Effect 6+) {percent(odds.disarm_takes)}; "
                    f"on the floor {percent(floor)}"
                )
            elif option is cepheus.GrappleOption.DAMAGE:
                what = f"mean damage {mean_text(damage)[0]} ({mean_text(damage)[1]})"
            elif option is cepheus.GrappleOption.THROW:
                what = f"mean damage {mean_text(throw)[0]} ({mean_text(throw)[1]})"
            else:
                what = f"happens {percent(odds.win)}"
            rows.append((OPTION_LABELS[option], spec.text, what, _ends(spec)))
        self._options.object = html_table(
            ["Option", "The source", "Odds in one check", "Ends the grapple"],
            rows,
            current=lambda i: list(cepheus.GRAPPLE_OPTIONS)[i] is result.option,
            testid="options",
        )
        winning = odds.winning_effect
        self._effect_chart.show(
            winning,
            theme=self.theme,
            label=lambda e: f"Effect {e}",
            colour=lambda e: "accent3" if e >= cepheus.EXCEPTIONAL_EFFECT else "accent",
            title="The attacker's Effect when he wins" + ("" if winning else " (he cannot win)"),
        )
        self._effect_chart.show_table(
            "The attacker's Effect when he wins",
            ["Effect", "Chance (given a win)", "Exact"],
            [(str(e), percent(p), str(p)) for e, p in (winning or {}).items()],
            numeric=[0, 1, 2],
        )
        label = OPTION_LABELS[result.option]
        self._damage_chart.show(
            result.damage,
            theme=self.theme,
            label=lambda d: f"{d} damage" if d else "no damage",
            colour=lambda d: "accent" if d else "miss",
            title=f"Damage in one check: {label}",
        )
        self._damage_chart.show_table(
            f"Damage in one check: {label}",
            ["Damage", "Chance", "Exact"],
            [(str(d), percent(p), str(p)) for d, p in result.damage.items()],
            numeric=[0, 1, 2],
        )
