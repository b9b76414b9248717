"""Chance to hit of a beam: the classic formula and the 1.50 ``simplified_beam_formula``.

Source: ``000_3948ba1900819cb7.txt``, sections "Classic Chance to Hit Formula" and "1.50
Alternative Chance to Hit Formula (Optional)".

``attack`` is always BA+CO-AF (Beam Attack with the weapon's Co/AF mods, without the Point
Defense +25, which these functions add as ``PD_bonus``) and ``defense`` is the target's BD. Both
may be any integers: the source gives no bounds, and negative values occur (AF, bad crews).
Probabilities are exact: one d100 roll, 1 to 100, each roll equally likely.
"""

from __future__ import annotations

import dataclasses
import enum
from fractions import Fraction

from rules.moo2._checks import check_bool
from rules.moo2.mounts import MOUNT_BEAM_ATTACK_BONUS, Mount
from rules.moo2.ranges import range_penalty
from rules.moo2.variant import _AS_WRITTEN, Formula, Variant, _check_variant
from rules.validation import check_choice, check_int

__all__ = [
    "BASE_HIT_THRESHOLD",
    "D100",
    "HIT_THRESHOLD_CAP",
    "LUCKY_ROLL",
    "SURE_HIT_ATTACK",
    "Formula",
    "HitRule",
    "formula_in_force",
    "hit_probability",
    "hit_rule",
    "hit_threshold",
]

D100 = 100
"""The roll: "A random number between 1 and 100 (inclusive)" (``000_3948ba1900819cb7.txt``,
"Classic Chance to Hit Formula")."""

LUCKY_ROLL = 95
"""Rule [1] of both formulas: a roll *greater than* 95 always hits, with max damage."""

SURE_HIT_ATTACK = 99
"""Rule [2] of both formulas: an attack margin of 99 or more always hits, with max damage."""

BASE_HIT_THRESHOLD = 40
"""The 40 in ``hit_threshold = min(40 + range_penalty - PD_bonus; 95)`` and in rule [3] of the
simplified formula (``000_3948ba1900819cb7.txt``)."""

HIT_THRESHOLD_CAP = 95
"""The cap of the classic ``hit_threshold`` ("Formula 3 contains a cap of 95",
``000_3948ba1900819cb7.txt``, "1.50 Alternative Chance to Hit Formula")."""


class HitRule(enum.StrEnum):
    """Which rule of the chance-to-hit formula made a shot hit."""

    ROLL_OVER_95 = "roll_over_95"
    """[1] the roll is above 95: a hit "with max dmg"."""
    ATTACK_99 = "attack_99"
    """[2] the attack margin is 99 or more: a hit "with max dmg"."""
    ROLL_PLUS_ATTACK = "roll_plus_attack"
    """[3] roll plus attack reaches the threshold: damage depends on the accuracy of the shot."""
    ALWAYS_HITS = "always_hits"
    """None of [1]-[3], but the weapon always hits (Mauler Device, Energy Absorber, Stellar
    Converter); damage from the accuracy formula, a negative A counted as 0."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Aim:
    """The validated integers that decide every roll of one beam shot."""

    margin: int
    """BA+CO-AF-BD."""
    penalty: int
    """The range penalty, already doubled for the inherent 2x penalty."""
    bonus: int
    """PD_bonus: 25 for a Point Defense mount, else 0."""
    threshold: int
    """The classic hit_threshold, capped at 95."""
    formula: Formula
    always_hit: bool
    pd_in_sure_hit: bool
    """The variant's ``pd_bonus_in_sure_hit``: the PD bonus counts in the classic [2]."""

    def sure_margin(self) -> int:
        """The margin the classic rule [2] compares with 99."""
        return self.margin + (self.bonus if self.pd_in_sure_hit else 0)

    def rule(self, roll: int) -> HitRule | None:
        """The rule that makes ``roll`` a hit, or ``None`` for a miss."""
        if roll > LUCKY_ROLL:
            return HitRule.ROLL_OVER_95
        if self.formula is Formula.CLASSIC:
            if self.sure_margin() >= SURE_HIT_ATTACK:
                return HitRule.ATTACK_99
            if self.margin + roll >= self.threshold:
                return HitRule.ROLL_PLUS_ATTACK
        else:
            net = self.margin - self.penalty + self.bonus
            if net >= SURE_HIT_ATTACK:
                return HitRule.ATTACK_99
            if net + roll >= BASE_HIT_THRESHOLD:
                return HitRule.ROLL_PLUS_ATTACK
        return HitRule.ALWAYS_HITS if self.always_hit else None

    def hits(self) -> int:
        """How many of the 100 rolls hit (closed form of counting :meth:`rule`)."""
        if self.always_hit:
            return D100
        if self.formula is Formula.CLASSIC:
            if self.sure_margin() >= SURE_HIT_ATTACK:
                return D100
            lowest = self.threshold - self.margin
        else:
            net = self.margin - self.penalty + self.bonus
            if net >= SURE_HIT_ATTACK:
                return D100
            lowest = BASE_HIT_THRESHOLD - net
        lucky = D100 - LUCKY_ROLL
        return lucky + max(0, LUCKY_ROLL - max(1, lowest) + 1)


