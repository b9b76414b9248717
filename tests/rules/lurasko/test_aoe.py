"""Shielding AoEs and ZAoEs (002, "Shielding AoEs & ZAoEs")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.lurasko import (
    AOE_MINIMUM_DAMAGE,
    ZAOE_LOW_SHIELD_MULTIPLIER,
    AoEKind,
    ZAoEKind,
    causes_aoe,
    deliberate_aoe_damage,
    shield_aoe,
    shield_zaoe,
    zaoe_shield_damage,
)


def test_thresholds() -> None:
    # Source: "too weak to cause overeffect or a deliberate AoE (that is, below 120 or below 40)"
    assert dict(AOE_MINIMUM_DAMAGE) == {AoEKind.OVEREFFECT: 120, AoEKind.DELIBERATE: 40}
    assert causes_aoe(120, "overeffect") and not causes_aoe(119, "overeffect")
    assert causes_aoe(40, "deliberate") and not causes_aoe(39, "deliberate")


def test_deliberate_split() -> None:
    # Source: "before reduction to 50% for impact and 25% for area, for deliberate AoEs"
    assert deliberate_aoe_damage(100) == (50, 25)
    assert deliberate_aoe_damage(41) == (20, 10)
    # Source: "if the post-shielding damage is now too low to cause an AoE, it is still reduced
    # to 50% direct damage."
    assert deliberate_aoe_damage(39) == (19, 0)


def test_original_value_is_shielded() -> None:
    # Source: "consider the energy damage of the attack to be its original value (that is,
    # before reduction to 50% for impact and 25% for area, for deliberate AoEs)."
    r = shield_aoe(100, 60, kind="deliberate", level="medium")
    assert (r.shielded_damage, r.points_left) == (40, 0)
    assert r.target_damage == 20  # 50% of the 40 left, not 50 - 60


def test_low_precision_stops_it_all() -> None:
    # Source: "If the attack is stopped by low-precision shielding, the attack is now over"
    r = shield_aoe(100, 150, kind="deliberate", level="low")
    assert r.attack_over and not r.causes_aoe
    assert (r.shielded_damage, r.points_left, r.target_damage, r.others_area_damage) == (
        0,
        50,
        0,
        0,
    )


@pytest.mark.parametrize(
    ("original", "points", "kind", "still_aoe", "target", "others"),
    [
        # Source: "If the attack is only partially shielded by low-precision shielding, consider
        # the new, smaller damage amount and check if it is now too weak to cause overeffect or
        # a deliberate AoE (that is, below 120 or below 40)."
        (100, 60, "deliberate", True, 20, 10),
        (100, 61, "deliberate", False, 19, 0),
        # Source: "it is still reduced to 50% direct damage"
        (100, 70, "deliberate", False, 15, 0),
        (150, 30, "overeffect", True, 120, None),
        (150, 31, "overeffect", False, 119, None),
    ],
)
def test_partial_low_precision(
    original: int, points: int, kind: str, still_aoe: bool, target: int, others: int | None
) -> None:
    r = shield_aoe(original, points, kind=kind, level="low")
    assert not r.attack_over
    assert r.causes_aoe is still_aoe
    assert r.target_damage == target
    assert r.others_area_damage == others


@pytest.mark.parametrize("level", ["medium", "high"])
def test_medium_or_high_stops_it_for_the_target_only(level: str) -> None:
    # Source: "If the attack is stopped by medium- or high-precision shielding, the targeted
    # character is protected from both impact and area damage, but the attack explodes within
    # the group ... base the AoE on its pre-shielding damage values."
    r = shield_aoe(100, 100, kind="deliberate", level=level)
    assert (r.target_damage, r.target_area_damage, r.points_left) == (0, 0, 0)
    assert r.causes_aoe and not r.attack_over
    assert r.others_area_damage == 25
    partial = shield_aoe(100, 30, kind="deliberate", level=level)
    assert partial.others_area_damage == 25  # unchanged for surrounding characters
    assert partial.target_damage == 35


def test_medium_partial_then_evaded() -> None:
    # Source: "If the target character partially shields the damage with medium-precision
    # shielding but evades direct damage with a defense roll, they take area damage based on the
    # lower post-shielding damage value (if still strong enough to cause area damage)."
    r = shield_aoe(100, 30, kind="deliberate", level="medium", target_evaded=True)
    assert (r.target_damage, r.target_area_damage, r.others_area_damage) == (0, 17, 25)
    weak = shield_aoe(100, 61, kind="deliberate", level="medium", target_evaded=True)
    assert weak.target_area_damage == 0


def test_high_precision_waits_for_a_hit() -> None:
    # Source: high precision "occurs only after the defense roll, once the character is hit"
    r = shield_aoe(100, 30, kind="deliberate", level="high", target_evaded=True)
    assert (r.points_left, r.target_damage, r.target_area_damage) == (30, 0, 25)


def test_overeffect_area_numbers_are_not_invented() -> None:
    r = shield_aoe(200, 10, kind="overeffect", level="medium", target_evaded=True)
    assert r.target_area_damage is None and r.others_area_damage is None


def test_aoe_bad_input() -> None:
    with pytest.raises(ValueError, match=r"original_damage must be an integer >= 40, got 39"):
        shield_aoe(39, 10, kind="deliberate", level="low")
    with pytest.raises(ValueError, match=r"original_damage must be an integer >= 120, got 100"):
        shield_aoe(100, 10, kind="overeffect", level="low")
    with pytest.raises(ValueError, match=r"kind must be one of 'overeffect', 'deliberate'"):
        shield_aoe(100, 10, kind="accidental", level="low")
    with pytest.raises(ValueError, match=r"points must be an integer >= 0, got -1"):
        shield_aoe(100, -1, kind="deliberate", level="low")


def test_zaoe_multipliers() -> None:
    # Source: "consider the energy damage of the attack to be 2 times the high damage value of a
    # cluster ZAoE, or 3 times the relevant damage value for a point ZAoE; if it's unclear
    # whether high or low damage applies in the shielded location during a point ZAoE, use the
    # high value."
    assert dict(ZAOE_LOW_SHIELD_MULTIPLIER) == {ZAoEKind.CLUSTER: 2, ZAoEKind.POINT: 3}
    assert zaoe_shield_damage("cluster", 30, 10) == 60
    assert zaoe_shield_damage("point", 30, 10) == 90
    assert zaoe_shield_damage("point", 30, 10, value="low") == 30
    with pytest.raises(ValueError, match=r"value must be 'high' for a cluster ZAoE, got 'low'"):
        zaoe_shield_damage("cluster", 30, 10, value="low")
    with pytest.raises(ValueError, match=r"low must be an integer in 0..30, got 31"):
        zaoe_shield_damage("cluster", 30, 31)


def test_zaoe_shielding() -> None:
    # Source: "only the area inside the low-precision shield is spared"
    spared = shield_zaoe("point", 30, 10, 100)
    assert (spared.damage_left, spared.points_left, spared.high, spared.low) == (0, 10, 0, 0)
    # Source: "If the ZAoE is partially shielded by low-precision shielding, proportionally
    # reduce the high and low damage values against characters within the shield."
    half = shield_zaoe("cluster", 30, 10, 30)
    assert (half.fraction_left, half.high, half.low, half.points_left) == (Fraction(1, 2), 15, 5, 0)
    # Source: "Low-precision shielding is not effective against a ZAoE that originates from
    # inside the shield; this includes cluster bombs and rocket pods"
    inside = shield_zaoe("cluster", 30, 10, 30, originates_inside=True)
    assert not inside.effective
    assert (inside.points_left, inside.high, inside.low, inside.fraction_left) == (30, 30, 10, 1)


@given(
    st.integers(40, 2000),
    st.integers(0, 2000),
    st.sampled_from(["low", "medium", "high"]),
    st.booleans(),
)
@example(100, 30, "medium", True)
def test_aoe_shielding_never_increases_damage(
    original: int, points: int, level: str, evaded: bool
) -> None:
    r = shield_aoe(original, points, kind="deliberate", level=level, target_evaded=evaded)
    assert 0 <= r.shielded_damage <= original
    assert 0 <= r.points_left <= points
    impact, area = deliberate_aoe_damage(original)
    assert 0 <= r.target_damage <= impact
    assert r.target_area_damage is not None and 0 <= r.target_area_damage <= area
    assert r.others_area_damage is not None and 0 <= r.others_area_damage <= area


@given(
    st.sampled_from(list(ZAoEKind)),
    st.integers(0, 500),
    st.integers(0, 500),
    st.integers(0, 3000),
)
def test_zaoe_shielding_never_increases_damage(kind: ZAoEKind, a: int, b: int, points: int) -> None:
    high, low = max(a, b), min(a, b)
    r = shield_zaoe(kind, high, low, points)
    assert 0 <= r.high <= high and 0 <= r.low <= low
    assert 0 <= r.points_left <= points
    assert 0 <= r.fraction_left <= 1


def test_a_zaoe_of_any_value_is_shielded() -> None:
    # A point ZAoE faces 3x its value: more than any input may be, and still exact.
    biggest = 2**53 - 1
    result = shield_zaoe("point", biggest, 0, biggest)
    assert result.shield_damage == 3 * biggest
    assert result.damage_left == 2 * biggest and result.fraction_left == Fraction(2, 3)
    np = pytest.importorskip("numpy")
    inside = shield_zaoe("cluster", np.int64(30), np.int64(10), 5, originates_inside=True)
    assert type(inside.high) is int and type(inside.low) is int
