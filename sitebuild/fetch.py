"""Downloads, cached in ``.cache/downloads`` and verified against their pins every time."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from sitebuild.paths import CACHE, log
from sitebuild.pins import PYODIDE_NPM_INTEGRITY, PYODIDE_VERSION, SDIST_BUILD_ENV, Pin


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_pypi(pin: Pin, *, sdist: bool = False) -> Path:
    """The pinned file from PyPI, downloaded once into the cache and verified every time."""
    target = CACHE / pin.filename
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"downloading {pin.filename}")
        with tempfile.TemporaryDirectory() as tmp:
            binary = ["--no-binary=:all:"] if sdist else ["--only-binary=:all:"]
            # pip checks the file against the pin's sha256 (hash-checking mode) before it
            # keeps it; the check below runs again on every build, on the cached copy.
            requirement = Path(tmp) / "requirement.txt"
            requirement.write_text(f"{pin.name}=={pin.version} --hash=sha256:{pin.sha256}\n")
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--require-hashes", "--disable-pip-version-check", *binary,
                 "-d", str(Path(tmp) / "out"), "-r", str(requirement)],
                check=True,
            )  # fmt: skip
            found = Path(tmp) / "out" / pin.filename
            if not found.exists():
                raise SystemExit(
                    f"pip did not fetch {pin.filename}: got {os.listdir(found.parent)}"
                )
            shutil.move(found, target)
    actual = sha256_of(target)
    if actual != pin.sha256:
        raise SystemExit(f"{target}: sha256 {actual} differs from the pinned {pin.sha256}")
    return target


def fetch_npm(name: str, version: str, integrity: str) -> Path:
    """The npm tarball of ``name@version``, downloaded once into the cache and verified every
    time against the registry's ``integrity`` (as ``package-lock.json`` locks it). A scoped
    package's tarball is named as ``npm pack`` names it (``@esbuild/linux-x64``:
    ``esbuild-linux-x64-0.28.2.tgz``)."""
    target = CACHE / f"{name.removeprefix('@').replace('/', '-')}-{version}.tgz"
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"downloading {name}@{version} (npm)")
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                ["npm", "pack", "--silent", f"{name}@{version}", "--pack-destination", tmp],
                check=True, stdout=subprocess.DEVNULL,
            )  # fmt: skip
            # Moved beside the target, then renamed: a process that fetches the same
            # package meanwhile (a test beside the build) never reads half a tarball.
            partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
            shutil.move(Path(tmp) / target.name, partial)
            partial.replace(target)
    algorithm, _, expected = integrity.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, target.read_bytes()).digest()).decode()
    if actual != expected:
        raise SystemExit(f"{target}: {algorithm} {actual} differs from the pinned {expected}")
    return target


def fetch_pyodide_npm() -> Path:
    """The npm tarball of Pyodide, verified against the pinned registry integrity."""
    return fetch_npm("pyodide", PYODIDE_VERSION, PYODIDE_NPM_INTEGRITY)


def build_pure_wheel(pin: Pin) -> Path:
    """Build a pinned sdist into a ``py3-none-any`` wheel with no extension module."""
    sdist = fetch_pypi(pin, sdist=True)
    out = CACHE / "built" / pin.name
    wheels = sorted(out.glob("*.whl")) if out.exists() else []
    stamp = out / "sdist.sha256"
    if not wheels or not stamp.exists() or stamp.read_text() != pin.sha256:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        log(f"building a pure wheel of {pin.filename}")
        env = {**os.environ, **SDIST_BUILD_ENV.get(pin.name, {})}
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
             "--disable-pip-version-check", "-w", str(out), str(sdist)],
            check=True, env=env,
        )  # fmt: skip
        stamp.write_text(pin.sha256)
        wheels = sorted(out.glob("*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one wheel for {pin.name}, found {wheels}")
    with zipfile.ZipFile(wheels[0]) as archive:
        compiled = [n for n in archive.namelist() if n.endswith((".so", ".pyd", ".dylib"))]
    if compiled:
        raise SystemExit(f"{wheels[0].name} is not pure Python: it holds {compiled}")
    return wheels[0]
