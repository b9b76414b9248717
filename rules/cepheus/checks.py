"""Checks: 2D6 + DMs against 8+, Effect, difficulty DMs and characteristic DMs.

Source: ``shared/sources/README.md`` (the SRD facts the chapter relies on: a check is
2D6 + DMs against 8+, Effect = total - 8, the difficulty DMs, exceptional success and failure,
the characteristic DM) and ``003_c7092257a5e3046d.txt`` ("Blind Firing": an extra die is thrown
and the highest one removed).
"""

from __future__ import annotations

import enum
import functools
import random
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus._common import check_bool, check_rng, roll_d6
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution, dice_sum
from rules.validation import check_int, output_record

__all__ = [
    "DIFFICULTY_DMS",
    "EXCEPTIONAL_EFFECT",
    "TARGET_NUMBER",
    "CheckOutcome",
    "CheckRoll",
    "Difficulty",
    "characteristic_dm",
    "check_dice",
    "check_outcome",
    "check_probability",
    "effect_distribution",
    "outcome_distribution",
    "roll_check",
]

TARGET_NUMBER: Final = 8
"""Every check succeeds on 2D6 + DMs of 8 or more (``shared/sources/README.md``)."""

EXCEPTIONAL_EFFECT: Final = 6
"""An Effect of 6 or more is an exceptional success, -6 or less an exceptional failure.

Source: ``shared/sources/README.md``; ``003_c7092257a5e3046d.txt`` ("Extended Actions":
"Failure by six or more (an Exceptional Failure)").
"""


class Difficulty(enum.StrEnum):
    """How hard a check is; each difficulty adds its :attr:`dm` to the roll."""

    SIMPLE = "simple"
    """Simple: DM +6."""
    EASY = "easy"
    """Easy: DM +4."""
    ROUTINE = "routine"
    """Routine: DM +2."""
    AVERAGE = "average"
    """Average: DM +0."""
    DIFFICULT = "difficult"
    """Difficult: DM -2."""
    VERY_DIFFICULT = "very_difficult"
    """Very Difficult: DM -4."""
    FORMIDABLE = "formidable"
    """Formidable: DM -6."""

    @property
    def dm(self) -> int:
        """The DM this difficulty adds to the check (``DIFFICULTY_DMS``)."""
        return DIFFICULTY_DMS[self]

    @property
    def label(self) -> str:
        """The rulebook's name, e.g. ``"Very Difficult"``."""
        return self.value.replace("_", " ").title()


DIFFICULTY_DMS: Final = MappingProxyType(
    {
        Difficulty.SIMPLE: 6,
        Difficulty.EASY: 4,
        Difficulty.ROUTINE: 2,
        Difficulty.AVERAGE: 0,
        Difficulty.DIFFICULT: -2,
        Difficulty.VERY_DIFFICULT: -4,
        Difficulty.FORMIDABLE: -6,
    }
)
"""Difficulty -> DM. Source: ``shared/sources/README.md`` ("Difficulty DMs: Simple +6, Easy +4,
Routine +2, Average +0, Difficult -2, Very Difficult -4, Formidable -6"); the chapter repeats
two of them ("Performing first aid on yourself is a Difficult (-2) task", "surgery on yourself
is a Very Difficult (-4) task")."""


class CheckOutcome(enum.StrEnum):
    """The four grades of a check's result, by its Effect."""

    EXCEPTIONAL_FAILURE = "exceptional_failure"
    """Effect -6 or less."""
    FAILURE = "failure"
    """Effect -5 to -1."""
    SUCCESS = "success"
    """Effect 0 to 5."""
    EXCEPTIONAL_SUCCESS = "exceptional_success"
    """Effect 6 or more."""


def characteristic_dm(score: int) -> int:
    """The DM of a characteristic score: ``floor(score / 3) - 2``.

    Rule: ``shared/sources/README.md`` ("Characteristic DM = floor(score / 3) - 2 (0-2: -2,
    3-5: -1, 6-8: 0, 9-11: +1, 12-14: +2, 15-17: +3, ...)"). Scores go down to 0 (a
    characteristic reduced to 0 by damage); the source gives no upper limit.

    Raises:
        ValueError: ``score`` is not an integer >= 0.

    >>> [characteristic_dm(s) for s in (0, 2, 3, 5, 6, 8, 9, 11, 12, 15)]
    [-2, -2, -1, -1, 0, 0, 1, 1, 2, 3]
    """
    return check_int("score", score, 0) // 3 - 2


def _successes_2d6(needed: int) -> int:
    """How many of the 36 rolls of 2D6 are ``needed`` or more (closed form)."""
    if needed <= 2:
        return 36
    if needed > 12:
        return 0
    if needed <= 7:
        return 36 - (needed - 1) * (needed - 2) // 2
    return (13 - needed) * (14 - needed) // 2


