"""The MOO2 beam-shot page model, headless: it shows exactly what rules.moo2 computes."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rules import moo2
from webapp.pages.moo2.shot import Moo2Shot, Moo2ShotView


def test_defaults_match_the_rules() -> None:
    m = Moo2Shot()
    result = m.result
    assert result.hit_probability == moo2.hit_probability(m.attack, m.defense, m.squares)
    assert result.potential == moo2.damage_potential(m.min_damage, m.max_damage, m.squares)
    assert result.distribution == moo2.damage_distribution(
        m.min_damage, m.max_damage, m.attack, m.defense, m.squares
    )
    assert sum(result.distribution.values()) == 1


def test_source_example_death_ray_at_eleven_squares() -> None:
    # Source: 000_3948ba1900819cb7.txt, "Examples": Death Ray at 11 squares, roll 85,
    # BA+CO-AF-BD = 10 does 65 damage.
    m = Moo2Shot(attack=10, defense=0, squares=11, min_damage=50, max_damage=100)
    assert m.result.potential == (35, 70)
    assert moo2.shot_damage(50, 100, 10, 0, 11, 85) == 65


def test_bad_input_keeps_the_last_good_result_and_names_the_input() -> None:
    m = Moo2Shot()
    good = m.result
    m.squares = 25
    assert m.result is good
    assert m.error_input == "squares"
    assert "squares must be" in m.error and "got 25" in m.error
    m.squares = 24
    assert m.error == "" and m.result is not good


def test_an_emptied_number_box_is_an_error_beside_it_not_a_crash() -> None:
    m = Moo2Shot()
    good = m.result
    m.squares = None
    assert m.result is good
    assert m.error_input == "squares" and "got None" in m.error
    assert "squares" not in m.query()


def test_mauler_preset_always_hits() -> None:
    view = Moo2ShotView()
    view._preset.value = "Mauler Device"
    m = view.model
    assert m.always_hit and (m.min_damage, m.max_damage) == (100, 100)
    assert m.result.hit_probability == Fraction(1)
    assert 0 not in m.result.distribution


def test_theme_recolours_the_charts() -> None:
    view = Moo2ShotView()
    view.set_theme("dark")
    dark = view._dist_fig.background_fill_color
    view.set_theme("light")
    assert view._dist_fig.background_fill_color != dark


@given(
    attack=st.integers(-200, 300),
    defense=st.integers(-100, 300),
    squares=st.integers(-5, 60),
    mount=st.sampled_from(["normal", "heavy", "point_defense"]),
)
def test_any_input_gives_a_result_or_an_error_never_a_crash(
    attack: int, defense: int, squares: int, mount: str
) -> None:
    m = Moo2Shot()
    m.param.update(attack=attack, defense=defense, squares=squares, mount=mount)
    if 0 <= squares <= moo2.max_squares(mount):
        assert m.error == ""
        expected = moo2.hit_probability(attack, defense, squares, mount=mount)
        assert m.result.hit_probability == expected
    else:
        assert m.error_input == "squares"
