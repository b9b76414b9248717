"""Explosions: dodging (damage less 1D6) or diving for cover (half damage, prone).

Source: ``003_c7092257a5e3046d.txt``, "Explosions" ("Grenades, rockets and other explosives
affect an area. A character caught in an explosion may dodge at the usual Initiative cost. A
character that dodges an explosion may reduce the damage by 1D6 if he just dodges or by half if
he dives for cover. A character that dives for cover ends up prone and loses his next
significant action"), "Reactions" (the Initiative cost), "Thrown Weapons" (a grenade does not
add the Effect) and "Armor".
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus.initiative import REACTION_INITIATIVE
from rules.dice import MAX_DICE, Distribution, dice_sum_counts
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "EXPLOSION_REACTIONS",
    "ExplosionReaction",
    "ExplosionReactionRow",
    "explosion_damage",
    "explosion_damage_distribution",
]


class ExplosionReaction(enum.StrEnum):
    """What a character caught in an explosion does."""

    NONE = "none"
    """No reaction: the full damage."""
    DODGE = "dodge"
    """Just dodges: the damage less 1D6."""
    DIVE = "dive"
    """Dives for cover: half the damage; ends up prone and loses the next significant action."""


@output_record
@dataclass(frozen=True, slots=True)
class ExplosionReactionRow:
    """What a reaction to an explosion costs and does."""

    reaction: ExplosionReaction
    """The reaction."""
    initiative: int
    """The Initiative change ("at the usual Initiative cost" of a reaction, -2)."""
    prone: bool
    """The character ends up prone."""
    loses_significant_action: bool
    """The character loses his next significant action."""
    damage: str
    """The damage, as the source words it."""


EXPLOSION_REACTIONS: Final = MappingProxyType(
    {
        ExplosionReaction.NONE: ExplosionReactionRow(
            ExplosionReaction.NONE, 0, False, False, "the full damage"
        ),
        ExplosionReaction.DODGE: ExplosionReactionRow(
            ExplosionReaction.DODGE, REACTION_INITIATIVE, False, False, "reduced by 1D6"
        ),
        ExplosionReaction.DIVE: ExplosionReactionRow(
            ExplosionReaction.DIVE, REACTION_INITIATIVE, True, True, "reduced by half"
        ),
    }
)
"""Reaction -> its cost and effect. Source: ``003_c7092257a5e3046d.txt``, "Explosions" (both
are a dodge "at the usual Initiative cost", which "Reactions" gives as -2: ``REACTION_INITIATIVE``;
"A character that dives for cover ends up prone and loses his next significant action"). The
occupants of a closed vehicle cannot dodge or dive for cover from its explosion ("Vehicle
Damage"), the caller chooses ``NONE`` for them."""


def _reduce(damage: int, reaction: ExplosionReaction, dodge_die: int, armor: int) -> int:
    if reaction is ExplosionReaction.DODGE:
        damage -= dodge_die
    elif reaction is ExplosionReaction.DIVE:
        damage = -(-damage // 2)
    return max(0, max(0, damage) - armor)


def explosion_damage(
    damage: int,
    *,
    reaction: ExplosionReaction | str = "none",
    dodge_die: int | None = None,
    armor: int = 0,
) -> int:
    """The damage an explosion of ``damage`` points does to a character after his reaction.

    Rule: ``003_c7092257a5e3046d.txt``, "Explosions" ("reduce the damage by 1D6 if he just
    dodges or by half if he dives for cover") and "Armor" ("Armor reduces damage by the value of
    the armor"). ``dodge_die`` is the 1D6 rolled for a dodge (required then, refused
    otherwise).

    Interpretations: the reaction reduces the damage rolled, then armor reduces what is left;
    neither goes below 0. The source gives no rounding for "by half": it is rounded up, as the
    chapter's only halving of damage ("Extreme Range Firing": "half damage (round up)") is.

    Raises:
        ValueError: ``damage`` or ``armor`` is not an integer >= 0, ``reaction`` not 'none',
            'dodge' or 'dive', or ``dodge_die`` not an integer in 1..6 for a dodge (None
            otherwise).

    >>> explosion_damage(14, reaction="dodge", dodge_die=4), explosion_damage(13, reaction="dive")
    (10, 7)
    >>> explosion_damage(3, reaction="dodge", dodge_die=5), explosion_damage(9, armor=4)
    (0, 5)
    """
    damage = check_int("damage", damage, 0)
    chosen = check_choice("reaction", reaction, ExplosionReaction)
    armor = check_int("armor", armor, 0)
    if chosen is ExplosionReaction.DODGE:
        die = check_int("dodge_die", dodge_die, 1, 6)
    elif dodge_die is not None:
        raise InvalidInput("dodge_die", "None unless the reaction is 'dodge'", dodge_die)
    else:
        die = 0
    return _reduce(damage, chosen, die, armor)


def explosion_damage_distribution(
    dice: int,
    *,
    bonus: int = 0,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
) -> Distribution[int]:
    """The exact damage of an explosion of ``dice`` D6 + ``bonus`` after the reaction and armor.

    Rule: as :func:`explosion_damage`; the explosion's dice and the dodge's 1D6 are independent.
    An explosive's damage adds no Effect ("Thrown Weapons": a grenade "inflicts no damage from
    impact ... The second does not" add the Effect); a vehicle that explodes does 4D6 within six
    metres and 2D6 within twelve ("Vehicle Damage").

    Counted with integers over the ``6 ** dice`` rolls (times 6 for a dodge). ``dice`` is at most
    300 (:data:`rules.dice.MAX_DICE`).

    Interpretations: as :func:`explosion_damage` (halves rounded up, armor after the reaction,
    never below 0); a total below 0 (a negative ``bonus``) is 0 damage.

    Raises:
        ValueError: ``dice`` is not an integer in 0..300, ``bonus`` not an integer, ``armor``
            not an integer >= 0, or ``reaction`` not 'none', 'dodge' or 'dive'.

    >>> explosion_damage_distribution(1, reaction="dodge") == {
    ...     0: Fraction(21, 36), 1: Fraction(5, 36), 2: Fraction(4, 36), 3: Fraction(3, 36),
    ...     4: Fraction(2, 36), 5: Fraction(1, 36)}
    True
    >>> explosion_damage_distribution(4, reaction="dive").mean()
    Fraction(29, 4)
    """
    dice = check_int("dice", dice, 0, MAX_DICE)
    bonus = check_int("bonus", bonus)
    chosen = check_choice("reaction", reaction, ExplosionReaction)
    armor = check_int("armor", armor, 0)
    ways = dice_sum_counts(dice, 6)
    dodge_faces = range(1, 7) if chosen is ExplosionReaction.DODGE else (0,)
    counts: dict[int, int] = {}
    for offset, count in enumerate(ways):
        rolled = max(0, dice + offset + bonus)
        for face in dodge_faces:
            result = _reduce(rolled, chosen, face, armor)
            counts[result] = counts.get(result, 0) + count
    total = math.prod((6**dice, len(dodge_faces)))
    return Distribution._exact({k: Fraction(v, total) for k, v in counts.items()})
