"""Cepheus Engine suppression fire: the chance to suppress, the Initiative penalty, a roll.

Model: :class:`CepheusSuppression` (the firer, the weapon and range band, other DMs, the attacks
on the target, the target; :meth:`~CepheusSuppression.compute` builds a suppression-fire
:class:`rules.cepheus.AttackSituation` for the DM breakdown and calls
:func:`rules.cepheus.suppression_chance` and
:func:`rules.cepheus.suppression_penalty_distribution`).
View: :class:`CepheusSuppressionView` (figures, the DM breakdown, what suppression does, who
it cannot affect, the Effect and penalty charts, and a seeded "Roll it" with the log of
:func:`rules.cepheus.roll_suppression`).
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
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

__all__ = ["EXCEPTION_NAMES", "CepheusSuppression", "CepheusSuppressionView", "SuppressionResult"]

Exception_ = cepheus.SuppressionException

EXCEPTION_NAMES: Mapping[cepheus.SuppressionException, str] = {
    Exception_.VEHICLE: "Vehicles, or targets fully enclosed in vehicles",
    Exception_.ZEALOT: "Zealots",
    Exception_.MECHANICAL: "Mechanical or android targets",
    Exception_.BATTLE_DRESS: "Targets wearing full Battle Dress",
    Exception_.SUICIDAL: "Suicidal targets",
}
"""The chapter's list of targets suppression fire does not affect, in its words and order."""

FIREARMS = (
    cepheus.WeaponType.PISTOL,
    cepheus.WeaponType.RIFLE,
    cepheus.WeaponType.SHOTGUN,
    cepheus.WeaponType.ASSAULT_WEAPON,
    cepheus.WeaponType.ROCKET,
)
"""The weapons of a shooting attack (the attack model refuses suppression fire with others)."""


@dataclass(frozen=True)
class SuppressionResult:
    """Everything the page shows for one set of inputs."""

    odds: cepheus.AttackOdds
    """One suppression attack (its DM breakdown, with the -2, and its Effect)."""
    dm: int
    """Every DM of the attack but suppression fire's own -2 (what the suppression rules take)."""
    attacks: int
    exceptions: tuple[cepheus.SuppressionException, ...]
    acted: bool
    affected: bool
    chance: Fraction
    """The chance the target is suppressed (0 when it cannot be)."""
    penalty: Distribution[int]
    """The Initiative penalty: the highest Effect of a success (0 otherwise)."""
    rounds: int
    """Rounds a normal attack uses."""
    ammunition: int
    """Rounds used by all the attacks (twice a normal attack's each)."""


