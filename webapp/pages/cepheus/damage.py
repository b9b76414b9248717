"""Cepheus Engine damage and wounds: damage to STR/DEX/END and the Damage Results table.

Model: :class:`CepheusDamage` (current and maximum characteristics, the damage and how it is
allocated; :func:`rules.cepheus.apply_damage` does the rest). View: :class:`CepheusDamageView`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import panel as pn
import param

from rules import cepheus
from rules.validation import check_int
from webapp.components import Figure, heading, html_pane, html_table, note, signed, spell
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.model import inputs_named
from webapp.pages.slots import Field, Sides
from webapp.pages.view import PageView

__all__ = [
    "ALLOCATIONS",
    "MAXIMA",
    "SPLIT",
    "SPLIT_POINTS",
    "CepheusDamage",
    "CepheusDamageView",
    "DamageOutcome",
]

PHYSICAL = (
    cepheus.Characteristic.STRENGTH,
    cepheus.Characteristic.DEXTERITY,
    cepheus.Characteristic.ENDURANCE,
)
"""The three physical characteristics, in the order of a character sheet (STR DEX END)."""

SPLIT = "split"
"""The allocation choice "split the points myself" (later damage only)."""

ALLOCATIONS = {
    **{
        ", then ".join(spell(c) for c in order): ",".join(c.value for c in order)
        for order in itertools.permutations(
            (
                cepheus.Characteristic.ENDURANCE,
                cepheus.Characteristic.STRENGTH,
                cepheus.Characteristic.DEXTERITY,
            )
        )
    },
    "Split the points myself (later damage)": SPLIT,
}
"""Where the damage goes: an order (each characteristic down to 0 before the next) or a split."""

MAXIMA = Sides(
    "max_{n}",
    {"strength": "Strength (STR)", "dexterity": "Dexterity (DEX)", "endurance": "Endurance (END)"},
    score=Field(param.Integer, "Maximum {slot}", default=(7, 8, 6)),
)
"""The maximum scores, one side per characteristic (keyed by its value): ``max_strength``..."""
SPLIT_POINTS = Sides(
    "split_{n}",
    {c.value: spell(c) for c in PHYSICAL},
    points=Field(param.Integer, "Points from {slot}", default=0),
)
"""The points split by hand, one side per characteristic: ``split_strength``..."""
SPLIT_INPUTS = SPLIT_POINTS.every("points")


@dataclass(frozen=True)
class DamageOutcome:
    """The result of one application of damage."""

    before: cepheus.Physical
    maximum: cepheus.Physical
    first: bool
    """True when the character was undamaged (the damage goes to Endurance first)."""
    damage: cepheus.DamageResult
    state_before: cepheus.WoundState
    dm_after: Mapping[cepheus.Characteristic, int]
    """The characteristic DM of each physical characteristic after the damage."""


class CepheusDamage(CepheusCalculator):
    """Damage to a character (source: ``003_c7092257a5e3046d.txt``, "Damage")."""

    error_inputs: ClassVar[dict[str, str]] = {"order": "allocation"}

    locals().update(MAXIMA.parameters())  # max_strength, max_dexterity, max_endurance
    strength = param.Integer(default=7, label="Strength now")
    dexterity = param.Integer(default=8, label="Dexterity now")
    endurance = param.Integer(default=6, label="Endurance now")
    damage = param.Integer(default=9, label="Damage (after armor)")
    allocation = param.Selector(
        objects=ALLOCATIONS, default="endurance,strength,dexterity", label="Damage goes to"
    )
    locals().update(SPLIT_POINTS.parameters())  # split_strength, split_dexterity, ...

    def compute(self) -> DamageOutcome:
        with inputs_named(MAXIMA.inputs_of("score")):
            maximum = cepheus.Physical(self.max_strength, self.max_dexterity, self.max_endurance)
        current = cepheus.Physical(self.strength, self.dexterity, self.endurance)
        with inputs_named({"current": _over_maximum(current, maximum)}):
            state_before = cepheus.wound_state(current, maximum)
        # An emptied box is an error even while the split is not chosen (the view shows it).
        split = {str(s.n): check_int(s.names["points"], s.points) for s in SPLIT_POINTS.each(self)}
        options: dict[str, Any] = {"maximum": maximum}
        if self.allocation == SPLIT:
            options["allocation"] = split
        else:
            options["order"] = tuple(self.allocation.split(","))
        with points_named():
            result = cepheus.apply_damage(current, self.damage, **options)
        dm_after = {c: cepheus.characteristic_dm(result.physical[c]) for c in PHYSICAL}
        return DamageOutcome(current, maximum, current == maximum, result, state_before, dm_after)


@contextmanager
def points_named() -> Iterator[None]:
    """Attribute an error about one characteristic's points of the rule's ``allocation``
    (``allocation['endurance']``: parameter ``allocation``, ``where`` ``['endurance']``) to the
    page input of those points; other ``allocation`` errors stay on the allocation choice.

    (:func:`~webapp.pages.view.inputs_named` looks at the parameter only, not at ``where``.)
    """
    try:
        yield
    except ValueError as error:
        if getattr(error, "parameter", None) == "allocation":
            where = getattr(error, "where", "")
            for c in PHYSICAL:
                if where == f"[{c.value!r}]":
                    points = SPLIT_POINTS.input(c.value, "points")
                    error.parameter = points  # type: ignore[attr-defined]
        raise


def _over_maximum(current: cepheus.Physical, maximum: cepheus.Physical) -> str:
    """The input of the first current score above its maximum (for the error line)."""
    return next((c.value for c in PHYSICAL if current[c] > maximum[c]), "strength")


STATE_TEXT = {state: text for text, state in cepheus.DAMAGE_RESULTS}
"""Wound state -> the "Characteristic Damage" cell of the Damage Results table."""


class CepheusDamageView(PageView):
    """The page: characteristics and damage; the new scores, the condition and the tables."""

    model_class = CepheusDamage
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Damage (Damage Results table). "
        "Interpretations (rules/SOURCES.md): first damage is taken when the character is "
        "undamaged; damage beyond all three scores is lost; the most severe row of the Damage "
        "Results table that applies wins."
    )

    def sections(self) -> list[Any]:
        m = self.model
        self._split = pn.Column(
            *self.fields(*SPLIT_INPUTS),
            sizing_mode="stretch_width",
            margin=0,
            visible=pn.bind(
                lambda allocation, error_input: allocation == SPLIT or error_input in SPLIT_INPUTS,
                m.param.allocation,
                m.param.error_input,
            ),
        )
        reset = pn.widgets.Button(label="Reset to maximum", color="light")
        reset.on_click(self._heal)
        self._carry = pn.widgets.Button(label="Carry the result over", color="light")
        self._carry.on_click(self._carry_over)
        return [
            heading("Maximum scores", margin=(0, 10)),
            *self.fields(*MAXIMA.every("score")),
            heading("Scores now"),
            *(self.field(name) for name in ("strength", "dexterity", "endurance")),
            pn.Row(reset, self._carry, styles={"flex-wrap": "wrap"}),
            heading("The damage"),
            self.field("damage"),
            self.field("allocation"),
            self._split,
            note(
                "The first time a character takes damage it goes to Endurance; at Endurance 0 "
                "the rest goes to Strength or Dexterity (the character's choice), then to the "
                "other. Once damaged, the character allocates later damage as he chooses "
                "(an order, or the points split by hand)."
            ),
        ]

    def details(self) -> list[Any]:
        self._lost = html_pane()
        self._table = html_pane()
        return [self._lost, self._table]

    def _heal(self, _event: object = None) -> None:
        m = self.model
        m.param.update(
            strength=m.max_strength, dexterity=m.max_dexterity, endurance=m.max_endurance
        )

    def _carry_over(self, _event: object = None) -> None:
        """Make the scores after damage the scores now (to apply the next hit)."""
        m = self.model
        outcome: DamageOutcome | None = m.result
        if outcome is None or m.error:
            return
        after = outcome.damage.physical
        m.param.update(
            strength=after.strength, dexterity=after.dexterity, endurance=after.endurance
        )

    def figures(self, outcome: DamageOutcome) -> list[Figure]:
        after = outcome.damage.physical
        figures = []
        for c in PHYSICAL:
            lost = outcome.before[c] - after[c]
            dm = outcome.dm_after[c]
            figures.append(
                Figure(
                    f"{after[c]}",
                    f"{spell(c)} (of {outcome.maximum[c]})",
                    c.value,
                    f"{'-' + str(lost) if lost else 'no loss'}, DM {signed(dm)}",
                )
            )
        state = outcome.damage.state
        figures.append(Figure(spell(state), "condition", "wound-state", STATE_TEXT.get(state, "")))
        return figures

    def note(self, outcome: DamageOutcome) -> str:
        kind = (
            "First damage: Endurance first."
            if outcome.first
            else f"The character was already {spell(outcome.state_before).lower()}: "
            "later damage goes where the character chooses."
        )
        return f"{kind} {self.rule_note}"

    def render(self, outcome: DamageOutcome) -> None:
        steps = [(spell(c), f"-{points}") for c, points in outcome.damage.lost]
        absorbed = sum(points for _c, points in outcome.damage.lost)
        self._lost.object = html_table(
            ["Damage taken from", "Points"],
            steps or [("(no damage)", "0")],
            numeric=[1],
            total=["Total", f"-{absorbed}"],
            testid="lost",
        )
        state = outcome.damage.state
        worst = [s for _t, s in cepheus.DAMAGE_RESULTS]
        self._table.object = html_table(
            ["Characteristic Damage", "Result"],
            [(text, spell(s)) for text, s in cepheus.DAMAGE_RESULTS],
            current=lambda i: worst[i] == state,
            testid="damage-results",
        )
