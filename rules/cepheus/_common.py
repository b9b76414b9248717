"""Private helpers shared by the modules of :mod:`rules.cepheus` (not part of the API)."""

from __future__ import annotations

import random

from rules.validation import InvalidType, check_bool

__all__ = ["check_bool", "check_rng", "roll_d6"]


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
