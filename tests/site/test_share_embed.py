# Over 600 lines: few app boots: the module's shared pages serve every share, embed and install test
# in turn (each boot costs seconds).
"""Share, embed and install in the built site (issue 14), in a real browser.

Few app boots (each costs seconds): one page of the site serves every share test in turn
(``shared``), one host page on another origin embeds two calculators, and one more holds two
fixed 400x300 frames. The host page runs the resize script printed in the README, so the
README's lines are what is tested.
"""

from __future__ import annotations

import json
import re
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from sitetools import (
    CSP_LISTENER,
    FITS,
    READY_TIMEOUT_MS,
    TWO_FRAMES,
    AppPage,
    Server,
    record,
    settle_until,
)

import sitebuild

ROOT = Path(__file__).resolve().parents[2]

CLIPBOARD_SWITCH = """
(() => {
  // window.__clipboard = 'missing' (plain http, an old browser) or 'refused' (permission
  // denied) makes the page's clipboard behave so; anything else leaves the real one.
  const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  if (!real) return;
  Object.defineProperty(Navigator.prototype, 'clipboard', {
    configurable: true,
    get() {
      const clipboard = real.get.call(this);
      if (window.__clipboard === 'missing') return undefined;
      if (window.__clipboard === 'refused') {
        return { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
                 readText: () => clipboard.readText() };
      }
      return clipboard;
    },
  });
})();
"""

QR_MATCHES_LIBRARY = """
async () => {
  // The drawn QR code, rasterised at 4 px a module, against the library's own encoding of
  // the current link, module by module (nothing is decoded: the matrices are compared).
  const svg = document.querySelector('#rf-qr svg');
  const qr = qrcode(0, 'M');
  qr.addData(location.href);
  qr.make();
  const n = qr.getModuleCount();
  const scale = 4, quiet = 4, size = (n + 2 * quiet) * scale;
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,'
    + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, size, size);
  const pixels = context.getImageData(0, 0, size, size).data;
  let wrong = 0;
  for (let row = -quiet; row < n + quiet; row += 1) {
    for (let col = -quiet; col < n + quiet; col += 1) {
      const x = (col + quiet) * scale + scale / 2, y = (row + quiet) * scale + scale / 2;
      const dark = pixels[(y * size + x) * 4] < 128;
      const expected = row >= 0 && col >= 0 && row < n && col < n && qr.isDark(row, col);
      if (dark !== expected) wrong += 1;
    }
  }
  return { modules: n, drawn: Number(svg.dataset.modules), wrong };
}
"""


def test_the_build_ships_and_precaches_share_js_and_the_pinned_qr_library(dist: Path) -> None:
    (pin,) = sitebuild.BROWSER_NPM
    shipped = dist / "vendor" / pin.name / "qrcode.js"
    with tarfile.open(sitebuild.fetch_npm(pin.name, pin.version, pin.integrity)) as tar:
        member = tar.extractfile("package/dist/qrcode.js")
        assert member is not None and shipped.read_bytes() == member.read()
    precache = (dist / "sw.js").read_text()
    assert '"share.js"' in precache and f'"vendor/{pin.name}/qrcode.js"' in precache
    index = (dist / "index.html").read_text()
    boot, share = '<script src="boot.js" defer>', '<script src="share.js" defer>'
    assert index.index(boot) < index.index(share)


@pytest.fixture(scope="module")
def shared(open_module_app: Callable[..., AppPage]) -> AppPage:
    """One page of the site on a tablet (1024x768, touch), clipboard allowed, for the share
    tests in turn (each leaves the page as it found it: no dialog open, clipboard real)."""
    return open_module_app(
        "?page=cepheus-check",
        viewport={"width": 1024, "height": 768},
        has_touch=True,
        permissions=["clipboard-read", "clipboard-write"],
        init_script=CLIPBOARD_SWITCH,
    )


def clipboard(app: AppPage) -> str:
    return str(app.page.evaluate("navigator.clipboard.readText()"))


def wait_copied(app: AppPage, button: str) -> None:
    app.page.wait_for_function(
        "(id) => document.getElementById(id).textContent === 'Copied'", arg=button
    )


