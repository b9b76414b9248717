"""The Cepheus fight-forecast page model, headless: it shows exactly what rules.cepheus computes.

Every expected figure is computed here from :func:`rules.cepheus.duel` or
:func:`rules.cepheus.focus_fire` with fighters and attacks built in the test from the inputs
(not through the page), so a wrong mapping of an input (whose armor, which characteristic,
which order) shows.
"""

from __future__ import annotations

import random
from urllib.parse import parse_qsl, urlsplit

from rules import cepheus
from rules.cepheus import AttackSituation, Fighter, Physical
from webapp.formatting import percent
from webapp.pages import find_page
from webapp.pages.cepheus.attack import CepheusAttack
from webapp.pages.cepheus.fight import CepheusFight, CepheusFightView, roll_fight

DEFAULT_A = AttackSituation(  # A: rifle 3D6, skill 1, Dexterity 8 (DM +0); B wears armor 4
    weapon="rifle",
    damage_dice=3,
    squares=10,
    skill=1,
    characteristic_dm=0,
    armor=4,
    unskilled_dm=0,  # (the attack page always gives its unskilled DM input, 0 by default)
)
DEFAULT_B = AttackSituation(  # B: pistol 2D6, skill 2, Dexterity 7 (DM +0); A wears none
    weapon="pistol",
    damage_dice=2,
    squares=10,
    skill=2,
    characteristic_dm=0,
    armor=0,
    unskilled_dm=0,
)


def links(view: CepheusFightView) -> list[dict[str, str]]:
    """The queries of the links to the attack page, in the order shown."""
    found = []
    for part in view._odds.object.split("href='")[1:]:
        link = part.split("'")[0].replace("&amp;", "&")
        found.append(dict(parse_qsl(urlsplit(link).query)))
    return found


def test_defaults_equal_the_duel_of_the_same_fighters() -> None:
    m = CepheusFight()
    a = Fighter(Physical(7, 8, 7), DEFAULT_A, dm_from="dexterity")
    b = Fighter(Physical(8, 7, 8), DEFAULT_B, dm_from="dexterity")
    expected = cepheus.duel(a, b, 10)
    assert m.result.duel == expected
    assert m.result.fighters == (a, b)
    view = CepheusFightView(m)
    summary = view._summary.object
    assert f"data-testid='a-wins'>{percent(expected.a_wins[-1])}<" in summary
    assert f"data-testid='b-wins'>{percent(expected.b_wins[-1])}<" in summary
    # Misses can go on for ever: the end is not certain within 10 rounds, and the page says so.
    assert expected.expected_rounds is None
    goes_on = 1 - expected.a_wins[-1] - expected.b_wins[-1] - expected.both_down[-1]
    assert "data-testid='expected-rounds'>not certain<" in summary
    assert f"within the 10 rounds forecast (goes on: {percent(goes_on)})" in summary
    # The endings table: round 3 (stop after N) marked, the figures of duel's tuples.
    table = view._endings.object
    assert "class='rf-current'><td class='rf-num'>3</td>" in table
    goes_on_3 = 1 - expected.a_wins[2] - expected.b_wins[2] - expected.both_down[2]
    assert f"<td class='rf-num'>{percent(goes_on_3)}</td></tr>" in table
    assert f"<td class='rf-num'>{percent(expected.b_dead[2])}</td></tr>" in table
    # The state after 3 rounds: each side's condition from the joint distribution.
    after = view._after.object
    standing = 1 - expected.a_down[2]
    assert standing == sum(
        p for (x, _), p in expected.states[2].items() if x not in {"unconscious", "dead"}
    )
    assert "A&#x27;s and B&#x27;s conditions together after 3 rounds" in after


def test_the_other_inputs_reach_the_fighters() -> None:
    # Strength fixed (melee), spread, aiming, Initiative, a damage modifier: each mapped.
    m = CepheusFight(
        a_strength=5, a_dm_from="strength-fixed", a_order="spread", a_minor="aim",
        a_initiative=2, b_damage_modifier=1, b_minor="kill", b_order="endurance,dexterity,strength",
        a_weapon="close_quarters", b_weapon="close_quarters", distance=1, rounds=3,
    )  # fmt: skip
    assert m.error == ""
    a = Fighter(
        Physical(5, 8, 7),
        AttackSituation(weapon="close_quarters", damage_dice=3, squares=1, skill=1, unskilled_dm=0,
                        characteristic_dm=cepheus.characteristic_dm(5), armor=4, aim_actions=1),
        initiative=2, order="spread",
    )  # fmt: skip
    b = Fighter(
        Physical(8, 7, 8),
        AttackSituation(weapon="close_quarters", damage_dice=2, squares=1, skill=2, unskilled_dm=0,
                        characteristic_dm=0, armor=0, damage_modifier=1,
                        aim_for_the_kill_actions=1),
        order=("endurance", "dexterity", "strength"), dm_from="dexterity",
    )  # fmt: skip
    assert m.result.duel == cepheus.duel(a, b, 3)


