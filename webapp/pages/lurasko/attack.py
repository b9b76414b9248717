# Over 600 lines: one page (model and view in one module, as every page) resolving some twenty
# steps; its step and shield HTML is shared by the AoE and auras pages.
"""Lur-Asko attack resolver: one attack against one character, every step of the rules in order.

Model: :class:`LuraskoAttack` (inputs as scalar parameters: up to 2 weapons, 3 resistances and
3 shields in fixed slots, so every input fits a flat deep link); every number comes from
:func:`rules.lurasko.resolve_attack`.
View: :class:`LuraskoAttackView` (inputs in collapsible cards; the result figures, the shield
points left, the damage per portion, the side effects and every step with the numbers after it).
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import param

from rules import lurasko
from rules.dice import MAX_SIDES
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
    Step,
)
from rules.validation import check_int
from webapp.components import Figure, Later, choices, group, heading, html_pane, note
from webapp.pages.lurasko import LuraskoCalculator
from webapp.pages.model import Calculator, inputs_named
from webapp.pages.slots import Field, Slots
from webapp.pages.view import PageView

__all__ = [
    "RESISTANCES",
    "RESISTANCE_SLOTS",
    "SHIELDS",
    "SHIELD_SLOTS",
    "WEAPONS",
    "WEAPON_SLOTS",
    "AttackResult",
    "Defense",
    "DefenseRoll",
    "LuraskoAttack",
    "LuraskoAttackView",
    "render_steps",
    "shields_in_play",
    "shields_table",
    "target_of",
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
    CriticalEffect.INJURY_TYPE.value: "Choose the type of injury",
    CriticalEffect.DRIVE.value: f"+{CRITICAL_DRIVE_BONUS} drive "
    f"(+{PRECISE_CRITICAL_DRIVE_BONUS} Precise melee)",
    NO_CRITICAL: "No critical possible (e.g. ranged, out of Marksmanship range)",
}
"""The attacker's choice if the defense roll makes the hit critical. ``none`` was "no critical
hit" before the page decided the critical from the roll; it still means that (a link with it
resolves as it did)."""
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


def _choices(labels: dict[str, str]) -> dict[str, str]:
    """``{label: value}`` for a ``param.Selector`` whose values add "none" to an enum's."""
    return {label: value for value, label in labels.items()}


def _pick(objects: dict[str, str], default: str, label: str) -> param.Selector:
    return param.Selector(objects=dict(objects), default=default, label=label)


def _flag(label: str) -> param.Boolean:
    return param.Boolean(default=False, label=label)


# The inputs of a slot: their labels start with the slot ("Shield 2: shielding points"), so
# that a message about one names the right box.
ENERGY = choices(EnergyType, ENERGY_LABELS)
ENERGY_DAMAGE = "extra energy damage (drive equals damage)"
KINDS = "kinds, for resistances (e.g. quartz, adamant)"
STOPPED = "projectile stopped by a kinetic shield"
KIND = "kind of weapon (as in the weapon's kinds)"
PERCENT = "percent of damage taken (150 weak, 75, 50, 0 immune)"
TECHSHIELD = "techshield (doubly effective vs blast)"
INSIDE = "low precision, attack from inside its reach (cannot block)"

