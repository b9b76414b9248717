"""What the main thread's long tasks are made of, in traces ``bench/takeover.py`` kept.

For each task over 50 ms on the page's main thread (from the first contentful paint to the
ready mark): where it starts (ms after the first paint), how long it takes, its time by kind
(the trace events inside it, each counted for its own time, less its children's: ``ParseHTML``,
``UpdateLayoutTree`` (style), ``Layout``, ``FunctionCall``, ``v8.compile``...) and, when the
trace has the V8 sampling profiler's samples (``takeover.py --profile``), the JavaScript
functions that ran longest in it (their own time, by the samples)::

    ./dev python bench/takeover.py --site dist=dist --pages moo2-shot --runs 1 \\
        --keep-traces /tmp/traces --profile
    ./dev python bench/tasks.py /tmp/traces/*.json

A tool to find the next lever, not a measurement for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path
from typing import Any

from takeover import LONG_MS, main_thread, window


def own_times(events: list[dict[str, Any]]) -> collections.Counter[str]:
    """The complete events' (``ph: X``) own time by label, in µs: each event's duration less
    that of the events nested in it (``events`` are of one thread)."""
    spans = sorted(
        (e for e in events if e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    own: collections.Counter[str] = collections.Counter()
    stack: list[tuple[dict[str, Any], str]] = []
    for event in spans:
        while stack and stack[-1][0]["ts"] + stack[-1][0]["dur"] <= event["ts"]:
            stack.pop()
        name = label(event)
        own[name] += event["dur"]
        if stack:
            own[stack[-1][1]] -= event["dur"]
        stack.append((event, name))
    return own


def label(event: dict[str, Any]) -> str:
    data = event.get("args", {}).get("data", {}) or {}
    if event["name"] in ("FunctionCall", "EvaluateScript"):
        url = (data.get("url") or "").rsplit("/", 1)[-1] or "?"
        return f"{event['name']} {url}:{data.get('functionName') or ''}"
    return str(event["name"])


def samples(events: list[dict[str, Any]], profile_id: str) -> list[tuple[float, str]]:
    """The V8 CPU profiler's samples of profile ``profile_id`` (one thread's): (time in µs
    from the profile's start, function) pairs."""
    nodes: dict[int, str] = {}
    out: list[tuple[float, str]] = []
    time = 0.0
    for event in events:
        if event.get("name") != "ProfileChunk" or event.get("id") != profile_id:
            continue
        data = event.get("args", {}).get("data", {})
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node.get("callFrame", {})
            url = (frame.get("url") or "").rsplit("/", 1)[-1]
            nodes[node["id"]] = f"{frame.get('functionName') or '(anonymous)'} {url}".strip()
        for node_id, delta in zip(
            profile.get("samples", []), data.get("timeDeltas", []), strict=True
        ):
            time += delta
            out.append((time, nodes.get(node_id, "?")))
    return out


def explain(path: Path, top: int) -> str:
    events = json.loads(path.read_text())["traceEvents"]
    pid, tid = main_thread(events)
    seen = window(events)
    mine, fcp, ready = seen.mine, seen.fcp, seen.ready
    profile = next(
        (e for e in events
         if e.get("name") == "Profile" and e.get("pid") == pid and e.get("tid") == tid),
        None,
    )  # fmt: skip
    profile_start = None if profile is None else profile["args"]["data"]["startTime"]
    sampled = [] if profile is None else samples(events, profile["id"])
    tasks = [e for e in seen.tasks if e["dur"] > LONG_MS * 1000]  # (whole, to see inside)
    lines = [f"{path.name}: first paint to live {(ready - fcp) / 1000:,.0f} ms"]
    for task in tasks:
        end = task["ts"] + task["dur"]
        inside = [e for e in mine if task["ts"] <= e.get("ts", -1) <= end and e is not task]
        kinds = own_times(inside)
        lines.append(
            f"- at {(task['ts'] - fcp) / 1000:+,.0f} ms, {task['dur'] / 1000:,.0f} ms: "
            + ", ".join(f"{k} {v / 1000:.0f}" for k, v in kinds.most_common(top) if v > 500)
        )
        if sampled and profile_start is not None:
            js: collections.Counter[str] = collections.Counter()
            previous = None
            for at, name in sampled:
                stamp = profile_start + at
                if task["ts"] <= stamp <= end and previous is not None:
                    js[name] += stamp - previous
                previous = stamp
            lines.append(
                "  JS: " + ", ".join(f"{k} {v / 1000:.0f}" for k, v in js.most_common(top))
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("traces", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()
    for path in args.traces:
        print(explain(path, args.top))


if __name__ == "__main__":
    main()
