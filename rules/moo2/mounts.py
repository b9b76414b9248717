"""Beam weapon mounts (Normal, Heavy, Point Defense) and the beam mods that change Beam Attack.

Source: ``000_3948ba1900819cb7.txt``, sections "Beam ship weapons", "Beam Attack Modifiers" and
"Hv, PD, HEF & Ordnance".
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from rules.validation import check_choice, check_int, check_items, names

__all__ = [
    "BEAM_MOD_ATTACK_BONUS",
    "MOUNT_BEAM_ATTACK_BONUS",
    "MOUNT_DAMAGE_BONUS",
    "BeamMod",
    "Mount",
    "modified_beam_attack",
]


class Mount(enum.StrEnum):
    """The mount size of a beam weapon (source section "Beam ship weapons")."""

    NORMAL = "normal"
    """Normal: medium range (0-24 squares)."""
    HEAVY = "heavy"
    """Heavy (Hv): long range (0-51 squares), increased damage, can target ships only."""
    POINT_DEFENSE = "point_defense"
    """Point Defense (PD): short range (0-12 squares), lower damage, increased accuracy; it
    auto-fires at incoming fliers when possible."""


class BeamMod(enum.StrEnum):
    """The beam weapon mods the source names (sections "Beam Attack Modifiers", "Not Reduced by
    Range")."""

    CO = "co"
    """Co: +25 Beam Attack for this weapon."""
    AF = "af"
    """AF: -20 Beam Attack for this weapon."""
    NR = "nr"
    """NR: the weapon's damage is not reduced by range (no dissipation)."""


MOUNT_BEAM_ATTACK_BONUS: Mapping[Mount, int] = MappingProxyType(
    {Mount.NORMAL: 0, Mount.HEAVY: 0, Mount.POINT_DEFENSE: 25}
)
"""Beam Attack bonus of the mount: "Pd +25 BA" (``000_3948ba1900819cb7.txt``, "Beam Attack
Modifiers"). The chance-to-hit formulas add it as ``PD_bonus``; it is not part of the ``attack``
(BA+CO-AF) that callers pass."""

MOUNT_DAMAGE_BONUS: Mapping[Mount, int] = MappingProxyType(
    {Mount.NORMAL: 0, Mount.HEAVY: 50, Mount.POINT_DEFENSE: -50}
)
"""Damage percentage added by the mount: Hv +50, PD -50 (``000_3948ba1900819cb7.txt``, "Hv, PD,
HEF & Ordnance", the worked examples ``100 {base} + 50 {Hv}`` and ``100 {base} - 50 {PD}``)."""

BEAM_MOD_ATTACK_BONUS: Mapping[BeamMod, int] = MappingProxyType({BeamMod.CO: 25, BeamMod.AF: -20})
"""Beam Attack change of a weapon mod: "Co +25 BA, AF -20 BA" (``000_3948ba1900819cb7.txt``,
"Beam Attack Modifiers"). Mods not listed (NR) do not change Beam Attack."""


def modified_beam_attack(beam_attack: int, mods: Iterable[BeamMod | str] = ()) -> int:
    """The ``attack`` the accuracy functions take: BA+CO-AF, the ship's BA with the weapon's mods.

    Rule: ``000_3948ba1900819cb7.txt``, "Beam Attack Modifiers": "Co +25 BA, AF -20 BA". The
    Point Defense +25 is left out on purpose: the chance-to-hit formulas add it themselves.
    A mod listed twice counts once.

    Raises:
        ValueError: if ``beam_attack`` is not an integer, or ``mods`` is not a collection (a
            list, tuple or set; not text) of at most 10,000 of 'co', 'af', 'nr'.

    >>> modified_beam_attack(50, ["co", "af"])
    55
    >>> modified_beam_attack(50, ["xx"])
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: mods must be one of 'co', 'af', 'nr', got 'xx'
    """
    base = check_int("beam_attack", beam_attack)
    items = check_items("mods", mods, f"beam mods ({names(BeamMod)})", ordered=False)
    chosen = {check_choice("mods", mod, BeamMod) for mod in items}
    return base + sum(BEAM_MOD_ATTACK_BONUS.get(mod, 0) for mod in chosen)
