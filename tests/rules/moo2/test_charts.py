"""Per-square range tables: ``rules/moo2/charts.py``."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from rules import moo2
from tests.rules.moo2.oracle import oracle_potential, oracle_shot


@pytest.mark.parametrize(("mount", "rows"), [("point_defense", 13), ("normal", 25), ("heavy", 52)])
def test_one_row_per_square(mount: str, rows: int) -> None:
    table = moo2.range_table(5, 20, 30, 10, mount=mount)
    assert [row.squares for row in table] == list(range(rows))


@pytest.mark.parametrize("mount", list(moo2.Mount))
@pytest.mark.parametrize("formula", list(moo2.Formula))
def test_rows_follow_the_source(mount: moo2.Mount, formula: moo2.Formula) -> None:
    # The table lookups of each square, and the chance and damage against the source's
    # arithmetic over the 100 rolls (tests/rules/moo2/oracle.py).
    options: dict[str, Any] = {"hef": 25, "double_penalty": True, "shield": 2}
    table = moo2.range_table(50, 100, 40, 5, mount=mount, formula=formula, **options)
    for row in table:
        s = row.squares
        assert row.range_units == moo2.range_units(s, mount)
        assert row.penalty == moo2.range_penalty(s, mount, double_penalty=True)
        assert row.dissipation == moo2.dissipation_penalty(s, mount)
        assert row.hit_threshold == moo2.hit_threshold(s, mount=mount, double_penalty=True)
        low = oracle_potential(50, s, mount, hef=25)
        high = oracle_potential(100, s, mount, hef=25)
        assert (row.min_damage, row.max_damage) == (low, high)
        damages = [
            oracle_shot(low, high, 35, s, r, mount, formula, doubled=True, shield=2)
            for r in range(1, 101)
        ]
        assert row.mean_damage == Fraction(sum(damages), 100)
        # Without a shield every hit does at least 1, so the hits are the rolls doing damage.
        hits = sum(
            oracle_shot(low, high, 35, s, r, mount, formula, doubled=True) > 0
            for r in range(1, 101)
        )
        assert row.hit_probability == Fraction(hits, 100)
    probabilities = [row.hit_probability for row in table]
    assert probabilities == sorted(probabilities, reverse=True)


def test_death_ray_rows() -> None:
    # Source: "Different Min-Max Damage", the Death Ray at 11 and 23 squares.
    table = moo2.range_table(50, 100, 10, 0)
    assert (table[11].min_damage, table[11].max_damage, table[11].hit_threshold) == (35, 70, 70)
    assert (table[23].min_damage, table[23].max_damage, table[23].hit_threshold) == (18, 35, 95)


def test_not_reduced_by_range_rows_show_no_dissipation() -> None:
    table = moo2.range_table(10, 40, 0, 0, reduced_by_range=False)
    assert {row.dissipation for row in table} == {0}
    assert {(row.min_damage, row.max_damage) for row in table} == {(10, 40)}


def test_rows_are_frozen() -> None:
    row = moo2.range_table(1, 4, 0, 0)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.squares = 3  # type: ignore[misc]


def test_bad_input_raises_value_error() -> None:
    with pytest.raises(ValueError, match=r"^mount must be one of .*got 'big'$"):
        moo2.range_table(1, 4, 0, 0, mount="big")
    with pytest.raises(ValueError, match=r"^max_damage must be an integer >= min_damage \(4\)"):
        moo2.range_table(4, 1, 0, 0)
