"""Rule variants: each point a table could read another way, as one switch of a record.

Source: ``003_c7092257a5e3046d.txt`` (Chapter 5, "Personal Combat"); each field's docstring
quotes the passage and gives both readings. The default :class:`Variant` is this site's reading
(the one every function applied before variants existed), so nothing changes unless asked. The
interpretations are listed in ``rules/SOURCES.md`` (Cepheus, "Rule variants"), with the ones
left fixed and why.

>>> Variant().aim_for_the_kill_per_action, Variant(natural_two_twelve=True).natural_two_twelve
(1, True)
>>> PRESETS[TWODSIX_CE].differences(Variant())
('range_band_column', 'effect_six_minimum_damage', 'grenades_add_effect')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from rules import variants
from rules.validation import InvalidInput, check_bool, check_choice, check_instance, check_int

__all__ = [
    "AS_WRITTEN",
    "COMMON_MODIFIERS_TABLE",
    "DEFAULT_VARIANT",
    "PRESETS",
    "TWODSIX_CE",
    "OpposedEffect",
    "RangeColumn",
    "Variant",
    "find_preset",
    "preset_name",
    "variant_fields",
]


class RangeColumn(enum.StrEnum):
    """Which column of the Personal Combat Range Bands table decides a range given in squares."""

    SQUARES = "squares"
    """The "Squares to Target" column: 34 squares is Medium and 334 Very Long."""
    DISTANCE = "distance"
    """The "Distance to Target" column (the squares times 1.5 m): 34 squares (51 m) is Long and
    334 squares (501 m) Distant."""


class OpposedEffect(enum.StrEnum):
    """What "the Effect" of the winner of an opposed check (grappling) measures."""

    EFFECT = "effect"
    """The winner's own Effect (his total - 8), as everywhere else in the chapter."""
    MARGIN = "margin"
    """The margin over the loser (the winner's Effect minus the loser's)."""


_PRONE_SHORT = (-2, 0)
_DODGE_IN_COVER = (-2, -1)
_FULL_COVER = (-4, -6)


def _one_of(name: str, value: object, allowed: tuple[int, ...], why: str) -> int:
    number = check_int(name, value)
    if number not in allowed:
        raise InvalidInput(name, why, number)
    return number