class CepheusSuppression(CepheusCalculator):
    """Suppression fire on one target (source: ``003_c7092257a5e3046d.txt``)."""

    error_inputs: ClassVar[dict[str, str]] = {"referee_dm": "other_dm"}

    weapon = param.Selector(
        objects={w.label: w.value for w in FIREARMS}, default="assault_weapon", label="Weapon"
    )
    band = param.Selector(objects=choices(cepheus.RangeBand), default="short", label="Range band")
    skill = param.Integer(default=1, label="Gun combat skill level")
    dexterity = param.Integer(default=7, label="Dexterity")
    other_dm = param.Integer(default=0, label="Other DMs (aiming, cover, conditions, ...)")
    attacks = param.Integer(default=1, label="Attacks on this target (hits of automatic fire)")
    rounds = param.Integer(default=1, label="Rounds a normal attack uses")
    target = param.Selector(
        objects={"None of these": "none", **{name: e.value for e, name in EXCEPTION_NAMES.items()}},
        default="none",
        label="The target is one of",
    )
    acted = param.Boolean(
        default=True, label="Target has acted since it was last suppressed (or never was)"
    )
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> SuppressionResult:
        check_int("seed", self.seed)
        with inputs_named("dexterity"):
            char_dm = cepheus.characteristic_dm(self.dexterity)
        check_int("skill", self.skill, 0)
        situation = cepheus.AttackSituation(
            weapon=self.weapon,
            damage_dice=0,
            band=self.band,
            skill=self.skill,
            characteristic_dm=char_dm,
            fire_mode="suppression",
            referee_dm=self.other_dm,
        )
        odds = cepheus.attack_odds(situation, variant=self.variant)
        dm = odds.total_dm - cepheus.SUPPRESSION_FIRE_DM
        attacks = self.attacks
        found = () if self.target == "none" else (Exception_(self.target),)
        affected = cepheus.can_be_suppressed(found, acted_since_suppressed=self.acted)
        chance = cepheus.suppression_chance(dm, attacks=attacks, variant=self.variant)
        penalty = cepheus.suppression_penalty_distribution(
            dm, attacks=attacks, variant=self.variant
        )
        ammunition = attacks * cepheus.suppression_ammunition(self.rounds)
        if odds.blocked or not affected:
            chance, penalty = Fraction(0), Distribution({0: Fraction(1)})
        return SuppressionResult(
            odds, dm, attacks, found, self.acted, affected, chance, penalty, self.rounds,
            ammunition,
        )  # fmt: skip

    def roll(self) -> cepheus.SuppressionRoll:
        """Roll the suppression fire of the last good inputs with ``random.Random(seed)``."""
        result: SuppressionResult = self.result
        return cepheus.roll_suppression(
            result.dm,
            attacks=result.attacks,
            exceptions=result.exceptions,
            acted_since_suppressed=result.acted,
            rng=random.Random(self.seed),
            variant=self.variant,
        )


