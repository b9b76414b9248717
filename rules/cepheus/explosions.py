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
import random
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus._common import check_rng, roll_d6
from rules.cepheus.initiative import REACTION_INITIATIVE
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import MAX_DICE, Distribution, dice_sum_counts
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "EXPLOSION_REACTIONS",
    "ExplosionReaction",
    "ExplosionReactionRow",
    "ExplosionRoll",
    "explosion_damage",
    "explosion_damage_distribution",
    "roll_explosion",
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


def _half(damage: int, round_up: bool) -> int:
    return -(-damage // 2) if round_up else damage // 2


def _reduce(
    damage: int,
    reaction: ExplosionReaction,
    dodge_die: int,
    armor: int,
    variant: Variant = DEFAULT_VARIANT,
) -> int:
    if reaction is ExplosionReaction.DIVE and not variant.dive_for_cover_before_armor:
        return _half(max(0, damage - armor), variant.dive_for_cover_round_up)
    if reaction is ExplosionReaction.DODGE:
        damage -= dodge_die
    elif reaction is ExplosionReaction.DIVE:
        damage = _half(damage, variant.dive_for_cover_round_up)
    return max(0, max(0, damage) - armor)


def explosion_damage(
    damage: int,
    *,
    reaction: ExplosionReaction | str = "none",
    dodge_die: int | None = None,
    armor: int = 0,
    variant: Variant = DEFAULT_VARIANT,
) -> int:
    """The damage an explosion of ``damage`` points does to a character after his reaction.

    Rule: ``003_c7092257a5e3046d.txt``, "Explosions" ("reduce the damage by 1D6 if he just
    dodges or by half if he dives for cover") and "Armor" ("Armor reduces damage by the value of
    the armor"). ``dodge_die`` is the 1D6 rolled for a dodge (required then, refused
    otherwise).

    Interpretations: the reaction reduces the damage rolled, then armor reduces what is left;
    neither goes below 0. The source gives no rounding for "by half": it is rounded up, as the
    chapter's only halving of damage ("Extreme Range Firing": "half damage (round up)") is.
    Switchable (:class:`~rules.cepheus.Variant`): ``dive_for_cover_round_up`` False rounds the
    half down; ``dive_for_cover_before_armor`` False halves what armor leaves.

    Raises:
        ValueError: ``damage`` or ``armor`` is not an integer >= 0, ``reaction`` not 'none',
            'dodge' or 'dive', ``dodge_die`` not an integer in 1..6 for a dodge (None
            otherwise), or ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> explosion_damage(14, reaction="dodge", dodge_die=4), explosion_damage(13, reaction="dive")
    (10, 7)
    >>> after = Variant(dive_for_cover_before_armor=False, dive_for_cover_round_up=False)
    >>> explosion_damage(13, reaction="dive", armor=4), explosion_damage(
    ...     13, reaction="dive", armor=4, variant=after)
    (3, 4)
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
    return _reduce(damage, chosen, die, armor, _check_variant(variant))


def explosion_damage_distribution(
    dice: int,
    *,
    bonus: int = 0,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[int]:
    """The exact damage of an explosion of ``dice`` D6 + ``bonus`` after the reaction and armor.

    Rule: as :func:`explosion_damage`; the explosion's dice and the dodge's 1D6 are independent.
    An explosive's damage adds no Effect ("Thrown Weapons": a grenade "inflicts no damage from
    impact ... The second does not" add the Effect); a vehicle that explodes does 4D6 within six
    metres and 2D6 within twelve ("Vehicle Damage").

    Counted with integers over the ``6 ** dice`` rolls (times 6 for a dodge). ``dice`` is at most
    300 (:data:`rules.dice.MAX_DICE`).

    Interpretations: as :func:`explosion_damage` (halves rounded up, armor after the reaction,
    never below 0, each switchable by ``variant``); a total below 0 (a negative ``bonus``) is 0
    damage. A grenade's Effect, if a variant adds it, is the caller's ``bonus``.

    Raises:
        ValueError: ``dice`` is not an integer in 0..300, ``bonus`` not an integer, ``armor``
            not an integer >= 0, ``reaction`` not 'none', 'dodge' or 'dive', or ``variant`` not
            a :class:`~rules.cepheus.Variant`.

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
    variant = _check_variant(variant)
    ways = dice_sum_counts(dice, 6)
    dodge_faces = range(1, 7) if chosen is ExplosionReaction.DODGE else (0,)
    counts: dict[int, int] = {}
    for offset, count in enumerate(ways):
        rolled = max(0, dice + offset + bonus)
        for face in dodge_faces:
            result = _reduce(rolled, chosen, face, armor, variant)
            counts[result] = counts.get(result, 0) + count
    total = math.prod((6**dice, len(dodge_faces)))
    return Distribution._exact({k: Fraction(v, total) for k, v in counts.items()})


@output_record
@dataclass(frozen=True, slots=True)
class ExplosionRoll:
    """One rolled explosion against one character, with a step-by-step log."""

    reaction: ExplosionReaction
    """The character's reaction."""
    rolls: tuple[int, ...]
    """The explosion's damage dice, in the order rolled."""
    rolled: int
    """Their sum plus the fixed bonus, never below 0: the damage before the reaction."""
    dodge_die: int | None
    """The 1D6 a dodge takes off (``None`` unless the reaction is a dodge)."""
    damage: int
    """The damage the character takes (after the reaction and armor)."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_explosion(
    dice: int,
    *,
    bonus: int = 0,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
    rng: random.Random,
    variant: Variant = DEFAULT_VARIANT,
) -> ExplosionRoll:
    """Roll an explosion of ``dice`` D6 + ``bonus`` against one character, with a log.

    Rule: as :func:`explosion_damage_distribution` (reaction, then armor; halves rounded up;
    each switchable by ``variant``).
    Dice come from ``rng.randint(1, 6)``: the explosion's dice first, then the dodge's 1D6.

    Raises:
        ValueError: as :func:`explosion_damage_distribution`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_explosion(4, reaction="dodge", armor=2, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    Explosion 4D6: 2 + 5 + 5 + 2 = 14
    Dodge (Initiative -2): 1D6 = 3 off: 14 - 3 = 11
    Armor 2: 11 - 2 = 9
    Damage taken: 9
    >>> result.damage
    9
    """
    dice = check_int("dice", dice, 0, MAX_DICE)
    bonus = check_int("bonus", bonus)
    chosen = check_choice("reaction", reaction, ExplosionReaction)
    armor = check_int("armor", armor, 0)
    check_rng(rng)
    variant = _check_variant(variant)
    before_armor = variant.dive_for_cover_before_armor or chosen is not ExplosionReaction.DIVE
    rolls = roll_d6(rng, dice)
    text = f"Explosion {dice}D6: " + (" + ".join(map(str, rolls)) or "0")
    if dice > 1:
        text += f" = {sum(rolls)}"
    rolled = max(0, sum(rolls) + bonus)
    if bonus:
        text += f", {bonus:+d} = {sum(rolls) + bonus}"
        if sum(rolls) + bonus < 0:
            text += " (0 damage)"
    log = [text]
    row = EXPLOSION_REACTIONS[chosen]
    die: int | None = None
    after = rolled
    if chosen is ExplosionReaction.DODGE:
        (die,) = roll_d6(rng, 1)
        after = max(0, rolled - die)
        log.append(
            f"Dodge (Initiative {row.initiative:+d}): 1D6 = {die} off: {rolled} - {die} = {after}"
        )
    elif chosen is ExplosionReaction.DIVE and before_armor:
        after = _half(rolled, variant.dive_for_cover_round_up)
        log.append(
            f"Dive for cover (Initiative {row.initiative:+d}): half, rounded "
            f"{'up' if variant.dive_for_cover_round_up else 'down'}: {after}; "
            "now prone, and the next significant action is lost"
        )
    elif chosen is not ExplosionReaction.DIVE:
        log.append("No reaction: the full damage")
    damage = _reduce(rolled, chosen, die or 0, armor, variant)
    if not before_armor:
        left = max(0, rolled - armor)
        if armor:
            log.append(f"Armor {armor}: {rolled} - {armor} = {left}")
        log.append(
            f"Dive for cover (Initiative {row.initiative:+d}), after armor: half, rounded "
            f"{'up' if variant.dive_for_cover_round_up else 'down'}: {damage}; "
            "now prone, and the next significant action is lost"
        )
    elif armor:
        log.append(f"Armor {armor}: {after} - {armor} = {damage}")
    log.append(f"Damage taken: {damage}")
    return ExplosionRoll(chosen, rolls, rolled, die, damage, tuple(log))
