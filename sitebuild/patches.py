"""Build-time edits of third-party files the site ships, each matched exactly or refused.

An edit is applied to the file as the pinned wheel holds it; if the text it expects is not
there exactly as many times as it says (a new Panel release moved it), the build stops rather
than ship a half-patched module. ``tests/site/test_build.py`` applies each edit to the pinned
wheel and checks the result.
"""

from __future__ import annotations

import gzip
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sitebuild.levers import Lever

BUNDLED_TEMPLATES = {
    "bokeh/core/_templates": (
        "file.html.jinja", "css_resources.html.jinja", "js_resources.html.jinja",
        "autoload_request_tag.html.jinja", "doc_js.js.jinja", "macros.html.jinja",
        "plot_div.html.jinja", "script_tag.html.jinja", "autoload_js.js.jinja",
        "autoload_tag.html.jinja", "root_div.html.jinja", "doc_nb_js.js.jinja",
    ),
    "panel/_templates": (
        "convert_index.html", "base.html", "error.html", "logout.html", "basic_login.html",
        "js_resources.html", "doc_nb_js.js", "autoload_panel_js.js", "nb_template.html",
    ),
}  # fmt: skip
"""The Jinja templates Bokeh and Panel compile while Panel is imported (Bokeh's through
``bokeh.core.templates``, Panel's at module level in panel/io/resources.py and
panel/io/notebook.py), by folder. The app renders none of them; compiling them (Jinja's
lexer, parser and code generator, then ``compile``) is ~0.15 s of CPython here on every
start. The "template-cache" lever ships them compiled, in each folder's
:data:`TEMPLATE_CACHE` (tests/site/test_build.py imports Panel from the built bundle and
checks that Jinja compiles none)."""

TEMPLATE_CACHE = "__jinja2_cache__"

BOKEH_BUNDLE = "bokeh/server/static/js/bokeh.min.js"
"""BokehJS's main bundle, as the bokeh wheel holds it (``shell.stage_js`` serves it)."""

PANEL_BUNDLE = "panel/dist/panel.min.js"
"""Panel's bundle of BokehJS models, as the panel wheel holds it (``shell.stage_js``)."""

_LAYOUT_FIRST_WHY = (
    "BokehJS puts new views in the page ({where}), then runs their after_render, where each "
    "view that is not a layout measures itself (_update_bbox: offsetParent, "
    "getBoundingClientRect), so the browser styles the whole new tree; only after that does "
    "invalidate_layout give each layout its CSS (update_layout: display: flex, sizes, gaps, "
    "in the :host sheet of its shadow root, empty until then), and a layout whose display "
    "changes is styled again with everything under it: a second whole-tree recalculation. "
    "update_layout is called once more before after_render, so the tree is styled once with "
    "its layouts' CSS; invalidate_layout then writes the same text again, which the browser "
    "keeps as it is"
)

_LINEAR_DEFINE_WHY = (
    "BokehJS's HasProps.{method} (how each model class, Bokeh's and Panel's, declares its "
    "properties as its module is evaluated) makes a new copy of the class's whole property "
    "table for each property it adds or changes ({{...this.prototype._props, [name]: prop}}): "
    "a class with n properties copies about n*n/2 entries, about 12.5 MB of garbage while "
    "moo2-shot loads (of 38-39 MB allocated in all; the Styles model's 300 CSS properties "
    "alone took 51 ms at a 4x throttle). The table is now copied once, before the first "
    "property the call adds, and the copy written in place; at the end it is copied once "
    "more into an object literal, so that it keeps V8's fast properties as BokehJS's copies "
    "do (a table built by assignment turned 52 of 248 classes' tables into dictionaries). "
    "Same keys, same order, same entries; the checks and their errors are unchanged, and a "
    "call that adds nothing still leaves the inherited table alone"
)

