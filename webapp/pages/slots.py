"""Repeated inputs in numbered slots ("Weapon 1", "Weapon 2"...), declared once.

A page whose inputs repeat (Lur-Asko's weapons, resistances, shields, characters) keeps every
input a scalar parameter, so that each fits a flat deep link (``w2_normal_damage=10``). A
:class:`Slots` schema declares the fields of one slot once; it yields the parameters of every
slot under their published names, in deep-link order, and reads one slot's values as a
record (:class:`Slot`), so that no page spells an input's name by string concatenation::

    WEAPONS = Slots(
        "w{n}_{field}", 2, "Weapon {n}",
        normal_damage=Field(param.Integer, "{slot}: normal damage", default=(32, 10)),
        precise=Field(param.Boolean, "{slot}: Precise tag", default=False),
    )

    class Page(Calculator):
        locals().update(WEAPONS.parameters())  # w1_normal_damage, w1_precise, w2_...

    WEAPONS.read(page, 2).normal_damage      # the value of w2_normal_damage
    WEAPONS.read(page, 2).names              # {"normal_damage": "w2_normal_damage", ...}

The class body's ``locals().update`` puts the parameters at that place of the class, so the
order of the inputs (and of the deep link) is that of the declaration. A page whose inputs go
field by field rather than slot by slot takes one field's parameters at a time
(``WEAPONS.parameters("precise")``).

:class:`Sides` is the same schema for named sides instead of numbered slots (a duel's
fighters A and B, inputs ``a_strength`` and ``b_strength``).

This module imports no Panel (it is part of the model).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import param

__all__ = ["Field", "Key", "Sides", "Slot", "Slots"]

Key = int | str
"""A slot's key: its number (1, 2...), or a side's name (``"a"``)."""


@dataclass(frozen=True)
class Field:
    """One input of every slot (or of some of them).

    ``kind`` makes the parameter (``param.Integer``...; any callable taking ``default`` and
    ``label``). ``label`` is a format string: ``{slot}`` is the slot's title ("Weapon 2"),
    ``{n}`` its key. ``default`` is one value for every slot, or a tuple of one value per
    slot, in slot order. ``name`` overrides the schema's name
    pattern for this field (``"silencing{n}"``). ``only``: the slots that have this input
    (default: every slot). ``options`` are passed to ``kind`` as they are (``objects``...)."""

    kind: Callable[..., param.Parameter]
    label: str
    default: Any = None
    name: str = ""
    only: Collection[Key] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def default_of(self, index: int) -> Any:
        """The default of the slot at ``index`` (0-based, in slot order)."""
        return self.default[index] if isinstance(self.default, tuple) else self.default


class Slot:
    """The values of one slot's inputs, as attributes named after the fields.

    ``n`` is the slot's key (its number, or a side's name); :attr:`names` maps each field to
    its input's name (for :func:`webapp.pages.model.inputs_named`, and for a view's fields)."""

    def __init__(self, n: Key, names: Mapping[str, str], values: Mapping[str, Any]) -> None:
        self.n = n
        self.names: dict[str, str] = dict(names)
        self._values = dict(values)

    def __getattr__(self, field: str) -> Any:
        try:
            return self.__dict__["_values"][field]
        except KeyError:
            raise AttributeError(field) from None

    def get(self, field: str, default: Any = None) -> Any:
        """The value of ``field``, or ``default`` if this slot has no such input."""
        return self._values.get(field, default)

    def __repr__(self) -> str:
        return f"Slot({self.n}, {self._values!r})"


class Slots:
    """The schema of ``count`` numbered slots: their fields, names and labels.

    ``name`` is the pattern of an input's name (``"w{n}_{field}"``), ``title`` that of a
    slot's title (``"Weapon {n}"``); the fields are keyword arguments, in their order within
    a slot (any name, ``name`` too: the first three arguments are positional only)."""

    def __init__(self, name: str, count: int, title: str, /, **fields: Field) -> None:
        self.pattern = name
        self.count = count
        self.title_pattern = title
        self.fields = fields
        self._keys: tuple[Key, ...] = tuple(range(1, count + 1))

    @property
    def numbers(self) -> tuple[Key, ...]:
        """The slots' keys, in order: 1 to :attr:`count` (a :class:`Sides`' names)."""
        return self._keys

    def title(self, n: Key) -> str:
        """Slot ``n``'s title ("Weapon 2")."""
        return self.title_pattern.format(n=n)

    def has(self, n: Key, field: str) -> bool:
        """Whether slot ``n`` has input ``field``."""
        only = self.fields[field].only
        return only is None or n in only

    def input(self, n: Key, field: str) -> str:
        """The name of slot ``n``'s input ``field`` (``"w2_normal_damage"``)."""
        spec = self.fields[field]
        if not self.has(n, field):
            raise KeyError(f"slot {n} has no {field!r}")
        return (spec.name or self.pattern).format(n=n, field=field)

    def inputs(self, n: Key) -> dict[str, str]:
        """Slot ``n``'s inputs, field -> input name, in their order."""
        return {f: self.input(n, f) for f in self.fields if self.has(n, f)}

    def inputs_of(self, field: str) -> dict[str, str]:
        """Input ``field`` of every slot that has it, by the slot's key as text
        (``{"strength": "max_strength", ...}``: for :func:`webapp.pages.model.inputs_named`
        where a rule's error names the slot)."""
        return {str(n): self.input(n, field) for n in self.numbers if self.has(n, field)}

    def parameters(self, field: str | None = None) -> dict[str, param.Parameter]:
        """Every slot's parameters by their names, slot after slot (a class body's order);
        with ``field``, that input of every slot that has it, in slot order."""
        out: dict[str, param.Parameter] = {}
        for index, n in enumerate(self.numbers):
            for f, name in self.inputs(n).items():
                if field is not None and f != field:
                    continue
                spec = self.fields[f]
                label = spec.label.format(slot=self.title(n), n=n)
                out[name] = spec.kind(default=spec.default_of(index), label=label, **spec.options)
        return out

    def read(self, model: param.Parameterized, n: Key) -> Slot:
        """Slot ``n``'s values in ``model``."""
        names = self.inputs(n)
        return Slot(n, names, {f: getattr(model, name) for f, name in names.items()})

    def each(self, model: param.Parameterized) -> Iterator[Slot]:
        """Every slot's values in ``model``, in slot order."""
        return (self.read(model, n) for n in self.numbers)

    def every(self, field: str) -> tuple[str, ...]:
        """The input ``field`` of every slot that has it, in slot order (``w2_on``...)."""
        return tuple(self.input(n, field) for n in self.numbers if self.has(n, field))


class Sides(Slots):
    """Named sides instead of numbered slots: a duel's fighters, two loadouts compared.

    ``sides`` maps each side's key, which names its inputs (``{n}`` of the patterns, and
    :attr:`Slot.n`), to its title, which names it in labels (``{slot}``)::

        FIGHTERS = Sides(
            "{n}_{field}", {"a": "A", "b": "B"},
            strength=Field(param.Integer, "{slot}'s Strength", default=(7, 8)),
        )  # a_strength ("A's Strength", 7) and b_strength ("B's Strength", 8)

    A tuple ``default`` gives one value per side, in the order of ``sides``."""

    def __init__(self, name: str, sides: Mapping[str, str], /, **fields: Field) -> None:
        super().__init__(name, len(sides), "{n}", **fields)
        self.sides = dict(sides)
        self._keys = tuple(self.sides)

    def title(self, n: Key) -> str:
        """Side ``n``'s title ("A")."""
        return self.sides[str(n)]
