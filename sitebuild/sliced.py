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
that loader (``LOADERS``).

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


def sliced(script: bytes, name: str) -> bytes:
    """``script`` rewritten to hand its module table to ``static/bokeh-sliced.js``
    (``rfSlicedEval.bundle``) instead of evaluating it: the same header and table; its
    loader replaced by a call with the entry, aliases, externals and evaluation order."""
    bundle = parse(script.decode(), name)
    order = evaluation_order(bundle)
    if bundle.table.startswith("["):  # the main bundle: an array, its ids numbers
        order_json = json.dumps([int(key) for key in order], separators=(",", ":"))
    else:
        order_json = json.dumps(
            [int(key) if key.isdigit() else key for key in order], separators=(",", ":")
        )
    text = (
        f"{bundle.header}"
        "(function() {\n"
        "  let define;\n"  # as BokehJS's loader: no AMD define seen by the modules
        f'  rfSlicedEval.bundle("{bundle.kind}", {bundle.entry}, {bundle.aliases}, '
        f"{bundle.externals}, {order_json},\n"
        f"{bundle.table});\n"
        "})();\n"
    )
    return text.encode()
