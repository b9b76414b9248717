"""Input checks shared by every rule set.

Every public function of :mod:`rules` validates its input with these helpers, so that bad
input raises :class:`InvalidInput` (a :class:`ValueError`) whose message names the
parameter, what is allowed and the value given, e.g.
``squares must be an integer in 0..24, got 25``.
"""

from __future__ import annotations

import enum
import numbers
from collections.abc import Iterable
from fractions import Fraction

__all__ = [
    "InvalidInput",
    "InvalidType",
    "check_choice",
    "check_int",
    "check_number",
    "names",
]


class InvalidInput(ValueError):
    """A value outside the domain of a rule.

    The message always names the parameter, the allowed values and the value given.
    """


class InvalidType(InvalidInput, TypeError):
    """A value of the wrong type (say a string for ``squares``).

    It is both a :class:`TypeError` and a :class:`ValueError`, so callers that only
    catch ``ValueError`` still see every bad input.
    """


def _bounds_text(low: int | Fraction | None, high: int | Fraction | None) -> str:
    if low is None and high is None:
        return ""
    if high is None:
        return f" >= {low}"
    if low is None:
        return f" <= {high}"
    return f" in {low}..{high}"


def check_int(
    name: str,
    value: object,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """Return ``value`` if it is an ``int`` (not a ``bool``) within ``low..high`` (inclusive).

    >>> check_int("squares", 3, 0, 24)
    3
    >>> check_int("squares", 25, 0, 24)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: squares must be an integer in 0..24, got 25
    """
    allowed = f"an integer{_bounds_text(low, high)}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidType(f"{name} must be {allowed}, got {value!r}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInput(f"{name} must be {allowed}, got {value!r}")
    return number


def check_number(
    name: str,
    value: object,
    low: int | Fraction | None = None,
    high: int | Fraction | None = None,
) -> Fraction:
    """Return ``value`` as an exact :class:`~fractions.Fraction` if finite, rational and in range.

    Floats are accepted when finite (they are converted exactly); bools are refused.

    >>> check_number("pounds", 12.5, 0)
    Fraction(25, 2)
    >>> check_number("pounds", -1, 0)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: pounds must be a number >= 0, got -1
    """
    allowed = f"a number{_bounds_text(low, high)}"
    if isinstance(value, bool) or not isinstance(value, numbers.Rational | float):
        raise InvalidType(f"{name} must be {allowed}, got {value!r}")
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise InvalidInput(f"{name} must be {allowed}, got {value!r}")
    number = Fraction(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInput(f"{name} must be {allowed}, got {value!r}")
    return number


def check_choice[E: enum.Enum](name: str, value: object, choices: type[E]) -> E:
    """Return the member of the enum ``choices`` that ``value`` is or names.

    A ``StrEnum`` member is accepted, and so is its value (``"heavy"``).

    >>> import enum
    >>> class Mount(enum.StrEnum):
    ...     NORMAL = "normal"
    ...     HEAVY = "heavy"
    >>> check_choice("mount", "heavy", Mount)
    <Mount.HEAVY: 'heavy'>
    >>> check_choice("mount", "huge", Mount)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: mount must be one of 'normal', 'heavy', got 'huge'
    """
    if isinstance(value, choices):
        return value
    try:
        return choices(value)
    except (ValueError, TypeError):
        raise InvalidInput(f"{name} must be one of {names(choices)}, got {value!r}") from None


def names(members: Iterable[enum.Enum]) -> str:
    """The values of ``members`` as a comma-separated list of reprs, for messages."""
    return ", ".join(repr(member.value) for member in members)
