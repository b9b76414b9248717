"""Recovery: fatigue, unconsciousness, natural healing, first aid, surgery, medical care."""

from __future__ import annotations

import inspect
import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import Difficulty, FatigueResult, Physical, Rest, WoundState
from rules.dice import Distribution, enumerate_dice

DMS = st.integers(-2, 8)


def brute_check(dm: int) -> Fraction:
    """Oracle: the chance of 2D6 + dm >= 8, over the 36 rolls."""
    rolls = list(enumerate_dice(2, 6))
    return Fraction(sum(1 for roll in rolls if sum(roll) + dm >= 8), len(rolls))


def brute_wake(endurance_dm: int, minutes: int) -> Fraction:
    """Oracle: 1 minus the direct product of the failures of every minute's check."""
    still = Fraction(1)
    for minute in range(1, minutes + 1):
        still *= 1 - brute_check(endurance_dm + minute - 1)
    return 1 - still


# --- Fatigue ---------------------------------------------------------------------------------


# Source: "Fatigue": "The amount of rest needed is 3 - the character's Endurance DM hours."
@pytest.mark.parametrize(("dm", "hours"), [(-2, 5), (-1, 4), (0, 3), (1, 2), (2, 1), (3, 0)])
def test_fatigue_rest_hours(dm: int, hours: int) -> None:
    assert cepheus.fatigue_rest_hours(dm) == hours


def test_fatigue_rest_never_negative() -> None:
    # Interpretation: a DM above +3 needs no rest, not a negative time.
    assert cepheus.fatigue_rest_hours(4) == 0
    assert cepheus.fatigue_rest_hours(10) == 0


def test_fatigue_dm_and_fatigue_while_fatigued() -> None:
    # Source: "A fatigued character suffers a -2 DM to all checks until he rests."
    assert cepheus.FATIGUE_DM == -2
    # Source: "If a character suffers fatigue while already fatigued they fall unconscious."
    assert cepheus.suffer_fatigue(False) is FatigueResult.FATIGUED
    assert cepheus.suffer_fatigue(True) is FatigueResult.UNCONSCIOUS


# --- Unconsciousness -------------------------------------------------------------------------


def test_wake_first_minute_is_a_plain_endurance_check() -> None:
    # Source: "An unconscious character may make an Endurance check after every minute".
    for dm in range(-2, 7):
        assert cepheus.wake_chance(dm, 1) == cepheus.check_probability(dm)
    assert cepheus.wake_chance(0, 0) == 0


def test_wake_plus_one_per_failed_check() -> None:
    # Source: "try again with a +1 DM on the check for every check previously failed".
    second = 1 - (1 - Fraction(15, 36)) * (1 - Fraction(21, 36))
    assert cepheus.wake_chance(0, 2) == second
    # From DM +6 the check cannot fail: Endurance DM 0 wakes by the seventh minute at the latest.
    assert cepheus.wake_chance(0, 6) < 1
    assert cepheus.wake_chance(0, 7) == 1
    assert cepheus.wake_chance(-2, 9) == 1 > cepheus.wake_chance(-2, 8)


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(DMS, st.integers(0, 15))
@example(-2, 1)
@example(0, 7)
def test_wake_chance_matches_the_product_over_the_minutes(dm: int, minutes: int) -> None:
    chance = cepheus.wake_chance(dm, minutes)
    assert chance == brute_wake(dm, minutes)
    assert 0 <= chance <= 1


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(DMS, st.integers(0, 15))
def test_wake_chance_never_falls_with_time_or_endurance(dm: int, minutes: int) -> None:
    assert cepheus.wake_chance(dm, minutes) <= cepheus.wake_chance(dm, minutes + 1)
    assert cepheus.wake_chance(dm, minutes) <= cepheus.wake_chance(dm + 1, minutes)


def test_wake_chance_is_fast_for_any_minutes() -> None:
    assert cepheus.wake_chance(-2, 2**53 - 1) == 1


