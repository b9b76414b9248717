# Over 600 lines: the brute-force fight oracle, written from the chapter, and the tests comparing
# the forecasts with it belong together.
"""Fight forecasts (``rules.cepheus.duel``, ``focus_fire``) against every roll sequence.

The oracle below is written from the chapter, not from the module: its own Dexterity DM, attack
total, damage, allocation of damage point by point and Damage Results table, and a tree of
every roll sequence (no merging of states, no chain). Source: ``003_c7092257a5e3046d.txt``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import AttackSituation, Fighter, Physical, WoundState
from rules.validation import InvalidInput

W = WoundState
DOWN = {W.UNCONSCIOUS, W.DEAD}
END, STR, DEX = "endurance", "strength", "dexterity"

# --- The oracle --------------------------------------------------------------------------------

Scores = tuple[int, int, int]  # (strength, dexterity, endurance)


@dataclass(frozen=True)
class Side:
    """A fighter as the oracle sees it (a pistol at Short range: Average, DM +0)."""

    maximum: Scores
    skill: int = 0
    char_dm: int = 0
    aim: int = 0
    aim_kill: int = 0
    dice: int = 1
    bonus: int = 0
    armor: int = 0  # the armor of the one it attacks
    initiative: int = 0
    order: object = (END, STR, DEX)
    dm_from: str | None = None

    def situation(self) -> AttackSituation:
        return AttackSituation(
            weapon="pistol",
            band="short",
            damage_dice=self.dice,
            damage_modifier=self.bonus,
            skill=self.skill,
            characteristic_dm=self.char_dm,
            aim_actions=self.aim,
            aim_for_the_kill_actions=self.aim_kill,
            armor=self.armor,
        )

    def fighter(self) -> Fighter:
        s, d, e = self.maximum
        return Fighter(
            Physical(s, d, e),
            self.situation(),
            initiative=self.initiative,
            order=self.order,  # type: ignore[arg-type]
            dm_from=self.dm_from,
        )


def condition(scores: Scores, maximum: Scores) -> WoundState:
    """Table "Damage Results", the worst row that applies."""
    zero = sum(x == 0 for x in scores)
    damaged = sum(x < m for x, m in zip(scores, maximum, strict=True))
    if zero == 3:
        return W.DEAD
    if zero == 2:
        return W.UNCONSCIOUS
    if damaged == 3:
        return W.SERIOUSLY_WOUNDED
    return W.WOUNDED if damaged else W.UNHARMED


def allocate(scores: Scores, maximum: Scores, damage: int, order: object) -> Scores:
    """ "Damage", point by point: Endurance first; a first damage's spill goes to one
    characteristic (the higher for "spread", Strength on a tie) until it is 0, then the other;
    later points beyond Endurance go to the higher of Strength and Dexterity under "spread"."""
    s, d, e = scores
    first = scores == maximum
    first_pick = None
    for _ in range(damage):
        if e > 0:
            e -= 1
            continue
        if s == 0 and d == 0:
            break
        if order == "spread":
            if first:
                if first_pick is None:
                    first_pick = DEX if d > s else STR
                pick = first_pick if (s if first_pick == STR else d) > 0 else None
                if pick is None:
                    pick = DEX if first_pick == STR else STR
            else:
                pick = DEX if d > s else STR
        else:
            assert isinstance(order, tuple)
            pick = next(c for c in order[1:] if (s if c == STR else d) > 0)
        if pick == STR:
            s -= 1
        else:
            d -= 1
    return (s, d, e)


def damage_outcomes(side: Side, own: Scores) -> list[tuple[int, Fraction]]:
    """Every 2D6 attack roll and every damage die, as (damage, chance) pairs."""
    serious = condition(own, side.maximum) is W.SERIOUSLY_WOUNDED
    char = side.char_dm
    if side.dm_from is not None:
        score = own[0] if side.dm_from == STR else own[1]
        char = score // 3 - 2
    aim = 0 if serious else side.aim
    kill = 0 if serious else side.aim_kill
    out: list[tuple[int, Fraction]] = []
    weight = Fraction(1, 36 * 6**side.dice)
    for a, b in itertools.product(range(1, 7), repeat=2):
        effect = a + b + side.skill + char + aim - 8
        for faces in itertools.product(range(1, 7), repeat=side.dice):
            if effect < 0:
                out.append((0, weight))
                continue
            damage = max(0, sum(faces) + side.bonus + effect + kill - side.armor)
            if effect >= 6:
                damage = max(1, damage)
            out.append((damage, weight))
    merged: Counter[int] = Counter()
    for damage, p in out:
        merged[damage] += p  # type: ignore[assignment]
    return list(merged.items())


def oracle_duel(a: Side, b: Side, rounds: int) -> list[dict[tuple[W, W], Fraction]]:
    """The joint conditions after each round, over the tree of every roll sequence."""
    result: list[Counter[tuple[W, W]]] = [Counter() for _ in range(rounds)]

    def pair(sa: Scores, sb: Scores) -> tuple[W, W]:
        return condition(sa, a.maximum), condition(sb, b.maximum)

    def walk(r: int, sa: Scores, sb: Scores, w: Fraction) -> None:
        if r == rounds:
            return
        if pair(sa, sb)[0] in DOWN or pair(sa, sb)[1] in DOWN:
            for k in range(r, rounds):
                result[k][pair(sa, sb)] += w  # type: ignore[assignment]
            return
        ka, kb = (a.initiative, sa[1]), (b.initiative, sb[1])
        if ka == kb:  # simultaneous: both attack from the states at the start of the round
            for da, pa in damage_outcomes(a, sa):
                for db, pb in damage_outcomes(b, sb):
                    na = allocate(sa, a.maximum, db, a.order)
                    nb = allocate(sb, b.maximum, da, b.order)
                    result[r][pair(na, nb)] += w * pa * pb  # type: ignore[assignment]
                    walk(r + 1, na, nb, w * pa * pb)
            return
        a_first = ka > kb
        first, second = (a, b) if a_first else (b, a)
        s1, s2 = (sa, sb) if a_first else (sb, sa)
        for d1, p1 in damage_outcomes(first, s1):
            n2 = allocate(s2, second.maximum, d1, second.order)
            if condition(n2, second.maximum) in DOWN:
                outcomes: list[tuple[int, Fraction]] = [(0, Fraction(1))]
            else:
                outcomes = damage_outcomes(second, n2)
            for d2, p2 in outcomes:
                n1 = allocate(s1, first.maximum, d2, first.order)
                na, nb = (n1, n2) if a_first else (n2, n1)
                result[r][pair(na, nb)] += w * p1 * p2  # type: ignore[assignment]
                walk(r + 1, na, nb, w * p1 * p2)

    walk(0, a.maximum, b.maximum, Fraction(1))
    return [{k: v for k, v in counts.items() if v} for counts in result]


def chances(states: list[dict[tuple[W, W], Fraction]], test) -> tuple[Fraction, ...]:  # type: ignore[no-untyped-def]
    return tuple(sum((p for k, p in s.items() if test(k)), Fraction(0)) for s in states)


DUELS = {
    "A first by initiative, 2 rounds": (
        Side((2, 3, 2), skill=1, initiative=1),
        Side((3, 2, 2), skill=2, order=(END, DEX, STR)),
        2,
    ),
    "B first by initiative, aim for the kill, dm_from strength": (
        Side((3, 2, 1), dice=0, bonus=1, dm_from=STR),
        Side((2, 3, 2), dice=0, aim_kill=1, initiative=2, skill=1),
        3,
    ),
    "tie broken by Dexterity, dm_from dexterity": (
        Side((2, 4, 1), dm_from=DEX, skill=1),
        Side((2, 3, 2), dm_from=DEX, skill=1, armor=1),
        2,
    ),
    "simultaneous": (
        Side((2, 2, 2), skill=1),
        Side((2, 2, 2), skill=1, order=(END, DEX, STR)),
        2,
    ),
    "spread: seriously wounded lose their aim": (
        Side((3, 3, 1), dice=0, bonus=1, aim=1, order="spread", dm_from=DEX, initiative=1),
        Side((3, 3, 1), dice=0, bonus=2, aim=1, order="spread", armor=1),
        3,
    ),
    "equal Initiative: wounds to Dexterity change who acts first": (
        Side((3, 3, 1), dice=0, bonus=1, skill=1, order="spread", dm_from=DEX),
        Side((2, 3, 1), dice=0, bonus=2, order=(END, DEX, STR)),
        3,
    ),
    "spread against a permutation, simultaneous, armor": (
        Side((2, 3, 2), order="spread", armor=2, skill=2),
        Side((3, 2, 2), order=(END, DEX, STR), skill=1, armor=1),
        2,
    ),
}


@pytest.mark.parametrize("name", DUELS)
def test_duel_equals_every_roll_sequence(name: str) -> None:
    a, b, rounds = DUELS[name]
    expected = oracle_duel(a, b, rounds)
    got = cepheus.duel(a.fighter(), b.fighter(), rounds)
    assert [dict(s) for s in got.states] == expected
    assert got.final == expected[-1]
    assert got.a_down == chances(expected, lambda k: k[0] in DOWN)
    assert got.b_down == chances(expected, lambda k: k[1] in DOWN)
    assert got.a_dead == chances(expected, lambda k: k[0] is W.DEAD)
    assert got.b_dead == chances(expected, lambda k: k[1] is W.DEAD)
    assert got.a_wins == chances(expected, lambda k: k[1] in DOWN and k[0] not in DOWN)
    assert got.b_wins == chances(expected, lambda k: k[0] in DOWN and k[1] not in DOWN)
    assert got.both_down == chances(expected, lambda k: k[0] in DOWN and k[1] in DOWN)
    assert got.a_odds == cepheus.attack_odds(unhurt_attack(a))
    assert got.b_odds == cepheus.attack_odds(unhurt_attack(b))


def unhurt_attack(side: Side) -> AttackSituation:
    """The round-one attack: with ``dm_from``, the DM of the unhurt score."""
    if side.dm_from is None:
        return side.situation()
    score = side.maximum[0] if side.dm_from == STR else side.maximum[1]
    return replace(side.situation(), characteristic_dm=score // 3 - 2)


def test_the_cases_reach_what_they_claim() -> None:
    """The brute-force cases are not vacuous: each reaches a down fighter, the spread case a
    seriously wounded one, the simultaneous one both down at once."""
    for a, b, rounds in DUELS.values():
        final = oracle_duel(a, b, rounds)[-1]
        assert any(k[0] in DOWN or k[1] in DOWN for k in final)
    a, b, rounds = DUELS["spread: seriously wounded lose their aim"]
    assert any(W.SERIOUSLY_WOUNDED in k for s in oracle_duel(a, b, rounds) for k in s)
    assert any(
        not x.situation.aim_actions for x in cepheus.duel(a.fighter(), b.fighter(), 3).a_attacks
    )
    a, b, rounds = DUELS["simultaneous"]
    assert cepheus.duel(a.fighter(), b.fighter(), rounds).both_down[-1] > 0


def oracle_focus(
    target: Scores, attackers: list[Side], rounds: int, order: object
) -> list[dict[W, Fraction]]:
    result: list[Counter[W]] = [Counter() for _ in range(rounds)]

    def walk(r: int, i: int, scores: Scores, w: Fraction) -> None:
        if condition(scores, target) in DOWN:
            for k in range(r, rounds):
                result[k][condition(scores, target)] += w  # type: ignore[assignment]
            return
        if i == len(attackers):
            result[r][condition(scores, target)] += w  # type: ignore[assignment]
            if r + 1 < rounds:
                walk(r + 1, 0, scores, w)
            return
        for damage, p in damage_outcomes(attackers[i], attackers[i].maximum):
            walk(r, i + 1, allocate(scores, target, damage, order), w * p)

    walk(0, 0, target, Fraction(1))
    return [{k: v for k, v in counts.items() if v} for counts in result]


@pytest.mark.parametrize(
    ("target", "attackers", "rounds", "order"),
    [
        (
            (2, 3, 2),
            [Side((7, 7, 7), skill=1), Side((7, 7, 7), dice=0, bonus=2)],
            2,
            (END, STR, DEX),
        ),
        ((3, 3, 2), [Side((7, 7, 7), aim=1), Side((7, 7, 7), skill=2, armor=1)], 2, "spread"),
        ((2, 2, 3), [Side((7, 7, 7), dice=0, bonus=1, aim_kill=1)], 3, (END, DEX, STR)),
    ],
)
def test_focus_fire_equals_every_roll_sequence(
    target: Scores, attackers: list[Side], rounds: int, order: object
) -> None:
    expected = oracle_focus(target, attackers, rounds, order)
    got = cepheus.focus_fire(
        Physical(*target),
        [x.situation() for x in attackers],
        rounds,
        order=order,  # type: ignore[arg-type]
    )
    assert [dict(s) for s in got.states] == expected
    assert got.down == tuple(
        sum((p for k, p in s.items() if k in DOWN), Fraction(0)) for s in expected
    )
    assert got.dead == tuple(s.get(W.DEAD, Fraction(0)) for s in expected)
    assert got.down[-1] > 0
    assert got.odds == tuple(cepheus.attack_odds(x.situation()) for x in attackers)


# --- A seeded simulation -----------------------------------------------------------------------


def rolled_damage(side: Side, own: Scores, rng: random.Random) -> int:
    """One attack rolled with plain dice (the same rules as :func:`damage_outcomes`)."""
    serious = condition(own, side.maximum) is W.SERIOUSLY_WOUNDED
    char = side.char_dm
    if side.dm_from is not None:
        char = (own[0] if side.dm_from == STR else own[1]) // 3 - 2
    effect = rng.randint(1, 6) + rng.randint(1, 6) + side.skill + char - 8
    effect += 0 if serious else side.aim
    if effect < 0:
        return 0
    rolled = sum(rng.randint(1, 6) for _ in range(side.dice)) + side.bonus
    damage = max(0, rolled + effect + (0 if serious else side.aim_kill) - side.armor)
    return max(1, damage) if effect >= 6 else damage


def simulate(a: Side, b: Side, rounds: int, rng: random.Random) -> list[tuple[W, W]]:
    sa, sb = a.maximum, b.maximum
    after: list[tuple[W, W]] = []
    for _ in range(rounds):
        ca, cb = condition(sa, a.maximum), condition(sb, b.maximum)
        if ca not in DOWN and cb not in DOWN:
            ka, kb = (a.initiative, sa[1]), (b.initiative, sb[1])
            if ka == kb:
                da, db = rolled_damage(a, sa, rng), rolled_damage(b, sb, rng)
                sa, sb = allocate(sa, a.maximum, db, a.order), allocate(sb, b.maximum, da, b.order)
            elif ka > kb:
                sb = allocate(sb, b.maximum, rolled_damage(a, sa, rng), b.order)
                if condition(sb, b.maximum) not in DOWN:
                    sa = allocate(sa, a.maximum, rolled_damage(b, sb, rng), a.order)
            else:
                sa = allocate(sa, a.maximum, rolled_damage(b, sb, rng), a.order)
                if condition(sa, a.maximum) not in DOWN:
                    sb = allocate(sb, b.maximum, rolled_damage(a, sa, rng), b.order)
        after.append((condition(sa, a.maximum), condition(sb, b.maximum)))
    return after


def test_seeded_simulation_lands_within_four_standard_errors() -> None:
    a = Side((5, 6, 4), skill=1, aim=1, dm_from=DEX, order="spread", armor=1)
    b = Side((6, 4, 5), skill=1, bonus=1, order=(END, DEX, STR), aim_kill=1)
    rounds, fights = 5, 20_000
    forecast = cepheus.duel(a.fighter(), b.fighter(), rounds)
    rng = random.Random(2024)
    tallies = [Counter[tuple[W, W]]() for _ in range(rounds)]
    for _ in range(fights):
        for r, pair in enumerate(simulate(a, b, rounds, rng)):
            tallies[r][pair] += 1
    curves = {
        "a_down": lambda k: k[0] in DOWN,
        "b_down": lambda k: k[1] in DOWN,
        "a_wins": lambda k: k[1] in DOWN and k[0] not in DOWN,
        "b_wins": lambda k: k[0] in DOWN and k[1] not in DOWN,
        "a_dead": lambda k: k[0] is W.DEAD,
    }
    for name, test in curves.items():
        exact = getattr(forecast, name)
        for r in range(rounds):
            p = float(exact[r])
            seen = sum(n for k, n in tallies[r].items() if test(k)) / fights
            error = math.sqrt(p * (1 - p) / fights)
            assert abs(seen - p) <= 4 * error + 1 / fights, (name, r, seen, p)
    assert 0.2 < float(forecast.a_wins[-1]) < 0.8  # a fight worth simulating


# --- Invariants -----------------------------------------------------------------------------

ORDERS = st.sampled_from([(END, STR, DEX), (END, DEX, STR), "spread"])


@st.composite
def sides(draw: st.DrawFn, *, dm_from: bool = True) -> Side:
    return Side(
        (draw(st.integers(1, 4)), draw(st.integers(1, 4)), draw(st.integers(1, 4))),
        skill=draw(st.integers(0, 2)),
        aim=draw(st.integers(0, 1)),
        dice=draw(st.integers(0, 1)),
        bonus=draw(st.integers(0, 2)),
        armor=draw(st.integers(0, 2)),
        initiative=draw(st.integers(0, 1)),
        order=draw(ORDERS),
        dm_from=draw(st.sampled_from([None, DEX, STR])) if dm_from else None,
    )


@settings(max_examples=40, deadline=None)
@given(sides(), sides(), st.integers(1, 5))
def test_duel_invariants(a: Side, b: Side, rounds: int) -> None:
    got = cepheus.duel(a.fighter(), b.fighter(), rounds)
    for state in got.states:
        assert sum(state.values()) == 1
    assert got.final == got.states[-1]
    for curve in (got.a_down, got.b_down, got.a_dead, got.b_dead, got.a_wins, got.b_wins):
        assert len(curve) == rounds
        assert all(0 <= p <= 1 for p in curve)
        assert all(x <= y for x, y in itertools.pairwise(curve))
    for r in range(rounds):
        assert got.a_wins[r] + got.b_wins[r] + got.both_down[r] <= 1
        assert got.a_dead[r] <= got.a_down[r]
    if got.expected_rounds is not None:
        assert 1 <= got.expected_rounds <= rounds


@settings(max_examples=40, deadline=None)
@given(sides(dm_from=False), sides(dm_from=False), st.integers(1, 4))
def test_a_better_attacker_never_lowers_its_win_chance(a: Side, b: Side, rounds: int) -> None:
    """With ``dm_from=None`` (and B's attack not changed by its wounds: no aim; a fixed order of
    action), one more skill level for A never lowers A's chance to win by any round."""
    b = replace(b, aim=0, initiative=1 - a.initiative)
    base = cepheus.duel(a.fighter(), b.fighter(), rounds)
    better = cepheus.duel(replace(a, skill=a.skill + 1).fighter(), b.fighter(), rounds)
    assert all(x <= y for x, y in zip(base.a_wins, better.a_wins, strict=True))
    assert all(x >= y for x, y in zip(base.b_wins, better.b_wins, strict=True))


