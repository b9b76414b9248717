"""Draw the app icons (PNG) from their SVG sources, in the Chromium the browser tests use.

    .venv/bin/python scripts/make_icons.py

``static/icons/icon.svg`` gives the "any" icons (rounded square, transparent corners) and
``static/icons/icon-maskable.svg`` the "maskable" ones (full-bleed, the mark inside the safe
zone), each at 192 and 512 pixels, as ``static/manifest.webmanifest`` lists them. The PNGs are
checked in; ``tests/test_manifest.py`` checks their sizes and the maskable safe zone.
"""

from __future__ import annotations

from pathlib import Path

import sitebuild

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
SIZES = (192, 512)
SOURCES = {"icon": "icon.svg", "icon-maskable": "icon-maskable.svg"}


def main() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=sitebuild.CHROMIUM, args=list(sitebuild.CHROMIUM_ARGS)
        )
        for stem, source in SOURCES.items():
            svg = (ICONS / source).read_text()
            for size in SIZES:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}"
                    f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}"
                )
                out = ICONS / f"{stem}-{size}.png"
                page.screenshot(path=str(out), omit_background=True)
                page.close()
                print(f"wrote {out.relative_to(ICONS.parents[1])}")
        browser.close()


if __name__ == "__main__":
    main()
