"""Build-time edits of third-party files the site ships, each matched exactly or refused.

An edit is applied to the file as the pinned wheel holds it; if the text it expects is not
there exactly as many times as it says (a new Panel release moved it), the build stops rather
than ship a half-patched module. ``tests/site/test_build.py`` applies each edit to the pinned
wheel and checks the result.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` by ``new`` (exactly ``count`` times) in member ``path`` of a wheel."""

    path: str
    why: str
    old: str
    new: str
    count: int = 1

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
)
"""Every edit the build makes to a third-party file, in order."""


def patch_member(path: str, data: bytes) -> bytes:
    """``data`` of wheel member ``path`` with every edit for it applied."""
    edits = [edit for edit in EDITS if edit.path == path]
    if not edits:
        return data
    text = data.decode()
    for edit in edits:
        text = edit.apply(text)
    return text.encode()


def patched_paths() -> set[str]:
    return {edit.path for edit in EDITS}