def _threshold(penalty: int, bonus: int) -> int:
    return min(BASE_HIT_THRESHOLD + penalty - bonus, HIT_THRESHOLD_CAP)


def _aim(
    attack: int,
    defense: int,
    squares: int,
    mount: Mount | str,
    formula: Formula | str,
    double_penalty: bool,
    always_hit: bool,
    variant: object,
) -> _Aim:
    """Validate the inputs of a shot and reduce them to an :class:`_Aim`."""
    rules = _check_variant(variant)
    chosen_mount = check_choice("mount", mount, Mount)
    penalty = range_penalty(squares, chosen_mount, double_penalty=double_penalty, variant=rules)
    bonus = MOUNT_BEAM_ATTACK_BONUS[chosen_mount]
    return _Aim(
        margin=check_int("attack", attack) - check_int("defense", defense),
        penalty=penalty,
        bonus=bonus,
        threshold=_threshold(penalty, bonus),
        formula=formula_in_force(formula, rules),
        always_hit=check_bool("always_hit", always_hit),
        pd_in_sure_hit=rules.pd_bonus_in_sure_hit,
    )


def formula_in_force(formula: Formula | str, variant: Variant) -> Formula:
    """The formula a call uses: its own ``formula`` argument if 'simplified', else the variant's.

    Rule: ``000_3948ba1900819cb7.txt``, "Classic Chance to Hit Formula" and "1.50 Alternative
    Chance to Hit Formula (Optional)" (one or the other is in force).

    Both default to 'classic' (the reading without a variant), so a call that asks for the
    simplified formula either way gets it, and a 'classic' argument (the default) defers to the
    variant. To force the classic formula, pass a variant whose ``formula`` is 'classic'.

    Raises:
        ValueError: ``formula`` is not a :class:`Formula` or its value, or ``variant`` is not a
            :class:`~rules.moo2.Variant`.

    >>> formula_in_force("simplified", Variant()), formula_in_force("classic",
    ...     Variant(formula="simplified"))
    (<Formula.SIMPLIFIED: 'simplified'>, <Formula.SIMPLIFIED: 'simplified'>)
    """
    chosen = check_choice("formula", formula, Formula)
    rules = _check_variant(variant)
    return Formula.SIMPLIFIED if chosen is Formula.SIMPLIFIED else Formula(rules.formula)


