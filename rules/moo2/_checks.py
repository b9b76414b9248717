"""Private input checks that :mod:`rules.validation` does not provide.

``rules/validation.py`` has no check for a ``bool`` flag, so this one lives here.
"""

from __future__ import annotations

from rules.validation import InvalidType

__all__ = ["check_bool", "round_half_up"]


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is exactly ``True`` or ``False``.

    Raises:
        InvalidType: (a ``ValueError``) for anything else, ``0`` and ``1`` included.

    >>> check_bool("planet", True)
    True
    >>> check_bool("planet", 1)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: planet must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise InvalidType(f"{name} must be True or False, got {value!r}")
    return value


def round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to nearest, halves upward (``denominator`` > 0).

    >>> [round_half_up(n, 10) for n in (14, 15, 16, -15)]
    [1, 2, 2, -1]
    """
    return (2 * numerator + denominator) // (2 * denominator)
