"""Mounts and Beam Attack mods: ``rules/moo2/mounts.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules import moo2


def test_mount_bonuses() -> None:
    # Source: 000_3948ba1900819cb7.txt, "Beam Attack Modifiers" ("Pd +25 BA") and the
    # "Hv, PD, HEF & Ordnance" examples ("+ 50 {Hv}", "- 50 {PD}").
    assert dict(moo2.MOUNT_BEAM_ATTACK_BONUS) == {"normal": 0, "heavy": 0, "point_defense": 25}
    assert dict(moo2.MOUNT_DAMAGE_BONUS) == {"normal": 0, "heavy": 50, "point_defense": -50}
    assert set(moo2.MOUNT_BEAM_ATTACK_BONUS) == set(moo2.MOUNT_DAMAGE_BONUS) == set(moo2.Mount)


def test_modified_beam_attack() -> None:
    # Source: "mods (Co +25 BA, AF -20 BA)".
    assert moo2.modified_beam_attack(50) == 50
    assert moo2.modified_beam_attack(50, ["co"]) == 75
    assert moo2.modified_beam_attack(50, [moo2.BeamMod.AF]) == 30
    assert moo2.modified_beam_attack(50, ("co", "af", "nr")) == 55
    assert moo2.modified_beam_attack(50, ["co", "co"]) == 75


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: moo2.modified_beam_attack(50, "co"),
            r"^mods must be a collection of at most 10000 beam mods \('co', 'af', 'nr'\) "
            r"\(not text\), got 'co'$",
        ),
        (
            lambda: moo2.modified_beam_attack(50, 3),
            r"^mods must be a collection of at most 10000 beam mods \('co', 'af', 'nr'\), got 3$",
        ),
        (
            lambda: moo2.modified_beam_attack(50, ["pd"]),
            r"^mods must be one of 'co', 'af', 'nr', got 'pd'$",
        ),
        (lambda: moo2.modified_beam_attack(None), r"^beam_attack must be an integer, got None$"),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
