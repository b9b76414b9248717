"""The combat round: minor and significant actions, and how long aiming takes.

Source: ``003_c7092257a5e3046d.txt``, "The Combat Round", "Minor Actions", "Significant
Actions" and "Aiming".
"""

from __future__ import annotations

from typing import Final

from rules.cepheus._common import check_bool
from rules.validation import check_int

__all__ = [
    "MAX_MINOR_ACTIONS",
    "MINOR_ACTIONS_FOR_SIGNIFICANT",
    "MINOR_ACTIONS_WITH_SIGNIFICANT",
    "ROUND_SECONDS",
    "minor_actions",
    "rounds_to_aim",
]

ROUND_SECONDS: Final = 6
"""Source: ``003_c7092257a5e3046d.txt``, "The Combat Round" ("Each combat round lasts around six
seconds of game time")."""

MINOR_ACTIONS_WITH_SIGNIFICANT: Final = 1
"""Source: "The Combat Round" ("In a combat round each character gets a minor action and a
significant action")."""

MINOR_ACTIONS_FOR_SIGNIFICANT: Final = 2
"""Source: "Significant Actions", "Minor Actions" ("A character can take two minor actions
instead of a significant action")."""

MAX_MINOR_ACTIONS: Final = MINOR_ACTIONS_WITH_SIGNIFICANT + MINOR_ACTIONS_FOR_SIGNIFICANT
"""Three. Source: "Minor Actions" ("You can take up to three minor actions per round, at the
loss of a significant action") and "Significant Actions" ("or forego it to perform a total of
three minor actions").

Interpretation: "two minor actions instead of a significant action" and "up to three minor
actions per round" agree: the round's own minor action plus the two that replace the
significant action make three."""


def minor_actions(significant: bool) -> int:
    """How many minor actions a character has this round: 1 beside a significant action, else 3.

    Rule: ``003_c7092257a5e3046d.txt``, "The Combat Round", "Minor Actions" and "Significant
    Actions" (see ``MAX_MINOR_ACTIONS``).

    Raises:
        ValueError: ``significant`` is not a bool.

    >>> minor_actions(significant=True), minor_actions(significant=False)
    (1, 3)
    """
    if check_bool("significant", significant):
        return MINOR_ACTIONS_WITH_SIGNIFICANT
    return MAX_MINOR_ACTIONS


def rounds_to_aim(aim_actions: int) -> int:
    """The fewest rounds in which a character can aim ``aim_actions`` times and then attack.

    Rule: ``003_c7092257a5e3046d.txt``, "Aiming" ("A character may spend multiple actions on
    aiming, gaining a maximum aiming DM of +6 if he spends six minor actions on aiming") with
    :func:`minor_actions`: the attack is the significant action of the last round, after its one
    minor action; each earlier round gives three minor actions. Derived, not printed.

    Raises:
        ValueError: ``aim_actions`` is not an integer >= 0.

    >>> [rounds_to_aim(n) for n in (0, 1, 2, 4, 5, 6)]
    [1, 1, 2, 2, 3, 3]
    """
    aim_actions = check_int("aim_actions", aim_actions, 0)
    earlier = max(0, aim_actions - MINOR_ACTIONS_WITH_SIGNIFICANT)
    return 1 + -(-earlier // MAX_MINOR_ACTIONS)
