# Over 600 lines: every switch of the one Variant record pinned both ways, a section per switch.
"""Rule variants (issue 29): every switch of ``rules.cepheus.Variant`` pinned both ways.

Each switch has a test on the passage's own numbers or a case worked by hand (in a comment);
brute force over the rolls checks the closed forms a switch changes; property tests check that
the default variant gives today's results, against an independent expectation (a formula or an
enumeration written here), not only against the same function called without it.
"""

from __future__ import annotations

import inspect
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import (
    AS_WRITTEN,
    COMMON_MODIFIERS_TABLE,
    DEFAULT_VARIANT,
    PRESETS,
    TWODSIX_CE,
    AttackSituation,
    OpposedEffect,
    RangeBand,
    RangeColumn,
    Variant,
)
from rules.dice import Distribution, enumerate_dice
from rules.validation import InvalidInput

HOUSE = Variant(natural_two_twelve=True)
"""The natural 2/12 house rule alone."""


class Scripted(random.Random):
    """A Random whose ``randint`` returns the given faces in order (to force a natural roll)."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def natural_effect(dice: Sequence[int], dm: int, target: int = 8) -> int:
    """Oracle of the house rule, written from its statement (twodsix #168, calculateEffect):
    a natural 12 always succeeds (Effect at least 0), a natural 2 always fails (at most -1)."""
    roll = sum(dice)
    effect = roll + dm - target
    if roll == 12 and effect < 0:
        return 0
    if roll == 2 and effect >= 0:
        return -1
    return effect


def rolls_2d6() -> list[tuple[int, ...]]:
    return list(enumerate_dice(2, 6))


def blind_kept(three: tuple[int, ...]) -> tuple[int, ...]:
    kept = list(three)
    kept.remove(max(kept))
    return tuple(kept)


# --- the record -------------------------------------------------------------------------------


def test_defaults_are_this_sites_reading() -> None:
    v = Variant()
    assert v == DEFAULT_VARIANT == PRESETS[AS_WRITTEN]
    assert v.aim_for_the_kill_per_action == 1
    assert v.natural_two_twelve is False
    assert v.full_cover_dm == -4
    assert v.prone_short_range_dm == -2
    assert v.range_band_column is RangeColumn.SQUARES
    assert v.effect_six_minimum_damage is True
    assert v.dodge_in_cover_dm == -2
    assert v.grenades_add_effect is False
    assert v.minor_actions_per_round == 3
    assert v.vehicle_double_replaces_singles is False
    assert v.disarm_succeeds_by is OpposedEffect.EFFECT
    assert v.dive_for_cover_round_up is True
    assert v.dive_for_cover_before_armor is True


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("aim_for_the_kill_per_action", 3),
        ("aim_for_the_kill_per_action", 0),
        ("aim_for_the_kill_per_action", True),
        ("natural_two_twelve", 1),
        ("full_cover_dm", -5),
        ("full_cover_dm", 4),
        ("prone_short_range_dm", -1),
        ("dodge_in_cover_dm", 0),
        ("minor_actions_per_round", 4),
        ("range_band_column", "metres"),
        ("disarm_succeeds_by", "loser"),
        ("dive_for_cover_round_up", None),
        ("effect_six_minimum_damage", "yes"),
    ],
)
def test_bad_fields_are_refused_by_name(field: str, value: object) -> None:
    with pytest.raises(InvalidInput, match=rf"^{field} must be") as raised:
        Variant(**{field: value})
    assert raised.value.parameter == field


def test_enum_fields_accept_their_values_and_the_record_is_frozen_and_keyword_only() -> None:
    v = Variant(range_band_column="distance", disarm_succeeds_by="margin")
    assert v.range_band_column is RangeColumn.DISTANCE
    assert v.disarm_succeeds_by is OpposedEffect.MARGIN
    with pytest.raises(AttributeError):
        v.natural_two_twelve = True  # type: ignore[misc]
    with pytest.raises(TypeError):
        Variant(2)  # type: ignore[misc]
    assert hash(v) == hash(Variant(range_band_column="distance", disarm_succeeds_by="margin"))


def test_presets_and_the_modified_mark() -> None:
    # twodsix CE (src/module/config.js RULESETS.CE): metres bands (getRangeBand), damage minus
    # armor with no Effect 6+ minimum (armorDamageFormula), the Effect added to every weapon.
    assert PRESETS[TWODSIX_CE].differences(DEFAULT_VARIANT) == (
        "range_band_column",
        "effect_six_minimum_damage",
        "grenades_add_effect",
    )
    # The Common Modifiers table: prone "-2 ... at Medium or greater", "Target Dodges -1",
    # "Cover -0 to -6".
    assert PRESETS[COMMON_MODIFIERS_TABLE].differences(DEFAULT_VARIANT) == (
        "full_cover_dm",
        "prone_short_range_dm",
        "dodge_in_cover_dm",
    )
    for name, preset in PRESETS.items():
        assert cepheus.preset_name(preset) == name
        assert preset.differences(preset) == ()
    modified = Variant(natural_two_twelve=True)
    assert cepheus.preset_name(modified) is None
    assert modified.differences(PRESETS[AS_WRITTEN]) == ("natural_two_twelve",)
    with pytest.raises(InvalidInput, match=r"^other must be a Variant"):
        modified.differences(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match=r"^variant must be a Variant"):
        cepheus.preset_name("twodsix CE")  # type: ignore[arg-type]


# Every public function a switch changes, and the switches that change it.
AFFECTED: dict[str, set[str]] = {
    "check_probability": {"natural_two_twelve"},
    "effect_distribution": {"natural_two_twelve"},
    "outcome_distribution": {"natural_two_twelve"},
    "roll_check": {"natural_two_twelve"},
    "attack_odds": {
        "aim_for_the_kill_per_action",
        "natural_two_twelve",
        "full_cover_dm",
        "prone_short_range_dm",
        "range_band_column",
        "effect_six_minimum_damage",
        "dodge_in_cover_dm",
        "grenades_add_effect",
        "extreme_range_halving_before_armor",
    },
    "roll_attack": {"(as attack_odds)"},
    "aim_for_the_kill_bonus": {"aim_for_the_kill_per_action"},
    "cover_dm": {"full_cover_dm"},
    "target_stance_dm": {"prone_short_range_dm"},
    "dodge_dm": {"dodge_in_cover_dm"},
    "range_band": {"range_band_column"},
    "hit_damage": {
        "effect_six_minimum_damage",
        "grenades_add_effect",
        "extreme_range_halving_before_armor",
    },
    "damage_distribution": {"(as hit_damage)"},
    "minor_actions": {"minor_actions_per_round"},
    "rounds_to_aim": {"minor_actions_per_round"},
    "vehicle_hits": {"vehicle_double_replaces_singles"},
    "vehicle_hits_distribution": {"vehicle_double_replaces_singles"},
    "disarm_result": {"disarm_succeeds_by"},
    "grapple_odds": {"natural_two_twelve", "disarm_succeeds_by"},
    "grapple_damage": {"grapple_damage_effect"},
    "grapple_damage_distribution": {"natural_two_twelve", "grapple_damage_effect"},
    "roll_grapple": {"natural_two_twelve", "disarm_succeeds_by", "grapple_damage_effect"},
    "explosion_damage": {"dive_for_cover_round_up", "dive_for_cover_before_armor"},
    "explosion_damage_distribution": {"dive_for_cover_round_up", "dive_for_cover_before_armor"},
    "roll_explosion": {"dive_for_cover_round_up", "dive_for_cover_before_armor"},
    "suppression_chance": {"natural_two_twelve"},
    "suppression_penalty_distribution": {"natural_two_twelve"},
    "roll_suppression": {"natural_two_twelve"},
    "initiative_distribution": {"natural_two_twelve", "tactics_failure_lowers_initiative"},
    "tactics_bonus": {"tactics_failure_lowers_initiative"},
    "initiative_modifiers": {"tactics_failure_lowers_initiative"},
    "initiative_score": {"tactics_failure_lowers_initiative"},
    "wake_chance": {"natural_two_twelve"},
    "wake_distribution": {"natural_two_twelve"},
    # Vehicles in personal combat (issue 31's modules).
    "location_hits_distribution": {"vehicle_double_replaces_singles"},
    "collision_odds": {"vehicle_double_replaces_singles"},
    "roll_collision": {"vehicle_double_replaces_singles"},
    "evasive_action_odds": {"natural_two_twelve"},
    "evasive_attack_odds": {"natural_two_twelve", "(as attack_odds)"},
    "ram_odds": {"natural_two_twelve", "dodge_in_cover_dm", "vehicle_double_replaces_singles"},
    "roll_ram": {"natural_two_twelve", "dodge_in_cover_dm", "vehicle_double_replaces_singles"},
    "weave_odds": {"natural_two_twelve"},
    "roll_weave": {"natural_two_twelve"},
    "vehicle_explosion_distribution": {"dive_for_cover_round_up", "dive_for_cover_before_armor"},
    "roll_vehicle_explosion": {"dive_for_cover_round_up", "dive_for_cover_before_armor"},
    "duel": {"(as attack_odds)"},
    "focus_fire": {"(as attack_odds)"},
    "roll_duel": {"(as attack_odds)"},
    "roll_focus_fire": {"(as attack_odds)"},
}


def test_every_affected_function_takes_variant_keyword_only_defaulting_to_today() -> None:
    taking = set()
    for name in cepheus.__all__:
        item = getattr(cepheus, name)
        if not inspect.isfunction(item):
            continue
        parameter = inspect.signature(item).parameters.get("variant")
        if parameter is None or name == "preset_name":
            continue
        taking.add(name)
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, name
        assert parameter.default is DEFAULT_VARIANT, name
    assert taking == set(AFFECTED)
    switched = set().union(*AFFECTED.values()) - {"(as attack_odds)", "(as hit_damage)"}
    assert switched == {f for f in Variant.__dataclass_fields__}


@pytest.mark.parametrize("name", sorted(AFFECTED))
def test_a_hostile_variant_is_refused_by_name(name: str) -> None:
    function = getattr(cepheus, name)
    calls: dict[str, Callable[[Any], Any]] = {
        "check_probability": lambda v: function(0, variant=v),
        "effect_distribution": lambda v: function(0, variant=v),
        "outcome_distribution": lambda v: function(0, variant=v),
        "roll_check": lambda v: function(0, random.Random(1), variant=v),
        "attack_odds": lambda v: function(SHOT, variant=v),
        "roll_attack": lambda v: function(SHOT, random.Random(1), variant=v),
        "aim_for_the_kill_bonus": lambda v: function(1, variant=v),
        "cover_dm": lambda v: function("half", variant=v),
        "target_stance_dm": lambda v: function("prone", "short", variant=v),
        "dodge_dm": lambda v: function(True, variant=v),
        "range_band": lambda v: function(34, variant=v),
        "hit_damage": lambda v: function(3, 6, variant=v),
        "damage_distribution": lambda v: function(
            cepheus.effect_distribution(0), dice=1, variant=v
        ),
        "minor_actions": lambda v: function(False, variant=v),
        "rounds_to_aim": lambda v: function(6, variant=v),
        "vehicle_hits": lambda v: function(39, variant=v),
        "vehicle_hits_distribution": lambda v: function(cepheus.effect_distribution(30), variant=v),
        "disarm_result": lambda v: function(6, variant=v),
        "grapple_damage": lambda v: function(3, variant=v),
        "tactics_bonus": lambda v: function(-2, variant=v),
        "initiative_modifiers": lambda v: function(tactics_effect=-2, variant=v),
        "initiative_score": lambda v: function(9, tactics_effect=-2, variant=v),
        "grapple_odds": lambda v: function(0, 0, variant=v),
        "grapple_damage_distribution": lambda v: function(0, 0, variant=v),
        "roll_grapple": lambda v: function(0, 0, random.Random(1), variant=v),
        "explosion_damage": lambda v: function(13, reaction="dive", variant=v),
        "explosion_damage_distribution": lambda v: function(2, reaction="dive", variant=v),
        "roll_explosion": lambda v: function(2, reaction="dive", rng=random.Random(1), variant=v),
        "suppression_chance": lambda v: function(0, variant=v),
        "suppression_penalty_distribution": lambda v: function(0, variant=v),
        "roll_suppression": lambda v: function(0, rng=random.Random(1), variant=v),
        "initiative_distribution": lambda v: function(0, tactics_dm=0, variant=v),
        "wake_chance": lambda v: function(0, 3, variant=v),
        "wake_distribution": lambda v: function(0, variant=v),
        "location_hits_distribution": lambda v: function(
            cepheus.effect_distribution(30), variant=v
        ),
        "collision_odds": lambda v: function(20, variant=v),
        "roll_collision": lambda v: function(20, rng=random.Random(1), variant=v),
        "evasive_action_odds": lambda v: function(0, variant=v),
        "evasive_attack_odds": lambda v: function(SHOT, 0, variant=v),
        "ram_odds": lambda v: function(20, driver_dm=0, variant=v),
        "roll_ram": lambda v: function(20, driver_dm=0, rng=random.Random(1), variant=v),
        "weave_odds": lambda v: function(40, 1, driver_dm=0, variant=v),
        "roll_weave": lambda v: function(40, 1, driver_dm=0, rng=random.Random(1), variant=v),
        "vehicle_explosion_distribution": lambda v: function(8, reaction="dive", variant=v),
        "roll_vehicle_explosion": lambda v: function(
            8, reaction="dive", rng=random.Random(1), variant=v
        ),
        "duel": lambda v: function(FIGHTER, FIGHTER, 1, variant=v),
        "focus_fire": lambda v: function(cepheus.Physical(1, 1, 1), [SHOT], 1, variant=v),
        "roll_duel": lambda v: function(FIGHTER, FIGHTER, 1, random.Random(1), variant=v),
        "roll_focus_fire": lambda v: function(
            cepheus.Physical(1, 1, 1), [SHOT], 1, random.Random(1), variant=v
        ),
    }
    calls[name](Variant())  # valid
    for hostile in (None, "twodsix CE", 1, {"natural_two_twelve": True}, PRESETS):
        with pytest.raises(InvalidInput, match=r"^variant must be a Variant") as raised:
            calls[name](hostile)
        assert raised.value.parameter == "variant"


SHOT = AttackSituation(weapon="rifle", damage_dice=3, squares=20, skill=1)
FIGHTER = cepheus.Fighter(cepheus.Physical(1, 1, 1), SHOT)


# --- natural 2 and 12 -------------------------------------------------------------------------


@pytest.mark.parametrize("dm", range(-12, 13))
@pytest.mark.parametrize("target", [8, 4, 12])
def test_natural_two_twelve_check_probability_against_the_36_rolls(dm: int, target: int) -> None:
    rolls = rolls_2d6()
    plain = sum(1 for r in rolls if sum(r) + dm >= target)
    house = sum(1 for r in rolls if natural_effect(r, dm, target) >= 0)
    assert cepheus.check_probability(dm, target) == Fraction(plain, 36)
    assert cepheus.check_probability(dm, target, variant=HOUSE) == Fraction(house, 36)
    # By hand: with the house rule the chance never leaves 1/36 .. 35/36.
    assert (
        Fraction(1, 36) <= cepheus.check_probability(dm, target, variant=HOUSE) <= Fraction(35, 36)
    )


def test_natural_two_twelve_by_hand() -> None:
    # DM +6: 2D6 + 6 >= 8 on every roll; the house rule fails the natural 2 (1 roll of 36).
    assert cepheus.check_probability(6) == 1
    assert cepheus.check_probability(6, variant=HOUSE) == Fraction(35, 36)
    # DM -5: 2D6 - 5 >= 8 needs 13; the house rule passes the natural 12.
    assert cepheus.check_probability(-5) == 0
    assert cepheus.check_probability(-5, variant=HOUSE) == Fraction(1, 36)
    # DM 0: a natural 2 fails and a natural 12 succeeds anyway: nothing changes (15/36).
    assert cepheus.check_probability(0, variant=HOUSE) == Fraction(5, 12)
    # Effect: DM +6 natural 2 would be Effect 0, becomes -1; DM -5 natural 12: -1 becomes 0.
    assert cepheus.effect_distribution(6, variant=HOUSE)[-1] == Fraction(1, 36)
    assert 0 not in cepheus.effect_distribution(6, variant=HOUSE)
    assert cepheus.effect_distribution(-5, variant=HOUSE)[0] == Fraction(1, 36)
    assert cepheus.effect_distribution(-5)[-1] == Fraction(1, 36)
    house_outcomes = cepheus.outcome_distribution(-20, variant=HOUSE)
    assert house_outcomes[cepheus.CheckOutcome.SUCCESS] == Fraction(1, 36)


@pytest.mark.parametrize("dm", range(-14, 15, 2))
@pytest.mark.parametrize("blind", [False, True])
def test_natural_effect_distribution_against_enumeration(dm: int, blind: bool) -> None:
    counts: Counter[int] = Counter()
    plain: Counter[int] = Counter()
    throws = list(enumerate_dice(3 if blind else 2, 6))
    for thrown in throws:
        kept = blind_kept(thrown) if blind else thrown
        counts[natural_effect(kept, dm)] += 1
        plain[sum(kept) + dm - 8] += 1
    house = {e: Fraction(n, len(throws)) for e, n in counts.items()}
    assert cepheus.effect_distribution(dm, blind=blind, variant=HOUSE) == house
    assert cepheus.effect_distribution(dm, blind=blind) == {
        e: Fraction(n, len(throws)) for e, n in plain.items()
    }
    hit = sum((p for e, p in house.items() if e >= 0), Fraction(0))
    assert cepheus.check_probability(dm, blind=blind, variant=HOUSE) == hit


def test_roll_check_natural_two_and_twelve() -> None:
    two = cepheus.roll_check(10, Scripted([1, 1]), variant=HOUSE)
    assert (two.total, two.effect, two.success) == (12, -1, False)
    assert cepheus.roll_check(10, Scripted([1, 1])).success  # 2 + 10 = 12 vs 8+
    twelve = cepheus.roll_check(-9, Scripted([6, 6]), variant=HOUSE)
    assert (twelve.total, twelve.effect, twelve.success) == (3, 0, True)
    assert not cepheus.roll_check(-9, Scripted([6, 6])).success
    # Blind: 1, 1 kept of 1, 1, 6 is a natural 2.
    blind = cepheus.roll_check(10, Scripted([1, 6, 1]), blind=True, variant=HOUSE)
    assert blind.kept == (1, 1) and not blind.success


def test_natural_two_twelve_in_attacks_grapples_suppression_waking_and_tactics() -> None:
    # Rifle at Medium (Average), skill 6: DM +6, every roll hits; the house rule misses on 2.
    sure = AttackSituation(weapon="rifle", damage_dice=1, band="medium", skill=6)
    assert cepheus.attack_odds(sure).hit_chance == 1
    odds = cepheus.attack_odds(sure, variant=HOUSE)
    assert odds.hit_chance == Fraction(35, 36) and odds.variant == HOUSE
    assert odds.damage[0] == Fraction(1, 36)
    roll = cepheus.roll_attack(sure, Scripted([1, 1]), variant=HOUSE)
    assert not roll.hit and "a natural 2 always fails" in roll.log[-1]
    assert cepheus.roll_attack(sure, Scripted([1, 1, 4])).hit
    # Suppression fire DM -2: with dm +8 every roll suppresses; the house rule: 35/36.
    assert cepheus.suppression_chance(8) == 1
    assert cepheus.suppression_chance(8, variant=HOUSE) == Fraction(35, 36)
    assert cepheus.suppression_chance(8, attacks=2, variant=HOUSE) == 1 - Fraction(1, 36) ** 2
    assert cepheus.suppression_penalty_distribution(8, variant=HOUSE)[0] == Fraction(1, 36)
    rolled = cepheus.roll_suppression(8, rng=Scripted([1, 1]), variant=HOUSE)
    assert not rolled.suppressed
    # Waking: Endurance DM +6 wakes at minute 1 for sure; the house rule: 35/36 each minute.
    assert cepheus.wake_chance(6, 1) == 1
    assert cepheus.wake_chance(6, 3, variant=HOUSE) == 1 - Fraction(1, 36) ** 3
    # DM 0: minutes 1..6 have DMs 0..5, then DM +6 (35/36 with the house rule) for ever.
    still = math.prod(
        (1 - cepheus.check_probability(k, variant=HOUSE) for k in range(6)), start=Fraction(1)
    )
    assert cepheus.wake_chance(0, 10, variant=HOUSE) == 1 - still * Fraction(1, 36) ** 4
    assert cepheus.wake_chance(0, 1000, variant=HOUSE) < 1
    with pytest.raises(InvalidInput, match=r"^minutes must be an integer in 0\.\.1000"):
        cepheus.wake_chance(0, 1001, variant=HOUSE)
    with pytest.raises(InvalidInput, match=r"^variant must be a Variant with natural_two_twelve"):
        cepheus.wake_distribution(0, variant=HOUSE)
    # Tactics DM +10: Effect 4..14, the bonus; the house rule's natural 2 makes it -1 (bonus 0).
    ambush = cepheus.initiative_distribution(0, ambush=True, tactics_dm=10, variant=HOUSE)
    assert ambush[12] == Fraction(1, 36) and 16 not in ambush
    assert min(cepheus.initiative_distribution(0, ambush=True, tactics_dm=10)) == 16


@pytest.mark.parametrize(("dm", "opponent_dm"), [(0, 0), (6, -6), (-3, 4), (10, -10)])
def test_natural_two_twelve_grapple_against_the_36_x_36_rolls(dm: int, opponent_dm: int) -> None:
    win = tie = lose = takes = 0
    damage: Counter[int] = Counter()
    for a1, a2, b1, b2 in enumerate_dice(4, 6):
        mine, theirs = natural_effect((a1, a2), dm), natural_effect((b1, b2), opponent_dm)
        if mine > theirs:
            win += 1
            takes += mine >= 6
            damage[max(0, 2 + mine)] += 1
        elif mine == theirs:
            tie += 1
            damage[0] += 1
        else:
            lose += 1
            damage[0] += 1
    odds = cepheus.grapple_odds(dm, opponent_dm, variant=HOUSE)
    total = 36 * 36
    assert (odds.win, odds.tie, odds.lose) == (
        Fraction(win, total),
        Fraction(tie, total),
        Fraction(lose, total),
    )
    assert odds.disarm_takes == Fraction(takes, total)
    assert cepheus.grapple_damage_distribution(dm, opponent_dm, variant=HOUSE) == {
        d: Fraction(n, total) for d, n in damage.items()
    }


# --- Aiming for the Kill ----------------------------------------------------------------------


def test_aim_for_the_kill_per_action() -> None:
    # Source: "a bonus of +2 to his damage equal to the number of minor actions ... The
    # maximum bonus obtainable from Aiming for the Kill is +6."
    printed = Variant(aim_for_the_kill_per_action=2)
    assert [cepheus.aim_for_the_kill_bonus(n) for n in range(8)] == [0, 1, 2, 3, 4, 5, 6, 6]
    assert [cepheus.aim_for_the_kill_bonus(n, variant=printed) for n in range(8)] == [
        0, 2, 4, 6, 6, 6, 6, 6,
    ]  # fmt: skip
    # A rifle of 0 dice, two actions: +2 or +4 damage. Skill 6 at Medium: DM +6, every roll
    # hits with Effect 0..10 (roll - 2), so damage is Effect + bonus.
    shot = AttackSituation(
        weapon="rifle", damage_dice=0, band="medium", skill=6, aim_for_the_kill_actions=2
    )
    today, as_printed = cepheus.attack_odds(shot), cepheus.attack_odds(shot, variant=printed)
    assert (today.damage_bonus, as_printed.damage_bonus) == (2, 4)
    assert min(today.damage) == 2 and min(as_printed.damage) == 4  # natural 2: Effect 0
    assert today.hit_chance == as_printed.hit_chance == 1  # never to hit
    rolled = cepheus.roll_attack(shot, Scripted([3, 4]), variant=printed)
    assert rolled.damage == 4 + (7 + 6 - 8)


# --- cover, stance, dodge ---------------------------------------------------------------------


def test_full_cover_dm() -> None:
    # Source: table "Cover Modifiers", "Full (pillbox) -4"; Common Modifiers "Cover -0 to -6".
    summary = Variant(full_cover_dm=-6)
    assert cepheus.cover_dm("full") == -4 and cepheus.cover_dm("full", variant=summary) == -6
    # 3/4 cover while crouched claims Full.
    assert cepheus.cover_dm("three_quarters", "crouched", variant=summary) == -6
    for cover in ("none", "quarter", "half"):
        assert cepheus.cover_dm(cover, variant=summary) == cepheus.COVER_DMS[cover]
    assert cepheus.cover_dm("full", "prone", variant=summary) is None  # impossible to hit
    # Rifle at Medium (Average), skill 0, standing target in Full cover: needs 12 (1/36) at -4,
    # 14 (impossible) at -6.
    shot = AttackSituation(weapon="rifle", damage_dice=3, band="medium", cover="full")
    assert cepheus.attack_odds(shot).hit_chance == Fraction(1, 36)
    assert cepheus.attack_odds(shot, variant=summary).hit_chance == 0
    assert cepheus.attack_odds(shot, variant=summary).modifiers[-1].dm == -6


def test_prone_target_at_short_range() -> None:
    # Source: "Stance" (-2, +0 at Close, +2 at Personal) vs the table (-2 at Medium or more).
    table = Variant(prone_short_range_dm=0)
    bands = ("personal", "close", "short", "medium", "long", "very_long", "distant")
    assert [cepheus.target_stance_dm("prone", b) for b in bands] == [2, 0, -2, -2, -2, -2, -2]
    assert [cepheus.target_stance_dm("prone", b, variant=table) for b in bands] == [
        2, 0, 0, -2, -2, -2, -2,
    ]  # fmt: skip
    assert cepheus.target_stance_dm("crouched", "short", variant=table) == 0
    # Pistol at Short (Average), skill 1: DM -1 needs 9 (10/36); with the table DM +1 needs 7
    # (21/36).
    shot = AttackSituation(
        weapon="pistol", damage_dice=3, band="short", skill=1, target_stance="prone"
    )
    assert cepheus.attack_odds(shot).hit_chance == Fraction(10, 36)
    assert cepheus.attack_odds(shot, variant=table).hit_chance == Fraction(21, 36)


def test_dodge_in_cover() -> None:
    # Source: "Dodging" (-1; -2 in cover or with an obstruction) vs "Target Dodges -1".
    table = Variant(dodge_in_cover_dm=-1)
    assert (cepheus.dodge_dm(), cepheus.dodge_dm(True)) == (-1, -2)
    assert (cepheus.dodge_dm(variant=table), cepheus.dodge_dm(True, variant=table)) == (-1, -1)
    # Rifle at Medium, skill 0, 1/4 cover (-0), dodging: -2 needs 10 (6/36); -1 needs 9 (10/36).
    shot = AttackSituation(
        weapon="rifle", damage_dice=3, band="medium", cover="quarter", reaction="dodge"
    )
    assert cepheus.attack_odds(shot).hit_chance == Fraction(6, 36)
    assert cepheus.attack_odds(shot, variant=table).hit_chance == Fraction(10, 36)


# --- range bands ------------------------------------------------------------------------------


def test_range_band_column_at_34_and_334() -> None:
    # Source: "9 to 34 squares" / "12 to 50 meters"; "167 to 334 squares" / "251 to 500 meters":
    # 34 squares are 51 m (Long by the metres) and 334 squares 501 m (Distant).
    metres = Variant(range_band_column="distance")
    assert cepheus.range_band(34) is RangeBand.MEDIUM
    assert cepheus.range_band(34, variant=metres) is RangeBand.LONG
    assert cepheus.range_band(334) is RangeBand.VERY_LONG
    assert cepheus.range_band(334, variant=metres) is RangeBand.DISTANT
    for squares in range(0, 400):
        by_metres = cepheus.range_band(squares, variant=metres)
        assert by_metres is cepheus.range_band_metres(Fraction(3, 2) * squares)
        if squares not in (34, 334):
            assert by_metres is cepheus.range_band(squares)
    # Pistol at 34 squares: Medium is Difficult (-2, needs 10: 6/36), Long Very Difficult (-4,
    # needs 12: 1/36).
    shot = AttackSituation(weapon="pistol", damage_dice=3, squares=34)
    assert cepheus.attack_odds(shot).hit_chance == Fraction(6, 36)
    odds = cepheus.attack_odds(shot, variant=metres)
    assert odds.band is RangeBand.LONG and odds.hit_chance == Fraction(1, 36)
    # A range given in metres always reads the metres column.
    in_metres = AttackSituation(weapon="pistol", damage_dice=3, metres=51)
    assert cepheus.attack_odds(in_metres).band is RangeBand.LONG


# --- damage -----------------------------------------------------------------------------------


def test_effect_six_minimum_damage() -> None:
    # Source: "A hit with Effect 6+ always inflicts at least one point of damage, regardless of
    # the target's armor." 3 rolled + Effect 6 = 9 against armor 12: 1, or 0 without the rule.
    off = Variant(effect_six_minimum_damage=False)
    assert cepheus.hit_damage(3, 6, armor=12) == 1
    assert cepheus.hit_damage(3, 6, armor=12, variant=off) == 0
    assert cepheus.hit_damage(3, 5, armor=12) == 0
    # An attack of 0 dice, skill 10 at Medium: Effect 4..14 (roll + 2), armor 30: damage 0
    # except the Effect 6+ rule, which gives 1 on rolls 4+ (33/36).
    shot = AttackSituation(weapon="rifle", damage_dice=0, band="medium", skill=10, armor=30)
    assert cepheus.attack_odds(shot).damage == {0: Fraction(3, 36), 1: Fraction(33, 36)}
    assert cepheus.attack_odds(shot, variant=off).damage == {0: Fraction(1)}


def test_grenades_add_effect() -> None:
    # Source: "Thrown Weapons": a grenade does not add the Effect; twodsix CE adds it anyway.
    adds = Variant(grenades_add_effect=True)
    assert cepheus.hit_damage(7, 3, adds_effect=False) == 7
    assert cepheus.hit_damage(7, 3, adds_effect=False, variant=adds) == 10
    # A grenade of 0 dice, Athletics 10 at Short (Difficult -2): Effect = roll + 10 - 2 - 8,
    # 2..12. Today the damage is 0, or 1 on Effect 6+ (rolls 6..12: 26/36); with the Effect it
    # is the Effect itself, distributed as 2D6.
    grenade = AttackSituation(
        weapon="thrown", damage_dice=0, band="short", skill=10, adds_effect=False
    )
    assert cepheus.attack_odds(grenade).damage == {0: Fraction(10, 36), 1: Fraction(26, 36)}
    with_effect = cepheus.attack_odds(grenade, variant=adds).damage
    assert with_effect == {e: Fraction(min(e - 1, 13 - e), 36) for e in range(2, 13)}
    rolled = cepheus.roll_attack(grenade, Scripted([5, 4]), variant=adds)
    assert rolled.damage == 9 and "+ Effect 9" in rolled.log[-1]


@settings(deadline=None)
@given(
    effect=st.dictionaries(st.integers(-8, 14), st.integers(1, 5), min_size=1, max_size=6),
    dice=st.integers(0, 3),
    bonus=st.integers(-5, 5),
    armor=st.integers(0, 12),
    adds_effect=st.booleans(),
    halved=st.booleans(),
    minimum=st.booleans(),
    grenades=st.booleans(),
)
def test_damage_distribution_under_any_variant_against_enumeration(
    effect: dict[int, int],
    dice: int,
    bonus: int,
    armor: int,
    adds_effect: bool,
    halved: bool,
    minimum: bool,
    grenades: bool,
) -> None:
    variant = Variant(effect_six_minimum_damage=minimum, grenades_add_effect=grenades)
    weights = sum(effect.values())
    expected: Counter[int] = Counter()
    rolls = list(enumerate_dice(dice, 6))
    for value, weight in effect.items():
        for roll in rolls:
            if value < 0:
                damage = 0
            else:  # "Damage", "Armor", "Extreme Range Firing", written out by hand
                damage = sum(roll) + bonus + (value if adds_effect or grenades else 0)
                if halved:
                    damage = math.ceil(damage / 2)
                damage = max(0, damage - armor)
                if minimum and value >= 6:
                    damage = max(1, damage)
            expected[damage] += weight
    total = weights * len(rolls)
    got = cepheus.damage_distribution(
        Distribution.from_counts(effect),
        dice=dice,
        bonus=bonus,
        armor=armor,
        adds_effect=adds_effect,
        halved=halved,
        variant=variant,
    )
    assert got == {d: Fraction(n, total) for d, n in expected.items()}


# --- actions ----------------------------------------------------------------------------------


def test_minor_actions_per_round() -> None:
    # Source: "up to three minor actions per round" vs "two minor actions instead of a
    # significant action".
    two = Variant(minor_actions_per_round=2)
    assert (cepheus.minor_actions(True), cepheus.minor_actions(False)) == (1, 3)
    assert (
        cepheus.minor_actions(True, variant=two),
        cepheus.minor_actions(False, variant=two),
    ) == (
        1,
        2,
    )
    # Aiming six times then attacking: the last round has one minor action and the attack; the
    # five before take two rounds of three (3 rounds), or three rounds of two (4 rounds).
    assert cepheus.rounds_to_aim(6) == 3
    assert cepheus.rounds_to_aim(6, variant=two) == 4
    # By hand for every count up to 12: 1 + ceil((n - 1) / per round).
    for n in range(13):
        assert cepheus.rounds_to_aim(n, variant=two) == 1 + max(0, math.ceil((n - 1) / 2))


# --- vehicles ---------------------------------------------------------------------------------


def test_vehicle_hits_beyond_33() -> None:
    # Source: "31-33 Two Triple Hits / For every extra three points +1 Single Hit / For every
    # extra six points +1 Double Hit".
    replace = Variant(vehicle_double_replaces_singles=True)
    # 39 = 33 + 6: today two Single and one Double beside the two Triple; replacing: one Double.
    assert cepheus.vehicle_hits(39) == (2, 1, 2)
    assert cepheus.vehicle_hits(39, variant=replace) == (0, 1, 2)
    # 36: one Single either way; 42 (extra 9): three Singles, one Double -> one Single left.
    assert cepheus.vehicle_hits(36, variant=replace) == (1, 0, 2)
    assert cepheus.vehicle_hits(42) == (3, 1, 2)
    assert cepheus.vehicle_hits(42, variant=replace) == (1, 1, 2)
    for damage in range(-3, 34):  # the printed rows never change
        assert cepheus.vehicle_hits(damage, variant=replace) == cepheus.vehicle_hits(damage)
    for damage in range(34, 200):  # by hand: one hit per 3 extra points, Doubles every 6
        extra = damage - 33
        assert cepheus.vehicle_hits(damage, variant=replace) == (
            extra // 3 - 2 * (extra // 6),
            extra // 6,
            2,
        )
    spread = Distribution({36: Fraction(1, 2), 39: Fraction(1, 2)})
    assert cepheus.vehicle_hits_distribution(spread, variant=replace) == {
        (1, 0, 2): Fraction(1, 2),
        (0, 1, 2): Fraction(1, 2),
    }


# --- grappling --------------------------------------------------------------------------------


def test_disarm_succeeds_by() -> None:
    # Source: "If he succeeds by 6+ he can take the weapon away; otherwise it ends up on the
    # floor."
    margin = Variant(disarm_succeeds_by="margin")
    taken, floor = cepheus.DisarmResult.TAKEN, cepheus.DisarmResult.ON_THE_FLOOR
    # Effect 6 against the loser's 1: the Effect takes it, the margin (5) does not.
    assert cepheus.disarm_result(6, opponent_effect=1) is taken
    assert cepheus.disarm_result(6, opponent_effect=1, variant=margin) is floor
    # Effect 3 against -3: margin 6 takes it, the Effect (3) does not.
    assert cepheus.disarm_result(3, opponent_effect=-3) is floor
    assert cepheus.disarm_result(3, opponent_effect=-3, variant=margin) is taken
    with pytest.raises(InvalidInput, match=r"^opponent_effect must be an integer when"):
        cepheus.disarm_result(3, variant=margin)
    rolled = cepheus.roll_grapple(0, 0, Scripted([5, 6, 1, 2]), option="disarm", variant=margin)
    # Effect 3 against -5: margin 8.
    assert rolled.disarm is taken and "margin 8" in rolled.log[-1]
    assert cepheus.roll_grapple(0, 0, Scripted([5, 6, 1, 2]), option="disarm").disarm is floor


@pytest.mark.parametrize(("dm", "opponent_dm"), [(0, 0), (4, -2), (-3, 3), (9, -9)])
def test_disarm_margin_against_the_36_x_36_rolls(dm: int, opponent_dm: int) -> None:
    takes = 0
    for a1, a2, b1, b2 in enumerate_dice(4, 6):
        mine, theirs = a1 + a2 + dm - 8, b1 + b2 + opponent_dm - 8
        takes += mine > theirs and mine - theirs >= 6
    margin = Variant(disarm_succeeds_by="margin")
    assert cepheus.grapple_odds(dm, opponent_dm, variant=margin).disarm_takes == Fraction(
        takes, 36 * 36
    )


# --- explosions -------------------------------------------------------------------------------

DIVES = {
    (True, True): Variant(),
    (False, True): Variant(dive_for_cover_round_up=False),
    (True, False): Variant(dive_for_cover_before_armor=False),
    (False, False): Variant(dive_for_cover_round_up=False, dive_for_cover_before_armor=False),
}


def test_dive_for_cover_by_hand() -> None:
    # 13 points diving, armor 4: half of 13 is 6.5 -> 7 (up) or 6 (down), then -4: 3 or 2;
    # armor first: 9, half 4.5 -> 5 (up) or 4 (down).
    got = {
        key: cepheus.explosion_damage(13, reaction="dive", armor=4, variant=v)
        for key, v in DIVES.items()
    }
    assert got == {(True, True): 3, (False, True): 2, (True, False): 5, (False, False): 4}
    # Without armor, an even number and a dodge: the switches change nothing.
    for v in DIVES.values():
        assert cepheus.explosion_damage(12, reaction="dive", variant=v) == 6
        assert cepheus.explosion_damage(14, reaction="dodge", dodge_die=4, armor=2, variant=v) == 8
    rolled = cepheus.roll_explosion(
        2, reaction="dive", armor=4, rng=Scripted([6, 5]), variant=DIVES[(False, False)]
    )
    assert rolled.damage == 3  # 11 - 4 = 7, half rounded down
    assert rolled.log[-2].startswith("Dive for cover (Initiative -2), after armor")


@pytest.mark.parametrize("key", sorted(DIVES))
@pytest.mark.parametrize(("dice", "bonus", "armor"), [(1, 0, 0), (3, 2, 4), (2, -3, 1), (4, 0, 9)])
def test_dive_distribution_against_enumeration(
    key: tuple[bool, bool], dice: int, bonus: int, armor: int
) -> None:
    up, before = key
    half: Callable[[int], int] = (lambda d: -(-d // 2)) if up else (lambda d: d // 2)
    counts: Counter[int] = Counter()
    rolls = list(enumerate_dice(dice, 6))
    for roll in rolls:
        rolled = max(0, sum(roll) + bonus)
        counts[max(0, half(rolled) - armor) if before else half(max(0, rolled - armor))] += 1
    assert cepheus.explosion_damage_distribution(
        dice, bonus=bonus, reaction="dive", armor=armor, variant=DIVES[key]
    ) == {d: Fraction(n, len(rolls)) for d, n in counts.items()}


# --- the default variant is today's reading ---------------------------------------------------


@settings(deadline=None)
@given(dm=st.integers(-20, 20), target=st.integers(-5, 20), blind=st.booleans())
def test_default_checks_are_todays(dm: int, target: int, blind: bool) -> None:
    throws = list(enumerate_dice(3 if blind else 2, 6))
    effects = Counter(
        sum(blind_kept(t) if blind else t) + dm - target for t in throws
    )  # no natural rule: "A natural 2 or 12 is not automatic"
    expected = {e: Fraction(n, len(throws)) for e, n in effects.items()}
    for kwargs in ({}, {"variant": Variant()}):
        assert cepheus.effect_distribution(dm, target, blind=blind, **kwargs) == expected
        assert cepheus.check_probability(dm, target, blind=blind, **kwargs) == sum(
            (p for e, p in expected.items() if e >= 0), Fraction(0)
        )


@settings(deadline=None)
@given(
    squares=st.integers(0, 2000),
    actions=st.integers(0, 20),
    damage=st.integers(-10, 300),
    rolled=st.integers(-10, 40),
    effect=st.integers(0, 12),
    armor=st.integers(0, 20),
    adds_effect=st.booleans(),
)
def test_default_single_functions_are_todays(
    squares: int,
    actions: int,
    damage: int,
    rolled: int,
    effect: int,
    armor: int,
    adds_effect: bool,
) -> None:
    v = Variant()
    # The squares column as printed (Distant from 335: SOURCES.md).
    edges = [(0, "personal"), (2, "close"), (8, "short"), (34, "medium"), (166, "long")]
    edges.append((334, "very_long"))
    band = next((b for top, b in edges if squares <= top), "distant")
    assert cepheus.range_band(squares) == cepheus.range_band(squares, variant=v) == band
    assert cepheus.aim_for_the_kill_bonus(actions, variant=v) == min(actions, 6)
    assert cepheus.rounds_to_aim(actions, variant=v) == 1 + max(0, math.ceil((actions - 1) / 3))
    extra = max(0, damage - 33)
    hits = cepheus.vehicle_hits(damage, variant=v)
    if damage > 33:
        assert hits == (extra // 3, extra // 6, 2)
    assert hits == cepheus.vehicle_hits(damage)
    by_hand = max(0, rolled + (effect if adds_effect else 0) - armor)
    if effect >= 6:
        by_hand = max(1, by_hand)
    assert cepheus.hit_damage(rolled, effect, armor=armor, adds_effect=adds_effect, variant=v) == (
        by_hand
    )
    assert cepheus.disarm_result(effect, variant=v) == cepheus.disarm_result(
        effect, opponent_effect=effect - 1
    )
    assert (cepheus.disarm_result(effect, variant=v) is cepheus.DisarmResult.TAKEN) == (effect >= 6)
    halved = max(0, math.ceil((rolled + effect) / 2) - armor)
    if effect >= 6:
        halved = max(1, halved)
    assert cepheus.hit_damage(rolled, effect, armor=armor, halved=True, variant=v) == halved
    signed = rolled - 20  # any Effect, failed ones included
    assert cepheus.tactics_bonus(signed, variant=v) == max(0, signed)
    assert cepheus.initiative_score(10, tactics_effect=signed, variant=v) == 10 + max(0, signed)
    assert cepheus.grapple_damage(signed, variant=v) == max(0, 2 + signed)
    dive = math.ceil(max(0, rolled) / 2)
    assert cepheus.explosion_damage(max(0, rolled), reaction="dive", armor=armor, variant=v) == max(
        0, dive - armor
    )


def test_default_modifiers_and_actions_are_todays() -> None:
    v = Variant()
    for cover, dm in cepheus.COVER_DMS.items():
        assert cepheus.cover_dm(cover, variant=v) == cepheus.cover_dm(cover) == dm
    assert cepheus.COVER_DMS[cepheus.Cover.FULL] == -4
    assert [cepheus.target_stance_dm("prone", b, variant=v) for b in RangeBand] == [
        2, 0, -2, -2, -2, -2, -2,
    ]  # fmt: skip
    assert (cepheus.dodge_dm(variant=v), cepheus.dodge_dm(True, variant=v)) == (-1, -2)
    assert (cepheus.minor_actions(True, variant=v), cepheus.minor_actions(False, variant=v)) == (
        1,
        cepheus.MAX_MINOR_ACTIONS,
    )


attack_fields = st.fixed_dictionaries(
    {
        "weapon": st.sampled_from(["rifle", "pistol", "thrown", "close_quarters", "shotgun"]),
        "damage_dice": st.integers(0, 3),
        "squares": st.sampled_from([0, 1, 5, 20, 34, 100, 334, 400]),
        "skill": st.integers(0, 4),
        "armor": st.integers(0, 10),
        "aim_for_the_kill_actions": st.integers(0, 7),
        "cover": st.sampled_from(list(cepheus.Cover)),
        "target_stance": st.sampled_from(["standing", "crouched", "prone"]),
        "adds_effect": st.booleans(),
        "referee_dm": st.integers(-6, 6),
    }
)


@settings(deadline=None)
@given(fields=attack_fields, dodge=st.booleans())
def test_default_attack_odds_are_todays(fields: dict[str, Any], dodge: bool) -> None:
    if dodge and fields["target_stance"] != "prone":
        fields = {**fields, "reaction": "dodge"}
    shot = AttackSituation(**fields)
    today = cepheus.attack_odds(shot)
    assert cepheus.attack_odds(shot, variant=Variant()) == today
    assert today.variant == DEFAULT_VARIANT
    # Independent: the hit chance is the count of 2D6 + total DM >= 8 (0 when blocked).
    if today.possible:
        hits = sum(1 for r in rolls_2d6() if sum(r) + today.total_dm >= 8)
        assert today.hit_chance == Fraction(hits, 36)
    # The band is the squares column's.
    assert today.band is cepheus.range_band(fields["squares"])
    seed = fields["skill"] * 100 + fields["armor"]
    rolled = cepheus.roll_attack(shot, random.Random(seed), variant=Variant())
    assert rolled == cepheus.roll_attack(shot, random.Random(seed))


@settings(deadline=None)
@given(dm=st.integers(-8, 8), opponent_dm=st.integers(-8, 8), attacks=st.integers(1, 4))
def test_default_grapple_suppression_and_tactics_are_todays(
    dm: int, opponent_dm: int, attacks: int
) -> None:
    v = Variant()
    win = sum(1 for a1, a2, b1, b2 in enumerate_dice(4, 6) if a1 + a2 + dm > b1 + b2 + opponent_dm)
    odds = cepheus.grapple_odds(dm, opponent_dm, variant=v)
    assert odds.win == Fraction(win, 36 * 36)
    assert odds == cepheus.grapple_odds(dm, opponent_dm)
    assert cepheus.grapple_damage_distribution(
        dm, opponent_dm, variant=v
    ) == cepheus.grapple_damage_distribution(dm, opponent_dm)
    miss = Fraction(sum(1 for r in rolls_2d6() if sum(r) + dm - 2 < 8), 36)
    assert cepheus.suppression_chance(dm, attacks=attacks, variant=v) == 1 - miss**attacks
    assert cepheus.suppression_penalty_distribution(
        dm, attacks=attacks, variant=v
    ) == cepheus.suppression_penalty_distribution(dm, attacks=attacks)
    tactics = cepheus.initiative_distribution(0, ambush=True, tactics_dm=dm, variant=v)
    by_hand = Counter(12 + max(0, sum(r) + dm - 8) for r in rolls_2d6())
    assert tactics == {k: Fraction(n, 36) for k, n in by_hand.items()}


@settings(deadline=None)
@given(endurance_dm=st.integers(-2, 8), minutes=st.integers(0, 15))
def test_default_waking_is_todays(endurance_dm: int, minutes: int) -> None:
    v = Variant()
    still = Fraction(1)
    for minute in range(1, minutes + 1):  # "a +1 DM on the check for every check previously failed"
        still *= Fraction(sum(1 for r in rolls_2d6() if sum(r) + endurance_dm + minute - 1 < 8), 36)
    assert cepheus.wake_chance(endurance_dm, minutes, variant=v) == 1 - still
    assert cepheus.wake_distribution(endurance_dm, variant=v) == cepheus.wake_distribution(
        endurance_dm
    )
    assert sum(cepheus.wake_distribution(endurance_dm, variant=v).values()) == 1


def test_default_rolls_are_todays() -> None:
    v = Variant()
    for seed in range(20):
        assert cepheus.roll_check(1, random.Random(seed), variant=v) == cepheus.roll_check(
            1, random.Random(seed)
        )
        assert cepheus.roll_grapple(
            1, 0, random.Random(seed), option="disarm", variant=v
        ) == cepheus.roll_grapple(1, 0, random.Random(seed), option="disarm")
        assert cepheus.roll_suppression(
            3, attacks=2, rng=random.Random(seed), variant=v
        ) == cepheus.roll_suppression(3, attacks=2, rng=random.Random(seed))
        for reaction in ("none", "dodge", "dive"):
            assert cepheus.roll_explosion(
                3, reaction=reaction, armor=2, rng=random.Random(seed), variant=v
            ) == cepheus.roll_explosion(3, reaction=reaction, armor=2, rng=random.Random(seed))
    for pair in itertools.product(range(1, 7), repeat=2):
        check = cepheus.roll_check(0, Scripted(pair), variant=v)
        assert check.effect == sum(pair) - 8  # no natural rule by default


# --- the switches added after the list --------------------------------------------------


def test_grapple_damage_effect() -> None:
    # Source: "Inflict damage equal to 2 + the Effect."
    margin = Variant(grapple_damage_effect="margin")
    # Effect 3 against the loser's -2: 2 + 3 = 5 (own Effect) or 2 + 5 = 7 (margin).
    assert cepheus.grapple_damage(3, opponent_effect=-2) == 5
    assert cepheus.grapple_damage(3, opponent_effect=-2, variant=margin) == 7
    # Both failed, Effect -3 beating -5: 0 (floored) or 2 + 2 = 4.
    assert cepheus.grapple_damage(-3, opponent_effect=-5) == 0
    assert cepheus.grapple_damage(-3, opponent_effect=-5, variant=margin) == 4
    with pytest.raises(InvalidInput, match=r"^opponent_effect must be an integer when"):
        cepheus.grapple_damage(3, variant=margin)
    rolled = cepheus.roll_grapple(0, 0, Scripted([5, 6, 1, 2]), option="damage", variant=margin)
    assert rolled.damage == 2 + (3 - -5)
    counts: Counter[int] = Counter()
    for a1, a2, b1, b2 in enumerate_dice(4, 6):
        mine, theirs = a1 + a2 + 1 - 8, b1 + b2 - 8
        counts[2 + mine - theirs if mine > theirs else 0] += 1
    assert cepheus.grapple_damage_distribution(1, 0, variant=margin) == {
        d: Fraction(n, 36 * 36) for d, n in counts.items()
    }


def test_extreme_range_halving_before_or_after_armor() -> None:
    # Source: "Energy-based weapons ... inflict half damage (round up) at this extreme range."
    after = Variant(extreme_range_halving_before_armor=False)
    # 9 rolled + Effect 2 = 11 against armor 4: half first 6 - 4 = 2; armor first 7 -> 4.
    assert cepheus.hit_damage(9, 2, armor=4, halved=True) == 2
    assert cepheus.hit_damage(9, 2, armor=4, halved=True, variant=after) == 4
    assert cepheus.hit_damage(9, 2, armor=4, variant=after) == 7  # not halved: no change
    laser = AttackSituation(
        weapon="rifle",
        damage_dice=0,
        band="distant",
        extreme_range=True,
        braced=True,
        skill=10,
        laser=True,
        damage_modifier=9,
        armor=4,
    )
    # Very Difficult -4, extreme -2, skill 10: DM +4, Effect = roll - 4 (-2..8).
    before_dist = cepheus.attack_odds(laser).damage
    after_dist = cepheus.attack_odds(laser, variant=after).damage
    by_hand_before: Counter[int] = Counter()
    by_hand_after: Counter[int] = Counter()
    for roll in rolls_2d6():
        effect = sum(roll) - 4
        if effect < 0:
            by_hand_before[0] += 1
            by_hand_after[0] += 1
            continue
        total = 9 + effect
        before = max(0, math.ceil(total / 2) - 4)
        later = math.ceil(max(0, total - 4) / 2)
        if effect >= 6:
            before, later = max(1, before), max(1, later)
        by_hand_before[before] += 1
        by_hand_after[later] += 1
    assert before_dist == {d: Fraction(n, 36) for d, n in by_hand_before.items()}
    assert after_dist == {d: Fraction(n, 36) for d, n in by_hand_after.items()}
    rolled = cepheus.roll_attack(laser, Scripted([5, 5]), variant=after)
    assert rolled.damage == math.ceil((9 + 6 - 4) / 2)  # Effect 6: 15 - 4 = 11, half 6
    assert "halved after armor" in rolled.log[-1]


def test_tactics_failure_lowers_initiative() -> None:
    # Source: "everyone in the unit may increase their Initiative by the Effect of the check".
    lowers = Variant(tactics_failure_lowers_initiative=True)
    assert (cepheus.tactics_bonus(-3), cepheus.tactics_bonus(-3, variant=lowers)) == (0, -3)
    assert cepheus.tactics_bonus(4, variant=lowers) == 4
    assert cepheus.initiative_score(9, tactics_effect=-3) == 9
    assert cepheus.initiative_score(9, tactics_effect=-3, variant=lowers) == 6
    assert cepheus.initiative_modifiers(leadership_effect=-1, variant=lowers) == (
        cepheus.Modifier("Leadership (failed)", -1),
    )
    # Cut off from communication: no benefit and no loss either way.
    cut = cepheus.initiative_modifiers(tactics_effect=-2, in_communication=False, variant=lowers)
    assert [row.dm for row in cut] == [0]
    # Ambush (12), Tactics DM 0: Effect roll - 8 added whatever its sign.
    dist = cepheus.initiative_distribution(0, ambush=True, tactics_dm=0, variant=lowers)
    assert dist == {12 + r - 8: Fraction(min(r - 1, 13 - r), 36) for r in range(2, 13)}


@pytest.mark.parametrize("dm", [-6, 0, 3, 8, 12])
@pytest.mark.parametrize("attacks", [1, 2])
def test_natural_suppression_against_every_roll(dm: int, attacks: int) -> None:
    # Each attack: 2D6 + dm - 2 vs 8+ under the house rule; the penalty is the highest Effect
    # of a success, 0 when all miss ("the highest Effect takes precedence").
    penalties: Counter[int] = Counter()
    suppressed = 0
    throws = list(itertools.product(rolls_2d6(), repeat=attacks))
    for throw in throws:
        effects = [natural_effect(roll, dm - 2) for roll in throw]
        hits = [e for e in effects if e >= 0]
        suppressed += bool(hits)
        penalties[max([0, *hits])] += 1
    total = len(throws)
    assert cepheus.suppression_chance(dm, attacks=attacks, variant=HOUSE) == Fraction(
        suppressed, total
    )
    assert cepheus.suppression_penalty_distribution(dm, attacks=attacks, variant=HOUSE) == {
        p: Fraction(n, total) for p, n in penalties.items()
    }


# --- the fight forecasts ----------------------------------------------------------------------


def _pistol(damage_dice: int = 3, **changes: Any) -> AttackSituation:
    return AttackSituation(weapon="pistol", damage_dice=damage_dice, band="short", **changes)


@pytest.mark.parametrize(
    ("dm", "plain", "house"),
    [(-5, Fraction(0), Fraction(1, 36)), (6, Fraction(1), Fraction(35, 36))],
)
def test_natural_two_twelve_through_a_one_round_duel(
    dm: int, plain: Fraction, house: Fraction
) -> None:
    # Two fighters with every score 1, same Initiative and Dexterity: they shoot at once, and
    # any hit of 3D6 (3+) kills. DM -5: 2D6 - 5 >= 8 never, but a natural 12 hits with the house
    # rule (1/36); DM +6: always, but a natural 2 misses (35/36). Each side is down with the
    # other's hit chance h, both with h * h, A alone standing with h * (1 - h).
    fighter = cepheus.Fighter(cepheus.Physical(1, 1, 1), _pistol(referee_dm=dm))
    for variant, h in ((Variant(), plain), (HOUSE, house)):
        forecast = cepheus.duel(fighter, fighter, 1, variant=variant)
        assert forecast.a_odds.hit_chance == h
        assert forecast.b_dead[0] == forecast.a_dead[0] == h
        assert forecast.both_down[0] == h * h
        assert forecast.a_wins[0] == forecast.b_wins[0] == h * (1 - h)
    # Two rounds: B is down in round 1 (h), or neither is ((1 - h) ** 2) and A hits in round 2
    # (a fighter left alone standing is not attacked again).
    two = cepheus.duel(fighter, fighter, 2, variant=HOUSE).b_down[1]
    assert two == house + (1 - house) ** 2 * house


def test_aim_for_the_kill_per_action_through_focus_fire() -> None:
    # 1D6 without Effect, aiming for the kill once, against scores 1 (Endurance, then Strength,
    # then Dexterity): 2 damage leaves Endurance and Strength 0 (unconscious), 3+ kills. A hit
    # (2D6 >= 8: 5/12) does 1D6 + 1 (this site: dead unless the die is 1, 5/6) or 1D6 + 2 (as
    # printed: always dead).
    kill = _pistol(damage_dice=1, adds_effect=False, aim_for_the_kill_actions=1)
    target = cepheus.Physical(1, 1, 1)
    one = cepheus.focus_fire(target, [kill], 1)
    two = cepheus.focus_fire(target, [kill], 1, variant=Variant(aim_for_the_kill_per_action=2))
    assert one.down[0] == two.down[0] == Fraction(5, 12)
    assert one.dead[0] == Fraction(5, 12) * Fraction(5, 6)
    assert two.dead[0] == Fraction(5, 12)
    assert (one.odds[0].damage_bonus, two.odds[0].damage_bonus) == (1, 2)
    # The same through a duel against a fighter who cannot hit back (DM -5, no house rule).
    a = cepheus.Fighter(cepheus.Physical(1, 1, 1), kill, initiative=1)
    b = cepheus.Fighter(target, _pistol(referee_dm=-5))
    as_printed = cepheus.duel(a, b, 1, variant=Variant(aim_for_the_kill_per_action=2))
    assert cepheus.duel(a, b, 1).b_dead[0] == Fraction(25, 72)
    assert as_printed.b_dead[0] == as_printed.a_wins[0] == Fraction(5, 12)


def test_roll_duel_rolls_under_the_variant() -> None:
    # DM -5: no attack ever hits under this site's reading; with the house rule each natural 12
    # hits (1/36 an attack), so over 60 rounds almost every fight ends. Each fight's first
    # attack is the attack rolled alone with the same generator and variant.
    fighter = cepheus.Fighter(cepheus.Physical(1, 1, 1), _pistol(referee_dm=-5))
    ended = 0
    for seed in range(20):
        plain = cepheus.roll_duel(fighter, fighter, 60, random.Random(seed))
        assert set(plain.states) == {(cepheus.WoundState.UNHARMED, cepheus.WoundState.UNHARMED)}
        house = cepheus.roll_duel(fighter, fighter, 60, random.Random(seed), variant=HOUSE)
        alone = cepheus.roll_attack(fighter.attack, random.Random(seed), variant=HOUSE)
        assert house.log[2 : 2 + len(alone.log)] == tuple(f"  {line}" for line in alone.log)
        ended += house.states[-1] != (cepheus.WoundState.UNHARMED, cepheus.WoundState.UNHARMED)
    assert ended >= 10


def test_roll_focus_fire_rolls_under_the_variant() -> None:
    # As roll_duel's: at DM -5 no attack hits as written; under the house rule a natural 12
    # does, and each fight's first attack is the attack rolled alone with the same generator.
    pistol = _pistol(referee_dm=-5)
    target = cepheus.Physical(1, 1, 1)
    ended = 0
    for seed in range(20):
        plain = cepheus.roll_focus_fire(target, [pistol], 60, random.Random(seed))
        assert set(plain.states) == {cepheus.WoundState.UNHARMED}
        house = cepheus.roll_focus_fire(target, [pistol], 60, random.Random(seed), variant=HOUSE)
        alone = cepheus.roll_attack(pistol, random.Random(seed), variant=HOUSE)
        assert house.log[2 : 2 + len(alone.log)] == tuple(f"  {line}" for line in alone.log)
        ended += house.states[-1] is not cepheus.WoundState.UNHARMED
    assert ended >= 10
