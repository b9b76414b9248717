"""Serving a built site on 127.0.0.1, and how the tests and benchmark start Chromium."""

from __future__ import annotations

import functools
import http.server
import os
from pathlib import Path
from typing import ClassVar

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
