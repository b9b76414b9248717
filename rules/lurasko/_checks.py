"""Private helpers of :mod:`rules.lurasko`: exact percentages and a few extra input checks.

These complement :mod:`rules.validation` (which they use) and are not part of the public API.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rules.validation import InvalidInput, InvalidType, check_int, check_number

__all__ = ["check_bool", "check_percent", "check_range", "exact", "percent_of", "sequence_of"]


def exact(value: Fraction) -> int | Fraction:
    """``value`` as an ``int`` when it is whole, else the :class:`Fraction` itself.

    >>> exact(Fraction(10, 2)), exact(Fraction(1, 4))
    (5, Fraction(1, 4))
    """
    return value.numerator if value.denominator == 1 else value


def percent_of(amount: int, percent: int | Fraction) -> int:
    """``percent`` % of ``amount``, fractions dropped (the source's rounding, e.g. 50% of 17 = 8).

    >>> percent_of(17, 50), percent_of(100, Fraction(75, 2))
    (8, 37)
    """
    return int(Fraction(amount) * Fraction(percent) // 100)


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is a ``bool``, else raise :class:`InvalidType`.

    >>> check_bool("metallic", 1)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: metallic must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise InvalidType(f"{name} must be True or False, got {value!r}")
    return value


def sequence_of(name: str, value: object) -> tuple[object, ...]:
    """``value`` as a tuple if it is an iterable other than a string, else raise.

    >>> sequence_of("percents", [75, 50])
    (75, 50)
    >>> sequence_of("percents", "75")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: percents must be a sequence of values, got '75'
    """
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidType(f"{name} must be a sequence of values, got {value!r}")
    return tuple(value)


def check_range(name: str, value: object) -> tuple[int, int]:
    """Return ``value`` as a ``(low, high)`` pair of integers ``0 <= low <= high``.

    >>> check_range("armor_range", [16, 28])
    (16, 28)
    >>> check_range("armor_range", (28, 16))
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: armor_range must be a (low, high) pair of integers \
with 0 <= low <= high, got (28, 16)
    """
    allowed = "a (low, high) pair of integers with 0 <= low <= high"
    try:
        items = sequence_of(name, value)
    except InvalidType:
        raise InvalidType(f"{name} must be {allowed}, got {value!r}") from None
    if len(items) != 2:
        raise InvalidInput(f"{name} must be {allowed}, got {value!r}")
    try:
        low = check_int(f"{name} low end", items[0], 0)
        high = check_int(f"{name} high end", items[1], 0)
    except InvalidType:
        raise InvalidType(f"{name} must be {allowed}, got {value!r}") from None
    except InvalidInput:
        raise InvalidInput(f"{name} must be {allowed}, got {value!r}") from None
    if low > high:
        raise InvalidInput(f"{name} must be {allowed}, got {value!r}")
    return low, high


def check_percent(name: str, value: object) -> Fraction:
    """Return a percentage (a number >= 0, e.g. 150 for a weakness) as an exact Fraction.

    >>> check_percent("percents[0]", 75)
    Fraction(75, 1)
    """
    return check_number(name, value, 0)
