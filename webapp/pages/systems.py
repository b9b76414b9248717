"""The registry of rule systems: each system once, with the names players give it.

As python-chess's ``VARIANTS`` / ``find_variant``: a page names its :class:`System` (not a
display string), the app and the landing page group pages by it, and :func:`find_system`
finds one by its key, its name or an alias.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CEPHEUS", "LURASKO", "MOO2", "SYSTEMS", "System", "find_system"]


@dataclass(frozen=True)
class System:
    """One rule system: its key, the name pages are grouped under, and other names for it."""

    key: str
    """The short name (``moo2``): the first part of its pages' slugs (``moo2-shot``)."""
    name: str
    """The name players know it by, shown over its pages (navigation, landing page, titles)."""
    aliases: tuple[str, ...] = ()
    """Other names :func:`find_system` accepts (matched ignoring case)."""

    def __str__(self) -> str:
        return self.name


MOO2 = System("moo2", "Master of Orion II (1.50)", ("master of orion ii", "master of orion 2"))
"""Master of Orion II, patch 1.50 (:mod:`rules.moo2`)."""
CEPHEUS = System("cepheus", "Cepheus Engine SRD", ("cepheus engine", "ce"))
"""The Cepheus Engine System Reference Document (:mod:`rules.cepheus`)."""
LURASKO = System("lurasko", "Legends of Lur-Asko", ("lur-asko", "lur asko"))
"""Legends of Lur-Asko (:mod:`rules.lurasko`)."""

SYSTEMS: tuple[System, ...] = (MOO2, CEPHEUS, LURASKO)
"""Every system, in navigation order."""


def find_system(name: str) -> System:
    """The system whose key, name or alias is ``name`` (ignoring case and outer spaces);
    ValueError naming the known keys otherwise.

    >>> find_system("Lur-Asko") is LURASKO, find_system("Master of Orion II (1.50)").key
    (True, 'moo2')
    """
    wanted = name.strip().lower() if isinstance(name, str) else None
    for system in SYSTEMS:
        if wanted in (system.key, system.name.lower(), *system.aliases):
            return system
    known = ", ".join(system.key for system in SYSTEMS)
    raise ValueError(f"system must be one of {known} (or a name of one), got {name!r}")
