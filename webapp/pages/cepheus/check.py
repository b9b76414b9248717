"""Cepheus Engine skill check: the chance of 2D6 + DMs against 8+, and the Effect's odds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import param

from rules import cepheus
from rules.dice import Distribution
from rules.validation import check_int
from webapp.components import ChartWithTable, Figure, choices, signed
from webapp.formatting import percent
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.view import PageView


@dataclass(frozen=True)
class CheckResult:
    dm: int
    chance: Fraction
    effect: Distribution[int]


class CepheusCheck(CepheusCalculator):
    """A check: 2D6 + skill + characteristic DM + difficulty DM + other DMs, 8 or more."""

    # characteristic_dm(score) raises about "score": that is this page's "characteristic".
    error_inputs: ClassVar = {"score": "characteristic"}

    skill = param.Integer(default=0, label="Skill level (DM)")
    characteristic = param.Integer(default=7, label="Characteristic score")
    difficulty = param.Selector(objects=choices(cepheus.Difficulty), default="average")
    other = param.Integer(default=0, label="Other DMs")

    def compute(self) -> CheckResult:
        dm = (
            check_int("skill", self.skill)
            + cepheus.characteristic_dm(self.characteristic)
            + cepheus.Difficulty(self.difficulty).dm
            + check_int("other", self.other)
        )
        return CheckResult(
            dm,
            cepheus.check_probability(dm, variant=self.variant),
            cepheus.effect_distribution(dm, variant=self.variant),
        )


class CepheusCheckView(PageView):
    model_class = CepheusCheck
    rule_note = (
        "Source: Cepheus Engine SRD (shared/sources/README.md): a check is 2D6 + DMs against "
        "8+; Effect = total - 8; characteristic DM = floor(score / 3) - 2."
    )

    def details(self) -> list[object]:
        self._chart = ChartWithTable("Effect of the check", "Effect (0 or more succeeds)")
        return self.chart_and_table(self._chart)

    def figures(self, result: CheckResult) -> list[Figure]:
        return [
            Figure(percent(result.chance), "chance of success", "check-chance", str(result.chance)),
            Figure(signed(result.dm), "total DM", "check-dm"),
        ]

    def render(self, result: CheckResult) -> None:
        colour = lambda effect: "accent" if effect >= 0 else "miss"  # noqa: E731
        self._chart.show(result.effect, theme=self.theme, colour=colour, label=signed)
        rows = [[signed(e), percent(p), str(p)] for e, p in result.effect.items()]
        self._chart.show_table(
            "Chance of each Effect", ["Effect", "Chance", "Exact"], rows, numeric=[1, 2]
        )
