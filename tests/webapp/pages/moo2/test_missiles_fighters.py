"""The MOO2 missiles-and-fighters page, headless: every number is what rules.moo2 computes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moo2
from webapp.pages.moo2.missiles_fighters import (
    FLIER_MOUNTS,
    Moo2MissilesFighters,
    Moo2MissilesFightersView,
    ftl_level,
)


def test_drive_choices_are_the_rules_drive_table() -> None:
    drives = Moo2MissilesFighters.param["drive"].objects
    assert drives == [d.name for d in moo2.DRIVES]
    assert [ftl_level(d.name) for d in moo2.DRIVES] == [d.ftl_level for d in moo2.DRIVES]


def test_heavy_mounts_cannot_shoot_at_fliers() -> None:
    # Source: 000_3948ba1900819cb7.txt, "Beam ship weapons": Heavy "can target ships only".
    assert moo2.Mount.HEAVY not in FLIER_MOUNTS
    assert set(Moo2MissilesFighters.param["mount"].objects) == {m.value for m in FLIER_MOUNTS}


def test_missile_numbers_match_the_rules() -> None:
    m = Moo2MissilesFighters(missile="zeon", drive="Interphased", fast=True, attack=80,
                             mount="normal", squares=10, formula="simplified")  # fmt: skip
    r = m.result
    assert r.missile_defense == moo2.missile_beam_defense("zeon", 6, fast=True) == 200
    assert r.missile_speed == moo2.missile_speed(6, fast=True)
    assert r.defense == r.missile_defense
    assert r.hit_probability == moo2.hit_probability(
        80, 200, 10, mount="normal", formula="simplified"
    )


def test_fighter_numbers_match_the_rules() -> None:
    m = Moo2MissilesFighters(target="fighter", fighter="bomber", drive="Ion",
                             trans_dimensional=True, racial_bonus=25, pilot_bonus=10,
                             helmsman_bonus=5, squares=12)  # fmt: skip
    r = m.result
    expected = moo2.fighter_beam_defense(
        "bomber", 3, trans_dimensional=True, racial_bonus=25, pilot_bonus=10, helmsman_bonus=5
    )
    assert r.defense == r.fighter_defense == expected == 120  # the docstring's example
    assert r.fighter_speed == moo2.fighter_speed("bomber", 3, trans_dimensional=True)
    assert r.hit_probability == moo2.hit_probability(50, 120, 12, mount="point_defense")


def test_tables_cover_every_drive_and_type() -> None:
    m = Moo2MissilesFighters(fast=True, trans_dimensional=True, pilot_bonus=3)
    r = m.result
    for (name, speed, defenses), drive in zip(r.missile_table, moo2.DRIVES, strict=True):
        assert name == drive.name
        assert speed == moo2.missile_speed(drive.ftl_level, fast=True)
        assert defenses == tuple(
            moo2.missile_beam_defense(x, drive.ftl_level, fast=True) for x in moo2.Missile
        )
    for (name, speeds, defenses), drive in zip(r.fighter_table, moo2.DRIVES, strict=True):
        assert name == drive.name
        assert speeds == tuple(
            moo2.fighter_speed(f, drive.ftl_level, trans_dimensional=True) for f in moo2.Fighter
        )
        assert defenses == tuple(
            moo2.fighter_beam_defense(f, drive.ftl_level, trans_dimensional=True, pilot_bonus=3)
            for f in moo2.Fighter
        )


def test_hit_rows_per_mount_to_its_longest_range() -> None:
    r = Moo2MissilesFighters(attack=70).result
    assert [row.squares for row in r.hit_rows] == list(range(moo2.max_squares("normal") + 1))
    for row in r.hit_rows:
        for mount, chance in zip(FLIER_MOUNTS, row.chances, strict=True):
            if row.squares > moo2.max_squares(mount):
                assert chance is None
            else:
                assert chance == moo2.hit_probability(70, r.defense, row.squares, mount=mount)


def test_view_shows_the_figures_and_tables() -> None:
    view = Moo2MissilesFightersView()
    r = view.model.result
    assert f">{r.defense}<" in view._summary.object
    assert "data-testid='missile-table'" in view._missile_table.object
    assert "data-testid='fighter-table'" in view._fighter_table.object
    assert "data-testid='hit-table'" in view._hit_table.object
    chart = view._sources[moo2.Mount.POINT_DEFENSE].data
    assert chart["squares"] == list(range(moo2.max_squares("point_defense") + 1))


def test_out_of_range_squares_are_an_error_beside_the_distance() -> None:
    m = Moo2MissilesFighters()
    good = m.result
    m.squares = moo2.max_squares("point_defense") + 1
    assert m.error_input == "squares" and m.result is good
    m.mount = "normal"
    assert m.error == ""


@settings(deadline=None, max_examples=30)
@given(
    attack=st.integers(-200, 300),
    squares=st.integers(-2, 30),
    mount=st.sampled_from([m.value for m in FLIER_MOUNTS]),
    target=st.sampled_from(["missile", "fighter"]),
)
def test_any_input_gives_a_result_or_an_error_beside_it(
    attack: int, squares: int, mount: str, target: str
) -> None:
    m = Moo2MissilesFighters()
    m.param.update(attack=attack, squares=squares, mount=mount, target=target)
    if 0 <= squares <= moo2.max_squares(mount):
        assert m.error == ""
        assert m.result.hit_probability == moo2.hit_probability(
            attack, m.result.defense, squares, mount=mount
        )
    else:
        assert m.error_input == "squares"
