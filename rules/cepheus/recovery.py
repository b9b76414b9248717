# Over 600 lines: the chapter's "Injury and Recovery" section (fatigue, unconsciousness, healing,
# first aid, surgery), read and cited as one; each rule is short.
"""Recovery: fatigue, unconsciousness, natural healing, first aid, surgery and medical care.

Source: ``003_c7092257a5e3046d.txt``, "Fatigue", "Unconsciousness", "Injury and Recovery",
"Natural Healing", "Medical Treatment" ("First Aid", "Surgery", "Medical Care") and "Healing and
Mental Characteristics"; the Endurance check is 2D6 + Endurance DM against 8+
(``shared/sources/README.md``).

Every Endurance DM is an integer >= -2: ``characteristic_dm`` of a score >= 0 is never lower.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_bool
from rules.cepheus.checks import Difficulty, characteristic_dm, check_probability
from rules.cepheus.damage import Characteristic, Physical, _check_pair
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import MAX_DICE, Distribution, dice_sum
from rules.validation import (
    InvalidInput,
    check_choice,
    check_int,
    check_items,
    check_number,
    output_record,
)

__all__ = [
    "FATIGUE_REST_HOURS",
    "FIRST_AID_FULL_MINUTES",
    "FIRST_AID_LATE_MINUTES",
    "FIRST_AID_SELF",
    "MAX_RECOVERY_DAYS",
    "MAX_RECOVERY_SCORE",
    "MAX_WAKE_MINUTES_NATURAL",
    "MEDICAL_CARE_BASE",
    "MENTAL_HEALING_PER_DAY",
    "MIN_ENDURANCE_DM",
    "SURGERY_SELF",
    "FatigueResult",
    "RecoveryOdds",
    "Rest",
    "fatigue_rest_hours",
    "first_aid",
    "heal",
    "medical_care_per_day",
    "mental_healing",
    "natural_healing",
    "natural_healing_over",
    "recovery_odds",
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


MAX_WAKE_MINUTES_NATURAL: Final = 1000
"""The most minutes :func:`wake_chance` takes under the natural 2/12 house rule, a bound of
ours: waking is then never certain (a natural 2 always fails), so the exact chance's
denominator grows with the minutes (36 ** 1000 has about 5,200 bits)."""


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


def _wake_checks(endurance_dm: int, variant: Variant) -> list[tuple[int, Fraction]]:
    """(minute, chance of waking at that minute's check given still unconscious), minute 1 up.

    Only the minutes whose chance is above 0 are listed, up to the first certain one: before
    them the product of failures does not change, after it nobody is still unconscious. Under
    the natural 2/12 house rule the list stops at the first chance of 35/36, which every later
    minute repeats.
    """
    # Check k (minute k) has DM endurance_dm + (k - 1): 2D6 + DM >= 8 is impossible below
    # DM -4 and certain from DM +6 (35/36 from DM +5 with a natural 2 always failing).
    first = max(1, -4 - endurance_dm + 1)
    checks = []
    minute = first
    highest = Fraction(35, 36) if variant.natural_two_twelve else Fraction(1)
    while True:
        chance = check_probability(endurance_dm + minute - 1, variant=variant)
        checks.append((minute, chance))
        if chance == highest:
            return checks
        minute += 1


def wake_chance(endurance_dm: int, minutes: int, *, variant: Variant = DEFAULT_VARIANT) -> Fraction:
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
    Under the natural 2/12 house rule (``variant``) every check fails on a natural 2, so waking
    is never certain: ``minutes`` is then at most 1000 (``MAX_WAKE_MINUTES_NATURAL``).

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2, ``minutes`` not an integer >= 0
            (at most 1000 under the natural 2/12 house rule), or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> wake_chance(0, 1), wake_chance(0, 2)
    (Fraction(5, 12), Fraction(109, 144))
    >>> wake_chance(-2, 0), wake_chance(0, 7)
    (Fraction(0, 1), Fraction(1, 1))
    >>> wake_chance(6, 2, variant=Variant(natural_two_twelve=True))
    Fraction(1295, 1296)
    """
    endurance_dm = _endurance_dm(endurance_dm)
    variant = _check_variant(variant)
    if variant.natural_two_twelve:
        minutes = check_int("minutes", minutes, 0, MAX_WAKE_MINUTES_NATURAL)
    else:
        minutes = check_int("minutes", minutes, 0)
    still = Fraction(1)
    checks = _wake_checks(endurance_dm, variant)
    for minute, chance in checks:
        if minute > minutes:
            break
        still *= 1 - chance
    last_minute, last_chance = checks[-1]
    if minutes > last_minute and last_chance < 1:
        still *= (1 - last_chance) ** (minutes - last_minute)
    return 1 - still


def wake_distribution(
    endurance_dm: int, *, variant: Variant = DEFAULT_VARIANT
) -> Distribution[int]:
    """The distribution of the minute at which an unconscious character comes to.

    Rule: as :func:`wake_chance` (whose value at ``m`` minutes is the chance of an outcome <=
    ``m``). The +1 DM per failed check makes waking certain once the DM reaches +6, so the
    distribution has at most 11 outcomes. Under the natural 2/12 house rule waking is never
    certain and the distribution has no last minute: it is refused (``wake_chance`` gives the
    chance minute by minute).

    Raises:
        ValueError: ``endurance_dm`` is not an integer >= -2, or ``variant`` not a
            :class:`~rules.cepheus.Variant` with ``natural_two_twelve`` False.

    >>> dist = wake_distribution(0)
    >>> dist[1], dist[2], max(dist)
    (Fraction(5, 12), Fraction(49, 144), 7)
    """
    endurance_dm = _endurance_dm(endurance_dm)
    variant = _check_variant(variant)
    if variant.natural_two_twelve:
        raise InvalidInput(
            "variant",
            "a Variant with natural_two_twelve False (with a natural 2 always failing, waking "
            "is never certain and the minute has no last value: use wake_chance)",
            variant,
        )
    still = Fraction(1)
    result: dict[int, Fraction] = {}
    for minute, chance in _wake_checks(endurance_dm, variant):
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


# --- Recovery over days -----------------------------------------------------------------------

MAX_RECOVERY_DAYS: Final = 60
"""The most days :func:`recovery_odds` follows (a bound of ours: the work grows with the days)."""

MAX_RECOVERY_SCORE: Final = 20
"""The highest maximum score :func:`recovery_odds` takes (a bound of ours: the states it follows
grow with the scores; 20 and 60 days take about a tenth of a second)."""

_HEAL_ORDER: Final = (
    Characteristic.ENDURANCE,
    Characteristic.STRENGTH,
    Characteristic.DEXTERITY,
)

_Scores = tuple[int, int, int]
"""(strength, dexterity, endurance), as :class:`Physical` orders them."""

_INDEX: Final = {
    Characteristic.STRENGTH: 0,
    Characteristic.DEXTERITY: 1,
    Characteristic.ENDURANCE: 2,
}


def _check_heal_order(order: object) -> tuple[int, ...]:
    """``order`` as the indices (into :data:`_Scores`) of a permutation of the three."""
    allowed = "a permutation of 'endurance', 'strength', 'dexterity'"
    try:
        items = check_items("order", order, "characteristics", max_items=len(Characteristic))
    except InvalidInput:
        raise InvalidInput("order", allowed, order) from None
    sequence = tuple(
        check_choice(f"order[{index}]", item, Characteristic) for index, item in enumerate(items)
    )
    if sorted(sequence) != sorted(Characteristic):
        raise InvalidInput("order", allowed, order)
    return tuple(_INDEX[c] for c in sequence)


def _restore(scores: _Scores, top: _Scores, points: int, order: tuple[int, ...]) -> _Scores:
    """``points`` (> 0) filling ``order`` up to ``top``; lost (< 0) in reverse order to 0."""
    values = list(scores)
    if points >= 0:
        for i in order:
            given = min(points, top[i] - values[i])
            values[i] += given
            points -= given
    else:
        lost = -points
        for i in reversed(order):
            taken = min(lost, values[i])
            values[i] -= taken
            lost -= taken
    return values[0], values[1], values[2]


def _spread_evenly(scores: _Scores, top: _Scores, points: int, order: tuple[int, ...]) -> _Scores:
    """``points`` (>= 0) dealt one at a time to the damaged characteristics, in ``order``."""
    values = list(scores)
    while points > 0:
        damaged = [i for i in order if values[i] < top[i]]
        if not damaged:
            break
        for i in damaged:
            if points == 0:
                break
            values[i] += 1
            points -= 1
    return values[0], values[1], values[2]


def heal(
    current: Physical,
    maximum: Physical,
    points: int,
    *,
    order: Sequence[Characteristic | str] = _HEAL_ORDER,
) -> Physical:
    """The physical characteristics after ``points`` are restored (or lost, if negative).

    Rule: ``003_c7092257a5e3046d.txt``, "Injury and Recovery" ("When characteristic points
    return from healing, players may choose which characteristic regains the points and may
    split healing between characteristics if they wish"), "First Aid" ("divided as desired among
    all damaged physical characteristics"); "Damage" ("Once a character has taken damage, any
    damage ... is allocated to any of the three physical characteristics as the character so
    chooses").

    Interpretations (the player's choice made explicit): restored points fill the
    characteristics in ``order``, each up to its maximum (points beyond the maximum of all
    three are lost); points lost (a failed surgery, a day of healing below 0) come from the
    characteristics in the reverse of ``order``, each down to 0 (the last to heal loses first).

    Raises:
        ValueError: the characteristics are not :class:`Physical` with current <= maximum,
            ``points`` is not an integer, or ``order`` not a permutation of the three.

    >>> heal(Physical(5, 8, 2), Physical(7, 8, 6), 5)
    Physical(strength=6, dexterity=8, endurance=6)
    >>> heal(Physical(5, 8, 2), Physical(7, 8, 6), -9)
    Physical(strength=4, dexterity=0, endurance=2)
    """
    _check_pair(current, maximum)
    points = check_int("points", points)
    sequence = _check_heal_order(order)
    scores = (current.strength, current.dexterity, current.endurance)
    top = (maximum.strength, maximum.dexterity, maximum.endurance)
    return Physical(*_restore(scores, top, points, sequence))


@output_record
@dataclass(frozen=True, slots=True)
class RecoveryOdds:
    """The chance, day by day, that a character is whole again (or dead) after healing."""

    whole: tuple[Fraction, ...]
    """``whole[n]``: the chance that every physical characteristic is at its maximum after
    ``n`` days (``whole[0]``: already now)."""
    dead: tuple[Fraction, ...]
    """``dead[n]``: the chance that all three are at 0 after ``n`` days (points lost)."""
    expected_days: Fraction | None
    """The expected number of days to be whole, when being whole is certain within the days
    followed; None otherwise."""


def _day(
    scores: _Scores,
    top: _Scores,
    order: tuple[int, ...],
    rest: Rest,
    medicine_skill: int | None,
    care_with_natural: bool,
) -> list[_Scores]:
    """The six equally likely states after one day from ``scores`` (one per face of the D6;
    the same state six times when no die is rolled)."""
    serious = all(scores[i] < top[i] for i in range(3))
    dm = characteristic_dm(scores[2])
    if serious and rest is not Rest.FULL:
        raise InvalidInput(
            "rest",
            "'full' when the character is or may become seriously wounded (the source gives "
            "the seriously wounded a rate per day of rest only)",
            rest.value,
        )
    if medicine_skill is not None and not serious:
        cared = _spread_evenly(scores, top, MEDICAL_CARE_BASE + dm + medicine_skill, order)
        if not care_with_natural:
            return [cared] * 6
        scores = cared
    if serious:
        return [_restore(scores, top, dm, order)] * 6
    if rest is Rest.ACTIVE:
        return [_restore(scores, top, 1 + dm, order)] * 6
    return [_restore(scores, top, face + dm, order) for face in range(1, 7)]


def recovery_odds(
    current: Physical,
    maximum: Physical,
    days: int,
    *,
    rest: Rest | str = "full",
    order: Sequence[Characteristic | str] = _HEAL_ORDER,
    medicine_skill: int | None = None,
    care_with_natural: bool = False,
) -> RecoveryOdds:
    """The exact chance of being whole again (every physical characteristic at its maximum)
    after each of ``days`` days of healing, day by day.

    Rule: ``003_c7092257a5e3046d.txt``, "Natural Healing" (1D6 + Endurance DM a day of full
    rest, 1 + Endurance DM a day of active life, the Endurance DM alone a day of rest when
    seriously wounded, and points lost when that is below 0), "Medical Care" (2 + Endurance DM
    + the doctor's Medicine skill a day, "divided evenly among all damaged characteristics",
    with full bed rest), "Surgery" ("Once one characteristic is back to its maximum level the
    patient can benefit from medical care") and "Injury and Recovery" (seriously wounded: at
    least one point lost from all three; no longer as soon as one is restored). Each day's
    rate is taken from that morning's state: the Endurance DM of the current Endurance
    (:func:`~rules.cepheus.characteristic_dm`) and whether all three are damaged. Being whole
    ends the healing; all three at 0 is death.

    Interpretations (the chapter is silent; each is the caller's choice or stated here):

    * where the points go is the player's choice, made explicit as ``order`` (see
      :func:`heal`): natural healing fills the characteristics in ``order``; points lost come
      from them in reverse order;
    * medical care (``medicine_skill`` not None) is "divided evenly": dealt one point at a
      time to each damaged characteristic in ``order``, so a remainder goes first in
      ``order``; it starts once the character is not seriously wounded (before that, the day
      is natural healing); the chapter does not say whether it replaces natural healing or
      adds to it: ``care_with_natural`` (care first, then the natural healing);
    * medical care needs full bed rest and the seriously wounded heal only on days of rest:
      ``rest="active"`` is refused with medical care, or when a seriously wounded state can be
      reached.

    ``days`` is at most :data:`MAX_RECOVERY_DAYS`, each maximum at most
    :data:`MAX_RECOVERY_SCORE` (60 and 20).

    Raises:
        ValueError: the characteristics are not :class:`Physical` with current <= maximum (a
            maximum above 20), ``days`` is not an integer in 0..60, ``rest`` not 'full' or
            'active' (see above), ``order`` not a permutation of the three, ``medicine_skill``
            not None or an integer >= 0, or ``care_with_natural`` not a bool.

    Endurance 6 of 8 (DM +0) on full rest: 1D6 covers the 2 points on 2+ (5/6); after a 1,
    Endurance 7 needs 1 point, which any roll gives.

    >>> odds = recovery_odds(Physical(7, 8, 6), Physical(7, 8, 8), 2)
    >>> odds.whole, odds.expected_days
    ((Fraction(0, 1), Fraction(5, 6), Fraction(1, 1)), Fraction(7, 6))
    """
    _check_pair(current, maximum)
    for c in Characteristic:
        if maximum[c] > MAX_RECOVERY_SCORE:
            allowed = f"scores of at most {MAX_RECOVERY_SCORE} ({c.value})"
            raise InvalidInput("maximum", allowed, maximum[c], where=f" {c.value}")
    days = check_int("days", days, 0, MAX_RECOVERY_DAYS)
    kind = check_choice("rest", rest, Rest)
    sequence = _check_heal_order(order)
    skill = None if medicine_skill is None else check_int("medicine_skill", medicine_skill, 0)
    both = check_bool("care_with_natural", care_with_natural)
    if skill is not None and kind is not Rest.FULL:
        raise InvalidInput(
            "rest", "'full' with medical care (it requires full bed rest)", kind.value
        )
    top: _Scores = (maximum.strength, maximum.dexterity, maximum.endurance)
    dead_state: _Scores = (0, 0, 0)
    states: dict[_Scores, int] = {(current.strength, current.dexterity, current.endurance): 1}
    whole_count = dead_count = 0
    whole: list[Fraction] = []
    dead: list[Fraction] = []
    cache: dict[_Scores, list[_Scores]] = {}
    for day in range(days + 1):
        total = 6**day
        whole_count += states.pop(top, 0)
        dead_count += states.pop(dead_state, 0)
        whole.append(Fraction(whole_count, total))
        dead.append(Fraction(dead_count, total))
        if day == days:
            break
        after: dict[_Scores, int] = {}
        for scores, count in states.items():
            if scores not in cache:
                cache[scores] = _day(scores, top, sequence, kind, skill, both)
            for state in cache[scores]:
                after[state] = after.get(state, 0) + count
        states = after
        whole_count *= 6
        dead_count *= 6
    expected = None
    if whole[-1] == 1:
        expected = sum((1 - chance for chance in whole[:-1]), Fraction(0))
    return RecoveryOdds(tuple(whole), tuple(dead), expected)
