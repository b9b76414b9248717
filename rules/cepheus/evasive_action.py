"""Evasive action: the driver's check, and its Effect as a DM on attacks against and from the
vehicle.

Source: ``003_c7092257a5e3046d.txt``, "Vehicular Actions", "Evasive Action". The attack model
that takes the evasive Effect as a DM is :mod:`rules.cepheus.attack`
(``target_evasive_effect``, ``own_evasive_effect``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from rules.cepheus import modifiers as m
from rules.cepheus._common import check_bool
from rules.cepheus.attack import AttackOdds, AttackSituation, attack_odds
from rules.cepheus.checks import TARGET_NUMBER, _effect_distribution
from rules.cepheus.damage import _damage_distribution
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.validation import (
    MAX_MAGNITUDE,
    InvalidInput,
    check_instance,
    check_int,
    output_record,
)

__all__ = [
    "EvasiveAttackOdds",
    "evasive_action_dm",
    "evasive_action_odds",
    "evasive_attack_odds",
]


def evasive_action_dm(effect: int) -> int:
    """The DM evasive action gives attacks on and from the vehicle: minus the driver's Effect.

    Rule: ``003_c7092257a5e3046d.txt``, "Evasive Action" ("He makes a skill check (skill
    determined by vehicle) and the Effect acts as a -DM to all attacks against the vehicle or
    its passengers. The Effect also acts as a -DM to any attacks made from the vehicle as well.
    This lasts until the driver's next action").

    Interpretation: a failed check (Effect below 0) gives no DM: a negative Effect taken as a
    "-DM" would help the attackers, which evading cannot do. An Effect of 0 succeeds with DM 0.

    Raises:
        ValueError: ``effect`` is not an integer.

    >>> evasive_action_dm(3), evasive_action_dm(0), evasive_action_dm(-2)
    (-3, 0, 0)
    """
    return -max(0, check_int("effect", effect))


def evasive_action_odds(driver_dm: int, *, variant: Variant = DEFAULT_VARIANT) -> Distribution[int]:
    """The exact distribution of evasive action's penalty (the Effect, 0 on a failure).

    The outcome is the number the attack model takes as ``target_evasive_effect`` or
    ``own_evasive_effect`` of :class:`~rules.cepheus.AttackSituation` (the DM is minus it).
    Rule: as :func:`evasive_action_dm`; the check is 2D6 + ``driver_dm`` against 8+
    (``driver_dm``: the vehicle skill, characteristic DM and any DM on the driver, such as a
    Drive hit's). ``variant.natural_two_twelve``: a natural 2 fails (no penalty) and a natural
    12 succeeds (:func:`~rules.cepheus.effect_distribution`).

    Raises:
        ValueError: ``driver_dm`` is not an integer of at most ``2**53 - 5`` in size (so that
            the Effect, at most the DM + 4, is a valid input of the attack model), or
            ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> evasive_action_odds(0) == {0: Fraction(26, 36), 1: Fraction(4, 36), 2: Fraction(3, 36),
    ...     3: Fraction(2, 36), 4: Fraction(1, 36)}
    True

    At DM +7 a natural 2 has Effect 1; with the house rule it fails (no penalty). A natural 12
    changes nothing here (a failure and Effect 0 both give no penalty):

    >>> from rules.cepheus import Variant
    >>> house = Variant(natural_two_twelve=True)
    >>> 0 in evasive_action_odds(7), evasive_action_odds(7, variant=house)[0]
    (False, Fraction(1, 36))
    """
    dm = _check_driver_dm(driver_dm)
    return _evasion(dm, _check_variant(variant).natural_two_twelve)


def _shifted(effect: Distribution[int], penalty: int) -> Distribution[int]:
    """``effect`` less ``penalty``: an Effect at a DM lowered by ``penalty``."""
    return effect.map(lambda value: value - penalty)


def _evasion(dm: int, natural: bool) -> Distribution[int]:
    """:func:`evasive_action_odds` of checked values."""
    return _effect_distribution(dm, TARGET_NUMBER, False, natural).map(lambda e: max(0, e))


_MOST_EFFECT_ABOVE_DM: Final = 12 - TARGET_NUMBER
"""The Effect of a check is at most its DM + 4 (a roll of 12)."""


def _check_driver_dm(driver_dm: object) -> int:
    """The evasive check's DM, small enough that its Effect is a valid evasive Effect."""
    return check_int("driver_dm", driver_dm, -MAX_MAGNITUDE, MAX_MAGNITUDE - _MOST_EFFECT_ABOVE_DM)


@output_record
@dataclass(frozen=True, slots=True)
class EvasiveAttackOdds:
    """The exact result of :func:`evasive_attack_odds`: an attack over the evasive check."""

    evasion: Distribution[int]
    """The evasive Effect (0 on a failed check): the attack's penalty."""
    base: AttackOdds
    """The attack's exact odds without evasive action (its DM breakdown, range, blocks)."""
    effect: Distribution[int] | None
    """The attack's Effect over every result of the evasive check (``None``: blocked)."""
    hit_chance: Fraction
    """The chance that the attack hits, over every result of the evasive check."""
    damage: Distribution[int]
    """The damage after armor (0 for a miss, and for suppression fire), over every result of
    the evasive check."""


def evasive_attack_odds(
    situation: AttackSituation,
    driver_dm: int,
    *,
    from_vehicle: bool = False,
    variant: Variant = DEFAULT_VARIANT,
) -> EvasiveAttackOdds:
    """An attack's exact odds when a vehicle's driver takes evasive action before it.

    Rule: ``003_c7092257a5e3046d.txt``, "Evasive Action" (:func:`evasive_action_dm`) with
    :func:`~rules.cepheus.attack_odds`: the driver's check (2D6 + ``driver_dm`` against 8+)
    gives each evasive Effect its chance, and the attack is taken at each resulting penalty.
    With ``from_vehicle`` the attack is made from the evading vehicle (the attack model's
    ``own_evasive_effect``), else against it or its passengers (``target_evasive_effect``);
    either way the penalty only lowers the attack's total DM, the two checks independent: for
    each evasive Effect the attack's Effect is that of its check at the total DM less it (its
    Effect without evasion less the evasive Effect, except, under the natural 2/12 house rule,
    on a natural 2 or 12). The damage is then that of :func:`~rules.cepheus.attack_odds` (dice,
    Effect, armor) over the mixed Effect, in one pass, so the call costs about two
    ``attack_odds`` of the same situation (0.2 s at the most dice, 300D6).

    ``variant`` is passed to :func:`~rules.cepheus.attack_odds` (every switch of the attack)
    and its natural 2/12 house rule applies to the driver's check too
    (:func:`evasive_action_odds`).

    Raises:
        ValueError: ``situation`` is not an :class:`~rules.cepheus.AttackSituation` or already
            has the evasive Effect this sets, ``driver_dm`` is not an integer of at most
            ``2**53 - 5`` in size, ``from_vehicle`` not a bool, or ``variant`` not a
            :class:`~rules.cepheus.Variant`.

    >>> shot = AttackSituation(weapon="rifle", damage_dice=3, band="medium", skill=1,
    ...     target_vehicle=True)
    >>> evasive_attack_odds(shot, 1).hit_chance, attack_odds(shot).hit_chance
    (Fraction(7, 12), Fraction(13, 18))
    """
    situation = check_instance("situation", situation, AttackSituation)
    dm = _check_driver_dm(driver_dm)
    own = check_bool("from_vehicle", from_vehicle)
    variant = _check_variant(variant)
    natural = variant.natural_two_twelve
    name = "own_evasive_effect" if own else "target_evasive_effect"
    if getattr(situation, name):
        raise InvalidInput(
            "situation",
            f"an AttackSituation with {name} 0 (evasive_attack_odds sets it from the check)",
            situation,
        )
    evasion = _evasion(dm, natural)
    base = attack_odds(situation, variant=variant)
    no_damage: Distribution[int] = Distribution._exact({0: Fraction(1)})
    if base.effect is None:
        return EvasiveAttackOdds(evasion, base, None, Fraction(0), no_damage)
    mixed: dict[int, Fraction] = {}
    for penalty, p in evasion.items():
        if natural and penalty:
            total = base.total_dm - penalty
            attack = _effect_distribution(total, TARGET_NUMBER, situation.blind, True)
        else:
            attack = _shifted(base.effect, penalty)
        for value, q in attack.items():
            mixed[value] = mixed.get(value, Fraction(0)) + p * q
    effect = Distribution._exact(mixed)
    hit = effect.probability(lambda value: value >= 0)
    if situation.fire_mode is m.FireMode.SUPPRESSION:
        return EvasiveAttackOdds(evasion, base, effect, hit, no_damage)
    damage = _damage_distribution(
        list(effect.items()),
        base.damage_dice,
        base.damage_bonus,
        situation.armor,
        situation.adds_effect or variant.grenades_add_effect,
        base.halved,
        variant.effect_six_minimum_damage,
        variant.extreme_range_halving_before_armor,
    )
    return EvasiveAttackOdds(evasion, base, effect, hit, damage)
