"""The registry of systems (webapp/pages/systems.py): each system found by every name it has,
and every page listed under a registered system whose key starts its slug."""

from __future__ import annotations

import pytest

from webapp.pages import PAGES, SYSTEMS, find_system, pages_of


@pytest.mark.parametrize(
    ("name", "system"),
    [(name, system) for system in SYSTEMS for name in (system.key, system.name, *system.aliases)],
)
def test_find_system_by_key_name_and_alias(name: str, system: object) -> None:
    assert find_system(name) is system
    assert find_system(f"  {name.upper()} ") is system


@pytest.mark.parametrize("name", ["", "moo", "cepheus engine srd 2", "dnd"])
def test_find_system_names_the_known_ones_otherwise(name: str) -> None:
    with pytest.raises(ValueError, match=r"system must be one of moo2, cepheus, lurasko"):
        find_system(name)


def test_names_are_unambiguous() -> None:
    names = [n.lower() for s in SYSTEMS for n in (s.key, s.name, *s.aliases)]
    assert len(names) == len(set(names))


def test_every_page_is_under_a_registered_system_in_navigation_order() -> None:
    assert all(page.system in SYSTEMS for page in PAGES)
    assert all(page.slug.startswith(page.system.key + "-") for page in PAGES)
    assert tuple(page for system in SYSTEMS for page in pages_of(system)) == PAGES