@settings(max_examples=30, deadline=None)
@given(sides(), st.lists(sides(dm_from=False), min_size=1, max_size=3), st.integers(1, 4))
def test_focus_fire_invariants(target: Side, attackers: list[Side], rounds: int) -> None:
    got = cepheus.focus_fire(
        Physical(*target.maximum),
        [x.situation() for x in attackers],
        rounds,
        order=target.order,  # type: ignore[arg-type]
    )
    for state in got.states:
        assert sum(state.values()) == 1
    for curve in (got.down, got.dead):
        assert all(x <= y for x, y in itertools.pairwise(curve))
    assert all(x <= y for x, y in zip(got.dead, got.down, strict=True))


# --- The source's "Damage" and Damage Results, through duel -------------------------------------


def hits_for(points: int) -> AttackSituation:
    """An attack that always hits (DM +6: 2D6 + 6 >= 8) for exactly ``points`` (no dice, no
    Effect added)."""
    return AttackSituation(
        weapon="pistol",
        band="short",
        damage_dice=0,
        damage_modifier=points,
        adds_effect=False,
        referee_dm=6,
    )


HARMLESS = AttackSituation(weapon="pistol", band="short", damage_dice=0, referee_dm=-20)


def taken(
    physical: Physical, points: int, rounds: int = 1, order: object = (END, STR, DEX)
) -> cepheus.DuelForecast:
    """``physical`` (who never hits) takes ``points`` each round from an attacker acting first."""
    victim = Fighter(physical, HARMLESS, order=order)  # type: ignore[arg-type]
    return cepheus.duel(victim, Fighter(Physical(7, 7, 7), hits_for(points), initiative=1), rounds)