@pytest.mark.parametrize("dm", range(-2, 9))
def test_wake_distribution_is_the_difference_of_wake_chances(dm: int) -> None:
    dist = cepheus.wake_distribution(dm)
    assert sum(dist.values()) == 1
    for minute in range(1, 14):
        assert dist.get(minute) == brute_wake(dm, minute) - brute_wake(dm, minute - 1)


# --- Natural healing -------------------------------------------------------------------------


# Source: "regains a number of characteristic points equal to his 1D6 + Endurance DM per day of
# full rest ... 1 + Endurance DM per day" (active) "... only regains characteristic points equal
# to his Endurance DM per day of rest" (seriously wounded).
@pytest.mark.parametrize("dm", range(-2, 4))
def test_natural_healing_rates(dm: int) -> None:
    assert cepheus.natural_healing(dm) == {dm + face: Fraction(1, 6) for face in range(1, 7)}
    assert cepheus.natural_healing(dm, rest="active") == {1 + dm: 1}
    assert cepheus.natural_healing(dm, rest=Rest.ACTIVE) == {1 + dm: 1}
    assert cepheus.natural_healing(dm, seriously_wounded=True) == {dm: 1}


def test_low_endurance_may_degrade() -> None:
    # Source: "Characters with a low Endurance DM ... may degrade (lose more characteristic
    # points) over time if they are unlucky or cannot (or will not) rest."
    assert cepheus.natural_healing(-2)[-1] == Fraction(1, 6)
    assert cepheus.natural_healing(-2, rest="active") == {-1: 1}
    # Source: "will even get worse if his Endurance DM is currently negative".
    assert cepheus.natural_healing(-1, seriously_wounded=True) == {-1: 1}
    # "may never heal naturally"
    assert cepheus.natural_healing(0, seriously_wounded=True) == {0: 1}


def test_seriously_wounded_active_rate_is_not_given() -> None:
    # Interpretation: the source gives the seriously wounded a rate per day of rest only.
    with pytest.raises(ValueError, match="rest must be 'full' when seriously_wounded"):
        cepheus.natural_healing(1, rest="active", seriously_wounded=True)


def brute_days(dm: int, days: int, rest: str, serious: bool) -> dict[int, Fraction]:
    """Oracle: enumerate every roll of the day's dice over the days."""
    per_day = 0 if serious else (1 + dm if rest == "active" else None)
    if per_day is not None or serious:
        return {days * (dm if serious else 1 + dm): Fraction(1)}
    rolls = list(itertools.product(range(1, 7), repeat=days))
    counts = Counter(sum(roll) + days * dm for roll in rolls)
    return {total: Fraction(n, len(rolls)) for total, n in counts.items()}


@pytest.mark.parametrize("days", range(0, 5))
@pytest.mark.parametrize("dm", [-2, 0, 2])
@pytest.mark.parametrize(("rest", "serious"), [("full", False), ("active", False), ("full", True)])
def test_healing_over_days_matches_enumeration(
    dm: int, days: int, rest: str, serious: bool
) -> None:
    got = cepheus.natural_healing_over(dm, days, rest=rest, seriously_wounded=serious)
    assert got == brute_days(dm, days, rest, serious)


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(DMS, st.integers(0, 40), st.sampled_from(["full", "active"]), st.booleans())
def test_healing_never_exceeds_what_the_rule_allows(
    dm: int, days: int, rest: str, serious: bool
) -> None:
    if serious and rest == "active":
        return
    dist = cepheus.natural_healing_over(dm, days, rest=rest, seriously_wounded=serious)
    most = days * (dm if serious else (1 + dm if rest == "active" else 6 + dm))
    least = days * (dm if serious else 1 + dm)
    assert least <= min(dist) and max(dist) <= most
    assert sum(dist.values()) == 1
    assert all(0 < p <= 1 for p in dist.values())
    # A day of full rest heals at least as much as an active day, and more than a seriously
    # wounded one.
    assert min(cepheus.natural_healing(dm)) >= max(cepheus.natural_healing(dm, rest="active"))


