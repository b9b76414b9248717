"""What the app's Python bundle leaves out of the wheels it ships ("lean-bundle",
"lean-packages"), each with its reason.

Over 300 lines because most of it is data: the lists of folders and modules left out, each
with the measurement that allows it, read best in one place.
"""

from __future__ import annotations

from sitebuild.bytecode import module_of
from sitebuild.pins import BROWSER_WHEELS

PYTHON_BUNDLE_DROP = (
    "panel/dist/",
    "panel/tests/",
    "panel/examples/",
    "panel/command/",
    "bokeh/server/static/",
    "bokeh/sampledata/",
    "bokeh/sphinxext/",
    "bokeh/command/",
    "panel/package-lock.json",  # npm's lock of Panel's JS build (Panel reads package.json)
    "pyviz_comms/labextension/static/",  # JupyterLab's JS (pyviz_comms reads package.json)
    # narwhals' adapters for dataframe libraries the site does not ship (they import them)
    *(
        f"narwhals/{lib}/"
        for lib in (
            "_arrow",
            "_dask",
            "_duckdb",
            "_ibis",
            "_pandas_like",
            "_polars",
            "_spark_like",
            "_sql",
        )
    ),
)
"""Folders of the wheels the worker never reads: served as static files (``panel/dist``,
BokehJS), or for a server, a command line or Sphinx only. None of them is imported by the app
(checked by a browser test that lists the modules Python loaded after visiting every page)."""

PYTHON_BUNDLE_DROP_BEFORE = (
    "panel/dist/",
    "panel/tests/",
    "bokeh/server/static/",
    "bokeh/sampledata/",
    "panel/examples/",
)
"""What the bundle left out before "lean-bundle" (static files served from elsewhere)."""

UNIMPORTED_WHEELS = ("bleach", "webencodings")
"""Wheels left out by "lean-packages": no module of the bundle names ``bleach`` (Panel 1.10
no longer sanitizes HTML with it), and ``webencodings`` serves only bleach's vendored
html5lib. Neither is pinned in pyproject.toml."""

TORNADO_MODULES = (
    "bokeh/client/connection.py",
    "bokeh/client/websocket.py",
    "bokeh/server/auth_provider.py",
    "bokeh/server/server.py",
    "bokeh/server/tornado.py",
    *(
        f"bokeh/server/views/{name}.py"
        for name in (
            "auth_request_handler",
            "autoload_js_handler",
            "doc_handler",
            "ico_handler",
            "metadata_handler",
            "root_handler",
            "session_handler",
            "static_handler",
            "ws",
        )
    ),
    "panel/auth.py",
    "panel/io/asgi.py",
    "panel/io/auth.py",
    "panel/io/ipywidget.py",
    "panel/io/jupyter_executor.py",
    "panel/io/jupyter_server_extension.py",
    "panel/io/liveness.py",
    "panel/io/rest.py",
    "panel/io/server.py",
)
"""Modules left out by "lean-packages" because each imports ``tornado`` at module level and
the site ships no tornado (no server runs in the browser): importing one fails whether it is
shipped or not. The build checks that each still imports tornado at its top level
(``check_tornado_modules``), so an upgrade that changes that stops the build. Not dropped:
``tqdm`` (imported by ``panel.widgets.indicators``), the part of ``bokeh.server`` the browser
imports (``BUNDLE_KEEP``) and ``jinja2`` (Panel's templates); ``narwhals`` is left out by
``BUNDLE_DROP`` (see there)."""


