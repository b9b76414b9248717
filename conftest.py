"""Test collection for the whole repository (see pyproject.toml for the test paths)."""

collect_ignore = [
    # Pyodide-only: imports panel.io.pyodide, which needs the browser's `js` module.
    "webapp/browser.py",
    # Builds a served app at import; `panel serve` runs it, not pytest.
    "webapp/serve.py",
]
