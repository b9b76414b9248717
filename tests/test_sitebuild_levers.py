"""The build's levers are one enum, tested by member: never by a string the code may misspell."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sitebuild
from sitebuild.levers import ALL_LEVERS, LEVERS, Lever, parse_levers

SITEBUILD = Path(sitebuild.__file__).parent


def string_lever_tests(source: str) -> list[str]:
    """Each ``"name" in levers`` (or ``not in``, or a set of strings ``&``/``<=`` levers) in
    ``source``, as ``line: text``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, ast.In | ast.NotIn) for op in node.ops
        ):
            named = [c for c in node.comparators if isinstance(c, ast.Name)]
            if isinstance(node.left, ast.Constant) and any(n.id == "levers" for n in named):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.BinOp | ast.Compare):
            parts = [node.left, node.right] if isinstance(node, ast.BinOp) else [node.left]
            for part in parts:
                if isinstance(part, ast.Set) and any(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in part.elts
                ):
                    text = ast.unparse(node)
                    if "levers" in text:
                        found.append(f"{node.lineno}: {text}")
    return found


def test_the_finder_sees_a_string_test() -> None:
    assert string_lever_tests('x = "lean-numpy" in levers') == ["1: 'lean-numpy' in levers"]
    assert string_lever_tests('x = {"a", "b"} & levers') == ["1: {'a', 'b'} & levers"]
    assert string_lever_tests("x = Lever.LEAN_NUMPY in levers") == []


@pytest.mark.parametrize("module", sorted(p.name for p in SITEBUILD.glob("*.py")))
def test_no_module_tests_a_lever_by_string(module: str) -> None:
    assert string_lever_tests((SITEBUILD / module).read_text()) == []


def test_every_lever_has_its_name_and_description() -> None:
    assert list(LEVERS) == [lever.value for lever in Lever]
    assert len(LEVERS) == 27
    assert frozenset(Lever) == ALL_LEVERS
    assert Lever("lean-numpy") is Lever.LEAN_NUMPY and Lever.LEAN_NUMPY == "lean-numpy"
    assert all(lever.description and lever.description != lever.value for lever in Lever)


def test_names_parse_and_an_unknown_one_stops_the_build() -> None:
    assert parse_levers(["bundle-pack", "prerender"]) == {Lever.BUNDLE_PACK, Lever.PRERENDER}
    with pytest.raises(SystemExit, match="unknown levers \\['bundle-pakc'\\]"):
        parse_levers(["bundle-pakc"])
    # Deleted (BENCHMARKS.md: no gain measured): a build asked to leave one out stops.
    with pytest.raises(SystemExit, match="unknown levers \\['gc-freeze'\\]"):
        parse_levers(["gc-freeze"])


def test_every_edit_of_panel_and_bokeh_is_made_by_a_lever() -> None:
    assert {type(edit.lever) for edit in sitebuild.patches.EDITS} == {Lever}