@pytest.mark.parametrize(
    ("points", "order", "state"),
    [
        # Source: "The first time a character takes damage, it is applied to the target's
        # Endurance." 5 of Endurance 9: wounded ("At least 1 characteristic is damaged").
        (5, (END, STR, DEX), W.WOUNDED),
        # Source: "If a target is reduced to Endurance 0, then further damage is subtracted from
        # the target's Strength or Dexterity (of the character's choice)." 12: Dexterity 8 -> 5.
        (12, (END, DEX, STR), W.WOUNDED),
        # Source: "If either Strength or Dexterity is reduced to 0, the character is unconscious"
        # ("2 characteristics are at Zero: Character is unconscious"): 9 + 8 = 17.
        (17, (END, DEX, STR), W.UNCONSCIOUS),
        (16, (END, STR, DEX), W.UNCONSCIOUS),
        # Source: "any further damage is subtracted from the remaining physical characteristic.
        # If all three physical characteristics are reduced to 0, the character is killed"
        # ("3 characteristics are at Zero: Character is dead"): 9 + 8 + 7 = 24.
        (23, (END, STR, DEX), W.UNCONSCIOUS),
        (24, (END, STR, DEX), W.DEAD),
        (24, "spread", W.DEAD),
    ],
)
def test_damage_passage_through_duel(points: int, order: object, state: W) -> None:
    forecast = taken(Physical(7, 8, 9), points, order=order)
    assert forecast.final == {(state, W.UNHARMED): 1}
    assert forecast.a_down == ((1,) if state in DOWN else (0,))
    assert forecast.a_dead == ((1,) if state is W.DEAD else (0,))


