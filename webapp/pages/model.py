# Over 600 lines: the one base class of every page model (inputs, errors, the rules in force,
# compare mode and deep links), whose parts call each other; split, each would need the others.
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

import enum
import functools
import math
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from types import ModuleType
from typing import Any, ClassVar

import param

from rules.validation import InvalidInput, describe
from webapp.formatting import exact_text
from webapp.pages.switches import SWITCHES

__all__ = [
    "Calculator",
    "QueryError",
    "calculator_for",
    "exact_decimal",
    "input_error",
    "inputs_named",
    "named_input",
    "parse_value",
    "switch_parameter",
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
        for choice in parameter.objects:
            if choice == text or str(choice) == text:
                return choice  # (a choice of integers, as a rule switch's -4 or -6)
        allowed = ", ".join(str(o) for o in parameter.objects)
        raise QueryError(f"expected one of {allowed}, got {text!r}")
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

    The rules in force: a page of a system with rule variants derives from that system's base
    (:func:`calculator_for`), which declares one parameter per field of the system's
    ``Variant`` (its *switches*, :meth:`switch_names`). They are not inputs (the page's own
    sections do not show them; the shared "Rules in force" control does), except where the page
    declares an input of the same name (the MOO2 pages' ``formula``, the Lur-Asko attack's
    ``defense_die``): that input *is* the switch. :attr:`variant` is the ``Variant`` they make,
    which :meth:`compute` passes to every rule it calls. In a deep link a switch is a query
    parameter named after its field, written only when it differs from the default (absent =
    the default, so every older link keeps its meaning). With :attr:`compare` on,
    :attr:`compared` holds the result under a second variant too (:meth:`compared_variant`: the
    preset :attr:`compare_with` with the switches :attr:`compare_changes`; in a deep link
    ``compare=<preset>`` and ``compare.<field>=<value>``, so a link of before these holds the
    preset alone, as it did).
    """

    rules_system: ClassVar[ModuleType | None] = None
    """The :mod:`rules` package whose ``Variant`` the switches make (set by
    :func:`calculator_for`); None: the page has no rule variants."""
    _declares_switches: ClassVar[bool] = False
    switch_params: ClassVar[Mapping[str, str]] = {}
    """Switches whose parameter has another name than the field, field -> parameter: where
    the page has an input of the field's name with another meaning (the Defensive Fire page's
    ``defensive_fire`` flag: its switch is the page's ``mode`` input; the missiles page's
    ``helmsman_bonus`` number: its switch is ``helmsman_bonus_exists``)."""

    error_inputs: ClassVar[Mapping[str, str]] = {}
    """Rule parameters that an input of this page feeds under another name: rule -> input."""

    result = param.Parameter(default=None, precedence=-1, doc="The last good result.")
    error = param.String(default="", precedence=-1, doc="Why the current inputs fail, or ''.")
    error_input = param.String(default="", precedence=-1, doc="The input the error is about.")
    compare = param.Boolean(
        default=False, precedence=-1, label="Compare with another rule set",
        doc="Show the key figures under :attr:`compare_with` beside the rules in force.",
    )  # fmt: skip
    compare_with = param.String(
        default="", precedence=-1, doc="The preset compared with ('': the first other one)."
    )
    compare_changes = param.Dict(
        default={}, precedence=-1,
        doc="The compared rules' switches that differ from the preset :attr:`compare_with`"
        " (field -> value): compare mode's second side is any variant.",
    )  # fmt: skip
    compared = param.Parameter(
        default=None, precedence=-1, doc="The last good result under :meth:`compared_variant`."
    )

    def __init__(self, **params: Any) -> None:
        # An emptied number box sends None. Let it reach compute(), so that the rules'
        # ValueError ("squares must be an integer ..., got None") shows beside the input,
        # instead of param refusing it inside the widget link.
        for name in self.inputs:
            parameter = self.param[name]
            if isinstance(parameter, param.Number) and not parameter.allow_None:
                parameter.allow_None = True
        super().__init__(**params)
        self.param.watch(self._refresh, [*self.inputs, *self.switch_only_names()])
        self.param.watch(self._refresh_compared, ["compare", "compare_with", "compare_changes"])
        self._refresh()

    @classmethod
    @functools.cache
    def input_names(cls) -> tuple[str, ...]:
        """The inputs: every parameter the page declares with no negative precedence, in the
        order of declaration (a base class's first); the switches its system's base declares
        are not inputs (:meth:`switch_names`)."""
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            if klass.__dict__.get("_declares_switches"):
                continue
            for name, value in vars(klass).items():
                if isinstance(value, param.Parameter) and name != "name" and name not in names:
                    names.append(name)
        return tuple(
            name
            for name in names
            if (cls.param[name].precedence is None or cls.param[name].precedence >= 0)
            and id(cls.param[name]) not in _SWITCH_PARAMETERS
        )

    @classmethod
    @functools.cache
    def switch_names(cls) -> tuple[str, ...]:
        """The switches: one parameter per field of the system's ``Variant``, in field order
        (none for a page without rule variants)."""
        return tuple(cls.switch_params.get(name, name) for name in cls.field_names())

    @classmethod
    @functools.cache
    def field_names(cls) -> tuple[str, ...]:
        """The fields of the system's ``Variant``, in order (the switches' parameters are
        :meth:`switch_names`, in the same order)."""
        system = cls.rules_system
        return () if system is None else tuple(f.name for f in system.variant_fields())

    @classmethod
    @functools.cache
    def switch_only_names(cls) -> tuple[str, ...]:
        """The switches that are not also an input of the page."""
        return tuple(name for name in cls.switch_names() if name not in cls.input_names())

    @property
    def variant(self) -> Any:
        """The rules in force: the system's ``Variant`` of the switches (ValueError naming the
        switch if one is out of its domain; None for a page without rule variants)."""
        system = self.rules_system
        if system is None:
            return None
        values = zip(self.field_names(), self.switch_names(), strict=True)
        return system.Variant(**{field: getattr(self, name) for field, name in values})

    def switch_values(self, variant: Any) -> dict[str, Any]:
        """The switches' parameter values for ``variant`` (enum members as their values)."""
        return {
            name: value.value if isinstance(value, enum.Enum) else value
            for field, name in zip(self.field_names(), self.switch_names(), strict=True)
            for value in [getattr(variant, field)]
        }

    def preset_options(self) -> tuple[str, ...]:
        """The names of the system's presets, the default first."""
        system = self.rules_system
        return () if system is None else tuple(system.PRESETS)

    def preset_of(self, variant: Any) -> tuple[str, bool]:
        """(the preset ``variant`` is, or the nearest one, whether it differs from it)."""
        system = self.rules_system
        assert system is not None
        name = system.preset_name(variant)
        if name is not None:
            return name, False
        # the preset it differs from in the fewest switches (the first one on a tie)
        nearest = min(system.PRESETS, key=lambda n: len(variant.differences(n)))
        return nearest, True

    def rules_in_force(self) -> str:
        """The preset's name, with " (modified)" when a switch differs from it."""
        try:
            variant = self.variant
        except ValueError:
            return "(a switch is out of its domain)"
        if variant is None:
            return ""
        name, modified = self.preset_of(variant)
        return f"{name} (modified)" if modified else name

    def use_preset(self, name: str) -> None:
        """Set every switch to the preset named ``name``."""
        system = self.rules_system
        if system is None:
            return
        self.param.update(self.switch_values(system.find_preset(name)))

    def compared_preset(self) -> str:
        """The preset compare mode shows: :attr:`compare_with`, or else the first preset that
        is not the rules in force (the default, when the rules in force are modified)."""
        options = self.preset_options()
        if self.compare_with in options:
            return self.compare_with
        here = self.rules_in_force()
        return next((name for name in options if name != here), options[0] if options else "")

    def compared_variant(self) -> Any:
        """Compare mode's second side: the preset :meth:`compared_preset` with the switches of
        :attr:`compare_changes` (ValueError naming the field if one is out of its domain)."""
        system = self.rules_system
        assert system is not None
        base = system.find_preset(self.compared_preset())
        if not self.compare_changes:
            return base
        values = {field: getattr(base, field) for field in self.field_names()}
        return system.Variant(**(values | dict(self.compare_changes)))

    def compared_name(self) -> str:
        """The compared rules' name: the preset's, with " (modified)" when a switch differs."""
        name = self.compared_preset()
        try:
            modified = bool(self.compared_variant().differences(name))
        except ValueError:
            return "(a compared switch is out of its domain)"
        return f"{name} (modified)" if modified else name

    def compare_with_preset(self, name: str) -> None:
        """Compare with the preset named ``name``, every switch as that preset has it."""
        self.param.update(compare_with=name, compare_changes={})

    def set_compared_switch(self, field: str, value: Any) -> None:
        """Set switch ``field`` of the compared rules (kept only where it differs from the
        compared preset)."""
        system = self.rules_system
        assert system is not None and field in self.field_names()
        preset = getattr(system.find_preset(self.compared_preset()), field)
        changes = dict(self.compare_changes)
        if value == (preset.value if isinstance(preset, enum.Enum) else preset):
            changes.pop(field, None)
        else:
            changes[field] = value
        self.param.update(compare_with=self.compared_preset(), compare_changes=changes)

    def compute_under(self, variant: Any) -> Any:
        """:meth:`compute` with the switches set to ``variant`` (no event fired, the switches
        put back after)."""
        saved = {name: getattr(self, name) for name in self.switch_names()}
        with param.parameterized.discard_events(self):
            self.param.update(self.switch_values(variant))
            try:
                return self.compute()
            finally:
                self.param.update(saved)

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
            if name not in self.inputs and name in self.field_names():  # a switch's error
                name = self.switch_names()[self.field_names().index(name)]
            return name if name in self.inputs or name in self.switch_only_names() else None

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
        else:  # (the result and its compared twin together: the view renders once)
            self.param.update(result=result, compared=self._compared_of(), error="", error_input="")

    def _compared_of(self) -> Any:
        """The result under the compared rules, when compare mode is on (else None; None too
        when the inputs are not valid under them)."""
        if not self.compare or self.rules_system is None:
            return None
        try:
            return self.compute_under(self.compared_variant())
        except ValueError:
            return None

    def _refresh_compared(self, *_events: object) -> None:
        """Compare mode turned on or off, or the compared rules changed: :attr:`compared`
        again (kept as it was while the inputs are in error)."""
        if not self.error or not self.compare:
            self.compared = self._compared_of()

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
        for name in self.switch_only_names():
            value = getattr(self, name)
            if value is None or value == self.param[name].default:
                continue  # absent = the default
            out[name] = str(int(value) if isinstance(value, bool) else value)
        if self.compare:
            out["compare"] = self.compared_preset()
            for field in self.field_names():  # (in field order)
                if field in self.compare_changes:
                    value = self.compare_changes[field]
                    out[f"compare.{field}"] = str(int(value) if isinstance(value, bool) else value)
        return out

    def apply_query(self, query: Mapping[str, str]) -> list[str]:
        """Preset the inputs from a deep link; return the problems found (none: []).

        A link with any malformed value is not half-applied: every input falls back to its
        default and the problems, each naming the input by its label, are returned for the
        page to show as a notice."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for name in (*self.inputs, *self.switch_only_names()):
            if name not in query:
                continue
            try:
                values[name] = parse_value(self.param[name], query[name])
            except QueryError as error:
                problems.append(f"{self.label_of(name)}: {error} (in the link: {name})")
        if "compare" in query and self.rules_system is not None:
            if query["compare"] in self.preset_options():
                values.update(compare=True, compare_with=query["compare"])
            else:
                presets = ", ".join(self.preset_options())
                problems.append(
                    f"Compare with: expected one of {presets}, got {query['compare']!r}"
                    " (in the link: compare)"
                )
        changes = self._compared_switches_of(query, problems)
        if changes:
            values.update(compare=True, compare_changes=changes)
        if not problems:
            self.param.update(values)
            if self.error:
                problems.append(self.error)
            elif self.compare:
                try:
                    self.compared_variant()
                except ValueError as error:
                    problems.append(f"Compared rules: {error} (in the link: compare.…)")
        if problems:
            self.reset()
        return problems

    def _compared_switches_of(
        self, query: Mapping[str, str], problems: list[str]
    ) -> dict[str, Any]:
        """The compared rules' switches of a deep link (``compare.<field>=value``), each
        parsed as the switch's own parameter parses it; a malformed one is a problem."""
        changes: dict[str, Any] = {}
        for field, name in zip(self.field_names(), self.switch_names(), strict=True):
            key = f"compare.{field}"
            if key not in query:
                continue
            try:
                changes[field] = parse_value(self.param[name], query[key])
            except QueryError as error:
                label = self.label_of(name)
                problems.append(f"Compared rules, {label}: {error} (in the link: {key})")
        return changes

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
        """Every input and switch back to its default, compare mode off."""
        names = (*self.inputs, *self.switch_only_names())
        self.param.update(
            {name: self.param[name].default for name in names},
            compare=False, compare_with="", compare_changes={},
        )  # fmt: skip
        self._refresh()


