"""The web app manifest (``static/manifest.webmanifest``): what installing the site needs.

Its icons exist at the sizes it states (read from each PNG's header), there are "any" and
"maskable" icons at 192 and 512 pixels, a maskable icon keeps its mark inside the safe zone
(the centred circle of 40% of the size that every launcher's mask keeps), and the site's
addresses are relative, so the site installs from any sub-path.
"""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

import pytest
from PIL import Image

STATIC = Path(__file__).resolve().parents[1] / "static"
MANIFEST = json.loads((STATIC / "manifest.webmanifest").read_text())
PNG_ICONS = [icon for icon in MANIFEST["icons"] if icon["type"] == "image/png"]


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's signature and IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert head[12:16] == b"IHDR", f"{path.name}: no IHDR first"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_names_the_app_and_installs_standalone_from_any_path() -> None:
    assert MANIFEST["name"] and MANIFEST["short_name"] == "Rangefinder"
    assert len(MANIFEST["short_name"]) <= 12  # shown under a home-screen icon
    assert MANIFEST["display"] == "standalone"
    for key in ("theme_color", "background_color"):
        assert MANIFEST[key].startswith("#") and len(MANIFEST[key]) == 7
    for key in ("start_url", "scope", "id"):
        assert MANIFEST[key] == "./", f"{key} must be relative: {MANIFEST[key]}"
    for icon in MANIFEST["icons"]:
        assert not icon["src"].startswith(("/", "http:", "https:")), icon["src"]
    # The page's own theme colour matches the manifest's.
    assert (
        f'name="theme-color" content="{MANIFEST["theme_color"]}"'
        in (STATIC / "index.html").read_text()
    )


@pytest.mark.parametrize("icon", PNG_ICONS, ids=[i["src"] for i in PNG_ICONS])
def test_each_icon_exists_at_the_size_it_states(icon: dict[str, str]) -> None:
    path = STATIC / icon["src"]
    assert path.is_file(), f"{icon['src']} is missing"
    width, height = (int(n) for n in icon["sizes"].split("x"))
    assert png_size(path) == (width, height)


def test_there_are_any_and_maskable_icons_at_192_and_512() -> None:
    have = {(i["purpose"], i["sizes"]) for i in PNG_ICONS}
    for purpose in ("any", "maskable"):
        for size in ("192x192", "512x512"):
            assert (purpose, size) in have, f"no {purpose} icon of {size}"


@pytest.mark.parametrize(
    "icon",
    [i for i in PNG_ICONS if i["purpose"] == "maskable"],
    ids=lambda i: i["src"],
)
def test_a_maskable_icon_fills_its_square_and_keeps_its_mark_in_the_safe_zone(
    icon: dict[str, str],
) -> None:
    image = Image.open(STATIC / icon["src"]).convert("RGBA")
    size = image.width
    pixels = image.load()
    assert pixels is not None
    background = pixels[0, 0]
    assert background[3] == 255, "a maskable icon is opaque to its corners"
    centre, safe = (size - 1) / 2, 0.4 * size
    outside = [
        (x, y)
        for y in range(0, size, 2)
        for x in range(0, size, 2)
        if math.hypot(x - centre, y - centre) > safe and pixels[x, y] != background
    ]
    assert outside == [], f"{len(outside)} pixels of the mark outside the safe zone"
    # And the mark is there (not a blank square).
    assert len({pixels[x, y] for x in range(size) for y in range(0, size, 4)}) > 2
