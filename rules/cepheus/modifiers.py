# Over 600 lines: the chapter's table of attack modifiers, one cited entry and DM function each: one
# table, kept whole.
"""The attack modifiers of personal combat: their tables and the DM each one gives.

Source: ``003_c7092257a5e3046d.txt``, Chapter 5 "Personal Combat": "Aiming", "Aiming for the
Kill", the table "Common Modifiers to Attacks in Personal Combat", "Reactions", "Dodging",
"Parrying", "Dynamic Initiative" (hastening), "Battlefield Conditions", "Battlefield Sensors",
"Blind Firing", "Burst Fire", "Cover", "Extreme Range Firing", "Fighting in Zero Gravity",
"Firing into Combat", "Panic Fire", "Shotgun Spread", "Suppression Fire", "Stance", "Fatigue",
"Vehicles in Personal Combat" and "Evasive Action".

Each function here encodes one line of the rules; :func:`rules.cepheus.attack_odds` adds them
up into a labelled breakdown.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final, NamedTuple

from rules.cepheus._common import check_bool
from rules.cepheus.ranges import RangeBand
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.validation import check_choice, check_int, check_number, output_record

__all__ = [
    "BURST_FIRE",
    "COVER_DMS",
    "EXTREME_RANGE_DM",
    "EXTREME_RANGE_MIN_SKILL",
    "FATIGUE_DM",
    "FIRING_INTO_COMBAT_DM",
    "HASTE_DM",
    "INTELLIGENT_WEAPON_DM",
    "LIGHTING_DMS",
    "MAX_AIM_DM",
    "MAX_AIM_FOR_THE_KILL_BONUS",
    "PANIC_FIRE_DM",
    "SHOTGUN_SPREAD_BANDS",
    "SHOTGUN_SPREAD_DAMAGE_DICE",
    "SHOTGUN_SPREAD_DM",
    "SMOKE_DMS",
    "SUPPRESSED_DM",
    "SUPPRESSION_FIRE_DM",
    "VEHICLE_TARGET_DM",
    "ZERO_G_RECOIL_DM",
    "BurstRow",
    "BurstSize",
    "Cover",
    "FireMode",
    "Lighting",
    "Modifier",
    "Reaction",
    "Smoke",
    "Stance",
    "aim_for_the_kill_bonus",
    "aiming_dm",
    "cover_dm",
    "darkness_dm",
    "dodge_dm",
    "effective_cover",
    "effective_skill",
    "laser_sight_dm",
    "parry_dm",
    "reactions_dm",
    "smoke_dm",
    "target_movement_dm",
    "target_stance_dm",
    "weather_dms",
]


@output_record
class Modifier(NamedTuple):
    """One line of a breakdown: the rulebook's label and the DM it adds."""

    label: str
    """What the DM is for, in the rulebook's words (e.g. ``"Aiming"``)."""
    dm: int
    """The DM (negative for a penalty)."""


# --- Aiming ---------------------------------------------------------------------------------

MAX_AIM_DM: Final = 6
"""The largest aiming DM. Source: ``003_c7092257a5e3046d.txt``, "Aiming" ("gaining a maximum
aiming DM of +6 if he spends six minor actions on aiming")."""

MAX_AIM_FOR_THE_KILL_BONUS: Final = 6
"""The largest damage bonus from Aiming for the Kill. Source: ``003_c7092257a5e3046d.txt``,
"Aiming for the Kill" ("The maximum bonus obtainable from Aiming for the Kill is +6")."""


def aiming_dm(aim_actions: int) -> int:
    """The DM from spending ``aim_actions`` minor actions aiming: +1 each, at most +6.

    Rule: ``003_c7092257a5e3046d.txt``, "Aiming" ("+1 DM to his next attack ... a maximum
    aiming DM of +6 if he spends six minor actions on aiming") and the Common Modifiers table
    ("Aiming +1 per Aim action"). Aiming beyond six actions is allowed and adds nothing.

    Raises:
        ValueError: ``aim_actions`` is not an integer >= 0.

    >>> aiming_dm(1), aiming_dm(6), aiming_dm(9)
    (1, 6, 6)
    """
    return min(check_int("aim_actions", aim_actions, 0), MAX_AIM_DM)


