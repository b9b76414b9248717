"""The precompressed copies (``X.br``, ``X.gz``) and ``--serve``'s negotiation with them
(``sitebuild/compress.py``, ``sitebuild/serve.py``), and the compile hint on BokehJS and Panel's
scripts (``sitebuild/shell.py``)."""

from __future__ import annotations

import gzip
import http.client
import os
import random
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import sitebuild
from sitebuild.levers import ALL_LEVERS, Lever
from sitebuild.shell import COMPILE_HINT, with_compile_hint

TEXT = ("const model = { name: 'Range', value: 42 };\n" * 400).encode()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "prerender").mkdir(parents=True)
    (site / "boot.js").write_bytes(TEXT)
    (site / "tiny.css").write_text("a{}")
    (site / "prerender" / "home.light.json.gz").write_bytes(gzip.compress(TEXT))
    rng = random.Random(30)
    (site / "noise.wasm").write_bytes(bytes(rng.getrandbits(8) for _ in range(4096)))
    return site


def test_copies_are_made_of_the_files_they_make_smaller(site: Path) -> None:
    sitebuild.stage_precompressed(site)
    assert gzip.decompress((site / "boot.js.gz").read_bytes()) == TEXT
    if shutil.which("node"):
        brotli = (site / "boot.js.br").read_bytes()
        assert 0 < len(brotli) < len(TEXT) // 10
    made = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.gz"))
    # Not the tiny file, not the incompressible one, not an already gzipped one.
    assert made == ["boot.js.gz", "prerender/home.light.json.gz"]


def test_without_the_lever_no_copy_is_made(site: Path) -> None:
    sitebuild.stage_precompressed(site, ALL_LEVERS - {Lever.PRECOMPRESSED})
    assert not (site / "boot.js.gz").exists() and not (site / "boot.js.br").exists()


def test_the_service_worker_lists_the_files_not_their_copies(site: Path) -> None:
    sitebuild.stage_precompressed(site)
    files = sitebuild.site_files(site)
    assert "boot.js" in files and "boot.js.gz" not in files and "boot.js.br" not in files
    # A .gz that is a file of its own (no file beside it that it is a copy of) is kept.
    assert "prerender/home.light.json.gz" in files
    assert sitebuild.is_precompressed_copy(site, "boot.js.gz")
    assert not sitebuild.is_precompressed_copy(site, "prerender/home.light.json.gz")


def test_the_copy_sent_follows_accept_encoding(site: Path) -> None:
    sitebuild.stage_precompressed(site)
    path = site / "boot.js"
    br = site / "boot.js.br"
    if br.exists():
        assert sitebuild.precompressed_copy(path, "gzip, deflate, br, zstd") == (br, "br")
    assert sitebuild.precompressed_copy(path, "gzip") == (site / "boot.js.gz", "gzip")
    assert sitebuild.precompressed_copy(path, "gzip;q=0, identity") is None
    assert sitebuild.precompressed_copy(path, "") is None
    assert sitebuild.precompressed_copy(site / "tiny.css", "gzip, br") is None
    assert sitebuild.precompressed_copy(site / "missing.js", "gzip, br") is None


def test_a_copy_older_than_its_file_is_never_sent(site: Path) -> None:
    sitebuild.stage_precompressed(site)
    path = site / "boot.js"
    path.write_bytes(TEXT + b"// changed after the build\n")
    later = (site / "boot.js.gz").stat().st_mtime + 10
    os.utime(path, (later, later))
    assert sitebuild.precompressed_copy(path, "gzip, br") is None


@pytest.fixture
def served(site: Path) -> Iterator[tuple[Path, int]]:
    sitebuild.stage_precompressed(site)
    httpd = sitebuild.make_server(site, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield site, httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()


def get(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_serve_sends_the_copy_with_its_encoding(served: tuple[Path, int]) -> None:
    site, port = served
    status, headers, body = get(port, "/boot.js", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"] == "text/javascript"
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body)
    assert gzip.decompress(body) == TEXT
    assert "content-security-policy" in headers
    if (site / "boot.js.br").exists():
        status, headers, body = get(port, "/boot.js", {"Accept-Encoding": "gzip, br"})
        assert headers["content-encoding"] == "br"
        assert body == (site / "boot.js.br").read_bytes()
    status, headers, body = get(port, "/boot.js", {})
    assert "content-encoding" not in headers and body == TEXT
    # The prerendered page's own .json.gz is a file, sent as it is.
    status, headers, body = get(port, "/prerender/home.light.json.gz", {"Accept-Encoding": "br"})
    assert "content-encoding" not in headers and gzip.decompress(body) == TEXT


def test_serve_revalidates_a_compressed_file(served: tuple[Path, int]) -> None:
    _, port = served
    _, headers, _ = get(port, "/boot.js", {"Accept-Encoding": "gzip"})
    status, _, body = get(
        port,
        "/boot.js",
        {"Accept-Encoding": "gzip", "If-Modified-Since": headers["last-modified"]},
    )
    assert status == 304 and body == b""


def test_the_compile_hint_goes_first_with_its_lever() -> None:
    script = b"/*! license */\n!function(){}();\n"
    assert with_compile_hint(script, ALL_LEVERS) == COMPILE_HINT + script
    assert COMPILE_HINT == b"//# allFunctionsCalledOnLoad\n"
    assert with_compile_hint(script, ALL_LEVERS - {Lever.COMPILE_HINTS}) == script
