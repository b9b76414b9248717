"""Private helpers shared by the modules of :mod:`rules.cepheus` (not part of the API)."""

from __future__ import annotations

import random
from fractions import Fraction

from rules.validation import InvalidType, check_bool

__all__ = ["after_armor", "check_bool", "check_rng", "number_text", "roll_d6"]


def check_rng(value: object) -> random.Random:
    """Return ``value`` if it is a :class:`random.Random` (seeded rolls stay reproducible).

    >>> check_rng(None)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: rng must be a random.Random, got None
    """
    if not isinstance(value, random.Random):
        raise InvalidType("rng", "a random.Random", value)
    return value


def roll_d6(rng: random.Random, count: int) -> tuple[int, ...]:
    """Roll ``count`` D6 with ``rng.randint(1, 6)``, in order."""
    return tuple(rng.randint(1, 6) for _ in range(count))


def after_armor(damage: int, armor: int) -> int:
    """``damage`` less ``armor``, never below 0 ("Armor").

    >>> after_armor(5, 3), after_armor(2, 3)
    (2, 0)
    """
    return max(0, damage - armor)


def number_text(value: Fraction) -> str:
    """A checked number for a log line: an integer as such, else its shortest float.

    >>> number_text(Fraction(45)), number_text(Fraction(25, 2))
    ('45', '12.5')
    """
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