def test_healing_days_bound() -> None:
    assert max(cepheus.natural_healing_over(0, 300)) == 1800
    with pytest.raises(ValueError, match=r"days must be an integer in 0\.\.300"):
        cepheus.natural_healing_over(0, 301)


def test_mental_characteristics_heal_one_point_a_day() -> None:
    # Source: "each mental characteristic heals at the rate of one point per day".
    assert cepheus.MENTAL_HEALING_PER_DAY == 1
    assert cepheus.mental_healing(4) == 4


# --- When a character stops being seriously wounded ------------------------------------------


def test_restoring_one_characteristic_ends_seriously_wounded() -> None:
    # Source: "A character is considered seriously wounded if he has lost at least one point from
    # all three of his physical characteristics. As soon as one of his physical characteristics
    # is restored, no matter how, he is no longer seriously wounded."
    maximum = Physical(7, 8, 9)
    assert cepheus.wound_state(Physical(5, 6, 7), maximum) is WoundState.SERIOUSLY_WOUNDED
    assert cepheus.wound_state(Physical(7, 6, 7), maximum) is WoundState.WOUNDED
    # One point back that does not restore a characteristic changes nothing.
    assert cepheus.wound_state(Physical(6, 6, 7), maximum) is WoundState.SERIOUSLY_WOUNDED


# --- First aid, surgery, medical care --------------------------------------------------------


# Source: "restores a number of characteristic points equal to twice the Effect of the Medicine
# check ... within five minutes ... up to an hour after their injury but they only receive a
# number of characteristic points equal to the Effect".
@pytest.mark.parametrize(
    ("effect", "minutes", "points"),
    [
        (3, 0, 6),
        (3, 5, 6),
        (3, Fraction(51, 10), 3),
        (3, 5.5, 3),
        (3, 60, 3),
        (3, 61, 0),
        (0, 0, 0),
        (6, 1, 12),
        (-1, 0, 0),
        (-6, 30, 0),
    ],
)
def test_first_aid(effect: int, minutes: object, points: int) -> None:
    assert cepheus.first_aid(effect, minutes_after=minutes) == points


def test_self_treatment_difficulties() -> None:
    # Source: "Performing first aid on yourself is a Difficult (-2) task" and "Performing surgery
    # on yourself is a Very Difficult (-4) task".
    assert cepheus.FIRST_AID_SELF is Difficulty.DIFFICULT and cepheus.FIRST_AID_SELF.dm == -2
    assert cepheus.SURGERY_SELF is Difficulty.VERY_DIFFICULT and cepheus.SURGERY_SELF.dm == -4


# Source: "Surgery restores characteristic points just like first aid but if the check is failed
# the patient loses characteristic points equal to the Effect."
@pytest.mark.parametrize(("effect", "points"), [(0, 0), (2, 4), (6, 12), (-1, -1), (-7, -7)])
def test_surgery(effect: int, points: int) -> None:
    assert cepheus.surgery(effect) == points


@settings(deadline=None)  # exact arithmetic on a shared, loaded machine
@given(st.integers(-20, 20), st.fractions(0, 100))
def test_first_aid_and_surgery_bounds(effect: int, minutes: Fraction) -> None:
    restored = cepheus.first_aid(effect, minutes_after=minutes)
    assert 0 <= restored <= 2 * max(effect, 0)
    assert cepheus.surgery(effect) == (2 * effect if effect >= 0 else effect)


# Source: "Medical care restores 2 + the character's Endurance DM + the doctor's Medicine skill
# in characteristic points per day".
@pytest.mark.parametrize(("dm", "skill", "points"), [(0, 0, 2), (-2, 0, 0), (1, 3, 6), (2, 1, 5)])
def test_medical_care(dm: int, skill: int, points: int) -> None:
    assert cepheus.medical_care_per_day(dm, skill) == points


