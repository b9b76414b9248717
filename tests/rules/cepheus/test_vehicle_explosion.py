"""A vehicle destroyed (``rules.cepheus.vehicle_explosion``): Structure and the explosion."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import (
    StructureState,
    Variant,
)
from rules.dice import enumerate_dice
from tests.rules.cepheus.vehicle_oracles import (
    Dice,
    as_distribution,
)


def test_structure_state() -> None:
    # Source ("Vehicle Damage"): "When Structure is reduced to 0, the vehicle is reduced to
    # scrap"; ("Structure"): "reduces it to a negative Structure score it explodes".
    assert [cepheus.structure_state(s) for s in (5, 1, 0, -1, -7)] == [
        StructureState.INTACT,
        StructureState.INTACT,
        StructureState.DESTROYED,
        StructureState.EXPLODES,
        StructureState.EXPLODES,
    ]


# Source ("Structure"): "4D6 damage to everyone within six meters (including the occupants) and
# 2D6 damage to everyone within twelve meters".
@pytest.mark.parametrize(
    ("distance", "dice"), [(0, 4), (6, 4), (Fraction(61, 10), 2), (12, 2), (12.5, 0), (100, 0)]
)
def test_vehicle_explosion_dice(distance: float | Fraction, dice: int) -> None:
    assert cepheus.vehicle_explosion_dice(distance) == dice


def brute_explosion(
    dice: int, reaction: str, armor: int, round_up: bool = True, before_armor: bool = True
) -> dict[object, Fraction]:
    """Oracle: every roll; a dive halves (rounded up or down) before or after armor."""
    counts: Counter[object] = Counter()
    dodge = reaction == "dodge"
    for roll in enumerate_dice(dice + dodge, 6):
        damage = sum(roll[:dice])
        if dodge:
            damage = max(0, damage - roll[-1])
        elif reaction == "dive" and not before_armor:
            left = max(0, damage - armor)
            counts[(left + 1) // 2 if round_up else left // 2] += 1
            continue
        elif reaction == "dive":
            damage = (damage + 1) // 2 if round_up else damage // 2
        counts[max(0, damage - armor)] += 1
    return as_distribution(counts, 6 ** (dice + dodge))


@pytest.mark.parametrize("reaction", ["none", "dodge", "dive"])
@pytest.mark.parametrize(
    ("distance", "occupant", "dice"), [(0, True, 4), (5, False, 4), (9, False, 2), (20, False, 0)]
)
def test_vehicle_explosion_matches_enumeration(
    distance: int, occupant: bool, dice: int, reaction: str
) -> None:
    got = cepheus.vehicle_explosion_distribution(
        distance, occupant=occupant, reaction=reaction, armor=2
    )
    assert got == brute_explosion(dice, reaction, 2)


def test_closed_vehicle_occupants_cannot_dodge_or_dive() -> None:
    # Source ("Structure"): "The occupants of a closed vehicle cannot dodge or dive for cover from
    # this explosion but the occupants of an open vehicle can."
    for reaction in ("dodge", "dive"):
        with pytest.raises(ValueError, match=r"^reaction must be 'none' for an occupant of a clo"):
            cepheus.vehicle_explosion_distribution(occupant=True, closed=True, reaction=reaction)
        open_vehicle = cepheus.vehicle_explosion_distribution(occupant=True, reaction=reaction)
        assert open_vehicle == brute_explosion(4, reaction, 0)
        # Someone outside a closed vehicle may react.
        outside = cepheus.vehicle_explosion_distribution(8, closed=True, reaction=reaction)
        assert outside == brute_explosion(2, reaction, 0)
    with pytest.raises(ValueError, match=r"^distance_metres must be a number in 0\.\.6 for an oc"):
        cepheus.vehicle_explosion_distribution(7, occupant=True)


def test_roll_vehicle_explosion() -> None:
    rolled = cepheus.roll_vehicle_explosion(
        occupant=True, closed=True, rng=Dice([6, 5, 4, 3]), armor=4
    )
    assert rolled.rolls == (6, 5, 4, 3) and rolled.damage == 14
    assert rolled.log[0] == "Vehicle explodes: an occupant of a closed vehicle, 4D6"
    far = cepheus.roll_vehicle_explosion(13, rng=Dice([]))
    assert far.damage == 0 and far.log[0] == "Vehicle explodes: 13 m away, out of reach, no damage"


@pytest.mark.parametrize("round_up", [True, False])
@pytest.mark.parametrize("before_armor", [True, False])
@pytest.mark.parametrize(("distance", "dice"), [(0, 4), (9, 2)])
def test_vehicle_explosion_dive_under_both_readings(
    distance: int, dice: int, round_up: bool, before_armor: bool
) -> None:
    # Variant.dive_for_cover_round_up and dive_for_cover_before_armor reach the exploding
    # vehicle through the explosions' rules.
    variant = Variant(dive_for_cover_round_up=round_up, dive_for_cover_before_armor=before_armor)
    got = cepheus.vehicle_explosion_distribution(
        distance, occupant=distance == 0, reaction="dive", armor=3, variant=variant
    )
    assert got == brute_explosion(dice, "dive", 3, round_up, before_armor)
    # A dodge is the same under every dive reading.
    dodge = cepheus.vehicle_explosion_distribution(distance, reaction="dodge", variant=variant)
    assert dodge == brute_explosion(dice, "dodge", 0)


def test_roll_vehicle_explosion_dive_readings_by_hand() -> None:
    # An occupant of an open vehicle dives from 6 + 6 + 6 + 5 = 23 with armor 3: half rounded up
    # 12 - 3 = 9; rounded down 11 - 3 = 8; armor first: 20, halved 10 either way.
    for round_up, before_armor, taken in (
        (True, True, 9),
        (False, True, 8),
        (True, False, 10),
        (False, False, 10),
    ):
        variant = Variant(
            dive_for_cover_round_up=round_up, dive_for_cover_before_armor=before_armor
        )
        rolled = cepheus.roll_vehicle_explosion(
            occupant=True, reaction="dive", armor=3, rng=Dice([6, 6, 6, 5]), variant=variant
        )
        assert rolled.damage == taken
        assert rolled.log[0] == "Vehicle explodes: an occupant of an open vehicle, 4D6"
