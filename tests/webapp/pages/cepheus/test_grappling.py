"""The Cepheus grappling page (webapp/pages/cepheus/grappling.py), headless: every number is
what rules.cepheus computes."""

from __future__ import annotations

import html
import random
from fractions import Fraction

from rules import cepheus
from webapp.app import App
from webapp.formatting import percent
from webapp.pages.cepheus.grappling import TIE_RULE, CepheusGrappling, CepheusGrapplingView
from webapp.pages.cepheus.recovery import CepheusRecoveryView


def figures(view: CepheusRecoveryView | CepheusGrapplingView) -> dict[str, tuple[str, str]]:
    return {f.testid: (f.value, f.detail) for f in view.figures(view.model.result)}


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
    view.roll_it.roll()
    assert m.seed == 6
    assert all(html.escape(line) in view.roll_it.log.object for line in expected.log)
    m.skill = 2  # another check: the old log no longer applies
    assert "roll-log" not in view.roll_it.log.object


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


def test_grappling_model_inputs() -> None:
    assert CepheusGrappling().inputs[-1] == "seed"
