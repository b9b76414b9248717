"""Rule variants of Lur-Asko: which reading of each open point of the combat chapter is in force.

Source: ``002_64b8e17f45694c25.txt`` (the combat chapter). A :class:`Variant` names one rule
set: one field per point a table could read either way or that the chapter leaves without a
number, each defaulting to the reading the rest of :mod:`rules.lurasko` (and its pages) took
before variants existed (``rules/SOURCES.md``, "Legends of Lur-Asko"), so ``Variant()``
changes nothing. Every function a field affects takes ``variant=`` as a keyword argument whose
default is ``Variant()``. :data:`PRESETS` names the rule sets; :meth:`Variant.differences` tells
which fields a variant changes from one of them (a page's "(modified)" mark).

>>> Variant().defense_die, Variant(injury_crossing="exceed").differences()
(100, ('injury_crossing',))
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rules import variants
from rules.dice import MAX_SIDES
from rules.validation import check_choice, check_instance, check_int
from rules.variants import put_field as _put

__all__ = [
    "AS_WRITTEN",
    "DEFAULT_VARIANT",
    "PRESETS",
    "InjuryCrossing",
    "Variant",
    "WarFeverPairs",
    "find_preset",
    "preset_name",
    "variant_fields",
]


class InjuryCrossing(enum.StrEnum):
    """When damage "crosses" a multiple of the injury factor (002, "Damage, Drive, & Armor
    Ranges": "If your damage crosses any multiples of your injury factor, all degrees of injury
    will be of that type"; "Combined Energy/Normal Damage": "divide the energy damage by injury
    factor")."""

    REACH = "reach"
    """Reaching a multiple crosses it: degrees = damage // injury factor (30 damage with factor
    10: 3 degrees), as "divide" says."""
    EXCEED = "exceed"
    """Only going past a multiple crosses it: degrees = (damage - 1) // injury factor (30 damage
    with factor 10: 2 degrees; 31: 3)."""


class WarFeverPairs(enum.StrEnum):
    """How "1 Hindrance for every 2 degrees beyond 1" counts (002, "Energy Damage", Particle)."""

    WHOLE = "whole"
    """Whole pairs only: (degrees - 1) // 2 (2 degrees add none, 3 add 1, 4 add 1)."""
    STARTED = "started"
    """Every pair begun: ceil((degrees - 1) / 2) (2 degrees add 1, 3 add 1, 4 add 2)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """The Lur-Asko rule set in force: one field per open reading or missing number.

    Every field is keyword-only, checked on construction (enum fields accept their values and
    are stored as members), and defaults to the reading :mod:`rules.lurasko` takes without a
    variant. ``rules/SOURCES.md`` ("Rule variants") lists which interpretations are switches and
    which stay fixed, and why.

    Raises:
        ValueError: a field is out of its domain (naming the field).

    >>> Variant(defense_die=20).defense_die
    20
    >>> Variant(defense_die=0)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: defense_die must be an integer in 1..1000, got 0
    """

    _: dataclasses.KW_ONLY
    defense_die: int = 100
    """The sides of the one die of a defense roll (the chapter names none; this site: 100).

    The sides of the one die of a defense roll (roll-under against the TN). The chapter does
    not name the die (002, "Critical Hits" only shows a roll of 34 against TN 14); the attack
    page's "Roll it" took 100 sides as an input default. 1 to :data:`rules.dice.MAX_SIDES`.
    Affects :func:`rules.lurasko.defense_roll_odds` (d20: no critical is possible, since TN +
    20 is above 20 for any TN >= 1)."""
    injury_crossing: InjuryCrossing | str = InjuryCrossing.REACH
    """Whether reaching a multiple of the injury factor crosses it (this site) or only going past
    it.

    Whether reaching a multiple of the injury factor counts as crossing it (default 'reach':
    damage // factor) or only going past it ('exceed'). Affects
    :func:`rules.lurasko.degrees_of_injury`, :func:`~rules.lurasko.energy_side_effects` and
    :func:`~rules.lurasko.resolve_attack` (the attack's degrees and those of each energy
    type)."""
    war_fever_pairs: WarFeverPairs | str = WarFeverPairs.WHOLE
    """How the war fever Hindrance counts pairs of degrees beyond 1: whole pairs (this site) or
    every pair begun.

    How the war fever Hindrance counts pairs of degrees beyond 1: whole pairs (default) or
    every pair begun. Affects :func:`rules.lurasko.war_fever_hindrance`,
    :func:`~rules.lurasko.energy_side_effects` and :func:`~rules.lurasko.resolve_attack`."""

    def __post_init__(self) -> None:
        _put(self, "defense_die", check_int("defense_die", self.defense_die, 1, MAX_SIDES))
        _put(
            self,
            "injury_crossing",
            check_choice("injury_crossing", self.injury_crossing, InjuryCrossing),
        )
        _put(
            self,
            "war_fever_pairs",
            check_choice("war_fever_pairs", self.war_fever_pairs, WarFeverPairs),
        )

    def differences(self, preset: str | Variant = variants.AS_WRITTEN) -> tuple[str, ...]:
        """The names of the fields in which this variant differs from ``preset``, in field order.

        ``preset`` is a name of :data:`PRESETS` or a :class:`Variant`. An empty tuple means the
        variant is the preset; anything else is the page's "(modified)".

        Raises:
            ValueError: ``preset`` is neither a preset's name nor a Variant.

        >>> Variant(defense_die=20).differences()
        ('defense_die',)
        """
        return variants.preset_differences(self, preset, PRESETS, "preset")


AS_WRITTEN: Final = variants.AS_WRITTEN
"""The name of the preset that is ``Variant()``."""

PRESETS: Mapping[str, Variant] = MappingProxyType({AS_WRITTEN: Variant()})
"""The named rule sets of ``002_64b8e17f45694c25.txt`` (``rules/SOURCES.md``, "Rule variants").

Only "As written (this site's reading)", ``Variant()``: the chapter has one edition, and no
other reading is published as a rule set; a table's own choices are a modified variant."""


def find_preset(name: str) -> Variant:
    """The :class:`Variant` of the preset named ``name`` (a key of :data:`PRESETS`).

    Rule: the readings of ``002_64b8e17f45694c25.txt`` (see :data:`PRESETS`).

    Raises:
        ValueError: ``name`` is not the name of a preset.

    >>> find_preset("As written (this site's reading)") == Variant()
    True
    """
    return variants.find_preset(PRESETS, name)


DEFAULT_VARIANT: Final = PRESETS[AS_WRITTEN]
"""``Variant()``, this site's reading: the default of every ``variant=`` parameter of
:mod:`rules.lurasko`."""
_AS_WRITTEN: Final = DEFAULT_VARIANT
"""The former private name of :data:`DEFAULT_VARIANT`."""


def preset_name(variant: Variant) -> str | None:
    """The name of the preset ``variant`` is, or ``None`` when it matches none (modified).

    Rule: the readings of ``002_64b8e17f45694c25.txt`` (see :data:`PRESETS`).

    Raises:
        ValueError: ``variant`` is not a :class:`Variant`.

    >>> preset_name(Variant()), preset_name(Variant(defense_die=20)) is None
    ("As written (this site's reading)", True)
    """
    return variants.preset_name(PRESETS, variant, Variant)


_SUMMARIES: Final = {
    "defense_die": (
        "The sides of the one die of a defense roll (the chapter names none; this site: 100)."
    ),
    "injury_crossing": (
        "Whether reaching a multiple of the injury factor crosses it (this site) or only"
        " going past it."
    ),
    "war_fever_pairs": (
        "How the war fever Hindrance counts pairs of degrees beyond 1: whole pairs (this site)"
        " or every pair begun."
    ),
}
_INTEGERS: Final = {"defense_die": range(1, MAX_SIDES + 1)}
_FIELDS: Final = variants.list_fields(Variant, _SUMMARIES, _INTEGERS)


def variant_fields() -> tuple[variants.VariantField, ...]:
    """Every switch of :class:`Variant`, in field order, for a "Rules in force" control.

    Each row gives the field's name (the deep link's query parameter), its default, its allowed
    values and a one-sentence summary (see :class:`rules.variants.VariantField`).

    Rule: the readings of ``002_64b8e17f45694c25.txt`` (see :class:`Variant`).

    Raises:
        Nothing: it takes no input.

    >>> [field.name for field in variant_fields()][:2] == list(Variant.__dataclass_fields__)[:2]
    True
    """
    return _FIELDS


def _check_variant(variant: object) -> Variant:
    """``variant`` if it is a :class:`Variant` (else InvalidInput naming ``variant``)."""
    return check_instance("variant", variant, Variant)


def _degrees(damage: int, injury_factor: int, variant: Variant) -> int:
    """Degrees of injury of checked values under ``variant.injury_crossing``."""
    if variant.injury_crossing is InjuryCrossing.EXCEED:
        return (damage - 1) // injury_factor if damage > 0 else 0
    return damage // injury_factor


def _war_fever(degrees: int, variant: Variant) -> int:
    """War fever Hindrance of a checked number of degrees under ``variant.war_fever_pairs``."""
    beyond = max(0, degrees - 1)
    if variant.war_fever_pairs is WarFeverPairs.STARTED:
        return -(-beyond // 2)
    return beyond // 2
