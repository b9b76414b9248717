"""Initiative: roll, ambush, Tactics and Leadership, hastening, reactions, delay, order."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import Combatant, Modifier
from rules.dice import enumerate_dice


@pytest.mark.parametrize("dex_dm", [-2, 0, 1, 3])
def test_initiative_roll_matches_enumeration(dex_dm: int) -> None:
    # Source: "each rolls 2D6 and adds their Dexterity DM to determine starting Initiative"
    counts = Counter(sum(roll) + dex_dm for roll in enumerate_dice(2, 6))
    assert cepheus.initiative_distribution(dex_dm) == {
        k: Fraction(v, 36) for k, v in counts.items()
    }


def test_ambush() -> None:
    # Source: "the prepared characters are considered to get an automatic 12 on their roll,
    # giving them an Initiative of 12 + Dexterity DM"
    assert cepheus.AMBUSH_ROLL == 12
    assert cepheus.initiative_distribution(2, ambush=True) == {14: 1}
    assert cepheus.roll_initiative(-1, random.Random(0), ambush=True) == 11


def test_tactics_distribution_matches_enumeration() -> None:
    # Source: "Characters that have the Tactics skill may make a Tactics check and add the
    # Effect of this check to the Initiative of everyone in their unit"
    counts: Counter[int] = Counter()
    for own in enumerate_dice(2, 6):
        for tactics in enumerate_dice(2, 6):
            effect = sum(tactics) + 1 - 8
            counts[sum(own) + 1 + max(0, effect)] += 1
    expected = {k: Fraction(v, 36 * 36) for k, v in counts.items()}
    assert cepheus.initiative_distribution(1, tactics_dm=1) == expected


def test_tactics_bonus_and_modifiers() -> None:
    assert cepheus.tactics_bonus(4) == 4
    assert cepheus.tactics_bonus(0) == 0
    assert cepheus.tactics_bonus(-3) == 0
    assert cepheus.initiative_modifiers(tactics_effect=3, leadership_effect=2) == (
        Modifier("Tactics", 3),
        Modifier("Leadership", 2),
    )
    assert cepheus.initiative_modifiers(tactics_effect=-2) == (Modifier("Tactics (failed)", 0),)
    # Source: "If a character is not in communication with the rest of his unit and his
    # commander, then he cannot benefit from Tactics or Leadership."
    assert cepheus.initiative_modifiers(tactics_effect=3, in_communication=False) == (
        Modifier("Tactics (cut off: no benefit)", 0),
    )
    assert cepheus.initiative_score(8, tactics_effect=3, in_communication=False) == 8


def test_hasten_reactions_and_suppression() -> None:
    # Source: "This gives him a +2 bonus to his Initiative for that round only"
    assert cepheus.HASTE_INITIATIVE == 2
    assert cepheus.initiative_score(7, hastened=True) == 9
    # Source: "Each reaction lowers Initiative by 2"
    assert cepheus.REACTION_INITIATIVE == -2
    assert cepheus.initiative_score(7, reactions=3) == 1
    # Source: "stalling their next action by adding an initiative penalty equal to the Effect"
    assert cepheus.initiative_score(7, suppression_effect=4) == 3
    assert cepheus.initiative_score(10, tactics_effect=2, hastened=True, reactions=1) == 12
    assert cepheus.initiative_modifiers() == ()


def test_delay() -> None:
    # Source: "His new Initiative is set to one higher than that of the current first person in
    # the order."
    assert cepheus.delay_to_next_round(13) == 14


def test_initiative_order() -> None:
    # Source: "Actions are taken in descending order of Initiative. If two characters have the
    # same Initiative, the character with the highest Dexterity goes first. If they are still
    # tied, then characters act simultaneously."
    a = Combatant("Ana", 9, 7)
    b = Combatant("Bo", 11, 6)
    c = Combatant("Cy", 9, 9)
    d = Combatant("Di", 9, 7)
    e = Combatant("Ed", -1, 12)
    assert cepheus.initiative_order([a, b, c, d, e]) == ((b,), (c,), (a, d), (e,))
    assert cepheus.initiative_order([]) == ()


def test_roll_initiative_is_seeded() -> None:
    rolls = [cepheus.roll_initiative(1, random.Random(seed)) for seed in range(200)]
    assert rolls == [cepheus.roll_initiative(1, random.Random(seed)) for seed in range(200)]
    assert set(rolls) <= set(range(3, 14))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.initiative_distribution(0.5), r"dexterity_dm must be an integer"),
        (lambda: cepheus.initiative_distribution(0, ambush="y"), r"ambush must be True or False"),
        (lambda: cepheus.roll_initiative(0, None), r"rng must be a random.Random, got None"),
        (lambda: cepheus.initiative_score(7, reactions=-1), r"reactions must be an integer >= 0"),
        (lambda: cepheus.initiative_score(7, suppression_effect=-1), r"suppression_effect must"),
        (lambda: cepheus.initiative_score("7"), r"base must be an integer, got '7'"),
        (
            lambda: cepheus.initiative_order([("Ana", 9, 7)]),
            r"combatants\[0\] must be a Combatant, got \('Ana', 9, 7\)",
        ),
        (
            lambda: cepheus.initiative_order({Combatant("Ana", 9, 7)}),
            r"combatants must be a sequence .*\(not a set: its order is arbitrary\)",
        ),
        (lambda: Combatant("Ana", 9, -1), r"dexterity must be an integer >= 0, got -1"),
        (lambda: Combatant(3, 9, 7), r"name must be text, got 3"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(-3, 5), st.booleans(), st.one_of(st.none(), st.integers(-6, 6)))
@example(0, True, None)
def test_initiative_distribution_sums_to_one(
    dex_dm: int, ambush: bool, tactics: int | None
) -> None:
    dist = cepheus.initiative_distribution(dex_dm, ambush=ambush, tactics_dm=tactics)
    assert sum(dist.values()) == 1
    assert min(dist) >= (12 if ambush else 2) + dex_dm


@given(st.lists(st.builds(Combatant, st.text(max_size=3), st.integers(-5, 20), st.integers(0, 15))))
def test_order_is_a_sorted_partition(people: list[Combatant]) -> None:
    groups = cepheus.initiative_order(people)
    flat = [person for group in groups for person in group]
    assert sorted(flat, key=id) == sorted(people, key=id)
    keys = [(group[0].initiative, group[0].dexterity) for group in groups]
    assert keys == sorted(set(keys), reverse=True)
    for group in groups:
        assert len({(p.initiative, p.dexterity) for p in group}) == 1


@pytest.mark.parametrize("name", ["tactics_effect", "leadership_effect", "suppression_effect"])
def test_initiative_errors_name_the_parameter(name: str) -> None:
    # initiative_modifiers(tactics_effect=1.5) said "effect must be ..." (issue 16).
    with pytest.raises(ValueError, match=rf"^{name} must be an integer") as info:
        cepheus.initiative_modifiers(**{name: 1.5})
    assert info.value.parameter == name  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=rf"^{name} must be an integer"):
        cepheus.initiative_modifiers(in_communication=False, **{name: "2"})


def test_a_commanders_effect_of_any_size_is_a_bonus() -> None:
    biggest = 2**53 - 1
    assert max(cepheus.initiative_distribution(0, tactics_dm=biggest)) == 12 + biggest + 4
