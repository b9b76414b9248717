"""Rule variants of MOO2: which reading of each ambiguous or edition-dependent rule is in force.

Source: ``000_3948ba1900819cb7.txt`` ("Notes on Beam Weapon Mechanics") and
``001_cd7e90afc4e65868.txt`` ("Defensive Fire"). A :class:`Variant` names one rule set: one
field per switchable point, each defaulting to the reading the rest of :mod:`rules.moo2` took
before variants existed (``rules/SOURCES.md``, "Master of Orion II"), so ``Variant()`` changes
nothing. Every function a field affects takes ``variant=`` as a keyword argument whose default
is ``Variant()``. :data:`PRESETS` names the rule sets a table plays; :meth:`Variant.differences`
tells which fields a variant changes from one of them (a page's "(modified)" mark).

The vocabularies of the switches live here too (:class:`Formula`, :class:`Edition`,
:class:`DefensiveFireMode`, :class:`FighterTdBonus`, :class:`BeyondTable`); the modules that
use them re-export them.

>>> Variant().formula, PRESETS["1.50 simplified"].formula
(<Formula.CLASSIC: 'classic'>, <Formula.SIMPLIFIED: 'simplified'>)
>>> Variant(formula="simplified").differences("As written (this site's reading)")
('formula',)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rules import variants
from rules.validation import check_bool, check_choice, check_instance
from rules.variants import put_field as _put

__all__ = [
    "AS_WRITTEN",
    "DEFAULT_VARIANT",
    "PRESETS",
    "BeyondTable",
    "DefensiveFireMode",
    "DfrRounding",
    "Edition",
    "FighterTdBonus",
    "Formula",
    "PlanetHalving",
    "Variant",
    "find_preset",
    "preset_name",
    "variant_fields",
]


class Formula(enum.StrEnum):
    """Which chance-to-hit formula is in force."""

    CLASSIC = "classic"
    """The classic formula: [1] roll > 95, [2] BA+CO-AF-BD >= 99, [3] BA+CO-AF-BD + roll >=
    hit_threshold (capped at 95)."""
    SIMPLIFIED = "simplified"
    """The 1.50 optional formula, ``simplified_beam_formula = 1``: range penalty and PD bonus
    inside [2] and [3], and no cap."""


class Edition(enum.StrEnum):
    """Which game's weapon flags apply (source section "Range Penalty to Accuracy")."""

    CLASSIC = "classic"
    """The classic game: Fusion Beam, Plasma Cannon and Mauler Device carry the inherent 2x
    range to-hit penalty."""
    V1_50 = "1.50"
    """The 1.50 patch: the flag "has been removed from Mauler in 1.50"."""
    V1_50_IMPROVED = "1.50_improved"
    """The 1.50 improved mod: "the penalty has also been removed from Fusion Beam so only the
    Plasma Cannon keeps it"."""


class DefensiveFireMode(enum.StrEnum):
    """Which Defensive Fire rules are in force (``001_cd7e90afc4e65868.txt``)."""

    CLASSIC = "classic"
    """1.50 with ``alternate_defensive_fire`` off: the classic chance table by squares beyond the
    Defensive Fire Range (DFR), 100% at or inside it, DFR three times lower on the first turn,
    ``defensive_fire_max_range`` applies. Per square:
    :func:`rules.moo2.defensive_fire_path_chances`."""
    ALTERNATE = "alternate"
    """1.50 with ``alternate_defensive_fire`` on: "a more straightforward static chance
    dependency on a range between 2 ships", one chance per range unit of 3 squares
    (``alternate_defensive_fire_range``); no DFR; ``defensive_fire_max_range`` applies. Per
    square: :func:`rules.moo2.alternate_defensive_fire_path_chances`."""
    BUGGED = "1.31/1.40"
    """The classic mechanic as 1.31 and 1.40 ran it: the DFR computed once per turn, no DF when
    the move starts out of Normal beam range or ends too close, none on the first turn, no INI
    parameters. Per square: :func:`rules.moo2.bugged_defensive_fire_path_chances`."""


