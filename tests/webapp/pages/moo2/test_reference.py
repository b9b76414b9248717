"""The MOO2 reference page, headless: each cell is what rules.moo2 gives, and says so."""

from __future__ import annotations

import html
import re

from rules import moo2
from webapp.pages.moo2.reference import (
    PRINT_CSS,
    TABLES,
    Moo2Reference,
    Moo2ReferenceView,
    table_html,
)


def find(key: str):  # type: ignore[no-untyped-def]
    return next(t for t in TABLES if t.key == key)


def test_range_table_is_the_rules_range_bands() -> None:
    table = find("range")
    assert len(table.rows) == len(moo2.RANGE_BANDS)
    for row, band in zip(table.rows, moo2.RANGE_BANDS, strict=True):
        assert row[0].text == str(band.range_units)
        assert row[-1].text == str(band.penalty)
    # Source: "Range Penalty to Accuracy": Hv 46-51 in range 8, PD 10-12 in range 8.
    assert [c.text for c in table.rows[8]] == ["8", "22-24", "10-12", "46-51", "85"]
    assert table.rows[1][2].text == "-"  # PD skips the odd columns


def test_damage_table_cells_are_damage_potential() -> None:
    table = find("damage")
    # Source: "Reduced by Range": Phasor 4-14 at 10-12 squares (70%), 3-12 at 13-15 (60%),
    # Death Ray 50-100 at 0.
    by_range = {row[0].text: [c.text for c in row] for row in table.rows}
    assert by_range["10-12"][4] == "4-14" and by_range["13-15"][4] == "3-12"
    assert by_range["0"][6] == "50-100"
    for row, band in zip(table.rows, moo2.RANGE_BANDS, strict=True):
        first = band.normal_squares[0]
        for cell, weapon in zip(row[3:], moo2.WEAPONS, strict=True):
            low, high = moo2.damage_potential(weapon.min_damage, weapon.max_damage, first)
            assert cell.text == (str(low) if low == high else f"{low}-{high}")
            assert cell.rule.startswith("moo2.damage_potential(")


def test_threshold_table_is_hit_threshold() -> None:
    table = find("threshold")
    for row, band in zip(table.rows, moo2.RANGE_BANDS, strict=True):
        normal = moo2.hit_threshold(band.normal_squares[0])
        assert row[2].text == str(normal)


def test_drive_missile_fighter_tables() -> None:
    drives = find("drives")
    assert [(r[0].text, r[1].text, r[2].text) for r in drives.rows] == [
        (d.name, str(d.ftl_level), str(d.missile_speed)) for d in moo2.DRIVES
    ]
    assert [r[1].text for r in find("missiles").rows] == ["-10", "15", "40", "70"]
    assert [r[1].text for r in find("fighters").rows] == [
        str(v) for v in moo2.FIGHTER_BASE_SPEED.values()
    ]


def test_every_value_cell_names_its_rule_and_section() -> None:
    for table in TABLES:
        text = table_html(table)
        assert html.escape(table.section) in text and table.rule.split(",")[0] in text
        for row in table.rows:
            for cell in row[1:]:
                if cell.text != "-":
                    assert cell.rule, (table.key, cell)
        titles = re.findall(r"<td[^>]*title='([^']*)'", text)
        assert titles and all("(" in t for t in titles)


def test_one_table_or_all() -> None:
    m = Moo2Reference()
    assert len(m.result.tables) == len(TABLES)
    m.table = "arcs"
    assert [t.key for t in m.result.tables] == ["arcs"]


def test_print_css_puts_each_table_on_its_own_page() -> None:
    assert "@media print" in PRINT_CSS and "break-after: page" in PRINT_CSS
    view = Moo2ReferenceView()
    assert view._tables.object.count("<table") == len(TABLES)
    assert "embed=1" in view._print_link.object
