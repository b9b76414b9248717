"""The app's Python bundle (``app/site-packages.pack.gz``) and its format."""

from __future__ import annotations

import gzip
import json
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from sitebuild import patches
from sitebuild.bundle_contents import (
    PYTHON_BUNDLE_DROP_BEFORE,
    TORNADO_MODULES,
    UNIMPORTED_WHEELS,
    bundle_member_dropped,
    bundle_module_dropped,
    dropped,
    imports_tornado_at_top,
)
from sitebuild.bytecode import check_python_version, compiled_members, sources_and_cached
from sitebuild.fetch import build_pure_wheel, fetch_pypi
from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.paths import APP_PACKAGES, APP_ROOT
from sitebuild.pins import BROWSER_SDISTS, BROWSER_WHEELS


def wheel_members(wheel: Path, levers: frozenset[Lever]) -> Iterator[tuple[str, bytes]]:
    lean = Lever.LEAN_BUNDLE in levers
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            name = info.filename
            if info.is_dir():
                continue
            if lean and dropped(name):
                continue
            if not lean and (name.startswith(PYTHON_BUNDLE_DROP_BEFORE) or "/__pycache__/" in name):
                continue
            if Lever.LEAN_PACKAGES in levers and bundle_member_dropped(name):
                continue
            data = archive.read(info)
            if Lever.LEAN_PACKAGES in levers and name in TORNADO_MODULES:
                if not imports_tornado_at_top(data):
                    raise SystemExit(f"{name} no longer imports tornado: ship it (TORNADO_MODULES)")
                continue
            data = patches.patch_member(name, data, levers)
            yield name, data