_SWITCH_PARAMETERS: set[int] = set()
"""The ids of the switches' parameters (:func:`switch_parameter`): not inputs of a page."""


def switch_parameter(system: ModuleType, name: str) -> param.Parameter:
    """A parameter for the switch of field ``name`` of ``system.Variant``, for a page whose
    own input has the field's name (:attr:`Calculator.switch_params`)."""
    field = next(f for f in system.variant_fields() if f.name == name)
    parameter = _switch_parameter(field)
    _SWITCH_PARAMETERS.add(id(parameter))
    return parameter


def _switch_parameter(field: Any) -> param.Parameter:
    """The parameter of one switch (a ``rules.variants.VariantField``): a checkbox for a flag,
    a number box for an integer range, else a choice of its values."""
    default = field.default.value if isinstance(field.default, enum.Enum) else field.default
    label = SWITCHES[field.name].label
    if isinstance(default, bool):
        return param.Boolean(default=default, label=label, doc=field.summary)
    if isinstance(field.allowed, range):
        bounds = (field.allowed.start, field.allowed.stop - 1)
        return param.Integer(default=default, bounds=bounds, label=label, doc=field.summary)
    values = [v.value if isinstance(v, enum.Enum) else v for v in field.allowed]
    return param.Selector(objects=values, default=default, label=label, doc=field.summary)


def calculator_for(system: ModuleType) -> type[Calculator]:
    """The base of the page models of ``system`` (a :mod:`rules` package with a ``Variant``):
    a :class:`Calculator` declaring one switch per field of ``system.Variant``."""
    namespace: dict[str, Any] = {
        "rules_system": system,
        "_declares_switches": True,
        "__module__": __name__,
        "__doc__": f"A page of {system.__name__}, with its rule switches.",
    }
    for field in system.variant_fields():
        namespace[field.name] = switch_parameter(system, field.name)
    name = system.__name__.rsplit(".", 1)[-1].capitalize() + "Calculator"
    return type(name, (Calculator,), namespace)
