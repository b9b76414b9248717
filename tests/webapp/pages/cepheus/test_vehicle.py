"""The Cepheus vehicle page (webapp/pages/cepheus/vehicle.py), headless: it shows exactly what
rules.cepheus computes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import cepheus
from webapp.pages.cepheus.vehicle import CepheusVehicle, CepheusVehicleView


def test_vehicle_matches_the_rules() -> None:
    m = CepheusVehicle(rolled=30, effect=3, armor=4, table="robot_or_drone", location="sensors",
                       hit_number=3, speed_kph=45)  # fmt: skip
    damage = cepheus.hit_damage(30, 3, armor=4)
    assert m.result.damage == damage
    assert m.result.hits == cepheus.vehicle_hits(damage)
    assert m.result.locations == cepheus.hit_location_odds("robot_or_drone")
    assert m.result.location_hit == cepheus.location_hit_effect("sensors", 3)
    assert m.result.redirected == cepheus.location_hit_effect("hull", 1)
    assert m.result.collision_dice == cepheus.collision_dice(45)


def test_vehicle_bad_input_and_chart_in_table_order() -> None:
    view = CepheusVehicleView()
    m = view.model
    for name, value in (("hit_number", 0), ("effect", -1), ("speed_kph", -5.0)):
        good = m.result
        m.param.update({name: value})
        assert m.error_input == name and m.result is good
        m.param.update({name: m.param[name].default})
    first_roll = [cepheus.hit_location("external", r) for r in range(2, 13)]
    assert view._chart.figure.x_range.factors == [loc.label for loc in dict.fromkeys(first_roll)]


ints = st.one_of(st.none(), st.integers(-50, 50))


@settings(max_examples=60, deadline=None)
@given(
    rolled=ints, effect=ints, armor=ints, hit_number=ints,
    speed=st.one_of(st.none(), st.floats(-10, 500, allow_nan=False)),
    table=st.sampled_from([t.value for t in cepheus.HitTable]),
    location=st.sampled_from([loc.value for loc in cepheus.Location]),
)  # fmt: skip
def test_vehicle_any_input_gives_a_result_or_an_error(
    rolled: int | None, effect: int | None, armor: int | None, hit_number: int | None,
    speed: float | None, table: str, location: str,
) -> None:  # fmt: skip
    vehicle = CepheusVehicle()
    vehicle.param.update(
        rolled=rolled, effect=effect, armor=armor, hit_number=hit_number, speed_kph=speed,
        table=table, location=location,
    )  # fmt: skip
    if not vehicle.error:
        assert vehicle.result.hits == cepheus.vehicle_hits(vehicle.result.damage)


def test_vehicle_chart_recolours_with_the_theme() -> None:
    view = CepheusVehicleView()
    light = view._charts[0].background_fill_color
    view.set_theme("dark")
    assert view._charts[0].background_fill_color != light
