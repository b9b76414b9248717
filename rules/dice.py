"""Exact dice distributions shared by every rule set.

A :class:`Distribution` is an immutable mapping from outcome to exact probability
(:class:`~fractions.Fraction`) that compares equal to a plain ``dict``, so tests can write
expected tables as literals. Outcomes are any hashable, orderable values (usually ``int``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from rules.validation import InvalidInput, check_int

__all__ = ["Distribution", "d", "dice_sum", "enumerate_dice"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Mapping[T, Fraction]):
    """An exact, immutable probability distribution: outcome -> Fraction, summing to 1.

    >>> coin = Distribution.from_counts({"heads": 1, "tails": 1})
    >>> coin["heads"]
    Fraction(1, 2)
    >>> coin == {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
    True
    """

    __slots__ = ("_probabilities",)

    def __init__(self, probabilities: Mapping[T, Fraction | int]) -> None:
        cleaned = {k: Fraction(v) for k, v in probabilities.items() if v != 0}
        if any(p < 0 for p in cleaned.values()):
            raise InvalidInput(f"probabilities must be >= 0, got {dict(probabilities)!r}")
        if sum(cleaned.values()) != 1:
            raise InvalidInput(
                f"probabilities must sum to 1, got {sum(cleaned.values())} "
                f"for {dict(probabilities)!r}"
            )
        try:
            ordered = dict(sorted(cleaned.items()))
        except TypeError:
            ordered = cleaned
        self._probabilities: dict[T, Fraction] = ordered

    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        """Build from outcome -> count (equally likely elementary events)."""
        total = sum(counts.values())
        if total <= 0:
            raise InvalidInput(f"counts must add up to more than 0, got {dict(counts)!r}")
        return cls({k: Fraction(v, total) for k, v in counts.items()})

    @classmethod
    def from_outcomes(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Build from a sequence of equally likely outcomes (repeats count twice).

        >>> Distribution.from_outcomes([1, 1, 2]) == {1: Fraction(2, 3), 2: Fraction(1, 3)}
        True
        """
        return cls.from_counts(Counter(outcomes))

    def __getitem__(self, outcome: T) -> Fraction:
        return self._probabilities[outcome]

    def get(self, outcome: T, default: Any = Fraction(0)) -> Any:
        """Probability of ``outcome``; 0 for an impossible one."""
        return self._probabilities.get(outcome, default)

    def __iter__(self) -> Iterator[T]:
        return iter(self._probabilities)

    def __len__(self) -> int:
        return len(self._probabilities)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._probabilities) == {k: v for k, v in other.items() if v != 0}
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._probabilities.items()))

    def __repr__(self) -> str:
        return f"Distribution({self._probabilities!r})"

    def map(self, function: Callable[[T], U]) -> Distribution[U]:
        """The distribution of ``function(outcome)``.

        >>> d(6).map(lambda x: x >= 5)[True]
        Fraction(1, 3)
        """
        result: dict[U, Fraction] = {}
        for outcome, p in self._probabilities.items():
            key = function(outcome)
            result[key] = result.get(key, Fraction(0)) + p
        return Distribution(result)

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        """The probability that ``predicate(outcome)`` holds.

        >>> d(6).probability(lambda x: x > 4)
        Fraction(1, 3)
        """
        return sum((p for k, p in self._probabilities.items() if predicate(k)), Fraction(0))

    def mean(self) -> Fraction:
        """The exact expected value (numeric outcomes only).

        >>> dice_sum(2, 6).mean()
        Fraction(7, 1)
        """
        return sum(
            (Fraction(k) * p for k, p in self._probabilities.items()),  # type: ignore[call-overload]
            Fraction(0),
        )

    def __add__(self, other: Distribution[Any]) -> Distribution[Any]:
        """The distribution of the sum of two independent numeric outcomes."""
        result: dict[Any, Fraction] = {}
        for a, pa in self._probabilities.items():
            for b, pb in other._probabilities.items():
                key = a + b
                result[key] = result.get(key, Fraction(0)) + pa * pb
        return Distribution(result)


def d(sides: int) -> Distribution[int]:
    """One die with faces 1..``sides``, each equally likely.

    >>> d(4) == {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}
    True
    """
    check_int("sides", sides, 1)
    return Distribution.from_outcomes(range(1, sides + 1))


def dice_sum(count: int, sides: int) -> Distribution[int]:
    """The sum of ``count`` dice of ``sides`` faces (``dice_sum(0, 6)`` is always 0).

    >>> dice_sum(2, 6)[7]
    Fraction(1, 6)
    """
    check_int("count", count, 0)
    check_int("sides", sides, 1)
    total: Distribution[int] = Distribution({0: Fraction(1)})
    for _ in range(count):
        total = total + d(sides)
    return total


def enumerate_dice(count: int, sides: int) -> Iterator[tuple[int, ...]]:
    """Every equally likely ordered roll of ``count`` dice: the brute-force oracle for tests.

    >>> len(list(enumerate_dice(2, 6)))
    36
    """
    check_int("count", count, 0)
    check_int("sides", sides, 1)
    return itertools.product(range(1, sides + 1), repeat=count)
