"""Private helpers shared by the modules of :mod:`rules.cepheus` (not part of the API)."""

from __future__ import annotations

import random

from rules.validation import InvalidType


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is a ``bool``; refuse ``0``/``1``/strings so flags stay explicit.

    >>> check_bool("braced", True)
    True
    >>> check_bool("braced", "yes")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: braced must be True or False, got 'yes'
    """
    if not isinstance(value, bool):
        raise InvalidType(f"{name} must be True or False, got {value!r}")
    return value


def check_rng(value: object) -> random.Random:
    """Return ``value`` if it is a :class:`random.Random` (seeded rolls stay reproducible).

    >>> check_rng(None)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: rng must be a random.Random, got None
    """
    if not isinstance(value, random.Random):
        raise InvalidType(f"rng must be a random.Random, got {value!r}")
    return value


def roll_d6(rng: random.Random, count: int) -> tuple[int, ...]:
    """Roll ``count`` D6 with ``rng.randint(1, 6)``, in order."""
    return tuple(rng.randint(1, 6) for _ in range(count))
