"""The focus-fire forecast (:func:`focus_fire`): several attackers against one target, round by
round, as an absorbing Markov chain of exact weights (see :mod:`rules.cepheus.forecast`).

Source: ``003_c7092257a5e3046d.txt`` (see :mod:`rules.cepheus.forecast`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.cepheus.attack import AttackOdds, AttackSituation, attack_odds
from rules.cepheus.damage import Characteristic, Physical, WoundState
from rules.cepheus.fighters import (
    _DEFAULT_ORDER,
    _DOWN,
    _Attacker,
    _Body,
    _check_focus,
    _check_policy,
    _check_rounds,
    _expected_rounds,
    _follow_rounds,
    _Step,
)
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.forecast import chance_by_step
from rules.validation import output_record

__all__ = ["FocusFireForecast", "focus_fire"]


@output_record
@dataclass(frozen=True, slots=True)
class FocusFireForecast:
    """The exact forecast of :func:`focus_fire`, round by round (entry ``r - 1``: by the end of
    round ``r``)."""

    down: tuple[Fraction, ...]
    """Chance that the target is down (unconscious or dead)."""
    dead: tuple[Fraction, ...]
    """Chance that the target is dead."""
    states: tuple[Distribution[WoundState], ...]
    """The distribution of the target's condition."""
    expected_rounds: Fraction | None
    """The expected number of rounds until the target is down, when that is certain within
    the rounds followed; else None."""
    odds: tuple[AttackOdds, ...]
    """Each attack's single-round odds, in the order given."""
    largest_live_states: int
    """The most states of the target still standing at the start of an attack."""


def focus_fire(
    target: Physical,
    attacks: Sequence[AttackSituation],
    rounds: int,
    order: Sequence[Characteristic | str] | str = _DEFAULT_ORDER,
    *,
    variant: Variant = DEFAULT_VARIANT,
) -> FocusFireForecast:
    """The exact odds of several attackers bringing down one target, round by round.

    Rule: ``003_c7092257a5e3046d.txt``, as :func:`duel`, but the target (unhurt at the start,
    ``target`` its maximum scores) does not fight back: every round each attack of
    ``attacks`` is made once, in the order given, until the target is down (unconscious or
    dead, table "Damage Results"); once it is down no further attack is made on it, so
    ``dead`` is the chance that the attack that downed it killed it. The attackers are not
    attacked, so their attacks never change. ``order`` is the target's damage allocation (see
    :class:`Fighter`: a permutation starting with Endurance, or ``"spread"``). ``variant``
    (keyword-only) is passed to every :func:`~rules.cepheus.attack_odds`, as in :func:`duel`.

    State tracked, and why it is exact: the target's current scores, which decide its
    condition and where the next damage goes; nothing else changes between attacks. Equal
    states are merged after each attack; down states are absorbing and kept as the condition.
    The chain runs on the integer-count core :func:`rules.forecast.iterate_counts` (one step
    per attack, the state being which attacker is next and the target's scores): counts are
    integers over one running denominator, nothing is rounded.

    Bounds (the work grows with them): ``rounds`` 1..60 (:data:`MAX_FIGHT_ROUNDS`), at most 10
    attacks (:data:`MAX_FOCUS_ATTACKS`), each score of ``target`` 1..20
    (:data:`MAX_FIGHT_SCORE`), at most 20 damage dice an attack, and the work bound
    :data:`MAX_FIGHT_WORK` as in :func:`duel` (refused on ``rounds``, naming the most that fit).
    The slowest accepted calls measured (10 attacks of 20D6 on scores 20 for 30 rounds; 3
    attacks of 2D6 on scores 20 under ``"spread"`` for 49 rounds) take about 0.04 s of CPU
    time in CPython (``time.process_time``, best of 5).
    ``expected_rounds`` is given only when the target is surely down within ``rounds``.

    Raises:
        ValueError: ``target`` is not a :class:`~rules.cepheus.Physical` with scores in 1..20,
            ``attacks`` not a sequence of 1 to 10 :class:`~rules.cepheus.AttackSituation`
            (each with at most one aim action in all), ``rounds`` not an integer in 1..60,
            ``order`` not ``"spread"`` or a permutation starting with Endurance, ``variant``
            not a :class:`~rules.cepheus.Variant`, or the forecast needs more than
            :data:`MAX_FIGHT_WORK` within ``rounds`` (the message names the most rounds that
            fit).

    Two attackers hitting with 5/12 each against a target with scores 1: one hit is enough
    (Endurance, then Strength: unconscious); the first downs it with 5/12, the second
    otherwise with 5/12.

    >>> pistol = AttackSituation(weapon="pistol", damage_dice=3, band="short")
    >>> forecast = focus_fire(Physical(1, 1, 1), [pistol, pistol], 1)
    >>> forecast.down[0] == 1 - Fraction(7, 12) ** 2
    True
    """
    target, situations = _check_focus(target, attacks)
    rounds = _check_rounds(rounds)
    variant = _check_variant(variant)
    work = [0, 1]
    body = _Body(target, _check_policy(order), work)
    attackers = [_Attacker(situation, None, None, variant) for situation in situations]
    count = len(attackers)

    def step(state: tuple[int, int]) -> _Step[tuple[int, int]]:
        """The next attack on the target: (who attacks next, the target's state); a target
        that goes down is (0, its down code), whoever downed it, so those states merge."""
        who, body_state = state
        attacker = attackers[who]
        key = attacker.key(0)  # the attackers are not attacked: their attack never changes
        up, fallen, outcomes = attacker.successors(key, body, body_state)
        following = {((who + 1) % count, after): n for after, n in up}
        following.update(((0, after), n) for after, n in fallen)
        return following, attacker.weights[key][0], outcomes

    conditions: dict[int, WoundState] = {}

    def condition(state: tuple[int, int]) -> WoundState:
        found = conditions.get(state[1])
        if found is None:
            found = conditions[state[1]] = body.state_of(state[1])
        return found

    states, live = _follow_rounds(
        (0, 0),
        step,
        lambda state: state[1] < 0,
        condition,
        rounds=rounds,
        steps_per_round=count,
        work=work,
        who="this target and these attacks",
    )
    down = chance_by_step(states, lambda condition: condition in _DOWN)
    return FocusFireForecast(
        down=down,
        dead=chance_by_step(states, lambda condition: condition is WoundState.DEAD),
        states=tuple(states),
        expected_rounds=_expected_rounds(down),
        odds=tuple(attack_odds(situation, variant=variant) for situation in situations),
        largest_live_states=max(live),
    )
