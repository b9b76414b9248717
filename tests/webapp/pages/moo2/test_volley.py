"""The MOO2 volley-forecast page model, headless: it shows exactly what rules.moo2 computes."""

from __future__ import annotations

import random
from fractions import Fraction
from urllib.parse import parse_qsl, urlsplit

from rules import moo2
from webapp.pages import find_page
from webapp.pages.moo2.shot import Moo2Shot
from webapp.pages.moo2.volley import (
    SHOT_INPUTS,
    Moo2Volley,
    Moo2VolleyView,
    exact_short,
    roll_volleys,
)


def test_defaults_equal_volley_forecast_of_the_same_shot() -> None:
    m = Moo2Volley()
    shot = moo2.BeamShot(5, 20, 50, 30, 9)
    assert m.result.forecast == moo2.volley_forecast([(shot, 2)], 100, 10)
    assert m.result.damage_after == m.result.forecast.damage[2]
    assert m.result.hit_probability == moo2.hit_probability(50, 30, 9)


def test_a_sure_hit_against_small_hit_points_worked_by_hand() -> None:
    # Mauler-like: always hits for 100 at point blank; one shot a turn against 150 hit points:
    # 100 after turn 1 (standing), destroyed in turn 2, surely: expected turns 2.
    m = Moo2Volley(
        min_damage=100, max_damage=100, attack=0, defense=0, squares=0, always_hit=True,
        count=1, hit_points=150, turns=3, stop_after=1,
    )  # fmt: skip
    f = m.result.forecast
    assert f.destroyed == (Fraction(0), Fraction(1), Fraction(1))
    assert f.survival == (Fraction(1), Fraction(0), Fraction(0))
    assert f.expected_turns == Fraction(2)
    assert m.result.damage_after == {100: Fraction(1)}
    view = Moo2VolleyView(m)
    assert "data-testid='destroyed-chance'>100%" in view._summary.object
    assert "data-testid='expected-turns'>2.00" in view._summary.object


def test_one_laser_shot_against_one_hit_point_is_a_geometric_fight() -> None:
    # A 1-4 Laser at point blank, net attack 0: it hits on 40..100 (61/100), and any hit does
    # at least 1 damage; against 1 hit point the target survives t turns with (39/100) ** t
    # and the expected turns are 100/61.
    m = Moo2Volley(min_damage=1, max_damage=4, attack=0, defense=0, squares=0, count=1,
                   hit_points=1, turns=4)  # fmt: skip
    f = m.result.forecast
    q = Fraction(39, 100)
    assert m.result.hit_probability == 1 - q
    assert f.survival == tuple(q**t for t in range(1, 5))
    assert f.expected_turns == Fraction(100, 61)


def test_a_weapon_that_cannot_hurt_gives_not_certain() -> None:
    # A shield of 20 stops every 1-4 hit: destruction is not certain.
    m = Moo2Volley(min_damage=1, max_damage=4, squares=0, shield=20, hit_points=5, turns=2,
                   stop_after=1)  # fmt: skip
    assert m.result.forecast.expected_turns is None
    assert "data-testid='expected-turns'>not certain" in Moo2VolleyView(m)._summary.object


def test_bad_inputs_name_the_input() -> None:
    m = Moo2Volley()
    good = m.result
    m.count = 0
    assert m.result is good and m.error_input == "count"
    m.count = 2
    m.stop_after = 11
    assert m.error_input == "stop_after" and "1..10" in m.error
    m.stop_after = 3
    m.turns = 30  # past the work bound for these weapons: the rules name the largest that fits
    assert m.error_input == "turns" and "got 30" in m.error
    m.turns = 10
    m.hit_points = None
    assert m.error_input == "hit_points" and m.error.endswith("got nothing")


def test_the_shot_link_carries_the_same_shot_to_the_shot_page() -> None:
    view = find_page("moo2-volley").factory()
    view.model.param.update(attack=70, squares=4, shield=3, planet=True)
    link = view._odds.object.split("href='")[1].split("'")[0].replace("&amp;", "&")
    query = dict(parse_qsl(urlsplit(link).query))
    assert query.pop("page") == "moo2-shot"
    assert set(query) == set(SHOT_INPUTS)
    shot = Moo2Shot()
    assert shot.apply_query(query) == []
    assert shot.result.shot == view.model.result.shot


def test_a_roll_is_seeded_and_resolved_by_the_rules() -> None:
    m = Moo2Volley(hit_points=40)
    first = roll_volleys(m.result, random.Random(7), 7)
    assert first == roll_volleys(m.result, random.Random(7), 7)
    rng = random.Random(7)
    total = 0
    for shots in first.turns:
        for roll, damage in shots:
            assert roll == rng.randint(1, moo2.D100)
            assert damage == m.result.shot.damage(roll)
            total += damage
    assert total == first.totals[-1]
    assert (first.destroyed_on is not None) == (total >= 40)
    view = Moo2VolleyView(m)
    view.roll_it.roll()
    assert m.seed == 2 and "roll-steps" in view.roll_it.log.object


def test_long_exact_fractions_are_summarised() -> None:
    assert exact_short(Fraction(61, 100)) == "61/100"
    assert exact_short(Fraction(1, 10**60)) == "61-digit fraction"
