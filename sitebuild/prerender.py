"""Prerendered pages: every page with its default inputs, rendered at build time.

For the landing page and each page of :data:`webapp.pages.PAGES`, in each theme, embedded
or not, the build runs the app itself (``webapp.app.App``, on this machine's Panel and Bokeh,
the same releases the browser gets) and writes the Bokeh document it describes to
``prerender/<slug>.<theme>[.embed].json.gz``: the page, its inputs and its numbers, computed
by ``rules`` at build time. ``static/boot.js`` draws it with BokehJS as soon as the page is
parsed, while Python starts, then hands over to the live app (see boot.js).

This is what ``panel convert`` does by default, except that ``panel convert`` writes the
document into an inline script, which the site's Content-Security-Policy refuses: here it is
data, which the site's own script fetches and draws.

Each file also holds the query string of the page's defaults (``App.query()``), so that
boot.js can tell a deep link with other inputs (then the page is marked "updating" until the
app has applied them) from one that shows exactly the prerendered numbers.

It runs in a child process (``python -m sitebuild.prerender MODULES [OUT]``), so that the
environment Panel reads at import (``PANEL_CDN_ROOT``) is the site's and the build's own
process never imports Panel. The same run lists the modules the app imported (``MODULES``),
which tells the build which modules of the standard library to ship compiled.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from sitebuild.paths import APP_ROOT, ROOT

THEMES = ("light", "dark")
HOME = "home"


ALSO_IMPORT = "RANGEFINDER_ALSO_IMPORT"
"""Environment variable of the child process: modules it imports besides the app's (comma
separated), so that they count among the modules the app imports."""


def run_app(out: Path | None, modules: Path, also_import: tuple[str, ...] = ()) -> None:
    """Run the app on this machine in a child process: write the prerendered pages to ``out``
    (unless None) and the names of every module the app imported to ``modules``.

    ``also_import``: modules the browser's Python imports and this machine's run does not,
    such as pandas, which Panel's ``panel/io/pyodide.py`` imports in the browser in a build
    without "no-pandas": what they import must be shipped too."""
    path = os.pathsep.join(
        [str(APP_ROOT), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    env = {
        **os.environ,
        "PANEL_CDN_ROOT": "panel/",
        "PYTHONPATH": path,
        ALSO_IMPORT: ",".join(also_import),
    }
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    args = [str(modules), *([str(out)] if out is not None else [])]
    subprocess.run(
        [sys.executable, "-m", "sitebuild.prerender", *args], check=True, env=env, cwd=APP_ROOT
    )


def render(search: str, theme: str) -> dict[str, Any]:
    """The app opened at ``?<search>`` in ``theme``, as BokehJS's embed data."""
    import panel as pn
    from bokeh.document import Document
    from bokeh.embed.util import standalone_docs_json_and_render_items
    from bokeh.io.doc import set_curdoc
    from bokeh.settings import settings as bk_settings
    from panel.io.document import MockSessionContext
    from panel.io.state import state

    from webapp.app import App

    # As panel.io.pyodide.init_doc() prepares the document in the browser, except for the
    # ids: short ones ("p1234") keep the files small and the build reproducible, and they
    # cannot clash with the live document's, which are UUIDs.
    bk_settings.simple_ids.set_value(True)
    doc = Document()
    set_curdoc(doc)
    doc.hold()
    doc._session_context = lambda: MockSessionContext(document=doc)  # type: ignore[method-assign]
    state.curdoc = doc
    try:
        app = App()
        app.theme = theme
        # As webapp.browser.start() lays it out.
        pn.Column(app, sizing_mode="stretch_width", styles={"min-width": "0"}).servable(
            title="Rangefinder"
        )
        app.apply_search(search)
        query = app.query()
        # Only the page itself: no Location model (the prerendered page must not touch the
        # address bar; a deep link with other inputs keeps its URL until the live app has
        # applied it) and no BrowserInfo (nothing to report to).
        for root in list(doc.roots):
            if type(root).__name__ in ("Location", "BrowserInfo"):
                doc.remove_root(root)
        docs_json, render_items = standalone_docs_json_and_render_items(
            doc.roots, suppress_callback_warning=True
        )
        # A fixed document id, for a reproducible build.
        docid = f"rf-prerender-{query.get('page', HOME)}-{theme}"
        items = [item.to_json() for item in render_items]
        for item in items:
            item["docid"] = docid
            item["roots"] = {}  # boot.js makes the elements to draw into
        return {
            "docs_json": {docid: next(iter(docs_json.values()))},
            "render_items": items,
            "root_ids": [m.id for m in doc.roots],
            "query": query,
        }
    finally:
        state.curdoc = None
        set_curdoc(Document())


def main(modules: Path, out: Path | None) -> None:
    import importlib

    from webapp.app import App
    from webapp.pages import PAGES

    for name in filter(None, os.environ.get(ALSO_IMPORT, "").split(",")):
        importlib.import_module(name)

    if out is None:  # only the modules: open every page once
        for slug in (HOME, *(page.slug for page in PAGES)):
            App().apply_search(f"?page={slug}")
        modules.write_text(json.dumps(sorted(sys.modules)))
        return

    # One process renders every page in a fixed order, so the ids come out the same each build.
    for slug in (HOME, *(page.slug for page in PAGES)):
        for theme in THEMES:
            for embed in ("", ".embed"):
                data = render(f"?page={slug}" + ("&embed=1" if embed else ""), theme)
                if data["query"].get("page") != slug:
                    raise SystemExit(f"prerender: ?page={slug} opened {data['query']}")
                text = json.dumps(data, separators=(",", ":")).encode()
                # Stored compressed: boot.js inflates it (DecompressionStream), so it is as
                # small on disk as on the wire. mtime=0: the same bytes every build.
                target = out / f"{slug}.{theme}{embed}.json.gz"
                target.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
    modules.write_text(json.dumps(sorted(sys.modules)))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
