# Over 600 lines: every check of the built files (pins, patches, bundles, bytecode) reads the same
# dist/ without a browser, in sections by build stage.
"""The built site's files: pins, placeholders, the patches, the compiled bundles.

These read ``dist/`` (built by the ``dist`` fixture if stale) and the pinned downloads; no
browser is started.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import marshal
import re
import subprocess
import sys
import tomllib
import types
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sitetools import wheel_member

import sitebuild
from sitebuild import patches
from sitebuild.snapshot import apply, chain, diff, expand

STYLE_REF = re.compile(r"</?style[^>]*>")
"""A snapshot's ``<style ... data-rf-css="N">`` (or its end): its text is shipped apart."""


def webapp_requirements() -> list[str]:
    """The build machine's web app packages (pyproject's ``webapp`` extra), by name."""
    project = tomllib.loads((sitebuild.ROOT / "pyproject.toml").read_text())["project"]
    return [r.strip().lower() for r in project["optional-dependencies"]["webapp"]]


def bundle_files(dist: Path) -> dict[str, bytes]:
    """The files of the site's Python bundle (the pack the worker writes into site-packages)."""
    path = sitebuild.bundle_path(dist)
    assert path.name == "site-packages.pack.gz"
    return sitebuild.read_bundle(path)


def shipped_distributions(dist: Path) -> dict[str, str]:
    """name -> version of every ``*.dist-info`` folder in the site's Python bundle."""
    tops = {n.split("/", 1)[0] for n in bundle_files(dist)}
    folders = {top for top in tops if top.endswith(".dist-info")}
    out = {}
    for folder in sorted(folders):
        name, version = folder.removesuffix(".dist-info").rsplit("-", 1)
        out[name.lower().replace("_", "-")] = version
    return out


def test_the_build_machine_runs_the_releases_the_site_ships(dist: Path) -> None:
    """pyproject names the web app's packages without versions: their versions are written
    once, in requirements-browser.txt, which ./dev installs them with; the site ships the
    same releases (and the build stops if the build machine's differ)."""
    shipped = shipped_distributions(dist)
    names = webapp_requirements()
    assert names == ["panel", "bokeh", "param"], "pyproject pins no version: it names them"
    for name in names:
        assert (
            importlib.metadata.version(name) == shipped[name] == sitebuild.python_pin(name).version
        )
    levers = sitebuild.built_levers(dist)
    for pin in sitebuild.BROWSER_WHEELS:
        left_out = (*sitebuild.UNIMPORTED_WHEELS, *sitebuild.BUNDLE_DROP_DISTRIBUTIONS)
        if sitebuild.Lever.LEAN_PACKAGES in levers and pin.name.replace("-", "_") in left_out:
            assert pin.name not in shipped
        else:
            assert shipped.get(pin.name) == pin.version


def test_no_template_placeholder_survives_into_dist(dist: Path) -> None:
    own = [
        p
        for p in dist.rglob("*")
        if p.is_file() and p.suffix in {".html", ".js", ".css", ".webmanifest", ".json"}
    ]
    own = [p for p in own if p.parent == dist] + [dist / "_headers"]
    assert any(p.name == "boot.js" for p in own) and any(p.name == "worker.js" for p in own)
    for path in own:
        left = sitebuild.PLACEHOLDER.findall(path.read_text())
        assert left == [], f"{path.name} still holds {left}"


def test_the_sites_own_scripts_ship_minified_with_their_source_as_written(dist: Path) -> None:
    levers = sitebuild.built_levers(dist)
    if sitebuild.Lever.MINIFIED_SCRIPTS not in levers:
        pytest.skip("dist/ was built without minified-scripts")
    scripts = [p for p in sitebuild.STATIC.rglob("*.js") if p.name != "sw.js"]
    assert {"boot.js", "theme.js", "storage.js", "worker.js"} <= {p.name for p in scripts}
    written = shipped = 0
    for source in scripts:
        name = source.relative_to(sitebuild.STATIC).as_posix()
        if not (dist / name).exists():  # bokeh-sliced.js, without sliced-eval
            continue
        source_map = json.loads((dist / f"{name}.map").read_text())
        assert source_map["sources"] == [f"static/{name}"]
        # The map's source is static/'s file with its placeholders filled in, line for line.
        lines, filled = source.read_text().splitlines(), source_map["sourcesContent"][0]
        assert len(filled.splitlines()) == len(lines), name
        for line, line_filled in zip(lines, filled.splitlines(), strict=True):
            assert line == line_filled or sitebuild.PLACEHOLDER.search(line), (name, line)
        text = (dist / name).read_text()
        assert text.rstrip().endswith(f"//# sourceMappingURL={Path(name).name}.map"), name
        written, shipped = written + len(filled), shipped + len(text)
    assert shipped < written * 0.6
    assert not [f for f in sitebuild.site_files(dist) if f.endswith(".map")]


