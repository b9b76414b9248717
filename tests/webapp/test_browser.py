"""webapp.browser's sessions (one per page a shared Python serves), outside Pyodide.

``webapp.browser`` imports ``panel.io.pyodide``, which needs Pyodide's ``js`` and ``pyodide``
modules; the script below runs in a separate interpreter with small stand-ins for them (a
worker has no DOM, so Panel takes its worker path), so that no other test sees them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import asyncio, json, sys, types
    from unittest import mock

    js = types.ModuleType("js")          # a worker's global scope: no document
    js.JSON = mock.MagicMock()
    js.XMLHttpRequest = mock.MagicMock()
    pyodide = types.ModuleType("pyodide")
    for name in ("ffi", "code", "http"):
        sub = mock.MagicMock()
        setattr(pyodide, name, sub)
        sys.modules["pyodide." + name] = sub
    sys.modules.update(js=js, pyodide=pyodide)

    from panel.io.state import state
    import webapp.browser as browser

    posted = {"a": [], "b": []}
    out = {}
    docs = {c: asyncio.run(browser.start(c, posted[c].append)) for c in ("a", "b")}
    out["roots_distinct"] = not set(json.loads(docs["a"][2])) & set(json.loads(docs["b"][2]))
    out["sessions"] = sorted(browser.sessions)
    for client, search in (("a", "?page=moo2-shot&squares=14"),
                           ("b", "?page=cepheus-check&skill=2")):
        location = {"search": search, "pathname": "/", "href": "http://x/" + search}
        browser.set_location(client, json.dumps(location))
    apps = {c: browser.sessions[c].app for c in ("a", "b")}
    out["pages"] = [apps["a"].page, apps["b"].page]
    locations = {c: state._locations.get(browser.sessions[c].doc) for c in ("a", "b")}
    out["own_locations"] = [
        locations["a"] is not None and locations["a"] is not locations["b"],
        locations["a"].search if locations["a"] else None,
        locations["b"].search if locations["b"] else None,
    ]
    posted["a"].clear(); posted["b"].clear()
    apps["a"].view_of("moo2-shot").model.squares = 5     # an input edited in page a
    out["posted"] = {c: [json.loads(m) for m in posted[c]] for c in ("a", "b")}
    browser.set_theme("b", "dark")
    out["themes"] = [apps["a"].theme, apps["b"].theme]
    doc_a = browser.sessions["a"].doc
    browser.drop("a")
    browser.drop("a")                                     # twice: harmless
    out["after_drop"] = [sorted(browser.sessions), doc_a in state._locations]
    try:
        browser.set_theme("a", "dark")
        out["gone"] = "no error"
    except KeyError as error:
        out["gone"] = str(error)
    browser.set_theme("b", "light")                       # the other page still works
    out["b_theme"] = apps["b"].theme
    asyncio.run(browser.start("c", print, "?page=moo2-shot&squares=14&embed=1", "dark"))
    app = browser.sessions["c"].app
    out["direct"] = [app.page, app.embed, app.theme, sorted(app._views),
                     app.view_of("moo2-shot").model.squares]
    print(json.dumps(out))
    """
)


def test_each_page_has_its_own_session_and_a_dropped_one_is_forgotten() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["roots_distinct"] and out["sessions"] == ["a", "b"]
    assert out["pages"] == ["moo2-shot", "cepheus-check"]
    assert out["own_locations"] == [
        True, "?page=moo2-shot&squares=14", "?page=cepheus-check&skill=2"
    ]  # fmt: skip
    # The edit's new link goes to its own page only.
    assert out["posted"]["b"] == []
    assert [m["type"] for m in out["posted"]["a"]] == ["url"]
    assert "squares=5" in out["posted"]["a"][-1]["search"]
    assert out["themes"] == ["light", "dark"]
    assert out["after_drop"] == [["b"], False]
    assert "no session for client 'a'" in out["gone"]
    assert out["b_theme"] == "light"
    # A page's link and theme, given at the start, build its page at once (no landing page).
    assert out["direct"] == ["moo2-shot", True, "dark", ["moo2-shot"], 14]


