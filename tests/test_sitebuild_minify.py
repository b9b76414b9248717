"""The site's own scripts minified at build time (``sitebuild/minify.py``): the pinned esbuild
of this platform, scripts that behave as written, their source maps, and the build without it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import sitebuild
from sitebuild import minify

# A classic script: its top-level names are the page's globals, which another script reads.
CLASSIC = """\
// The page's shared state: read by the next script as a global.
var rangefinderShared = { bands: [0, 2, 10, 30] };
function bandOf(distance) {
  // Which band a distance falls in: the last whose start it reaches.
  let chosen = 0;
  for (let index = 0; index < rangefinderShared.bands.length; index += 1) {
    if (distance >= rangefinderShared.bands[index]) chosen = index;
  }
  return chosen;
}
(function () {
  const distances = [0, 1, 2, 9, 10, 29, 30, 400];
  const message = `bands: ${distances.map((distance) => bandOf(distance)).join(",")} \u2013 ok`;
  console.log(message);
})();
"""

# An ES module: what it exports keeps its name.
MODULE = """\
/** Rolls of 2D6 that reach `target`, counted over the 36 outcomes. */
export function hitsOf(target) {
  let hits = 0;
  for (let first = 1; first <= 6; first += 1) {
    for (let second = 1; second <= 6; second += 1) {
      if (first + second >= target) hits += 1;
    }
  }
  return hits;
}
export const TARGETS = [2, 7, 8, 12, 13];
"""

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="runs the scripts in Node")


def test_the_pin_is_the_platform_package_of_the_locked_esbuild() -> None:
    lock = json.loads(sitebuild.NPM_LOCK.read_text())["packages"]
    version = lock["node_modules/esbuild"]["version"]
    for system, machine, name in [
        ("Linux", "x86_64", "@esbuild/linux-x64"),
        ("Linux", "aarch64", "@esbuild/linux-arm64"),
        ("Darwin", "arm64", "@esbuild/darwin-arm64"),
        ("Windows", "AMD64", "@esbuild/win32-x64"),
    ]:
        pin = minify.esbuild_pin(system, machine)
        assert pin is not None and (pin.name, pin.version) == (name, version)
        assert pin.integrity == lock[f"node_modules/{name}"]["integrity"]
    assert minify.esbuild_pin("Plan9", "x86_64") is None
    assert minify.esbuild_pin("Linux", "mips") is None


@pytest.fixture(scope="module")
def binary() -> Path:
    found = minify.esbuild()
    if found is None:  # only on a platform npm has no esbuild for
        pytest.skip("no esbuild for this platform")
    return found


@pytest.fixture
def site(tmp_path: Path, binary: Path) -> Path:
    site = tmp_path / "site"
    (site / "lib").mkdir(parents=True)
    (site / "page.js").write_text(CLASSIC)
    (site / "lib" / "dice.js").write_text(MODULE)
    return site


def run_node(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["node", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


@needs_node
def test_a_minified_script_does_what_it_did_and_keeps_its_globals(site: Path) -> None:
    before = run_node("page.js", cwd=site)
    sitebuild.minify_scripts(site, ["page.js", "lib/dice.js"])
    text = (site / "page.js").read_text()
    assert len(text) < len(CLASSIC) * 0.8
    assert "// The page's shared state" not in text and "chosen" not in text  # a nested name
    # A global another script reads keeps its name, and the same text is logged.
    assert "rangefinderShared" in text and "function bandOf(" in text
    assert run_node("page.js", cwd=site) == before == "bands: 0,0,1,1,2,2,3,3 \u2013 ok\n"


@needs_node
def test_a_minified_module_exports_what_it_did(site: Path) -> None:
    check = "import('./lib/dice.mjs').then((m) => console.log(m.TARGETS.map(m.hitsOf).join(',')))"
    shutil.copyfile(site / "lib" / "dice.js", site / "lib" / "dice.mjs")
    before = run_node("-e", check, cwd=site)
    sitebuild.minify_scripts(site, ["lib/dice.js"])
    assert len((site / "lib" / "dice.js").read_text()) < len(MODULE) * 0.8
    shutil.copyfile(site / "lib" / "dice.js", site / "lib" / "dice.mjs")
    assert run_node("-e", check, cwd=site) == before == "36,21,15,1,0\n"


def test_each_script_names_its_map_and_the_map_holds_the_source_as_written(
    site: Path,
) -> None:
    sitebuild.minify_scripts(site, ["page.js", "lib/dice.js"])
    for name, source in [("page.js", CLASSIC), ("lib/dice.js", MODULE)]:
        script = site / name
        assert script.read_text().rstrip().endswith(f"//# sourceMappingURL={script.name}.map")
        source_map = json.loads((site / f"{name}.map").read_text())
        assert source_map["sources"] == [f"static/{name}"]
        assert source_map["sourcesContent"] == [source]
        assert source_map["mappings"]


def test_the_service_worker_keeps_the_scripts_not_their_maps(site: Path) -> None:
    sitebuild.minify_scripts(site, ["page.js", "lib/dice.js"])
    assert sitebuild.site_files(site) == ["lib/dice.js", "page.js"]


def test_without_an_esbuild_the_scripts_stay_as_written(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(minify, "esbuild_pin", lambda: None)
    sitebuild.minify_scripts(site, ["page.js"])
    assert (site / "page.js").read_text() == CLASSIC
    assert not (site / "page.js.map").exists()
