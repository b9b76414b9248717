"""The hits on each location of a vehicle (``rules.cepheus.vehicle_hit_locations``), against
an enumeration of every hit group's 2D6 on the Vehicle Hit Location table."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import (
    DEFAULT_VARIANT,
    HitTable,
    Variant,
)
from rules.dice import Distribution
from tests.rules.cepheus.vehicle_oracles import (
    REPLACE,
    brute_locations,
)


@pytest.mark.parametrize("table", list(HitTable))
@pytest.mark.parametrize(
    "damage",
    [
        {0: Fraction(1)},
        {5: Fraction(1, 2), 9: Fraction(1, 3), 14: Fraction(1, 6)},
        {-3: Fraction(1, 4), 19: Fraction(1, 4), 23: Fraction(1, 4), 33: Fraction(1, 4)},
        {12: Fraction(1, 3), 39: Fraction(2, 3)},
    ],
    ids=["none", "small", "triples", "past-33"],
)
def test_location_hits_match_enumeration(damage: dict[int, Fraction], table: HitTable) -> None:
    got = cepheus.location_hits_distribution(Distribution(damage), table)
    assert dict(got) == brute_locations(damage, table)


@pytest.mark.parametrize("variant", [DEFAULT_VARIANT, REPLACE], ids=["both-add", "replaces"])
def test_location_hits_past_33_under_both_readings(variant: Variant) -> None:
    # Variant.vehicle_double_replaces_singles: 39 and 42 points are 5 and 6 hit groups as
    # printed, 3 and 4 when each Double replaces two Singles.
    damage = {36: Fraction(1, 4), 39: Fraction(1, 2), 42: Fraction(1, 4)}
    got = cepheus.location_hits_distribution(Distribution(damage), "external", variant=variant)
    assert dict(got) == brute_locations(damage, HitTable.EXTERNAL, variant)
    # By hand, Hull (12 of 36): 36 points are 7 hits either way, 39 are 10 or 8, 42 are 11 or 9.
    printed = variant is DEFAULT_VARIANT
    hits = Fraction(7, 4) + Fraction(10 if printed else 8, 2) + Fraction(11 if printed else 9, 4)
    assert got[cepheus.Location.HULL].mean() == hits / 3


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(st.integers(-5, 120), st.integers(1, 5), min_size=1, max_size=6),
    st.sampled_from(list(HitTable)),
)
def test_location_hits_sum_to_one_and_mean_is_linear(
    weights: dict[int, int], table: HitTable
) -> None:
    damage = Distribution.from_counts(weights)
    got = cepheus.location_hits_distribution(damage, table)
    chances = cepheus.hit_location_odds(table)
    assert set(got) == set(chances)
    hits = damage.map(cepheus.vehicle_hits)
    for location, dist in got.items():
        assert sum(dist.values()) == 1
        # Linearity: each group of size n lands here with the location's chance.
        expected = sum(
            (p * (s + 2 * d + 3 * t) * chances[location] for (s, d, t), p in hits.items()),
            Fraction(0),
        )
        assert dist.mean() == expected


def test_location_hits_refuses_damage_beyond_its_bound() -> None:
    with pytest.raises(ValueError, match=r"^damage outcome must be an integer <= 300, got 301"):
        cepheus.location_hits_distribution(Distribution({301: 1}))
    with pytest.raises(ValueError, match=r"^damage must be a Distribution"):
        cepheus.location_hits_distribution({3: 1})  # type: ignore[arg-type]