def test_copy_link_copies_the_link_of_the_current_inputs(shared: AppPage) -> None:
    app = shared
    app.set_input("Skill level (DM)", 2)
    app.page.wait_for_function("() => location.search.includes('skill=2')")
    button = app.page.get_by_role("button", name="Copy link")
    button.focus()
    app.page.keyboard.press("Enter")  # a real button: the keyboard works
    wait_copied(app, "rf-copy-link")
    href = app.page.evaluate("location.href")
    assert clipboard(app) == href
    assert dict(parse_qsl(urlsplit(href).query))["skill"] == "2"
    assert app.page.locator("#rf-share-status").text_content() == "Link copied to the clipboard"
    assert not app.page.locator("#rf-share-dialog").is_visible()
    app.page.wait_for_function(
        "() => document.getElementById('rf-copy-link').textContent === 'Copy link'"
    )


def test_copy_embed_code_gives_an_iframe_of_the_current_link(shared: AppPage) -> None:
    app = shared
    app.page.get_by_role("button", name="Copy embed code").click()
    wait_copied(app, "rf-copy-embed")
    code = clipboard(app)
    frame = app.page.evaluate(
        """(code) => {
             const doc = new DOMParser().parseFromString(code, 'text/html');
             const f = doc.querySelector('iframe');
             return Object.fromEntries([...f.attributes].map((a) => [a.name, a.value]));
           }""",
        code,
    )
    href = app.page.evaluate("location.href")
    assert frame["src"] == href + "&embed=1"
    assert frame["title"] == "Rangefinder: Skill check (Cepheus Engine SRD)"
    assert (frame["loading"], frame["width"], frame["style"]) == ("lazy", "100%", "border:0")
    # The height the content needs now: the page without the site's header and navigation.
    page_height = app.page.evaluate("document.getElementById('rf-app').offsetHeight")
    figures_bottom = app.page.evaluate(
        """() => { const find = (root) => { const el = root.querySelector('.rf-figures');
                     if (el) return el;
                     for (const h of root.querySelectorAll('*')) if (h.shadowRoot) {
                       const f = find(h.shadowRoot); if (f) return f; }
                     return null; };
                   const app = document.getElementById('rf-app').getBoundingClientRect();
                   return find(document).getBoundingClientRect().bottom - app.top; }"""
    )
    assert figures_bottom < int(frame["height"]) < page_height
    assert "&amp;embed=1" in code  # an attribute value, escaped as HTML wants it
    assert "rangefinder:resize" in code and "README" in code


def test_a_refused_or_missing_clipboard_shows_the_text_selected(shared: AppPage) -> None:
    app = shared
    page = app.page
    try:
        for mode, button, expected in (
            ("refused", "rf-copy-link", page.evaluate("location.href")),
            ("missing", "rf-copy-embed", "<iframe src="),
        ):
            page.evaluate("(mode) => { window.__clipboard = mode; }", mode)
            page.locator(f"#{button}").click()
            dialog = page.locator("#rf-share-dialog")
            dialog.wait_for(state="visible")
            field = page.locator("#rf-share-text")
            value = field.input_value()
            assert value == expected if mode == "refused" else value.startswith(expected)
            assert field.get_attribute("readonly") is not None
            selection = page.evaluate(
                """() => { const f = document.activeElement;
                           return [f.id, f.selectionStart, f.selectionEnd, f.value.length]; }"""
            )
            assert selection == ["rf-share-text", 0, len(value), len(value)]
            assert "copy it with Ctrl+C" in page.locator("#rf-share-hint").text_content()
            page.keyboard.press("Escape")
            dialog.wait_for(state="hidden")
            assert page.evaluate("document.activeElement.id") == button  # focus goes back
    finally:
        page.evaluate("window.__clipboard = ''")


def test_the_qr_code_encodes_the_current_link(shared: AppPage, screenshots: Path) -> None:
    app = shared
    page = app.page
    page.get_by_role("button", name="QR code").click()
    page.locator("#rf-qr svg").wait_for()
    box = page.locator("#rf-qr svg").bounding_box()
    assert box is not None and box["width"] == box["height"] and box["width"] >= 200
    checked = page.evaluate(QR_MATCHES_LIBRARY)
    assert checked["drawn"] == checked["modules"] and checked["wrong"] == 0
    assert checked["modules"] >= 21
    assert page.locator("#rf-share-text").input_value() == page.evaluate("location.href")
    page.screenshot(path=str(screenshots / "share-qr-tablet.png"))
    page.get_by_role("button", name="Close").click()
    page.locator("#rf-share-dialog").wait_for(state="hidden")
    # Drawn offline from the site's own copy of the library, under the site's policy.
    origin = page.evaluate("location.origin")
    assert any(url == f"{origin}/vendor/qrcode-generator/qrcode.js" for url in app.requests)
    assert app.foreign_requests(origin) == []
    assert app.failed_requests() == []
    assert app.csp_violations() == []


