"""The Lur-Asko AoE and ZAoE shielding page (webapp/pages/lurasko/aoe_shielding.py), headless:
its numbers are what rules.lurasko computes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from webapp.pages.lurasko.aoe_shielding import (
    KIND_LABELS,
    LuraskoAoEShielding,
    LuraskoAoEShieldingView,
)


def chars(m: LuraskoAoEShielding) -> list[tuple[int, int, int, int | None]]:
    """(impact, area, absorbed, points left) of each character."""
    return [(c.impact, c.area, c.absorbed, c.points_left) for c in m.result.characters]


def test_aoe_defaults_follow_the_rules() -> None:
    m = LuraskoAoEShielding()
    assert m.error == ""
    # A deliberate AoE of 100 at character 1, whose medium shield has 30 points.
    target = lurasko.shield_aoe(100, 30, kind="deliberate", level="medium")
    first = m.result.characters[0]
    assert (first.impact, first.area, first.points_left) == (
        target.target_damage,
        target.target_area_damage,
        target.points_left,
    )
    # The others take the area damage of the pre-shielding value, through their own shields.
    area = target.others_area_damage
    assert area == lurasko.deliberate_aoe_damage(100)[1] == 25
    assert chars(m)[1] == (0, lurasko.shield(area, 10)[0], 10, lurasko.shield(area, 10)[1])
    assert chars(m)[2] == (0, 25, 0, None)
    # By hand: 100 - 30 = 70 left, 50% impact = 35; character 2: 25 - 10 = 15.
    assert [c.total for c in m.result.characters] == [35, 15, 25]
    view = LuraskoAoEShieldingView(m)
    assert "data-testid='char-1-damage'>35<" in view._summary.object
    assert "data-testid='char-2-area'>15<" in view._table.object
    assert "data-testid='steps-char-3'" in view._steps.object


def test_aoe_stopped_by_medium_protects_the_target_not_the_others() -> None:
    # Source: "50 shielding points shields an energy attack of 40 damage ... 10 remaining";
    # "the targeted character is protected from both impact and area damage, but ... area
    # damage affects other characters ... as normal" (25% of 40 = 10).
    m = LuraskoAoEShielding(damage=40, c1_points=50, c2_level="none")
    assert chars(m)[:2] == [(0, 0, 40, 10), (0, 10, 0, None)]
    assert m.result.bursts


def test_aoe_low_precision_partly_and_fully() -> None:
    # Partly: 100 - 70 = 30, below 40: no AoE, still 50% direct damage = 15 (rules doctest).
    m = LuraskoAoEShielding(low_on=True, low_points=70, c1_level="none")
    low = lurasko.shield_aoe(100, 70, kind="deliberate", level="low")
    assert (low.shielded_damage, low.causes_aoe, low.target_damage) == (30, False, 15)
    assert chars(m) == [(15, 0, 0, None), (0, 0, 0, 10), (0, 0, 0, None)]
    assert (m.result.low_points_left, m.result.low_absorbed, m.result.bursts) == (0, 70, False)
    # The target's own medium shield still faces the original-scale 30 that is left.
    m.c1_level = "medium"
    assert chars(m)[0] == (0, 0, 30, 0)
    # Fully: "the attack is now over": nobody takes anything; the low shield keeps the rest.
    m.low_points = 130
    assert all(c.total == 0 for c in m.result.characters)
    assert m.result.low_points_left == 30
    # An overeffect AoE just under 120 after the low shield: a direct hit only.
    m.param.update(kind="overeffect", damage=120, low_points=1, c1_level="none")
    assert chars(m)[:2] == [(119, 0, 0, None), (0, 0, 0, 10)]


def test_aoe_target_evades() -> None:
    # Medium, evaded: area damage on the lower post-shielding value: 25% of 70 = 17 (doctest).
    m = LuraskoAoEShielding(c1_evaded=True)
    assert chars(m)[0] == (0, 17, 30, 0)
    assert chars(m)[2] == (0, 25, 0, None)
    # High, evaded: nothing spent on the direct damage; the area damage (25) is a separate hit.
    m.param.update(c1_level="high", c1_points=10)
    assert chars(m)[0] == (0, 15, 10, 0)
    # No shield, evaded: the plain area damage.
    m.c1_level = "none"
    assert chars(m)[0] == (0, 25, 0, None)


def test_aoe_explosive_device_and_techshields() -> None:
    m = LuraskoAoEShielding(explosive=True, low_on=True, low_points=70)
    # Low precision cannot shield an explosive device; medium not its impact damage.
    assert m.result.low_points_left == 70
    assert chars(m)[0] == (50, 0, 0, 30)
    # Evaded, the target's area damage is shielded by medium "in the same way".
    m.c1_evaded = True
    assert chars(m)[0] == lurasko_expected_evaded(100, 30)
    # A techshield against blast: one point per 2 damage (25 area, 10 points: 20 stopped).
    m.param.update(blast=True, c2_techshield=True)
    assert chars(m)[1] == (0, 5, 20, 0)


def lurasko_expected_evaded(damage: int, points: int) -> tuple[int, int, int, int]:
    r = lurasko.shield_aoe(damage, points, kind="deliberate", level="medium", target_evaded=True)
    assert r.target_area_damage is not None
    return (0, r.target_area_damage, damage - r.shielded_damage, r.points_left)


def test_aoe_characters_not_affected_or_not_there() -> None:
    m = LuraskoAoEShielding(c2_affected=False, c4_on=True, c4_level="medium", c4_points=8)
    assert [c.slot for c in m.result.characters] == [1, 2, 3, 4]
    assert chars(m)[1] == (0, 0, 0, 10)
    assert chars(m)[3] == (0, 17, 8, 0)
    m.c4_on = False
    assert len(m.result.characters) == 3


def test_overeffect_area_damage_is_an_input() -> None:
    m = LuraskoAoEShielding(kind="overeffect", damage=150, overeffect_area=12, c1_level="none")
    assert chars(m) == [(150, 0, 0, None), (0, 2, 10, 0), (0, 12, 0, None)]
    assert any("no area damage for an overeffect" in text for text in m.result.notes)


def test_zaoe_low_precision_proportional_and_own_shields() -> None:
    # Rules doctest: a cluster ZAoE 30/10 faces 60 from 45 points: a quarter gets through.
    m = LuraskoAoEShielding(kind="cluster", low_on=True, low_points=45)
    r = lurasko.shield_zaoe("cluster", 30, 10, 45)
    assert (r.high, r.low) == (7, 2)
    assert chars(m) == [(0, 0, 7, 23), (0, 0, 7, 3), (0, 7, 0, None)]
    # Outside the low shield: the full values; in the low-damage part: the low value.
    m.param.update(c3_inside=False, c2_low_value=True, c2_level="none")
    assert chars(m)[1:] == [(0, 2, 0, None), (0, 30, 0, None)]
    # A point ZAoE faces 3x the relevant value; 3 x 30 = 90 against 45: half gets through.
    m.kind = "point"
    half = lurasko.shield_zaoe("point", 30, 10, 45)
    assert (half.shield_damage, half.high, half.low) == (90, 15, 5)
    assert chars(m)[1:] == [(0, 5, 0, None), (0, 30, 0, None)]
    # Originating inside the shield (cluster bombs, rocket pods): not shielded.
    m.originates_inside = True
    assert chars(m)[1] == (0, 10, 0, None)
    assert m.result.low_points_left == 45


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"damage": 39}, "damage"),
        ({"kind": "overeffect"}, "damage"),
        ({"kind": "cluster", "zaoe_low": 31}, "zaoe_low"),
        ({"c4_points": -1}, "c4_points"),
        ({"low_points": None}, "low_points"),
        ({"overeffect_area": -2}, "overeffect_area"),
    ],
)
def test_aoe_bad_input_keeps_the_result_and_names_the_input(
    changes: dict[str, Any], named: str
) -> None:
    m = LuraskoAoEShielding()
    good = m.result
    m.param.update(changes)
    assert (m.result, m.error_input) == (good, named)
    assert m.error.startswith(f"{m.label_of(named)} must be")


SMALL = st.one_of(st.none(), st.integers(-2, 160))


@settings(max_examples=120, deadline=None)
@given(
    ints=st.fixed_dictionaries(
        {
            n: SMALL
            for n in (
                "damage",
                "zaoe_high",
                "zaoe_low",
                "low_points",
                "c1_points",
                "c2_points",
                "overeffect_area",
            )
        }
    ),
    picks=st.fixed_dictionaries(
        {
            "kind": st.sampled_from(list(KIND_LABELS)),
            "zaoe_value": st.sampled_from(["high", "low"]),
            "c1_level": st.sampled_from(["none", "medium", "high"]),
            "c2_level": st.sampled_from(["none", "medium", "high"]),
        }
    ),
    flags=st.fixed_dictionaries(
        {
            n: st.booleans()
            for n in (
                "blast",
                "explosive",
                "originates_inside",
                "low_on",
                "low_techshield",
                "c1_evaded",
                "c1_techshield",
                "c2_affected",
                "c2_low_value",
                "c2_inside",
            )
        }
    ),
)
def test_aoe_any_input_gives_a_result_or_an_error(
    ints: dict[str, Any], picks: dict[str, str], flags: dict[str, bool]
) -> None:
    m = LuraskoAoEShielding()
    m.param.update(**ints, **picks, **flags)
    if m.error:
        assert m.error_input in ("", *m.inputs)
        return
    r = m.result
    for c in r.characters:
        assert c.impact >= 0 and c.area >= 0 and c.absorbed >= 0
        if c.points_before is not None:
            assert c.points_left is not None and 0 <= c.points_left <= c.points_before
        if r.zone:
            assert c.impact == 0  # a ZAoE has no impact damage
    if not r.zone:
        # Nobody takes more than the unshielded AoE gives them.
        first = r.characters[0]
        assert first.impact <= m.damage
        for c in r.characters[1:]:
            top = m.overeffect_area if m.kind == "overeffect" else m.damage // 4
            assert c.area <= top
