"""Suppression fire: DM -2, double ammunition, an Initiative penalty equal to the Effect.

Source: ``003_c7092257a5e3046d.txt``, "Suppression Fire". The DMs themselves are
``SUPPRESSION_FIRE_DM`` (-2, the firer) and ``SUPPRESSED_DM`` (-1, the target's checks) in
:mod:`rules.cepheus.modifiers`, where the attack model uses them.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_bool, check_rng
from rules.cepheus.checks import TARGET_NUMBER, CheckRoll, _effect_distribution, _roll_check
from rules.cepheus.modifiers import SUPPRESSED_DM, SUPPRESSION_FIRE_DM
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.validation import check_choice, check_int, check_items, output_record

__all__ = [
    "MAX_SUPPRESSION_HITS",
    "SUPPRESSED_ROUNDS",
    "SUPPRESSION_AMMUNITION_FACTOR",
    "SuppressionException",
    "SuppressionRoll",
    "can_be_suppressed",
    "roll_suppression",
    "suppression_ammunition",
    "suppression_chance",
    "suppression_penalty",
    "suppression_penalty_distribution",
]

SUPPRESSION_AMMUNITION_FACTOR: Final = 2
"""Source: ``003_c7092257a5e3046d.txt``, "Suppression Fire" ("This attack action also uses up
double the normal amount of ammunition per attack")."""

SUPPRESSED_ROUNDS: Final = 2
"""The rounds a suppressed target's checks take ``SUPPRESSED_DM`` (-1): the current one and the
next. Source: ``003_c7092257a5e3046d.txt``, "Suppression Fire" ("in both the current and
following combat round")."""

MAX_SUPPRESSION_HITS: Final = 100
"""The most attacks :func:`suppression_penalty` and :func:`suppression_penalty_distribution`
take on one target (the largest burst of the Burst Fire table is 100 rounds)."""


class SuppressionException(enum.StrEnum):
    """Targets suppression fire does not affect ("Suppression Fire": "Some of those exceptions
    are found on the list below", so the list is not complete)."""

    VEHICLE = "vehicle"
    """Vehicles, or targets fully enclosed in vehicles."""
    ZEALOT = "zealot"
    """Zealots."""
    MECHANICAL = "mechanical"
    """Mechanical or android targets."""
    BATTLE_DRESS = "battle_dress"
    """Targets wearing full Battle Dress."""
    SUICIDAL = "suicidal"
    """Suicidal targets."""


def suppression_ammunition(rounds: int) -> int:
    """The ammunition a suppression attack uses: twice the ``rounds`` of a normal attack.

    Rule: ``003_c7092257a5e3046d.txt``, "Suppression Fire" ("uses up double the normal amount of
    ammunition per attack").

    Raises:
        ValueError: ``rounds`` is not an integer >= 0.

    >>> suppression_ammunition(1), suppression_ammunition(10)
    (2, 20)
    """
    return SUPPRESSION_AMMUNITION_FACTOR * check_int("rounds", rounds, 0)


def can_be_suppressed(
    exceptions: Iterable[SuppressionException | str] = (), *, acted_since_suppressed: bool = True
) -> bool:
    """Whether suppression fire can affect a target now.

    Rule: ``003_c7092257a5e3046d.txt``, "Suppression Fire": "no target can be affected twice by
    Suppression fire on the same action. The target must be allowed to take one action before he
    can be suppressed again", and the targets it does not affect ("Vehicles, or targets fully
    enclosed in vehicles; Zealots; Mechanical or android targets; Targets wearing full Battle
    Dress; Suicidal targets"). ``exceptions`` lists which of these apply to the target; the
    list is not complete ("Some of those exceptions"), so a target the referee judges
    unshakeable for another reason is the caller's call.

    Raises:
        ValueError: ``exceptions`` is not a collection of at most 5 of 'vehicle', 'zealot',
            'mechanical', 'battle_dress', 'suicidal', or ``acted_since_suppressed`` not a bool.

    >>> can_be_suppressed(), can_be_suppressed(["zealot"])
    (True, False)
    >>> can_be_suppressed(acted_since_suppressed=False)
    False
    """
    items = check_items(
        "exceptions",
        exceptions,
        "suppression exceptions",
        ordered=False,
        max_items=len(SuppressionException),
    )
    found = [
        check_choice(f"exceptions[{index}]", item, SuppressionException)
        for index, item in enumerate(items)
    ]
    acted = check_bool("acted_since_suppressed", acted_since_suppressed)
    return acted and not found


def suppression_penalty(effects: Iterable[int]) -> int:
    """The Initiative penalty of suppression fire on one target: its highest Effect of a hit.

    Rule: ``003_c7092257a5e3046d.txt``, "Suppression Fire": "Failures are treated as normal
    misses. Success means that the firer has hit close enough to the target to force them to duck
    away, stalling their next action by adding an initiative penalty equal to the Effect of the
    attack ... If multiple hits are used upon the same target, the highest Effect takes
    precedence." ``effects`` are the Effects of the attacks on the target (each already with
    the -2 of suppression fire).

    Interpretation: the penalty is a number to subtract from the target's Initiative (0 when
    every attack missed, or for a success of Effect 0, which suppresses the target, DM -1, but
    delays nothing). A suppressed target is one with a hit (``max(effects) >= 0``).

    Raises:
        ValueError: ``effects`` is not a collection (list, tuple, set) of at most 100 integers.

    >>> suppression_penalty([2]), suppression_penalty([-1, 3, 1]), suppression_penalty([-4])
    (2, 3, 0)
    """
    items = check_items(
        "effects", effects, "integer Effects", ordered=False, max_items=MAX_SUPPRESSION_HITS
    )
    values = [check_int(f"effects[{index}]", item) for index, item in enumerate(items)]
    return max([0, *values])


def suppression_penalty_distribution(
    dm: int, *, attacks: int = 1, variant: Variant = DEFAULT_VARIANT
) -> Distribution[int]:
    """The distribution of the Initiative penalty ``attacks`` suppression attacks inflict.

    Each attack is a check of 2D6 + ``dm`` + ``SUPPRESSION_FIRE_DM`` (-2) against 8+; the
    penalty is the highest Effect of a hit, 0 if all miss (:func:`suppression_penalty`). ``dm``
    is every other DM of the attack (skill, range, ...). Closed form: the chance that the
    highest Effect is at most ``x`` is the chance for one attack to the power ``attacks``.

    Rule: ``003_c7092257a5e3046d.txt``, "Suppression Fire" ("rolls his shooting attack as normal,
    except with a -2 DM"; "the highest Effect takes precedence").

    Interpretation: the attacks on one target are independent checks (the chapter does not say
    how automatic fire splits into hits; ``attacks`` is the caller's count, at most 100).
    ``variant``: the natural 2/12 house rule on each check.

    Raises:
        ValueError: ``dm`` is not an integer, ``attacks`` not an integer in 1..100, or
            ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> suppression_penalty_distribution(2) == {0: Fraction(26, 36), 1: Fraction(4, 36),
    ...     2: Fraction(3, 36), 3: Fraction(2, 36), 4: Fraction(1, 36)}
    True
    """
    dm = check_int("dm", dm)
    attacks = check_int("attacks", attacks, 1, MAX_SUPPRESSION_HITS)
    natural = _check_variant(variant).natural_two_twelve
    effect = _effect_distribution(dm + SUPPRESSION_FIRE_DM, TARGET_NUMBER, False, natural)
    one = effect.map(lambda e: max(0, e))
    cumulative = Fraction(0)
    below = Fraction(0)
    result: dict[int, Fraction] = {}
    for penalty, p in one.items():
        cumulative += p
        at_most = cumulative**attacks
        if at_most - below:
            result[penalty] = at_most - below
        below = at_most
    return Distribution._exact(result)


def suppression_chance(
    dm: int, *, attacks: int = 1, variant: Variant = DEFAULT_VARIANT
) -> Fraction:
    """The chance that at least one of ``attacks`` suppression attacks succeeds (suppresses).

    Each attack is a check of 2D6 + ``dm`` + ``SUPPRESSION_FIRE_DM`` (-2) against 8+ ("rolls
    his shooting attack as normal, except with a -2 DM ... Failures are treated as normal
    misses. Success means that the firer has hit close enough to the target to force them to
    duck away"); a suppressed target takes the Initiative penalty of
    :func:`suppression_penalty_distribution` (0 for Effect 0) and ``SUPPRESSED_DM`` (-1) on its
    checks this round and the next. Closed form: ``1 - (1 - p) ** attacks``.

    Interpretation: as :func:`suppression_penalty_distribution` (independent checks; the
    natural 2/12 house rule of ``variant``).

    Raises:
        ValueError: ``dm`` is not an integer, ``attacks`` not an integer in 1..100, or
            ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> suppression_chance(2), suppression_chance(2, attacks=2)
    (Fraction(5, 12), Fraction(95, 144))
    """
    dm = check_int("dm", dm)
    attacks = check_int("attacks", attacks, 1, MAX_SUPPRESSION_HITS)
    natural = _check_variant(variant).natural_two_twelve
    effect = _effect_distribution(dm + SUPPRESSION_FIRE_DM, TARGET_NUMBER, False, natural)
    hit = effect.probability(lambda e: e >= 0)
    return 1 - (1 - hit) ** attacks


@output_record
@dataclass(frozen=True, slots=True)
class SuppressionRoll:
    """Rolled suppression fire on one target, with a step-by-step log."""

    affected: bool
    """False if the target cannot be suppressed now (an exception, or not acted since)."""
    checks: tuple[CheckRoll, ...]
    """The attack rolls, in order (none when the target cannot be affected)."""
    suppressed: bool
    """At least one attack succeeded on a target it can affect."""
    penalty: int
    """The Initiative penalty: the highest Effect of a success (0 otherwise)."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_suppression(
    dm: int,
    *,
    attacks: int = 1,
    exceptions: Iterable[SuppressionException | str] = (),
    acted_since_suppressed: bool = True,
    rng: random.Random,
    variant: Variant = DEFAULT_VARIANT,
) -> SuppressionRoll:
    """Roll ``attacks`` suppression attacks on one target with ``rng``, with a log.

    Rule: as :func:`suppression_penalty_distribution` and :func:`can_be_suppressed`: a target
    it cannot affect is not rolled against ("will not be harried by it"). Each attack is 2D6
    from ``rng.randint(1, 6)`` + ``dm`` - 2 against 8+; the highest Effect of a success is the
    Initiative penalty. ``variant``: the natural 2/12 house rule on each check.

    Raises:
        ValueError: as :func:`suppression_penalty_distribution` and :func:`can_be_suppressed`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_suppression(5, attacks=3, rng=random.Random(7))
    >>> print("\\n".join(result.log))
    Attack 1 of 3: 2D6 = 3 + 2 = 5, +3 = 8 vs 8+: success, Effect 0
    Attack 2 of 3: 2D6 = 4 + 6 = 10, +3 = 13 vs 8+: success, Effect 5
    Attack 3 of 3: 2D6 = 1 + 1 = 2, +3 = 5 vs 8+: miss, Effect -3
    Suppressed: Initiative -5 (highest Effect 5); DM -1 to its checks this round and next
    >>> result.penalty, roll_suppression(5, exceptions=["zealot"], rng=random.Random(7)).log
    (5, ('Not affected by suppression fire: zealot',))
    """
    dm = check_int("dm", dm)
    attacks = check_int("attacks", attacks, 1, MAX_SUPPRESSION_HITS)
    check_rng(rng)
    natural = _check_variant(variant).natural_two_twelve
    items = check_items(
        "exceptions",
        exceptions,
        "suppression exceptions",
        ordered=False,
        max_items=len(SuppressionException),
    )
    found = [
        check_choice(f"exceptions[{index}]", item, SuppressionException)
        for index, item in enumerate(items)
    ]
    if not can_be_suppressed(found, acted_since_suppressed=acted_since_suppressed):
        why = [e.value.replace("_", " ") for e in found]
        if not acted_since_suppressed:
            why.append("not acted since it was last suppressed")
        return SuppressionRoll(
            False, (), False, 0, (f"Not affected by suppression fire: {', '.join(why)}",)
        )
    total = dm + SUPPRESSION_FIRE_DM
    checks = tuple(_roll_check(total, rng, TARGET_NUMBER, False, natural) for _ in range(attacks))
    log = []
    for index, check in enumerate(checks, 1):
        result = "success" if check.success else "miss"
        log.append(
            f"Attack {index} of {attacks}: 2D6 = {check.kept[0]} + {check.kept[1]} = "
            f"{sum(check.kept)}, {total:+d} = {check.total} vs {TARGET_NUMBER}+: {result}, "
            f"Effect {check.effect}"
        )
    hits = [c.effect for c in checks if c.success]
    if not hits:
        log.append("Not suppressed: every attack missed")
        return SuppressionRoll(True, checks, False, 0, tuple(log))
    penalty = suppression_penalty(hits)
    delay = f"Initiative -{penalty}" if penalty else "no Initiative penalty"
    log.append(
        f"Suppressed: {delay} (highest Effect {penalty}); "
        f"DM {SUPPRESSED_DM} to its checks this round and next"
    )
    return SuppressionRoll(True, checks, True, penalty, tuple(log))
