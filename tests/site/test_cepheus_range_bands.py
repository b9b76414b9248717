"""The Cepheus range-bands page in a real browser, one page load: its chart against
rules.cepheus, and the switch of unit.
"""

from __future__ import annotations

from typing import Any

from sitetools import Server, assert_clean

from rules import cepheus


def test_range_bands_chart_and_unit_switch(open_app: Any, server: Server) -> None:
    app = open_app("?page=cepheus-range-bands&distance=400&unit=metres")
    band = cepheus.range_band_metres(400)
    assert app.testid("band") == band.label
    for weapon in cepheus.WeaponType:
        difficulty = cepheus.attack_difficulty(weapon, band)
        expected = difficulty.label if difficulty else "cannot attack"
        assert expected in app.testid(f"at-{weapon.value}")
    cells = app.page.evaluate(
        """() => { for (const m of window.rangefinderDocument.all_models) {
             if (m.type !== 'ColumnDataSource') continue;
             const d = m.data instanceof Map ? Object.fromEntries(m.data) : m.data;
             if ('difficulty' in d) return Array.from(d.difficulty).length; } return null; }"""
    )
    assert cells == sum(len(cepheus.bands_in_reach(w)) for w in cepheus.WeaponType)
    app.click_option("squares (1.5 m)")
    app.wait_testid("band", cepheus.range_band(400).label)
    assert_clean(app, server)
