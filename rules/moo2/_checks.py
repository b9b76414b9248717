"""Private helpers of :mod:`rules.moo2` (not part of the API).

``check_bool`` is :func:`rules.validation.check_bool`, kept under this name for the modules
that import it from here.
"""

from __future__ import annotations

from rules.validation import InvalidInput, check_bool, check_int

__all__ = ["check_bool", "check_damage_range", "round_half_up"]


def check_damage_range(min_damage: object, max_damage: object) -> tuple[int, int]:
    """``(min_damage, max_damage)`` as integers with ``1 <= min_damage <= max_damage``.

    >>> check_damage_range(5, 3)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: max_damage must be an integer >= min_damage (5), got 3
    """
    low = check_int("min_damage", min_damage, 1)
    high = check_int("max_damage", max_damage)
    if high < low:
        raise InvalidInput("max_damage", f"an integer >= min_damage ({low})", max_damage)
    return low, high


def round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to nearest, halves upward (``denominator`` > 0).

    >>> [round_half_up(n, 10) for n in (14, 15, 16, -15)]
    [1, 2, 2, -1]
    """
    return (2 * numerator + denominator) // (2 * denominator)
