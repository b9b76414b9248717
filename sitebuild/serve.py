"""Serving a built site on 127.0.0.1, and how the tests and benchmark start Chromium."""

from __future__ import annotations

import email.utils
import functools
import http
import http.server
import os
from pathlib import Path
from typing import Any, ClassVar

from sitebuild.compress import precompressed_copy
from sitebuild.paths import log
from sitebuild.shell import CONTENT_SECURITY_POLICY

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which the browser tests and the benchmark drive (never a downloaded one)."""

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these, Chromium keeps trying to reach Google's hosts, which this machine refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""How the browser tests and the benchmark start Chromium against a served build."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types for modules, wasm and the manifest."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".zip": "application/zip",
        ".whl": "application/zip",
    }

    precompressed: ClassVar[bool] = True
    """Whether to answer from a file's precompressed copy (``X.br``, ``X.gz``) when the client
    accepts its encoding, as a host that serves them does (``compress.py``)."""

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        copy = (
            precompressed_copy(path, self.headers.get("Accept-Encoding", ""))
            if self.precompressed and self.command in ("GET", "HEAD")
            else None
        )
        if copy is None:
            return super().send_head()
        source, encoding = copy
        # The file's own validator: a 304 answers for every encoding of it.
        modified = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(modified):
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        body = source.open("rb")
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(source.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body

    def end_headers(self) -> None:
        # Revalidate every time: the service worker, not the HTTP cache, keeps the site offline.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("RANGEFINDER_QUIET_SERVER") != "1":
            super().log_message(format, *args)


def make_server(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(directory: Path, port: int) -> None:
    server = make_server(directory, port)
    log(f"serving {directory} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
