"""Pseudogravity: points against pound weight, flying targets, and ætherial silencing.

Source: ``002_64b8e17f45694c25.txt``, "Pseudogravity". The fraction of pound weight a use of
points is compared with is set by each Ability or device, not by this chapter: it is always an
input here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from fractions import Fraction

from rules.lurasko._checks import check_bool, exact
from rules.validation import InvalidInput, check_choice, check_int, check_items, check_number

__all__ = [
    "FLYING_WEIGHT_PERCENT_PER_SPD",
    "MINIMUM_SILENCING",
    "OTHER_SILENCING_SHARE",
    "SilencingPlace",
    "can_affect",
    "combined_silencing",
    "effective_points",
    "effective_weight",
    "flying_weight_increase_percent",
    "points_needed",
    "silencing_applies",
]

FLYING_WEIGHT_PERCENT_PER_SPD = 10
"""Percent of extra effective weight per point of flying SPD of an unwilling target.

Source: 002, "Pseudogravity": "This effective increase is a percentage equal to 10 times their
flying SPD (i.e. 30% more weight if they have 3 flying SPD, 40% more for 4 flying SPD, and so
forth)."
"""

OTHER_SILENCING_SHARE = Fraction(1, 4)
"""The share of every other silencing added to the greatest one.

Source: 002, "Pseudogravity": "begin with the greatest silencing, then increase the amount by
1/4 the sum of all other silencing amounts. For example, two overlapping areas of 4 silencing
would create a total effect of 5 silencing."
"""

MINIMUM_SILENCING = 1
"""The least amount of silencing accepted.

