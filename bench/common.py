"""What every part of the bench shares: paths, Chromium, timeouts, small file helpers."""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import sitebuild

ROOT = sitebuild.ROOT
WORK = ROOT / "bench" / ".work"
CHROMIUM = sitebuild.CHROMIUM
CHROMIUM_ARGS = list(sitebuild.CHROMIUM_ARGS)
LOAD_TIMEOUT_S = 300
"""How long one load may take before the run is recorded as failed."""
QUIET_S = 1.5
"""The network is quiet when no request has been open for this long."""

SITES = ("floor", "stock", "rangefinder")


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def folder_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) of everything under ``folder``."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def fresh(folder: Path) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def pin(name: str) -> sitebuild.Pin:
    return next(p for p in sitebuild.BROWSER_WHEELS if p.name == name)


@dataclass
class Calm:
    """--max-load: before each load, wait until the 1-minute load average is below
    ``max_load`` (0: don't), at most 5 min per load and 30 min per benchmark run, after which
    loads start regardless (each one's load average is reported anyway). ``waited_s`` sums the
    waiting, for the report."""

    max_load: float = 0.0
    waited_s: float = 0.0

    def wait(self) -> None:
        if self.max_load <= 0 or os.getloadavg()[0] < self.max_load:
            return
        log(
            f"waiting for the load average ({os.getloadavg()[0]:.1f}) to drop below {self.max_load}"
        )
        start = time.time()
        deadline = start + min(300, max(0, 1800 - self.waited_s))
        while os.getloadavg()[0] >= self.max_load and time.time() < deadline:
            time.sleep(5)
        self.waited_s += time.time() - start


def section_bounds(text: str, heading: str) -> tuple[int, int] | None:
    """Where the section ``heading`` (a ``## `` line) of ``text`` starts and ends."""
    start = text.find(heading)
    if start < 0:
        return None
    following = re.search(r"^## ", text[start + len(heading) :], flags=re.M)
    return start, len(text) if following is None else start + len(heading) + following.start()


def splice(text: str, part: list[str], heading: str) -> str:
    """``text`` (BENCHMARKS.md) with its section ``heading`` replaced by ``part``, or ``part``
    added at its end; every other section as it was."""
    body = "\n".join(part).rstrip("\n") + "\n"
    bounds = section_bounds(text, heading)
    if bounds is None:
        return text.rstrip("\n") + "\n\n" + body
    start, end = bounds
    return text[:start] + body + ("\n" + text[end:] if end < len(text) else "")


def section(text: str, heading: str) -> list[str] | None:
    """The lines of section ``heading`` of ``text``, or None."""
    bounds = section_bounds(text, heading)
    return None if bounds is None else text[bounds[0] : bounds[1]].rstrip("\n").split("\n")
