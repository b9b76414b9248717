"""The build's levers: what it does to load faster, each one switchable off.

Each lever is one member of :class:`Lever` (its value is the name ``--without`` and the
benchmark use, e.g. ``lean-numpy``; its ``description`` says what it does). The build takes a
set of levers (every one by default, :data:`ALL_LEVERS`) and tests membership with the enum,
never with a string. ``BENCHMARKS.md`` measures each one against the same build without it.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Lever(StrEnum):
    """One thing the build does to load faster; ``build.py --without NAME`` leaves it out.

    A ``StrEnum``: a member equals its name (``Lever.NO_PANDAS == "no-pandas"``), so the
    names given on the command line and by the benchmark parse with ``Lever(name)``."""

    description: str

    def __new__(cls, value: str, description: str) -> Lever:
        member = str.__new__(cls, value)
        member._value_ = value
        member.description = description
        return member

    NO_PANDAS = (
        "no-pandas",
        "pandas, pytz, dateutil and six not shipped nor loaded (patches.py)",
    )
    COMPILED_STDLIB = (
        "compiled-stdlib",
        "python_stdlib.zip as .pyc, compiled at build time",
    )
    LEAN_BUNDLE = (
        "lean-bundle",
        "site-packages.zip as .pyc only, without tests, stubs and server modules",
    )
    NO_DOCSTRINGS = (
        "no-docstrings",
        "the shipped bytecode compiled as by python -OO: no docstrings, no asserts (and the "
        "browser's Python run with PYTHONOPTIMIZE=2 to match)",
    )
    NO_DEBUG_RANGES = (
        "no-debug-ranges",
        "the shipped bytecode compiled as by python -X no_debug_ranges: lines kept, columns "
        "(the ^^^ under a traceback's expression) left out",
    )
    PRERENDER = (
        "prerender",
        "every page rendered at build time, shown before Python starts",
    )
    SNAPSHOT = (
        "snapshot",
        "the prerendered pages drawn once at build time and shipped as HTML, on screen before"
        " BokehJS has loaded (needs Chromium at build time; else the BokehJS prerender)",
    )
    FONT_WARMUP = (
        "font-warmup",
        "every font the snapshots' text is drawn in, with its characters, laid out once out of "
        "sight in the page's first layout, before its first paint, so that drawing the "
        "snapshot does not set them up (snapshot.py FONTS, shell.py font_warmup)",
    )
    LEAN_NUMPY = (
        "lean-numpy",
        "numpy's wheel repacked without what the app never imports (NUMPY_DROP)",
    )
    COMPILED_NUMPY = (
        "compiled-numpy",
        "numpy's wheel repacked with its Python modules as .pyc, compiled at build time",
    )
    LEAN_STDLIB = (
        "lean-stdlib",
        "python_stdlib.zip without modules the app never imports in a browser (STDLIB_DROP, "
        "the codecs not in ENCODINGS_KEEP)",
    )
    LEAN_PACKAGES = (
        "lean-packages",
        "site-packages.zip without bleach, the modules that need tornado and the packages and"
        " modules the app never imports (BUNDLE_DROP)",
    )
    TEMPLATE_CACHE = (
        "template-cache",
        "the Jinja templates Panel compiles while it is imported, compiled at build time into"
        " Jinja's bytecode cache (patches.py, template_cache)",
    )
    CHEAP_MODELS = (
        "cheap-models",
        "Bokeh's models made with less work: a valid dict property checked without spelling "
        "out its type for an error message, Panel's stylesheet files taken from the document "
        "instead of made anew for every component, and a model serialized without computing "
        "the stable defaults it leaves out (patches.py)",
    )
    BUNDLE_PACK = (
        "bundle-pack",
        "the app's bundle as one gzip stream of its files (write_pack), inflated by the "
        "browser as it arrives and written into site-packages by the worker's JavaScript, "
        "instead of a zip unpacked by Python",
    )
    COMPILE_HINTS = (
        "compile-hints",
        "BokehJS's and Panel's scripts marked for eager compilation (V8's magic comment "
        "`//# allFunctionsCalledOnLoad`, Chromium 136+): their functions are compiled on a "
        "background thread while they download, not one by one on the main thread as they first"
        " run (shell.py)",
    )
    SLICED_EVAL = (
        "sliced-eval",
        "BokehJS's and Panel's bundles loaded as module tables only, their modules then "
        "evaluated in dependency order a slice of at most ~10 ms at a time, yielding to the "
        "browser between slices, instead of one long task per script (sliced.py, "
        "static/bokeh-sliced.js)",
    )
    MINIFIED_SCRIPTS = (
        "minified-scripts",
        "the site's own scripts (static/*.js) minified by esbuild, with a source map beside "
        "each: 88 kB to load before the first drawing become 39 kB (minify.py)",
    )
    SLICED_RENDER = (
        "sliced-render",
        "the live document's first drawing (BokehJS's embed_items) in several tasks: a yield "
        "to the browser after the document is made from its JSON, between slices while its "
        "views are built, and before each root is drawn (static/boot.js, embedItems)",
    )
    NO_CSS_VISUALS = (
        "no-css-visuals",
        "BokehJS's canvas visuals (the line, fill, hatch and text of every glyph, axis, grid "
        "and title) drawn from their models' values without first asking the browser for a "
        "--bk- CSS variable that would override each: no file of the site declares one "
        "(checked at build time), and each read recalculated the page's styles while the live"
        " document was drawn (patches.py, check_no_bokeh_css_variables)",
    )
    LAYOUT_FIRST = (
        "layout-first",
        "each new Bokeh layout's CSS (its display: flex, sizes and gaps, BokehJS's per-view "
        ":host sheet) written when its views are put in the page, before BokehJS first "
        "measures one: measured first, the browser styled the whole new tree with every "
        "layout still display: block, then again once the sheets were filled (a second whole-"
        "tree recalculation in the takeover's drawing and in each page opened; patches.py)",
    )
    INLINE_CSS = (
        "inline-css",
        "the stylesheets the live document links (Panel's CSS files, linked from every "
        "component's shadow root) fetched before it is drawn and given to BokehJS as text, "
        "<style> instead of <link>: a link's rules apply only once it has loaded, after the "
        "drawing, and the browser then styled the whole live page again (static/boot.js, "
        "inlineStylesheets; with sliced-render)",
    )
    SPLIT_DRAW = (
        "split-draw",
        "the drawing of the live document's root, which sliced-render leaves as one call, in "
        "several tasks: its views rendered a slice at a time, then put in the page in parts, "
        "each styled as it goes in, then their after_render a slice at a time, then "
        "the root layout's compute_layout step by step (the plots measure their labels, then "
        "lay out, then paint, each plot's paint a task of its own); the views' resize "
        "observers hold what they see until it is done, then tell it a slice at a time "
        "(static/boot.js, finishDrawing; with sliced-render)",
    )
    SLICED_DECODE = (
        "sliced-decode",
        "the live document made from its JSON in several tasks: BokehJS's Document.from_json "
        "decodes the whole document (every model made, its properties set, then finalized and "
        "connected) in one call; here the same walk, in the same order, yields after a model "
        "whenever a slice is due (static/boot.js, fromJsonSliced; with sliced-render)",
    )
    LINEAR_DEFINE = (
        "linear-define",
        "BokehJS's HasProps.define, override and override_options (how every Bokeh and Panel "
        "model class declares its properties as its module is evaluated) copy the class's "
        "property table once per call instead of once per property: the same table, in the "
        "same order, without the quadratic garbage (about 12.5 MB of the 38-39 MB allocated "
        "while moo2-shot loads; one module's 300 CSS properties took 51 ms at 4x; patches.py)",
    )
    LAZY_MODULES = (
        "lazy-modules",
        "three libraries inside BokehJS's and Panel's bundles that no page uses (marked, "
        "Markdown for BokehJS's Markdown widget; fflate, gzip for binary arrays; json-formatter,"
        " Panel's JSON pane, which also put a stylesheet in the page's head) evaluated"
        " only if something first uses them, instead of with every other module before the "
        "first drawing: marked's was the longest module evaluation, up to 57 ms at a real 4x "
        "(sliced.py, LAZY_MODULES, static/bokeh-sliced.js; with sliced-eval)",
    )
    PRECOMPRESSED = (
        "precompressed",
        "a brotli and a gzip copy beside each file they make smaller (X.br, X.gz), for hosts "
        "that serve them; --serve sends them to a browser that accepts them (compress.py)",
    )


ALL_LEVERS = frozenset(Lever)
"""Every lever: what a build does unless told ``without`` some."""

LEVERS = {lever.value: lever.description for lever in Lever}
"""Each lever's name and description, in the enum's order (for ``--without``'s help, the
benchmark's report and the code that imported this dict before :class:`Lever` existed)."""


def parse_levers(names: Iterable[str]) -> frozenset[Lever]:
    """The levers named ``names`` (``"lean-numpy"``...); stops the build on an unknown one."""
    names = list(names)
    if unknown := set(names) - set(LEVERS):
        raise SystemExit(f"unknown levers {sorted(unknown)}; known: {sorted(LEVERS)}")
    return frozenset(Lever(name) for name in names)
