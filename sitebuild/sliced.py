"""The ``sliced-eval`` lever: BokehJS's and Panel's bundles evaluated in slices.

Each of ``bokeh.min.js``, ``bokeh-widgets.min.js`` and ``panel.min.js`` is a table of module
factories and a small loader that evaluates a module when it is first ``require``d; loading
the script runs its entry module, which requires every other one: one main-thread task per
script (``bokeh.min.js``'s about 0.7 s at a phone's speed, issue 30). With this lever the build
rewrites each file as the same table handed to ``static/bokeh-sliced.js`` (BokehJS's own loader,
copied, with a scheduler): loading the scripts only registers the factories (cheap), and
``boot.js`` then has the modules evaluated in dependency order a few at a time, yielding to
the event loop between slices, before it draws anything. The tables are kept verbatim; only
the loader around them is replaced, and the build stops if a Bokeh or Panel upgrade changes
that loader (``LOADERS``). Each table is shipped in parts of about 200,000 characters, one
script each, cut between modules (``bokeh.part1.min.js``..., then ``bokeh.min.js`` itself:
:data:`PART_CHARACTERS` says why).

The order is a depth-first post-order from each bundle's entry through the ``require`` calls
found in each factory's text (so each slice evaluates a module whose dependencies are
evaluated already): an order only, never needed for correctness, since ``require`` itself
evaluates whatever a module needs that is not yet evaluated.

With the ``lazy-modules`` lever, the libraries of :data:`LAZY_MODULES` are left out of the
order and evaluated only when something first uses what they export (``bokeh-sliced.js`` hands
their dependants a stand-in for their exports), which no page of the site does.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

LOADERS = {
    "de1fb3cb77843306": "bokeh",
    "7c63a0de5fea4cbc": "plugin",  # bokeh-widgets.min.js (Bokeh 3.10.1)
    "3f407b10351a17fa": "plugin",  # panel.min.js (Panel 1.10.0)
}
"""The sha256 (first 16 hex digits) of each bundle's loader text (from ``(function(root,
factory)`` to the module table's first bracket) that ``static/bokeh-sliced.js`` stands in for,
and its kind: BokehJS's main bundle, or a plugin that registers into it."""

LOADER_START = "(function(root, factory)"
TABLE_START = re.compile(r"\n\s*\}\)\n\((\[|\{)\n")
TAIL = re.compile(
    r"(?P<close>[\]}]),\s*(?P<entry>\d+|\"[0-9a-f]+\")\s*,\s*(?P<aliases>\{[^{}]*\})\s*,"
    r"\s*(?P<externals>\{[^{}]*\})\);\}\);\s*$"
)
MODULE_START = re.compile(
    r'(?:^|\n)(?:(?P<key>\d+|"[0-9a-f]+"): )?function _\((?P<req>[A-Za-z_$][\w$]*),'
)


LAZY_MODULES: dict[str, dict[str, tuple[str, ...]]] = {
    "bokeh.min.js": {
        # fflate: gzip for BokehJS's base64 buffers (core/util/buffer), which only a document
        # with binary arrays (NumPy's) sends; the site's documents hold plain lists.
        "fflate": ("gunzipSync", "inflateSync", "deflateSync", "strToU8"),
    },
    "bokeh-widgets.min.js": {
        # marked: Markdown to HTML for BokehJS's Markdown widget (a view's field), which the
        # site never makes (Panel's Markdown pane is rendered in Python). Its evaluation,
        # which builds its grammar's regular expressions, was the longest of the 885 modules:
        # 30-57 ms at a real 4x throttle.
        "marked": ("getRegex", "walkTokens", "Lexer", "Tokenizer"),
    },
    "panel.min.js": {
        # json-formatter: the tree of Panel's JSON pane, which the site never shows. Its
        # evaluation also put a <style> of its own in the page's <head> (a change of the
        # document's stylesheets) while the snapshot was on screen.
        "json-formatter": (
            "json-formatter-row",
            "hoverPreviewArrayCount",
            "animateOpen",
            "useToJSON",
        ),
    },
}
"""The third-party libraries the ``lazy-modules`` lever evaluates only on first use, per
bundle: each found as the one module of the bundle whose text holds all the names given (names
of its API, which minifying keeps). Each must be found exactly once, must mark itself an ES
module (its factory calls its ``__esModule`` argument: ``bokeh-sliced.js`` answers that
without evaluating it) and must export by assigning to its ``exports`` (a module that
replaces ``module.exports`` cannot be stood in for); else the build stops."""


