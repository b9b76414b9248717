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
    for n, match in enumerate(starts):
        key = json.loads(match["key"]) if match["key"] else n  # an array's index
        end = starts[n + 1].start() if n + 1 < len(starts) else len(table)
        body = table[match.end() : end]
        calls = re.finditer(rf"(?<![\w$.]){re.escape(match['req'])}\((\d+|\"[^\"]+\")\)", body)
        requires[str(key)] = [str(json.loads(call[1])) for call in calls]
    return Bundle(
        header=script[:start],
        kind=kind,
        table=table,
        entry=tail["entry"],
        aliases=tail["aliases"],
        externals=tail["externals"],
        requires=requires,
    )


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


def sliced_parts(script: bytes, name: str, part_characters: int = PART_CHARACTERS) -> list[bytes]:
    """``script`` rewritten to hand its module table to ``static/bokeh-sliced.js`` instead of
    evaluating it: scripts to run in order, each with the bundle's header (its licence and
    ``'use strict'``) and a part of the table of about ``part_characters`` (0: the whole table
    in one), cut between modules. Each but the last hands its part over
    (``rfSlicedEval.part``); the last hands over its own with the entry, aliases, externals and
    evaluation order (``rfSlicedEval.bundle``), and the loader joins the parts."""
    bundle = parse(script.decode(), name)
    order = evaluation_order(bundle)
    array = bundle.table.startswith("[")
    if array:  # the main bundle: an array, its ids numbers
        order_json = json.dumps([int(key) for key in order], separators=(",", ":"))
    else:
        order_json = json.dumps(
            [int(key) if key.isdigit() else key for key in order], separators=(",", ":")
        )
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
                f"{bundle.externals}, {order_json},\n{table}, {offset if array else 0});\n"
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
