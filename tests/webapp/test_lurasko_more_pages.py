"""AoE/ZAoE shielding, damage auras and the resolver's defense roll, headless.

Every figure is checked against :mod:`rules.lurasko` called directly, and against numbers
worked by hand from the source (``002_64b8e17f45694c25.txt``, "Shielding AoEs & ZAoEs",
"Damage Auras", "Critical Hits").
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from rules.lurasko import Attack, AuraTrigger, Shield, Target, WeaponHit
from webapp.app import App
from webapp.pages import PAGES
from webapp.pages.lurasko.aoe_shielding import (
    KIND_LABELS,
    LuraskoAoEShielding,
    LuraskoAoEShieldingView,
)
from webapp.pages.lurasko.attack import CRITICAL_LABELS, LuraskoAttack, LuraskoAttackView
from webapp.pages.lurasko.auras import (
    TRIGGER_LABELS,
    LuraskoAuras,
    LuraskoAurasView,
    amounts_text,
)

SWORD = WeaponHit(32, 15, 24, "heat", name="weapon 1")  # the resolver's default weapon


def test_registered_after_the_other_lurasko_pages() -> None:
    slugs = [page.slug for page in PAGES if page.slug.startswith("lurasko-")]
    assert slugs == [
        "lurasko-attack",
        "lurasko-armor",
        "lurasko-pseudogravity",
        "lurasko-aoe-shielding",
        "lurasko-auras",
    ]
    assert set(TRIGGER_LABELS) == set(AuraTrigger)
    assert {k.value for k in lurasko.AoEKind} | {k.value for k in lurasko.ZAoEKind} == set(
        KIND_LABELS
    )


@pytest.mark.parametrize("model", [LuraskoAoEShielding, LuraskoAuras, LuraskoAttack])
def test_no_two_inputs_share_a_label(model: type[Any]) -> None:
    labels = [model.param[name].label for name in model.input_names()]
    assert len(labels) == len(set(labels))


# --- AoE and ZAoE shielding -----------------------------------------------------------------


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


# --- damage auras ---------------------------------------------------------------------------


def test_aura_defaults_follow_the_rules() -> None:
    m = LuraskoAuras()
    assert m.error == ""
    r = m.result
    expected = lurasko.resolve_attack(
        Attack(WeaponHit(0, 0, 30, "heat", name="the aura"), form="damage aura"),
        Target(10, (16, 28)),
        [Shield("high", 5, "shield 1")],
    )
    assert r.resolution == expected
    # By hand: 30 heat, drive 30 above 16-28: full; the high shield stops 5: 25, 2 degrees.
    assert (r.attacker_damage, r.attacker_degrees, r.store_left) == (25, 2, 5)
    assert r.resolution.injury_type is lurasko.InjuryTypeRule.CORE
    assert r.defender_degrees == lurasko.degrees_of_injury(12, 10) == 1
    assert [s.label for s in r.steps][-1] == "Both incidents before injuries"
    view = LuraskoAurasView(m)
    assert "data-testid='attacker-damage'>25<" in view._summary.object
    assert "10, 20, 30, 35" in view._amounts.object


def test_aura_expends_the_full_store_or_a_multiple_of_10() -> None:
    m = LuraskoAuras(amount=35)
    assert m.result.store_left == 0
    good = m.result
    m.amount = 25  # neither the full store nor a multiple of 10
    assert (m.result, m.error_input) == (good, "amount")
    assert "multiple of 10" in m.error
    assert amounts_text(lurasko.aura_expenditures(95), 95) == (
        "10, 20, 30, 40, 50, 60, ..., 90, 95 (10 amounts)"
    )
    assert amounts_text(lurasko.aura_expenditures(0), 0) == "nothing: the aura is empty"
    m.param.update(stored=200_000, amount=150_000)
    assert m.error == "" and m.result.amounts is None


def test_aura_what_provokes_it() -> None:
    m = LuraskoAuras(critical=True)  # a critical melee hit spares the attacker
    assert (m.result.provokes, m.result.attacker_damage, m.result.store_left) == (False, 0, 35)
    m.param.update(critical=False, trigger="ranged attack")
    assert not m.result.provokes
    m.param.update(trigger="touch")
    assert m.result.provokes
    m.critical = True  # a touch cannot be critical: the message is beside the box
    assert m.error_input == "critical"
    m.param.update(critical=False, trigger="ends turn grappling", dual_wield=True)
    assert (m.result.provokes, m.result.hits) == (True, 1)
    m.param.update(trigger="melee weapon")
    assert m.result.hits == lurasko.aura_hits(2) == 1  # dual wield: a single hit


def test_aura_only_high_precision_shields_it() -> None:
    m = LuraskoAuras(s1_level="medium", s1_points=50, s2_level="low", s2_points=50)
    assert m.result.shield_points == (50, 50)
    assert m.result.attacker_damage == 30
    explanations = [s.explanation for s in m.result.steps]
    assert any("only be shielded by high-precision" in e for e in explanations)
    m.param.update(s2_level="high", aura_type="blast", s2_techshield=True)
    assert m.result.shield_points == (50, 35)  # 30 blast, 15 points at 2 damage a point
    assert m.result.attacker_damage == 0


def test_aura_non_energy_uses_its_drive() -> None:
    m = LuraskoAuras(aura_type="normal", aura_drive=20, amount=30, s1_level="none")
    expected = lurasko.resolve_attack(
        Attack(WeaponHit(30, 20, name="the aura"), form="damage aura"), Target(10, (16, 28))
    )
    assert m.result.resolution == expected
    assert m.result.attacker_damage == 15  # drive 20 within 16-28: half


# --- the attack resolver's defense roll -----------------------------------------------------


def test_defense_roll_decides_the_critical() -> None:
    # Source: "if a character's TN during a defense roll is 14, they must roll a 34 or higher".
    m = LuraskoAttack(critical="drive", defense_tn=14, defense_roll=33)
    assert m.result.critical is None and not m.result.missed
    assert m.result.resolution == lurasko.resolve_attack(Attack(SWORD), Target(10, (16, 28)))
    m.defense_roll = 34
    assert m.result.critical is lurasko.CriticalEffect.DRIVE
    assert m.result.resolution == lurasko.resolve_attack(
        Attack(SWORD, critical="drive"), Target(10, (16, 28))
    )
    # Rules doctest: the sword with +10 drive: 16 (drive 25) and 24 heat (34): 4 degrees.
    assert m.result.resolution.degrees == 4
    m.critical = "none"  # e.g. a ranged weapon out of its Marksmanship range
    assert m.result.critical is None
    view = LuraskoAttackView(m)
    assert "data-testid='critical'>no<" in view._summary.object
    assert "data-margin='20'" in view._defense.object
    assert {"injury type", "drive", "none"} == set(CRITICAL_LABELS)


def test_a_successful_defense_roll_misses_after_low_and_medium_shields() -> None:
    m = LuraskoAttack(
        form="ranged", w1_normal_damage=0, w1_normal_drive=0, w1_energy_damage=40,
        s1_level="medium", s1_points=10, s2_level="high", s2_points=10, defense_roll=14,
    )  # fmt: skip
    r = m.result
    assert r.missed
    assert r.shield_points == (0, 10)  # the medium shield acted; high only acts on a hit
    assert [s.label for s in r.steps] == ["Damage and drive", "Medium precision shielding"]
    view = LuraskoAttackView(m)
    assert "data-testid='total-damage'>0<" in view._summary.object
    assert "data-testid='critical'>missed<" in view._summary.object
    m.defense_roll = 15
    assert not m.result.missed and m.result.shield_points == (0, 0)


def test_roll_it_is_seeded_and_reproducible() -> None:
    m = LuraskoAttack(seed=7)
    first = m.roll()
    again = m.roll()
    assert first == again
    assert first.roll == random.Random(7).randint(1, 100)
    expected = m.outcome(first.roll)
    assert first.outcome == expected
    assert first.log[0] == f"Roll the defense: 1 die of 100 sides = {first.roll}."
    damage = 0 if expected.missed else expected.resolution.total_damage
    assert first.log[-1].startswith(f"Damage taken: {damage}")
    # A roll that is critical at TN 14 with a d40 and seed s: the log says so.
    m.param.update(defense_die=40)
    seed = next(s for s in range(1000) if random.Random(s).randint(1, 40) >= 34)
    m.seed = seed
    rolled = m.roll()
    assert rolled.outcome.critical is lurasko.CriticalEffect.INJURY_TYPE
    assert "a critical hit" in rolled.log[1]
    # The button: rolls, logs, and moves the seed on by one.
    view = LuraskoAttackView(m)
    view.roll_it.roll()
    assert m.seed == seed + 1
    assert "data-testid='roll-log'" in view.roll_it.log.object
    assert "1 die of 40 sides" in view.roll_it.log.object
    m.w1_normal_damage = 30  # another attack: the old log goes
    assert "roll-log" not in view.roll_it.log.object


def test_a_damage_aura_has_nothing_to_roll() -> None:
    m = LuraskoAttack(form="damage aura")
    rolled = m.roll()
    assert rolled.roll is None and rolled.log[0].startswith("No roll")


def test_old_links_that_chose_the_critical_still_resolve_as_before() -> None:
    app = App()
    old = {"page": "lurasko-attack", "critical": "drive", "w1_precise": "1"}
    app.apply_search("?" + urlencode(old))
    assert app.notice == ""
    m = app.view_of("lurasko-attack").model
    assert (m.defense_roll, m.defense_tn) == (34, 14)  # TN + 20: the least critical roll
    precise = WeaponHit(32, 15, 24, "heat", precise=True, name="weapon 1")
    assert m.result.resolution == lurasko.resolve_attack(
        Attack(precise, critical="drive"), Target(10, (16, 28))
    )
    # critical=none meant no critical hit, and still does.
    app.apply_search("?page=lurasko-attack&critical=none&defense_roll=90")
    assert app.notice == "" and m.result.critical is None
    # A link that gives the roll keeps it.
    app.apply_search("?page=lurasko-attack&critical=drive&defense_roll=20")
    assert m.defense_roll == 20 and m.result.critical is None
    # An unknown name is ignored; a malformed value falls back to the defaults, with a notice.
    app.apply_search("?page=lurasko-attack&no_such_input=1&defense_roll=20")
    assert app.notice == ""
    app.apply_search("?page=lurasko-attack&defense_roll=abc")
    assert app.notice.startswith("This link could not be used as it was")
    assert "Defense roll (roll-under" in app.notice
    assert m.defense_roll == 20
