# Over 600 lines: the attack model: its breakdown, exact odds and seeded roll all read
# AttackSituation's many checked fields.
"""The attack model: every modifier of the chapter in, the exact odds and a seeded roll out.

Source: ``003_c7092257a5e3046d.txt``, Chapter 5 "Personal Combat": "Attack" ("2D6 + appropriate
gun combat skill + Dexterity DM" and its melee and thrown forms), "Range", the modifiers of
:mod:`rules.cepheus.modifiers`, "Damage", "Armor", "Firing into Combat", "Suppression Fire",
"Thrown Weapons", "Blind Firing" and "Extreme Range Firing".
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.cepheus import modifiers as m
from rules.cepheus._common import check_bool, check_rng, roll_d6
from rules.cepheus.checks import (
    TARGET_NUMBER,
    CheckOutcome,
    CheckRoll,
    Difficulty,
    _effect_distribution,
    _grade,
    _natural_note,
    _roll_check,
)
from rules.cepheus.damage import _damage_distribution, _hit_damage
from rules.cepheus.ranges import SQUARE_METRES, RangeBand, range_band, range_band_metres
from rules.cepheus.variant import DEFAULT_VARIANT, RangeColumn, Variant, _check_variant
from rules.cepheus.weapons import WeaponType, attack_difficulty
from rules.dice import MAX_DICE, Distribution
from rules.validation import (
    InvalidInput,
    check_choice,
    check_instance,
    check_int,
    check_number,
    output_record,
)

__all__ = ["AttackOdds", "AttackRoll", "AttackSituation", "attack_odds", "roll_attack"]

_FIREARMS = frozenset(
    {
        WeaponType.PISTOL,
        WeaponType.RIFLE,
        WeaponType.SHOTGUN,
        WeaponType.ASSAULT_WEAPON,
        WeaponType.ROCKET,
    }
)
_SLUG_THROWERS = _FIREARMS - {WeaponType.ROCKET}

_BOOLS = (
    "adds_effect",
    "laser",
    "energy",
    "recoil",
    "laser_sight",
    "intelligent_weapon",
    "shotgun_spread",
    "blind",
    "extreme_range",
    "braced",
    "hastened",
    "fatigued",
    "suppressed",
    "zero_g",
    "firing_into_combat",
    "soft_cover",
    "dodge_obstruction",
    "extreme_weather",
    "sensor_targeting",
    "infra_red",
    "target_vehicle",
)
_NON_NEGATIVE = (
    "armor",
    "aim_actions",
    "aim_for_the_kill_actions",
    "reactions_taken",
    "parry_skill",
    "target_evasive_effect",
    "own_evasive_effect",
)
_INTEGERS = ("characteristic_dm", "damage_modifier", "referee_dm")
_POSITIVE = ("firing_line_targets",)
_CHOICES: tuple[tuple[str, Any], ...] = (
    ("weapon", WeaponType),
    ("fire_mode", m.FireMode),
    ("burst", m.BurstSize),
    ("cover", m.Cover),
    ("target_stance", m.Stance),
    ("reaction", m.Reaction),
    ("lighting", m.Lighting),
    ("smoke", m.Smoke),
)


@dataclass(frozen=True, kw_only=True, slots=True)
class AttackSituation:
    """Everything that decides one attack: the inputs of :func:`attack_odds`.

    Give the range as exactly one of ``band``, ``squares`` or ``metres``. Enum fields accept
    their string values. The constructor checks every field and refuses contradictions (see
    Raises); inputs that only refine another one (``parry_skill`` without a parry,
    ``dodge_obstruction`` without a dodge, ``braced`` without extreme range, ``zero_g_skill``
    outside zero gravity, ``soft_cover`` without cover, ``firing_line_targets`` without blind
    firing) are accepted and ignored.

    Every field is checked and stored as its exact type (an enum member, ``int``,
    :class:`~fractions.Fraction`): numpy numbers become Python numbers. ``damage_dice`` with
    the burst's extra dice is at most 300 (:data:`rules.dice.MAX_DICE`, which keeps the exact
    damage distribution fast).

    Raises:
        ValueError: a field is out of its domain, the range is not given exactly once, the
            attacker would be unskilled without ``unskilled_dm``, or the fields contradict a
            rule: a burst size without a burst fire mode; burst, panic or suppression fire
            without a firearm; panic fire with an energy weapon or rocket; a parry against a
            ranged attack; a prone target dodging; firing into combat with a melee weapon;
            shotgun spread without a shotgun at Medium or Long range; extreme range not at
            Distant.

    >>> AttackSituation(weapon="rifle", damage_dice=3, squares=20).range_band
    <RangeBand.MEDIUM: 'medium'>
    """

    weapon: WeaponType
    """The weapon type (row of the attack difficulty table)."""
    damage_dice: int
    """The weapon's damage in D6 ("Each weapon lists the damage it inflicts as a number of
    D6"): 0 to 300 (:data:`rules.dice.MAX_DICE`) with the burst's extra dice."""
    band: RangeBand | None = None
    """The range band, if the range is given as a band."""
    squares: int | None = None
    """The range in 1.5 m squares, if given so (:func:`~rules.cepheus.range_band`)."""
    metres: Fraction | None = None
    """The range in metres, if given so (:func:`~rules.cepheus.range_band_metres`)."""
    skill: int | None = 0
    """The attacker's level in the combat skill (Athletics for thrown); ``None``: unskilled."""
    unskilled_dm: int | None = None
    """The DM of an unskilled attack: not given in this chapter, so an input, needed only when
    the attack is unskilled."""
    characteristic_dm: int = 0
    """Dexterity DM (or, for melee, the Strength or Dexterity DM of the attacker's choice)."""
    damage_modifier: int = 0
    """A fixed number added to the weapon's damage dice (e.g. the +2 of "1D6+2")."""
    adds_effect: bool = True
    """False for grenades and other explosive thrown weapons, which do not add the Effect to
    damage ("Thrown Weapons")."""
    armor: int = 0
    """The target's armor ("Armor reduces damage by the value of the armor")."""
    laser: bool = False
    """A laser weapon: smoke penalties doubled; an energy weapon at extreme range."""
    energy: bool = False
    """An energy weapon (lasers, PGMPs): half damage at extreme range."""
    recoil: bool = False
    """A weapon with recoil: -2 in zero gravity."""
    fire_mode: m.FireMode = m.FireMode.SINGLE
    """Single attack, burst fire (spray or grouped), panic fire or suppression fire."""
    burst: m.BurstSize = m.BurstSize.SINGLE
    """The row of the Burst Fire Effects table (for panic fire: the row of the rounds left)."""
    aim_actions: int = 0
    """Minor actions spent aiming: +1 each, at most +6."""
    aim_for_the_kill_actions: int = 0
    """Minor actions spent Aiming for the Kill: +1 damage each, at most +6."""
    laser_sight: bool = False
    """A laser sight: +1 if aiming."""
    intelligent_weapon: bool = False
    """An intelligent weapon whose program's tolerance covers this attack's total DM: +1."""
    shotgun_spread: bool = False
    """A flechette shotgun spreading at Medium or Long range: +1, damage 2D6."""
    blind: bool = False
    """Blind firing: skill level 0 and three dice with the highest dropped."""
    firing_line_targets: int = 1
    """Blind firing: the eligible targets in the firing line, friend or foe, the intended one
    included (each successful attack hits one of them, chosen at random)."""
    extreme_range: bool = False
    """Firing beyond Distant: Distant difficulty and -2, needs skill 3+ and a braced firer."""
    braced: bool = False
    """The firer is stationary and firing from a rest (required at extreme range)."""
    hastened: bool = False
    """The attacker acts hastily this round: -1."""
    reactions_taken: int = 0
    """Reactions the attacker took since its last round (dodges, parries): -1 each."""
    fatigued: bool = False
    """The attacker is fatigued: -2."""
    suppressed: bool = False
    """The attacker is suppressed: -1."""
    zero_g: bool = False
    """The fight is in zero gravity: skill capped by Zero-G, recoil -2."""
    zero_g_skill: int | None = None
    """The attacker's Zero-G skill (``None``: none), used in zero gravity."""
    firing_into_combat: bool = False
    """The target is at Personal range to another combatant: -2, a miss may hit them."""
    cover: m.Cover = m.Cover.NONE
    """The target's cover."""
    soft_cover: bool = False
    """The cover is soft (negated by infra-red sensors)."""
    target_stance: m.Stance = m.Stance.STANDING
    """The target's stance."""
    reaction: m.Reaction = m.Reaction.NONE
    """The target's reaction to this attack."""
    dodge_obstruction: bool = False
    """A dodging target has an obstruction to duck behind (dodge -2 even without cover)."""
    parry_skill: int = 0
    """The parrying defender's melee skill."""
    target_movement_metres: Fraction = Fraction(0)
    """How far the target moved: -1 per 10 full metres."""
    lighting: m.Lighting = m.Lighting.NORMAL
    """The light (ranged attacks)."""
    smoke: m.Smoke = m.Smoke.NONE
    """Smoke or fog (ranged attacks)."""
    extreme_weather: bool = False
    """Driving wind, rain, snowstorms (ranged attacks)."""
    sensor_targeting: bool = False
    """The attacker targets with sensors instead of the naked eye: no darkness or weather
    visibility penalty."""
    infra_red: bool = False
    """The attacker uses infra-red sensors: no smoke penalty, soft cover negated."""
    target_vehicle: bool = False
    """The target is a vehicle (most vehicles: +1)."""
    target_evasive_effect: int = 0
    """The Effect of the target vehicle driver's evasive action: minus that."""
    own_evasive_effect: int = 0
    """The Effect of the evasive action of the vehicle the attacker fires from: minus that."""
    referee_dm: int = 0
    """Any other DM the Referee applies."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        for name, enum_type in _CHOICES:
            put(name, check_choice(name, getattr(self, name), enum_type))
        for name in _BOOLS:
            put(name, check_bool(name, getattr(self, name)))
        for name in _NON_NEGATIVE:
            put(name, check_int(name, getattr(self, name), 0))
        for name in _POSITIVE:
            put(name, check_int(name, getattr(self, name), 1))
        put("damage_dice", check_int("damage_dice", self.damage_dice, 0, MAX_DICE))
        for name in _INTEGERS:
            put(name, check_int(name, getattr(self, name)))
        for name in ("skill", "zero_g_skill"):
            if getattr(self, name) is not None:
                put(name, check_int(name, getattr(self, name), 0))
        if self.unskilled_dm is not None:
            put("unskilled_dm", check_int("unskilled_dm", self.unskilled_dm))
        put(
            "target_movement_metres",
            check_number("target_movement_metres", self.target_movement_metres, 0),
        )
        if self.band is not None:
            put("band", check_choice("band", self.band, RangeBand))
        if self.squares is not None:
            put("squares", check_int("squares", self.squares, 0))
        if self.metres is not None:
            put("metres", check_number("metres", self.metres, 0))
        given = [n for n in ("band", "squares", "metres") if getattr(self, n) is not None]
        if not given:
            raise InvalidInput(
                "band", "given when squares and metres are not (the range, given once)", None
            )
        if len(given) > 1:
            raise InvalidInput(
                given[1],
                f"None when {given[0]} is given (the range is given once: band, squares or metres)",
                getattr(self, given[1]),
            )
        self._check_rules()

    def _check_rules(self) -> None:
        weapon, mode = self.weapon, self.fire_mode
        burst_modes = (m.FireMode.SPRAY, m.FireMode.GROUPED, m.FireMode.PANIC)
        if (
            mode not in burst_modes
            and mode is not m.FireMode.SUPPRESSION
            and (self.burst is not m.BurstSize.SINGLE)
        ):
            raise InvalidInput(
                "burst",
                f"'1' with fire_mode {mode.value!r} (a burst needs fire_mode 'spray', "
                "'grouped', 'panic' or 'suppression')",
                self.burst.value,
            )
        if mode is not m.FireMode.SINGLE and weapon not in _FIREARMS:
            raise InvalidInput(
                "weapon",
                f"a firearm ({_names(_FIREARMS)}) for fire_mode {mode.value!r}",
                weapon.value,
            )
        if mode is m.FireMode.PANIC and (weapon not in _SLUG_THROWERS or self.laser or self.energy):
            raise InvalidInput(
                "fire_mode",
                "a mode other than 'panic' for this weapon (panic fire needs a small arms slug "
                "thrower: a "
                "pistol, rifle, shotgun or assault weapon, not laser or energy; got weapon "
                f"{weapon.value!r}, laser={self.laser}, energy={self.energy})",
                mode.value,
            )
        if self.reaction is m.Reaction.PARRY and not weapon.melee:
            raise InvalidInput(
                "reaction",
                "'none' or 'dodge' against a ranged attack (a parry needs a melee weapon: "
                f"'close_quarters', 'extended_reach'; got weapon {weapon.value!r})",
                self.reaction.value,
            )
        if self.reaction is m.Reaction.DODGE and self.target_stance is m.Stance.PRONE:
            raise InvalidInput(
                "reaction",
                "'none' or 'parry' for a prone target (a prone character cannot dodge; "
                "target_stance is 'prone')",
                self.reaction.value,
            )
        if self.firing_into_combat and weapon.melee:
            raise InvalidInput(
                "firing_into_combat",
                f"False for a melee weapon (it needs a ranged weapon, got weapon {weapon.value!r})",
                True,
            )
        band = self.range_band
        if self.shotgun_spread and (
            weapon is not WeaponType.SHOTGUN or band not in m.SHOTGUN_SPREAD_BANDS
        ):
            raise InvalidInput(
                "shotgun_spread",
                "False unless weapon is 'shotgun' at band 'medium' or 'long' "
                f"(got weapon {weapon.value!r} at band {band.value!r})",
                True,
            )
        if self.extreme_range and band is not RangeBand.DISTANT:
            raise InvalidInput(
                "extreme_range",
                "False unless the band is 'distant' (extreme range lies beyond it; "
                f"got band {band.value!r})",
                True,
            )
        if self.attack_skill is None and self.unskilled_dm is None:
            raise InvalidInput(
                "unskilled_dm",
                "an integer when the attack is unskilled (skill None, or zero_g without "
                "zero_g_skill): the chapter does not give the unskilled DM",
                None,
            )
        dice, _ = _damage_terms(self)
        if dice > MAX_DICE:
            extra = dice - self.damage_dice
            raise InvalidInput(
                "damage_dice",
                f"an integer in 0..{MAX_DICE - extra} with this fire mode and burst (+{extra}D6; "
                f"at most {MAX_DICE} dice in all)",
                self.damage_dice,
            )

    @property
    def range_band(self) -> RangeBand:
        """The range band, from ``band``, ``squares`` or ``metres``."""
        if self.band is not None:
            return self.band
        if self.squares is not None:
            return range_band(self.squares)
        assert self.metres is not None
        return range_band_metres(self.metres)

    @property
    def attack_skill(self) -> int | None:
        """The skill level the attack uses after blind firing and zero gravity."""
        return m.effective_skill(
            self.skill, zero_g=self.zero_g, zero_g_skill=self.zero_g_skill, blind=self.blind
        )

    @property
    def ranged(self) -> bool:
        """True unless the weapon is a melee type (thrown weapons are ranged)."""
        return not self.weapon.melee


def _names(weapons: frozenset[WeaponType]) -> str:
    return ", ".join(repr(w.value) for w in WeaponType if w in weapons)


@output_record
@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact result of :func:`attack_odds`."""

    situation: AttackSituation
    """The inputs."""
    band: RangeBand
    """The range band (Distant at extreme range)."""
    difficulty: Difficulty | None
    """The attack difficulty (``None``: the weapon cannot attack at this band)."""
    blocked: tuple[str, ...]
    """Why the attack cannot be made (empty when it can)."""
    modifiers: tuple[m.Modifier, ...]
    """Every DM of the roll, labelled: difficulty, skill, characteristic, then the modifiers."""
    total_dm: int
    """The sum of ``modifiers``: the check is 2D6 + this against 8+."""
    hit_chance: Fraction
    """The chance to hit (0 when blocked)."""
    effect: Distribution[int] | None
    """The distribution of the attack's Effect (``None`` when blocked)."""
    damage: Distribution[int]
    """The distribution of damage after armor, 0 for a miss (always 0 for suppression fire)."""
    damage_dice: int
    """D6 of damage on a hit (weapon and burst dice)."""
    damage_bonus: int
    """Fixed damage added on a hit (weapon modifier, burst points, Aiming for the Kill)."""
    halved: bool
    """Energy weapon at extreme range: damage halved, rounded up."""
    stray_hit_chance: Fraction
    """Firing into combat: the chance the attack misses and hits the nearest other combatant."""
    suppression: Distribution[int] | None
    """Suppression fire: the Initiative penalty on the target (its Effect on a success, else
    0); ``None`` for other fire modes."""
    intended_hit_chance: Fraction = Fraction(0)
    """The chance that the intended target is the one hit: ``hit_chance``, or for blind firing
    ``hit_chance`` divided by ``firing_line_targets`` (the target of a success is chosen at
    random among them). ``damage`` is the damage to whichever target is hit."""
    variant: Variant = DEFAULT_VARIANT
    """The rule variant the odds were computed under."""

    @property
    def possible(self) -> bool:
        """True if the attack can be made."""
        return not self.blocked

    @property
    def outcomes(self) -> Distribution[CheckOutcome] | None:
        """The chance of each grade of result (exceptional failure .. exceptional success)."""
        return None if self.effect is None else self.effect.map(_grade)


