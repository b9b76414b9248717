"""The Lur-Asko damage auras page (webapp/pages/lurasko/auras.py), headless: its numbers are what
rules.lurasko computes."""

from __future__ import annotations

from rules import lurasko
from rules.lurasko import Attack, Shield, Target, WeaponHit
from webapp.pages.lurasko.auras import (
    LuraskoAuras,
    LuraskoAurasView,
    amounts_text,
)


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
