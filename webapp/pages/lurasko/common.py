"""What the Lur-Asko pages share: exact numbers as text, errors renamed to page inputs,
select fields, and the CSS of the step list.

Private to :mod:`webapp.pages.lurasko` (nothing here is a rule: every number the pages show
comes from :mod:`rules.lurasko`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

import panel as pn

from rules.validation import InvalidInput
from webapp.components import input_field
from webapp.pages.base import Calculator

__all__ = [
    "LIST_CSS",
    "SYSTEM",
    "LuraskoCalculator",
    "exact_text",
    "heading",
    "note",
    "renamed_errors",
    "select_field",
]

SYSTEM = "Legends of Lur-Asko"


def exact_text(value: int | Fraction) -> str:
    """An exact number as text: whole numbers and terminating decimals as such, else ``a/b``.

    >>> exact_text(26), exact_text(Fraction(39, 2)), exact_text(Fraction(7, 4))
    ('26', '19.5', '1.75')
    >>> exact_text(Fraction(10, 3)), exact_text(Fraction(-1, 8))
    ('10/3', '-0.125')
    """
    number = Fraction(value)
    if number.denominator == 1:
        return str(number.numerator)
    rest, digits = number.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        digits = max(digits, count)
    if rest != 1 or digits > 12:
        return f"{number.numerator}/{number.denominator}"
    with localcontext() as context:
        context.prec = 80
        decimal = Decimal(number.numerator) / Decimal(number.denominator)
    return f"{decimal:.{digits}f}"


@contextmanager
def renamed_errors(names: Mapping[str, str]) -> Iterator[None]:
    """Re-raise a rule's ``ValueError`` under the page input it is about.

    ``names`` maps the rule's parameter name (how the message starts) to the page input's
    name, so that :class:`~webapp.pages.base.Calculator` shows the message beside that input.

    >>> with renamed_errors({"points": "s2_points"}):
    ...     raise InvalidInput("points must be an integer >= 0, got -1")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: s2_points must be an integer >= 0, got -1
    >>> with renamed_errors({"levels[0]": "silencing2"}):
    ...     raise InvalidInput("levels[0] must be a number >= 1, got -1")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: silencing2 must be a number >= 1, got -1
    """
    try:
        yield
    except ValueError as error:
        message = str(error)
        for rule_name, input_name in names.items():
            if re.match(rf"{re.escape(rule_name)}(?!\w)", message):
                raise InvalidInput(input_name + message[len(rule_name) :]) from error
        raise


class LuraskoCalculator(Calculator):
    """A :class:`Calculator` whose number inputs may be empty (``None``) while being typed.

    An emptied number box sets its parameter to ``None`` (the parameters allow it), which the
    rules refuse with a message beside the input, instead of failing inside the widget link.
    Such an input is left out of the deep link (reopening it gives the default).
    """

    def query(self) -> dict[str, str]:
        return {
            name: value
            for name, value in super().query().items()
            if getattr(self, name) is not None
        }


def select_field(model: Calculator, name: str, **kw: Any) -> pn.Column:
    """Like :func:`~webapp.components.input_field`, but always a drop-down (long choice labels
    do not fit side by side in radio buttons)."""
    field = input_field(model, name)
    error = field.objects[-1]
    widget = pn.widgets.Select.from_param(model.param[name], sizing_mode="stretch_width", **kw)
    field.objects = [widget, error]
    return field


def note(text: str, **kw: Any) -> pn.pane.HTML:
    """A short muted note (plain text, escaped) among the inputs or results."""
    kw.setdefault("margin", (0, 10, 5, 10))
    return pn.pane.HTML(
        f"<p class='lk-note'>{html.escape(text)}</p>",
        sizing_mode="stretch_width",
        stylesheets=[LIST_CSS],
        **kw,
    )


def heading(text: str, **kw: Any) -> pn.pane.Markdown:
    """A section heading (the size the other pages use for theirs)."""
    kw.setdefault("margin", (10, 10, 0, 10))
    return pn.pane.Markdown(f"### {text}", **kw)


LIST_CSS = """
.lk-section { margin: 0.75rem 0 0.25rem; font-size: 1.05rem; font-weight: 650;
  color: var(--rf-text, #1d2733); }
.lk-steps { list-style: none; counter-reset: lk-step; margin: 0; padding: 0; }
.lk-step { counter-increment: lk-step; position: relative; margin: 0 0 0.5rem;
  padding: 0.45rem 0.6rem 0.5rem 2.6rem; border: 1px solid var(--rf-border, #d9dee5);
  border-radius: 8px; background: var(--rf-surface, #fff); color: var(--rf-text, #1d2733); }
.lk-step::before { content: counter(lk-step); position: absolute; left: 0.55rem; top: 0.45rem;
  width: 1.5rem; height: 1.5rem; border-radius: 50%; background: var(--rf-accent, #1f6fb2);
  color: var(--rf-surface, #fff); font-size: 0.8rem; font-weight: 700; line-height: 1.5rem;
  text-align: center; }
.lk-step-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.5rem; }
.lk-step-label { font-weight: 650; font-size: 1rem; }
.lk-badge { font-size: 0.75rem; padding: 0 0.4rem; border-radius: 0.6rem;
  border: 1px solid var(--rf-border, #d9dee5); color: var(--rf-muted, #5b6878); }
.lk-step-why { margin: 0.15rem 0 0.25rem; font-size: 0.9rem; color: var(--rf-muted, #5b6878);
  overflow-wrap: anywhere; }
.lk-nums { display: flex; flex-wrap: wrap; gap: 0.3rem 0.5rem; margin: 0; }
.lk-num { display: inline-flex; align-items: baseline; gap: 0.3rem; padding: 0.1rem 0.45rem;
  border-radius: 6px; background: var(--design-secondary-color, #e4e8ee); font-size: 0.85rem; }
.lk-num dt { color: var(--rf-muted, #5b6878); margin: 0; }
.lk-num dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
.lk-num.lk-changed dd { color: var(--rf-accent, #1f6fb2); }
.lk-was { font-weight: 400; color: var(--rf-muted, #5b6878); text-decoration: line-through;
  margin-right: 0.2rem; }
.lk-table { border-collapse: collapse; width: 100%; font-size: 0.95rem;
  color: var(--rf-text, #1d2733); }
.lk-table th, .lk-table td { text-align: left; padding: 0.25rem 0.5rem;
  border-bottom: 1px solid var(--rf-border, #d9dee5); }
.lk-table td.lk-n, .lk-table th.lk-n { text-align: right; font-variant-numeric: tabular-nums; }
.lk-list { margin: 0.25rem 0; padding-left: 1.25rem; font-size: 0.95rem;
  color: var(--rf-text, #1d2733); }
.lk-list li { margin: 0.15rem 0; }
.lk-none { color: var(--rf-muted, #5b6878); font-size: 0.9rem; margin: 0.25rem 0; }
.lk-note { color: var(--rf-muted, #5b6878); font-size: 0.9rem; margin: 0.25rem 0; }
"""
"""Styles of the step list, tables and lists (inside pane shadow roots; ``--rf-*`` themes)."""