def aim_for_the_kill_bonus(actions: int, *, variant: Variant = DEFAULT_VARIANT) -> int:
    """The damage bonus from ``actions`` minor actions Aiming for the Kill: +1 each, at most +6.

    Rule: ``003_c7092257a5e3046d.txt``, "Aiming for the Kill": "works exactly like regular
    Aiming, but does not add to the character's DM to hit ... the character gains a bonus of +2
    to his damage equal to the number of minor actions he spends Aiming for the Kill ... The
    maximum bonus obtainable from Aiming for the Kill is +6."

    Interpretation: the bonus equals the number of actions (+1 each, capped at +6 after six
    actions), as "works exactly like regular Aiming" and "equal to the number of minor actions"
    both say; the stray "+2" is read as a misprint, not as +2 per action (which would reach the
    cap after three actions). Switchable: ``variant.aim_for_the_kill_per_action`` 2 reads the
    "+2" as printed.

    Raises:
        ValueError: ``actions`` is not an integer >= 0, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> aim_for_the_kill_bonus(2), aim_for_the_kill_bonus(6), aim_for_the_kill_bonus(8)
    (2, 6, 6)
    >>> printed = Variant(aim_for_the_kill_per_action=2)
    >>> [aim_for_the_kill_bonus(n, variant=printed) for n in (1, 2, 3, 4)]
    [2, 4, 6, 6]
    """
    actions = check_int("actions", actions, 0)
    per_action = _check_variant(variant).aim_for_the_kill_per_action
    return min(actions * per_action, MAX_AIM_FOR_THE_KILL_BONUS)


def laser_sight_dm(laser_sight: bool, aim_actions: int) -> int:
    """+1 for a laser sight when the attacker aimed (at least one Aim action), else 0.

    Rule: ``003_c7092257a5e3046d.txt``, Common Modifiers table ("Laser Sight +1 if aiming").
    Interpretation: Aiming for the Kill "does not add to the character's DM to hit", so only
    regular Aim actions switch the laser sight on.

    Raises:
        ValueError: ``laser_sight`` is not a bool or ``aim_actions`` not an integer >= 0.

    >>> laser_sight_dm(True, 1), laser_sight_dm(True, 0), laser_sight_dm(False, 3)
    (1, 0, 0)
    """
    aimed = check_int("aim_actions", aim_actions, 0) > 0
    return 1 if check_bool("laser_sight", laser_sight) and aimed else 0


# --- Cover and stance -----------------------------------------------------------------------


class Cover(enum.StrEnum):
    """How much of the target is behind cover (table "Cover Modifiers")."""

    NONE = "none"
    """No cover."""
    QUARTER = "quarter"
    """1/4 cover: undergrowth, small rock, corner of a building."""
    HALF = "half"
    """1/2 cover: thick forest, low wall, crate (and a civilian closed vehicle)."""
    THREE_QUARTERS = "three_quarters"
    """3/4 cover: jungle, trench, reinforced position."""
    FULL = "full"
    """Full cover: pillbox (and a military closed vehicle)."""

    @property
    def label(self) -> str:
        """The rulebook's name: ``"1/4"``, ``"1/2"``, ``"3/4"``, ``"Full"`` or ``"None"``."""
        return _COVER_LABELS[self]


_COVER_LABELS: Final = MappingProxyType(
    {
        Cover.NONE: "None",
        Cover.QUARTER: "1/4",
        Cover.HALF: "1/2",
        Cover.THREE_QUARTERS: "3/4",
        Cover.FULL: "Full",
    }
)

COVER_DMS: Final = MappingProxyType(
    {
        Cover.NONE: 0,
        Cover.QUARTER: 0,
        Cover.HALF: -1,
        Cover.THREE_QUARTERS: -2,
        Cover.FULL: -4,
    }
)
"""Cover -> DM to attacks on the target. Source: ``003_c7092257a5e3046d.txt``, "Cover",
table "Cover Modifiers" (1/4 -0, 1/2 -1, 3/4 -2, Full -4); "no cover" is 0.

Interpretation: the Common Modifiers table says "Cover -0 to -6", but the Cover Modifiers
table it summarises stops at -4 (Full); we use the detailed table, so cover never gives -5
or -6. Switchable: ``Variant.full_cover_dm`` -6 reads the summary's end as the Full row."""