PATCH_SCRIPT = textwrap.dedent(
    """
    from bokeh.core.serialization import Serialized
    from bokeh.document import Document
    from bokeh.models import ColumnDataSource, NumericInput
    from panel.models.markup import HTML
    import webapp.browser as browser

    patches = []
    docs_json, _, _ = asyncio.run(browser.start("a", print, "?page=moo2-shot"))
    (page_json,) = json.loads(docs_json).values()
    page = Document.from_json(page_json)                     # what the page drew
    browser.rendered("a", lambda patch, buffers, msg_id: patches.append(patch))
    location = {"search": "?page=moo2-shot", "pathname": "/", "href": "http://x/?page=moo2-shot"}
    browser.set_location("a", json.dumps(location))
    doc = browser.sessions["a"].doc
    box = next(m for m in doc.models
               if isinstance(m, NumericInput) and m.title == "Distance (squares)")

    def edit(value):
        sent = len(patches)
        event = {"kind": "ModelChanged", "model": {"id": box.id}, "attr": "value", "new": value}
        page.get_model_by_id(box.id).value = value
        browser.apply_patch("a", FromPage({"events": [event]}))
        return patches[sent:]

    def shown(document):
        texts = {m.id: m.text for m in document.models if isinstance(m, HTML)}
        data = {m.id: {k: list(v) for k, v in m.data.items()}
                for m in document.models if isinstance(m, ColumnDataSource)}
        return texts, data

    out = {"edits": []}
    for value in (20, 3, -1, 14):
        sent = edit(value)
        out["edits"].append([[(e["kind"], e.get("attr")) for e in p["events"]] for p in sent])
        out.setdefault("first", []).append(html.unescape(str(sent[0]["events"][-1].get("new"))))
    for patch in patches:                                    # the page applies what it got
        page.apply_json_patch(Serialized(content=patch, buffers=[]), setter="test")
    out["same"] = shown(page) == shown(doc)
    out["changed"] = shown(page) != shown(Document.from_json(page_json))
    print(json.dumps(out))
    """
)


def test_an_edit_reaches_the_page_as_two_patches_that_rebuild_what_python_shows(
    in_fake_worker: Callable[[str], Any],
) -> None:
    """One patch for the key figures, one for the rest of the call (not one per change), and
    the page that applies them shows what Python shows: figures, errors, charts, tables."""
    out = in_fake_worker(PATCH_SCRIPT)
    first, second, bad, after_bad = out["edits"]
    # What changed up to the key figures (the figures last), then the rest.
    for patches, figures in ((first, 0), (second, 1), (after_bad, 3)):
        assert len(patches) == 2, patches
        assert patches[0][-1] == ["ModelChanged", "text"] and len(patches[1]) > 1
        assert "data-testid='hit-chance'" in out["first"][figures]
    assert first[0] == second[0] == [["ModelChanged", "text"]]
    # A bad value: the error beside the input in one patch (the input's first error adds its
    # alert), the last good result kept; the next good one hides the error before its figures.
    assert len(bad) == 1 and ["ModelChanged", "children"] in bad[0]
    assert ["ModelChanged", "visible"] in after_bad[0]
    assert out["same"] and out["changed"]


NAVIGATE_SCRIPT = textwrap.dedent(
    """
    from bokeh.core.serialization import Serialized
    from bokeh.document import Document
    from panel.models.markup import HTML
    import webapp.browser as browser

    patches, posted = [], []
    docs_json, _, _ = asyncio.run(browser.start("a", posted.append, ""))
    (page_json,) = json.loads(docs_json).values()
    page = Document.from_json(page_json)                     # what the page drew: the landing
    browser.rendered("a", lambda patch, buffers, msg_id: patches.append(patch))
    location = {"search": "", "pathname": "/", "href": "http://x/"}
    browser.set_location("a", json.dumps(location))
    app = browser.sessions["a"].app
    def texts(document):                                  # (Panel escapes an HTML pane's text)
        return [html.unescape(m.text) for m in document.models if isinstance(m, HTML)]

    out = {"landing": any("data-rf-page='moo2-shot'" in text for text in texts(page))}

    def go(slug):
        sent, urls = len(patches), len(posted)
        browser.navigate("a", slug)                        # a click on a landing-page link
        for patch in patches[sent:]:
            page.apply_json_patch(Serialized(content=patch, buffers=[]), setter="test")
        return [len(patches) - sent, [json.loads(m)["search"] for m in posted[urls:]]]

    out["to_page"] = go("moo2-shot")
    out["title_shown"] = any("rf-page-title" in t and "Beam shot" in t for t in texts(page))
    app.view_of("moo2-shot").model.squares = 14
    out["home"] = go("home")
    out["back"] = go("moo2-shot")
    try:
        browser.navigate("a", "nowhere")
        out["unknown"] = "no error"
    except ValueError as error:
        out["unknown"] = str(error)
    out["page_after"] = app.page
    print(json.dumps(out))
    """
)


def test_a_landing_page_link_opens_its_page_in_one_patch_keeping_its_inputs(
    in_fake_worker: Callable[[str], Any],
) -> None:
    """What ``static/boot.js`` sends for a click on a landing-page link: the page opens in the
    same document (one patch, the address updated), with the inputs it had; a slug that names
    no page is refused, naming the pages, and changes nothing."""
    out = in_fake_worker(NAVIGATE_SCRIPT)
    assert out["landing"]
    assert out["to_page"][0] == 1 and out["to_page"][1][-1].startswith("?page=moo2-shot&")
    assert out["title_shown"]
    assert out["home"] == [1, ["?page=home"]]
    assert out["back"][0] == 1 and "squares=14" in out["back"][1][-1]
    assert "page must be one of" in out["unknown"] and "got 'nowhere'" in out["unknown"]
    assert out["page_after"] == "moo2-shot"
