"""Recovery: fatigue, unconsciousness, natural healing, first aid, surgery and medical care.

Source: ``003_c7092257a5e3046d.txt``, "Fatigue", "Unconsciousness", "Injury and Recovery",
"Natural Healing", "Medical Treatment" ("First Aid", "Surgery", "Medical Care") and "Healing and
Mental Characteristics"; the Endurance check is 2D6 + Endurance DM against 8+
(``shared/sources/README.md``).

Every Endurance DM is an integer >= -2: ``characteristic_dm`` of a score >= 0 is never lower.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_bool
from rules.cepheus.checks import Difficulty, check_probability
from rules.dice import MAX_DICE, Distribution, dice_sum
from rules.validation import InvalidInput, check_choice, check_int, check_number

__all__ = [
    "FATIGUE_REST_HOURS",
    "FIRST_AID_FULL_MINUTES",
    "FIRST_AID_LATE_MINUTES",
    "FIRST_AID_SELF",
    "MEDICAL_CARE_BASE",
    "MENTAL_HEALING_PER_DAY",
    "MIN_ENDURANCE_DM",
    "SURGERY_SELF",
    "FatigueResult",
    "Rest",
    "fatigue_rest_hours",
    "first_aid",
    "medical_care_per_day",
    "mental_healing",
    "natural_healing",
    "natural_healing_over",
    "suffer_fatigue",
    "surgery",
    "wake_chance",
    "wake_distribution",
]

MIN_ENDURANCE_DM: Final = -2
"""The lowest Endurance DM: ``characteristic_dm(0)`` (``shared/sources/README.md``,
"Characteristic DM = floor(score / 3) - 2")."""

FATIGUE_REST_HOURS: Final = 3
"""Source: ``003_c7092257a5e3046d.txt``, "Fatigue" ("The amount of rest needed is 3 - the
character's Endurance DM hours"); the fatigued DM itself is ``FATIGUE_DM`` (-2)."""

FIRST_AID_FULL_MINUTES: Final = 5
"""Source: ``003_c7092257a5e3046d.txt``, "First Aid" ("First aid must be applied within five
minutes of the injuries being received to be fully effective")."""

FIRST_AID_LATE_MINUTES: Final = 60
"""Source: ``003_c7092257a5e3046d.txt``, "First Aid" ("A character can still benefit from first
aid up to an hour after their injury but they only receive ... the Effect")."""

FIRST_AID_SELF: Final = Difficulty.DIFFICULT
"""Source: ``003_c7092257a5e3046d.txt``, "First Aid" ("Performing first aid on yourself is a
Difficult (-2) task")."""

SURGERY_SELF: Final = Difficulty.VERY_DIFFICULT
"""Source: ``003_c7092257a5e3046d.txt``, "Surgery" ("Performing surgery on yourself is a Very
Difficult (-4) task")."""

MEDICAL_CARE_BASE: Final = 2
"""Source: ``003_c7092257a5e3046d.txt``, "Medical Care" ("Medical care restores 2 + the
character's Endurance DM + the doctor's Medicine skill in characteristic points per day")."""

MENTAL_HEALING_PER_DAY: Final = 1
"""Source: ``003_c7092257a5e3046d.txt``, "Healing and Mental Characteristics" ("Unless otherwise
specified, each mental characteristic heals at the rate of one point per day")."""


def _endurance_dm(value: object) -> int:
    return check_int("endurance_dm", value, MIN_ENDURANCE_DM)


# --- Fatigue ----------------------------------------------------------------------------------


def fatigue_rest_hours(endurance_dm: int) -> int:
    """The hours of rest a fatigued character needs: 3 - Endurance DM.

    Rule: ``003_c7092257a5e3046d.txt``, "Fatigue" ("The amount of rest needed is 3 - the
    character's Endurance DM hours").

    Interpretation: an Endurance DM of +3 or more needs no rest (0 hours), never a negative
    number of hours.

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2.

    >>> fatigue_rest_hours(0), fatigue_rest_hours(-2), fatigue_rest_hours(1), fatigue_rest_hours(4)
    (3, 5, 2, 0)
    """
    return max(0, FATIGUE_REST_HOURS - _endurance_dm(endurance_dm))


class FatigueResult(enum.StrEnum):
    """What suffering fatigue does to a character."""

    FATIGUED = "fatigued"
    """The character is fatigued: DM -2 to all checks until he rests."""
    UNCONSCIOUS = "unconscious"
    """The character was already fatigued and falls unconscious."""


def suffer_fatigue(fatigued: bool) -> FatigueResult:
    """The result of suffering fatigue, for a character who is ``fatigued`` already or not.

    Rule: ``003_c7092257a5e3046d.txt``, "Fatigue" ("If a character suffers fatigue while already
    fatigued they fall unconscious").

    Raises:
        ValueError: ``fatigued`` is not a bool.

    >>> suffer_fatigue(False).value, suffer_fatigue(True).value
    ('fatigued', 'unconscious')
    """
    if check_bool("fatigued", fatigued):
        return FatigueResult.UNCONSCIOUS
    return FatigueResult.FATIGUED


# --- Unconsciousness --------------------------------------------------------------------------


def _wake_checks(endurance_dm: int) -> list[tuple[int, Fraction]]:
    """(minute, chance of waking at that minute's check given still unconscious), minute 1 up.

    Only the minutes whose chance is above 0 are listed, up to the first certain one: before
    them the product of failures does not change, after it nobody is still unconscious.
    """
    # Check k (minute k) has DM endurance_dm + (k - 1): 2D6 + DM >= 8 is impossible below
    # DM -4 and certain from DM +6.
    first = max(1, -4 - endurance_dm + 1)
    checks = []
    minute = first
    while True:
        chance = check_probability(endurance_dm + minute - 1)
        checks.append((minute, chance))
        if chance == 1:
            return checks
        minute += 1


def wake_chance(endurance_dm: int, minutes: int) -> Fraction:
    """The chance that an unconscious character has come to within ``minutes`` minutes.

    Rule: ``003_c7092257a5e3046d.txt``, "Unconsciousness" ("An unconscious character may make an
    Endurance check after every minute of unconsciousness - if successful, he regains
    consciousness. If he fails he must wait another minute and can then try again with a +1 DM
    on the check for every check previously failed"). The check of minute ``k`` is 2D6 +
    Endurance DM + (k - 1) against 8+, so the chance is 1 minus the product of the failures.

    Interpretation: the first check comes after the first full minute (``minutes=0`` is 0), and
    only the Endurance DM and the +1 per failed check apply (other DMs, such as fatigue's, are
    folded into ``endurance_dm`` by the caller). Closed form: only the at most 10 checks whose
    chance lies strictly between 0 and 1 are multiplied, so any number of minutes is fast.

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2, or ``minutes`` not an integer >= 0.

    >>> wake_chance(0, 1), wake_chance(0, 2)
    (Fraction(5, 12), Fraction(109, 144))
    >>> wake_chance(-2, 0), wake_chance(0, 7)
    (Fraction(0, 1), Fraction(1, 1))
    """
    endurance_dm = _endurance_dm(endurance_dm)
    minutes = check_int("minutes", minutes, 0)
    still = Fraction(1)
    for minute, chance in _wake_checks(endurance_dm):
        if minute > minutes:
            break
        still *= 1 - chance
    return 1 - still


def wake_distribution(endurance_dm: int) -> Distribution[int]:
    """The distribution of the minute at which an unconscious character comes to.

    Rule: as :func:`wake_chance` (whose value at ``m`` minutes is the chance of an outcome <=
    ``m``). The +1 DM per failed check makes waking certain once the DM reaches +6, so the
    distribution has at most 11 outcomes.

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2.

    >>> dist = wake_distribution(0)
    >>> dist[1], dist[2], max(dist)
    (Fraction(5, 12), Fraction(49, 144), 7)
    """
    endurance_dm = _endurance_dm(endurance_dm)
    still = Fraction(1)
    result: dict[int, Fraction] = {}
    for minute, chance in _wake_checks(endurance_dm):
        if still * chance:
            result[minute] = still * chance
        still *= 1 - chance
    return Distribution._exact(result)


# --- Natural healing --------------------------------------------------------------------------


class Rest(enum.StrEnum):
    """How a healing character spends the day ("Natural Healing")."""

    FULL = "full"
    """Full rest: 1D6 + Endurance DM points a day (Endurance DM when seriously wounded)."""
    ACTIVE = "active"
    """An active lifestyle: 1 + Endurance DM points a day."""


def _healing_terms(
    endurance_dm: object, rest: object, seriously_wounded: object
) -> tuple[int, int]:
    """(D6 per day, fixed points per day) of natural healing, checked."""
    dm = _endurance_dm(endurance_dm)
    kind = check_choice("rest", rest, Rest)
    serious = check_bool("seriously_wounded", seriously_wounded)
    if serious:
        if kind is not Rest.FULL:
            raise InvalidInput(
                "rest",
                "'full' when seriously_wounded (the source gives the seriously wounded a rate "
                "per day of rest only)",
                rest,
            )
        return 0, dm
    if kind is Rest.FULL:
        return 1, dm
    return 0, 1 + dm


def natural_healing(
    endurance_dm: int, *, rest: Rest | str = "full", seriously_wounded: bool = False
) -> Distribution[int]:
    """The characteristic points a character regains in one day of natural healing.

    Rule: ``003_c7092257a5e3046d.txt``, "Natural Healing": "An injured character regains a
    number of characteristic points equal to his 1D6 + Endurance DM per day of full rest. If the
    character continues an active lifestyle he only heals a number of characteristic points
    equal to 1 + Endurance DM per day. Characters with a low Endurance DM ... may degrade (lose
    more characteristic points) over time ... A seriously wounded character only regains
    characteristic points equal to his Endurance DM per day of rest, which means that the
    character may never heal naturally and will even get worse if his Endurance DM is currently
    negative."

    A negative outcome is points lost. Interpretation: the source gives the seriously wounded a
    rate per day of rest only, so ``rest="active"`` with ``seriously_wounded=True`` is refused
    rather than given an invented rate. Where the points go (and that they stop at the
    maximum scores) is the player's choice and the caller's bookkeeping.

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2, ``rest`` not 'full' or 'active'
            ('full' only when seriously wounded), or ``seriously_wounded`` not a bool.

    >>> natural_healing(1) == {k: Fraction(1, 6) for k in range(2, 8)}
    True
    >>> natural_healing(1, rest="active"), natural_healing(-1, seriously_wounded=True)
    (Distribution({2: Fraction(1, 1)}), Distribution({-1: Fraction(1, 1)}))
    """
    dice, fixed = _healing_terms(endurance_dm, rest, seriously_wounded)
    return dice_sum(dice, 6).map(lambda rolled: rolled + fixed)


def natural_healing_over(
    endurance_dm: int,
    days: int,
    *,
    rest: Rest | str = "full",
    seriously_wounded: bool = False,
) -> Distribution[int]:
    """The total points regained over ``days`` days of natural healing at one rate.

    Rule: as :func:`natural_healing`, one independent day after another: ``days`` D6 plus
    ``days`` times the Endurance DM on full rest.

    Interpretation: the Endurance DM and the seriously wounded state are held constant over
    the days (points healed into Endurance can raise its DM, and a character stops being
    seriously wounded as soon as one characteristic is back to its maximum: a caller who tracks
    that goes day by day with :func:`natural_healing`). ``days`` is at most 300
    (:data:`rules.dice.MAX_DICE`, the dice of one sum).

    Raises:
        ValueError: as :func:`natural_healing`, or ``days`` is not an integer in 0..300.

    >>> week = natural_healing_over(0, 7)
    >>> min(week), max(week), week.mean()
    (7, 42, Fraction(49, 2))
    """
    dice, fixed = _healing_terms(endurance_dm, rest, seriously_wounded)
    days = check_int("days", days, 0, MAX_DICE)
    return dice_sum(dice * days, 6).map(lambda rolled: rolled + fixed * days)


def mental_healing(days: int) -> int:
    """The points a damaged mental characteristic regains in ``days`` days: one a day.

    Rule: ``003_c7092257a5e3046d.txt``, "Healing and Mental Characteristics" ("Unless otherwise
    specified, each mental characteristic heals at the rate of one point per day"), for each
    mental characteristic separately; it stops at the characteristic's maximum (the caller's).

    Raises:
        ValueError: ``days`` is not an integer >= 0.

    >>> mental_healing(3)
    3
    """
    return MENTAL_HEALING_PER_DAY * check_int("days", days, 0)


# --- Medical treatment ------------------------------------------------------------------------


def first_aid(effect: int, *, minutes_after: int | Fraction | float = 0) -> int:
    """The characteristic points first aid restores, for a Medicine check of ``effect``.

    Rule: ``003_c7092257a5e3046d.txt``, "First Aid": "Applying first aid restores a number of
    characteristic points equal to twice the Effect of the Medicine check ... First aid must be
    applied within five minutes of the injuries being received to be fully effective. A
    character can still benefit from first aid up to an hour after their injury but they only
    receive a number of characteristic points equal to the Effect of the Medicine check.
    Performing first aid on yourself is a Difficult (-2) task" (``FIRST_AID_SELF``, a DM of the
    check, not of this function).

    Interpretations: a failed check (Effect below 0) restores nothing (only surgery says a
    failure costs points); "within five minutes" and "up to an hour" include 5 and 60 minutes;
    later than 60 minutes first aid restores nothing. ``minutes_after`` may be a fraction (a
    combat round is six seconds).

    Raises:
        ValueError: ``effect`` is not an integer, or ``minutes_after`` not a number >= 0.

    >>> first_aid(3), first_aid(3, minutes_after=30), first_aid(3, minutes_after=61)
    (6, 3, 0)
    >>> first_aid(-2)
    0
    """
    effect = check_int("effect", effect)
    minutes = check_number("minutes_after", minutes_after, 0)
    if effect < 0 or minutes > FIRST_AID_LATE_MINUTES:
        return 0
    return 2 * effect if minutes <= FIRST_AID_FULL_MINUTES else effect


def surgery(effect: int) -> int:
    """The characteristic points surgery restores for a Medicine check of ``effect``.

    Rule: ``003_c7092257a5e3046d.txt``, "Surgery": "Surgery restores characteristic points just
    like first aid but if the check is failed the patient loses characteristic points equal to
    the Effect ... Surgery does not benefit characters that are not seriously wounded.
    Performing surgery on yourself is a Very Difficult (-4) task" (``SURGERY_SELF``).

    A negative result is points lost. Interpretations: "just like first aid" is twice the
    Effect, with no time limit (surgery needs a hospital or sickbay, and the five-minute window
    is about first aid after an injury); a failure loses as many points as the Effect is below
    0. The caller applies surgery to seriously wounded characters only.

    Raises:
        ValueError: ``effect`` is not an integer.

    >>> surgery(3), surgery(0), surgery(-2)
    (6, 0, -2)
    """
    effect = check_int("effect", effect)
    return 2 * effect if effect >= 0 else effect


def medical_care_per_day(endurance_dm: int, medicine_skill: int) -> int:
    """The characteristic points medical care restores per day.

    Rule: ``003_c7092257a5e3046d.txt``, "Medical Care" ("Medical care restores 2 + the
    character's Endurance DM + the doctor's Medicine skill in characteristic points per day,
    divided evenly among all damaged characteristics"); "Surgery" ("Once one characteristic is
    back to its maximum level the patient can benefit from medical care").

    Interpretation: the Medicine skill is a level >= 0 (the unskilled DM is not in this chapter).

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2, or ``medicine_skill`` not an
            integer >= 0.

    >>> medical_care_per_day(0, 2), medical_care_per_day(-2, 0)
    (4, 0)
    """
    endurance_dm = _endurance_dm(endurance_dm)
    return MEDICAL_CARE_BASE + endurance_dm + check_int("medicine_skill", medicine_skill, 0)
