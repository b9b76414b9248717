"""Fixtures for the web app's tests."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

WORKER_STUBS = """
import asyncio, html, json, sys, types
from unittest import mock

js = types.ModuleType("js")                              # a worker's global scope: no document
js.JSON = mock.MagicMock()
js.XMLHttpRequest = mock.MagicMock()
js.Map = js.Object = mock.MagicMock()                   # the (empty) buffers
pyodide = types.ModuleType("pyodide")
for name in ("ffi", "code", "http"):
    sub = mock.MagicMock()
    setattr(pyodide, name, sub)
    sys.modules["pyodide." + name] = sub
pyodide.ffi.to_js = lambda value, **kw: value          # patches stay Python data here
sys.modules.update(js=js, pyodide=pyodide)


class FromPage:                                          # a patch as the page sends it
    def __init__(self, content):
        self.content = content
    def to_py(self, **kw):
        return self.content
"""
"""Stand-ins for Pyodide's ``js`` and ``pyodide`` modules, so that ``webapp.browser`` runs in
CPython as in the browser's worker, and ``FromPage`` for a patch the page sends."""


@pytest.fixture
def in_fake_worker() -> Callable[[str], Any]:
    """Run a script in a fresh CPython with :data:`WORKER_STUBS` before it; return the JSON
    its last line of output prints."""

    def run(script: str) -> Any:
        result = subprocess.run(
            [sys.executable, "-c", WORKER_STUBS + textwrap.dedent(script)],
            cwd=ROOT, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr[-3000:]
        return json.loads(result.stdout.strip().splitlines()[-1])

    return run
