"""The snapshot's stylesheets (sitebuild/snapshot.py): which ones can style nothing of a page,
so that the build leaves them out of its snapshot, and the linked ones given inline."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.shell import Font, font_warmup
from sitebuild.snapshot import _html, needed_classes, styles_nothing


@pytest.mark.parametrize(
    ("selector", "needed"),
    [
        (".a", {"a"}),
        ("div.a > .b:hover::before", {"a", "b"}),
        (":host(.pn-loading):before", {"pn-loading"}),
        (":host", set()),
        ("button", set()),
        (".a:not(.b) .c", {"a", "c"}),
        (":is(.a, .b) .c", {"c"}),
        (":where(.a)", set()),
        (".a:has(.b)", {"a"}),
        (":host-context(.dark) .c", {"c"}),
        ('[class~="x.y"] .c', {"c"}),
        (".li:nth-child(2 of .b)", {"li"}),
        (".sm\\:flex", set()),
    ],
)
def test_the_classes_a_selector_needs(selector: str, needed: set[str]) -> None:
    assert needed_classes(selector) == needed


LOADING = """:host(.pn-loading), .pn-loading { overflow: hidden; }
/* a comment { with a brace */
:host(.pn-loading):after, .pn-loading:after { content: '}'; background: url('../x.svg'); }
@media (max-width: 600px) { .pn-loading:before { width: 1px; } }"""


@pytest.mark.parametrize(
    ("css", "classes", "nothing"),
    [
        ("", set(), True),
        ("  \n", {"a"}, True),
        (LOADING, {"bk-btn", "markdown"}, True),
        (LOADING, {"pn-loading"}, False),
        (":host { --x: 1px; } .gone { color: red; }", set(), False),
        (".a .b { color: red; }", {"a"}, True),
        (".a .b { color: red; }", {"a", "b"}, False),
        ("@font-face { font-family: x; } .gone { color: red; }", set(), False),
        ("@keyframes spin { to { transform: rotate(1turn); } }", set(), False),
        ("@import url(x.css);", set(), False),
        (".gone { color: red; ", set(), False),  # unbalanced: not read, kept
        (".a:not(.gone) { color: red; }", {"a"}, False),
        ("@media print { .gone { x: 1; } } @supports (x: y) { .also { x: 1; } }", set(), True),
    ],
)
def test_a_sheet_styles_nothing_only_when_no_rule_can_match(
    css: str, classes: set[str], nothing: bool
) -> None:
    assert styles_nothing(css, classes) is nothing


def test_the_snapshot_keeps_what_styles_the_page_and_inlines_its_links(tmp_path: Path) -> None:
    (tmp_path / "css").mkdir()
    button = ".bk-btn { color: red; background: url( 'data:image/svg+xml;base64,AA'); }"
    (tmp_path / "css" / "button.css").write_text(button)
    (tmp_path / "css" / "loading.css").write_text(LOADING)
    (tmp_path / "css" / "icons.css").write_text(".bk-btn { background: url( '../i.svg'); }")
    html = (
        '<div class="host"><template shadowrootmode="open">'
        '<style data-css="base">:host { display: block; }</style>'
        '<style data-css="vars"></style>'
        "<style>.pn-loading { overflow: hidden; }</style>"
        '<link rel="stylesheet" href="css/loading.css?v=1.10.0">'
        '<link rel="stylesheet" href="css/button.css">'
        '<link rel="stylesheet" href="css/icons.css">'
        '<button class="bk-btn">Go</button></template></div>'
    )
    styles: dict[str, int] = {}
    shipped = _html(html, styles, tmp_path)
    assert styles == {":host { display: block; }": 0, button: 1}
    assert shipped == (
        '<div class="host"><template shadowrootmode="open">'
        '<style data-css="base" data-rf-css="0"></style>'
        '<style data-rf-css="1"></style>'
        # A sheet whose url()s are relative to its own file stays linked.
        '<link rel="stylesheet" href="css/icons.css">'
        '<button class="bk-btn">Go</button></template></div>'
    )


def test_the_font_warmup_lays_out_each_font_with_its_characters_out_of_sight() -> None:
    from html.parser import HTMLParser

    fonts = {
        Font("normal", "700", "21.6px", "Helvetica, Arial, sans-serif"): "%0149",
        Font("italic", "400", "13.6px", 'system-ui, "Segoe UI", sans-serif'): '<&">\u2013',
    }

    class Spans(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.outer: dict[str, str | None] = {}
            self.spans: list[list[str]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "div":
                self.outer = dict(attrs)
            elif tag == "span":
                self.spans.append([str(dict(attrs)["style"]), ""])

        def handle_data(self, data: str) -> None:
            self.spans[-1][1] += data

    parsed = Spans()
    parsed.feed(font_warmup(fonts))
    assert parsed.outer == {"class": "rf-font-warmup rf-no-print", "aria-hidden": "true"}
    # In the fonts' order; each span's font is the CSS font shorthand of its computed values.
    assert parsed.spans == [
        ['font: italic 400 13.6px system-ui, "Segoe UI", sans-serif', '<&">\u2013'],
        ["font: normal 700 21.6px Helvetica, Arial, sans-serif", "%0149"],
    ]
    assert font_warmup({}) == ""