def attack_odds(situation: AttackSituation, *, variant: Variant = DEFAULT_VARIANT) -> AttackOdds:
    """The exact odds of an attack: DM breakdown, hit chance, Effect and damage distributions.

    Rule: ``003_c7092257a5e3046d.txt``, "Attack" (the check is 2D6 + skill + characteristic DM
    + the difficulty DM of ``attack_difficulty(weapon, band)`` + modifiers, against 8+), then
    "Damage" and "Armor" (:func:`~rules.cepheus.hit_damage`). Each modifier's rule is in the
    docstring of its function or constant in :mod:`rules.cepheus.modifiers`. Battlefield
    conditions (light, smoke, weather) only affect ranged attacks, as their section says.

    The attack is blocked (odds 0, no Effect) when the weapon cannot attack at that band, the
    target is crouched or prone in full cover, or an extreme-range shot lacks a weapon able to
    fire into Distant, skill 3+, a braced firer or sight of the target (blind firing).

    Firing into combat ("If the attack misses, roll 1D6. On a 4+, the attack hits the nearest
    other combatant"): ``stray_hit_chance`` is the chance of a miss times 3/6. Blind firing ("a
    die rolled to randomly choose which eligible target in the firing line is hit - whether
    friend or foe"): ``intended_hit_chance`` is the chance to hit divided by
    ``firing_line_targets``. Interpretation: "randomly" is read as each eligible target equally
    likely (the chapter names no die for it).

    ``variant`` (:class:`~rules.cepheus.Variant`) switches the readings: Aiming for the Kill per
    action, Full cover's DM, a prone target at Short range, the column that gives the band of a
    range in squares (the ``range_band`` of the situation is always the squares column's), the
    Effect 6+ minimum damage, a dodge in cover, grenades adding the Effect, extreme range's
    halving before or after armor and the natural 2/12 house rule.

    Raises:
        ValueError: ``situation`` is not an :class:`AttackSituation`, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> odds = attack_odds(AttackSituation(
    ...     weapon="rifle", damage_dice=3, squares=20, skill=1, characteristic_dm=1,
    ...     aim_actions=2, cover="half", target_stance="crouched"))
    >>> [(mod.label, mod.dm) for mod in odds.modifiers]  # doctest: +NORMALIZE_WHITESPACE
    [('Difficulty: Average (Medium range)', 0), ('Skill', 1), ('Dexterity DM', 1),
     ('Aiming (2 minor actions)', 2), ('Cover (1/2, 3/4 when crouched)', -2)]
    >>> odds.total_dm, odds.hit_chance
    (2, Fraction(13, 18))
    >>> into = attack_odds(AttackSituation(
    ...     weapon="pistol", damage_dice=3, band="short", skill=1, firing_into_combat=True))
    >>> into.hit_chance, into.stray_hit_chance
    (Fraction(5, 18), Fraction(13, 36))
    >>> kill = AttackSituation(weapon="rifle", damage_dice=0, band="medium", skill=2,
    ...                        aim_for_the_kill_actions=2)
    >>> attack_odds(kill).damage_bonus
    2
    >>> attack_odds(kill, variant=Variant(aim_for_the_kill_per_action=2)).damage_bonus
    4
    """
    situation = check_instance("situation", situation, AttackSituation)
    return _attack_odds(situation, _check_variant(variant))


