"""The duel forecast (:func:`duel`): two fighters, round by round, as an absorbing Markov chain
of exact weights (see :mod:`rules.cepheus.forecast`).

Source: ``003_c7092257a5e3046d.txt`` (see :mod:`rules.cepheus.forecast`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules.cepheus.attack import AttackOdds, attack_odds
from rules.cepheus.damage import WoundState
from rules.cepheus.fighters import (
    _A_NEXT,
    _B_NEXT,
    _BOTH,
    _DOWN,
    _OVER,
    _ROUND,
    Fighter,
    _Attacker,
    _Body,
    _check_rounds,
    _expected_rounds,
    _follow_rounds,
    _Step,
)
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.forecast import chance_by_step
from rules.validation import check_instance, output_record

__all__ = ["DuelForecast", "duel"]

type _State = tuple[int, int, int]
"""A state of the duel's chain: its phase and the two fighters' states (see :func:`duel`)."""

_NEXT = (_B_NEXT, _A_NEXT)
"""The phase after the first attack of a round, by who made it (A, B): the other attacks."""


@output_record
@dataclass(frozen=True, slots=True)
class DuelForecast:
    """The exact forecast of a :func:`duel`, round by round (entry ``r - 1``: by the end of
    round ``r``)."""

    a_down: tuple[Fraction, ...]
    """Chance that A is down (unconscious or dead)."""
    b_down: tuple[Fraction, ...]
    """Chance that B is down."""
    a_dead: tuple[Fraction, ...]
    """Chance that A is dead (the attack that downed A killed it)."""
    b_dead: tuple[Fraction, ...]
    """Chance that B is dead."""
    a_wins: tuple[Fraction, ...]
    """Chance that B is down and A is not."""
    b_wins: tuple[Fraction, ...]
    """Chance that A is down and B is not."""
    both_down: tuple[Fraction, ...]
    """Chance that both are down (only when they act simultaneously)."""
    states: tuple[Distribution[tuple[WoundState, WoundState]], ...]
    """The joint distribution of (A's condition, B's condition)."""
    final: Distribution[tuple[WoundState, WoundState]]
    """The joint distribution of the two conditions after the last round (``states[-1]``)."""
    expected_rounds: Fraction | None
    """The expected number of rounds until one side is down, when that is certain within the
    rounds followed; else None."""
    a_odds: AttackOdds
    """A's attack in round 1 (unhurt): the single-round odds the forecast starts from."""
    b_odds: AttackOdds
    """B's attack in round 1 (unhurt)."""
    a_attacks: tuple[AttackOdds, ...]
    """Every adjusted attack of A the forecast used (wounds change the DM or the aiming)."""
    b_attacks: tuple[AttackOdds, ...]
    """Every adjusted attack of B the forecast used."""
    largest_live_states: int
    """The most joint states of two fighters still standing at the start of a round."""