@dataclass(frozen=True)
class Bundle:
    """One bundle taken apart: its header (licence, ``'use strict'``), kind, module table
    (the literal's text), entry, aliases and externals (JSON texts), and the module ids of
    its factories, each with the ids its text requires."""

    header: str
    kind: str
    table: str
    entry: str
    aliases: str
    externals: str
    requires: dict[str, list[str]]
    modules: dict[str, str]


def parse(script: str, name: str) -> Bundle:
    """``script`` (one of the bundles) taken apart; stops the build if its loader is not one
    :data:`LOADERS` knows."""
    start = script.find(LOADER_START)
    table_start = TABLE_START.search(script, start)
    tail = TAIL.search(script)
    if start < 0 or table_start is None or tail is None:
        raise SystemExit(f"sliced-eval: {name} is not a BokehJS bundle as Bokeh 3.10 writes it")
    digest = hashlib.sha256(script[start : table_start.end()].encode()).hexdigest()[:16]
    kind = LOADERS.get(digest)
    if kind is None:
        raise SystemExit(
            f"sliced-eval: {name}'s loader changed (sha256 {digest}): compare it with "
            "static/bokeh-sliced.js, then add it to sitebuild/sliced.py's LOADERS"
        )
    table = script[table_start.start(1) : tail.start("close") + 1]
    starts = list(MODULE_START.finditer(table))
    requires: dict[str, list[str]] = {}
    modules: dict[str, str] = {}
    for n, match in enumerate(starts):
        key = json.loads(match["key"]) if match["key"] else n  # an array's index
        end = starts[n + 1].start() if n + 1 < len(starts) else len(table)
        body = table[match.end() : end]
        calls = re.finditer(rf"(?<![\w$.]){re.escape(match['req'])}\((\d+|\"[^\"]+\")\)", body)
        requires[str(key)] = [str(json.loads(call[1])) for call in calls]
        modules[str(key)] = table[match.start() : end]
    return Bundle(
        header=script[:start],
        kind=kind,
        table=table,
        entry=tail["entry"],
        aliases=tail["aliases"],
        externals=tail["externals"],
        requires=requires,
        modules=modules,
    )


def lazy_modules(bundle: Bundle, name: str) -> dict[str, str]:
    """The modules of ``bundle`` (the file ``name``) to evaluate only on first use
    (:data:`LAZY_MODULES`): library name to module id. Stops the build where a library is not
    found exactly once, is the entry, is not marked an ES module or replaces
    ``module.exports``."""
    found: dict[str, str] = {}
    for library, names in LAZY_MODULES.get(name, {}).items():
        ids = [key for key, text in bundle.modules.items() if all(n in text for n in names)]
        if len(ids) != 1:
            raise SystemExit(
                f"lazy-modules: {library} is in {len(ids)} modules of {name}, not one: check "
                "sitebuild/sliced.py's LAZY_MODULES against this Bokeh or Panel"
            )
        text = bundle.modules[ids[0]]
        # function _(require, module, exports, __esModule, __esExport)
        params = re.search(r"function _\(([\w$]+),([\w$]+),([\w$]+),([\w$]+),", text)
        if params is None or not re.search(rf"(?<![\w$.]){re.escape(params[4])}\(\)", text):
            raise SystemExit(f"lazy-modules: {library} in {name} is not marked an ES module")
        if re.search(rf"(?<![\w$.]){re.escape(params[2])}\.exports\s*=", text):
            raise SystemExit(f"lazy-modules: {library} in {name} replaces module.exports")
        if ids[0] == str(json.loads(bundle.entry)):
            raise SystemExit(f"lazy-modules: {library} is {name}'s entry")
        found[library] = ids[0]
    return found


def evaluation_order(bundle: Bundle) -> list[str]:
    """The bundle's module ids in a depth-first post-order from its entry (then any not
    reached), through the requires found in their text, the entry last; names that are not
    this bundle's ids (another bundle's modules, resolved by alias) are left out."""
    aliases = json.loads(bundle.aliases)
    entry = str(json.loads(bundle.entry))
    order: list[str] = []
    seen: set[str] = set()

    def visit(root: str) -> None:
        stack = [(root, iter(bundle.requires[root]))]
        seen.add(root)
        while stack:
            key, deps = stack[-1]
            for dep in deps:
                dep = str(aliases.get(dep, dep))
                if dep in bundle.requires and dep not in seen:
                    seen.add(dep)
                    stack.append((dep, iter(bundle.requires[dep])))
                    break
            else:
                stack.pop()
                order.append(key)

    visit(entry)
    for key in bundle.requires:
        if key not in seen:
            visit(key)
    order.remove(entry)
    return [*order, entry]


