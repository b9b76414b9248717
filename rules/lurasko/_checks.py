"""Private helpers of :mod:`rules.lurasko`: exact percentages and a few extra input checks.

These complement :mod:`rules.validation` (which they use) and are not part of the public API.
"""

from __future__ import annotations

from fractions import Fraction

from rules.validation import InvalidInput, check_bool, check_int, check_items, check_number

__all__ = ["check_bool", "check_percent", "check_range", "exact", "percent_of"]


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


def check_range(name: str, value: object) -> tuple[int, int]:
    """Return ``value`` as a ``(low, high)`` pair of integers ``0 <= low <= high``.

    Any sequence of two integers is accepted (a list from a form, a tuple); its ends are
    checked as integers (``armor_range[0] must be ...``).

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
        items = check_items(name, value, "integers", max_items=2)
    except InvalidInput as error:
        raise type(error)(name, allowed, value) from None
    if len(items) != 2:
        raise InvalidInput(name, allowed, value)
    low = check_int(f"{name}[0]", items[0], 0)
    high = check_int(f"{name}[1]", items[1], 0)
    if low > high:
        raise InvalidInput(name, allowed, value)
    return low, high


def check_percent(name: str, value: object) -> Fraction:
    """Return a percentage (a number >= 0, e.g. 150 for a weakness) as an exact Fraction.

    >>> check_percent("percent", 75)
    Fraction(75, 1)
    """
    return check_number(name, value, 0)
