"""The Cepheus recovery planner and grappling pages, headless: they show what rules.cepheus
computes, and a few of those numbers worked out by hand from the chapter."""

from __future__ import annotations

import html
import random
from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import Physical
from webapp.app import App
from webapp.formatting import percent
from webapp.pages.cepheus.grappling import TIE_RULE, CepheusGrappling, CepheusGrapplingView
from webapp.pages.cepheus.recovery import CepheusRecovery, CepheusRecoveryView, exact

# --- Recovery planner ----------------------------------------------------------------------


def figures(view: CepheusRecoveryView | CepheusGrapplingView) -> dict[str, tuple[str, str]]:
    return {f.testid: (f.value, f.detail) for f in view.figures(view.model.result)}


def test_recovery_defaults_match_the_rules_and_the_hand() -> None:
    view = CepheusRecoveryView()
    m = view.model
    plan = m.result
    assert m.error == ""
    current, maximum = Physical(4, 8, 5), Physical(7, 8, 9)
    assert plan.odds == cepheus.recovery_odds(current, maximum, 30)
    # By hand: Endurance 5 (DM -1), 7 points missing, Endurance healed first. Day 1 heals
    # h = 1D6 - 1 (0..5); day 2 then needs 7 - h at the DM of Endurance 5 + h (capped at 9):
    # h = 1, 2, 3 (DM 0) need a 6, 5+, 4+; h = 4, 5 (DM +1) need 2+ and anything.
    assert plan.odds.whole[1] == 0
    assert plan.odds.whole[2] == Fraction(0 + 1 + 2 + 3 + 5 + 6, 36)
    assert plan.natural == cepheus.natural_healing(-1)
    shown = figures(view)
    assert shown["whole-chance"] == (percent(plan.odds.whole[30]), exact(plan.odds.whole[30]))
    assert shown["points-per-day"] == ("0 to 5", "full rest: 1D6 -1 (END DM)")
    assert shown["endurance-dm"][0] == "-1"
    # Unconscious: an Endurance check (2D6 - 1, then +1 per failed check) after every minute.
    assert plan.wake == cepheus.wake_distribution(-1)
    assert cepheus.wake_chance(-1, 1) == Fraction(10, 36)  # 9+ on 2D6
    assert cepheus.wake_chance(-1, 2) == 1 - Fraction(26, 36) * Fraction(21, 36)
    assert "Awake by then" in view._wake_table.object
    assert percent(cepheus.wake_chance(-1, 2)) in view._wake_table.object
    # Fatigue: 3 - Endurance DM hours of rest.
    assert plan.fatigue_hours == 4 and "4 hours" in view._other.object


def test_first_aid_within_five_minutes_then_a_day_or_two() -> None:
    view = CepheusRecoveryView()
    m = view.model
    m.param.update(first_aid=True, first_aid_effect=2, first_aid_minutes=3)
    plan = m.result
    # Source: "twice the Effect" within five minutes: 4 points, to Endurance (5 -> 9).
    assert plan.steps == (("First aid", 4, Physical(4, 8, 9)),)
    # Then Endurance DM +1, 3 points missing: 1D6 + 1 covers them on 2+; after a 1, day 2.
    assert plan.odds.whole[:3] == (0, Fraction(5, 6), 1)
    assert plan.odds.expected_days == Fraction(7, 6)
    assert figures(view)["expected-days"] == ("1.17", "7/6")
    # Up to an hour after: only the Effect.
    m.first_aid_minutes = 30
    assert m.result.steps == (("First aid", 2, Physical(4, 8, 7)),)
    m.first_aid_minutes = 61
    assert m.result.steps == (("First aid", 0, Physical(4, 8, 5)),)
    assert m.result.odds == cepheus.recovery_odds(Physical(4, 8, 5), Physical(7, 8, 9), 30)


def test_surgery_only_for_the_seriously_wounded() -> None:
    view = CepheusRecoveryView()
    m = view.model
    m.surgery = True
    assert m.result.surgery_skipped and m.result.steps == ()
    assert "Surgery does not benefit" in view._steps.object
    # Seriously wounded (all three damaged); Strength healed first: surgery Effect 1 restores 2
    # and Strength is back to its maximum, so he is no longer seriously wounded.
    m.param.update(strength=5, dexterity=6, endurance=4, order="strength,endurance,dexterity")
    plan = m.result
    assert plan.steps == (("Surgery", 2, Physical(7, 6, 4)),) and not plan.serious
    # A failed surgery costs the Effect: -2 from the last in order (Dexterity).
    m.surgery_effect = -2
    assert m.result.steps == (("Surgery", -2, Physical(5, 4, 4)),) and m.result.serious
    assert m.result.odds == cepheus.recovery_odds(
        Physical(5, 4, 4), Physical(7, 8, 9), 30, order=("strength", "endurance", "dexterity")
    )


