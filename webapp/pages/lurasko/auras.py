"""Lur-Asko damage auras: what provokes one, what it may expend, and its hit on the attacker.

Model: :class:`LuraskoAuras` (every number from :mod:`rules.lurasko.auras` and
:func:`rules.lurasko.resolve_attack` with the form ``damage aura``: it cannot be dodged and
only high-precision shielding can stop its energy).
View: :class:`LuraskoAurasView` (the key figures, the amounts the aura may expend, and every
step with its numbers, ending with both incidents of damage resolved before injuries).

Source: ``002_64b8e17f45694c25.txt``, "Damage Auras" (and "Critical Hits").
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import param

from rules import lurasko
from rules.lurasko import (
    AURA_EXPENDITURE_STEP,
    AURA_MAX_LISTED_STORE,
    AURA_TRIGGERS,
    AttackForm,
    AuraTrigger,
    EnergyType,
    Precision,
    Resolution,
    Shield,
    Step,
)
from rules.validation import check_int
from webapp.components import Figure, choices, group, heading, html_pane, note
from webapp.pages.lurasko import LuraskoCalculator
from webapp.pages.lurasko.attack import (
    render_steps,
    shields_in_play,
    shields_table,
    target_of,
)
from webapp.pages.model import inputs_named
from webapp.pages.slots import Field, Slots
from webapp.pages.view import PageView

__all__ = ["SHIELDS", "SHIELD_SLOTS", "AuraResult", "LuraskoAuras", "LuraskoAurasView"]

SHIELD_SLOTS = 2
NORMAL = "normal"
TYPE_LABELS: dict[str, str] = {
    **{t.value: f"{t.value.capitalize()} (energy: drive equals damage)" for t in EnergyType},
    NORMAL: "Non-energy (the aura specifies its drive)",
}
NO_SHIELD = "none"
LEVEL_LABELS: dict[str, str] = {
    NO_SHIELD: "None",
    **{level.value: level.value.capitalize() for level in Precision},
}
TRIGGER_LABELS: dict[AuraTrigger, str] = {
    AuraTrigger.TOUCH: "Touches the aura's owner",
    AuraTrigger.MELEE_WEAPON: "Hits them with a melee weapon",
    AuraTrigger.NATURAL_WEAPON: "Hits them with a natural weapon",
    AuraTrigger.UNARMED: "Hits them with an unarmed attack",
    AuraTrigger.GRAB_ITEM: "Hits them with Grab Item",
    AuraTrigger.TRIP_DISMOUNT_THROW: "Hits them with Trip/Dismount/Throw",
    AuraTrigger.GRAPPLE_END_OF_TURN: "Ends their turn grappling with them",
    AuraTrigger.RANGED: "Hits them from range",
}
LISTED = 8
"""How many of the amounts an aura may expend are listed before the rest is summed up."""


def _choices(labels: dict[str, str]) -> dict[str, str]:
    return {label: value for value, label in labels.items()}


SHIELDS = Slots(
    "s{n}_{field}",
    SHIELD_SLOTS,
    "Shield {n}",
    level=Field(
        param.Selector,
        "{slot}: precision",
        default=(Precision.HIGH.value, NO_SHIELD),
        options={"objects": _choices(LEVEL_LABELS)},
    ),
    points=Field(param.Integer, "{slot}: shielding points", default=(5, 20)),
    techshield=Field(param.Boolean, "{slot}: techshield (doubly vs blast)", default=False),
)
"""The attacker's energy shields (the attack resolver's, without "attack from inside");
inputs ``s<n>_<field>``."""


@dataclass(frozen=True)
class AuraResult:
    """Everything the page shows for one set of inputs."""

    provokes: bool
    hits: int
    """How many times the aura hits back (0 or 1)."""
    amount: int
    """The damage expended (0 when it does not strike)."""
    store_left: int
    resolution: Resolution | None
    """The aura's hit on the attacker (None when it does not strike)."""
    shields: tuple[tuple[int, Shield], ...]
    shield_points: tuple[int, ...]
    steps: tuple[Step, ...]
    """Every step: the provocation, the expenditure, the aura's hit, both incidents."""
    attacker_damage: int
    attacker_degrees: int
    defender_degrees: int
    amounts: tuple[int, ...] | None
    """Every amount the aura may expend (None: the store is too large to list)."""


