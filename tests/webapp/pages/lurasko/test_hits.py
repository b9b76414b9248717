"""The Lur-Asko hits-forecast page model, headless: it shows exactly what rules.lurasko
computes, keeps the last good result on bad input, and links to the attack resolver."""

from __future__ import annotations

import random
from fractions import Fraction
from urllib.parse import parse_qsl, urlsplit

import pytest

from rules import lurasko
from rules.lurasko import Attack, Shield, Target, WeaponHit
from webapp.app import App
from webapp.pages import find_page
from webapp.pages.lurasko.attack import LuraskoAttack
from webapp.pages.lurasko.hits import (
    ATTACK_INPUTS,
    LuraskoHits,
    LuraskoHitsView,
    expected_attacks,
    parse_chance,
    roll_hits,
)

# The page's defaults, written out as the rules' own records (not through the page's builders):
# weapon 1 (32 damage, drive 15, 24 heat), melee; injury factor 10, armor 16-28, organic; one
# high precision shield of 40 points; hit 1/2, critical 1/5, 10 attacks.
DEFAULT_ATTACK = Attack(WeaponHit(32, 15, 24, "heat"), form="melee")
DEFAULT_TARGET = Target(10, (16, 28))
DEFAULT_SHIELDS = [Shield("high", 40)]

SOURCE_BLAST = {
    "form": "ranged", "w1_normal_damage": 0, "w1_normal_drive": 0, "w1_energy_damage": 40,
    "w1_energy_type": "heat", "armor": False, "s1_level": "medium", "s1_points": 50,
    "hit_chance": "1", "crit_chance": "0", "attacks": 2, "stop_after": 1, "threshold": 3,
}  # fmt: skip
"""Source, 002 "Energy Shielding": 50 points of shielding shield a 40-damage energy attack,
10 points left. A second such hit gets 30 through: 3 degrees at injury factor 10."""


def test_defaults_equal_the_rules_forecast_of_the_same_attack() -> None:
    m = LuraskoHits()
    assert m.error == ""
    expected = lurasko.hits_forecast(
        DEFAULT_ATTACK, DEFAULT_TARGET, DEFAULT_SHIELDS, 10, Fraction(1, 2), Fraction(1, 5)
    )
    assert m.result.forecast == expected
    assert m.result.degrees_after == expected.degrees[2]
    assert m.result.points_after == expected.shield_points[2]
    assert m.result.reached(3) == tuple(r[3] for r in expected.reached)
    view = LuraskoHitsView(m)
    last = expected.reached[-1][3]
    assert f"data-testid='reached-chance'>{_percent(last)}<" in view._summary.object
    mean = expected.mean_degrees[-1]
    assert f"data-testid='mean-degrees'>{float(mean):.2f}<" in view._summary.object


def _percent(p: Fraction) -> str:
    from webapp.formatting import percent

    return percent(p)


def test_the_single_attack_is_the_forecasts_first_attack() -> None:
    m = LuraskoHits()
    s, f = m.result.single, m.result.forecast
    # The first attack's joint distribution of (degrees, points left) is the three outcomes.
    joint: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    for _name, p, _damage, degrees, points in s.rows():
        joint[degrees, points] = joint.get((degrees, points), Fraction(0)) + p
    assert f.states[0] == joint
    assert (s.hit.degrees, s.critical.degrees) == (f.first_hit_degrees, f.first_critical_degrees)
    hit = lurasko.resolve_attack(DEFAULT_ATTACK, DEFAULT_TARGET, DEFAULT_SHIELDS)
    assert (s.hit.total_damage, s.hit.shield_points) == (hit.total_damage, hit.shield_points)


def test_the_sources_shield_example_carried_over_worked_by_hand() -> None:
    m = LuraskoHits(**SOURCE_BLAST)
    assert m.error == ""
    f = m.result.forecast
    assert f.shield_points[0] == {(10,): 1} and f.degrees[0] == {0: 1}
    assert f.shield_points[1] == {(0,): 1} and f.degrees[1] == {3: 1}
    assert m.result.reached(3) == (Fraction(0), Fraction(1))
    assert m.result.expected == 2  # surely reached, on the second attack
    view = LuraskoHitsView(m)
    assert "data-testid='expected-attacks'>2.00<" in view._summary.object
    assert "data-testid='points-table'" in view._points_table.object


def test_one_degree_a_hit_is_a_negative_binomial_fight() -> None:
    # 10 damage, no armor, injury factor 10: every hit 1 degree; hits with 1/3. Reaching 2
    # degrees within n attacks: 1 - (2/3)^n - n (1/3) (2/3)^(n-1).
    m = LuraskoHits(w1_normal_damage=10, w1_energy_damage=0, armor=False, s1_level="none",
                    hit_chance="1/3", crit_chance="0", attacks=6, threshold=2)  # fmt: skip
    assert m.error == ""
    q, p = Fraction(2, 3), Fraction(1, 3)
    assert m.result.reached(2) == tuple(1 - q**n - n * p * q ** (n - 1) for n in range(1, 7))
    assert m.result.expected is None  # never sure within 6 attacks
    assert "not certain" in LuraskoHitsView(m)._summary.object


