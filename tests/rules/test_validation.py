"""The one validation layer: structured errors, and what each check accepts (issues 10, 16)."""

from __future__ import annotations

import itertools
import pickle
from fractions import Fraction

import pytest

from rules.validation import (
    MAX_ITEMS,
    MAX_MAGNITUDE,
    InvalidInput,
    InvalidType,
    check_bool,
    check_choice,
    check_instance,
    check_int,
    check_items,
    check_mapping,
    check_number,
    check_text,
    describe,
    is_output_record,
    output_record,
)


def test_errors_carry_parameter_allowed_and_value() -> None:
    error = InvalidInput("squares", "an integer in 0..24", 25)
    assert str(error) == "squares must be an integer in 0..24, got 25"
    assert (error.parameter, error.allowed, error.value, error.where) == (
        "squares",
        "an integer in 0..24",
        25,
        "",
    )
    assert isinstance(error, ValueError)


def test_where_inside_a_parameter_is_kept_apart_from_its_name() -> None:
    error = InvalidInput("levels[1]", "a number >= 1", 0)
    assert str(error) == "levels[1] must be a number >= 1, got 0"
    assert (error.parameter, error.where) == ("levels", "[1]")
    error = InvalidInput("current", "<= maximum strength (7)", 8, where=" strength")
    assert str(error) == "current strength must be <= maximum strength (7), got 8"
    assert error.parameter == "current"


def test_a_whole_message_still_works_and_is_read_back() -> None:
    # The form of code written before the attributes (issue 10): the message is unchanged.
    error = InvalidInput("path[0] must be an (x, y) pair of integers, got 3")
    assert str(error) == "path[0] must be an (x, y) pair of integers, got 3"
    assert (error.parameter, error.where, error.allowed) == (
        "path",
        "[0]",
        "an (x, y) pair of integers",
    )
    assert error.value is None


def test_invalid_type_is_both_value_error_and_type_error() -> None:
    with pytest.raises(TypeError):
        check_int("squares", "3")
    with pytest.raises(ValueError) as info:
        check_int("squares", "3")
    assert isinstance(info.value, InvalidType)
    assert info.value.parameter == "squares"


def test_errors_survive_pickling() -> None:
    error = InvalidInput("levels[1]", "a number >= 1", 0)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.parameter, copy.where, copy.allowed, copy.value) == (
        str(error),
        "levels",
        "[1]",
        "a number >= 1",
        0,
    )


def test_describe_never_fails_and_stays_short() -> None:
    assert describe(10**5000) == "<an integer of about 5001 digits>"
    assert describe(Fraction(1, 10**5000)) == "<a Fraction too large to show>"
    assert len(describe(list(range(10_000)))) == 200
    with pytest.raises(InvalidInput) as info:
        check_int("dice", 10**5000, 0, 300)
    assert (
        str(info.value)
        == "dice must be an integer in 0..300, got <an integer of about 5001 digits>"
    )
    assert info.value.value == 10**5000


@pytest.mark.parametrize("value", [True, False, 3.0, Fraction(3), "3", None, [3], 1 + 0j])
def test_check_int_refuses_what_is_not_an_integer(value: object) -> None:
    with pytest.raises(InvalidType, match=r"^n must be an integer, got "):
        check_int("n", value)


def test_check_int_bounds_the_magnitude() -> None:
    assert check_int("n", MAX_MAGNITUDE) == MAX_MAGNITUDE
    assert check_int("n", -MAX_MAGNITUDE) == -MAX_MAGNITUDE
    with pytest.raises(InvalidInput, match=r"^n must be an integer in -9007199254740991\.\."):
        check_int("n", MAX_MAGNITUDE + 1)
    # A bound of the function keeps its own text; the magnitude only narrows what is missing.
    with pytest.raises(InvalidInput, match=r"^n must be an integer >= 0, got -1$"):
        check_int("n", -1, 0)
    with pytest.raises(InvalidInput, match=r"^n must be an integer in 0\.\.9007199254740991, "):
        check_int("n", 2**60, 0)


def test_check_number_is_exact_and_finite() -> None:
    assert check_number("m", 0.1) == Fraction(3602879701896397, 36028797018963968)
    assert check_number("m", Fraction(1, 3)) == Fraction(1, 3)
    assert check_number("m", 5e-324) == Fraction(1, 2**1074)
    for value in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(InvalidInput, match=r"^m must be a number, got "):
            check_number("m", value)
    for value in (True, "1", None, 1 + 1j):
        with pytest.raises(InvalidType):
            check_number("m", value)
    with pytest.raises(
        InvalidInput, match=r"^m must be a number in 0\.\.9007199254740991, got 1e\+300"
    ):
        check_number("m", 1e300, 0)
    with pytest.raises(InvalidInput, match=r"no finer than 2\*\*-1074"):
        check_number("m", Fraction(1, 10**400))


