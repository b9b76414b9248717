"""Build-time edits of third-party files the site ships, each matched exactly or refused.

An edit is applied to the file as the pinned wheel holds it; if the text it expects is not
there exactly as many times as it says (a new Panel release moved it), the build stops rather
than ship a half-patched module. ``tests/site/test_build.py`` applies each edit to the pinned
wheel and checks the result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` by ``new`` (exactly ``count`` times) in member ``path`` of a wheel."""

    path: str
    why: str
    old: str
    new: str
    count: int = 1
    lever: str = "no-pandas"
    """The lever (``sitebuild.LEVERS``) that makes this edit; a build without it ships the file
    as the wheel has it."""

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

_LAZY_SIGNATURE = """

class _LazyParameters:
    # Rangefinder ("lazy-glyphs" lever, sitebuild/patches.py): a glyph method's parameters,
    # worked out from its glyph class on the first call that passes positional arguments,
    # instead of for every one of the 66 methods while bokeh.plotting is imported.
    def __init__(self, glyphclass: Any) -> None:
        self._glyphclass = glyphclass
        self._items: list[Parameter] | None = None

    def _get(self) -> list[Parameter]:
        if self._items is None:
            parameters = cast(list[ParameterSpec], self._glyphclass.parameters())
            self._items = [Parameter("self", Parameter.POSITIONAL_OR_KEYWORD)]
            self._items += [x[0] for x in parameters]
            self._items.append(Parameter("kwargs", Parameter.VAR_KEYWORD))
        return self._items

    def __getitem__(self, index: Any) -> Any:
        return self._get()[index]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Any:
        return iter(self._get())
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
        "bokeh/plotting/_decorators.py",
        "the class that stands in for each glyph method's parameter list (below)",
        "__all__ = (\n    'glyph_method',\n    'marker_method',\n)\n",
        "__all__ = (\n    'glyph_method',\n    'marker_method',\n)\n" + _LAZY_SIGNATURE,
        lever="lazy-glyphs",
    ),
    Edit(
        "bokeh/plotting/_decorators.py",
        "Importing bokeh.plotting decorates 66 glyph methods (figure.line, figure.vbar...), "
        "each working out its glyph class's parameters and writing a docstring from them: "
        "about a third of a second in CPython here, more in the browser, on every start. "
        "The parameters are worked out on a method's first call with positional arguments "
        "instead (the only use of them besides help()), and no docstring or signature is "
        "made: the browser has no help() and nothing in the app inspects them",
        "        parameters = cast(list[ParameterSpec], glyphclass.parameters())\n\n"
        '        sigparams = [Parameter("self", Parameter.POSITIONAL_OR_KEYWORD)] + '
        '[x[0] for x in parameters] + [Parameter("kwargs", Parameter.VAR_KEYWORD)]\n',
        "        sigparams = _LazyParameters(glyphclass)  # Rangefinder: worked out when used\n",
        count=2,
        lever="lazy-glyphs",
    ),
    Edit(
        "bokeh/plotting/_decorators.py",
        "(the same edit) the signature and docstring each glyph method was given at import",
        "        cast(Any, wrapped).__signature__ = Signature(parameters=sigparams, "
        "return_annotation=signature(func).return_annotation)\n\n"
        "        wrapped.__doc__ = generate_docstring(glyphclass, parameters, func.__doc__)\n",
        "",
        count=2,
        lever="lazy-glyphs",
    ),
)
"""Every edit the build makes to a third-party file, in order."""


def patch_member(path: str, data: bytes, levers: Iterable[str] = ("no-pandas",)) -> bytes:
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
