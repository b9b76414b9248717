"""Damage auras (002, "Damage Auras")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.lurasko import (
    AuraTrigger,
    aura_expenditures,
    aura_hits,
    expend_aura,
    provokes_damage_aura,
)


@pytest.mark.parametrize(
    "trigger",
    # Source: "Whenever any character touches you, hits you with a melee weapon, natural weapon,
    # unarmed attack, Grab Item, or Trip/Dismount/Throw, or ends their turn grappling with you"
    [t for t in AuraTrigger if t is not AuraTrigger.RANGED],
)
def test_what_provokes(trigger: AuraTrigger) -> None:
    assert provokes_damage_aura(trigger)


def test_ranged_attacks_do_not_provoke() -> None:
    assert not provokes_damage_aura(AuraTrigger.RANGED)


def test_critical_hits_spare_the_attacker() -> None:
    # Source: "Melee attacks that score critical hits do not provoke a hit from damage auras"
    assert not provokes_damage_aura("melee weapon", critical=True)
    assert not provokes_damage_aura("unarmed attack", critical=True)
    with pytest.raises(ValueError, match=r"critical must be False for a trigger that is not"):
        provokes_damage_aura("touch", critical=True)


def test_expenditure() -> None:
    # Source: "the amount must be the full stored damage, or a multiple of 10."
    assert aura_expenditures(35) == (10, 20, 30, 35)
    assert aura_expenditures(30) == (10, 20, 30)
    assert aura_expenditures(5) == (5,)
    assert expend_aura(35, 30) == 5
    assert expend_aura(35, 35) == 0
    for bad in (0, 5, 25, 40):
        with pytest.raises(
            ValueError,
            match=rf"amount must be the full stored damage \(35\) .*"
            rf"got {bad}",
        ):
            expend_aura(35, bad)
    with pytest.raises(ValueError, match=r"amount must be an integer, got '10'"):
        expend_aura(35, "10")  # type: ignore[arg-type]


def test_one_hit_only() -> None:
    # Source: "Dual-wielded melee weapons provoke only a single hit"; "only a single aura can
    # react to a single attack/touch/grapple"
    assert aura_hits(2) == 1
    assert aura_hits(1) == 1
    assert aura_hits(2, provoked=False) == 0
    with pytest.raises(ValueError, match=r"weapons must be an integer >= 1, got 0"):
        aura_hits(0)


@given(st.integers(0, 1000))
def test_expenditures_are_legal(stored: int) -> None:
    for amount in aura_expenditures(stored):
        assert amount == stored or amount % 10 == 0
        assert 0 <= expend_aura(stored, amount) < stored


def test_listing_the_amounts_is_bounded_checking_one_is_not() -> None:
    # aura_expenditures(10**18) ran out of memory (issue 16).
    from rules.lurasko import AURA_MAX_LISTED_STORE

    with pytest.raises(ValueError, match=r"^stored must be an integer in 0\.\.100000, got 10+$"):
        aura_expenditures(10**18)
    amounts = aura_expenditures(AURA_MAX_LISTED_STORE + 5 - 10)
    assert len(amounts) == AURA_MAX_LISTED_STORE // 10 and amounts[-1] == 99_995
    huge = 10**15
    assert expend_aura(huge, huge) == 0
    assert expend_aura(huge + 5, 10**14) == huge + 5 - 10**14
    with pytest.raises(ValueError, match=r"^amount must be the full stored damage \(1005\)"):
        expend_aura(1005, 1001)
