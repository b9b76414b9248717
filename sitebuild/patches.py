"""Build-time edits of third-party files the site ships, each matched exactly or refused.

An edit is applied to the file as the pinned wheel holds it; if the text it expects is not
there exactly as many times as it says (a new Panel release moved it), the build stops rather
than ship a half-patched module. ``tests/site/test_build.py`` applies each edit to the pinned
wheel and checks the result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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
)
"""Every edit the build makes to a third-party file, in order."""


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
