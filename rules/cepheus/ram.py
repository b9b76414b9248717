"""Ram: the driver's check to drive into a target, then the collision.

Source: ``003_c7092257a5e3046d.txt``, "Vehicular Actions", "Ram" (with "Dodging", "Evasive
Action" and "Collisions": :mod:`rules.cepheus.collisions`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from rules.cepheus import modifiers as m
from rules.cepheus._common import check_bool, check_rng
from rules.cepheus.checks import (
    TARGET_NUMBER,
    CheckRoll,
    _effect_distribution,
    _natural_note,
    _roll_check,
)
from rules.cepheus.collisions import CollisionOdds, CollisionRoll, collision_odds, roll_collision
from rules.cepheus.evasive_action import evasive_action_dm
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.cepheus.vehicles import (
    HitTable,
)
from rules.dice import Distribution
from rules.validation import (
    check_int,
    output_record,
)

__all__ = [
    "RamOdds",
    "RamRoll",
    "ram_odds",
    "roll_ram",
]


@output_record
@dataclass(frozen=True, slots=True)
class RamOdds:
    """The exact result of :func:`ram_odds`."""

    modifiers: tuple[m.Modifier, ...]
    """Every DM of the ram check, labelled."""
    total_dm: int
    """Their sum: the check is 2D6 + this against 8+."""
    automatic: bool
    """The Referee declared the ram automatically successful."""
    success_chance: Fraction
    """The chance that the ram hits."""
    collision: CollisionOdds
    """The collision of a successful ram."""
    struck: Distribution[int]
    """Damage to the target after its armor, 0 when the ram fails."""
    rammer: Distribution[int] | None
    """Damage to the ramming vehicle, 0 when the ram fails (``None``: the target is not
    solid)."""


def _ram_modifiers(
    driver_dm: int,
    dodge: bool,
    dodge_obstruction: bool,
    evasive: int,
    referee_dm: int,
    variant: Variant,
) -> tuple[m.Modifier, ...]:
    rows = [m.Modifier("Driver's vehicle skill and DMs", driver_dm)]
    if dodge:
        label = "Target Dodges (Reaction" + (", obstruction)" if dodge_obstruction else ")")
        rows.append(m.Modifier(label, m.dodge_dm(dodge_obstruction, variant=variant)))
    if evasive:
        rows.append(m.Modifier("Evasive Action (target vehicle)", evasive_action_dm(evasive)))
    if referee_dm:
        rows.append(m.Modifier("Referee", referee_dm))
    return tuple(rows)


def ram_odds(
    speed_kph: int | float | Fraction,
    *,
    driver_dm: int,
    dodge: bool = False,
    dodge_obstruction: bool = False,
    target_evasive_effect: int = 0,
    referee_dm: int = 0,
    automatic: bool = False,
    struck_armor: int = 0,
    solid: bool = True,
    rammer_armor: int = 0,
    passenger_armor: int = 0,
    struck_table: HitTable | str = "external",
    rammer_table: HitTable | str = "external",
    variant: Variant = DEFAULT_VARIANT,
) -> RamOdds:
    """The exact chance that a ram succeeds and the damage it does to both sides.

    Rule: ``003_c7092257a5e3046d.txt``, "Ram": "Deliberately driving a vehicle into someone or
    something requires a significant action and a successful skill check (skill determined by
    vehicle). Rams are affected by dodging and evasive action as normal. The Referee may grant
    bonuses to a ram attempt or declare it automatically successful if the target is
    particularly large." A successful ram is a collision at ``speed_kph``
    (:func:`~rules.cepheus.collision_odds`, whose other inputs these are).

    Interpretations: the check is 2D6 + ``driver_dm`` (skill, characteristic DM and any DM on
    the driver) against 8+; a dodging target gives -1, or -2 with cover or an obstruction to
    dodge behind ("Dodging", :func:`~rules.cepheus.modifiers.dodge_dm`); a target vehicle's
    evasive action gives minus its driver's Effect (:func:`~rules.cepheus.evasive_action_dm`).
    The ram's Effect adds nothing to the collision's damage (the chapter gives the damage of a
    collision only).
    The rammer's own evasive action has ended: it lasts "until the driver's next action", which
    is the ram.

    ``variant`` switches: the natural 2/12 house rule on the ram check
    (``natural_two_twelve``), the dodge's DM with an obstruction (``dodge_in_cover_dm``,
    :func:`~rules.cepheus.modifiers.dodge_dm`) and the collision's hits past 33 points
    (``vehicle_double_replaces_singles``, :func:`~rules.cepheus.collision_odds`).

    Raises:
        ValueError: as :func:`~rules.cepheus.collision_odds`, or ``driver_dm`` or
            ``referee_dm`` is not an integer, ``target_evasive_effect`` not an integer >= 0, a
            flag not a bool, or ``variant`` not a :class:`~rules.cepheus.Variant`.

    >>> odds = ram_odds(60, driver_dm=2, dodge=True, struck_armor=3, rammer_armor=10)
    >>> [(row.label, row.dm) for row in odds.modifiers]
    [("Driver's vehicle skill and DMs", 2), ('Target Dodges (Reaction)', -1)]
    >>> odds.success_chance, odds.struck[0]
    (Fraction(7, 12), Fraction(5, 12))

    At DM -5 only a 13 would do; with the natural 2/12 house rule a natural 12 rams (1 in 36):

    >>> from rules.cepheus import Variant
    >>> house = Variant(natural_two_twelve=True)
    >>> [ram_odds(60, driver_dm=-5, variant=v).success_chance for v in (Variant(), house)]
    [Fraction(0, 1), Fraction(1, 36)]
    """
    dm = check_int("driver_dm", driver_dm)
    dodging = check_bool("dodge", dodge)
    obstruction = check_bool("dodge_obstruction", dodge_obstruction)
    evasive = check_int("target_evasive_effect", target_evasive_effect, 0)
    referee = check_int("referee_dm", referee_dm)
    auto = check_bool("automatic", automatic)
    variant = _check_variant(variant)
    collision = collision_odds(
        speed_kph,
        struck_armor=struck_armor,
        solid=solid,
        rammer_armor=rammer_armor,
        passenger_armor=passenger_armor,
        struck_table=struck_table,
        rammer_table=rammer_table,
        variant=variant,
    )
    rows = _ram_modifiers(dm, dodging, obstruction and dodging, evasive, referee, variant)
    total = sum(row.dm for row in rows)
    if auto:
        chance = Fraction(1)
    else:
        effect = _effect_distribution(total, TARGET_NUMBER, False, variant.natural_two_twelve)
        chance = effect.probability(lambda e: e >= 0)
    rammer = None if collision.rammer is None else _or_zero(collision.rammer, chance)
    return RamOdds(rows, total, auto, chance, collision, _or_zero(collision.struck, chance), rammer)


def _or_zero(damage: Distribution[int], chance: Fraction) -> Distribution[int]:
    """``damage`` with ``chance``, else 0."""
    mixed = {value: p * chance for value, p in damage.items()}
    if chance != 1:
        mixed[0] = mixed.get(0, Fraction(0)) + 1 - chance
    return Distribution._exact({k: v for k, v in mixed.items() if v})


@output_record
@dataclass(frozen=True, slots=True)
class RamRoll:
    """One rolled ram: the check, then the collision if it succeeds, with a log."""

    check: CheckRoll | None
    """The ram check (``None`` when the ram is automatically successful)."""
    success: bool
    """True if the ram hit."""
    collision: CollisionRoll | None
    """The collision of a successful ram (``None`` when it failed)."""
    log: tuple[str, ...] = field(default=())
    """What happened, one step per line."""


def roll_ram(
    speed_kph: int | float | Fraction,
    *,
    driver_dm: int,
    dodge: bool = False,
    dodge_obstruction: bool = False,
    target_evasive_effect: int = 0,
    referee_dm: int = 0,
    automatic: bool = False,
    struck_armor: int = 0,
    solid: bool = True,
    rammer_armor: int = 0,
    passenger_armor: int = 0,
    struck_table: HitTable | str = "external",
    rammer_table: HitTable | str = "external",
    rng: random.Random,
    variant: Variant = DEFAULT_VARIANT,
) -> RamRoll:
    """Roll a ram with ``rng``: the check (2D6 first), then the collision, with a log.

    Rule: as :func:`ram_odds` (``variant`` included); the collision is rolled as by
    :func:`~rules.cepheus.roll_collision`.

    Raises:
        ValueError: as :func:`ram_odds`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_ram(20, driver_dm=1, struck_armor=0, solid=False, rng=random.Random(3))
    >>> print("\\n".join(result.log))
    The ram check's DMs:
      Driver's vehicle skill and DMs +1
    Ram check 2D6: 2 + 5 = 7, +1 = 8 vs 8+: success, Effect 0
    Collision at 20 kph: 2D6: 5 + 2 = 7
    Struck: 7 - armor 0 = 7: Double Hit
      Double hit: 2D6 = 3 + 5 = 8: Hull
    Ramming vehicle: what it hit is not solid enough, no damage
    Unsecured passengers (of the struck vehicle, if it is one): 7 damage, thrown 6 m (if possible)
    Secured passengers (of the struck vehicle, if it is one): a quarter, rounded up: 2 damage
    """
    odds = ram_odds(
        speed_kph,
        driver_dm=driver_dm,
        dodge=dodge,
        dodge_obstruction=dodge_obstruction,
        target_evasive_effect=target_evasive_effect,
        referee_dm=referee_dm,
        automatic=automatic,
        struck_armor=struck_armor,
        solid=solid,
        rammer_armor=rammer_armor,
        passenger_armor=passenger_armor,
        struck_table=struck_table,
        rammer_table=rammer_table,
        variant=variant,
    )
    check_rng(rng)
    log = ["The ram check's DMs:", *(f"  {row.label} {row.dm:+d}" for row in odds.modifiers)]
    check = None
    if odds.automatic:
        log.append("Ram: automatically successful (the Referee's call)")
        success = True
    else:
        natural = variant.natural_two_twelve
        check = _roll_check(odds.total_dm, rng, TARGET_NUMBER, False, natural)
        success = check.success
        log.append(
            f"Ram check 2D6: {check.kept[0]} + {check.kept[1]} = {sum(check.kept)}, "
            f"{check.dm:+d} = {check.total} vs {TARGET_NUMBER}+: "
            f"{'success' if success else 'failure'}{_natural_note(check)}, Effect {check.effect}"
        )
    if not success:
        log.append("The ram misses: no collision")
        return RamRoll(check, False, None, tuple(log))
    collision = roll_collision(
        speed_kph,
        struck_armor=struck_armor,
        solid=solid,
        rammer_armor=rammer_armor,
        passenger_armor=passenger_armor,
        struck_table=struck_table,
        rammer_table=rammer_table,
        rng=rng,
        variant=variant,
    )
    return RamRoll(check, True, collision, tuple(log) + collision.log)
