"""Input checks shared by every rule set: the one validation layer of :mod:`rules`.

Every public function of :mod:`rules` validates its input with these helpers, so that bad
input raises :class:`InvalidInput` (a :class:`ValueError`) whose message names the
parameter, what is allowed and the value given, e.g.
``squares must be an integer in 0..24, got 25``, and whose attributes carry the same three
things (``error.parameter``, ``error.allowed``, ``error.value``) for a caller that shows the
problem beside the right input.

What every check accepts (the same everywhere in the package):

* **Integers** go through :func:`operator.index`: ``int`` and integer types such as numpy's
  (converted to ``int``, so arithmetic never wraps around); ``bool`` (and numpy's bool) is
  refused, and so are floats, even whole ones. Every integer is at most
  :data:`MAX_MAGNITUDE` in size (``2**53 - 1``, the largest integer a browser number holds
  exactly); no rule quantity comes near it, and it keeps every result exact, fast and
  printable.
* **Numbers** (a distance, a weight, a percentage) are integers as above, fractions, and
  finite floats (numpy floats included), converted exactly to :class:`~fractions.Fraction`;
  at most :data:`MAX_MAGNITUDE` in size and no finer than the finest float (denominator at most
  :data:`MAX_DENOMINATOR`). NaN and infinities are refused.
* **Counts whose work grows with them** (dice, chart rows, aura stores, items of a sequence)
  have an upper bound, stated in the docstring of the function and in the message.
* **Flags** are ``True`` or ``False`` (numpy's bool too); ``0``, ``1`` and strings are refused.
* **Choices** are a member of the enum or its value (``"heavy"``), checked on every call,
  whatever the other arguments.
* **A "sequence of X"** is any iterable (list, tuple, range, generator, numpy array, ...),
  read up to its bound (:data:`MAX_ITEMS` unless the function states a smaller one, so an
  endless iterator is refused, not followed), except: text (``str``, ``bytes``; a string is
  not taken as a sequence of characters), mappings (their keys would be taken and their values
  dropped), and, where the order counts, sets (their order is arbitrary).
* **Records** a caller builds (``AttackSituation``, ``Physical``, ``BeamShot``, ...) validate
  every field on construction, with the field's name as the parameter. Records that
  :mod:`rules` builds itself (results such as ``RangeRow`` and rows of rule tables) are marked
  :func:`output_record`: their constructors do not check anything, so build them only through
  the functions that return them.

Naming convention: ``parameter`` is always the name of a parameter of the public callable
that was called, as written in its signature (for a record class, its fields). A problem
inside a parameter (an item of a sequence, a key of a mapping, a field of a record argument)
is named by the parameter that holds it; the message says where, as in
``levels[1] must be a number >= 1, got 0`` (``parameter`` ``'levels'``, ``where`` ``'[1]'``).
A rule that ties two parameters together names the one that breaks it, and its ``allowed``
names the other (``max_damage must be an integer >= min_damage (4), got 3``).
"""

from __future__ import annotations

import enum
import itertools
import math
import numbers
import operator
import re
from collections.abc import Iterable, Mapping, Set
from fractions import Fraction
from typing import Final

__all__ = [
    "MAX_DENOMINATOR",
    "MAX_ITEMS",
    "MAX_MAGNITUDE",
    "InvalidInput",
    "InvalidType",
    "check_bool",
    "check_choice",
    "check_instance",
    "check_int",
    "check_items",
    "check_mapping",
    "check_number",
    "check_text",
    "describe",
    "is_output_record",
    "names",
    "output_record",
]

MAX_MAGNITUDE: Final = 2**53 - 1
"""The largest integer (and number) in size any input may be: ``2**53 - 1``.

It is JavaScript's ``Number.MAX_SAFE_INTEGER``, the largest integer the browser page can hold
exactly, and far beyond any quantity of the rules. Bigger values are refused, never clamped."""

MAX_DENOMINATOR: Final = 2**1074
"""The largest denominator of a number input: that of the smallest float, ``5e-324``, so every
finite float is accepted and no finer fraction is."""

