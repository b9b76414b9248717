"""The model half of the page contract: a :class:`Calculator` computes, and nothing else.

A page's model (``webapp/pages/<system>/<page>.py``) is a :class:`Calculator`: its inputs are
its parameters (each with a ``label``, bounds and choices from :mod:`rules`),
:meth:`Calculator.compute` calls :mod:`rules` and returns the result, holding every number
the page shows. Everything else is shared: validation, the last good result, the error
attributed to the input it concerns, deep links. Its view (:mod:`webapp.pages.view`) only
renders that result.

An error is structure, not prose: :class:`rules.validation.InvalidInput` carries the
``parameter`` it is about, the ``allowed`` values and the ``value`` given. The model maps the
parameter to one of its inputs (same name, or :attr:`Calculator.error_inputs`, or
:func:`inputs_named` around a call) and the page shows the message with the input's label,
so no internal name reaches the screen.

This module imports no Panel: models are tested headlessly, and built without any view.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, ClassVar

import param

from rules.validation import InvalidInput, describe
from webapp.formatting import exact_text

__all__ = [
    "Calculator",
    "QueryError",
    "exact_decimal",
    "input_error",
    "inputs_named",
    "named_input",
    "parse_value",
    "whole_number",
]


class QueryError(ValueError):
    """A deep-link value that does not parse or is outside the input's domain."""


def parse_value(parameter: param.Parameter, text: str) -> Any:
    """Turn a query-string value into a value for ``parameter``; QueryError if it is malformed.

    >>> import param
    >>> parse_value(param.Integer(3), "14")
    14
    >>> parse_value(param.Boolean(False), "true")
    True
    """
    if isinstance(parameter, param.Boolean):
        lowered = text.strip().lower()
        if lowered in {"1", "true", "yes", "on"}:
            return True
        if lowered in {"0", "false", "no", "off"}:
            return False
        raise QueryError(f"expected true or false, got {text!r}")
    if isinstance(parameter, param.Integer):
        if not re.fullmatch(r"[+-]?\d{1,9}", text.strip()):
            raise QueryError(f"expected a whole number, got {text!r}")
        return int(text)
    if isinstance(parameter, param.Number):
        try:
            value = float(text)
        except ValueError:
            raise QueryError(f"expected a number, got {text!r}") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise QueryError(f"expected a finite number, got {text!r}")
        return value
    if isinstance(parameter, param.Selector):
        if text not in parameter.objects:
            allowed = ", ".join(str(o) for o in parameter.objects)
            raise QueryError(f"expected one of {allowed}, got {text!r}")
        return text
    return text


def input_error(name: str, allowed: str, value: object) -> InvalidInput:
    """The error a page raises about its own input ``name`` (as the rules raise theirs)."""
    return InvalidInput(name, allowed, value)


