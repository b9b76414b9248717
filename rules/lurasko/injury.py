"""Degrees of injury, and the side effects of each energy damage type.

Source: ``002_64b8e17f45694c25.txt``, "Damage, Drive, & Armor Ranges" (injury factor and
injury type), "Energy Damage" (side effects), "Combined Energy/Normal Damage" (degrees due to
the energy portion), "Energy Shielding" (high precision prevents deafening and ignition) and
"Damage Auras" (Core Injuries).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from rules.lurasko._checks import check_bool
from rules.lurasko.energy import EnergyType
from rules.lurasko.variant import _AS_WRITTEN, Variant, _check_variant, _degrees, _war_fever
from rules.validation import check_choice, check_int, check_mapping, describe, output_record

__all__ = [
    "DEAFENED_SECONDS",
    "DEAFENED_TURNS",
    "ENERGY_EFFECT_RULES",
    "FROST_FATIGUE_PER_DEGREE",
    "EnergyEffectRule",
    "InjuryTypeRule",
    "SideEffect",
    "SideEffectKind",
    "degrees_of_injury",
    "energy_side_effects",
    "war_fever_hindrance",
]

FROST_FATIGUE_PER_DEGREE = 25
"""Fatigue per degree of injury inflicted by frost damage.

Source: 002, "Energy Damage", Frost: "For every degree of injury inflicted by frost damage, the
victim also receives 25 fatigue."
"""

DEAFENED_SECONDS = 30
"""How long a blast hit deafens (002, "Energy Damage", Blast: "deafened for 30 seconds")."""

DEAFENED_TURNS = 6
"""The same duration in turns (002, "Energy Damage", Blast: "(6 turns)")."""


class InjuryTypeRule(enum.StrEnum):
    """How the type of the injuries of a hit is decided."""

    ROLLED = "rolled"
    """The GM rolls on the melee or ranged injury type table; every degree is of that type."""
    CHOSEN = "chosen by the attacker"
    """A critical hit whose attacker chose the injury type (usually Perception Injury)."""
    CORE = "core"
    """A damage aura's hit: "Any injuries inflicted are Core Injuries"."""


class SideEffectKind(enum.StrEnum):
    """The extra effects of energy damage (002, "Energy Damage")."""

    WAR_FEVER_ROLL = "war fever roll"
    """Particle: roll to avoid Alacrian war fever at the end of the combat (see Disease)."""
    STUNNED = "stunned"
    """Electric or blast: stunned until the end of the attacker's next turn."""
    IGNITED = "ignited"
    """Heat: the victim receives the ignited status."""
    FATIGUE = "fatigue"
    """Frost: 25 fatigue per degree of injury."""
    DEAFENED = "deafened"
    """Blast: deafened for 30 seconds (6 turns)."""
    KNOCKED_DOWN = "knocked down"
    """Blast: the target suffers a knockdown."""


@output_record
@dataclass(frozen=True, slots=True)
class EnergyEffectRule:
    """One side effect of one energy type, and when it happens."""

    energy_type: EnergyType
    """The damage type that causes it."""
    effect: SideEffectKind
    """The effect."""
    minimum_degrees: int
    """Degrees of injury of that type needed; 0 means any hit of that type."""
    organic_only: bool
    """Non-organic characters are immune."""
    prevented_by_high_precision: bool
    """A character with access to high-precision shielding cannot suffer it."""


ENERGY_EFFECT_RULES: tuple[EnergyEffectRule, ...] = (
    EnergyEffectRule(EnergyType.PARTICLE, SideEffectKind.WAR_FEVER_ROLL, 1, False, False),
    EnergyEffectRule(EnergyType.ELECTRIC, SideEffectKind.STUNNED, 2, False, False),
    EnergyEffectRule(EnergyType.HEAT, SideEffectKind.IGNITED, 1, False, True),
    EnergyEffectRule(EnergyType.FROST, SideEffectKind.FATIGUE, 1, False, False),
    EnergyEffectRule(EnergyType.BLAST, SideEffectKind.DEAFENED, 0, True, True),
    EnergyEffectRule(EnergyType.BLAST, SideEffectKind.KNOCKED_DOWN, 1, False, False),
    EnergyEffectRule(EnergyType.BLAST, SideEffectKind.STUNNED, 2, True, False),
)
"""The side effects of energy damage, in the source's order.

Source: 002, "Energy Damage": Particle "any degree of injury ... roll to avoid contracting
Alacrian war fever"; Electric "at least 2 degrees ... stunned until the end of the attacker's
next turn"; Heat "at least 1 degree ... ignited"; Frost "For every degree ... 25 fatigue";
Blast "If any blast attack hits a character, they are deafened for 30 seconds (6 turns). If at
least 1 degree ... knockdown. If at least 2 degrees ... stunned ... Non-organic characters are
immune to the deafening and stunning effects." "Energy Shielding", High precision: "A character
with access to this form of shielding cannot be deafened by blast damage or ignited".

Interpretation: the non-organic immunity is written under Blast and covers blast's deafening
and stunning only; electric stun still affects non-organic characters.
"""


