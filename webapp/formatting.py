"""How exact numbers are shown: floats only here, at the edge of the UI."""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

__all__ = ["EXACT_SHOWN", "exact_short", "exact_text", "percent"]


def percent(p: Fraction, digits: int = 1) -> str:
    """A probability as a percentage, exact when it is a whole or tenth percent.

    >>> percent(Fraction(61, 100))
    '61%'
    >>> percent(Fraction(1, 3))
    '33.3%'
    """
    value = p * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    return f"{float(value):.{digits}f}%"


def exact_text(value: int | Fraction) -> str:
    """An exact number as text: whole numbers and terminating decimals as such, else ``a/b``.

    >>> exact_text(26), exact_text(Fraction(39, 2)), exact_text(Fraction(7, 4))
    ('26', '19.5', '1.75')
    >>> exact_text(Fraction(10, 3)), exact_text(Fraction(-1, 8))
    ('10/3', '-0.125')
    """
    number = Fraction(value)
    if number.denominator == 1:
        return str(number.numerator)
    rest, digits = number.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        digits = max(digits, count)
    if rest != 1 or digits > 12:
        return f"{number.numerator}/{number.denominator}"
    with localcontext() as context:
        context.prec = 80
        decimal = Decimal(number.numerator) / Decimal(number.denominator)
    return f"{decimal:.{digits}f}"


EXACT_SHOWN = 21
"""The longest exact fraction the forecast pages print in full (a page choice: exact counts
over ``100 ** (shots * turns)`` rolls grow to hundreds of digits)."""


def exact_short(value: Fraction) -> str:
    """``value`` as an exact fraction when it is short enough to read, else its size.

    >>> exact_short(Fraction(61, 100)), exact_short(Fraction(1, 10**50))
    ('61/100', '51-digit fraction')
    """
    text = str(value)
    if len(text) <= EXACT_SHOWN:
        return text
    return f"{len(str(value.denominator))}-digit fraction"
