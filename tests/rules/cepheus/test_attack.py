# Over 600 lines: mirrors rules/cepheus/attack.py (one test module per rules module).
"""The attack model: breakdown, exact odds, damage distributions and the seeded roll."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import (
    AttackSituation,
    BurstSize,
    Cover,
    Difficulty,
    FireMode,
    Lighting,
    Modifier,
    RangeBand,
    Reaction,
    Smoke,
    Stance,
    WeaponType,
)
from rules.dice import enumerate_dice

BASE: dict[str, Any] = {"weapon": "rifle", "damage_dice": 3, "band": "medium", "skill": 1}


def situation(**changes: Any) -> AttackSituation:
    return AttackSituation(**{**BASE, **changes})


def extra_rows(**changes: Any) -> list[tuple[str, int]]:
    """The rows after difficulty, skill and characteristic."""
    return [tuple(row) for row in cepheus.attack_odds(situation(**changes)).modifiers[3:]]


def oracle(
    dm: int, dice: int, bonus: int, armor: int, *, blind: bool = False, halved: bool = False
) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    attacks = list(enumerate_dice(3 if blind else 2, 6))
    damages = list(enumerate_dice(dice, 6))
    for attack in attacks:
        effect = sum(sorted(attack)[:2]) + dm - 8
        for roll in damages:
            if effect < 0:
                counts[0] += 1
                continue
            raw = sum(roll) + bonus + effect
            if halved:
                raw = -(-raw // 2)
            damage = max(0, raw - armor)
            counts[max(damage, 1) if effect >= 6 else damage] += 1
    n = len(attacks) * len(damages)
    return {k: Fraction(v, n) for k, v in counts.items()}


def test_basic_attack_breakdown() -> None:
    # Source: "Shooting Attack 2D6 + appropriate gun combat skill + Dexterity DM"; the Difficulty
    # is "determined using the weapon type and the range of the attack".
    odds = cepheus.attack_odds(situation(characteristic_dm=1))
    assert odds.modifiers == (
        Modifier("Difficulty: Average (Medium range)", 0),
        Modifier("Skill", 1),
        Modifier("Dexterity DM", 1),
    )
    assert odds.band is RangeBand.MEDIUM
    assert odds.difficulty is Difficulty.AVERAGE
    assert odds.total_dm == 2
    assert odds.hit_chance == cepheus.check_probability(2) == Fraction(26, 36)
    assert odds.effect == cepheus.effect_distribution(2)
    assert odds.possible and odds.blocked == ()
    assert odds.stray_hit_chance == 0 and odds.suppression is None


def test_range_can_be_squares_or_metres() -> None:
    by_squares = AttackSituation(weapon="pistol", damage_dice=3, squares=9)
    by_metres = AttackSituation(weapon="pistol", damage_dice=3, metres=13.5)
    assert by_squares.range_band is by_metres.range_band is RangeBand.MEDIUM
    assert cepheus.attack_odds(by_squares).difficulty is Difficulty.DIFFICULT


def test_melee_uses_strength_or_dexterity() -> None:
    # Source: "Melee Attack 2D6 + appropriate melee combat skill + Strength or Dexterity DM"
    odds = cepheus.attack_odds(
        AttackSituation(
            weapon="close_quarters", damage_dice=2, band="personal", characteristic_dm=2
        )
    )
    assert odds.modifiers[2] == ("Strength or Dexterity DM", 2)


MODIFIER_CASES: list[tuple[dict[str, Any], list[tuple[str, int]]]] = [
    # Source: "Aiming +1 per Aim action"; "a maximum aiming DM of +6"
    ({"aim_actions": 2}, [("Aiming (2 minor actions)", 2)]),
    ({"aim_actions": 8}, [("Aiming (8 minor actions)", 6)]),
    # Source: "Laser Sight +1 if aiming"
    ({"aim_actions": 1, "laser_sight": True}, [("Aiming (1 minor action)", 1), ("Laser Sight", 1)]),
    ({"laser_sight": True}, [("Laser Sight (not aiming)", 0)]),
    # Source: "Intelligent Weapon +1 if total DM is within the program's tolerance"
    ({"intelligent_weapon": True}, [("Intelligent Weapon", 1)]),
    # Source: table "Burst Fire Effects" (spray: the attack DM)
    ({"fire_mode": "spray", "burst": "10"}, [("Burst Fire (spray, 10 rounds)", 2)]),
    ({"fire_mode": "grouped", "burst": "10"}, []),
    # Source: "There is a DM -2 penalty to hit." (panic fire)
    ({"fire_mode": "panic", "burst": "20"}, [("Panic Fire", -2)]),
    # Source: "with a -2 DM for trying to hit cover and nearby objects"
    ({"fire_mode": "suppression"}, [("Suppression Fire", -2)]),
    # Source: table "Cover Modifiers"; "Crouching or prone targets can claim cover one step higher"
    ({"cover": "quarter"}, [("Cover (1/4)", 0)]),
    ({"cover": "three_quarters"}, [("Cover (3/4)", -2)]),
    (
        {"cover": "half", "target_stance": "prone"},
        [("Cover (1/2, 3/4 when prone)", -2), ("Target Stance (prone at Medium range)", -2)],
    ),
    # Source: "Attackers gain a +1 DM to hit most vehicles because of their size."
    ({"target_vehicle": True}, [("Target is a vehicle", 1)]),
    # Source: "Target Dodges (Reaction) -1"; "in cover ... increased to -2"
    ({"reaction": "dodge"}, [("Target Dodges (Reaction)", -1)]),
    (
        {"reaction": "dodge", "dodge_obstruction": True},
        [("Target Dodges (Reaction, in cover)", -2)],
    ),
    (
        {"reaction": "dodge", "cover": "half"},
        [("Cover (1/2)", -1), ("Target Dodges (Reaction, in cover)", -2)],
    ),
    # Source: "Movement -1 for every 10 full meters of target movement"
    ({"target_movement_metres": 25}, [("Movement (target moved 25 m)", -2)]),
    ({"target_movement_metres": 12.5}, [("Movement (target moved 12.5 m)", -1)]),
    # Source: "The Effect acts as a -DM to all attacks against the vehicle or its passengers.
    # The Effect also acts as a -DM to any attacks made from the vehicle as well."
    ({"target_evasive_effect": 3}, [("Evasive Action (target vehicle)", -3)]),
    ({"own_evasive_effect": 2}, [("Evasive Action (own vehicle)", -2)]),
    # Source: "Low light gives a -1 DM ... Complete darkness gives a -4 DM."
    ({"lighting": "low_light"}, [("Low light", -1)]),
    ({"lighting": "darkness"}, [("Complete darkness", -4)]),
    ({"lighting": "darkness", "sensor_targeting": True}, [("Complete darkness (sensors)", 0)]),
    # Source: "Smoke gives a -1 DM ... thick ... -2 DM. These penalties are doubled for laser"
    ({"smoke": "smoke"}, [("Smoke or Fog", -1)]),
    ({"smoke": "thick", "laser": True}, [("Thick smoke (doubled for lasers)", -4)]),
    ({"smoke": "thick", "infra_red": True}, [("Thick smoke (infra-red)", 0)]),
    # Source: "a -1 DM ... from poor visibility and a -1 DM ... from environmental interference"
    (
        {"extreme_weather": True},
        [("Extreme Weather (visibility)", -1), ("Extreme Weather (interference)", -1)],
    ),
    (
        {"extreme_weather": True, "sensor_targeting": True},
        [("Extreme Weather (visibility) (sensors)", 0), ("Extreme Weather (interference)", -1)],
    ),
    # Source: "characters using weapons with recoil suffer a DM -2 ... in zero gravity"
    (
        {"zero_g": True, "zero_g_skill": 2, "recoil": True},
        [("Weapons with Recoil (in Zero Gravity)", -2)],
    ),
    ({"recoil": True}, []),
    # Source: "all his actions receive a -1 DM" (hastening)
    ({"hastened": True}, [("Acting hastily", -1)]),
    # Source: "applies a -1 DM to all skill checks until the following round"
    ({"reactions_taken": 2}, [("Reactions taken (2 reactions)", -2)]),
    # Source: "Suppressed targets also receive a DM-1 penalty to any skill checks"
    ({"suppressed": True}, [("Suppressed", -1)]),
    # Source: "A fatigued character suffers a -2 DM to all checks"
    ({"fatigued": True}, [("Fatigued", -2)]),
    # Source: "at Personal range to another combatant, then the attack suffers a -2 DM"
    ({"firing_into_combat": True}, [("Firing into Combat", -2)]),
    ({"referee_dm": 3}, [("Referee", 3)]),
]


@pytest.mark.parametrize(("changes", "rows"), MODIFIER_CASES)
def test_each_modifier_row(changes: dict[str, Any], rows: list[tuple[str, int]]) -> None:
    assert extra_rows(**changes) == rows
    odds = cepheus.attack_odds(situation(**changes))
    assert odds.total_dm == sum(row.dm for row in odds.modifiers)
    assert odds.hit_chance == cepheus.check_probability(odds.total_dm)


def test_parry_applies_to_melee() -> None:
    # Source: "A character who is being attacked in melee can parry, applying his Melee skill as
    # a negative DM"
    odds = cepheus.attack_odds(
        AttackSituation(
            weapon="extended_reach", damage_dice=2, band="close", reaction="parry", parry_skill=2
        )
    )
    assert odds.modifiers[-1] == ("Target Parries (Reaction)", -2)


def test_battlefield_conditions_only_affect_ranged_attacks() -> None:
    # Source: "Certain battlefield conditions affect ranged attacks"
    melee = AttackSituation(
        weapon="close_quarters",
        damage_dice=2,
        band="personal",
        lighting="darkness",
        smoke="thick",
        extreme_weather=True,
    )
    assert [row.label for row in cepheus.attack_odds(melee).modifiers][3:] == []
    thrown = AttackSituation(weapon="thrown", damage_dice=2, band="close", lighting="low_light")
    assert cepheus.attack_odds(thrown).modifiers[3:] == (("Low light", -1),)


def test_prone_target_in_melee_at_personal_range() -> None:
    # Source: "a prone character being attacked at Personal range grants a +2 DM"
    melee = AttackSituation(
        weapon="close_quarters", damage_dice=2, band="personal", target_stance="prone"
    )
    assert cepheus.attack_odds(melee).modifiers[3:] == (
        ("Target Stance (prone at Personal range)", 2),
    )


def test_infra_red_negates_soft_cover() -> None:
    # Source: "Infra-red sensors ... negate concealment from smoke and soft cover"
    assert extra_rows(cover="half", soft_cover=True, infra_red=True) == [
        ("Cover (1/2, soft: negated by infra-red)", 0)
    ]
    assert extra_rows(cover="half", soft_cover=True) == [("Cover (1/2)", -1)]
    assert extra_rows(cover="half", infra_red=True) == [("Cover (1/2)", -1)]
    hidden = situation(cover="full", soft_cover=True, infra_red=True, target_stance="prone")
    assert cepheus.attack_odds(hidden).possible


def test_zero_g_and_blind_skill_rows() -> None:
    # Source: "if a character has Laser Pistol-2 and Zero-G-1, then the character shoots with an
    # effective skill level of 1"
    odds = cepheus.attack_odds(situation(skill=2, zero_g=True, zero_g_skill=1))
    assert odds.modifiers[1] == ("Skill (limited by Zero-G-1)", 1)
    odds = cepheus.attack_odds(situation(skill=2, zero_g=True, unskilled_dm=-3))
    assert odds.modifiers[1] == ("Unskilled (no Zero-G skill)", -3)
    odds = cepheus.attack_odds(situation(skill=3, blind=True))
    assert odds.modifiers[1] == ("Skill (blind firing: level 0)", 0)
    odds = cepheus.attack_odds(situation(skill=None, unskilled_dm=-3))
    assert odds.modifiers[1] == ("Unskilled", -3)


def test_blind_firing_odds_drop_the_highest_die() -> None:
    # Source: "an extra die is thrown ... the highest die ... is removed completely"
    odds = cepheus.attack_odds(situation(skill=2, blind=True, armor=2))
    assert odds.total_dm == 0
    assert (
        odds.hit_chance
        == cepheus.check_probability(0, blind=True)
        == Fraction(19 + 12 + 7 + 3 + 1, 216)
    )
    assert odds.damage == oracle(0, 3, 0, 2, blind=True)


@pytest.mark.parametrize(
    ("changes", "dm", "dice", "bonus", "armor"),
    [
        ({}, 1, 3, 0, 0),
        ({"armor": 4, "damage_modifier": 2}, 1, 3, 2, 4),
        # Source: "4 round burst +1 +1D6 damage" (grouped: damage, not accuracy)
        ({"fire_mode": "grouped", "burst": "4", "armor": 5}, 1, 4, 0, 5),
        # Source: "3 round burst +1 +1 point of damage"
        ({"fire_mode": "grouped", "burst": "3", "armor": 3}, 1, 3, 1, 3),
        # Source: spray: "+1" to hit and no extra damage
        ({"fire_mode": "spray", "burst": "4", "armor": 5}, 2, 3, 0, 5),
        # Source: panic fire "hits are resolved ... using the Burst Fire rules for damage (not for
        # accuracy). There is a DM -2 penalty to hit."
        ({"fire_mode": "panic", "burst": "4", "armor": 2}, -1, 4, 0, 2),
        # Aiming for the Kill: +1 damage per action (interpretation), not to hit
        ({"aim_for_the_kill_actions": 4, "armor": 6}, 1, 3, 4, 6),
        ({"aim_for_the_kill_actions": 9, "armor": 6}, 1, 3, 6, 6),
    ],
)
def test_damage_distribution_matches_enumeration(
    changes: dict[str, Any], dm: int, dice: int, bonus: int, armor: int
) -> None:
    odds = cepheus.attack_odds(situation(**changes))
    assert (odds.total_dm, odds.damage_dice, odds.damage_bonus) == (dm, dice, bonus)
    assert odds.damage == oracle(dm, dice, bonus, armor)
    assert sum(odds.damage.values()) == 1


def test_shotgun_spread() -> None:
    # Source: "If firing at a target or group of targets at Medium or Long range, the frag shell
    # has its damage reduced to 2d6 but gains a DM+1 bonus to hit"
    odds = cepheus.attack_odds(
        AttackSituation(
            weapon="shotgun", damage_dice=4, damage_modifier=1, band="long", shotgun_spread=True
        )
    )
    assert odds.modifiers[3:] == (("Shotgun Spread", 1),)
    assert (odds.damage_dice, odds.damage_bonus) == (2, 0)
    assert odds.difficulty is Difficulty.VERY_DIFFICULT
    assert odds.damage == oracle(-3, 2, 0, 0)


def test_extreme_range() -> None:
    # Source: "Weapons fired at this extreme range do so using the modifiers for Distant range
    # with an additional DM of -2 ... Energy-based weapons ... inflict half damage (round up)"
    shot = situation(
        band="distant",
        skill=3,
        braced=True,
        extreme_range=True,
        energy=True,
        armor=1,
        aim_for_the_kill_actions=2,
    )
    odds = cepheus.attack_odds(shot)
    assert odds.band is RangeBand.DISTANT
    assert odds.difficulty is Difficulty.VERY_DIFFICULT
    assert odds.modifiers[3:] == (("Extreme Range", -2),)
    assert odds.total_dm == -3
    assert odds.halved
    assert odds.damage == oracle(-3, 3, 2, 1, halved=True)
    # "This can be combined with Aiming for the Kill (above)."
    assert odds.damage_bonus == 2
    slug = cepheus.attack_odds(situation(band="distant", skill=3, braced=True, extreme_range=True))
    assert not slug.halved
    laser = cepheus.attack_odds(
        situation(band="distant", skill=3, braced=True, extreme_range=True, laser=True)
    )
    assert laser.halved


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        # Source: "Only characters with at least three levels of skill in the weapon may fire"
        ({"skill": 2, "braced": True}, "extreme range needs at least three levels of skill"),
        # Source: "characters must be stationary and prepared to fire from some kind of rest"
        ({"skill": 3}, "extreme range needs a stationary firer firing from a rest"),
        # Source: "so long as the firer can see the target" (blind firing cannot)
        ({"skill": 3, "braced": True, "blind": True}, "extreme range needs the firer to see"),
        # Source: "Any weapon that has the ability to fire into the Distant range band"
        (
            {"skill": 3, "braced": True, "weapon": "pistol"},
            "Pistol weapons cannot attack at Distant range",
        ),
    ],
)
def test_extreme_range_requirements(changes: dict[str, Any], reason: str) -> None:
    odds = cepheus.attack_odds(situation(band="distant", extreme_range=True, **changes))
    assert not odds.possible
    assert any(r.startswith(reason) for r in odds.blocked)
    assert odds.hit_chance == 0 and odds.effect is None and odds.damage == {0: 1}


def test_blocked_attacks() -> None:
    # Source: the attack difficulty table has "-" for Pistol at Very Long
    odds = cepheus.attack_odds(AttackSituation(weapon="pistol", damage_dice=3, band="very_long"))
    assert odds.blocked == ("Pistol weapons cannot attack at Very Long range",)
    assert odds.difficulty is None
    assert odds.modifiers[0] == ("Skill", 0)
    # Source: "If a character in full cover is crouching or prone they are impossible to hit"
    odds = cepheus.attack_odds(situation(cover="full", target_stance="crouched"))
    assert odds.blocked == ("a crouched target in full cover is impossible to hit (Cover)",)
    assert odds.hit_chance == 0
    assert odds.outcomes is None
    standing = cepheus.attack_odds(situation(cover="full"))
    assert standing.possible and standing.modifiers[3:] == (("Cover (Full)", -4),)


def test_suppression_fire() -> None:
    # Source: "Success means that the firer has hit close enough to the target to force them to
    # duck away, stalling their next action by adding an initiative penalty equal to the Effect"
    odds = cepheus.attack_odds(situation(fire_mode="suppression", burst="10"))
    assert odds.damage == {0: 1}
    assert odds.total_dm == -1
    expected: Counter[int] = Counter()
    for roll in enumerate_dice(2, 6):
        expected[max(0, sum(roll) - 1 - 8)] += 1
    assert odds.suppression == {k: Fraction(v, 36) for k, v in expected.items()}


def test_firing_into_combat_stray_chance() -> None:
    # Source: "If the attack misses, roll 1D6. On a 4+, the attack hits the nearest other
    # combatant to the original target."
    odds = cepheus.attack_odds(situation(firing_into_combat=True))
    assert odds.stray_hit_chance == (1 - cepheus.check_probability(-1)) / 2 == Fraction(13, 36)


def test_outcomes() -> None:
    odds = cepheus.attack_odds(situation(aim_actions=6, referee_dm=4))
    assert odds.outcomes == cepheus.outcome_distribution(11)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # Messages reworded to "{parameter} must be {allowed}, got {value}" (issue 10).
        ({"band": None}, r"^band must be given when squares and metres are not"),
        ({"squares": 4}, r"^squares must be None when band is given"),
        ({"weapon": "bow"}, r"weapon must be one of"),
        ({"damage_dice": -1}, r"damage_dice must be an integer in 0..300, got -1"),
        ({"damage_dice": 301}, r"damage_dice must be an integer in 0..300, got 301"),
        (
            {"damage_dice": 300, "fire_mode": "grouped", "burst": "100", "weapon": "rifle"},
            r"damage_dice must be an integer in 0..296 with this fire mode and burst \(\+4D6",
        ),
        ({"skill": -1}, r"skill must be an integer >= 0, got -1"),
        ({"skill": None}, r"unskilled_dm must be an integer when the attack is unskilled"),
        ({"laser": "yes"}, r"laser must be True or False, got 'yes'"),
        ({"armor": 1.5}, r"armor must be an integer >= 0, got 1.5"),
        ({"target_movement_metres": -1}, r"target_movement_metres must be a number >= 0"),
        ({"burst": "4"}, r"^burst must be '1' with fire_mode 'single' \(a burst needs"),
        ({"burst": "2", "fire_mode": "spray"}, r"burst must be one of '1', '3', '4'"),
        (
            {"fire_mode": "spray", "weapon": "thrown", "band": "short"},
            r"weapon must be a firearm \('pistol', 'rifle', 'shotgun', 'assault_weapon', "
            r"'rocket'\)",
        ),
        (
            {"fire_mode": "panic", "laser": True},
            r"^fire_mode must be a mode other than 'panic' .*small arms slug thrower",
        ),
        ({"fire_mode": "panic", "weapon": "rocket"}, r"^fire_mode must .*small arms slug"),
        ({"reaction": "parry"}, r"^reaction must be 'none' or 'dodge' against a ranged attack"),
        (
            {"reaction": "dodge", "target_stance": "prone"},
            r"^reaction must be 'none' or 'parry' for a prone target",
        ),
        (
            {"firing_into_combat": True, "weapon": "close_quarters", "band": "personal"},
            r"^firing_into_combat must be False for a melee weapon",
        ),
        ({"shotgun_spread": True}, r"^shotgun_spread must be False unless weapon is 'shotgun'"),
        (
            {"shotgun_spread": True, "weapon": "shotgun", "band": "short"},
            r"^shotgun_spread must .*got weapon 'shotgun' at band 'short'",
        ),
        ({"extreme_range": True}, r"^extreme_range must be False unless .*got band 'medium'"),
        ({"cover": "partial"}, r"cover must be one of"),
        ({"fire_mode": "auto"}, r"fire_mode must be one of"),
    ],
)
def test_contradictions_and_bad_fields(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        situation(**changes)


def test_attack_odds_needs_a_situation() -> None:
    with pytest.raises(ValueError, match=r"situation must be an AttackSituation, got \{\}"):
        cepheus.attack_odds({})  # type: ignore[arg-type]


# --- roll_attack ---------------------------------------------------------------------------


class Scripted(random.Random):
    """A Random whose randint returns a fixed script of dice (for exact roll tests)."""

    def __init__(self, dice: list[int]) -> None:
        super().__init__(0)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.dice.pop(0)


def test_roll_attack_hit_log() -> None:
    result = cepheus.roll_attack(situation(armor=4, aim_actions=1), Scripted([6, 5, 1, 2, 3]))
    assert result.hit and result.check is not None
    assert result.check.effect == 5
    assert result.damage_rolls == (1, 2, 3)
    assert result.damage == 6 + 5 - 4
    assert result.log == (
        "Rifle at Medium range: Average",
        "  Difficulty: Average (Medium range) +0",
        "  Skill +1",
        "  Dexterity DM +0",
        "  Aiming (1 minor action) +1",
        "Total DM +2; hit chance 13/18",
        "Attack roll 2D6: 6 + 5 = 11, +2 = 13 vs 8+: hit, Effect 5",
        "Damage 3D6: 1 + 2 + 3 = 6, + Effect 5 = 11, - armor 4 = 7",
    )


def test_roll_attack_effect_six_minimum() -> None:
    # Source: "A hit with Effect 6+ always inflicts at least one point of damage"
    result = cepheus.roll_attack(situation(armor=30, referee_dm=2), Scripted([6, 5, 1, 1, 1]))
    assert result.check is not None and result.check.effect == 6
    assert result.damage == 1
    assert result.log[-1].endswith("- armor 30 = 0; Effect 6+ inflicts at least 1: 1")


def test_roll_attack_stray_and_scatter() -> None:
    stray = cepheus.roll_attack(situation(firing_into_combat=True), Scripted([1, 2, 4]))
    assert not stray.hit and stray.stray_hit
    assert stray.log[-1] == (
        "Firing into combat: 1D6 = 4 (4+ strays): the shot hits the nearest other combatant"
    )
    safe = cepheus.roll_attack(situation(firing_into_combat=True), Scripted([1, 2, 3]))
    assert not safe.stray_hit
    # Source: "If the attack fails the projectile scatters in a random direction for (6 + Effect)
    # meters."
    thrown = AttackSituation(weapon="thrown", damage_dice=3, band="short", skill=0)
    result = cepheus.roll_attack(thrown, Scripted([2, 3]))
    assert (
        result.log[-1] == "Thrown weapon missed: it scatters 1 m (6 + Effect) in a random direction"
    )


def test_roll_attack_blind_suppression_halved_and_blocked() -> None:
    blind = cepheus.roll_attack(situation(blind=True), Scripted([6, 6, 2, 1, 1, 1]))
    assert blind.check is not None and blind.check.kept == (6, 2)
    assert "highest dropped" in blind.log[5] and blind.hit
    assert blind.log[-1].startswith("Blind firing: roll a die")
    suppress = cepheus.roll_attack(situation(fire_mode="suppression"), Scripted([6, 6]))
    assert suppress.hit and suppress.damage == 0 and suppress.initiative_penalty == 3
    halved = cepheus.roll_attack(
        situation(band="distant", skill=3, braced=True, extreme_range=True, laser=True),
        Scripted([6, 6, 1, 2, 2]),
    )
    assert halved.damage == 3  # (5 + Effect 1) / 2
    assert "halved (energy weapon at extreme range) = 3" in halved.log[-1]
    blocked = cepheus.roll_attack(situation(cover="full", target_stance="prone"), Scripted([]))
    assert blocked.check is None and not blocked.hit
    assert blocked.log[-1] == "Blocked: a prone target in full cover is impossible to hit (Cover)"


def test_roll_attack_is_reproducible_and_in_support() -> None:
    shot = situation(fire_mode="grouped", burst="4", armor=3, aim_for_the_kill_actions=1)
    odds = cepheus.attack_odds(shot)
    assert cepheus.roll_attack(shot, random.Random(9)) == cepheus.roll_attack(
        shot, random.Random(9)
    )
    rng = random.Random(11)
    seen: Counter[int] = Counter()
    for _ in range(3000):
        result = cepheus.roll_attack(shot, rng)
        assert result.damage in odds.damage
        seen[result.damage] += 1
    assert abs(seen[0] / 3000 - float(odds.damage[0])) < 0.03


def test_roll_attack_rejects_bad_rng() -> None:
    with pytest.raises(ValueError, match=r"rng must be a random.Random, got 5"):
        cepheus.roll_attack(situation(), 5)  # type: ignore[arg-type]


# --- properties ----------------------------------------------------------------------------

situations = st.fixed_dictionaries(
    {
        "weapon": st.sampled_from(list(WeaponType)),
        "band": st.sampled_from(list(RangeBand)),
        "damage_dice": st.integers(0, 4),
        "skill": st.integers(0, 4),
        "characteristic_dm": st.integers(-2, 3),
        "armor": st.integers(0, 12),
        "aim_actions": st.integers(0, 7),
        "aim_for_the_kill_actions": st.integers(0, 3),
        "cover": st.sampled_from(list(Cover)),
        "target_stance": st.sampled_from(list(Stance)),
        "lighting": st.sampled_from(list(Lighting)),
        "smoke": st.sampled_from(list(Smoke)),
        "laser": st.booleans(),
        "blind": st.booleans(),
        "hastened": st.booleans(),
        "target_movement_metres": st.integers(0, 40),
        "referee_dm": st.integers(-4, 4),
    },
    optional={
        "fire_mode": st.sampled_from(list(FireMode)),
        "burst": st.sampled_from(list(BurstSize)),
        "reaction": st.sampled_from(list(Reaction)),
        "firing_into_combat": st.booleans(),
        "zero_g": st.booleans(),
        "zero_g_skill": st.integers(0, 3),
        "unskilled_dm": st.integers(-3, 0),
        "recoil": st.booleans(),
        "extreme_range": st.booleans(),
        "braced": st.booleans(),
    },
)


def build(fields: dict[str, Any]) -> AttackSituation | None:
    try:
        return AttackSituation(**fields)
    except ValueError:
        return None


@settings(
    max_examples=150,
    suppress_health_check=[*settings.default.suppress_health_check, HealthCheck.filter_too_much],
)
@given(situations)
@example({**BASE, "band": RangeBand.MEDIUM, "referee_dm": 0, "armor": 0})
def test_odds_invariants(fields: dict[str, Any]) -> None:
    shot = build(fields)
    assume(shot is not None)
    assert shot is not None
    odds = cepheus.attack_odds(shot)
    assert 0 <= odds.hit_chance <= 1
    assert sum(odds.damage.values()) == 1
    assert min(odds.damage) >= 0
    assert 0 <= odds.stray_hit_chance <= 1
    if odds.effect is not None:
        assert sum(odds.effect.values()) == 1
        assert odds.hit_chance == odds.effect.probability(lambda e: e >= 0)
    if odds.possible:
        more = cepheus.attack_odds(
            AttackSituation(**{**fields, "referee_dm": fields["referee_dm"] + 1})
        )
        assert more.hit_chance >= odds.hit_chance
        thicker = cepheus.attack_odds(AttackSituation(**{**fields, "armor": fields["armor"] + 1}))
        for level in range(1, 40):
            assert thicker.damage.probability(lambda d, n=level: d >= n) <= odds.damage.probability(
                lambda d, n=level: d >= n
            )


@settings(
    max_examples=60,
    suppress_health_check=[*settings.default.suppress_health_check, HealthCheck.filter_too_much],
)
@given(situations, st.sampled_from(list(RangeBand)))
def test_more_range_never_raises_the_hit_chance_of_a_rifle(
    fields: dict[str, Any], farther: RangeBand
) -> None:
    # Rifles can attack at every band; their difficulty only worsens from Long outwards.
    fields = {**fields, "weapon": WeaponType.RIFLE, "target_stance": Stance.STANDING}
    fields.pop("extreme_range", None)
    near = build({**fields, "band": RangeBand.LONG})
    assume(near is not None and farther.position >= RangeBand.LONG.position)
    far = build({**fields, "band": farther})
    assert near is not None and far is not None
    assert cepheus.attack_odds(far).hit_chance <= cepheus.attack_odds(near).hit_chance


@given(
    st.dictionaries(
        st.sampled_from(["weapon", "band", "damage_dice", "skill", "armor", "cover", "burst"]),
        st.one_of(st.none(), st.integers(-5, 5), st.text(max_size=5), st.floats()),
    )
)
def test_bad_input_gives_value_error_and_nothing_else(fields: dict[str, Any]) -> None:
    try:
        shot = AttackSituation(**{**BASE, **fields})
    except ValueError:
        return
    assert cepheus.attack_odds(shot).hit_chance >= 0


# --- Hostile input (issue 16) ---------------------------------------------------------------


def test_derived_numbers_of_any_size_are_computed_not_refused() -> None:
    # Each input is within its bound; their sums (total DM, damage bonus) may exceed it.
    biggest = 2**53 - 1
    shot = situation(referee_dm=biggest, characteristic_dm=biggest, damage_modifier=biggest)
    odds = cepheus.attack_odds(shot)
    assert odds.hit_chance == 1 and odds.total_dm == 2 * biggest + 1
    assert min(odds.damage) == biggest + 3 + (2 + odds.total_dm - 8)  # 3D6, 2D6 at their least
    assert odds.outcomes == {cepheus.CheckOutcome.EXCEPTIONAL_SUCCESS: 1}
    roll = cepheus.roll_attack(shot, random.Random(2))
    assert roll.hit and roll.check is not None
    assert roll.check.outcome is cepheus.CheckOutcome.EXCEPTIONAL_SUCCESS
    assert cepheus.outcome_distribution(biggest) == {cepheus.CheckOutcome.EXCEPTIONAL_SUCCESS: 1}


def test_numpy_fields_are_stored_as_python_numbers() -> None:
    np = pytest.importorskip("numpy")
    shot = situation(damage_dice=np.int64(3), armor=np.int8(2), target_movement_metres=np.int64(25))
    assert type(shot.damage_dice) is int and type(shot.armor) is int
    assert type(shot.target_movement_metres.numerator) is int
    assert cepheus.attack_odds(shot).damage_dice == 3


def test_a_distance_is_shown_whatever_its_size() -> None:
    # A Fraction too large for a float raised OverflowError when a step was shown.
    with pytest.raises(ValueError, match=r"^target_movement_metres must be a number in 0\.\."):
        situation(target_movement_metres=Fraction(10**400, 3))
    odds = cepheus.attack_odds(situation(target_movement_metres=Fraction(2**53 - 1, 3)))
    assert any(row.label.startswith("Movement (target moved 3.0") for row in odds.modifiers)


def test_errors_name_a_field() -> None:
    fields = {f.name for f in __import__("dataclasses").fields(AttackSituation)}
    for changes in (
        {"band": None},
        {"squares": 4},
        {"fire_mode": "panic", "laser": True},
        {"reaction": "parry"},
        {"skill": None},
        {"damage_dice": 300, "fire_mode": "grouped", "burst": "100"},
    ):
        with pytest.raises(ValueError) as info:
            situation(**changes)
        assert info.value.parameter in fields  # type: ignore[attr-defined]
        assert str(info.value).startswith(info.value.parameter)  # type: ignore[attr-defined]


# --- The audit of issue 15: firing into combat and blind firing's firing line -----------------


@pytest.mark.parametrize("changes", [{}, {"skill": 3, "aim_actions": 2}, {"cover": "half"}])
def test_firing_into_combat_intended_and_stray_against_enumeration(changes: dict[str, Any]) -> None:
    # Source: "If a character is firing a weapon at a target that is at Personal range to another
    # combatant, then the attack suffers a -2 DM. If the attack misses, roll 1D6. On a 4+, the
    # attack hits the nearest other combatant to the original target."
    odds = cepheus.attack_odds(situation(firing_into_combat=True, **changes))
    plain = cepheus.attack_odds(situation(**changes))
    assert odds.total_dm == plain.total_dm - 2
    intended = stray = total = 0
    for *attack, die in enumerate_dice(3, 6):
        total += 1
        if sum(attack) + odds.total_dm >= 8:
            intended += 1
        elif die >= 4:
            stray += 1
    assert odds.hit_chance == odds.intended_hit_chance == Fraction(intended, total)
    assert odds.stray_hit_chance == Fraction(stray, total)


@pytest.mark.parametrize("targets", [1, 2, 3, 5])
def test_blind_firing_hits_one_of_the_firing_line_at_random(targets: int) -> None:
    # Source: "Any successful attack(s) needs to then have a die rolled to randomly choose which
    # eligible target in the firing line is hit - whether friend or foe."
    # Interpretation: every eligible target is equally likely.
    odds = cepheus.attack_odds(situation(blind=True, firing_line_targets=targets))
    hits = intended = total = 0
    for roll in enumerate_dice(3, 6):
        kept = sorted(roll)[:2]  # the highest die removed
        for chosen in range(1, targets + 1):
            total += 1
            if sum(kept) + odds.total_dm >= 8:
                hits += 1
                intended += chosen == 1
    assert odds.hit_chance == Fraction(hits, total)
    assert odds.intended_hit_chance == Fraction(intended, total)
    # Only blind firing chooses among the firing line.
    seen = cepheus.attack_odds(situation(firing_line_targets=targets))
    assert seen.intended_hit_chance == seen.hit_chance


class ScriptedLine(random.Random):
    """A Random whose randint returns a fixed script, whatever the range asked."""

    def __init__(self, dice: list[int]) -> None:
        super().__init__(0)
        self.dice = list(dice)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        return self.dice.pop(0)


def test_roll_attack_blind_chooses_the_target_struck() -> None:
    rng = ScriptedLine([6, 6, 2, 1, 1, 1, 3])
    shot = cepheus.roll_attack(situation(blind=True, firing_line_targets=4), rng)
    assert rng.asked[-1] == (1, 4) and shot.firing_line_target == 3
    assert shot.log[-1] == (
        "Blind firing: target chosen at random among the 4 eligible in the firing line "
        "(1 = the intended one): 3, not the intended target"
    )
    alone = cepheus.roll_attack(situation(blind=True), ScriptedLine([6, 6, 2, 1, 1, 1]))
    assert alone.firing_line_target is None
    assert alone.log[-1].startswith("Blind firing: roll a die")


def test_firing_line_targets_bad_input() -> None:
    with pytest.raises(ValueError, match=r"^firing_line_targets must be an integer >= 1, got 0"):
        situation(blind=True, firing_line_targets=0)
