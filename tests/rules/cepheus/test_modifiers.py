"""The individual attack modifiers and their tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import BurstSize, Cover, Lighting, RangeBand, Smoke, Stance


# Source: "A character may spend multiple actions on aiming, gaining a maximum aiming DM of +6
# if he spends six minor actions on aiming." / table: "Aiming +1 per Aim action"
@pytest.mark.parametrize(("actions", "dm"), [(0, 0), (1, 1), (3, 3), (6, 6), (7, 6), (20, 6)])
def test_aiming(actions: int, dm: int) -> None:
    assert cepheus.aiming_dm(actions) == dm


# Source: "the character gains a bonus of +2 to his damage equal to the number of minor actions
# he spends Aiming for the Kill ... The maximum bonus obtainable from Aiming for the Kill is +6."
# Interpretation (SOURCES.md): +1 per action, capped at +6.
@pytest.mark.parametrize(("actions", "bonus"), [(0, 0), (1, 1), (3, 3), (6, 6), (9, 6)])
def test_aim_for_the_kill(actions: int, bonus: int) -> None:
    assert cepheus.aim_for_the_kill_bonus(actions) == bonus


def test_laser_sight_needs_aiming() -> None:
    # Source: "Laser Sight +1 if aiming"
    assert cepheus.laser_sight_dm(True, 1) == 1
    assert cepheus.laser_sight_dm(True, 0) == 0
    assert cepheus.laser_sight_dm(False, 6) == 0


# Source: table "Cover Modifiers": "1/4 (undergrowth, small rock, corner of a building) -0",
# "1/2 (thick forest, low wall, crate) -1", "3/4 (jungle, trench, reinforced position) -2",
# "Full (pillbox) -4".
@pytest.mark.parametrize(
    ("cover", "dm"),
    [
        (Cover.NONE, 0),
        (Cover.QUARTER, 0),
        (Cover.HALF, -1),
        (Cover.THREE_QUARTERS, -2),
        (Cover.FULL, -4),
    ],
)
def test_cover_table(cover: Cover, dm: int) -> None:
    assert cepheus.COVER_DMS[cover] == dm
    assert cepheus.cover_dm(cover) == dm


def test_cover_table_stops_at_minus_4_not_minus_6() -> None:
    # Source: common modifiers "Cover -0 to -6" versus the Cover Modifiers table (Full -4).
    assert min(cepheus.COVER_DMS.values()) == -4


# Source: "Crouching or prone targets can claim cover one step higher on the table. If a
# character in full cover is crouching or prone they are impossible to hit"
@pytest.mark.parametrize("stance", [Stance.CROUCHED, Stance.PRONE])
@pytest.mark.parametrize(
    ("cover", "claimed", "dm"),
    [
        (Cover.NONE, Cover.NONE, 0),
        (Cover.QUARTER, Cover.HALF, -1),
        (Cover.HALF, Cover.THREE_QUARTERS, -2),
        (Cover.THREE_QUARTERS, Cover.FULL, -4),
        (Cover.FULL, None, None),
    ],
)
def test_cover_one_step_better(
    stance: Stance, cover: Cover, claimed: Cover | None, dm: int | None
) -> None:
    assert cepheus.effective_cover(cover, stance) is claimed
    assert cepheus.cover_dm(cover, stance) == dm
    assert cepheus.effective_cover(cover, Stance.STANDING) is cover


def test_waist_high_wall_example() -> None:
    # Source: "if a character is crouching behind a waist-high wall, he is considered to be at
    # 3/4 cover rather than 1/2 cover."
    assert cepheus.effective_cover("half", "crouched") is Cover.THREE_QUARTERS


# Source: "All ranged attacks targeting him suffer a -2 DM penalty. At Close range, the penalty
# is reduced to +0; a prone character being attacked at Personal range grants a +2 DM"
# Interpretation (SOURCES.md): Short follows the prose (-2), not the table's "Medium or greater".
@pytest.mark.parametrize(
    ("band", "dm"),
    [
        (RangeBand.PERSONAL, 2),
        (RangeBand.CLOSE, 0),
        (RangeBand.SHORT, -2),
        (RangeBand.MEDIUM, -2),
        (RangeBand.LONG, -2),
        (RangeBand.VERY_LONG, -2),
        (RangeBand.DISTANT, -2),
    ],
)
def test_prone_target(band: RangeBand, dm: int) -> None:
    assert cepheus.target_stance_dm(Stance.PRONE, band) == dm
    assert cepheus.target_stance_dm(Stance.STANDING, band) == 0
    assert cepheus.target_stance_dm(Stance.CROUCHED, band) == 0


def test_reactions() -> None:
    # Source: "Target Dodges (Reaction) -1"; "If the character is in cover or has an obstruction
    # to duck or dodge behind, the DM to hit him is increased to -2."
    assert cepheus.dodge_dm() == -1
    assert cepheus.dodge_dm(True) == -2
    # Source: "Target Parries (Reaction) -Defender's appropriate melee skill"
    assert cepheus.parry_dm(0) == 0
    assert cepheus.parry_dm(3) == -3
    # Source: "Each reaction lowers Initiative by 2 and applies a -1 DM to all skill checks"
    assert cepheus.reactions_dm(2) == -2


# Source: "Movement -1 for every 10 full meters of target movement"
@pytest.mark.parametrize(
    ("metres", "dm"),
    [(0, 0), (9, 0), (Fraction(99, 10), 0), (10, -1), (19.9, -1), (20, -2), (36, -3)],
)
def test_target_movement(metres: object, dm: int) -> None:
    assert cepheus.target_movement_dm(metres) == dm  # type: ignore[arg-type]


# Source: "Low light gives a -1 DM to ranged attacks. Complete darkness gives a -4 DM."
@pytest.mark.parametrize(
    ("lighting", "dm"), [(Lighting.NORMAL, 0), (Lighting.LOW_LIGHT, -1), (Lighting.DARKNESS, -4)]
)
def test_darkness(lighting: Lighting, dm: int) -> None:
    assert cepheus.darkness_dm(lighting) == dm
    # Source: "Light penalties can be avoided by using sensors to target"
    assert cepheus.darkness_dm(lighting, sensor_targeting=True) == 0


# Source: "Smoke gives a -1 DM ... especially thick and impenetrable smoke gives a -2 DM. These
# penalties are doubled for laser weapons."
@pytest.mark.parametrize(
    ("smoke", "dm", "laser_dm"), [(Smoke.NONE, 0, 0), (Smoke.SMOKE, -1, -2), (Smoke.THICK, -2, -4)]
)
def test_smoke(smoke: Smoke, dm: int, laser_dm: int) -> None:
    assert cepheus.smoke_dm(smoke) == dm
    assert cepheus.smoke_dm(smoke, laser=True) == laser_dm
    # Source: "Infra-red sensors ... negate concealment from smoke and soft cover"
    assert cepheus.smoke_dm(smoke, laser=True, infra_red=True) == 0


def test_weather() -> None:
    # Source: "give a -1 DM to ranged attacks from poor visibility and a -1 DM to ranged attacks
    # from environmental interference. Sensors can be used to avoid the visibility penalty."
    assert cepheus.weather_dms(True) == (-1, -1)
    assert cepheus.weather_dms(True, sensor_targeting=True) == (0, -1)
    assert cepheus.weather_dms(False, sensor_targeting=True) == (0, 0)


def test_zero_g_skill_example() -> None:
    # Source: "if a character has Laser Pistol-2 and Zero-G-1, then the character shoots with an
    # effective skill level of 1"
    assert cepheus.effective_skill(2, zero_g=True, zero_g_skill=1) == 1
    assert cepheus.effective_skill(1, zero_g=True, zero_g_skill=3) == 1
    # Source: "Characters without Zero-G skill are treated as unskilled in their attack"
    assert cepheus.effective_skill(4, zero_g=True) is None
    assert cepheus.effective_skill(4, zero_g=False, zero_g_skill=0) == 4
    # Source: "it always treats the firer as having Level 0 in that weapon's relative skill"
    assert cepheus.effective_skill(3, blind=True) == 0
    assert cepheus.effective_skill(None, blind=True) == 0
    assert cepheus.effective_skill(3, blind=True, zero_g=True, zero_g_skill=2) == 0
    assert cepheus.effective_skill(3, blind=True, zero_g=True) is None


# Source: table "Burst Fire Effects": "1 round +0 +0 damage", "3 round burst +1 +1 point of
# damage", "4 round burst +1 +1D6 damage", "10 round burst +2 +2D6 damage", "20 round burst +3
# +3D6 damage", "100 round burst +4 +4D6 damage".
@pytest.mark.parametrize(
    ("size", "rounds", "dm", "dice", "points"),
    [
        (BurstSize.SINGLE, 1, 0, 0, 0),
        (BurstSize.THREE, 3, 1, 0, 1),
        (BurstSize.FOUR, 4, 1, 1, 0),
        (BurstSize.TEN, 10, 2, 2, 0),
        (BurstSize.TWENTY, 20, 3, 3, 0),
        (BurstSize.HUNDRED, 100, 4, 4, 0),
    ],
)
def test_burst_fire_table(size: BurstSize, rounds: int, dm: int, dice: int, points: int) -> None:
    row = cepheus.BURST_FIRE[size]
    assert (size.rounds, row.attack_dm, row.extra_dice, row.extra_points) == (
        rounds,
        dm,
        dice,
        points,
    )


def test_constants_from_the_prose() -> None:
    assert cepheus.PANIC_FIRE_DM == -2  # Source: "There is a DM -2 penalty to hit."
    assert cepheus.SUPPRESSION_FIRE_DM == -2  # Source: "with a -2 DM for trying to hit cover"
    assert cepheus.FIRING_INTO_COMBAT_DM == -2  # Source: "then the attack suffers a -2 DM"
    assert cepheus.HASTE_DM == -1  # Source: "all his actions receive a -1 DM"
    assert cepheus.SHOTGUN_SPREAD_DM == 1  # Source: "gains a DM+1 bonus to hit"
    assert cepheus.SHOTGUN_SPREAD_DAMAGE_DICE == 2  # Source: "damage reduced to 2d6"
    assert cepheus.SHOTGUN_SPREAD_BANDS == (RangeBand.MEDIUM, RangeBand.LONG)
    assert cepheus.EXTREME_RANGE_DM == -2  # Source: "with an additional DM of -2"
    assert cepheus.EXTREME_RANGE_MIN_SKILL == 3  # Source: "at least three levels of skill"
    assert cepheus.FATIGUE_DM == -2  # Source: "A fatigued character suffers a -2 DM"
    assert cepheus.SUPPRESSED_DM == -1  # Source: "Suppressed targets also receive a DM-1"
    assert cepheus.ZERO_G_RECOIL_DM == -2  # Source: "Weapons with Recoil (in Zero Gravity) -2"
    assert cepheus.VEHICLE_TARGET_DM == 1  # Source: "Attackers gain a +1 DM to hit most vehicles"
    assert cepheus.INTELLIGENT_WEAPON_DM == 1  # Source: "Intelligent Weapon +1"
    assert cepheus.MAX_AIM_DM == 6
    assert cepheus.MAX_AIM_FOR_THE_KILL_BONUS == 6


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.aiming_dm(-1), r"aim_actions must be an integer >= 0, got -1"),
        (lambda: cepheus.aim_for_the_kill_bonus(1.5), r"actions must be an integer >= 0"),
        (lambda: cepheus.laser_sight_dm("yes", 1), r"laser_sight must be True or False"),
        (lambda: cepheus.cover_dm("partial"), r"cover must be one of 'none', .* got 'partial'"),
        (lambda: cepheus.effective_cover("half", "kneeling"), r"stance must be one of"),
        (lambda: cepheus.target_stance_dm("prone", "near"), r"band must be one of"),
        (lambda: cepheus.parry_dm(-2), r"melee_skill must be an integer >= 0, got -2"),
        (lambda: cepheus.target_movement_dm(-3), r"metres must be a number >= 0, got -3"),
        (lambda: cepheus.darkness_dm("dusk"), r"lighting must be one of"),
        (lambda: cepheus.smoke_dm("fog"), r"smoke must be one of"),
        (lambda: cepheus.weather_dms(1), r"extreme_weather must be True or False, got 1"),
        (lambda: cepheus.effective_skill(-1), r"skill must be an integer >= 0, got -1"),
        (lambda: cepheus.effective_skill(1, zero_g_skill=-1), r"zero_g_skill must be"),
        (lambda: cepheus.dodge_dm(None), r"cover_or_obstruction must be True or False"),
    ],
)
def test_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@given(st.integers(0, 100))
@example(6)
def test_aiming_is_monotone_and_capped(actions: int) -> None:
    assert 0 <= cepheus.aiming_dm(actions) <= cepheus.aiming_dm(actions + 1) <= 6


@given(st.fractions(min_value=0, max_value=1000))
@example(Fraction(10))
def test_more_movement_never_helps(metres: Fraction) -> None:
    assert cepheus.target_movement_dm(metres + 1) <= cepheus.target_movement_dm(metres) <= 0


@given(st.sampled_from(list(Cover)), st.sampled_from(list(Stance)))
def test_better_stance_never_helps_the_attacker(cover: Cover, stance: Stance) -> None:
    standing = cepheus.cover_dm(cover, Stance.STANDING)
    other = cepheus.cover_dm(cover, stance)
    assert standing is not None
    assert other is None or other <= standing


def test_every_flag_is_checked_whatever_the_others() -> None:
    # smoke_dm('thick', laser='sideways', infra_red=True) returned 0 (issue 16).
    with pytest.raises(ValueError, match=r"^laser must be True or False, got 'sideways'$"):
        cepheus.smoke_dm("thick", laser="sideways", infra_red=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^sensor_targeting must be True or False"):
        cepheus.weather_dms(False, sensor_targeting="no")  # type: ignore[arg-type]