def test_pandas_patch_applies_to_the_pinned_panel_and_removes_the_import() -> None:
    original = wheel_member("panel", "panel/io/pyodide.py")
    patched = patches.patch_member("panel/io/pyodide.py", original).decode()
    tree = ast.parse(patched)  # still valid Python
    top_imports = [
        alias.name
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert "pandas" not in top_imports
    assert "pandas" in original.decode()  # the patch did something
    assert "read_csv" in patched  # the URL-aware read_csv is still there for pandas users


STAND_INS = """
import importlib.abc, importlib.util, json, os, sys
stand_ins = json.loads(sys.argv[1])  # module -> patched file ({} for the wheels' own files)
if stand_ins:
    folders = {p: os.path.dirname(importlib.util.find_spec(p).origin) for p in ("bokeh", "panel")}
    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name not in stand_ins:
                return None
            return importlib.util.spec_from_file_location(
                name, stand_ins[name], submodule_search_locations=(
                    [folders[name]] if name in folders else None),
            )
    sys.meta_path.insert(0, Finder())
"""
"""The start of a probe script: modules named in its first argument (JSON, module -> file)
are imported from those files (a package's submodules still from its own folder)."""

CHEAP_MODULES = {
    "bokeh.core.property.container": "bokeh/core/property/container.py",
    "bokeh.core.has_props": "bokeh/core/has_props.py",
    "panel.reactive": "panel/reactive.py",
}
"""The modules the "cheap-models" lever edits, and their files in the wheels."""

CHEAP_PROBE = (
    STAND_INS
    + """
import asyncio, hashlib, runpy
exec(runpy.run_path(sys.argv[2])["WORKER_STUBS"])   # Pyodide's js and pyodide, as in tests/webapp
from bokeh.core.property.container import Dict
from bokeh.core.property.primitive import Int, String
from bokeh.models import ImportedStyleSheet
import webapp.browser
from webapp.pages import PAGES
made = [0]
init = ImportedStyleSheet.__init__
def counted(self, *args, **kwargs):
    made[0] += 1
    init(self, *args, **kwargs)
ImportedStyleSheet.__init__ = counted
def canonical(doc):
    # the document's JSON with its (random) model ids numbered in order of appearance
    ids = {}
    def walk(node):
        if isinstance(node, dict):
            return {k: (ids.setdefault(v, f"id{len(ids)}") if k == "id" and isinstance(v, str)
                        else walk(v)) for k, v in node.items()}
        return [walk(v) for v in node] if isinstance(node, list) else node
    return json.dumps(walk(doc), sort_keys=True)
out = {"patched": [sys.modules[m].__file__ == f for m, f in stand_ins.items()], "docs": {}}
async def build():
    for n, page in enumerate(["home", *(p.slug for p in PAGES)]):
        for search in (f"?page={page}", f"?page={page}&embed=1"):
            docs_json, _, _ = await webapp.browser.start(f"c{n}{search}", print, search)
            [doc] = json.loads(docs_json).values()  # (keyed by a random id)
            text = canonical(doc)
            out["docs"][search] = hashlib.sha256(text.encode()).hexdigest()
asyncio.run(build())
out["stylesheets made"] = made[0]
errors = []
for prop, value in ((Dict(String, Int), {"a": 1, 2: "b"}), (Dict(String, Int), [1]),
                    (Dict(String, Int), {"a": "b"}), (Dict(Int, String), {"a": 1})):
    try:
        prop.validate(value)
        errors.append(None)
    except ValueError as error:
        errors.append(str(error))
    errors.append(prop.is_valid(value))
errors.append(Dict(String, Int).is_valid({"a": 1}))
out["errors"] = errors
print(json.dumps(out))
"""
)


def test_cheap_models_patch_builds_every_document_the_same(tmp_path: Path) -> None:
    """With the "cheap-models" edits, every page's document (and the landing page's, each
    also in embed mode) is the same, model for model and property for property, as with the
    wheels' own files, with far fewer stylesheet models made on the way; an invalid dict
    property gets the same error message as before."""
    from webapp.pages import PAGES

    wheels = {p.name: sitebuild.fetch_pypi(p) for p in sitebuild.BROWSER_WHEELS}
    stand_ins = {}
    for module, member in CHEAP_MODULES.items():
        with zipfile.ZipFile(wheels[member.split("/")[0]]) as archive:
            original = archive.read(member)
        patched = patches.patch_member(member, original, ["cheap-models"])
        assert patched != original, member
        assert patches.patch_member(member, original) == original  # only with the lever
        target = tmp_path / member
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(patched)
        stand_ins[module] = str(target)
    stubs = str(Path(__file__).parents[1] / "webapp" / "conftest.py")
    # The two builds (the wheels' own files, then with the edits) run at the same time.
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", CHEAP_PROBE, json.dumps(stand_in), stubs],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).parents[2],
        )
        for stand_in in ({}, stand_ins)
    ]
    results = []
    for run in runs:
        stdout, stderr = run.communicate(timeout=600)
        assert run.returncode == 0, stderr[-3000:]
        results.append(json.loads(stdout.strip().splitlines()[-1]))
    before, after = results
    assert (before.pop("patched"), after.pop("patched")) == ([], [True] * len(CHEAP_MODULES))
    made_before, made_after = before.pop("stylesheets made"), after.pop("stylesheets made")
    assert made_after * 5 < made_before, (made_before, made_after)
    assert len(after["docs"]) == 2 * (1 + len(PAGES))
    assert after == before
    invalid_keys = "expected a dict of type Dict(String, Int), got a dict with invalid keys: 2"
    assert invalid_keys in after["errors"][0]


