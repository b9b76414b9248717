"""Fight forecasts: the exact odds of a whole fight, round by round, as wounds change them.

Source: ``003_c7092257a5e3046d.txt``, "The Combat Round" (order of action, ties, simultaneous
action), "Damage" and its table "Damage Results", "Injury and Recovery" (the seriously wounded
"lose their minor action in combat"), "Aiming" and "Aiming for the Kill" (minor actions), and
"Attack" (the characteristic DM), with the attack model of :mod:`rules.cepheus.attack`.

The forecast is an absorbing Markov chain in the sense of :mod:`rules.forecast`. Each
fighter's state is its current physical scores: under a fixed allocation policy (``order``)
they are decided by the damage taken so far (and, for ``"spread"``, by where the first
attack's spill went; see :class:`Fighter`), and they decide everything that follows: the
fighter's condition (:func:`~rules.cepheus.wound_state`), its attack (the characteristic DM
with ``dm_from``, no aiming when seriously wounded), who acts first, and where the next
damage goes (:func:`~rules.cepheus.apply_damage`). Equal states are merged after every
attack, and a fighter who is down (unconscious or dead) ends the fight: its state is
absorbing. Every probability is exact; nothing is sampled.

The chain is :func:`rules.forecast.run_chain`'s (each state stepped from a cached
distribution of next states, equal states merged, absorbing states carried), run on its
integer-count core :func:`rules.forecast.iterate_counts` (one step per attack, every weight an
integer over one running denominator) because a fight at the bounds has hundreds of joint
states over 120 attacks, where Fractions cost seconds. The states are plain tuples (the phase
of the round and each side's state; see :func:`duel`); each round's joint distribution of the
two conditions is then a :class:`~rules.dice.Distribution`, read with
:func:`rules.forecast.chance_by_step`.

The forecasts live in :mod:`rules.cepheus.fighters` (the fighters, the limits, one body taking
damage, one attacker's attacks), :mod:`rules.cepheus.duel_forecast` (:func:`duel`) and
:mod:`rules.cepheus.focus_fire_forecast` (:func:`focus_fire`); this module holds the rolled
fights and is where every public name of the forecasts is imported from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cepheus._common import check_rng
from rules.cepheus.attack import AttackSituation, roll_attack
from rules.cepheus.damage import Characteristic, Physical, WoundState
from rules.cepheus.duel_forecast import DuelForecast, duel
from rules.cepheus.fighters import (
    _DEFAULT_ORDER,
    _DOWN,
    MAX_FIGHT_DICE,
    MAX_FIGHT_ROUNDS,
    MAX_FIGHT_SCORE,
    MAX_FIGHT_WORK,
    MAX_FOCUS_ATTACKS,
    Fighter,
    _adjusted,
    _check_focus,
    _check_policy,
    _check_rounds,
    _take,
)
from rules.cepheus.focus_fire_forecast import FocusFireForecast, focus_fire
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.validation import check_instance, output_record

__all__ = [
    "MAX_FIGHT_DICE",
    "MAX_FIGHT_ROUNDS",
    "MAX_FIGHT_SCORE",
    "MAX_FIGHT_WORK",
    "MAX_FOCUS_ATTACKS",
    "DuelForecast",
    "DuelRoll",
    "Fighter",
    "FocusFireForecast",
    "FocusFireRoll",
    "duel",
    "focus_fire",
    "roll_duel",
    "roll_focus_fire",
]

# --- A rolled duel ---------------------------------------------------------------------------


@output_record
@dataclass(frozen=True, slots=True)
class DuelRoll:
    """One rolled :func:`duel`, round by round, with a step-by-step log."""

    physical: tuple[tuple[Physical, Physical], ...]
    """A's and B's current scores after each round."""
    states: tuple[tuple[WoundState, WoundState], ...]
    """A's and B's conditions after each round."""
    log: tuple[str, ...]
    """What happened, one step per line."""


def roll_duel(
    a: Fighter,
    b: Fighter,
    rounds: int,
    rng: random.Random,
    *,
    variant: Variant = DEFAULT_VARIANT,
) -> DuelRoll:
    """Roll one duel with ``rng``: the same rules as :func:`duel`, one fight instead of all.

    Each attack is :func:`~rules.cepheus.roll_attack` of the attack as adjusted to the
    attacker's state when it acts (its log is kept, indented); the damage goes where the
    target's ``order`` puts it. When both act at once, A's attack is rolled first. A blind hit
    that strikes another target in the firing line deals this one nothing. The fight stops when
    one side is down; the remaining rounds repeat the last state. ``variant`` (keyword-only)
    is passed to every :func:`~rules.cepheus.roll_attack`, as in :func:`duel`.

    Raises:
        ValueError: ``a`` or ``b`` is not a :class:`Fighter`, ``rounds`` not an integer in
            1..60, or ``variant`` not a :class:`~rules.cepheus.Variant`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> from rules.cepheus import AttackSituation
    >>> pistol = AttackSituation(weapon="pistol", damage_dice=3, band="short", skill=1)
    >>> fight = roll_duel(Fighter(Physical(7, 8, 6), pistol, initiative=1),
    ...                   Fighter(Physical(6, 7, 7), pistol), 3, random.Random(7))
    >>> len(fight.states), fight.log[0]
    (3, 'Round 1: A acts first (Initiative 1 against 0)')
    """
    check_instance("a", a, Fighter)
    check_instance("b", b, Fighter)
    rounds = _check_rounds(rounds)
    check_rng(rng)
    variant = _check_variant(variant)
    fighters = {"A": a, "B": b}
    current = {"A": a.physical, "B": b.physical}
    condition = {"A": WoundState.UNHARMED, "B": WoundState.UNHARMED}
    log: list[str] = []
    physical: list[tuple[Physical, Physical]] = []
    states: list[tuple[WoundState, WoundState]] = []

    def attack(attacker: str) -> int:
        fighter = fighters[attacker]
        situation = _adjusted(
            fighter.attack,
            fighter._source,
            current[attacker],
            condition[attacker] is WoundState.SERIOUSLY_WOUNDED,
        )
        rolled = roll_attack(situation, rng, variant=variant)
        log.append(f"{attacker} attacks {'B' if attacker == 'A' else 'A'}:")
        log.extend(f"  {line}" for line in rolled.log)
        return rolled.damage if rolled.firing_line_target in (None, 1) else 0

    def land(target: str, damage: int) -> None:
        fighter = fighters[target]
        result = _take(current[target], fighter.physical, fighter._policy, damage)
        current[target], condition[target] = result.physical, result.state
        p = result.physical
        log.append(
            f"{target} takes {damage}: Strength {p.strength}, Dexterity {p.dexterity}, "
            f"Endurance {p.endurance}: {result.state.value.replace('_', ' ')}"
        )

    ended = False
    for number in range(1, rounds + 1):
        if not ended:
            key = {side: (fighters[side].initiative, current[side].dexterity) for side in "AB"}
            if key["A"] == key["B"]:
                log.append(
                    f"Round {number}: A and B act simultaneously (same Initiative and Dexterity)"
                )
                to_b, to_a = attack("A"), attack("B")
                land("B", to_b)
                land("A", to_a)
            else:
                first = "A" if key["A"] > key["B"] else "B"
                second = "B" if first == "A" else "A"
                why = (
                    f"Initiative {key[first][0]} against {key[second][0]}"
                    if key[first][0] != key[second][0]
                    else f"same Initiative, Dexterity {key[first][1]} against {key[second][1]}"
                )
                log.append(f"Round {number}: {first} acts first ({why})")
                land(second, attack(first))
                if condition[second] not in _DOWN:
                    land(first, attack(second))
            down = [side for side in "AB" if condition[side] in _DOWN]
            if down:
                ended = True
                log.append(f"{' and '.join(down)} down: the fight is over")
        physical.append((current["A"], current["B"]))
        states.append((condition["A"], condition["B"]))
    return DuelRoll(tuple(physical), tuple(states), tuple(log))


@output_record
@dataclass(frozen=True, slots=True)
class FocusFireRoll:
    """One rolled :func:`focus_fire`, round by round, with a step-by-step log."""

    physical: tuple[Physical, ...]
    """The target's current scores after each round."""
    states: tuple[WoundState, ...]
    """The target's condition after each round."""
    log: tuple[str, ...]
    """What happened, one step per line."""