Source: 002, "Pseudogravity": expended points are "divided by the amount of silencing"; it is a
dampening ("4 times the normal number of pseudogravity points"). Interpretation: an amount
below 1 would strengthen pseudogravity, so it is refused; 1 divides by 1 (no effect alone).
"""


def flying_weight_increase_percent(flying_spd: int) -> int:
    """How much heavier, in percent, an unwilling flying target counts: 10 x flying SPD.

    Rule: 002, "Pseudogravity" (:data:`FLYING_WEIGHT_PERCENT_PER_SPD`). It applies to an
    unwilling character who resists with a flying SPD they have access to this round (even if
    not flying); pass 0 otherwise.

    Raises:
        ValueError: ``flying_spd`` is not an integer >= 0.

    >>> flying_weight_increase_percent(3), flying_weight_increase_percent(4)  # Source: 30%, 40%
    (30, 40)
    """
    flying_spd = check_int("flying_spd", flying_spd, 0)
    return FLYING_WEIGHT_PERCENT_PER_SPD * flying_spd


def effective_weight(
    pounds: int | Fraction, flying_spd: int = 0, *, inventory: int | Fraction = 0
) -> int | Fraction:
    """The pound weight pseudogravity works against: weight plus inventory, plus 10% per flying SPD.

    Rule: 002, "Pseudogravity": "If the target is a character, remember to consider their
    inventory as well when determining weight" (``inventory``, added to ``pounds``); an
    unwilling flying target may count its weight "higher ... a percentage equal to 10 times
    their flying SPD".

    The result is exact: an ``int`` when whole, else a :class:`Fraction` (150 lb at 3 flying
    SPD is 195; 15 lb at 3 is 39/2).

    Raises:
        ValueError: ``pounds`` or ``inventory`` is not a number >= 0, or ``flying_spd`` is not
            an integer >= 0.

    >>> effective_weight(100, 3), effective_weight(100, 4)  # Source: 30% / 40% more weight
    (130, 140)
    >>> effective_weight(150, 0, inventory=30), effective_weight(15, 3)
    (180, Fraction(39, 2))
    """
    total = check_number("pounds", pounds, 0) + check_number("inventory", inventory, 0)
    percent = 100 + flying_weight_increase_percent(flying_spd)
    return exact(total * percent / 100)


def _levels(levels: object) -> tuple[Fraction, ...]:
    items = check_items("levels", levels, f"numbers >= {MINIMUM_SILENCING}", ordered=False)
    return tuple(
        check_number(f"levels[{i}]", level, MINIMUM_SILENCING) for i, level in enumerate(items)
    )


def combined_silencing(levels: Iterable[int | Fraction]) -> int | Fraction:
    """The total silencing of overlapping areas: the greatest plus 1/4 of all the others.

    Rule: 002, "Pseudogravity" (:data:`OTHER_SILENCING_SHARE`): "two overlapping areas of 4
    silencing would create a total effect of 5 silencing."

    The result is exact: an ``int`` when whole, else a :class:`Fraction`. An empty list means
    no silencing and gives 1, the divisor that leaves points unchanged (see
    :func:`effective_points`).

    Raises:
        ValueError: ``levels`` is not a collection (a list, tuple or set; not text) of at most
            10,000 numbers >= 1.

    >>> combined_silencing([4, 4])  # Source: "a total effect of 5 silencing"
    5
    >>> combined_silencing([4]), combined_silencing([2, 3]), combined_silencing([])
    (4, Fraction(7, 2), 1)
    """
    values = sorted(_levels(levels), reverse=True)
    if not values:
        return 1
    return exact(values[0] + OTHER_SILENCING_SHARE * sum(values[1:], Fraction(0)))


def effective_points(points: int, silencing: int | Fraction = 1) -> int | Fraction:
    """The pseudogravity points that take effect under ``silencing``: points / silencing.

    Rule: 002, "Pseudogravity": "the total number of expended points is divided by the amount
    of silencing to obtain the actual number of points that are effective." Use
    :func:`combined_silencing` for overlapping areas. Silencing affects only new expenditures,
    and is measured where the effect is (see :func:`silencing_applies`).

    Raises:
        ValueError: ``points`` is not an integer >= 0, or ``silencing`` is not a number >= 1.

    >>> effective_points(40, 4), effective_points(10, combined_silencing([4, 4]))
    (10, 2)
    """
    points = check_int("points", points, 0)
    divisor = check_number("silencing", silencing, MINIMUM_SILENCING)
    return exact(points / divisor)


def points_needed(
    pounds: int | Fraction,
    weight_fraction: int | Fraction,
    *,
    flying_spd: int = 0,
    inventory: int | Fraction = 0,
    silencing: int | Fraction = 1,
) -> int | Fraction:
    """The pseudogravity points needed to affect a target (exact; spend at least this many).

    Rule: 002, "Pseudogravity": "the amount expended is compared to some fraction of the
    target's pound weight" (``weight_fraction``: set by the Ability or device, not by this
    chapter), with the target's :func:`effective_weight`; under silencing, "4 silencing would
    mean that 4 times the normal number of pseudogravity points would be required".

    Interpretation: "compared to" means the effective points must be at least that fraction of
    the weight.

    Raises:
        ValueError: ``pounds``/``inventory`` is not a number >= 0, ``weight_fraction`` not a
            number > 0, ``flying_spd`` not an integer >= 0, or ``silencing`` not a number >= 1.

    >>> points_needed(200, Fraction(1, 10))
    20
    >>> points_needed(200, Fraction(1, 10), silencing=4)  # Source: "4 times the normal number"
    80
    >>> points_needed(200, Fraction(1, 10), flying_spd=3)
    26
    """
    fraction = check_number("weight_fraction", weight_fraction, 0)
    if fraction == 0:
        raise InvalidInput("weight_fraction", "a number > 0", weight_fraction)
    divisor = check_number("silencing", silencing, MINIMUM_SILENCING)
    weight = effective_weight(pounds, flying_spd, inventory=inventory)
    return exact(fraction * weight * divisor)


def can_affect(
    points: int,
    pounds: int | Fraction,
    weight_fraction: int | Fraction,
    *,
    flying_spd: int = 0,
    inventory: int | Fraction = 0,
    silencing: int | Fraction = 1,
) -> bool:
    """Whether ``points`` of pseudogravity can affect a target (see :func:`points_needed`).

    Rule: 002, "Pseudogravity". The points are decided before acting: "If they are thwarted by
    an unforeseen use of silencing or flight, they cannot increase the points to compensate."

    Raises:
        ValueError: as :func:`points_needed`, or ``points`` is not an integer >= 0.

    >>> can_affect(79, 200, Fraction(1, 10), silencing=4)
    False
    >>> can_affect(80, 200, Fraction(1, 10), silencing=4)
    True
    """
    points = check_int("points", points, 0)
    needed = points_needed(
        pounds, weight_fraction, flying_spd=flying_spd, inventory=inventory, silencing=silencing
    )
    return points >= needed


class SilencingPlace(enum.StrEnum):
    """Places whose silencing a pseudogravity user might wonder about."""

    EFFECT = "effect"
    """Where the effect is created; for moving an object, where the object begins."""
    DESTINATION = "destination"
    """Where a moved object ends up."""
    USER = "user"
    """Where the pseudogravity user stands."""


def silencing_applies(
    place: SilencingPlace | str, *, user_at_effect: bool = False, gravnet_airship: bool = False
) -> bool:
    """Whether the silencing at ``place`` counts against a use of pseudogravity points.

    Rule: 002, "Pseudogravity": "Whenever a pseudogravity action would move an object, silencing
    is considered at the location the object begins in, not its destination. Similarly,
    pseudogravity users are unaffected by silencing in their own location, unless that is also
    the location of the effect they're trying to create. Silencing has no effect on gravnet
    airships".

    Raises:
        ValueError: ``place`` is not a :class:`SilencingPlace`, or a flag is not a bool.

    >>> silencing_applies("effect"), silencing_applies("destination"), silencing_applies("user")
    (True, False, False)
    >>> silencing_applies("user", user_at_effect=True)
    True
    >>> silencing_applies("effect", gravnet_airship=True)
    False
    """
    place = check_choice("place", place, SilencingPlace)
    user_at_effect = check_bool("user_at_effect", user_at_effect)
    if check_bool("gravnet_airship", gravnet_airship):
        return False
    if place is SilencingPlace.EFFECT:
        return True
    return place is SilencingPlace.USER and user_at_effect
