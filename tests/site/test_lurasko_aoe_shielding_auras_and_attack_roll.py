"""AoE/ZAoE shielding, damage auras and the resolver's "Roll it" in a real browser.

One app boot for the whole module (each costs ~13 s on a 2-core machine): it opens on a deep
link to the AoE shielding page, then moves to the other pages with the app's own navigation
(which never restarts Python). The expected numbers come from :mod:`rules.lurasko` called
directly in CPython, never from the page model.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from sitetools import FITS, AppPage, settle_until

from rules import lurasko
from rules.lurasko import Attack, Resolution, Shield, Target, WeaponHit

AOE_LINK: dict[str, str] = {
    "page": "lurasko-aoe-shielding",
    "kind": "deliberate",
    "damage": "100",
    "low_on": "1",
    "low_points": "20",
    "c1_level": "medium",
    "c1_points": "30",
    "c2_level": "high",
    "c2_points": "10",
    "c4_on": "1",
    "c4_level": "medium",
    "c4_points": "5",
}


@pytest.fixture(scope="module")
def app(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One app for the module, opened on a deep link to the AoE shielding page."""
    return open_module_app("?" + urlencode(AOE_LINK))


def go_to(app: AppPage, slug: str, title: str) -> None:
    """Open a page from the landing page's list, as a visitor does (no reload)."""
    app.page.locator(".bk-btn:text-is('All calculators')").first.click()
    app.page.locator(f"a.rf-open:text-is('Open {title}')").first.click()
    app.page.wait_for_function(
        "(slug) => new URLSearchParams(location.search).get('page') === slug",
        arg=slug,
        timeout=30_000,
    )


def test_aoe_shielding_deep_link_shows_what_the_rules_compute(app: AppPage) -> None:
    # The group's low shield (20 points) first, on the original 100: 80 left, still an AoE.
    low = lurasko.shield_aoe(100, 20, kind="deliberate", level="low")
    assert (low.shielded_damage, low.causes_aoe) == (80, True)
    # Character 1's medium shield faces the 80; the others take 25% of 80, each shielded.
    target = lurasko.shield_aoe(80, 30, kind="deliberate", level="medium")
    area = lurasko.deliberate_aoe_damage(80)[1]
    two, three, four = lurasko.shield(area, 10)[0], area, lurasko.shield(area, 5)[0]
    app.wait_testid("char-1-damage", str(target.target_damage))
    assert app.testid("char-1-impact") == str(target.target_damage)
    assert app.testid("char-1-left") == str(target.points_left)
    assert app.testid("low-left") == str(low.points_left)
    for slot, value in ((2, two), (3, three), (4, four)):
        assert app.testid(f"char-{slot}-total") == str(value)
    assert app.testid("all-damage") == str(target.target_damage + two + three + four)
    # Every character has its own list of steps.
    for slot in (1, 2, 3, 4):
        assert app.page.locator(f"[data-testid='steps-char-{slot}'] li").count() >= 2

    # Enough low-precision points stop it all: "the attack is now over".
    app.set_input("Low-precision shield: points", 100)
    app.wait_testid("all-damage", "0")
    assert app.testid("bursts") == "no"
    app.page.wait_for_function(
        "() => new URLSearchParams(location.search).get('low_points') === '100'", timeout=15_000
    )
    assert app.python_errors() == []


def test_aoe_shielding_fits_a_phone(app: AppPage) -> None:
    """No sideways scroll at 390 px wide: a long input label wraps (its one line of
    "Overeffect: area damage to each character ..." once made the page 23 px too wide)."""
    page = app.page
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        settle_until(page, FITS, 390)  # relaid out for the phone's width
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        label = page.locator("label", has_text="Overeffect: area damage").first
        box = label.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def aura_hit(damage: int) -> Resolution:
    """The rules' hit of the page's default aura expending ``damage`` heat on the attacker."""
    return lurasko.resolve_attack(
        Attack(WeaponHit(0, 0, damage, "heat", name="the aura"), form="damage aura"),
        Target(10, (16, 28)),
        [Shield("high", 5, "shield 1")],
    )


def test_damage_auras_show_the_hit_the_rules_compute(app: AppPage) -> None:
    go_to(app, "lurasko-auras", "Damage auras")
    expected = aura_hit(30)
    app.wait_testid("attacker-damage", str(expected.total_damage))
    assert app.testid("store-left") == "5"
    assert app.testid("provokes") == "yes"

    # Expend the full store: 35 heat through the 5-point high shield.
    app.set_input("Damage to expend", 35)
    full = aura_hit(35)
    app.wait_testid("attacker-damage", str(full.total_damage))
    assert app.testid("store-left") == "0"
    # Neither the store nor a multiple of 10: the message is beside the box.
    app.set_input("Damage to expend", 25)
    error = app.page.locator(".rf-input-error", has_text="Damage to expend").first
    error.wait_for(state="visible", timeout=15_000)
    assert app.testid("attacker-damage") == str(full.total_damage)  # the last good result
    app.set_input("Damage to expend", 30)
    error.wait_for(state="hidden", timeout=15_000)
    assert app.python_errors() == []


def test_attack_resolver_decides_the_critical_and_rolls_it(app: AppPage) -> None:
    go_to(app, "lurasko-attack", "Attack resolver")
    app.wait_testid("critical", "no")
    # Source: TN 14, "a 34 or higher" is critical; the default choice is the injury type.
    app.set_input("Defense roll (roll-under", 34)
    app.wait_testid("critical", "yes")
    assert app.testid("injury-type") == "chosen"
    sword = WeaponHit(32, 15, 24, "heat", name="weapon 1")
    chosen = lurasko.resolve_attack(Attack(sword, critical="injury type"), Target(10, (16, 28)))
    assert app.testid("total-damage") == str(chosen.total_damage)

    app.set_input("Seed of the next roll", 5)
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    log = app.page.locator("[data-testid='roll-log']").first
    log.wait_for(state="visible", timeout=15_000)
    roll = random.Random(5).randint(1, 100)
    assert log.inner_text().splitlines()[0] == f"Roll the defense: 1 die of 100 sides = {roll}."
    app.page.wait_for_function(
        "() => new URLSearchParams(location.search).get('seed') === '6'", timeout=15_000
    )
    assert app.python_errors() == []
