"""A static server that counts what it sends (bytes, requests, when the network is quiet)."""

from __future__ import annotations

import functools
import http.server
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from common import QUIET_S, log

import sitebuild

# A static server that counts what it sends
# --------------------------------------------------------------------------------------------


@dataclass
class Hit:
    end: float
    """Wall-clock time (epoch seconds) when the response was written."""
    path: str
    status: int
    size: int
    """Response body bytes (0 for a 304; error pages are not counted)."""


@dataclass
class Recorder:
    lock: threading.Lock = field(default_factory=threading.Lock)
    hits: list[Hit] = field(default_factory=list)
    open: int = 0
    last: float = field(default_factory=time.time)

    def take(self) -> list[Hit]:
        with self.lock:
            hits, self.hits = self.hits, []
        return hits

    def wait_quiet(self, quiet: float = QUIET_S, timeout: float = 120) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.lock:
                if self.open == 0 and time.time() - self.last >= quiet:
                    return
            time.sleep(0.1)
        log("warning: the network did not go quiet")


class CountingHandler(sitebuild.SiteHandler):
    """build.py's handler (same MIME types, `Cache-Control: no-cache`), counting body bytes."""

    recorder: ClassVar[Recorder]
    own_policy: ClassVar[bool]
    precompressed: ClassVar[bool] = False
    """Off unless asked: the load runs count the bytes of the files themselves (and report
    them gzipped too); the phone section measures a host that serves ``X.br`` as a site of its
    own."""
    """Whether to send build.py's Content-Security-Policy header: it is Rangefinder's policy,
    so (c) gets it as `build.py --serve` sends it; the pages of (a) and (b) run inline scripts
    that it would block, and are served without it."""

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-security-policy" and not self.own_policy:
            return
        super().send_header(keyword, value)

    def handle_one_request(self) -> None:
        rec = self.recorder
        self._status = 0
        self._sent = 0
        self._counted = False
        try:
            super().handle_one_request()
        finally:
            with rec.lock:
                if self._counted:
                    rec.open -= 1
                    rec.last = time.time()
                if self._status:
                    path = getattr(self, "path", "?")
                    rec.hits.append(Hit(time.time(), path, self._status, self._sent))

    def parse_request(self) -> bool:
        # A request is open from its request line on: a connection the browser opened ahead
        # of need (a preconnect) and left idle is not a request, and would keep the network
        # from ever looking quiet.
        with self.recorder.lock:
            self.recorder.open += 1
            self._counted = True
        return super().parse_request()

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            self._sent += len(chunk)

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server:
    def __init__(self, folder: Path, *, own_policy: bool, precompressed: bool = False) -> None:
        self.recorder = Recorder()
        handler = type(
            "Handler",
            (CountingHandler,),
            {"recorder": self.recorder, "own_policy": own_policy, "precompressed": precompressed},
        )
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
        )
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
