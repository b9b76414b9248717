"""Weave: the weaving number, the driver's check and the pursuers' at the same penalty.

Source: ``003_c7092257a5e3046d.txt``, "Vehicular Actions", "Weave".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_rng, number_text
from rules.cepheus.checks import (
    TARGET_NUMBER,
    CheckRoll,
    _effect_distribution,
    _natural_note,
    _roll_check,
)
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.validation import (
    InvalidInput,
    check_int,
    check_number,
    output_record,
)

__all__ = [
    "WEAVE_KPH_PER_POINT",
    "WeaveOdds",
    "WeaveRoll",
    "max_weave",
    "roll_weave",
    "weave_odds",
]

WEAVE_KPH_PER_POINT: Final = 20
"""The weaving number goes up to "one per 20 km/h of speed (round up)" ("Weave")."""


def max_weave(speed_kph: int | float | Fraction) -> int:
    """The highest weaving number at ``speed_kph``: one per 20 km/h, rounded up.

    Rule: ``003_c7092257a5e3046d.txt``, "Weave" ("The driver chooses a weaving number, as low
    as one or as high as one per 20 km/h of speed (round up)"). At speed 0 it is 0: a vehicle
    at rest cannot weave (the lowest weaving number is 1).

    Raises:
        ValueError: ``speed_kph`` is not a finite number >= 0.

    >>> max_weave(1), max_weave(20), max_weave(21), max_weave(100), max_weave(0)
    (1, 1, 2, 5, 0)
    """
    speed = check_number("speed_kph", speed_kph, 0)
    return -(-speed.numerator // (WEAVE_KPH_PER_POINT * speed.denominator))


@output_record
@dataclass(frozen=True, slots=True)
class WeaveOdds:
    """The exact result of :func:`weave_odds`."""

    weave: int
    """The weaving number chosen: the penalty on both checks."""
    max_weave: int
    """The highest weaving number at this speed."""
    driver_success: Fraction
    """The chance the driver weaves through."""
    driver_crash: Fraction
    """The chance the driver weaves into an obstacle and crashes."""
    pursuer_success_if_following: Fraction
    """The chance a pursuer who follows weaves through (his check alone)."""
    pursuer_crash: Fraction
    """The chance a pursuer who follows crashes: the driver succeeds, then he fails."""
    pursuit_holds: Fraction
    """The chance both weave through: the pursuit goes on."""


def weave_odds(
    speed_kph: int | float | Fraction,
    weave: int,
    *,
    driver_dm: int,
    pursuer_dm: int = 0,
    variant: Variant = DEFAULT_VARIANT,
) -> WeaveOdds:
    """The exact chances that the weaving driver crashes, that a pursuer crashes, or it holds.

    Rule: ``003_c7092257a5e3046d.txt``, "Weave": the driver "must then make a skill check (skill
    determined by vehicle) with the weaving number as a penalty on his roll. If he fails, he has
    woven into an obstacle and crashed. If he succeeds, any pursuers must choose a weave action
    on their turn and make their skill test at the same penalty with the same consequence for
    failure. Alternatively, they can choose to break off pursuit". ``driver_dm`` and
    ``pursuer_dm`` are their skill, characteristic DM and other DMs (the weave's penalty
    apart).

    The checks are 2D6 + DM - ``weave`` against 8+, independent. A pursuer who breaks off takes
    no check; for one who follows: he crashes if the driver succeeds and he fails, the pursuit
    holds if both succeed, and if the driver crashes there is no one to follow. Several
    pursuers each take their own check (call once per pursuer's DM). ``variant``: the natural
    2/12 house rule (``natural_two_twelve``) on both checks.

    Raises:
        ValueError: ``speed_kph`` is not a finite number > 0, ``weave`` not an integer from 1
            to :func:`max_weave` at that speed, a DM not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> odds = weave_odds(50, 3, driver_dm=3, pursuer_dm=1)
    >>> odds.max_weave, odds.driver_crash, odds.pursuer_crash, odds.pursuit_holds
    (3, Fraction(7, 12), Fraction(25, 72), Fraction(5, 72))

    With the natural 2/12 house rule a driver at DM +9 weaving 1 still crashes on a natural 2,
    and a pursuer at DM -5 who would need 14 follows on a natural 12:

    >>> from rules.cepheus import Variant
    >>> house = weave_odds(20, 1, driver_dm=9, pursuer_dm=-5,
    ...     variant=Variant(natural_two_twelve=True))
    >>> house.driver_crash, house.pursuer_success_if_following, house.pursuit_holds
    (Fraction(1, 36), Fraction(1, 36), Fraction(35, 1296))
    """
    highest = _check_speed_for_weave(speed_kph)
    weave = check_int("weave", weave, 1, highest)
    driver = check_int("driver_dm", driver_dm)
    pursuer = check_int("pursuer_dm", pursuer_dm)
    natural = _check_variant(variant).natural_two_twelve
    succeed = _chance(driver - weave, natural)
    follow = _chance(pursuer - weave, natural)
    return WeaveOdds(
        weave=weave,
        max_weave=highest,
        driver_success=succeed,
        driver_crash=1 - succeed,
        pursuer_success_if_following=follow,
        pursuer_crash=succeed * (1 - follow),
        pursuit_holds=succeed * follow,
    )


def _check_speed_for_weave(speed_kph: object) -> int:
    speed = check_number("speed_kph", speed_kph, 0)
    if speed == 0:
        raise InvalidInput("speed_kph", "a number > 0 (a vehicle at rest cannot weave)", speed_kph)
    return max_weave(speed)


def _chance(dm: int, natural: bool) -> Fraction:
    return _effect_distribution(dm, TARGET_NUMBER, False, natural).probability(lambda e: e >= 0)


@output_record
@dataclass(frozen=True, slots=True)
class WeaveRoll:
    """One rolled weave: the driver's check, then the pursuer's if he got through."""

    driver: CheckRoll
    """The driver's check (its DM includes the weave's penalty)."""
    pursuer: CheckRoll | None
    """The following pursuer's check (``None`` if the driver crashed)."""
    driver_crashed: bool
    """The driver wove into an obstacle."""
    pursuer_crashed: bool
    """The pursuer followed and wove into an obstacle."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_weave(
    speed_kph: int | float | Fraction,
    weave: int,
    *,
    driver_dm: int,
    pursuer_dm: int = 0,
    rng: random.Random,
    variant: Variant = DEFAULT_VARIANT,
) -> WeaveRoll:
    """Roll a weave with ``rng``: the driver's 2D6, then, if he got through, the pursuer's.

    Rule: as :func:`weave_odds` (the pursuer follows; ``variant`` included).

    Raises:
        ValueError: as :func:`weave_odds`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_weave(50, 2, driver_dm=3, pursuer_dm=1, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    Weaving number 2 (at most 3 at 50 kph)
    Driver 2D6: 2 + 5 = 7, +3 - 2 = 8 vs 8+: through, Effect 0
    Pursuer 2D6: 5 + 2 = 7, +1 - 2 = 6 vs 8+: crashed into an obstacle
    """
    odds = weave_odds(speed_kph, weave, driver_dm=driver_dm, pursuer_dm=pursuer_dm, variant=variant)
    natural = _check_variant(variant).natural_two_twelve
    check_rng(rng)
    driver_dm = check_int("driver_dm", driver_dm)
    pursuer_dm = check_int("pursuer_dm", pursuer_dm)
    speed = check_number("speed_kph", speed_kph, 0)
    log = [f"Weaving number {odds.weave} (at most {odds.max_weave} at {number_text(speed)} kph)"]
    driver = _roll_check(driver_dm - odds.weave, rng, TARGET_NUMBER, False, natural)
    log.append(_weave_line("Driver", driver, driver_dm, odds.weave))
    if not driver.success:
        log.append("The driver wove into an obstacle and crashed; there is no one to follow")
        return WeaveRoll(driver, None, True, False, tuple(log))
    pursuer = _roll_check(pursuer_dm - odds.weave, rng, TARGET_NUMBER, False, natural)
    log.append(_weave_line("Pursuer", pursuer, pursuer_dm, odds.weave))
    if pursuer.success:
        log.append("The pursuit holds")
    return WeaveRoll(driver, pursuer, False, not pursuer.success, tuple(log))


def _weave_line(who: str, check: CheckRoll, dm: int, weave: int) -> str:
    result = "through" if check.success else "crashed into an obstacle"
    effect = f", Effect {check.effect}" if check.success else ""
    return (
        f"{who} 2D6: {check.kept[0]} + {check.kept[1]} = {sum(check.kept)}, {dm:+d} - {weave} "
        f"= {check.total} vs {TARGET_NUMBER}+: {result}{_natural_note(check)}{effect}"
    )