class CepheusSuppressionView(PageView):
    """The page: the suppression attack; its exact odds, what it does and to whom, a roll."""

    model_class = CepheusSuppression
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Suppression Fire: the shooting attack as "
        f"normal with DM {cepheus.SUPPRESSION_FIRE_DM}, double the ammunition; a failure is a "
        "miss; a success delays the target's next action by an Initiative penalty equal to the "
        f"Effect, and gives it DM {cepheus.SUPPRESSED_DM} to its skill checks this round and "
        "the next. Of several hits on one target the highest Effect counts; a target can be "
        "suppressed again only after it has taken an action. Interpretations (rules/SOURCES.md): "
        "several attacks are independent checks; a success of Effect 0 suppresses (DM -1) but "
        "delays nothing."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The firer", margin=(0, 10)),
            *(self.field(n) for n in ("weapon", "band", "skill", "dexterity", "other_dm")),
            note(
                "Other DMs: any modifier of the Attack page (aiming, cover, battlefield "
                "conditions, ...) that your table applies to suppression fire."
            ),
            heading("The fire"),
            self.field("attacks"),
            self.field("rounds"),
            note(
                "The chapter does not say how automatic fire splits into hits: enter how many "
                "attack rolls fall on this target. Each uses double the normal ammunition."
            ),
            heading("The target"),
            self.field("target"),
            self.field("acted"),
        ]

    def details(self) -> list[Any]:
        self._status = html_pane()
        self._breakdown = html_pane()
        self._effects = html_pane()
        self._effect_chart = ChartWithTable(
            "Effect of one suppression attack", "Effect (0+ suppresses)"
        )
        self._penalty_chart = ChartWithTable(
            "Initiative penalty on the target", "Initiative penalty"
        )
        return [
            self._status,
            self._breakdown,
            self._effects,
            *self.chart_and_table(self._effect_chart),
            *self.chart_and_table(self._penalty_chart),
            *self.roll_controls(),
        ]

    roll_prompt = (
        "Roll the suppression fire with the dice of the seed above: the log shows every attack."
    )

    def roll_lines(self, result: SuppressionResult) -> list[str]:
        if result.odds.blocked:
            return [f"Cannot attack: {reason}" for reason in result.odds.blocked]
        return [
            f"Total DM {signed(result.odds.total_dm)} (with Suppression Fire "
            f"{cepheus.SUPPRESSION_FIRE_DM})",
            *self.model.roll().log,
        ]

    def roll_key(self, result: SuppressionResult) -> tuple[Any, ...]:
        return (result.dm, result.attacks, result.exceptions, result.acted, result.odds.blocked)

    def figures(self, result: SuppressionResult) -> list[Figure]:
        mean, mean_exact = mean_text(result.penalty)
        if not result.affected:
            chance = Figure("not affected", "chance to suppress", "suppression-chance", "0")
        else:
            chance = Figure(
                percent(result.chance), "chance to suppress", "suppression-chance",
                str(result.chance),
            )  # fmt: skip
        return [
            chance,
            Figure(mean, "mean Initiative penalty", "mean-penalty", mean_exact),
            Figure(
                signed(result.odds.total_dm),
                "total DM",
                "total-dm",
                f"2D6 + DM vs {cepheus.TARGET_NUMBER}+",
            ),
            Figure(
                str(result.ammunition),
                "rounds of ammunition",
                "ammunition",
                f"{result.attacks} x {cepheus.SUPPRESSION_AMMUNITION_FACTOR} x {result.rounds}",
            ),
        ]

    def render(self, result: SuppressionResult) -> None:
        odds = result.odds
        warnings = [f"Cannot attack: {reason}." for reason in odds.blocked]
        if not result.affected:
            why = [EXCEPTION_NAMES[e] for e in result.exceptions]
            if not result.acted:
                why.append("a target that has not acted since it was last suppressed")
            warnings.append(
                "Suppression fire cannot affect this target ("
                + "; ".join(why)
                + "): it will not be harried by it."
            )
        self._status.object = "".join(
            f"<p class='rf-warn' data-testid='not-affected'>{html.escape(w)}</p>" for w in warnings
        )
        self._breakdown.object = html_table(
            ["Modifier", "DM"],
            [(mod.label, signed(mod.dm)) for mod in odds.modifiers],
            numeric=[1],
            total=["Total DM", signed(odds.total_dm)],
            testid="breakdown",
        )
        suppressed = [
            ("Initiative", "minus the highest Effect, stalling its next action"),
            (
                "Skill checks",
                f"DM {cepheus.SUPPRESSED_DM} in this round and the next "
                f"({cepheus.SUPPRESSED_ROUNDS} rounds)",
            ),
            ("Suppressed again", "only after it has taken one action"),
        ]
        exceptions = [
            (name, "this target" if e in result.exceptions else "")
            for e, name in EXCEPTION_NAMES.items()
        ]
        self._effects.object = html_table(
            ["A suppressed target", "Effect"], suppressed, testid="suppressed"
        ) + html_table(
            ["Not affected (the chapter's list: some of the exceptions)", ""],
            exceptions,
            current=lambda i: list(EXCEPTION_NAMES)[i] in result.exceptions,
            testid="exceptions",
        )
        effect = None if odds.blocked else odds.effect
        self._effect_chart.show(
            effect,
            theme=self.theme,
            label=lambda e: f"Effect {e}: " + ("suppresses" if e >= 0 else "miss"),
            colour=lambda e: "accent" if e >= 0 else "miss",
        )
        self._effect_chart.show_table(
            "Effect of one suppression attack",
            ["Effect", "Chance", "Exact"],
            [(str(e), percent(p), str(p)) for e, p in (effect or {}).items()],
            numeric=[0, 1, 2],
        )
        title = "Initiative penalty on the target" + (
            f" (highest Effect of {result.attacks} attacks)" if result.attacks > 1 else ""
        )
        self._penalty_chart.show(
            result.penalty,
            theme=self.theme,
            label=lambda p: f"Initiative -{p}" if p else "no penalty (miss or Effect 0)",
            colour=lambda p: "accent2" if p else "miss",
            title=title,
        )
        self._penalty_chart.show_table(
            title,
            ["Initiative penalty", "Chance", "Exact"],
            [(str(k), percent(p), str(p)) for k, p in result.penalty.items()],
            numeric=[0, 1, 2],
        )
