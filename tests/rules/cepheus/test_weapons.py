"""Attack difficulty by weapon type and range band."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import cepheus
from rules.cepheus import Difficulty, RangeBand, WeaponType

_ABBREVIATIONS = {
    "Avg": Difficulty.AVERAGE,
    "Diff": Difficulty.DIFFICULT,
    "VDiff": Difficulty.VERY_DIFFICULT,
    "Formidable": Difficulty.FORMIDABLE,
    "-": None,
}

# Source: README.md "The attack difficulty table, with "-" where the weapon cannot attack
# (Personal / Close / Short / Medium / Long / Very Long / Distant)", and the chapter's table
# "Weapon Personal Close Short Medium Long Very Long Distant".
TABLE = {
    "close_quarters": "Avg/Diff/-/-/-/-/-",
    "extended_reach": "Diff/Avg/-/-/-/-/-",
    "thrown": "-/Avg/Diff/Diff/-/-/-",
    "pistol": "Diff/Avg/Avg/Diff/VDiff/-/-",
    "rifle": "VDiff/Diff/Avg/Avg/Avg/Diff/VDiff",
    "shotgun": "Diff/Avg/Diff/Diff/VDiff/-/-",
    "assault_weapon": "Diff/Avg/Avg/Avg/Diff/VDiff/Formidable",
    "rocket": "VDiff/Diff/Diff/Avg/Avg/Diff/VDiff",
}

CASES = [
    (weapon, band, _ABBREVIATIONS[cell])
    for weapon, row in TABLE.items()
    for band, cell in zip(RangeBand, row.split("/"), strict=True)
]


@pytest.mark.parametrize(("weapon", "band", "difficulty"), CASES)
def test_attack_difficulty_table(weapon: str, band: RangeBand, difficulty: Difficulty) -> None:
    assert cepheus.attack_difficulty(weapon, band) is difficulty
    assert cepheus.attack_difficulty(WeaponType(weapon), band.value) is difficulty


def test_flattened_rows_keep_their_printed_sequence() -> None:
    # Source (flattened): "Thrown Average Difficult Difficult", "Close Quarters Average Difficult"
    printed = {
        "close_quarters": "Average Difficult",
        "extended_reach": "Difficult Average",
        "thrown": "Average Difficult Difficult",
        "pistol": "Difficult Average Average Difficult Very Difficult",
        "shotgun": "Difficult Average Difficult Difficult Very Difficult",
    }
    for weapon, cells in printed.items():
        row = cepheus.ATTACK_DIFFICULTIES[WeaponType(weapon)]
        assert " ".join(d.label for d in row if d is not None) == cells


def test_weapons_that_reach_distant() -> None:
    # Source: "Any weapon that has the ability to fire into the Distant range band (including
    # ranged(Rifle), ranged(Assault Weapon) and ranged(Rocket) attacks)"
    reach = {w for w in WeaponType if RangeBand.DISTANT in cepheus.bands_in_reach(w)}
    assert reach == {WeaponType.RIFLE, WeaponType.ASSAULT_WEAPON, WeaponType.ROCKET}


def test_weapon_values_and_melee() -> None:
    assert [w.value for w in WeaponType] == list(TABLE)
    assert {w for w in WeaponType if w.melee} == {
        WeaponType.CLOSE_QUARTERS,
        WeaponType.EXTENDED_REACH,
    }
    assert cepheus.bands_in_reach("thrown") == (
        RangeBand.CLOSE,
        RangeBand.SHORT,
        RangeBand.MEDIUM,
    )


@pytest.mark.parametrize(
    ("weapon", "band", "message"),
    [
        ("laser", "close", r"weapon must be one of 'close_quarters', .*'rocket', got 'laser'"),
        ("rifle", "far", r"band must be one of 'personal', .*'distant', got 'far'"),
        ("rifle", 3, r"band must be one of .* got 3"),
        (None, "close", r"weapon must be one of .* got None"),
    ],
)
def test_bad_input(weapon: object, band: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cepheus.attack_difficulty(weapon, band)  # type: ignore[arg-type]


@given(st.sampled_from(list(WeaponType)), st.sampled_from(list(RangeBand)))
def test_every_cell_is_a_difficulty_or_none(weapon: WeaponType, band: RangeBand) -> None:
    result = cepheus.attack_difficulty(weapon, band)
    assert result is None or isinstance(result, Difficulty)
    assert (result is not None) == (band in cepheus.bands_in_reach(weapon))


@given(st.text(), st.text())
def test_unknown_names_raise_value_error(weapon: str, band: str) -> None:
    if weapon in TABLE and band in {b.value for b in RangeBand}:
        return
    with pytest.raises(ValueError):
        cepheus.attack_difficulty(weapon, band)
