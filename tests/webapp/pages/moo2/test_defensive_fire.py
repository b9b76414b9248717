"""The MOO2 Defensive Fire page, headless: every chance is what rules.moo2 says, typed paths and
tables parse (or fail beside the right input), and a tap on the grid edits the path."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bokeh.events import Tap

from rules import moo2
from webapp.pages import find_page
from webapp.pages.moo2.defensive_fire import (
    Moo2DefensiveFire,
    Moo2DefensiveFireView,
    parse_chances,
    parse_path,
    tapped_path,
)

TABLE = {1: Fraction(9, 10), 2: Fraction(3, 4), 3: Fraction(1, 2)}
"""An example table (not the game's: its figures are missing from the source)."""
TABLE_TEXT = "1:90 2:75 3:50"


def test_the_page_is_registered() -> None:
    assert find_page("moo2-defensive-fire").factory().model.result is not None


def test_the_default_table_is_empty_and_only_the_dfr_counts() -> None:
    r = Moo2DefensiveFire().result
    assert r.table == {}
    ship = (2, 5)
    path = ((9, 7), (8, 6), (7, 5), (6, 5), (5, 5), (4, 5))
    assert r.path == path
    assert r.distances == moo2.path_distances(ship, path)
    assert r.chances == moo2.defensive_fire_path_chances(r.distances, 3, {})
    assert r.probability == 1 and r.certain_at == 5


@pytest.mark.parametrize("first_turn", [False, True])
@pytest.mark.parametrize("limit", [None, 5])
def test_classic_chances_are_the_rules(first_turn: bool, limit: int | None) -> None:
    m = Moo2DefensiveFire(
        table=TABLE_TEXT, dfr=4, first_turn=first_turn,
        use_max_range=limit is not None, max_range=limit or 24,
    )  # fmt: skip
    r = m.result
    assert m.error == "" and r.table == TABLE
    options = {"first_turn": first_turn, "max_range": limit}
    assert r.chances == moo2.defensive_fire_path_chances(r.distances, 4, TABLE, **options)
    assert r.by_distance == moo2.defensive_fire_path_chances(range(12), 4, TABLE, **options)
    assert r.cumulative == moo2.defensive_fire_cumulative(r.chances)
    assert r.probability == moo2.defensive_fire_path_probability(r.chances)
    expected_dfr = moo2.first_turn_defensive_fire_range(4) if first_turn else 4
    assert r.dfr_in_force == expected_dfr


def test_alternate_chances_are_the_rules() -> None:
    m = Moo2DefensiveFire(mode="alternate", range_chances="1:100 2:50 3:25", first_turn=True)
    r = m.result
    chances = {1: Fraction(1), 2: Fraction(1, 2), 3: Fraction(1, 4)}
    assert r.chances == moo2.alternate_defensive_fire_path_chances(chances, r.distances)
    assert r.probability == moo2.alternate_defensive_fire_path(chances, r.distances)
    assert r.dfr_in_force is None


def test_bugged_chances_are_the_rules_and_the_too_close_bug_blocks_the_move() -> None:
    m = Moo2DefensiveFire(mode="1.31/1.40", table=TABLE_TEXT, initiative=True)
    r = m.result
    assert r.enabled  # 1.31/1.40: DF ran with initiative on
    start = moo2.grid_distance((2, 5), (10, 8))
    assert r.chances == moo2.bugged_defensive_fire_path_chances(r.distances, 3, TABLE, start)
    m.param.update(use_too_close=True, too_close=2)
    r = m.result
    assert r.chances == moo2.bugged_defensive_fire_path_chances(
        r.distances, 3, TABLE, start, too_close=2
    )
    assert r.probability == 0 and r.ends_too_close
    m.first_turn = True
    assert m.result.by_distance == tuple(Fraction(0) for _ in range(12))


def test_initiative_without_defensive_fire_turns_df_off() -> None:
    m = Moo2DefensiveFire(initiative=True)
    assert not m.result.enabled
    assert m.result.probability == 0 and set(m.result.by_distance) == {0}
    m.defensive_fire = True
    assert m.result.enabled and m.result.probability == 1


def test_paths_parse_squares_and_moves() -> None:
    assert parse_path("9,8 W SW 2W", (10, 8), 12) == ((9, 8), (8, 8), (7, 7), (6, 7), (5, 7))
    assert parse_path(" 3nE ", (0, 0), 5) == ((1, 1), (2, 2), (3, 3))
    assert parse_chances("table", "1:90, 2: 62.5% 3:0")[0] == {
        1: Fraction(9, 10), 2: Fraction(5, 8), 3: Fraction(0)
    }  # fmt: skip


@pytest.mark.parametrize(
    ("name", "value", "shown"),
    [
        ("path", "9,7 5,5", "'5,5'"),  # not one step from the square before
        ("path", "9,7 x", "'x'"),
        ("path", "12N", "'12N'"),  # off the grid
        ("path", "101W", "'101W'"),
        ("table", "1:50 2:75", "'2:75'"),  # grows with distance: the rules refuse it
        ("table", "30:50", "'30:50'"),
        ("table", "1:150", "'1:150'"),
        ("table", "1:50 1:40", "'1:40'"),
        ("table", "one", "'one'"),
        ("range_chances", "9:50", "'9:50'"),
    ],
)
def test_typed_errors_show_beside_their_input_with_the_entry(
    name: str, value: str, shown: str
) -> None:
    view = Moo2DefensiveFireView()
    m = view.model
    if name == "range_chances":
        m.mode = "alternate"
    good = m.result
    setattr(m, name, value)
    assert m.error_input == name, m.error
    assert m.error.startswith(m.label_of(name)) and m.error.endswith(f"got {shown}"), m.error
    assert m.result is good


def test_the_ship_must_be_on_the_grid() -> None:
    m = Moo2DefensiveFire()
    m.ship_x = 12
    assert m.error_input == "ship_x" and "0..11" in m.error
    m.ship_x = 2
    m.size = 26
    assert m.error_input == "size"


def test_a_tap_extends_cuts_and_clears_the_path() -> None:
    assert tapped_path((), (0, 0), (3, 1), 8) == ((1, 1), (2, 1), (3, 1))
    assert tapped_path(((1, 1), (2, 1)), (0, 0), (1, 1), 8) == ((1, 1),)
    assert tapped_path(((1, 1), (2, 1)), (0, 0), (0, 0), 8) == ()
    assert tapped_path(((1, 1),), (0, 0), (9, 9), 8) == ((1, 1),)  # off the grid
    view = Moo2DefensiveFireView()
    m = view.model
    view._tapped(Tap(view._grid_fig, x=3.2, y=4.9))  # next to the path's last square (4,5)
    assert m.path.endswith("4,5 3,5") and m.error == ""
    view._tapped(Tap(view._grid_fig, x=3.0, y=5.0))  # its last square again: removed
    assert m.path == "9,7 8,6 7,5 6,5 5,5 4,5"
    view._tapped(Tap(view._grid_fig, x=10, y=8))  # the enemy's start: cleared
    assert m.path == "" and m.result.probability == 0 and m.result.certain_at is None


def test_view_colours_every_square_and_lists_the_path() -> None:
    view = Moo2DefensiveFireView(Moo2DefensiveFire(table=TABLE_TEXT, size=8, start_x=7,
                                                   start_y=7, path="6,6 5,5"))  # fmt: skip
    squares = view._squares.data
    assert len(squares["x"]) == 64
    r = view.model.result
    for x, y, exact in zip(squares["x"], squares["y"], squares["exact"], strict=True):
        d = moo2.grid_distance((2, 5), (x, y))
        assert exact == str(moo2.defensive_fire_chance(d, 3, TABLE))
    assert view._steps.data["cumulative"] == [float(c) for c in r.cumulative]
    assert "data-testid='path-table'" in view._path_table.object
    assert "NOT included" in view._tables.object


def test_the_mode_and_an_error_open_the_group_of_their_inputs() -> None:
    view = Moo2DefensiveFireView()
    cards = view._groups
    assert all(card.collapsed for card in cards.values())
    view.model.mode = "alternate"
    assert not cards[("range_chances",)].collapsed
    view.model.ship_x = 40
    assert not cards[("size", "ship_x", "ship_y", "start_x", "start_y")].collapsed
    assert cards[("use_too_close", "too_close")].collapsed
