"""The Lur-Asko pages in a real browser: shown numbers against rules.lurasko, updates, errors.

One page load per page (each costs ~13 s on a 2-core machine), several checks per load. The
expected numbers come from :mod:`rules.lurasko` called directly, never from the page model.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sitetools import FIND_SOURCE, AppPage, Server

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


def check_clean(app: AppPage, server: Server) -> None:
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/")) == []


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
    check_clean(app, server)


def chart_data(app: AppPage) -> dict[str, list[int]]:
    data = app.page.evaluate(f"() => {{ {FIND_SOURCE} return find('armor_taken'); }}")
    assert data is not None, "no armor chart data in the document"
    return dict(data)


def test_armor_chart_embedded_follows_the_rules(open_app: Any, server: Server) -> None:
    inputs = {"damage": 30, "drive": 12, "armor_low": 10, "armor_high": 14, "electric": 1,
              "metallic": 1, "chart_from": 5, "chart_to": 25}  # fmt: skip
    app = open_app(link("lurasko-armor", embed=1, **inputs))
    assert app.page.locator("html").get_attribute("data-embed") == "true"
    assert not app.page.get_by_text("All calculators").first.is_visible()
    taken = lurasko.damage_through_armor(30, 12, (10, 14), electric=True, metallic=True)
    assert app.testid("damage-taken") == str(taken) == "30"
    assert app.testid("armor-band") == lurasko.armor_band(12, (10, 14)).value
    rows = lurasko.armor_chart(30, (10, 14), (5, 25))
    electric = lurasko.armor_chart(30, (10, 14), (5, 25), electric=True, metallic=True)
    assert chart_data(app) == {
        "armor_drive": [row.drive for row in rows],
        "armor_taken": [row.damage_taken for row in rows],
        "armor_taken_electric": [row.damage_taken for row in electric],
    }

    # Panel 1.10 checkboxes have no <label> (a div.bk-label in a bk-Checkbox): click the box.
    metallic = app.page.locator(".bk-Checkbox", has_text="Metallic armor").locator("input")
    metallic.first.click()
    app.wait_testid("damage-taken", str(lurasko.damage_through_armor(30, 12, (10, 14))))
    app.set_input("Armor range: high end", 11)
    app.wait_testid("armor-band", lurasko.armor_band(12, (10, 11)).value)
    expected = [row.damage_taken for row in lurasko.armor_chart(30, (10, 11), (5, 25))]
    app.page.wait_for_function(
        f"() => {{ {FIND_SOURCE} return find('armor_taken').armor_taken.join() === "
        f"'{','.join(map(str, expected))}'; }}"
    )
    check_clean(app, server)


def test_pseudogravity_follows_the_rules(open_app: Any, server: Server) -> None:
    inputs = {"pounds": 100, "inventory": 20, "flying_spd": 3, "weight_fraction": "1/8",
              "points": 50, "silencing1": 4, "silencing2": 4}  # fmt: skip
    app = open_app(link("lurasko-pseudogravity", **inputs))
    fraction = Fraction(1, 8)
    # Source: "two overlapping areas of 4 silencing would create a total effect of 5 silencing"
    silencing = lurasko.combined_silencing([4, 4])
    assert app.testid("silencing") == str(silencing) == "5"
    weight = lurasko.effective_weight(100, 3, inventory=20)
    assert app.testid("effective-weight") == str(weight)
    needed = lurasko.points_needed(100, fraction, flying_spd=3, inventory=20, silencing=5)
    assert needed == Fraction(195, 2)
    assert app.testid("points-needed") == "98"  # the fewest whole points reaching 97.5
    assert app.testid("effective-points") == str(lurasko.effective_points(50, silencing))
    enough = lurasko.can_affect(50, 100, fraction, flying_spd=3, inventory=20, silencing=5)
    assert app.testid("can-affect") == ("yes" if enough else "no")
    assert app.page.get_by_text("The rules give no number here").first.is_visible()

    app.set_input("Silencing area 2 (0 = none)", 0)
    app.wait_testid("silencing", "4")
    needed = lurasko.points_needed(100, fraction, flying_spd=3, inventory=20, silencing=4)
    assert app.testid("points-needed") == str(needed)
    app.set_input("Points per pound of weight", "abc")
    error = app.page.locator(".rf-input-error", has_text="Ability or device) must be").first
    error.wait_for(state="visible")
    assert app.testid("points-needed") == str(needed)
    app.set_input("Points per pound of weight", "0.25")
    quarter = lurasko.points_needed(100, Fraction(1, 4), flying_spd=3, inventory=20, silencing=4)
    app.wait_testid("points-needed", str(quarter))
    check_clean(app, server)
