"""Shield classes: ``rules/moo2/shields.py``."""

from __future__ import annotations

import pytest

from rules import moo2

# Source: the original game manual as quoted in the issue: classes I/III/V/VII/X reduce each hit
# by 1/3/5/7/10.
SHIELDS = [("I", 1), ("III", 3), ("V", 5), ("VII", 7), ("X", 10)]


@pytest.mark.parametrize(("shield_class", "reduction"), SHIELDS)
def test_shield_reduction(shield_class: str, reduction: int) -> None:
    assert moo2.shield_reduction(shield_class) == reduction
    assert moo2.SHIELD_REDUCTION[moo2.ShieldClass(shield_class)] == reduction
    # Per hit: a Phasor max hit at 0 squares (20) loses exactly the reduction.
    assert moo2.shot_damage(5, 20, 0, 0, 0, 100, shield=reduction) == 20 - reduction


def test_shield_never_takes_damage_below_zero() -> None:
    assert moo2.shot_damage(1, 4, 0, 0, 0, 100, shield=moo2.shield_reduction("V")) == 0


def test_bad_shield_class() -> None:
    with pytest.raises(
        ValueError, match=r"^shield_class must be one of 'I', 'III', 'V', 'VII', 'X', got 'II'$"
    ):
        moo2.shield_reduction("II")
