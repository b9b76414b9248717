"""The public surface of ``rules.lurasko``: names, exports, errors."""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import rules.lurasko as package
from rules import lurasko
from rules.validation import InvalidInput


def _isort_key(name: str) -> tuple[int, str]:
    # The order ruff's RUF022 keeps: CONSTANTS, then Classes, then functions.
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def test_all_is_sorted_and_complete() -> None:
    assert list(package.__all__) == sorted(package.__all__, key=_isort_key)
    assert len(set(package.__all__)) == len(package.__all__)
    for name in package.__all__:
        assert hasattr(package, name), name


@pytest.mark.parametrize(
    "name",
    [
        "damage_through_armor",
        "scale_damage",
        "combine_drive",
        "is_critical",
        "combined_silencing",
        "effective_weight",
        "shield",
        "resolve_attack",
        "armor_chart",
    ],
)
def test_public_functions_are_documented(name: str) -> None:
    function = getattr(lurasko, name)
    doc = inspect.getdoc(function) or ""
    assert "Rule:" in doc and "Raises:" in doc and ">>>" in doc


def test_issue_api() -> None:
    # The exact calls other code makes (the issue's "Public API").
    assert lurasko.damage_through_armor(17, 20, (16, 28), electric=False, metallic=False) == 8
    assert lurasko.scale_damage(100, [75, 50]) == 37
    assert lurasko.combine_drive(32, 15, 24) == ((32, 15), (24, 24))
    assert lurasko.is_critical(34, 14) is True
    assert lurasko.combined_silencing([4, 4]) == 5
    assert lurasko.combined_silencing([1, 1]) == Fraction(5, 4)
    assert lurasko.effective_weight(100, 3) == 130
    assert lurasko.shield(40, 50) == (0, 10)


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: lurasko.damage_through_armor(-1, 20, (16, 28)), "damage"),
        (lambda: lurasko.damage_through_armor(17, 20, (28, 16)), "armor_range"),
        (lambda: lurasko.scale_damage(10, [-1]), "percents"),
        (lambda: lurasko.combine_drive(1, 1, -1), "energy_damage"),
        (lambda: lurasko.is_critical("34", 14), "roll"),
        (lambda: lurasko.combined_silencing(["x"]), "levels"),
        (lambda: lurasko.effective_weight(100, -3), "flying_spd"),
        (lambda: lurasko.shield(40, -50), "points"),
    ],
)
def test_errors_are_value_errors_naming_the_parameter(call: object, parameter: str) -> None:
    with pytest.raises(ValueError, match=rf"^{parameter}") as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, InvalidInput)
    assert " must be " in str(info.value) and ", got " in str(info.value)


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-50, 300),
    st.fractions(-5, 300, max_denominator=8),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.lists(st.integers(-5, 50) | st.text(max_size=2), max_size=3),
    st.tuples(st.integers(-5, 50), st.integers(-5, 50)),
)

ISSUE_API = {
    "damage_through_armor": 3,
    "scale_damage": 2,
    "combine_drive": 3,
    "is_critical": 2,
    "combined_silencing": 1,
    "effective_weight": 2,
    "shield": 2,
}


@given(st.sampled_from(sorted(ISSUE_API)), st.lists(junk, min_size=3, max_size=3))
@example("damage_through_armor", [17, 20, (28, 16)])
@example("combined_silencing", [[], None, None])
@example("effective_weight", [float("nan"), 3, None])
def test_any_input_gives_a_result_or_a_value_error(name: str, values: list[object]) -> None:
    function = getattr(lurasko, name)
    try:
        result = function(*values[: ISSUE_API[name]])
    except ValueError as error:
        assert str(error)
        return
    assert not isinstance(result, float)
