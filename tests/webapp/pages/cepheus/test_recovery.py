"""The Cepheus recovery planner (webapp/pages/cepheus/recovery.py), headless: every number is
what rules.cepheus computes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules import cepheus
from rules.cepheus import Physical
from webapp.app import App
from webapp.formatting import percent
from webapp.pages.cepheus.grappling import CepheusGrapplingView
from webapp.pages.cepheus.recovery import CepheusRecovery, CepheusRecoveryView, exact


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
    assert "Awake by then" in view._wake_chart.table.object
    assert percent(cepheus.wake_chance(-1, 2)) in view._wake_chart.table.object
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


def test_recovery_deep_link() -> None:
    app = App()
    app.apply_search("?page=cepheus-recovery&strength=7&endurance=6&max_endurance=8&days=5")
    m = app.view_of("cepheus-recovery").model
    assert m.error == ""
    assert m.result.odds == cepheus.recovery_odds(Physical(7, 8, 6), Physical(7, 8, 8), 5)
    assert m.result.odds.whole == (0, Fraction(5, 6), 1, 1, 1, 1)
