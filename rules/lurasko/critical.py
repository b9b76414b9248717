"""Critical hits: when a defense roll fails badly enough, and what the attacker gains.

Source: ``002_64b8e17f45694c25.txt``, "Critical Hits" (and "Damage Auras").
"""

from __future__ import annotations

import dataclasses
import enum
from fractions import Fraction

from rules.lurasko._checks import check_bool
from rules.lurasko.variant import _AS_WRITTEN, Variant, _check_variant
from rules.validation import check_int, output_record

__all__ = [
    "CRITICAL_DRIVE_BONUS",
    "CRITICAL_MARGIN",
    "PRECISE_CRITICAL_DRIVE_BONUS",
    "CriticalEffect",
    "DefenseOdds",
    "critical_drive_bonus",
    "defense_failure_margin",
    "defense_roll_odds",
    "is_critical",
]

CRITICAL_MARGIN = 20
"""A defense roll failed by this much or more is a critical hit.

Source: 002, "Critical Hits": "A critical hit occurs whenever a character fails their defense
roll by 20 or more. For example, if a character's TN during a defense roll is 14, they must roll
a 34 or higher in order to suffer a critical hit."
"""

CRITICAL_DRIVE_BONUS = 10
"""Drive added to every weapon of a critical hit whose attacker chooses more drive.

Source: 002, "Critical Hits": "increase the drive of all weapons in the attack by 10".
"""

PRECISE_CRITICAL_DRIVE_BONUS = 20
"""Drive added instead to a melee weapon with the Precise tag.

Source: 002, "Critical Hits": "If a melee weapon has the Precise tag, its drive can be
increased by 20 instead."
"""


class CriticalEffect(enum.StrEnum):
    """The two effects of a critical hit, chosen by the attacker (002, "Critical Hits")."""

    INJURY_TYPE = "injury type"
    """Choose the type of injury inflicted rather than rolling (usually Perception Injury)."""
    DRIVE = "drive"
    """+10 drive to all weapons of the attack (+20 for a melee weapon with the Precise tag)."""


def defense_failure_margin(roll: int, tn: int) -> int:
    """By how much a defense roll failed: ``roll - tn`` (0 or less means it did not fail).

    Rule: 002, "Critical Hits". Defense rolls are roll-under: the defender wants to roll at or
    under the TN, so a roll above the TN fails by ``roll - tn`` (TN 14 and roll 34: failed by
    20).

    Raises:
        ValueError: ``roll`` or ``tn`` is not an integer.

    >>> defense_failure_margin(34, 14)
    20
    """
    roll = check_int("roll", roll)
    tn = check_int("tn", tn)
    return roll - tn


def is_critical(roll: int, tn: int) -> bool:
    """Whether a defense ``roll`` against target number ``tn`` suffers a critical hit.

    Rule: 002, "Critical Hits": "fails their defense roll by 20 or more. For example, if a
    character's TN during a defense roll is 14, they must roll a 34 or higher".

    Interpretation: ``roll`` is the defender's defense roll and ``tn`` their target number for
    it; lower is better for the defender (they fail when rolling above the TN), so the hit is
    critical when ``roll - tn >= 20``. Whether a ranged weapon may crit at its range ("see
    Marksmanship") is outside this chapter: the caller decides.

    Raises:
        ValueError: ``roll`` or ``tn`` is not an integer.

    >>> is_critical(34, 14), is_critical(33, 14)  # Source: TN 14, "a 34 or higher"
    (True, False)
    """
    return defense_failure_margin(roll, tn) >= CRITICAL_MARGIN


def critical_drive_bonus(*, melee: bool, precise: bool = False) -> int:
    """The drive a critical hit adds to one weapon when the attacker picks more drive.

    Rule: 002, "Critical Hits": "+10 to all weapons in the attack"; "If a melee weapon has the
    Precise tag, its drive can be increased by 20 instead." The Precise tag only matters for
    melee weapons.

    Raises:
        ValueError: ``melee`` or ``precise`` is not a bool.

    >>> critical_drive_bonus(melee=True), critical_drive_bonus(melee=True, precise=True)
    (10, 20)
    >>> critical_drive_bonus(melee=False, precise=True)
    10
    """
    melee = check_bool("melee", melee)
    precise = check_bool("precise", precise)
    return PRECISE_CRITICAL_DRIVE_BONUS if melee and precise else CRITICAL_DRIVE_BONUS


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class DefenseOdds:
    """The three outcomes of one defense roll: defended, hit, critical hit (they sum to 1)."""

    defended: Fraction
    """The roll is at or under the TN: the attack misses."""
    hit: Fraction
    """The roll fails by 1 to 19: a hit, not critical."""
    critical: Fraction
    """The roll fails by 20 or more (:data:`CRITICAL_MARGIN`): a critical hit."""


def defense_roll_odds(tn: int, *, variant: Variant = _AS_WRITTEN) -> DefenseOdds:
    """The exact chances of a defense roll against ``tn``: defended, hit, critical hit.

    Rule: 002, "Critical Hits": defense rolls are roll-under (see :func:`is_critical`); a roll
    at or under the TN defends, one that fails by 20 or more ("TN ... 14, they must roll a 34 or
    higher") is a critical hit. The chapter does not name the die: it is
    ``variant.defense_die`` (:class:`~rules.lurasko.Variant`, 100 sides by default, the attack
    page's default), one die, each face equally likely.

    Raises:
        ValueError: ``tn`` is not an integer, or ``variant`` not a
            :class:`~rules.lurasko.Variant`.

    >>> odds = defense_roll_odds(14)  # Source: TN 14; a 34 or higher is critical
    >>> odds.defended, odds.hit, odds.critical
    (Fraction(7, 50), Fraction(19, 100), Fraction(67, 100))
    """
    tn = check_int("tn", tn)
    sides = _check_variant(variant).defense_die
    defended = min(max(tn, 0), sides)
    critical = sides - min(max(tn + CRITICAL_MARGIN - 1, 0), sides)
    return DefenseOdds(
        defended=Fraction(defended, sides),
        hit=Fraction(sides - defended - critical, sides),
        critical=Fraction(critical, sides),
    )