def test_seriously_wounded_row_through_duel() -> None:
    # Source: table "Damage Results": "All 3 characteristics are damaged: Character is seriously
    # wounded"; "Once a character has taken damage, any damage from subsequent attacks is
    # allocated to any of the three physical characteristics as the character so chooses."
    # 6 a round to (7, 8, 9): round 1 Endurance 3; round 2 Endurance 0 and 3 points spread:
    # Dexterity 7, Strength 6, Dexterity 6: all three damaged.
    spread = taken(Physical(7, 8, 9), 6, rounds=2, order="spread")
    assert spread.states == ({(W.WOUNDED, W.UNHARMED): 1}, {(W.SERIOUSLY_WOUNDED, W.UNHARMED): 1})
    # Filling one characteristic at a time, a conscious character never has all three damaged.
    filled = taken(Physical(7, 8, 9), 6, rounds=2, order=(END, DEX, STR))
    assert filled.final == {(W.WOUNDED, W.UNHARMED): 1}


def test_a_first_damage_spill_is_not_split() -> None:
    # Source: "If a target is reduced to Endurance 0, then further damage is subtracted from the
    # target's Strength or Dexterity (of the character's choice). If either Strength or Dexterity
    # is reduced to 0, the character is unconscious and any further damage is subtracted from
    # the remaining physical characteristic." Read as one characteristic for a first damage's
    # spill: 8 to (8, 8, 4) leaves (4, 8, 0), wounded, not (6, 6, 0) seriously wounded.
    assert taken(Physical(8, 8, 4), 8, order="spread").final == {(W.WOUNDED, W.UNHARMED): 1}
    # 8 more in a later attack go point by point to the higher: Dexterity 8 -> 4, then
    # Strength 3, Dexterity 3, Strength 2, Dexterity 2: (2, 2, 0), all three damaged.
    two = taken(Physical(8, 8, 4), 8, rounds=2, order="spread")
    assert two.states[-1] == {(W.SERIOUSLY_WOUNDED, W.UNHARMED): 1}


