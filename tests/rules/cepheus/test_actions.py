"""The combat round: minor and significant actions, and how long aiming takes."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus


def test_two_minor_actions_versus_three() -> None:
    # Source: "You can take up to three minor actions per round, at the loss of a significant
    # action." / "A character can take two minor actions instead of a significant action." /
    # "In a combat round each character gets a minor action and a significant action."
    # Interpretation (SOURCES.md): both say the same thing, 1 + 2 = 3.
    assert cepheus.minor_actions(significant=True) == 1
    assert cepheus.minor_actions(significant=False) == 3
    assert cepheus.MAX_MINOR_ACTIONS == (
        cepheus.MINOR_ACTIONS_WITH_SIGNIFICANT + cepheus.MINOR_ACTIONS_FOR_SIGNIFICANT
    )
    # Source: "Each combat round lasts around six seconds of game time."
    assert cepheus.ROUND_SECONDS == 6


@pytest.mark.parametrize(
    ("aim", "rounds"), [(0, 1), (1, 1), (2, 2), (3, 2), (4, 2), (5, 3), (6, 3), (7, 3), (8, 4)]
)
def test_rounds_to_aim(aim: int, rounds: int) -> None:
    # Source: "gaining a maximum aiming DM of +6 if he spends six minor actions on aiming"
    assert cepheus.rounds_to_aim(aim) == rounds


@given(st.integers(0, 200))
@example(6)
def test_rounds_to_aim_is_enough_and_fewest(aim: int) -> None:
    rounds = cepheus.rounds_to_aim(aim)
    capacity = (rounds - 1) * cepheus.minor_actions(significant=False) + cepheus.minor_actions(
        significant=True
    )
    assert capacity >= aim
    if rounds > 1:
        assert (rounds - 2) * 3 + 1 < aim


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.minor_actions(1), r"significant must be True or False, got 1"),
        (lambda: cepheus.rounds_to_aim(-1), r"aim_actions must be an integer >= 0, got -1"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
