"""The Lur-Asko attack resolver in a real browser, one page load: every step shown against
rules.lurasko called directly (never the page model), updates and errors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sitetools import AppPage, Server, assert_clean

from rules import lurasko
from rules.lurasko import Attack, Resistance, Shield, Target, WeaponHit

STEPS = """(items) => items.map((li) => [
  li.dataset.label,
  Array.from(li.querySelectorAll('dd')).map((dd) => [dd.dataset.name, Number(dd.dataset.value)]),
])"""
"""JS: each shown step as [label, [[name, value], ...]]."""


def link(page: str, **inputs: object) -> str:
    return "?" + urlencode({"page": page, **{k: str(v) for k, v in inputs.items()}})


def shown_steps(app: AppPage) -> list[list[Any]]:
    return list(app.page.locator("[data-testid='step']").evaluate_all(STEPS))


def expected_steps(resolution: lurasko.Resolution) -> list[list[Any]]:
    return [[s.label, [[n, v] for n, v in s.numbers]] for s in resolution.steps]


def test_attack_resolver_shows_every_step_from_the_rules(
    open_app: Any, server: Server, screenshots: Path
) -> None:
    inputs: dict[str, object] = {
        "form": "ranged", "critical": "drive", "drive_bonus": 2,
        "w1_normal_damage": 0, "w1_normal_drive": 0, "w1_energy_damage": 60,
        "w1_energy_type": "heat",
        "w2_on": 1, "w2_normal_damage": 0, "w2_normal_drive": 0, "w2_energy_damage": 30,
        "w2_energy_type": "blast",
        "r1_against": "heat", "r1_percent": 50, "r1_label": "Energy Affinity",
        "s1_level": "high", "s1_points": 10, "s2_level": "medium", "s2_points": 20,
        "s3_level": "low", "s3_points": 15, "s3_techshield": 1,
    }  # fmt: skip
    app = open_app(link("lurasko-attack", **inputs))
    shields = [
        Shield("high", 10, "shield 1"),
        Shield("medium", 20, "shield 2"),
        Shield("low", 15, "shield 3", doubly_effective_vs_blast=True),
    ]
    attack = Attack(
        (
            WeaponHit(0, 0, 60, "heat", name="weapon 1"),
            WeaponHit(0, 0, 30, "blast", name="weapon 2"),
        ),
        form="ranged",
        critical="drive",
        drive_bonus=2,
    )

    def resolve(armor: tuple[int, int]) -> lurasko.Resolution:
        heat = (Resistance("heat", 50, "Energy Affinity"),)
        return lurasko.resolve_attack(attack, Target(10, armor, resistances=heat), shields)

    r = resolve((16, 28))
    assert app.testid("total-damage") == str(r.total_damage)
    assert app.testid("degrees") == str(r.degrees)
    assert app.testid("injury-type") == "rolled"
    for slot, left in enumerate(r.shield_points, start=1):
        assert app.testid(f"shield-{slot}-left") == str(left)
    for portion in r.portions:
        testid = f"portion-{portion.hit + 1}-{portion.label}"
        assert app.testid(f"{testid}-damage") == str(portion.damage)
        assert app.testid(f"{testid}-drive") == str(portion.drive)
    assert shown_steps(app) == expected_steps(r)
    kinds = app.page.locator("[data-testid='side-effects'] li").evaluate_all(
        "(items) => items.map((li) => li.dataset.kind)"
    )
    assert kinds == [e.kind.value for e in r.side_effects]
    app.page.screenshot(path=str(screenshots / "lurasko-attack.png"), full_page=True)

    # A bad armor range: the message is beside the high end, the last result stays.
    app.set_input("Armor range: low end", 30)
    error = app.page.locator(".rf-input-error", has_text="Armor range: high end must be").first
    error.wait_for(state="visible")
    assert "got 28" in app.text(error)
    assert app.testid("total-damage") == str(r.total_damage)
    app.set_input("Armor range: high end", 40)
    moved = resolve((30, 40))
    app.wait_testid("total-damage", str(moved.total_damage))
    error.wait_for(state="hidden")
    assert shown_steps(app) == expected_steps(moved)
    app.page.wait_for_function("() => window.location.search.includes('armor_low=30')")
    assert_clean(app, server)
