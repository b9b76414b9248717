"""Initiative: the roll, ambush, Tactics and Leadership, hastening, reactions, delay and order.

Source: ``003_c7092257a5e3046d.txt``, "Personal Combat Checklist", "Initiative", "The Combat
Round", "Dynamic Initiative", "Reactions", "Delay", "Battlefield Comms", "Suppression Fire" and
"Tactics and Leadership".
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_bool, check_rng, roll_d6
from rules.cepheus.checks import effect_distribution
from rules.cepheus.modifiers import Modifier
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution, dice_sum
from rules.validation import check_instance, check_int, check_items, check_text

__all__ = [
    "AMBUSH_ROLL",
    "HASTE_INITIATIVE",
    "REACTION_INITIATIVE",
    "Combatant",
    "delay_to_next_round",
    "initiative_distribution",
    "initiative_modifiers",
    "initiative_order",
    "initiative_score",
    "roll_initiative",
    "tactics_bonus",
]

AMBUSH_ROLL: Final = 12
"""Combatants ready for combat against unprepared ones count their roll as 12.

Source: ``003_c7092257a5e3046d.txt``, "Initiative" ("the prepared characters are considered to
get an automatic 12 on their roll, giving them an Initiative of 12 + Dexterity DM")."""

HASTE_INITIATIVE: Final = 2
"""Source: ``003_c7092257a5e3046d.txt``, "Dynamic Initiative" (acting hastily "gives him a +2
bonus to his Initiative for that round only")."""

REACTION_INITIATIVE: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Reactions" ("Each reaction lowers Initiative by 2")."""


def tactics_bonus(effect: int, *, variant: Variant = DEFAULT_VARIANT) -> int:
    """The Initiative bonus from a Tactics or Leadership check with ``effect``: the Effect if
    the check succeeds, else 0.

    Rule: ``003_c7092257a5e3046d.txt``, "Tactics and Leadership" ("everyone in the unit may
    increase their Initiative by the Effect of the check"; Leadership: "the target character's
    Initiative is increased by the Effect"). Interpretation: "may increase" means a failed
    check (negative Effect) lowers no one's Initiative. Switchable:
    ``variant.tactics_failure_lowers_initiative`` adds the Effect whatever its sign.

    Raises:
        ValueError: ``effect`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> tactics_bonus(3), tactics_bonus(-2)
    (3, 0)
    >>> tactics_bonus(-2, variant=Variant(tactics_failure_lowers_initiative=True))
    -2
    """
    effect = check_int("effect", effect)
    return _bonus(effect, _check_variant(variant))


def _bonus(effect: int, variant: Variant) -> int:
    return effect if variant.tactics_failure_lowers_initiative else max(0, effect)


def initiative_distribution(
    dexterity_dm: int,
    *,
    ambush: bool = False,
    tactics_dm: int | None = None,
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[int]:
    """The distribution of a combatant's starting Initiative: 2D6 + Dexterity DM (12 + DM when
    ambushing), plus the unit's Tactics bonus if its commander rolls Tactics with ``tactics_dm``.

    Rule: ``003_c7092257a5e3046d.txt``, "Initiative" ("each rolls 2D6 and adds their Dexterity
    DM ... the prepared characters are considered to get an automatic 12 on their roll") and
    "Tactics and Leadership" (:func:`tactics_bonus` of the commander's check, under the
    natural 2/12 house rule of ``variant``; the Initiative roll itself is no check).

    Raises:
        ValueError: ``dexterity_dm`` or ``tactics_dm`` is not an integer, ``ambush`` is not a
            bool, or ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> initiative_distribution(1, ambush=True)
    Distribution({13: Fraction(1, 1)})
    >>> initiative_distribution(0)[7]
    Fraction(1, 6)
    """
    dexterity_dm = check_int("dexterity_dm", dexterity_dm)
    variant = _check_variant(variant)
    if check_bool("ambush", ambush):
        rolled: Distribution[int] = Distribution({AMBUSH_ROLL: Fraction(1)})
    else:
        rolled = dice_sum(2, 6)
    result = rolled.map(lambda roll: roll + dexterity_dm)
    if tactics_dm is not None:
        tactics_dm = check_int("tactics_dm", tactics_dm)
        # The commander's Effect may exceed any input bound (a DM plus the dice): no re-check.
        tactics = effect_distribution(tactics_dm, variant=variant)
        result = result + tactics.map(lambda effect: _bonus(effect, variant))
    return result


def roll_initiative(dexterity_dm: int, rng: random.Random, *, ambush: bool = False) -> int:
    """Roll a starting Initiative: 2D6 + Dexterity DM, or 12 + Dexterity DM when ambushing.

    Rule: as :func:`initiative_distribution`. An ambusher rolls no dice.

    Raises:
        ValueError: ``dexterity_dm`` is not an integer or ``ambush`` not a bool.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> roll_initiative(1, random.Random(1)), roll_initiative(1, random.Random(1), ambush=True)
    (8, 13)
    """
    dexterity_dm = check_int("dexterity_dm", dexterity_dm)
    check_rng(rng)
    if check_bool("ambush", ambush):
        return AMBUSH_ROLL + dexterity_dm
    return sum(roll_d6(rng, 2)) + dexterity_dm


def initiative_modifiers(
    *,
    tactics_effect: int | None = None,
    leadership_effect: int | None = None,
    in_communication: bool = True,
    hastened: bool = False,
    reactions: int = 0,
    suppression_effect: int | None = None,
    variant: Variant = DEFAULT_VARIANT,
) -> tuple[Modifier, ...]:
    """The labelled changes to a combatant's Initiative this round.

    Rules (``003_c7092257a5e3046d.txt``): "Tactics and Leadership" (the Effect of the unit
    commander's Tactics check and of a Leadership check on this character,
    :func:`tactics_bonus`); "Battlefield Comms" ("If a character is not in communication with
    the rest of his unit and his commander, then he cannot benefit from Tactics or Leadership",
    and one cut off later loses the Tactics boost); "Dynamic Initiative" (hastening +2);
    "Reactions" (-2 each); "Suppression Fire" ("an initiative penalty equal to the Effect of
    the attack"). Rows that do not apply are left out.

    Raises:
        ValueError: an Effect is not an integer (or ``None``), ``suppression_effect`` or
            ``reactions`` is negative, a flag is not a bool, or ``variant`` not a
            :class:`~rules.cepheus.Variant` (whose ``tactics_failure_lowers_initiative`` lets a
            failed Tactics or Leadership check lower the Initiative).

    >>> initiative_modifiers(tactics_effect=2, hastened=True, reactions=1)
    (Modifier(label='Tactics', dm=2), Modifier(label='Acting hastily', dm=2), \
Modifier(label='Reactions (1)', dm=-2))
    """
    effects = (
        ("Tactics", _optional_int("tactics_effect", tactics_effect)),
        ("Leadership", _optional_int("leadership_effect", leadership_effect)),
    )
    connected = check_bool("in_communication", in_communication)
    hasty = check_bool("hastened", hastened)
    reactions = check_int("reactions", reactions, 0)
    penalty = _optional_int("suppression_effect", suppression_effect, 0)
    variant = _check_variant(variant)
    rows: list[Modifier] = []
    for label, effect in effects:
        if effect is None:
            continue
        bonus = _bonus(effect, variant)
        if not connected:
            rows.append(Modifier(f"{label} (cut off: no benefit)", 0))
        elif bonus or effect < 0:
            rows.append(Modifier(label if effect >= 0 else f"{label} (failed)", bonus))
    if hasty:
        rows.append(Modifier("Acting hastily", HASTE_INITIATIVE))
    if reactions:
        rows.append(Modifier(f"Reactions ({reactions})", REACTION_INITIATIVE * reactions))
    if penalty is not None:
        rows.append(Modifier("Suppressed", -penalty))
    return tuple(rows)


def _optional_int(name: str, value: object, low: int | None = None) -> int | None:
    return None if value is None else check_int(name, value, low)


def initiative_score(
    base: int,
    *,
    tactics_effect: int | None = None,
    leadership_effect: int | None = None,
    in_communication: bool = True,
    hastened: bool = False,
    reactions: int = 0,
    suppression_effect: int | None = None,
    variant: Variant = DEFAULT_VARIANT,
) -> int:
    """A combatant's Initiative this round: ``base`` plus :func:`initiative_modifiers`.

    Rule: as :func:`initiative_modifiers` ("Initiative is not re-rolled but is dynamic, and may
    be adjusted up and down by actions taken during a round"; changes from hastening and
    reactions last one round).

    Raises:
        ValueError: ``base`` is not an integer, or as :func:`initiative_modifiers`.

    >>> initiative_score(9, tactics_effect=2, reactions=2)
    7
    """
    base = check_int("base", base)
    rows = initiative_modifiers(
        tactics_effect=tactics_effect,
        leadership_effect=leadership_effect,
        in_communication=in_communication,
        hastened=hastened,
        reactions=reactions,
        suppression_effect=suppression_effect,
        variant=variant,
    )
    return base + sum(row.dm for row in rows)


def delay_to_next_round(first_initiative: int) -> int:
    """The Initiative of a character who delayed through a round to act first in the next one.

    Rule: ``003_c7092257a5e3046d.txt``, "Delay" ("His new Initiative is set to one higher than
    that of the current first person in the order. When multiple characters are delaying and
    all wish to act first in the following round, their Initiatives are all set to the same
    score and they act in Dexterity order as normal.") A character who delays within the round
    simply takes the count on which he acted as his Initiative.

    Raises:
        ValueError: ``first_initiative`` is not an integer.

    >>> delay_to_next_round(14)
    15
    """
    return check_int("first_initiative", first_initiative) + 1


@dataclass(frozen=True, slots=True)
class Combatant:
    """A combatant in the initiative order."""

    name: str
    """Who it is."""
    initiative: int
    """Current Initiative."""
    dexterity: int
    """Dexterity score (breaks ties)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_text("name", self.name))
        object.__setattr__(self, "initiative", check_int("initiative", self.initiative))
        object.__setattr__(self, "dexterity", check_int("dexterity", self.dexterity, 0))


def initiative_order(combatants: Iterable[Combatant]) -> tuple[tuple[Combatant, ...], ...]:
    """Group combatants in acting order: highest Initiative first, ties by higher Dexterity,
    and those still tied in one group that acts simultaneously.

    Rule: ``003_c7092257a5e3046d.txt``, "The Combat Round" ("Actions are taken in descending
    order of Initiative. If two characters have the same Initiative, the character with the
    highest Dexterity goes first. If they are still tied, then characters act
    simultaneously."). Within a group the input order is kept.

    Raises:
        ValueError: ``combatants`` is not a sequence (not a set: the input order breaks ties)
            of at most 10,000 :class:`Combatant` records.

    >>> order = initiative_order([Combatant("Ana", 9, 7), Combatant("Bo", 11, 6),
    ...                           Combatant("Cy", 9, 9), Combatant("Di", 9, 7)])
    >>> [[c.name for c in group] for group in order]
    [['Bo'], ['Cy'], ['Ana', 'Di']]
    """
    people = [
        check_instance(f"combatants[{index}]", item, Combatant)
        for index, item in enumerate(check_items("combatants", combatants, "Combatant records"))
    ]
    people.sort(key=lambda c: (-c.initiative, -c.dexterity))
    groups: list[list[Combatant]] = []
    for person in people:
        if groups and (groups[-1][0].initiative, groups[-1][0].dexterity) == (
            person.initiative,
            person.dexterity,
        ):
            groups[-1].append(person)
        else:
            groups.append([person])
    return tuple(tuple(group) for group in groups)
