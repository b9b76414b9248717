"""The service worker (``sw.js``) that keeps the site offline, and ``build.json``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.paths import STATIC
from sitebuild.shell import CONTENT_SECURITY_POLICY


def site_files(site: Path) -> list[str]:
    return sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file() and path.name != "sw.js"
    )


def content_hash(site: Path, files: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    return digest.hexdigest()


def stage_service_worker(site: Path, levers: frozenset[Lever] = ALL_LEVERS) -> str:
    """Write ``sw.js`` with the list of every file and a cache named by the content hash."""
    files = site_files(site)
    build_id = content_hash(site, files)[:16]
    text = (STATIC / "sw.js").read_text()
    text = text.replace("__BUILD_ID__", build_id)
    text = text.replace("__PRECACHE__", json.dumps(["./", *files], indent=1))
    (site / "sw.js").write_text(text)
    info = {"build": build_id, "files": len(files) + 1, "levers": sorted(levers)}
    (site / "build.json").write_text(json.dumps(info))
    # The same policy as a header, for static hosts that read a _headers file.
    (site / "_headers").write_text(f"/*\n  Content-Security-Policy: {CONTENT_SECURITY_POLICY}\n")
    return build_id