def _band(s: AttackSituation, variant: Variant) -> RangeBand:
    """The range band under ``variant`` (a range in squares may be read by its metres)."""
    if s.squares is not None and variant.range_band_column is RangeColumn.DISTANCE:
        return range_band_metres(s.squares * SQUARE_METRES)
    return s.range_band


@functools.lru_cache(maxsize=128)
def _attack_odds(s: AttackSituation, variant: Variant = DEFAULT_VARIANT) -> AttackOdds:
    band = _band(s, variant)
    difficulty = attack_difficulty(s.weapon, band)
    blocked = _blocked(s, band, difficulty)
    rows = _modifiers(s, band, difficulty, variant)
    total = sum(row.dm for row in rows)
    dice, bonus = _damage_terms(s, variant)
    halved = s.extreme_range and (s.energy or s.laser)
    no_damage: Distribution[int] = Distribution({0: Fraction(1)})
    suppressing = s.fire_mode is m.FireMode.SUPPRESSION
    natural = variant.natural_two_twelve
    # Inside, the derived numbers (a sum of DMs, a damage bonus) are of any size: the cores.
    effect = None if blocked else _effect_distribution(total, TARGET_NUMBER, s.blind, natural)
    hit = Fraction(0) if effect is None else effect.probability(lambda e: e >= 0)
    if effect is None or suppressing:
        damage = no_damage
    else:
        damage = _damage_distribution(
            list(effect.items()),
            dice,
            bonus,
            s.armor,
            s.adds_effect or variant.grenades_add_effect,
            halved,
            variant.effect_six_minimum_damage,
            variant.extreme_range_halving_before_armor,
        )
    suppression = None
    if suppressing:
        suppression = no_damage if effect is None else effect.map(lambda e: max(e, 0))
    return AttackOdds(
        situation=s,
        band=band,
        difficulty=difficulty,
        blocked=blocked,
        modifiers=rows,
        total_dm=total,
        hit_chance=hit,
        effect=effect,
        damage=damage,
        damage_dice=dice,
        damage_bonus=bonus,
        halved=halved,
        stray_hit_chance=(1 - hit) / 2
        if s.firing_into_combat and effect is not None
        else Fraction(0),
        suppression=suppression,
        intended_hit_chance=hit / s.firing_line_targets if s.blind else hit,
        variant=variant,
    )


