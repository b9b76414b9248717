"""The beam weapons the source names: damage figures and weapon flags.

Source: ``000_3948ba1900819cb7.txt``, sections "Range Penalty to Accuracy" (inherent 2x range
to-hit penalty), "Classic Chance to Hit Formula" (weapons that always hit), "Not Reduced by
Range" and "Reduced by Range" (the damage-by-range table with Laser Cannon, Phasor, Mauler and
Death Ray).

Only four weapons have damage figures in the source; they make up :data:`WEAPONS`. Any other
weapon can be described by its own :class:`Weapon` record or given to the damage functions as
min/max damage and flags.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from types import MappingProxyType

from rules.moo2._checks import check_bool, check_damage_range
from rules.moo2.variant import _AS_WRITTEN, Edition, Variant, _check_variant
from rules.validation import InvalidInput, check_choice, check_items, check_text, names

__all__ = [
    "ALWAYS_HIT_WEAPONS",
    "INHERENT_DOUBLE_PENALTY_WEAPONS",
    "NOT_REDUCED_BY_RANGE_WEAPONS",
    "WEAPONS",
    "WEAPON_ALIASES",
    "AlwaysHit",
    "Edition",
    "Weapon",
    "always_hits",
    "find_weapon",
    "has_inherent_double_penalty",
]


class AlwaysHit(enum.StrEnum):
    """Whether a weapon skips the chance to hit (source section "Classic Chance to Hit
    Formula")."""

    NEVER = "never"
    """The chance-to-hit formula applies."""
    UNLESS_DISPLACEMENT_DEVICE = "unless_displacement_device"
    """Always hits "unless the target ship has a Displacement Device"."""
    ALWAYS = "always"
    """Always hits, "regardless of the presence of a Displacement Device"."""


INHERENT_DOUBLE_PENALTY_WEAPONS: Mapping[Edition, frozenset[str]] = MappingProxyType(
    {
        Edition.CLASSIC: frozenset({"Fusion Beam", "Plasma Cannon", "Mauler Device"}),
        Edition.V1_50: frozenset({"Fusion Beam", "Plasma Cannon"}),
        Edition.V1_50_IMPROVED: frozenset({"Plasma Cannon"}),
    }
)
"""Weapons with the inherent 2x range to-hit penalty (weapon flag #1), by edition
(``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy").

Interpretation: the source names three states: classic (Fusion Beam, Plasma Cannon, Mauler
Device), "1.50" (Mauler's flag removed) and "the 1.50 improved mod" (Fusion Beam's "also"
removed, so only Plasma Cannon)."""

ALWAYS_HIT_WEAPONS: Mapping[str, AlwaysHit] = MappingProxyType(
    {
        "Mauler Device": AlwaysHit.UNLESS_DISPLACEMENT_DEVICE,
        "Energy Absorber": AlwaysHit.UNLESS_DISPLACEMENT_DEVICE,
        "Stellar Converter": AlwaysHit.ALWAYS,
    }
)
""""Mauler Device and Energy Absorber always hit unless the target ship has a Displacement
Device while Stellar Converter always hits regardless" (``000_3948ba1900819cb7.txt``, "Classic
Chance to Hit Formula"). Every other weapon: :attr:`AlwaysHit.NEVER`."""

NOT_REDUCED_BY_RANGE_WEAPONS: frozenset[str] = frozenset(
    {"Mass Driver", "Gauss Cannon", "Disrupter"}
)
"""Weapons whose damage is not reduced by range, "like Mass Driver, Gauss and Disrupter"
(``000_3948ba1900819cb7.txt``, "Not Reduced by Range"). The source gives no damage figures for
them."""

WEAPON_ALIASES: Mapping[str, str] = MappingProxyType(
    {"laser": "Laser Cannon", "mauler": "Mauler Device", "gauss": "Gauss Cannon"}
)
"""Short names ``000_3948ba1900819cb7.txt`` also uses ("Laser", "Mauler", "Gauss"), lower case."""


@dataclasses.dataclass(frozen=True, slots=True)
class Weapon:
    """A beam weapon: base damage and the flags the rules use.

    Raises:
        ValueError: on construction, if ``name`` is not non-empty text, ``min_damage`` < 1,
            ``max_damage`` < ``min_damage``, ``inherent_double_penalty`` is not a collection of
            editions (a set or list of :class:`Edition` or their values), or a flag has the
            wrong type.

    >>> Weapon("Custom", 3, 9, reduced_by_range=False).always_hits()
    False
    """

    name: str
    min_damage: int
    max_damage: int
    reduced_by_range: bool = True
    inherent_double_penalty: frozenset[Edition] = frozenset()
    always_hit: AlwaysHit = AlwaysHit.NEVER

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        put("name", check_text("name", self.name, empty=False))
        low, high = check_damage_range(self.min_damage, self.max_damage)
        put("min_damage", low)
        put("max_damage", high)
        put("reduced_by_range", check_bool("reduced_by_range", self.reduced_by_range))
        items = check_items(
            "inherent_double_penalty",
            self.inherent_double_penalty,
            f"editions ({names(Edition)})",
            ordered=False,
        )
        editions = frozenset(
            check_choice("inherent_double_penalty", edition, Edition) for edition in items
        )
        put("inherent_double_penalty", editions)
        put("always_hit", check_choice("always_hit", self.always_hit, AlwaysHit))

    def has_inherent_double_penalty(
        self, edition: Edition | str = Edition.CLASSIC, *, variant: Variant = _AS_WRITTEN
    ) -> bool:
        """Whether this weapon carries the inherent 2x range to-hit penalty in ``edition``.

        ``edition`` other than 'classic' (its default) wins over ``variant.edition``; 'classic'
        defers to the variant (see :func:`has_inherent_double_penalty`).

        Raises:
            ValueError: ``edition`` is not an :class:`Edition` or its value, or ``variant`` is
                not a :class:`~rules.moo2.Variant`.
        """
        return _edition_in_force(edition, variant) in self.inherent_double_penalty

    def always_hits(self, *, displacement_device: bool = False) -> bool:
        """Whether this weapon skips the chance to hit against the target."""
        shielded = check_bool("displacement_device", displacement_device)
        if self.always_hit is AlwaysHit.ALWAYS:
            return True
        return self.always_hit is AlwaysHit.UNLESS_DISPLACEMENT_DEVICE and not shielded


_DAMAGE_TABLE: tuple[tuple[str, int, int], ...] = (
    ("Laser Cannon", 1, 4),
    ("Phasor", 5, 20),
    ("Mauler Device", 100, 100),
    ("Death Ray", 50, 100),
)
"""Base damage (the 0-square column) of the weapons in the damage-by-range table of "Reduced by
Range" (``000_3948ba1900819cb7.txt``); being in that table, all are reduced by range."""


def _normalise(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("-", " ").split()).casefold()


def _build_name_index() -> Mapping[str, str]:
    """Normalised name or alias -> the source's spelling, for every weapon the source names."""
    known = {
        *INHERENT_DOUBLE_PENALTY_WEAPONS[Edition.CLASSIC],
        *ALWAYS_HIT_WEAPONS,
        *NOT_REDUCED_BY_RANGE_WEAPONS,
        *(entry[0] for entry in _DAMAGE_TABLE),
    }
    index = {_normalise(name): name for name in known}
    index.update(WEAPON_ALIASES)
    return MappingProxyType(index)


_NAME_INDEX = _build_name_index()


def _canonical(parameter: str, name: object) -> str:
    """The source's spelling of a weapon name, or the cleaned-up name for any other weapon."""
    text = check_text(parameter, name, empty=False)
    return _NAME_INDEX.get(_normalise(text), " ".join(text.split()))


def _build_weapons() -> tuple[Weapon, ...]:
    """The :data:`WEAPONS` records, their flags taken from the flag tables above."""
    return tuple(
        Weapon(
            name,
            low,
            high,
            reduced_by_range=name not in NOT_REDUCED_BY_RANGE_WEAPONS,
            inherent_double_penalty=frozenset(
                edition
                for edition, weapons in INHERENT_DOUBLE_PENALTY_WEAPONS.items()
                if name in weapons
            ),
            always_hit=ALWAYS_HIT_WEAPONS.get(name, AlwaysHit.NEVER),
        )
        for name, low, high in _DAMAGE_TABLE
    )


WEAPONS: tuple[Weapon, ...] = _build_weapons()
"""The weapons whose figures ``000_3948ba1900819cb7.txt`` gives ("Reduced by Range"): Laser
Cannon 1-4, Phasor 5-20, Mauler Device 100-100 and Death Ray 50-100, with their flags."""

_WEAPONS_BY_NAME: Mapping[str, Weapon] = MappingProxyType({w.name: w for w in WEAPONS})


def find_weapon(name: str) -> Weapon:
    """The catalog record of a weapon, by name or alias (case, ``_`` and ``-`` ignored).

    Rule: ``000_3948ba1900819cb7.txt``, "Reduced by Range" (see :data:`WEAPONS`).

    Raises:
        ValueError: if ``name`` is not text or names no weapon of :data:`WEAPONS`.

    >>> death_ray = find_weapon("death_ray")
    >>> death_ray.name, death_ray.min_damage, death_ray.max_damage, death_ray.reduced_by_range
    ('Death Ray', 50, 100, True)
    >>> find_weapon("mauler").always_hits()
    True
    """
    canonical = _canonical("name", name)
    try:
        return _WEAPONS_BY_NAME[canonical]
    except KeyError:
        choices = ", ".join(repr(weapon.name) for weapon in WEAPONS)
        raise InvalidInput("name", f"one of {choices} (or an alias)", name) from None


def _edition_in_force(edition: object, variant: object) -> Edition:
    chosen = check_choice("edition", edition, Edition)
    rules = _check_variant(variant)
    return Edition(rules.edition) if chosen is Edition.CLASSIC else chosen


def has_inherent_double_penalty(
    weapon: str, edition: Edition | str = Edition.CLASSIC, *, variant: Variant = _AS_WRITTEN
) -> bool:
    """Whether a weapon (by name) carries the inherent 2x range to-hit penalty in ``edition``.

    Rule: ``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy" (see
    :data:`INHERENT_DOUBLE_PENALTY_WEAPONS`). The source lists every weapon with the flag, so any
    other name gives ``False``. The edition in force is ``edition`` if not 'classic' (its
    default), else ``variant.edition`` (:class:`~rules.moo2.Variant`, default classic).

    Raises:
        ValueError: if ``weapon`` is not a non-empty string, ``edition`` is unknown, or
            ``variant`` is not a :class:`~rules.moo2.Variant`.

    >>> editions = ("classic", "1.50", "1.50_improved")
    >>> [has_inherent_double_penalty("Fusion Beam", edition) for edition in editions]
    [True, True, False]
    >>> from rules.moo2 import Variant
    >>> has_inherent_double_penalty("Fusion Beam", variant=Variant(edition="1.50_improved"))
    False
    """
    canonical = _canonical("weapon", weapon)
    return canonical in INHERENT_DOUBLE_PENALTY_WEAPONS[_edition_in_force(edition, variant)]


def always_hits(weapon: str, *, displacement_device: bool = False) -> bool:
    """Whether a weapon (by name) skips the chance to hit against this target.

    Rule: ``000_3948ba1900819cb7.txt``, "Classic Chance to Hit Formula": Mauler Device and Energy
    Absorber always hit unless the target has a Displacement Device; Stellar Converter always
    hits. The source lists every such weapon, so any other name gives ``False``. (What a
    Displacement Device does to other shots is not in the source.)

    Raises:
        ValueError: if ``weapon`` is not a non-empty string or ``displacement_device`` not a bool.

    >>> always_hits("Mauler"), always_hits("Mauler", displacement_device=True)
    (True, False)
    >>> always_hits("stellar_converter", displacement_device=True)
    True
    """
    canonical = _canonical("weapon", weapon)
    shielded = check_bool("displacement_device", displacement_device)
    rule = ALWAYS_HIT_WEAPONS.get(canonical, AlwaysHit.NEVER)
    if rule is AlwaysHit.ALWAYS:
        return True
    return rule is AlwaysHit.UNLESS_DISPLACEMENT_DEVICE and not shielded