class FighterTdBonus(enum.StrEnum):
    """When a fighter's speed gets the TransDimensional bonus (``000_3948ba1900819cb7.txt``,
    "Beam Defense of Fighters": "Speed = BaseSpeed of Fighter + 2 * (FTLlevel - 1) + TDBonus";
    "TransDimensionalBonus is 4 for all fighter types")."""

    TRANS_DIMENSIONAL = "trans_dimensional"
    """Only for a Trans-Dimensional race's fighters (the ``trans_dimensional`` input): the bonus
    is named after the racial pick, and "for all fighter types" lists which fighters get it."""
    ALWAYS = "always"
    """Always: the formula adds TDBonus with no condition and the next line says it "is 4 for
    all fighter types", read as every fighter getting +4 speed."""


class BeyondTable(enum.StrEnum):
    """What a distance beyond the last column of the range table means (``000``, "Range Penalty
    to Accuracy": the squares rows end at 24 (Normal), 12 (PD) and 51 (Hv))."""

    REFUSE = "refuse"
    """Refused with a ValueError naming ``squares``: the table says nothing past its end (and a
    beam does not fire beyond its range)."""
    CLAMP = "clamp"
    """Read as the last column (range 8): the issue reports that a Go remake of the game does
    this. Never the default: it gives numbers the source does not."""


class DfrRounding(enum.StrEnum):
    """How the first turn's "three times lower" DFR is rounded to whole squares
    (``001_cd7e90afc4e65868.txt``: "DFR value is three times lower for that first turn")."""

    DOWN = "down"
    """Rounded down (10 -> 3), as "for Heavy mount weapons the actual range is halved (and
    rounded down)" (``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy")."""
    NEAREST = "nearest"
    """Rounded to nearest, halves up (11 -> 4), as "round to nearest applies" to damage
    (``000_3948ba1900819cb7.txt``, "Reduced by Range")."""


