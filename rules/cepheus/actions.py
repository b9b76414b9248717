"""The combat round: minor and significant actions, and how long aiming takes.

Source: ``003_c7092257a5e3046d.txt``, "The Combat Round", "Minor Actions", "Significant
Actions" and "Aiming".
"""

from __future__ import annotations

from typing import Final

from rules.cepheus._common import check_bool
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
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


def minor_actions(significant: bool, *, variant: Variant = DEFAULT_VARIANT) -> int:
    """How many minor actions a character has this round: 1 beside a significant action, else 3.

    Rule: ``003_c7092257a5e3046d.txt``, "The Combat Round", "Minor Actions" and "Significant
    Actions" (see ``MAX_MINOR_ACTIONS``). With ``variant.minor_actions_per_round`` 2 ("two minor
    actions instead of a significant action" read as the round's total) it is 2 without one.

    Raises:
        ValueError: ``significant`` is not a bool, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> minor_actions(significant=True), minor_actions(significant=False)
    (1, 3)
    >>> minor_actions(False, variant=Variant(minor_actions_per_round=2))
    2
    """
    significant = check_bool("significant", significant)
    per_round = _check_variant(variant).minor_actions_per_round
    return MINOR_ACTIONS_WITH_SIGNIFICANT if significant else per_round


def rounds_to_aim(aim_actions: int, *, variant: Variant = DEFAULT_VARIANT) -> int:
    """The fewest rounds in which a character can aim ``aim_actions`` times and then attack.

    Rule: ``003_c7092257a5e3046d.txt``, "Aiming" ("A character may spend multiple actions on
    aiming, gaining a maximum aiming DM of +6 if he spends six minor actions on aiming") with
    :func:`minor_actions`: the attack is the significant action of the last round, after its one
    minor action; each earlier round gives three minor actions (two with
    ``variant.minor_actions_per_round`` 2). Derived, not printed.

    Raises:
        ValueError: ``aim_actions`` is not an integer >= 0, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> [rounds_to_aim(n) for n in (0, 1, 2, 4, 5, 6)]
    [1, 1, 2, 2, 3, 3]
    >>> rounds_to_aim(6, variant=Variant(minor_actions_per_round=2))
    4
    """
    aim_actions = check_int("aim_actions", aim_actions, 0)
    per_round = _check_variant(variant).minor_actions_per_round
    earlier = max(0, aim_actions - MINOR_ACTIONS_WITH_SIGNIFICANT)
    return 1 + -(-earlier // per_round)
