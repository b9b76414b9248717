"""The app's entry points inside Pyodide, called by ``static/worker.js``.

The worker renders nothing itself: :func:`start` describes the Bokeh document as JSON for the
main thread, and the other functions apply what the page sends back (patches, the URL, the
theme). Pyodide-only: it imports ``panel.io.pyodide``, which needs the browser's ``js``.

What Python changes goes back to the page as JSON patches (Panel's pyodide-worker protocol),
but one patch per call, not one per change: every change an entry point makes (an edit: the
figures, the note, each chart's data, the tables) is encoded as it happens, in order, and the
lot is sent as one patch when the call returns (:class:`Outbox`). The page applies it in one
go: one message and one layout instead of a dozen, and the next edit is not queued behind
them. A change made outside any call (none today) is sent at once, as Panel would.

One Python may serve several pages at once (the embeds of one host page share a
SharedWorker), so everything here is per *client*, the id the worker gives each page: its own
:class:`Session` (App, Bokeh document, Location), and every entry point runs with that
session's document as Panel's current document. The worker calls these one at a time.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

import panel as pn
from bokeh.core.serialization import Serializer
from bokeh.document import Document
from bokeh.document.json import PatchJson
from bokeh.events import DocumentReady
from bokeh.settings import settings as bk_settings
from panel.io.document import MockSessionContext
from panel.io.pyodide import (
    _convert_json_patch,
    _dict_converter,
    _serialize_buffers,
    js,
    pyodide,
    write_doc,
)
from panel.io.state import set_curdoc, state
from panel.util import edit_readonly

from webapp.app import HOME, App, bare_link
from webapp.pages import find_page

__all__ = [
    "Outbox",
    "Session",
    "apply_patch",
    "drop",
    "navigate",
    "rendered",
    "replay",
    "reset_inputs",
    "sessions",
    "set_location",
    "set_theme",
    "start",
    "take_inputs",
]


class Outbox:
    """The changes of ``doc`` on their way to the page, sent as one patch per call.

    Each change is encoded when it happens (so a patch says what each change said then, as
    Panel's one-patch-per-change ``_link_docs_worker`` does), with one serializer for the
    whole call: a model new to the page is described in full once, then referred to. While
    :meth:`batch` is open the encoded changes wait; when the outermost batch closes they go to
    ``send`` (Panel's ``(patch, buffers, msg_id)`` dispatch) as one patch. Changes the page
    itself made (setter ``"js"``) are not sent back."""

    def __init__(self, doc: Document, send: Callable[..., Any], setter: str = "js") -> None:
        self.doc = doc
        self.send = send
        self.setter = setter
        self.depth = 0
        self.serializer: Serializer | None = None
        self.events: list[Any] = []

    def on_change(self, event: Any) -> None:
        if getattr(event, "setter", None) == self.setter:
            return
        if self.serializer is None:
            self.serializer = Serializer(references=self.doc.models.synced_references)
        self.events.append(self.serializer.encode(event))
        if self.depth == 0:
            self.flush()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.flush()

    def flush(self) -> None:
        """Send the waiting changes, if any, as one patch."""
        serializer, events = self.serializer, self.events
        self.serializer, self.events = None, []
        if serializer is None or not events:
            return
        patch: Any = PatchJson(events=events)
        self.doc.models.flush_synced(lambda model: not serializer.has_ref(model))
        buffer_map = {}
        for buffer in serializer.buffers:
            buffer_map[buffer.id] = pyodide.ffi.to_js(buffer.to_bytes()).buffer
        if buffer_map:  # (without buffers there is no Buffer in the patch to replace)
            patch = _serialize_buffers(patch, buffers=buffer_map)
        self.send(
            pyodide.ffi.to_js(patch, dict_converter=_dict_converter),
            js.Map.new(js.Object.entries(pyodide.ffi.to_js(buffer_map))),
            None,
        )


@dataclass
class Session:
    """One page's app: its document, and how to send that page a message (a JSON string)."""

    post: Callable[[str], Any]
    doc: Document = field(default_factory=Document)
    app: App | None = None
    located: bool = False  # the page's URL applied: from now on, changes update its address
    outbox: Outbox | None = None  # the page's patches, once it has drawn the document
    visitor: bool = False  # in a change the visitor made: the page remembers its inputs


sessions: dict[str, Session] = {}
"""The live sessions by client id (dropped when their page goes away)."""


def _session(client: str) -> Session:
    """The client's session (a KeyError once its page has gone)."""
    session = sessions.get(client)
    if session is None:
        raise KeyError(f"no session for client {client!r} (its page has gone)")
    return session


@contextlib.contextmanager
def _in_session(session: Session) -> Iterator[Session]:
    """``session``, with its document as Panel's current one; what the call changes goes to
    the page as one patch when it returns."""
    with set_curdoc(session.doc):
        if session.outbox is None:
            yield session
            return
        with session.outbox.batch():
            yield session


def _current(client: str) -> contextlib.AbstractContextManager[Session]:
    """The client's session, with its document as Panel's current one (:func:`_in_session`)."""
    return _in_session(_session(client))


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
            rolled=lambda slug, seed, lines: session.post(
                json.dumps({"type": "roll", "page": slug, "seed": seed, "log": lines})
            ),
            figures_shown=lambda: _send_figures(session),
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


def _send_figures(session: Session) -> None:
    """The key figures of a new result go to the page at once, before the charts and tables
    are rendered (``figures_shown`` of :class:`webapp.pages.view.PageView`): one patch for
    them, one for the rest of the call."""
    if session.outbox is not None:
        session.outbox.flush()


def _post_url(session: Session, search: str) -> None:
    """Tell the page the query string that reopens the app as it is now (it updates the
    address bar). Panel's Location model would do it one change late in this worker."""
    if not session.located:  # before the deep link is applied, the address bar holds it: keep it
        return
    # "remember": the visitor changed something (not the link, nor the device's own inputs
    # or a saved entry being applied): the page stores these inputs as the page's last ones.
    message: dict[str, Any] = {"type": "url", "search": search, "remember": session.visitor}
    if session.app is not None and session.app.page != HOME:
        page = find_page(session.app.page)  # for the saved entries' notes (static/saved.js)
        message |= {"title": page.title, "system": page.system.name}
    session.post(json.dumps(message))


def rendered(client: str, send_patch: Any) -> None:
    """The page has drawn the document: from now on, changes in Python go to it as patches.

    As Panel's ``_link_docs_worker``, with an :class:`Outbox` in place of its one patch per
    change."""
    session = _session(client)
    outbox = session.outbox = Outbox(session.doc, send_patch)
    with _in_session(session):
        doc = session.doc
        doc.on_change(outbox.on_change)
        doc.unhold()
        doc.on_event("document_ready", functools.partial(state._schedule_on_load, doc))
        doc.callbacks.trigger_event(DocumentReady())


def apply_patch(client: str, patch: Any) -> None:
    """Apply a change the page made (an input edited) to the Python document."""
    with _current(client) as session:
        session.visitor = True
        try:
            session.doc.apply_json_patch(_convert_json_patch(patch), setter="js")
        finally:
            session.visitor = False


def set_location(client: str, location_json: str, remembered_json: str = "") -> None:
    """Take the page's URL: the Location model learns it, and the app applies the deep link.

    ``remembered_json`` is what the page remembers on the device (``static/storage.js``,
    ``{"pages": {slug: {input: value}}}``; empty in embeds, or where storage is unavailable):
    a bare link (``?page=<slug>``, no input) opens the page with its last inputs, and a page
    the navigation opens later starts from its own. A link that carries inputs wins."""
    data = json.loads(location_json)
    remembered = _remembered_pages(remembered_json)
    with _current(client) as session:
        location = state.location
        if location is not None:
            with edit_readonly(location):
                location.param.update({k: v for k, v in data.items() if k in location.param})
        session.located = True
        if session.app is not None:
            search = str(data.get("search", ""))
            session.app.remembered = remembered
            session.app.apply_search(search)
            if bare_link(search) and (not session.app.embed or session.app.remember):
                session.app.restore()


def _remembered_pages(remembered_json: str) -> dict[str, dict[str, str]]:
    """The pages' remembered inputs from the page's JSON; what is not a mapping of page to
    a mapping of names to strings is left out (the page checked the format already)."""
    try:
        data = json.loads(remembered_json) if remembered_json else {}
    except ValueError:
        return {}
    pages = data.get("pages") if isinstance(data, dict) else None
    if not isinstance(pages, dict):
        return {}
    return {
        str(slug): {str(k): str(v) for k, v in values.items() if isinstance(v, str | int | float)}
        for slug, values in pages.items()
        if isinstance(values, dict)
    }


def take_inputs(client: str, slug: str, inputs_json: str, what: str, saved_on: str = "") -> str:
    """Open page ``slug`` with the inputs of a saved entry (``what`` names it, ``saved_on`` is
    the page it was saved on): the page takes those it has
    (:meth:`webapp.app.App.take_inputs`); returns their labels as JSON."""
    values = json.loads(inputs_json)
    with _current(client) as session:
        if session.app is None or not isinstance(values, dict):
            return "[]"
        session.visitor = True  # the visitor loaded it: these become the page's last inputs
        try:
            taken = session.app.take_inputs(
                slug, {str(k): str(v) for k, v in values.items()}, what=what, saved_on=saved_on
            )
        finally:
            session.visitor = False
        return json.dumps(taken)


def replay(client: str, seed: int) -> None:
    """Roll the client's page again with ``seed`` (its roll history, ``static/saved.js``)."""
    with _current(client) as session:
        if session.app is not None:
            session.visitor = True
            try:
                session.app.replay(int(seed))
            finally:
                session.visitor = False


def reset_inputs(client: str) -> None:
    """Every input of the client's page back to its default."""
    with _current(client) as session:
        if session.app is not None:
            session.app.reset_inputs()


def navigate(client: str, slug: str) -> None:
    """Open page ``slug`` in the client's app: a click on one of the landing page's links
    (:meth:`webapp.app.App.navigate`), without reloading the page."""
    with _current(client) as session:
        if session.app is not None:
            session.app.navigate(slug)


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
