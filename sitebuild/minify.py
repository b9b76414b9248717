"""The site's own scripts minified at build time, with a source map beside each (issue 30).

Every script of ``static/`` the page loads before it draws (``theme.js``, ``storage.js``,
``boot.js``, ``saved.js``, ``share.js``, ``update.js``: 88 kB as written, comments and all) is
on the path to the first drawing. On Lighthouse's simulated slow 4G each of those kilobytes
costs its time before the key figures can show, and more on a host that does not compress.
Minified, they are 39 kB (13 kB brotli instead of 26 kB).

The minifier is esbuild (``--minify``: whitespace, comments, shorter syntax, and the names of
nested scopes; no ``--format``, so a file's top-level names, which a classic script shares with
the page, are kept). It comes from npm as the one binary of its platform package
(``@esbuild/linux-x64``...), pinned by version and integrity in ``package-lock.json`` like
the browser's libraries; it runs no install script and needs no ``node_modules``.

Each minified ``X.js`` ends with ``//# sourceMappingURL=X.js.map``; the map holds the source as
written (``sourcesContent``), named ``static/X.js``. Only the developer tools ask for a map:
the service worker does not pre-cache them (``service_worker.NOT_PRECACHED_SUFFIXES``).

On a platform npm has no esbuild for, the build says so and ships the scripts as written.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from sitebuild.fetch import fetch_npm
from sitebuild.paths import CACHE, log
from sitebuild.pins import NpmPin, npm_pin

NPM_PLATFORMS = {"Linux": "linux", "Darwin": "darwin", "Windows": "win32", "FreeBSD": "freebsd"}
NPM_CPUS = {"x86_64": "x64", "AMD64": "x64", "aarch64": "arm64", "arm64": "arm64"}
"""Python's ``platform.system()`` and ``platform.machine()`` as npm's ``os`` and ``cpu``."""


def esbuild_pin(system: str | None = None, machine: str | None = None) -> NpmPin | None:
    """The pinned esbuild package of this platform (``@esbuild/linux-x64``), or ``None`` where
    npm's lock has none."""
    os_name = NPM_PLATFORMS.get(system or platform.system())
    cpu = NPM_CPUS.get(machine or platform.machine())
    if os_name is None or cpu is None:
        return None
    try:
        return npm_pin(f"@esbuild/{os_name}-{cpu}")
    except KeyError:
        return None


def esbuild() -> Path | None:
    """The esbuild binary of this platform, unpacked once into the download cache from its
    verified npm tarball; ``None`` where there is none."""
    pin = esbuild_pin()
    if pin is None:
        return None
    member = "package/esbuild.exe" if pin.name.endswith("win32-x64") else "package/bin/esbuild"
    binary = CACHE / f"esbuild-{pin.version}" / Path(member).name
    tarball = fetch_npm(pin.name, pin.version, pin.integrity)  # verified on every build
    if not binary.exists():
        with tarfile.open(tarball) as tar:
            data = tar.extractfile(member)
            if data is None:
                raise SystemExit(f"{tarball}: no {member}")
            binary.parent.mkdir(parents=True, exist_ok=True)
            # Written aside, then renamed: a test process running beside the build never
            # runs a half-written binary.
            partial = binary.with_name(f"{binary.name}.{os.getpid()}.partial")
            partial.write_bytes(data.read())
            partial.chmod(0o755)
            partial.replace(binary)
    return binary


def minify_scripts(site: Path, names: list[str]) -> None:
    """Minify each script ``names`` (paths in ``site``, as ``static/`` has them) in place and
    write its source map beside it."""
    binary = esbuild()
    if binary is None:
        log(f"no esbuild for {platform.system()} {platform.machine()}: scripts not minified")
        return
    before = after = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            out = site / name
            source = Path(tmp) / name
            source.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(out, source)
            before += source.stat().st_size
            subprocess.run(
                [binary, source, "--minify", "--sourcemap", "--charset=utf8",
                 f"--outfile={out}", "--allow-overwrite", "--log-level=warning"],
                check=True,
            )  # fmt: skip
            after += out.stat().st_size
            source_map = out.with_name(out.name + ".map")
            data = json.loads(source_map.read_text())
            data["sources"] = [f"static/{name}"]
            source_map.write_text(json.dumps(data, separators=(",", ":")))
    log(f"minified {len(names)} scripts: {before / 1e3:.0f} kB -> {after / 1e3:.0f} kB")
