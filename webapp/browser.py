"""The app's entry points inside Pyodide, called by ``static/worker.js``.

The worker renders nothing itself: :func:`start` describes the Bokeh document as JSON for the
main thread, and the other functions apply what the page sends back (patches, the URL, the
theme). Pyodide-only: it imports ``panel.io.pyodide``, which needs the browser's ``js``.

One Python may serve several pages at once (the embeds of one host page share a
SharedWorker), so everything here is per *client*, the id the worker gives each page: its own
:class:`Session` (App, Bokeh document, Location), and every entry point runs with that
session's document as Panel's current document. The worker calls these one at a time.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

import panel as pn
from bokeh.document import Document
from bokeh.settings import settings as bk_settings
from panel.io.document import MockSessionContext
from panel.io.pyodide import _convert_json_patch, _link_docs_worker, write_doc
from panel.io.state import set_curdoc, state
from panel.util import edit_readonly

from webapp.app import HOME, App

__all__ = [
    "Session",
    "apply_patch",
    "drop",
    "rendered",
    "sessions",
    "set_location",
    "set_theme",
    "start",
]


@dataclass
class Session:
    """One page's app: its document, and how to send that page a message (a JSON string)."""

    post: Callable[[str], Any]
    doc: Document = field(default_factory=Document)
    app: App | None = None
    located: bool = False  # the page's URL applied: from now on, changes update its address


sessions: dict[str, Session] = {}
"""The live sessions by client id (dropped when their page goes away)."""


@contextlib.contextmanager
def _current(client: str) -> Iterator[Session]:
    """The client's session, with its document as Panel's current one."""
    session = sessions.get(client)
    if session is None:
        raise KeyError(f"no session for client {client!r} (its page has gone)")
    with set_curdoc(session.doc):
        yield session


async def start(
    client: str, post: Callable[[str], Any], search: str = "", theme: str = "light"
) -> tuple[str, str, str]:
    """Build the client's app into a fresh document; return (docs_json, render_items, root_ids).

    ``search`` and ``theme`` are the page's: the document is built for its deep link at once
    (the page the link names, not the landing page first), so one Python serving several
    embeds builds each only once. :func:`set_location` confirms the link later."""
    drop(client)
    bk_settings.simple_ids.set_value(False)  # as panel.io.pyodide.init_doc
    session = Session(post=post)
    # As panel.io.pyodide.init_doc does, but without making it the global current document.
    session.doc.hold()
    session.doc._session_context = lambda: MockSessionContext(document=session.doc)  # type: ignore[method-assign,assignment]
    sessions[client] = session
    with _current(client):
        slug = dict(parse_qsl(search.lstrip("?"))).get("page", HOME)
        session.app = App(
            write_url=lambda query: _post_url(session, query),
            page=slug if slug in App.param["page"].objects else HOME,
            theme=theme if theme in ("light", "dark") else "light",
        )
        if search:
            session.app.apply_search(search)
        pn.Column(session.app, sizing_mode="stretch_width", styles={"min-width": "0"}).servable(
            title="Rangefinder"
        )
        if state.location is None:  # pragma: no cover - Panel always creates one here
            raise RuntimeError("Panel created no Location for the document")
        return await write_doc(session.doc)


def _post_url(session: Session, search: str) -> None:
    """Tell the page the query string that reopens the app as it is now (it updates the
    address bar). Panel's Location model would do it one change late in this worker."""
    if not session.located:  # before the deep link is applied, the address bar holds it: keep it
        return
    session.post(json.dumps({"type": "url", "search": search}))


def rendered(client: str, send_patch: Any) -> None:
    """The page has drawn the document: from now on, changes in Python go to it as patches."""
    with _current(client) as session:
        _link_docs_worker(session.doc, send_patch, setter="js")


def apply_patch(client: str, patch: Any) -> None:
    """Apply a change the page made (an input edited) to the Python document."""
    with _current(client) as session:
        session.doc.apply_json_patch(_convert_json_patch(patch), setter="js")


def set_location(client: str, location_json: str) -> None:
    """Take the page's URL: the Location model learns it, and the app applies the deep link."""
    data = json.loads(location_json)
    with _current(client) as session:
        location = state.location
        if location is not None:
            with edit_readonly(location):
                location.param.update({k: v for k, v in data.items() if k in location.param})
        session.located = True
        if session.app is not None:
            session.app.apply_search(data.get("search", ""))


def set_theme(client: str, theme: str) -> None:
    """Recolour what CSS cannot reach (the charts) for the shell's theme."""
    with _current(client) as session:
        if session.app is not None and theme in ("light", "dark"):
            session.app.theme = theme


def drop(client: str) -> None:
    """Forget a page that has gone: its session, and what Panel keeps for its document."""
    session = sessions.pop(client, None)
    if session is None:
        return
    with set_curdoc(session.doc), contextlib.suppress(Exception):
        # (write_doc has unset the document's session context; Panel keys its state by
        # the document, which a mock context names again)
        state._destroy_session(MockSessionContext(document=session.doc))
    with contextlib.suppress(Exception):
        session.doc.clear()