@dataclass(frozen=True, kw_only=True, slots=True)
class Variant:
    """The rule set in force for Cepheus Engine personal combat: one field per switchable point.

    Every field's default is this site's reading of ``003_c7092257a5e3046d.txt`` (what every
    function did before variants existed). The functions a field changes take the record as
    their keyword argument ``variant`` (default :data:`DEFAULT_VARIANT`). Enum fields accept
    their string values; every field is checked on construction.

    Raises:
        ValueError: a field is out of its domain (each names its allowed values).

    >>> Variant(aim_for_the_kill_per_action=2, range_band_column="distance").range_band_column
    <RangeColumn.DISTANCE: 'distance'>
    >>> Variant(full_cover_dm=-5)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: full_cover_dm must be -4 (the Cover Modifiers table) or -6 \
(the Common Modifiers summary's "-0 to -6"), got -5
    """

    aim_for_the_kill_per_action: int = 1
    """Damage per minor action spent Aiming for the Kill: 1 (this site) or 2 (as printed).

    "Aiming for the Kill": "works exactly like regular Aiming ... the character gains a bonus of
    +2 to his damage equal to the number of minor actions he spends Aiming for the Kill ... The
    maximum bonus obtainable from Aiming for the Kill is +6." Reading 1: "exactly like regular
    Aiming" and "equal to the number of minor actions" make it +1 per action, the "+2" a
    misprint. Reading 2: "+2" per action as printed (the +6 cap is reached after three
    actions). Either way the bonus stops at +6."""

    natural_two_twelve: bool = False
    """A natural 2 always fails and a natural 12 always succeeds (a house rule; off by default: the
    rules say a natural 2 or 12 is not automatic).

    False (the rules): a natural 2 or 12 is not automatic. True (a common house rule, not in
    the chapter; twodsix's ``criticalNaturalAffectsEffect``, its issue #168): a natural 2 on the
    check's dice always fails and a natural 12 always succeeds.

    ``shared/sources/README.md``: "A natural 2 or 12 is not automatic." With the house rule the
    Effect follows twodsix (``TwodsixDiceRoll.calculateEffect``): a natural 12 whose Effect
    would be negative has Effect 0, a natural 2 whose Effect would be 0 or more has Effect -1;
    any other roll keeps its Effect. "Natural" is the two dice kept (blind firing keeps the
    lowest two of three). It applies to every 2D6 check: attacks, grappling, suppression fire,
    the Endurance checks to wake up, a Tactics check for Initiative and the vehicle checks
    (evasive action, ram, weave: the driver's and a pursuer's)."""

    full_cover_dm: int = -4
    """The DM of Full cover: -4 (this site) or -6.

    "Cover", table "Cover Modifiers": "Full (pillbox) -4"; the table "Common Modifiers to
    Attacks in Personal Combat" sums cover up as "-0 to -6". Reading -4: the detailed table is
    the rule and the summary overstates it. Reading -6: the summary's end is the Full row (the
    other rows, 1/4 -0, 1/2 -1, 3/4 -2, are as printed in both). No other value is given."""

    prone_short_range_dm: int = -2
    """The DM to attack a prone target at Short range: -2 (this site) or 0.

    "Stance": "All ranged attacks targeting him suffer a -2 DM penalty. At Close range, the
    penalty is reduced to +0"; the Common Modifiers table: "-2 if attacking a prone target at
    Medium or greater range". Reading -2: the prose is the rule (exceptions only at Close and
    Personal). Reading 0: the table, which gives no penalty below Medium."""

    range_band_column: RangeColumn = RangeColumn.SQUARES
    """Which column decides a range given in squares (they disagree only at 34 and 334).

    Table "Personal Combat Range Bands": Medium "12 to 50 meters" / "9 to 34 squares", Long "51
    meters to 250 meters" / "35 to 166 squares", Very Long "251 meters to 500 meters" / "167 to
    334 squares", Distant "501 meters+". 34 squares are 51 m and 334 squares 501 m: Medium and
    Very Long by the squares column (this site), Long and Distant by the metres (twodsix's
    ``getRangeBand`` reads the metres). A range given in metres always uses the metres."""

    effect_six_minimum_damage: bool = True
    """A hit with Effect 6+ always inflicts at least one point of damage, whatever the armor (this
    site, as printed); off: damage is the roll less armor.

    True (this site, as printed): "A hit with Effect 6+ always inflicts at least one point of
    damage, regardless of the target's armor" ("Armor"). False: damage is the roll less armor,
    never below 0, whatever the Effect, as twodsix's CE ``armorDamageFormula`` ("@damage -
    @effectiveArmor") does."""

    dodge_in_cover_dm: int = -2
    """The DM of a dodge when the target is in cover or has an obstruction: -2 (this site) or -1.

    "Dodging": "giving his attacker a -1 DM ... If the character is in cover or has an
    obstruction to duck or dodge behind, the DM to hit him is increased to -2"; the Common
    Modifiers table: "Target Dodges (Reaction) -1". Reading -2: the prose. Reading -1: the
    table, with no cover case."""

    grenades_add_effect: bool = False
    """Whether a grenade adds the attack's Effect to its damage (off: as printed).

    False (this site, as printed): a grenade adds no Effect to its damage ("Thrown Weapons":
    "The first kind of thrown weapon adds the Effect of the Athletics check to its damage. The
    second does not."). True: every hit adds the Effect ("Damage": "Add the Effect of the
    attack roll to this damage"), as twodsix's CE ruleset does (``addEffectToDamage`` adds it to
    every weapon's damage). A weapon given with ``adds_effect=False`` then adds it too."""

    minor_actions_per_round: int = 3
    """The most minor actions in a round without a significant action: 3 (this site) or 2.

    "Minor Actions": "You can take up to three minor actions per round, at the loss of a
    significant action"; "Significant Actions": "forego it to perform a total of three minor
    actions" and "A character can take two minor actions instead of a significant action".
    Reading 3: the round's own minor action plus two in place of the significant one. Reading
    2: "two minor actions instead of a significant action" is the round's total."""

    vehicle_double_replaces_singles: bool = False
    """Past 33 points on the Vehicle Damage table, whether each Double Hit of six extra points
    replaces the two Single Hits of those points (off: both add).

    False (this site): both closing lines of the Vehicle Damage table add,
    "For every extra three points +1 Single Hit" and "For every extra six points +1 Double
    Hit" (39 points: two Triple, two Single and one Double Hit). True: each Double Hit of six
    extra points replaces the two Single Hits of those points (39 points: two Triple Hits and
    one Double Hit), as the table's rows turn two Single Hits into a Double Hit. It reaches
    every count of hits: an attack's, a collision's or a ram's, and their locations."""

    disarm_succeeds_by: OpposedEffect = OpposedEffect.EFFECT
    """What "succeeds by 6+" measures when disarming: the winner's own Effect (this site) or his
    margin over the loser.

    "Grappling": "Disarm his opponent. If he succeeds by 6+ he can take the weapon away;
    otherwise it ends up on the floor". The loser is the other side of the opposed check."""

    grapple_damage_effect: OpposedEffect = OpposedEffect.EFFECT
    """What "the Effect" of a grapple's "2 + the Effect" damage is: the winner's own Effect (this
    site) or his margin over the loser.

    What "the Effect" of "Inflict damage equal to 2 + the Effect" ("Grappling") is: the
    winner's own Effect (this site, never below 0 damage), or his margin over the loser of the
    opposed check (so at least 3 damage)."""

    extreme_range_halving_before_armor: bool = True
    """Whether an energy weapon's half damage at Extreme range is halved before armor (this site) or
    after it.

    "Energy-based weapons ... inflict half damage (round up) at this extreme range"
    ("Extreme Range Firing"): the damage rolled (Effect included) is halved before armor
    (this site) or the damage left after armor is halved."""

    tactics_failure_lowers_initiative: bool = False
    """Whether a failed Tactics or Leadership check lowers Initiative by its Effect (off: it changes
    nothing).

    "everyone in the unit may increase their Initiative by the Effect of the check" ("Tactics
    and Leadership"; Leadership: "the target character's Initiative is increased by the
    Effect"). False (this site): "may increase" means a failed check changes nothing. True:
    the Effect is added whatever its sign, so a failed check lowers Initiative."""

    dive_for_cover_round_up: bool = True
    """Whether diving for cover's half damage is rounded up (this site) or down.

    Diving for cover halves an explosion's damage ("Explosions": "reduce the damage ... by
    half if he dives for cover"), with no rounding given: rounded up (this site, as the
    chapter's only other halving: "half damage (round up)", "Extreme Range Firing") or down."""

    dive_for_cover_before_armor: bool = True
    """Whether diving for cover halves the damage before armor (this site) or after it.

    This site: the reaction reduces the damage rolled, then armor does ("Armor reduces damage by
    the value of the armor"); the other reading halves what is left after armor."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        put(
            "aim_for_the_kill_per_action",
            check_int("aim_for_the_kill_per_action", self.aim_for_the_kill_per_action, 1, 2),
        )
        for name in (
            "natural_two_twelve",
            "effect_six_minimum_damage",
            "grenades_add_effect",
            "vehicle_double_replaces_singles",
            "dive_for_cover_round_up",
            "dive_for_cover_before_armor",
            "extreme_range_halving_before_armor",
            "tactics_failure_lowers_initiative",
        ):
            put(name, check_bool(name, getattr(self, name)))
        put(
            "full_cover_dm",
            _one_of(
                "full_cover_dm",
                self.full_cover_dm,
                _FULL_COVER,
                '-4 (the Cover Modifiers table) or -6 (the Common Modifiers summary\'s "-0 to -6")',
            ),
        )
        put(
            "prone_short_range_dm",
            _one_of(
                "prone_short_range_dm",
                self.prone_short_range_dm,
                _PRONE_SHORT,
                "-2 (the Stance prose) or 0 (the Common Modifiers table)",
            ),
        )
        put(
            "dodge_in_cover_dm",
            _one_of(
                "dodge_in_cover_dm",
                self.dodge_in_cover_dm,
                _DODGE_IN_COVER,
                "-2 (the Dodging prose) or -1 (the Common Modifiers table)",
            ),
        )
        put(
            "minor_actions_per_round",
            check_int("minor_actions_per_round", self.minor_actions_per_round, 2, 3),
        )
        put(
            "range_band_column",
            check_choice("range_band_column", self.range_band_column, RangeColumn),
        )
        for name in ("disarm_succeeds_by", "grapple_damage_effect"):
            put(name, check_choice(name, getattr(self, name), OpposedEffect))

    def differences(self, other: Variant | str = variants.AS_WRITTEN) -> tuple[str, ...]:
        """The names of the fields whose value differs from ``other``'s, in field order.

        ``other`` is a :class:`Variant` or the name of a preset (default: the default preset,
        :data:`AS_WRITTEN`). For the "(modified)" mark of a page: ``variant.differences(name)``
        is empty exactly when ``variant`` is that preset.

        Raises:
            ValueError: ``other`` is neither a :class:`Variant` nor a preset's name.

        >>> Variant(natural_two_twelve=True).differences(Variant())
        ('natural_two_twelve',)
        >>> PRESETS[TWODSIX_CE].differences(TWODSIX_CE)
        ()
        """
        return variants.preset_differences(self, other, PRESETS, "other")


DEFAULT_VARIANT: Final = Variant()
"""This site's reading: the default of every ``variant`` argument."""

