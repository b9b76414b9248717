"""Master of Orion II 1.50: beam combat rules, exact.

Source: ``shared/sources/000_3948ba1900819cb7.txt`` ("Notes on Beam Weapon Mechanics"). Every
public name cites the section it encodes; the interpretations made where the source is unclear
or contradicts itself are listed in ``rules/SOURCES.md`` (section "Master of Orion II").

Modules: :mod:`~rules.moo2.mounts` (mounts, Beam Attack mods), :mod:`~rules.moo2.ranges`
(squares, range units, range penalty, dissipation), :mod:`~rules.moo2.accuracy` (chance to
hit), :mod:`~rules.moo2.damage` (damage potential, damage of a shot, its distribution),
:mod:`~rules.moo2.defense` (Beam Defense of ships, missiles, fighters), :mod:`~rules.moo2.arcs`
(targeting arcs), :mod:`~rules.moo2.shields`, :mod:`~rules.moo2.weapons` (the catalog) and
:mod:`~rules.moo2.charts` (per-square tables).

>>> from rules import moo2
>>> moo2.range_penalty(23), moo2.hit_probability(10, 0, 11)
(85, Fraction(41, 100))
>>> moo2.shot_damage(50, 100, 10, 0, 11, 85)
65
"""

from __future__ import annotations

from rules.moo2.accuracy import (
    BASE_HIT_THRESHOLD,
    D100,
    HIT_THRESHOLD_CAP,
    LUCKY_ROLL,
    SURE_HIT_ATTACK,
    Formula,
    HitRule,
    hit_probability,
    hit_rule,
    hit_threshold,
)
from rules.moo2.arcs import (
    ARC_QUADRANTS,
    FULL_TURN,
    Arc,
    Quadrant,
    in_arc,
    quadrant,
)
from rules.moo2.charts import (
    RangeRow,
    range_table,
)
from rules.moo2.damage import (
    BASE_DAMAGE_PERCENT,
    MINIMUM_DAMAGE_POTENTIAL,
    PLANET_DAMAGE_DIVISOR,
    Platform,
    damage_distribution,
    damage_from_accuracy,
    damage_percentage,
    damage_potential,
    mean_damage,
    shot_damage,
)
from rules.moo2.defense import (
    BEAM_DEFENSE_PER_SPEED,
    DRIVES,
    FIGHTER_BASE_SPEED,
    FTL_SPEED_STEP,
    MISSILE_BASE_SPEED,
    MISSILE_BONUS,
    MISSILE_FAST_BONUS,
    TRANS_DIMENSIONAL_BONUS,
    Drive,
    Fighter,
    Missile,
    beam_defense,
    fighter_beam_defense,
    fighter_speed,
    missile_beam_defense,
    missile_speed,
)
from rules.moo2.mounts import (
    BEAM_MOD_ATTACK_BONUS,
    MOUNT_BEAM_ATTACK_BONUS,
    MOUNT_DAMAGE_BONUS,
    BeamMod,
    Mount,
    modified_beam_attack,
)
from rules.moo2.ranges import (
    RANGE_BANDS,
    SQUARES_PER_RANGE_UNIT,
    RangeBand,
    RangeUnits,
    check_squares,
    dissipation_penalty,
    max_squares,
    range_penalty,
    range_units,
)
from rules.moo2.shields import (
    SHIELD_REDUCTION,
    ShieldClass,
    shield_reduction,
)
from rules.moo2.weapons import (
    ALWAYS_HIT_WEAPONS,
    INHERENT_DOUBLE_PENALTY_WEAPONS,
    NOT_REDUCED_BY_RANGE_WEAPONS,
    WEAPON_ALIASES,
    WEAPONS,
    AlwaysHit,
    Edition,
    Weapon,
    always_hits,
    find_weapon,
    has_inherent_double_penalty,
)

__all__ = [
    "ALWAYS_HIT_WEAPONS",
    "ARC_QUADRANTS",
    "BASE_DAMAGE_PERCENT",
    "BASE_HIT_THRESHOLD",
    "BEAM_DEFENSE_PER_SPEED",
    "BEAM_MOD_ATTACK_BONUS",
    "D100",
    "DRIVES",
    "FIGHTER_BASE_SPEED",
    "FTL_SPEED_STEP",
    "FULL_TURN",
    "HIT_THRESHOLD_CAP",
    "INHERENT_DOUBLE_PENALTY_WEAPONS",
    "LUCKY_ROLL",
    "MINIMUM_DAMAGE_POTENTIAL",
    "MISSILE_BASE_SPEED",
    "MISSILE_BONUS",
    "MISSILE_FAST_BONUS",
    "MOUNT_BEAM_ATTACK_BONUS",
    "MOUNT_DAMAGE_BONUS",
    "NOT_REDUCED_BY_RANGE_WEAPONS",
    "PLANET_DAMAGE_DIVISOR",
    "RANGE_BANDS",
    "SHIELD_REDUCTION",
    "SQUARES_PER_RANGE_UNIT",
    "SURE_HIT_ATTACK",
    "TRANS_DIMENSIONAL_BONUS",
    "WEAPONS",
    "WEAPON_ALIASES",
    "AlwaysHit",
    "Arc",
    "BeamMod",
    "Drive",
    "Edition",
    "Fighter",
    "Formula",
    "HitRule",
    "Missile",
    "Mount",
    "Platform",
    "Quadrant",
    "RangeBand",
    "RangeRow",
    "RangeUnits",
    "ShieldClass",
    "Weapon",
    "always_hits",
    "beam_defense",
    "check_squares",
    "damage_distribution",
    "damage_from_accuracy",
    "damage_percentage",
    "damage_potential",
    "dissipation_penalty",
    "fighter_beam_defense",
    "fighter_speed",
    "find_weapon",
    "has_inherent_double_penalty",
    "hit_probability",
    "hit_rule",
    "hit_threshold",
    "in_arc",
    "max_squares",
    "mean_damage",
    "missile_beam_defense",
    "missile_speed",
    "modified_beam_attack",
    "quadrant",
    "range_penalty",
    "range_table",
    "range_units",
    "shield_reduction",
    "shot_damage",
]