def test_install_shows_only_when_the_browser_offers_it(shared: AppPage) -> None:
    page = shared.page
    install = page.locator("#rf-install")
    assert not install.is_visible()
    # Chromium offers installation with beforeinstallprompt; headless never fires it, so the
    # test fires one whose prompt() it can see.
    page.evaluate(
        """() => { const offer = new Event('beforeinstallprompt', { cancelable: true });
                   offer.prompt = () => { window.__prompted = true; return Promise.resolve(); };
                   offer.userChoice = Promise.resolve({ outcome: 'dismissed' });
                   window.dispatchEvent(offer);
                   window.__offerPrevented = offer.defaultPrevented; }"""
    )
    assert install.is_visible() and page.evaluate("window.__offerPrevented")
    install.click()
    page.wait_for_function("() => window.__prompted === true")
    assert not install.is_visible()


def test_the_share_controls_at_tablet_and_phone_width(shared: AppPage, screenshots: Path) -> None:
    page = shared.page
    buttons = ["Copy link", "Copy embed code", "QR code"]
    page.screenshot(path=str(screenshots / "share-tablet.png"))
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        settle_until(page, FITS, 390)  # relaid out for the phone's width
        page.screenshot(path=str(screenshots / "share-phone.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for name in buttons:
            box = page.get_by_role("button", name=name).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert box["height"] >= 44  # a touch target
        page.get_by_role("button", name="QR code").click()
        page.locator("#rf-qr svg").wait_for()
        page.screenshot(path=str(screenshots / "share-qr-phone.png"))
        box = page.locator("#rf-share-dialog").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.keyboard.press("Escape")
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})


# --- Embedded on another origin -------------------------------------------------------------


def readme_host_script() -> str:
    """The host-page script of the README's "Embedding" section (the one that applies the
    resize message), as printed there."""
    readme = (ROOT / "README.md").read_text()
    for block in re.findall(r"```html\n(.*?)```", readme, re.S):
        if "rangefinder:resize" in block and "<script>" in block:
            return str(re.search(r"<script>.*?</script>", block, re.S).group(0))  # type: ignore[union-attr]
    raise AssertionError("the README shows no host script for rangefinder:resize")


LISTEN = """<script>
window.messages = [];
window.addEventListener('message', (event) => {
  const frames = [...document.querySelectorAll('iframe')];
  window.messages.push({ frame: frames.findIndex((f) => f.contentWindow === event.source),
                         origin: event.origin, data: event.data });
});
</script>"""


def host(other_origin: Server, browser: Any, name: str, body: str, **options: Any) -> AppPage:
    (other_origin.folder / name).write_text(
        "<!doctype html><html lang='en'><title>A wiki page</title>"
        f"<link rel='icon' href='data:,'><body>{body}</body></html>"
    )
    context = browser.new_context(**options)
    context.add_init_script(CSP_LISTENER)
    app = record(AppPage(page=context.new_page(), context=context))
    app.page.goto(other_origin.url + name)
    return app


def wait_for(app: AppPage, condition: str, arg: Any = None) -> None:
    app.page.wait_for_function(condition, arg=arg, timeout=READY_TIMEOUT_MS)


def frame_of(app: AppPage, index: int) -> Any:
    """The document inside the host page's ``index``-th iframe."""
    return app.page.locator("iframe").nth(index).element_handle().content_frame()


def last_height(app: AppPage, frame: int) -> int:
    return int(
        app.page.evaluate(
            """(i) => window.messages.filter((m) => m.frame === i
                        && m.data.type === 'rangefinder:resize').at(-1).data.height""",
            frame,
        )
    )


