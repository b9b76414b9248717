"""Repeat the benchmark's embed sequence to reproduce a renderer crash (issue 11).

    ./dev python bench/embed_crash.py [--rounds N] [--pause-between-hosts]

Each round is what ``measure.embed_run`` does (the same ``measure.EmbedLoads``), in a new Chromium
profile: a host page on the site's own site (127.0.0.1, another port) with three embeds, one,
three; then the same on another site (localhost). Seen on 2026-11-24 with Debian Chromium 156,
in 4 of 54 rounds (2 of 20 through ``embed_run`` itself, 1 of 30 of a copy, 1 of 4 here),
always at one step: "Page.goto: Page crashed" at the navigation from the same-site three-embed
page to the other site's, with ``# Fatal error / # Invoke in DisallowJavascriptExecutionScope``
on Chromium's stderr (V8 refusing to run script where Blink forbade it), and each minidump says
the renderer's SharedWorker thread crashed (the one running the embeds' shared Python). With
``--pause-between-hosts`` (about:blank and 1.5 s between the two hosts): 0 of 30. Since the
shared worker ends itself when its last embed says goodbye (static/worker.js, ``drop``),
instead of being left for Chromium to terminate: 0 of 96 rounds (0 of 60 in two runs side by
side, the build before it 4 of 60). Prints each round, then how many failed at which step,
Chromium's fatal lines, and for each minidump Chromium wrote meanwhile (``CRASH_DUMPS``) which
thread crashed.

Serves ``dist/`` (or ``$RANGEFINDER_DIST``) as ``./dev bench`` does; build it first.
"""

from __future__ import annotations

import argparse
import struct
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # bench/measure.py, beside this file
from server import Server

import sitebuild

CRASH_DUMPS = Path.home() / ".config" / "chromium" / "Crash Reports" / "pending"
"""Where Debian's Chromium (crashpad) writes a minidump of each process that crashes."""


def crashed_thread(dump: Path) -> tuple[str, str]:
    """(process type, name of the thread that crashed) read from a minidump: its exception
    stream (type 6) names the thread, its thread-names stream (type 24) its name."""
    raw = dump.read_bytes()
    count, directory = struct.unpack_from("<II", raw, 8)
    streams = {}
    for i in range(count):
        kind, _size, rva = struct.unpack_from("<III", raw, directory + 12 * i)
        streams[kind] = rva
    thread = struct.unpack_from("<I", raw, streams[6])[0] if 6 in streams else None
    names = {}
    if 24 in streams:
        (n,) = struct.unpack_from("<I", raw, streams[24])
        for i in range(n):
            tid, rva = struct.unpack_from("<IQ", raw, streams[24] + 4 + 12 * i)
            (length,) = struct.unpack_from("<I", raw, rva)
            names[tid] = raw[rva + 4 : rva + 4 + length].decode("utf-16-le", "replace")
    ptype = "renderer" if b"--type=renderer" in raw else "other"
    return ptype, names.get(thread, f"thread {thread}") if thread is not None else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--pause-between-hosts", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = Server(sitebuild.DIST, own_policy=True)
    folder = Path(tempfile.mkdtemp(prefix="rangefinder-crash-"))
    pages = measure.write_embed_pages(folder, site.url)
    wrapper, log = measure.chromium_with_stderr_in(folder)
    host = Server(folder, own_policy=False)
    failed: dict[str, int] = {}
    started = time.time()
    try:
        with sync_playwright() as playwright:
            for r in range(args.rounds):
                with measure.fresh_profile(playwright, executable=wrapper, tolerate_crash=True) as (
                    _context,
                    page,
                ):
                    loads = measure.EmbedLoads()
                    try:
                        loads.run(page, host, pages, site, args.pause_between_hosts)
                        print(f"round {r + 1}: ok", flush=True)
                    except Exception as error:
                        failed[loads.step] = failed.get(loads.step, 0) + 1
                        first = str(error).strip().splitlines()[0]
                        print(f"round {r + 1}: failed at {loads.step}: {first}", flush=True)
    finally:
        host.stop()
        site.stop()
    print(f"failed: {failed or 'none'} of {args.rounds} rounds")
    marks = ("Fatal", "DisallowJavascript", "Check failed", "OOM")
    text = log.read_text(errors="replace") if log.exists() else ""
    print(
        "Chromium's fatal lines:",
        [line for line in text.splitlines() if any(m in line for m in marks)],
    )
    # On 2026-11-24 every one of these crashes was on a renderer's "SharedWorker th[read]"
    # (Linux keeps 15 characters of a thread's name).
    if CRASH_DUMPS.is_dir():
        for dump in sorted(CRASH_DUMPS.glob("*.dmp")):
            if dump.stat().st_mtime >= started:
                kind, thread = crashed_thread(dump)
                print(f"minidump {dump.name}: a {kind} process crashed, thread {thread!r}")


if __name__ == "__main__":
    main()