AS_WRITTEN: Final = variants.AS_WRITTEN
"""The name of the default preset."""

COMMON_MODIFIERS_TABLE: Final = "Common Modifiers table"
"""The name of the preset that follows the table "Common Modifiers to Attacks in Personal
Combat" where it differs from the prose: a prone target at Short range 0, a dodge -1 even in
cover, Full cover -6 (its "-0 to -6")."""

TWODSIX_CE: Final = "twodsix CE"
"""The name of the preset that behaves as twodsix's Cepheus Engine ruleset (its ``RULESETS.CE``
settings in ``src/module/config.js``) where it differs from this site: the range band by the
metres column, no Effect 6+ minimum damage, the Effect added to every weapon's damage."""

PRESETS: Final = MappingProxyType(
    {
        AS_WRITTEN: DEFAULT_VARIANT,
        COMMON_MODIFIERS_TABLE: Variant(
            prone_short_range_dm=0, dodge_in_cover_dm=-1, full_cover_dm=-6
        ),
        TWODSIX_CE: Variant(
            range_band_column=RangeColumn.DISTANCE,
            effect_six_minimum_damage=False,
            grenades_add_effect=True,
        ),
    }
)
"""Preset name -> :class:`Variant`. Sources: ``003_c7092257a5e3046d.txt`` (each field's
passage) and, for "twodsix CE", the twodsix Foundry VTT system (``xdy/twodsix-foundryvtt``:
``RULESETS.CE`` in ``src/module/config.js``, ``getRangeBand`` in
``src/module/entities/items/WeaponItem.js``, ``ActorDamage.totalDamage`` in
``src/module/utils/actorDamage.js``). The natural 2/12 house rule is a single switch, in no
preset (twodsix's CE ruleset leaves it off)."""


