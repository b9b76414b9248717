"""The Lur-Asko armor page (webapp/pages/lurasko/armor.py), headless: its numbers and chart are
what rules.lurasko computes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from webapp.pages.lurasko.armor import MAX_SPAN, LuraskoArmor, LuraskoArmorView

SMALL = st.one_of(st.none(), st.integers(-3, 60))


def test_armor_defaults_are_the_source_example() -> None:
    # Source: "a weapon with 17 (20 drive) damage, the drive is within your armor range of
    # 16-28, so you would take only 8 damage."
    m = LuraskoArmor()
    assert (m.damage, m.drive, m.armor_low, m.armor_high) == (17, 20, 16, 28)
    assert m.result.taken == lurasko.damage_through_armor(17, 20, (16, 28)) == 8
    assert m.result.band is lurasko.ArmorBand.WITHIN
    assert m.result.chart == lurasko.armor_chart(17, (16, 28), (0, 40))
    assert m.result.chart_electric == lurasko.armor_chart(
        17, (16, 28), (0, 40), electric=True, metallic=True
    )


def test_armor_electric_through_metallic_armor() -> None:
    # Source: "electric damage causes full damage instead of half if its drive is within the
    # armor range (drive below armor range is still blocked entirely)."
    m = LuraskoArmor(electric=True, metallic=True)
    assert m.result.taken == 17
    m.drive = 15
    assert m.result.taken == 0
    m.metallic = False
    m.drive = 16
    assert m.result.taken == 8


def test_armor_view_chart_follows_the_rules_and_the_theme() -> None:
    view = LuraskoArmorView()
    m = view.model
    m.param.update(damage=30, armor_low=10, armor_high=12, chart_from=5, chart_to=20)
    rows = lurasko.armor_chart(30, (10, 12), (5, 20))
    data = view._source.data
    assert list(data["armor_drive"]) == [row.drive for row in rows]
    assert list(data["armor_taken"]) == [row.damage_taken for row in rows]
    electric = lurasko.armor_chart(30, (10, 12), (5, 20), electric=True, metallic=True)
    assert list(data["armor_taken_electric"]) == [row.damage_taken for row in electric]
    assert view._here.data == {"drive": [20], "taken": [30]}
    assert "data-testid='damage-taken'>30<" in view._summary.object
    view.set_theme("dark")
    dark = view._fig.background_fill_color
    m.armor_high = None  # an emptied box, then a theme change: still the last good result
    view.set_theme("light")
    assert view._fig.background_fill_color != dark
    assert list(view._source.data["armor_drive"]) == [row.drive for row in rows]


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"damage": -1}, "damage"),
        ({"drive": None}, "drive"),
        ({"armor_low": -1}, "armor_low"),
        ({"armor_high": 15}, "armor_high"),
        ({"chart_from": -1}, "chart_from"),
        ({"chart_to": MAX_SPAN + 1}, "chart_to"),
        ({"chart_from": 10, "chart_to": 9}, "chart_to"),
    ],
)
def test_armor_bad_input_keeps_the_last_result_and_names_the_input(
    changes: dict[str, Any], named: str
) -> None:
    m = LuraskoArmor()
    good = m.result
    m.param.update(changes)
    assert m.result is good
    assert m.error_input == named
    assert m.error.startswith(f"{m.label_of(named)} must be")


@settings(max_examples=150, deadline=None)
@given(
    values=st.fixed_dictionaries(
        {
            "damage": SMALL,
            "drive": SMALL,
            "armor_low": SMALL,
            "armor_high": SMALL,
            "chart_from": SMALL,
            "chart_to": st.one_of(st.none(), st.integers(-5, 700)),
            "electric": st.booleans(),
            "metallic": st.booleans(),
        }
    )
)
def test_armor_any_input_gives_a_result_or_an_error_never_a_crash(values: dict[str, Any]) -> None:
    m = LuraskoArmor()
    m.param.update(values)
    if m.error:
        assert m.error_input in m.inputs
        return
    expected = lurasko.damage_through_armor(
        values["damage"], values["drive"], (values["armor_low"], values["armor_high"]),
        electric=values["electric"], metallic=values["metallic"],
    )  # fmt: skip
    assert m.result.taken == expected
    assert len(m.result.chart) == values["chart_to"] - values["chart_from"] + 1
