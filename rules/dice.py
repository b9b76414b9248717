"""Exact dice distributions shared by every rule set.

A :class:`Distribution` is an immutable mapping from outcome to exact probability
(:class:`~fractions.Fraction`) that compares equal to a plain ``dict``, so tests can write
expected tables as literals. Outcomes are any hashable, orderable values (usually ``int``).

Sums of dice are counted exactly with integers: the counts of ``n`` dice are the coefficients
of the polynomial ``(x + x**2 + ... + x**sides) ** n``, raised by squaring on one packed
integer (:func:`dice_sum_counts`), not by ``n`` convolutions of fractions. The work still
grows with the dice, so they are bounded: at most :data:`MAX_DICE` dice of at most
:data:`MAX_SIDES` sides, with at most :data:`MAX_TOTALS` different totals (300D6, the largest
sum of six-sided dice, takes about 0.05 s).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, TypeVar, cast

from rules.validation import (
    MAX_ITEMS,
    InvalidInput,
    InvalidType,
    check_int,
    check_items,
    check_mapping,
    check_number,
    describe,
)

__all__ = [
    "MAX_DICE",
    "MAX_SIDES",
    "MAX_TOTALS",
    "Distribution",
    "d",
    "dice_sum",
    "dice_sum_counts",
    "enumerate_dice",
]

MAX_DICE = 300
"""The most dice one sum takes (300D6 has 1501 totals, computed exactly in about 0.05 s)."""

MAX_SIDES = 1000
"""The most sides a die may have (a d1000)."""

MAX_TOTALS = 2001
"""The most different totals one sum of dice may have: ``count * (sides - 1) + 1``."""

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
        """Build from outcome -> probability (numbers from 0 to 1 that add up to 1).

        Raises:
            ValueError: ``probabilities`` is not a mapping of at most 10,000 outcomes to
                numbers in 0..1 that add up to exactly 1.
        """
        pairs = check_mapping("probabilities", probabilities, "outcome to probability")
        cleaned: dict[T, Fraction] = {}
        for outcome, p in pairs:
            where = f"[{describe(outcome, 40)}]"
            number = check_number(f"probabilities{where}", p, 0, 1)
            if number:
                key = cast(T, _outcome(outcome))
                cleaned[key] = cleaned.get(key, Fraction(0)) + number
        total = sum(cleaned.values(), Fraction(0))
        if total != 1:
            raise InvalidInput(
                "probabilities",
                f"probabilities that add up to 1 (these add up to {describe(total, 60)})",
                probabilities,
            )
        self._probabilities: dict[T, Fraction] = _ordered(cleaned)

    @classmethod
    def _exact(cls, probabilities: dict[T, Fraction]) -> Distribution[T]:
        """Build from Fractions known to be > 0 and to add up to 1 (inside :mod:`rules`)."""
        distribution = cls.__new__(cls)
        distribution._probabilities = _ordered(probabilities)
        return distribution

    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        """Build from outcome -> count (equally likely elementary events).

        Raises:
            ValueError: ``counts`` is not a mapping of at most 10,000 outcomes to integers
                >= 0, with at least one count above 0.

        >>> Distribution.from_counts({"hit": 3, "miss": 1})["hit"]
        Fraction(3, 4)
        """
        pairs = check_mapping("counts", counts, "outcome to count")
        merged: dict[T, int] = {}
        for outcome, count in pairs:
            key = cast(T, _outcome(outcome))
            merged[key] = merged.get(key, 0) + check_int(
                f"counts[{describe(outcome, 40)}]", count, 0
            )
        total = sum(merged.values())
        if total <= 0:
            raise InvalidInput("counts", "counts that add up to more than 0", counts)
        return cls._exact({k: Fraction(v, total) for k, v in merged.items() if v})

    @classmethod
    def from_outcomes(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Build from a sequence of equally likely outcomes (repeats count twice).

        Raises:
            ValueError: ``outcomes`` is not a non-empty sequence of at most 10,000 hashable
                outcomes.

        >>> Distribution.from_outcomes([1, 1, 2]) == {1: Fraction(2, 3), 2: Fraction(1, 3)}
        True
        """
        items = check_items("outcomes", outcomes, "hashable outcomes", max_items=MAX_ITEMS)
        for index, item in enumerate(items):
            try:
                hash(item)
            except TypeError:
                raise InvalidType(f"outcomes[{index}]", "a hashable outcome", item) from None
        if not items:
            raise InvalidInput("outcomes", "a non-empty sequence of outcomes", outcomes)
        counts: Counter[T] = Counter(_outcome(item) for item in items)  # type: ignore[misc]
        total = len(items)
        return cls._exact({k: Fraction(v, total) for k, v in counts.items()})

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

        Raises:
            ValueError: ``function`` is not a function of one outcome returning a hashable
                outcome (an error it raises is kept as the cause).

        >>> d(6).map(lambda x: x >= 5)[True]
        Fraction(1, 3)
        """
        allowed = "a function of one outcome that returns a hashable outcome"
        _check_callable("function", function, allowed)
        result: dict[U, Fraction] = {}
        for outcome, p in self._probabilities.items():
            try:
                key = _outcome(function(outcome))
                result[key] = result.get(key, Fraction(0)) + p
            except InvalidInput:
                raise
            except Exception as error:
                raise InvalidInput("function", allowed, function) from error
        return Distribution._exact(result)

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        """The probability that ``predicate(outcome)`` holds.

        Raises:
            ValueError: ``predicate`` is not a function of one outcome (an error it raises is
                kept as the cause).

        >>> d(6).probability(lambda x: x > 4)
        Fraction(1, 3)
        """
        allowed = "a function of one outcome"
        _check_callable("predicate", predicate, allowed)
        total = Fraction(0)
        for outcome, p in self._probabilities.items():
            try:
                holds = predicate(outcome)
            except InvalidInput:
                raise
            except Exception as error:
                raise InvalidInput("predicate", allowed, predicate) from error
            if holds:
                total += p
        return total

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
        if not isinstance(other, Distribution):
            return NotImplemented
        result: dict[Any, Fraction] = {}
        for a, pa in self._probabilities.items():
            for b, pb in other._probabilities.items():
                key = a + b
                result[key] = result.get(key, Fraction(0)) + pa * pb
        return Distribution._exact({k: v for k, v in result.items() if v})


def _ordered[K](probabilities: dict[K, Fraction]) -> dict[K, Fraction]:
    try:
        return dict(sorted(probabilities.items()))
    except TypeError:  # outcomes that do not compare keep their order
        return dict(probabilities)


def _check_callable(name: str, value: object, allowed: str) -> None:
    if not callable(value):
        raise InvalidType(name, allowed, value)


def _outcome[K](value: K) -> K:
    """An outcome with numpy scalars made Python values (``np.int64(3)`` -> ``3``)."""
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        item: K = value.item()
        return item
    return value


def _check_sides(sides: object) -> int:
    return check_int("sides", sides, 1, MAX_SIDES)


def _check_count(count: object, sides: int) -> int:
    """``count`` within :data:`MAX_DICE` and :data:`MAX_TOTALS` for dice of ``sides``."""
    if sides == 1 or (MAX_TOTALS - 1) // (sides - 1) >= MAX_DICE:
        return check_int("count", count, 0, MAX_DICE)
    most = (MAX_TOTALS - 1) // (sides - 1)
    checked = check_int("count", count)
    if not 0 <= checked <= most:
        raise InvalidInput(
            "count",
            f"an integer in 0..{most} for {sides}-sided dice (at most {MAX_TOTALS} totals)",
            count,
        )
    return checked


def d(sides: int) -> Distribution[int]:
    """One die with faces 1..``sides``, each equally likely.

    Raises:
        ValueError: ``sides`` is not an integer in 1..1000 (:data:`MAX_SIDES`).

    >>> d(4) == {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}
    True
    """
    sides = _check_sides(sides)
    return Distribution._exact({face: Fraction(1, sides) for face in range(1, sides + 1)})


@functools.lru_cache(maxsize=64)
def _sum_counts(count: int, sides: int) -> tuple[int, ...]:
    if count == 0:
        return (1,)
    # One byte-aligned slot per total, wide enough for the largest count (< sides**count):
    # the packed power has no carries, so its slots are the polynomial's coefficients.
    width = ((sides**count).bit_length() + 8) // 8
    die = sum(1 << (8 * width * face) for face in range(sides))
    totals = count * (sides - 1) + 1
    packed = pow(die, count).to_bytes(totals * width, "little")
    return tuple(
        int.from_bytes(packed[i * width : (i + 1) * width], "little") for i in range(totals)
    )


def dice_sum_counts(count: int, sides: int) -> tuple[int, ...]:
    """How many of the ``sides ** count`` ordered rolls give each total, from ``count`` up.

    Computed as the coefficients of ``(1 + x + ... + x**(sides - 1)) ** count``, raised by
    squaring on one packed integer (no carries: each coefficient has its own slot).

    Raises:
        ValueError: ``sides`` is not an integer in 1..1000 (:data:`MAX_SIDES`), or ``count``
            not an integer in 0..300 (:data:`MAX_DICE`) with at most 2001 totals
            (:data:`MAX_TOTALS`).

    >>> dice_sum_counts(2, 6)
    (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    """
    sides = _check_sides(sides)
    return _sum_counts(_check_count(count, sides), sides)


def dice_sum(count: int, sides: int) -> Distribution[int]:
    """The sum of ``count`` dice of ``sides`` faces (``dice_sum(0, 6)`` is always 0).

    Raises:
        ValueError: as :func:`dice_sum_counts`.

    >>> dice_sum(2, 6)[7]
    Fraction(1, 6)
    """
    counts = dice_sum_counts(count, sides)
    rolls = sum(counts)
    lowest = check_int("count", count)  # the lowest total: every die shows 1
    return Distribution._exact(
        {lowest + offset: Fraction(ways, rolls) for offset, ways in enumerate(counts)}
    )


def enumerate_dice(count: int, sides: int) -> Iterator[tuple[int, ...]]:
    """Every equally likely ordered roll of ``count`` dice: the brute-force oracle for tests.

    Raises:
        ValueError: ``sides`` is not an integer in 1..1000, or ``count`` not in 0..300.

    >>> len(list(enumerate_dice(2, 6)))
    36
    """
    sides = _check_sides(sides)
    count = check_int("count", count, 0, MAX_DICE)
    return itertools.product(range(1, sides + 1), repeat=count)
