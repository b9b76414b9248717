"""The package surface: ``from rules import moo2``, its names, signatures, docs and imports."""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from rules import moo2

PACKAGE = Path(moo2.__file__).parent
SOURCE_FILE = "000_3948ba1900819cb7.txt"

# The public API the issue fixes: name -> (parameter, kind, default) in order.
P, K = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY
E = inspect.Parameter.empty
REQUIRED_API: dict[str, list[tuple[str, object, object]]] = {
    "range_penalty": [("squares", P, E), ("mount", P, "normal"), ("double_penalty", K, False)],
    "hit_probability": [
        ("attack", P, E),
        ("defense", P, E),
        ("squares", P, E),
        ("mount", K, "normal"),
        ("formula", K, "classic"),
        ("double_penalty", K, False),
    ],
    "damage_potential": [
        ("min_damage", P, E),
        ("max_damage", P, E),
        ("squares", P, E),
        ("mount", K, "normal"),
        ("reduced_by_range", K, True),
        ("hef", K, 0),
        ("ordnance", K, 0),
        ("double_dissipation", K, False),
    ],
    "shot_damage": [
        ("min_damage", P, E),
        ("max_damage", P, E),
        ("attack", P, E),
        ("defense", P, E),
        ("squares", P, E),
        ("roll", P, E),
        ("mount", K, "normal"),
        ("formula", K, "classic"),
        ("reduced_by_range", K, True),
        ("double_penalty", K, False),
    ],
    "missile_beam_defense": [("missile", P, E), ("ftl_level", P, E), ("fast", K, False)],
    "fighter_beam_defense": [
        ("fighter", P, E),
        ("ftl_level", P, E),
        ("trans_dimensional", K, False),
        ("racial_bonus", K, 0),
        ("pilot_bonus", K, 0),
        ("helmsman_bonus", K, 0),
    ],
    "in_arc": [("arc", P, E), ("bearing", P, E)],
}


@pytest.mark.parametrize("name", sorted(REQUIRED_API))
def test_required_signatures(name: str) -> None:
    parameters = list(inspect.signature(getattr(moo2, name)).parameters.values())
    expected = REQUIRED_API[name]
    # The parameters come first, in order; extra ones are keyword-only with defaults.
    got = [(p.name, p.kind, p.default) for p in parameters[: len(expected)]]
    assert got == expected
    for extra in parameters[len(expected) :]:
        assert extra.kind is K and extra.default is not E


def test_closed_vocabularies() -> None:
    assert [m.value for m in moo2.Mount] == ["normal", "heavy", "point_defense"]
    assert [f.value for f in moo2.Formula] == ["classic", "simplified"]
    assert [a.value for a in moo2.Arc] == [
        "forward",
        "backward",
        "forward_extended",
        "backward_extended",
        "360",
    ]
    assert [m.value for m in moo2.Missile] == ["nuclear", "merculite", "pulson", "zeon"]
    assert [f.value for f in moo2.Fighter] == [
        "interceptor",
        "assault_shuttle",
        "bomber",
        "heavy_fighter",
    ]
    for vocabulary in (moo2.Mount, moo2.Formula, moo2.Arc, moo2.Missile, moo2.Fighter):
        assert issubclass(vocabulary, enum.StrEnum)


def test_all_is_sorted_and_complete() -> None:
    assert moo2.__all__ == sorted(
        moo2.__all__, key=lambda n: (not n.isupper(), not n[0].isupper(), n)
    )
    assert len(set(moo2.__all__)) == len(moo2.__all__)
    for name in moo2.__all__:
        assert hasattr(moo2, name), name
    modules = [p.stem for p in PACKAGE.glob("*.py") if not p.stem.startswith("_")]
    exported = set()
    for module in modules:
        exported |= set(__import__(f"rules.moo2.{module}", fromlist=["__all__"]).__all__)
    assert exported == set(moo2.__all__)


def _public_functions() -> list[tuple[str, Callable[..., object]]]:
    return [(name, obj) for name in moo2.__all__ if inspect.isfunction(obj := getattr(moo2, name))]


@pytest.mark.parametrize(("name", "function"), _public_functions())
def test_public_functions_are_documented(name: str, function: Callable[..., object]) -> None:
    doc = inspect.getdoc(function) or ""
    summary = doc.splitlines()[0] if doc else ""
    assert summary.endswith("."), name
    assert SOURCE_FILE in doc or "manual" in doc, name
    assert "Raises:" in doc, name
    assert ">>> " in doc, name


def _module_trees() -> list[tuple[str, ast.Module]]:
    return [(p.name, ast.parse(p.read_text())) for p in sorted(PACKAGE.glob("*.py"))]


@pytest.mark.parametrize(("filename", "tree"), _module_trees())
def test_enum_members_and_tables_have_docstrings(filename: str, tree: ast.Module) -> None:
    assert ast.get_docstring(tree), filename
    first = tree.body[1] if isinstance(tree.body[0], ast.Expr) else tree.body[0]
    assert isinstance(first, ast.ImportFrom) and first.module == "__future__", filename
    for index, node in enumerate(tree.body):
        if isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Attribute) and base.attr == "StrEnum" for base in node.bases
        ):
            for position, member in enumerate(node.body):
                if isinstance(member, ast.Assign):
                    following = node.body[position + 1]
                    assert isinstance(following, ast.Expr), (filename, node.name, member.lineno)
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        if names and names[0].isupper() and not names[0].startswith("_"):
            following_node = tree.body[index + 1]
            assert isinstance(following_node, ast.Expr), (filename, names[0])
            assert isinstance(following_node.value, ast.Constant)
            docstring = str(following_node.value.value)
            if not isinstance(node.value, ast.Constant):  # a table, not a single number
                assert SOURCE_FILE in docstring or "manual" in docstring, (filename, names[0])


def test_tables_are_immutable() -> None:
    for name in moo2.__all__:
        value = getattr(moo2, name)
        if name.isupper() and not isinstance(value, int):
            # a table, a preset's name, or a frozen record (DEFAULT_VARIANT)
            frozen = dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
            assert isinstance(value, tuple | frozenset | Mapping | str) or frozen, name
            if isinstance(value, Mapping):
                with pytest.raises(TypeError):
                    value["x"] = 1


def test_rules_moo2_is_stdlib_only() -> None:
    allowed = set(sys.stdlib_module_names) | {"rules"}
    for filename, tree in _module_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= allowed, (filename, roots)


def test_importing_moo2_leaves_panel_and_param_out() -> None:
    code = (
        "import sys\nfrom rules import moo2\n"
        "assert 'panel' not in sys.modules and 'param' not in sys.modules\n"
        "assert moo2.shot_damage(50, 100, 10, 0, 11, 85) == 65\n"
    )
    root = PACKAGE.parent.parent
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)