def _blocked(s: AttackSituation, band: RangeBand, difficulty: Difficulty | None) -> tuple[str, ...]:
    reasons: list[str] = []
    if difficulty is None:
        reasons.append(f"{s.weapon.label} weapons cannot attack at {band.label} range")
    if m.effective_cover(_claimed_cover(s), s.target_stance) is None:
        reasons.append(
            f"a {s.target_stance.value} target in full cover is impossible to hit (Cover)"
        )
    if s.extreme_range:
        if (s.skill or 0) < m.EXTREME_RANGE_MIN_SKILL:
            reasons.append("extreme range needs at least three levels of skill in the weapon")
        if not s.braced:
            reasons.append("extreme range needs a stationary firer firing from a rest")
        if s.blind:
            reasons.append("extreme range needs the firer to see the target")
    return tuple(reasons)


def _claimed_cover(s: AttackSituation) -> m.Cover:
    """The cover that counts: soft cover is negated by infra-red sensors."""
    if s.soft_cover and s.infra_red:
        return m.Cover.NONE
    return s.cover


def _modifiers(
    s: AttackSituation, band: RangeBand, difficulty: Difficulty | None, variant: Variant
) -> tuple[m.Modifier, ...]:
    rows: list[m.Modifier] = []

    def add(label: str, dm: int) -> None:
        rows.append(m.Modifier(label, dm))

    if difficulty is not None:
        add(f"Difficulty: {difficulty.label} ({band.label} range)", difficulty.dm)
    add(*_skill_row(s))
    add("Strength or Dexterity DM" if s.weapon.melee else "Dexterity DM", s.characteristic_dm)
    if s.aim_actions:
        add(_count("Aiming", s.aim_actions, "minor action"), m.aiming_dm(s.aim_actions))
    if s.laser_sight:
        add(
            "Laser Sight" + ("" if s.aim_actions else " (not aiming)"),
            m.laser_sight_dm(True, s.aim_actions),
        )
    if s.intelligent_weapon:
        add("Intelligent Weapon", m.INTELLIGENT_WEAPON_DM)
    if s.fire_mode is m.FireMode.SPRAY:
        add(f"Burst Fire (spray, {s.burst.rounds} rounds)", m.BURST_FIRE[s.burst].attack_dm)
    elif s.fire_mode is m.FireMode.PANIC:
        add("Panic Fire", m.PANIC_FIRE_DM)
    elif s.fire_mode is m.FireMode.SUPPRESSION:
        add("Suppression Fire", m.SUPPRESSION_FIRE_DM)
    if s.shotgun_spread:
        add("Shotgun Spread", m.SHOTGUN_SPREAD_DM)
    if s.extreme_range:
        add("Extreme Range", m.EXTREME_RANGE_DM)
    rows.extend(_target_rows(s, band, variant))
    if s.ranged:
        rows.extend(_condition_rows(s))
    if s.zero_g and s.recoil:
        add("Weapons with Recoil (in Zero Gravity)", m.ZERO_G_RECOIL_DM)
    if s.hastened:
        add("Acting hastily", m.HASTE_DM)
    if s.reactions_taken:
        add(
            _count("Reactions taken", s.reactions_taken, "reaction"),
            m.reactions_dm(s.reactions_taken),
        )
    if s.suppressed:
        add("Suppressed", m.SUPPRESSED_DM)
    if s.fatigued:
        add("Fatigued", m.FATIGUE_DM)
    if s.firing_into_combat:
        add("Firing into Combat", m.FIRING_INTO_COMBAT_DM)
    if s.own_evasive_effect:
        add("Evasive Action (own vehicle)", -s.own_evasive_effect)
    if s.referee_dm:
        add("Referee", s.referee_dm)
    return tuple(rows)


