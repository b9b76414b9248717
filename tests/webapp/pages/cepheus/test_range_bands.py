"""The Cepheus range-bands page (webapp/pages/cepheus/range_bands.py), headless: it shows exactly
what rules.cepheus computes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from webapp.pages.cepheus.range_bands import CepheusRangeBands, CepheusRangeBandsView


@pytest.mark.parametrize(
    ("unit", "distance"), [("squares", 0), ("squares", 34), ("metres", 51), ("metres", 1.49)]
)
def test_range_bands_match_the_rules(unit: str, distance: float) -> None:
    m = CepheusRangeBands(unit=unit, distance=distance)
    band = (
        cepheus.range_band(int(distance))
        if unit == "squares"
        else cepheus.range_band_metres(Fraction(str(distance)))
    )
    assert m.result.band is band
    assert dict(m.result.difficulties) == {
        w: cepheus.attack_difficulty(w, band) for w in cepheus.WeaponType
    }
    assert band.position <= m.result.position <= band.position + 1


def test_range_bands_bad_distance_and_chart_cells() -> None:
    view = CepheusRangeBandsView()
    m = view.model
    good = m.result
    m.distance = -1
    assert m.error_input == "distance" and m.result is good
    data = view._cells.data
    reachable = sum(len(cepheus.bands_in_reach(w)) for w in cepheus.WeaponType)
    assert len(data["x"]) == reachable  # one cell per band in reach: the rest are gaps


@settings(max_examples=60, deadline=None)
@given(
    distance=st.one_of(st.none(), st.floats(-10, 5000, allow_nan=False, allow_infinity=False)),
    unit=st.sampled_from(["squares", "metres"]),
)
def test_range_bands_any_input_gives_a_result_or_an_error(
    distance: float | None, unit: str
) -> None:
    bands = CepheusRangeBands()
    bands.param.update(distance=distance, unit=unit)
    assert bool(bands.error) or bands.result.band in cepheus.RangeBand


def test_range_bands_chart_recolours_with_the_theme() -> None:
    view = CepheusRangeBandsView()
    light = view._charts[0].background_fill_color
    view.set_theme("dark")
    assert view._charts[0].background_fill_color != light
