# Over 600 lines: one page (model and view in one module, as every page): the AoE and the ZAoE
# branches each explain every step.
"""Lur-Asko AoE and ZAoE shielding: one AoE or ZAoE against the shields of each character.

Model: :class:`LuraskoAoEShielding` (inputs as scalar parameters: the AoE, a low-precision
shield over the group, and up to 4 characters in fixed slots, so every input fits a flat deep
link); every number comes from :mod:`rules.lurasko.aoe` and :func:`rules.lurasko.shield`.
View: :class:`LuraskoAoEShieldingView` (a table per character: impact, area, what the shields
absorbed and the points left; then every rule of "Shielding AoEs & ZAoEs" in order, with its
numbers, for the group and for each character).

Source: ``002_64b8e17f45694c25.txt``, "Shielding AoEs & ZAoEs".
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

import param

from rules import lurasko
from rules.lurasko import (
    AOE_MINIMUM_DAMAGE,
    DELIBERATE_AOE_AREA_PERCENT,
    DELIBERATE_AOE_IMPACT_PERCENT,
    ZAOE_LOW_SHIELD_MULTIPLIER,
    AoEKind,
    Precision,
    Step,
    ZAoEKind,
    ZAoEValue,
)
from rules.validation import check_int
from webapp.components import Figure, group, heading, html_pane, note
from webapp.pages.lurasko import LuraskoCalculator
from webapp.pages.lurasko.attack import render_steps
from webapp.pages.model import input_error, inputs_named
from webapp.pages.slots import Field, Slots
from webapp.pages.view import PageView

__all__ = [
    "CHARACTERS",
    "CHARACTER_SLOTS",
    "KIND_LABELS",
    "AreaResult",
    "CharacterResult",
    "LuraskoAoEShielding",
    "LuraskoAoEShieldingView",
]

CHARACTER_SLOTS = 4

KIND_LABELS: dict[str, str] = {
    AoEKind.DELIBERATE.value: "Deliberate AoE (50% impact, 25% area)",
    AoEKind.OVEREFFECT.value: "AoE caused by overeffect",
    ZAoEKind.CLUSTER.value: "Cluster ZAoE",
    ZAoEKind.POINT.value: "Point ZAoE",
}
"""The four kinds, by the value of their rules enum (:class:`AoEKind` or :class:`ZAoEKind`)."""

NO_SHIELD = "none"
OWN_LEVELS: dict[str, str] = {
    NO_SHIELD: "None",
    Precision.MEDIUM.value: "Medium precision",
    Precision.HIGH.value: "High precision",
}
"""A character's own shield: medium or high precision (low precision is the group's)."""
VALUE_LABELS: dict[str, str] = {
    ZAoEValue.HIGH.value: "High value (also when unclear)",
    ZAoEValue.LOW.value: "Low value",
}


def _choices(labels: dict[str, str]) -> dict[str, str]:
    return {label: value for value, label in labels.items()}


CHARACTERS = Slots(
    "c{n}_{field}",
    CHARACTER_SLOTS,
    "Character {n}",
    on=Field(
        param.Boolean, "{slot} is in the area", default=(True, True, True, False), only=(2, 3, 4)
    ),
    level=Field(
        param.Selector,
        "{slot}: shield",
        default=(Precision.MEDIUM.value, Precision.HIGH.value, NO_SHIELD, NO_SHIELD),
        options={"objects": _choices(OWN_LEVELS)},
    ),
    points=Field(param.Integer, "{slot}: shielding points", default=(30, 10, 20, 20)),
    techshield=Field(param.Boolean, "{slot}: techshield", default=False),
    evaded=Field(
        param.Boolean, "{slot}: evades direct damage with a defense roll", default=False, only=(1,)
    ),
    affected=Field(
        param.Boolean, "{slot}: affected (AoE hit chance)", default=True, only=(2, 3, 4)
    ),
    low_value=Field(param.Boolean, "{slot}: ZAoE low-damage part", default=False),
    inside=Field(param.Boolean, "{slot}: inside the low-precision shield", default=True),
)
"""Character 1, the AoE's target, and the characters around it (in play when ``on``); their
inputs ``c<n>_<field>``."""


@dataclass(frozen=True)
class CharacterResult:
    """What the AoE or ZAoE does to one character, before armor."""

    slot: int
    role: str
    impact: int
    """Impact (direct) damage taken after shielding."""
    area: int
    """Area (or ZAoE) damage taken after shielding."""
    absorbed: int
    """Damage the character's own shield absorbed."""
    points_before: int | None
    """The own shield's points before (None: no shield)."""
    points_left: int | None
    steps: tuple[Step, ...]

    @property
    def total(self) -> int:
        """Damage taken, before armor and resistances."""
        return self.impact + self.area