def _count(label: str, count: int, unit: str) -> str:
    return f"{label} ({count} {unit}{'' if count == 1 else 's'})"


def _skill_row(s: AttackSituation) -> tuple[str, int]:
    level = s.attack_skill
    if level is None:
        assert s.unskilled_dm is not None
        why = " (no Zero-G skill)" if s.zero_g and s.zero_g_skill is None else ""
        return f"Unskilled{why}", s.unskilled_dm
    if s.blind:
        return "Skill (blind firing: level 0)", level
    if s.zero_g and s.skill is not None and level < s.skill:
        return f"Skill (limited by Zero-G-{level})", level
    return "Skill", level


def _target_rows(s: AttackSituation, band: RangeBand, variant: Variant) -> list[m.Modifier]:
    rows: list[m.Modifier] = []
    claimed = _claimed_cover(s)
    if s.cover is not m.Cover.NONE and claimed is m.Cover.NONE:
        rows.append(m.Modifier(f"Cover ({s.cover.label}, soft: negated by infra-red)", 0))
    elif claimed is not m.Cover.NONE:
        better = m.effective_cover(claimed, s.target_stance)
        label = f"Cover ({claimed.label}"
        if better is not None and better is not claimed:
            label += f", {better.label} when {s.target_stance.value}"
        dm = m._cover_dm(better if better is not None else claimed, variant)
        rows.append(m.Modifier(label + ")", dm))
    if s.target_vehicle:
        rows.append(m.Modifier("Target is a vehicle", m.VEHICLE_TARGET_DM))
    if s.target_stance is m.Stance.PRONE:
        rows.append(
            m.Modifier(
                f"Target Stance (prone at {band.label} range)",
                m.target_stance_dm(s.target_stance, band, variant=variant),
            )
        )
    if s.reaction is m.Reaction.DODGE:
        sheltered = s.cover is not m.Cover.NONE or s.dodge_obstruction
        label = "Target Dodges (Reaction" + (", in cover)" if sheltered else ")")
        rows.append(m.Modifier(label, m.dodge_dm(sheltered, variant=variant)))
    elif s.reaction is m.Reaction.PARRY:
        rows.append(m.Modifier("Target Parries (Reaction)", m.parry_dm(s.parry_skill)))
    if s.target_movement_metres:
        rows.append(
            m.Modifier(
                f"Movement (target moved {_metres(s.target_movement_metres)} m)",
                m.target_movement_dm(s.target_movement_metres),
            )
        )
    if s.target_evasive_effect:
        rows.append(m.Modifier("Evasive Action (target vehicle)", -s.target_evasive_effect))
    return rows