@output_record
@dataclass(frozen=True, slots=True)
class SideEffect:
    """One side effect suffered from an attack's energy damage."""

    kind: SideEffectKind
    """The effect."""
    cause: EnergyType
    """The energy type that caused it."""
    degrees: int
    """Degrees of injury of that type (0 for deafening from a hit that did no injury)."""
    amount: int
    """Fatigue points (frost), Hindrance to the war fever CON roll (particle), seconds
    (deafened); 0 for the others."""
    description: str
    """The effect in the source's words, with its numbers."""


def degrees_of_injury(damage: int, injury_factor: int, *, variant: Variant = _AS_WRITTEN) -> int:
    """How many degrees of injury ``damage`` inflicts: the multiples of the injury factor reached.

    Rule: 002, "Damage, Drive, & Armor Ranges": "If your damage crosses any multiples of your
    injury factor, all degrees of injury will be of that type"; "Combined Energy/Normal
    Damage": "divide the energy damage by injury factor to determine how many degrees of injury
    were due to the energy portion".

    Interpretation: degrees = damage // injury_factor (reaching a multiple counts as crossing
    it, and the remainder is dropped, as the source's "divide" implies). The damage is that of
    one attack; the chapter does not carry damage over between attacks. Switchable: a
    ``variant`` (:class:`~rules.lurasko.Variant`) whose ``injury_crossing`` is 'exceed' counts
    only the multiples the damage goes past: (damage - 1) // injury_factor.

    Raises:
        ValueError: ``damage`` is not an integer >= 0, ``injury_factor`` not an integer >= 1,
            or ``variant`` not a :class:`~rules.lurasko.Variant`.

    >>> degrees_of_injury(25, 10), degrees_of_injury(30, 10), degrees_of_injury(9, 10)
    (2, 3, 0)
    """
    damage = check_int("damage", damage, 0)
    injury_factor = check_int("injury_factor", injury_factor, 1)
    return _degrees(damage, injury_factor, _check_variant(variant))


def war_fever_hindrance(degrees: int, *, variant: Variant = _AS_WRITTEN) -> int:
    """Hindrance to the CON roll against Alacrian war fever after particle injuries.

    Rule: 002, "Energy Damage", Particle: "If they suffered multiple degrees of injury from
    particle damage, they must add 1 Hindrance for every 2 degrees beyond 1".

    Interpretation: whole pairs only: (degrees - 1) // 2, so 2 degrees add none, 3 add 1.
    With 0 degrees there is no roll at all (and 0 is returned). Switchable: a ``variant`` whose
    ``war_fever_pairs`` is 'started' counts every pair begun, ceil((degrees - 1) / 2).

    Raises:
        ValueError: ``degrees`` is not an integer >= 0, or ``variant`` not a
            :class:`~rules.lurasko.Variant`.

    >>> [war_fever_hindrance(d) for d in range(7)]
    [0, 0, 0, 1, 1, 2, 2]
    """
    degrees = check_int("degrees", degrees, 0)
    return _war_fever(degrees, _check_variant(variant))


