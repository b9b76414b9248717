"""Lur-Asko attack resolver: one attack against one character, every step of the rules in order.

Model: :class:`LuraskoAttack` (inputs as scalar parameters: up to 2 weapons, 3 resistances and
3 shields in fixed slots, so every input fits a flat deep link); every number comes from
:func:`rules.lurasko.resolve_attack`.
View: :class:`LuraskoAttackView` (inputs in collapsible cards; the result figures, the damage
per portion, every step with the numbers after it, the side effects).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, ClassVar

import panel as pn
import param

from rules import lurasko
from rules.lurasko import (
    CRITICAL_DRIVE_BONUS,
    PRECISE_CRITICAL_DRIVE_BONUS,
    AttackForm,
    AttackOrigin,
    CriticalEffect,
    EnergyType,
    InjuryTypeRule,
    Precision,
    Resolution,
    Shield,
)
from rules.validation import check_int
from webapp.components import (
    Figure,
    figures_html,
    general_error,
    input_field,
    page_row,
    result_pane,
)
from webapp.pages.lurasko.common import (
    LIST_CSS,
    LuraskoCalculator,
    heading,
    note,
    renamed_errors,
    select_field,
)

__all__ = [
    "RESISTANCE_SLOTS",
    "SHIELD_SLOTS",
    "WEAPON_SLOTS",
    "AttackResult",
    "LuraskoAttack",
    "LuraskoAttackView",
    "render_steps",
]

WEAPON_SLOTS = 2
RESISTANCE_SLOTS = 3
SHIELD_SLOTS = 3

FORM_LABELS: dict[AttackForm, str] = {
    AttackForm.MELEE: "Melee (weapon, natural or unarmed)",
    AttackForm.RANGED: "Ranged (weapon or shot)",
    AttackForm.EXPLOSIVE_IMPACT: "Explosive or grenade: impact",
    AttackForm.AREA: "Area damage (AoE or blast)",
    AttackForm.DAMAGE_AURA: "Damage aura",
}
ORIGIN_LABELS: dict[AttackOrigin, str] = {
    AttackOrigin.BEYOND_ENGAGEMENT: "Beyond engagement range",
    AttackOrigin.ENGAGED: "Engaged or grouped-up with the target",
    AttackOrigin.GRAPPLING: "Grappling with the target",
    AttackOrigin.ON_VEHICLE: "Climbed onto the target vehicle",
}
NO_CRITICAL = "none"
CRITICAL_LABELS: dict[str, str] = {
    NO_CRITICAL: "No critical hit",
    CriticalEffect.INJURY_TYPE.value: "Choose the type of injury",
    CriticalEffect.DRIVE.value: f"+{CRITICAL_DRIVE_BONUS} drive "
    f"(+{PRECISE_CRITICAL_DRIVE_BONUS} Precise melee)",
}
ENERGY_LABELS: dict[EnergyType, str] = {t: t.value.capitalize() for t in EnergyType}
NO_RESISTANCE = "none"
WEAPON_KIND = "weapon kind"
AGAINST_LABELS: dict[str, str] = {
    NO_RESISTANCE: "None",
    **{t.value: f"{t.value.capitalize()} damage" for t in EnergyType},
    WEAPON_KIND: "A kind of weapon (type it below)",
}
NO_SHIELD = "none"
LEVEL_LABELS: dict[str, str] = {
    NO_SHIELD: "None",
    **{level.value: level.value.capitalize() for level in Precision},
}


def _choices(labels: dict[Any, str]) -> dict[str, str]:
    """``{label: value}`` for a ``param.Selector`` (values are the enums' values)."""
    return {label: str(value) for value, label in labels.items()}


def _int(default: int, label: str, doc: str = "") -> param.Integer:
    # allow_None: an emptied box is refused by the rules beside the input, not by the widget.
    return param.Integer(default=default, allow_None=True, label=label, doc=doc)


@dataclass(frozen=True)
class AttackResult:
    """Everything the page shows for one set of inputs."""

    resolution: Resolution
    shields: tuple[tuple[int, Shield], ...]
    """The shields in play, each with its slot number (1-based), in the order given."""
    weapons: tuple[int, ...]
    """The slot number of each weapon hit, in the order given."""


class LuraskoAttack(LuraskoCalculator):
    """One attack that hit, resolved step by step (source: ``002_64b8e17f45694c25.txt``)."""

    inputs: ClassVar[tuple[str, ...]] = (
        "form",
        "origin",
        "critical",
        "drive_bonus",
        *(
            name
            for n in range(1, WEAPON_SLOTS + 1)
            for name in (
                *((f"w{n}_on",) if n > 1 else ()),
                f"w{n}_normal_damage",
                f"w{n}_normal_drive",
                f"w{n}_energy_damage",
                f"w{n}_energy_type",
                f"w{n}_precise",
                f"w{n}_stopped",
                f"w{n}_tags",
            )
        ),
        "injury_factor",
        "armor",
        "armor_low",
        "armor_high",
        "metallic",
        "organic",
        *(
            f"r{n}_{part}"
            for n in range(1, RESISTANCE_SLOTS + 1)
            for part in ("against", "tag", "percent", "label")
        ),
        *(
            f"s{n}_{part}"
            for n in range(1, SHIELD_SLOTS + 1)
            for part in ("level", "points", "techshield", "inside")
        ),
    )

    # --- the attack -----------------------------------------------------------------------
    form = param.Selector(
        objects=_choices(FORM_LABELS), default=AttackForm.MELEE.value, label="The attack is"
    )
    origin = param.Selector(
        objects=_choices(ORIGIN_LABELS),
        default=AttackOrigin.BEYOND_ENGAGEMENT.value,
        label="A ranged attack comes from",
        doc="Decides whether low and medium precision shielding can act.",
    )
    critical = param.Selector(
        objects=_choices(CRITICAL_LABELS), default=NO_CRITICAL, label="Critical hit"
    )
    drive_bonus = _int(0, "Drive increase from Abilities (all weapons)")

    # --- the weapons (slot 2 is optional) --------------------------------------------------
    w1_normal_damage = _int(32, "Normal damage (base and STR)")
    w1_normal_drive = _int(15, "Normal drive")
    w1_energy_damage = _int(24, "Extra energy damage (drive equals damage)")
    w1_energy_type = param.Selector(
        objects=_choices(ENERGY_LABELS), default=EnergyType.HEAT.value, label="Energy type"
    )
    w1_precise = param.Boolean(default=False, label="Precise tag")
    w1_stopped = param.Boolean(default=False, label="Projectile stopped by a kinetic shield")
    w1_tags = param.String(default="", label="Weapon kinds, for resistances (e.g. quartz, adamant)")
    w2_on = param.Boolean(default=False, label="A second weapon or shot hit")
    w2_normal_damage = _int(10, "Normal damage (base and STR)")
    w2_normal_drive = _int(10, "Normal drive")
    w2_energy_damage = _int(0, "Extra energy damage (drive equals damage)")
    w2_energy_type = param.Selector(
        objects=_choices(ENERGY_LABELS), default=EnergyType.HEAT.value, label="Energy type"
    )
    w2_precise = param.Boolean(default=False, label="Precise tag")
    w2_stopped = param.Boolean(default=False, label="Projectile stopped by a kinetic shield")
    w2_tags = param.String(default="", label="Weapon kinds, for resistances (e.g. quartz, adamant)")

    # --- the target ------------------------------------------------------------------------
    injury_factor = _int(10, "Injury factor")
    armor = param.Boolean(default=True, label="Wears armor")
    armor_low = _int(16, "Armor range: low end")
    armor_high = _int(28, "Armor range: high end")
    metallic = param.Boolean(default=False, label="Metallic armor (e.g. steel or adamant)")
    organic = param.Boolean(default=True, label="Organic (not a construct or tech)")

    # --- resistances and weaknesses, applied in slot order ----------------------------------
    r1_against = param.Selector(
        objects=_choices(AGAINST_LABELS), default=NO_RESISTANCE, label="Against"
    )
    r1_tag = param.String(default="", label="Kind of weapon (as in the weapon's kinds)")
    r1_percent = _int(150, "Percent of damage taken (150 weak, 75, 50, 0 immune)")
    r1_label = param.String(default="", label="Source (for the step list)")
    r2_against = param.Selector(
        objects=_choices(AGAINST_LABELS), default=NO_RESISTANCE, label="Against"
    )
    r2_tag = param.String(default="", label="Kind of weapon (as in the weapon's kinds)")
    r2_percent = _int(50, "Percent of damage taken (150 weak, 75, 50, 0 immune)")
    r2_label = param.String(default="", label="Source (for the step list)")
    r3_against = param.Selector(
        objects=_choices(AGAINST_LABELS), default=NO_RESISTANCE, label="Against"
    )
    r3_tag = param.String(default="", label="Kind of weapon (as in the weapon's kinds)")
    r3_percent = _int(75, "Percent of damage taken (150 weak, 75, 50, 0 immune)")
    r3_label = param.String(default="", label="Source (for the step list)")

    # --- energy shielding in play, in slot order within a level ------------------------------
    s1_level = param.Selector(objects=_choices(LEVEL_LABELS), default=NO_SHIELD, label="Precision")
    s1_points = _int(20, "Shielding points")
    s1_techshield = param.Boolean(default=False, label="Techshield (doubly effective vs blast)")
    s1_inside = param.Boolean(
        default=False, label="Low precision: attack from inside its reach (cannot block)"
    )
    s2_level = param.Selector(objects=_choices(LEVEL_LABELS), default=NO_SHIELD, label="Precision")
    s2_points = _int(20, "Shielding points")
    s2_techshield = param.Boolean(default=False, label="Techshield (doubly effective vs blast)")
    s2_inside = param.Boolean(
        default=False, label="Low precision: attack from inside its reach (cannot block)"
    )
    s3_level = param.Selector(objects=_choices(LEVEL_LABELS), default=NO_SHIELD, label="Precision")
    s3_points = _int(20, "Shielding points")
    s3_techshield = param.Boolean(default=False, label="Techshield (doubly effective vs blast)")
    s3_inside = param.Boolean(
        default=False, label="Low precision: attack from inside its reach (cannot block)"
    )

    # --- building the rules' objects -------------------------------------------------------

    def weapon_slots(self) -> tuple[int, ...]:
        """The weapon slots in use."""
        return tuple(n for n in range(1, WEAPON_SLOTS + 1) if n == 1 or getattr(self, f"w{n}_on"))

    def weapon(self, n: int) -> lurasko.WeaponHit:
        """The weapon of slot ``n``."""
        p = f"w{n}_"
        names = {
            field: p + field
            for field in ("normal_damage", "normal_drive", "energy_damage", "energy_type")
        }
        tags = tuple(t.strip() for t in getattr(self, p + "tags").split(",") if t.strip())
        energy = getattr(self, p + "energy_damage")
        with renamed_errors({**names, "tags": p + "tags"}):
            return lurasko.WeaponHit(
                normal_damage=getattr(self, p + "normal_damage"),
                normal_drive=getattr(self, p + "normal_drive"),
                energy_damage=energy,
                # No energy portion without energy damage (the type is then irrelevant).
                energy_type=getattr(self, p + "energy_type") if energy != 0 else None,
                precise=getattr(self, p + "precise"),
                tags=tags,
                stopped_by_kinetic_shield=getattr(self, p + "stopped"),
                name=f"weapon {n}",
            )

    def resistances(self) -> tuple[lurasko.Resistance, ...]:
        """The resistances and weaknesses in play, in slot order."""
        out = []
        for n in range(1, RESISTANCE_SLOTS + 1):
            p = f"r{n}_"
            against = getattr(self, p + "against")
            if against == NO_RESISTANCE:
                continue
            if against == WEAPON_KIND:
                against = getattr(self, p + "tag").strip()
            with renamed_errors({"against": p + "tag", "percent": p + "percent"}):
                out.append(
                    lurasko.Resistance(
                        against, getattr(self, p + "percent"), getattr(self, p + "label").strip()
                    )
                )
        return tuple(out)

    def shields(self) -> tuple[tuple[int, Shield], ...]:
        """The shields in play with their slot numbers, in slot order."""
        out = []
        for n in range(1, SHIELD_SLOTS + 1):
            p = f"s{n}_"
            level = getattr(self, p + "level")
            if level == NO_SHIELD:
                continue
            with renamed_errors({"points": p + "points"}):
                item = Shield(
                    level,
                    getattr(self, p + "points"),
                    name=f"shield {n}",
                    doubly_effective_vs_blast=getattr(self, p + "techshield"),
                    attack_from_inside=getattr(self, p + "inside"),
                )
            out.append((n, item))
        return tuple(out)

    def target(self) -> lurasko.Target:
        """The character hit."""
        armor_range = None
        if self.armor:
            low = check_int("armor_low", self.armor_low, 0)
            armor_range = (low, check_int("armor_high", self.armor_high, low))
        return lurasko.Target(
            self.injury_factor,
            armor_range,
            metallic=self.metallic,
            resistances=self.resistances(),
            organic=self.organic,
        )

    def attack(self) -> lurasko.Attack:
        """The attack, with its weapons."""
        slots = self.weapon_slots()
        return lurasko.Attack(
            tuple(self.weapon(n) for n in slots),
            form=self.form,
            origin=self.origin,
            critical=None if self.critical == NO_CRITICAL else self.critical,
            drive_bonus=self.drive_bonus,
        )

    def compute(self) -> AttackResult:
        attack = self.attack()
        target = self.target()
        shields = self.shields()
        resolution = lurasko.resolve_attack(attack, target, [item for _, item in shields])
        return AttackResult(resolution, shields, self.weapon_slots())


# --- rendering ---------------------------------------------------------------------------


def render_steps(resolution: Resolution) -> str:
    """The steps as an ordered list: rule, what happened, the numbers after it.

    A number that changed since the previous step of the same weapon shows its old value
    struck through. Each step is ``<li data-testid='step'>`` with ``data-label``; each number
    is ``<dd data-name=... data-value=...>``.
    """
    seen: dict[int | None, dict[str, int]] = {}
    items = []
    for step in resolution.steps:
        before = seen.setdefault(step.hit, {})
        numbers = []
        for name, value in step.numbers:
            old = before.get(name)
            changed = old is not None and old != value
            was = f"<span class='lk-was'>{old}</span>" if changed else ""
            numbers.append(
                f"<div class='lk-num{' lk-changed' if changed else ''}'>"
                f"<dt>{html.escape(name)}</dt>"
                f"<dd data-name='{html.escape(name)}' data-value='{value}'>{was}{value}</dd></div>"
            )
            before[name] = value
        badge = (
            f"<span class='lk-badge'>weapon {step.hit + 1}</span>" if step.hit is not None else ""
        )
        items.append(
            f"<li class='lk-step' data-testid='step' data-label='{html.escape(step.label)}'>"
            f"<div class='lk-step-head'><span class='lk-step-label'>{html.escape(step.label)}"
            f"</span>{badge}</div>"
            f"<div class='lk-step-why'>{html.escape(step.explanation)}</div>"
            + (f"<dl class='lk-nums'>{''.join(numbers)}</dl>" if numbers else "")
            + "</li>"
        )
    return f"<ol class='lk-steps' data-testid='steps'>{''.join(items)}</ol>"


def _portions_table(result: AttackResult) -> str:
    rows = []
    for portion in result.resolution.portions:
        slot = result.weapons[portion.hit]
        testid = f"portion-{slot}-{portion.label}"
        rows.append(
            f"<tr><td>weapon {slot}</td><td>{html.escape(portion.label)}</td>"
            f"<td class='lk-n' data-testid='{testid}-damage'>{portion.damage}</td>"
            f"<td class='lk-n' data-testid='{testid}-drive'>{portion.drive}</td></tr>"
        )
    return (
        "<table class='lk-table'><thead><tr><th>Weapon</th><th>Portion</th>"
        "<th class='lk-n'>Damage taken</th><th class='lk-n'>Drive</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _effects(resolution: Resolution) -> str:
    parts = []
    degrees = [(t, d) for t, d in resolution.energy_degrees]
    if degrees:
        text = ", ".join(f"{t.value} {d}" for t, d in degrees)
        parts.append(
            f"<p class='lk-note' data-testid='energy-degrees'>Degrees of injury due to energy "
            f"damage (its damage // injury factor): {html.escape(text)}.</p>"
        )
    if resolution.side_effects:
        items = "".join(
            f"<li data-kind='{html.escape(e.kind.value)}'><b>{html.escape(e.cause.value)}</b>: "
            f"{html.escape(e.description)}</li>"
            for e in resolution.side_effects
        )
        parts.append(f"<ul class='lk-list' data-testid='side-effects'>{items}</ul>")
    else:
        parts.append("<p class='lk-none' data-testid='side-effects'>No energy side effects.</p>")
    if resolution.notes:
        items = "".join(f"<li>{html.escape(note)}</li>" for note in resolution.notes)
        parts.append(f"<p class='lk-section'>Also note</p><ul class='lk-list'>{items}</ul>")
    return "".join(parts)


INJURY_TYPE_TEXT: dict[InjuryTypeRule, str] = {
    InjuryTypeRule.ROLLED: "rolled",
    InjuryTypeRule.CHOSEN: "chosen",
    InjuryTypeRule.CORE: "core",
}
INJURY_TYPE_NOTE: dict[InjuryTypeRule, str] = {
    InjuryTypeRule.ROLLED: "the GM rolls on the melee or ranged injury type table",
    InjuryTypeRule.CHOSEN: "critical hit: the attacker chooses (usually Perception Injury)",
    InjuryTypeRule.CORE: "a damage aura's injuries are Core Injuries",
}


def result_figures(result: AttackResult) -> list[Figure]:
    """The big numbers: damage, degrees, injury type, damage aura, shield points left."""
    r = result.resolution
    aura = "yes" if r.provokes_damage_aura else "no"
    figures = [
        Figure(str(r.total_damage), "damage taken", "total-damage"),
        Figure(str(r.degrees), "degrees of injury", "degrees"),
        Figure(INJURY_TYPE_TEXT[r.injury_type], "injury type", "injury-type",
               INJURY_TYPE_NOTE[r.injury_type]),
        Figure(aura, "a damage aura may strike back", "damage-aura"),
    ]  # fmt: skip
    for (slot, item), left in zip(result.shields, r.shield_points, strict=True):
        figures.append(
            Figure(
                str(left),
                f"shield {slot} ({item.level.value}) points left",
                f"shield-{slot}-left",
                f"of {item.points}",
            )
        )
    return figures


class LuraskoAttackView(pn.viewable.Viewer):
    """The page: inputs in cards on the left; results, steps and side effects on the right."""

    model = param.ClassSelector(class_=LuraskoAttack)

    def __init__(self, **params: Any) -> None:
        params.setdefault("model", LuraskoAttack())
        super().__init__(**params)
        m = self.model

        def fields(*names: str) -> list[pn.Column]:
            return [input_field(m, name) for name in names]

        def card(title: str, *objects: Any, collapsed: bool = False) -> pn.Card:
            return pn.Card(
                *objects, title=title, collapsed=collapsed, sizing_mode="stretch_width",
                margin=(5, 5),
            )  # fmt: skip

        self._attack_card = card(
            "The attack",
            select_field(m, "form"),
            select_field(m, "origin"),
            select_field(m, "critical"),
            *fields("drive_bonus"),
        )
        self._weapon_cards = []
        for n in range(1, WEAPON_SLOTS + 1):
            p = f"w{n}_"
            parts = fields(
                *((p + "on",) if n > 1 else ()),
                p + "normal_damage",
                p + "normal_drive",
                p + "energy_damage",
            )
            parts += [select_field(m, p + "energy_type")]
            parts += fields(p + "precise", p + "stopped", p + "tags")
            self._weapon_cards.append(card(f"Weapon {n}", *parts, collapsed=n > 1))
        self._target_card = card(
            "The target",
            *fields("injury_factor", "armor", "armor_low", "armor_high", "metallic", "organic"),
        )
        resistance_parts: list[Any] = [
            note("Applied in this order, each dropping fractions, after armor and shielding.")
        ]
        for n in range(1, RESISTANCE_SLOTS + 1):
            p = f"r{n}_"
            resistance_parts += [
                pn.pane.Markdown(f"**Resistance or weakness {n}**", margin=(8, 10, 0, 10)),
                select_field(m, p + "against"),
                *fields(p + "tag", p + "percent", p + "label"),
            ]
        self._resistance_card = card(
            "Resistances and weaknesses", *resistance_parts, collapsed=True
        )
        shield_parts: list[Any] = [
            note(
                "Low, then medium precision act before the defense roll and lower the drive; "
                "high precision acts after armor. Within a level, in this order."
            )
        ]
        for n in range(1, SHIELD_SLOTS + 1):
            p = f"s{n}_"
            shield_parts += [
                pn.pane.Markdown(f"**Shield {n}**", margin=(8, 10, 0, 10)),
                *fields(p + "level", p + "points", p + "techshield", p + "inside"),
            ]
        self._shield_card = card("Energy shields", *shield_parts, collapsed=True)

        inputs = pn.Column(
            self._attack_card,
            *self._weapon_cards,
            self._target_card,
            self._resistance_card,
            self._shield_card,
            general_error(m),
            max_width=400,
            sizing_mode="stretch_width",
            styles={"flex": "1 1 300px"},
        )

        self._summary = result_pane()
        self._portions = pn.pane.HTML(sizing_mode="stretch_width", stylesheets=[LIST_CSS])
        self._steps = pn.pane.HTML(sizing_mode="stretch_width", stylesheets=[LIST_CSS])
        self._effects = pn.pane.HTML(sizing_mode="stretch_width", stylesheets=[LIST_CSS])
        outputs = pn.Column(
            self._summary,
            heading("Damage taken from each portion"),
            self._portions,
            heading("Energy damage effects"),
            self._effects,
            heading("Every step, in order"),
            note(
                "The numbers after each step; a number that changed shows its previous value "
                "struck through."
            ),
            self._steps,
            sizing_mode="stretch_width",
            styles={"flex": "1 1 420px"},
        )
        self._layout = page_row(inputs, outputs)
        m.param.watch(self._render, ["result"])
        m.param.watch(self._retitle, list(m.inputs))
        self._render()
        self._retitle()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _retitle(self, *_events: object) -> None:
        """Card titles say what is inside when collapsed."""
        m = self.model
        for n, card in enumerate(self._weapon_cards, start=1):
            used = n == 1 or getattr(m, f"w{n}_on")
            card.title = f"Weapon {n}" + ("" if used else " (not used)")
        resistances = sum(
            getattr(m, f"r{n}_against") != NO_RESISTANCE for n in range(1, RESISTANCE_SLOTS + 1)
        )
        shields = sum(getattr(m, f"s{n}_level") != NO_SHIELD for n in range(1, SHIELD_SLOTS + 1))
        self._resistance_card.title = f"Resistances and weaknesses ({resistances} in play)"
        self._shield_card.title = f"Energy shields ({shields} in play)"

    def _render(self, *_events: object) -> None:
        result: AttackResult | None = self.model.result
        if result is None:
            return
        self._summary.object = figures_html(result_figures(result))
        self._portions.object = _portions_table(result)
        self._effects.object = _effects(result.resolution)
        self._steps.object = render_steps(result.resolution)