MAX_ITEMS: Final = 10_000
"""The most items a sequence (or mapping) input may have, unless its function states fewer."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MESSAGE = re.compile(r"(?s)(\S+) must be (.*), got (.*)")


def _split(name: str) -> tuple[str, str]:
    """``"levels[1]"`` -> ``("levels", "[1]")``: the parameter and where inside it."""
    match = _IDENTIFIER.match(name)
    if match is None:
        return name, ""
    return match.group(), name[match.end() :]


def describe(value: object, limit: int = 200) -> str:
    """``repr(value)`` for a message: shortened past ``limit`` characters, and never failing.

    >>> describe(25), describe("x" * 300)[-5:], describe(10**5000)
    ('25', 'xx...', '<an integer of about 5001 digits>')
    """
    if isinstance(value, int) and abs(value).bit_length() > 4 * limit:  # too long to show
        return f"<an integer of about {math.floor(math.log10(abs(value))) + 1} digits>"
    try:
        text = repr(value)
    except Exception:  # a value too large to show (say a Fraction of 5000 digits)
        return f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class InvalidInput(ValueError):
    """A value outside the domain of a rule.

    ``InvalidInput(parameter, allowed, value)`` builds the message
    ``"{parameter} must be {allowed}, got {value!r}"`` and keeps the three as attributes.
    ``parameter`` may carry where inside the parameter the problem is (``"levels[1]"``): the
    attribute ``parameter`` is then the name alone (``"levels"``) and ``where`` the rest. A
    value too long to show is shortened in the message (see :func:`describe`), never in
    ``value``.

    ``InvalidInput(message)``, the form of code written before these attributes, still works:
    ``parameter``, ``where`` and ``allowed`` are then read back from a message of the usual
    form, and ``value`` is None.

    >>> error = InvalidInput("squares", "an integer in 0..24", 25)
    >>> str(error), error.parameter, error.allowed, error.value
    ('squares must be an integer in 0..24, got 25', 'squares', 'an integer in 0..24', 25)
    >>> InvalidInput("levels[1]", "a number >= 1", 0).where
    '[1]'
    """

    parameter: str
    """The name of the parameter (of the public callable that was called)."""
    allowed: str
    """What the parameter allows, as in the message."""
    value: object
    """The value given (the item, for a problem inside a sequence or mapping)."""
    where: str
    """Where inside the parameter the problem is (``"[1]"``, ``" key"``), or ``""``."""

    def __init__(
        self, parameter: str, allowed: str | None = None, value: object = None, *, where: str = ""
    ) -> None:
        if allowed is None:
            message = parameter
            match = _MESSAGE.fullmatch(message)
            name, allowed = (match.group(1), match.group(2)) if match else (message, "")
            self.parameter, self.where = _split(name)
            self.allowed, self.value = allowed, None
        else:
            self.parameter, inside = _split(parameter)
            self.where, self.allowed, self.value = inside + where, allowed, value
            message = f"{self.parameter}{self.where} must be {allowed}, got {describe(value)}"
        super().__init__(message)


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


def _magnitude_text(kind: str, low: int | Fraction | None, high: int | Fraction | None) -> str:
    """``kind`` with its bounds narrowed to :data:`MAX_MAGNITUDE`."""
    low = -MAX_MAGNITUDE if low is None else max(low, -MAX_MAGNITUDE)
    high = MAX_MAGNITUDE if high is None else min(high, MAX_MAGNITUDE)
    return f"{kind}{_bounds_text(low, high)}"


def _is_bool(value: object) -> bool:
    """True for ``bool`` and numpy's bool (recognised without importing numpy)."""
    kind = type(value)
    return isinstance(value, bool) or (
        kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
    )