BUNDLE_DROP = {
    # Whole packages no module of the browser's app imports (measured: visiting every page,
    # in either theme, embedded, after a bad link, a bad input and each "Roll it"):
    "narwhals": "dataframe adapters; imported only for data that is not a dict (Bokeh's "
    "ColumnDataSource, Panel's DataFrame pane), and every chart's data is a dict",
    "markdown": "Python-Markdown; Panel renders with markdown-it (its default renderer), and "
    "imports markdown only for renderer='markdown' or to highlight a fenced code block with "
    "a language, which no page has",
    "typing_extensions": "imported only under TYPE_CHECKING by Bokeh, Panel, param and jinja2",
    "xyzservices": "map tile providers (Bokeh's add_tile); no page draws a map",
    "uc_micro": "Unicode classes for linkify-it's URL scanner, which imports its own copy",
    # Parts of packages the app imports, never imported in the browser:
    "param.ipython": "param's IPython display hooks (no IPython)",
    "param.mypy_plugin": "a mypy plugin",
    "panel.ui": "Panel's experimental UI components; no page uses them",
    "panel.compiler": "bundles Panel's JS for a server (panel bundle)",
    "panel.__main__": "the panel command",
    "panel.entry_points": "loads plugins of the panel command",
    "panel.io.admin": "the server's admin dashboard",
    "panel.io.compile": "compiles custom JS components (panel compile)",
    "panel.io.convert": "panel convert (the build does its own)",
    "panel.io.django": "Django integration",
    "panel.io.fastapi": "FastAPI integration",
    "panel.pane._textual": "the Textual pane (terminal apps)",
    "panel.pane.vtk.synchronizable_serializer": "VTK scenes; no page draws one",
    "panel.pane.vtk.synchronizable_deserializer": "VTK scenes; no page draws one",
    **{
        f"panel.models.{name}": "Bokeh models of a Panel component no page uses"
        for name in (
            "ace",
            "deckgl",
            "echarts",
            "file_dropper",
            "jsoneditor",
            "katex",
            "mathjax",
            "modal",
            "perspective",
            "plotly",
            "quill",
            "tabulator",
            "terminal",
            "vega",
            "vizzu",
            "vtk",
        )
    },
    "bokeh.__main__": "the bokeh command",
    "bokeh.client": "connects to a Bokeh server over a websocket",
    "bokeh.driving": "animation helpers for a Bokeh server",
    "bokeh.ext": "builds Bokeh extensions",
    "bokeh.server.asgi": "Bokeh's ASGI server",
    "bokeh.server.transport": "a server's websocket transport",
    "bokeh.util.info": "bokeh info (the command)",
    "bokeh.util.terminal": "coloured terminal output of the bokeh command",
    "bokeh.models.util": "prints a model's structure (a debugging tool)",
    "bokeh.plotting._geo_feature": "GeoJSON helpers; no page draws a map",
    **{
        f"tqdm.{name}": "tqdm's front ends and integrations (Panel imports tqdm.std, .gui, "
        ".asyncio for its Tqdm indicator)"
        for name in (
            "contrib",
            "notebook",
            "tk",
            "rich",
            "keras",
            "dask",
            "auto",
            "autonotebook",
            "__main__",
            "_main",
            "_tqdm",
            "_tqdm_gui",
            "_tqdm_notebook",
            "_utils",
        )
    },
    **{
        f"mdit_py_plugins.{name}": "markdown-it plugins Panel does not load (it loads anchors, "
        "deflist, footnote and tasklists)"
        for name in (
            "admon",
            "amsmath",
            "attrs",
            "colon_fence",
            "container",
            "dollarmath",
            "field_list",
            "front_matter",
            "gfm",
            "gfm_autolink",
            "myst_blocks",
            "myst_role",
            "section_ref",
            "subscript",
            "substitution",
            "superscript",
            "texmath",
            "wordcount",
        )
    },
    "markdown_it.cli": "the markdown-it command",
    "markdown_it.tree": "a syntax tree API Panel does not use",
    "jinja2.ext": "template extensions (i18n, loop controls); Panel's templates use none",
    "jinja2.sandbox": "sandboxed templates",
    "jinja2.nativetypes": "templates that render Python objects",
    "jinja2.meta": "template introspection",
    "linkify_it.tlds": "linkify-it's list of top-level domains (for .tlds(), never called)",
}
"""Modules (and their data files) left out of the Python bundle by "lean-packages", each
with its reason; a wholly dropped package leaves out its ``.dist-info`` too, so it looks
uninstalled rather than broken. Measured in the browser (the module list after visiting
every page, ``tests/site/test_page_contract.py``, checks that none is imported), and the
build stops if its own run of the app imports one. What catches a failed import of these
was checked; each fallback gives this app what it gets with the module shipped:
- Panel's pane detection (``PaneBase.get_pane_type``) calls every pane type's ``applies``
  inside ``except Exception`` (False). The DataFrame pane's ``applies`` imports narwhals for
  any object that is not a pandas/dask one; narwhals answers True only for objects of a
  dataframe library (or its own), and the site ships none (no pandas: "no-pandas"), so
  False either way.
- Panel's markdown-it ``hilite`` returns the code unhighlighted on any exception, and with
  markdown shipped but no pygments (not shipped) CodeHilite does not highlight either; it
  runs only for a fenced code block with a language, which no page has.
Other imports of these are not guarded: Bokeh's ColumnDataSource with data that is not a
dict, or a tile source, fails with ModuleNotFoundError. Kept though the browser does not
import them: ``numbergen`` (param imports it to find the caller of a warning, so a warning
would turn into an error), ``jinja2.debug`` (jinja2 imports it to report a template error)
and ``bokeh.protocol.receiver``."""