# --- Bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: cepheus.fatigue_rest_hours(-3), "endurance_dm"),
        (lambda: cepheus.fatigue_rest_hours(1.0), "endurance_dm"),
        (lambda: cepheus.suffer_fatigue(1), "fatigued"),
        (lambda: cepheus.wake_chance(0, -1), "minutes"),
        (lambda: cepheus.wake_chance(True, 1), "endurance_dm"),
        (lambda: cepheus.wake_distribution("0"), "endurance_dm"),
        (lambda: cepheus.natural_healing(0, rest="lazy"), "rest"),
        (lambda: cepheus.natural_healing(0, seriously_wounded=None), "seriously_wounded"),
        (lambda: cepheus.natural_healing_over(0, -1), "days"),
        (lambda: cepheus.first_aid(2.5), "effect"),
        (lambda: cepheus.first_aid(2, minutes_after=-1), "minutes_after"),
        (lambda: cepheus.first_aid(2, minutes_after=float("nan")), "minutes_after"),
        (lambda: cepheus.surgery(None), "effect"),
        (lambda: cepheus.medical_care_per_day(0, -1), "medicine_skill"),
        (lambda: cepheus.medical_care_per_day(-3, 1), "endurance_dm"),
        (lambda: cepheus.mental_healing(-1), "days"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_parameter(call: object, parameter: str) -> None:
    with pytest.raises(ValueError, match=f"^{parameter} must be") as info:
        call()  # type: ignore[operator]
    assert info.value.parameter == parameter  # type: ignore[attr-defined]


def test_the_external_api_of_issue_15() -> None:
    # The exact names and signatures other code calls (issue 15, "Public API").
    def shape(function: object) -> list[tuple[str, str, object]]:
        signature = inspect.signature(function)  # type: ignore[arg-type]
        return [(p.name, p.kind.name, p.default) for p in signature.parameters.values()]

    empty = inspect.Parameter.empty
    assert shape(cepheus.first_aid) == [
        ("effect", "POSITIONAL_OR_KEYWORD", empty),
        ("minutes_after", "KEYWORD_ONLY", 0),
    ]
    assert shape(cepheus.surgery) == [("effect", "POSITIONAL_OR_KEYWORD", empty)]
    assert shape(cepheus.medical_care_per_day) == [
        ("endurance_dm", "POSITIONAL_OR_KEYWORD", empty),
        ("medicine_skill", "POSITIONAL_OR_KEYWORD", empty),
    ]
    assert shape(cepheus.natural_healing) == [
        ("endurance_dm", "POSITIONAL_OR_KEYWORD", empty),
        ("rest", "KEYWORD_ONLY", "full"),
        ("seriously_wounded", "KEYWORD_ONLY", False),
    ]
    assert shape(cepheus.wake_chance) == [
        ("endurance_dm", "POSITIONAL_OR_KEYWORD", empty),
        ("minutes", "POSITIONAL_OR_KEYWORD", empty),
        ("variant", "KEYWORD_ONLY", cepheus.Variant()),  # issue 29: the rule variant
    ]
    assert shape(cepheus.fatigue_rest_hours) == [("endurance_dm", "POSITIONAL_OR_KEYWORD", empty)]
    assert isinstance(cepheus.first_aid(2), int)
    assert isinstance(cepheus.wake_chance(0, 3), Fraction)
    assert isinstance(cepheus.natural_healing(0), Distribution)


# --- Recovery over days ----------------------------------------------------------------------

NAMES = ("strength", "dexterity", "endurance")


def brute_recovery(
    current: tuple[int, int, int],
    maximum: tuple[int, int, int],
    days: int,
    order: tuple[str, ...],
    rest: str = "full",
    medicine_skill: int | None = None,
    care_with_natural: bool = False,
) -> tuple[list[Fraction], list[Fraction]]:
    """Oracle: every sequence of ``days`` D6, each day's healing written out from the source.

    A die is rolled every day (ignored on days whose rate has none), so every sequence has the
    same weight."""
    whole = [Fraction(0)] * (days + 1)
    dead = [Fraction(0)] * (days + 1)
    sequences = list(itertools.product(range(1, 7), repeat=days))
    for faces in sequences:
        now = dict(zip(NAMES, current, strict=True))
        top = dict(zip(NAMES, maximum, strict=True))
        for day in range(days + 1):
            if now == top:
                whole[day] += Fraction(1, len(sequences))
                continue
            if not any(now.values()):
                dead[day] += Fraction(1, len(sequences))
                continue
            if day == days:
                continue
            dm = now["endurance"] // 3 - 2  # Characteristic DM = floor(score / 3) - 2
            serious = all(now[n] < top[n] for n in NAMES)
            points = []  # (points, evenly)
            if medicine_skill is not None and not serious:
                points.append((2 + dm + medicine_skill, True))
                if care_with_natural:
                    points.append((faces[day] + dm, False))
            elif serious:
                points.append((dm, False))
            elif rest == "active":
                points.append((1 + dm, False))
            else:
                points.append((faces[day] + dm, False))
            for amount, evenly in points:
                while amount > 0 and now != top:
                    damaged = [n for n in order if now[n] < top[n]]
                    for n in damaged if evenly else damaged[:1]:
                        if amount and now[n] < top[n]:
                            now[n] += 1
                            amount -= 1
                while amount < 0 and any(now.values()):
                    n = next(n for n in reversed(order) if now[n] > 0)
                    now[n] -= 1
                    amount += 1
    return whole, dead


ORDERS = list(itertools.permutations(NAMES))


@pytest.mark.parametrize(
    ("current", "maximum", "days", "options"),
    [
        ((7, 8, 6), (7, 8, 8), 2, {}),
        ((5, 8, 2), (7, 8, 6), 4, {}),
        ((5, 6, 2), (7, 8, 6), 4, {}),  # seriously wounded, DM -2: degrades
        ((6, 6, 7), (7, 8, 9), 3, {}),  # seriously wounded, DM +0: stuck
        ((5, 8, 7), (7, 8, 9), 4, {"rest": "active"}),
        ((3, 8, 1), (7, 8, 6), 3, {"medicine_skill": 1}),
        ((3, 5, 4), (7, 8, 6), 4, {"medicine_skill": 2}),
        ((3, 5, 4), (7, 8, 6), 4, {"medicine_skill": 0, "care_with_natural": True}),
        ((1, 0, 1), (4, 3, 5), 4, {}),
    ],
)
def test_recovery_odds_match_enumeration(
    current: tuple[int, int, int],
    maximum: tuple[int, int, int],
    days: int,
    options: dict[str, object],
) -> None:
    for order in ORDERS:
        odds = cepheus.recovery_odds(
            Physical(*current), Physical(*maximum), days, order=order, **options
        )
        whole, dead = brute_recovery(current, maximum, days, order, **options)  # type: ignore[arg-type]
        assert list(odds.whole) == whole
        assert list(odds.dead) == dead


def test_recovery_by_hand() -> None:
    # Source: "1D6 + Endurance DM per day of full rest". Endurance 6 of 8 (DM +0): whole on 2+
    # the first day; after a 1 (Endurance 7) any roll heals the last point.
    odds = cepheus.recovery_odds(Physical(7, 8, 6), Physical(7, 8, 8), 3)
    assert odds.whole == (0, Fraction(5, 6), 1, 1)
    assert odds.expected_days == 1 + Fraction(1, 6)
    # Source: "A seriously wounded character only regains ... his Endurance DM per day of
    # rest": Endurance 7 (DM 0) never heals; Endurance 2 (DM -2) loses 2 a day to death.
    stuck = cepheus.recovery_odds(Physical(6, 6, 7), Physical(7, 8, 9), 10)
    assert set(stuck.whole) == {0} and stuck.expected_days is None
    dying = cepheus.recovery_odds(Physical(1, 1, 2), Physical(7, 8, 6), 3)
    assert dying.dead == (0, 0, 1, 1)
    # Source: "Medical care restores 2 + the character's Endurance DM + the doctor's Medicine
    # skill": Endurance 6 (DM 0), Medicine 2: 4 a day, 7 points missing: 2 days.
    care = cepheus.recovery_odds(Physical(3, 8, 6), Physical(7, 8, 9), 3, medicine_skill=2)
    assert care.whole == (0, 0, 1, 1) and care.expected_days == 2


def test_medical_care_waits_until_not_seriously_wounded() -> None:
    # Source: "Once one characteristic is back to its maximum level the patient can benefit
    # from medical care." Seriously wounded with Endurance DM 0: natural healing gives 0, so
    # medical care never starts.
    odds = cepheus.recovery_odds(Physical(6, 7, 7), Physical(7, 8, 9), 5, medicine_skill=3)
    assert set(odds.whole) == {0}


def test_heal_fills_in_order_and_loses_in_reverse() -> None:
    hurt, top = Physical(5, 8, 2), Physical(7, 8, 6)
    assert cepheus.heal(hurt, top, 5) == Physical(6, 8, 6)
    assert cepheus.heal(hurt, top, 100) == top
    assert cepheus.heal(hurt, top, 3, order=("strength", "endurance", "dexterity")) == Physical(
        7, 8, 3
    )
    assert cepheus.heal(hurt, top, -3) == Physical(5, 5, 2)  # the last in order loses first
    assert cepheus.heal(hurt, top, -10) == Physical(3, 0, 2)
    assert cepheus.heal(hurt, top, -100) == Physical(0, 0, 0)


def test_recovery_refuses_what_the_source_does_not_give() -> None:
    serious, top = Physical(6, 7, 7), Physical(7, 8, 9)
    with pytest.raises(ValueError, match=r"^rest must be 'full' when the character"):
        cepheus.recovery_odds(serious, top, 3, rest="active")
    with pytest.raises(ValueError, match=r"^rest must be 'full' with medical care"):
        cepheus.recovery_odds(Physical(7, 7, 7), top, 3, rest="active", medicine_skill=1)
    with pytest.raises(ValueError, match=r"^days must be an integer in 0\.\.60, got 61"):
        cepheus.recovery_odds(serious, top, 61)
    with pytest.raises(ValueError, match=r"^maximum strength must be scores of at most 20"):
        cepheus.recovery_odds(Physical(6, 7, 7), Physical(21, 8, 9), 3)
    with pytest.raises(ValueError, match=r"^order must be a permutation"):
        cepheus.recovery_odds(serious, top, 3, order=("strength", "strength", "endurance"))
    with pytest.raises(ValueError, match=r"^medicine_skill must be"):
        cepheus.recovery_odds(serious, top, 3, medicine_skill=-1)


SCORES = st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))