def app_members() -> Iterator[tuple[str, bytes]]:
    for package in APP_PACKAGES:
        for path in sorted((APP_ROOT / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                yield path.relative_to(APP_ROOT).as_posix(), path.read_bytes()


PACK_MAGIC = b"RFPK"
"""The first four bytes of an inflated pack (:func:`write_pack`)."""


def write_pack(target: Path, members: Iterable[tuple[str, bytes]]) -> None:
    """The files ``members`` as one deterministic gzip stream of: :data:`PACK_MAGIC`, the
    length of the index (4 bytes, little-endian), the index (JSON ``[[path, size], ...]``,
    sorted by path), then each file's bytes in the index's order.

    ``static/worker.js`` inflates it with the browser's own ``DecompressionStream`` while the
    runtime boots and writes each file into site-packages from JavaScript: no zip for Python
    to read and inflate file by file in WebAssembly. One stream also compresses better than a
    zip's files one by one (its deflate starts afresh for each file)."""
    files = sorted(members)
    index = json.dumps([[name, len(data)] for name, data in files], separators=(",", ":"))
    raw = index.encode()
    body = b"".join([PACK_MAGIC, len(raw).to_bytes(4, "little"), raw, *(d for _, d in files)])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(gzip.compress(body, compresslevel=9, mtime=0))


def read_bundle(path: Path) -> dict[str, bytes]:
    """The files of the app's bundle, a pack (:func:`write_pack`) or a zip, by path."""
    if path.suffix == ".zip":
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    body = gzip.decompress(path.read_bytes())
    if body[:4] != PACK_MAGIC:
        raise ValueError(f"{path} is not a pack: it starts with {body[:4]!r}")
    size = int.from_bytes(body[4:8], "little")
    at, files = 8 + size, {}
    for name, length in json.loads(body[8 : 8 + size]):
        files[name] = body[at : at + length]
        at += length
    if at != len(body):
        raise ValueError(f"{path}: the files add up to {at} bytes, the pack holds {len(body)}")
    return files


def bundle_path(site: Path) -> Path:
    """The app's bundle in ``site``: the pack, or the zip of a build without "bundle-pack"."""
    pack = site / "app" / "site-packages.pack.gz"
    return pack if pack.exists() else site / "app" / "site-packages.zip"


def write_zip(target: Path, members: Iterable[tuple[str, bytes]]) -> None:
    """A deterministic deflated zip of ``members`` (sorted, fixed dates and modes)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(members):
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def template_cache(members: dict[str, bytes]) -> Iterator[tuple[str, bytes]]:
    """Jinja's bytecode cache for the templates Bokeh and Panel compile while Panel is
    imported (``patches.BUNDLED_TEMPLATES``), as the "template-cache" edits read it: one file
    per template in its folder's ``patches.TEMPLATE_CACHE``, keyed by the template's name,
    holding the code object Jinja would compile from the bundle's template in the browser
    (same Jinja release, same environment settings: tests/site/test_build.py compares the
    generated code with Bokeh's and Panel's own environments')."""
    import jinja2
    from jinja2.bccache import Bucket, FileSystemBytecodeCache

    pinned = next(pin.version for pin in BROWSER_WHEELS if pin.name == "jinja2")
    if jinja2.__version__ != pinned:
        raise SystemExit(
            f"template-cache: the build runs jinja2 {jinja2.__version__}, the site ships "
            f"{pinned}; compiled templates must come from the same release"
        )
    naming = FileSystemBytecodeCache(".")
    for folder, names in patches.BUNDLED_TEMPLATES.items():
        env = template_environment(folder)
        for name in names:
            path = f"{folder}/{name}"
            # As Jinja's FileSystemLoader reads it: text, universal newlines.
            source = members[path].decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
            key = naming.get_cache_key(name)
            bucket = Bucket(env, key, naming.get_source_checksum(source))
            bucket.code = env.compile(source, name, "/lib/python3.12/site-packages/" + path)
            cached = f"{folder}/{patches.TEMPLATE_CACHE}/{naming.pattern % key}"
            yield cached, bucket.bytecode_to_string()


def template_environment(folder: str) -> Any:
    """A Jinja environment that compiles the templates of ``folder`` as Bokeh's or Panel's
    own does: both trim and strip blocks; Panel's has three more filters, whose names
    matter when compiling (a filter must exist; what it does is looked up when the template
    renders)."""
    import jinja2

    env = jinja2.Environment(trim_blocks=True, lstrip_blocks=True)
    if folder.startswith("panel/"):
        for name in ("json", "conffilter", "sorted"):
            env.filters[name] = sorted  # (a plain function, as each of Panel's three is)
    return env


def stage_python(
    site: Path, levers: frozenset[Lever] = ALL_LEVERS, used: set[str] | None = None
) -> Path:
    """Write the app's bundle, ``site/app/site-packages.pack.gz`` (:func:`write_pack`; a zip,
    ``site-packages.zip``, without "bundle-pack"): every pure-Python package plus
    Rangefinder's own.

    The worker unpacks it into site-packages in one step (no micropip, no index). It holds
    bytecode only, compiled here by the same CPython minor version (3.12) as Pyodide's, as
    unchecked-hash .pyc files in place of the sources, so the browser never compiles and
    never unpacks a source it would not read; what the app never imports is left out
    (``PYTHON_BUNDLE_DROP``...)."""
    lean = Lever.LEAN_PACKAGES in levers
    if lean and (imported := sorted(m for m in used or () if bundle_module_dropped(m, False))):
        raise SystemExit(f"lean-packages would drop modules the app imports: {imported}")
    sources = [
        fetch_pypi(pin) for pin in BROWSER_WHEELS if not (lean and pin.name in UNIMPORTED_WHEELS)
    ]
    sources += [build_pure_wheel(pin) for pin in BROWSER_SDISTS]
    check_python_version()
    members: dict[str, bytes] = {}
    for wheel in sources:
        members.update(wheel_members(wheel, levers))
    members.update(app_members())
    if Lever.TEMPLATE_CACHE in levers:
        members.update(template_cache(members))
    prefix = "/lib/python3.12/site-packages/"
    if Lever.LEAN_BUNDLE in levers:
        files = compiled_members(members.items(), prefix, levers)
    else:
        files = sources_and_cached(members.items(), prefix)
    if Lever.BUNDLE_PACK in levers:
        bundle = site / "app" / "site-packages.pack.gz"
        write_pack(bundle, files)
    else:
        bundle = site / "app" / "site-packages.zip"
        write_zip(bundle, files)
    return bundle