PART_CHARACTERS = 200_000
"""How much of a module table one script holds (the last one may hold up to twice that).

Lighthouse records its trace with V8's sampling profiler on, and with the profiler on V8
logs every function of a script on the main thread as the script is compiled: for the 1.4 MB
``bokeh.min.js`` 39 ms at full speed (2.4 ms without the profiler, the same Chromium),
multiplied by 4 in Lighthouse's simulated phone, one long task. In scripts of 200,000
characters each is logged in a task of its own (issue 30). A visitor's browser, without the
profiler, streams and compiles the parts on as many background threads as it has."""


def sliced(script: bytes, name: str) -> bytes:
    """``script`` rewritten to hand its module table to ``static/bokeh-sliced.js``
    (``rfSlicedEval.bundle``) instead of evaluating it, in one script (:func:`sliced_parts`
    with no limit)."""
    [whole] = sliced_parts(script, name, part_characters=0)
    return whole


def sliced_parts(
    script: bytes, name: str, part_characters: int = PART_CHARACTERS, lazy: bool = False
) -> list[bytes]:
    """``script`` rewritten to hand its module table to ``static/bokeh-sliced.js`` instead of
    evaluating it: scripts to run in order, each with the bundle's header (its licence and
    ``'use strict'``) and a part of the table of about ``part_characters`` (0: the whole table
    in one), cut between modules. Each but the last hands its part over
    (``rfSlicedEval.part``); the last hands over its own with the entry, aliases, externals,
    evaluation order and, with ``lazy``, the modules to evaluate only on first use
    (:func:`lazy_modules`, left out of the order) (``rfSlicedEval.bundle``), and the loader
    joins the parts."""
    bundle = parse(script.decode(), name)
    later = set(lazy_modules(bundle, name).values()) if lazy else set()
    order = [key for key in evaluation_order(bundle) if key not in later]
    array = bundle.table.startswith("[")

    def ids(keys: list[str]) -> str:
        # the main bundle: an array, its ids numbers; a plugin's: numbers or names
        return json.dumps(
            [int(key) if array or key.isdigit() else key for key in keys], separators=(",", ":")
        )

    order_json = ids(order)
    lazy_json = ids(sorted(later, key=lambda key: (len(key), key)))
    pieces = _pieces(bundle.table, part_characters)
    scripts = []
    for n, (offset, body) in enumerate(pieces):
        table = f"[\n{body}]" if array else f"{{\n{body}}}"
        if len(pieces) == 1:
            table = bundle.table  # verbatim
        if n + 1 < len(pieces):
            call = f"  rfSlicedEval.part({offset if array else 'null'},\n{table});\n"
        else:
            call = (
                f'  rfSlicedEval.bundle("{bundle.kind}", {bundle.entry}, {bundle.aliases}, '
                f"{bundle.externals}, {order_json},\n{table}, {offset if array else 0}, "
                f"{lazy_json});\n"
            )
        # As BokehJS's loader: no AMD define seen by the modules.
        scripts.append(f"{bundle.header}(function() {{\n  let define;\n{call}}})();\n".encode())
    return scripts


def _pieces(table: str, part_characters: int) -> list[tuple[int, str]]:
    """``table`` (a module table literal) cut between modules into pieces of at least
    ``part_characters`` (the last piece: what is left, up to twice that): (the index of the
    piece's first module, the piece's text inside the brackets)."""
    starts = [match.start() for match in MODULE_START.finditer(table)]
    if not part_characters:
        return [(0, table[1:-1])]
    cuts = [0]
    for n, start in enumerate(starts):
        if start - starts[cuts[-1]] >= part_characters and len(table) - start >= part_characters:
            cuts.append(n)
    pieces = []
    for a, b in zip(cuts, [*cuts[1:], None], strict=True):
        text = table[starts[a] : starts[b] if b is not None else len(table) - 1]
        pieces.append((a, text.strip().rstrip(",")))
    # Cut only between modules: the pieces, joined again, are the table.
    joined = "".join(piece for _, piece in pieces)
    if re.sub(r"[\s,]", "", joined) != re.sub(r"[\s,]", "", table[1:-1]):
        raise SystemExit("sliced-eval: a module table did not cut between its modules")
    return pieces