_BUNDLED_CACHE = """

class BundledTemplates(FileSystemBytecodeCache):
    # Rangefinder ("template-cache" lever, sitebuild/patches.py): the templates compiled at
    # build time, keyed by template name only (one loader per folder, so a name is one
    # file). Jinja still reads each template, and compiles it itself if its source is not
    # the one the cached code was compiled from.
    def get_cache_key(self, name, filename=None):
        return super().get_cache_key(name)


@lru_cache(None)
def get_env() -> Environment:
"""


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` by ``new`` (exactly ``count`` times) in member ``path`` of a wheel."""

    path: str
    why: str
    old: str
    new: str
    count: int = 1
    lever: Lever = Lever.NO_PANDAS
    """The lever (:class:`sitebuild.levers.Lever`) that makes this edit; a build without it
    ships the file as the wheel has it."""

    def apply(self, text: str) -> str:
        found = text.count(self.old)
        if found != self.count:
            raise SystemExit(
                f"{self.path}: expected {self.count} occurrence(s) of the text to edit, "
                f"found {found}; the pinned release changed, review sitebuild/patches.py"
            )
        return text.replace(self.old, self.new)


_PANDAS_PATCHES = """# Patch pandas.read_csv
_read_csv_original = pandas.read_csv
@functools.wraps(pandas.read_csv)
def _read_csv(*args, **kwargs):
    args, kwargs = _read_file(*args, **kwargs)
    return _read_csv_original(*args, **kwargs)
pandas.read_csv = _read_csv  # type: ignore

# Patch pandas.read_json
_read_json_original = pandas.read_json
@functools.wraps(pandas.read_json)
def _read_json(*args, **kwargs):
    args, kwargs = _read_file(*args, **kwargs)
    return _read_json_original(*args, **kwargs)
pandas.read_json = _read_json  # type: ignore
"""

_CACHED_STYLESHEET = """

def _imported_stylesheet(url):
    # Rangefinder ("cheap-models", sitebuild/patches.py): the current document's stylesheet
    # for this file, if it has one that _resolve_stylesheets would keep; else a new one.
    doc = state.curdoc
    cached = state._stylesheets.get(doc, {}).get(url) if doc is not None else None
    if cached is not None and stylesheet_url(cached) is not None and cached.document in (None, doc):
        return cached
    return ImportedStyleSheet(url=url)"""


_STABLE_DEFAULTS = """
    def stable_defaults(self, cls: type[HasProps]) -> frozenset[str]:
        # Rangefinder ("cheap-models", sitebuild/patches.py): the properties whose default is
        # the same for every instance not themed (not made by a function, not Undefined),
        # read through the plain descriptor: reading one that is not set changes nothing.
        if not hasattr(self, "_stable_defaults"):
            self._initialize(cls)
            stable = set()
            for name, descriptor in zip(self._properties, self._descriptors):
                if type(descriptor) is not PropertyDescriptor:
                    continue
                if descriptor.property._may_have_unstable_default():
                    continue
                if descriptor.is_unstable(self._overridden_defaults.get(name, None)):
                    continue
                if descriptor.class_default(cls) is Undefined:
                    continue
                stable.add(name)
            self._stable_defaults = frozenset(stable)
        return self._stable_defaults
"""

EDITS: tuple[Edit, ...] = (
    Edit(
        "panel/io/pyodide.py",
        "Panel imports pandas at module level only to make read_csv/read_json accept URLs; "
        "the app never reads a data file, and pandas costs 6.5 MB and 44 shared libraries "
        "(pandas, pytz, dateutil, six). The import is dropped; if pandas is already imported "
        "(it never is here), the same two patches are applied as before",
        "import js\nimport pandas\nimport param\n",
        "import js\nimport param\n",
    ),
    Edit(
        "panel/io/pyodide.py",
        "the read_csv/read_json patches, applied only when pandas is already loaded",
        _PANDAS_PATCHES,
        "pandas = sys.modules.get('pandas')  # Rangefinder: never imported for pandas' sake\n"
        "if pandas is not None:\n"
        + "".join(f"    {line}\n" if line else "\n" for line in _PANDAS_PATCHES.splitlines()),
    ),
    Edit(
        "bokeh/core/templates.py",
        "Jinja's bytecode cache, for the templates the build compiled (BUNDLED_TEMPLATES)",
        "from jinja2 import Environment, FileSystemLoader, Template\n",
        "from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, Template\n",
        lever=Lever.TEMPLATE_CACHE,
    ),
    Edit(
        "bokeh/core/templates.py",
        "(the same edit) the cache, keyed by name",
        "\n\n@lru_cache(None)\ndef get_env() -> Environment:\n",
        _BUNDLED_CACHE,
        lever=Lever.TEMPLATE_CACHE,
    ),
    Edit(
        "bokeh/core/templates.py",
        "Bokeh's Jinja environment reads the compiled templates (sitebuild.template_cache) "
        "instead of compiling them on every start",
        "    return Environment(loader=FileSystemLoader(templates_path), "
        "trim_blocks=True, lstrip_blocks=True)\n",
        "    return Environment(loader=FileSystemLoader(templates_path), "
        "trim_blocks=True, lstrip_blocks=True,\n"
        "                       bytecode_cache=BundledTemplates("
        f"join(templates_path, {TEMPLATE_CACHE!r})))\n",
        lever=Lever.TEMPLATE_CACHE,
    ),
    Edit(
        "panel/io/resources.py",
        "Panel's Jinja environment reads the compiled templates too (the same cache class)",
        "_env.lstrip_blocks = True\n",
        "_env.lstrip_blocks = True\n"
        "_env.bytecode_cache = BundledTemplates(  # Rangefinder (template-cache)\n"
        f"    str(Path(__file__).parent.parent / '_templates' / {TEMPLATE_CACHE!r})\n)\n",
        lever=Lever.TEMPLATE_CACHE,
    ),
    Edit(
        "panel/io/resources.py",
        "(the same edit) Bokeh's cache class",
        "from bokeh.model import Model\n",
        "from bokeh.core.templates import BundledTemplates  # Rangefinder (template-cache)\n"
        "from bokeh.model import Model\n",
        lever=Lever.TEMPLATE_CACHE,
    ),
    # --- "cheap-models": the same Bokeh models, made with less work -----------------------
    Edit(
        "bokeh/core/property/container.py",
        "Bokeh's Dict property spells out its whole type (``Dict(String, Either(...))``, a "
        "recursive str() of every type parameter) for an error message before it checks the "
        "value, on every check: every Bokeh model checks its dict properties' defaults "
        "(tags, js_property_callbacks, ...) when it is made and when it is serialized, about "
        "a tenth of building a page's document in CPython here. A valid dict now returns "
        "before that; an invalid one gets the same message as before (test_build checks)",
        "        value_is_valid = self.values_type.is_valid\n"
        '        expected = f"expected a dict of type {self}"\n',
        "        value_is_valid = self.values_type.is_valid\n"
        "        if isinstance(value, dict) and all(\n"
        "            key_is_valid(k) and value_is_valid(v) for k, v in value.items()\n"
        "        ):\n"
        "            return  # Rangefinder (cheap-models): valid, no message spelled out\n"
        '        expected = f"expected a dict of type {self}"\n',
        lever=Lever.CHEAP_MODELS,
    ),
    Edit(
        "panel/reactive.py",
        "Panel makes a new ImportedStyleSheet model for every stylesheet file of every "
        "component it renders (loading.css, the widget's own CSS), then swaps it for the one "
        "its document already holds for that file (``_resolve_stylesheets``): ~130 models "
        "made and dropped per page. The document's own is taken at once when it has one",
        "                    stylesheet = ImportedStyleSheet(url=stylesheet)\n",
        "                    stylesheet = _imported_stylesheet(stylesheet)  # Rangefinder\n",
        lever=Lever.CHEAP_MODELS,
    ),
    Edit(
        "panel/reactive.py",
        "(the same edit) the lookup, by the key ``_resolve_stylesheets`` caches it under",
        "\n\nclass Syncable(Renderable):\n",
        _CACHED_STYLESHEET + "\n\nclass Syncable(Renderable):\n",
        lever=Lever.CHEAP_MODELS,
    ),
    Edit(
        "bokeh/core/has_props.py",
        "Serializing a model without its defaults (what Bokeh sends: "
        "``serialize_include_defaults`` is off) still computed the default of every property "
        "not set, copying and validating it (``prepare_value``), only to leave it out: a "
        "tenth of building a page's document in CPython here. A property not set whose "
        "default is stable (the same for every instance not themed: not made by a function, "
        "not Undefined, read through the plain descriptor, so reading it has no effect) is "
        "now left out without that; which properties those are is worked out once per class",
        "        for key in keys:\n"
        "            descriptor = self.lookup(key)\n"
        "            if not query(descriptor):\n",
        "        # Rangefinder (cheap-models): stable defaults not selected are skipped unread.\n"
        "        stable = frozenset() if include_defaults else (\n"
        "            type(self).__property_info__.stable_defaults(type(self))\n"
        "        )\n"
        "        for key in keys:\n"
        "            if key in stable and key not in selected_keys:\n"
        "                continue\n"
        "            descriptor = self.lookup(key)\n"
        "            if not query(descriptor):\n",
        lever=Lever.CHEAP_MODELS,
    ),
    Edit(
        "bokeh/core/has_props.py",
        "(the same edit) the properties with a stable default, per class",
        "    def overridden_defaults(self, cls: type[HasProps]) -> dict[str, Any]:\n"
        "        self._initialize(cls)\n"
        "        return self._overridden_defaults\n",
        "    def overridden_defaults(self, cls: type[HasProps]) -> dict[str, Any]:\n"
        "        self._initialize(cls)\n"
        "        return self._overridden_defaults\n" + _STABLE_DEFAULTS,
        lever=Lever.CHEAP_MODELS,
    ),
    Edit(
        BOKEH_BUNDLE,
        "BokehJS draws each visual property of a canvas view (a glyph's line_color, an axis'"
        " major_label_text_font_size...) from a CSS variable of the view's element if one is "
        "set (--bk-line-color, --bk-major-label-text-font-size...), read with getComputedStyle"
        " and kept for one microtask; else from the model. No file of the site declares a "
        "--bk- variable (check_no_bokeh_css_variables, run on every build with the lever), so"
        ' every read returns "" and only makes the browser recalculate the page\'s styles '
        "between the views' writes to it, while the takeover draws the live document (about "
        'a tenth of its longest task at a 4x throttle). The method returns "" at once',
        "_get_css_value(s){const t=`${this.css_prefix}${s}`,e=this._css_cache?.get(t);"
        "if(null!=e)return e;const i=getComputedStyle(this.obj.el).getPropertyValue(t);"
        "return null==this._css_cache&&(this._css_cache=new Map,queueMicrotask(()=>"
        "this._css_cache=null)),this._css_cache.set(t,i),i}",
        '_get_css_value(s){return""}',
        lever=Lever.NO_CSS_VISUALS,
    ),
    Edit(
        BOKEH_BUNDLE,
        _LINEAR_DEFINE_WHY.format(method="define"),
        "static define(t){for(const[e,s]of(0,l.entries)((0,f.isFunction)(t)?t(w):t)){if(e in "
        "this.prototype._props)throw new Error(`attempted to redefine property "
        "'${this.prototype.type}.${e}'`);if(e in this.prototype)throw new Error(`attempted to "
        "redefine attribute '${this.prototype.type}.${e}'`);Object.defineProperty("
        "this.prototype,e,{get(){return this.properties[e].get_value()},set(t){return "
        "this.setv({[e]:t}),this},configurable:!1,enumerable:!0});const[t,n,i={}]=s,"
        "r={type:t,default_value:this._fix_default(n,e),options:i};this.prototype._props="
        "{...this.prototype._props,[e]:r}}}",
        "static define(t){let props$=null;for(const[e,s]of(0,l.entries)((0,f.isFunction)(t)?"
        "t(w):t)){if(e in this.prototype._props)throw new Error(`attempted to redefine property"
        " '${this.prototype.type}.${e}'`);if(e in this.prototype)throw new Error(`attempted to "
        "redefine attribute '${this.prototype.type}.${e}'`);Object.defineProperty("
        "this.prototype,e,{get(){return this.properties[e].get_value()},set(t){return "
        "this.setv({[e]:t}),this},configurable:!1,enumerable:!0});const[t,n,i={}]=s,"
        "r={type:t,default_value:this._fix_default(n,e),options:i};null===props$&&(props$="
        "{...this.prototype._props},this.prototype._props=props$),props$[e]=r}null!==props$&&"
        "(this.prototype._props={...props$})}",
        lever=Lever.LINEAR_DEFINE,
    ),
    Edit(
        BOKEH_BUNDLE,
        _LINEAR_DEFINE_WHY.format(method="override"),
        "static override(t){for(const[e,s]of(0,l.entries)(t)){const t=this._fix_default(s,e);"
        "if(!(e in this.prototype._props))throw new Error(`attempted to override nonexistent "
        "'${this.prototype.type}.${e}'`);const n=this.prototype._props[e],i="
        "{...this.prototype._props};i[e]={...n,default_value:t},this.prototype._props=i}}",
        "static override(t){let props$=null;for(const[e,s]of(0,l.entries)(t)){const t="
        "this._fix_default(s,e);if(!(e in this.prototype._props))throw new Error(`attempted to "
        "override nonexistent '${this.prototype.type}.${e}'`);const n=this.prototype._props[e];"
        "null===props$&&(props$={...this.prototype._props},this.prototype._props=props$),"
        "props$[e]={...n,default_value:t}}null!==props$&&(this.prototype._props={...props$})}",
        lever=Lever.LINEAR_DEFINE,
    ),
    Edit(
        BOKEH_BUNDLE,
        _LINEAR_DEFINE_WHY.format(method="override_options"),
        "static override_options(t){for(const[e,s]of(0,l.entries)(t)){if(!(e in "
        "this.prototype._props))throw new Error(`attempted to override nonexistent "
        "'${this.prototype.type}.${e}'`);const t=this.prototype._props[e],n="
        "{...this.prototype._props,[e]:{...t,options:{...t.options,...s}}};"
        "this.prototype._props=n}}",
        "static override_options(t){let props$=null;for(const[e,s]of(0,l.entries)(t)){if(!(e "
        "in this.prototype._props))throw new Error(`attempted to override nonexistent "
        "'${this.prototype.type}.${e}'`);const t=this.prototype._props[e];null===props$&&("
        "props$={...this.prototype._props},this.prototype._props=props$),props$[e]={...t,"
        "options:{...t.options,...s}}}null!==props$&&(this.prototype._props={...props$})}",
        lever=Lever.LINEAR_DEFINE,
    ),
    Edit(
        BOKEH_BUNDLE,
        _LAYOUT_FIRST_WHY.format(where="DOMView.build: a document's root, as embed_items draws it"),
        "build(s){(0,c.assert)(this.is_root),this.render_to(s),this.r_after_render(),"
        "this.notify_finished()}",
        "build(s){(0,c.assert)(this.is_root),this.render_to(s),this.update_layout?.(),"
        "this.r_after_render(),this.notify_finished()}",
        lever=Lever.LAYOUT_FIRST,
    ),
    Edit(
        BOKEH_BUNDLE,
        _LAYOUT_FIRST_WHY.format(where="LayoutDOMView.update_children: a layout's new children"),
        "(null===s||i>s)&&l.append(t.el)}this.r_after_render(),this._update_children(),"
        "this.invalidate_layout()}",
        "(null===s||i>s)&&l.append(t.el)}this.update_layout(),this.r_after_render(),"
        "this._update_children(),this.invalidate_layout()}",
        lever=Lever.LAYOUT_FIRST,
    ),
    Edit(
        PANEL_BUNDLE,
        _LAYOUT_FIRST_WHY.format(
            where="Panel's Column.update_children: a page opened, its body a Column's new child"
        ),
        "(null===o||t>o)&&i.append(e.el)}this.r_after_render(),this._update_children(),"
        "this.invalidate_layout(),this._auto_scroll_pending",
        "(null===o||t>o)&&i.append(e.el)}this.update_layout(),this.r_after_render(),"
        "this._update_children(),this.invalidate_layout(),this._auto_scroll_pending",
        lever=Lever.LAYOUT_FIRST,
    ),
)
"""Every edit the build makes to a third-party file, in order."""

