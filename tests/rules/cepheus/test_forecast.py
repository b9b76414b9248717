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
from collections.abc import Iterator
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
