"""Damage auras: what provokes them and how much stored damage may be expended.

Source: ``002_64b8e17f45694c25.txt``, "Damage Auras" (and "Critical Hits").
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.lurasko._checks import check_bool
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "AURA_EXPENDITURE_STEP",
    "AURA_MAX_LISTED_STORE",
    "AURA_TRIGGERS",
    "AuraTrigger",
    "AuraTriggerRule",
    "aura_expenditures",
    "aura_hits",
    "expend_aura",
    "provokes_damage_aura",
]

AURA_EXPENDITURE_STEP = 10
"""An aura expends its full store or a multiple of this.

Source: 002, "Damage Auras": "the amount must be the full stored damage, or a multiple of 10."
"""


AURA_MAX_LISTED_STORE = 100_000
"""The largest store :func:`aura_expenditures` lists the amounts of (10,001 of them): the list
grows with the store, so it is bounded. :func:`expend_aura` checks an amount directly and takes
any store."""


class AuraTrigger(enum.StrEnum):
    """What a character does to someone with a damage aura (002, "Damage Auras")."""

    TOUCH = "touch"
    """Touches the aura's owner."""
    MELEE_WEAPON = "melee weapon"
    """Hits them with a melee weapon."""
    NATURAL_WEAPON = "natural weapon"
    """Hits them with a natural weapon."""
    UNARMED = "unarmed attack"
    """Hits them with an unarmed attack."""
    GRAB_ITEM = "grab item"
    """Hits them with Grab Item."""
    TRIP_DISMOUNT_THROW = "trip/dismount/throw"
    """Hits them with Trip/Dismount/Throw."""
    GRAPPLE_END_OF_TURN = "ends turn grappling"
    """Ends their turn grappling with them."""
    RANGED = "ranged attack"
    """Hits them from range (listed so a UI can show that it does not provoke)."""


@output_record
@dataclass(frozen=True, slots=True)
class AuraTriggerRule:
    """Whether a trigger provokes a damage aura, and whether it is a hit that can be critical."""

    provokes: bool
    """The aura may hit back."""
    melee_hit: bool
    """It is a melee hit, so a critical hit spares the attacker."""


AURA_TRIGGERS: Mapping[AuraTrigger, AuraTriggerRule] = MappingProxyType(
    {
        AuraTrigger.TOUCH: AuraTriggerRule(provokes=True, melee_hit=False),
        AuraTrigger.MELEE_WEAPON: AuraTriggerRule(provokes=True, melee_hit=True),
        AuraTrigger.NATURAL_WEAPON: AuraTriggerRule(provokes=True, melee_hit=True),
        AuraTrigger.UNARMED: AuraTriggerRule(provokes=True, melee_hit=True),
        AuraTrigger.GRAB_ITEM: AuraTriggerRule(provokes=True, melee_hit=True),
        AuraTrigger.TRIP_DISMOUNT_THROW: AuraTriggerRule(provokes=True, melee_hit=True),
        AuraTrigger.GRAPPLE_END_OF_TURN: AuraTriggerRule(provokes=True, melee_hit=False),
        AuraTrigger.RANGED: AuraTriggerRule(provokes=False, melee_hit=False),
    }
)
"""What provokes a damage aura.

Source: 002, "Damage Auras": "Whenever any character touches you, hits you with a melee weapon,
natural weapon, unarmed attack, Grab Item, or Trip/Dismount/Throw, or ends their turn grappling
with you"; "Melee attacks that score critical hits do not provoke a hit from damage auras".

Interpretation: the five "hits you with" triggers are melee hits that can be critical; a touch
and the end of a grappler's turn are not attacks and cannot be critical.
"""


def provokes_damage_aura(trigger: AuraTrigger | str, *, critical: bool = False) -> bool:
    """Whether ``trigger`` lets a damage aura hit back.

    Rule: 002, "Damage Auras" (:data:`AURA_TRIGGERS`); "Critical Hits": "Critical hits also
    spare a melee attacker from being struck back by a damage aura."

    Raises:
        ValueError: ``trigger`` is not an :class:`AuraTrigger`, ``critical`` is not a bool, or
            ``critical`` is True for a trigger that is not a melee hit.

    >>> provokes_damage_aura("melee weapon"), provokes_damage_aura("melee weapon", critical=True)
    (True, False)
    >>> provokes_damage_aura("touch"), provokes_damage_aura("ranged attack")
    (True, False)
    """
    trigger = check_choice("trigger", trigger, AuraTrigger)
    critical = check_bool("critical", critical)
    rule = AURA_TRIGGERS[trigger]
    if critical and not rule.melee_hit:
        raise InvalidInput(
            "critical",
            f"False for a trigger that is not a melee hit ({trigger.value!r} cannot be critical)",
            True,
        )
    return rule.provokes and not critical


def aura_hits(weapons: int = 1, *, provoked: bool = True) -> int:
    """How many times an aura hits back: once per provocation, even against dual wielding.

    Rule: 002, "Damage Auras": "Dual-wielded melee weapons provoke only a single hit"; "only a
    single aura can react to a single attack/touch/grapple."

    Raises:
        ValueError: ``weapons`` is not an integer >= 1 or ``provoked`` is not a bool.

    >>> aura_hits(2), aura_hits(1, provoked=False)
    (1, 0)
    """
    check_int("weapons", weapons, 1)
    return 1 if check_bool("provoked", provoked) else 0


def aura_expenditures(stored: int) -> tuple[int, ...]:
    """Every amount an aura holding ``stored`` damage may expend in one hit, smallest first.

    Rule: 002, "Damage Auras": "the amount must be the full stored damage, or a multiple of
    10" (:data:`AURA_EXPENDITURE_STEP`). Interpretation: a multiple of 10 from 10 up to the
    store (expending nothing is simply not responding).

    The amounts are listed one by one, so the store is bounded: at most 100,000
    (:data:`AURA_MAX_LISTED_STORE`, 10,001 amounts); :func:`expend_aura` takes any store.

    Raises:
        ValueError: ``stored`` is not an integer in 0..100000.

    >>> aura_expenditures(35)
    (10, 20, 30, 35)
    >>> aura_expenditures(20), aura_expenditures(7), aura_expenditures(0)
    ((10, 20), (7,), ())
    """
    stored = check_int("stored", stored, 0, AURA_MAX_LISTED_STORE)
    amounts = list(range(AURA_EXPENDITURE_STEP, stored + 1, AURA_EXPENDITURE_STEP))
    if stored and stored % AURA_EXPENDITURE_STEP:
        amounts.append(stored)
    return tuple(amounts)


def expend_aura(stored: int, amount: int) -> int:
    """The damage left in an aura after it expends ``amount`` to hit back.

    Rule: 002, "Damage Auras": "the amount must be the full stored damage, or a multiple of
    10" (see :func:`aura_expenditures`).

    Raises:
        ValueError: ``stored`` is not an integer >= 0, or ``amount`` is not the full store or
            a multiple of 10 up to it.

    >>> expend_aura(35, 20), expend_aura(35, 35)
    (15, 0)
    >>> expend_aura(35, 25)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: amount must be the full stored damage (35) or a multiple of \
10 up to it, got 25
    """
    stored = check_int("stored", stored, 0)
    allowed = f"the full stored damage ({stored}) or a multiple of {AURA_EXPENDITURE_STEP} up to it"
    spent = check_int("amount", amount)
    legal = spent == stored > 0 or (0 < spent <= stored and spent % AURA_EXPENDITURE_STEP == 0)
    if not legal:
        raise InvalidInput("amount", allowed, amount)
    return stored - spent