WEAPONS = Slots(
    "w{n}_{field}",
    WEAPON_SLOTS,
    "Weapon {n}",
    on=Field(param.Boolean, "A second weapon or shot hit", default=False, only=(2,)),
    normal_damage=Field(param.Integer, "{slot}: normal damage (base and STR)", default=(32, 10)),
    normal_drive=Field(param.Integer, "{slot}: normal drive", default=(15, 10)),
    energy_damage=Field(param.Integer, "{slot}: " + ENERGY_DAMAGE, default=(24, 0)),
    energy_type=Field(
        param.Selector,
        "{slot}: energy type",
        default=EnergyType.HEAT.value,
        options={"objects": ENERGY},
    ),
    precise=Field(param.Boolean, "{slot}: Precise tag", default=False),
    stopped=Field(param.Boolean, "{slot}: " + STOPPED, default=False),
    tags=Field(param.String, "{slot}: " + KINDS, default=""),
)
"""Weapon 1, and weapon 2 when ``w2_on``; its inputs ``w<n>_<field>``."""
RESISTANCES = Slots(
    "r{n}_{field}",
    RESISTANCE_SLOTS,
    "Resistance {n}",
    against=Field(
        param.Selector,
        "{slot}: against",
        default=NO_RESISTANCE,
        options={"objects": _choices(AGAINST_LABELS)},
    ),
    tag=Field(param.String, "{slot}: " + KIND, default=""),
    percent=Field(param.Integer, "{slot}: " + PERCENT, default=(150, 50, 75)),
    label=Field(param.String, "{slot}: source (for the step list)", default=""),
)
"""Resistances and weaknesses, in play when against something; inputs ``r<n>_<field>``."""
SHIELDS = Slots(
    "s{n}_{field}",
    SHIELD_SLOTS,
    "Shield {n}",
    level=Field(
        param.Selector,
        "{slot}: precision",
        default=NO_SHIELD,
        options={"objects": _choices(LEVEL_LABELS)},
    ),
    points=Field(param.Integer, "{slot}: shielding points", default=20),
    techshield=Field(param.Boolean, "{slot}: " + TECHSHIELD, default=False),
    inside=Field(param.Boolean, "{slot}: " + INSIDE, default=False),
)
"""Energy shields, in play when they have a precision; inputs ``s<n>_<field>``."""


def shields_in_play(slots: Slots, model: Calculator) -> tuple[tuple[int, Shield], ...]:
    """The shields of ``slots`` in ``model`` that are in play (a precision chosen), each with
    its slot number, in slot order (their fields: ``level``, ``points``, ``techshield`` and,
    if the page has it, ``inside``).

    Every slot is built, in play or not: a bad value shows beside its box while its slot is
    off (the rules' own checks, no copy of their bounds here)."""
    out = []
    for s in slots.each(model):
        names = {"points": "points", "doubly_effective_vs_blast": "techshield"}
        names |= {"attack_from_inside": "inside"} if "inside" in s.names else {}
        with inputs_named({rule: s.names[field] for rule, field in names.items()}):
            item = Shield(
                Precision.LOW if s.level == NO_SHIELD else s.level,
                s.points,
                name=f"shield {s.n}",
                doubly_effective_vs_blast=s.techshield,
                attack_from_inside=s.get("inside", False),
            )
        if s.level != NO_SHIELD:
            out.append((s.n, item))
    return tuple(out)


def target_of(
    model: Calculator, resistances: tuple[lurasko.Resistance, ...] = ()
) -> lurasko.Target:
    """The character of ``model``'s inputs ``injury_factor``, ``armor``, ``armor_low``,
    ``armor_high``, ``metallic`` and ``organic``, with ``resistances``."""
    m: Any = model
    # The range's ends are two inputs: each is checked under its own name.
    low = check_int("armor_low", m.armor_low, 0)
    high = check_int("armor_high", m.armor_high, low)
    return lurasko.Target(
        m.injury_factor,
        (low, high) if m.armor else None,
        metallic=m.metallic,
        resistances=resistances,
        organic=m.organic,
    )


