"""Damage of a beam: damage potential by range and modifiers, then damage from the accuracy.

Source: ``000_3948ba1900819cb7.txt``, sections "Damage Potential", "Not Reduced by Range",
"Reduced by Range", "Equal Min-Max Damage", "Different Min-Max Damage", "Hv, PD, HEF &
Ordnance", and "Beam ship weapons" ("Damage is halved against planets").

The steps of one shot, in order:

1. damage potential: base min and max damage times one additive percentage (100 + Hv/PD + HEF +
   Ordnance - dissipation), rounded, at least 1 (:func:`damage_potential`);
2. to hit (:mod:`rules.moo2.accuracy`); a miss does 0;
3. a hit by [1] or [2] does max damage; a hit by [3] does
   ``min + (max - min + 1) * A // B``, capped at max (:func:`damage_from_accuracy`);
4. against a planet the damage is halved (rounded down);
5. the target's shield takes its per-hit reduction off, down to 0.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import TypedDict, Unpack

from rules.dice import Distribution
from rules.moo2._checks import check_bool, check_damage_range, round_half_up
from rules.moo2.accuracy import D100, HIT_THRESHOLD_CAP, Formula, HitRule, _Aim, _aim
from rules.moo2.mounts import MOUNT_DAMAGE_BONUS, Mount
from rules.moo2.ranges import dissipation_penalty
from rules.moo2.variant import _AS_WRITTEN, PlanetHalving, Variant, _check_variant
from rules.validation import InvalidInput, check_choice, check_int, names

__all__ = [
    "BASE_DAMAGE_PERCENT",
    "MINIMUM_DAMAGE_POTENTIAL",
    "PLANET_DAMAGE_DIVISOR",
    "BeamShot",
    "Platform",
    "ShotOptions",
    "damage_distribution",
    "damage_from_accuracy",
    "damage_percentage",
    "damage_potential",
    "mean_damage",
    "shot_damage",
]

BASE_DAMAGE_PERCENT = 100
"""The ``100 {base}`` of the damage percentage (``000_3948ba1900819cb7.txt``, "Hv, PD, HEF &
Ordnance")."""

MINIMUM_DAMAGE_POTENTIAL = 1
""""The minimum damage potential is always 1" (``000_3948ba1900819cb7.txt``, "Reduced by
Range"); the PD examples confirm it for max damage too ("actual min and max damage will be 1")."""

PLANET_DAMAGE_DIVISOR = 2
""""Damage is halved against planets" (``000_3948ba1900819cb7.txt``, "Beam ship weapons")."""


class Platform(enum.StrEnum):
    """What fires the weapon; it decides how the damage percentage is rounded.

    Source: ``000_3948ba1900819cb7.txt``, "Hv, PD, HEF & Ordnance": "Ordnance works best for
    (regular) ship beams, since they benefit from rounding up".
    """

    SHIP_BEAM = "ship_beam"
    """A ship's beam weapon: the damage potential is rounded to the nearest integer, halves up."""
    FIGHTER_BEAM = "fighter_beam"
    """A fighter's beam: the damage potential is rounded down."""
    MISSILE = "missile"
    """A missile: the damage potential is rounded down (not a beam: no beam shot functions)."""


_BEAM_PLATFORMS = (Platform.SHIP_BEAM, Platform.FIGHTER_BEAM)


def _check_percent(name: str, value: object) -> int:
    return check_int(name, value, 0)


def damage_percentage(
    squares: int,
    *,
    mount: Mount | str = Mount.NORMAL,
    reduced_by_range: bool = True,
    hef: int = 0,
    ordnance: int = 0,
    double_dissipation: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> int:
    """The percentage of base damage a beam does: 100 + Hv/PD + HEF + Ordnance - dissipation.

    Rule: ``000_3948ba1900819cb7.txt``, "Hv, PD, HEF & Ordnance": "Their interaction is not
    multiplicative but additive and they work the same way as dissipation range penalty";
    "Reduced by Range" for the dissipation, which only weapons reduced by range suffer (an NR
    mod switches it off). The result may be 0 or negative; :func:`damage_potential` then
    applies the minimum of 1.

    Raises:
        ValueError: for an unknown mount, squares outside the mount's range (a ``variant``
            may clamp them, :func:`rules.moo2.check_squares`), negative or non-integer
            ``hef``/``ordnance`` (percent), non-bool flags, or a ``variant`` that is not a
            :class:`~rules.moo2.Variant`.

    The five examples of "Hv, PD, HEF & Ordnance" (dissipation 30: Hv at 22-27 squares, PD at
    4-6 squares):

    >>> damage_percentage(24, mount="heavy"), damage_percentage(24, mount="heavy", hef=50)
    (120, 170)
    >>> damage_percentage(5, mount="point_defense")
    20
    >>> damage_percentage(5, mount="point_defense", double_dissipation=True)
    -10
    >>> damage_percentage(5, mount="point_defense", hef=50, double_dissipation=True)
    40
    """
    chosen = check_choice("mount", mount, Mount)
    dissipation = dissipation_penalty(
        squares, chosen, double_dissipation=double_dissipation, variant=variant
    )
    if not check_bool("reduced_by_range", reduced_by_range):
        dissipation = 0
    return (
        BASE_DAMAGE_PERCENT
        + MOUNT_DAMAGE_BONUS[chosen]
        + _check_percent("hef", hef)
        + _check_percent("ordnance", ordnance)
        - dissipation
    )


def _apply_percentage(damage: int, percentage: int, platform: Platform) -> int:
    numerator = damage * percentage
    if platform is Platform.SHIP_BEAM:
        value = round_half_up(numerator, BASE_DAMAGE_PERCENT)
    else:
        value = numerator // BASE_DAMAGE_PERCENT
    return max(MINIMUM_DAMAGE_POTENTIAL, value)


def damage_potential(
    min_damage: int,
    max_damage: int,
    squares: int,
    *,
    mount: Mount | str = Mount.NORMAL,
    reduced_by_range: bool = True,
    hef: int = 0,
    ordnance: int = 0,
    double_dissipation: bool = False,
    platform: Platform | str = Platform.SHIP_BEAM,
    variant: Variant = _AS_WRITTEN,
) -> tuple[int, int]:
    """The (min, max) damage potential of a beam at ``squares``: base damage times the percentage.

    Rule: ``000_3948ba1900819cb7.txt``, "Reduced by Range" ("round to nearest applies and the
    minimum damage potential is always 1") and "Hv, PD, HEF & Ordnance" (one additive
    percentage of the regular mount's damage, see :func:`damage_percentage`).

    Interpretation: "round to nearest" rounds halves up: the table's Phasor 4.5 -> 5 and 2.5 -> 3,
    the Death Ray's 17.5 -> 18 and the 10-40 Laser's 3.5 -> 4 all need it. "Ordnance works best
    for (regular) ship beams, since they benefit from rounding up, so a 10% Ordnance bonus for a 5
    damage ship beam will mean +1, while for a 5-9 damage fighter beam or missile it will still be
    +0": ship beams round the one percentage to nearest (5 * 110% = 5.5 -> 6), fighter beams and
    missiles round it down. It is not a ceiling: with a ceiling, 1-4 damage ship beams would gain
    +1 too and the source would have said 1-9, not 5-9. The source gives the base damage of every
    weapon as at least 1, so ``min_damage`` must be at least 1.

    Raises:
        ValueError: if ``min_damage`` < 1 or ``max_damage`` < ``min_damage``, and as
            :func:`damage_percentage`; for an unknown platform.

    The Death Ray at 23 and 11 squares, and the Hv and PD examples of the source:

    >>> damage_potential(50, 100, 23), damage_potential(50, 100, 11)
    ((18, 35), (35, 70))
    >>> damage_potential(50, 100, 24, mount="heavy", hef=50)
    (85, 170)
    >>> damage_potential(50, 100, 5, mount="point_defense", double_dissipation=True)
    (1, 1)
    >>> damage_potential(5, 5, 0, ordnance=10), damage_potential(5, 9, 0, ordnance=10,
    ...     platform="fighter_beam")
    ((6, 6), (5, 9))
    """
    low, high = check_damage_range(min_damage, max_damage)
    percentage = damage_percentage(
        squares,
        mount=mount,
        reduced_by_range=reduced_by_range,
        hef=hef,
        ordnance=ordnance,
        double_dissipation=double_dissipation,
        variant=variant,
    )
    chosen = check_choice("platform", platform, Platform)
    return _apply_percentage(low, percentage, chosen), _apply_percentage(high, percentage, chosen)


def _from_accuracy(low: int, high: int, roll_plus_attack: int, threshold: int) -> int:
    a = roll_plus_attack - threshold
    b = D100 - threshold
    return min(low + (high - low + 1) * a // b, high)


def damage_from_accuracy(
    min_damage: int, max_damage: int, roll_plus_attack: int, hit_threshold: int
) -> int:
    """Damage of a [3] hit from its accuracy: ``min + (max - min + 1) * A / B``, capped at max.

    Rule: ``000_3948ba1900819cb7.txt``, "Different Min-Max Damage": ``A = roll_plus_attack -
    hit_threshold``, ``B = 100 - hit_threshold``, ``roll_plus_attack = min(roll + BA+CO-AF-BD;
    100)``; "The overall result is capped at max_dmg". ``min_damage`` and ``max_damage`` are the
    damage potential (after dissipation and modifiers). With min = max this is always min
    ("Equal Min-Max Damage").

    Interpretation: ``A / B`` is integer division rounded down (the game's integer arithmetic);
    then ``A = B`` (roll_plus_attack 100) gives max + 1, which is why the cap exists, and each
    damage value gets an equal share of the accuracy range.

    Raises:
        ValueError: if ``min_damage`` < 1, ``max_damage`` < ``min_damage``, ``hit_threshold``
            > 95, or ``roll_plus_attack`` is outside ``hit_threshold..100`` (a miss).

    The Death Ray examples: 23 squares (A = 0, B = 5) and 11 squares (A = 25, B = 30):

    >>> damage_from_accuracy(18, 35, 95, 95), damage_from_accuracy(35, 70, 95, 70)
    (18, 65)
    """
    low, high = check_damage_range(min_damage, max_damage)
    threshold = check_int("hit_threshold", hit_threshold, None, HIT_THRESHOLD_CAP)
    try:
        accuracy = check_int("roll_plus_attack", roll_plus_attack, threshold, D100)
    except InvalidInput as error:
        allowed = f"an integer in hit_threshold ({threshold})..{D100} (a hit)"
        raise type(error)("roll_plus_attack", allowed, roll_plus_attack) from None
    return _from_accuracy(low, high, accuracy, threshold)


class ShotOptions(TypedDict, total=False):
    """The keyword options of a beam shot, for the functions that build a :class:`BeamShot`.

    :func:`shot_damage`, :func:`damage_distribution`, :func:`mean_damage` and
    :func:`rules.moo2.range_table` take these as ``**options`` and pass them to
    :class:`BeamShot`, whose fields (same names, types and defaults) document them; an option
    left out takes the field's default.
    """

    mount: Mount | str
    formula: Formula | str
    reduced_by_range: bool
    double_penalty: bool
    double_dissipation: bool
    hef: int
    ordnance: int
    platform: Platform | str
    shield: int
    planet: bool
    always_hit: bool
    variant: Variant


@dataclasses.dataclass(frozen=True, slots=True)
class BeamShot:
    """One beam shot, every input in one record: its chance to hit and the damage it does.

    The one entry point of a beam shot: :func:`shot_damage`, :func:`damage_distribution`,
    :func:`mean_damage` and :func:`rules.moo2.range_table` build one from their arguments
    (their keyword options are its keyword-only fields, :class:`ShotOptions`).
    ``BeamShot(min_damage, max_damage, attack, defense, squares, **options)`` (``attack`` is
    BA+CO-AF, ``defense`` BD) checks every input once, on construction, naming the field, and
    answers with methods: :meth:`hit_probability`, :meth:`hit_rule`,
    :meth:`hit_threshold`, :meth:`range_penalty`, :meth:`damage_percentage`,
    :meth:`damage_potential`, :meth:`damage` (one roll), :meth:`damage_distribution` and
    :meth:`mean_damage`; :meth:`at` gives the same shot at another range. Enum options accept
    their values (``mount="heavy"``) and are stored as members.

    Rule: ``000_3948ba1900819cb7.txt``, as :func:`shot_damage` (which, with
    :func:`damage_distribution` and :func:`mean_damage`, builds one of these).

    Raises:
        ValueError: as :func:`shot_damage` (any input out of its domain, or the 'missile'
            platform), naming the field.

    The source's Death Ray example (BA+CO-AF-BD = 10, roll 85) at 23 and 11 squares:

    >>> shot = BeamShot(50, 100, 10, 0, 23)
    >>> shot.hit_probability(), shot.damage_potential(), shot.damage(85)
    (Fraction(4, 25), (18, 35), 18)
    >>> shot.at(11).damage(85), shot.mean_damage()
    (65, Fraction(509, 100))
    >>> BeamShot(100, 100, 0, 0, 23, always_hit=True).damage_distribution() == {35: 1}
    True

    Under the 1.50 simplified formula (a :class:`~rules.moo2.Variant`) the 23-square shot hits
    only on 96-100:

    >>> from rules.moo2 import Variant
    >>> BeamShot(50, 100, 10, 0, 23, variant=Variant(formula="simplified")).hit_probability()
    Fraction(1, 20)
    >>> BeamShot(1, 4, 0, 0, 25)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: squares must be an integer in 0..24 for a normal mount, got 25
    """

    min_damage: int
    """Base damage, min (>= 1)."""
    max_damage: int
    """Base damage, max (>= ``min_damage``)."""
    attack: int
    """BA+CO-AF: Beam Attack with the weapon's Co/AF mods, without the PD +25."""
    defense: int
    """The target's Beam Defense."""
    squares: int
    """Distance to the target, 0 to the mount's longest range."""
    _: dataclasses.KW_ONLY
    mount: Mount | str = Mount.NORMAL
    """The weapon's mount (a :class:`Mount` or its value; stored as the member)."""
    formula: Formula | str = Formula.CLASSIC
    """The chance-to-hit formula in force (a :class:`Formula` or its value; stored as the
    member)."""
    reduced_by_range: bool = True
    """Whether the damage dissipates with range (False for NR and Mass Driver, Gauss...)."""
    double_penalty: bool = False
    """The inherent 2x range to-hit penalty (see :func:`has_inherent_double_penalty`)."""
    double_dissipation: bool = False
    """Apply the 2x to dissipation as well."""
    hef: int = 0
    """HEF damage bonus, percent."""
    ordnance: int = 0
    """Ordnance damage bonus, percent."""
    platform: Platform | str = Platform.SHIP_BEAM
    """Ship beam or fighter beam (rounding of the damage percentage; a :class:`Platform` or its
    value, stored as the member)."""
    shield: int = 0
    """The target's per-hit damage reduction (:data:`SHIELD_REDUCTION`)."""
    planet: bool = False
    """The target is a planet: damage halved."""
    always_hit: bool = False
    """The weapon always hits (Mauler Device, Energy Absorber, Stellar Converter)."""
    variant: Variant = _AS_WRITTEN
    """The rule set in force (:class:`~rules.moo2.Variant`): its ``formula``,
    ``pd_bonus_in_sure_hit`` and ``beyond_table`` apply to the shot. With ``formula`` the
    shot's own ``formula`` combines as in :func:`rules.moo2.formula_in_force` ('simplified'
    either way wins); the stored ``variant`` carries the formula in force, so
    ``shot.variant.formula == shot.formula``, and the stored ``squares`` is the distance given
    (a clamping variant reads the table at the last column)."""
    _aim: _Aim = dataclasses.field(init=False, repr=False, compare=False)
    _potential: tuple[int, int] = dataclasses.field(init=False, repr=False, compare=False)
    _percentage: int = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        platform = check_choice("platform", self.platform, Platform)
        if platform not in _BEAM_PLATFORMS:
            raise InvalidInput(
                "platform", f"one of {names(_BEAM_PLATFORMS)} for a beam shot", self.platform
            )
        low, high = check_damage_range(self.min_damage, self.max_damage)
        rules = _check_variant(self.variant)
        percentage = damage_percentage(
            self.squares,
            mount=self.mount,
            reduced_by_range=self.reduced_by_range,
            hef=self.hef,
            ordnance=self.ordnance,
            double_dissipation=self.double_dissipation,
            variant=rules,
        )
        aim = _aim(
            self.attack,
            self.defense,
            self.squares,
            self.mount,
            self.formula,
            self.double_penalty,
            self.always_hit,
            rules,
        )
        put("planet", check_bool("planet", self.planet))
        put("shield", check_int("shield", self.shield, 0))
        put("platform", platform)
        put("min_damage", low)
        put("max_damage", high)
        put("attack", check_int("attack", self.attack))
        put("defense", check_int("defense", self.defense))
        put("squares", check_int("squares", self.squares))
        put("mount", check_choice("mount", self.mount, Mount))
        put("formula", aim.formula)
        put("variant", dataclasses.replace(rules, formula=aim.formula))
        put("reduced_by_range", check_bool("reduced_by_range", self.reduced_by_range))
        put("double_penalty", check_bool("double_penalty", self.double_penalty))
        put("double_dissipation", check_bool("double_dissipation", self.double_dissipation))
        put("hef", check_int("hef", self.hef))
        put("ordnance", check_int("ordnance", self.ordnance))
        put("always_hit", aim.always_hit)
        put("_aim", aim)
        put("_percentage", percentage)
        put(
            "_potential",
            (
                _apply_percentage(low, percentage, platform),
                _apply_percentage(high, percentage, platform),
            ),
        )

    def at(self, squares: int) -> BeamShot:
        """The same shot at ``squares`` (checked against the mount's range).

        >>> BeamShot(50, 100, 10, 0, 23).at(11).damage_potential()
        (35, 70)
        """
        return dataclasses.replace(self, squares=squares)

    def hit_threshold(self) -> int:
        """The classic, capped ``hit_threshold`` (see :func:`rules.moo2.hit_threshold`)."""
        return self._aim.threshold

    def range_penalty(self) -> int:
        """The to-hit range penalty, doubled for ``double_penalty`` (:func:`range_penalty`)."""
        return self._aim.penalty

    def hit_rule(self, roll: int) -> HitRule | None:
        """Which rule makes this d100 ``roll`` hit, or None (:func:`rules.moo2.hit_rule`).

        Raises:
            ValueError: ``roll`` is not an integer in 1..100.
        """
        return self._aim.rule(check_int("roll", roll, 1, D100))

    def hit_probability(self) -> Fraction:
        """The exact chance to hit (:func:`rules.moo2.hit_probability`)."""
        return Fraction(self._aim.hits(), D100)

    def damage_percentage(self) -> int:
        """The percentage of base damage (:func:`damage_percentage`)."""
        return self._percentage

    def damage_potential(self) -> tuple[int, int]:
        """The (min, max) damage potential at this range (:func:`damage_potential`)."""
        return self._potential

    def damage(self, roll: int) -> int:
        """The damage of this shot for a d100 ``roll``, 0 on a miss (:func:`shot_damage`).

        Raises:
            ValueError: ``roll`` is not an integer in 1..100.
        """
        return self._damage(check_int("roll", roll, 1, D100))

    def _damage(self, roll: int) -> int:
        rule = self._aim.rule(roll)
        if rule is None:
            return 0
        low, high = self._potential
        if rule in (HitRule.ROLL_OVER_95, HitRule.ATTACK_99):
            damage = high
        else:
            threshold = self._aim.threshold
            accuracy = max(min(roll + self._aim.margin, D100), threshold)
            damage = _from_accuracy(low, high, accuracy, threshold)
        if not self.planet:
            return max(0, damage - self.shield)
        if self.variant.planet_halving is PlanetHalving.AFTER_SHIELD:
            return max(0, damage - self.shield) // PLANET_DAMAGE_DIVISOR
        return max(0, damage // PLANET_DAMAGE_DIVISOR - self.shield)

    def damage_distribution(self) -> Distribution[int]:
        """The exact distribution of the damage (:func:`damage_distribution`)."""
        counts = Counter(self._damage(roll) for roll in range(1, D100 + 1))
        return Distribution._exact({k: Fraction(v, D100) for k, v in counts.items()})

    def mean_damage(self) -> Fraction:
        """The exact mean damage, misses counted as 0 (:func:`mean_damage`)."""
        return Fraction(sum(self._damage(roll) for roll in range(1, D100 + 1)), D100)


def _takes_shot_options[F: Callable[..., object]](function: F) -> F:
    """Give ``function``, written ``(..., **options: Unpack[ShotOptions])``, its signature in
    effect: its own leading parameters, then :class:`BeamShot`'s keyword-only fields with their
    defaults (so ``help()`` and :func:`inspect.signature` show every keyword, as before)."""
    own = inspect.signature(function)
    leading = [p for p in own.parameters.values() if p.kind is not p.VAR_KEYWORD]
    fields = inspect.signature(BeamShot).parameters.values()
    keywords = [p for p in fields if p.kind is p.KEYWORD_ONLY]
    function.__dict__["__signature__"] = own.replace(parameters=[*leading, *keywords])
    return function


@_takes_shot_options
def shot_damage(
    min_damage: int,
    max_damage: int,
    attack: int,
    defense: int,
    squares: int,
    roll: int,
    **options: Unpack[ShotOptions],
) -> int:
    """The damage one beam shot does for a given d100 ``roll`` (0 on a miss).

    Rule: ``000_3948ba1900819cb7.txt``: the damage potential ("Reduced by Range", "Hv, PD, HEF &
    Ordnance"), the chance to hit ("Classic Chance to Hit Formula" or "1.50 Alternative"), max
    damage on a hit by [1] or [2], else the accuracy formula of "Different Min-Max Damage";
    "Damage is halved against planets" ("Beam ship weapons"). ``attack`` is BA+CO-AF, ``defense``
    BD; the keyword ``options`` are those of :class:`BeamShot` (:class:`ShotOptions`: ``mount``,
    ``formula``, ``shield``, ...), with its defaults. ``shield`` is the target's per-hit
    reduction (see :data:`rules.moo2.SHIELD_REDUCTION`). It is ``BeamShot(...).damage(roll)``.

    Interpretation: under the simplified formula the damage still uses the classic, capped
    ``hit_threshold`` and ``roll_plus_attack = min(roll + BA+CO-AF-BD, 100)``: the source gives
    one damage formula and changes only the hit test. An always-hit weapon's shot that fails
    [1]-[3] still takes its damage from the accuracy formula, with a negative A taken as 0 (so
    min damage when the roll would miss under the classic formula). Against a planet the damage
    is halved and rounded down, then the shield takes off its reduction, never below 0
    (switchable: ``variant.planet_halving``, :class:`~rules.moo2.Variant`).

    Raises:
        ValueError: as :class:`BeamShot` (:func:`damage_potential`,
            :func:`rules.moo2.hit_rule`; a negative shield, the 'missile' platform, a
            ``variant`` that is not a :class:`~rules.moo2.Variant`); for a roll outside 1..100.

    The Death Ray examples: 23 and 11 squares, roll 85, BA+CO-AF-BD = 10:

    >>> shot_damage(50, 100, 10, 0, 23, 85), shot_damage(50, 100, 10, 0, 11, 85)
    (18, 65)
    >>> shot_damage(50, 100, 10, 0, 11, 85, planet=True, shield=5)
    27
    """
    return BeamShot(min_damage, max_damage, attack, defense, squares, **options).damage(roll)


@_takes_shot_options
def damage_distribution(
    min_damage: int,
    max_damage: int,
    attack: int,
    defense: int,
    squares: int,
    **options: Unpack[ShotOptions],
) -> Distribution[int]:
    """The exact distribution of one beam shot's damage: damage -> probability (0 = no damage).

    Rule: as :func:`shot_damage`, over the 100 equally likely d100 rolls
    (``000_3948ba1900819cb7.txt``, "Classic Chance to Hit Formula", "Different Min-Max Damage").
    The keyword ``options`` are those of :class:`BeamShot`; it is
    ``BeamShot(...).damage_distribution()``.

    Raises:
        ValueError: as :class:`BeamShot`.

    The Mauler Device (100-100, always hits) at 23 squares does 35, as in the source's table;
    a 1-4 Laser at 0 squares with no attack margin:

    >>> damage_distribution(100, 100, 0, 0, 23, always_hit=True) == {35: 1}
    True
    >>> damage_distribution(1, 4, 0, 0, 0) == {0: Fraction(39, 100), 1: Fraction(15, 100),
    ...     2: Fraction(15, 100), 3: Fraction(15, 100), 4: Fraction(16, 100)}
    True
    """
    return BeamShot(
        min_damage, max_damage, attack, defense, squares, **options
    ).damage_distribution()


@_takes_shot_options
def mean_damage(
    min_damage: int,
    max_damage: int,
    attack: int,
    defense: int,
    squares: int,
    **options: Unpack[ShotOptions],
) -> Fraction:
    """The exact mean damage of one beam shot, misses counted as 0.

    Rule: the mean of :func:`damage_distribution` (``000_3948ba1900819cb7.txt``, "Different
    Min-Max Damage"). The keyword ``options`` are those of :class:`BeamShot`; it is
    ``BeamShot(...).mean_damage()``.

    Raises:
        ValueError: as :class:`BeamShot`.

    The Death Ray example's shot (BA+CO-AF-BD = 10) at 23 squares:

    >>> mean_damage(50, 100, 10, 0, 23)
    Fraction(509, 100)
    """
    return BeamShot(min_damage, max_damage, attack, defense, squares, **options).mean_damage()
