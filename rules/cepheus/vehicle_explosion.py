"""A vehicle destroyed: Structure 0 is scrap, below 0 it explodes (4D6 within 6 m, 2D6 within
12 m).

Source: ``003_c7092257a5e3046d.txt``, "Vehicle Damage", "Structure". Taking, dodging and diving
for cover from the explosion are those of "Explosions" (:mod:`rules.cepheus.explosions`).
"""

from __future__ import annotations

import dataclasses
import enum
import random
from fractions import Fraction
from typing import Final

from rules.cepheus._common import check_bool, check_rng, number_text
from rules.cepheus.explosions import (
    ExplosionReaction,
    ExplosionRoll,
    explosion_damage_distribution,
    roll_explosion,
)
from rules.cepheus.variant import DEFAULT_VARIANT, Variant, _check_variant
from rules.dice import Distribution
from rules.validation import (
    InvalidInput,
    check_choice,
    check_int,
    check_number,
)

__all__ = [
    "VEHICLE_EXPLOSION_RINGS",
    "StructureState",
    "roll_vehicle_explosion",
    "structure_state",
    "vehicle_explosion_dice",
    "vehicle_explosion_distribution",
]


class StructureState(enum.StrEnum):
    """What a vehicle's Structure score means for it ("Structure")."""

    INTACT = "intact"
    """Structure above 0."""
    DESTROYED = "destroyed"
    """Structure 0: "reduced to scrap"."""
    EXPLODES = "explodes"
    """Structure below 0 after an attack: destroyed, and it explodes."""


def structure_state(structure: int) -> StructureState:
    """Whether a vehicle left with ``structure`` is intact, destroyed or explodes.

    Rule: ``003_c7092257a5e3046d.txt``, "Structure" ("If a vehicle runs out of Structure, it is
    destroyed. If the vehicle is destroyed by an attack that reduces it to a negative Structure
    score it explodes") and "Vehicle Damage" ("When Structure is reduced to 0, the vehicle is
    reduced to scrap").

    Raises:
        ValueError: ``structure`` is not an integer.

    >>> [structure_state(s).value for s in (2, 0, -1)]
    ['intact', 'destroyed', 'explodes']
    """
    structure = check_int("structure", structure)
    if structure > 0:
        return StructureState.INTACT
    return StructureState.DESTROYED if structure == 0 else StructureState.EXPLODES


VEHICLE_EXPLOSION_RINGS: Final = ((6, 4), (12, 2))
"""(within metres, D6 of damage) of an exploding vehicle, nearest first. Source:
``003_c7092257a5e3046d.txt``, "Structure" ("4D6 damage to everyone within six meters
(including the occupants) and 2D6 damage to everyone within twelve meters")."""


def vehicle_explosion_dice(distance_metres: int | float | Fraction) -> int:
    """The D6 an exploding vehicle does at ``distance_metres``: 4 within 6 m, 2 within 12 m.

    Rule: ``003_c7092257a5e3046d.txt``, "Structure" (``VEHICLE_EXPLOSION_RINGS``). "Within"
    includes the distance itself (6 m: 4D6); beyond 12 m, none.

    Raises:
        ValueError: ``distance_metres`` is not a finite number >= 0.

    >>> [vehicle_explosion_dice(d) for d in (0, 6, 6.5, 12, 13)]
    [4, 4, 2, 2, 0]
    """
    distance = check_number("distance_metres", distance_metres, 0)
    for within, dice in VEHICLE_EXPLOSION_RINGS:
        if distance <= within:
            return dice
    return 0


def _explosion_inputs(
    distance_metres: object, occupant: object, closed: object, reaction: object
) -> tuple[int, ExplosionReaction]:
    inside = check_bool("occupant", occupant)
    shut = check_bool("closed", closed)
    chosen = check_choice("reaction", reaction, ExplosionReaction)
    distance = check_number("distance_metres", distance_metres, 0)
    if inside and distance > VEHICLE_EXPLOSION_RINGS[0][0]:
        raise InvalidInput(
            "distance_metres",
            f"a number in 0..{VEHICLE_EXPLOSION_RINGS[0][0]} for an occupant (the occupants "
            "are within six meters)",
            distance_metres,
        )
    if inside and shut and chosen is not ExplosionReaction.NONE:
        raise InvalidInput(
            "reaction",
            "'none' for an occupant of a closed vehicle (they cannot dodge or dive for cover "
            "from this explosion)",
            chosen.value,
        )
    return vehicle_explosion_dice(distance), chosen


