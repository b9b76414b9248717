"""Chance to hit: ``rules/moo2/accuracy.py``, against a brute-force oracle over all 100 rolls."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import moo2

MOUNTS = tuple(moo2.Mount)
FORMULAS = tuple(moo2.Formula)
# Attack margins (BA+CO-AF-BD) for the sweeps: a coarse grid plus every edge of the formulas.
MARGINS = sorted({*range(-140, 141, 13), 38, 39, 54, 55, 94, 95, 98, 99, 100})
PD_BONUS = {moo2.Mount.NORMAL: 0, moo2.Mount.HEAVY: 0, moo2.Mount.POINT_DEFENSE: 25}


def oracle_hits(margin: int, penalty: int, pd_bonus: int, roll: int, formula: moo2.Formula) -> bool:
    """The formulas as printed in 000_3948ba1900819cb7.txt, one roll at a time."""
    if roll > 95:  # [1]
        return True
    if formula is moo2.Formula.CLASSIC:
        if margin >= 99:  # [2] BA+CO-AF-BD >= 99
            return True
        hit_threshold = min(40 + penalty - pd_bonus, 95)  # [3b]
        return margin + roll >= hit_threshold  # [3a]
    if margin - penalty + pd_bonus >= 99:  # [2]
        return True
    return margin - penalty + pd_bonus + roll >= 40  # [3]


def oracle_probability(
    margin: int, squares: int, mount: moo2.Mount, formula: moo2.Formula, doubled: bool
) -> Fraction:
    penalty = moo2.range_penalty(squares, mount, double_penalty=doubled)
    hits = sum(
        oracle_hits(margin, penalty, PD_BONUS[mount], roll, formula) for roll in range(1, 101)
    )
    return Fraction(hits, 100)


@pytest.mark.parametrize("mount", MOUNTS)
@pytest.mark.parametrize("formula", FORMULAS)
@pytest.mark.parametrize("doubled", [False, True])
def test_closed_form_matches_brute_force(
    mount: moo2.Mount, formula: moo2.Formula, doubled: bool
) -> None:
    # Every square of the mount, attack margins from hopeless to sure.
    for squares in range(moo2.max_squares(mount) + 1):
        for margin in MARGINS:
            expected = oracle_probability(margin, squares, mount, formula, doubled)
            got = moo2.hit_probability(
                margin, 0, squares, mount=mount, formula=formula, double_penalty=doubled
            )
            assert got == expected, (squares, margin)


def test_hit_rule_matches_brute_force_roll_by_roll() -> None:
    for mount in MOUNTS:
        for squares in (0, 3, 7, 12):
            penalty = moo2.range_penalty(squares, mount)
            for formula in FORMULAS:
                for margin in (-60, 0, 20, 55, 98, 99):
                    for roll in range(1, 101):
                        rule = moo2.hit_rule(margin, 0, squares, roll, mount=mount, formula=formula)
                        expected = oracle_hits(margin, penalty, PD_BONUS[mount], roll, formula)
                        assert (rule is not None) == expected


# Source: 000_3948ba1900819cb7.txt, "Different Min-Max Damage", the Death Ray examples:
# roll 85, BA+CO-AF-BD = 10; threshold (40 - -85) capped to 95 at 23 squares, (40 - -30) = 70
# at 11 squares. Both shots hit by [3].
@pytest.mark.parametrize(("squares", "threshold"), [(23, 95), (11, 70)])
def test_death_ray_examples_hit_by_rule_3(squares: int, threshold: int) -> None:
    assert moo2.hit_threshold(squares) == threshold
    assert moo2.hit_rule(10, 0, squares, 85) is moo2.HitRule.ROLL_PLUS_ATTACK


def test_death_ray_example_at_23_squares_is_the_last_hitting_roll() -> None:
    # A = 0 there: roll 84 would miss.
    assert moo2.hit_rule(10, 0, 23, 84) is None
    assert moo2.hit_probability(10, 0, 23) == Fraction(16, 100)
    assert moo2.hit_probability(10, 0, 11) == Fraction(41, 100)


def test_lucky_shot_is_five_percent_no_matter_the_odds() -> None:
    # Source: "if the random number is greater than 95 (a 5% lucky shot, no matter the odds)".
    for formula in FORMULAS:
        assert moo2.hit_probability(-1000, 1000, 24, formula=formula) == Fraction(1, 20)
        assert moo2.hit_rule(-1000, 0, 24, 96, formula=formula) is moo2.HitRule.ROLL_OVER_95
        assert moo2.hit_rule(-1000, 0, 24, 95, formula=formula) is None


def test_classic_rule_2_ignores_range() -> None:
    # Source: "or BA+CO-AF-BD is larger than 98, the beam strikes the target"; the 1.50 section:
    # "with good BA and low BD the range penalty is ignored altogether".
    assert moo2.hit_probability(99, 0, 24) == 1
    assert moo2.hit_probability(150, 51, 24) == 1
    assert moo2.hit_probability(50, 0, 24) == Fraction(56, 100)
    # 98 also hits on every roll at 24 squares, but by [3] (98 + 1 >= 95), not by [2]:
    assert moo2.hit_probability(98, 0, 24) == 1
    assert moo2.hit_rule(98, 0, 24, 1) is moo2.HitRule.ROLL_PLUS_ATTACK
    assert moo2.hit_rule(99, 0, 24, 1) is moo2.HitRule.ATTACK_99
    # The simplified formula keeps the range penalty: 99 - 85 = 14, so rolls 26-100 hit.
    assert moo2.hit_probability(99, 0, 24, formula="simplified") == Fraction(75, 100)


@pytest.mark.parametrize("mount", MOUNTS)
def test_39_ensures_a_hit(mount: moo2.Mount) -> None:
    # Source: "BA+CO-AF-BD minus the range penalty (plus possible PD bonus) must be 39 or higher
    # to ensure a hit" (where the cap of 95 does not bind).
    for squares in range(moo2.max_squares(mount) + 1):
        penalty = moo2.range_penalty(squares, mount)
        if 40 + penalty - PD_BONUS[mount] > 95:
            continue
        margin = 39 + penalty - PD_BONUS[mount]
        assert moo2.hit_probability(margin, 0, squares, mount=mount) == 1
        assert moo2.hit_probability(margin - 1, 0, squares, mount=mount) == Fraction(99, 100)


def test_the_cap_of_95() -> None:
    # Source: 1.50 section: "Formula 3 contains a cap of 95, making range penalty above 55 for
    # non-PD beam or 80 for PD beam of no additional effect".
    assert moo2.hit_threshold(16) == 40 + 55
    assert moo2.hit_threshold(19) == moo2.hit_threshold(22) == 95
    assert moo2.hit_threshold(12, mount="point_defense") == 40 + 80 - 25
    for margin in range(-50, 100, 5):
        at_55 = moo2.hit_probability(margin, 0, 16)
        assert moo2.hit_probability(margin, 0, 20) == at_55
        assert moo2.hit_probability(margin, 0, 24) == at_55
    # The simplified formula has no cap: 70 and 85 still count.
    assert moo2.hit_probability(60, 0, 18, formula="simplified") == Fraction(66, 100)
    assert moo2.hit_probability(60, 0, 21, formula="simplified") == Fraction(51, 100)
    assert moo2.hit_probability(60, 0, 24, formula="simplified") == Fraction(36, 100)
    assert moo2.hit_probability(60, 0, 24) == Fraction(66, 100)


def test_point_defense_bonus() -> None:
    # Source: "Pd +25 BA": it lowers the classic threshold and adds to the simplified margin.
    assert moo2.hit_threshold(0, mount="point_defense") == 15
    assert moo2.hit_threshold(3, mount="point_defense") == 25
    # Interpretation: the classic [2] does not count the PD bonus (74 + 25 = 99 is no sure hit).
    assert moo2.hit_rule(74, 0, 12, 20, mount="point_defense") is None
    assert moo2.hit_probability(74, 0, 12, mount="point_defense") == Fraction(80, 100)
    # The simplified [2] does: 74 - 0 + 25 = 99 at 0 squares.
    assert moo2.hit_rule(74, 0, 0, 1, mount="point_defense", formula="simplified") is (
        moo2.HitRule.ATTACK_99
    )
    assert moo2.hit_rule(74, 0, 0, 1, mount="point_defense") is moo2.HitRule.ROLL_PLUS_ATTACK


def test_inherent_double_penalty() -> None:
    # Source: "This mod doubles the calculated penalty"; the threshold is still capped at 95.
    assert moo2.hit_threshold(9) == 60
    assert moo2.hit_threshold(9, double_penalty=True) == 80
    assert moo2.hit_threshold(12, double_penalty=True) == 95
    assert moo2.hit_threshold(6, mount="point_defense", double_penalty=True) == 75
    assert moo2.hit_probability(30, 0, 9) == Fraction(71, 100)
    assert moo2.hit_probability(30, 0, 9, double_penalty=True) == Fraction(51, 100)


def test_always_hit_weapons() -> None:
    # Source: "Mauler Device and Energy Absorber always hit unless ... Displacement Device".
    assert moo2.hit_probability(-500, 0, 24, always_hit=True) == 1
    assert moo2.hit_rule(-500, 0, 24, 1, always_hit=True) is moo2.HitRule.ALWAYS_HITS
    assert moo2.hit_rule(-500, 0, 24, 99, always_hit=True) is moo2.HitRule.ROLL_OVER_95


margins = st.integers(-300, 300)
mounts = st.sampled_from(MOUNTS)
formulas = st.sampled_from(FORMULAS)


@settings(max_examples=200, deadline=None)
@given(
    attack=margins,
    defense=margins,
    squares=st.integers(0, 51),
    mount=mounts,
    formula=formulas,
    doubled=st.booleans(),
)
@example(
    attack=10,
    defense=0,
    squares=23,
    mount=moo2.Mount.NORMAL,
    formula=moo2.Formula.CLASSIC,
    doubled=False,
)
@example(
    attack=10,
    defense=0,
    squares=11,
    mount=moo2.Mount.NORMAL,
    formula=moo2.Formula.CLASSIC,
    doubled=False,
)
def test_probability_is_exact_and_in_range(
    attack: int,
    defense: int,
    squares: int,
    mount: moo2.Mount,
    formula: moo2.Formula,
    doubled: bool,
) -> None:
    squares = min(squares, moo2.max_squares(mount))
    p = moo2.hit_probability(
        attack, defense, squares, mount=mount, formula=formula, double_penalty=doubled
    )
    assert isinstance(p, Fraction)
    assert Fraction(1, 20) <= p <= 1
    assert p == oracle_probability(attack - defense, squares, mount, formula, doubled)


@settings(max_examples=200, deadline=None)
@given(
    attack=margins,
    more=st.integers(0, 200),
    defense=margins,
    squares=st.integers(0, 51),
    mount=mounts,
    formula=formulas,
    doubled=st.booleans(),
)
@example(
    attack=88,
    more=11,
    defense=0,
    squares=24,
    mount=moo2.Mount.NORMAL,
    formula=moo2.Formula.CLASSIC,
    doubled=False,
)
def test_more_attack_never_lowers_the_chance(
    attack: int,
    more: int,
    defense: int,
    squares: int,
    mount: moo2.Mount,
    formula: moo2.Formula,
    doubled: bool,
) -> None:
    squares = min(squares, moo2.max_squares(mount))
    options: dict[str, Any] = {"mount": mount, "formula": formula, "double_penalty": doubled}
    low = moo2.hit_probability(attack, defense, squares, **options)
    high = moo2.hit_probability(attack + more, defense, squares, **options)
    tougher = moo2.hit_probability(attack, defense + more, squares, **options)
    assert low <= high
    assert tougher <= low


@settings(max_examples=200, deadline=None)
@given(
    attack=margins,
    near=st.integers(0, 51),
    far=st.integers(0, 51),
    mount=mounts,
    formula=formulas,
    doubled=st.booleans(),
)
@example(
    attack=60,
    near=18,
    far=24,
    mount=moo2.Mount.NORMAL,
    formula=moo2.Formula.SIMPLIFIED,
    doubled=False,
)
def test_more_range_never_raises_the_chance(
    attack: int,
    near: int,
    far: int,
    mount: moo2.Mount,
    formula: moo2.Formula,
    doubled: bool,
) -> None:
    last = moo2.max_squares(mount)
    near, far = sorted((min(near, last), min(far, last)))
    options: dict[str, Any] = {"mount": mount, "formula": formula, "double_penalty": doubled}
    assert moo2.hit_probability(attack, 0, far, **options) <= moo2.hit_probability(
        attack,
        0,
        near,
        **options,
    )


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.sampled_from(["normal", "heavy", "point_defense", "classic", "simplified"]),
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(
    attack=junk,
    defense=junk,
    squares=junk,
    roll=junk,
    mount=junk,
    formula=junk,
    doubled=junk,
    always=junk,
)
def test_any_input_gives_a_result_or_value_error(
    attack: Any,
    defense: Any,
    squares: Any,
    roll: Any,
    mount: Any,
    formula: Any,
    doubled: Any,
    always: Any,
) -> None:
    for call in (
        lambda: moo2.hit_probability(
            attack,
            defense,
            squares,
            mount=mount,
            formula=formula,
            double_penalty=doubled,
            always_hit=always,
        ),
        lambda: moo2.hit_rule(
            attack,
            defense,
            squares,
            roll,
            mount=mount,
            formula=formula,
            double_penalty=doubled,
            always_hit=always,
        ),
        lambda: moo2.hit_threshold(squares, mount=mount, double_penalty=doubled),
    ):
        try:
            result = call()
        except ValueError:
            continue
        assert result is None or isinstance(result, Fraction | int | moo2.HitRule)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: moo2.hit_rule(0, 0, 0, 0), r"^roll must be an integer in 1\.\.100, got 0$"),
        (lambda: moo2.hit_rule(0, 0, 0, 101), r"roll must be an integer in 1\.\.100, got 101"),
        (lambda: moo2.hit_probability("10", 0, 0), r"^attack must be an integer, got '10'$"),
        (lambda: moo2.hit_probability(10, 1.5, 0), r"^defense must be an integer, got 1\.5$"),
        (
            lambda: moo2.hit_probability(10, 0, 25),
            r"squares must be an integer in 0\.\.24 for a normal mount, got 25",
        ),
        (
            lambda: moo2.hit_probability(10, 0, 3, formula="modern"),
            r"^formula must be one of 'classic', 'simplified', got 'modern'$",
        ),
        (
            lambda: moo2.hit_probability(10, 0, 3, mount="light"),
            r"^mount must be one of .*got 'light'$",
        ),
        (
            lambda: moo2.hit_probability(10, 0, 3, always_hit="yes"),
            r"^always_hit must be True or False, got 'yes'$",
        ),
        (
            lambda: moo2.hit_threshold(13, mount="point_defense"),
            r"0\.\.12 for a point_defense mount, got 13",
        ),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