def duel(
    a: Fighter, b: Fighter, rounds: int, *, variant: Variant = DEFAULT_VARIANT
) -> DuelForecast:
    """The exact odds of a duel between ``a`` and ``b``, round by round, for ``rounds`` rounds.

    Rule: ``003_c7092257a5e3046d.txt``. Each round each fighter still standing attacks the
    other once ("The Combat Round": a minor and a significant action; "When a character acts,
    he takes all his actions at once"). The higher ``initiative`` acts first; equal
    Initiative: the higher current Dexterity; still equal: both act simultaneously and both
    damages land together. A fighter downed by the first attack of a round does not attack
    in it. A fighter who is unconscious or dead (table "Damage Results") does not attack and
    is not attacked again (a coup de grace is the table's choice), and stays down for the rest
    of the forecast (waking takes at least a minute: "Unconsciousness"); so ``a_dead`` is the
    chance that the attack that downs A also kills it. Each attack is
    :func:`~rules.cepheus.attack_odds` of the fighter's ``attack`` as adjusted to its state
    when it acts: with ``dm_from``, the characteristic DM of the current score; when seriously
    wounded ("Injury and Recovery": "They also lose their minor action in combat"), no aim and
    no aim for the kill. The damage goes through :func:`~rules.cepheus.apply_damage` by the
    target's ``order`` (see :class:`Fighter`).

    ``variant`` (:class:`~rules.cepheus.Variant`, keyword-only, default this site's reading) is
    passed to every :func:`~rules.cepheus.attack_odds` the forecast makes, so each of its
    switches that changes an attack (natural 2 and 12, Aiming for the Kill per action, cover,
    prone, range column, Effect 6+ minimum, dodge in cover, grenades' Effect, extreme range
    halving) changes the fight; the :class:`Fighter` records themselves hold no variant.

    State tracked, and why it is exact: the pair of the fighters' current scores. They decide
    every later roll (conditions, adjusted attacks, order of action, where damage goes) and
    nothing else does; within a round the first attack leads to an intermediate state (the
    pair, plus which attack is still to come), so a round is two exact steps. Equal states are
    merged after each attack; pairs with one fighter down are absorbing and kept as the pair of
    conditions. The chain runs on :func:`rules.forecast.iterate_counts` (two steps a round):
    counts are integers over one running denominator, nothing is rounded.

    Bounds (the work grows with them): ``rounds`` 1..60 (:data:`MAX_FIGHT_ROUNDS`), each score
    1..20 (:data:`MAX_FIGHT_SCORE`), at most 20 damage dice (:data:`MAX_FIGHT_DICE`), and at
    most 250,000 units of work in all (:data:`MAX_FIGHT_WORK`: each state times each distinct
    next state of each attack, weighted by the length of the counts): a fight that needs more
    is refused on ``rounds``, and the message names the most rounds that fit. Two fighters
    with scores 7 and 1D6 to 3D6 attacks, filling one characteristic at a time, get 48 to 60
    rounds; under ``"spread"`` (about 35 states each instead of 14) 7 to 16 rounds fit;
    scores 20 under ``"spread"`` about 5. The slowest accepted calls measured take 0.045 to
    0.06 s of CPU time in CPython 3.12 (``time.process_time``, best of 3: scores 7, 1D6 or 3D6,
    60 rounds; scores 7, 12 and 20 under ``"spread"`` with 2D6, 11, 4 and 3 rounds; up to 0.4 s
    by the wall clock on this project's 2-core machine under a load of 18); the most pairs of
    standing fighters seen at the start of a round was 2,025 (scores 12, ``"spread"``, 2D6).

    ``expected_rounds`` is given only when the fight surely ends within ``rounds`` (as
    :func:`~rules.cepheus.recovery_odds` does for its days).

    Interpretations: a fighter attacks every round, so its aiming is the round's one minor
    action (:class:`Fighter` refuses more), taken with the attack ("he takes all his actions
    at once"), so being hit before it acts costs no aim bonus already gained; a blind attack
    with several eligible targets in the firing line deals its damage to this target with
    chance 1 / ``firing_line_targets`` ("Blind Firing"); a stray shot into combat hits
    someone else and deals this target nothing.

    Raises:
        ValueError: ``a`` or ``b`` is not a :class:`Fighter`, ``rounds`` is not an integer in
            1..60, ``variant`` not a :class:`~rules.cepheus.Variant`, or the fight needs more
            than :data:`MAX_FIGHT_WORK` within ``rounds`` (the message names the most rounds
            that fit).

    Two unhurt fighters with every score 1 shooting simultaneously (same Initiative, same
    Dexterity): any hit of 3D6 kills ("If all three physical characteristics are reduced to 0,
    the character is killed"), and both damages land together; each hits with 5/12
    at skill 0 and DM 0, so both are down with (5/12)**2 after one round.

    >>> from rules.cepheus import AttackSituation, Physical
    >>> pistol = AttackSituation(weapon="pistol", damage_dice=3, band="short")
    >>> fighter = Fighter(Physical(1, 1, 1), pistol)
    >>> forecast = duel(fighter, fighter, 1)
    >>> forecast.both_down[0], forecast.a_wins[0], forecast.a_dead[0]
    (Fraction(25, 144), Fraction(35, 144), Fraction(5, 12))
    """
    check_instance("a", a, Fighter)
    check_instance("b", b, Fighter)
    rounds = _check_rounds(rounds)
    variant = _check_variant(variant)
    work = [0, 1]
    fighters = (a, b)
    bodies = tuple(_Body(f.physical, f._policy, work) for f in fighters)
    # Each fighter's attack on the other, adjusted to its own state (A's, then B's).
    attackers = tuple(
        _Attacker(f.attack, f._source, body, variant)
        for f, body in zip(fighters, bodies, strict=True)
    )
    # States, plain tuples (``ia``, ``ib``: conscious states of A and B, as :class:`_Body`
    # indices; a down state is its negative code):
    #   (_ROUND, ia, ib)      a round starts, both standing;
    #   (_B_NEXT, ia, ib)     A acted first, B (standing) attacks A now;
    #   (_A_NEXT, ia, ib)     B acted first, A (standing) attacks B now;
    #   (_BOTH + k, ia, ib)   both act at once: A's attack has landed (B may be down, ib < 0),
    #                         B attacks with its attack k, fixed from its state before;
    #   (_OVER, ra, rb)       one or both are down: the ranks of the two conditions (absorbing).
    # Side 0 is A, side 1 is B: ``pair[side]`` is that fighter's state.
    conditions: list[WoundState] = list(WoundState)
    rank = {condition: index for index, condition in enumerate(conditions)}
    ranks: tuple[dict[int, int], ...] = ({}, {})

    def rank_of(side: int, index: int) -> int:
        found = ranks[side].get(index)
        if found is None:
            found = ranks[side][index] = rank[bodies[side].state_of(index)]
        return found

    def over(ia: int, ib: int) -> _State:
        return (_OVER, rank_of(0, ia), rank_of(1, ib))

    def attack(
        side: int, pair: tuple[int, int], key: int, standing: int | None, fallen: int | None
    ) -> _Step[_State]:
        """``side``'s attack ``key`` on the other fighter, from the states ``pair``: each next
        pair as ``(standing, ia, ib)`` where the target still stands and ``(fallen, ia, ib)``
        where it went down, or as :func:`over` where that phase is None."""
        attacker, target = attackers[side], 1 - side
        up, down, outcomes = attacker.successors(key, bodies[target], pair[target])
        following: dict[_State, int] = {}
        for results, phase in ((up, standing), (down, fallen)):
            for after, count in results:
                ia, ib = (after, pair[1]) if target == 0 else (pair[0], after)
                state = over(ia, ib) if phase is None else (phase, ia, ib)
                following[state] = following.get(state, 0) + count
        return following, attacker.weights[key][0], outcomes

    def step(state: _State) -> _Step[_State]:
        phase, ia, ib = state
        pair = (ia, ib)
        if phase == _ROUND:
            speed_a = (a.initiative, bodies[0].scores[ia][1])  # Initiative, then Dexterity
            speed_b = (b.initiative, bodies[1].scores[ib][1])
            if speed_a == speed_b:  # simultaneous: A's attack lands, B's follows at once
                then = _BOTH + attackers[1].key(ib)  # B's attack, from its state before the hit
                return attack(0, pair, attackers[0].key(ia), then, then)
            first = 0 if speed_a > speed_b else 1
            return attack(first, pair, attackers[first].key(pair[first]), _NEXT[first], None)
        if phase == _A_NEXT:  # A attacks B with its state now
            return attack(0, pair, attackers[0].key(ia), _ROUND, None)
        # B attacks A: second in the round, or at once with A (then B may be down)
        key = attackers[1].key(ib) if phase == _B_NEXT else phase - _BOTH
        return attack(1, pair, key, _ROUND if ib >= 0 else None, None)

    def condition(state: _State) -> tuple[WoundState, WoundState]:
        phase, x, y = state
        if phase != _OVER:
            x, y = rank_of(0, x), rank_of(1, y)
        return conditions[x], conditions[y]

    states, live = _follow_rounds(
        (_ROUND, 0, 0),
        step,
        lambda state: state[0] == _OVER,
        condition,
        rounds=rounds,
        steps_per_round=2,  # the first attack of the round, then the second
        work=work,
        who="these fighters",
    )

    def chance(test: Callable[[WoundState, WoundState], bool]) -> tuple[Fraction, ...]:
        return chance_by_step(states, lambda pair: test(*pair))

    def odds(attacker: _Attacker) -> tuple[AttackOdds, tuple[AttackOdds, ...]]:
        """The attack in round 1 (unhurt), and every adjusted attack the forecast used."""
        unhurt = attack_odds(attacker.situations[attacker.key(0)], variant=variant)
        return unhurt, tuple(attack_odds(s, variant=variant) for s in attacker.situations)

    (a_odds, a_attacks), (b_odds, b_attacks) = odds(attackers[0]), odds(attackers[1])
    return DuelForecast(
        a_down=chance(lambda x, y: x in _DOWN),
        b_down=chance(lambda x, y: y in _DOWN),
        a_dead=chance(lambda x, y: x is WoundState.DEAD),
        b_dead=chance(lambda x, y: y is WoundState.DEAD),
        a_wins=chance(lambda x, y: y in _DOWN and x not in _DOWN),
        b_wins=chance(lambda x, y: x in _DOWN and y not in _DOWN),
        both_down=chance(lambda x, y: x in _DOWN and y in _DOWN),
        states=tuple(states),
        final=states[-1],
        expected_rounds=_expected_rounds(chance(lambda x, y: x in _DOWN or y in _DOWN)),
        a_odds=a_odds,
        b_odds=b_odds,
        a_attacks=a_attacks,
        b_attacks=b_attacks,
        largest_live_states=max(live[::2]),  # at the start of a round
    )