def vehicle_explosion_distribution(
    distance_metres: int | float | Fraction = 0,
    *,
    occupant: bool = False,
    closed: bool = False,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
    variant: Variant = DEFAULT_VARIANT,
) -> Distribution[int]:
    """The exact damage an exploding vehicle does to one character, after reaction and armor.

    Rule: ``003_c7092257a5e3046d.txt``, "Structure": the vehicle "explodes, doing 4D6 damage to
    everyone within six meters (including the occupants) and 2D6 damage to everyone within
    twelve meters. The occupants of a closed vehicle cannot dodge or dive for cover from this
    explosion but the occupants of an open vehicle can." The dodge and the dive are those of
    "Explosions" (:func:`~rules.cepheus.explosion_damage_distribution`: less 1D6, or half
    rounded up, then armor), with ``variant``: diving for cover's half rounded up or down
    (``dive_for_cover_round_up``), before or after armor (``dive_for_cover_before_armor``).

    ``occupant`` is someone in the vehicle (``distance_metres`` at most 6, 0 by default);
    ``closed`` is whether the vehicle is closed (it matters to occupants only). ``armor`` is
    the character's own: the chapter does not say that a destroyed vehicle still shelters its
    occupants.

    Raises:
        ValueError: ``distance_metres`` is not a finite number >= 0 (at most 6 for an
            occupant), ``reaction`` not 'none', 'dodge' or 'dive' ('none' for an occupant of a
            closed vehicle), ``armor`` not an integer >= 0, a flag not a bool, or ``variant``
            not a :class:`~rules.cepheus.Variant`.

    >>> vehicle_explosion_distribution(occupant=True, closed=True).mean()
    Fraction(14, 1)

    Diving from 2D6 at 10 m: the halves of 2 to 12, rounded up, total 135 over the 36 rolls;
    rounded down, 117:

    >>> from rules.cepheus import Variant
    >>> down = Variant(dive_for_cover_round_up=False)
    >>> [vehicle_explosion_distribution(10, reaction="dive", variant=v).mean()
    ...     for v in (Variant(), down)]
    [Fraction(15, 4), Fraction(13, 4)]
    """
    dice, chosen = _explosion_inputs(distance_metres, occupant, closed, reaction)
    armor = check_int("armor", armor, 0)
    variant = _check_variant(variant)
    return explosion_damage_distribution(dice, reaction=chosen, armor=armor, variant=variant)


def roll_vehicle_explosion(
    distance_metres: int | float | Fraction = 0,
    *,
    occupant: bool = False,
    closed: bool = False,
    reaction: ExplosionReaction | str = "none",
    armor: int = 0,
    rng: random.Random,
    variant: Variant = DEFAULT_VARIANT,
) -> ExplosionRoll:
    """Roll an exploding vehicle's damage to one character with ``rng``, with a log.

    Rule: as :func:`vehicle_explosion_distribution`, rolled by
    :func:`~rules.cepheus.roll_explosion` (the explosion's dice, then a dodge's 1D6; ``variant``
    as there).

    Raises:
        ValueError: as :func:`vehicle_explosion_distribution`.
        TypeError: ``rng`` is not a :class:`random.Random`.

    >>> result = roll_vehicle_explosion(occupant=True, reaction="dodge", rng=random.Random(3))
    >>> print("\\n".join(result.log))
    Vehicle explodes: an occupant of an open vehicle, 4D6
    Explosion 4D6: 2 + 5 + 5 + 2 = 14
    Dodge (Initiative -2): 1D6 = 3 off: 14 - 3 = 11
    Damage taken: 11
    """
    dice, chosen = _explosion_inputs(distance_metres, occupant, closed, reaction)
    armor = check_int("armor", armor, 0)
    variant = _check_variant(variant)
    check_rng(rng)
    if check_bool("occupant", occupant):
        kind = "a closed" if check_bool("closed", closed) else "an open"
        where = f"an occupant of {kind} vehicle"
    else:
        distance = check_number("distance_metres", distance_metres, 0)
        where = f"{number_text(distance)} m away"
    rolled = roll_explosion(dice, reaction=chosen, armor=armor, rng=rng, variant=variant)
    head = f"Vehicle explodes: {where}, " + (f"{dice}D6" if dice else "out of reach, no damage")
    return dataclasses.replace(rolled, log=(head, *rolled.log))