@dataclass(frozen=True)
class Defense:
    """The defense roll against its TN, and what it decides (roll-under: it fails above)."""

    roll: int
    tn: int
    margin: int
    """By how much the roll failed: ``roll - tn`` (0 or less: the defense succeeded)."""
    critical: bool
    """Failed by 20 or more (:func:`rules.lurasko.is_critical`)."""
    applies: bool = True
    """False for a damage aura's hit, which cannot be dodged (no defense roll)."""

    @property
    def hit(self) -> bool:
        """The attack hits: no defense roll, or the roll failed."""
        return not self.applies or self.margin > 0

    def text(self, effect: str) -> str:
        """What the roll decides, in words (``effect``: the attacker's choice on a critical)."""
        if not self.applies:
            return "a damage aura's hit cannot be dodged: no defense roll"
        head = f"defense roll {self.roll} against TN {self.tn}"
        if not self.hit:
            return f"{head}: at or under the TN, the defense succeeds and the attack misses"
        if not self.critical:
            return f"{head}: failed by {self.margin} (under {lurasko.CRITICAL_MARGIN}): a hit"
        if effect == NO_CRITICAL:
            return (
                f"{head}: failed by {self.margin}, which would be critical, but no critical "
                "hit is possible here (as chosen): a hit"
            )
        return (
            f"{head}: failed by {self.margin} (at least {lurasko.CRITICAL_MARGIN}): a critical "
            f"hit; the attacker chooses: {CRITICAL_LABELS[effect].lower()}"
        )


@dataclass(frozen=True)
class AttackResult:
    """Everything the page shows for one set of inputs."""

    resolution: Resolution
    """The rules' resolution of the hit; on a miss, of low and medium shielding only (they
    act before the defense roll)."""
    shields: tuple[tuple[int, Shield], ...]
    """The shields in play, each with its slot number (1-based), in the order given."""
    weapons: tuple[int, ...]
    """The slot number of each weapon hit, in the order given."""
    defense: Defense
    shield_points: tuple[int, ...] = ()
    """Points left in each shield in play (as :attr:`shields`)."""
    critical: CriticalEffect | None = None
    """The critical hit's effect, or None when the hit is not critical."""

    @property
    def missed(self) -> bool:
        """The defense roll succeeded."""
        return not self.defense.hit

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps shown: all of the resolution's; on a miss, those before the defense roll."""
        steps = self.resolution.steps
        if not self.missed:
            return steps
        first = next((i for i, s in enumerate(steps) if s.hit is None), len(steps))
        return steps[:first]


@dataclass(frozen=True)
class DefenseRoll:
    """One rolled defense roll, resolved with the rules: the roll, its outcome and a log."""

    seed: int
    sides: int
    roll: int | None
    """The roll, 1 to ``sides``; None for a damage aura (nothing to roll)."""
    outcome: AttackResult
    log: tuple[str, ...]


