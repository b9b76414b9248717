"""Cepheus Engine damage and wounds: damage to STR/DEX/END and the Damage Results table.

Model: :class:`CepheusDamage` (current and maximum characteristics, the damage and how it is
allocated; :func:`rules.cepheus.apply_damage` does the rest). View: :class:`CepheusDamageView`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

import panel as pn
import param

from rules import cepheus
from webapp.components import Figure, figures_html, general_error, input_field
from webapp.pages.cepheus._common import (
    CepheusCalculator,
    fields,
    html_pane,
    html_table,
    inputs_column,
    note,
    outputs_column,
    page_row,
    renamed,
    signed,
    spell,
)

__all__ = ["ALLOCATIONS", "SPLIT", "CepheusDamage", "CepheusDamageView", "DamageOutcome"]

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


@dataclass(frozen=True)
class DamageOutcome:
    """The result of one application of damage."""

    before: cepheus.Physical
    maximum: cepheus.Physical
    first: bool
    """True when the character was undamaged (the damage goes to Endurance first)."""
    damage: cepheus.DamageResult
    state_before: cepheus.WoundState


class CepheusDamage(CepheusCalculator):
    """Damage to a character (source: ``003_c7092257a5e3046d.txt``, "Damage")."""

    inputs: ClassVar[tuple[str, ...]] = (
        "max_strength", "max_dexterity", "max_endurance",
        "strength", "dexterity", "endurance",
        "damage", "allocation", "split_strength", "split_dexterity", "split_endurance",
    )  # fmt: skip

    max_strength = param.Integer(default=7, allow_None=True, label="Strength (STR)")
    max_dexterity = param.Integer(default=8, allow_None=True, label="Dexterity (DEX)")
    max_endurance = param.Integer(default=6, allow_None=True, label="Endurance (END)")
    strength = param.Integer(default=7, allow_None=True, label="Strength now")
    dexterity = param.Integer(default=8, allow_None=True, label="Dexterity now")
    endurance = param.Integer(default=6, allow_None=True, label="Endurance now")
    damage = param.Integer(default=9, allow_None=True, label="Damage (after armor)")
    allocation = param.Selector(
        objects=ALLOCATIONS, default="endurance,strength,dexterity", label="Damage goes to"
    )
    split_strength = param.Integer(default=0, allow_None=True, label="Points from Strength")
    split_dexterity = param.Integer(default=0, allow_None=True, label="Points from Dexterity")
    split_endurance = param.Integer(default=0, allow_None=True, label="Points from Endurance")

    def compute(self) -> DamageOutcome:
        maximum = renamed(
            lambda: cepheus.Physical(self.max_strength, self.max_dexterity, self.max_endurance),
            {c.value: f"max_{c.value}" for c in PHYSICAL},
        )
        current = cepheus.Physical(self.strength, self.dexterity, self.endurance)
        state_before = renamed(
            lambda: cepheus.wound_state(current, maximum),
            {"current": _over_maximum(current, maximum)},
        )
        options: dict[str, Any] = {"maximum": maximum}
        if self.allocation == SPLIT:
            options["allocation"] = {c.value: getattr(self, f"split_{c.value}") for c in PHYSICAL}
        else:
            options["order"] = tuple(self.allocation.split(","))
        result = renamed(
            lambda: cepheus.apply_damage(current, self.damage, **options),
            {
                "order": "allocation",
                **{f"allocation[{c.value!r}]": f"split_{c.value}" for c in PHYSICAL},
            },
        )
        return DamageOutcome(current, maximum, current == maximum, result, state_before)


def _over_maximum(current: cepheus.Physical, maximum: cepheus.Physical) -> str:
    """The input of the first current score above its maximum (for the error line)."""
    return next((c.value for c in PHYSICAL if current[c] > maximum[c]), "strength")


STATE_TEXT = {state: text for text, state in cepheus.DAMAGE_RESULTS}
"""Wound state -> the "Characteristic Damage" cell of the Damage Results table."""


class CepheusDamageView(pn.viewable.Viewer):
    """The page: characteristics and damage on the left, the new scores and state on the right."""

    model = param.ClassSelector(class_=CepheusDamage)

    def __init__(self, **params: Any) -> None:
        params.setdefault("model", CepheusDamage())
        super().__init__(**params)
        m = self.model
        split = pn.Column(
            *fields(m, "split_strength", "split_dexterity", "split_endurance"),
            sizing_mode="stretch_width",
            margin=0,
            visible=pn.bind(lambda allocation: allocation == SPLIT, m.param.allocation),
        )
        self._reset = pn.widgets.Button(name="Reset to maximum", button_type="light")
        self._reset.on_click(self._heal)
        self._carry = pn.widgets.Button(name="Carry the result over", button_type="light")
        self._carry.on_click(self._carry_over)
        inputs = inputs_column(
            pn.pane.Markdown("### Maximum scores", margin=(0, 10)),
            *fields(m, "max_strength", "max_dexterity", "max_endurance"),
            pn.pane.Markdown("### Scores now", margin=(10, 10, 0, 10)),
            *fields(m, "strength", "dexterity", "endurance"),
            pn.Row(self._reset, self._carry, styles={"flex-wrap": "wrap"}),
            pn.pane.Markdown("### The damage", margin=(10, 10, 0, 10)),
            *fields(m, "damage"),
            input_field(m, "allocation"),
            split,
            general_error(m),
            note(
                "The first time a character takes damage it goes to Endurance; at Endurance 0 "
                "the rest goes to Strength or Dexterity (the character's choice), then to the "
                "other. Once damaged, the character allocates later damage as he chooses "
                "(an order, or the points split by hand)."
            ),
        )
        self._summary = html_pane()
        self._lost = html_pane()
        self._table = html_pane()
        outputs = outputs_column(self._summary, self._lost, self._table)
        self._layout = page_row(inputs, outputs)
        m.param.watch(self._render, ["result"])
        self._render()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

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

    def _render(self, *_events: object) -> None:
        outcome: DamageOutcome | None = self.model.result
        if outcome is None:
            return
        after = outcome.damage.physical
        figures = []
        for c in PHYSICAL:
            lost = outcome.before[c] - after[c]
            dm = cepheus.characteristic_dm(after[c])
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
        kind = (
            "First damage: Endurance first."
            if outcome.first
            else f"The character was already {spell(outcome.state_before).lower()}: "
            "later damage goes where the character chooses."
        )
        self._summary.object = figures_html(figures, note=kind)
        steps = [(spell(c), f"-{points}") for c, points in outcome.damage.lost]
        absorbed = sum(points for _c, points in outcome.damage.lost)
        self._lost.object = html_table(
            ["Damage taken from", "Points"],
            steps or [("(no damage)", "0")],
            numeric=[1],
            total=["Total", f"-{absorbed}"],
            testid="lost",
        )
        rows = [(text, spell(s)) for text, s in cepheus.DAMAGE_RESULTS]
        worst = [s for _t, s in cepheus.DAMAGE_RESULTS]
        self._table.object = html_table(
            ["Characteristic Damage", "Result"],
            rows,
            current=lambda i: worst[i] == state,
            testid="damage-results",
        )
