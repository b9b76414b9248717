"""Beam Defense of missiles and fighters: ``rules/moo2/defense.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moo2

# Source: 000_3948ba1900819cb7.txt, "Beam Defense of Missiles": Drive | FTL level | Speed.
DRIVE_TABLE = [
    ("None", 0, 10),
    ("Nuclear", 1, 12),
    ("Fusion", 2, 14),
    ("Ion", 3, 16),
    ("Anti-Matter", 4, 18),
    ("Hyper", 5, 20),
    ("Interphased", 6, 22),
]
# Source: same table, Missile | MissileBonus.
MISSILE_TABLE = [("nuclear", -10), ("merculite", 15), ("pulson", 40), ("zeon", 70)]
# Source: "Beam Defense of Fighters", Fighter | BaseSpeed.
FIGHTER_TABLE = [("interceptor", 10), ("assault_shuttle", 6), ("bomber", 8), ("heavy_fighter", 8)]


@pytest.mark.parametrize(("drive", "level", "speed"), DRIVE_TABLE)
def test_drive_table_golden(drive: str, level: int, speed: int) -> None:
    assert moo2.DRIVES[level] == moo2.Drive(drive, level, speed)
    # The printed Speed is the missile speed: 12 + 2 * (FTL level - 1).
    assert moo2.missile_speed(level) == speed
    assert moo2.missile_speed(level, fast=True) == speed + 4


@pytest.mark.parametrize(("missile", "bonus"), MISSILE_TABLE)
def test_missile_beam_defense(missile: str, bonus: int) -> None:
    # Source: "5 * Speed + MissileBonus", Speed = 12 + 2 * (FTLlevel - 1) + FastBonus (4).
    assert moo2.MISSILE_BONUS[moo2.Missile(missile)] == bonus
    for _, level, speed in DRIVE_TABLE:
        assert moo2.missile_beam_defense(missile, level) == 5 * speed + bonus
        assert moo2.missile_beam_defense(missile, level, fast=True) == 5 * (speed + 4) + bonus


def test_missile_examples() -> None:
    assert moo2.missile_beam_defense("nuclear", 0) == 40
    assert moo2.missile_beam_defense(moo2.Missile.ZEON, 6, fast=True) == 200


@pytest.mark.parametrize(("fighter", "base"), FIGHTER_TABLE)
def test_fighter_beam_defense(fighter: str, base: int) -> None:
    # Source: "5 * Speed + RacialShipDefenseBonus + FighterPilotBonus + HelmsmanBonus",
    # Speed = BaseSpeed + 2 * (FTLlevel - 1) + TDBonus (4).
    assert moo2.FIGHTER_BASE_SPEED[moo2.Fighter(fighter)] == base
    for level in range(7):
        speed = base + 2 * (level - 1)
        assert moo2.fighter_speed(fighter, level) == speed
        assert moo2.fighter_beam_defense(fighter, level) == 5 * speed
        assert (
            moo2.fighter_beam_defense(
                fighter,
                level,
                trans_dimensional=True,
                racial_bonus=-25,
                pilot_bonus=10,
                helmsman_bonus=5,
            )
            == 5 * (speed + 4) - 25 + 10 + 5
        )


def test_ship_beam_defense() -> None:
    # Source: "Beam Defense Modifiers": "5x its combat speed plus bonuses".
    assert moo2.beam_defense(8) == 40
    assert moo2.beam_defense(8, 25) == 65


@settings(max_examples=100, deadline=None)
@given(level=st.integers(0, 5), fast=st.booleans(), missile=st.sampled_from(tuple(moo2.Missile)))
def test_a_better_drive_makes_missiles_harder_to_hit(
    level: int, fast: bool, missile: moo2.Missile
) -> None:
    slower = moo2.missile_beam_defense(missile, level, fast=fast)
    assert moo2.missile_beam_defense(missile, level + 1, fast=fast) == slower + 10


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: moo2.missile_beam_defense("nuclear", 9),
            r"^ftl_level must be an integer in 0\.\.6, got 9$",
        ),
        (
            lambda: moo2.missile_beam_defense("nuclear", -1),
            r"ftl_level must be an integer in 0\.\.6, got -1",
        ),
        (
            lambda: moo2.missile_beam_defense("photon", 1),
            r"^missile must be one of 'nuclear', 'merculite', 'pulson', 'zeon', got 'photon'$",
        ),
        (
            lambda: moo2.missile_beam_defense("zeon", 1, fast=1),
            r"^fast must be True or False, got 1$",
        ),
        (
            lambda: moo2.fighter_beam_defense("drone", 1),
            r"^fighter must be one of 'interceptor', 'assault_shuttle', 'bomber', "
            r"'heavy_fighter', got 'drone'$",
        ),
        (
            lambda: moo2.fighter_beam_defense("bomber", 7),
            r"ftl_level must be an integer in 0\.\.6, got 7",
        ),
        (
            lambda: moo2.fighter_beam_defense("bomber", 1, pilot_bonus="5"),
            r"^pilot_bonus must be an integer, got '5'$",
        ),
        (
            lambda: moo2.fighter_beam_defense("bomber", 1, trans_dimensional=None),
            r"trans_dimensional must be True or False",
        ),
        (
            lambda: moo2.fighter_speed("bomber", 2.0),
            r"ftl_level must be an integer in 0\.\.6, got 2\.0",
        ),
        (lambda: moo2.beam_defense(-1), r"^speed must be an integer >= 0, got -1$"),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
