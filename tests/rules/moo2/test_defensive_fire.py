# Over 600 lines: every statement of the source's Defensive Fire section as a test, in the source's
# order (mirrors rules/moo2/defensive_fire.py).
"""Defensive Fire: ``rules/moo2/defensive_fire.py``, every statement of the source as a test.

Source: 001_cd7e90afc4e65868.txt ("Defensive Fire"); squares and range units from
000_3948ba1900819cb7.txt ("Range Penalty to Accuracy"). The chance table of the classic mechanic
is missing from the source, so the tables here are examples, never the game's.
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import moo2

HALF, QUARTER, EIGHTH = Fraction(1, 2), Fraction(1, 4), Fraction(1, 8)
# An example table (squares beyond the DFR -> chance): not the game's, which the source lacks.
TABLE = {1: Fraction(3, 4), 2: HALF, 3: QUARTER}
CLASSIC = moo2.DefensiveFireMode.CLASSIC
ALTERNATE = moo2.DefensiveFireMode.ALTERNATE
BUGGED = moo2.DefensiveFireMode.BUGGED

chances = st.fractions(min_value=0, max_value=1, max_denominator=60)
paths = st.lists(chances, max_size=12)


@st.composite
def tables(draw: st.DrawFn) -> dict[int, Fraction]:
    """A table as the source describes it: the closer to the DFR, the greater (or equal) chance."""
    values = sorted(draw(st.lists(chances, max_size=moo2.DEFENSIVE_FIRE_SQUARES)), reverse=True)
    return {beyond: chance for beyond, chance in enumerate(values, start=1)}


range_chance_maps = st.dictionaries(st.integers(0, 8), chances, max_size=9)


# --- oracles: the rules as printed, one outcome at a time ---------------------------------------


def oracle_at_least_once(probabilities: Sequence[Fraction]) -> Fraction:
    """Sum the probability of every trigger/no-trigger outcome that has at least one trigger."""
    total = Fraction(0)
    for outcome in itertools.product((True, False), repeat=len(probabilities)):
        weight = Fraction(1)
        for triggered, p in zip(outcome, probabilities, strict=True):
            weight *= p if triggered else 1 - p
        if any(outcome):
            total += weight
    return total


def oracle_range_unit(squares: int) -> int:
    # Source 000: "One range unit equals 3 squares", squares 1-3 are range 1.
    return math.ceil(squares / 3)


# --- who fires, and when DF is on ---------------------------------------------------------------


def test_only_normal_mount_beams_fire_defensively() -> None:
    # Source: "This is a special ability of normal mount beams".
    assert frozenset({moo2.Mount.NORMAL}) == moo2.DEFENSIVE_FIRE_MOUNTS
    assert [moo2.fires_defensively(m) for m in moo2.Mount] == [True, False, False]
    assert moo2.fires_defensively("normal") is True


@pytest.mark.parametrize("defensive_fire", [False, True])
def test_initiative_off_df_is_always_on(defensive_fire: bool) -> None:
    # Source: "With INI off, DF is always on as it was in classic."
    for mode in moo2.DefensiveFireMode:
        assert moo2.defensive_fire_enabled(
            initiative=False, defensive_fire=defensive_fire, mode=mode
        )


def test_initiative_on_the_parameter_decides_and_is_off_by_default() -> None:
    # Source: "we have turned DF off by default for games with ship initiative on and added the
    # parameter defensive_fire, that controls whether DF is enabled or not in INI games".
    assert moo2.defensive_fire_enabled(initiative=True) is False
    assert moo2.defensive_fire_enabled(initiative=True, defensive_fire=False) is False
    assert moo2.defensive_fire_enabled(initiative=True, defensive_fire=True) is True
    assert moo2.defensive_fire_enabled(initiative=True, defensive_fire=True, mode=ALTERNATE)
    signature = inspect.signature(moo2.defensive_fire_enabled)
    assert signature.parameters["defensive_fire"].default is False
    assert all(p.kind is p.KEYWORD_ONLY for p in signature.parameters.values())


def test_before_150_df_ran_with_initiative_on() -> None:
    # Source: the parameter was added in 1.50; the 1.31/1.40 bugs appeared "especially when ship
    # initiative enabled", so DF ran there.
    assert moo2.defensive_fire_enabled(initiative=True, mode=BUGGED) is True


# --- the grid distance and the DFR --------------------------------------------------------------


def test_adjacent_squares_are_one_square_apart_diagonals_included() -> None:
    # Source 000: "At range 1 opponents are adjacent to each other or have 1-2 squares between
    # them": range 1 is squares 1-3, so an adjacent ship (diagonal too) is 1 square away.
    for dx, dy in itertools.product((-1, 0, 1), repeat=2):
        expected = 0 if (dx, dy) == (0, 0) else 1
        assert moo2.grid_distance((5, 5), (5 + dx, 5 + dy)) == expected
    # 1 and 2 squares between them along a row or a diagonal: 2 and 3 squares, still range 1.
    assert moo2.grid_distance((0, 0), (2, 0)) == 2
    assert moo2.grid_distance((0, 0), (3, 3)) == 3
    assert moo2.range_units(3) == 1
    assert moo2.grid_distance((0, 0), (3, 1)) == 3


squares = st.tuples(st.integers(-60, 60), st.integers(-60, 60))


@settings(deadline=None)
@given(squares, squares, squares)
def test_grid_distance_is_a_metric(a: Any, b: Any, c: Any) -> None:
    assert moo2.grid_distance(a, b) == moo2.grid_distance(b, a) >= 0
    assert (moo2.grid_distance(a, b) == 0) == (tuple(a) == tuple(b))
    assert moo2.grid_distance(a, c) <= moo2.grid_distance(a, b) + moo2.grid_distance(b, c)


steps = st.sampled_from([(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)])


@settings(deadline=None)
@given(squares, squares, st.lists(steps, max_size=30))
def test_each_square_entered_changes_the_distance_by_at_most_one(
    position: Any, start: Any, moves: list[tuple[int, int]]
) -> None:
    # Per-square rolls need a ship closing in to pass through every distance.
    path = list(itertools.accumulate(moves, lambda s, m: (s[0] + m[0], s[1] + m[1]), initial=start))
    distances = moo2.path_distances(position, path)
    assert distances == tuple(moo2.grid_distance(position, s) for s in path)
    assert all(abs(b - a) <= 1 for a, b in itertools.pairwise(distances))


def test_dfr_is_the_closest_distance_some_enemy_ship_can_move_to() -> None:
    # Source: the DFR "is the closest distance some enemy ship can move to that ship".
    reachable = [(12, 0), (9, 4), (4, 7), (0, 8)]  # squares two enemy ships can reach
    assert moo2.defensive_fire_range((0, 0), reachable) == 7
    assert moo2.defensive_fire_range((0, 0), [(0, 0)]) == 0
    assert moo2.defensive_fire_range((3, 3), [(0, 0), (6, 6), (3, 9)]) == 3


@settings(deadline=None)
@given(squares, st.lists(squares, min_size=1, max_size=20))
def test_dfr_is_never_beaten_by_a_reachable_square(position: Any, reachable: list[Any]) -> None:
    dfr = moo2.defensive_fire_range(position, reachable)
    distances = moo2.path_distances(position, reachable)
    assert dfr == min(distances)
    # So along any path of reachable squares, the chance is 100% where the DFR is reached (within
    # the 24 squares of a Normal beam).
    chances = moo2.defensive_fire_path_chances(distances, dfr, TABLE)
    for distance, chance in zip(distances, chances, strict=True):
        if distance == dfr:
            assert chance == (1 if dfr <= moo2.DEFENSIVE_FIRE_SQUARES else 0)


# --- the classic chance -------------------------------------------------------------------------


@pytest.mark.parametrize("dfr", [0, 1, 5, 9, 17, 24])
def test_the_chance_is_100_percent_at_and_inside_the_dfr(dfr: int) -> None:
    # Source: "if that ship will reach DFR - the chance becomes 100%".
    for distance in range(dfr + 1):
        assert moo2.defensive_fire_chance(distance, dfr, TABLE) == 1
        assert moo2.defensive_fire_chance(distance, dfr, {}) == 1


def test_beyond_the_dfr_the_table_gives_the_chance_and_unlisted_squares_give_0() -> None:
    # Source: "The closer the moving ship position to that value - the greater chance"; the table
    # is an input, keyed by squares beyond the DFR; a square it does not list has chance 0.
    got = [moo2.defensive_fire_chance(d, 6, TABLE) for d in range(6, 12)]
    assert got == [1, Fraction(3, 4), HALF, QUARTER, 0, 0]
    assert moo2.defensive_fire_chance(7, 6, {}) == 0


def test_there_is_no_default_table() -> None:
    for function in (
        moo2.defensive_fire_chance,
        moo2.defensive_fire_path_chances,
        moo2.bugged_defensive_fire_path_chances,
    ):
        parameters = inspect.signature(function).parameters
        assert parameters["table"].default is inspect.Parameter.empty
    with pytest.raises(ValueError, match=r"^table must be a mapping"):
        moo2.defensive_fire_path_chances([5], 3, None)  # type: ignore[arg-type]


def test_a_table_whose_chance_grows_with_distance_contradicts_the_source() -> None:
    # Source: "The closer ... the greater chance"; unlisted squares are 0, so a gap followed by a
    # positive chance is a growth as well.
    with pytest.raises(ValueError) as caught:
        moo2.defensive_fire_chance(8, 6, {1: QUARTER, 2: HALF})
    assert str(caught.value) == (
        "table[2] must be a chance <= 1/4, its chance 1 square beyond the DFR (the closer to the "
        "DFR, the greater the chance; a square the table does not list has chance 0), "
        "got Fraction(1, 2)"
    )
    with pytest.raises(
        ValueError, match=r"^table\[3\] must be a chance <= 0, its chance 2 squares"
    ):
        moo2.defensive_fire_chance(8, 6, {1: HALF, 3: QUARTER})
    error: Any = caught.value
    assert (error.parameter, error.where, error.value) == ("table", "[2]", HALF)
    assert moo2.defensive_fire_chance(8, 6, {1: HALF, 2: HALF, 3: 0}) == HALF


@pytest.mark.parametrize(
    ("dfr", "first_turn_dfr"),
    [(9, 3), (0, 0), (1, 0), (2, 0), (3, 1), (10, 3), (11, 3), (12, 4), (24, 8)],
)
def test_first_turn_dfr_is_three_times_lower(dfr: int, first_turn_dfr: int) -> None:
    # Source: "DFR value is three times lower for that first turn"; the issue pins 9 -> 3.
    # Interpretation: a DFR that is not a multiple of 3 is divided and rounded down.
    assert moo2.first_turn_defensive_fire_range(dfr) == first_turn_dfr == dfr // 3
    assert moo2.FIRST_TURN_DFR_DIVISOR == 3
    assert moo2.defensive_fire_chance(first_turn_dfr, dfr, TABLE, first_turn=True) == 1
    beyond = [
        moo2.defensive_fire_chance(first_turn_dfr + k, dfr, TABLE, first_turn=True)
        for k in (1, 2, 3, 4)
    ]
    assert beyond == [Fraction(3, 4), HALF, QUARTER, 0]


def test_first_turn_ships_still_fire_if_a_target_moves_too_close() -> None:
    # Source: "the chance to fire is lowered in comparison, but ships will still fire if a target
    # moves too close".
    assert moo2.defensive_fire_chance(9, 9, TABLE, first_turn=True) == 0
    assert moo2.defensive_fire_chance(9, 9, TABLE) == 1
    assert moo2.defensive_fire_chance(3, 9, TABLE, first_turn=True) == 1


def test_max_range_caps_the_distance_at_which_df_operates() -> None:
    # Source: "defensive_fire_max_range can limit the range at which DF is operative".
    assert moo2.defensive_fire_chance(8, 6, TABLE, max_range=8) == HALF
    assert moo2.defensive_fire_chance(9, 6, TABLE, max_range=8) == 0
    # Inside the DFR too: the limit is on the range at which DF operates at all.
    assert moo2.defensive_fire_chance(5, 9, TABLE, max_range=4) == 0
    assert moo2.defensive_fire_chance(0, 0, TABLE, max_range=0) == 1
    assert moo2.alternate_defensive_fire_chance(4, {2: HALF}, max_range=3) == 0
    assert moo2.alternate_defensive_fire_chance(4, {2: HALF}, max_range=4) == HALF


def test_no_df_beyond_normal_beam_range() -> None:
    # Source 000: Normal beams reach 24 squares; DF is fire of Normal beams.
    assert moo2.DEFENSIVE_FIRE_SQUARES == moo2.max_squares("normal") == 24
    assert moo2.defensive_fire_chance(24, 30, TABLE) == 1
    assert moo2.defensive_fire_chance(25, 30, TABLE) == 0
    assert moo2.defensive_fire_chance(25, 24, TABLE) == 0
    assert moo2.alternate_defensive_fire_chance(24, {8: HALF}) == HALF
    assert moo2.alternate_defensive_fire_chance(25, {8: HALF}) == 0


@settings(deadline=None)
@given(
    st.integers(0, 30),
    st.integers(0, 30),
    tables(),
    st.booleans(),
    st.none() | st.integers(0, 30),
)
@example(distance=9, dfr=9, table=TABLE, first_turn=True, max_range=None)
def test_the_closer_the_greater_chance(
    distance: int, dfr: int, table: dict[int, Fraction], first_turn: bool, max_range: int | None
) -> None:
    chance = moo2.defensive_fire_chance(
        distance, dfr, table, first_turn=first_turn, max_range=max_range
    )
    assert 0 <= chance <= 1
    if distance > 0:
        closer = moo2.defensive_fire_chance(
            distance - 1, dfr, table, first_turn=first_turn, max_range=max_range
        )
        assert closer >= chance
    # The first turn lowers the chance, never raises it; a cap never raises it either.
    assert moo2.defensive_fire_chance(distance, dfr, table, first_turn=True) <= (
        moo2.defensive_fire_chance(distance, dfr, table)
    )
    assert chance <= moo2.defensive_fire_chance(distance, dfr, table, first_turn=first_turn)


# --- the alternate mechanic ---------------------------------------------------------------------


def test_alternate_chance_is_static_per_range_unit_of_3_squares() -> None:
    # Source: "probability is set per 3 squares"; range units as in the range penalty table.
    setting = {u: Fraction(u, 10) for u in range(9)}
    for distance in range(25):
        expected = Fraction(oracle_range_unit(distance), 10)
        assert moo2.alternate_defensive_fire_chance(distance, setting) == expected
    assert moo2.alternate_defensive_fire_chance(5, {}) == 0  # a unit it does not list: 0


def test_entering_a_range_and_passing_through_it_differ() -> None:
    # Source: "rolls happen per travel square, but probability is set per 3 squares, so the chance
    # of triggering fire is different between entering the range and passing through it".
    setting = {3: HALF}  # range unit 3 = squares 7-9
    entering = moo2.alternate_defensive_fire_path(setting, [10, 9])  # enters and stops
    passing = moo2.alternate_defensive_fire_path(setting, [10, 9, 8, 7, 6])  # crosses 3 squares
    assert entering == HALF
    assert passing == 1 - (1 - HALF) ** 3 == Fraction(7, 8)
    assert moo2.alternate_defensive_fire_path(setting, [10, 9, 8]) == Fraction(3, 4)


def test_alternate_has_no_dfr_and_no_first_turn_change() -> None:
    # Interpretation: the static chance replaces the DFR mechanic.
    setting = {1: QUARTER, 2: HALF}
    base = moo2.alternate_defensive_fire_path_chances(setting, [6, 5, 4, 3])
    assert base == (HALF, HALF, HALF, QUARTER)
    # Nothing of the DFR mechanic is an input: no dfr, table or first_turn.
    parameters = inspect.signature(moo2.alternate_defensive_fire_path_chances).parameters
    assert set(parameters) == {"range_chances", "distances", "max_range"}
    assert set(inspect.signature(moo2.alternate_defensive_fire_path).parameters) == set(parameters)


# Enumeration is exponential in the path's length: no deadline, so a loaded machine cannot fail it.
@settings(deadline=None)
@given(range_chance_maps, st.lists(st.integers(0, 30), max_size=8), st.none() | st.integers(0, 30))
def test_alternate_path_against_enumeration(
    setting: dict[int, Fraction], distances: list[int], max_range: int | None
) -> None:
    per_square = [
        Fraction(0)
        if d > 24 or (max_range is not None and d > max_range)
        else setting.get(oracle_range_unit(d), Fraction(0))
        for d in distances
    ]
    expected = oracle_at_least_once(per_square)
    assert moo2.alternate_defensive_fire_path(setting, distances, max_range=max_range) == expected
    chances = moo2.alternate_defensive_fire_path_chances(setting, distances, max_range=max_range)
    assert list(chances) == per_square


# --- paths: brute force and invariants ----------------------------------------------------------


@pytest.mark.parametrize(
    "probabilities",
    [
        [],
        [HALF],
        [HALF, HALF],
        [QUARTER, HALF, Fraction(3, 4)],
        [Fraction(1, 3), Fraction(2, 7), Fraction(5, 9), EIGHTH, Fraction(1, 100)],
        [Fraction(0), Fraction(1), Fraction(1, 2)],
        [Fraction(k, 11) for k in range(11)],
    ],
)
def test_path_probability_against_enumeration(probabilities: list[Fraction]) -> None:
    expected = oracle_at_least_once(probabilities)
    assert moo2.defensive_fire_path_probability(probabilities) == expected
    cumulative = moo2.defensive_fire_cumulative(probabilities)
    assert list(cumulative) == [
        oracle_at_least_once(probabilities[: i + 1]) for i in range(len(probabilities))
    ]


@settings(deadline=None)
@given(st.lists(chances, max_size=8))
@example([Fraction(1, 2)] * 3)
def test_path_probability_matches_enumeration(probabilities: list[Fraction]) -> None:
    assert moo2.defensive_fire_path_probability(probabilities) == oracle_at_least_once(
        probabilities
    )


@settings(deadline=None)
@given(paths)
def test_cumulative_chance_never_decreases_and_stays_in_0_1(probabilities: list[Fraction]) -> None:
    cumulative = moo2.defensive_fire_cumulative(probabilities)
    assert len(cumulative) == len(probabilities)
    assert all(0 <= c <= 1 for c in cumulative)
    assert all(a <= b for a, b in itertools.pairwise(cumulative))
    last = cumulative[-1] if cumulative else Fraction(0)
    assert last == moo2.defensive_fire_path_probability(probabilities)
    assert all(c >= p for c, p in zip(cumulative, probabilities, strict=True))


@settings(deadline=None)
@given(
    st.lists(st.integers(0, 30), max_size=12),
    st.integers(0, 26),
    tables(),
    st.booleans(),
    st.none() | st.integers(0, 30),
)
def test_classic_path_against_enumeration(
    distances: list[int], dfr: int, table: dict[int, Fraction], first_turn: bool, max_range: Any
) -> None:
    chances = moo2.defensive_fire_path_chances(
        distances, dfr, table, first_turn=first_turn, max_range=max_range
    )
    assert list(chances) == [
        moo2.defensive_fire_chance(d, dfr, table, first_turn=first_turn, max_range=max_range)
        for d in distances
    ]
    cumulative = moo2.defensive_fire_cumulative(chances)
    assert all(a <= b for a, b in itertools.pairwise(cumulative))
    assert all(0 <= c <= 1 for c in cumulative)
    if len(chances) <= 8:
        assert moo2.defensive_fire_path_probability(chances) == oracle_at_least_once(chances)


def test_reaching_the_dfr_makes_the_path_certain() -> None:
    chances = moo2.defensive_fire_path_chances([9, 8, 7, 6, 5], 6, TABLE)
    assert chances == (QUARTER, HALF, Fraction(3, 4), 1, 1)
    assert moo2.defensive_fire_cumulative(chances) == (
        QUARTER,
        Fraction(5, 8),
        Fraction(29, 32),
        1,
        1,
    )


# --- 1.31/1.40 (bugged) -------------------------------------------------------------------------


def test_bugged_no_df_when_the_start_is_out_of_normal_beam_range() -> None:
    # Source: "A bug in the range calculation prevented DF from happening in case when a moving
    # ship's start position was out of Normal beams range".
    path = [24, 23, 22]
    table = {1: HALF, 2: QUARTER}
    fixed = moo2.defensive_fire_path_chances(path, 22, table)
    assert fixed == (QUARTER, HALF, 1)
    assert moo2.bugged_defensive_fire_path_chances(path, 22, table, 25) == (0, 0, 0)
    assert moo2.bugged_defensive_fire_path_chances(path, 22, table, 24) == fixed


def test_bugged_no_df_when_the_destination_is_too_close() -> None:
    # Source: "... or its destination position was too close to a DF ship". The source gives no
    # number for "too close": it is the input too_close (at or within), None leaves it out.
    def bugged(path: list[int], too_close: int | None = None) -> tuple[Fraction, ...]:
        return moo2.bugged_defensive_fire_path_chances(path, 3, TABLE, 6, too_close=too_close)

    assert bugged([5, 4, 3]) == (HALF, Fraction(3, 4), 1)
    assert bugged([5, 4, 3], too_close=2) == (HALF, Fraction(3, 4), 1)
    assert bugged([5, 4, 3], too_close=3) == (0, 0, 0)
    assert bugged([], too_close=3) == ()


def test_bugged_dfr_computed_once_per_turn() -> None:
    # Source: "the DFR value controlling its behavior was calculated only once per turn, at the end
    # of it ... when both players share the same turn, the DFR had to be updated after every ship's
    # move". With initiative, an enemy that moved since then leaves the old DFR stale.
    position = (0, 0)
    at_turn_end = moo2.defensive_fire_range(position, [(12, 0)])  # enemy reach last turn end
    now = moo2.defensive_fire_range(position, [(6, 2)])  # after another ship moved closer
    path = moo2.path_distances(position, [(10, 1), (9, 1), (8, 1)])
    fixed = moo2.defensive_fire_path_chances(path, now, TABLE)
    bugged = moo2.bugged_defensive_fire_path_chances(path, at_turn_end, TABLE, start=11)
    assert (at_turn_end, now, path) == (12, 6, (10, 9, 8))
    assert fixed == (0, QUARTER, HALF)
    assert bugged == (1, 1, 1)


def test_bugged_no_df_on_the_first_turn_and_no_ini_parameters() -> None:
    # Source: "it couldn't happen on the first turn of battle"; 1.50's new rule is the DFR three
    # times lower. defensive_fire_max_range is a 1.50 parameter: 1.31/1.40 have none.
    fixed = moo2.defensive_fire_path_chances([4, 3], 9, TABLE, first_turn=True)
    assert fixed == (Fraction(3, 4), 1)
    assert moo2.bugged_defensive_fire_path_chances([4, 3], 9, TABLE, 5, first_turn=True) == (0, 0)
    assert moo2.bugged_defensive_fire_path_chances([4, 3], 9, TABLE, 5) == (1, 1)
    parameters = inspect.signature(moo2.bugged_defensive_fire_path_chances).parameters
    assert "max_range" not in parameters
    assert parameters["start"].default is inspect.Parameter.empty


# --- bad input ----------------------------------------------------------------------------------

HOSTILE: list[object] = [
    None,
    True,
    False,
    -1,
    1.5,
    float("nan"),
    float("inf"),
    "3",
    "",
    b"12",
    [],
    [1, 2, 3],
    {},
    {"a": 1},
    {1: 2},
    {-1: 0},
    object(),
    10**30,
    -(10**30),
    Fraction(3, 2),
    range(10**12),
    range(10**30),
    [(0, 0)] * (moo2.MAX_REACHABLE_SQUARES + 1),
    [[1, 2], "xy"],
]

VALID: dict[str, dict[str, object]] = {
    "fires_defensively": {"mount": "normal"},
    "defensive_fire_enabled": {
        "initiative": True,
        "defensive_fire": False,
        "mode": "classic",
        "variant": moo2.Variant(),
    },
    "grid_distance": {"a": (0, 0), "b": (1, 2)},
    "path_distances": {"position": (0, 0), "path": [(1, 1), (2, 2)]},
    "defensive_fire_range": {"position": (0, 0), "reachable": [(3, 4)]},
    "first_turn_defensive_fire_range": {"dfr": 9, "variant": moo2.Variant()},
    "defensive_fire_chance": {
        "distance": 7,
        "dfr": 6,
        "table": TABLE,
        "first_turn": False,
        "max_range": 20,
        "variant": moo2.Variant(),
    },
    "alternate_defensive_fire_chance": {"distance": 4, "range_chances": {2: HALF}, "max_range": 9},
    "defensive_fire_path_probability": {"chances": [HALF, QUARTER]},
    "defensive_fire_cumulative": {"chances": [HALF, QUARTER]},
    "alternate_defensive_fire_path": {
        "range_chances": {2: HALF},
        "distances": [5, 4],
        "max_range": 9,
    },
    "defensive_fire_path_chances": {
        "distances": [8, 7],
        "dfr": 6,
        "table": TABLE,
        "first_turn": False,
        "max_range": 20,
        "variant": moo2.Variant(),
    },
    "alternate_defensive_fire_path_chances": {
        "range_chances": {2: HALF},
        "distances": [5, 4],
        "max_range": 9,
    },
    "bugged_defensive_fire_path_chances": {
        "distances": [8, 7],
        "dfr": 6,
        "table": TABLE,
        "start": 9,
        "first_turn": False,
        "too_close": 1,
    },
}


def _function(name: str) -> Callable[..., object]:
    function: Callable[..., object] = getattr(moo2, name)
    return function


def test_every_public_function_is_covered_by_the_hostile_sweep() -> None:
    module = moo2.defensive_fire
    functions = {n for n in module.__all__ if inspect.isfunction(getattr(module, n))}
    assert functions == set(VALID)
    for name, arguments in VALID.items():
        assert set(inspect.signature(_function(name)).parameters) == set(arguments), name
        _function(name)(**arguments)  # the valid call works


@pytest.mark.parametrize("name", sorted(VALID))
def test_every_default_is_valid(name: str) -> None:
    # Only the required arguments: an optional one never has to be given for a call to work.
    function = _function(name)
    required = {
        p.name: VALID[name][p.name]
        for p in inspect.signature(function).parameters.values()
        if p.default is inspect.Parameter.empty
    }
    assert function(**required) is not None


@pytest.mark.parametrize(
    ("name", "parameter"), [(n, p) for n, arguments in VALID.items() for p in arguments]
)
def test_bad_input_gives_value_error_naming_the_parameter(name: str, parameter: str) -> None:
    for value in HOSTILE:
        arguments = {**VALID[name], parameter: value}
        try:
            result = _function(name)(**arguments)
        except ValueError as error:
            message = str(error)
            assert parameter in message, (name, parameter, value, message)
            assert "must be" in message, message
            assert getattr(error, "parameter", None) == parameter, (name, value, message)
        else:
            # A hostile value may also be valid (say -1 as a coordinate, or [] as a path).
            assert result is not None


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (
            lambda: moo2.defensive_fire_chance(-1, 6, TABLE),
            r"distance must be an integer >= 0, got -1",
        ),
        (lambda: moo2.defensive_fire_chance(7, -2, TABLE), r"dfr must be an integer >= 0, got -2"),
        (
            lambda: moo2.defensive_fire_chance(7, 6, {1: 1.5}),
            r"table\[1\] must be a number in 0..1, got 1.5",
        ),
        (
            lambda: moo2.defensive_fire_chance(7, 6, {0: HALF}),
            r"table key must be an integer in 1..24, got 0",
        ),
        (lambda: moo2.defensive_fire_chance(7, 6, TABLE, max_range=-1), r"max_range .* got -1"),
        (
            lambda: moo2.alternate_defensive_fire_path({9: HALF}, [3]),
            r"range_chances key must be an integer in 0..8, got 9",
        ),
        (
            lambda: moo2.alternate_defensive_fire_path({2: -HALF}, [3]),
            r"range_chances\[2\] must be a number in 0..1, got Fraction\(-1, 2\)",
        ),
        (
            lambda: moo2.alternate_defensive_fire_path({2: HALF}, [3, -4]),
            r"distances\[1\] must be an integer >= 0, got -4",
        ),
        (
            lambda: moo2.defensive_fire_path_probability([HALF, 2]),
            r"chances\[1\] must be a number in 0..1, got 2",
        ),
        (lambda: moo2.defensive_fire_path_probability("0.5"), r"chances must be a sequence"),
        (
            lambda: moo2.defensive_fire_range((0, 0), []),
            r"reachable must be a non-empty collection of \(x, y\) squares, got \[\]",
        ),
        (lambda: moo2.grid_distance((0, 0, 0), (1, 1)), r"a must be an \(x, y\) pair of integers"),
        (
            lambda: moo2.defensive_fire_enabled(initiative=True, mode="1.50"),
            r"mode must be one of 'classic', 'alternate', '1.31/1.40', got '1.50'",
        ),
    ],
)
def test_error_messages_name_parameter_allowed_and_value(
    call: Callable[[], object], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        call()


def test_any_iterable_is_a_sequence_but_text_mappings_and_unordered_sets_are_not() -> None:
    # rules.validation: a "sequence" is any iterable up to its bound; a set only where order
    # does not count (the reachable squares).
    assert moo2.defensive_fire_range((0, 0), {(9, 4), (7, 7)}) == 7
    assert moo2.path_distances((0, 0), ((x, 1) for x in (3, 2))) == (3, 2)
    assert moo2.defensive_fire_path_probability(iter([HALF, HALF])) == Fraction(3, 4)
    with pytest.raises(ValueError, match=r"^path must be .*\(not a set: its order is arbitrary\)"):
        moo2.path_distances((0, 0), {(1, 1), (2, 2)})
    with pytest.raises(ValueError, match=r"^chances must be .*\(not a mapping\)"):
        moo2.defensive_fire_path_probability({0: HALF})
    with pytest.raises(ValueError) as caught:
        moo2.alternate_defensive_fire_path({2: HALF}, [3, -4])
    error: Any = caught.value
    assert (error.parameter, error.where, error.allowed, error.value) == (
        "distances",
        "[1]",
        "an integer >= 0",
        -4,
    )


def test_work_is_bounded() -> None:
    too_long = [0] * (moo2.MAX_PATH_SQUARES + 1)
    assert moo2.MAX_PATH_SQUARES == 100
    with pytest.raises(ValueError, match=r"distances must be a sequence of at most 100 integers"):
        moo2.alternate_defensive_fire_path({}, too_long)
    with pytest.raises(ValueError, match=r"chances must be a sequence of at most 100 chances"):
        moo2.defensive_fire_cumulative(range(10**15))
    with pytest.raises(ValueError, match=r"chances must be a sequence of at most 100 chances"):
        moo2.defensive_fire_cumulative(itertools.repeat(0))  # an endless iterator is refused
    with pytest.raises(ValueError, match=r"path must be a sequence of at most 100 \(x, y\) squ"):
        moo2.path_distances((0, 0), range(10**30))
    with pytest.raises(ValueError, match=r"table must be a mapping"):
        moo2.defensive_fire_chance(3, 2, dict.fromkeys(range(1, 10**5), 0))
    longest = [Fraction(1, 7)] * moo2.MAX_PATH_SQUARES
    assert 0 < moo2.defensive_fire_path_probability(longest) < 1
    assert moo2.defensive_fire_cumulative(longest)[-1] == 1 - Fraction(6, 7) ** 100
    # The slowest exact case: the finest chances the validation layer accepts, 2**-1074.
    finest = [5e-324] * moo2.MAX_PATH_SQUARES
    assert moo2.defensive_fire_cumulative(finest)[-1] == moo2.defensive_fire_path_probability(
        finest
    )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 40) | st.none() | st.text(max_size=2), max_size=6),
    st.integers(-3, 30) | st.none(),
    st.dictionaries(st.integers(-2, 30), st.fractions(-1, 2, max_denominator=8), max_size=5),
    st.integers(-2, 30) | st.none(),
    st.booleans() | st.none(),
)
def test_any_input_gives_a_result_or_a_value_error(
    distances: list[Any], dfr: Any, table: dict[int, Fraction], start: Any, first_turn: Any
) -> None:
    calls: list[Callable[[], tuple[Fraction, ...]]] = [
        lambda: moo2.defensive_fire_path_chances(distances, dfr, table, first_turn=first_turn),
        lambda: moo2.alternate_defensive_fire_path_chances(table, distances, max_range=start),
        lambda: moo2.bugged_defensive_fire_path_chances(
            distances, dfr, table, start, first_turn=first_turn, too_close=start
        ),
    ]
    for call in calls:
        try:
            chances = call()
        except ValueError:
            continue
        assert all(0 <= c <= 1 for c in chances)
