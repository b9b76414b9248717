"""Words for what a page shows: the rulebook's names for choices, signed DMs, means.

Nothing here is a rule: every number comes from :mod:`rules`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

from rules.dice import Distribution

__all__ = ["choices", "mean_text", "signed", "spell"]


def spell(member: enum.Enum) -> str:
    """A member's name as the rulebook writes it: its ``label`` if it has one, else its value.

    >>> from rules.cepheus import Stance, WeaponType
    >>> spell(WeaponType.ASSAULT_WEAPON), spell(Stance.PRONE)
    ('Assault Weapon', 'Prone')
    """
    label = getattr(member, "label", None)
    if isinstance(label, str):
        return label
    return str(member.value).replace("_", " ").capitalize()


def choices[E: enum.Enum](
    enum_type: type[E] | Iterable[E], labels: Mapping[E, str] | None = None
) -> dict[str, str]:
    """``param.Selector`` objects for an enum of :mod:`rules`: shown label -> value.

    The values (the deep-link text) are the enum's own values; ``labels`` overrides the
    label of some members.

    >>> from rules.cepheus import Reaction
    >>> choices(Reaction, {Reaction.NONE: "No reaction"})
    {'No reaction': 'none', 'Dodge': 'dodge', 'Parry': 'parry'}
    """
    labels = labels or {}
    return {labels.get(member, spell(member)): str(member.value) for member in enum_type}


def signed(value: int) -> str:
    """A DM as the rulebook prints it: ``+2``, ``+0``, ``-1``.

    >>> signed(2), signed(0), signed(-1)
    ('+2', '+0', '-1')
    """
    return f"{value:+d}"


def mean_text(distribution: Distribution[int]) -> tuple[str, str]:
    """(``"7.50"``, ``"15/2"``): a mean for a result figure, rounded and exact."""
    mean = distribution.mean()
    return f"{float(mean):.2f}", str(mean)