BUNDLE_DROP_SERVER = {
    "bokeh.application.handlers": "run a Bokeh server's app scripts",
    "bokeh.server": "Bokeh's server (the browser imports only bokeh.server.callbacks, "
    "contexts, executor and session: BUNDLE_KEEP)",
    "panel.io.admin_auth": "the server's admin login",
    "panel.io.application": "Panel's server application",
    "panel.io.handlers": "Panel's server script handlers",
    "panel.io.reload": "autoreload for a server",
    "panel.io.session": "server sessions",
    "panel.io.threads": "a server's thread pool",
}
"""Modules "lean-packages" leaves out that the build's own run of the app imports, because
on the build machine tornado is installed and Panel then loads its server stack; the site
ships no tornado, and the browser test checks that none of these is imported in the
browser. Entries are prefixes except ``bokeh.server``, of which only ``BUNDLE_KEEP`` stays."""

BUNDLE_KEEP = (
    "bokeh.server",
    "bokeh.server.callbacks",
    "bokeh.server.contexts",
    "bokeh.server.executor",
    "bokeh.server.session",
)
"""Modules of ``bokeh.server`` the browser imports (Panel's document and callbacks)."""


def bundle_module_dropped(module: str, server: bool = True) -> bool:
    """Whether "lean-packages" leaves out module ``module`` (``BUNDLE_DROP`` and, unless
    ``server`` is False, ``BUNDLE_DROP_SERVER``)."""
    if module in BUNDLE_KEEP:
        return False
    listed = [*BUNDLE_DROP, *(BUNDLE_DROP_SERVER if server else ())]
    return any(module == d or module.startswith(d + ".") for d in listed)


def bundle_member_dropped(name: str) -> bool:
    """Whether wheel member ``name`` stays out with its module ("lean-packages")."""
    top = name.split("/", 1)[0]
    if top.endswith(".dist-info"):
        distribution = top.split("-", 1)[0]
        return distribution in BUNDLE_DROP_DISTRIBUTIONS
    module = module_of(name)
    if module is None:  # a data file: dropped with its package
        module = name.rpartition("/")[0].replace("/", ".")
    return bundle_module_dropped(module)


BUNDLE_DROP_DISTRIBUTIONS = (
    "narwhals",
    "markdown",
    "typing_extensions",
    "xyzservices",
    "uc_micro_py",
)
"""Distributions "lean-packages" leaves out whole (``BUNDLE_DROP``), their metadata too."""


def imports_tornado_at_top(source: bytes) -> bool:
    """Whether a module's own body (not a function, not ``if TYPE_CHECKING``) imports tornado."""
    import ast

    for node in ast.parse(source).body:
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] == "tornado" for a in node.names
        ):
            return True
        if (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and (node.module or "").split(".")[0] == "tornado"
        ):
            return True
    return False


PYTHON_BUNDLE_DROP_PARTS = ("tests", "__pycache__")
"""Any folder of these names, at any depth, is left out."""

PYTHON_BUNDLE_DROP_SUFFIXES = (".pyi", ".ts", ".map", ".tsbuildinfo", ".pyx", ".pxd", ".c", ".h")
"""Type stubs, TypeScript and sources of compiled code: never read at run time."""

PYTHON_BUNDLE_DROP_DATA = ".data/"
"""A wheel's ``<name>-<version>.data/`` folder (xyzservices ships its providers JSON there a
second time, for a ``share/`` install location Pyodide never looks in)."""


def dropped(name: str) -> bool:
    """Whether wheel member ``name`` stays out of the Python bundle."""
    top = name.split("/", 1)[0]
    if name.startswith("bokeh/_sri/"):  # Bokeh reads its own release's hashes at import
        bokeh = next(p for p in BROWSER_WHEELS if p.name == "bokeh")
        return name != f"bokeh/_sri/{bokeh.version}.json"
    return (
        name.startswith(PYTHON_BUNDLE_DROP)
        or any(part in PYTHON_BUNDLE_DROP_PARTS for part in name.split("/")[:-1])
        or name.endswith(PYTHON_BUNDLE_DROP_SUFFIXES)
        or (top.endswith(".dist-info") and name.endswith("/RECORD"))
        or (top.endswith(".data") and PYTHON_BUNDLE_DROP_DATA in name)
    )
