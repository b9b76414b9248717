"""Test collection for the whole repository (see pyproject.toml for the test paths).

The browser tests (``tests/site``) run last: ``./dev test`` builds the site in the background
while the others run, and their ``dist`` fixture waits for that build."""

from pathlib import Path

import pytest

SITE_TESTS = Path(__file__).parent / "tests" / "site"

collect_ignore = [
    # Pyodide-only: imports panel.io.pyodide, which needs the browser's `js` module.
    "webapp/browser.py",
    # Builds a served app at import; `panel serve` runs it, not pytest.
    "webapp/serve.py",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test after every other test, each group in its own order."""
    items.sort(key=lambda item: SITE_TESTS in Path(str(item.path)).parents)
