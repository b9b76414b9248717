"""The app's entry points inside Pyodide, called by ``static/worker.js``.

The worker renders nothing itself: :func:`start` describes the Bokeh document as JSON for the
main thread, and the other functions apply what the page sends back (patches, the URL, the
theme). Pyodide-only: it imports ``panel.io.pyodide``, which needs the browser's ``js``.
"""

from __future__ import annotations

import json
from typing import Any

import panel as pn
from panel.io.pyodide import _convert_json_patch, _link_docs_worker, init_doc, write_doc
from panel.io.state import state
from panel.util import edit_readonly

from webapp.app import App

__all__ = ["apply_patch", "rendered", "set_location", "set_theme", "start"]

_app: App | None = None
_located = False


async def start() -> tuple[str, str, str]:
    """Build the app into a fresh document; return (docs_json, render_items, root_ids)."""
    global _app
    init_doc()
    _app = App(write_url=_post_url)
    pn.Column(_app, sizing_mode="stretch_width", styles={"min-width": "0"}).servable(
        title="Rangefinder"
    )
    if state.location is None:  # pragma: no cover - Panel always creates one here
        raise RuntimeError("Panel created no Location for the document")
    return await write_doc()


def _post_url(search: str) -> None:
    """Tell the page the query string that reopens the app as it is now (it updates the
    address bar). Panel's Location model would do it one change late in this worker."""
    if not _located:  # before the deep link is applied, the address bar holds it: keep it
        return
    import js  # the worker's global scope: postMessage goes to the page

    js.postMessage(json.dumps({"type": "url", "search": search}))


def rendered(send_patch: Any) -> None:
    """The page has drawn the document: from now on, changes in Python go to it as patches."""
    _link_docs_worker(state.curdoc, send_patch, setter="js")


def apply_patch(patch: Any) -> None:
    """Apply a change the page made (an input edited) to the Python document."""
    state.curdoc.apply_json_patch(_convert_json_patch(patch), setter="js")


def set_location(location_json: str) -> None:
    """Take the page's URL: the Location model learns it, and the app applies the deep link."""
    global _located
    data = json.loads(location_json)
    if state.location is not None:
        with edit_readonly(state.location):
            state.location.param.update(
                {k: v for k, v in data.items() if k in state.location.param}
            )
    _located = True
    if _app is not None:
        _app.apply_search(data.get("search", ""))


def set_theme(theme: str) -> None:
    """Recolour what CSS cannot reach (the charts) for the shell's theme."""
    if _app is not None and theme in ("light", "dark"):
        _app.theme = theme