CSS_VARIABLE_PREFIX = b"--bk-"
"""What every CSS variable BokehJS's visuals read starts with (``VisualProperties.css_prefix``:
``--bk-`` and the visual's prefix, ``major_label_`` as ``major-label-``, then the property)."""

CSS_PREFIX_TEMPLATE = b"`--bk-${"
"""The one place a file of the site may name :data:`CSS_VARIABLE_PREFIX`: BokehJS's bundle,
where ``VisualProperties`` builds its ``css_prefix`` (a template literal)."""


def bokeh_css_variables(site: Path) -> list[str]:
    """Where a file of the built ``site`` names a ``--bk-`` CSS variable, other than the one
    :data:`CSS_PREFIX_TEMPLATE` of BokehJS's bundle: ``"path: text around it"`` each.

    Every file is read: the gzipped ones that have no plain copy beside them (the Python
    bundle's pack, the snapshots) decompressed, each member of a zip or wheel on its own, the
    rest (scripts, stylesheets, HTML, compiled Python, whose string constants are stored as
    written) as bytes. A declaration could only come from one of them, and a name is enough
    to be refused: the lever's edit is safe only while nothing sets one."""
    found = []

    def scan(name: str, data: bytes) -> None:
        start = data.find(CSS_VARIABLE_PREFIX)
        while start != -1:
            template = start > 0 and data.startswith(CSS_PREFIX_TEMPLATE, start - 1)
            if not (template and name.startswith("bokeh/")):
                around = data[max(0, start - 40) : start + 60].decode(errors="replace")
                found.append(f"{name}: {around}")
            start = data.find(CSS_VARIABLE_PREFIX, start + 1)

    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if path.suffix == ".br" or (path.suffix == ".gz" and path.with_suffix("").exists()):
            continue  # a copy of the file beside it (sitebuild/compress.py)
        if path.suffix in (".zip", ".whl"):
            with zipfile.ZipFile(path) as archive:
                for info in archive.infolist():
                    scan(f"{name}:{info.filename}", archive.read(info))
            continue
        data = path.read_bytes()
        scan(name, gzip.decompress(data) if path.suffix == ".gz" else data)
    return found


def check_no_bokeh_css_variables(site: Path, levers: Iterable[str]) -> None:
    """Stop the build if the ``no-css-visuals`` lever's edit could change a drawing: a file of
    ``site`` names a ``--bk-`` CSS variable (:func:`bokeh_css_variables`)."""
    if Lever.NO_CSS_VISUALS not in set(levers):
        return
    if found := bokeh_css_variables(site):
        raise SystemExit(
            f"{len(found)} mention(s) of a --bk- CSS variable in the site, which BokehJS would "
            "draw a chart with but the no-css-visuals lever's edit of BokehJS no longer reads "
            "(sitebuild/patches.py); build --without no-css-visuals, or remove them:\n"
            + "\n".join(found[:20])
        )


def patch_member(path: str, data: bytes, levers: Iterable[str] = (Lever.NO_PANDAS,)) -> bytes:
    """``data`` of wheel member ``path`` with every edit for it of the ``levers`` applied."""
    wanted = set(levers)
    edits = [edit for edit in EDITS if edit.path == path and edit.lever in wanted]
    if not edits:
        return data
    text = data.decode()
    for edit in edits:
        text = edit.apply(text)
    return text.encode()


def patched_paths() -> set[str]:
    return {edit.path for edit in EDITS}
