"""Weave (``rules.cepheus.weave``): the driver's and the pursuer's checks, against enumeration."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from tests.rules.cepheus.vehicle_oracles import (
    HOUSE,
    TWO_D6,
    Dice,
    check_effect,
)


# Source ("Weave"): "as low as one or as high as one per 20 km/h of speed (round up)".
@pytest.mark.parametrize(
    ("speed", "highest"), [(0, 0), (Fraction(1, 2), 1), (20, 1), (21, 2), (40, 2), (130, 7)]
)
def test_max_weave(speed: int | Fraction, highest: int) -> None:
    assert cepheus.max_weave(speed) == highest


@pytest.mark.parametrize("natural", [False, True], ids=["printed", "natural-2-12"])
@pytest.mark.parametrize("weave", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(("driver_dm", "pursuer_dm"), [(0, 0), (3, 1), (-2, 6), (8, -4), (12, 9)])
def test_weave_matches_enumeration(
    weave: int, driver_dm: int, pursuer_dm: int, natural: bool
) -> None:
    variant = HOUSE if natural else cepheus.DEFAULT_VARIANT
    odds = cepheus.weave_odds(
        100, weave, driver_dm=driver_dm, pursuer_dm=pursuer_dm, variant=variant
    )
    outcome: Counter[str] = Counter()
    for driver, pursuer in itertools.product(TWO_D6.elements(), repeat=2):
        if check_effect(driver, driver_dm - weave, natural) < 0:
            outcome["driver crashes"] += 1
        elif check_effect(pursuer, pursuer_dm - weave, natural) < 0:
            outcome["pursuer crashes"] += 1
        else:
            outcome["pursuit holds"] += 1
    assert odds.driver_crash == Fraction(outcome["driver crashes"], 36 * 36)
    assert odds.pursuer_crash == Fraction(outcome["pursuer crashes"], 36 * 36)
    assert odds.pursuit_holds == Fraction(outcome["pursuit holds"], 36 * 36)
    assert odds.driver_crash + odds.pursuer_crash + odds.pursuit_holds == 1
    assert odds.driver_success * odds.pursuer_success_if_following == odds.pursuit_holds


def test_weave_bounds() -> None:
    with pytest.raises(ValueError, match=r"^weave must be an integer in 1\.\.2, got 3"):
        cepheus.weave_odds(40, 3, driver_dm=0)
    with pytest.raises(ValueError, match=r"^speed_kph must be a number > 0"):
        cepheus.weave_odds(0, 1, driver_dm=0)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 400), st.integers(-10, 10), st.integers(-10, 10), st.data())
def test_a_faster_weave_is_never_easier(
    speed: int, driver_dm: int, pursuer_dm: int, data: st.DataObject
) -> None:
    highest = cepheus.max_weave(speed)
    weave = data.draw(st.integers(1, highest))
    odds = cepheus.weave_odds(speed, weave, driver_dm=driver_dm, pursuer_dm=pursuer_dm)
    assert odds.driver_crash + odds.pursuer_crash + odds.pursuit_holds == 1
    if weave < highest:
        harder = cepheus.weave_odds(speed, weave + 1, driver_dm=driver_dm, pursuer_dm=pursuer_dm)
        assert harder.driver_crash >= odds.driver_crash
        assert harder.pursuer_success_if_following <= odds.pursuer_success_if_following
        assert harder.pursuit_holds <= odds.pursuit_holds


def test_roll_weave_matches_every_roll() -> None:
    for faces in itertools.product(range(1, 7), repeat=4):
        dice = Dice(list(faces))
        rolled = cepheus.roll_weave(60, 3, driver_dm=2, pursuer_dm=1, rng=dice)
        driver_ok = faces[0] + faces[1] + 2 - 3 >= 8
        assert rolled.driver_crashed is not driver_ok
        if driver_ok:
            assert rolled.pursuer is not None
            assert rolled.pursuer_crashed is (faces[2] + faces[3] + 1 - 3 < 8)
            assert dice.faces == []
        else:
            assert rolled.pursuer is None and not rolled.pursuer_crashed
            assert len(dice.faces) == 2


def test_weave_natural_two_twelve_by_hand() -> None:
    # Weaving 1 at DM +9 (total +8): printed, nobody crashes; with the house rule a natural 2
    # crashes the driver (1 in 36), and a pursuer at DM +9 after him too: 35/36 * 1/36.
    plain = cepheus.weave_odds(20, 1, driver_dm=9, pursuer_dm=9)
    house = cepheus.weave_odds(20, 1, driver_dm=9, pursuer_dm=9, variant=HOUSE)
    assert plain.driver_crash == 0 and plain.pursuit_holds == 1
    assert house.driver_crash == Fraction(1, 36)
    assert house.pursuer_crash == Fraction(35, 1296)
    assert house.pursuit_holds == Fraction(35 * 35, 1296)
    # Weaving 5 at 100 kph with DM 0 needs 13: only a natural 12 gets through.
    hard = cepheus.weave_odds(100, 5, driver_dm=0, pursuer_dm=0, variant=HOUSE)
    assert hard.driver_success == Fraction(1, 36) and hard.pursuit_holds == Fraction(1, 1296)
    assert cepheus.weave_odds(100, 5, driver_dm=0).driver_success == 0


def test_roll_weave_natural_two_twelve() -> None:
    rolled = cepheus.roll_weave(20, 1, driver_dm=9, rng=Dice([1, 1]), variant=HOUSE)
    assert rolled.driver_crashed and rolled.pursuer is None
    assert rolled.log[1] == (
        "Driver 2D6: 1 + 1 = 2, +9 - 1 = 10 vs 8+: crashed into an obstacle "
        "(a natural 2 always fails)"
    )
    rolled = cepheus.roll_weave(
        100, 5, driver_dm=0, pursuer_dm=0, rng=Dice([6, 6, 6, 6]), variant=HOUSE
    )
    assert not rolled.driver_crashed and not rolled.pursuer_crashed
    assert rolled.log[1] == (
        "Driver 2D6: 6 + 6 = 12, +0 - 5 = 7 vs 8+: through (a natural 12 always succeeds), Effect 0"
    )
    plain = cepheus.roll_weave(20, 1, driver_dm=9, rng=Dice([1, 1, 1, 1]))
    assert not plain.driver_crashed
