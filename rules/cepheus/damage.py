"""Damage: weapon dice + Effect, armor, and damage to the physical characteristics.

Source: ``003_c7092257a5e3046d.txt``, "Damage" (including the table "Damage Results"),
"Armor", "Injury and Recovery", "Extreme Range Firing" (energy weapons) and "Burst Fire".
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_bool
from rules.cepheus.checks import EXCEPTIONAL_EFFECT
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import MAX_DICE, Distribution, dice_sum_counts
from rules.validation import (
    InvalidInput,
    InvalidType,
    check_choice,
    check_instance,
    check_int,
    check_items,
    check_mapping,
    output_record,
)

__all__ = [
    "DAMAGE_RESULTS",
    "MAX_EFFECTS",
    "Characteristic",
    "DamageResult",
    "Physical",
    "WoundState",
    "apply_damage",
    "damage_distribution",
    "hit_damage",
    "wound_state",
]


def hit_damage(
    rolled: int,
    effect: int,
    *,
    armor: int = 0,
    adds_effect: bool = True,
    halved: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> int:
    """The damage a hit inflicts after armor.

    ``rolled`` is everything rolled or added for the weapon (its dice, burst dice, fixed
    bonuses, Aiming for the Kill) before the Effect.

    Rules (``003_c7092257a5e3046d.txt``): "Damage" ("Add the Effect of the attack roll to this
    damage"; a grenade's "second kind" of thrown weapon does not, hence ``adds_effect``),
    "Extreme Range Firing" ("Energy-based weapons ... inflict half damage (round up) at this
    extreme range": ``halved``), "Armor" ("Armor reduces damage by the value of the armor. A hit
    with Effect 6+ always inflicts at least one point of damage, regardless of the target's
    armor").

    Interpretation: halving applies to the damage rolled (Effect included) before armor, and
    damage after armor is never below 0. Switchable (:class:`~rules.cepheus.Variant`):
    ``effect_six_minimum_damage`` False drops the Effect 6+ minimum; ``grenades_add_effect``
    True adds the Effect even when ``adds_effect`` is False (a grenade);
    ``extreme_range_halving_before_armor`` False halves what armor leaves.

    Raises:
        ValueError: ``effect`` is not an integer >= 0 (a hit), ``armor`` not an integer >= 0,
            ``rolled`` not an integer, a flag not a bool, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> hit_damage(7, 2, armor=5), hit_damage(3, 6, armor=12), hit_damage(7, 2, halved=True)
    (4, 1, 5)
    >>> hit_damage(3, 6, armor=12, variant=Variant(effect_six_minimum_damage=False))
    0
    """
    rolled = check_int("rolled", rolled)
    effect = check_int("effect", effect, 0)
    armor = check_int("armor", armor, 0)
    adds_effect = check_bool("adds_effect", adds_effect)
    halved = check_bool("halved", halved)
    variant = _check_variant(variant)
    return _hit_damage(
        rolled,
        effect,
        armor,
        adds_effect or variant.grenades_add_effect,
        halved,
        variant.effect_six_minimum_damage,
        variant.extreme_range_halving_before_armor,
    )


def _hit_damage(
    rolled: int,
    effect: int,
    armor: int,
    adds_effect: bool,
    halved: bool,
    effect_six_minimum: bool = True,
    halve_before_armor: bool = True,
) -> int:
    """:func:`hit_damage` without the input checks (for the inner loops); ``adds_effect`` is
    whether this hit adds its Effect (the variant's grenade switch already applied)."""
    damage = rolled + (effect if adds_effect else 0)
    if halved and halve_before_armor:
        damage = -(-damage // 2)
    damage = max(0, damage - armor)
    if halved and not halve_before_armor:
        damage = -(-damage // 2)
    if effect_six_minimum and effect >= EXCEPTIONAL_EFFECT:
        damage = max(1, damage)
    return damage


MAX_EFFECTS = 100
"""The most outcomes the Effect distribution given to :func:`damage_distribution` may have (a
check's has 11); the work grows with Effects times dice totals."""


def damage_distribution(
    effect: Distribution[int],
    *,
    dice: int,
    bonus: int = 0,
    armor: int = 0,
    adds_effect: bool = True,
    halved: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[int]:
    """The exact distribution of damage after armor, given the Effect distribution of the attack.

    A negative Effect is a miss (0 damage); each hit rolls ``dice`` D6, adds ``bonus`` and is
    resolved by :func:`hit_damage` (with ``variant``). Rule: ``003_c7092257a5e3046d.txt``,
    "Damage" and "Armor".

    Counted with integers: the ways of each dice total (:func:`rules.dice.dice_sum_counts`)
    times each Effect's probability over one common denominator, then one Fraction per damage
    value. ``dice`` is at most 300 (:data:`rules.dice.MAX_DICE`) and ``effect`` has at most 100
    outcomes (:data:`MAX_EFFECTS`), so the slowest accepted call takes about 0.1 s.

    Raises:
        ValueError: ``effect`` is not a :class:`~rules.dice.Distribution` of at most 100
            integers, ``dice`` is not an integer in 0..300, ``armor`` not an integer >= 0,
            ``bonus`` not an integer, a flag not a bool, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> from rules.cepheus.checks import effect_distribution
    >>> dist = damage_distribution(effect_distribution(0), dice=1, armor=3)
    >>> dist[0], dist[4]
    (Fraction(19, 27), Fraction(5, 108))
    """
    allowed = f"a Distribution of at most {MAX_EFFECTS} integer Effects"
    if not isinstance(effect, Distribution):
        raise InvalidType("effect", allowed, effect)
    if len(effect) > MAX_EFFECTS:
        raise InvalidInput("effect", allowed, effect)
    effects = [(check_int("effect outcome", value), p) for value, p in effect.items()]
    dice = check_int("dice", dice, 0, MAX_DICE)
    bonus = check_int("bonus", bonus)
    armor = check_int("armor", armor, 0)
    adds_effect = check_bool("adds_effect", adds_effect)
    halved = check_bool("halved", halved)
    variant = _check_variant(variant)
    return _damage_distribution(
        effects,
        dice,
        bonus,
        armor,
        adds_effect or variant.grenades_add_effect,
        halved,
        variant.effect_six_minimum_damage,
        variant.extreme_range_halving_before_armor,
    )


def _damage_distribution(
    effects: list[tuple[int, Fraction]],
    dice: int,
    bonus: int,
    armor: int,
    adds_effect: bool,
    halved: bool,
    effect_six_minimum: bool = True,
    halve_before_armor: bool = True,
) -> Distribution[int]:
    """:func:`damage_distribution` of checked values (a bonus of any size: it may be a sum)."""
    ways = dice_sum_counts(dice, 6)
    rolls = 6**dice
    common = math.lcm(*(p.denominator for _, p in effects))
    numerators: dict[int, int] = {}
    for value, p in effects:
        weight = p.numerator * (common // p.denominator)
        if value < 0:
            numerators[0] = numerators.get(0, 0) + weight * rolls
            continue
        for offset, count in enumerate(ways):
            damage = _hit_damage(
                dice + offset + bonus,
                value,
                armor,
                adds_effect,
                halved,
                effect_six_minimum,
                halve_before_armor,
            )
            numerators[damage] = numerators.get(damage, 0) + weight * count
    denominator = common * rolls
    return Distribution._exact(
        {damage: Fraction(n, denominator) for damage, n in numerators.items() if n}
    )


# --- Characteristics ------------------------------------------------------------------------


class Characteristic(enum.StrEnum):
    """The three physical characteristics that take damage."""

    STRENGTH = "strength"
    """Strength (STR)."""
    DEXTERITY = "dexterity"
    """Dexterity (DEX)."""
    ENDURANCE = "endurance"
    """Endurance (END): always takes the first damage."""


@dataclass(frozen=True, slots=True)
class Physical:
    """A character's three physical characteristics (current or maximum scores)."""

    strength: int
    """Strength score (>= 0)."""
    dexterity: int
    """Dexterity score (>= 0)."""
    endurance: int
    """Endurance score (>= 0)."""

    def __post_init__(self) -> None:
        for name in ("strength", "dexterity", "endurance"):
            object.__setattr__(self, name, check_int(name, getattr(self, name), 0))

    def __getitem__(self, characteristic: Characteristic | str) -> int:
        member = check_choice("characteristic", characteristic, Characteristic)
        value: int = getattr(self, member.value)
        return value

    def total(self) -> int:
        """Strength + Dexterity + Endurance."""
        return self.strength + self.dexterity + self.endurance


class WoundState(enum.StrEnum):
    """A character's condition from the Damage Results table (worst applicable row)."""

    UNHARMED = "unharmed"
    """No characteristic is damaged."""
    WOUNDED = "wounded"
    """At least 1 characteristic is damaged."""
    SERIOUSLY_WOUNDED = "seriously_wounded"
    """All 3 characteristics are damaged."""
    UNCONSCIOUS = "unconscious"
    """2 characteristics are at zero."""
    DEAD = "dead"
    """3 characteristics are at zero."""


DAMAGE_RESULTS: Final = (
    ("At least 1 characteristic is damaged", WoundState.WOUNDED),
    ("All 3 characteristics are damaged", WoundState.SERIOUSLY_WOUNDED),
    ("2 characteristics are at Zero", WoundState.UNCONSCIOUS),
    ("3 characteristics are at Zero", WoundState.DEAD),
)
"""The Damage Results table, least severe row first. Source: ``003_c7092257a5e3046d.txt``,
"Damage", table "Damage Results". A character is in the state of the most severe row that
applies ("Injury and Recovery": "A character is considered seriously wounded if he has lost at
least one point from all three of his physical characteristics")."""


def wound_state(current: Physical, maximum: Physical) -> WoundState:
    """The condition of a character with ``current`` physical characteristics out of ``maximum``.

    Rule: ``003_c7092257a5e3046d.txt``, table "Damage Results" (``DAMAGE_RESULTS``) and
    "Damage" ("If either Strength or Dexterity is reduced to 0, the character is unconscious
    ... If all three physical characteristics are reduced to 0, the character is killed").
    Interpretation: a characteristic whose maximum is itself 0 counts as "at Zero" but not as
    damaged.

    Raises:
        ValueError: an argument is not a :class:`Physical`, or a current score exceeds its
            maximum.

    >>> wound_state(Physical(7, 8, 0), Physical(7, 8, 9))
    <WoundState.WOUNDED: 'wounded'>
    >>> wound_state(Physical(0, 8, 0), Physical(7, 8, 9))
    <WoundState.UNCONSCIOUS: 'unconscious'>
    """
    _check_pair(current, maximum)
    at_zero = sum(current[c] == 0 for c in Characteristic)
    damaged = sum(current[c] < maximum[c] for c in Characteristic)
    if at_zero == 3:
        return WoundState.DEAD
    if at_zero == 2:
        return WoundState.UNCONSCIOUS
    if damaged == 3:
        return WoundState.SERIOUSLY_WOUNDED
    if damaged >= 1:
        return WoundState.WOUNDED
    return WoundState.UNHARMED


def _check_pair(current: object, maximum: object) -> None:
    check_instance("current", current, Physical)
    check_instance("maximum", maximum, Physical)
    assert isinstance(current, Physical) and isinstance(maximum, Physical)
    for c in Characteristic:
        if current[c] > maximum[c]:
            raise InvalidInput(
                "current",
                f"<= maximum {c.value} ({maximum[c]})",
                current[c],
                where=f" {c.value}",
            )


@output_record
@dataclass(frozen=True, slots=True)
class DamageResult:
    """The characteristics after damage and the resulting condition."""

    physical: Physical
    """The new current characteristics."""
    state: WoundState
    """The condition (Damage Results table)."""
    lost: tuple[tuple[Characteristic, int], ...]
    """Points taken from each characteristic, in the order they were taken."""


_DEFAULT_ORDER: Final = (
    Characteristic.ENDURANCE,
    Characteristic.STRENGTH,
    Characteristic.DEXTERITY,
)


def apply_damage(
    current: Physical,
    damage: int,
    *,
    maximum: Physical | None = None,
    order: Sequence[Characteristic | str] = _DEFAULT_ORDER,
    allocation: Mapping[Characteristic | str, int] | None = None,
) -> DamageResult:
    """Take ``damage`` points from the physical characteristics.

    Rule: ``003_c7092257a5e3046d.txt``, "Damage": "The first time a character takes damage, it
    is applied to the target's Endurance. If a target is reduced to Endurance 0, then further
    damage is subtracted from the target's Strength or Dexterity (of the character's choice). If
    either Strength or Dexterity is reduced to 0, the character is unconscious and any further
    damage is subtracted from the remaining physical characteristic ... Once a character has
    taken damage, any damage from subsequent attacks is allocated to any of the three physical
    characteristics as the character so chooses."

    The damage fills the characteristics in ``order`` (each down to 0 before the next). An
    undamaged character (``current == maximum``; ``maximum`` defaults to ``current``) takes its
    first damage, so ``order`` must start with Endurance; its second entry is the character's
    choice of Strength or Dexterity. A damaged character may instead give an explicit
    ``allocation`` (points per characteristic, summing to the damage, each at most the current
    score, unless the damage kills: then it must empty all three). Damage beyond all three
    scores is lost: the character is dead.

    Raises:
        ValueError: ``damage`` is not an integer >= 0, ``order`` is not a permutation of the
            three characteristics (starting with Endurance for a first damage), an
            ``allocation`` is given for a first damage or does not add up, or the
            characteristics are not :class:`Physical` with current <= maximum.

    >>> hurt = apply_damage(Physical(7, 8, 6), 9, order=("endurance", "dexterity", "strength"))
    >>> hurt.physical, hurt.state.value
    (Physical(strength=7, dexterity=5, endurance=0), 'wounded')
    >>> apply_damage(Physical(7, 8, 6), 14).state.value
    'unconscious'
    """
    maximum = current if maximum is None else maximum
    _check_pair(current, maximum)
    damage = check_int("damage", damage, 0)
    first = current == maximum
    sequence = _check_order(order, first=first)
    scores = {c: current[c] for c in Characteristic}
    lost: list[tuple[Characteristic, int]] = []
    if allocation is not None:
        lost = _check_allocation(allocation, scores, damage)
        if first:
            raise InvalidInput(
                "allocation",
                "None for a character's first damage (it goes to Endurance first)",
                allocation,
            )
    else:
        remaining = damage
        for c in sequence:
            taken = min(remaining, scores[c])
            if taken:
                lost.append((c, taken))
            remaining -= taken
    for c, taken in lost:
        scores[c] -= taken
    after = Physical(
        scores[Characteristic.STRENGTH],
        scores[Characteristic.DEXTERITY],
        scores[Characteristic.ENDURANCE],
    )
    return DamageResult(after, wound_state(after, maximum), tuple(lost))


def _check_order(order: object, *, first: bool) -> tuple[Characteristic, ...]:
    allowed = "a permutation of 'endurance', 'strength', 'dexterity'"
    try:
        items = check_items("order", order, "characteristics", max_items=len(Characteristic))
    except InvalidInput as error:
        raise type(error)("order", allowed, order) from None
    sequence = tuple(
        check_choice(f"order[{index}]", item, Characteristic) for index, item in enumerate(items)
    )
    if sorted(sequence) != sorted(Characteristic):
        raise InvalidInput("order", allowed, order)
    if first and sequence[0] is not Characteristic.ENDURANCE:
        raise InvalidInput(
            "order", "a permutation starting with 'endurance' for a character's first damage", order
        )
    return sequence


def _check_allocation(
    allocation: object, scores: dict[Characteristic, int], damage: int
) -> list[tuple[Characteristic, int]]:
    pairs = check_mapping(
        "allocation", allocation, "characteristic to points", max_items=len(Characteristic)
    )
    lost: dict[Characteristic, int] = {}
    for key, points in pairs:
        c = check_choice("allocation key", key, Characteristic)
        lost[c] = lost.get(c, 0) + check_int(f"allocation[{c.value!r}]", points, 0)
    total = sum(scores.values())
    if damage >= total:
        if any(lost.get(c, 0) != scores[c] for c in Characteristic):
            raise InvalidInput(
                "allocation",
                f"every remaining point ({total}) when the damage ({damage}) kills",
                allocation,
            )
    else:
        if sum(lost.values()) != damage:
            allowed = f"points adding up to the damage ({damage})"
            raise InvalidInput("allocation", allowed, allocation)
        for c, points in lost.items():
            if points > scores[c]:
                raise InvalidInput(
                    "allocation",
                    f"<= the current {c.value} ({scores[c]})",
                    points,
                    where=f"[{c.value!r}]",
                )
    return [(c, lost[c]) for c in Characteristic if lost.get(c, 0)]