def test_two_embeds_on_another_origin_post_ready_and_resize(
    browser: Any, server: Server, other_origin: Server, screenshots: Path
) -> None:
    frames = [
        ("moo2-shot", "?page=moo2-shot&embed=1&squares=14&mount=heavy"),
        ("cepheus-check", "?page=cepheus-check&embed=1&skill=2"),
    ]
    body = (
        "<h1>Combat notes</h1>"
        + LISTEN
        + readme_host_script()
        + "".join(
            f"<p>{slug}</p><iframe src='{server.url}{query}' width='100%' height='200' "
            f"style='border:0' title='Rangefinder: {slug}'></iframe>"
            for slug, query in frames
        )
    )
    app = host(other_origin, browser, "wiki.html", body, viewport={"width": 900, "height": 900})
    try:
        for index in range(len(frames)):
            # ready, then (once at ready at least) its height
            wait_for(
                app,
                """(i) => { const mine = window.messages.filter((m) => m.frame === i);
                   const ready = mine.findIndex((m) => m.data.type === 'rangefinder:ready');
                   return ready >= 0 && mine.slice(ready).some(
                     (m) => m.data.type === 'rangefinder:resize'); }""",
                index,
            )
        origin = server.url[:-1]
        messages = app.page.evaluate("window.messages")
        for index, (slug, _query) in enumerate(frames):
            mine = [m for m in messages if m["frame"] == index]
            assert all(m["origin"] == origin for m in mine)
            resizes = [m["data"] for m in mine if m["data"]["type"] == "rangefinder:resize"]
            assert all(r["page"] == slug for r in resizes)
            height = last_height(app, index)
            assert 300 < height < 4000
            # The README's script applied it, and the frame's content fits it exactly.
            wait_for(
                app,
                "([i, h]) => document.querySelectorAll('iframe')[i].clientHeight === h",
                [index, height],
            )
            frame = frame_of(app, index)
            fits = frame.evaluate(
                "[document.documentElement.scrollHeight, document.documentElement.clientHeight]"
            )
            assert fits[0] <= fits[1] == height
        # A change of content height is posted and applied: an error under an input.
        before = last_height(app, 0)
        first = AppPage(page=frame_of(app, 0), context=app.context)
        first.set_input("Distance (squares)", 99)
        wait_for(
            app,
            """(h) => window.messages.some((m) => m.frame === 0
                 && m.data.type === 'rangefinder:resize' && m.data.height > h)""",
            before,
        )
        grown = last_height(app, 0)
        wait_for(app, "(h) => document.querySelectorAll('iframe')[0].clientHeight === h", grown)
        app.page.screenshot(path=str(screenshots / "embed-host.png"), full_page=True)
        assert app.console_errors() == []
        assert app.foreign_requests(origin, other_origin.url[:-1]) == []
        assert app.failed_requests() == []
        assert app.csp_violations() == []
    finally:
        app.context.close()


FRAME_FITS = """() => { const e = document.documentElement;
  return e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight; }"""
"""JS: the page scrolls neither way in its frame."""


def test_a_result_or_a_chart_fits_a_400x300_frame_without_a_script(
    browser: Any, server: Server, other_origin: Server, screenshots: Path
) -> None:
    views = [("result", "?page=moo2-shot&embed=1&view=result&squares=14"),
             ("chart", "?page=moo2-arcs&embed=1&view=chart")]  # fmt: skip
    body = LISTEN + "".join(
        f"<iframe id='{view}' src='{server.url}{query}' width='400' height='300' "
        f"style='border:0' title='Rangefinder {view}'></iframe>"
        for view, query in views
    )
    app = host(other_origin, browser, "fixed.html", body, viewport={"width": 900, "height": 700})
    try:
        for index in range(len(views)):
            wait_for(
                app,
                """(i) => window.messages.some((m) => m.frame === i
                     && m.data.type === 'rangefinder:ready')""",
                index,
            )
        for index, (view, _query) in enumerate(views):
            frame = frame_of(app, index)
            # Laid out in its 400x300 frame: no scroll either way (or, after the wait, the
            # sizes below say by how much).
            settle_until(frame, FRAME_FITS)
            sizes = frame.evaluate(
                """() => { const e = document.documentElement;
                           return [e.scrollWidth, e.clientWidth,
                                   e.scrollHeight, e.clientHeight]; }"""
            )
            assert sizes[0] <= sizes[1] == 400, f"view={view} scrolls sideways: {sizes}"
            assert sizes[2] <= sizes[3] == 300, f"view={view} needs {sizes[2]} px of 300"
            assert frame.locator("html").get_attribute("data-view") == view
            app.page.locator(f"#{view}").screenshot(path=str(screenshots / f"embed-{view}.png"))
        assert app.console_errors() == []
    finally:
        app.context.close()