def test_expected_attacks_sums_the_chances_of_not_yet() -> None:
    assert expected_attacks([Fraction(1, 4), Fraction(3, 4), Fraction(1)]) == 1 + Fraction(
        3, 4
    ) + Fraction(1, 4)
    assert expected_attacks([Fraction(1)]) == 1
    assert expected_attacks([Fraction(0), Fraction(1, 2)]) is None


@pytest.mark.parametrize(
    ("changes", "name", "words"),
    [
        ({"hit_chance": "half"}, "hit_chance", "such as 1/2"),
        ({"hit_chance": "3/2"}, "hit_chance", "0..1"),
        ({"crit_chance": "1/0"}, "crit_chance", "such as 1/2"),
        ({"form": "damage aura"}, "crit_chance", "damage aura"),
        ({"attacks": 0}, "attacks", "got 0"),
        ({"stop_after": 11}, "stop_after", "1..10"),
        ({"threshold": 11}, "threshold", "got 11"),
        ({"s1_points": -1}, "s1_points", "got -1"),
        ({"w1_normal_damage": None}, "w1_normal_damage", "got nothing"),
    ],
)
def test_bad_input_shows_the_message_by_its_input_and_keeps_the_result(
    changes: dict[str, object], name: str, words: str
) -> None:
    view = find_page("lurasko-hits").factory()
    m = view.model
    good, summary = m.result, view._summary.object
    m.param.update(changes)
    assert m.error_input == name, m.error
    assert m.error.startswith(m.label_of(name)) and words in m.error
    assert m.result is good and view._summary.object == summary
    m.reset()
    assert m.error == "" and m.result.forecast == good.forecast


def test_chances_parse_exactly() -> None:
    assert parse_chance("hit_chance", "7/12") == Fraction(7, 12)
    assert parse_chance("hit_chance", "0.85") == Fraction(17, 20)
    for text in ("", "-1/2", "1e3", "1/2/3", "0x1"):
        with pytest.raises(ValueError, match="hit_chance"):
            parse_chance("hit_chance", text)


def test_a_deep_link_presets_the_inputs_and_a_malformed_one_gives_defaults() -> None:
    app = App()
    app.apply_search("?page=lurasko-hits&hit_chance=3/4&attacks=5&stop_after=5&s1_points=20")
    assert app.notice == "" and app.page == "lurasko-hits"
    m = app.view_of("lurasko-hits").model
    assert (m.hit_chance, m.attacks, m.s1_points) == ("3/4", 5, 20)
    shields = [Shield("high", 20)]
    assert m.result.forecast == lurasko.hits_forecast(
        DEFAULT_ATTACK, DEFAULT_TARGET, shields, 5, Fraction(3, 4), Fraction(1, 5)
    )
    bad = App()
    bad.apply_search("?page=lurasko-hits&attacks=ten&hit_chance=1/4")
    assert bad.notice.startswith("This link could not be used as it was")
    assert "Attacks to forecast" in bad.notice
    model = bad.view_of("lurasko-hits").model
    assert (model.attacks, model.hit_chance) == (10, "1/2")


def _link(html_text: str, testid: str) -> dict[str, str]:
    tail = html_text.split(f"data-testid='{testid}'")[0].rsplit("href='", 1)[1]
    return dict(parse_qsl(urlsplit(tail.split("'")[0].replace("&amp;", "&")).query))


def test_the_links_open_the_same_hit_and_critical_on_the_attack_resolver() -> None:
    view = find_page("lurasko-hits").factory()
    view.model.param.update(w1_normal_damage=50, s1_points=30, drive_bonus=2)
    f = view.model.result.forecast
    for testid, degrees in (("hit-link", f.first_hit_degrees),
                            ("critical-link", f.first_critical_degrees)):  # fmt: skip
        query = _link(view._odds.object, testid)
        assert query.pop("page") == "lurasko-attack"
        attack = LuraskoAttack()
        assert attack.apply_query(query) == []
        for name in ATTACK_INPUTS:  # the same attack, target, resistances and shields
            assert getattr(attack, name) == getattr(view.model, name), name
        assert not attack.result.missed
        assert attack.result.resolution.degrees == degrees
    assert attack.result.critical is lurasko.CriticalEffect.DRIVE


def test_a_roll_is_seeded_and_resolved_by_the_rules() -> None:
    m = LuraskoHits(attacks=6)
    result = m.result
    first = roll_hits(result, random.Random(7), 7)
    assert first == roll_hits(result, random.Random(7), 7)
    rng = random.Random(7)
    points, total = (40,), 0
    for outcome, degrees, left in zip(first.outcomes, first.degrees, first.points, strict=True):
        hit = rng.randint(1, 2) <= 1
        if not hit:
            assert outcome == "miss" and degrees == total  # a high shield spends nothing
            assert left == points
            continue
        critical = rng.randint(1, 5) <= 1
        assert outcome == ("critical" if critical else "hit")
        attack = Attack(DEFAULT_ATTACK.hits, form="melee", critical="drive" if critical else None)
        r = lurasko.resolve_attack(attack, DEFAULT_TARGET, [Shield("high", points[0])])
        total += r.degrees
        points = r.shield_points
        assert (degrees, left) == (total, points)
    assert len(first.outcomes) == 6
    view = LuraskoHitsView(m)
    view.roll_it.roll()
    assert m.seed == 2 and "roll-steps" in view.roll_it.log.object