class Stance(enum.StrEnum):
    """A character's stance ("Stance": standing, crouched or prone)."""

    STANDING = "standing"
    """Standing: the normal rules."""
    CROUCHED = "crouched"
    """Crouched: half speed, cover one row better."""
    PRONE = "prone"
    """Prone: cover one row better, cannot dodge or make melee attacks, modifies attacks on it
    by range."""


def effective_cover(cover: Cover | str, stance: Stance | str) -> Cover | None:
    """The cover a target can claim: one row better when crouched or prone; ``None`` if it
    cannot be hit at all (full cover while crouched or prone).

    Rule: ``003_c7092257a5e3046d.txt``, "Cover" ("Crouching or prone targets can claim cover
    one step higher on the table. If a character in full cover is crouching or prone they are
    impossible to hit but cannot return fire.") and "Stance" ("If a crouching character is in
    cover, consider it one row lower on the Cover Modifiers table. For example, if a character
    is crouching behind a waist-high wall, he is considered to be at 3/4 cover rather than 1/2
    cover."). A target with no cover gains nothing from crouching.

    Raises:
        ValueError: ``cover`` or ``stance`` is not a member or value of its enum.

    >>> effective_cover("half", "crouched")
    <Cover.THREE_QUARTERS: 'three_quarters'>
    >>> effective_cover("full", "prone") is None
    True
    """
    cover = check_choice("cover", cover, Cover)
    stance = check_choice("stance", stance, Stance)
    if cover is Cover.NONE or stance is Stance.STANDING:
        return cover
    order = list(Cover)
    position = order.index(cover) + 1
    return order[position] if position < len(order) else None


def cover_dm(
    cover: Cover | str,
    stance: Stance | str = Stance.STANDING,
    *,
    variant: Variant = DEFAULT_VARIANT,
) -> int | None:
    """The cover DM of an attack on a target in ``cover`` and ``stance``; ``None``: impossible.

    Rule: ``003_c7092257a5e3046d.txt``, "Cover" (table ``COVER_DMS``) with the stance step of
    :func:`effective_cover`; Full cover is ``variant.full_cover_dm`` (-4, or -6 as the Common
    Modifiers summary's "-0 to -6").

    Raises:
        ValueError: ``cover`` or ``stance`` is not a member or value of its enum, or
            ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> cover_dm("half"), cover_dm("half", "crouched"), cover_dm("three_quarters", "prone")
    (-1, -2, -4)
    >>> cover_dm("three_quarters", "prone", variant=Variant(full_cover_dm=-6))
    -6
    """
    claimed = effective_cover(cover, stance)
    variant = _check_variant(variant)
    return None if claimed is None else _cover_dm(claimed, variant)


def _cover_dm(cover: Cover, variant: Variant) -> int:
    """The DM of ``cover`` (already stepped for stance) under ``variant``."""
    return variant.full_cover_dm if cover is Cover.FULL else COVER_DMS[cover]


def target_stance_dm(
    stance: Stance | str, band: RangeBand | str, *, variant: Variant = DEFAULT_VARIANT
) -> int:
    """The DM for the target's stance at range ``band``: prone is +2 at Personal, +0 at Close
    and -2 beyond; standing and crouched targets give 0.

    Rule: ``003_c7092257a5e3046d.txt``, "Stance" ("All ranged attacks targeting him suffer a
    -2 DM penalty. At Close range, the penalty is reduced to +0; a prone character being
    attacked at Personal range grants a +2 DM to attacks against him.") and the Common
    Modifiers table ("-2 if attacking a prone target at Medium or greater range; +2 if
    attacking a prone target at Personal range").

    Interpretation: the two disagree at Short range (prose -2, table 0); we follow the prose,
    which states the rule and its two exceptions (Close, Personal); the table is a summary.
    The Personal +2 applies to any attack, melee included ("attacks against him"). Switchable:
    ``variant.prone_short_range_dm`` 0 follows the table at Short range.

    Raises:
        ValueError: ``stance`` or ``band`` is not a member or value of its enum, or ``variant``
            not a :class:`~rules.cepheus.Variant`.

    >>> [target_stance_dm("prone", b) for b in ("personal", "close", "short", "medium")]
    [2, 0, -2, -2]
    >>> target_stance_dm("prone", "short", variant=Variant(prone_short_range_dm=0))
    0
    """
    stance = check_choice("stance", stance, Stance)
    band = check_choice("band", band, RangeBand)
    variant = _check_variant(variant)
    if stance is not Stance.PRONE:
        return 0
    if band is RangeBand.PERSONAL:
        return 2
    if band is RangeBand.CLOSE:
        return 0
    if band is RangeBand.SHORT:
        return variant.prone_short_range_dm
    return -2


