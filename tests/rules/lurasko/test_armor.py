"""Damage and drive against armor ranges (002, "Damage, Drive, & Armor Ranges")."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules import lurasko
from rules.lurasko import (
    ARMOR_CHART_MAX_ROWS,
    ArmorBand,
    armor_band,
    armor_chart,
    damage_through_armor,
)


@pytest.mark.parametrize(
    ("damage", "drive", "armor_range", "expected"),
    [
        # Source: "In the above example of a weapon with 17 (20 drive) damage, the drive is
        # within your armor range of 16-28, so you would take only 8 damage."
        (17, 20, (16, 28), 8),
        # Source: "ignore all damage with a drive below 16"
        (17, 15, (16, 28), 0),
        # Source: "50% of damage with a drive from 16 to 28" (both ends included)
        (17, 16, (16, 28), 8),
        (17, 28, (16, 28), 8),
        # Source: "take full damage with a drive greater than 28"
        (17, 29, (16, 28), 17),
        # Source: armor ranges "such as 16-26"
        (40, 26, (16, 26), 20),
        (40, 27, (16, 26), 40),
    ],
)
def test_source_examples(
    damage: int, drive: int, armor_range: tuple[int, int], expected: int
) -> None:
    assert damage_through_armor(damage, drive, armor_range) == expected


@pytest.mark.parametrize(
    ("drive", "expected"),
    [
        # Source: "electric damage causes full damage instead of half if its drive is within the
        # armor range (drive below armor range is still blocked entirely)"
        (15, 0),
        (16, 17),
        (28, 17),
        (29, 17),
    ],
)
def test_electric_through_metallic_armor(drive: int, expected: int) -> None:
    assert damage_through_armor(17, drive, (16, 28), electric=True, metallic=True) == expected


@pytest.mark.parametrize(("electric", "metallic"), [(True, False), (False, True)])
def test_only_electric_against_metallic_is_not_halved(electric: bool, metallic: bool) -> None:
    assert damage_through_armor(17, 20, (16, 28), electric=electric, metallic=metallic) == 8


def test_rounding_drops_the_fraction() -> None:
    # 50% of 19 is 9.5: round-half-even would give 10; the source's 17 -> 8 drops fractions.
    assert damage_through_armor(19, 20, (16, 28)) == 9
    assert damage_through_armor(1, 20, (16, 28)) == 0


def test_armor_band() -> None:
    assert [armor_band(d, (16, 28)) for d in (0, 15, 16, 28, 29)] == [
        ArmorBand.BELOW,
        ArmorBand.BELOW,
        ArmorBand.WITHIN,
        ArmorBand.WITHIN,
        ArmorBand.ABOVE,
    ]


def test_armor_range_of_one_drive() -> None:
    assert damage_through_armor(10, 5, (5, 5)) == 5
    assert damage_through_armor(10, 4, (5, 5)) == 0
    assert damage_through_armor(10, 6, (5, 5)) == 10


def test_armor_chart() -> None:
    rows = armor_chart(17, (16, 28), (14, 30), electric=True, metallic=True)
    assert [row.drive for row in rows] == list(range(14, 31))
    assert [row.damage_taken for row in rows] == [0, 0] + [17] * 15
    plain = armor_chart(17, (16, 28), (15, 29))
    assert [(r.drive, r.band, r.damage_taken) for r in plain[:2]] == [
        (15, ArmorBand.BELOW, 0),
        (16, ArmorBand.WITHIN, 8),
    ]
    assert plain[-1].damage_taken == 17
    assert all(row.damage_taken == damage_through_armor(17, row.drive, (16, 28)) for row in plain)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"armor_range": (28, 16)}, r"armor_range must be a \(low, high\) pair .* got \(28, 16\)"),
        ({"armor_range": (16,)}, r"armor_range must be .* got \(16,\)"),
        # An end of the range is named by its position (since issue 16).
        ({"armor_range": (-1, 5)}, r"armor_range\[0\] must be an integer >= 0, got -1"),
        ({"armor_range": "16-28"}, r"armor_range must be .* got '16-28'"),
        ({"armor_range": (16.0, 28)}, r"armor_range\[0\] must be an integer >= 0, got 16.0"),
        ({"damage": -1}, r"damage must be an integer >= 0, got -1"),
        ({"damage": 1.5}, r"damage must be an integer >= 0, got 1.5"),
        ({"drive": -3}, r"drive must be an integer >= 0, got -3"),
        ({"drive": True}, r"drive must be an integer >= 0, got True"),
        ({"electric": 1}, r"electric must be True or False, got 1"),
    ],
)
def test_bad_input(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"damage": 17, "drive": 20, "armor_range": (16, 28)}
    arguments.update(kwargs)
    electric = arguments.pop("electric", False)
    with pytest.raises(ValueError, match=message):
        damage_through_armor(**arguments, electric=electric)  # type: ignore[arg-type]


def test_bad_chart_span() -> None:
    with pytest.raises(ValueError, match=r"drives must be .* got \(30, 14\)"):
        armor_chart(17, (16, 28), (30, 14))


ranges = st.tuples(st.integers(0, 200), st.integers(0, 200)).map(lambda p: (min(p), max(p)))


@given(st.integers(0, 10_000), st.integers(0, 300), ranges, st.booleans(), st.booleans())
@example(17, 20, (16, 28), False, False)
@example(17, 20, (16, 28), True, True)
def test_armor_never_increases_damage(
    damage: int, drive: int, armor_range: tuple[int, int], electric: bool, metallic: bool
) -> None:
    taken = damage_through_armor(damage, drive, armor_range, electric=electric, metallic=metallic)
    assert 0 <= taken <= damage
    assert isinstance(taken, int)


@given(st.integers(0, 1000), st.integers(0, 299), ranges)
@example(17, 15, (16, 28))
def test_more_drive_never_lowers_damage(
    damage: int, drive: int, armor_range: tuple[int, int]
) -> None:
    assert damage_through_armor(damage, drive, armor_range) <= damage_through_armor(
        damage, drive + 1, armor_range
    )


@given(st.one_of(st.integers(-5, 5), st.floats(), st.text(max_size=3), st.none()), ranges)
def test_any_input_gives_a_result_or_a_value_error(
    value: object, armor_range: tuple[int, int]
) -> None:
    try:
        result = lurasko.damage_through_armor(value, value, armor_range)  # type: ignore[arg-type]
    except ValueError:
        return
    assert isinstance(result, int)


def test_armor_chart_rows_are_bounded() -> None:
    # The rows are listed one by one: at most ARMOR_CHART_MAX_ROWS of them (issue 16).
    rows = armor_chart(17, (16, 28), (5, 5 + ARMOR_CHART_MAX_ROWS - 1))
    assert len(rows) == ARMOR_CHART_MAX_ROWS
    with pytest.raises(ValueError, match=r"drives must be .* <= first \+ 10000 \(at most 10001"):
        armor_chart(17, (16, 28), (5, 5 + ARMOR_CHART_MAX_ROWS))