# --- Embeds sharing one Python (issue 11) ---------------------------------------------------


# The browser's denial of the SharedWorker (an error event, some time after it is made) held
# back until the page has drawn its prerendered page: the order that let an embed decide when
# to load BokehJS before it knew which worker it was on (CI, once, with the faster snapshot).
DENIAL_AFTER_PRERENDER = """
(() => {
  const Real = window.SharedWorker;
  if (typeof Real !== 'function') return;
  const drawn = () => new Promise((done) => {
    const html = document.documentElement;   // (none yet when this script runs)
    if (html.dataset.prerenderMs) return done();
    new MutationObserver((_, observer) => {
      if (!html.dataset.prerenderMs) return;
      observer.disconnect();
      done();
    }).observe(html, { attributes: true, attributeFilter: ['data-prerender-ms'] });
  });
  window.SharedWorker = function SharedWorker(...args) {
    const worker = new Real(...args);
    Object.defineProperty(worker, 'onerror', {
      set(listener) {
        worker.addEventListener('error', (event) => drawn().then(() => setTimeout(() => {
          window.deniedAfterPrerender = true;
          listener(event);
        }, 0)));
      },
    });
    return worker;
  };
})();
"""


def worker_info(app: AppPage, index: int) -> dict[str, Any]:
    """Which Python answers the host page's ``index``-th embed (see boot.js)."""
    return dict(frame_of(app, index).evaluate("window.rangefinderWorkerInfo()"))


def test_three_embeds_share_one_python_with_a_session_each(
    browser: Any, server: Server, other_origin: Server, screenshots: Path
) -> None:
    from rules import cepheus
    from webapp.formatting import percent
    from webapp.pages.moo2.shot import Moo2Shot

    def hit(**changes: Any) -> str:
        return percent(Moo2Shot(**changes).compute().hit_probability)

    queries = [
        "?page=moo2-shot&embed=1&squares=14",
        "?page=cepheus-vehicle&embed=1&rolled=40&effect=2&armor=3",
        "?page=cepheus-check&embed=1&skill=2",
    ]
    body = LISTEN + "".join(
        f"<iframe src='{server.url}{query}' width='440' height='520' style='border:1px solid'"
        f" title='Rangefinder {index}'></iframe>"
        for index, query in enumerate(queries)
    )
    app = host(other_origin, browser, "three.html", body, viewport={"width": 1360, "height": 640})
    try:
        wait_for(
            app,
            """() => [0, 1, 2].every((i) => window.messages.some((m) => m.frame === i
                 && m.data.type === 'rangefinder:ready'))""",
        )
        infos = [worker_info(app, index) for index in range(3)]
        assert {info["instance"] for info in infos} == {infos[0]["instance"]}  # one Python
        assert all(info["shared"] and info["clients"] == 3 for info in infos)
        frames = [AppPage(page=frame_of(app, index), context=app.context) for index in range(3)]
        assert [f.page.evaluate("document.documentElement.dataset.worker") for f in frames] == [
            "shared"
        ] * 3
        assert frames[0].testid("hit-chance") == hit(squares=14)
        assert frames[1].testid("damage") == str(cepheus.hit_damage(40, 2, armor=3))
        searches = [f.page.evaluate("location.search") for f in frames]
        # An input edited in one embed changes that one only: its numbers and its link.
        frames[1].set_input("Vehicle's armor", 0)
        frames[1].wait_testid("damage", str(cepheus.hit_damage(40, 2, armor=0)))
        frames[1].page.wait_for_function("() => location.search.includes('armor=0')")
        frames[0].set_input("Distance (squares)", 5)
        frames[0].wait_testid("hit-chance", hit(squares=5))
        frames[0].page.wait_for_function("() => location.search.includes('squares=5')")
        assert frames[1].testid("damage") == str(cepheus.hit_damage(40, 2, armor=0))
        assert frames[2].page.evaluate("location.search") == searches[2]
        assert frames[2].input_labelled("Skill level (DM)").input_value() == "2"
        app.page.evaluate(TWO_FRAMES)  # the frames' last changes drawn
        app.page.screenshot(path=str(screenshots / "embed-three.png"))
        # The embeds registered the site's service worker, which pre-caches every file
        # (worker.js included): let it finish, as a frame removed while its fetches are in
        # flight has them aborted (a failed request below, seen once under load).
        frames[2].page.evaluate(
            """() => Promise.race([navigator.serviceWorker.ready.then(() => true),
                                   new Promise((done) => setTimeout(done, 30000))])"""
        )
        assert app.failed_requests() == []
        # A removed embed's session is dropped (its page says goodbye on pagehide).
        app.page.evaluate("document.querySelectorAll('iframe')[2].remove()")
        frame0 = frame_of(app, 0)
        frame0.wait_for_function(
            "async () => (await window.rangefinderWorkerInfo()).clients === 2",
            timeout=10_000,
        )
        assert not any(
            f.page.evaluate("document.documentElement.dataset.error") for f in frames[:2]
        )
        # When its last embed says goodbye the shared Python ends itself (worker.js, drop)
        # rather than wait for Chromium to terminate it, which now and then crashed the
        # renderer (bench/embed_crash.py). The two embeds left say it as on leaving, but their
        # pages stay: a Python still running would take the next embed of the site.
        for f in frames[:2]:
            f.page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
        before = app.page.evaluate("window.messages.length")  # (the removed one was frame 2 too)
        app.page.evaluate(
            """(src) => { const f = document.createElement('iframe');
                          Object.assign(f, { src, width: 440, height: 520, title: 'Later' });
                          document.body.append(f); }""",
            server.url + "?page=moo2-shot&embed=1&squares=9",
        )
        wait_for(
            app,
            """(n) => window.messages.slice(n).some((m) => m.frame === 2
                 && m.data.type === 'rangefinder:ready')""",
            before,
        )
        later = worker_info(app, 2)
        assert later["instance"] != infos[0]["instance"]  # a new Python, not the one left
        assert (later["shared"], later["clients"]) == (True, 1)
        assert AppPage(page=frame_of(app, 2), context=app.context).testid("hit-chance") == hit(
            squares=9
        )
        assert app.console_errors() == []
        assert app.foreign_requests(server.url[:-1], other_origin.url[:-1]) == []
        # Removing a frame aborts what it still had in flight (once, under load, a fetch of
        # worker.js): an aborted request may follow the removal, an HTTP error may not.
        assert [f for f in app.failed_requests() if not f.startswith("failed ")] == []
        assert app.csp_violations() == []
    finally:
        app.context.close()


