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
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_rng
from rules.cepheus.actions import MINOR_ACTIONS_WITH_SIGNIFICANT
from rules.cepheus.attack import (
    AttackOdds,
    AttackSituation,
    _damage_terms,
    attack_odds,
    roll_attack,
)
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
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.forecast import Counts, chance_by_step, distribution_of, iterate_counts
from rules.validation import (
    InvalidInput,
    check_choice,
    check_instance,
    check_int,
    check_items,
    output_record,
)

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


# --- The duel ---------------------------------------------------------------------------------


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


# --- Focus fire ------------------------------------------------------------------------------


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
    target = _check_scores("target", target)
    items = check_items("attacks", attacks, "AttackSituation", max_items=MAX_FOCUS_ATTACKS)
    if not items:
        raise InvalidInput(
            "attacks", f"a sequence of 1 to {MAX_FOCUS_ATTACKS} AttackSituation", attacks
        )
    situations = [_check_attack(f"attacks[{i}]", item) for i, item in enumerate(items)]
    rounds = _check_rounds(rounds)
    variant = _check_variant(variant)
    work = [0, 1]
    body = _Body(target, _check_policy(order), work)
    attackers = [_Attacker(situation, None, None, variant) for situation in situations]
    count = len(attackers)

    def step(state: tuple[int, int]) -> Counts[tuple[int, int]]:
        """The next attack on the target: (who attacks next, the target's state); a target
        that goes down is (0, its down code), whoever downed it, so those states merge."""
        who, body_state = state
        attacker = attackers[who]
        key = attacker.key(0)  # the attackers are not attacked: their attack never changes
        up, fallen, _ = attacker.successors(key, body, body_state)
        following = {((who + 1) % count, after): n for after, n in up}
        following.update(((0, after), n) for after, n in fallen)
        return following, attacker.weights[key][0]

    chain = iterate_counts((0, 0), step, absorbing=lambda state: state[1] < 0)
    weights: Mapping[tuple[int, int], int] = {(0, 0): 1}
    denominator = 1
    largest = 1
    conditions: dict[int, WoundState] = {}
    states: list[Distribution[WoundState]] = []
    for done in range(1, rounds + 1):
        for attacker in attackers:
            live = [state for _, state in weights if state >= 0]
            largest = max(largest, len(live))
            size = _size(denominator)
            weights, denominator = next(chain)
            for state in live:
                work[0] += attacker.successors(attacker.key(0), body, state)[2] * size
        counts: dict[WoundState, int] = {}
        for (_, state), weight in weights.items():
            condition = conditions.get(state)
            if condition is None:
                condition = conditions[state] = body.state_of(state)
            counts[condition] = counts.get(condition, 0) + weight
        states.append(distribution_of(counts, denominator))
        _check_work(work, done, rounds, "this target and these attacks")
    down = chance_by_step(states, lambda condition: condition in _DOWN)
    return FocusFireForecast(
        down=down,
        dead=chance_by_step(states, lambda condition: condition is WoundState.DEAD),
        states=tuple(states),
        expected_rounds=_expected_rounds(down),
        odds=tuple(attack_odds(situation, variant=variant) for situation in situations),
        largest_live_states=largest,
    )


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
            fighter.dm_from,  # type: ignore[arg-type]
            current[attacker],
            condition[attacker] is WoundState.SERIOUSLY_WOUNDED,
        )
        rolled = roll_attack(situation, rng, variant=variant)
        log.append(f"{attacker} attacks {'B' if attacker == 'A' else 'A'}:")
        log.extend(f"  {line}" for line in rolled.log)
        return rolled.damage if rolled.firing_line_target in (None, 1) else 0

    def land(target: str, damage: int) -> None:
        fighter = fighters[target]
        result = _take(current[target], fighter.physical, fighter.order, damage)  # type: ignore[arg-type]
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
    target = _check_scores("target", target)
    items = check_items("attacks", attacks, "AttackSituation", max_items=MAX_FOCUS_ATTACKS)
    if not items:
        raise InvalidInput(
            "attacks", f"a sequence of 1 to {MAX_FOCUS_ATTACKS} AttackSituation", attacks
        )
    situations = [_check_attack(f"attacks[{i}]", item) for i, item in enumerate(items)]
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
