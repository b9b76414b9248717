"""Lighthouse in the bench (issue 30): its default mobile profile, as PageSpeed Insights runs it.

Lighthouse is the npm package pinned in ``bench/lighthouse/package.json`` and
``package-lock.json``; :func:`install` puts it into ``bench/.work/lighthouse`` (ignored by git)
with ``npm ci --ignore-scripts``, again only when the lock file changes. Each run starts Debian's
Chromium (``CHROME_PATH``) in a fresh profile with the bench's flags, so every run is a first
visit: empty HTTP cache, no service worker. Lighthouse's default profile simulates a slow 4G
network and a 4x slower CPU from a trace recorded unthrottled (``throttlingMethod: simulate``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import CHROMIUM, ROOT, WORK, log

PACKAGE = ROOT / "bench" / "lighthouse"
"""package.json and package-lock.json: the one place Lighthouse's version is written."""
CACHE = WORK / "lighthouse"

CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)
"""The flags the bench gives Chromium, as the issue names them (Lighthouse adds its own)."""

PAGES = ("", "?page=cepheus-attack", "?page=moo2-shot", "?page=cepheus-check")
"""The landing page and the three calculator pages of issue 30."""

LONG_TASK_MS = 50


def version() -> str:
    lock = json.loads((PACKAGE / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/lighthouse"]["version"])


def install() -> Path:
    """The ``lighthouse`` executable, installed from the lock file if it is not already."""
    lock = (PACKAGE / "package-lock.json").read_bytes()
    stamp = CACHE / ".installed"
    want = hashlib.sha256(lock).hexdigest()
    executable = CACHE / "node_modules" / ".bin" / "lighthouse"
    if not (stamp.exists() and stamp.read_text() == want and executable.exists()):
        if shutil.which("npm") is None:
            raise SystemExit("Lighthouse needs npm (Debian: apt-get install npm)")
        log(f"installing Lighthouse {version()} (npm ci --ignore-scripts)")
        if CACHE.exists():
            shutil.rmtree(CACHE)
        CACHE.mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(PACKAGE / name, CACHE / name)
        subprocess.run(
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=CACHE,
            check=True,
        )
        stamp.write_text(want)
    return executable


@dataclass
class Task:
    """A main-thread task of 50 ms or more, as Lighthouse's ``long-tasks`` audit reports it."""

    url: str
    start_ms: float
    duration_ms: float


@dataclass
class Result:
    """One Lighthouse run of one page."""

    score: float | None = None
    lcp_ms: float | None = None
    tbt_ms: float | None = None
    cls: float | None = None
    speed_index_ms: float | None = None
    max_fid_ms: float | None = None
    fcp_ms: float | None = None
    long_tasks: list[Task] = field(default_factory=list)
    bootup: dict[str, float] = field(default_factory=dict)
    """Script URL -> main-thread time spent evaluating and running it (``bootup-time``)."""
    breakdown: dict[str, float] = field(default_factory=dict)
    """Kind of work -> ms (``mainthread-work-breakdown``)."""
    load_avg: float = 0.0
    error: str | None = None


def numeric(lhr: dict[str, Any], audit: str) -> float | None:
    value = lhr["audits"].get(audit, {}).get("numericValue")
    return None if value is None else float(value)


def parse(lhr: dict[str, Any]) -> Result:
    """The figures of one Lighthouse report (its JSON ``lhr``)."""
    audits = lhr["audits"]
    result = Result(
        score=lhr["categories"]["performance"]["score"],
        lcp_ms=numeric(lhr, "largest-contentful-paint"),
        tbt_ms=numeric(lhr, "total-blocking-time"),
        cls=numeric(lhr, "cumulative-layout-shift"),
        speed_index_ms=numeric(lhr, "speed-index"),
        max_fid_ms=numeric(lhr, "max-potential-fid"),
        fcp_ms=numeric(lhr, "first-contentful-paint"),
    )
    if lhr.get("runtimeError"):
        result.error = str(lhr["runtimeError"].get("message", lhr["runtimeError"]))
    for item in (audits.get("long-tasks", {}).get("details") or {}).get("items", []):
        result.long_tasks.append(
            Task(str(item.get("url", "")), float(item["startTime"]), float(item["duration"]))
        )
    for item in (audits.get("bootup-time", {}).get("details") or {}).get("items", []):
        result.bootup[str(item["url"])] = float(item.get("total", 0.0))
    breakdown = audits.get("mainthread-work-breakdown", {}).get("details") or {}
    for item in breakdown.get("items", []):
        result.breakdown[str(item.get("groupLabel", item.get("group")))] = float(item["duration"])
    return result


def run(executable: Path, url: str, keep: Path | None = None) -> Result:
    """One Lighthouse run (default mobile profile, performance only) of ``url``; the report's
    JSON is kept as ``keep`` when given."""
    with tempfile.TemporaryDirectory(prefix="rangefinder-lighthouse-") as folder:
        out = Path(folder) / "report.json"
        env = {**os.environ, "CHROME_PATH": CHROMIUM, "TMPDIR": folder}
        command = [
            str(executable),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            "--only-categories=performance",
            "--chrome-flags=" + " ".join(CHROME_FLAGS),
        ]
        load_avg = os.getloadavg()[0]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
        if done.returncode != 0 or not out.exists():
            lines = (done.stderr or done.stdout).strip().splitlines()
            return Result(load_avg=load_avg, error=(lines[-1] if lines else "no report")[:300])
        if keep is not None:
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(out, keep)
        result = parse(json.loads(out.read_text()))
        result.load_avg = load_avg
        return result