def exact_decimal(name: str, value: object) -> Fraction:
    """A typed decimal (a float from a number box) as the exact decimal the user typed.

    ``12.1`` is read as 121/10, not as the binary float nearest to it, so the page and the
    rulebook agree at band edges. An error about input ``name`` for anything but a finite
    number.

    >>> exact_decimal("distance", 50.1), exact_decimal("distance", 3)
    (Fraction(501, 10), Fraction(3, 1))
    """
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise input_error(name, "a number", value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise input_error(name, "a finite number", value)
        return Fraction(repr(value))
    return Fraction(value)


def whole_number(name: str, value: Fraction, allowed: str = "a whole number") -> int:
    """``value`` as an ``int``; an error about input ``name`` if it has a fraction.

    >>> whole_number("distance", Fraction(20))
    20
    """
    if value.denominator != 1:
        raise input_error(name, allowed, float(value))
    return int(value)


@contextmanager
def inputs_named(names: Mapping[str, str] | str) -> Iterator[None]:
    """Attribute a rule's error to the page input that fed the parameter it names.

    ``names`` maps a rule's parameter to the page input (``{"points": "s2_points"}``); a
    single input name takes every error raised inside. The error keeps its ``allowed`` and
    ``value``; only its ``parameter`` changes.

    >>> from rules import cepheus
    >>> try:
    ...     with inputs_named({"squares": "distance"}):
    ...         cepheus.range_band(-1)
    ... except ValueError as error:
    ...     print(error.parameter)
    distance
    """
    try:
        yield
    except ValueError as error:
        name = names if isinstance(names, str) else named_input(error, names.get)
        if name is not None:
            error.parameter = name  # type: ignore[attr-defined]
        raise


def named_input(error: BaseException, lookup: Callable[[str], str | None]) -> str | None:
    """The input ``error`` is about, by ``lookup`` of the name of the parameter it names:
    first with its ``where`` (as in ``allocation['endurance']``), then alone; None if
    ``lookup`` knows neither (or the error names no parameter).

    The one lookup from a rule's parameter to a page input, for :func:`inputs_named` and
    :meth:`Calculator.input_of`.

    >>> error = InvalidInput("allocation", "0..10", 11)
    >>> error.where = "['endurance']"
    >>> named_input(error, {"allocation['endurance']": "end"}.get)
    'end'
    """
    parameter = getattr(error, "parameter", None)
    if not isinstance(parameter, str):
        return None
    where = getattr(error, "where", "")
    for key in (parameter + where, parameter):
        name = lookup(key)
        if name is not None:
            return name
    return None


class Calculator(param.Parameterized):
    """Base of every page model.

    Every parameter a subclass declares is an input (in display and deep-link order), except
    those with a negative ``precedence``. :meth:`compute` calls :mod:`rules` and returns the
    result object the view renders. Bad input never crashes: ``compute`` raising
    ``ValueError`` leaves ``result`` at the last good value and puts the message, worded with
    the input's label, in ``error``, and the input's name in ``error_input``.
    """

    error_inputs: ClassVar[Mapping[str, str]] = {}
    """Rule parameters that an input of this page feeds under another name: rule -> input."""

    result = param.Parameter(default=None, precedence=-1, doc="The last good result.")
    error = param.String(default="", precedence=-1, doc="Why the current inputs fail, or ''.")
    error_input = param.String(default="", precedence=-1, doc="The input the error is about.")

    def __init__(self, **params: Any) -> None:
        # An emptied number box sends None. Let it reach compute(), so that the rules'
        # ValueError ("squares must be an integer ..., got None") shows beside the input,
        # instead of param refusing it inside the widget link.
        for name in self.inputs:
            parameter = self.param[name]
            if isinstance(parameter, param.Number) and not parameter.allow_None:
                parameter.allow_None = True
        super().__init__(**params)
        self.param.watch(self._refresh, list(self.inputs))
        self._refresh()

    @classmethod
    @functools.cache
    def input_names(cls) -> tuple[str, ...]:
        """The inputs: every parameter of the page with no negative precedence, in order."""
        return tuple(
            name
            for name, parameter in cls.param.objects("existing").items()
            if name != "name" and (parameter.precedence is None or parameter.precedence >= 0)
        )

    @property
    def inputs(self) -> tuple[str, ...]:
        """The names of the inputs (see :meth:`input_names`)."""
        return type(self).input_names()

    def label_of(self, name: str) -> str:
        """How the page names input ``name``: its parameter's label."""
        return str(self.param[name].label)

    def compute(self) -> Any:
        raise NotImplementedError

    def input_of(self, error: BaseException) -> str:
        """The input an error is about, or ``''`` when it is about none in particular.

        The error's ``parameter`` (with its ``where``, as in ``allocation['endurance']``,
        looked up first) is an input's name, or a key of :attr:`error_inputs`."""

        def lookup(key: str) -> str | None:
            name = self.error_inputs.get(key, key)
            return name if name in self.inputs else None

        return named_input(error, lookup) or ""

    def describe(self, error: BaseException, name: str) -> str:
        """The message shown for ``error``: about input ``name``, in the words of its label.

        An emptied box reads "got nothing"; an exact number reads as the visitor typed it
        (``-2``, ``12.5``, ``10/3``), not as ``Fraction(-2, 1)``."""
        allowed = getattr(error, "allowed", None)
        if not (name and isinstance(allowed, str) and allowed):
            return str(error)
        allowed = self._in_words(allowed)
        value = getattr(error, "value", None)
        if value is None:
            shown = "nothing"
        elif isinstance(value, Fraction):
            shown = exact_text(value)
        else:
            shown = describe(value)
        return f"{self.label_of(name)} must be {allowed}, got {shown}"

    def _in_words(self, text: str) -> str:
        """``text`` with the names of this page's inputs (``min_damage``) as their labels.

        Only names that cannot be ordinary words are replaced: those with an underscore or a
        digit (inputs, and the rule parameters of :attr:`error_inputs`)."""
        named = {name: name for name in self.inputs} | dict(self.error_inputs)
        labels = {
            key: self.label_of(name) for key, name in named.items() if re.search(r"[_\d]", key)
        }
        if not labels:
            return text
        pattern = r"\b(" + "|".join(map(re.escape, sorted(labels, key=len, reverse=True))) + r")\b"
        return re.sub(pattern, lambda match: labels[match.group(1)], text)

    def _refresh(self, *_events: object) -> None:
        try:
            result = self.compute()
        except ValueError as error:
            name = self.input_of(error)
            self.param.update(error=self.describe(error, name), error_input=name)
        else:
            self.param.update(result=result, error="", error_input="")

    # --- deep links ---------------------------------------------------------------------

    def query(self) -> dict[str, str]:
        """The inputs as query-string values (booleans as 0/1; an emptied box left out)."""
        out: dict[str, str] = {}
        for name in self.inputs:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or (isinstance(value, float) and value.is_integer()):
                value = int(value)  # booleans as 0/1; 20.0 as 20, so a link reads the same
            out[name] = str(value)
        return out

    def apply_query(self, query: Mapping[str, str]) -> list[str]:
        """Preset the inputs from a deep link; return the problems found (none: []).

        A link with any malformed value is not half-applied: every input falls back to its
        default and the problems, each naming the input by its label, are returned for the
        page to show as a notice."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for name in self.inputs:
            if name not in query:
                continue
            try:
                values[name] = parse_value(self.param[name], query[name])
            except QueryError as error:
                problems.append(f"{self.label_of(name)}: {error} (in the link: {name})")
        if not problems:
            self.param.update(values)
            if self.error:
                problems.append(self.error)
        if problems:
            self.reset()
        return problems

    def take_inputs(self, values: Mapping[str, str]) -> tuple[list[str], list[str]]:
        """Set the inputs of ``values`` that this page has and can use, input by input (the
        inputs remembered on the device, or a saved entry from any page of the system);
        return (the names taken, the problems, each naming its input by its label).

        Unlike :meth:`apply_query`, one unusable value does not discard the others: it
        keeps its default and is named in the problems. Names this page does not have are
        left out silently (a saved entry from another page); the caller says which inputs
        were taken. If the values taken together fail (an input out of bounds for the
        rules), the input each error names goes back to its default and the error is a problem
        (every input, if an error names none of those taken)."""
        taken: dict[str, Any] = {}
        problems: list[str] = []
        for name in self.inputs:
            if name not in values:
                continue
            try:
                taken[name] = parse_value(self.param[name], str(values[name]))
            except QueryError as error:
                problems.append(f"{self.label_of(name)}: {error}")
        self.param.update(taken)
        # Each input the rules refuse (out of bounds) goes back to its default, one by one.
        while self.error:
            problems.append(self.error)
            name = self.error_input
            if name not in taken:  # about no input taken: start from the defaults
                self.reset()
                return [], problems
            del taken[name]
            setattr(self, name, self.param[name].default)
        return list(taken), problems

    def reset(self) -> None:
        """Every input back to its default."""
        self.param.update({name: self.param[name].default for name in self.inputs})
        self._refresh()
