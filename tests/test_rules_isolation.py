"""`rules` is stdlib-only and never pulls in the web stack."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[1]


def all_rules_modules() -> list[str]:
    return sorted(info.name for info in pkgutil.walk_packages(rules.__path__, prefix="rules."))


def test_there_are_rules_modules_to_check() -> None:
    assert "rules.dice" in all_rules_modules()


def test_importing_every_rules_module_loads_only_the_standard_library() -> None:
    # A fresh interpreter, so that what the test runner imported does not count.
    script = f"""
import importlib, json, sys
before = set(sys.modules)
for name in {all_rules_modules()!r}:
    importlib.import_module(name)
print(json.dumps(sorted(set(sys.modules) - before)))
"""
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    loaded = json.loads(out)
    foreign = sorted(
        {name.split(".")[0] for name in loaded}
        - set(sys.stdlib_module_names)
        - {"rules", "_distutils_hack"}
    )
    assert "panel" not in loaded and "param" not in loaded
    assert foreign == []
