"""Ground force weaponry against starship-scale targets: damage divided by 50 before armor.

Source: ``003_c7092257a5e3046d.txt``, "Vehicles in Personal Combat", "Ground Force Weaponry
against Starship-scale Targets". The DM +4 to hit and the divisor are
:data:`~rules.cepheus.STARSHIP_SCALE_DM` and :data:`~rules.cepheus.STARSHIP_DAMAGE_DIVISOR`
(:mod:`rules.cepheus.vehicles`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from rules.cepheus._common import after_armor, check_rng, roll_d6
from rules.cepheus.vehicles import (
    STARSHIP_DAMAGE_DIVISOR,
)
from rules.dice import MAX_DICE, Distribution, dice_sum_counts
from rules.validation import (
    InvalidInput,
    check_choice,
    check_int,
    check_items,
    output_record,
)

__all__ = [
    "HalfDice",
    "StarshipScaleRoll",
    "roll_starship_scale",
    "starship_scale_damage",
    "starship_scale_damage_distribution",
]


class HalfDice(enum.StrEnum):
    """How "half its damage dice" of an odd number of dice rounds (the source does not say)."""

    UP = "up"
    """Rounded up (3D6 adds 2D6), as the chapter's only stated rounding of a half."""
    DOWN = "down"
    """Rounded down (3D6 adds 1D6)."""


