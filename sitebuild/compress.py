"""Precompressed copies of the site's files (``X.br`` and ``X.gz`` beside ``X``), for hosts
that serve them, and the negotiation ``--serve`` does with them (issue 30).

A static host that serves precompressed files (nginx ``gzip_static``/``brotli_static``, Caddy
``precompressed``, Apache with a rewrite) answers a request for ``X`` from a browser that
accepts brotli with ``X.br`` and ``Content-Encoding: br``; the browser inflates it before any
script, the service worker included, sees the body. A host that compresses on the fly (GitHub
Pages, Netlify, Cloudflare) ignores them. The copies are not part of the build as the service
worker knows it: ``sw.js`` lists and checks the files themselves (``site_files``), and a
precompressed copy is never requested by name.

Brotli is made by Node's zlib (Node is already the build's tool for npm packages); without
Node, the build writes the gzip copies only and says so.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.paths import log

ENCODINGS = {".br": "br", ".gz": "gzip"}
"""The suffix of a precompressed copy and its ``Content-Encoding``, in order of preference."""

COMPRESSED_SUFFIXES = frozenset({".gz", ".br", ".zip", ".whl", ".png", ".jpg", ".woff2"})
"""Files already compressed: no copy is made of them."""

MIN_SIZE = 1024
"""Smaller files are sent as they are: a copy would save less than a packet."""

MIN_SAVING = 0.1
"""A copy is kept only if it is at least this much smaller than the file."""

BROTLI_SCRIPT = """
const fs = require("fs"), zlib = require("zlib");
for (const path of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(path);
  fs.writeFileSync(path + ".br", zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }));
}
"""


def is_precompressed_copy(site: Path, relative: str) -> bool:
    """Whether ``relative`` (a path in ``site``) is a precompressed copy of a file beside it
    (``prerender/home.light.json.gz`` has no ``.json`` beside it: it is a file of its own)."""
    for suffix in ENCODINGS:
        if relative.endswith(suffix) and (site / relative.removesuffix(suffix)).is_file():
            return True
    return False


def stage_precompressed(site: Path, levers: frozenset[Lever] = ALL_LEVERS) -> None:
    """Write ``X.gz`` and ``X.br`` beside each file ``X`` of ``site`` they make at least
    :data:`MIN_SAVING` smaller (the last stage: after ``sw.js``, which it compresses too)."""
    if Lever.PRECOMPRESSED not in levers:
        return
    kept = precompress(
        sorted(path for path in site.rglob("*") if path.is_file() and not path.name.startswith("."))
    )
    if not shutil.which("node"):
        return
    gz = sum(p.with_name(p.name + ".gz").stat().st_size for p in kept)
    br = sum(p.with_name(p.name + ".br").stat().st_size for p in kept)
    raw = sum(p.stat().st_size for p in kept)
    log(
        f"precompressed {len(kept)} files: {raw / 1e6:.1f} MB, {gz / 1e6:.1f} MB gzipped, "
        f"{br / 1e6:.1f} MB brotli"
    )


def precompress(paths: list[Path]) -> list[Path]:
    """Write ``X.gz`` and ``X.br`` beside each file of ``paths`` that is not compressed
    already, is at least :data:`MIN_SIZE` and that they make :data:`MIN_SAVING` smaller;
    returns those files."""
    kept: list[Path] = []
    for path in paths:
        if path.suffix in COMPRESSED_SUFFIXES or path.stat().st_size < MIN_SIZE:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= len(data) * (1 - MIN_SAVING):
            path.with_name(path.name + ".gz").write_bytes(packed)
            kept.append(path)
    node = shutil.which("node")
    if node is None:
        log("no node: precompressed gzip copies only, no brotli")
        return kept
    subprocess.run(
        [node, "-e", BROTLI_SCRIPT],
        input=json.dumps([str(p) for p in kept]),
        text=True,
        check=True,
    )
    return kept


def precompressed_copy(path: Path, accept_encoding: str) -> tuple[Path, str] | None:
    """The precompressed copy of ``path`` to send to a client that sent ``accept_encoding``,
    and its ``Content-Encoding``; ``None``: send ``path`` itself. A copy older than its file
    (the file was changed after the build) is never sent."""
    accepted = {
        part.split(";")[0].strip().lower()
        for part in accept_encoding.split(",")
        if not part.strip().lower().endswith(("q=0", "q=0.0", "q=0.00", "q=0.000"))
    }
    if not path.is_file():
        return None
    for suffix, encoding in ENCODINGS.items():
        copy = path.with_name(path.name + suffix)
        fresh = copy.is_file() and copy.stat().st_mtime >= path.stat().st_mtime
        if encoding in accepted and fresh:
            return copy, encoding
    return None
