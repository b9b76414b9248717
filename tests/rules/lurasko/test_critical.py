"""Critical hits (002, "Critical Hits")."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.lurasko import (
    CRITICAL_DRIVE_BONUS,
    CRITICAL_MARGIN,
    PRECISE_CRITICAL_DRIVE_BONUS,
    CriticalEffect,
    critical_drive_bonus,
    defense_failure_margin,
    is_critical,
)


@pytest.mark.parametrize(
    ("roll", "tn", "expected"),
    [
        # Source: "if a character's TN during a defense roll is 14, they must roll a 34 or
        # higher in order to suffer a critical hit."
        (34, 14, True),
        (35, 14, True),
        (33, 14, False),
        (14, 14, False),
        (1, 14, False),
    ],
)
def test_source_example(roll: int, tn: int, expected: bool) -> None:
    assert is_critical(roll, tn) is expected


def test_margin() -> None:
    # Source: "fails their defense roll by 20 or more"
    assert CRITICAL_MARGIN == 20
    assert defense_failure_margin(34, 14) == 20
    assert defense_failure_margin(10, 14) == -4


def test_drive_bonus() -> None:
    # Source: "increase the drive of all weapons in the attack by 10. If a melee weapon has
    # the Precise tag, its drive can be increased by 20 instead."
    assert (CRITICAL_DRIVE_BONUS, PRECISE_CRITICAL_DRIVE_BONUS) == (10, 20)
    assert critical_drive_bonus(melee=True) == 10
    assert critical_drive_bonus(melee=True, precise=True) == 20
    assert critical_drive_bonus(melee=False) == 10
    assert critical_drive_bonus(melee=False, precise=True) == 10


def test_effects() -> None:
    # Source: "A critical hit has one of two effects, chosen by the attacker."
    assert {e.value for e in CriticalEffect} == {"injury type", "drive"}


@pytest.mark.parametrize(
    ("roll", "tn", "message"),
    [
        (34.0, 14, r"roll must be an integer, got 34.0"),
        (34, "14", r"tn must be an integer, got '14'"),
        (None, 14, r"roll must be an integer, got None"),
    ],
)
def test_bad_input(roll: object, tn: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        is_critical(roll, tn)  # type: ignore[arg-type]


def test_bad_flag() -> None:
    with pytest.raises(ValueError, match=r"precise must be True or False, got 'yes'"):
        critical_drive_bonus(melee=True, precise="yes")  # type: ignore[arg-type]


@given(st.integers(-200, 200), st.integers(-200, 200))
@example(34, 14)
@example(33, 14)
def test_critical_is_failing_by_twenty(roll: int, tn: int) -> None:
    assert is_critical(roll, tn) == (roll - tn >= 20)
    if is_critical(roll, tn):
        assert is_critical(roll + 1, tn)
        assert is_critical(roll, tn - 1)
    else:
        assert not is_critical(roll - 1, tn)