def test_a_downed_fighter_does_not_attack() -> None:
    # Source: "Actions are taken in descending order of Initiative"; the Damage Results table:
    # an unconscious or dead character does not act. A always hits for 5 but is killed first.
    a = Fighter(Physical(7, 8, 9), hits_for(5))
    b = Fighter(Physical(7, 7, 7), hits_for(30), initiative=1)
    assert cepheus.duel(a, b, 3).final == {(W.DEAD, W.UNHARMED): 1}
    # Equal Initiative and Dexterity: "characters act simultaneously": both land.
    a = Fighter(Physical(7, 7, 9), hits_for(30))
    b = Fighter(Physical(7, 7, 7), hits_for(30))
    assert cepheus.duel(a, b, 1).final == {(W.DEAD, W.DEAD): 1}
    # Equal Initiative: "the character with the highest Dexterity goes first".
    a = Fighter(Physical(7, 8, 9), hits_for(30))
    assert cepheus.duel(a, b, 1).final == {(W.UNHARMED, W.DEAD): 1}


# --- Validation and bounds ---------------------------------------------------------------------

PISTOL = AttackSituation(weapon="pistol", band="short", damage_dice=3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"physical": Physical(7, 0, 7)}, r"physical dexterity must be scores in 1\.\.20, got 0"),
        ({"physical": Physical(7, 21, 7)}, r"physical dexterity must be scores in 1\.\.20"),
        ({"order": (STR, END, DEX)}, r"order must be 'spread' or a permutation"),
        ({"order": "spreads"}, r"order must be 'spread' or a permutation"),
        ({"dm_from": END}, r"dm_from must be None, 'dexterity' or 'strength'"),
        ({"initiative": 1.5}, r"initiative must be an integer"),
        ({"attack": replace(PISTOL, aim_actions=2)}, r"attack \(aim_actions \+ aim_for_the_kill"),
        (
            {"attack": replace(PISTOL, aim_actions=1, aim_for_the_kill_actions=1)},
            r"at most 1 aim or aim-for-the-kill action",
        ),
        ({"attack": replace(PISTOL, damage_dice=21)}, r"at most 20 damage dice"),
    ],
)
def test_fighter_refuses(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"physical": Physical(7, 7, 7), "attack": PISTOL, **kwargs}
    with pytest.raises(InvalidInput, match=message):
        Fighter(**fields)  # type: ignore[arg-type]