def _integer(value: object) -> int | None:
    """``value`` as an ``int`` through :func:`operator.index`, or None (bools refused)."""
    if _is_bool(value):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def check_int(
    name: str,
    value: object,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """Return ``value`` as an ``int`` if it is an integer within ``low..high`` (inclusive).

    Integers pass through :func:`operator.index` (numpy integers become ``int``); bools are
    refused; so is anything larger in size than :data:`MAX_MAGNITUDE`.

    >>> check_int("squares", 3, 0, 24)
    3
    >>> check_int("squares", 25, 0, 24)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: squares must be an integer in 0..24, got 25
    >>> check_int("dice", 2**60, 0)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: dice must be an integer in 0..9007199254740991, got \
1152921504606846976
    """
    allowed = f"an integer{_bounds_text(low, high)}"
    number = _integer(value)
    if number is None:
        raise InvalidType(name, allowed, value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInput(name, allowed, value)
    if abs(number) > MAX_MAGNITUDE:
        raise InvalidInput(name, _magnitude_text("an integer", low, high), value)
    return number


def _rational(value: object) -> Fraction | None:
    """``value`` as an exact Fraction; None if it is no number, NaN if not finite."""
    if _is_bool(value):
        return None
    number = _integer(value)
    if number is not None:
        return Fraction(number)
    if isinstance(value, numbers.Rational):
        numerator, denominator = _integer(value.numerator), _integer(value.denominator)
        if numerator is None or denominator is None:
            return None
        return Fraction(numerator, denominator)
    if isinstance(value, float | numbers.Real):
        try:
            approximation = float(value)
        except (TypeError, ValueError, OverflowError):
            return None
        if not math.isfinite(approximation) or approximation != value:
            raise _NotFinite
        return Fraction(approximation)
    return None


class _NotFinite(Exception):
    """A float that is NaN or infinite (or a float-like value a float cannot hold exactly)."""


def check_number(
    name: str,
    value: object,
    low: int | Fraction | None = None,
    high: int | Fraction | None = None,
) -> Fraction:
    """Return ``value`` as an exact :class:`~fractions.Fraction` if finite, rational and in range.

    Integers (as :func:`check_int`), fractions and finite floats (numpy's included) are
    accepted, converted exactly; bools, NaN and infinities are refused, and so is anything
    larger in size than :data:`MAX_MAGNITUDE` or with a denominator above
    :data:`MAX_DENOMINATOR`.

    >>> check_number("pounds", 12.5, 0)
    Fraction(25, 2)
    >>> check_number("pounds", -1, 0)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: pounds must be a number >= 0, got -1
    """
    allowed = f"a number{_bounds_text(low, high)}"
    try:
        number = _rational(value)
    except _NotFinite:
        raise InvalidInput(name, allowed, value) from None
    if number is None:
        raise InvalidType(name, allowed, value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInput(name, allowed, value)
    if abs(number) > MAX_MAGNITUDE:
        raise InvalidInput(name, _magnitude_text("a number", low, high), value)
    if number.denominator > MAX_DENOMINATOR:
        raise InvalidInput(name, f"{allowed} no finer than 2**-1074 (the finest float)", value)
    return number


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is ``True`` or ``False`` (numpy's bool becomes ``bool``).

    >>> check_bool("planet", True)
    True
    >>> check_bool("planet", 1)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: planet must be True or False, got 1
    """
    if not _is_bool(value):
        raise InvalidType(name, "True or False", value)
    return bool(value)


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
    if not _is_bool(value):
        try:
            return choices(value)
        except (ValueError, TypeError):
            pass
    raise InvalidInput(name, f"one of {names(choices)}", value)


def check_text(name: str, value: object, *, empty: bool = True, allowed: str | None = None) -> str:
    """Return ``value`` as a ``str`` if it is text (non-blank unless ``empty``).

    ``allowed`` replaces "text" / "non-empty text" in the message.

    >>> check_text("name", "Death Ray", empty=False)
    'Death Ray'
    >>> check_text("name", " ", empty=False)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: name must be non-empty text, got ' '
    """
    if allowed is None:
        allowed = "text" if empty else "non-empty text"
    if not isinstance(value, str):
        raise InvalidType(name, allowed, value)
    if not empty and not value.strip():
        raise InvalidInput(name, allowed, value)
    return str(value)


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def check_instance[T](name: str, value: object, kind: type[T]) -> T:
    """Return ``value`` if it is an instance of the record class ``kind``.

    >>> from fractions import Fraction
    >>> check_instance("chance", 3, Fraction)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: chance must be a Fraction, got 3
    """
    if not isinstance(value, kind):
        raise InvalidType(name, _article(kind.__name__), value)
    return value


def check_items(
    name: str,
    value: object,
    what: str,
    *,
    ordered: bool = True,
    max_items: int = MAX_ITEMS,
) -> tuple[object, ...]:
    """``value`` as a tuple, if it is a sequence (or, unless ``ordered``, a collection) of items.

    ``what`` names the items for the message (``"numbers >= 1"``); the caller checks each item
    (name it ``f"{name}[{index}]"``). Any iterable is read, up to ``max_items`` items (so an
    endless iterator is refused); text, bytes and mappings are refused, and so are sets when
    ``ordered`` (their order is arbitrary).

    >>> check_items("levels", (4, 4), "numbers >= 1")
    (4, 4)
    >>> check_items("levels", "44", "numbers >= 1")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: levels must be a sequence of at most 10000 numbers >= 1 \
(not text), got '44'
    """
    container = "sequence" if ordered else "collection"
    allowed = f"a {container} of at most {max_items} {what}"
    if isinstance(value, str | bytes | bytearray | memoryview):
        raise InvalidType(name, f"{allowed} (not text)", value)
    if isinstance(value, Mapping):
        raise InvalidType(name, f"{allowed} (not a mapping)", value)
    if ordered and isinstance(value, Set):
        raise InvalidType(name, f"{allowed} (not a set: its order is arbitrary)", value)
    if not isinstance(value, Iterable):
        raise InvalidType(name, allowed, value)
    try:
        iterator = iter(value)
    except TypeError:  # an iterable that refuses (a 0-d numpy array)
        raise InvalidType(name, allowed, value) from None
    items = tuple(itertools.islice(iterator, max_items + 1))
    if len(items) > max_items:
        raise InvalidInput(name, allowed, value)
    return items


def check_mapping(
    name: str, value: object, what: str, *, max_items: int = MAX_ITEMS
) -> tuple[tuple[object, object], ...]:
    """The ``(key, value)`` pairs of ``value``, if it is a mapping of at most ``max_items``.

    ``what`` names the entries for the message (``"characteristic to points"``).

    >>> check_mapping("allocation", {"strength": 2}, "characteristic to points")
    (('strength', 2),)
    >>> check_mapping("allocation", 5, "characteristic to points")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidType: allocation must be a mapping of characteristic to points \
(at most 10000 entries), got 5
    """
    allowed = f"a mapping of {what} (at most {max_items} entries)"
    if not isinstance(value, Mapping):
        raise InvalidType(name, allowed, value)
    if len(value) > max_items:
        raise InvalidInput(name, allowed, value)
    return tuple(value.items())


def names(members: Iterable[enum.Enum]) -> str:
    """The values of ``members`` as a comma-separated list of reprs, for messages."""
    return ", ".join(repr(member.value) for member in members)


def output_record[C: type](cls: C) -> C:
    """Mark a record class as an output: :mod:`rules` builds it (a result, a table row).

    Its constructor checks nothing: build one only through the function that returns it, or
    read it from its table. The class docstring says so.
    """
    cls.__rules_output_record__ = True  # type: ignore[attr-defined]
    note = (
        "Output only: built by :mod:`rules` (a result or a row of a rule table); its "
        "constructor checks nothing."
    )
    cls.__doc__ = f"{(cls.__doc__ or '').rstrip()}\n\n    {note}\n"
    return cls


def is_output_record(cls: type) -> bool:
    """Whether ``cls`` is marked :func:`output_record`."""
    return bool(vars(cls).get("__rules_output_record__", False))