class LuraskoAttack(LuraskoCalculator):
    """One attack that hit, resolved step by step (source: ``002_64b8e17f45694c25.txt``).

    The inputs, in this order, are the deep link's: the attack, weapon 1, weapon 2, the
    target, resistances 1-3, shields 1-3 (a slot is in play when its weapon is on, its
    resistance is against something, its shield has a precision)."""

    # --- the attack -----------------------------------------------------------------------
    form = _pick(choices(AttackForm, FORM_LABELS), AttackForm.MELEE.value, "The attack is")
    origin = param.Selector(
        objects=choices(AttackOrigin, ORIGIN_LABELS),
        default=AttackOrigin.BEYOND_ENGAGEMENT.value,
        label="A ranged attack comes from",
        doc="Decides whether low and medium precision shielding can act.",
    )
    defense_roll = param.Integer(
        default=20, label="Defense roll (roll-under: it fails above the TN)"
    )
    defense_tn = param.Integer(default=14, label="Defense roll TN")
    critical = _pick(
        _choices(CRITICAL_LABELS),
        CriticalEffect.INJURY_TYPE.value,
        "On a critical hit (failed by 20+), the attacker chooses",
    )
    drive_bonus = param.Integer(default=0, label="Drive increase from Abilities (all weapons)")

    # --- the weapons (slot 2 is optional) --------------------------------------------------
    locals().update(WEAPONS.parameters())

    # --- the target ------------------------------------------------------------------------
    injury_factor = param.Integer(default=10, label="Injury factor")
    armor = param.Boolean(default=True, label="Wears armor")
    armor_low = param.Integer(default=16, label="Armor range: low end")
    armor_high = param.Integer(default=28, label="Armor range: high end")
    metallic = _flag("Metallic armor (e.g. steel or adamant)")
    organic = param.Boolean(default=True, label="Organic (not a construct or tech)")

    # --- resistances and weaknesses, applied in slot order ----------------------------------
    locals().update(RESISTANCES.parameters())

    # --- energy shields, in slot order within a level --------------------------------------
    locals().update(SHIELDS.parameters())

    # --- Roll it ---------------------------------------------------------------------------
    defense_die = param.Integer(default=100, label="Defense die: sides (not in this chapter)")
    seed = param.Integer(default=1, label="Seed of the next roll")

    def apply_query(self, query: Mapping[str, str]) -> list[str]:
        """A deep link, with the links made before the page took the defense roll.

        Those links chose the critical directly (``critical=drive`` or ``injury type``): with
        no defense roll in the link, the roll is the TN + 20, the least roll that is critical
        (the source's example: TN 14, "a 34 or higher"), so the link resolves as it did.
        ``critical=none`` meant no critical hit, which it still means."""
        effects = {effect.value for effect in CriticalEffect}
        if query.get("critical") in effects and not {"defense_roll", "defense_tn"} & set(query):
            tn = int(self.param["defense_tn"].default)
            query = {**query, "defense_roll": str(tn + lurasko.CRITICAL_MARGIN)}
        return super().apply_query(query)

    # --- building the rules' objects -------------------------------------------------------
    # Every slot is built, in play or not, and the slots not in play are then dropped: a bad
    # value shows beside its box even while its slot is off (the rules' own checks, no copy
    # of their bounds here).

    def weapon_slots(self) -> tuple[int, ...]:
        """The weapon slots in use."""
        return tuple(w.n for w in WEAPONS.each(self) if w.n == 1 or w.on)

    def weapon(self, n: int) -> lurasko.WeaponHit:
        """The weapon of slot ``n``."""
        w = WEAPONS.read(self, n)
        tags = tuple(t.strip() for t in w.tags.split(",") if t.strip())
        with inputs_named({**w.names, "stopped_by_kinetic_shield": w.names["stopped"]}):
            return lurasko.WeaponHit(
                normal_damage=w.normal_damage,
                normal_drive=w.normal_drive,
                energy_damage=w.energy_damage,
                # No energy portion without energy damage (the type is then irrelevant).
                energy_type=w.energy_type if w.energy_damage != 0 else None,
                precise=w.precise,
                tags=tags,
                stopped_by_kinetic_shield=w.stopped,
                name=f"weapon {n}",
            )

    def resistances(self) -> tuple[lurasko.Resistance, ...]:
        """The resistances and weaknesses in play, in slot order."""
        out = []
        for r in RESISTANCES.each(self):
            against = r.tag.strip() if r.against == WEAPON_KIND else r.against
            with inputs_named({**r.names, "against": r.names["tag"]}):
                item = lurasko.Resistance(against, r.percent, r.label.strip())
            if r.against != NO_RESISTANCE:
                out.append(item)
        return tuple(out)

    def shields(self) -> tuple[tuple[int, Shield], ...]:
        """The shields in play with their slot numbers, in slot order."""
        return shields_in_play(SHIELDS, self)

    def target(self) -> lurasko.Target:
        """The character hit."""
        return target_of(self, self.resistances())

    def defense(self, roll: int | None = None) -> Defense:
        """The defense roll (the typed one, or ``roll``) against the TN."""
        with inputs_named({"roll": "defense_roll", "tn": "defense_tn"}):
            roll = self.defense_roll if roll is None else roll
            margin = lurasko.defense_failure_margin(roll, self.defense_tn)
            critical = lurasko.is_critical(roll, self.defense_tn)
        applies = self.form != AttackForm.DAMAGE_AURA.value
        return Defense(roll, self.defense_tn, margin, critical, applies)

    def attack(self, defense: Defense | None = None) -> lurasko.Attack:
        """The attack, with its weapons; critical if ``defense`` (default: the typed roll)
        failed by 20 or more, with the effect the attacker chose."""
        defense = self.defense() if defense is None else defense
        weapons = {n: self.weapon(n) for n in range(1, WEAPON_SLOTS + 1)}
        critical = (
            self.critical
            if defense.applies and defense.critical and self.critical != NO_CRITICAL
            else None
        )
        return lurasko.Attack(
            tuple(weapons[n] for n in self.weapon_slots()),
            form=self.form,
            origin=self.origin,
            critical=critical,
            drive_bonus=self.drive_bonus,
        )

    def outcome(self, roll: int | None = None) -> AttackResult:
        """The attack resolved with the typed defense roll, or with ``roll``."""
        check_int("defense_die", self.defense_die, 1, MAX_SIDES)
        check_int("seed", self.seed)
        defense = self.defense(roll)
        attack = self.attack(defense)
        target = self.target()
        shields = self.shields()
        if defense.hit:
            in_play = [item for _, item in shields]
        else:  # only low and medium precision act before the defense roll
            in_play = [item for _, item in shields if item.level is not Precision.HIGH]
        resolution = lurasko.resolve_attack(attack, target, in_play, variant=self.variant)
        spent = iter(resolution.shield_points)
        points = tuple(
            item.points if len(in_play) < len(shields) and item.level is Precision.HIGH
            else next(spent)
            for _, item in shields
        )  # fmt: skip
        return AttackResult(
            resolution, shields, self.weapon_slots(), defense, points, attack.critical
        )

    def compute(self) -> AttackResult:
        return self.outcome()

    def roll(self) -> DefenseRoll:
        """Roll the defense roll of the last good inputs with ``random.Random(seed)``: one
        die of :attr:`defense_die` sides, then resolve the attack with that roll."""
        result: AttackResult = self.result
        sides = self.defense_die
        rng = random.Random(self.seed)
        if not result.defense.applies:
            outcome = self.outcome()
            log = [f"No roll: {outcome.defense.text(self.critical)}."]
            rolled = None
        else:
            rolled = rng.randint(1, sides)
            outcome = self.outcome(rolled)
            log = [
                f"Roll the defense: 1 die of {sides} sides = {rolled}.",
                f"{_sentence(outcome.defense.text(self.critical))}.",
            ]
        for step in outcome.steps:
            numbers = ", ".join(f"{name} {value}" for name, value in step.numbers)
            where = f" (weapon {step.hit + 1})" if step.hit is not None else ""
            log.append(
                f"{step.label}{where}: {step.explanation}"
                + (f" [{numbers}]" if numbers else "")
                + "."
            )
        if outcome.missed:
            log.append("Damage taken: 0 (the attack missed).")
        else:
            r = outcome.resolution
            log.append(
                f"Damage taken: {r.total_damage}; {r.degrees} degrees of injury "
                f"({INJURY_TYPE_TEXT[r.injury_type]} type)."
            )
        return DefenseRoll(self.seed, sides, rolled, outcome, tuple(log))


