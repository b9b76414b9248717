"""The service worker (``sw.js``) that keeps the site offline, and ``build.json``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from sitebuild.compress import is_precompressed_copy
from sitebuild.levers import ALL_LEVERS, Lever, parse_levers
from sitebuild.paths import STATIC
from sitebuild.shell import CONTENT_SECURITY_POLICY

NOT_PRECACHED = ("sw.js", "build.json", "_headers")
"""Files of the site the service worker does not keep: itself (the browser checks it for a new
build), and what this stage writes beside it (``build.json`` describes the build for the
tests and the benchmark; ``_headers`` is for the host). Nor dotfiles (``.fingerprint``), nor the
precompressed copies of files (``X.br``, ``X.gz`` beside ``X``: the host's business, never asked
for by name, ``compress.py``)."""

NOT_PRECACHED_SUFFIXES = (".map",)
"""Nor source maps (``X.js.map``, ``minify.py``): only the developer tools ask for them."""

REVISION_LENGTH = 16
"""Hex digits of a file's sha256 that ``sw.js`` keeps as its revision (and of a build's id)."""


def site_files(site: Path) -> list[str]:
    """The files of ``site`` the service worker pre-caches, sorted."""
    return sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file()
        and not path.name.startswith(".")
        and path.relative_to(site).as_posix() not in NOT_PRECACHED
        and path.suffix not in NOT_PRECACHED_SUFFIXES
        and not is_precompressed_copy(site, path.relative_to(site).as_posix())
    )


def content_hash(site: Path, files: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    return digest.hexdigest()


def revisions(site: Path, files: Iterable[str]) -> dict[str, str]:
    """Each file's revision, the start of its sha256; ``./`` (what a navigation loads) is
    ``index.html``."""
    out = {
        name: hashlib.sha256((site / name).read_bytes()).hexdigest()[:REVISION_LENGTH]
        for name in files
    }
    return {"./": out["index.html"], **out}


def built_levers(site: Path) -> frozenset[Lever]:
    """The levers the build of ``site`` was made with, as its ``build.json`` records them."""
    return parse_levers(json.loads((site / "build.json").read_text())["levers"])


def stage_service_worker(site: Path, levers: frozenset[Lever] = ALL_LEVERS) -> str:
    """Write ``sw.js`` with every file's revision and a cache named by the content hash, and
    ``build.json``; returns the build's id.

    The service worker copies a file whose revision an earlier build's cache holds, and
    fetches only the others (``static/sw.js``): a build that changes one file costs a
    returning visitor that file."""
    files = site_files(site)
    build_id = content_hash(site, files)[:REVISION_LENGTH]
    text = (STATIC / "sw.js").read_text()
    text = text.replace("__BUILD_ID__", build_id)
    text = text.replace("__REVISIONS__", json.dumps(revisions(site, files), indent=1))
    (site / "sw.js").write_text(text)
    info = {"build": build_id, "files": len(files) + 1, "levers": sorted(levers)}
    (site / "build.json").write_text(json.dumps(info))
    # The same policy as a header, for static hosts that read a _headers file.
    (site / "_headers").write_text(f"/*\n  Content-Security-Policy: {CONTENT_SECURITY_POLICY}\n")
    return build_id