# --- Reactions ------------------------------------------------------------------------------


class Reaction(enum.StrEnum):
    """The target's reaction to this attack ("Reactions": only one per attack)."""

    NONE = "none"
    """The target does not react."""
    DODGE = "dodge"
    """The target dodges: -1 to the attack (-2 with cover or an obstruction)."""
    PARRY = "parry"
    """The target parries a melee attack: minus the defender's melee skill."""


def dodge_dm(cover_or_obstruction: bool = False, *, variant: Variant = DEFAULT_VARIANT) -> int:
    """The DM to an attack the target dodges: -1, or -2 if it has cover or an obstruction.

    Rule: ``003_c7092257a5e3046d.txt``, "Dodging" ("giving his attacker a -1 DM ... If the
    character is in cover or has an obstruction to duck or dodge behind, the DM to hit him is
    increased to -2") and the Common Modifiers table ("Target Dodges (Reaction) -1").
    Switchable: ``variant.dodge_in_cover_dm`` -1 follows the table (no cover case).

    Raises:
        ValueError: ``cover_or_obstruction`` is not a bool, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> dodge_dm(), dodge_dm(True), dodge_dm(True, variant=Variant(dodge_in_cover_dm=-1))
    (-1, -2, -1)
    """
    sheltered = check_bool("cover_or_obstruction", cover_or_obstruction)
    return _check_variant(variant).dodge_in_cover_dm if sheltered else -1


def parry_dm(melee_skill: int) -> int:
    """The DM to a melee attack the target parries: minus the defender's melee skill.

    Rule: ``003_c7092257a5e3046d.txt``, "Parrying" ("applying his Melee skill as a negative
    DM") and the Common Modifiers table ("Target Parries (Reaction) -Defender's appropriate
    melee skill").

    Raises:
        ValueError: ``melee_skill`` is not an integer >= 0.

    >>> parry_dm(2)
    -2
    """
    return -check_int("melee_skill", melee_skill, 0)


def reactions_dm(reactions: int) -> int:
    """The DM to the attacker's own checks from reactions it took this round: -1 each.

    Rule: ``003_c7092257a5e3046d.txt``, "Reactions" ("Each reaction lowers Initiative by 2 and
    applies a -1 DM to all skill checks until the following round ... the penalties from
    reacting are cumulative").

    Raises:
        ValueError: ``reactions`` is not an integer >= 0.

    >>> reactions_dm(3)
    -3
    """
    return -check_int("reactions", reactions, 0)


# --- Target movement ------------------------------------------------------------------------


