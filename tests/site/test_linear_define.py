"""The ``linear-define`` lever (sitebuild/patches.py): BokehJS's ``HasProps.define``,
``override`` and ``override_options`` copy a class's property table once per call instead of
once per property.

Each model class of BokehJS, of its widgets and of Panel must end with the same table as
with BokehJS's own methods: the same properties in the same order, each with the same kind,
default and options, the same mixins, and, as V8 keeps it, an object with fast properties
where BokehJS's is one (a table built by assignment is a dictionary, slower to read for each
model made). The methods' checks must fail as before, leaving the same table behind.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitetools import CHROMIUM, CHROMIUM_ARGS, wheel_member

from sitebuild import patches
from sitebuild.shell import bundle_scripts

WIDGETS_BUNDLE = "bokeh/server/static/js/bokeh-widgets.min.js"

PER_PROPERTY_COPY = "this.prototype._props={...this.prototype._props,[e]:r}"
"""BokehJS's define: the whole table copied for each property it adds (minified)."""

# Every model class BokehJS knows once the bundles have run: its table as a text per
# property, whether the class has a table of its own, and whether V8 keeps the table with
# fast properties (%HasFastProperties, with --allow-natives-syntax).
TABLES = r"""() => {
  const fast = new Function('o', 'return %HasFastProperties(o)');
  const { HasProps } = Bokeh.require('core/has_props');
  const show = (value, depth = 0) => {
    if (depth > 3) return '...';
    if (value instanceof HasProps) return `model ${value.type}`;
    if (Array.isArray(value)) return `[${value.map((v) => show(v, depth + 1))}]`;
    if (value instanceof Map) {
      return `Map{${[...value].map(([k, v]) => `${show(k)}: ${show(v, depth + 1)}`)}}`;
    }
    if (value instanceof Set) return `Set{${[...value].map((v) => show(v, depth + 1))}}`;
    if (typeof value === 'function') return 'function';
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value).map(([k, v]) => `${k}: ${show(v, depth + 1)}`);
      return `${value.constructor?.name}{${entries}}`;
    }
    return `${typeof value} ${String(value)}`;
  };
  // A default made from the model (a range's start from its other values) needs one.
  const initial = (make) => {
    try { return show(make()); } catch (error) { return `needs the model (${error.name})`; }
  };
  const models = [...Bokeh.require('base').default_resolver._known_models.values()];
  return models.map((model) => {
    const table = model.prototype._props;
    return {
      name: model.__qualified__,
      own: Object.hasOwn(model.prototype, '_props'),
      fast: fast(table),
      props: Object.entries(table).map(([name, { type, default_value, options }]) =>
        `${name}: ${String(type)} = ${initial(default_value)} ${JSON.stringify(options)}`),
      mixins: (model.prototype._mixins ?? [])
        .map(([prefix, mixin]) => `${prefix}${Object.keys(mixin)}`),
    };
  });
}"""

# The methods' checks, on classes made for the test: what each call throws and the table it
# leaves behind, and that a call that adds nothing, or a subclass's call, leaves an inherited
# table alone.
CHECKS = r"""() => {
  const { Model } = Bokeh.require('model');
  const out = [];
  const attempt = (call) => {
    try { call(); return 'no error'; } catch (error) { return error.message; }
  };
  const table = (cls) => Object.entries(cls.prototype._props)
    .filter(([name]) => 'xyzw'.includes(name))
    .map(([name, { default_value, options }]) =>
      `${name}=${String(default_value())} ${JSON.stringify(options)}`)
    .join(', ');
  class A extends Model {}
  A.define(({ Int }) => ({ x: [Int, 1] }));
  out.push(attempt(() => A.define(({ Int }) => ({ y: [Int, 2], x: [Int, 3] }))), table(A));
  out.push(attempt(() => A.define(({ Int }) => ({ z: [Int, 4], toString: [Int, 5] }))), table(A));
  out.push(attempt(() => A.override({ x: 6, nothing: 7 })), table(A));
  out.push(attempt(() => A.override_options({ y: { internal: true }, nothing: {} })), table(A));
  class B extends A {}
  const inherited = A.prototype._props;
  B.define({});
  B.override({});
  B.override_options({});
  out.push(`B has its own: ${Object.hasOwn(B.prototype, '_props')}`);
  B.override({ x: 8 });
  B.internal(({ Str }) => ({ w: [Str, 'w'] }));
  out.push(table(B), table(A), `A's table kept: ${A.prototype._props === inherited}`);
  return out;
}"""


def bundles(patched: bool) -> list[str]:
    bokeh = wheel_member("bokeh", patches.BOKEH_BUNDLE)
    if patched:
        bokeh = patches.patch_member(patches.BOKEH_BUNDLE, bokeh, ["linear-define"])
    return [
        bokeh.decode(),
        wheel_member("bokeh", WIDGETS_BUNDLE).decode(),
        wheel_member("panel", patches.PANEL_BUNDLE).decode(),
    ]


def test_the_edit_copies_once_per_call_and_only_with_its_lever() -> None:
    original = wheel_member("bokeh", patches.BOKEH_BUNDLE)
    patched = patches.patch_member(patches.BOKEH_BUNDLE, original, ["linear-define"]).decode()
    assert PER_PROPERTY_COPY in original.decode() and PER_PROPERTY_COPY not in patched
    assert "={...this.prototype._props}" not in patched.replace("props$={...this", "")
    assert patched.count("null!==props$&&(this.prototype._props={...props$})") == 3
    assert patches.patch_member(patches.BOKEH_BUNDLE, original) == original  # not without it
    widgets = wheel_member("bokeh", WIDGETS_BUNDLE)
    assert patches.patch_member(WIDGETS_BUNDLE, widgets, ["linear-define"]) == widgets


def test_every_model_class_gets_the_same_table_and_the_checks_fail_alike(
    playwright_instance: Any,
) -> None:
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--js-flags=--allow-natives-syntax"],
        headless=True,
    )
    try:
        seen = []
        for patched in (False, True):
            page = browser.new_page()
            page.set_content("<!doctype html><title>linear-define</title>")
            for script in bundles(patched):
                page.add_script_tag(content=script)
            seen.append((page.evaluate(TABLES), page.evaluate(CHECKS)))
            page.close()
    finally:
        browser.close()
    (own_tables, own_checks), (tables, checks) = seen
    # BokehJS's, its widgets' and Panel's models, with their tables, all of them read.
    assert len(own_tables) > 300
    assert sum(len(t["props"]) for t in own_tables) > 6000
    assert any(t["name"].startswith("panel.") for t in own_tables)
    assert sum(t["fast"] for t in own_tables) > 200
    for own, new in zip(own_tables, tables, strict=True):
        assert new == own, own["name"]
    assert checks == own_checks
    assert own_checks[0] == "attempted to redefine property 'A.x'"
    assert own_checks[4] == "attempted to override nonexistent 'A.nothing'"
    assert own_checks[8:] == [
        "B has its own: false",
        'x=8 {}, y=2 {"internal":true}, z=4 {}, w=w {"internal":true}',
        'x=6 {}, y=2 {"internal":true}, z=4 {}',  # z stays: added before toString failed
        "A's table kept: true",
    ]


def test_the_built_site_ships_the_edit_with_its_lever(dist: Path) -> None:
    levers = json.loads((dist / "build.json").read_text())["levers"]
    bokeh = "".join((dist / url).read_text() for url in bundle_scripts(dist, "bokeh/bokeh.min.js"))
    assert "static define(" in bokeh
    assert (PER_PROPERTY_COPY not in bokeh) is ("linear-define" in levers)
