"""The ``sliced-eval`` lever's rewrite of BokehJS's and Panel's bundles (``sitebuild/sliced.py``):
the module tables kept verbatim, the loader replaced by one call to ``static/bokeh-sliced.js``
with an evaluation order in which every module comes after what it requires. (That the pages
work with it is the browser tests'; ``tests/site/test_fast_start.py`` checks the slices ran.)"""

from __future__ import annotations

import json
import re
import zipfile

import pytest

from sitebuild.fetch import fetch_pypi
from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.pins import BROWSER_WHEELS
from sitebuild.shell import COMPILE_HINT, staged_parts
from sitebuild.sliced import (
    LAZY_MODULES,
    MODULE_START,
    PART_CHARACTERS,
    Bundle,
    evaluation_order,
    lazy_modules,
    parse,
    sliced,
    sliced_parts,
)


def wheel_file(package: str, name: str) -> bytes:
    pin = next(p for p in BROWSER_WHEELS if p.name == package)
    with zipfile.ZipFile(fetch_pypi(pin)) as archive:
        return archive.read(name)


BUNDLES = {
    "bokeh.min.js": ("bokeh", "bokeh/server/static/js/bokeh.min.js"),
    "bokeh-widgets.min.js": ("bokeh", "bokeh/server/static/js/bokeh-widgets.min.js"),
    "panel.min.js": ("panel", "panel/dist/panel.min.js"),
}


def bundle(name: str) -> bytes:
    return wheel_file(*BUNDLES[name])


def test_the_order_puts_each_module_after_its_requires_and_the_entry_last() -> None:
    made = Bundle(
        header="",
        kind="plugin",
        table="",
        entry='"e"',
        aliases='{"models/b": "b"}',
        externals="{}",
        # e requires a and (by alias) b; b requires a and a module of another bundle; c is
        # required by nobody; a cycle between a and d.
        requires={"e": ["a", "models/b"], "a": ["d"], "b": ["a", "@bokehjs/core"], "c": ["b"],
                  "d": ["a"]},
        modules={},
    )  # fmt: skip
    assert evaluation_order(made) == ["d", "a", "b", "c", "e"]


@pytest.mark.parametrize("name", sorted(BUNDLES))
def test_a_bundle_keeps_its_table_and_hands_it_over(name: str) -> None:
    script = bundle(name).decode()
    parsed = parse(script, name)
    out = sliced(script.encode(), name).decode()
    assert out.startswith(parsed.header) and "'use strict'" in parsed.header
    assert parsed.table in out and parsed.aliases in out
    assert "register_plugin" not in out.replace(parsed.table, "")  # the loader is gone
    call = re.search(
        r"rfSlicedEval\.bundle\(\"(\w+)\", ([^,]+), (\{[^{}]*\}), \{\}, (\[[^]]*\]),", out
    )
    assert call is not None
    assert call[1] == ("bokeh" if name == "bokeh.min.js" else "plugin")
    order = [str(key) for key in json.loads(call[4])]
    assert sorted(order) == sorted(parsed.requires) and order[-1] == str(json.loads(call[2]))
    aliases = json.loads(parsed.aliases)
    place = {key: n for n, key in enumerate(order)}
    for key, requires in parsed.requires.items():
        for dep in requires:
            dep = str(aliases.get(dep, dep))
            # before its dependant, but for a cycle (the later one of the pair sees the other
            # half-made, as it did under BokehJS's loader)
            if dep in place and place[dep] > place[key]:
                assert key in requires_closure(parsed, dep, aliases)


def requires_closure(parsed: Bundle, start: str, aliases: dict[str, str]) -> set[str]:
    """The modules ``start`` requires, directly or not."""
    seen, todo = set(), [start]
    while todo:
        for dep in parsed.requires[todo.pop()]:
            dep = str(aliases.get(dep, dep))
            if dep in parsed.requires and dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def test_a_changed_loader_stops_the_build() -> None:
    script = bundle("bokeh-widgets.min.js").decode().replace("Cannot find Bokeh", "No Bokeh")
    with pytest.raises(SystemExit, match="loader changed"):
        parse(script, "bokeh-widgets.min.js")
    with pytest.raises(SystemExit, match="not a BokehJS bundle"):
        parse("console.log(1);\n", "other.js")


def test_the_lever_rewrites_before_the_compile_hint() -> None:
    script = bundle("bokeh-widgets.min.js")
    *parts, both = staged_parts(script, "bokeh-widgets.min.js", ALL_LEVERS)
    assert both.startswith(COMPILE_HINT) and b"rfSlicedEval.bundle(" in both
    assert all(part.startswith(COMPILE_HINT) and b"rfSlicedEval.part(" in part for part in parts)
    assert staged_parts(script, "x", ALL_LEVERS - {Lever.SLICED_EVAL, Lever.COMPILE_HINTS}) == [
        script
    ]