# --- rendering ---------------------------------------------------------------------------


def _sentence(text: str) -> str:
    """``text`` with its first letter upper case (the rest as it is: "TN" stays)."""
    return text[:1].upper() + text[1:]


def render_steps(resolution: Resolution | tuple[Step, ...]) -> str:
    """The steps (of a resolution) as an ordered list: rule, what happened, the numbers after it.

    A number that changed since the previous step of the same weapon shows its old value
    struck through. Each step is ``<li data-testid='step'>`` with ``data-label``; each number
    is ``<dd data-name=... data-value=...>``.
    """
    seen: dict[int | None, dict[str, int]] = {}
    items = []
    steps = resolution.steps if isinstance(resolution, Resolution) else resolution
    for step in steps:
        before = seen.setdefault(step.hit, {})
        numbers = []
        for name, value in step.numbers:
            old = before.get(name)
            changed = old is not None and old != value
            was = f"<span class='rf-was'>{old}</span>" if changed else ""
            numbers.append(
                f"<div class='rf-numval{' rf-changed' if changed else ''}'>"
                f"<dt>{html.escape(name)}</dt>"
                f"<dd data-name='{html.escape(name)}' data-value='{value}'>{was}{value}</dd></div>"
            )
            before[name] = value
        badge = (
            f"<span class='rf-badge'>weapon {step.hit + 1}</span>" if step.hit is not None else ""
        )
        items.append(
            f"<li class='rf-step' data-testid='step' data-label='{html.escape(step.label)}'>"
            f"<div class='rf-step-head'><span class='rf-step-label'>{html.escape(step.label)}"
            f"</span>{badge}</div>"
            f"<div class='rf-step-why'>{html.escape(step.explanation)}</div>"
            + (f"<dl class='rf-nums'>{''.join(numbers)}</dl>" if numbers else "")
            + "</li>"
        )
    return f"<ol class='rf-steps' data-testid='steps'>{''.join(items)}</ol>"