def roll_focus_fire(
    target: Physical,
    attacks: Sequence[AttackSituation],
    rounds: int,
    rng: random.Random,
    order: Sequence[Characteristic | str] | str = _DEFAULT_ORDER,
    *,
    variant: Variant = DEFAULT_VARIANT,
) -> FocusFireRoll:
    """Roll one focus fire with ``rng``: the same rules as :func:`focus_fire`, one fight
    instead of all.

    Each round each attack of ``attacks`` is :func:`~rules.cepheus.roll_attack`, in the order
    given (its log kept, indented), and its damage goes where the target's ``order`` puts it
    (see :class:`Fighter`), until the target is down; the remaining rounds repeat the last
    state. A blind hit that strikes another target in the firing line deals this one nothing.
    ``variant`` (keyword-only) is passed to every :func:`~rules.cepheus.roll_attack`.

    Raises:
        ValueError: as :func:`focus_fire` for ``target``, ``attacks``, ``rounds``, ``order``
            and ``variant``.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> pistol = AttackSituation(weapon="pistol", damage_dice=3, band="short", skill=1)
    >>> fight = roll_focus_fire(Physical(7, 7, 7), [pistol, pistol], 2, random.Random(7))
    >>> len(fight.states), fight.log[0]
    (2, 'Round 1')
    """
    target, situations = _check_focus(target, attacks)
    rounds = _check_rounds(rounds)
    check_rng(rng)
    policy = _check_policy(order)
    variant = _check_variant(variant)
    current, condition = target, WoundState.UNHARMED
    log: list[str] = []
    physical: list[Physical] = []
    states: list[WoundState] = []
    for number in range(1, rounds + 1):
        if condition not in _DOWN:
            log.append(f"Round {number}")
            for index, situation in enumerate(situations, start=1):
                rolled = roll_attack(situation, rng, variant=variant)
                log.append(f"Attacker {index}:")
                log.extend(f"  {line}" for line in rolled.log)
                damage = rolled.damage if rolled.firing_line_target in (None, 1) else 0
                result = _take(current, target, policy, damage)
                current, condition = result.physical, result.state
                log.append(
                    f"The target takes {damage}: Strength {current.strength}, Dexterity "
                    f"{current.dexterity}, Endurance {current.endurance}: "
                    f"{condition.value.replace('_', ' ')}"
                )
                if condition in _DOWN:
                    log.append("The target is down: the fight is over")
                    break
        physical.append(current)
        states.append(condition)
    return FocusFireRoll(tuple(physical), tuple(states), tuple(log))
