"""bench/takeover.py: reading a trace (no browser).

The bench's modules import each other by their names (``./dev bench`` runs ``bench/run.py`` as
a script), so bench/ goes on the path here as it does there.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import takeover  # noqa: E402

FCP_US = 1_000_000
READY_US = 10_000_000


def task(ts_ms: float, dur_ms: float, tid: int = 1) -> dict[str, Any]:
    return {
        "ph": "X",
        "name": "RunTask",
        "pid": 1,
        "tid": tid,
        "ts": ts_ms * 1000,
        "dur": dur_ms * 1000,
    }


def trace() -> list[dict[str, Any]]:
    return [
        {"ph": "R", "name": "firstContentfulPaint", "pid": 1, "tid": 1, "ts": FCP_US},
        {"ph": "R", "name": "takeover-ready", "pid": 1, "tid": 1, "ts": READY_US},
        task(100, 500),  # over before the first paint
        task(700, 302),  # makes the first paint: 2 ms of it after
        task(2_000, 120),
        {
            "ph": "X",
            "name": "EvaluateScript",
            "pid": 1,
            "tid": 1,
            "ts": 2_010_000,
            "dur": 90_000,
            "args": {"data": {"url": "http://x/boot.js"}},
        },
        task(3_000, 400, tid=2),  # another thread (the worker's)
        task(9_990, 30),  # under way when the page turns live
        task(10_500, 200),  # after
    ]


def test_a_task_counts_from_the_first_paint_until_live() -> None:
    result = takeover.Takeover("x", "/", 1.0)
    takeover.analyse(result, trace())
    assert result.tasks_ms == [2.0, 120.0, 30.0]
    assert result.long == [120.0] and result.blocking_ms == 70.0
    assert result.fcp_to_live_ms == 9_000.0
    assert result.longest_scripts == ["boot.js:EvaluateScript 90 ms"]


def test_kept_traces_are_read_again_by_their_names(tmp_path: Path) -> None:
    for name in ("with-page-moo2-shot-17", "with-landing-18"):
        (tmp_path / f"{name}.json").write_text(json.dumps({"traceEvents": trace()}))
    (tmp_path / "without-landing-19.json").write_text(json.dumps({"traceEvents": []}))
    results = {(r.site, r.page): r for r in takeover.reread(tmp_path)}
    assert set(results) == {("with", "?page=moo2-shot"), ("with", "/"), ("without", "/")}
    assert results["with", "/"].tasks_ms == [2.0, 120.0, 30.0]
    assert math.isnan(results["with", "/"].load_avg)
    assert results["without", "/"].error is not None
    table = takeover.report(list(results.values()))
    assert "| with | `/` | 1 | 1 | 120 ms (120-120) | 70 ms | 9,000 ms | - |" in table
    assert "| without | `/` | 0 |" in table