class LuraskoAuras(LuraskoCalculator):
    """A damage aura striking back at the character who provoked it (source 002)."""

    # --- the provocation ---------------------------------------------------------------------
    trigger = param.Selector(
        objects=choices(AuraTrigger, TRIGGER_LABELS),
        default=AuraTrigger.MELEE_WEAPON.value,
        label="The other character",
    )
    critical = param.Boolean(default=False, label="The melee hit was a critical hit")
    dual_wield = param.Boolean(default=False, label="Dual-wielded melee weapons")

    # --- the aura ----------------------------------------------------------------------------
    stored = param.Integer(default=35, label="Damage stored in the aura")
    amount = param.Integer(
        default=30, label="Damage to expend (the full store or a multiple of 10)"
    )
    aura_type = param.Selector(
        objects=_choices(TYPE_LABELS), default=EnergyType.HEAT.value, label="The aura's damage"
    )
    aura_drive = param.Integer(default=20, label="Drive of a non-energy aura (as it specifies)")

    # --- the attacker, struck by the aura ---------------------------------------------------
    injury_factor = param.Integer(default=10, label="Attacker: injury factor")
    armor = param.Boolean(default=True, label="Attacker wears armor")
    armor_low = param.Integer(default=16, label="Attacker's armor range: low end")
    armor_high = param.Integer(default=28, label="Attacker's armor range: high end")
    metallic = param.Boolean(default=False, label="Attacker's armor is metallic")
    organic = param.Boolean(default=True, label="Attacker is organic (not a construct or tech)")
    locals().update(SHIELDS.parameters())

    # --- the defender's side of the exchange -------------------------------------------------
    defender_damage = param.Integer(
        default=12, label="Defender: damage taken from the provoking hit"
    )
    defender_injury_factor = param.Integer(default=10, label="Defender: injury factor")

    def shields(self) -> tuple[tuple[int, Shield], ...]:
        """The attacker's shields in play with their slot numbers, in slot order."""
        return shields_in_play(SHIELDS, self)

    def target(self) -> lurasko.Target:
        """The attacker, struck by the aura."""
        return target_of(self)

    def compute(self) -> AuraResult:
        trigger = AuraTrigger(self.trigger)
        rule = AURA_TRIGGERS[trigger]
        provokes = lurasko.provokes_damage_aura(trigger, critical=self.critical)
        weapons = 2 if self.dual_wield else 1
        hits = lurasko.aura_hits(weapons, provoked=provokes)
        stored = check_int("stored", self.stored, 0)
        left = lurasko.expend_aura(stored, self.amount)
        amounts = lurasko.aura_expenditures(stored) if stored <= AURA_MAX_LISTED_STORE else None
        check_int("aura_drive", self.aura_drive, 0)
        target = self.target()
        shields = self.shields()
        defender = check_int("defender_damage", self.defender_damage, 0)
        with inputs_named("defender_injury_factor"):
            defender_degrees = lurasko.degrees_of_injury(
                defender, self.defender_injury_factor, variant=self.variant
            )

        what = TRIGGER_LABELS[trigger].lower()
        if not rule.provokes:
            why = f"{what}: not a touch, melee hit or grapple, so no damage aura reacts"
        elif self.critical:
            why = f"{what}, a critical hit: it spares the attacker from damage auras"
        else:
            why = f"{what}: the aura may expend stored damage to hit them automatically"
        steps = [Step("What provokes a damage aura", why, (("aura hits", hits),))]
        if self.dual_wield:
            steps.append(
                Step(
                    "Dual wield",
                    "dual-wielded melee weapons provoke only a single hit; only one aura can "
                    "react to a single attack, touch or grapple",
                    (("aura hits", hits),),
                )
            )
        if not provokes:
            steps.append(
                Step(
                    "Both incidents",
                    "the aura does not strike: only the provoking hit's damage",
                    (("defender damage", defender), ("defender degrees", defender_degrees)),
                )
            )
            return AuraResult(
                False, 0, 0, stored, None, shields, tuple(s.points for _, s in shields),
                tuple(steps), 0, 0, defender_degrees, amounts,
            )  # fmt: skip
        full = self.amount == stored
        steps.append(
            Step(
                "Expend stored damage",
                "the full stored damage"
                if full
                else f"a multiple of {AURA_EXPENDITURE_STEP} of the store",
                (("expended", self.amount), ("store left", left)),
            )
        )
        if self.aura_type == NORMAL:
            hit = lurasko.WeaponHit(self.amount, self.aura_drive, name="the aura")
        else:
            hit = lurasko.WeaponHit(0, 0, self.amount, self.aura_type, name="the aura")
        attack = lurasko.Attack(hit, form=AttackForm.DAMAGE_AURA)
        resolution = lurasko.resolve_attack(
            attack, target, [s for _, s in shields], variant=self.variant
        )
        steps += resolution.steps
        steps.append(
            Step(
                "Both incidents before injuries",
                "the aura still hits back even if the provoking attack kills the defender, "
                "and the attack is not hampered even if the aura kills the attacker; the "
                "aura's injuries are Core Injuries",
                (
                    ("defender damage", defender),
                    ("defender degrees", defender_degrees),
                    ("attacker damage", resolution.total_damage),
                    ("attacker degrees", resolution.degrees),
                ),
            )
        )
        return AuraResult(
            True, hits, self.amount, left, resolution, shields, resolution.shield_points,
            tuple(steps), resolution.total_damage, resolution.degrees, defender_degrees, amounts,
        )  # fmt: skip


