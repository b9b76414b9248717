"""Grappling: the opposed Natural Weapons check and the winner's options.

Source: ``003_c7092257a5e3046d.txt``, "Grappling": "The attacker must move to Personal range and
beat his target in an opposed Natural Weapons skill check. If he wins, he may do any one of the
following: Continue the grapple with no other effects. Disarm his opponent. If he succeeds by 6+
he can take the weapon away; otherwise it ends up on the floor. Drag his opponent up to three
meters. Escape the grapple and move away (as if with a normal movement action). Inflict damage
equal to 2 + the Effect. Knock his opponent prone. Throw his opponent up to three meters for 1D6
damage. Throwing an opponent always ends the grapple. With any other option the winner can
choose to end or continue the grapple as he sees fit. A character in a grapple cannot move nor
do anything other than make opposed Natural Weapons skill checks. Each time an opposed check is
made the winner can choose an option from the above list."

Interpretations (the chapter does not define an opposed check):

* both sides roll 2D6 + their DMs against 8+, and the higher Effect (the higher total) wins;
  the winner need not succeed on his own;
* **a tie has no winner**: the attacker has not "beaten" his target, so no grapple starts, and
  in a grapple nobody chooses an option this time (the grapple goes on unchanged);
* "the Effect" (damage 2 + Effect) and "succeeds by 6+" (disarm) are the winner's own Effect
  (total - 8), as everywhere in the chapter; damage is never below 0.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from rules.cepheus._common import check_rng, roll_d6
from rules.cepheus.checks import (
    EXCEPTIONAL_EFFECT,
    TARGET_NUMBER,
    CheckRoll,
    _effect_distribution,
    _roll_check,
)
from rules.cepheus.variant import DEFAULT_VARIANT, OpposedEffect, Variant, _check_variant
from rules.dice import Distribution
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "GRAPPLE_DAMAGE_BASE",
    "GRAPPLE_MOVE_METRES",
    "GRAPPLE_OPTIONS",
    "DisarmResult",
    "GrappleOdds",
    "GrappleOption",
    "GrappleOptionRow",
    "GrappleRoll",
    "OpposedResult",
    "disarm_result",
    "grapple_damage",
    "grapple_damage_distribution",
    "grapple_odds",
    "opposed_result",
    "roll_grapple",
]

GRAPPLE_DAMAGE_BASE: Final = 2
"""Source: ``003_c7092257a5e3046d.txt``, "Grappling" ("Inflict damage equal to 2 + the
Effect")."""

GRAPPLE_MOVE_METRES: Final = 3
"""Source: ``003_c7092257a5e3046d.txt``, "Grappling" ("Drag his opponent up to three meters";
"Throw his opponent up to three meters")."""


class GrappleOption(enum.StrEnum):
    """What the winner of an opposed Natural Weapons check may do (one per win)."""

    CONTINUE = "continue"
    """Continue the grapple with no other effects."""
    DISARM = "disarm"
    """Disarm the opponent: the weapon is taken on Effect 6+, otherwise it ends up on the floor."""
    DRAG = "drag"
    """Drag the opponent up to three metres."""
    ESCAPE = "escape"
    """Escape the grapple and move away (as a normal movement action)."""
    DAMAGE = "damage"
    """Inflict damage equal to 2 + the Effect."""
    KNOCK_PRONE = "knock_prone"
    """Knock the opponent prone."""
    THROW = "throw"
    """Throw the opponent up to three metres for 1D6 damage; always ends the grapple."""


@output_record
@dataclass(frozen=True, slots=True)
class GrappleOptionRow:
    """One option of the winner of a grapple, as the source lists it."""

    option: GrappleOption
    """The option."""
    text: str
    """The source's words."""
    metres: int
    """How far the opponent (or, escaping, the winner) moves: 0 if not given."""
    ends_grapple: bool | None
    """True: the option ends the grapple; None: the winner chooses to end or continue it."""


GRAPPLE_OPTIONS: Final = MappingProxyType(
    {
        GrappleOption.CONTINUE: GrappleOptionRow(
            GrappleOption.CONTINUE, "Continue the grapple with no other effects.", 0, None
        ),
        GrappleOption.DISARM: GrappleOptionRow(
            GrappleOption.DISARM,
            "Disarm his opponent. If he succeeds by 6+ he can take the weapon away; otherwise it "
            "ends up on the floor.",
            0,
            None,
        ),
        GrappleOption.DRAG: GrappleOptionRow(
            GrappleOption.DRAG, "Drag his opponent up to three meters.", GRAPPLE_MOVE_METRES, None
        ),
        GrappleOption.ESCAPE: GrappleOptionRow(
            GrappleOption.ESCAPE,
            "Escape the grapple and move away (as if with a normal movement action).",
            0,
            True,
        ),
        GrappleOption.DAMAGE: GrappleOptionRow(
            GrappleOption.DAMAGE, "Inflict damage equal to 2 + the Effect.", 0, None
        ),
        GrappleOption.KNOCK_PRONE: GrappleOptionRow(
            GrappleOption.KNOCK_PRONE, "Knock his opponent prone.", 0, None
        ),
        GrappleOption.THROW: GrappleOptionRow(
            GrappleOption.THROW,
            "Throw his opponent up to three meters for 1D6 damage.",
            GRAPPLE_MOVE_METRES,
            True,
        ),
    }
)
"""Option -> its row, in the source's order. Source: ``003_c7092257a5e3046d.txt``, "Grappling"
("Throwing an opponent always ends the grapple. With any other option the winner can choose to
end or continue the grapple as he sees fit"). Interpretation: escaping ends the grapple by its
nature ("Escape the grapple"); its movement is a normal movement action, not a distance given
here (0)."""


class OpposedResult(enum.StrEnum):
    """The result of an opposed check, for the side that asks."""

    WIN = "win"
    """This side's Effect is higher: it chooses an option."""
    TIE = "tie"
    """Equal Effects: nobody wins (no grapple starts; a grapple goes on unchanged)."""
    LOSE = "lose"
    """The opponent's Effect is higher: the opponent chooses an option."""


class DisarmResult(enum.StrEnum):
    """Where the opponent's weapon goes when the winner disarms him."""

    TAKEN = "taken"
    """The winner takes the weapon away (he succeeded by 6+)."""
    ON_THE_FLOOR = "on_the_floor"
    """The weapon ends up on the floor."""


def opposed_result(effect: int, opponent_effect: int) -> OpposedResult:
    """Who wins an opposed check with these two Effects: the higher one; a tie has no winner.

    Rule: ``003_c7092257a5e3046d.txt``, "Grappling" ("beat his target in an opposed Natural
    Weapons skill check"). Interpretation (the chapter does not say how an opposed check
    ties): equal Effects are a tie, which nobody wins.

    Raises:
        ValueError: ``effect`` or ``opponent_effect`` is not an integer.

    >>> opposed_result(2, -1).value, opposed_result(1, 1).value, opposed_result(-3, 0).value
    ('win', 'tie', 'lose')
    """
    effect = check_int("effect", effect)
    opponent_effect = check_int("opponent_effect", opponent_effect)
    if effect > opponent_effect:
        return OpposedResult.WIN
    if effect < opponent_effect:
        return OpposedResult.LOSE
    return OpposedResult.TIE


def grapple_damage(
    effect: int, *, opponent_effect: int | None = None, variant: Variant = DEFAULT_VARIANT
) -> int:
    """The damage of the "inflict damage" option: 2 + the winner's Effect, never below 0.

    Rule: ``003_c7092257a5e3046d.txt``, "Grappling" ("Inflict damage equal to 2 + the Effect").
    Interpretation: the Effect is the winner's own (total - 8), which may be negative when both
    sides failed, so the damage is floored at 0. Armor is the caller's to apply. Switchable:
    ``variant.grapple_damage_effect`` "margin" reads "the Effect" as the winner's Effect minus
    the loser's ``opponent_effect`` (then required; ignored otherwise).

    Raises:
        ValueError: ``effect`` is not an integer, ``opponent_effect`` is neither ``None`` nor
            an integer (or ``None`` when the margin is needed), or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> grapple_damage(3), grapple_damage(-1), grapple_damage(-5)
    (5, 1, 0)
    >>> grapple_damage(3, opponent_effect=-2, variant=Variant(grapple_damage_effect="margin"))
    7
    """
    effect = check_int("effect", effect)
    if opponent_effect is not None:
        opponent_effect = check_int("opponent_effect", opponent_effect)
    if _check_variant(variant).grapple_damage_effect is OpposedEffect.EFFECT:
        return _damage(effect, 0)
    if opponent_effect is None:
        raise InvalidInput(
            "opponent_effect",
            "an integer when variant.grapple_damage_effect is 'margin' (the loser's Effect)",
            None,
        )
    return _damage(effect, opponent_effect)


def _damage(effect: int, subtract: int) -> int:
    """2 + (``effect`` - ``subtract``), never below 0 (subtract: 0, or the loser's Effect)."""
    return max(0, GRAPPLE_DAMAGE_BASE + effect - subtract)


def disarm_result(
    effect: int, *, opponent_effect: int | None = None, variant: Variant = DEFAULT_VARIANT
) -> DisarmResult:
    """Where the loser's weapon goes when the winner of Effect ``effect`` disarms him.

    Rule: ``003_c7092257a5e3046d.txt``, "Grappling" ("If he succeeds by 6+ he can take the
    weapon away; otherwise it ends up on the floor"). Interpretation: "succeeds by 6+" is the
    winner's Effect of 6 or more (an exceptional success). Switchable:
    ``variant.disarm_succeeds_by`` "margin" reads it as the winner's Effect minus the loser's
    ``opponent_effect`` (then required; ignored otherwise).

    Raises:
        ValueError: ``effect`` is not an integer, ``opponent_effect`` is neither ``None`` nor
            an integer (or ``None`` when the margin is needed), or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> disarm_result(6).value, disarm_result(5).value
    ('taken', 'on_the_floor')
    >>> margin = Variant(disarm_succeeds_by="margin")
    >>> disarm_result(6, opponent_effect=1, variant=margin).value
    'on_the_floor'
    """
    effect = check_int("effect", effect)
    if opponent_effect is not None:
        opponent_effect = check_int("opponent_effect", opponent_effect)
    if _check_variant(variant).disarm_succeeds_by is OpposedEffect.EFFECT:
        return _disarm(effect, 0)
    if opponent_effect is None:
        raise InvalidInput(
            "opponent_effect",
            "an integer when variant.disarm_succeeds_by is 'margin' (the loser's Effect)",
            None,
        )
    return _disarm(effect, opponent_effect)


def _disarm(effect: int, subtract: int) -> DisarmResult:
    """Taken when ``effect - subtract`` is 6 or more (subtract: 0, or the loser's Effect)."""
    if effect - subtract >= EXCEPTIONAL_EFFECT:
        return DisarmResult.TAKEN
    return DisarmResult.ON_THE_FLOOR


@output_record
@dataclass(frozen=True, slots=True)
class GrappleOdds:
    """The odds of one opposed Natural Weapons check, for the side whose DM comes first."""

    win: Fraction
    """The chance of winning (a higher Effect)."""
    tie: Fraction
    """The chance of a tie (no winner)."""
    lose: Fraction
    """The chance of losing (the opponent chooses an option)."""
    winning_effect: Distribution[int] | None
    """The distribution of this side's Effect given that it wins (None if it cannot win)."""
    disarm_takes: Fraction
    """The chance of winning with Effect 6+, which takes the opponent's weapon when disarming."""


def _effects(dm: int, natural: bool) -> Distribution[int]:
    return _effect_distribution(dm, TARGET_NUMBER, False, natural)


def grapple_odds(dm: int, opponent_dm: int, *, variant: Variant = DEFAULT_VARIANT) -> GrappleOdds:
    """The exact odds of an opposed Natural Weapons check: win, tie, lose, the winner's Effect.

    ``dm`` and ``opponent_dm`` are every DM of each side's check (Natural Weapons skill,
    characteristic DM, ...). Rule: ``003_c7092257a5e3046d.txt``, "Grappling"; counted over the
    36 x 36 rolls. Interpretation: the higher Effect wins (the winner need not succeed); a tie
    has no winner; disarming takes the weapon on the winner's Effect 6+. ``variant``: the
    natural 2/12 house rule on both checks, and "succeeds by 6+" as the margin over the loser
    (``disarm_succeeds_by``).

    Raises:
        ValueError: ``dm`` or ``opponent_dm`` is not an integer, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> odds = grapple_odds(0, 0)
    >>> odds.win, odds.tie, odds.lose
    (Fraction(575, 1296), Fraction(73, 648), Fraction(575, 1296))
    """
    dm = check_int("dm", dm)
    opponent_dm = check_int("opponent_dm", opponent_dm)
    variant = _check_variant(variant)
    natural = variant.natural_two_twelve
    margin = variant.disarm_succeeds_by is OpposedEffect.MARGIN
    mine, theirs = _effects(dm, natural), _effects(opponent_dm, natural)
    win = tie = lose = disarm = Fraction(0)
    winning: dict[int, Fraction] = {}
    for a, pa in mine.items():
        for b, pb in theirs.items():
            p = pa * pb
            if a > b:
                win += p
                winning[a] = winning.get(a, Fraction(0)) + p
                if _disarm(a, b if margin else 0) is DisarmResult.TAKEN:
                    disarm += p
            elif a == b:
                tie += p
            else:
                lose += p
    conditional = Distribution._exact({k: v / win for k, v in winning.items()}) if win else None
    return GrappleOdds(win, tie, lose, conditional, disarm)


def grapple_damage_distribution(
    dm: int,
    opponent_dm: int,
    *,
    option: GrappleOption | str = "damage",
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[int]:
    """The damage one opposed check does to the opponent when the winner picks ``option``.

    Damage only comes from a win: "damage" does 2 + Effect (:func:`grapple_damage`), "throw"
    1D6, any other option 0; a tie or a loss does 0 (the loser's own win is the other side's
    call to this function). Rule: ``003_c7092257a5e3046d.txt``, "Grappling". Interpretation: the
    higher Effect wins, a tie has no winner, "2 + the Effect" is the winner's own Effect,
    never below 0. Armor is the caller's to apply. ``variant``: the natural 2/12 house rule on
    both checks, and "the Effect" as the margin over the loser (``grapple_damage_effect``).

    Raises:
        ValueError: ``dm`` or ``opponent_dm`` is not an integer, ``option`` not one of the
            options, or ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> grapple_damage_distribution(0, 0, option="throw")[6] == Fraction(575, 1296) / 6
    True
    """
    dm = check_int("dm", dm)
    opponent_dm = check_int("opponent_dm", opponent_dm)
    chosen = check_choice("option", option, GrappleOption)
    variant = _check_variant(variant)
    natural = variant.natural_two_twelve
    margin = variant.grapple_damage_effect is OpposedEffect.MARGIN
    mine, theirs = _effects(dm, natural), _effects(opponent_dm, natural)
    result: dict[int, Fraction] = {}
    for a, pa in mine.items():
        for b, pb in theirs.items():
            p = pa * pb
            if a <= b:
                outcomes = {0: p}
            elif chosen is GrappleOption.DAMAGE:
                outcomes = {_damage(a, b if margin else 0): p}
            elif chosen is GrappleOption.THROW:
                outcomes = {face: p / 6 for face in range(1, 7)}
            else:
                outcomes = {0: p}
            for damage, q in outcomes.items():
                result[damage] = result.get(damage, Fraction(0)) + q
    return Distribution._exact({k: v for k, v in result.items() if v})


@output_record
@dataclass(frozen=True, slots=True)
class GrappleRoll:
    """One rolled opposed Natural Weapons check and the winner's option, with a log."""

    check: CheckRoll
    """The attacker's check (the side whose DM comes first)."""
    opponent_check: CheckRoll
    """The opponent's check."""
    result: OpposedResult
    """Win, tie or lose, for the attacker."""
    option: GrappleOption | None
    """The option the attacker took (None unless he won)."""
    damage: int
    """The damage the attacker's option did to the opponent (0 unless it was damage or throw)."""
    throw_roll: int | None
    """The 1D6 of a throw (None unless the attacker won and threw)."""
    disarm: DisarmResult | None
    """Where the opponent's weapon went (None unless the attacker won and disarmed)."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def _side_line(who: str, check: CheckRoll) -> str:
    a, b = check.kept
    return (
        f"{who}: 2D6 {a} + {b} = {a + b}, {check.dm:+d} = {check.total} vs {TARGET_NUMBER}+: "
        f"Effect {check.effect}"
    )


def roll_grapple(
    dm: int,
    opponent_dm: int,
    rng: random.Random,
    *,
    option: GrappleOption | str = "continue",
    variant: Variant = DEFAULT_VARIANT,
) -> GrappleRoll:
    """Roll one opposed Natural Weapons check with ``rng``; the attacker takes ``option`` if he
    wins.

    Rule: as :func:`grapple_odds` (the higher Effect wins, a tie has no winner) and the options
    of "Grappling" (damage 2 + Effect, :func:`grapple_damage`; a throw for 1D6; disarming takes
    the weapon on Effect 6+, :func:`disarm_result`; each switchable by ``variant``). Dice come
    from ``rng.randint(1, 6)``: the attacker's 2D6, the opponent's 2D6, then the 1D6 of a
    throw. When the opponent wins, his option is his own choice: the log says so and nothing
    more is rolled.

    Raises:
        ValueError: ``dm`` or ``opponent_dm`` is not an integer, ``option`` not one of the
            options, or ``variant`` not a :class:`~rules.cepheus.Variant`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> rolled = roll_grapple(1, 0, random.Random(3), option="damage")
    >>> print("\\n".join(rolled.log))
    Attacker: 2D6 2 + 5 = 7, +1 = 8 vs 8+: Effect 0
    Opponent: 2D6 5 + 2 = 7, +0 = 7 vs 8+: Effect -1
    The attacker wins (Effect 0 against -1)
    Inflict damage equal to 2 + the Effect: 2 + 0 = 2 damage
    >>> rolled.damage
    2
    """
    dm = check_int("dm", dm)
    opponent_dm = check_int("opponent_dm", opponent_dm)
    chosen = check_choice("option", option, GrappleOption)
    check_rng(rng)
    variant = _check_variant(variant)
    natural = variant.natural_two_twelve
    margin = variant.disarm_succeeds_by is OpposedEffect.MARGIN
    damage_margin = variant.grapple_damage_effect is OpposedEffect.MARGIN
    mine = _roll_check(dm, rng, TARGET_NUMBER, False, natural)
    theirs = _roll_check(opponent_dm, rng, TARGET_NUMBER, False, natural)
    log = [_side_line("Attacker", mine), _side_line("Opponent", theirs)]
    # Derived numbers are not re-checked (a DM near the size limit makes a larger Effect).
    if mine.effect > theirs.effect:
        result = OpposedResult.WIN
    elif mine.effect < theirs.effect:
        result = OpposedResult.LOSE
    else:
        result = OpposedResult.TIE
    if result is OpposedResult.TIE:
        log.append(
            f"A tie (Effect {mine.effect} each): nobody wins, no grapple starts and no option "
            "is taken (a grapple goes on unchanged)"
        )
        return GrappleRoll(mine, theirs, result, None, 0, None, None, tuple(log))
    if result is OpposedResult.LOSE:
        log.append(
            f"The opponent wins (Effect {theirs.effect} against {mine.effect}): he chooses an "
            "option"
        )
        return GrappleRoll(mine, theirs, result, None, 0, None, None, tuple(log))
    log.append(f"The attacker wins (Effect {mine.effect} against {theirs.effect})")
    text = GRAPPLE_OPTIONS[chosen].text
    damage, throw, disarm = 0, None, None
    if chosen is GrappleOption.DAMAGE:
        if damage_margin:
            over = mine.effect - theirs.effect
            damage = _damage(mine.effect, theirs.effect)
            log.append(
                f"Inflict damage equal to 2 + the Effect (margin over the loser): "
                f"{GRAPPLE_DAMAGE_BASE} + {over} = {damage} damage"
            )
        else:
            damage = _damage(mine.effect, 0)
            log.append(
                f"Inflict damage equal to 2 + the Effect: {GRAPPLE_DAMAGE_BASE} + {mine.effect} = "
                f"{damage} damage" + (" (never below 0)" if damage != 2 + mine.effect else "")
            )
    elif chosen is GrappleOption.THROW:
        (throw,) = roll_d6(rng, 1)
        damage = throw
        log.append(
            f"Throw his opponent up to {GRAPPLE_MOVE_METRES} m: 1D6 = {throw} damage; the "
            "grapple ends"
        )
    elif chosen is GrappleOption.DISARM:
        disarm = _disarm(mine.effect, theirs.effect if margin else 0)
        where = (
            "he takes the weapon away"
            if disarm is DisarmResult.TAKEN
            else "the weapon ends up on the floor"
        )
        if margin:
            by = f"margin {mine.effect - theirs.effect} over the loser"
        else:
            by = f"Effect {mine.effect}"
        log.append(f"Disarm ({by}; 6+ takes it): {where}")
    else:
        log.append(text)
    return GrappleRoll(mine, theirs, result, chosen, damage, throw, disarm, tuple(log))