def _half(dice: int, rounding: HalfDice) -> int:
    return -(-dice // 2) if rounding is HalfDice.UP else dice // 2


def starship_scale_damage(damage: int, *, armor: int = 0) -> int:
    """The damage ground force weaponry does to a starship-scale target of ``armor``.

    Rule: ``003_c7092257a5e3046d.txt``, "Ground Force Weaponry against Starship-scale Targets"
    ("ground force weaponry must divide its damage by 50 before comparing it to a
    starship-scale target's armor"). The DM +4 to hit is
    :data:`~rules.cepheus.STARSHIP_SCALE_DM` (the attack's ``referee_dm``).

    Interpretation: the division rounds down (only whole points count against armor: "a single
    weapon will, obviously, be unable to punch though armor"), then armor takes its value off,
    never below 0.

    Raises:
        ValueError: ``damage`` or ``armor`` is not an integer >= 0.

    >>> starship_scale_damage(49), starship_scale_damage(149), starship_scale_damage(260, armor=2)
    (0, 2, 3)
    """
    damage = check_int("damage", damage, 0)
    return after_armor(damage // STARSHIP_DAMAGE_DIVISOR, check_int("armor", armor, 0))


def _starship_inputs(
    dice: object, additional_dice: object, bonus: object, effect: object, half_dice: object
) -> tuple[int, int, int, tuple[int, ...], HalfDice]:
    first = check_int("dice", dice, 0, MAX_DICE)
    rounding = check_choice("half_dice", half_dice, HalfDice)
    items = check_items(
        "additional_dice", additional_dice, "D6 counts >= 0", max_items=2 * MAX_DICE
    )
    others = tuple(
        check_int(f"additional_dice[{i}]", value, 0, 2 * MAX_DICE) for i, value in enumerate(items)
    )
    total = first + sum(_half(n, rounding) for n in others)
    if total > MAX_DICE:
        raise InvalidInput(
            "additional_dice",
            f"weapons whose half dice and the first weapon's dice ({first}) add up to at most "
            f"{MAX_DICE} D6",
            additional_dice,
        )
    fixed = check_int("bonus", bonus) + check_int("effect", effect, 0)
    return total, first, fixed, others, rounding


def starship_scale_damage_distribution(
    dice: int,
    *,
    additional_dice: Iterable[int] = (),
    bonus: int = 0,
    effect: int = 0,
    armor: int = 0,
    half_dice: HalfDice | str = "up",
) -> Distribution[int]:
    """The exact damage of ground weapons firing together at a starship-scale target.

    Rule: ``003_c7092257a5e3046d.txt``, "Ground Force Weaponry against Starship-scale Targets":
    "Every additional ground weapon beyond the first can add half its damage dice to the total
    before dividing the total by 50 in order to calculate damage." ``dice`` and ``bonus`` are
    the first weapon's damage (``bonus``: its fixed modifier), ``effect`` its attack's Effect
    ("Damage": added to the damage), ``additional_dice`` the D6 of each other weapon.

    Interpretations: the other weapons add half their dice only (no fixed modifier, no Effect);
    "half" of an odd number of dice is the input ``half_dice`` (``'up'`` by default, as the
    chapter's "half damage (round up)"); the total is divided by 50 rounded down, then armor
    (:func:`starship_scale_damage`). A total below 0 is 0.

    Counted with integers over the D6 totals; the dice in all are at most 300
    (:data:`rules.dice.MAX_DICE`).

    Raises:
        ValueError: ``dice`` is not an integer in 0..300, ``additional_dice`` not a sequence of
            at most 600 integers >= 0 whose halves and ``dice`` add up to at most 300,
            ``bonus`` not an integer, ``effect`` or ``armor`` not an integer >= 0, or
            ``half_dice`` not 'up' or 'down'.

    8D6 + 6 reaches 50 only when the dice total 44 or more (as many rolls as total 12 or
    less: C(12, 8) = 495 of 6**8):

    >>> starship_scale_damage_distribution(8, bonus=6)[1]
    Fraction(55, 186624)
    >>> sorted(starship_scale_damage_distribution(8, additional_dice=[8, 8, 8]))  # 20D6
    [0, 1, 2]
    """
    total, _, fixed, _, _ = _starship_inputs(dice, additional_dice, bonus, effect, half_dice)
    armor = check_int("armor", armor, 0)
    counts: dict[int, int] = {}
    for offset, ways in enumerate(dice_sum_counts(total, 6)):
        value = after_armor(max(0, total + offset + fixed) // STARSHIP_DAMAGE_DIVISOR, armor)
        counts[value] = counts.get(value, 0) + ways
    return Distribution._exact({k: Fraction(v, 6**total) for k, v in counts.items()})


@output_record
@dataclass(frozen=True, slots=True)
class StarshipScaleRoll:
    """One rolled volley of ground weapons at a starship-scale target, with a log."""

    dice: int
    """The D6 rolled: the first weapon's and half of each other's."""
    rolls: tuple[int, ...]
    """The dice, in the order rolled."""
    total: int
    """Their sum, the bonus and the Effect (never below 0): the damage before the division."""
    divided: int
    """``total`` divided by 50, rounded down."""
    damage: int
    """The damage to the target after its armor."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_starship_scale(
    dice: int,
    *,
    additional_dice: Iterable[int] = (),
    bonus: int = 0,
    effect: int = 0,
    armor: int = 0,
    half_dice: HalfDice | str = "up",
    rng: random.Random,
) -> StarshipScaleRoll:
    """Roll ground weapons' damage against a starship-scale target with ``rng``, with a log.

    Rule: as :func:`starship_scale_damage_distribution`. Dice come from ``rng.randint(1, 6)``:
    the first weapon's, then each other weapon's half, in order.

    Raises:
        ValueError: as :func:`starship_scale_damage_distribution`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_starship_scale(3, additional_dice=[3, 4], bonus=1, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    First weapon: 3D6
    Additional weapons add half their dice (rounded up): 3D6 -> 2D6, 4D6 -> 2D6
    7D6: 2 + 5 + 5 + 2 + 3 + 5 + 4 = 26, +1 = 27
    27 / 50 = 0 (rounded down)
    Damage: 0
    """
    total, first, fixed, others, rounding = _starship_inputs(
        dice, additional_dice, bonus, effect, half_dice
    )
    armor = check_int("armor", armor, 0)
    check_rng(rng)
    log = [f"First weapon: {first}D6"]
    if others:
        halves = ", ".join(f"{n}D6 -> {_half(n, rounding)}D6" for n in others)
        log.append(f"Additional weapons add half their dice (rounded {rounding.value}): {halves}")
    rolls = roll_d6(rng, total)
    text = f"{total}D6: " + (" + ".join(map(str, rolls)) or "0")
    if total > 1:
        text += f" = {sum(rolls)}"
    if fixed:
        text += f", {fixed:+d} = {sum(rolls) + fixed}"
    log.append(text)
    rolled = max(0, sum(rolls) + fixed)
    divided = rolled // STARSHIP_DAMAGE_DIVISOR
    log.append(f"{rolled} / {STARSHIP_DAMAGE_DIVISOR} = {divided} (rounded down)")
    damage = after_armor(divided, armor)
    if armor:
        log.append(f"Armor {armor}: {divided} - {armor} = {damage}")
    log.append(f"Damage: {damage}")
    return StarshipScaleRoll(total, rolls, rolled, divided, damage, tuple(log))
