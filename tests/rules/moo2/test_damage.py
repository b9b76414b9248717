"""Damage potential, damage of a shot and its distribution: ``rules/moo2/damage.py``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import moo2
from tests.rules.moo2.oracle import oracle_potential, oracle_shot

MOUNTS = tuple(moo2.Mount)
FORMULAS = tuple(moo2.Formula)
# Source: 000_3948ba1900819cb7.txt, "Reduced by Range", table of damage potential by range.
# Columns: the Dmg row (its first cell, 100%, spans squares 0 and 1-3).
DAMAGE_COLUMNS = [(0, 3), (4, 6), (7, 9), (10, 12), (13, 15), (16, 18), (19, 21), (22, 24)]
DAMAGE_PERCENT = [100, 90, 80, 70, 60, 50, 40, 35]
DAMAGE_ROWS = {
    "Laser Cannon": [(1, 4), (1, 4), (1, 3), (1, 3), (1, 2), (1, 2), (1, 1), (1, 1)],
    "Phasor": [(5, 20), (5, 18), (4, 16), (4, 14), (3, 12), (3, 10), (2, 8), (2, 7)],
    "Mauler Device": [
        (100, 100),
        (90, 90),
        (80, 80),
        (70, 70),
        (60, 60),
        (50, 50),
        (40, 40),
        (35, 35),
    ],
    "Death Ray": [(50, 100), (45, 90)],
}
# The one printed cell that contradicts the rule (Laser at 19-21 squares: 4 * 40% = 1.6 -> 2).
LASER_CONTRADICTION = ("Laser Cannon", 6)


def _table_cases() -> list[tuple[str, int, tuple[int, int]]]:
    cases = []
    for name, cells in DAMAGE_ROWS.items():
        for column, cell in enumerate(cells):
            if (name, column) == LASER_CONTRADICTION:
                continue
            first, last = DAMAGE_COLUMNS[column]
            cases.extend((name, squares, cell) for squares in range(first, last + 1))
    return cases


@pytest.mark.parametrize(("name", "squares", "cell"), _table_cases())
def test_damage_by_range_table_golden(name: str, squares: int, cell: tuple[int, int]) -> None:
    # Source: "Reduced by Range", every printed cell but the Laser's 40% one.
    weapon = moo2.find_weapon(name)
    assert moo2.damage_potential(weapon.min_damage, weapon.max_damage, squares) == cell


@pytest.mark.parametrize(("column", "percent"), list(enumerate(DAMAGE_PERCENT)))
def test_damage_percent_row(column: int, percent: int) -> None:
    # Source: "Reduced by Range", the Dmg row is 100% minus the Penalty row.
    first, last = DAMAGE_COLUMNS[column]
    for squares in range(first, last + 1):
        assert moo2.damage_percentage(squares) == percent


def test_laser_row_contradiction_follows_the_rule() -> None:
    # Source: the Laser row prints 1-1 at 19-21 squares (40%), but "round to nearest applies"
    # makes 4 * 40% = 1.6 -> 2, and every other cell follows the rule. We follow the rule
    # (rules/SOURCES.md).
    printed = DAMAGE_ROWS["Laser Cannon"][6]
    for squares in (19, 20, 21):
        assert moo2.damage_potential(1, 4, squares) == (1, 2)
        assert moo2.damage_potential(1, 4, squares) != printed


def test_round_to_nearest_rounds_halves_up() -> None:
    # Source: Phasor 4.5 -> 5 (90%) and 2.5 -> 3 (50%); Death Ray 17.5 -> 18 (the 23 squares
    # example); "an unmodded 10-40 Laser can have a damage as low as 4 at range" (3.5 -> 4).
    assert moo2.damage_potential(5, 20, 5) == (5, 18)
    assert moo2.damage_potential(5, 20, 17) == (3, 10)
    assert moo2.damage_potential(50, 100, 23) == (18, 35)
    assert moo2.damage_potential(10, 40, 24) == (4, 14)


# Source: "Hv, PD, HEF & Ordnance", the five examples for a 50-100 beam with dissipation 30
# (Hv: 22-27 squares; PD: 4-6 squares), printed percentage, printed raw min/max, final potential.
HV_PD_EXAMPLES = [
    ("Hv", moo2.Mount.HEAVY, (22, 27), 0, False, 120, (60, 120), (60, 120)),
    ("Hv+HEF", moo2.Mount.HEAVY, (22, 27), 50, False, 170, (85, 170), (85, 170)),
    ("PD", moo2.Mount.POINT_DEFENSE, (4, 6), 0, False, 20, (10, 20), (10, 20)),
    ("PD 2x", moo2.Mount.POINT_DEFENSE, (4, 6), 0, True, -10, (-5, -10), (1, 1)),
    ("PD+HEF 2x", moo2.Mount.POINT_DEFENSE, (4, 6), 50, True, 40, (20, 40), (20, 40)),
]


@pytest.mark.parametrize(
    ("label", "mount", "band", "hef", "doubled", "percent", "raw", "potential"),
    HV_PD_EXAMPLES,
    ids=[example[0] for example in HV_PD_EXAMPLES],
)
def test_hv_pd_hef_examples(
    label: str,
    mount: moo2.Mount,
    band: tuple[int, int],
    hef: int,
    doubled: bool,
    percent: int,
    raw: tuple[int, int],
    potential: tuple[int, int],
) -> None:
    for squares in range(band[0], band[1] + 1):
        got = moo2.damage_percentage(squares, mount=mount, hef=hef, double_dissipation=doubled)
        assert got == percent
        assert (Fraction(50 * got, 100), Fraction(100 * got, 100)) == raw
        assert (
            moo2.damage_potential(
                50, 100, squares, mount=mount, hef=hef, double_dissipation=doubled
            )
            == potential
        )


def test_point_defense_at_max_range_does_a_puny_1() -> None:
    # Source: "Even a 1000 dmg PD beam will still do only 1 dmg at max range" (without
    # HEF/Ordnance); not so with HEF, nor for a PD beam not reduced by range.
    assert moo2.damage_potential(1000, 1000, 12, mount="point_defense") == (1, 1)
    assert moo2.damage_potential(1, 1000, 10, mount="point_defense") == (1, 1)
    assert moo2.damage_potential(1000, 1000, 12, mount="point_defense", hef=50) == (350, 350)
    assert moo2.damage_potential(1000, 1000, 12, mount="point_defense", reduced_by_range=False) == (
        500,
        500,
    )


def test_ordnance_rounding_ship_beam_vs_fighter_beam_and_missile() -> None:
    # Source: "a 10% Ordnance bonus for a 5 damage ship beam will mean +1, while for a 5-9
    # damage fighter beam or missile it will still be +0".
    assert moo2.damage_potential(5, 5, 0, ordnance=10) == (6, 6)
    for damage in range(5, 10):
        for platform in ("fighter_beam", "missile"):
            got = moo2.damage_potential(damage, damage, 0, ordnance=10, platform=platform)
            assert got == (damage, damage)
        assert moo2.damage_potential(damage, damage, 0, ordnance=10) == (damage + 1, damage + 1)
    # Interpretation: rounding to nearest, not up: 4 * 110% = 4.4 stays 4 for a ship beam.
    assert moo2.damage_potential(1, 4, 0, ordnance=10) == (1, 4)
    assert moo2.damage_potential(10, 10, 0, ordnance=10, platform="missile") == (11, 11)


def test_not_reduced_by_range() -> None:
    # Source: "The lowest damage of a NR Laser with base damage 10-40 ... is 10, whereas an
    # unmodded 10-40 Laser can have a damage as low as 4 at range."
    assert moo2.damage_potential(10, 40, 24, reduced_by_range=False) == (10, 40)
    lowest_nr = min(
        damage
        for squares in range(25)
        for damage in moo2.damage_distribution(10, 40, 0, 0, squares, reduced_by_range=False)
        if damage
    )
    lowest = min(damage for damage in moo2.damage_distribution(10, 40, 0, 0, 24) if damage)
    assert (lowest_nr, lowest) == (10, 4)
    # "a Laser Cannon with NR mod can still do lower than 4 damage (1-3 dmg), in cases of low
    # accuracy".
    nr_laser = moo2.damage_distribution(1, 4, 0, 0, 0, reduced_by_range=False)
    assert {1, 2, 3, 4} <= set(nr_laser)


# Source: "Different Min-Max Damage", the Death Ray examples: roll 85, BA+CO-AF-BD = 10.
@pytest.mark.parametrize(
    ("squares", "potential", "threshold", "damage"),
    [(23, (18, 35), 95, 18), (11, (35, 70), 70, 65)],
)
def test_death_ray_examples(
    squares: int, potential: tuple[int, int], threshold: int, damage: int
) -> None:
    assert moo2.damage_potential(50, 100, squares) == potential
    assert moo2.hit_threshold(squares) == threshold
    assert moo2.damage_from_accuracy(*potential, 85 + 10, threshold) == damage
    assert moo2.shot_damage(50, 100, 10, 0, squares, 85) == damage


def test_damage_from_accuracy_floors_and_caps() -> None:
    # Interpretation: A / B is integer division; A = B gives max + 1, capped to max.
    assert [moo2.damage_from_accuracy(1, 4, 40 + a, 40) for a in (0, 14, 15, 44, 45, 59, 60)] == [
        1,
        1,
        2,
        3,
        4,
        4,
        4,
    ]
    assert moo2.damage_from_accuracy(18, 35, 100, 95) == 35
    assert moo2.damage_from_accuracy(7, 7, 100, 15) == 7


def test_max_damage_on_rules_1_and_2() -> None:
    # Source: "(with max dmg) [1] random(100) roll > 95"; "(with max dmg) [2] BA+CO-AF-BD >= 99".
    for roll in range(96, 101):
        assert moo2.shot_damage(50, 100, -500, 0, 23, roll) == 35
    assert {moo2.shot_damage(50, 100, 99, 0, 23, roll) for roll in range(1, 101)} == {35}
    assert moo2.damage_distribution(50, 100, 99, 0, 23) == {35: 1}


def test_equal_min_max_damage() -> None:
    # Source: "for Mauler Device because min=max dmg the actual damage is known".
    for squares in range(25):
        potential = moo2.damage_potential(100, 100, squares)[0]
        for margin in (-40, 0, 30, 60):
            assert set(moo2.damage_distribution(100, 100, margin, 0, squares)) <= {0, potential}
        assert moo2.damage_distribution(100, 100, -999, 0, squares, always_hit=True) == {
            potential: 1
        }


def test_always_hit_with_variable_damage() -> None:
    # Interpretation: an always-hit shot that fails [1]-[3] takes its damage from the accuracy
    # formula with a negative A counted as 0: min damage under the classic formula ...
    assert moo2.shot_damage(10, 40, -500, 0, 0, 1, always_hit=True) == 10
    assert moo2.shot_damage(10, 40, -500, 0, 0, 1) == 0
    # ... and under the simplified one, A from the classic threshold (NR 1-2 weapon, 19 squares:
    # 3 - 70 + 95 < 40 misses [3], but A = 98 - 95 = 3 of B = 5).
    assert moo2.hit_rule(3, 0, 19, 95, formula="simplified") is None
    simplified: dict[str, Any] = {"formula": "simplified", "reduced_by_range": False}
    assert moo2.shot_damage(1, 2, 3, 0, 19, 95, always_hit=True, **simplified) == 2
    assert moo2.shot_damage(1, 2, 3, 0, 19, 94, always_hit=True, **simplified) == 1


def test_planet_and_shield() -> None:
    # Source: "Damage is halved against planets"; the manual's shields reduce each hit.
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85, planet=True) == 32
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85, shield=moo2.shield_reduction("X")) == 55
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85, planet=True, shield=5) == 27
    assert moo2.shot_damage(1, 1, 0, 0, 0, 100, planet=True) == 0
    assert moo2.shot_damage(1, 4, 0, 0, 0, 100, shield=10) == 0
    assert moo2.damage_distribution(1, 4, 0, 0, 0, shield=10) == {0: 1}


def test_simplified_formula_uses_the_same_damage_formula() -> None:
    # Interpretation: the damage of a [3] hit uses the classic capped hit_threshold under both
    # formulas. At 24 squares with margin 60 the simplified hit needs roll >= 65, so A = B.
    assert moo2.hit_rule(60, 0, 24, 64, formula="simplified") is None
    assert moo2.shot_damage(50, 100, 60, 0, 24, 65, formula="simplified") == 35
    # Close in, the threshold does not bind and damage still grows with the roll.
    assert moo2.shot_damage(50, 100, 0, 0, 0, 40, formula="simplified") == 50
    assert moo2.shot_damage(50, 100, 0, 0, 0, 70, formula="simplified") == 75


def test_mean_damage_is_the_mean_of_the_distribution() -> None:
    # Death Ray example shot at 23 squares: rolls 85-89 give 18, 21, 25, 28, 32; 90-100 give 35.
    assert moo2.damage_distribution(50, 100, 10, 0, 23) == {
        0: Fraction(84, 100),
        18: Fraction(1, 100),
        21: Fraction(1, 100),
        25: Fraction(1, 100),
        28: Fraction(1, 100),
        32: Fraction(1, 100),
        35: Fraction(11, 100),
    }
    assert moo2.mean_damage(50, 100, 10, 0, 23) == Fraction(18 + 21 + 25 + 28 + 32 + 11 * 35, 100)


# Brute force: the distribution against the oracle over all 100 rolls.
WEAPON_FIGURES = [(1, 4), (5, 20), (100, 100), (50, 100), (10, 40), (3, 3)]
SWEEP_MARGINS = [-60, 0, 10, 35, 70, 98, 99]


@pytest.mark.parametrize("mount", MOUNTS)
@pytest.mark.parametrize("formula", FORMULAS)
def test_distribution_matches_brute_force(mount: moo2.Mount, formula: moo2.Formula) -> None:
    last = moo2.max_squares(mount)
    for low_base, high_base in WEAPON_FIGURES:
        for squares in sorted({0, 1, 4, 7, 11, last // 2, last - 1, last}):
            low = oracle_potential(low_base, squares, mount)
            high = oracle_potential(high_base, squares, mount)
            assert moo2.damage_potential(low_base, high_base, squares, mount=mount) == (low, high)
            for margin in SWEEP_MARGINS:
                expected = Counter(
                    oracle_shot(low, high, margin, squares, roll, mount, formula)
                    for roll in range(1, 101)
                )
                got = moo2.damage_distribution(
                    low_base, high_base, margin, 0, squares, mount=mount, formula=formula
                )
                assert got == {k: Fraction(v, 100) for k, v in expected.items()}


options = st.fixed_dictionaries(
    {
        "mount": st.sampled_from(MOUNTS),
        "formula": st.sampled_from(FORMULAS),
        "reduced_by_range": st.booleans(),
        "double_penalty": st.booleans(),
        "double_dissipation": st.booleans(),
        "hef": st.sampled_from([0, 25, 50, 100]),
        "ordnance": st.sampled_from([0, 10, 15, 20]),
        "platform": st.sampled_from([moo2.Platform.SHIP_BEAM, moo2.Platform.FIGHTER_BEAM]),
        "shield": st.integers(0, 12),
        "planet": st.booleans(),
        "always_hit": st.booleans(),
    }
)
damages = st.tuples(st.integers(1, 200), st.integers(0, 200)).map(lambda t: (t[0], t[0] + t[1]))

DEATH_RAY_23 = {
    "mount": moo2.Mount.NORMAL,
    "formula": moo2.Formula.CLASSIC,
    "reduced_by_range": True,
    "double_penalty": False,
    "double_dissipation": False,
    "hef": 0,
    "ordnance": 0,
    "platform": moo2.Platform.SHIP_BEAM,
    "shield": 0,
    "planet": False,
    "always_hit": False,
}


@settings(max_examples=150, deadline=None)
@given(
    figures=damages,
    margin=st.integers(-150, 150),
    squares=st.integers(0, 51),
    roll=st.integers(1, 100),
    opts=options,
)
@example(figures=(50, 100), margin=10, squares=23, roll=85, opts=DEATH_RAY_23)
@example(figures=(50, 100), margin=10, squares=11, roll=85, opts=DEATH_RAY_23)
def test_shot_and_distribution_match_the_oracle(
    figures: tuple[int, int], margin: int, squares: int, roll: int, opts: dict[str, Any]
) -> None:
    mount = opts["mount"]
    assert isinstance(mount, moo2.Mount)
    squares = min(squares, moo2.max_squares(mount))
    potential_opts = {
        "reduced": opts["reduced_by_range"],
        "hef": opts["hef"],
        "ordnance": opts["ordnance"],
        "double_dissipation": opts["double_dissipation"],
        "platform": opts["platform"],
    }
    low = oracle_potential(figures[0], squares, mount, **potential_opts)
    high = oracle_potential(figures[1], squares, mount, **potential_opts)
    assert moo2.damage_potential(
        *figures,
        squares,
        **{
            k: v
            for k, v in opts.items()
            if k
            in {"mount", "reduced_by_range", "hef", "ordnance", "double_dissipation", "platform"}
        },
    ) == (low, high)

    def oracle(r: int) -> int:
        return oracle_shot(
            low,
            high,
            margin,
            squares,
            r,
            mount,
            opts["formula"],
            doubled=opts["double_penalty"],
            always_hit=opts["always_hit"],
            planet=opts["planet"],
            shield=opts["shield"],
        )

    assert moo2.shot_damage(*figures, margin, 0, squares, roll, **opts) == oracle(roll)
    distribution = moo2.damage_distribution(*figures, margin, 0, squares, **opts)
    expected = Counter(oracle(r) for r in range(1, 101))
    assert distribution == {k: Fraction(v, 100) for k, v in expected.items()}
    assert sum(distribution.values()) == 1
    assert all(0 < p <= 1 for p in distribution.values())
    assert all(0 <= damage <= high for damage in distribution)
    assert moo2.mean_damage(*figures, margin, 0, squares, **opts) == distribution.mean()


@settings(max_examples=100, deadline=None)
@given(
    figures=damages,
    margin=st.integers(-150, 150),
    squares=st.integers(0, 51),
    opts=options,
    more_shield=st.integers(1, 20),
)
@example(figures=(50, 100), margin=10, squares=11, opts=DEATH_RAY_23, more_shield=5)
def test_shields_and_planets_never_increase_damage(
    figures: tuple[int, int],
    margin: int,
    squares: int,
    opts: dict[str, Any],
    more_shield: int,
) -> None:
    mount = opts["mount"]
    assert isinstance(mount, moo2.Mount)
    squares = min(squares, moo2.max_squares(mount))
    base = moo2.mean_damage(*figures, margin, 0, squares, **opts)
    shielded = {**opts, "shield": opts["shield"] + more_shield}
    assert moo2.mean_damage(*figures, margin, 0, squares, **shielded) <= base
    assert moo2.mean_damage(*figures, margin, 0, squares, **{**opts, "planet": True}) <= base


@settings(max_examples=150, deadline=None)
@given(figures=damages, near=st.integers(0, 51), far=st.integers(0, 51), opts=options)
def test_potential_is_ordered_at_least_1_and_fades_with_range(
    figures: tuple[int, int], near: int, far: int, opts: dict[str, Any]
) -> None:
    mount = opts["mount"]
    assert isinstance(mount, moo2.Mount)
    last = moo2.max_squares(mount)
    near, far = sorted((min(near, last), min(far, last)))
    keys = {"mount", "reduced_by_range", "hef", "ordnance", "double_dissipation", "platform"}
    potential_opts = {k: v for k, v in opts.items() if k in keys}
    low_near, high_near = moo2.damage_potential(*figures, near, **potential_opts)
    low_far, high_far = moo2.damage_potential(*figures, far, **potential_opts)
    assert 1 <= low_near <= high_near
    assert 1 <= low_far <= high_far
    assert (low_far, high_far) <= (low_near, high_near)
    assert low_far <= low_near and high_far <= high_near


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-200, 200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.sampled_from(["normal", "heavy", "point_defense", "simplified", "missile", "fighter_beam"]),
)


@settings(max_examples=300, deadline=None)
@given(
    low=junk,
    high=junk,
    attack=junk,
    squares=junk,
    roll=junk,
    mount=junk,
    platform=junk,
    hef=junk,
    shield=junk,
    planet=junk,
)
def test_any_input_gives_a_result_or_value_error(
    low: Any,
    high: Any,
    attack: Any,
    squares: Any,
    roll: Any,
    mount: Any,
    platform: Any,
    hef: Any,
    shield: Any,
    planet: Any,
) -> None:
    calls = (
        lambda: moo2.damage_potential(low, high, squares, mount=mount, hef=hef, platform=platform),
        lambda: moo2.shot_damage(
            low,
            high,
            attack,
            0,
            squares,
            roll,
            mount=mount,
            platform=platform,
            hef=hef,
            shield=shield,
            planet=planet,
        ),
        lambda: moo2.damage_from_accuracy(low, high, attack, squares),
        lambda: moo2.damage_percentage(squares, mount=mount, ordnance=hef),
    )
    for call in calls:
        try:
            result = call()
        except ValueError:
            continue
        assert isinstance(result, int | tuple)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: moo2.damage_potential(0, 4, 0), r"^min_damage must be an integer >= 1, got 0$"),
        (
            lambda: moo2.damage_potential(5, 3, 0),
            r"^max_damage must be an integer >= min_damage \(5\), got 3$",
        ),
        (
            lambda: moo2.damage_potential(1, 4, 25),
            r"squares must be an integer in 0\.\.24 for a normal mount, got 25",
        ),
        (
            lambda: moo2.damage_potential(1, 4, 0, hef=-10),
            r"^hef must be an integer >= 0, got -10$",
        ),
        (
            lambda: moo2.damage_potential(1, 4, 0, ordnance=12.5),
            r"^ordnance must be an integer >= 0, got 12\.5$",
        ),
        (
            lambda: moo2.damage_potential(1, 4, 0, platform="drone"),
            r"^platform must be one of 'ship_beam', 'fighter_beam', 'missile', got 'drone'$",
        ),
        (
            lambda: moo2.damage_potential(1, 4, 0, reduced_by_range="no"),
            r"reduced_by_range must be True or False, got 'no'",
        ),
        (
            lambda: moo2.shot_damage(1, 4, 0, 0, 0, 0),
            r"^roll must be an integer in 1\.\.100, got 0$",
        ),
        (
            lambda: moo2.shot_damage(1, 4, 0, 0, 0, 50, shield=-1),
            r"^shield must be an integer >= 0, got -1$",
        ),
        (
            lambda: moo2.shot_damage(1, 4, 0, 0, 0, 50, planet=None),
            r"^planet must be True or False, got None$",
        ),
        (
            lambda: moo2.shot_damage(1, 4, 0, 0, 0, 50, platform="missile"),
            r"^platform must be one of 'ship_beam', 'fighter_beam' for a beam shot, got 'missile'$",
        ),
        (
            lambda: moo2.damage_distribution(1, 4, 0, 0, 0, formula="new"),
            r"^formula must be one of 'classic', 'simplified', got 'new'$",
        ),
        (
            lambda: moo2.damage_from_accuracy(1, 4, 39, 40),
            r"^roll_plus_attack must be an integer in hit_threshold \(40\)\.\.100 \(a hit\), "
            r"got 39$",
        ),
        (
            lambda: moo2.damage_from_accuracy(1, 4, 100, 96),
            r"^hit_threshold must be an integer <= 95, got 96$",
        ),
        (
            lambda: moo2.mean_damage(1, 4, 0, 0, 13, mount="point_defense"),
            r"0\.\.12 for a point_defense mount, got 13",
        ),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
