"""bench/tasks.py: a long task's time by kind, from a trace's nested events."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import tasks  # noqa: E402


def span(name: str, ts: int, dur: int, **data: str) -> dict[str, object]:
    return {"ph": "X", "name": name, "ts": ts, "dur": dur, "args": {"data": data}}


def test_each_event_counts_for_its_own_time_less_its_childrens() -> None:
    # A 100 µs call to boot.js's onmessage, in which 30 µs of style and, inside a 40 µs call
    # to bokeh.min.js, 25 µs of layout; then a sibling of 10 µs after the call.
    events = [
        span("FunctionCall", 0, 100, url="http://x/boot.js", functionName="onmessage"),
        span("UpdateLayoutTree", 10, 30),
        span("FunctionCall", 50, 40, url="http://x/bokeh/bokeh.min.js", functionName="build"),
        span("Layout", 55, 25),
        span("Paint", 100, 10),
        {"ph": "I", "name": "mark", "ts": 60},  # not a span: not counted
    ]
    assert tasks.own_times(events) == {
        "FunctionCall boot.js:onmessage": 30,
        "UpdateLayoutTree": 30,
        "FunctionCall bokeh.min.js:build": 15,
        "Layout": 25,
        "Paint": 10,
    }


def test_samples_are_read_from_one_threads_profile() -> None:
    chunk = {
        "name": "ProfileChunk",
        "id": "0x1",
        "args": {
            "data": {
                "cpuProfile": {
                    "nodes": [
                        {"id": 1, "callFrame": {"functionName": "", "url": ""}},
                        {"id": 2, "callFrame": {"functionName": "build", "url": "http://x/b.js"}},
                    ],
                    "samples": [2, 1, 2],
                },
                "timeDeltas": [5, 10, 10],
            }
        },
    }
    other = {**chunk, "id": "0x2"}  # another thread's profile
    assert tasks.samples([chunk, other], "0x1") == [
        (5.0, "build b.js"),
        (15.0, "(anonymous)"),
        (25.0, "build b.js"),
    ]
