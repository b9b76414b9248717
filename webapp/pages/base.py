"""What every calculator page shares: validated inputs, the last good result, deep links.

A page is a :class:`Calculator` (a ``param.Parameterized`` model: inputs are parameters,
``compute`` calls :mod:`rules`) and a view (a ``pn.viewable.Viewer``) that only renders it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

import param

__all__ = ["Calculator", "QueryError", "parse_value"]


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


class Calculator(param.Parameterized):
    """Base of every page model.

    Subclasses declare their inputs as parameters (listed in ``inputs``, in display and URL
    order) and implement :meth:`compute`, which calls :mod:`rules` and returns the result
    object the view renders. Bad input never crashes: ``compute`` raising ``ValueError``
    leaves ``result`` at the last good value and puts the message in ``error``, attributed
    to the input it names (``error_input``).
    """

    inputs: ClassVar[tuple[str, ...]] = ()

    result = param.Parameter(default=None, precedence=-1, doc="The last good result.")
    error = param.String(default="", precedence=-1, doc="Why the current inputs fail, or ''.")
    error_input = param.String(default="", precedence=-1, doc="The input the error names.")

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

    def compute(self) -> Any:
        raise NotImplementedError

    def _refresh(self, *_events: object) -> None:
        try:
            result = self.compute()
        except ValueError as error:
            message = str(error)
            named = next(
                (name for name in self.inputs if re.match(rf"{re.escape(name)}\b", message)),
                "",
            )
            self.param.update(error=message, error_input=named)
        else:
            self.param.update(result=result, error="", error_input="")

    # --- deep links ---------------------------------------------------------------------

    def query(self) -> dict[str, str]:
        """The inputs as query-string values (booleans as 0/1)."""
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
        default and the problems are returned for the page to show as a notice."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for name in self.inputs:
            if name not in query:
                continue
            try:
                values[name] = parse_value(self.param[name], query[name])
            except QueryError as error:
                problems.append(f"{name}: {error}")
        if not problems:
            self.param.update(values)
            if self.error:
                problems.append(self.error)
        if problems:
            self.reset()
        return problems

    def reset(self) -> None:
        """Every input back to its default."""
        self.param.update({name: self.param[name].default for name in self.inputs})
        self._refresh()
