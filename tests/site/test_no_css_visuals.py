"""The ``no-css-visuals`` lever (sitebuild/patches.py): BokehJS's visuals drawn from their
models without reading a ``--bk-`` CSS variable, safe only while the site declares none.

The edit is checked against the pinned BokehJS; the build's scan for ``--bk-`` names against
files made to hold one in each place it reads; the built site against the scan; and, in a
real browser, the premise itself: no element of a live page has a ``--bk-`` variable set.
"""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from sitetools import AppPage, wheel_member

import sitebuild
from sitebuild import patches
from sitebuild.shell import bundle_scripts

READ = "getComputedStyle(this.obj.el).getPropertyValue(t)"
"""BokehJS's read of a visual's CSS variable, as its minified bundle spells it."""


def test_the_edit_makes_bokehjs_read_no_css_variable_and_only_with_its_lever() -> None:
    original = wheel_member("bokeh", patches.BOKEH_BUNDLE)
    patched = patches.patch_member(patches.BOKEH_BUNDLE, original, ["no-css-visuals"]).decode()
    assert original.decode().count(READ) == 1 and READ not in patched
    assert patched.count('_get_css_value(s){return""}') == 1
    # Every visual still asks _get_css_value first, then falls back on its model.
    assert (
        original.decode().count("this._get_css_value(")
        == patched.count("this._get_css_value(")
        > 20
    )
    assert patches.patch_member(patches.BOKEH_BUNDLE, original) == original  # not without it
    widgets = "bokeh/server/static/js/bokeh-widgets.min.js"
    widgets_bundle = wheel_member("bokeh", widgets)
    assert patches.patch_member(widgets, widgets_bundle, ["no-css-visuals"]) == widgets_bundle


def small_site(root: Path) -> Path:
    """A site with BokehJS's own template for the prefix, the only mention allowed, in its
    bundle; each file elsewhere names no variable."""
    (root / "bokeh").mkdir(parents=True)
    (root / "bokeh" / "bokeh.min.js").write_text('this.css_prefix=`--bk-${t.replaceAll("_","-")}`')
    (root / "app.css").write_text(":root{--rf-ink:#222}")
    (root / "app.css.br").write_bytes(b"--bk-line-color: not read, a copy")
    (root / "app.css.gz").write_bytes(gzip.compress(b":root{--rf-ink:#222}"))
    (root / "app").mkdir()
    (root / "app" / "site-packages.pack.gz").write_bytes(gzip.compress(b"styles = {}"))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("webapp/styles.pyc", b"\x00color\x00")
    (root / "pyodide").mkdir()
    (root / "pyodide" / "python_stdlib.zip").write_bytes(buffer.getvalue())
    return root


SCANNED = {
    "app.css": b":root{--rf-ink:#222;--bk-line-color:red}",
    "app/site-packages.pack.gz": gzip.compress(b'styles = {"--bk-text-color": "red"}', mtime=0),
    "prerender/moo2-shot.light.html.json.gz": gzip.compress(
        b'style=\\"--bk-fill-alpha:0\\"', mtime=0
    ),
    "index.html": b"<style>.x{--bk-axis-line-width:2px}</style>",
    "panel/1.10.0/dist/panel.min.js": b"el.style.setProperty('--bk-' + name, value)",
    "theme.js": b"x=`--bk-${name}`",  # the template, but not in BokehJS's bundle
}


# Named by the path alone: every xdist worker must collect the same ids, and a gzip
# member's bytes carry the time it was made (mtime=0 too, so the data are the same).
@pytest.mark.parametrize(("path", "data"), SCANNED.items(), ids=list(SCANNED))
def test_the_scan_finds_a_bokeh_css_variable_wherever_it_is_named(
    tmp_path: Path, path: str, data: bytes
) -> None:
    site = small_site(tmp_path)
    assert patches.bokeh_css_variables(site) == []
    patches.check_no_bokeh_css_variables(site, sitebuild.ALL_LEVERS)
    (site / path).parent.mkdir(parents=True, exist_ok=True)
    (site / path).write_bytes(data)
    found = patches.bokeh_css_variables(site)
    assert len(found) == 1 and found[0].startswith(f"{path}: ") and "--bk-" in found[0]
    with pytest.raises(SystemExit, match=f"1 mention.*no-css-visuals.*\n{path}: "):
        patches.check_no_bokeh_css_variables(site, sitebuild.ALL_LEVERS)
    # A build without the lever ships BokehJS as it is, which reads them: nothing to check.
    without = sitebuild.ALL_LEVERS - {sitebuild.Lever.NO_CSS_VISUALS}
    patches.check_no_bokeh_css_variables(site, without)


def test_the_scan_reads_each_member_of_a_zip(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("a.pyc", b"nothing")
        archive.writestr("webapp/styles.pyc", b"\x00--bk-title-text-color\x00")
    (site / "pyodide" / "python_stdlib.zip").write_bytes(buffer.getvalue())
    found = patches.bokeh_css_variables(site)
    assert len(found) == 1 and found[0].startswith("pyodide/python_stdlib.zip:webapp/styles.pyc: ")


def test_the_built_site_names_no_bokeh_css_variable_and_ships_the_edit(dist: Path) -> None:
    levers = json.loads((dist / "build.json").read_text())["levers"]
    assert patches.bokeh_css_variables(dist) == []
    bokeh = "".join((dist / url).read_text() for url in bundle_scripts(dist, "bokeh/bokeh.min.js"))
    assert bokeh.count("_get_css_value(") > 20
    assert (READ not in bokeh) is ("no-css-visuals" in levers)


BOKEH_VARIABLES_SET = """() => {
  // Every element of the live page, through the open shadow roots, with the --bk- custom
  // properties its computed style holds (Chromium lists custom properties there).
  const out = {elements: 0, set: [], probe: null};
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      out.elements += 1;
      const style = getComputedStyle(el);
      for (let i = 0; i < style.length; i++) {
        if (style[i].startsWith('--bk-')) out.set.push(`${el.tagName}.${el.className} ${style[i]}`);
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  // The probe: a --bk- variable set on an element shows in that listing.
  const probe = document.createElement('div');
  probe.style.setProperty('--bk-line-color', 'red');
  document.body.append(probe);
  out.probe = [...getComputedStyle(probe)].includes('--bk-line-color');
  probe.remove();
  return out;
}"""


def test_no_element_of_a_live_page_has_a_bokeh_css_variable(open_app: Any) -> None:
    # The premise of the lever at run time, on pages with charts, light then dark: BokehJS
    # would read no --bk- variable from any element even without the edit, so it draws the same.
    app: AppPage = open_app("?page=moo2-shot")
    for slug in ("moo2-shot", "cepheus-attack"):
        if slug != "moo2-shot":
            app.page.locator("#rf-theme-toggle").click()
            app.page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
            app.show_page(slug)
        found = app.page.evaluate(BOKEH_VARIABLES_SET)
        assert found["probe"] is True
        assert found["elements"] > 300 and found["set"] == [], slug
    assert app.python_errors() == []