def hit_threshold(
    squares: int,
    *,
    mount: Mount | str = Mount.NORMAL,
    double_penalty: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> int:
    """The classic ``hit_threshold``: ``min(40 + range_penalty - PD_bonus, 95)``.

    Rule: ``000_3948ba1900819cb7.txt``, "Classic Chance to Hit Formula" [3b] and "Different
    Min-Max Damage". The source prints ``min(40 + range_penalty * - PD_bonus; 95) *doubled for
    inherent 2x range to-hit penalty mod``.

    Interpretation: the ``*`` is a footnote mark on ``range_penalty`` (the penalty is the one
    doubled, as "Range Penalty to Accuracy" says), not a multiplication; the penalty enters with a
    plus because the examples store it negative and subtract it (``40 - -85``); PD_bonus is the
    Point Defense +25 BA. The cap applies after the doubling. The threshold also drives the damage
    of a hit, under either formula.

    Raises:
        ValueError: for an unknown mount, squares outside the mount's range (a variant may
            clamp them: :func:`rules.moo2.check_squares`), a non-bool ``double_penalty``, or a
            ``variant`` that is not a :class:`~rules.moo2.Variant`.

    The Death Ray examples (23 and 11 squares), and PD's "80" of the 1.50 section:

    >>> hit_threshold(23), hit_threshold(11), hit_threshold(12, mount="point_defense")
    (95, 70, 95)
    """
    chosen = check_choice("mount", mount, Mount)
    penalty = range_penalty(squares, chosen, double_penalty=double_penalty, variant=variant)
    return _threshold(penalty, MOUNT_BEAM_ATTACK_BONUS[chosen])


def hit_rule(
    attack: int,
    defense: int,
    squares: int,
    roll: int,
    *,
    mount: Mount | str = Mount.NORMAL,
    formula: Formula | str = Formula.CLASSIC,
    double_penalty: bool = False,
    always_hit: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> HitRule | None:
    """Which rule makes this d100 ``roll`` hit, or ``None`` for a miss.

    Rule: ``000_3948ba1900819cb7.txt``, "Classic Chance to Hit Formula":
    [1] roll > 95; else [2] BA+CO-AF-BD >= 99; else [3] BA+CO-AF-BD + roll >= hit_threshold.
    "1.50 Alternative Chance to Hit Formula": [1] roll > 95; else [2] BA+CO-AF-BD -
    range_penalty + PD_bonus >= 99; else [3] BA+CO-AF-BD - range_penalty + PD_bonus + roll >= 40.
    A weapon that always hits (``always_hit``) hits on every other roll too. ``variant``
    (:class:`~rules.moo2.Variant`) may switch the formula (see :func:`formula_in_force`), count
    the PD bonus in the classic [2] (``pd_bonus_in_sure_hit``) or clamp the squares.

    Interpretation: in the classic [2] the PD bonus does not count (the source writes
    BA+CO-AF-BD there and adds PD_bonus only to the threshold of [3]; the 1.50 formula is the one
    that adds it to [2]).

    Raises:
        ValueError: for non-integer attack/defense, a roll outside 1..100, an unknown mount or
            formula, squares outside the mount's range, non-bool flags, or a ``variant`` that
            is not a :class:`~rules.moo2.Variant`.

    The Death Ray example at 23 squares hits by [3] (roll 85, BA+CO-AF-BD = 10):

    >>> hit_rule(10, 0, 23, 85)
    <HitRule.ROLL_PLUS_ATTACK: 'roll_plus_attack'>
    >>> hit_rule(10, 0, 23, 85, formula="simplified") is None
    True
    """
    aim = _aim(attack, defense, squares, mount, formula, double_penalty, always_hit, variant)
    return aim.rule(check_int("roll", roll, 1, D100))


def hit_probability(
    attack: int,
    defense: int,
    squares: int,
    *,
    mount: Mount | str = Mount.NORMAL,
    formula: Formula | str = Formula.CLASSIC,
    double_penalty: bool = False,
    always_hit: bool = False,
    variant: Variant = _AS_WRITTEN,
) -> Fraction:
    """The exact chance that one beam shot hits, over the 100 equally likely d100 rolls.

    Rule: ``000_3948ba1900819cb7.txt``, "Classic Chance to Hit Formula" and "1.50 Alternative
    Chance to Hit Formula"; see :func:`hit_rule` for the rules counted. Closed form: 5 lucky
    rolls (96-100), all 100 if [2] holds, else the rolls 1..95 from ``hit_threshold - attack +
    defense`` (classic) or ``40 - (attack - defense - range_penalty + PD_bonus)`` (simplified)
    upward. ``always_hit`` (Mauler Device, Energy Absorber, Stellar Converter) gives 1.
    ``variant`` as in :func:`hit_rule`.

    Raises:
        ValueError: for non-integer attack/defense, an unknown mount or formula, squares outside
            the mount's range, non-bool flags, or a ``variant`` that is not a
            :class:`~rules.moo2.Variant`.

    The Death Ray examples' attack (BA+CO-AF-BD = 10) at 23 and 11 squares:

    >>> hit_probability(10, 0, 23), hit_probability(10, 0, 11)
    (Fraction(4, 25), Fraction(41, 100))
    >>> hit_probability(10, 0, 23, formula="simplified")
    Fraction(1, 20)
    """
    aim = _aim(attack, defense, squares, mount, formula, double_penalty, always_hit, variant)
    return Fraction(aim.hits(), D100)
