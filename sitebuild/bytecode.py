"""Python bytecode as the browser's CPython 3.12 reads it, compiled at build time."""

from __future__ import annotations

import importlib._bootstrap_external
import importlib.util
import os
import pickle
import subprocess
import sys
from collections.abc import Iterable, Iterator

from sitebuild.levers import Lever
from sitebuild.paths import ROOT


def module_of(member: str) -> str | None:
    """The module a ``.py``/``.pyc``/``.so`` member of a wheel or zip defines, else None."""
    stem, dot, suffix = member.rpartition(".")
    if not dot or suffix not in ("py", "pyc", "so"):
        return None
    if suffix == "so":
        stem = stem.split(".", 1)[0]  # _umath.cpython-312-wasm32-emscripten
    return stem.removesuffix("/__init__").replace("/", ".")


def compile_module(source: bytes, filename: str, optimize: int = 0) -> bytes:
    """``source`` compiled by this CPython 3.12 into an unchecked-hash ``.pyc`` (the format
    CPython 3.12 reads without a source beside it, whatever the file's date).

    ``optimize=2`` leaves out docstrings and asserts (as ``python -OO``); a sourceless
    ``module.pyc`` is loaded whatever the interpreter's own optimisation level."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(
        importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
            code, importlib.util.source_hash(source), checked=False
        )
    )


def python_optimize(levers: frozenset[Lever]) -> int:
    """The optimisation level of the shipped bytecode, and of the browser's Python, which
    runs with ``PYTHONOPTIMIZE`` set to it (``python -OO`` with "no-docstrings"), so that code
    that asks ``sys.flags.optimize`` (numpy does) agrees with the bytecode it runs."""
    return 2 if Lever.NO_DOCSTRINGS in levers else 0


def has_debug_ranges() -> bool:
    """Whether this interpreter's ``compile`` records column positions (PEP 657): not under
    ``python -X no_debug_ranges`` or ``PYTHONNODEBUGRANGES``."""
    return next(compile("x", "<probe>", "eval").co_positions())[2] is not None


def compile_modules(
    sources: list[tuple[bytes, str]], optimize: int = 0, debug_ranges: bool = True
) -> list[bytes]:
    """Each ``(source, filename)`` compiled by :func:`compile_module`, in order.

    ``debug_ranges=False`` compiles as ``python -X no_debug_ranges`` does ("no-debug-ranges"):
    each instruction keeps its line but not its columns, which only draw the ``^^^`` under
    the failing expression in a traceback. Columns are a quarter of Bokeh's and Panel's
    bytecode once gzipped (they compress badly). The flag is fixed when CPython starts, so a
    child interpreter compiles when this one's setting differs."""
    if debug_ranges == has_debug_ranges():
        return [compile_module(source, filename, optimize) for source, filename in sources]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONNODEBUGRANGES"}
    env["PYTHONPATH"] = str(ROOT)
    flags = [] if debug_ranges else ["-X", "no_debug_ranges"]
    child = (
        "import pickle, sys; from sitebuild.bytecode import compile_module; "
        "sources, optimize = pickle.load(sys.stdin.buffer); "
        "pickle.dump([compile_module(s, f, optimize) for s, f in sources], sys.stdout.buffer)"
    )
    done = subprocess.run(
        [sys.executable, *flags, "-c", child],
        input=pickle.dumps((sources, optimize)),
        capture_output=True, env=env, check=True,
    )  # fmt: skip
    compiled: list[bytes] = pickle.loads(done.stdout)
    return compiled


def compiled_members(
    members: Iterable[tuple[str, bytes]], prefix: str, levers: frozenset[Lever]
) -> Iterator[tuple[str, bytes]]:
    """Each ``.py`` member replaced by its ``.pyc`` beside it (the sourceless layout, which
    both the file system importer and zipimport load); other files as they are. Compiled at
    :func:`python_optimize`'s level, without column positions with "no-debug-ranges"."""
    members = list(members)
    sources = [(data, prefix + name) for name, data in members if name.endswith(".py")]
    ranges = Lever.NO_DEBUG_RANGES not in levers
    compiled = iter(compile_modules(sources, python_optimize(levers), ranges))
    for name, data in members:
        if name.endswith(".py"):
            yield name + "c", next(compiled)
        else:
            yield name, data


def check_python_version() -> None:
    if sys.version_info[:2] != (3, 12):
        raise SystemExit("build.py must run on CPython 3.12 (Pyodide 0.27.7 runs 3.12.7)")


def sources_and_cached(
    members: Iterable[tuple[str, bytes]], prefix: str
) -> Iterator[tuple[str, bytes]]:
    """Each member as it is, plus ``__pycache__/<module>.cpython-312.pyc`` beside each
    ``.py`` (the bundle before "lean-bundle": sources and bytecode both)."""
    for name, data in members:
        yield name, data
        if name.endswith(".py"):
            folder, _, module = name.rpartition("/")
            cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
            yield cached + module[:-3] + ".cpython-312.pyc", compile_module(data, prefix + name)
