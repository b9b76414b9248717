"""Cepheus Engine recovery planner: first aid, surgery, healing day by day, waking up, fatigue.

Model: :class:`CepheusRecovery` (current and maximum physical characteristics and the
treatments; :func:`rules.cepheus.first_aid`, :func:`~rules.cepheus.surgery`,
:func:`~rules.cepheus.heal` and :func:`~rules.cepheus.recovery_odds` do the work). View:
:class:`CepheusRecoveryView` (figures, the treatments, the chance of being whole by day, the
wake-up odds minute by minute).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import param

from rules import cepheus
from rules.dice import Distribution
from webapp.components import (
    ChartWithTable,
    Figure,
    choices,
    heading,
    html_pane,
    html_table,
    note,
    signed,
    spell,
)
from webapp.formatting import percent
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.cepheus.damage import MAXIMA as DAMAGE_MAXIMA
from webapp.pages.model import exact_decimal, inputs_named
from webapp.pages.slots import Field, Sides
from webapp.pages.view import PageView

__all__ = ["MAXIMA", "ORDERS", "CepheusRecovery", "CepheusRecoveryView", "RecoveryPlan", "exact"]

PHYSICAL = (
    cepheus.Characteristic.STRENGTH,
    cepheus.Characteristic.DEXTERITY,
    cepheus.Characteristic.ENDURANCE,
)
"""The three physical characteristics, in the order of a character sheet (STR DEX END)."""

ORDERS = {
    ", then ".join(spell(c) for c in order): ",".join(c.value for c in order)
    for order in itertools.permutations(
        (
            cepheus.Characteristic.ENDURANCE,
            cepheus.Characteristic.STRENGTH,
            cepheus.Characteristic.DEXTERITY,
        )
    )
}
"""Where healed points go (the player's choice): each characteristic to its maximum in turn."""

REST_LABELS = {cepheus.Rest.FULL: "Full rest", cepheus.Rest.ACTIVE: "Active lifestyle"}


@dataclass(frozen=True)
class RecoveryPlan:
    """Everything the page shows for one set of inputs."""

    current: cepheus.Physical
    maximum: cepheus.Physical
    steps: tuple[tuple[str, int, cepheus.Physical], ...]
    """The treatments of day 0: (what, points, characteristics after)."""
    surgery_skipped: bool
    """Surgery was chosen but the character is not seriously wounded (it does not benefit)."""
    treated: cepheus.Physical
    serious: bool
    """Seriously wounded after the treatments of day 0."""
    endurance_dm: int
    """The Endurance DM of the current Endurance (before treatment)."""
    treated_dm: int
    """The Endurance DM after the treatments of day 0 (the first day's rate)."""
    natural: Distribution[int]
    """Natural healing the first day (points; negative: lost)."""
    care: int | None
    """Medical care per day at the first day's Endurance DM (None: no medical care)."""
    care_with_natural: bool
    odds: cepheus.RecoveryOdds
    wake: Mapping[int, Fraction]
    """The chance an unconscious character comes to in each minute (as written, the whole
    distribution; under the natural 2/12 house rule waking is never certain, so the first
    :data:`WAKE_MINUTES_NEVER_CERTAIN` minutes beyond the as-written last one)."""
    awake: Mapping[int, Fraction]
    """The chance of being awake again by each minute of :attr:`wake`."""
    fatigue_hours: int


MAXIMA = Sides(
    DAMAGE_MAXIMA.pattern,
    DAMAGE_MAXIMA.sides,
    score=Field(param.Integer, "Maximum {slot}", default=(7, 8, 9)),
)
"""The maximum scores (``max_strength``...): the damage page's schema, with this page's
defaults (a wounded character whose Endurance took the first blows)."""
MAXIMUM_INPUTS = MAXIMA.inputs_of("score")
"""Each characteristic's value (``rules.cepheus.Physical``'s field) -> its maximum's input."""


class CepheusRecovery(CepheusCalculator):
    """A character's recovery (source: ``003_c7092257a5e3046d.txt``, "Injury and Recovery")."""

    error_inputs: ClassVar[dict[str, str]] = {
        **{f"maximum {c}": name for c, name in MAXIMUM_INPUTS.items()},
        **{f"current {c.value}": c.value for c in PHYSICAL},
    }

    locals().update(MAXIMA.parameters())  # max_strength, max_dexterity, max_endurance
    strength = param.Integer(default=4, label="Strength now")
    dexterity = param.Integer(default=8, label="Dexterity now")
    endurance = param.Integer(default=5, label="Endurance now")
    order = param.Selector(
        objects=ORDERS, default="endurance,strength,dexterity", label="Healed points go to"
    )
    first_aid = param.Boolean(default=False, label="First aid given")
    first_aid_effect = param.Integer(default=2, label="Effect of the first aid Medicine check")
    first_aid_minutes = param.Number(default=3, label="Minutes after the injury")
    surgery = param.Boolean(default=False, label="Surgery (seriously wounded only)")
    surgery_effect = param.Integer(default=1, label="Effect of the surgery Medicine check")
    rest = param.Selector(objects=choices(cepheus.Rest, REST_LABELS), default="full", label="Rest")
    medical_care = param.Boolean(default=False, label="Medical care (hospital or sickbay)")
    medicine_skill = param.Integer(default=1, label="The doctor's Medicine skill")
    care_with_natural = param.Boolean(
        default=False, label="Medical care adds to natural healing (the chapter does not say)"
    )
    days = param.Integer(default=30, label="Days to plan")

    def compute(self) -> RecoveryPlan:
        with inputs_named(MAXIMUM_INPUTS):
            maximum = cepheus.Physical(self.max_strength, self.max_dexterity, self.max_endurance)
        current = cepheus.Physical(self.strength, self.dexterity, self.endurance)
        order = tuple(str(self.order).split(","))
        with inputs_named({"current": _over_maximum(current, maximum)}):
            cepheus.wound_state(current, maximum)
        # Checked even while unused: an emptied box is an error (the view shows the input).
        with inputs_named({"effect": "first_aid_effect", "minutes_after": "first_aid_minutes"}):
            aid = cepheus.first_aid(
                self.first_aid_effect,
                minutes_after=exact_decimal("first_aid_minutes", self.first_aid_minutes),
            )
        with inputs_named({"effect": "surgery_effect"}):
            cut = cepheus.surgery(self.surgery_effect)
        with inputs_named({"endurance_dm": "endurance"}):
            cepheus.medical_care_per_day(0, self.medicine_skill)
        steps: list[tuple[str, int, cepheus.Physical]] = []
        treated = current
        if self.first_aid:
            treated = cepheus.heal(treated, maximum, aid, order=order)
            steps.append(("First aid", aid, treated))
        skipped = False
        if self.surgery:
            if _serious(treated, maximum):
                treated = cepheus.heal(treated, maximum, cut, order=order)
                steps.append(("Surgery", cut, treated))
            else:
                skipped = True
        serious = _serious(treated, maximum)
        dm_now = cepheus.characteristic_dm(current.endurance)
        dm = cepheus.characteristic_dm(treated.endurance)
        skill = self.medicine_skill if self.medical_care else None
        natural = cepheus.natural_healing(dm, rest=self.rest, seriously_wounded=serious)
        odds = cepheus.recovery_odds(
            treated,
            maximum,
            self.days,
            rest=self.rest,
            order=order,
            medicine_skill=skill,
            care_with_natural=self.care_with_natural,
        )
        care = None if skill is None else cepheus.medical_care_per_day(dm, skill)
        if self.variant.natural_two_twelve:
            # Never certain (a natural 2 always fails): the as-written minutes and a few more.
            last = max(cepheus.wake_distribution(dm_now)) + WAKE_MINUTES_NEVER_CERTAIN
            by = [cepheus.wake_chance(dm_now, m, variant=self.variant) for m in range(last + 1)]
            wake: Mapping[int, Fraction] = {m: by[m] - by[m - 1] for m in range(1, last + 1)}
        else:
            wake = cepheus.wake_distribution(dm_now, variant=self.variant)
        return RecoveryPlan(
            current=current,
            maximum=maximum,
            steps=tuple(steps),
            surgery_skipped=skipped,
            treated=treated,
            serious=serious,
            endurance_dm=dm_now,
            treated_dm=dm,
            natural=natural,
            care=care,
            care_with_natural=self.care_with_natural,
            odds=odds,
            wake=wake,
            awake={
                minute: cepheus.wake_chance(dm_now, minute, variant=self.variant) for minute in wake
            },
            fatigue_hours=cepheus.fatigue_rest_hours(dm_now),
        )


def _serious(current: cepheus.Physical, maximum: cepheus.Physical) -> bool:
    """Seriously wounded: at least one point lost from all three ("Injury and Recovery")."""
    return all(current[c] < maximum[c] for c in PHYSICAL)


def _over_maximum(current: cepheus.Physical, maximum: cepheus.Physical) -> str:
    """The input of the first current score above its maximum (for the error line)."""
    return next((c.value for c in PHYSICAL if current[c] > maximum[c]), "strength")


WAKE_MINUTES_NEVER_CERTAIN = 5
"""Under the natural 2/12 house rule, how many minutes the wake-up table shows beyond the
minute by which waking is certain as written."""

EXACT_MAX_CHARS = 23
"""The longest exact fraction shown as it is; longer ones (over many days the denominators
are powers of 6) are shown to three significant figures, near 1 as "1 - x"."""


def exact(chance: Fraction) -> str:
    """``chance`` as its fraction, or, when that is too long to read, to three figures.

    >>> exact(Fraction(5, 6)), exact(1 - Fraction(1, 6**30)), exact(Fraction(1, 6**30))
    ('5/6', '1 - 4.52e-24', '4.52e-24')
    """
    text = str(chance)
    if len(text) <= EXACT_MAX_CHARS:
        return text
    if chance > Fraction(1, 2):
        return f"1 - {float(1 - chance):.3g}"
    return f"{float(chance):.3g}"


def _scores(p: cepheus.Physical) -> str:
    return f"STR {p.strength}, DEX {p.dexterity}, END {p.endurance}"


def _rate_text(plan: RecoveryPlan) -> tuple[str, str]:
    """(value, detail) of the points back the first day."""
    dm = signed(plan.treated_dm)
    if plan.care is not None and not plan.serious:
        if plan.care_with_natural:
            low, high = min(plan.natural) + plan.care, max(plan.natural) + plan.care
            return f"{low} to {high}", f"medical care {plan.care} + natural 1D6 {dm}"
        return str(plan.care), f"medical care: 2 {dm} (END DM) + Medicine"
    low, high = min(plan.natural), max(plan.natural)
    value = str(low) if low == high else f"{low} to {high}"
    if plan.serious:
        return value, f"seriously wounded: the Endurance DM ({dm})"
    if len(plan.natural) == 1:
        return value, f"active: 1 {dm} (END DM)"
    return value, f"full rest: 1D6 {dm} (END DM)"


class CepheusRecoveryView(PageView):
    """The page: characteristics and treatments; whole again by day, waking up, fatigue."""

    model_class = CepheusRecovery
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Fatigue, Unconsciousness, Injury and Recovery, "
        "Natural Healing, First Aid, Surgery, Medical Care. Each day's rate uses that day's "
        "Endurance DM and whether all three characteristics are still damaged. Assumptions "
        "where the chapter is silent (rules/SOURCES.md): healed points go where you choose "
        "above; points lost come off in the reverse order; medical care is dealt one point at "
        "a time to each damaged characteristic; whether it adds to natural healing is yours "
        "to set."
    )

    def sections(self) -> list[Any]:
        return [
            heading("Maximum scores", margin=(0, 10)),
            *self.fields(*MAXIMA.every("score")),
            heading("Scores now"),
            *(self.field(c.value) for c in PHYSICAL),
            self.field("order"),
            note(
                "The player chooses which characteristic regains the points. Points lost (a "
                "failed surgery, a day of healing below 0) come off in the reverse order."
            ),
            heading("First aid (within an hour)"),
            *(self.field(n) for n in ("first_aid", "first_aid_effect", "first_aid_minutes")),
            note(
                f"Twice the Effect within {cepheus.FIRST_AID_FULL_MINUTES} minutes, the Effect up "
                f"to {cepheus.FIRST_AID_LATE_MINUTES} minutes, nothing later or on a failure. On "
                "yourself the check is Difficult (-2)."
            ),
            heading("Surgery"),
            *(self.field(n) for n in ("surgery", "surgery_effect")),
            note(
                "For the seriously wounded after first aid: twice the Effect, or points lost "
                "equal to the Effect on a failure. On yourself Very Difficult (-4)."
            ),
            heading("Each day"),
            self.field("rest"),
            *(self.field(n) for n in ("medical_care", "medicine_skill", "care_with_natural")),
            note(
                "Medical care (2 + Endurance DM + Medicine a day, with full bed rest) starts "
                "once one characteristic is back to its maximum."
            ),
            self.field("days"),
        ]

    def details(self) -> list[Any]:
        self._steps = html_pane()
        self._whole_chart = ChartWithTable("Chance of being whole again", "days")
        self._wake_chart = ChartWithTable("Awake again within ... minutes", "minutes")
        self._other = html_pane()
        return [
            self._steps,
            *self.chart_and_table(self._whole_chart),
            heading("Waking up"),
            *self.chart_and_table(self._wake_chart),
            heading("Fatigue and mental characteristics"),
            self._other,
        ]

    def figures(self, plan: RecoveryPlan) -> list[Figure]:
        odds = plan.odds
        days = len(odds.whole) - 1
        chance = odds.whole[-1]
        rate, rate_detail = _rate_text(plan)
        if odds.expected_days is not None:
            expected = Figure(
                f"{float(odds.expected_days):.2f}",
                "expected days to be whole",
                "expected-days",
                str(odds.expected_days),
            )
        else:
            expected = Figure(
                "n/a", "expected days to be whole", "expected-days",
                f"not certain within {days} days",
            )  # fmt: skip
        state = "seriously wounded" if plan.serious else (
            "whole" if plan.treated == plan.maximum else "wounded")  # fmt: skip
        return [
            Figure(percent(chance), f"whole again after {days} days", "whole-chance",
                   exact(chance)),
            expected,
            Figure(rate, "points back the first day", "points-per-day", rate_detail),
            Figure(signed(plan.endurance_dm), "Endurance DM now", "endurance-dm",
                   f"after treatment: {signed(plan.treated_dm)}, {state}"),
        ]  # fmt: skip

    def render(self, plan: RecoveryPlan) -> None:
        odds = plan.odds
        rows = [("Now", "", _scores(plan.current))]
        rows += [(what, signed(points), _scores(after)) for what, points, after in plan.steps]
        text = html_table(["Day 0", "Points", "Characteristics"], rows, numeric=[1],
                          testid="treatments")  # fmt: skip
        if plan.surgery_skipped:
            text += (
                "<p class='rf-warn'>Surgery does not benefit characters that are not seriously "
                "wounded: it is left out.</p>"
            )
        self._steps.object = text
        whole = dict(enumerate(odds.whole))
        self._whole_chart.show(
            whole, theme=self.theme, label=lambda d: f"after {d} days",
            colour=lambda d: "accent" if whole[d] < 1 else "accent3",
        )  # fmt: skip
        show_dead = any(odds.dead)
        header = ["Day", "Whole again", "Exact"] + (["Dead", "Exact"] if show_dead else [])
        table_rows = []
        for day, chance in whole.items():
            row = [str(day), percent(chance), exact(chance)]
            if show_dead:
                row += [percent(odds.dead[day]), exact(odds.dead[day])]
            table_rows.append(row)
        self._whole_chart.show_table(
            "Chance of being whole again, by day", header, table_rows,
            numeric=list(range(len(header))),
        )  # fmt: skip
        minutes = list(plan.wake)
        awake = plan.awake
        self._wake_chart.show(
            awake, theme=self.theme, label=lambda m: f"within {m} min",
            colour=lambda m: "accent" if awake[m] < 1 else "accent3",
        )  # fmt: skip
        self._wake_chart.show_table(
            "Awake again, minute by minute",
            ["Minute", "Check DM", "Wakes this minute", "Awake by then", "Exact"],
            [
                (str(m), signed(plan.endurance_dm + m - 1), percent(plan.wake[m]),
                 percent(awake[m]), exact(awake[m]))
                for m in minutes
            ],
            numeric=[0, 1, 2, 3, 4],
        )  # fmt: skip
        self._other.object = html_table(
            ["", ""],
            [
                (
                    "Fatigued: rest needed (3 - Endurance DM hours)",
                    f"{plan.fatigue_hours} hours",
                ),
                ("Fatigued again while fatigued", "unconscious"),
                ("Intelligence, Education: healing per day", "1 point each"),
            ],
            numeric=[1],
            testid="fatigue",
        )

    def note(self, plan: RecoveryPlan) -> str:
        wake = (
            f"Unconscious: an Endurance check (2D6 {signed(plan.endurance_dm)} +1 per check "
            "already failed, 8+) after every minute."
        )
        if sum(plan.wake.values()) < 1:  # the natural 2/12 house rule: never certain
            wake += (
                " Under the natural 2/12 house rule a natural 2 always fails, so waking is never "
                f"certain: the table stops {WAKE_MINUTES_NEVER_CERTAIN} minutes after the rules "
                "as written would have it certain."
            )
        return f"{wake} {self.rule_note}"
