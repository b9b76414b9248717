"""Damage resistances and weaknesses, in percent, applied one after another.

Source: ``002_64b8e17f45694c25.txt``, "Damage Resistances and Weaknesses".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.lurasko._checks import check_percent, exact, percent_of
from rules.lurasko.energy import EnergyType
from rules.validation import check_choice, check_int, check_items, check_text

__all__ = ["MAX_RESISTANCES", "Resistance", "combined_percent", "scale_damage"]

MAX_RESISTANCES = 100
"""The most resistances and weaknesses applied in a row (:func:`scale_damage`,
``Target.resistances``). Each can multiply the damage, so the work (and the length of the
numbers) grows with their count; no character comes near 100."""

_ENERGY_NAMES = frozenset(member.value for member in EnergyType)


def _percents(percents: object) -> tuple[Fraction, ...]:
    items = check_items("percents", percents, "numbers >= 0", max_items=MAX_RESISTANCES)
    return tuple(check_percent(f"percents[{i}]", p) for i, p in enumerate(items))


def scale_damage(damage: int, percents: Iterable[int | Fraction]) -> int:
    """``damage`` after each resistance or weakness in ``percents``, applied in order.

    Rule: 002, "Damage Resistances and Weaknesses": apply them "after defenses and drive";
    "If the same character gains resistance or weakness from multiple sources, apply each one
    sequentially. For example, elves take 75% damage from frost, so an elf that additionally
    gains 50% frost resistance ... would take a total of 37% damage from frost."

    A percent is the share of damage taken: 150 for a weakness (vampires and non-blunt
    quartz), 75 for the elves' frost resistance, 50 for "50% resistance", 0 for immunity.

    Interpretation: each step drops fractions, as the armor example does (50% of 17 is 8) and
    as the elf example does (75% x 50% = 37.5%, written "37%"). Because each step rounds,
    the order matters, which is what "sequentially" asks for:
    ``scale_damage(d, [a, b]) == scale_damage(scale_damage(d, [a]), [b])``.

    Raises:
        ValueError: ``damage`` is not an integer >= 0, or ``percents`` is not a sequence (in
            order: not a set, not text) of at most 100 (:data:`MAX_RESISTANCES`) numbers >= 0.

    >>> scale_damage(100, [75, 50])  # Source: the elf with Energy Affinity takes "37%"
    37
    >>> scale_damage(20, [150])  # constructs take 150% damage from electric damage
    30
    >>> scale_damage(1, [150, 150]), scale_damage(1, [Fraction(9, 4) * 100])
    (1, 2)
    >>> scale_damage(10, [-50])
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: percents[0] must be a number >= 0, got -50
    """
    return _scale(check_int("damage", damage, 0), _percents(percents))


def _scale(damage: int, percents: Iterable[int | Fraction]) -> int:
    """:func:`scale_damage` of checked values (a damage of any size: inside an attack)."""
    for percent in percents:
        damage = percent_of(damage, percent)
    return damage


def combined_percent(percents: Iterable[int | Fraction]) -> int | Fraction:
    """The exact overall percent of several resistances/weaknesses (before any rounding).

    Rule: as :func:`scale_damage`. The source writes the elf's 75% x 50% as "37%"; the
    exact product is 37 1/2 %, returned here as a Fraction. An empty list is 100 (full
    damage).

    Raises:
        ValueError: ``percents`` is not a sequence of at most 100 numbers >= 0.

    >>> combined_percent([75, 50])
    Fraction(75, 2)
    >>> combined_percent([])
    100
    """
    total = Fraction(100)
    for percent in _percents(percents):
        total = total * percent / 100
    return exact(total)


@dataclass(frozen=True, slots=True)
class Resistance:
    """One resistance or weakness of a character: a percent of damage taken of one kind.

    Rule: 002, "Damage Resistances and Weaknesses". A resistance to a physical weapon type
    (quartz, adamant, "non-blunt quartz") applies to a weapon's normal portion (base damage and
    STR additions) when the weapon carries that tag; a resistance to an energy type applies to
    energy portions of that type only ("they are separated for this consideration").

    ``against`` is an :class:`EnergyType` (or its name, e.g. ``"frost"``) or any other text
    naming a weapon tag. ``label`` is free text for display ("elf", "Energy Affinity").

    Raises:
        ValueError: ``against`` is empty or not text, ``percent`` is not a number >= 0, or
            ``label`` is not text.

    >>> Resistance("frost", 75, "elf").against
    <EnergyType.FROST: 'frost'>
    >>> Resistance("quartz", 150).against
    'quartz'
    """

    against: EnergyType | str
    """The energy type, or the weapon tag, this applies to."""
    percent: int | Fraction
    """The percent of damage taken (150 = weakness, 50 = half, 0 = immune)."""
    label: str = ""
    """Where it comes from, for display."""

    def __post_init__(self) -> None:
        against: EnergyType | str = self.against
        if not isinstance(against, EnergyType):
            against = check_text(
                "against", against, empty=False, allowed="an energy type or a weapon tag (text)"
            )
            if against in _ENERGY_NAMES:
                against = EnergyType(against)
        object.__setattr__(self, "against", against)
        object.__setattr__(self, "percent", exact(check_percent("percent", self.percent)))
        object.__setattr__(self, "label", check_text("label", self.label))

    @property
    def is_energy(self) -> bool:
        """Whether this concerns an energy type (else a physical weapon tag)."""
        return isinstance(self.against, EnergyType)

    def applies_to(self, *, energy_type: EnergyType | None, tags: Iterable[str] = ()) -> bool:
        """Whether this applies to a portion of damage.

        Pass ``energy_type`` for an energy portion, or ``energy_type=None`` and the weapon's
        ``tags`` for a normal portion.

        Raises:
            ValueError: ``energy_type`` is not an energy type (or its name) or None, or
                ``tags`` is not a collection of text (a set, list or tuple; not a string).

        >>> frost = Resistance("frost", 75)
        >>> frost.applies_to(energy_type=EnergyType.FROST), frost.applies_to(energy_type=None)
        (True, False)
        >>> Resistance("quartz", 150).applies_to(energy_type=None, tags={"quartz"})
        True
        """
        kind = None if energy_type is None else check_choice("energy_type", energy_type, EnergyType)
        items = check_items("tags", tags, "weapon tags", ordered=False)
        names = {check_text(f"tags[{i}]", tag) for i, tag in enumerate(items)}
        if kind is not None:
            return self.against == kind
        return not self.is_energy and self.against in names