def test_medical_care_rate_and_days() -> None:
    view = CepheusRecoveryView()
    m = view.model
    m.param.update(strength=3, dexterity=8, endurance=6, medical_care=True, medicine_skill=2)
    # Source: "2 + the character's Endurance DM + the doctor's Medicine skill": 2 + 0 + 2.
    assert m.result.care == 4
    assert figures(view)["points-per-day"][0] == "4"
    assert m.result.odds.whole[:3] == (0, 0, 1) and m.result.odds.expected_days == 2
    m.care_with_natural = True
    assert m.result.odds == cepheus.recovery_odds(
        Physical(3, 8, 6), Physical(7, 8, 9), 30, medicine_skill=2, care_with_natural=True
    )


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"strength": 9}, "strength"),
        ({"max_endurance": -1}, "max_endurance"),
        ({"max_endurance": 21, "endurance": 21}, "max_endurance"),
        ({"days": 61}, "days"),
        ({"first_aid_minutes": None}, "first_aid_minutes"),
        ({"first_aid_effect": None}, "first_aid_effect"),
        ({"medicine_skill": -1}, "medicine_skill"),
        ({"strength": 5, "dexterity": 6, "endurance": 4, "rest": "active"}, "rest"),
        ({"medical_care": True, "rest": "active"}, "rest"),
    ],
)
def test_recovery_errors_show_beside_their_input(change: dict[str, object], where: str) -> None:
    m = CepheusRecovery()
    good = m.result
    m.param.update(change)
    assert m.error_input == where and m.error.startswith(m.label_of(where))
    assert m.result is good


# --- Grappling -----------------------------------------------------------------------------


def test_grappling_defaults_match_the_rules_and_the_hand() -> None:
    view = CepheusGrapplingView()
    m = view.model
    r = m.result
    assert (r.dm, r.opponent_dm) == (1, 0)  # skill 1 + DEX 8 (DM 0); 0 + 7 (DM 0)
    assert r.odds == cepheus.grapple_odds(1, 0)
    assert r.damage == cepheus.grapple_damage_distribution(1, 0, option="damage")
    shown = figures(view)
    assert shown["win-chance"] == (percent(r.odds.win), str(r.odds.win))
    assert shown["tie-chance"] == (percent(r.odds.tie), str(r.odds.tie))
    assert html.escape(TIE_RULE) in view._tie.object
    # By hand, equal DMs: a tie is two equal 2D6 totals, sum of (ways/36)^2 = 146/1296.
    m.skill = 0
    ways = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert m.result.odds.tie == Fraction(sum(w * w for w in ways), 1296) == Fraction(73, 648)
    assert m.result.odds.win == m.result.odds.lose == Fraction(575, 1296)
    # Throw: 1D6 on a win.
    m.option = "throw"
    assert m.result.damage[6] == Fraction(575, 1296) / 6
    assert m.result.damage[0] == 1 - Fraction(575, 1296)


def test_grappling_options_table_and_disarm() -> None:
    view = CepheusGrapplingView()
    m = view.model
    m.param.update(skill=5, characteristic=12)  # DM +7 against +0
    odds = cepheus.grapple_odds(7, 0)
    assert m.result.odds == odds and odds.disarm_takes > 0
    assert f"takes the weapon (Effect 6+) {percent(odds.disarm_takes)}" in view._options.object
    for row in cepheus.GRAPPLE_OPTIONS.values():
        assert html.escape(row.text) in view._options.object


def test_grappling_roll_is_the_rules_roll_with_the_seed() -> None:
    view = CepheusGrapplingView()
    m = view.model
    m.param.update(seed=5, option="throw")
    expected = cepheus.roll_grapple(1, 0, random.Random(5), option="throw")
    assert m.roll() == expected
    view._roll()
    assert m.seed == 6
    assert all(html.escape(line) in view._log.object for line in expected.log)
    m.skill = 2  # another check: the old log no longer applies
    assert "roll-log" not in view._log.object


def test_grappling_deep_link_and_errors() -> None:
    app = App()
    app.apply_search("?page=cepheus-grappling&skill=2&opponent_characteristic=3&seed=9")
    m = app.view_of("cepheus-grappling").model
    assert (m.result.dm, m.result.opponent_dm, m.seed) == (2, -1, 9)
    assert m.result.odds == cepheus.grapple_odds(2, -1)
    good = m.result
    m.characteristic = -1
    assert m.error_input == "characteristic" and m.result is good
    m.characteristic = 8
    m.opponent_other = None
    assert m.error_input == "opponent_other"


def test_recovery_deep_link() -> None:
    app = App()
    app.apply_search("?page=cepheus-recovery&strength=7&endurance=6&max_endurance=8&days=5")
    m = app.view_of("cepheus-recovery").model
    assert m.error == ""
    assert m.result.odds == cepheus.recovery_odds(Physical(7, 8, 6), Physical(7, 8, 8), 5)
    assert m.result.odds.whole == (0, Fraction(5, 6), 1, 1, 1, 1)


def test_grappling_model_inputs() -> None:
    assert CepheusGrappling().inputs[-1] == "seed"