def check_probability(
    dm: int,
    target: int = TARGET_NUMBER,
    *,
    blind: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> Fraction:
    """The chance that 2D6 + ``dm`` is ``target`` or more.

    Rule: ``shared/sources/README.md`` (2D6 + DMs against 8+; "A natural 2 or 12 is not
    automatic", so the chance can be exactly 0 or 1). With ``blind=True`` the dice are three
    D6 with the highest removed (``003_c7092257a5e3046d.txt``, "Blind Firing"). With the house
    rule ``variant.natural_two_twelve`` a natural 2 always fails and a natural 12 always
    succeeds, so the chance stays within 1/36 .. 35/36 (2D6).

    Raises:
        ValueError: ``dm`` or ``target`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> check_probability(0)
    Fraction(5, 12)
    >>> check_probability(-2), check_probability(5), check_probability(6), check_probability(-5)
    (Fraction(1, 6), Fraction(35, 36), Fraction(1, 1), Fraction(0, 1))
    >>> house = Variant(natural_two_twelve=True)
    >>> check_probability(6, variant=house), check_probability(-5, variant=house)
    (Fraction(35, 36), Fraction(1, 36))
    """
    dm = check_int("dm", dm)
    target = check_int("target", target)
    blind = check_bool("blind", blind)
    natural = _check_variant(variant).natural_two_twelve
    if blind or natural:
        return _effect_distribution(dm, target, blind, natural).probability(lambda e: e >= 0)
    return Fraction(_successes_2d6(target - dm), 36)


def _natural_effect(roll: int, effect: int, natural: bool) -> int:
    """The Effect of a check whose kept dice total ``roll``, under the natural 2/12 house rule.

    As twodsix (``TwodsixDiceRoll.calculateEffect``): a natural 12 with a negative Effect has
    Effect 0, a natural 2 with an Effect of 0 or more has Effect -1.
    """
    if not natural:
        return effect
    if roll == 12:
        return max(effect, 0)
    if roll == 2:
        return min(effect, -1)
    return effect


def check_dice(*, blind: bool = False) -> Distribution[int]:
    """The distribution of the dice of a check: 2D6, or 3D6 keeping the lowest two when blind.

    Rule: ``003_c7092257a5e3046d.txt``, "Blind Firing": "an extra die is thrown when firing,
    but before any calculations are made the highest die (or one of the highest, in case of a
    tie) is removed completely."

    Counted by multiset: a sorted roll ``a <= b <= c`` keeps ``a + b`` and occurs 6, 3 or 1
    times among the 216 ordered rolls (three, two or one distinct faces).

    Raises:
        ValueError: ``blind`` is not a bool.

    >>> check_dice()[7]
    Fraction(1, 6)
    >>> check_dice(blind=True)[2], check_dice(blind=True)[12]
    (Fraction(2, 27), Fraction(1, 216))
    """
    return _check_dice(check_bool("blind", blind))


@functools.cache
def _check_dice(blind: bool) -> Distribution[int]:
    if not blind:
        return dice_sum(2, 6)
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                orderings = 6 // (1 + (a == b) + (b == c) + 3 * (a == b == c))
                counts[a + b] = counts.get(a + b, 0) + orderings
    return Distribution.from_counts(counts)


def effect_distribution(
    dm: int,
    target: int = TARGET_NUMBER,
    *,
    blind: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[int]:
    """The distribution of the Effect (2D6 + ``dm`` - ``target``) of a check.

    Rule: ``shared/sources/README.md`` ("Effect = total - 8"); the check succeeds when the
    Effect is 0 or more. ``variant.natural_two_twelve``: a natural 12 has Effect at least 0
    and a natural 2 at most -1 (see :class:`~rules.cepheus.Variant`).

    Raises:
        ValueError: ``dm`` or ``target`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> effect = effect_distribution(0)
    >>> effect[0], effect[-6], effect[4]
    (Fraction(5, 36), Fraction(1, 36), Fraction(1, 36))
    """
    dm = check_int("dm", dm)
    target = check_int("target", target)
    blind = check_bool("blind", blind)
    return _effect_distribution(dm, target, blind, _check_variant(variant).natural_two_twelve)


def _effect_distribution(
    dm: int, target: int, blind: bool, natural: bool = False
) -> Distribution[int]:
    """:func:`effect_distribution` of checked values (any size: a DM may be a sum of DMs)."""
    return _check_dice(blind).map(lambda roll: _natural_effect(roll, roll + dm - target, natural))


def check_outcome(effect: int) -> CheckOutcome:
    """Grade a check by its Effect: exceptional failure, failure, success, exceptional success.

    Rule: ``shared/sources/README.md`` ("Effect -6 or less: exceptional failure; 6 or more:
    exceptional success"; success is Effect 0 or more).

    Raises:
        ValueError: ``effect`` is not an integer.

    >>> [check_outcome(e).value for e in (-6, -1, 0, 6)]
    ['exceptional_failure', 'failure', 'success', 'exceptional_success']
    """
    return _grade(check_int("effect", effect))


def _grade(effect: int) -> CheckOutcome:
    """:func:`check_outcome` of a checked Effect (any size: it may come from a sum of DMs)."""
    if effect <= -EXCEPTIONAL_EFFECT:
        return CheckOutcome.EXCEPTIONAL_FAILURE
    if effect < 0:
        return CheckOutcome.FAILURE
    if effect < EXCEPTIONAL_EFFECT:
        return CheckOutcome.SUCCESS
    return CheckOutcome.EXCEPTIONAL_SUCCESS


def outcome_distribution(
    dm: int,
    target: int = TARGET_NUMBER,
    *,
    blind: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[CheckOutcome]:
    """The chance of each :class:`CheckOutcome` for 2D6 + ``dm`` against ``target``.

    Rule: as :func:`check_outcome`, of the Effect of :func:`effect_distribution` (so
    ``variant.natural_two_twelve`` grades a natural 12 at least a success and a natural 2 at
    most a failure).

    Raises:
        ValueError: ``dm`` or ``target`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> odds = outcome_distribution(0)
    >>> odds.get(CheckOutcome.EXCEPTIONAL_FAILURE), odds.get(CheckOutcome.EXCEPTIONAL_SUCCESS)
    (Fraction(1, 36), Fraction(0, 1))
    """
    return effect_distribution(dm, target, blind=blind, variant=variant).map(_grade)


@output_record
@dataclass(frozen=True, slots=True)
class CheckRoll:
    """One rolled check: the dice thrown, the dice kept, the DM, the total and the Effect."""

    thrown: tuple[int, ...]
    """Every die thrown, in order (three when blind)."""
    kept: tuple[int, int]
    """The two dice that count, in the order thrown (blind: the first highest removed)."""
    dm: int
    """The total DM added to the dice."""
    target: int
    """The number to reach (8)."""
    natural_two_twelve: bool = False
    """The house rule in force (:attr:`rules.cepheus.Variant.natural_two_twelve`): a natural 2
    always fails and a natural 12 always succeeds."""

    @property
    def total(self) -> int:
        """Dice kept + DM."""
        return sum(self.kept) + self.dm

    @property
    def effect(self) -> int:
        """Total - target (under the natural 2/12 house rule, at least 0 on a natural 12 and
        at most -1 on a natural 2)."""
        return _natural_effect(sum(self.kept), self.total - self.target, self.natural_two_twelve)

    @property
    def success(self) -> bool:
        """True when the total reaches the target (Effect 0 or more)."""
        return self.effect >= 0

    @property
    def outcome(self) -> CheckOutcome:
        """The grade of the result."""
        return _grade(self.effect)


def roll_check(
    dm: int,
    rng: random.Random,
    target: int = TARGET_NUMBER,
    *,
    blind: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> CheckRoll:
    """Roll one check: 2D6 (or 3D6 dropping the highest when blind) + ``dm`` against ``target``.

    Rule: as :func:`check_probability` (``variant.natural_two_twelve`` included). The dice come
    from ``rng.randint(1, 6)``, in order.

    Raises:
        ValueError: ``dm`` or ``target`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> roll = roll_check(2, random.Random(1))
    >>> roll.thrown, roll.total, roll.effect, roll.success
    ((2, 5), 9, 1, True)
    """
    dm = check_int("dm", dm)
    target = check_int("target", target)
    blind = check_bool("blind", blind)
    natural = _check_variant(variant).natural_two_twelve
    return _roll_check(dm, check_rng(rng), target, blind, natural)


def _natural_note(check: CheckRoll) -> str:
    """ " (a natural 12 always succeeds)" when the natural 2/12 house rule changed the result of
    ``check``, else ""."""
    if check.effect == check.total - check.target:
        return ""
    rule = "always succeeds" if check.success else "always fails"
    return f" (a natural {sum(check.kept)} {rule})"


def _roll_check(
    dm: int, rng: random.Random, target: int, blind: bool, natural: bool = False
) -> CheckRoll:
    """:func:`roll_check` of checked values (any size: the DM may be a sum of DMs)."""
    thrown = roll_d6(rng, 3 if blind else 2)
    kept = list(thrown)
    if len(kept) == 3:
        kept.remove(max(kept))
    return CheckRoll(
        thrown=thrown, kept=(kept[0], kept[1]), dm=dm, target=target, natural_two_twelve=natural
    )