class PlanetHalving(enum.StrEnum):
    """When "Damage is halved against planets" (``000_3948ba1900819cb7.txt``, "Beam ship
    weapons") applies relative to the target's shield (whose per-hit reduction comes from the
    game manual, not this source)."""

    BEFORE_SHIELD = "before_shield"
    """Halve the shot's damage (rounded down), then the shield takes its reduction."""
    AFTER_SHIELD = "after_shield"
    """The shield takes its reduction, then what is left is halved (rounded down)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """The MOO2 rule set in force: one field per reading a table could take either way.

    Every field is keyword-only, checked on construction (enum fields accept their values and
    are stored as members), and defaults to the reading :mod:`rules.moo2` takes without a
    variant. ``rules/SOURCES.md`` ("Rule variants") lists which interpretations are switches and
    which stay fixed, and why.

    Raises:
        ValueError: a field is not one of its choices (naming the field).

    >>> Variant(edition="1.50").edition
    <Edition.V1_50: '1.50'>
    >>> Variant(formula="simple")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: formula must be one of 'classic', 'simplified', got 'simple'
    """

    _: dataclasses.KW_ONLY
    formula: Formula | str = Formula.CLASSIC
    """The chance-to-hit formula: classic (this site) or the 1.50 simplified one.

    The chance-to-hit formula ("Classic Chance to Hit Formula" / "1.50 Alternative Chance to
    Hit Formula (Optional)", ``simplified_beam_formula = 1``). Default: classic (the optional
    1.50 formula is off unless the INI turns it on). Affects :func:`rules.moo2.hit_rule`,
    :func:`~rules.moo2.hit_probability`, :class:`~rules.moo2.BeamShot`,
    :func:`~rules.moo2.shot_damage`, :func:`~rules.moo2.damage_distribution`,
    :func:`~rules.moo2.mean_damage`, :func:`~rules.moo2.range_table`. A function's own
    ``formula`` argument set to 'simplified' overrides it; left at 'classic' (its default) it
    defers to the variant."""
    edition: Edition | str = Edition.CLASSIC
    """Which weapons carry the inherent 2x range to-hit penalty (by edition).

    Which weapons carry the inherent 2x range to-hit penalty ("Range Penalty to Accuracy":
    "Classic Fusion Beam, Plasma Cannon and Mauler Device have an inherent 2x range to-hit
    penalty ... removed from Mauler in 1.50. In the 1.50 improved mod, the penalty has also been
    removed from Fusion Beam"). Default: classic (all three); '1.50' drops the Mauler, '1.50
    improved' the Fusion Beam too. Affects :func:`rules.moo2.has_inherent_double_penalty` and
    :meth:`rules.moo2.Weapon.has_inherent_double_penalty` (an ``edition`` argument other than
    'classic' overrides it)."""
    fighter_td_bonus: FighterTdBonus | str = FighterTdBonus.TRANS_DIMENSIONAL
    """When fighters get the TransDimensional speed bonus of 4: only a Trans-Dimensional race's
    (this site) or always.

    When fighters get the TransDimensional speed bonus of 4 ("Beam Defense of Fighters").
    Default: only with ``trans_dimensional=True`` (a Trans-Dimensional race); 'always': every
    fighter. Affects :func:`rules.moo2.fighter_speed`, :func:`~rules.moo2.fighter_beam_defense`."""
    helmsman_bonus: bool = True
    """Whether the HelmsmanBonus (in 1.50 only) exists.

    Whether the HelmsmanBonus exists ("Beam Defense of Fighters": "+ HelmsmanBonus (in 1.50
    only)"). Default: True (any ``helmsman_bonus`` is added, as for 1.50); False (the classic
    game): a ``helmsman_bonus`` other than 0 is refused, naming it. Affects
    :func:`rules.moo2.fighter_beam_defense`."""
    pd_bonus_in_sure_hit: bool = False
    """Whether the Point Defense +25 counts in rule [2] of the classic formula.

    Whether the Point Defense +25 counts in rule [2] of the classic formula ("Classic Chance
    to Hit Formula": "[2] BA+CO-AF-BD >= 99", PD_bonus only in the [3b] threshold). Default:
    False, as printed (the 1.50 formula is the one that adds it to [2]); True: a PD beam's [2]
    is BA+CO-AF-BD + 25 >= 99, the reading of a table that takes PD's +25 BA as Beam Attack
    everywhere. Affects what :attr:`formula` affects, under the classic formula."""
    defensive_fire: DefensiveFireMode | str = DefensiveFireMode.CLASSIC
    """The Defensive Fire rules in force: 1.50 classic, 1.50 alternate, or 1.31/1.40 with its bugs.

    The Defensive Fire rules in force (``001_cd7e90afc4e65868.txt``): 1.50 classic, 1.50
    ``alternate_defensive_fire``, or the 1.31/1.40 behaviour with its bugs. Default: classic.
    Affects :func:`rules.moo2.defensive_fire_enabled` (a ``mode`` argument other than 'classic'
    overrides it); a page picks the path function of the mode
    (:func:`~rules.moo2.defensive_fire_path_chances`,
    :func:`~rules.moo2.alternate_defensive_fire_path_chances`,
    :func:`~rules.moo2.bugged_defensive_fire_path_chances`), each taking the inputs its mechanic
    has."""
    first_turn_dfr: DfrRounding | str = DfrRounding.DOWN
    """How the first turn's DFR, "three times lower", is rounded: down (this site) or to nearest.

    How the first turn's DFR, "three times lower", is rounded (``001_cd7e90afc4e65868.txt``):
    down (default: 10 -> 3, as the Heavy mount's halving) or to nearest ('nearest': 11 -> 4, as
    the damage's "round to nearest"). Affects
    :func:`rules.moo2.first_turn_defensive_fire_range`,
    :func:`~rules.moo2.defensive_fire_chance` and
    :func:`~rules.moo2.defensive_fire_path_chances` (with ``first_turn``)."""
    planet_halving: PlanetHalving | str = PlanetHalving.BEFORE_SHIELD
    """Whether a planet's halving comes before the shield's reduction (this site) or after it.

    Whether a planet's halving comes before the shield's reduction (default) or after it
    ("Damage is halved against planets", ``000_3948ba1900819cb7.txt``, "Beam ship weapons"; the
    source has no shields). Death Ray at 11 squares, roll 85 (65 damage), shield 5: 65 // 2 - 5
    = 27 before, (65 - 5) // 2 = 30 after. Affects :class:`rules.moo2.BeamShot` and the beam
    shot functions."""
    beyond_table: BeyondTable | str = BeyondTable.REFUSE
    """Squares beyond the mount's last range column: refused (this site) or read as the last column.

    Squares beyond the mount's last range column: refused (default) or read as the last
    column ('clamp', an explicit choice, never the default). Affects every function taking
    ``squares`` and a mount: :func:`rules.moo2.check_squares`, :func:`~rules.moo2.range_units`,
    :func:`~rules.moo2.range_penalty`, :func:`~rules.moo2.dissipation_penalty`,
    :func:`~rules.moo2.hit_threshold`, :func:`~rules.moo2.hit_rule`,
    :func:`~rules.moo2.hit_probability`, :func:`~rules.moo2.damage_percentage`,
    :func:`~rules.moo2.damage_potential` and the beam shot functions."""

    def __post_init__(self) -> None:
        _put(self, "formula", check_choice("formula", self.formula, Formula))
        _put(self, "edition", check_choice("edition", self.edition, Edition))
        _put(
            self,
            "fighter_td_bonus",
            check_choice("fighter_td_bonus", self.fighter_td_bonus, FighterTdBonus),
        )
        _put(self, "helmsman_bonus", check_bool("helmsman_bonus", self.helmsman_bonus))
        _put(
            self,
            "pd_bonus_in_sure_hit",
            check_bool("pd_bonus_in_sure_hit", self.pd_bonus_in_sure_hit),
        )
        _put(
            self,
            "defensive_fire",
            check_choice("defensive_fire", self.defensive_fire, DefensiveFireMode),
        )
        _put(
            self,
            "first_turn_dfr",
            check_choice("first_turn_dfr", self.first_turn_dfr, DfrRounding),
        )
        _put(
            self,
            "planet_halving",
            check_choice("planet_halving", self.planet_halving, PlanetHalving),
        )
        _put(self, "beyond_table", check_choice("beyond_table", self.beyond_table, BeyondTable))

    def differences(self, preset: str | Variant = variants.AS_WRITTEN) -> tuple[str, ...]:
        """The names of the fields in which this variant differs from ``preset``, in field order.

        ``preset`` is a name of :data:`PRESETS` or a :class:`Variant`. An empty tuple means the
        variant is the preset; anything else is the page's "(modified)".

        Raises:
            ValueError: ``preset`` is neither a preset's name nor a Variant.

        >>> PRESETS["1.31 bugs"].differences("classic")
        ('defensive_fire',)
        """
        return variants.preset_differences(self, preset, PRESETS, "preset")


AS_WRITTEN: Final = variants.AS_WRITTEN
"""The name of the preset that is ``Variant()`` (the first key of :data:`PRESETS`): this
site's reading of ``000_3948ba1900819cb7.txt`` and ``001_cd7e90afc4e65868.txt``."""

PRESETS: Mapping[str, Variant] = MappingProxyType(
    {
        AS_WRITTEN: Variant(),
        "1.50 simplified": Variant(
            formula=Formula.SIMPLIFIED, edition=Edition.V1_50, helmsman_bonus=True
        ),
        "classic": Variant(formula=Formula.CLASSIC, edition=Edition.CLASSIC, helmsman_bonus=False),
        "1.31 bugs": Variant(
            formula=Formula.CLASSIC,
            edition=Edition.CLASSIC,
            helmsman_bonus=False,
            defensive_fire=DefensiveFireMode.BUGGED,
        ),
    }
)
"""The named rule sets of ``000_3948ba1900819cb7.txt`` and ``001_cd7e90afc4e65868.txt`` (listed
in ``rules/SOURCES.md``, "Rule variants"), by name, the default first:

* "As written (this site's reading)": ``Variant()``, the readings taken before variants.
* "1.50 simplified": the 1.50 patch with ``simplified_beam_formula = 1``: the simplified
  formula, the 1.50 weapon flags (Mauler's 2x penalty removed), the HelmsmanBonus.
* "classic": the game before 1.50: classic formula and weapon flags, no HelmsmanBonus ("in
  1.50 only"). Defensive Fire as 1.50's classic mechanic (the DF rules without the bugs).
* "1.31 bugs": "classic" with Defensive Fire as 1.31/1.40 ran it, bugs included (the source
  describes 1.31's behaviour only for Defensive Fire).
"""


def find_preset(name: str) -> Variant:
    """The :class:`Variant` of the preset named ``name`` (a key of :data:`PRESETS`).

    Rule: the editions ``000_3948ba1900819cb7.txt`` and ``001_cd7e90afc4e65868.txt`` describe
    (see :data:`PRESETS`).

    Raises:
        ValueError: ``name`` is not the name of a preset.

    >>> find_preset("1.50 simplified").formula
    <Formula.SIMPLIFIED: 'simplified'>
    """
    return variants.find_preset(PRESETS, name)


DEFAULT_VARIANT: Final = PRESETS[AS_WRITTEN]
"""``Variant()``, this site's reading of ``000_3948ba1900819cb7.txt`` and
``001_cd7e90afc4e65868.txt``: the default of every ``variant=`` parameter of
:mod:`rules.moo2`."""
_AS_WRITTEN: Final = DEFAULT_VARIANT
"""The former private name of :data:`DEFAULT_VARIANT`."""


def preset_name(variant: Variant) -> str | None:
    """The name of the preset ``variant`` is, or ``None`` when it matches none (modified).

    Rule: the editions ``000_3948ba1900819cb7.txt`` and ``001_cd7e90afc4e65868.txt`` describe
    (see :data:`PRESETS`).

    Raises:
        ValueError: ``variant`` is not a :class:`Variant`.

    >>> preset_name(Variant()), preset_name(Variant(beyond_table="clamp")) is None
    ("As written (this site's reading)", True)
    """
    return variants.preset_name(PRESETS, variant, Variant)


_SUMMARIES: Final = {
    "formula": "The chance-to-hit formula: classic (this site) or the 1.50 simplified one.",
    "edition": "Which weapons carry the inherent 2x range to-hit penalty (by edition).",
    "fighter_td_bonus": (
        "When fighters get the TransDimensional speed bonus of 4: only a Trans-Dimensional"
        " race's (this site) or always."
    ),
    "helmsman_bonus": "Whether the HelmsmanBonus (in 1.50 only) exists.",
    "pd_bonus_in_sure_hit": (
        "Whether the Point Defense +25 counts in rule [2] of the classic formula."
    ),
    "defensive_fire": (
        "The Defensive Fire rules in force: 1.50 classic, 1.50 alternate, or 1.31/1.40 with"
        " its bugs."
    ),
    "first_turn_dfr": (
        'How the first turn\'s DFR, "three times lower", is rounded: down (this site) or to'
        " nearest."
    ),
    "planet_halving": (
        "Whether a planet's halving comes before the shield's reduction (this site) or after it."
    ),
    "beyond_table": (
        "Squares beyond the mount's last range column: refused (this site) or read as the last"
        " column."
    ),
}
_INTEGERS: Final[dict[str, tuple[int, ...]]] = {}
_FIELDS: Final = variants.list_fields(Variant, _SUMMARIES, _INTEGERS)


def variant_fields() -> tuple[variants.VariantField, ...]:
    """Every switch of :class:`Variant`, in field order, for a "Rules in force" control.

    Each row gives the field's name (the deep link's query parameter), its default, its allowed
    values and a one-sentence summary (see :class:`rules.variants.VariantField`).

    Rule: the editions ``000_3948ba1900819cb7.txt`` and ``001_cd7e90afc4e65868.txt`` describe
    (see :class:`Variant`).

    Raises:
        Nothing: it takes no input.

    >>> [field.name for field in variant_fields()][:2] == list(Variant.__dataclass_fields__)[:2]
    True
    """
    return _FIELDS


def _check_variant(variant: object) -> Variant:
    """``variant`` if it is a :class:`Variant` (else InvalidInput naming ``variant``)."""
    return check_instance("variant", variant, Variant)
