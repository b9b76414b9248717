"""Where the build reads and writes, and its log."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("RANGEFINDER_DIST") or ROOT / "dist").resolve()
"""Where the site is written and served from: ``$RANGEFINDER_DIST`` or ``dist/``."""
APP_ROOT = Path(os.environ.get("RANGEFINDER_APP_ROOT") or ROOT).resolve()
"""Where ``rules/`` and ``webapp/`` are read from: this checkout, unless
``RANGEFINDER_APP_ROOT`` names another (a snapshot of them, say, while they are being edited)."""
CACHE = ROOT / ".cache" / "downloads"
STATIC = ROOT / "static"

APP_PACKAGES = ("rules", "webapp")
"""Rangefinder's own packages, added to the Python bundle."""


def log(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr, flush=True)
