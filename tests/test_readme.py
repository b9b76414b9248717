"""The README's Python examples run as written (doctest), and its page example is real."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 5
    assert result.failed == 0


def test_the_adding_a_page_example_is_the_real_page() -> None:
    # The README shows webapp/pages/cepheus/check.py as it is, and its registry line.
    readme = README.read_text()
    section = readme.split("## Adding a page", 1)[1]
    blocks = re.findall(r"```(?:python|text)\n(.*?)```", section, flags=re.DOTALL)
    page = (ROOT / "webapp" / "pages" / "cepheus" / "check.py").read_text()
    registry = (ROOT / "webapp" / "pages" / "__init__.py").read_text()
    assert blocks[0] in page
    assert blocks[1] in registry