@dataclass(frozen=True)
class AreaResult:
    """The whole attack: the group's steps, the low-precision shield and each character."""

    kind: str
    zone: bool
    """A ZAoE (no impact damage)."""
    steps: tuple[Step, ...]
    """The group's steps: the original value and the low-precision shield."""
    characters: tuple[CharacterResult, ...]
    low_points_left: int | None
    """The group's low-precision shield's points left (None: no such shield)."""
    low_absorbed: int
    bursts: bool
    """The AoE still bursts (or the ZAoE still reaches someone)."""
    notes: tuple[str, ...] = field(default=())


def _percent(value: int, percent: int) -> int:
    return value * percent // 100


class LuraskoAoEShielding(LuraskoCalculator):
    """An AoE or ZAoE against the shields of each character in the area (source 002).

    The inputs, in this order, are the deep link's: the attack, the low-precision shield over
    the group, then characters 1-4 (character 1 is the one an AoE targets directly)."""

    # --- the attack ------------------------------------------------------------------------
    kind = param.Selector(
        objects=_choices(KIND_LABELS), default=AoEKind.DELIBERATE.value, label="The attack is"
    )
    damage = param.Integer(
        default=100, label="AoE: original energy damage (before the 50% / 25% split)"
    )
    overeffect_area = param.Integer(
        default=0,
        label="Overeffect: area damage to each character (from the overeffect rules)",
        doc="This chapter does not say how much area damage an overeffect AoE does.",
    )
    zaoe_high = param.Integer(default=30, label="ZAoE: high damage value")
    zaoe_low = param.Integer(default=10, label="ZAoE: low damage value")
    zaoe_value = param.Selector(
        objects=_choices(VALUE_LABELS),
        default=ZAoEValue.HIGH.value,
        label="Point ZAoE: value where the low-precision shield is",
    )
    blast = param.Boolean(default=False, label="Blast damage (techshields doubly effective)")
    explosive = param.Boolean(
        default=False, label="An explosive or grenade device (not low precision; no impact)"
    )
    originates_inside = param.Boolean(
        default=False, label="ZAoE from inside the low-precision shield (cluster bomb, rocket pod)"
    )

    # --- the group's low-precision shield --------------------------------------------------
    low_on = param.Boolean(default=False, label="A low-precision shield covers the group")
    low_points = param.Integer(default=70, label="Low-precision shield: points")
    low_techshield = param.Boolean(default=False, label="Low-precision shield: techshield")

    # --- characters 1-4 --------------------------------------------------------------------
    locals().update(CHARACTERS.parameters())

    # ---------------------------------------------------------------------------------------

    def slots(self) -> tuple[int, ...]:
        """The characters in the area."""
        return tuple(c.n for c in CHARACTERS.each(self) if c.n == 1 or c.on)

    def compute(self) -> AreaResult:
        # Every slot's points are checked, in play or not: a bad value shows beside its box.
        for c in CHARACTERS.each(self):
            check_int(c.names["points"], c.points, 0)
        check_int("low_points", self.low_points, 0)
        check_int("overeffect_area", self.overeffect_area, 0)
        if self.kind in {k.value for k in ZAoEKind}:
            with inputs_named({"high": "zaoe_high", "low": "zaoe_low", "value": "zaoe_value"}):
                lurasko.zaoe_shield_damage(self.kind, self.zaoe_high, self.zaoe_low)
            check_int("damage", self.damage, 0)
            return self._zaoe()
        check_int("zaoe_high", self.zaoe_high, 0)
        check_int("zaoe_low", self.zaoe_low, 0)
        return self._aoe()

    # --- an AoE ----------------------------------------------------------------------------

    def _own(self, n: int, damage: int) -> tuple[int, int | None, int]:
        """``damage`` as a separate hit through character ``n``'s own shield:
        ``(left, points left, absorbed)``."""
        c = CHARACTERS.read(self, n)
        if c.level == NO_SHIELD:
            return damage, None, 0
        doubly = self.blast and c.techshield
        left, points = lurasko.shield(damage, c.points, doubly_effective=doubly)
        return left, points, damage - left

    def _aoe(self) -> AreaResult:
        kind = AoEKind(self.kind)
        deliberate = kind is AoEKind.DELIBERATE
        minimum = AOE_MINIMUM_DAMAGE[kind]
        original = check_int("damage", self.damage, 0)
        if not lurasko.causes_aoe(original, kind):
            raise input_error("damage", f"at least {minimum} for this kind of AoE", original)
        evaded = CHARACTERS.read(self, 1).evaded
        steps = [
            Step(
                "Original value",
                "the shields of the character targeted face the AoE's original energy damage"
                + (
                    f", before the {DELIBERATE_AOE_IMPACT_PERCENT}% impact and "
                    f"{DELIBERATE_AOE_AREA_PERCENT}% area split"
                    if deliberate
                    else " (an overeffect AoE's direct damage is the damage itself)"
                ),
                (("energy damage", original),),
            )
        ]

        def direct(value: int) -> int:
            return lurasko.deliberate_aoe_damage(value)[0] if deliberate else value

        def area(value: int) -> int:
            if not lurasko.causes_aoe(value, kind):
                return 0
            return lurasko.deliberate_aoe_damage(value)[1] if deliberate else self.overeffect_area

        # 1. The low-precision shield over the group, on the whole AoE before it bursts.
        after_low, low_left, low_absorbed, over = original, None, 0, False
        if self.low_on:
            if self.explosive:
                low_left = self.low_points
                steps.append(
                    Step(
                        "Low precision shielding",
                        "an explosive or grenade device cannot be shielded by low precision",
                        (("energy damage", original), ("low shield points left", low_left)),
                    )
                )
            else:
                with inputs_named({"points": "low_points"}):
                    low = lurasko.shield_aoe(
                        original,
                        self.low_points,
                        kind=kind,
                        level="low",
                        target_evaded=evaded,
                        doubly_effective=self.blast and self.low_techshield,
                    )
                after_low, low_left = low.shielded_damage, low.points_left
                low_absorbed, over = original - after_low, low.attack_over
                if over:
                    why = (
                        "stopped: the attack is now over; it bursts too far from its target "
                        "group to cause injury"
                    )
                elif low.causes_aoe:
                    why = f"partly shielded: {after_low} is still at least {minimum}, an AoE"
                else:
                    why = f"partly shielded: {after_low} is below {minimum}, too weak to cause " + (
                        "a deliberate AoE; it is still reduced to 50% direct damage"
                        if deliberate
                        else "overeffect: a direct hit only"
                    )
                steps.append(
                    Step(
                        "Low precision shielding",
                        why,
                        (("energy damage", after_low), ("low shield points left", low_left)),
                    )
                )
        bursts = not over and lurasko.causes_aoe(after_low, kind)
        others_area = area(after_low) if bursts else 0
        steps.append(
            Step(
                "The AoE bursts" if bursts else "No AoE",
                (
                    "area damage for the other characters is based on the pre-shielding value "
                    "(a medium or high shield of the target does not lower it)"
                    + ("" if deliberate else "; overeffect area damage is the number given")
                )
                if bursts
                else "no area damage for anyone",
                (
                    ("impact damage", 0 if over else direct(after_low)),
                    ("area damage", others_area),
                ),
            )
        )
        notes = [
            f"For fire hazard and collapse, the AoE still counts its normal damage ({original})."
        ]
        if not deliberate:
            notes.append("This chapter gives no area damage for an overeffect AoE: it is an input.")
        characters = [self._target(over, after_low, minimum, direct, area)]
        for n in self.slots()[1:]:
            characters.append(self._other(n, over, bursts, others_area))
        return AreaResult(
            kind.value,
            False,
            tuple(steps),
            tuple(characters),
            low_left,
            low_absorbed,
            bursts,
            tuple(notes),
        )

    def _target(
        self, over: bool, value: int, minimum: int, direct: Any, area: Any
    ) -> CharacterResult:
        """Character 1, directly targeted, with the AoE's value after the low shield."""
        kind = AoEKind(self.kind)
        c = CHARACTERS.read(self, 1)
        level, evaded = c.level, c.evaded
        points = c.points if level != NO_SHIELD else None
        steps: list[Step] = []
        role = "directly targeted"
        if over:
            steps.append(Step("Attack over", "the low-precision shield stopped it all"))
            return CharacterResult(1, role, 0, 0, 0, points, points, tuple(steps))
        steps.append(
            Step(
                "Defense roll",
                "evades the direct damage: only area damage can reach them"
                if evaded
                else "hit directly: impact damage",
                (("energy damage", value),),
            )
        )
        doubly = self.blast and c.techshield
        names = {"points": c.names["points"]}
        if level == NO_SHIELD:
            impact, area_taken = (0, area(value)) if evaded else (direct(value), 0)
            steps.append(Step("No shield", "nothing to shield", ()))
            return self._char(1, role, impact, area_taken, 0, None, None, steps)
        if level == Precision.MEDIUM.value and self.explosive and not evaded:
            impact = direct(value)
            steps.append(
                Step(
                    "Medium precision shielding",
                    "cannot shield an explosive device's impact damage (its energy does not "
                    "exist until the device explodes)",
                    (("impact damage", impact), ("shield points left", points or 0)),
                )
            )
            return self._char(1, role, impact, 0, 0, points, points, steps)
        if level == Precision.HIGH.value and evaded:
            # High precision acts only once the character is hit: here by the area damage,
            # shielded as a separate hit.
            reaching = area(value)
            with inputs_named(names):
                left, points_left = lurasko.shield(reaching, points or 0, doubly_effective=doubly)
            steps.append(
                Step(
                    "High precision shielding",
                    "acts only once the character is hit: it shields the area damage as a "
                    "separate hit (after armor, which this page leaves to the attack resolver)",
                    (("area damage", left), ("shield points left", points_left)),
                )
            )
            return self._char(1, role, 0, left, reaching - left, points, points_left, steps)
        label = f"{level.capitalize()} precision shielding"
        if value >= minimum:
            with inputs_named(names):
                r = lurasko.shield_aoe(
                    value,
                    points or 0,
                    kind=kind,
                    level=level,
                    target_evaded=evaded,
                    doubly_effective=doubly,
                )
            left, points_left = r.shielded_damage, r.points_left
            impact = r.target_damage
            area_taken = r.target_area_damage
            if area_taken is None:  # overeffect: the area damage given, if still an AoE
                area_taken = area(left) if evaded and left else 0
        else:
            # No AoE any more (after the low shield): the shield still faces the original
            # value; what is left is reduced to the direct damage.
            with inputs_named(names):
                left, points_left = lurasko.shield(value, points or 0, doubly_effective=doubly)
            impact, area_taken = (0 if evaded else direct(left)), 0
        if left == 0:
            why = "stopped: the target is protected from both impact and area damage"
        elif evaded:
            why = (
                f"partly shielded ({left} left); evaded the direct damage: area damage on the "
                "lower post-shielding value, if still strong enough"
            )
        else:
            why = f"partly shielded ({left} left): the impact damage of what is left"
        if level == Precision.HIGH.value:
            why += " (after armor, which this page leaves to the attack resolver)"
        steps.append(
            Step(
                label,
                why,
                (
                    ("energy damage", left),
                    ("impact damage", impact),
                    ("area damage", area_taken),
                    ("shield points left", points_left),
                ),
            )
        )
        return self._char(1, role, impact, area_taken, value - left, points, points_left, steps)

    def _other(self, n: int, over: bool, bursts: bool, area_damage: int) -> CharacterResult:
        """A character around the target: area damage, shielded as a separate hit."""
        c = CHARACTERS.read(self, n)
        points = c.points if c.level != NO_SHIELD else None
        role = "in the area"
        if over or not bursts:
            why = "the attack is over" if over else "no AoE: no area damage"
            return self._char(n, role, 0, 0, 0, points, points, [Step("No area damage", why)])
        if not c.affected:
            steps = [Step("AoE hit chance", "not affected (normal AoE hit chance rules)")]
            return self._char(n, role, 0, 0, 0, points, points, steps)
        steps = [
            Step(
                "Area damage",
                "affected: a separate hit of the area damage, based on the pre-shielding value",
                (("area damage", area_damage),),
            )
        ]
        return self._shielded(n, role, 0, area_damage, steps)

    def _shielded(
        self, n: int, role: str, impact: int, reaching: int, steps: list[Step]
    ) -> CharacterResult:
        """``reaching`` damage through character ``n``'s own shield, as a separate hit."""
        c = CHARACTERS.read(self, n)
        points = c.points if c.level != NO_SHIELD else None
        with inputs_named({"points": c.names["points"]}):
            left, points_left, absorbed = self._own(n, reaching)
        if c.level != NO_SHIELD:
            doubly = self.blast and c.techshield
            steps.append(
                Step(
                    f"{c.level.capitalize()} precision shielding",
                    f"shields {reaching}, "
                    + ("all of it" if left == 0 else "partly: its points ran out")
                    + (" (doubly effective vs blast)" if doubly else ""),
                    (("damage", left), ("shield points left", points_left or 0)),
                )
            )
        return self._char(n, role, impact, left, absorbed, points, points_left, steps)

    def _char(
        self,
        n: int,
        role: str,
        impact: int,
        area: int,
        absorbed: int,
        before: int | None,
        left: int | None,
        steps: list[Step],
    ) -> CharacterResult:
        steps.append(
            Step(
                "Damage taken",
                "before armor and resistances",
                (("impact damage", impact), ("area damage", area), ("total", impact + area)),
            )
        )
        return CharacterResult(n, role, impact, area, absorbed, before, left, tuple(steps))

    # --- a ZAoE ----------------------------------------------------------------------------

    def _zaoe(self) -> AreaResult:
        kind = ZAoEKind(self.kind)
        high, low = self.zaoe_high, self.zaoe_low
        value = self.zaoe_value if kind is ZAoEKind.POINT else ZAoEValue.HIGH.value
        steps = [
            Step(
                "ZAoE",
                "no impact damage: every rule about impact damage is ignored",
                (("high damage", high), ("low damage", low)),
            )
        ]
        inside_high, inside_low, low_left, absorbed = high, low, None, 0
        if self.low_on:
            with inputs_named(
                {
                    "points": "low_points",
                    "high": "zaoe_high",
                    "low": "zaoe_low",
                    "value": "zaoe_value",
                }
            ):
                r = lurasko.shield_zaoe(
                    kind,
                    high,
                    low,
                    self.low_points,
                    value=value,
                    originates_inside=self.originates_inside,
                    doubly_effective=self.blast and self.low_techshield,
                )
            low_left = r.points_left
            times = ZAOE_LOW_SHIELD_MULTIPLIER[kind]
            if not r.effective:
                why = "not effective: the ZAoE originates inside the shield"
            else:
                inside_high, inside_low = r.high, r.low
                absorbed = r.shield_damage - r.damage_left
                share = r.fraction_left
                why = (
                    f"faces {times} x the {value} value = {r.shield_damage}; {r.damage_left} "
                    f"gets through, a share of {share}: the high and low values inside the "
                    "shield are reduced in proportion (fractions dropped); the rest of the "
                    "zone is unaffected by the shield"
                )
            steps.append(
                Step(
                    "Low precision shielding",
                    why,
                    (
                        ("shield faces", r.shield_damage),
                        ("high damage inside", inside_high),
                        ("low damage inside", inside_low),
                        ("low shield points left", r.points_left),
                    ),
                )
            )
        characters = []
        for n in self.slots():
            c = CHARACTERS.read(self, n)
            inside = self.low_on and c.inside
            part_low = c.low_value
            hi, lo = (inside_high, inside_low) if inside else (high, low)
            reaching = lo if part_low else hi
            if n > 1 and not c.affected:
                points = c.points if c.level != NO_SHIELD else None
                ch = self._char(
                    n, "in the zone", 0, 0, 0, points, points,
                    [Step("AoE hit chance", "not affected (normal AoE hit chance rules)")],
                )  # fmt: skip
                characters.append(ch)
                continue
            where = "inside the low-precision shield" if inside else "outside any low shield"
            part = "low" if part_low else "high"
            first = Step(
                "ZAoE damage",
                f"{where}, in the {part}-damage part; medium and high precision shield the "
                "damage reaching each character separately",
                (("damage", reaching),),
            )
            characters.append(self._shielded(n, "in the zone", 0, reaching, [first]))
        bursts = True  # a ZAoE always affects the rest of its zone(s)
        notes = ("For fire hazard and collapse, the ZAoE still counts its normal damage values.",)
        return AreaResult(
            kind.value, True, tuple(steps), tuple(characters), low_left, absorbed, bursts, notes
        )


