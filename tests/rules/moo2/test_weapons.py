"""The weapon catalog and weapon flags: ``rules/moo2/weapons.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules import moo2

# Source: 000_3948ba1900819cb7.txt, "Reduced by Range", the damage table's 0-square column.
CATALOG = [
    ("Laser Cannon", 1, 4),
    ("Phasor", 5, 20),
    ("Mauler Device", 100, 100),
    ("Death Ray", 50, 100),
]

# Source: "Range Penalty to Accuracy": inherent 2x range to-hit penalty by edition.
DOUBLE_PENALTY = [
    ("Fusion Beam", {"classic": True, "1.50": True, "1.50_improved": False}),
    ("Plasma Cannon", {"classic": True, "1.50": True, "1.50_improved": True}),
    ("Mauler Device", {"classic": True, "1.50": False, "1.50_improved": False}),
    ("Laser Cannon", {"classic": False, "1.50": False, "1.50_improved": False}),
    ("Death Ray", {"classic": False, "1.50": False, "1.50_improved": False}),
    ("Mass Driver", {"classic": False, "1.50": False, "1.50_improved": False}),
]

# Source: "Classic Chance to Hit Formula": (always hits without, with a Displacement Device).
ALWAYS_HITS = [
    ("Mauler Device", True, False),
    ("Energy Absorber", True, False),
    ("Stellar Converter", True, True),
    ("Death Ray", False, False),
    ("Plasma Cannon", False, False),
]


@pytest.mark.parametrize(("name", "low", "high"), CATALOG)
def test_catalog_figures(name: str, low: int, high: int) -> None:
    weapon = moo2.find_weapon(name)
    assert (weapon.name, weapon.min_damage, weapon.max_damage) == (name, low, high)
    assert weapon.reduced_by_range  # all four are in the "Reduced by Range" table
    assert weapon in moo2.WEAPONS
    assert moo2.find_weapon(name) is weapon


def test_catalog_is_exactly_the_four() -> None:
    assert [weapon.name for weapon in moo2.WEAPONS] == [row[0] for row in CATALOG]


@pytest.mark.parametrize(("name", "editions"), DOUBLE_PENALTY)
def test_inherent_double_penalty(name: str, editions: dict[str, bool]) -> None:
    for edition, expected in editions.items():
        assert moo2.has_inherent_double_penalty(name, edition) is expected
        if name in {row[0] for row in CATALOG}:
            assert moo2.find_weapon(name).has_inherent_double_penalty(edition) is expected


@pytest.mark.parametrize(("name", "plain", "displaced"), ALWAYS_HITS)
def test_always_hits(name: str, plain: bool, displaced: bool) -> None:
    assert moo2.always_hits(name) is plain
    assert moo2.always_hits(name, displacement_device=True) is displaced
    if name in {row[0] for row in CATALOG}:
        weapon = moo2.find_weapon(name)
        assert weapon.always_hits() is plain
        assert weapon.always_hits(displacement_device=True) is displaced


def test_not_reduced_by_range_weapons() -> None:
    # Source: "Not Reduced by Range": "like Mass Driver, Gauss and Disrupter".
    assert frozenset({"Mass Driver", "Gauss Cannon", "Disrupter"}) == (
        moo2.NOT_REDUCED_BY_RANGE_WEAPONS
    )
    assert not moo2.NOT_REDUCED_BY_RANGE_WEAPONS & {weapon.name for weapon in moo2.WEAPONS}


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("laser", "Laser Cannon"),
        ("LASER_CANNON", "Laser Cannon"),
        ("mauler", "Mauler Device"),
        ("death-ray", "Death Ray"),
        ("  death   ray ", "Death Ray"),
        ("phasor", "Phasor"),
    ],
)
def test_find_weapon_aliases(alias: str, name: str) -> None:
    assert moo2.find_weapon(alias).name == name


def test_flags_accept_aliases() -> None:
    assert moo2.has_inherent_double_penalty("plasma_cannon", "1.50_improved")
    assert moo2.always_hits("energy-absorber")
    assert moo2.always_hits("mauler", displacement_device=False)


def test_catalog_weapon_on_the_damage_functions() -> None:
    # The Mauler at 23 squares: always hits, 35 damage (the table's 35%).
    mauler = moo2.find_weapon("mauler")
    distribution = moo2.damage_distribution(
        mauler.min_damage,
        mauler.max_damage,
        0,
        0,
        23,
        reduced_by_range=mauler.reduced_by_range,
        always_hit=mauler.always_hits(),
    )
    assert distribution == {35: 1}


def test_custom_weapon() -> None:
    weapon = moo2.Weapon(
        "Fusion Beam (custom)",
        2,
        6,
        inherent_double_penalty=frozenset({"classic", "1.50"}),
        always_hit="never",
    )
    assert weapon.inherent_double_penalty == {moo2.Edition.CLASSIC, moo2.Edition.V1_50}
    assert weapon.always_hit is moo2.AlwaysHit.NEVER
    assert weapon.has_inherent_double_penalty("classic")
    assert not weapon.has_inherent_double_penalty("1.50_improved")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: moo2.find_weapon("Fusion Beam"),
            r"^name must be one of 'Laser Cannon', 'Phasor', 'Mauler Device', 'Death Ray' "
            r"\(or an alias\), got 'Fusion Beam'$",
        ),
        # find_weapon's parameter is `name` (these messages said "weapon" before issue 16).
        (lambda: moo2.find_weapon(""), r"^name must be non-empty text, got ''$"),
        (lambda: moo2.find_weapon(3), r"^name must be non-empty text, got 3$"),
        (lambda: moo2.always_hits(None), r"^weapon must be non-empty text, got None$"),
        (
            lambda: moo2.has_inherent_double_penalty("Fusion Beam", "1.31"),
            r"^edition must be one of 'classic', '1\.50', '1\.50_improved', got '1\.31'$",
        ),
        (
            lambda: moo2.always_hits("Mauler", displacement_device="yes"),
            r"^displacement_device must be True or False, got 'yes'$",
        ),
        (lambda: moo2.Weapon("X", 0, 4), r"^min_damage must be an integer >= 1, got 0$"),
        (
            lambda: moo2.Weapon("X", 5, 4),
            r"^max_damage must be an integer >= min_damage \(5\), got 4$",
        ),
        (lambda: moo2.Weapon("", 1, 4), r"^name must be non-empty text, got ''$"),
        (
            lambda: moo2.Weapon("X", 1, 4, reduced_by_range=None),
            r"reduced_by_range must be True or False",
        ),
        (
            # Any collection of editions is accepted (a set, a list); text is not one.
            lambda: moo2.Weapon("X", 1, 4, inherent_double_penalty="classic"),
            r"^inherent_double_penalty must be a collection of at most 10000 editions "
            r".*\(not text\)",
        ),
        (
            lambda: moo2.Weapon("X", 1, 4, always_hit="sometimes"),
            r"^always_hit must be one of 'never', 'unless_displacement_device', 'always', "
            r"got 'sometimes'$",
        ),
    ],
)
def test_bad_input_raises_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