def test_rounds_and_attacks_are_bounded() -> None:
    fighter = Fighter(Physical(7, 7, 7), PISTOL)
    for rounds in (0, 61, True):
        with pytest.raises(InvalidInput, match=r"rounds must be an integer in 1\.\.60"):
            cepheus.duel(fighter, fighter, rounds)
    with pytest.raises(InvalidInput, match=r"attacks must be a sequence of 1 to 10"):
        cepheus.focus_fire(Physical(7, 7, 7), [], 3)
    with pytest.raises(InvalidInput, match=r"attacks must be a sequence of at most 10"):
        cepheus.focus_fire(Physical(7, 7, 7), [PISTOL] * 11, 3)
    with pytest.raises(InvalidInput, match=r"target strength must be scores in 1\.\.20"):
        cepheus.focus_fire(Physical(0, 7, 7), [PISTOL], 3)


def test_work_bound_names_the_rounds_that_fit() -> None:
    """A fight whose states need more than MAX_FIGHT_WORK outcomes is refused on ``rounds``,
    and the most rounds named in the message are accepted."""
    heavy = replace(PISTOL, damage_dice=6, armor=20)
    big = Fighter(Physical(20, 20, 20), heavy, order="spread")
    with pytest.raises(
        InvalidInput, match=r"rounds must be an integer in 1\.\.(\d+) for these"
    ) as error:
        cepheus.duel(big, big, 60)
    fits = int(error.value.allowed.split("..")[1].split()[0])
    assert 1 <= fits < 60
    assert len(cepheus.duel(big, big, fits).a_down) == fits
    with pytest.raises(InvalidInput, match=r"rounds must be an integer in 1\.\."):
        cepheus.duel(big, big, fits + 1)


