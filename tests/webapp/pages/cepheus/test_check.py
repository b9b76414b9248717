"""The skill-check page shows exactly what rules.cepheus computes."""

from __future__ import annotations

from fractions import Fraction

from rules import cepheus
from webapp.pages.cepheus.check import CepheusCheck


def test_defaults_are_an_average_check_with_no_dm() -> None:
    result = CepheusCheck().result
    assert result.dm == 0
    assert result.chance == Fraction(5, 12) == cepheus.check_probability(0)


def test_every_dm_adds_up() -> None:
    # Skill 2, Strength 10 (DM +1), Difficult (-2), other -1: DM 0.
    model = CepheusCheck(skill=2, characteristic=10, difficulty="difficult", other=-1)
    assert model.result.dm == 0
    model.difficulty = "easy"
    assert model.result.dm == 6
    assert model.result.chance == cepheus.check_probability(6) == 1
    assert model.result.effect == cepheus.effect_distribution(6)
