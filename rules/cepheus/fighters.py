"""The fighters of a fight forecast (:mod:`rules.cepheus.forecast`): who fights and the checks
of their inputs, the forecasts' limits, one body taking damage, one attacker's attacks, and the
chain run round by round with its work bounded. Shared by :func:`~rules.cepheus.duel`,
:func:`~rules.cepheus.focus_fire` and :func:`~rules.cepheus.roll_duel`.

Source: ``003_c7092257a5e3046d.txt`` (see :mod:`rules.cepheus.forecast`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, cast

from rules.cepheus.actions import MINOR_ACTIONS_WITH_SIGNIFICANT
from rules.cepheus.attack import AttackOdds, AttackSituation, _damage_terms, attack_odds
from rules.cepheus.checks import characteristic_dm
from rules.cepheus.damage import (
    Characteristic,
    DamageResult,
    Physical,
    WoundState,
    _check_order,
    apply_damage,
    wound_state,
)
from rules.cepheus.variant import Variant
from rules.dice import Distribution
from rules.forecast import Counts, distribution_of, iterate_counts
from rules.validation import InvalidInput, check_choice, check_instance, check_int, check_items

__all__ = [
    "MAX_FIGHT_DICE",
    "MAX_FIGHT_ROUNDS",
    "MAX_FIGHT_SCORE",
    "MAX_FIGHT_WORK",
    "MAX_FOCUS_ATTACKS",
    "SPREAD",
    "Fighter",
]

MAX_FIGHT_ROUNDS: Final = 60
"""The most rounds a forecast follows (six minutes of game time)."""

MAX_FIGHT_SCORE: Final = 20
"""The highest physical score (Strength, Dexterity, Endurance) a forecast fighter or target may
have: the work grows with the number of states the scores allow (a bound of ours)."""

MAX_FIGHT_WORK: Final = 250_000
"""The most attack outcomes a forecast follows from its states over all its rounds (each state
times each distinct next state of each attack): the work of a fight grows with the rounds, the
fighters' scores and the spread of the damage, and this keeps the slowest accepted call near
0.1 s in CPython. A call that needs more is refused on ``rounds``, naming the most rounds that
fit."""

MAX_FIGHT_DICE: Final = 20
"""The most damage dice (with the burst's extra dice) a forecast attack may roll: beyond them
the exact damage distribution of each adjusted attack costs more than the fight."""

MAX_FOCUS_ATTACKS: Final = 10
"""The most attackers :func:`focus_fire` takes (the work grows with them)."""

_DAMAGE_WORK: Final = 100
"""The work units of one damage allocation through :func:`~rules.cepheus.apply_damage`."""

_ROUND, _A_NEXT, _B_NEXT, _OVER, _BOTH = 0, 1, 2, 3, 4
"""The phases of a :func:`duel` state (see the comment there)."""

SPREAD: Final = "spread"
"""The ``order`` that spreads the damage beyond Endurance over Strength and Dexterity."""

_DEFAULT_ORDER: Final = (
    Characteristic.ENDURANCE,
    Characteristic.STRENGTH,
    Characteristic.DEXTERITY,
)
_DOWN: Final = frozenset({WoundState.UNCONSCIOUS, WoundState.DEAD})
_UNCONSCIOUS: Final = -1
"""The state code of a body that went down unconscious (conscious states are indices >= 0)."""
_DEAD: Final = -2
"""The state code of a body that went down dead."""


def _check_scores(name: str, physical: object) -> Physical:
    check_instance(name, physical, Physical)
    assert isinstance(physical, Physical)
    for c in Characteristic:
        if not 1 <= physical[c] <= MAX_FIGHT_SCORE:
            raise InvalidInput(
                name, f"scores in 1..{MAX_FIGHT_SCORE}", physical[c], where=f" {c.value}"
            )
    return physical


def _check_attack(name: str, attack: object) -> AttackSituation:
    check_instance(name, attack, AttackSituation)
    assert isinstance(attack, AttackSituation)
    dice = _damage_terms(attack)[0]
    if dice > MAX_FIGHT_DICE:
        raise InvalidInput(
            name,
            f"an attack of at most {MAX_FIGHT_DICE} damage dice (burst dice included)",
            attack,
            where=f" ({dice} damage dice)",
        )
    minor = attack.aim_actions + attack.aim_for_the_kill_actions
    if minor > MINOR_ACTIONS_WITH_SIGNIFICANT:
        raise InvalidInput(
            name,
            f"an attack with at most {MINOR_ACTIONS_WITH_SIGNIFICANT} aim or aim-for-the-kill "
            "action in all (the one minor action of a round in which the fighter attacks)",
            attack,
            where=f" (aim_actions + aim_for_the_kill_actions = {minor})",
        )
    return attack


def _check_policy(order: object) -> tuple[Characteristic, ...] | str:
    if isinstance(order, str) and order == SPREAD:
        return SPREAD
    try:
        return _check_order(order, first=True)
    except InvalidInput as error:
        raise type(error)(
            "order",
            "'spread' or a permutation of 'endurance', 'strength', 'dexterity' starting with "
            "'endurance'",
            order,
        ) from None


@dataclass(frozen=True, slots=True)
class Fighter:
    """One side of a :func:`duel`: its scores, its attack, its Initiative and how it takes damage.

    ``physical`` holds the maximum (and starting: the fighter starts unhurt) Strength,
    Dexterity and Endurance, each 1 to 20 (:data:`MAX_FIGHT_SCORE`). ``attack`` is its attack
    on the other fighter, made once a round (the other's armor inside it); it may spend the
    round's one minor action aiming or aiming for the kill, so ``aim_actions +
    aim_for_the_kill_actions`` is at most 1. ``initiative`` is its Initiative score, the same
    every round.

    ``order`` is how the fighter allocates damage, always Endurance first ("Damage"): a
    permutation of the three characteristics starting with Endurance fills each to 0 before
    the next; ``"spread"`` gives each point beyond Endurance to the higher of Strength and
    Dexterity (Strength on a tie), which keeps a fighter conscious longest and is the only
    policy under which a conscious fighter can be seriously wounded.

    Interpretation ("Damage": "The first time a character takes damage, it is applied to the
    target's Endurance. If a target is reduced to Endurance 0, then further damage is
    subtracted from the target's Strength or Dexterity (of the character's choice). If either
    Strength or Dexterity is reduced to 0, the character is unconscious and any further
    damage is subtracted from the remaining physical characteristic"): the spill of the
    *first* damage beyond Endurance goes to one characteristic until it is 0, then to the
    other; it is not split (as :func:`~rules.cepheus.apply_damage` reads it). So under
    ``"spread"`` the first attack that deals damage puts its spill on the higher of Strength
    and Dexterity (Strength on a tie); from the next damaging attack on ("allocated ... as the
    character so chooses") each point beyond Endurance goes to the higher one. The state is
    then the current scores, not the total damage alone.

    ``dm_from``: ``None`` keeps ``attack.characteristic_dm`` fixed; ``"dexterity"`` or
    ``"strength"`` makes each attack's characteristic DM the
    :func:`~rules.cepheus.characteristic_dm` of that current score, so wounds lower the odds.

    Raises:
        ValueError: ``physical`` is not a :class:`~rules.cepheus.Physical` with scores in
            1..20, ``attack`` not an :class:`~rules.cepheus.AttackSituation` with at most one
            aim action in all and at most 20 damage dice, ``initiative`` not an integer,
            ``order`` not ``"spread"`` or a permutation starting with Endurance, or
            ``dm_from`` not None, ``"dexterity"`` or ``"strength"``.

    >>> rifle = AttackSituation(weapon="rifle", damage_dice=3, band="medium", skill=1)
    >>> Fighter(Physical(7, 8, 6), rifle, order="spread").order
    'spread'
    """

    physical: Physical
    """Maximum and starting Strength, Dexterity and Endurance (each 1..20)."""
    attack: AttackSituation
    """The fighter's attack on the other, once a round."""
    initiative: int = 0
    """Initiative score: the higher acts first each round."""
    order: Sequence[Characteristic | str] | str = _DEFAULT_ORDER
    """How damage is allocated: a permutation starting with Endurance, or ``"spread"``."""
    dm_from: Characteristic | str | None = None
    """None, or the characteristic whose current score gives the attack's characteristic DM."""

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "physical", _check_scores("physical", self.physical))
        put(self, "attack", _check_attack("attack", self.attack))
        put(self, "initiative", check_int("initiative", self.initiative))
        put(self, "order", _check_policy(self.order))
        if self.dm_from is not None:
            allowed = "None, 'dexterity' or 'strength'"
            try:
                source = check_choice("dm_from", self.dm_from, Characteristic)
            except InvalidInput:
                raise InvalidInput("dm_from", allowed, self.dm_from) from None
            if source is Characteristic.ENDURANCE:
                raise InvalidInput("dm_from", allowed, self.dm_from)
            put(self, "dm_from", source)

    @property
    def _policy(self) -> tuple[Characteristic, ...] | str:
        """``order`` as :meth:`__post_init__` stored it: a tuple of characteristics, or
        ``"spread"``."""
        return cast(tuple[Characteristic, ...] | str, self.order)

    @property
    def _source(self) -> Characteristic | None:
        """``dm_from`` as :meth:`__post_init__` stored it: a characteristic, or None."""
        return cast(Characteristic | None, self.dm_from)


# --- One body taking damage -------------------------------------------------------------------

type _Scores = tuple[int, int, int]
"""(strength, dexterity, endurance)."""


class _Body:
    """The states of one character taking damage under one policy: its conscious scores by
    index, and where each damage takes each of them (a conscious index, or a down state)."""

    def __init__(
        self, maximum: Physical, order: tuple[Characteristic, ...] | str, work: list[int]
    ) -> None:
        self.maximum = maximum
        self.order = order
        start = (maximum.strength, maximum.dexterity, maximum.endurance)
        self.scores: list[_Scores] = [start]
        self.index: dict[_Scores, int] = {start: 0}
        self.serious: list[bool] = [False]
        self._after: dict[tuple[int, int], int] = {}
        self.work = work

    def after(self, state: int, damage: int) -> int:
        """The state after ``damage`` more points: a conscious index (>= 0), or the code of
        the way it went down (:data:`_UNCONSCIOUS` or :data:`_DEAD`)."""
        key = (state, damage)
        found = self._after.get(key)
        if found is not None:
            return found
        if damage == 0:
            self._after[key] = state
            return state
        s, d, e = self.scores[state]
        if damage >= s + d + e:  # "If all three ... are reduced to 0, the character is killed"
            self._after[key] = _DEAD
            return _DEAD
        self.work[0] += _DAMAGE_WORK
        result = _take(Physical(s, d, e), self.maximum, self.order, damage)
        if result.state is WoundState.UNCONSCIOUS:
            found = _UNCONSCIOUS
        elif result.state is WoundState.DEAD:
            found = _DEAD
        else:
            p = result.physical
            scores = (p.strength, p.dexterity, p.endurance)
            found = self.index.get(scores)
            if found is None:
                found = self.index[scores] = len(self.scores)
                self.scores.append(scores)
                self.serious.append(result.state is WoundState.SERIOUSLY_WOUNDED)
        self._after[key] = found
        return found

    def state_of(self, state: int) -> WoundState:
        """The condition of a state (a conscious index or a down code)."""
        if state < 0:
            return WoundState.UNCONSCIOUS if state == _UNCONSCIOUS else WoundState.DEAD
        s, d, e = self.scores[state]
        return wound_state(Physical(s, d, e), self.maximum)


def _take(
    current: Physical, maximum: Physical, order: tuple[Characteristic, ...] | str, damage: int
) -> DamageResult:
    """:func:`apply_damage` of ``damage`` under the policy ``order`` (see :class:`Fighter`)."""
    if order == SPREAD:
        return _spread(current, maximum, damage)
    assert not isinstance(order, str)
    return apply_damage(current, damage, maximum=maximum, order=order)


def _adjusted(
    attack: AttackSituation, dm_from: Characteristic | None, current: Physical, serious: bool
) -> AttackSituation:
    """The attack as its fighter makes it now: the characteristic DM of the current score
    (``dm_from``), and no aiming when seriously wounded ("They also lose their minor action in
    combat")."""
    changes: dict[str, int] = {}
    if dm_from is not None:
        changes["characteristic_dm"] = characteristic_dm(current[dm_from])
    if serious:
        changes["aim_actions"] = 0
        changes["aim_for_the_kill_actions"] = 0
    return dataclasses.replace(attack, **changes) if changes else attack  # type: ignore[arg-type]


def _spread(current: Physical, maximum: Physical, damage: int) -> DamageResult:
    """:func:`apply_damage` of ``damage`` under the ``"spread"`` policy (see :class:`Fighter`)."""
    strength, dexterity, endurance = current.strength, current.dexterity, current.endurance
    if current == maximum:  # a first damage: its spill goes to one characteristic, not split
        high = Characteristic.DEXTERITY if dexterity > strength else Characteristic.STRENGTH
        low = (
            Characteristic.STRENGTH
            if high is Characteristic.DEXTERITY
            else Characteristic.DEXTERITY
        )
        return apply_damage(
            current, damage, maximum=maximum, order=(Characteristic.ENDURANCE, high, low)
        )
    if damage >= current.total():  # "If all three ... are reduced to 0, the character is killed"
        damage = current.total()
    # Later damage is the character's to allocate.
    to_endurance = min(damage, endurance)
    to_strength = to_dexterity = 0
    for _ in range(damage - to_endurance):
        if dexterity - to_dexterity > strength - to_strength:
            to_dexterity += 1
        else:
            to_strength += 1
    allocation: dict[Characteristic | str, int] = {
        Characteristic.ENDURANCE: to_endurance,
        Characteristic.STRENGTH: to_strength,
        Characteristic.DEXTERITY: to_dexterity,
    }
    return apply_damage(current, damage, maximum=maximum, allocation=allocation)


# --- One attacker's attacks ------------------------------------------------------------------

type _Successors = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], int]
"""(standing next states and counts, down codes and counts, how many in all)."""