@pytest.mark.parametrize("name", sorted(BUNDLES))
def test_a_bundle_in_parts_is_its_table_cut_between_modules(name: str) -> None:
    script = bundle(name).decode()
    parsed = parse(script, name)
    parts = [part.decode() for part in sliced_parts(script.encode(), name)]
    assert all(part.startswith(parsed.header) for part in parts)
    offsets = [re.search(r"rfSlicedEval\.part\((\d+|null),\n", part) for part in parts[:-1]]
    offsets.append(re.search(r", (\d+), \[\]\);\n\}\)\(\);\n$", parts[-1]))
    assert all(offsets) and "rfSlicedEval.bundle(" in parts[-1]
    assert not any("rfSlicedEval.bundle(" in part for part in parts[:-1])
    array = parsed.table.startswith("[")
    # Each part holds whole modules, with the index of its first one; together, the table.
    count = 0
    bodies = []
    for part, offset in zip(parts, offsets, strict=True):
        start = part.index("\n[\n" if array else "\n{\n") + 3
        end = part.rindex("]" if array else "}", 0, part.rindex(");\n})();"))
        if part is parts[-1]:
            end = part.rindex("]" if array else "}", 0, offsets[-1].start())  # type: ignore[union-attr]
        body = part[start:end]
        if array:
            assert offset is not None and int(offset[1]) == count
        count += len(MODULE_START.findall("\n" + body))
        bodies.append(body)
    assert count == len(MODULE_START.findall(parsed.table))
    assert re.sub(r"[\s,]", "", "".join(bodies)) == re.sub(r"[\s,]", "", parsed.table[1:-1])
    assert all(len(part) < 2 * PART_CHARACTERS + len(parsed.header) + 5_000 for part in parts)
    assert len(parts) == max(1, len(parsed.table) // PART_CHARACTERS)


LAZY_IDS = {"bokeh.min.js": ["37"], "bokeh-widgets.min.js": ["746"], "panel.min.js": ["ec9d1ffc2e"]}
"""Where the build finds each library of LAZY_MODULES in the pinned bundles (fflate, marked,
json-formatter): read from the bundles by hand, not from lazy_modules."""


@pytest.mark.parametrize("name", sorted(BUNDLES))
def test_the_lazy_libraries_are_handed_over_and_left_out_of_the_order(name: str) -> None:
    script = bundle(name)
    parsed = parse(script.decode(), name)
    assert list(lazy_modules(parsed, name)) == list(LAZY_MODULES[name])
    assert list(lazy_modules(parsed, name).values()) == LAZY_IDS[name]
    for lazy, ids in ((True, LAZY_IDS[name]), (False, [])):
        last = sliced_parts(script, name, lazy=lazy)[-1].decode()
        call = re.search(r"rfSlicedEval\.bundle\([^\n]*, (\[[^]]*\]),\n", last)
        tail = re.search(r", \d+, (\[[^]]*\])\);\n\}\)\(\);\n$", last)
        assert call is not None and tail is not None
        assert [str(key) for key in json.loads(tail[1])] == ids
        order = [str(key) for key in json.loads(call[1])]
        assert sorted(order + ids) == sorted(parsed.requires)
    # The library's text is the module the build named.
    library = next(iter(LAZY_MODULES[name].values()))
    assert all(word in parsed.modules[LAZY_IDS[name][0]] for word in library)


def made_bundle(**modules: str) -> Bundle:
    return Bundle(header="", kind="plugin", table="", entry='"e"', aliases="{}", externals="{}",
                  requires={key: [] for key in modules}, modules=modules)  # fmt: skip


@pytest.mark.parametrize(
    ("modules", "message"),
    [
        ({"e": "function _(t,e,s,n,i){n()}"}, "in 0 modules"),
        (
            {
                "a": "function _(t,e,s,n,i){n(),s.alpha=1,s.beta=2}",
                "b": "function _(t,e,s,n,i){n(),s.alpha=s.beta=1}",
            },
            "in 2 modules",
        ),
        ({"e": "function _(t,e,s,n,i){n(),s.alpha=s.beta=1}"}, "is x.js's entry"),
        ({"a": "function _(t,e,s,n,i){s.alpha=s.beta=1}"}, "not marked an ES module"),
        ({"a": "function _(t,e,s,n,i){n(),e.exports={alpha:1,beta:2}}"}, "replaces module"),
    ],
)
def test_a_lazy_library_not_found_once_or_not_stood_in_for_stops_the_build(
    modules: dict[str, str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LAZY_MODULES, "x.js", {"lib": ("alpha", "beta")})
    with pytest.raises(SystemExit, match=message):
        lazy_modules(made_bundle(**modules), "x.js")
    fine = made_bundle(
        e="function _(t,e,s,n,i){n()}", a="function _(t,e,s,n,i){n(),s.alpha=s.beta=1}"
    )
    assert lazy_modules(fine, "x.js") == {"lib": "a"}
