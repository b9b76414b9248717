"""Beam Defense of ships, missiles and fighters.

Source: ``000_3948ba1900819cb7.txt``, sections "Beam Defense Modifiers", "Beam Defense of
Missiles" and "Beam Defense of Fighters".
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from types import MappingProxyType

from rules.moo2._checks import check_bool
from rules.moo2.variant import _AS_WRITTEN, FighterTdBonus, Variant, _check_variant
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "BEAM_DEFENSE_PER_SPEED",
    "DRIVES",
    "FIGHTER_BASE_SPEED",
    "FTL_SPEED_STEP",
    "MISSILE_BASE_SPEED",
    "MISSILE_BONUS",
    "MISSILE_FAST_BONUS",
    "TRANS_DIMENSIONAL_BONUS",
    "Drive",
    "Fighter",
    "Missile",
    "beam_defense",
    "fighter_beam_defense",
    "fighter_speed",
    "missile_beam_defense",
    "missile_speed",
]

BEAM_DEFENSE_PER_SPEED = 5
"""Beam Defense is 5x speed plus bonuses (``000_3948ba1900819cb7.txt``, "Beam Defense
Modifiers", "Beam Defense of Missiles", "Beam Defense of Fighters")."""

FTL_SPEED_STEP = 2
"""Speed gained per FTL level: the ``2 * (FTLlevel - 1)`` of both speed formulas."""

MISSILE_BASE_SPEED = 12
""""BaseSpeed is 12 ... for all missile types" (``000_3948ba1900819cb7.txt``, "Beam Defense of
Missiles")."""

MISSILE_FAST_BONUS = 4
""""FastBonus is 4 for all missile types" (``000_3948ba1900819cb7.txt``, "Beam Defense of
Missiles")."""

TRANS_DIMENSIONAL_BONUS = 4
""""TransDimensionalBonus is 4 for all fighter types" (``000_3948ba1900819cb7.txt``, "Beam
Defense of Fighters")."""


class Missile(enum.StrEnum):
    """Missile types of the MissileBonus table (``000_3948ba1900819cb7.txt``)."""

    NUCLEAR = "nuclear"
    """Nuclear missile: MissileBonus -10."""
    MERCULITE = "merculite"
    """Merculite missile: MissileBonus 15."""
    PULSON = "pulson"
    """Pulson missile: MissileBonus 40."""
    ZEON = "zeon"
    """Zeon missile: MissileBonus 70."""


class Fighter(enum.StrEnum):
    """Fighter types of the BaseSpeed table (``000_3948ba1900819cb7.txt``)."""

    INTERCEPTOR = "interceptor"
    """Interceptor: BaseSpeed 10."""
    ASSAULT_SHUTTLE = "assault_shuttle"
    """Assault Shuttle: BaseSpeed 6."""
    BOMBER = "bomber"
    """Bomber: BaseSpeed 8."""
    HEAVY_FIGHTER = "heavy_fighter"
    """Heavy Fighter: BaseSpeed 8."""


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class Drive:
    """One row of the drive table: the drive, its FTL level and the missile Speed printed."""

    name: str
    ftl_level: int
    missile_speed: int


DRIVES: tuple[Drive, ...] = (
    Drive("None", 0, 10),
    Drive("Nuclear", 1, 12),
    Drive("Fusion", 2, 14),
    Drive("Ion", 3, 16),
    Drive("Anti-Matter", 4, 18),
    Drive("Hyper", 5, 20),
    Drive("Interphased", 6, 22),
)
"""The Drive | FTL level | Speed columns of the table in "Beam Defense of Missiles"
(``000_3948ba1900819cb7.txt``). The flattened table interleaves them with the Missile |
MissileBonus columns (:data:`MISSILE_BONUS`); Speed is the missile speed without FastBonus,
``12 + 2 * (FTL level - 1)``."""

MISSILE_BONUS: Mapping[Missile, int] = MappingProxyType(
    {Missile.NUCLEAR: -10, Missile.MERCULITE: 15, Missile.PULSON: 40, Missile.ZEON: 70}
)
"""The Missile | MissileBonus columns of the table in "Beam Defense of Missiles"
(``000_3948ba1900819cb7.txt``)."""

FIGHTER_BASE_SPEED: Mapping[Fighter, int] = MappingProxyType(
    {
        Fighter.INTERCEPTOR: 10,
        Fighter.ASSAULT_SHUTTLE: 6,
        Fighter.BOMBER: 8,
        Fighter.HEAVY_FIGHTER: 8,
    }
)
"""The Fighter | BaseSpeed table of "Beam Defense of Fighters" (``000_3948ba1900819cb7.txt``)."""

_MAX_FTL_LEVEL = max(drive.ftl_level for drive in DRIVES)


def _check_ftl(ftl_level: object) -> int:
    return check_int("ftl_level", ftl_level, 0, _MAX_FTL_LEVEL)


def beam_defense(speed: int, bonus: int = 0) -> int:
    """Beam Defense from a combat speed: ``5 * speed + bonus``.

    Rule: ``000_3948ba1900819cb7.txt``, "Beam Defense Modifiers": "calculated basis 5x its combat
    speed plus bonuses from ship systems like inertial stabilizer, crew experience, leaders and
    race" (the bonuses are an input: the source gives no figures for them).

    Raises:
        ValueError: if ``speed`` is not an integer >= 0 or ``bonus`` is not an integer.

    >>> beam_defense(8, 25)
    65
    """
    return BEAM_DEFENSE_PER_SPEED * check_int("speed", speed, 0) + check_int("bonus", bonus)


def missile_speed(ftl_level: int, *, fast: bool = False) -> int:
    """A missile's speed: ``BaseSpeed + 2 * (FTLlevel - 1) + FastBonus``.

    Rule: ``000_3948ba1900819cb7.txt``, "Beam Defense of Missiles" (BaseSpeed 12, FastBonus 4 for
    all missile types; FTL level 0-6 as in the drive table).

    Raises:
        ValueError: if ``ftl_level`` is not an integer in 0..6 or ``fast`` is not a bool.

    >>> missile_speed(0), missile_speed(6), missile_speed(1, fast=True)
    (10, 22, 16)
    """
    level = _check_ftl(ftl_level)
    bonus = MISSILE_FAST_BONUS if check_bool("fast", fast) else 0
    return MISSILE_BASE_SPEED + FTL_SPEED_STEP * (level - 1) + bonus


def missile_beam_defense(missile: Missile | str, ftl_level: int, *, fast: bool = False) -> int:
    """A missile's Beam Defense: ``5 * Speed + MissileBonus``.

    Rule: ``000_3948ba1900819cb7.txt``, "Beam Defense of Missiles"; Speed from
    :func:`missile_speed`.

    Raises:
        ValueError: for an unknown missile, ``ftl_level`` outside 0..6, or a non-bool ``fast``.

    >>> missile_beam_defense("nuclear", 1), missile_beam_defense("zeon", 6, fast=True)
    (50, 200)
    """
    bonus = MISSILE_BONUS[check_choice("missile", missile, Missile)]
    return BEAM_DEFENSE_PER_SPEED * missile_speed(ftl_level, fast=fast) + bonus


def fighter_speed(
    fighter: Fighter | str,
    ftl_level: int,
    *,
    trans_dimensional: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> int:
    """A fighter's speed: ``BaseSpeed + 2 * (FTLlevel - 1) + TDBonus``.

    Rule: ``000_3948ba1900819cb7.txt``, "Beam Defense of Fighters" (TransDimensionalBonus 4 for
    all fighter types).

    Interpretation: TDBonus is the bonus of a Trans-Dimensional race's fighters
    (``trans_dimensional``); a ``variant`` whose ``fighter_td_bonus`` is 'always' adds it to
    every fighter (the formula adds TDBonus with no condition).

    Raises:
        ValueError: for an unknown fighter, ``ftl_level`` outside 0..6, a non-bool
            ``trans_dimensional``, or a ``variant`` that is not a :class:`~rules.moo2.Variant`.

    >>> fighter_speed("interceptor", 1), fighter_speed("assault_shuttle", 0)
    (10, 4)
    """
    base = FIGHTER_BASE_SPEED[check_choice("fighter", fighter, Fighter)]
    level = _check_ftl(ftl_level)
    transdimensional = check_bool("trans_dimensional", trans_dimensional)
    always = _check_variant(variant).fighter_td_bonus is FighterTdBonus.ALWAYS
    bonus = TRANS_DIMENSIONAL_BONUS if transdimensional or always else 0
    return base + FTL_SPEED_STEP * (level - 1) + bonus


def fighter_beam_defense(
    fighter: Fighter | str,
    ftl_level: int,
    *,
    trans_dimensional: bool = False,
    racial_bonus: int = 0,
    pilot_bonus: int = 0,
    helmsman_bonus: int = 0,
    variant: Variant = _AS_WRITTEN,
) -> int:
    """A fighter's Beam Defense: ``5 * Speed`` plus racial, pilot and helmsman bonuses.

    Rule: ``000_3948ba1900819cb7.txt``, "Beam Defense of Fighters": ``5 * Speed +
    RacialShipDefenseBonus + FighterPilotBonus + HelmsmanBonus``; the HelmsmanBonus counts "in
    1.50 only": a ``variant`` whose ``helmsman_bonus`` is False (the classic game) refuses a
    ``helmsman_bonus`` other than 0). The three bonuses are inputs with no figures in the source;
    any integer is accepted, since racial picks can be negative. ``variant`` as in
    :func:`fighter_speed` too.

    Raises:
        ValueError: for an unknown fighter, ``ftl_level`` outside 0..6, a non-bool
            ``trans_dimensional``, a non-integer bonus, a ``helmsman_bonus`` other than 0 under
            a variant without it, or a ``variant`` that is not a :class:`~rules.moo2.Variant`.

    >>> fighter_beam_defense("interceptor", 1), fighter_beam_defense("bomber", 3,
    ...     trans_dimensional=True, racial_bonus=25, pilot_bonus=10, helmsman_bonus=5)
    (50, 120)
    """
    rules = _check_variant(variant)
    speed = fighter_speed(fighter, ftl_level, trans_dimensional=trans_dimensional, variant=rules)
    helmsman = check_int("helmsman_bonus", helmsman_bonus)
    if helmsman and not rules.helmsman_bonus:
        allowed = "0 (no HelmsmanBonus before 1.50: the variant's helmsman_bonus is False)"
        raise InvalidInput("helmsman_bonus", allowed, helmsman_bonus)
    bonuses = check_int("racial_bonus", racial_bonus) + check_int("pilot_bonus", pilot_bonus)
    bonuses += helmsman
    return BEAM_DEFENSE_PER_SPEED * speed + bonuses