def test_blind_fire_strikes_this_target_one_time_in_the_firing_line() -> None:
    # Source: "Blind Firing": "a die rolled to randomly choose which eligible target in the
    # firing line is hit". Every hit of 3D6 kills a target with scores 1.
    blind = AttackSituation(weapon="pistol", band="short", damage_dice=3, blind=True)
    alone = cepheus.focus_fire(Physical(1, 1, 1), [blind], 1)
    among_three = cepheus.focus_fire(Physical(1, 1, 1), [replace(blind, firing_line_targets=3)], 1)
    assert alone.down[0] == cepheus.attack_odds(blind).hit_chance
    assert among_three.down[0] == alone.down[0] / 3


def test_rolled_duels_follow_the_exact_forecast() -> None:
    """``roll_duel`` (``roll_attack`` and ``apply_damage``, one fight at a time): 2,000 seeded
    fights land within 4 standard errors of ``duel``; the same seed gives the same fight."""
    a = Side((5, 6, 4), skill=1, aim=1, dm_from=DEX, order="spread", armor=1).fighter()
    b = Side((6, 4, 5), skill=1, bonus=1, order=(END, DEX, STR), aim_kill=1).fighter()
    rounds, fights = 3, 2_000
    forecast = cepheus.duel(a, b, rounds)
    rng = random.Random(99)
    rolled = [cepheus.roll_duel(a, b, rounds, rng) for _ in range(fights)]
    for r in range(rounds):
        for name, side in (("a_down", 0), ("b_down", 1)):
            p = float(getattr(forecast, name)[r])
            seen = sum(fight.states[r][side] in DOWN for fight in rolled) / fights
            assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / fights) + 1 / fights
    again = cepheus.roll_duel(a, b, rounds, random.Random(5))
    assert again == cepheus.roll_duel(a, b, rounds, random.Random(5))
    assert again.log[0].startswith("Round 1: A acts first (same Initiative, Dexterity 6")
    assert all(len(fight.physical) == rounds for fight in rolled)