def test_embeds_on_another_site_share_the_python_of_one_of_them(
    browser: Any, server: Server, other_origin: Server
) -> None:
    """A host page on another *site* (``localhost``, the site being ``127.0.0.1``): its
    iframes are third-party, and this Chromium, blocking third-party storage, denies them the
    SharedWorker. The first embed starts a worker of its own and the others join it
    (boot.js); when that embed goes, they reload, inputs kept, on a Python of their own.

    The embeds that joined load BokehJS once that Python has imported the app, not at once
    (the first embed's document comes first), even when the browser denies the SharedWorker
    only after the prerendered page is drawn (held back so here); the third, below the host's
    fold, takes over from its prerendered page without waiting for a frame."""
    from webapp.formatting import percent
    from webapp.pages.moo2.shot import Moo2Shot

    queries = [
        "?page=moo2-shot&embed=1&squares=14",
        "?page=cepheus-check&embed=1&skill=2",
        "?page=moo2-shot&embed=1&squares=9",
    ]
    body = LISTEN + "".join(
        ("<div style='height: 900px'></div>" if i == 2 else "")
        + f"<iframe src='{server.url}{query}' width='440' height='520' title='Rangefinder {i}'>"
        "</iframe>"
        for i, query in enumerate(queries)
    )
    other_site = other_origin.url.replace("//127.0.0.1:", "//localhost:")
    assert other_site != other_origin.url
    (other_origin.folder / "site.html").write_text(
        "<!doctype html><html lang='en'><title>A wiki page</title>"
        f"<link rel='icon' href='data:,'><body>{body}</body></html>"
    )
    context = browser.new_context(viewport={"width": 1360, "height": 640})
    context.add_init_script(CSP_LISTENER + DENIAL_AFTER_PRERENDER)
    app = record(AppPage(page=context.new_page(), context=context))
    ready = "(n) => window.messages.filter((m) => m.data.type === 'rangefinder:ready').length >= n"
    try:
        app.page.goto(other_site + "site.html")
        wait_for(app, ready, 3)
        denied = [
            frame_of(app, i).evaluate("window.deniedAfterPrerender === true") for i in range(3)
        ]
        assert denied == [True, True, True]
        infos = [worker_info(app, index) for index in range(3)]
        assert {info["instance"] for info in infos} == {infos[0]["instance"]}  # one Python
        assert all(info["clients"] == 3 and not info["shared"] for info in infos)
        frames = [AppPage(page=frame_of(app, index), context=context) for index in range(3)]
        kinds = [f.page.evaluate("document.documentElement.dataset.worker") for f in frames]
        assert sorted(kinds) == ["dedicated", "joined", "joined"]
        leader = kinds.index("dedicated")
        data = [f.page.evaluate("({...document.documentElement.dataset})") for f in frames]
        assert [d["bokehLoad"] for d in data] == [
            "at-once" if i == leader else "after-imports" for i in range(3)
        ]
        for i, (f, d) in enumerate(zip(frames, data, strict=True)):
            bokeh_at = f.page.evaluate(
                """() => performance.getEntriesByType('resource')
                         .find((e) => e.name.endsWith('/bokeh.min.js')).startTime"""
            )
            imported_at = json.loads(d["stepsMs"])["imports"]  # (rounded to the ms)
            assert (bokeh_at > imported_at - 1) == (i != leader), (i, bokeh_at, imported_at)
        assert "out-of-view" not in {data[0]["swap"], data[1]["swap"]}
        assert data[2]["swap"] == "out-of-view"
        # An embed that joined computes through the shared Python, in its own session.
        follower = next(i for i in (0, 2) if i != leader)
        frames[follower].set_input("Distance (squares)", 5)
        frames[follower].wait_testid(
            "hit-chance", percent(Moo2Shot(squares=5).compute().hit_probability)
        )
        frames[follower].page.wait_for_function("() => location.search.includes('squares=5')")
        # The embed that runs the Python goes: the others reload on one of their own.
        app.page.evaluate("(i) => document.querySelectorAll('iframe')[i].remove()", leader)
        wait_for(app, ready, 5)
        left = [AppPage(page=frame_of(app, index), context=context) for index in range(2)]
        after = [worker_info(app, index) for index in range(2)]
        assert after[0]["instance"] == after[1]["instance"] != infos[0]["instance"]
        assert after[0]["clients"] == 2
        moved = next(f for f in left if "squares=5&" in f.page.evaluate("location.search") + "&")
        assert moved.input_labelled("Distance (squares)").input_value() == "5"
        assert moved.testid("hit-chance") == percent(Moo2Shot(squares=5).compute().hit_probability)
        assert app.console_errors() == []
        assert app.csp_violations() == []
        assert app.foreign_requests(server.url[:-1], other_site[:-1]) == []
    finally:
        context.close()


