"""Energy shielding (002, "Energy Shielding")."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.lurasko import (
    SHIELDING_ORDER,
    SHIELDS_BEFORE_DEFENSE_ROLL,
    AttackForm,
    AttackOrigin,
    Precision,
    Shield,
    can_shield,
    order_shields,
    shield,
    shield_eligibility,
)


@pytest.mark.parametrize(
    ("damage", "points", "expected"),
    [
        # Source: "if a character with 50 shielding points shields an energy attack of 40
        # damage, they subtract 40 shielding points to reduce the damage to 0, and have 10
        # shielding points remaining."
        (40, 50, (0, 10)),
        # Source: "their shielding points may only be sufficient to shield partially; in this
        # case, they subtract their total shielding points from the incoming damage."
        (40, 25, (15, 0)),
        (40, 40, (0, 0)),
        (40, 0, (40, 0)),
        (0, 50, (0, 50)),
    ],
)
def test_source_examples(damage: int, points: int, expected: tuple[int, int]) -> None:
    assert shield(damage, points) == expected


@pytest.mark.parametrize(
    ("damage", "points", "expected"),
    [
        # Source: techshields "are doubly effective against blast damage" (each point: 2 damage)
        (40, 50, (0, 30)),
        (40, 20, (0, 0)),
        (41, 20, (1, 0)),
        (41, 21, (0, 0)),
        (60, 25, (10, 0)),
    ],
)
def test_doubly_effective(damage: int, points: int, expected: tuple[int, int]) -> None:
    assert shield(damage, points, doubly_effective=True) == expected


def test_order_of_precision() -> None:
    # Source: "low precision must occur first, then medium precision, then high precision."
    assert SHIELDING_ORDER == (Precision.LOW, Precision.MEDIUM, Precision.HIGH)
    # Source: low and medium "must occur before any defense roll"; high "after the defense roll"
    assert dict(SHIELDS_BEFORE_DEFENSE_ROLL) == {
        Precision.LOW: True,
        Precision.MEDIUM: True,
        Precision.HIGH: False,
    }
    shields = [
        Shield("high", 1, "h"),
        Shield("medium", 1, "m1"),
        Shield("low", 1, "l"),
        Shield("medium", 1, "m2"),
    ]
    # Source: several sources of one level: "the order of shielding can be freely decided"
    assert [s.name for s in order_shields(shields)] == ["l", "m1", "m2", "h"]


@pytest.mark.parametrize(
    ("level", "form", "origin", "entirely_energy", "from_inside", "allowed"),
    [
        # Low: "only block energy attacks that originate from greater than engagement range"
        ("low", "ranged", "beyond engagement range", True, False, True),
        ("low", "ranged", "engaged", True, False, False),
        ("low", "ranged", "grappling", True, False, False),
        # Low: "Weapons that combine normal and energy damage cannot be shielded"
        ("low", "ranged", "beyond engagement range", False, False, False),
        # Low: "cannot be used against attacks from short-range within the shield"
        ("low", "ranged", "beyond engagement range", True, True, False),
        ("low", "melee", "beyond engagement range", True, False, False),
        # "An explosive or grenade device ... cannot be shielded by low-precision shielding."
        ("low", "explosive impact", "beyond engagement range", True, False, False),
        ("low", "area", "beyond engagement range", True, False, False),
        # Medium: "ranged attacks at any range, except from characters you are currently
        # grappling with"
        ("medium", "ranged", "beyond engagement range", True, False, True),
        ("medium", "ranged", "engaged", True, False, True),
        ("medium", "ranged", "grappling", True, False, False),
        # Medium: "melee attacks and projectiles with added energy damage still bypass"
        ("medium", "melee", "engaged", True, False, False),
        ("medium", "ranged", "engaged", False, False, False),
        # Medium: "cannot protect a vehicle against attacks from characters who have climbed
        # onto it"
        ("medium", "ranged", "on the vehicle", True, False, False),
        # "Impact damage cannot be shielded by medium-precision shielding either"; area damage
        # "can be shielded via medium-precision shielding"
        ("medium", "explosive impact", "beyond engagement range", True, False, False),
        ("medium", "area", "beyond engagement range", True, False, True),
        # High: "effective against all energy damage, regardless of the weapon or range"
        ("high", "melee", "grappling", False, False, True),
        ("high", "explosive impact", "engaged", True, False, True),
        # Damage auras: "can only be shielded by high-precision energy shielding"
        ("high", "damage aura", "engaged", True, False, True),
        ("medium", "damage aura", "engaged", True, False, False),
        ("low", "damage aura", "beyond engagement range", True, False, False),
    ],
)
def test_what_each_level_can_stop(
    level: str, form: str, origin: str, entirely_energy: bool, from_inside: bool, allowed: bool
) -> None:
    verdict = shield_eligibility(
        level, form=form, origin=origin, entirely_energy=entirely_energy, from_inside=from_inside
    )
    assert verdict.allowed is allowed
    assert verdict.reason
    assert (
        can_shield(
            level,
            form=form,
            origin=origin,
            entirely_energy=entirely_energy,
            from_inside=from_inside,
        )
        is allowed
    )


def test_every_combination_has_an_answer() -> None:
    for level in Precision:
        for form in AttackForm:
            for origin in AttackOrigin:
                verdict = shield_eligibility(level, form=form, origin=origin)
                assert isinstance(verdict.allowed, bool)
                if level is Precision.HIGH:
                    assert verdict.allowed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, 5), r"damage must be an integer >= 0, got -1"),
        ((5, -1), r"points must be an integer >= 0, got -1"),
        ((5, 1.5), r"points must be an integer >= 0, got 1.5"),
    ],
)
def test_bad_input(args: tuple[object, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        shield(*args)  # type: ignore[arg-type]


def test_bad_shield_records() -> None:
    with pytest.raises(ValueError, match=r"level must be one of 'low', 'medium', 'high', got 'x'"):
        Shield("x", 5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"points must be an integer >= 0, got -5"):
        Shield("low", -5)
    with pytest.raises(ValueError, match=r"shields\[1\] must be a Shield, got 3"):
        order_shields([Shield("low", 1), 3])  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"form must be one of"):
        can_shield("low", form="thrown")


@given(st.integers(0, 10_000), st.integers(0, 10_000), st.booleans())
@example(40, 50, False)
@example(41, 20, True)
def test_shields_never_increase_damage_and_points_stay_non_negative(
    damage: int, points: int, doubled: bool
) -> None:
    left, points_left = shield(damage, points, doubly_effective=doubled)
    assert 0 <= left <= damage
    assert 0 <= points_left <= points
    # No partial choice: either all the damage is stopped or all the points are spent.
    assert left == 0 or points_left == 0
    per_point = 2 if doubled else 1
    assert damage - left <= (points - points_left) * per_point


@given(st.integers(0, 1000), st.lists(st.integers(0, 300), max_size=4))
def test_several_sources_of_one_level_in_turn(damage: int, pools: list[int]) -> None:
    left = damage
    for pool in pools:
        left, _ = shield(left, pool)
    assert left == max(0, damage - sum(pools))