def _describe(rule: EnergyEffectRule, degrees: int, variant: Variant) -> tuple[int, str]:
    effect = rule.effect
    if effect is SideEffectKind.WAR_FEVER_ROLL:
        hindrance = _war_fever(degrees, variant)
        return hindrance, (
            f"roll to avoid Alacrian war fever at the end of the combat, "
            f"{hindrance} Hindrance to the CON roll"
        )
    if effect is SideEffectKind.FATIGUE:
        fatigue = FROST_FATIGUE_PER_DEGREE * degrees
        return fatigue, f"{fatigue} fatigue ({FROST_FATIGUE_PER_DEGREE} per degree)"
    if effect is SideEffectKind.DEAFENED:
        return DEAFENED_SECONDS, f"deafened for {DEAFENED_SECONDS} seconds ({DEAFENED_TURNS} turns)"
    if effect is SideEffectKind.STUNNED:
        return 0, "stunned until the end of the attacker's next turn"
    if effect is SideEffectKind.IGNITED:
        return 0, "receives the ignited status"
    return 0, "suffers a knockdown"


def energy_side_effects(
    energy_damage: Mapping[EnergyType | str, int],
    injury_factor: int,
    *,
    blast_hit: bool = False,
    organic: bool = True,
    high_precision_shielding: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> tuple[SideEffect, ...]:
    """The side effects of the energy damage one attack inflicted, in the source's order.

    Rule: 002, "Energy Damage" (:data:`ENERGY_EFFECT_RULES`): "Consider the amount of energy
    damage taken during the entire attack (even if multiple weapons or shots were involved)":
    ``energy_damage`` maps each energy type to the damage of that type taken over the whole
    attack (after armor, shields and resistances), and the degrees due to a type are that
    damage // ``injury_factor``. Deafening needs only a hit: ``blast_hit`` says a blast attack
    hit even if it did no damage (blast damage above 0 implies it). ``organic=False`` makes the
    character immune to blast's deafening and stunning; ``high_precision_shielding`` (access to
    it) prevents deafening and ignition. ``variant`` (:class:`~rules.lurasko.Variant`): its
    ``injury_crossing`` decides the degrees of each type, its ``war_fever_pairs`` the
    Hindrance.

    Raises:
        ValueError: ``energy_damage`` is not a mapping of energy types to integers >= 0,
            ``injury_factor`` is not an integer >= 1, a flag is not a bool, or ``variant`` is
            not a :class:`~rules.lurasko.Variant`.

    >>> effects = energy_side_effects({"frost": 45, "heat": 12}, 10)
    >>> [(e.kind.value, e.amount) for e in effects]
    [('ignited', 0), ('fatigue', 100)]
    >>> [e.kind.value for e in energy_side_effects({"blast": 25}, 10)]
    ['deafened', 'knocked down', 'stunned']
    >>> [e.kind.value for e in energy_side_effects({"blast": 25}, 10, organic=False)]
    ['knocked down']
    """
    pairs = check_mapping("energy_damage", energy_damage, "energy type to damage")
    injury_factor = check_int("injury_factor", injury_factor, 1)
    blast_hit = check_bool("blast_hit", blast_hit)
    organic = check_bool("organic", organic)
    high_precision_shielding = check_bool("high_precision_shielding", high_precision_shielding)
    rules = _check_variant(variant)
    totals: dict[EnergyType, int] = dict.fromkeys(EnergyType, 0)
    for key, amount in pairs:
        energy_type = check_choice("energy_damage key", key, EnergyType)
        totals[energy_type] += check_int(f"energy_damage[{describe(key, 40)}]", amount, 0)
    return _side_effects(totals, injury_factor, blast_hit, organic, high_precision_shielding, rules)


def _side_effects(
    totals: Mapping[EnergyType, int],
    injury_factor: int,
    blast_hit: bool,
    organic: bool,
    high_precision_shielding: bool,
    variant: Variant,
) -> tuple[SideEffect, ...]:
    """:func:`energy_side_effects` of checked values (totals of any size: inside an attack)."""
    totals = {energy_type: totals.get(energy_type, 0) for energy_type in EnergyType}
    hit = {energy_type: totals[energy_type] > 0 for energy_type in EnergyType}
    hit[EnergyType.BLAST] = hit[EnergyType.BLAST] or blast_hit

    effects: list[SideEffect] = []
    for rule in ENERGY_EFFECT_RULES:
        degrees = _degrees(totals[rule.energy_type], injury_factor, variant)
        if not hit[rule.energy_type] or degrees < rule.minimum_degrees:
            continue
        if (rule.organic_only and not organic) or (
            rule.prevented_by_high_precision and high_precision_shielding
        ):
            continue
        amount, description = _describe(rule, degrees, variant)
        effects.append(SideEffect(rule.effect, rule.energy_type, degrees, amount, description))
    return tuple(effects)