def test_focus_fire_equals_the_rules() -> None:
    m = CepheusFight(mode="focus", attackers=3, t_order="spread", rounds=5)
    attacks = [
        AttackSituation(weapon=w, damage_dice=d, squares=10, skill=k, armor=4, unskilled_dm=0)
        for w, d, k in (("rifle", 3, 1), ("pistol", 2, 0), ("pistol", 2, 1))
    ]
    expected = cepheus.focus_fire(Physical(8, 8, 8), attacks, 5, "spread")
    assert m.result.focus == expected
    view = CepheusFightView(m)
    assert f"data-testid='target-down'>{percent(expected.down[-1])}<" in view._summary.object
    assert f"data-testid='target-dead'>{percent(expected.dead[-1])}<" in view._summary.object
    assert len(links(view)) == 3


def test_a_certain_end_gives_the_expected_rounds() -> None:
    # Skill 12 always hits; 3D6 + Effect against scores 1 always downs: one round, surely.
    m = CepheusFight(mode="focus", attackers=1, f1_skill=12, t_strength=1, t_dexterity=1,
                     t_endurance=1, t_armor=0, rounds=2, stop_after=1)  # fmt: skip
    assert m.result.focus.expected_rounds == 1
    assert "data-testid='expected-rounds'>1.00<" in CepheusFightView(m)._summary.object


def test_bad_inputs_show_the_message_and_keep_the_last_good_result() -> None:
    m = CepheusFight()
    good = m.result
    m.a_skill = None
    assert m.result == good and m.error_input == "a_skill"
    assert m.error == "A's combat skill level must be an integer, got nothing"
    m.a_skill = 1
    m.b_armor = -1  # B's armor is in A's attack: the error is about B's armor
    assert m.result == good and m.error_input == "b_armor"
    assert m.error.startswith("B's armor must be")
    m.b_armor = 4
    m.a_strength = 21
    assert m.error == "A's Strength must be an integer in 1..20, got 21"
    m.a_strength = 7
    m.t_endurance = 0  # unused in a duel, but refused all the same
    assert m.error == "Target's END must be an integer in 1..20, got 0"
    m.t_endurance = 8
    m.a_strength = 7
    m.param.update(a_order="spread", b_order="spread", rounds=60)  # past the work bound
    assert m.result == good and m.error_input == "rounds"
    assert m.error.startswith("Rounds to forecast must be an integer in 1..")
    m.param.update(a_order="endurance,strength,dexterity", b_order="endurance,strength,dexterity",
                   rounds=10, stop_after=11)  # fmt: skip
    assert m.error_input == "stop_after" and "1..10" in m.error
    m.stop_after = 3
    assert m.error == "" and m.result == good
    m.param.update(mode="focus", attackers=3, f3_damage_dice=25)
    assert m.error_input == "f3_damage_dice" and "at most 20" in m.error
    m.param.update(f3_damage_dice=2, attackers=5)
    assert m.error == "Attackers (1-4) must be an integer in 1..4, got 5"
    m.param.update(attackers=3, distance=10.5)  # not a whole number of squares
    assert m.error_input == "distance"


def test_each_attack_link_opens_the_same_attack_on_the_attack_page() -> None:
    view = find_page("cepheus-fight").factory()
    view.model.param.update(a_dexterity=5, b_armor=6, a_minor="aim", distance=30)
    for query, attack in zip(links(view), view.model.result.attacks, strict=True):
        assert query.pop("page") == "cepheus-attack"
        page = CepheusAttack()
        assert page.apply_query(query) == []
        assert page.result.situation == attack.situation == attack.odds.situation
    forecast = view.model.result.duel
    assert [a.odds for a in view.model.result.attacks] == [forecast.a_odds, forecast.b_odds]
    assert view.model.result.attacks[0].situation.characteristic_dm == -1  # Dexterity 5
    view.model.param.update(mode="focus", attackers=2)
    shown = links(view)
    assert [q.pop("page") for q in shown] == ["cepheus-attack"] * 2
    for query, attack in zip(shown, view.model.result.attacks, strict=True):
        page = CepheusAttack()
        assert page.apply_query(query) == [] and page.result.situation == attack.situation


def test_a_roll_is_the_rules_roll_with_the_seed() -> None:
    m = CepheusFight()
    a, b = m.result.fighters
    rolled = roll_fight(m.result, 7)
    assert rolled.lines[: len(cepheus.roll_duel(a, b, 10, random.Random(7)).log)] == (
        cepheus.roll_duel(a, b, 10, random.Random(7)).log
    )
    view = CepheusFightView(m)
    view.roll_it.roll()
    assert m.seed == 2 and "Round 1:" in view.roll_it.log.object
    m.mode = "focus"
    focus = roll_fight(m.result, 3)
    expected = cepheus.roll_focus_fire(
        m.result.target, [x.situation for x in m.result.attacks], 10, random.Random(3),
        ("endurance", "strength", "dexterity"),
    )  # fmt: skip
    assert focus.lines[: len(expected.log)] == expected.log


def test_the_page_says_downed_fighters_stay_down_and_coup_de_grace_is_apart() -> None:
    view = CepheusFightView(CepheusFight())
    text = " ".join(str(getattr(p, "object", "")) for p in view._details.objects)
    assert "stays down for the forecast" in text and "waking takes" in text
    assert "coup de grace is a separate choice" in text
