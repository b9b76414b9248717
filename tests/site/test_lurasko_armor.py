"""The Lur-Asko armor page in a real browser, embedded, one page load: its chart against
rules.lurasko called directly.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from sitetools import FIND_SOURCE, AppPage, Server, assert_clean, source

from rules import lurasko


def link(page: str, **inputs: object) -> str:
    return "?" + urlencode({"page": page, **{k: str(v) for k, v in inputs.items()}})


def chart_data(app: AppPage) -> dict[str, list[int]]:
    return source(app, "armor_taken")


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
    assert_clean(app, server)