# --- rendering ---------------------------------------------------------------------------


def characters_table(result: AreaResult) -> str:
    """One row per character (``char-<slot>-impact|area|absorbed|left|total``)."""
    rows = []
    for c in result.characters:
        t = f"char-{c.slot}"
        left = "-" if c.points_left is None else str(c.points_left)
        rows.append(
            f"<tr><td>{c.slot}<br><small>{html.escape(c.role)}</small></td>"
            f"<td class='rf-num' data-testid='{t}-impact'>{c.impact}</td>"
            f"<td class='rf-num' data-testid='{t}-area'>{c.area}</td>"
            f"<td class='rf-num' data-testid='{t}-absorbed'>{c.absorbed}</td>"
            f"<td class='rf-num' data-testid='{t}-left'>{left}</td>"
            f"<td class='rf-num' data-testid='{t}-total'><b>{c.total}</b></td></tr>"
        )
    return (
        "<div class='rf-table-box'><table class='rf-table'><thead><tr><th>Char.</th>"
        "<th class='rf-num'>Impact</th><th class='rf-num'>Area</th>"
        "<th class='rf-num'>Absorbed</th><th class='rf-num'>Points left</th>"
        "<th class='rf-num'>Taken</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def steps_html(result: AreaResult) -> str:
    """The group's steps, then each character's, each list with ``data-testid``."""
    parts = [
        "<p class='rf-section'>The attack and the group's low-precision shield</p>",
        render_steps(result.steps).replace("data-testid='steps'", "data-testid='steps-group'", 1),
    ]
    for c in result.characters:
        parts.append(f"<p class='rf-section'>Character {c.slot} ({html.escape(c.role)})</p>")
        parts.append(
            render_steps(c.steps).replace(
                "data-testid='steps'", f"data-testid='steps-char-{c.slot}'", 1
            )
        )
    return "".join(parts)


class LuraskoAoEShieldingView(PageView):
    """The page: the attack, the group's shield and the characters; a table and the steps."""

    model_class = LuraskoAoEShielding
    rule_note = (
        "Source: Legends of Lur-Asko, Combat, Shielding AoEs & ZAoEs (and Energy Shielding). "
        "Interpretations (rules/SOURCES.md): a shield point negates one damage (a techshield "
        "two of blast); every percentage drops fractions; a ZAoE partly shielded keeps the "
        "share that got through of its high and low values, fractions dropped; a high "
        "precision shield of a target that evaded acts on the area damage as a separate hit; "
        "armor is left to the attack resolver (high precision acts after it)."
    )

    def sections(self) -> list[Any]:
        chars = []
        for n in CHARACTERS.numbers:
            title = CHARACTERS.title(n) + (" (targeted directly by an AoE)" if n == 1 else "")
            inputs = self.fields(*CHARACTERS.inputs(n).values())
            chars.append(group(title, *inputs, collapsed=n > 2))
        return [
            group(
                "The attack",
                self.field("kind", widget="select"),
                *self.fields("damage", "overeffect_area"),
                note(
                    "This chapter gives no area damage for an overeffect AoE: type the "
                    "overeffect rules' number."
                ),
                *self.fields("zaoe_high", "zaoe_low"),
                self.field("zaoe_value", widget="select"),
                *self.fields("blast", "explosive", "originates_inside"),
                collapsed=False,
            ),
            group(
                "Low-precision shield over the group",
                note(
                    "It acts first, on the whole AoE before it bursts (or on the ZAoE where "
                    "it stands)."
                ),
                *self.fields("low_on", "low_points", "low_techshield"),
                collapsed=False,
            ),
            *chars,
        ]

    def details(self) -> list[Any]:
        self._table = html_pane()
        self._notes = html_pane()
        self._steps = html_pane()
        return [
            heading("Each character", margin=(0, 10)),
            note("Damage before armor and resistances (the attack resolver takes it from there)."),
            self._table,
            self._notes,
            heading("Every rule, in order"),
            self._steps,
        ]

    def figures(self, result: AreaResult) -> list[Figure]:
        first = result.characters[0]
        low = "-" if result.low_points_left is None else str(result.low_points_left)
        figures = [
            Figure(str(first.total), "character 1 takes", "char-1-damage", "before armor"),
            Figure(
                str(sum(c.total for c in result.characters)),
                "damage to all characters",
                "all-damage",
            ),
            Figure(low, "low shield points left", "low-left", f"absorbed {result.low_absorbed}"),
        ]
        if not result.zone:
            figures.append(Figure("yes" if result.bursts else "no", "the AoE bursts", "bursts"))
        return figures

    def render(self, result: AreaResult) -> None:
        self._table.object = characters_table(result)
        self._notes.object = (
            "<ul class='rf-list'>"
            + "".join(f"<li>{html.escape(text)}</li>" for text in result.notes)
            + "</ul>"
        )
        self._steps.object = steps_html(result)