def test_rolled_focus_fire_follows_the_exact_forecast() -> None:
    """``roll_focus_fire`` (``roll_attack`` and the target's damage policy, one fight at a
    time): 2,000 seeded fights land within 4 standard errors of ``focus_fire``; the same seed
    gives the same fight, and a downed target is attacked no more."""
    target = Physical(5, 6, 4)
    attacks = [
        AttackSituation(weapon="pistol", damage_dice=2, band="short", skill=1),
        AttackSituation(weapon="rifle", damage_dice=3, band="medium", armor=2),
    ]
    rounds, fights = 3, 2_000
    for order in ("spread", (END, DEX, STR)):
        forecast = cepheus.focus_fire(target, attacks, rounds, order)
        rng = random.Random(17)
        rolled = [
            cepheus.roll_focus_fire(target, attacks, rounds, rng, order) for _ in range(fights)
        ]
        for r in range(rounds):
            for name, states in (("down", DOWN), ("dead", {W.DEAD})):
                p = float(getattr(forecast, name)[r])
                seen = sum(fight.states[r] in states for fight in rolled) / fights
                assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / fights) + 1 / fights
        assert all(len(fight.physical) == rounds for fight in rolled)
        down = next(f for f in rolled if f.states[0] in DOWN)
        assert down.log[-1] == "The target is down: the fight is over"
        assert not any(line.startswith("Round 2") for line in down.log)
    again = cepheus.roll_focus_fire(target, attacks, rounds, random.Random(5))
    assert again == cepheus.roll_focus_fire(target, attacks, rounds, random.Random(5))
    assert again.log[:2] == ("Round 1", "Attacker 1:")
