"""What every system's rule variants share: preset lookup, differences, preset names, fields.

Each system (:mod:`rules.moo2`, :mod:`rules.cepheus`, :mod:`rules.lurasko`) has its own
frozen, validated ``Variant`` record (one field per switchable reading, defaults = this site's
reading) and offers the same public set, built on the helpers here:

* ``Variant``, ``DEFAULT_VARIANT`` (``Variant()``), ``AS_WRITTEN`` (the default preset's name,
  :data:`AS_WRITTEN`);
* ``PRESETS``: preset name -> ``Variant``, the first being :data:`AS_WRITTEN`;
* ``find_preset(name)``: the preset named ``name`` (``InvalidInput`` naming ``name`` otherwise);
* ``preset_name(variant)``: the name of the preset ``variant`` is, ``None`` when modified;
* ``Variant.differences(other)``: the fields that differ from ``other``, a ``Variant`` or a
  preset's name (default: the default preset), in field order;
* ``variant_fields()``: one :class:`VariantField` per field, for a "Rules in force" control.

A page's control needs nothing else: ``preset_name(v) or f"{base} (modified)"``, one widget
per :class:`VariantField` (its ``allowed`` values, its ``summary`` as the label's help), and a
query parameter named after each field (absent = its ``default``).

>>> from rules import cepheus, lurasko, moo2
>>> [system.preset_name(system.DEFAULT_VARIANT) for system in (cepheus, lurasko, moo2)]
["As written (this site's reading)", "As written (this site's reading)", "As written (this \
site's reading)"]
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from typing import Any, Final

from rules.validation import InvalidInput, InvalidType, describe, output_record

__all__ = [
    "AS_WRITTEN",
    "VariantField",
    "find_preset",
    "list_fields",
    "preset_differences",
    "preset_name",
    "put_field",
]

AS_WRITTEN: Final = "As written (this site's reading)"
"""The name of every system's default preset (``Variant()``), the first key of its PRESETS."""


@output_record
@dataclasses.dataclass(frozen=True, slots=True)
class VariantField:
    """One switch of a ``Variant``, as a "Rules in force" control shows it.

    ``allowed`` lists the values the field accepts: the members of its enum, ``(False, True)``
    for a flag, the integers it may take (a ``range`` when they are many, for a number input).
    ``summary`` is the first sentence of the field's docstring (kept as data: the browser's
    bytecode carries no docstrings)."""

    name: str
    """The field's name (also the page's query parameter)."""
    default: object
    """``Variant()``'s value: this site's reading."""
    allowed: tuple[object, ...] | range
    """Every value the field accepts."""
    summary: str
    """What the switch means, in one sentence."""


def put_field(record: object, name: str, value: object) -> None:
    """Store a checked value in a frozen record's field (in its ``__post_init__``)."""
    object.__setattr__(record, name, value)


def find_preset[V](presets: Mapping[str, V], name: object, parameter: str = "name") -> V:
    """The preset of ``presets`` named ``name``; InvalidInput naming ``parameter`` otherwise.

    >>> find_preset({AS_WRITTEN: 1}, "classic")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: name must be one of "As written (this site's reading)", \
got 'classic'
    """
    allowed = "one of " + ", ".join(repr(key) for key in presets)
    if not isinstance(name, str):
        raise InvalidType(parameter, allowed, name)
    if name not in presets:
        raise InvalidInput(parameter, allowed, name)
    return presets[name]


def preset_differences[V](
    variant: V, other: object, presets: Mapping[str, V], parameter: str
) -> tuple[str, ...]:
    """The fields of ``variant`` that differ from ``other`` (a record or a preset's name).

    ``other`` of another type is refused naming ``parameter`` ("a Variant or one of ...");
    an unknown name as :func:`find_preset` refuses it.
    """
    kind = type(variant)
    if isinstance(other, str):
        other = find_preset(presets, other, parameter)
    elif not isinstance(other, kind):
        names = ", ".join(repr(key) for key in presets)
        raise InvalidType(parameter, f"a {kind.__name__} or one of {names}", other)
    return tuple(
        field.name
        for field in dataclasses.fields(kind)  # type: ignore[arg-type]
        if getattr(variant, field.name) != getattr(other, field.name)
    )


def preset_name[V](presets: Mapping[str, V], variant: object, kind: type[V]) -> str | None:
    """The name of the first preset equal to ``variant``, else None (the page's "(modified)").

    Raises InvalidType naming ``variant`` when it is not a ``kind``.
    """
    if not isinstance(variant, kind):
        raise InvalidType("variant", f"a {kind.__name__}", variant)
    return next((name for name, preset in presets.items() if preset == variant), None)


def list_fields(
    kind: type[Any],
    summaries: Mapping[str, str],
    integers: Mapping[str, Sequence[int]] | None = None,
) -> tuple[VariantField, ...]:
    """One :class:`VariantField` per field of the dataclass ``kind``, in field order.

    The allowed values come from the default: an enum's members, ``(False, True)`` for a flag,
    ``integers[name]`` for an integer field. ``summaries`` gives each field's sentence.
    A field missing from ``summaries`` (or an integer one from ``integers``) is a bug of the
    module declaring it: KeyError, at import.
    """
    default = kind()
    rows = []
    for field in dataclasses.fields(kind):
        value = getattr(default, field.name)
        allowed: tuple[object, ...] | range
        if isinstance(value, enum.Enum):
            allowed = tuple(type(value))
        elif isinstance(value, bool):
            allowed = (False, True)
        elif isinstance(value, int):
            numbers = (integers or {})[field.name]
            allowed = numbers if isinstance(numbers, range) else tuple(numbers)
        else:  # pragma: no cover - every switch is an enum, a flag or an integer
            raise TypeError(f"{kind.__name__}.{field.name}: no choices for {describe(value)}")
        rows.append(VariantField(field.name, value, allowed, summaries[field.name]))
    return tuple(rows)
