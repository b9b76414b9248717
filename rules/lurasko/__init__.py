"""Legends of Lur-Asko: the combat rules of the "Back in Combat" chapter, exactly.

Source: ``shared/sources/002_64b8e17f45694c25.txt``. One module per concept:

* :mod:`~rules.lurasko.armor`: damage and drive against an armor range, armor charts;
* :mod:`~rules.lurasko.energy`: energy types, energy drive, combined energy/normal damage;
* :mod:`~rules.lurasko.critical`: critical hits;
* :mod:`~rules.lurasko.resistances`: resistances and weaknesses;
* :mod:`~rules.lurasko.reduction`: voluntarily reducing damage;
* :mod:`~rules.lurasko.shielding`: energy shielding (low, medium, high precision);
* :mod:`~rules.lurasko.aoe`: shielding AoEs and ZAoEs;
* :mod:`~rules.lurasko.injury`: degrees of injury and energy side effects;
* :mod:`~rules.lurasko.pseudogravity`: pseudogravity points, flying targets, silencing;
* :mod:`~rules.lurasko.auras`: damage auras;
* :mod:`~rules.lurasko.pipeline`: :func:`resolve_attack`, every step in order;
* :mod:`~rules.lurasko.variant`: the rule set in force (:class:`Variant`, ``variant=``).

All results are exact (``int`` or :class:`~fractions.Fraction`); bad input raises
:class:`~rules.validation.InvalidInput`, a :class:`ValueError` naming the parameter, what is
allowed and the value. The interpretations made where the source is unclear are listed in
``rules/SOURCES.md``.

>>> from rules import lurasko
>>> lurasko.damage_through_armor(17, 20, (16, 28))
8
"""

from __future__ import annotations

from rules.lurasko.aoe import (
    AOE_MINIMUM_DAMAGE,
    DELIBERATE_AOE_AREA_PERCENT,
    DELIBERATE_AOE_IMPACT_PERCENT,
    ZAOE_LOW_SHIELD_MULTIPLIER,
    AoEKind,
    AoEShielding,
    ZAoEKind,
    ZAoEShielding,
    ZAoEValue,
    causes_aoe,
    deliberate_aoe_damage,
    shield_aoe,
    shield_zaoe,
    zaoe_shield_damage,
)
from rules.lurasko.armor import (
    ARMOR_CHART_MAX_ROWS,
    ARMOR_WITHIN_PERCENT,
    ArmorBand,
    ArmorChartRow,
    armor_band,
    armor_chart,
    damage_through_armor,
)
from rules.lurasko.auras import (
    AURA_EXPENDITURE_STEP,
    AURA_MAX_LISTED_STORE,
    AURA_TRIGGERS,
    AuraTrigger,
    AuraTriggerRule,
    aura_expenditures,
    aura_hits,
    expend_aura,
    provokes_damage_aura,
)
from rules.lurasko.critical import (
    CRITICAL_DRIVE_BONUS,
    CRITICAL_MARGIN,
    PRECISE_CRITICAL_DRIVE_BONUS,
    CriticalEffect,
    DefenseOdds,
    critical_drive_bonus,
    defense_failure_margin,
    defense_roll_odds,
    is_critical,
)
from rules.lurasko.energy import EnergyType, combine_drive, energy_can_dismember, energy_drive
from rules.lurasko.forecast import (
    MAX_FORECAST_ATTACKS,
    MAX_FORECAST_RESOLUTIONS,
    REACHED_THRESHOLDS,
    HitsForecast,
    hits_forecast,
)
from rules.lurasko.injury import (
    DEAFENED_SECONDS,
    DEAFENED_TURNS,
    ENERGY_EFFECT_RULES,
    FROST_FATIGUE_PER_DEGREE,
    EnergyEffectRule,
    InjuryTypeRule,
    SideEffect,
    SideEffectKind,
    degrees_of_injury,
    energy_side_effects,
    war_fever_hindrance,
)
from rules.lurasko.pipeline import (
    MAX_HITS,
    MAX_SHIELDS,
    Attack,
    PortionResult,
    Resolution,
    Step,
    Target,
    WeaponHit,
    resolve_attack,
)
from rules.lurasko.pseudogravity import (
    FLYING_WEIGHT_PERCENT_PER_SPD,
    MINIMUM_SILENCING,
    OTHER_SILENCING_SHARE,
    SilencingPlace,
    can_affect,
    combined_silencing,
    effective_points,
    effective_weight,
    flying_weight_increase_percent,
    points_needed,
    silencing_applies,
)
from rules.lurasko.reduction import (
    MELEE_REDUCTION_HINDRANCE,
    RANGED_REDUCTION_HINDRANCE,
    RANGED_REDUCTION_PERCENT,
    MeleeReduction,
    chosen_str,
    reduced_melee_damage,
    reduced_ranged_attack,
)
from rules.lurasko.resistances import (
    MAX_RESISTANCES,
    Resistance,
    combined_percent,
    scale_damage,
)
from rules.lurasko.shielding import (
    SHIELDING_ORDER,
    SHIELDS_BEFORE_DEFENSE_ROLL,
    AttackForm,
    AttackOrigin,
    Precision,
    Shield,
    ShieldEligibility,
    can_shield,
    order_shields,
    shield,
    shield_eligibility,
)
from rules.lurasko.variant import (
    AS_WRITTEN,
    DEFAULT_VARIANT,
    PRESETS,
    InjuryCrossing,
    Variant,
    WarFeverPairs,
    find_preset,
    preset_name,
    variant_fields,
)