type _Weights = tuple[int, tuple[tuple[int, int], ...]]
"""(denominator, ((damage, count), ...)): an exact damage distribution as integer counts."""


def _weights(odds: AttackOdds) -> _Weights:
    """The damage the attack deals *to its target*, as integer counts.

    A blind attack with several eligible targets in the firing line strikes the intended one
    with chance 1 / ``firing_line_targets`` ("Blind Firing"); any other hit deals it nothing.
    """
    situation = odds.situation
    share = situation.firing_line_targets if situation.blind else 1
    common = math.lcm(*(p.denominator for p in odds.damage.values())) * share
    pairs: dict[int, int] = {}
    for damage, p in odds.damage.items():
        count = p.numerator * (common // p.denominator)
        if damage > 0 and share > 1:
            pairs[0] = pairs.get(0, 0) + count - count // share
            count //= share
        if count:
            pairs[damage] = pairs.get(damage, 0) + count
    return common, tuple(sorted(pairs.items()))


class _Attacker:
    """One attacker: its attack adjusted to its own state, and the successors it gives a target."""

    def __init__(
        self,
        attack: AttackSituation,
        dm_from: Characteristic | None,
        own: _Body | None,
        variant: Variant,
    ) -> None:
        self.attack = attack
        self.variant = variant
        self.dm_from = dm_from
        self.own = own
        self.situations: list[AttackSituation] = []
        self.weights: list[_Weights] = []
        self._key_of_situation: dict[AttackSituation, int] = {}
        self._key_of_state: dict[int, int] = {}
        self._successors: dict[tuple[int, int], _Successors] = {}

    def key(self, state: int) -> int:
        """The index of the attack as adjusted to the attacker's own ``state``."""
        found = self._key_of_state.get(state)
        if found is not None:
            return found
        situation = self.attack
        if self.own is not None:
            s, d, e = self.own.scores[state]
            situation = _adjusted(
                situation, self.dm_from, Physical(s, d, e), self.own.serious[state]
            )
        found = self._key_of_situation.get(situation)
        if found is None:
            found = self._key_of_situation[situation] = len(self.situations)
            self.situations.append(situation)
            self.weights.append(_weights(attack_odds(situation, variant=self.variant)))
        self._key_of_state[state] = found
        return found

    def successors(self, key: int, target: _Body, state: int) -> _Successors:
        """The target's next states (merged) and their counts over ``weights[key][0]``: those
        still standing (their index), then those down (a down code)."""
        found = self._successors.get((key, state))
        if found is None:
            merged: dict[int, int] = {}
            for damage, count in self.weights[key][1]:
                after = target.after(state, damage)
                merged[after] = merged.get(after, 0) + count
            up = tuple((after, n) for after, n in merged.items() if after >= 0)
            down = tuple((after, n) for after, n in merged.items() if after < 0)
            found = self._successors[(key, state)] = (up, down, len(merged))
        return found


def _check_rounds(rounds: object) -> int:
    return check_int("rounds", rounds, 1, MAX_FIGHT_ROUNDS)


def _size(denominator: int) -> int:
    """The work weight of counts over ``denominator``: longer integers cost more."""
    return 1 + denominator.bit_length() // 1024


def _check_work(work: list[int], done: int, rounds: int, who: str) -> None:
    """Refuse ``rounds`` once the attack outcomes followed exceed :data:`MAX_FIGHT_WORK`."""
    if work[0] > MAX_FIGHT_WORK:
        allowed = (
            f"an integer in 1..{done - 1} for {who} (a forecast follows at most "
            f"{MAX_FIGHT_WORK:,} attack outcomes from its states in all; these need more in "
            f"round {done}: fewer rounds, lower scores or fewer damage outcomes fit)"
        )
        raise InvalidInput("rounds", allowed, rounds)


def _expected_rounds(ended: Sequence[Fraction]) -> Fraction | None:
    """E[rounds] from the chance of having ended by each round, if the end is certain."""
    if ended[-1] != 1:
        return None
    return 1 + sum((1 - p for p in ended[:-1]), Fraction(0))


def _check_focus(target: object, attacks: object) -> tuple[Physical, list[AttackSituation]]:
    """The target and the attacks of :func:`~rules.cepheus.focus_fire` (and of
    :func:`~rules.cepheus.roll_focus_fire`), checked."""
    checked = _check_scores("target", target)
    items = check_items("attacks", attacks, "AttackSituation", max_items=MAX_FOCUS_ATTACKS)
    if not items:
        raise InvalidInput(
            "attacks", f"a sequence of 1 to {MAX_FOCUS_ATTACKS} AttackSituation", attacks
        )
    return checked, [_check_attack(f"attacks[{i}]", item) for i, item in enumerate(items)]


# --- The chain, round by round ----------------------------------------------------------------

type _Step[S] = tuple[dict[S, int], int, int]
"""What a forecast's step gives for a state: the counts of the next states, their denominator,
and the number of distinct attack outcomes it followed (the work of the step)."""


def _follow_rounds[S: Hashable, C: Hashable](
    start: S,
    step: Callable[[S], _Step[S]],
    absorbing: Callable[[S], bool],
    condition: Callable[[S], C],
    *,
    rounds: int,
    steps_per_round: int,
    work: list[int],
    who: str,
) -> tuple[list[Distribution[C]], list[int]]:
    """Run a forecast's chain from ``start`` for ``rounds`` rounds of ``steps_per_round``
    attacks each, on :func:`rules.forecast.iterate_counts`.

    Returns the distribution of ``condition(state)`` after each round, and the number of live
    (not ``absorbing``) states before each attack. The work of each attack (the attack
    outcomes followed from each live state, weighted by the length of the counts) is added to
    ``work``, and ``rounds`` is refused once it is over :data:`MAX_FIGHT_WORK` (naming ``who``).
    """
    fanout: dict[S, int] = {}

    def counted(state: S) -> Counts[S]:
        following, denominator, outcomes = step(state)
        fanout[state] = outcomes
        return following, denominator

    chain = iterate_counts(start, counted, absorbing=absorbing)
    weights: Mapping[S, int] = {start: 1}
    denominator = 1
    live_counts: list[int] = []
    states: list[Distribution[C]] = []
    for done in range(1, rounds + 1):
        for _ in range(steps_per_round):
            live = [state for state in weights if not absorbing(state)]
            live_counts.append(len(live))
            size = _size(denominator)
            weights, denominator = next(chain)
            work[0] += sum(fanout[state] for state in live) * size
        counts: dict[C, int] = {}
        for state, weight in weights.items():
            key = condition(state)
            counts[key] = counts.get(key, 0) + weight
        states.append(distribution_of(counts, denominator))
        _check_work(work, done, rounds, who)
    return states, live_counts