def _metres(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _condition_rows(s: AttackSituation) -> list[m.Modifier]:
    rows: list[m.Modifier] = []
    sensors = " (sensors)" if s.sensor_targeting else ""
    if s.lighting is m.Lighting.LOW_LIGHT:
        rows.append(
            m.Modifier("Low light" + sensors, m.darkness_dm(s.lighting, s.sensor_targeting))
        )
    elif s.lighting is m.Lighting.DARKNESS:
        rows.append(
            m.Modifier("Complete darkness" + sensors, m.darkness_dm(s.lighting, s.sensor_targeting))
        )
    if s.smoke is not m.Smoke.NONE:
        label = "Smoke or Fog" if s.smoke is m.Smoke.SMOKE else "Thick smoke"
        if s.infra_red:
            label += " (infra-red)"
        elif s.laser:
            label += " (doubled for lasers)"
        rows.append(m.Modifier(label, m.smoke_dm(s.smoke, laser=s.laser, infra_red=s.infra_red)))
    if s.extreme_weather:
        visibility, interference = m.weather_dms(True, s.sensor_targeting)
        rows.append(m.Modifier("Extreme Weather (visibility)" + sensors, visibility))
        rows.append(m.Modifier("Extreme Weather (interference)", interference))
    return rows


def _damage_terms(s: AttackSituation, variant: Variant = DEFAULT_VARIANT) -> tuple[int, int]:
    """(dice, fixed bonus) of damage on a hit."""
    dice, bonus = s.damage_dice, s.damage_modifier
    if s.shotgun_spread:
        dice, bonus = m.SHOTGUN_SPREAD_DAMAGE_DICE, 0
    if s.fire_mode in (m.FireMode.GROUPED, m.FireMode.PANIC):
        row = m.BURST_FIRE[s.burst]
        dice += row.extra_dice
        bonus += row.extra_points
    return dice, bonus + m.aim_for_the_kill_bonus(s.aim_for_the_kill_actions, variant=variant)


@output_record
@dataclass(frozen=True, slots=True)
class AttackRoll:
    """One rolled attack, with a step-by-step log."""

    odds: AttackOdds
    """The exact odds of the same attack (its DM breakdown is the one used)."""
    check: CheckRoll | None
    """The attack roll (``None`` when the attack was blocked)."""
    hit: bool
    """True if the attack hit."""
    damage_rolls: tuple[int, ...]
    """The damage dice rolled on a hit."""
    damage: int
    """Damage after armor (0 on a miss or for suppression fire)."""
    stray_hit: bool
    """Firing into combat: the miss hit the nearest other combatant."""
    initiative_penalty: int
    """Suppression fire: the Initiative penalty on the target (its Effect on a success)."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""
    firing_line_target: int | None = None
    """Blind firing at several eligible targets: which one a hit struck, chosen at random
    (1 is the intended target; ``None`` otherwise)."""


def roll_attack(
    situation: AttackSituation, rng: random.Random, *, variant: Variant = DEFAULT_VARIANT
) -> AttackRoll:
    """Roll one attack with ``rng``: the check, then damage, with a step-by-step log.

    Rule: as :func:`attack_odds`; a missed shot into combat rolls 1D6 and hits the nearest other
    combatant on 4+ ("Firing into Combat"); a missed thrown weapon scatters (6 + Effect) metres
    ("Thrown Weapons"); a blind hit strikes one of the ``firing_line_targets`` at random
    ("Blind Firing"). Dice come from ``rng.randint(1, 6)``: the attack dice first, then the
    damage dice (or the 1D6 for a stray shot), then, for a blind hit with several eligible
    targets, ``rng.randint(1, firing_line_targets)`` for the one struck. ``variant`` as
    :func:`attack_odds`.

    Raises:
        ValueError: ``situation`` is not an :class:`AttackSituation`, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> attack = AttackSituation(weapon="pistol", damage_dice=3, band="short", skill=1, armor=4)
    >>> result = roll_attack(attack, random.Random(3))
    >>> print("\\n".join(result.log))
    Pistol at Short range: Average
      Difficulty: Average (Short range) +0
      Skill +1
      Dexterity DM +0
    Total DM +1; hit chance 7/12
    Attack roll 2D6: 2 + 5 = 7, +1 = 8 vs 8+: hit, Effect 0
    Damage 3D6: 5 + 2 + 3 = 10, + Effect 0 = 10, - armor 4 = 6
    >>> result.damage
    6
    """
    odds = attack_odds(situation, variant=variant)
    variant = odds.variant
    check_rng(rng)
    s = situation
    difficulty = "no attack" if odds.difficulty is None else odds.difficulty.label
    extreme = " (extreme range)" if s.extreme_range else ""
    log = [f"{s.weapon.label} at {odds.band.label} range{extreme}: {difficulty}"]
    if odds.blocked:
        log.extend(f"Blocked: {reason}" for reason in odds.blocked)
        return AttackRoll(odds, None, False, (), 0, False, 0, tuple(log))
    log.extend(f"  {row.label} {row.dm:+d}" for row in odds.modifiers)
    log.append(f"Total DM {odds.total_dm:+d}; hit chance {odds.hit_chance}")
    check = _roll_check(odds.total_dm, rng, TARGET_NUMBER, s.blind, variant.natural_two_twelve)
    log.append(_check_line(check))
    if not check.success:
        return _miss(odds, check, rng, log)
    if s.fire_mode is m.FireMode.SUPPRESSION:
        log.append(
            f"Suppressed: the target's next action is delayed, Initiative -{check.effect}; "
            "DM -1 to its skill checks this round and next"
        )
        return AttackRoll(odds, check, True, (), 0, False, check.effect, tuple(log))
    rolls = roll_d6(rng, odds.damage_dice)
    damage = _hit_damage(
        sum(rolls) + odds.damage_bonus,
        check.effect,
        s.armor,
        s.adds_effect or variant.grenades_add_effect,
        odds.halved,
        variant.effect_six_minimum_damage,
        variant.extreme_range_halving_before_armor,
    )
    log.append(_damage_line(odds, rolls, check.effect, damage))
    chosen = None
    if s.blind and s.firing_line_targets > 1:
        count = s.firing_line_targets
        chosen = rng.randint(1, count)
        who = "the intended target" if chosen == 1 else "not the intended target"
        log.append(
            f"Blind firing: target chosen at random among the {count} eligible in the firing "
            f"line (1 = the intended one): {chosen}, {who}"
        )
    elif s.blind:
        log.append(
            "Blind firing: roll a die to choose which eligible target in the firing line is hit"
        )
    return AttackRoll(odds, check, True, rolls, damage, False, 0, tuple(log), chosen)


def _check_line(check: CheckRoll) -> str:
    if len(check.thrown) == 3:
        dice = f"3D6 (blind, highest dropped): {', '.join(map(str, check.thrown))} -> "
    else:
        dice = "2D6: "
    kept = f"{check.kept[0]} + {check.kept[1]} = {sum(check.kept)}"
    result = "hit" if check.success else "miss"
    natural = _natural_note(check)
    return (
        f"Attack roll {dice}{kept}, {check.dm:+d} = {check.total} vs {TARGET_NUMBER}+: "
        f"{result}{natural}, Effect {check.effect}"
    )


def _miss(odds: AttackOdds, check: CheckRoll, rng: random.Random, log: list[str]) -> AttackRoll:
    s = odds.situation
    stray = False
    if s.firing_into_combat:
        (die,) = roll_d6(rng, 1)
        stray = die >= 4
        outcome = "hits the nearest other combatant" if stray else "hits no one"
        log.append(f"Firing into combat: 1D6 = {die} (4+ strays): the shot {outcome}")
    if s.weapon is WeaponType.THROWN:
        log.append(
            f"Thrown weapon missed: it scatters {max(0, 6 + check.effect)} m "
            "(6 + Effect) in a random direction"
        )
    return AttackRoll(odds, check, False, (), 0, stray, 0, tuple(log))


def _damage_line(odds: AttackOdds, rolls: tuple[int, ...], effect: int, damage: int) -> str:
    s = odds.situation
    text = f"Damage {len(rolls)}D6: " + (" + ".join(map(str, rolls)) or "0")
    running = sum(rolls)
    if len(rolls) > 1:
        text += f" = {running}"
    if odds.damage_bonus:
        running += odds.damage_bonus
        text += f", {odds.damage_bonus:+d} = {running}"
    if s.adds_effect or odds.variant.grenades_add_effect:
        running += effect
        text += f", + Effect {effect} = {running}"
    before = odds.variant.extreme_range_halving_before_armor
    if odds.halved and before:
        running = -(-running // 2)
        text += f", halved (energy weapon at extreme range) = {running}"
    if s.armor:
        text += f", - armor {s.armor} = {max(0, running - s.armor)}"
    running = max(0, running - s.armor)
    if odds.halved and not before:
        running = -(-running // 2)
        text += f", halved after armor (energy weapon at extreme range) = {running}"
    if damage != running:
        text += f"; Effect 6+ inflicts at least 1: {damage}"
    return text