def target_movement_dm(metres: int | float | Fraction) -> int:
    """The DM for a target that moved ``metres``: -1 for every 10 full metres.

    Rule: ``003_c7092257a5e3046d.txt``, Common Modifiers table ("Movement -1 for every 10 full
    meters of target movement").

    Raises:
        ValueError: ``metres`` is not a finite number >= 0.

    >>> target_movement_dm(9.9), target_movement_dm(10), target_movement_dm(25)
    (0, -1, -2)
    """
    return -int(check_number("metres", metres, 0) // 10)


# --- Battlefield conditions -----------------------------------------------------------------


class Lighting(enum.StrEnum):
    """The light on the battlefield ("Battlefield Conditions", Darkness)."""

    NORMAL = "normal"
    """Enough light: no DM."""
    LOW_LIGHT = "low_light"
    """Low light: -1 to ranged attacks."""
    DARKNESS = "darkness"
    """Complete darkness: -4 to ranged attacks."""


LIGHTING_DMS: Final = MappingProxyType(
    {Lighting.NORMAL: 0, Lighting.LOW_LIGHT: -1, Lighting.DARKNESS: -4}
)
"""Lighting -> DM to ranged attacks. Source: ``003_c7092257a5e3046d.txt``, "Battlefield
Conditions" ("Low light gives a -1 DM to ranged attacks. Complete darkness gives a -4 DM.")."""


class Smoke(enum.StrEnum):
    """Smoke or fog between attacker and target ("Battlefield Conditions")."""

    NONE = "none"
    """No smoke."""
    SMOKE = "smoke"
    """Smoke or fog: -1 to ranged attacks (-2 for lasers)."""
    THICK = "thick"
    """Especially thick and impenetrable smoke: -2 to ranged attacks (-4 for lasers)."""


SMOKE_DMS: Final = MappingProxyType({Smoke.NONE: 0, Smoke.SMOKE: -1, Smoke.THICK: -2})
"""Smoke -> DM to ranged attacks (doubled for lasers). Source: ``003_c7092257a5e3046d.txt``,
"Battlefield Conditions" ("Smoke gives a -1 DM ... especially thick and impenetrable smoke
gives a -2 DM. These penalties are doubled for laser weapons.")."""


def darkness_dm(lighting: Lighting | str, sensor_targeting: bool = False) -> int:
    """The DM of ``lighting`` to a ranged attack; 0 when targeting by sensors.

    Rule: ``003_c7092257a5e3046d.txt``, "Battlefield Conditions" (table ``LIGHTING_DMS``;
    "Light penalties can be avoided by using sensors to target instead of the naked eye") and
    "Battlefield Sensors" (light intensification "negating the penalties for darkness or low
    light").

    Raises:
        ValueError: ``lighting`` is not a :class:`Lighting` or its value, or
            ``sensor_targeting`` is not a bool.

    >>> darkness_dm("darkness"), darkness_dm("darkness", sensor_targeting=True)
    (-4, 0)
    """
    lighting = check_choice("lighting", lighting, Lighting)
    return 0 if check_bool("sensor_targeting", sensor_targeting) else LIGHTING_DMS[lighting]


def smoke_dm(smoke: Smoke | str, *, laser: bool = False, infra_red: bool = False) -> int:
    """The DM of ``smoke`` to a ranged attack: doubled for a laser, 0 with infra-red sensors.

    Rule: ``003_c7092257a5e3046d.txt``, "Battlefield Conditions" (table ``SMOKE_DMS``, "These
    penalties are doubled for laser weapons") and "Battlefield Sensors" (infra-red sensors
    "negate concealment from smoke and soft cover").

    Raises:
        ValueError: ``smoke`` is not a :class:`Smoke` or its value, or a flag is not a bool.

    >>> smoke_dm("thick"), smoke_dm("thick", laser=True), smoke_dm("smoke", infra_red=True)
    (-2, -4, 0)
    """
    smoke = check_choice("smoke", smoke, Smoke)
    laser = check_bool("laser", laser)
    if check_bool("infra_red", infra_red):
        return 0
    return SMOKE_DMS[smoke] * (2 if laser else 1)


def weather_dms(extreme_weather: bool, sensor_targeting: bool = False) -> tuple[int, int]:
    """The (visibility, interference) DMs of extreme weather to a ranged attack.

    Rule: ``003_c7092257a5e3046d.txt``, "Battlefield Conditions" ("Driving wind, rain,
    snowstorms and so forth give a -1 DM to ranged attacks from poor visibility and a -1 DM to
    ranged attacks from environmental interference. Sensors can be used to avoid the visibility
    penalty."). The Common Modifiers table sums these up as "Environmental Effects -1 to -2".

    Raises:
        ValueError: a flag is not a bool.

    >>> weather_dms(True), weather_dms(True, sensor_targeting=True), weather_dms(False)
    ((-1, -1), (0, -1), (0, 0))
    """
    extreme_weather = check_bool("extreme_weather", extreme_weather)
    sensors = check_bool("sensor_targeting", sensor_targeting)
    if not extreme_weather:
        return 0, 0
    return (0 if sensors else -1), -1


# --- Skill ----------------------------------------------------------------------------------


def effective_skill(
    skill: int | None,
    *,
    zero_g: bool = False,
    zero_g_skill: int | None = None,
    blind: bool = False,
) -> int | None:
    """The combat skill level an attack uses (``None``: unskilled).

    Rules: ``003_c7092257a5e3046d.txt``, "Blind Firing" ("it always treats the firer as having
    Level 0 in that weapon's relative skill") and "Fighting in Zero Gravity" ("a character's
    skill levels are limited to lower of the character's Zero-G skill and the appropriate combat
    skill ... Characters without Zero-G skill are treated as unskilled in their attack"). Blind
    firing applies first, so a blind shot in zero gravity without Zero-G skill is unskilled.

    Raises:
        ValueError: a skill is neither ``None`` nor an integer >= 0, or a flag is not a bool.

    >>> effective_skill(2, zero_g=True, zero_g_skill=1)  # Laser Pistol-2, Zero-G-1
    1
    >>> effective_skill(3, zero_g=True) is None, effective_skill(None, blind=True)
    (True, 0)
    """
    level = None if skill is None else check_int("skill", skill, 0)
    zero_g_level = None if zero_g_skill is None else check_int("zero_g_skill", zero_g_skill, 0)
    if check_bool("blind", blind):
        level = 0
    if check_bool("zero_g", zero_g):
        level = None if zero_g_level is None or level is None else min(level, zero_g_level)
    return level


# --- Burst fire and other fire modes --------------------------------------------------------


class FireMode(enum.StrEnum):
    """How the attacker fires (the significant action taken)."""

    SINGLE = "single"
    """An ordinary attack (one round, or a melee or thrown attack)."""
    SPRAY = "spray"
    """Burst fire spraying the target: the burst adds its attack DM ("Burst Fire")."""
    GROUPED = "grouped"
    """Burst fire as a precise, grouped burst: the burst adds its extra damage ("Burst
    Fire")."""
    PANIC = "panic"
    """Panic fire: every remaining round, burst damage, -2 to hit ("Panic Fire")."""
    SUPPRESSION = "suppression"
    """Suppression fire: -2 to hit, no damage; success delays the target ("Suppression
    Fire")."""

    @property
    def label(self) -> str:
        """The rulebook's name of the fire mode."""
        return _FIRE_MODE_LABELS[self]


_FIRE_MODE_LABELS: Final = MappingProxyType(
    {
        FireMode.SINGLE: "Single attack",
        FireMode.SPRAY: "Burst Fire (spray)",
        FireMode.GROUPED: "Burst Fire (grouped)",
        FireMode.PANIC: "Panic Fire",
        FireMode.SUPPRESSION: "Suppression Fire",
    }
)


class BurstSize(enum.StrEnum):
    """The rows of the Burst Fire Effects table, by rounds fired."""

    SINGLE = "1"
    """1 round: +0, +0 damage."""
    THREE = "3"
    """3 round burst: +1, +1 point of damage."""
    FOUR = "4"
    """4 round burst: +1, +1D6 damage."""
    TEN = "10"
    """10 round burst: +2, +2D6 damage."""
    TWENTY = "20"
    """20 round burst: +3, +3D6 damage."""
    HUNDRED = "100"
    """100 round burst: +4, +4D6 damage."""

    @property
    def rounds(self) -> int:
        """The number of rounds fired."""
        return int(self.value)


@output_record
@dataclass(frozen=True, slots=True)
class BurstRow:
    """One row of the Burst Fire Effects table."""

    size: BurstSize
    """The burst."""
    attack_dm: int
    """The DM to hit when spraying the target."""
    extra_dice: int
    """Extra D6 of damage for a grouped burst."""
    extra_points: int
    """Extra points of damage for a grouped burst."""
    text: str
    """The "Extra Damage" cell as printed."""


BURST_FIRE: Final = MappingProxyType(
    {
        BurstSize.SINGLE: BurstRow(BurstSize.SINGLE, 0, 0, 0, "+0 damage"),
        BurstSize.THREE: BurstRow(BurstSize.THREE, 1, 0, 1, "+1 point of damage"),
        BurstSize.FOUR: BurstRow(BurstSize.FOUR, 1, 1, 0, "+1D6 damage"),
        BurstSize.TEN: BurstRow(BurstSize.TEN, 2, 2, 0, "+2D6 damage"),
        BurstSize.TWENTY: BurstRow(BurstSize.TWENTY, 3, 3, 0, "+3D6 damage"),
        BurstSize.HUNDRED: BurstRow(BurstSize.HUNDRED, 4, 4, 0, "+4D6 damage"),
    }
)
"""Burst size -> attack DM and extra damage. Source: ``003_c7092257a5e3046d.txt``, "Burst
Fire", table "Burst Fire Effects".

The attacker chooses: spray the target (the attack DM) or fire a grouped burst (the extra
damage), not both ("The attacker must decide whether to spray the target, increasing the chances
of scoring a hit, or to fire a precise, grouped burst in the hope of inflicting greater
damage"). Interpretation: the prose also names a burst of 2 rounds, which has no row in the
table; it is not offered, since the source gives no numbers for it."""

PANIC_FIRE_DM: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Panic Fire" ("There is a DM -2 penalty to hit")."""

SUPPRESSION_FIRE_DM: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Suppression Fire" ("with a -2 DM for trying to hit
cover and nearby objects to the target(s)")."""

FIRING_INTO_COMBAT_DM: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Firing into Combat" ("If a character is firing a
weapon at a target that is at Personal range to another combatant, then the attack suffers a
-2 DM")."""

HASTE_DM: Final = -1
"""Source: ``003_c7092257a5e3046d.txt``, "Dynamic Initiative" (acting hastily: "all his actions
receive a -1 DM")."""

SHOTGUN_SPREAD_DM: Final = 1
"""Source: ``003_c7092257a5e3046d.txt``, "Shotgun Spread" ("gains a DM+1 bonus to hit")."""

SHOTGUN_SPREAD_DAMAGE_DICE: Final = 2
"""Source: ``003_c7092257a5e3046d.txt``, "Shotgun Spread" ("the frag shell has its damage
reduced to 2d6")."""

SHOTGUN_SPREAD_BANDS: Final = (RangeBand.MEDIUM, RangeBand.LONG)
"""The bands where a flechette shotgun spreads. Source: ``003_c7092257a5e3046d.txt``, "Shotgun
Spread" ("If firing at a target or group of targets at Medium or Long range")."""

EXTREME_RANGE_DM: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Extreme Range Firing" ("using the modifiers for
Distant range with an additional DM of -2")."""

EXTREME_RANGE_MIN_SKILL: Final = 3
"""Source: ``003_c7092257a5e3046d.txt``, "Extreme Range Firing" ("Only characters with at least
three levels of skill in the weapon may fire at extreme range")."""

FATIGUE_DM: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Fatigue" ("A fatigued character suffers a -2 DM to
all checks until he rests")."""

SUPPRESSED_DM: Final = -1
"""Source: ``003_c7092257a5e3046d.txt``, "Suppression Fire" ("Suppressed targets also receive a
DM-1 penalty to any skill checks that they try to perform in both the current and following
combat round")."""

ZERO_G_RECOIL_DM: Final = -2
"""Source: ``003_c7092257a5e3046d.txt``, "Fighting in Zero Gravity" ("characters using weapons
with recoil suffer a DM -2 on attack rolls") and the Common Modifiers table ("Weapons with
Recoil (in Zero Gravity) -2")."""

VEHICLE_TARGET_DM: Final = 1
"""Source: ``003_c7092257a5e3046d.txt``, "Vehicles in Personal Combat" ("Attackers gain a +1 DM
to hit most vehicles because of their size")."""

INTELLIGENT_WEAPON_DM: Final = 1
"""Source: ``003_c7092257a5e3046d.txt``, Common Modifiers table ("Intelligent Weapon +1 if total
DM is within the program's tolerance"). The tolerance is not given in this chapter, so whether
it applies is an input."""