def find_preset(name: str) -> Variant:
    """The :class:`Variant` of the preset named ``name`` (a key of :data:`PRESETS`).

    Rule: the presets of :data:`PRESETS`, each a reading of ``003_c7092257a5e3046d.txt`` (see
    :class:`Variant` for each field's passage).

    Raises:
        ValueError: ``name`` is not the name of a preset.

    >>> find_preset(TWODSIX_CE).range_band_column
    <RangeColumn.DISTANCE: 'distance'>
    """
    return variants.find_preset(PRESETS, name)


def preset_name(variant: Variant) -> str | None:
    """The name of the preset ``variant`` is, or ``None`` when it matches none (modified).

    Rule: the presets of :data:`PRESETS`, each a reading of ``003_c7092257a5e3046d.txt`` (see
    :class:`Variant` for each field's passage).

    Raises:
        ValueError: ``variant`` is not a :class:`Variant`.

    >>> preset_name(Variant()), preset_name(Variant(natural_two_twelve=True)) is None
    ("As written (this site's reading)", True)
    """
    return variants.preset_name(PRESETS, variant, Variant)


_SUMMARIES: Final = {
    "aim_for_the_kill_per_action": (
        "Damage per minor action spent Aiming for the Kill: 1 (this site) or 2 (as printed)."
    ),
    "natural_two_twelve": (
        "A natural 2 always fails and a natural 12 always succeeds (a house rule; off by"
        " default: the rules say a natural 2 or 12 is not automatic)."
    ),
    "full_cover_dm": "The DM of Full cover: -4 (this site) or -6.",
    "prone_short_range_dm": (
        "The DM to attack a prone target at Short range: -2 (this site) or 0."
    ),
    "range_band_column": (
        "Which column decides a range given in squares (they disagree only at 34 and 334)."
    ),
    "effect_six_minimum_damage": (
        "A hit with Effect 6+ always inflicts at least one point of damage, whatever the armor"
        " (this site, as printed); off: damage is the roll less armor."
    ),
    "dodge_in_cover_dm": (
        "The DM of a dodge when the target is in cover or has an obstruction: -2 (this site) or -1."
    ),
    "grenades_add_effect": (
        "Whether a grenade adds the attack's Effect to its damage (off: as printed)."
    ),
    "minor_actions_per_round": (
        "The most minor actions in a round without a significant action: 3 (this site) or 2."
    ),
    "vehicle_double_replaces_singles": (
        "Past 33 points on the Vehicle Damage table, whether each Double Hit of six extra"
        " points replaces the two Single Hits of those points (off: both add)."
    ),
    "disarm_succeeds_by": (
        'What "succeeds by 6+" measures when disarming: the winner\'s own Effect (this site)'
        " or his margin over the loser."
    ),
    "grapple_damage_effect": (
        'What "the Effect" of a grapple\'s "2 + the Effect" damage is: the winner\'s own'
        " Effect (this site) or his margin over the loser."
    ),
    "extreme_range_halving_before_armor": (
        "Whether an energy weapon's half damage at Extreme range is halved before armor (this"
        " site) or after it."
    ),
    "tactics_failure_lowers_initiative": (
        "Whether a failed Tactics or Leadership check lowers Initiative by its Effect (off:"
        " it changes nothing)."
    ),
    "dive_for_cover_round_up": (
        "Whether diving for cover's half damage is rounded up (this site) or down."
    ),
    "dive_for_cover_before_armor": (
        "Whether diving for cover halves the damage before armor (this site) or after it."
    ),
}
_INTEGERS: Final = {
    "aim_for_the_kill_per_action": (1, 2),
    "full_cover_dm": _FULL_COVER,
    "prone_short_range_dm": _PRONE_SHORT,
    "dodge_in_cover_dm": _DODGE_IN_COVER,
    "minor_actions_per_round": (3, 2),
}
_FIELDS: Final = variants.list_fields(Variant, _SUMMARIES, _INTEGERS)


def variant_fields() -> tuple[variants.VariantField, ...]:
    """Every switch of :class:`Variant`, in field order, for a "Rules in force" control.

    Each row gives the field's name (the deep link's query parameter), its default, its allowed
    values and a one-sentence summary (see :class:`rules.variants.VariantField`).

    Rule: each field's passage of ``003_c7092257a5e3046d.txt`` (see :class:`Variant`).

    Raises:
        Nothing: it takes no input.

    >>> variant_fields()[0]
    VariantField(name='aim_for_the_kill_per_action', default=1, allowed=(1, 2), summary=\
'Damage per minor action spent Aiming for the Kill: 1 (this site) or 2 (as printed).')
    """
    return _FIELDS


def _check_variant(value: object) -> Variant:
    """Return ``value`` if it is a :class:`Variant` (the check of every ``variant`` argument).

    Raises:
        ValueError: ``value`` is not a :class:`Variant`.

    >>> _check_variant(None)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: variant must be a Variant, got None
    """
    return check_instance("variant", value, Variant)