def amounts_text(amounts: tuple[int, ...] | None, stored: int) -> str:
    """The amounts an aura may expend, the first few and the last ones when there are many.

    >>> amounts_text((10, 20, 30, 35), 35)
    '10, 20, 30, 35'
    """
    if amounts is None:
        return f"the full store ({stored}) or any multiple of {AURA_EXPENDITURE_STEP} up to it"
    if not amounts:
        return "nothing: the aura is empty"
    if len(amounts) <= LISTED:
        return ", ".join(map(str, amounts))
    head = ", ".join(map(str, amounts[: LISTED - 2]))
    return f"{head}, ..., {amounts[-2]}, {amounts[-1]} ({len(amounts)} amounts)"


class LuraskoAurasView(PageView):
    """The page: provocation, aura and attacker; figures, the amounts and every step."""

    model_class = LuraskoAuras
    rule_note = (
        "Source: Legends of Lur-Asko, Combat, Damage Auras (and Critical Hits, Energy "
        "Shielding). Interpretations (rules/SOURCES.md): a touch and the end of a grappler's "
        "turn cannot be critical; an aura expends a multiple of 10 from 10 up to the store, or "
        "the full store; its hit cannot be dodged and only high precision shields its energy; "
        "a shield point negates one damage."
    )

    def sections(self) -> list[Any]:
        return [
            group(
                "What the other character does",
                self.field("trigger", widget="select"),
                *self.fields("critical", "dual_wield"),
                collapsed=False,
            ),
            group(
                "The damage aura",
                *self.fields("stored", "amount"),
                self.field("aura_type", widget="select"),
                self.field("aura_drive"),
                collapsed=False,
            ),
            group(
                "The attacker (struck by the aura)",
                *self.fields(
                    "injury_factor", "armor", "armor_low", "armor_high", "metallic", "organic"
                ),
                note("Only high precision shielding can stop a damage aura's energy."),
                *(self.field(name) for n in SHIELDS.numbers for name in SHIELDS.inputs(n).values()),
                collapsed=False,
            ),
            group(
                "The defender (the aura's owner)",
                note(
                    "The provoking hit's damage, from the attack resolver: both incidents are "
                    "resolved before the injuries take effect."
                ),
                *self.fields("defender_damage", "defender_injury_factor"),
                collapsed=True,
            ),
        ]

    def details(self) -> list[Any]:
        self._amounts = html_pane()
        self._shields = html_pane()
        self._steps = html_pane()
        return [
            heading("What the aura may expend", margin=(0, 10)),
            self._amounts,
            heading("The attacker's shield points left"),
            self._shields,
            heading("Every step, in order"),
            self._steps,
        ]

    def figures(self, result: AuraResult) -> list[Figure]:
        return [
            Figure("yes" if result.provokes else "no", "the aura strikes back", "provokes"),
            Figure(str(result.attacker_damage), "the attacker takes", "attacker-damage",
                   f"{result.attacker_degrees} degrees, Core Injury"),
            Figure(str(result.store_left), "left in the aura", "store-left",
                   f"expended {result.amount}"),
            Figure(str(result.defender_degrees), "defender's degrees", "defender-degrees"),
        ]  # fmt: skip

    def render(self, result: AuraResult) -> None:
        m = self.model
        self._amounts.object = (
            f"<p class='rf-note' data-testid='amounts'>With {m.stored} stored: "
            f"{html.escape(amounts_text(result.amounts, m.stored))}.</p>"
        )
        self._shields.object = shields_table(
            result.shields, result.shield_points, none="No energy shields."
        )
        self._steps.object = render_steps(result.steps)