def test_numpy_numbers_become_python_numbers() -> None:
    np = pytest.importorskip("numpy")
    value = check_int("n", np.int64(10**15))
    assert type(value) is int and value == 10**15
    assert type(check_int("n", np.uint8(200))) is int
    number = check_number("m", np.int64(5))
    assert type(number.numerator) is int and number == 5
    assert check_number("m", np.float64(1.5)) == Fraction(3, 2)
    assert check_number("m", np.float32(0.1)) == Fraction(float(np.float32(0.1)))
    # A Fraction built from numpy integers keeps numpy integers inside; they are unwrapped.
    inner = check_number("m", Fraction(np.int64(3), np.int64(4)))
    assert type(inner.numerator) is int and inner == Fraction(3, 4)
    with pytest.raises(InvalidInput):
        check_number("m", np.float64("nan"))
    assert check_bool("flag", np.bool_(True)) is True
    with pytest.raises(InvalidType, match=r"^n must be an integer, got np.True_$"):
        check_int("n", np.bool_(True))


def test_check_bool_takes_only_true_or_false() -> None:
    assert check_bool("planet", False) is False
    for value in (0, 1, "yes", None):
        with pytest.raises(InvalidType, match=r"^planet must be True or False, got "):
            check_bool("planet", value)


def test_check_choice_takes_members_and_values_only() -> None:
    from rules.moo2 import Mount

    assert check_choice("mount", "heavy", Mount) is Mount.HEAVY
    for value in (None, True, [], {}, 3, "Heavy"):
        with pytest.raises(InvalidInput, match=r"^mount must be one of 'normal', 'heavy'"):
            check_choice("mount", value, Mount)


def test_check_text_and_check_instance() -> None:
    assert check_text("name", "") == ""
    with pytest.raises(InvalidInput, match=r"^name must be non-empty text, got ''$"):
        check_text("name", "", empty=False)
    with pytest.raises(InvalidType, match=r"^name must be text, got 3$"):
        check_text("name", 3)
    with pytest.raises(InvalidType, match=r"^situation must be an AttackSituation, got \{\}$"):
        from rules.cepheus import AttackSituation

        check_instance("situation", {}, AttackSituation)


class TestSequences:
    """One policy for every "sequence of X" parameter of the package."""

    def test_any_iterable_is_read(self) -> None:
        assert check_items("xs", [1, 2], "numbers") == (1, 2)
        assert check_items("xs", (1, 2), "numbers") == (1, 2)
        assert check_items("xs", range(3), "numbers") == (0, 1, 2)
        assert check_items("xs", (n for n in (4, 5)), "numbers") == (4, 5)
        assert check_items("xs", {1, 2}, "numbers", ordered=False) in ((1, 2), (2, 1))

    @pytest.mark.parametrize(
        ("value", "why"),
        [
            ("12", r"\(not text\)"),
            (b"12", r"\(not text\)"),
            (bytearray(b"12"), r"\(not text\)"),
            ({1: 2}, r"\(not a mapping\)"),
            ({1, 2}, r"\(not a set: its order is arbitrary\)"),
            (frozenset({1}), r"\(not a set: its order is arbitrary\)"),
            ({1: 2}.keys(), r"\(not a set: its order is arbitrary\)"),
            (12, r"numbers, got 12$"),
            (None, r"numbers, got None$"),
        ],
    )
    def test_text_mappings_and_sets_are_refused(self, value: object, why: str) -> None:
        with pytest.raises(InvalidType, match=rf"^xs must be a sequence of at most 10000 .*{why}"):
            check_items("xs", value, "numbers")

    def test_the_length_is_bounded_even_for_an_endless_iterator(self) -> None:
        assert len(check_items("xs", [0] * MAX_ITEMS, "numbers")) == MAX_ITEMS
        with pytest.raises(InvalidInput, match=r"^xs must be a sequence of at most 3 numbers"):
            check_items("xs", [0] * 4, "numbers", max_items=3)
        with pytest.raises(InvalidInput, match=r"^xs must be a sequence of at most 10000 numbers"):
            check_items("xs", itertools.count(), "numbers")

    def test_mappings(self) -> None:
        assert check_mapping("m", {"a": 1}, "names to points") == (("a", 1),)
        with pytest.raises(InvalidType, match=r"^m must be a mapping of names to points"):
            check_mapping("m", [("a", 1)], "names to points")
        with pytest.raises(InvalidInput, match=r"\(at most 1 entries\)"):
            check_mapping("m", {"a": 1, "b": 2}, "names to points", max_items=1)


def test_output_records_are_marked_and_documented() -> None:
    @output_record
    class Row:
        """A row."""

    assert is_output_record(Row)
    assert "Output only" in (Row.__doc__ or "")

    class Sub(Row):
        pass

    assert not is_output_record(Sub)  # a subclass decides for itself