@settings(max_examples=60, deadline=None)
@given(
    SCORES,
    SCORES,
    st.integers(0, 12),
    st.sampled_from(ORDERS),
    st.sampled_from(["full", "active"]),
    st.none() | st.integers(0, 3),
    st.booleans(),
)
def test_recovery_invariants(
    a: tuple[int, int, int],
    b: tuple[int, int, int],
    days: int,
    order: tuple[str, ...],
    rest: str,
    skill: int | None,
    both: bool,
) -> None:
    current = Physical(*map(min, a, b))
    maximum = Physical(*map(max, a, b))
    try:
        odds = cepheus.recovery_odds(
            current, maximum, days, order=order, rest=rest, medicine_skill=skill,
            care_with_natural=both,
        )  # fmt: skip
    except ValueError as error:
        assert getattr(error, "parameter", None) == "rest"
        return
    assert len(odds.whole) == len(odds.dead) == days + 1
    for whole, dead in zip(odds.whole, odds.dead, strict=True):
        assert whole >= 0 and dead >= 0 and whole + dead <= 1
    # Being whole (or dead) ends the healing: the chances never go down.
    assert list(odds.whole) == sorted(odds.whole)
    assert list(odds.dead) == sorted(odds.dead)
    assert (odds.whole[0] == 1) == (current == maximum)
    if odds.expected_days is not None:
        assert odds.whole[-1] == 1
        assert 0 <= odds.expected_days <= days
    # Healing never exceeds the maximum: heal() of any points stays within 0..maximum.
    for points in (-30, -1, 1, 30):
        healed = cepheus.heal(current, maximum, points, order=order)
        assert all(0 <= healed[n] <= maximum[n] for n in NAMES)
