"""The duel forecast (:func:`duel`): two fighters, round by round, as an absorbing Markov chain
of exact weights (see :mod:`rules.cepheus.forecast`).

Source: ``003_c7092257a5e3046d.txt`` (see :mod:`rules.cepheus.forecast`).
"""

from __future__ import annotations

from collections.abc import Mapping
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
    _check_work,
    _expected_rounds,
    _size,
)
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.forecast import Counts, chance_by_step, distribution_of, iterate_counts
from rules.validation import check_instance, output_record

__all__ = ["DuelForecast", "duel"]


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
    body_a = _Body(a.physical, a.order, work)  # type: ignore[arg-type]
    body_b = _Body(b.physical, b.order, work)  # type: ignore[arg-type]
    hit_b = _Attacker(a.attack, a.dm_from, body_a, variant)  # type: ignore[arg-type]
    hit_a = _Attacker(b.attack, b.dm_from, body_b, variant)  # type: ignore[arg-type]
    # States, plain tuples (``ia``, ``ib``: conscious states of A and B, as :class:`_Body`
    # indices; a down state is its negative code):
    #   (_ROUND, ia, ib)      a round starts, both standing;
    #   (_B_NEXT, ia, ib)     A acted first, B (standing) attacks A now;
    #   (_A_NEXT, ia, ib)     B acted first, A (standing) attacks B now;
    #   (_BOTH + k, ia, ib)   both act at once: A's attack has landed (B may be down, ib < 0),
    #                         B attacks with its attack k, fixed from its state before;
    #   (_OVER, ra, rb)       one or both are down: the ranks of the two conditions (absorbing).
    conditions: list[WoundState] = list(WoundState)
    rank = {condition: index for index, condition in enumerate(conditions)}

    ranks_a: dict[int, int] = {}
    ranks_b: dict[int, int] = {}

    def of_a(ia: int) -> int:
        found = ranks_a.get(ia)
        if found is None:
            found = ranks_a[ia] = rank[body_a.state_of(ia)]
        return found

    def of_b(ib: int) -> int:
        found = ranks_b.get(ib)
        if found is None:
            found = ranks_b[ib] = rank[body_b.state_of(ib)]
        return found

    def over(ia: int, ib: int) -> tuple[int, int, int]:
        return (_OVER, of_a(ia), of_b(ib))

    fanout: dict[tuple[int, int, int], int] = {}  # the distinct outcomes of a state's attack

    def step(state: tuple[int, int, int]) -> Counts[tuple[int, int, int]]:
        phase, ia, ib = state
        following: dict[tuple[int, int, int], int] = {}
        if phase == _ROUND:
            dex_a, dex_b = body_a.scores[ia][1], body_b.scores[ib][1]
            if (a.initiative, dex_a) == (b.initiative, dex_b):  # simultaneous
                key = hit_b.key(ia)
                up, down, n = hit_b.successors(key, body_b, ib)
                then = _BOTH + hit_a.key(ib)  # B's attack, from its state before the hit
                for after, count in up + down:
                    following[(then, ia, after)] = count
                den = hit_b.weights[key][0]
            elif (a.initiative, dex_a) > (b.initiative, dex_b):  # A first
                key = hit_b.key(ia)
                up, down, n = hit_b.successors(key, body_b, ib)
                for after, count in up:
                    following[(_B_NEXT, ia, after)] = count
                for after, count in down:
                    following[over(ia, after)] = following.get(over(ia, after), 0) + count
                den = hit_b.weights[key][0]
            else:  # B first
                key = hit_a.key(ib)
                up, down, n = hit_a.successors(key, body_a, ia)
                for after, count in up:
                    following[(_A_NEXT, after, ib)] = count
                for after, count in down:
                    following[over(after, ib)] = following.get(over(after, ib), 0) + count
                den = hit_a.weights[key][0]
        elif phase == _A_NEXT:  # A attacks B with its state now
            key = hit_b.key(ia)
            up, down, n = hit_b.successors(key, body_b, ib)
            for after, count in up:
                following[(_ROUND, ia, after)] = count
            for after, count in down:
                following[over(ia, after)] = following.get(over(ia, after), 0) + count
            den = hit_b.weights[key][0]
        else:  # B attacks A: second in the round, or at once with A (then B may be down)
            key = hit_a.key(ib) if phase == _B_NEXT else phase - _BOTH
            up, down, n = hit_a.successors(key, body_a, ia)
            for after, count in up:
                target = (_ROUND, after, ib) if ib >= 0 else over(after, ib)
                following[target] = following.get(target, 0) + count
            for after, count in down:
                following[over(after, ib)] = following.get(over(after, ib), 0) + count
            den = hit_a.weights[key][0]
        fanout[state] = n
        return following, den

    chain = iterate_counts((_ROUND, 0, 0), step, absorbing=lambda state: state[0] == _OVER)
    weights: Mapping[tuple[int, int, int], int] = {(_ROUND, 0, 0): 1}
    denominator = 1
    largest = 1
    states: list[Distribution[tuple[WoundState, WoundState]]] = []
    for done in range(1, rounds + 1):
        for half in range(2):  # the first attack of the round, then the second
            live = [state for state in weights if state[0] != _OVER]
            if half == 0:
                largest = max(largest, len(live))
            size = _size(denominator)
            weights, denominator = next(chain)
            work[0] += sum(fanout[state] for state in live) * size
        counts: dict[tuple[int, int], int] = {}
        for (phase, x, y), weight in weights.items():
            pair = (x, y) if phase == _OVER else (of_a(x), of_b(y))
            counts[pair] = counts.get(pair, 0) + weight
        states.append(
            distribution_of(
                {(conditions[x], conditions[y]): n for (x, y), n in counts.items()}, denominator
            )
        )
        _check_work(work, done, rounds, "these fighters")
    a_down = chance_by_step(states, lambda pair: pair[0] in _DOWN)
    b_down = chance_by_step(states, lambda pair: pair[1] in _DOWN)
    ended = chance_by_step(states, lambda pair: pair[0] in _DOWN or pair[1] in _DOWN)
    return DuelForecast(
        a_down=a_down,
        b_down=b_down,
        a_dead=chance_by_step(states, lambda pair: pair[0] is WoundState.DEAD),
        b_dead=chance_by_step(states, lambda pair: pair[1] is WoundState.DEAD),
        a_wins=chance_by_step(states, lambda pair: pair[1] in _DOWN and pair[0] not in _DOWN),
        b_wins=chance_by_step(states, lambda pair: pair[0] in _DOWN and pair[1] not in _DOWN),
        both_down=chance_by_step(states, lambda pair: pair[0] in _DOWN and pair[1] in _DOWN),
        states=tuple(states),
        final=states[-1],
        expected_rounds=_expected_rounds(ended),
        a_odds=attack_odds(hit_b.situations[hit_b.key(0)], variant=variant),
        b_odds=attack_odds(hit_a.situations[hit_a.key(0)], variant=variant),
        a_attacks=tuple(attack_odds(s, variant=variant) for s in hit_b.situations),
        b_attacks=tuple(attack_odds(s, variant=variant) for s in hit_a.situations),
        largest_live_states=largest,
    )
