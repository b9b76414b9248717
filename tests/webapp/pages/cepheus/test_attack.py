"""The Cepheus attack page (webapp/pages/cepheus/attack.py), headless: every number is what
rules.cepheus computes."""

from __future__ import annotations

import random
from fractions import Fraction

from rules import cepheus
from webapp.formatting import percent
from webapp.pages.cepheus.attack import CepheusAttack, CepheusAttackView


def shown(view: object) -> dict[str, str]:
    figures = view.figures(view.model.result)  # type: ignore[attr-defined]
    return {f.testid: f.value for f in figures}


def test_attack_firing_into_combat_shows_both_chances_exactly() -> None:
    # Source: "Firing into Combat": -2, and a miss hits the nearest other combatant on 4+ on 1D6.
    # Pistol at 6 squares (Short: Average), skill 1, Dexterity 8 (+0): 2D6 + 1 - 2 vs 8+ needs 9+.
    view = CepheusAttackView(CepheusAttack(weapon="pistol", distance=6, firing_into_combat=True))
    odds = view.model.result.odds
    assert (odds.hit_chance, odds.stray_hit_chance) == (Fraction(10, 36), Fraction(26, 72))
    figures = {f.testid: f for f in view.figures(view.model.result)}
    assert figures["hit-chance"].label == "chance to hit the intended target"
    assert figures["hit-chance"].detail == str(odds.hit_chance)
    assert figures["stray-hit"].value == percent(odds.stray_hit_chance)
    assert figures["stray-hit"].detail == "13/36"
    assert figures["nobody-hit"].detail == str(1 - odds.hit_chance - odds.stray_hit_chance)
    # Not firing into combat: no such figure.
    plain = CepheusAttackView(CepheusAttack(weapon="pistol", distance=6))
    assert "stray-hit" not in shown(plain)


def test_attack_blind_firing_line_shows_the_intended_target_chance() -> None:
    # Source: "Blind Firing": a successful attack hits an eligible target in the firing line,
    # chosen at random, friend or foe.
    view = CepheusAttackView(CepheusAttack(blind=True, firing_line_targets=3))
    odds = view.model.result.odds
    assert odds.situation.firing_line_targets == 3
    assert odds.intended_hit_chance == odds.hit_chance / 3
    figures = {f.testid: f for f in view.figures(view.model.result)}
    assert figures["intended-hit"].detail == str(odds.intended_hit_chance)
    assert figures["hit-chance"].label == "chance to hit"
    m = view.model
    m.firing_line_targets = 0
    assert m.error_input == "firing_line_targets" and m.result.odds is odds
    assert m.error.startswith(m.label_of("firing_line_targets") + " must be an integer >= 1")
    rolled = cepheus.roll_attack(odds.situation, random.Random(3))
    m.param.update(firing_line_targets=3, seed=3)
    assert m.roll() == rolled