__all__ = [
    "AOE_MINIMUM_DAMAGE",
    "ARMOR_CHART_MAX_ROWS",
    "ARMOR_WITHIN_PERCENT",
    "AS_WRITTEN",
    "AURA_EXPENDITURE_STEP",
    "AURA_MAX_LISTED_STORE",
    "AURA_TRIGGERS",
    "CRITICAL_DRIVE_BONUS",
    "CRITICAL_MARGIN",
    "DEAFENED_SECONDS",
    "DEAFENED_TURNS",
    "DEFAULT_VARIANT",
    "DELIBERATE_AOE_AREA_PERCENT",
    "DELIBERATE_AOE_IMPACT_PERCENT",
    "ENERGY_EFFECT_RULES",
    "FLYING_WEIGHT_PERCENT_PER_SPD",
    "FROST_FATIGUE_PER_DEGREE",
    "MAX_FORECAST_ATTACKS",
    "MAX_FORECAST_RESOLUTIONS",
    "MAX_HITS",
    "MAX_RESISTANCES",
    "MAX_SHIELDS",
    "MELEE_REDUCTION_HINDRANCE",
    "MINIMUM_SILENCING",
    "OTHER_SILENCING_SHARE",
    "PRECISE_CRITICAL_DRIVE_BONUS",
    "PRESETS",
    "RANGED_REDUCTION_HINDRANCE",
    "RANGED_REDUCTION_PERCENT",
    "REACHED_THRESHOLDS",
    "SHIELDING_ORDER",
    "SHIELDS_BEFORE_DEFENSE_ROLL",
    "ZAOE_LOW_SHIELD_MULTIPLIER",
    "AoEKind",
    "AoEShielding",
    "ArmorBand",
    "ArmorChartRow",
    "Attack",
    "AttackForm",
    "AttackOrigin",
    "AuraTrigger",
    "AuraTriggerRule",
    "CriticalEffect",
    "DefenseOdds",
    "EnergyEffectRule",
    "EnergyType",
    "HitsForecast",
    "InjuryCrossing",
    "InjuryTypeRule",
    "MeleeReduction",
    "PortionResult",
    "Precision",
    "Resistance",
    "Resolution",
    "Shield",
    "ShieldEligibility",
    "SideEffect",
    "SideEffectKind",
    "SilencingPlace",
    "Step",
    "Target",
    "Variant",
    "WarFeverPairs",
    "WeaponHit",
    "ZAoEKind",
    "ZAoEShielding",
    "ZAoEValue",
    "armor_band",
    "armor_chart",
    "aura_expenditures",
    "aura_hits",
    "can_affect",
    "can_shield",
    "causes_aoe",
    "chosen_str",
    "combine_drive",
    "combined_percent",
    "combined_silencing",
    "critical_drive_bonus",
    "damage_through_armor",
    "defense_failure_margin",
    "defense_roll_odds",
    "degrees_of_injury",
    "deliberate_aoe_damage",
    "effective_points",
    "effective_weight",
    "energy_can_dismember",
    "energy_drive",
    "energy_side_effects",
    "expend_aura",
    "find_preset",
    "flying_weight_increase_percent",
    "hits_forecast",
    "is_critical",
    "order_shields",
    "points_needed",
    "preset_name",
    "provokes_damage_aura",
    "reduced_melee_damage",
    "reduced_ranged_attack",
    "resolve_attack",
    "scale_damage",
    "shield",
    "shield_aoe",
    "shield_eligibility",
    "shield_zaoe",
    "silencing_applies",
    "variant_fields",
    "war_fever_hindrance",
    "zaoe_shield_damage",
]