def test_a_patch_refuses_text_it_does_not_find() -> None:
    with pytest.raises(SystemExit, match="expected 1 occurrence"):
        patches.EDITS[0].apply("nothing to see here")


def test_the_site_ships_no_pandas(dist: Path) -> None:
    names = [p.name for p in (dist / "pyodide").iterdir()]
    for package in ("pandas", "pytz", "python_dateutil", "six"):
        assert not [n for n in names if n.startswith(package)], names
    # The worker's list of packages to load, in its CONFIG as shipped (JSON, or minified JS).
    found = re.search(r'"?pyodidePackages"?: ?(\[[^\]]*\])', (dist / "worker.js").read_text())
    assert found is not None
    packages = json.loads(found.group(1))
    assert "numpy" in packages and "pandas" not in packages


def test_bundles_hold_bytecode_for_this_python(dist: Path) -> None:
    files = bundle_files(dist)
    names = list(files)
    assert not [n for n in names if n.endswith(".py")]
    assert not [n for n in names if "/tests/" in n or n.endswith((".pyi", ".ts"))]
    assert "panel/io/pyodide.pyc" in names and "webapp/app.pyc" in names
    header = files["webapp/app.pyc"][:16]
    assert header[:4] == importlib.util.MAGIC_NUMBER
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as archive:
        names = set(archive.namelist())
    for module in ("json/__init__", "asyncio/base_events", "pyodide/webloop", "typing"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names


def code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from code_objects(const)


def positions(pyc: bytes) -> list[tuple[int | None, ...]]:
    """Every instruction's (line, end line, column, end column) in a ``.pyc``'s code."""
    code = marshal.loads(pyc[16:])
    return [p for c in code_objects(code) for p in c.co_positions()]


@pytest.mark.parametrize("debug_ranges", [True, False])
def test_compile_modules_keeps_lines_and_drops_only_columns_without_debug_ranges(
    debug_ranges: bool,
) -> None:
    """One of the two settings is this interpreter's, the other needs a child interpreter:
    both give the same lines, and columns only with debug ranges."""
    sources = [(b"def f(a):\n    return (a +\n            1)\n", "m.py"), (b"x = 1\n", "n.py")]
    compiled = sitebuild.compile_modules(sources, 2, debug_ranges)
    reference = [sitebuild.compile_module(s, f, 2) for s, f in sources]
    assert [pyc[:16] for pyc in compiled] == [pyc[:16] for pyc in reference]  # same header
    for pyc, ref in zip(compiled, reference, strict=True):
        got, want = positions(pyc), positions(ref)
        assert [p[0] for p in got] == [p[0] for p in want]  # the lines (end lines may differ)
        assert any(p[0] is not None for p in got)
        assert all(p[2:] == (None, None) for p in got) is not debug_ranges


def test_shipped_bytecode_keeps_lines_but_not_columns(dist: Path) -> None:
    """With "no-debug-ranges", tracebacks in the browser still name each frame's line."""
    files = bundle_files(dist)
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as archive:
        stdlib = {n: archive.read(n) for n in archive.namelist() if n.endswith(".pyc")}
    for pyc in (files["webapp/app.pyc"], files["panel/viewable.pyc"], stdlib["json/decoder.pyc"]):
        found = positions(pyc)
        assert any(p[0] is not None for p in found)
        assert all(p[2:] == (None, None) for p in found)


def test_prerendered_pages_cover_every_page_theme_and_embed_mode(dist: Path) -> None:
    from webapp.pages import PAGES

    # The browser tests run where the build had Chromium, so every page has its snapshot
    # (HTML, see sitebuild/snapshot.py) and none is left as a BokehJS document.
    files = {p.name for p in (dist / "prerender").iterdir()}
    expected = {
        f"{slug}.{theme}{embed}.html.json.gz"
        for slug in ("home", *(page.slug for page in PAGES))
        for theme in ("light", "dark")
        for embed in ("", ".embed")
    }
    assert files == expected | {"styles.json.gz"}
    styles = json.loads(gzip.decompress((dist / "prerender" / "styles.json.gz").read_bytes()))
    for name in sorted(expected):
        snapshot = expand(dist / "prerender", name)
        assert set(snapshot) == {"query", "html"}
        html = snapshot["html"]
        assert "<script" not in html and 'shadowrootmode="open"' in html, name
        assert "data:image/png" not in html, name  # charts as lossless WebP
        indexes = {int(i) for i in re.findall(r'data-rf-css="(\d+)"', html)}
        assert indexes and max(indexes) < len(styles), name


def test_each_variant_ships_as_exact_edits_to_the_light_page(dist: Path) -> None:
    """Each page's light snapshot whole; the dark one as edits to it, each embedded one as
    edits to its theme's page (sitebuild/snapshot.py chain()), and what they expand to is the
    variant itself: the embedded page is the page with its few embed differences only, the
    chart pictures the same."""
    from webapp.pages import PAGES

    folder = dist / "prerender"
    for slug in ("home", *(page.slug for page in PAGES)):
        light = json.loads(gzip.decompress((folder / f"{slug}.light.html.json.gz").read_bytes()))
        assert set(light) == {"query", "html"}
        for theme in ("light", "dark"):
            page = expand(folder, f"{slug}.{theme}.html.json.gz")
            embed = expand(folder, f"{slug}.{theme}.embed.html.json.gz")
            assert embed["query"] == {**page["query"], "embed": "1"}
            shipped = json.loads(
                gzip.decompress((folder / f"{slug}.{theme}.embed.html.json.gz").read_bytes())
            )
            assert set(shipped) == {"query", "edits"}
            # A few small edits (ids, stylesheet indexes, visibility), no picture. A stylesheet
            # the page leaves out as empty may be the embed's (its title hidden): a <style>.
            assert 0 < len(shipped["edits"]) <= 40, slug
            assert all(len(STYLE_REF.sub("", text)) < 40 for _, _, text in shipped["edits"]), slug
            assert re.findall('data:image[^"]+', embed["html"]) == re.findall(
                'data:image[^"]+', page["html"]
            )
            assert apply(page["html"], shipped["edits"]) == embed["html"]
            if theme == "dark":
                dark = json.loads(
                    gzip.decompress((folder / f"{slug}.dark.html.json.gz").read_bytes())
                )
                assert set(dark) == {"query", "edits"} and dark["query"] == light["query"]
                assert page["html"] != light["html"]


def test_edits_rebuild_any_text_exactly() -> None:
    """diff() then apply() gives back the new text, counting in UTF-16 units (as boot.js's
    JavaScript strings do) also past characters outside the BMP."""
    cases = [
        ("", ""),
        ("<a>b</a>", ""),
        ("", "<a>b</a>"),
        ('<p x="1">🎲 one</p><i>2</i>', '<p x="10">🎲 one🎯</p><i>3</i>'),
        ("<b>" * 50 + "tail", "<b>" * 49 + "<i>" + "tail!"),
    ]
    for old, new in cases:
        edits = diff(old, new)
        assert apply(old, edits) == new
        # What boot.js does, with JavaScript's string units:
        units = old.encode("utf-16-le")
        out, at = b"", 0
        for start, length, text in edits:
            out += units[2 * at : 2 * start] + text.encode("utf-16-le")
            at = start + length
        assert (out + units[2 * at :]).decode("utf-16-le") == new
    assert chain("p.dark.embed.html.json.gz") == [
        "p.light.html.json.gz",
        "p.dark.html.json.gz",
        "p.dark.embed.html.json.gz",
    ]
    assert chain("p.light.html.json.gz") == ["p.light.html.json.gz"]


def test_only_the_panel_theme_files_the_pages_link_are_shipped(dist: Path) -> None:
    """Panel's other designs' CSS (fast, bootstrap, material) and its dark theme are never
    linked by a page (the browser test of every variant fails on a 404): not shipped, not
    pre-cached."""
    theme = dist / "panel" / "1.10.0" / "dist" / "bundled" / "theme"
    # (each beside its precompressed copies, .br and .gz, for hosts that serve them)
    shipped = sorted(p.name for p in theme.iterdir() if p.suffix not in {".br", ".gz"})
    assert shipped == ["default.css", "native.css"]
    assert {p.name for p in theme.iterdir()} <= {
        f"{name}{suffix}" for name in shipped for suffix in ("", ".br", ".gz")
    }
    # The snapshots carry the stylesheets BokehJS linked as text (sitebuild/snapshot.py):
    # those two themes', and no link is left.
    styles = json.loads(gzip.decompress((dist / "prerender" / "styles.json.gz").read_bytes()))
    for name in shipped:
        assert (theme / name).read_text(encoding="utf-8") in styles, name
    for path in (dist / "prerender").glob("*.light.html.json.gz"):
        for name in (path.name, path.name.replace(".light.", ".dark.")):
            html = expand(dist / "prerender", name)["html"]
            assert "<link" not in html, name
    sw = (dist / "sw.js").read_text()
    assert "bundled/theme/native.css" in sw and "bundled/theme/fast.css" not in sw


def official_lock_and_numpy(tmp_path: Path) -> tuple[dict[str, Any], bytes]:
    """The official pyodide-lock.json and numpy wheel, each verified as the build does."""
    lock = sitebuild.extract_pyodide_core(tmp_path)
    sitebuild.copy_pyodide_packages(tmp_path, lock, ["numpy"])
    return lock, (tmp_path / lock["packages"]["numpy"]["file_name"]).read_bytes()


def test_the_shipped_lock_matches_the_shipped_numpy_wheel(dist: Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    for name in ("numpy", "packaging"):
        entry = lock["packages"][name]
        wheel = dist / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name


def test_the_lean_numpy_wheel_is_a_subset_of_the_official_one(dist: Path, tmp_path: Path) -> None:
    official_lock, official = official_lock_and_numpy(tmp_path)
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    shipped = (dist / "pyodide" / lock["packages"]["numpy"]["file_name"]).read_bytes()
    assert shipped != official  # the lever did something
    # Everything else in the lock is the official entry, unchanged.
    for name, entry in official_lock["packages"].items():
        if name != "numpy":
            assert lock["packages"][name] == entry, name
    want = {**official_lock["packages"]["numpy"], "sha256": hashlib.sha256(shipped).hexdigest()}
    assert lock["packages"]["numpy"] == want
    with zipfile.ZipFile(io.BytesIO(official)) as big, zipfile.ZipFile(io.BytesIO(shipped)) as lean:
        # "compiled-numpy": each module as the bytecode of its official source (or stub).
        names = [n.removesuffix("c") for n in lean.namelist() if not n.endswith("/")]
        shipped_files = {n.removesuffix("c"): lean.read(n) for n in lean.namelist()}
        official_names = set(big.namelist())
        sources = {
            name: sitebuild.NUMPY_STUBS[name].encode()
            if name in sitebuild.NUMPY_STUBS
            else big.read(name)
            for name in names
        }
        modules = [n for n in names if n.endswith(".py")]
        assert len(modules) > 100 and not [n for n in lean.namelist() if n.endswith(".py")]
        compiled = sitebuild.compile_modules(
            [(sources[n], "/lib/python3.12/site-packages/" + n) for n in modules], 2, False
        )
        want_files = {**sources, **dict(zip(modules, compiled, strict=True))}
        for name in names:
            assert (name in sitebuild.NUMPY_STUBS) is (name not in official_names), name
            assert shipped_files[name] == want_files[name], name  # byte for byte
        left_out = official_names - set(names)
    assert not [n for n in names if sitebuild.numpy_dropped(n)]
    assert {n for n in left_out if not n.endswith("/")} == {
        n for n in official_names if sitebuild.numpy_dropped(n)
    }
    # What numpy needs to import stays: its core and the test module _add_newdocs imports;
    # numpy.linalg's kernels are a stub.
    so = sorted(n.split("/")[-1].split(".")[0] for n in names if n.endswith(".so"))
    assert so == ["_multiarray_tests", "_multiarray_umath"]
    assert set(sitebuild.NUMPY_STUBS) == {"numpy/linalg/_umath_linalg.py"} <= set(names)


def test_the_numpy_linalg_stub_names_what_was_asked_for_and_hides_no_dunder() -> None:
    namespace: dict[str, Any] = {}
    exec(sitebuild.NUMPY_STUBS["numpy/linalg/_umath_linalg.py"], namespace)
    with pytest.raises(AttributeError, match=r"numpy\.linalg is not shipped.*'solve1'"):
        namespace["__getattr__"]("solve1")
    with pytest.raises(AttributeError, match=r"^__wrapped__$"):  # hasattr() and inspect work
        namespace["__getattr__"]("__wrapped__")


NUMPY_LINALG_USERS = frozenset(
    {"linalg", "polyfit", "poly", "bmat", "asmatrix", "matrix", "matrix_power", "pinv", "lstsq"}
)
"""Names through which Python code reaches numpy.linalg's kernels: the module itself, numpy's
functions that call it (numpy/lib/_polynomial_impl.py: polyfit, poly, and roots, not listed:
Bokeh's documents have ``roots`` of their own), and numpy's matrix class (``I``, ``**``)."""


def test_nothing_shipped_calls_numpy_linalg(dist: Path) -> None:
    """numpy.linalg's kernels are a stub ("lean-numpy"): no module of the app's bundle names
    numpy.linalg or a numpy function or class that calls it, anywhere in its code."""

    def names(code: types.CodeType) -> set[str]:
        return {name for c in code_objects(code) for name in c.co_names}

    files = sitebuild.read_bundle(sitebuild.bundle_path(dist))
    compiled = {n: body for n, body in files.items() if n.endswith(".pyc")}
    assert len(compiled) > 500
    users = {
        name: sorted(hits)
        for name, body in compiled.items()
        if (hits := names(marshal.loads(body[16:])) & NUMPY_LINALG_USERS)
    }
    assert users == {}


def test_the_lean_stdlib_leaves_out_only_listed_modules(dist: Path, tmp_path: Path) -> None:
    sitebuild.extract_pyodide_core(tmp_path)
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip") as archive:
        official = {n.removesuffix(".py") for n in archive.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as archive:
        shipped = {n.removesuffix(".py").removesuffix(".pyc") for n in archive.namelist()}
    gone = {n.removesuffix("/__init__").replace("/", ".") for n in official - shipped}
    assert gone, "lean-stdlib dropped nothing"
    for module in gone:
        assert sitebuild.stdlib_module_dropped(module), module
    kept = ("unittest", "concurrent.futures.thread", "http.client", "json", "_pylong", "_strptime")
    for module in (*kept, *sitebuild.ENCODINGS_KEEP):
        path = module.replace(".", "/")
        assert path in shipped or f"{path}/__init__" in shipped, module
    assert {"multiprocessing", "xml", "encodings.cp1252", "http.server"} <= gone


def test_a_build_that_ships_pandas_keeps_what_importing_pandas_imports(tmp_path: Path) -> None:
    """Without "no-pandas" (a variant the bench measures), Panel imports pandas in the browser:
    "lean-numpy" and "lean-stdlib" must keep what that imports, which the site leaves out."""
    run = subprocess.run(
        [sys.executable, "-c", "import sys, json, pandas; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    imported = set(json.loads(run.stdout))
    numpy_modules = {m for m in imported if m.startswith("numpy.")}
    # The site drops some of them (numpy.random, numpy.typing): a build with pandas keeps them.
    assert {m for m in numpy_modules if sitebuild.numpy_module_dropped(m)} >= {
        "numpy.random", "numpy.random.bit_generator", "numpy.typing"
    }  # fmt: skip
    assert not {m for m in numpy_modules if sitebuild.numpy_module_dropped(m, pandas=True)}
    sitebuild.extract_pyodide_core(tmp_path)
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip") as archive:
        members = [n for n in archive.namelist() if sitebuild.module_of(n) in imported]
    assert "secrets.py" in members and len(members) > 100
    assert "secrets.py" in [n for n in members if sitebuild.stdlib_dropped(n, imported)]
    keep = sitebuild.STDLIB_PANDAS_NEEDS
    assert not [n for n in members if sitebuild.stdlib_dropped(n, imported, keep)]


def test_lean_packages_leaves_out_bleach_and_the_tornado_modules(dist: Path) -> None:
    names = set(bundle_files(dist))
    assert not [n for n in names if n.split("/")[0].split("-")[0] in ("bleach", "webencodings")]
    for module in sitebuild.TORNADO_MODULES:
        assert module + "c" not in names
    assert "tqdm/__init__.pyc" in names and "tqdm/std.pyc" in names
    for module in sitebuild.BUNDLE_KEEP:
        path = module.replace(".", "/")
        assert f"{path}.pyc" in names or f"{path}/__init__.pyc" in names, module
    assert "numbergen/__init__.pyc" in names and "jinja2/debug.pyc" in names


def test_lean_packages_leaves_out_the_listed_modules_and_only_them(dist: Path) -> None:
    names = set(bundle_files(dist))
    tops = {n.split("/")[0] for n in names}
    for gone in ("narwhals", "markdown", "typing_extensions.pyc", "xyzservices", "uc_micro"):
        assert gone not in tops, gone
    assert not [t for t in tops if t.split("-")[0] in sitebuild.BUNDLE_DROP_DISTRIBUTIONS]
    assert not [n for n in names if sitebuild.bundle_member_dropped(n)]
    for module in ("panel.io.handlers", "bokeh.server.core", "mdit_py_plugins.texmath"):
        assert sitebuild.bundle_module_dropped(module)
    # What Panel's Markdown pane loads stays.
    for module in ("markdown_it/main", "mdit_py_plugins/anchors/index", "linkify_it/main"):
        assert module + ".pyc" in names, module


def bundled_template_sources() -> dict[str, bytes]:
    """The templates of ``patches.BUNDLED_TEMPLATES`` as the pinned wheels hold them."""
    members: dict[str, bytes] = {}
    for pin in sitebuild.BROWSER_WHEELS:
        if pin.name in ("bokeh", "panel"):
            with zipfile.ZipFile(sitebuild.fetch_pypi(pin)) as archive:
                for folder, names in patches.BUNDLED_TEMPLATES.items():
                    for name in names:
                        if f"{folder}/{name}" in archive.namelist():
                            members[f"{folder}/{name}"] = archive.read(f"{folder}/{name}")
    return members


def test_template_cache_holds_what_bokehs_and_panels_own_jinja_would_compile() -> None:
    """Each cached template is the code Bokeh's or Panel's own environment generates from
    the same source (so the browser runs what it would have compiled), under the key and
    checksum Jinja looks it up by."""
    from bokeh.core.templates import get_env as bokeh_env
    from jinja2.bccache import Bucket, FileSystemBytecodeCache
    from panel.io.resources import _env as panel_env

    members = bundled_template_sources()
    assert len(members) == sum(len(names) for names in patches.BUNDLED_TEMPLATES.values())
    cache = dict(sitebuild.template_cache(members))
    naming = FileSystemBytecodeCache(".")
    for folder, names in patches.BUNDLED_TEMPLATES.items():
        own = panel_env if folder.startswith("panel/") else bokeh_env()
        ours = sitebuild.template_environment(folder)
        for name in names:
            source = members[f"{folder}/{name}"].decode()
            filename = f"/lib/python3.12/site-packages/{folder}/{name}"
            assert ours.compile(source, name, filename, raw=True) == own.compile(
                source, name, filename, raw=True
            ), name
            key = naming.get_cache_key(name)
            bucket = Bucket(ours, key, naming.get_source_checksum(source))
            bucket.bytecode_from_string(
                cache[f"{folder}/{patches.TEMPLATE_CACHE}/{naming.pattern % key}"]
            )
            assert bucket.code is not None, name  # magic and checksum accepted
            assert bucket.code.co_filename == filename
    # A changed template is not taken from the cache: Jinja compiles it afresh.
    stale = Bucket(sitebuild.template_environment("panel/_templates"), "k", "another checksum")
    stale.bytecode_from_string(next(iter(cache.values())))
    assert stale.code is None


TEMPLATE_PROBE = """
import json, sys, types
from unittest import mock
sys.path.insert(0, sys.argv[1])                      # the site's own bundle, unpacked, first
js = types.ModuleType("js")                          # Panel's browser path, as in the worker
js.JSON = js.XMLHttpRequest = mock.MagicMock()
pyodide = types.ModuleType("pyodide")
for name in ("ffi", "code", "http"):
    setattr(pyodide, name, mock.MagicMock())
    sys.modules["pyodide." + name] = getattr(pyodide, name)
sys.modules.update(js=js, pyodide=pyodide, _pyodide=types.ModuleType("_pyodide"))
import jinja2
compiled = []
compile_ = jinja2.Environment.compile
def counted(self, source, name=None, filename=None, *args, **kwargs):
    compiled.append(name)
    return compile_(self, source, name, filename, *args, **kwargs)
jinja2.Environment.compile = counted
import panel, panel.io.notebook, panel.io.resources
from bokeh.core.templates import get_env
from panel.io.resources import _env
out = {"from": [jinja2.__file__, panel.__file__], "compiled": list(compiled), "rendered": []}
for env, name, context in (
    (get_env(), "script_tag.html.jinja", {"js_code": "x = 1;", "id": "rf"}),
    (_env, "logout.html", {"LOGIN_ENDPOINT": "/login", "PANEL_CDN": "/static/"}),
):
    fresh = env.from_string(env.loader.get_source(env, name)[0])
    out["rendered"].append([env.get_template(name).render(context), fresh.render(context)])
print(json.dumps(out))
"""


def test_panel_imported_from_the_built_bundle_compiles_no_template(
    dist: Path, tmp_path: Path
) -> None:
    """Imported as in the worker (Panel's Pyodide path, the built bundle's files), Bokeh and
    Panel load every template they compile at start from the bundle's cache; the cached ones
    render as ones compiled from their source."""
    for name, data in bundle_files(dist).items():  # as the worker writes them
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    for folder, names in patches.BUNDLED_TEMPLATES.items():
        assert len(list((tmp_path / folder / patches.TEMPLATE_CACHE).iterdir())) == len(names)
    result = subprocess.run(
        [sys.executable, "-c", TEMPLATE_PROBE, str(tmp_path)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert all(path.startswith(str(tmp_path)) for path in out["from"])
    assert out["compiled"] == []
    (script, fresh_script), (logout, fresh_logout) = out["rendered"]
    assert script == fresh_script and 'id="rf"' in script and "x = 1;" in script
    assert logout == fresh_logout and "./login" in logout


def test_a_pack_holds_exactly_its_files_and_is_the_same_every_build(tmp_path: Path) -> None:
    files = {"b/x.pyc": b"\x00" * 70_000, "a.txt": "é\n".encode(), "empty": b"", "c/d/e": b"e"}
    sitebuild.write_pack(tmp_path / "one.pack.gz", files.items())
    sitebuild.write_pack(tmp_path / "two.pack.gz", reversed(list(files.items())))
    assert (tmp_path / "one.pack.gz").read_bytes() == (tmp_path / "two.pack.gz").read_bytes()
    assert sitebuild.read_bundle(tmp_path / "one.pack.gz") == files
    body = gzip.decompress((tmp_path / "one.pack.gz").read_bytes())
    assert body[:4] == sitebuild.PACK_MAGIC
    size = int.from_bytes(body[4:8], "little")
    assert json.loads(body[8 : 8 + size]) == [[n, len(files[n])] for n in sorted(files)]
    (tmp_path / "cut.pack.gz").write_bytes(gzip.compress(body[:-1]))
    with pytest.raises(ValueError, match="add up to"):
        sitebuild.read_bundle(tmp_path / "cut.pack.gz")
