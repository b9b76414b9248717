"""The public API of :mod:`rules.cepheus`: names, errors and package hygiene."""

from __future__ import annotations

import importlib
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from rules import cepheus
from rules.cepheus import Difficulty, RangeBand

MODULES = [
    "actions",
    "checks",
    "ranges",
    "weapons",
    "modifiers",
    "damage",
    "attack",
    "initiative",
    "vehicles",
    "recovery",
    "grappling",
    "explosions",
    "suppression",
    "variant",
    "forecast",
    "vehicle_hit_locations",
    "collisions",
    "evasive_action",
    "ram",
    "weave",
    "vehicle_explosion",
    "starship_scale",
]


def isort_key(name: str) -> tuple[int, str]:
    """The order ruff's RUF022 keeps: CONSTANTS, then Classes, then functions."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def test_all_is_sorted_and_complete() -> None:
    assert cepheus.__all__ == sorted(cepheus.__all__, key=isort_key)
    exported: set[str] = set()
    for name in MODULES:
        module = importlib.import_module(f"rules.cepheus.{name}")
        assert module.__all__ == sorted(module.__all__, key=isort_key), name
        exported |= set(module.__all__)
    assert set(cepheus.__all__) == exported
    for name in cepheus.__all__:
        assert getattr(cepheus, name) is not None


def test_the_external_api() -> None:
    # The names and signatures other code calls.
    assert cepheus.range_band(20) is RangeBand.MEDIUM
    assert cepheus.attack_difficulty("rifle", RangeBand.LONG) is Difficulty.AVERAGE
    assert cepheus.attack_difficulty("rifle", "long").dm == 0  # type: ignore[union-attr]
    assert cepheus.attack_difficulty("thrown", "personal") is None
    assert cepheus.check_probability(0) == Fraction(5, 12)
    assert cepheus.check_probability(2, target=10) == Fraction(5, 12)
    assert cepheus.characteristic_dm(15) == 3
    assert cepheus.vehicle_hits(20) == (0, 0, 1)
    assert [d.value for d in Difficulty] == [
        "simple",
        "easy",
        "routine",
        "average",
        "difficult",
        "very_difficult",
        "formidable",
    ]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cepheus.range_band(-3), r"^squares must be an integer >= 0, got -3$"),
        (
            lambda: cepheus.attack_difficulty("sword", "close"),
            r"^weapon must be one of 'close_quarters', 'extended_reach', 'thrown', 'pistol', "
            r"'rifle', 'shotgun', 'assault_weapon', 'rocket', got 'sword'$",
        ),
        (
            lambda: cepheus.attack_difficulty("rifle", "orbit"),
            r"^band must be one of 'personal', 'close', 'short', 'medium', 'long', 'very_long', "
            r"'distant', got 'orbit'$",
        ),
        (lambda: cepheus.check_probability("0"), r"^dm must be an integer, got '0'$"),
        (lambda: cepheus.check_probability(0, 8.5), r"^target must be an integer, got 8.5$"),
        (lambda: cepheus.characteristic_dm(-1), r"^score must be an integer >= 0, got -1$"),
        (lambda: cepheus.vehicle_hits(None), r"^damage must be an integer, got None$"),
    ],
)
def test_errors_name_parameter_domain_and_value(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_rules_never_imports_panel_or_param() -> None:
    code = "import sys, rules.cepheus; print('panel' in sys.modules or 'param' in sys.modules)"
    root = Path(__file__).resolve().parents[3]
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert result.stdout.strip() == "False"


def test_enum_members_have_docstrings() -> None:
    import ast
    import inspect

    for name in MODULES:
        module = importlib.import_module(f"rules.cepheus.{name}")
        tree = ast.parse(inspect.getsource(module))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Attribute) and base.attr == "StrEnum" for base in node.bases
            ):
                body = node.body
                for i, item in enumerate(body):
                    if isinstance(item, ast.Assign):
                        following = body[i + 1] if i + 1 < len(body) else None
                        assert isinstance(following, ast.Expr), (name, node.name, i)
                        assert isinstance(following.value, ast.Constant), (name, node.name, i)


def test_public_functions_are_documented() -> None:
    import inspect

    for name in cepheus.__all__:
        item = getattr(cepheus, name)
        if inspect.isfunction(item):
            doc = " ".join((inspect.getdoc(item) or "").split())
            assert "Raises:" in doc, name
            assert ">>>" in doc, name
            assert ".txt" in doc or "README.md" in doc or "as :func:" in doc, name