def test_an_embed_falls_back_to_a_worker_of_its_own_without_shared_worker(
    browser: Any, server: Server, other_origin: Server
) -> None:
    (other_origin.folder / "old.html").write_text(
        "<!doctype html><html lang='en'><title>An old browser</title>"
        f"<link rel='icon' href='data:,'><body>{LISTEN}<iframe src='{server.url}"
        "?page=moo2-shot&embed=1&squares=14' width='600' height='500' title='Rangefinder'>"
        "</iframe></body></html>"
    )
    context = browser.new_context()
    context.add_init_script(CSP_LISTENER + "delete window.SharedWorker;")
    app = record(AppPage(page=context.new_page(), context=context))
    try:
        app.page.goto(other_origin.url + "old.html")
        wait_for(app, "() => window.messages.some((m) => m.data.type === 'rangefinder:ready')")
        frame = AppPage(page=frame_of(app, 0), context=context)
        assert frame.page.evaluate("typeof SharedWorker") == "undefined"
        assert frame.page.evaluate("document.documentElement.dataset.worker") == "dedicated"
        info = worker_info(app, 0)
        assert (info["shared"], info["clients"]) == (False, 1)
        frame.set_input("Distance (squares)", 5)
        frame.page.wait_for_function("() => location.search.includes('squares=5')")
        assert app.console_errors() == []
        assert app.csp_violations() == []
    finally:
        context.close()
