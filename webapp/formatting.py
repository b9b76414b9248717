"""How exact numbers are shown: floats only here, at the edge of the UI."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["percent"]


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