def shields_table(
    shields: tuple[tuple[int, Shield], ...],
    points: tuple[int, ...],
    none: str = "No energy shields in play.",
) -> str:
    """The shielding points left in each shield in play (``shield-<slot>-left``), or
    ``none``; ``shields`` with their slot numbers, ``points`` left in each."""
    rows = "".join(
        f"<tr><td>Shield {slot}</td><td>{html.escape(item.level.value)}</td>"
        f"<td class='rf-num' data-testid='shield-{slot}-left'>{left}</td>"
        f"<td class='rf-num'>{item.points}</td></tr>"
        for (slot, item), left in zip(shields, points, strict=True)
    )
    if not rows:
        return f"<p class='rf-none'>{html.escape(none)}</p>"
    return (
        "<table class='rf-table'><thead><tr><th>Shield</th><th>Precision</th>"
        "<th class='rf-num'>Points left</th><th class='rf-num'>Points before</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def portions_table(result: AttackResult) -> str:
    """Damage and drive of each portion of each weapon (``portion-<slot>-<label>-damage``)."""
    rows = []
    for portion in result.resolution.portions:
        slot = result.weapons[portion.hit]
        testid = f"portion-{slot}-{portion.label}"
        rows.append(
            f"<tr><td>weapon {slot}</td><td>{html.escape(portion.label)}</td>"
            f"<td class='rf-num' data-testid='{testid}-damage'>{portion.damage}</td>"
            f"<td class='rf-num' data-testid='{testid}-drive'>{portion.drive}</td></tr>"
        )
    return (
        "<table class='rf-table'><thead><tr><th>Weapon</th><th>Portion</th>"
        "<th class='rf-num'>Damage taken</th><th class='rf-num'>Drive</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def effects_html(resolution: Resolution) -> str:
    """Degrees due to energy, the side effects (``data-kind``) and the resolver's notes."""
    parts = []
    if resolution.energy_degrees:
        text = ", ".join(f"{t.value} {d}" for t, d in resolution.energy_degrees)
        parts.append(
            f"<p class='rf-note' data-testid='energy-degrees'>Degrees of injury due to energy "
            f"damage (its damage // injury factor): {html.escape(text)}.</p>"
        )
    if resolution.side_effects:
        items = "".join(
            f"<li data-kind='{html.escape(e.kind.value)}'><b>{html.escape(e.cause.value)}</b>: "
            f"{html.escape(e.description)}</li>"
            for e in resolution.side_effects
        )
        parts.append(f"<ul class='rf-list' data-testid='side-effects'>{items}</ul>")
    else:
        parts.append("<p class='rf-none' data-testid='side-effects'>No energy side effects.</p>")
    if resolution.notes:
        items = "".join(f"<li>{html.escape(text)}</li>" for text in resolution.notes)
        parts.append(f"<p class='rf-section'>Also note</p><ul class='rf-list'>{items}</ul>")
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


class LuraskoAttackView(PageView):
    """The page: inputs in cards; the result figures, shields, portions, effects and steps."""

    model_class = LuraskoAttack
    rule_note = (
        "Source: Legends of Lur-Asko, Combat (Damage, Drive & Armor Ranges; Damage Resistances "
        "and Weaknesses; Critical Hits; Energy Damage; Combined Energy/Normal Damage; Energy "
        "Shielding). Interpretations (rules/SOURCES.md): the defense roll is roll-under and "
        "critical when it fails by 20 or more (roll - TN >= 20); on a miss, low and medium "
        "shields have already spent their points; every percentage drops fractions; both "
        "ends of an armor range are within it; resistances apply one after the other in slot "
        "order; a shield point negates one damage (a techshield two of blast); within a "
        "precision level, shields act in slot order; degrees of injury are damage // injury "
        "factor."
    )

    def sections(self) -> list[Any]:
        def select(name: str) -> Any:
            return self.field(name, widget="select")

        def slot_fields(slots: Slots, n: int, *selects: str) -> list[Any]:
            """Slot ``n``'s inputs in their order, the fields ``selects`` as drop-downs."""
            return [
                select(name) if field in selects else self.field(name)
                for field, name in slots.inputs(n).items()
            ]

        self._weapon_cards = [
            group(WEAPONS.title(n), *slot_fields(WEAPONS, n, "energy_type"), collapsed=n > 1)
            for n in WEAPONS.numbers
        ]
        # (folded groups: their notes and headings are made when first unfolded)
        resistance_parts: list[Any] = [
            Later(
                note, "Applied in this order, each dropping fractions, after armor and shielding."
            )
        ]
        for n in RESISTANCES.numbers:
            resistance_parts += [
                Later(heading, f"Resistance or weakness {n}"),
                *slot_fields(RESISTANCES, n, "against"),
            ]
        self._resistance_card = group("Resistances and weaknesses", *resistance_parts)
        shield_parts: list[Any] = [
            Later(
                note,
                "Low, then medium precision act before the defense roll and lower the drive; "
                "high precision acts after armor. Within a level, in this order.",
            )
        ]
        for n in SHIELDS.numbers:
            shield_parts += [Later(heading, SHIELDS.title(n)), *slot_fields(SHIELDS, n)]
        self._shield_card = group("Energy shields", *shield_parts)
        m = self.model
        m.param.watch(
            self._retitle,
            [*WEAPONS.every("on"), *RESISTANCES.every("against"), *SHIELDS.every("level")],
        )
        self._retitle()
        return [
            group("The attack", *self.attack_fields(), collapsed=False),
            *self._weapon_cards,
            group(
                "The target",
                *self.fields(
                    "injury_factor", "armor", "armor_low", "armor_high", "metallic", "organic"
                ),
                collapsed=False,
            ),
            self._resistance_card,
            self._shield_card,
        ]

    def attack_fields(self) -> list[Any]:
        """The content of the card "The attack" (the hits forecast has no defense roll)."""
        return [
            *(self.field(name, widget="select") for name in ("form", "origin")),
            note(
                "The defense roll is roll-under: at or under its TN the defense succeeds "
                f"and the attack misses; failed by {lurasko.CRITICAL_MARGIN} or more "
                "(TN 14, a roll of 34 or more), the hit is critical. A damage aura's hit "
                "has no defense roll."
            ),
            *(self.field(name) for name in ("defense_roll", "defense_tn")),
            self.field("critical", widget="select"),
            self.field("drive_bonus"),
        ]

    def details(self) -> list[Any]:
        self._defense = html_pane()
        self._shields = html_pane()
        self._portions = html_pane()
        self._effects = html_pane()
        self._steps = html_pane()
        return [
            heading("Defense roll", margin=(0, 10)),
            self._defense,
            heading("Shield points left"),
            self._shields,
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
            *self.roll_controls(
                "defense_die",
                "seed",
                basis=240,
                intro="Rolls the defense roll (one die of the sides set below: the chapter does "
                "not say which dice a defense roll uses) and resolves the attack with it.",
            ),
        ]

    roll_prompt = "Roll the defense with the die and seed above: the log shows every step."

    def roll_lines(self, result: AttackResult) -> tuple[str, ...]:
        return self.model.roll().log

    def roll_key(self, result: AttackResult) -> tuple[Any, ...]:
        """What a roll depends on: the attack, target and shields (not the typed roll)."""
        m = self.model
        return (m.attack(result.defense), m.target(), result.shields, m.critical, m.defense_die)

    def _retitle(self, *_events: object) -> None:
        """Card titles say what is inside when collapsed."""
        m = self.model
        used = m.weapon_slots()
        for n, card in enumerate(self._weapon_cards, start=1):
            card.title = WEAPONS.title(n) + ("" if n in used else " (not used)")
        resistances = sum(r.against != NO_RESISTANCE for r in RESISTANCES.each(m))
        shields = sum(s.level != NO_SHIELD for s in SHIELDS.each(m))
        self._resistance_card.title = f"Resistances and weaknesses ({resistances} in play)"
        self._shield_card.title = f"Energy shields ({shields} in play)"

    def figures(self, result: AttackResult) -> list[Figure]:
        r = result.resolution
        d = result.defense
        if not d.applies:
            critical = "no roll"
        elif result.missed:
            critical = "missed"
        else:
            critical = "no" if result.critical is None else "yes"
        if result.missed:
            return [
                Figure("0", "damage taken", "total-damage", "the defense roll succeeded"),
                Figure("0", "degrees of injury", "degrees"),
                Figure("none", "injury type", "injury-type"),
                Figure("no", "a damage aura may strike back", "damage-aura"),
                Figure(critical, "critical hit", "critical", f"roll {d.roll} vs TN {d.tn}"),
            ]
        aura = "yes" if r.provokes_damage_aura else "no"
        margin = f"failed by {d.margin}" if d.applies else "cannot be dodged"
        return [
            Figure(str(r.total_damage), "damage taken", "total-damage"),
            Figure(str(r.degrees), "degrees of injury", "degrees"),
            Figure(INJURY_TYPE_TEXT[r.injury_type], "injury type", "injury-type"),
            Figure(aura, "a damage aura may strike back", "damage-aura"),
            Figure(critical, "critical hit", "critical", margin),
        ]

    def note(self, result: AttackResult) -> str:
        if result.missed:
            return "The defense roll succeeded: no damage. " + self.rule_note
        injury_type = result.resolution.injury_type
        return (
            f"Injury type {INJURY_TYPE_TEXT[injury_type]}: {INJURY_TYPE_NOTE[injury_type]}. "
            + self.rule_note
        )

    def render(self, result: AttackResult) -> None:
        d = result.defense
        self._defense.object = (
            f"<p class='rf-note' data-testid='defense' data-margin='{d.margin}'>"
            f"{html.escape(_sentence(d.text(self.model.critical)))}.</p>"
        )
        self._shields.object = shields_table(result.shields, result.shield_points)
        if result.missed:
            missed = "<p class='rf-none'>The attack missed: no damage.</p>"
            self._portions.object = missed
            self._effects.object = "<p class='rf-none' data-testid='side-effects'>None.</p>"
        else:
            self._portions.object = portions_table(result)
            self._effects.object = effects_html(result.resolution)
        self._steps.object = render_steps(result.steps)
