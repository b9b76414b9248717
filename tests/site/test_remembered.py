"""What the site remembers on the device (issue #28), in a real browser on the built site.

The main flow shares one browser profile (its localStorage lives across the reloads): last
inputs restored after a reload of the bare link, a link winning, "Reset to defaults", a
saved entry loaded on another page of its system, the landing page's list. Each bad-storage
case gets a profile of its own, its storage seeded (or broken) before any script of the page
runs (``add_init_script``). Numbers are checked against the page model in CPython.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sitetools import AppPage, Server

from webapp.app import App
from webapp.components.roll import log_lines
from webapp.formatting import percent
from webapp.pages.moo2.shot import Moo2Shot, Moo2ShotView

KEY = "rangefinder-data"
SHOT = Moo2Shot()

STAGES = """
window.__stages = [];
new MutationObserver(() => {
  const stage = document.documentElement.dataset.stage;
  if (stage && window.__stages[window.__stages.length - 1] !== stage) window.__stages.push(stage);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-stage"] });
"""
"""Records each stage the page goes through (static/boot.js: loading, prerendered or
updating, live) in window.__stages."""


def hit(**changes: Any) -> str:
    return percent(Moo2Shot(**changes).compute().hit_probability)


def stored(app: AppPage) -> dict[str, Any]:
    text = app.page.evaluate(f"localStorage.getItem('{KEY}')")
    return dict(json.loads(text)) if text else {}


def wait_stored(app: AppPage, slug: str, name: str, value: str) -> None:
    """Wait until the device remembers ``name=value`` as page ``slug``'s last input."""
    app.page.wait_for_function(
        "([key, slug, name, value]) => {"
        " const data = JSON.parse(localStorage.getItem(key) || '{}');"
        " return data.pages?.[slug]?.inputs?.[name] === value; }",
        arg=[KEY, slug, name, value],
    )


def reopen(app: AppPage, query: str) -> None:
    """Open ``query`` in the same tab (a new visit: Python starts again)."""
    app.page.goto(app.page.url.split("?")[0] + query)
    app.wait_ready()


def device(app: AppPage) -> Any:
    return app.page.locator("#rf-device")


def shown(app: AppPage, pane: str, text: str = "") -> str:
    """What Panel's pane of class ``pane`` shows (its paragraph, inside the pane's shadow
    root: the shadow root's own text holds its stylesheets too), once it shows ``text``."""
    paragraph = app.page.locator(f"{pane} p", has_text=text).first
    paragraph.wait_for()
    return str(paragraph.inner_text())


def warning(app: AppPage, text: str) -> str:
    """The device's warning above the page (static/saved.js), once it shows ``text`` (and
    is visible: not folded away in the closed panel)."""
    shown_warning = device(app).locator("[data-testid='device-warning']", has_text=text)
    shown_warning.wait_for(state="visible")
    return str(shown_warning.inner_text())


def fresh(opener: Any, server: Server, script: str, query: str) -> AppPage:
    """The app opened at ``query`` in a fresh profile that runs ``script`` before any of the
    page's own scripts, on every visit."""
    app: AppPage = opener(url="about:blank", wait=False)
    app.context.add_init_script(script)
    app.page.goto(server.url + query)
    app.wait_ready()
    return app


@pytest.fixture(scope="module")
def table(open_module_app: Any, server: Server) -> Iterator[AppPage]:
    """One profile for the main flow; dialogs (confirm, prompt) answered as each test says."""
    app = fresh(open_module_app, server, STAGES, "?page=moo2-shot")
    app.answers: list[str | None] = []  # type: ignore[attr-defined]

    def answer(dialog: Any) -> None:
        queued = app.answers  # type: ignore[attr-defined]
        reply = queued.pop(0) if queued else None
        if reply is None:
            dialog.dismiss()
        else:
            dialog.accept(reply)

    app.page.on("dialog", answer)
    yield app


def test_the_last_inputs_come_back_after_a_reload_of_the_bare_link(table: AppPage) -> None:
    app = table
    app.set_input("Beam attack", 60)
    app.wait_testid("hit-chance", hit(attack=60))
    wait_stored(app, "moo2-shot", "attack", "60")
    reopen(app, "?page=moo2-shot")
    assert app.input_labelled("Beam attack").input_value() == "60"
    assert app.testid("hit-chance") == hit(attack=60)
    assert shown(app, ".rf-device-note") == "Your last inputs on this device."
    # The prerendered page (the defaults' numbers) was shown as "updating", never as the
    # restored page's.
    stages = app.page.evaluate("window.__stages")
    assert "updating" in stages and "prerendered" not in stages, stages
    assert "attack=60" in app.page.evaluate("window.location.search")


def test_a_link_with_inputs_wins_and_becomes_the_remembered_state_once_changed(
    table: AppPage,
) -> None:
    app = table
    reopen(app, "?page=moo2-shot&attack=45")
    assert app.input_labelled("Beam attack").input_value() == "45"
    assert app.testid("hit-chance") == hit(attack=45)
    assert stored(app)["pages"]["moo2-shot"]["inputs"]["attack"] == "60"  # not yet
    app.set_input("Beam defense", 25)
    app.wait_testid("hit-chance", hit(attack=45, defense=25))
    wait_stored(app, "moo2-shot", "defense", "25")
    assert stored(app)["pages"]["moo2-shot"]["inputs"]["attack"] == "45"


def test_reset_to_defaults_is_one_tap_and_is_remembered(table: AppPage) -> None:
    app = table
    app.page.locator(".bk-btn:text-is('Reset to defaults')").first.click()
    app.wait_testid("hit-chance", hit())
    assert app.input_labelled("Beam attack").input_value() == str(SHOT.attack)
    wait_stored(app, "moo2-shot", "attack", str(SHOT.attack))


def test_a_saved_entry_loads_on_another_page_of_its_system_and_on_the_landing_page(
    table: AppPage,
) -> None:
    app = table
    app.set_input("Beam attack", 70)
    app.set_input("Distance (squares)", 11)
    app.wait_testid("hit-chance", hit(attack=70, squares=11))
    panel = device(app)
    panel.locator(".rf-saved > summary").click()
    panel.locator("#rf-save-name").fill("Hammer")
    panel.locator("#rf-save").click()
    status = panel.locator("[data-testid='device-status']")
    status.filter(has_text="Saved “Hammer”.").wait_for()
    # The browser was asked to keep it, and the page says what it answered.
    app.page.wait_for_function("() => document.documentElement.dataset.persisted !== undefined")
    granted = app.page.evaluate("document.documentElement.dataset.persisted") == "true"
    kept = "until you clear it" if granted else "may clear what is saved"
    assert kept in status.inner_text()
    (entry,) = stored(app)["saved"]
    assert (entry["name"], entry["page"], entry["system"]) == (
        "Hammer",
        "moo2-shot",
        "Master of Orion II (1.50)",
    )
    assert entry["inputs"]["attack"] == "70" and entry["at"]

    # On the range page (same system) it fills the inputs that page has.
    reopen(app, "?page=moo2-range")
    panel.locator(".rf-saved > summary").click()
    row = panel.locator(".rf-device-entry", has_text="Hammer")
    row.locator("button:text-is('Load')").click()
    app.page.wait_for_function("() => window.location.search.includes('attack=70')")
    app.wait_settled()
    assert app.input_labelled("Beam attack").input_value() == "70"
    assert app.input_labelled("Distance (squares)").input_value() == "11"
    # The note names each input the entry filled: those the range page shares with the shot
    # page (as the app takes them in CPython), not the shot page's own (its shield...).
    labels = App().take_inputs("moo2-range", entry["inputs"], what="“Hammer”")
    assert {"Beam attack (BA+CO-AF)", "Distance (squares)"} <= set(labels)
    note = shown(app, ".rf-device-note", "From “Hammer”:")
    assert note == f"From “Hammer”: {', '.join(labels)}."
    assert "shield" not in note.lower() and "formula" not in note.lower()
    assert "page=moo2-range" in app.page.evaluate("window.location.search")

    # The landing page lists it first; one tap opens its page with its inputs.
    reopen(app, "?page=home")
    link = panel.locator("[data-testid='saved-entry']", has_text="Hammer")
    link.wait_for()
    assert panel.locator(".rf-saved").evaluate("(d) => d.open")
    link.click()
    app.page.wait_for_function("() => window.location.search.includes('page=moo2-shot')")
    app.wait_testid("hit-chance", hit(attack=70, squares=11))


def test_export_then_import_into_a_fresh_profile_gives_the_same_entries(
    table: AppPage, open_app: Any, server: Server, tmp_path: Path
) -> None:
    app = table
    panel = device(app)
    if not panel.locator(".rf-saved").evaluate("(d) => d.open"):
        panel.locator(".rf-saved > summary").click()
    with app.page.expect_download() as download:
        panel.locator("#rf-export").click()
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert (data["format"], data["version"]) == ("rangefinder-saved", 1)
    assert data["saved"] == stored(app)["saved"]

    # A fresh profile that has its own "Hammer" (other inputs) and "Keep": the import asks
    # before replacing "Hammer", and keeps "Keep".
    mine = {"name": "Hammer", "page": "moo2-range", "system": "x", "at": None,
            "inputs": {"attack": "1"}}  # fmt: skip
    keep = {**mine, "name": "Keep"}
    seed = json.dumps(json.dumps({"version": 1, "saved": [mine, keep]}))
    other = fresh(
        open_app,
        server,
        f"if (!sessionStorage.seeded) {{ sessionStorage.seeded = '1';"
        f" localStorage.setItem('{KEY}', {seed}); }}",
        "?page=home",
    )
    asked: list[str] = []
    other.page.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    other.page.locator("#rf-import-file").set_input_files(str(exported))
    device(other).locator("[data-testid='device-status']").filter(
        has_text="Imported 1 of 1"
    ).wait_for()
    assert asked == ["Replace the saved “Hammer” with the imported one?"]
    by_name = {e["name"]: e for e in stored(other)["saved"]}
    assert by_name["Hammer"] == data["saved"][0] and by_name["Keep"] == keep
    # Pasted text is imported the same way; a paste that is not an export says so.
    device(other).locator("#rf-import-text").fill("{}")
    device(other).locator("#rf-import-paste").click()
    device(other).locator("[data-testid='device-status']").filter(
        has_text="Not imported: this is not a Rangefinder export"
    ).wait_for()


def test_a_saved_entry_is_renamed_and_deleted(table: AppPage) -> None:
    app = table
    panel = device(app)
    if not panel.locator(".rf-saved").evaluate("(d) => d.open"):
        panel.locator(".rf-saved > summary").click()
    app.answers = ["Anvil"]  # type: ignore[attr-defined]
    panel.locator(".rf-device-entry", has_text="Hammer").locator("button:text-is('Rename')").click()
    panel.locator("[data-testid='saved-entry']", has_text="Anvil").wait_for()
    assert [e["name"] for e in stored(app)["saved"]] == ["Anvil"]
    app.answers = ["yes"]  # type: ignore[attr-defined]
    panel.locator(".rf-device-entry", has_text="Anvil").locator("button:text-is('Delete')").click()
    panel.locator("[data-testid='device-status']").filter(has_text="Deleted “Anvil”.").wait_for()
    assert stored(app)["saved"] == []


def test_the_saved_panel_shows_that_it_opens_and_whether_it_is_open(table: AppPage) -> None:
    # Its summary is a flex box, which drops the browser's disclosure triangle: a chevron of
    # the site's own stands in, turned down while the panel is open.
    saved = device(table).locator(".rf-saved")
    summary = saved.locator(":scope > summary")
    marker = "(d) => getComputedStyle(d.querySelector(':scope > summary'), '::before')"
    was_open = saved.evaluate("(d) => d.open")
    if was_open:
        summary.click()
    assert saved.evaluate(f"(d) => ({marker})(d).content") == '"\u203a"'
    turned = f"(d) => !d.open && ({marker})(d).transform === 'none'"
    table.page.wait_for_function(turned, arg=saved.element_handle())
    summary.click()
    table.page.wait_for_function(
        f"(d) => {{ const t = ({marker})(d).transform;"  # turned a quarter (sin 90° = 1)
        " return d.open && t !== 'none' && new DOMMatrix(t).b > 0.999; }",
        arg=saved.element_handle(),
    )
    if not was_open:
        summary.click()
        table.page.wait_for_function(turned, arg=saved.element_handle())


def test_the_roll_history_survives_a_reload_and_replays_from_its_seed(table: AppPage) -> None:
    app = table
    reopen(app, "?page=moo2-shot&seed=5")
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    kept = device(app).locator("[data-testid='kept-roll'][data-seed='5']")
    kept.first.wait_for()
    view = Moo2ShotView()
    view.model.seed = 5
    expected = log_lines(view.roll_log([view.roll_once(view.model.result, 5)]))
    assert kept.first.locator("pre").inner_text().splitlines() == expected
    (roll,) = stored(app)["rolls"]["moo2-shot"]
    assert (roll["seed"], roll["log"]) == ("5", expected)

    reopen(app, "?page=moo2-shot")
    assert device(app).locator(".rf-rolls").evaluate("(d) => d.open")  # shown on the page
    kept.first.locator("button:text-is('Replay')").click()
    app.page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('rangefinder-data')).rolls['moo2-shot'].length === 2"
    )
    rolls = stored(app)["rolls"]["moo2-shot"]
    assert [r["seed"] for r in rolls] == ["5", "5"] and rolls[1]["log"] == expected
    assert kept.count() == 2

    device(app).locator("#rf-clear-rolls").click()
    device(app).locator(".rf-rolls").wait_for(state="hidden")
    assert "moo2-shot" not in stored(app)["rolls"]


# --- bad or missing storage: each in a fresh profile -----------------------------------------


def seed_once(text: str, *, also: str = "") -> str:
    """An init script that stores ``text`` under KEY on the profile's first page load only
    (then the page's own writes are what a reload finds); ``also`` runs with it."""
    return (
        f"if (!sessionStorage.seeded) {{ sessionStorage.seeded = '1';"
        f" localStorage.setItem('{KEY}', {json.dumps(text)}); {also} }}"
    )


def seeded(open_app: Any, server: Server, script: str, query: str = "?page=moo2-shot") -> AppPage:
    """The app opened in a fresh profile whose storage ``script`` prepared (or broke) before
    any of the page's scripts ran."""
    return fresh(open_app, server, script, query)


@pytest.mark.parametrize(
    "text",
    ["{not json", '["a list", "another site stored here"]'],
    ids=["malformed-json", "foreign-json"],
)
def test_unreadable_data_is_kept_aside_and_foreign_keys_are_left_alone(
    open_app: Any, server: Server, text: str
) -> None:
    app = seeded(
        open_app, server, seed_once(text, also="localStorage.setItem('someone-else', 'x');")
    )
    assert app.testid("hit-chance") == hit()  # the defaults, live
    said = warning(app, "kept aside as rangefinder-data-unreadable")
    assert said == (
        "About what this device had stored: what was stored could not be read; it is kept "
        "aside as rangefinder-data-unreadable."
    )
    app.set_input("Beam attack", 65)
    app.wait_testid("hit-chance", hit(attack=65))
    wait_stored(app, "moo2-shot", "attack", "65")
    assert app.page.evaluate("localStorage.getItem('rangefinder-data-unreadable')") == text
    assert app.page.evaluate("localStorage.getItem('someone-else')") == "x"


NEWER = {
    "version": 2,
    "pages": {"moo2-shot": {"inputs": {"attack": "61", "squares": "99", "old_input": "1",
                                       "mount": {"kind": "heavy"}}, "at": "2027-01-01T00:00:00Z"}},
    "from_the_future": {"x": 1},
}  # fmt: skip


def test_a_newer_format_is_read_as_far_as_understood_and_never_written(
    open_app: Any, server: Server
) -> None:
    text = json.dumps(NEWER)
    app = seeded(open_app, server, seed_once(text))
    # What it could use is restored; each value it could not use (a value now out of
    # bounds, an input that no longer exists) is named, at its default.
    assert app.input_labelled("Beam attack").input_value() == "61"
    assert app.input_labelled("Distance (squares)").input_value() == str(SHOT.squares)
    assert app.testid("hit-chance") == hit(attack=61)
    notice = shown(app, ".rf-notice", "remembered on this device")
    assert notice.startswith("Some inputs remembered on this device could not be used")
    assert "Distance (squares) must be an integer in 0..24" in notice and "got 99" in notice
    assert "'old_input' is no longer an input of this page" in notice
    said = warning(app, "a newer Rangefinder stored this (format 2)")
    assert 'input "mount" has a value that is not a number or text' in said
    # A change (the defense's default is 30: 31 changes it) is not written over the newer
    # build's data, and the page says so above it.
    assert SHOT.defense != 31
    app.set_input("Beam defense", 31)
    app.wait_testid("hit-chance", hit(attack=61, defense=31))
    app.page.wait_for_function("() => document.documentElement.dataset.remembered === 'false'")
    said = warning(app, "Your inputs could not be remembered")
    assert said.endswith(
        "Your inputs could not be remembered: a newer version of Rangefinder stored what is "
        "here, so this one does not write over it."
    )
    assert app.page.evaluate(f"localStorage.getItem('{KEY}')") == text  # untouched


def test_a_saved_entry_naming_an_input_that_no_longer_exists_loads_the_rest(
    open_app: Any, server: Server
) -> None:
    old = {"name": "Old", "page": "moo2-shot", "system": "Master of Orion II (1.50)",
           "at": "2026-01-01T00:00:00Z",
           "inputs": {"attack": "64", "squares": "99", "old_input": "1"}}  # fmt: skip
    app = seeded(open_app, server, seed_once(json.dumps({"version": 1, "saved": [old]})))
    panel = device(app)
    panel.locator(".rf-saved > summary").click()
    panel.locator(".rf-device-entry", has_text="Old").locator("button:text-is('Load')").click()
    panel.locator("[data-testid='device-status']").filter(
        has_text="Loaded “Old”: Beam attack (BA+CO-AF)."
    ).wait_for()
    app.wait_testid("hit-chance", hit(attack=64))
    assert app.input_labelled("Distance (squares)").input_value() == str(SHOT.squares)
    notice = shown(app, ".rf-notice", "“Old”")
    assert notice.startswith("Some inputs of “Old” could not be used")
    assert "Distance (squares) must be an integer in 0..24" in notice and "got 99" in notice
    assert "'old_input' is no longer an input of this page" in notice
    assert shown(app, ".rf-device-note", "From “Old”") == "From “Old”: Beam attack (BA+CO-AF)."
    assert stored(app)["saved"] == [old]  # the entry itself is left as it was


def test_storage_that_throws_leaves_a_working_page_that_says_so(
    open_app: Any, server: Server
) -> None:
    app = seeded(
        open_app,
        server,
        "Object.defineProperty(window, 'localStorage', { configurable: true,"
        " get() { throw new DOMException('blocked', 'SecurityError'); } });",
    )
    assert app.page.evaluate("document.documentElement.dataset.storage") == "unavailable"
    assert warning(app, "Nothing is remembered") == (
        "Nothing is remembered on this device: this browser does not let the page store "
        "anything here (private mode, or blocked storage)."
    )
    app.set_input("Beam attack", 62)
    app.wait_testid("hit-chance", hit(attack=62))
    app.page.wait_for_function("() => document.documentElement.dataset.remembered === 'false'")
    panel = device(app)
    panel.locator(".rf-saved > summary").click()
    panel.locator("#rf-save-name").fill("Nope")
    panel.locator("#rf-save").click()
    status = panel.locator("[data-testid='device-status']")
    status.filter(has_text="Not saved: this browser does not let the page store anything").wait_for(
        state="visible"
    )
    assert app.python_errors() == []


def test_a_full_storage_says_so_beside_the_save_control(open_app: Any, server: Server) -> None:
    app = seeded(
        open_app,
        server,
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); };",
    )
    app.set_input("Beam attack", 63)
    app.wait_testid("hit-chance", hit(attack=63))
    app.page.wait_for_function("() => document.documentElement.dataset.remembered === 'false'")
    assert warning(app, "could not be remembered") == (
        "Your inputs could not be remembered: this device's storage for Rangefinder is full."
    )
    panel = device(app)
    panel.locator(".rf-saved > summary").click()
    panel.locator("#rf-save-name").fill("Big")
    panel.locator("#rf-save").click()
    status = panel.locator("[data-testid='device-status']")
    status.filter(has_text="Not saved: this device's storage for Rangefinder is full").wait_for(
        state="visible"
    )
    # Beside the control: right under the save row, in the open panel.
    row = panel.locator(".rf-device-save").bounding_box()
    said = status.bounding_box()
    assert 0 <= said["y"] - (row["y"] + row["height"]) < 40
    assert app.python_errors() == []


# --- embeds -----------------------------------------------------------------------------------

REMEMBERED = json.dumps(
    {"version": 1, "pages": {"moo2-shot": {"inputs": {"attack": "66"}, "at": None}}}
)


def test_an_embed_keeps_to_its_link_unless_its_host_opts_in(open_app: Any, server: Server) -> None:
    app = seeded(open_app, server, seed_once(REMEMBERED), "?page=moo2-shot&embed=1")
    assert app.input_labelled("Beam attack").input_value() == str(SHOT.attack)
    assert app.testid("hit-chance") == hit()
    app.set_input("Beam defense", 31)
    app.wait_testid("hit-chance", hit(defense=31))
    # The address has the change: boot.js would have stored it in the same message.
    app.page.wait_for_function("() => window.location.search.includes('defense=31')")
    assert app.page.evaluate(f"localStorage.getItem('{KEY}')") == REMEMBERED
    assert app.page.evaluate("document.documentElement.dataset.remembered") is None
    assert not device(app).is_visible()

    # The host opted in (remember=1): the bare link restores, and a change is remembered.
    reopen(app, "?page=moo2-shot&embed=1&remember=1")
    assert app.input_labelled("Beam attack").input_value() == "66"
    assert app.testid("hit-chance") == hit(attack=66)
    assert shown(app, ".rf-device-note") == "Your last inputs on this device."
    app.set_input("Beam defense", 32)
    app.wait_testid("hit-chance", hit(attack=66, defense=32))
    wait_stored(app, "moo2-shot", "defense", "32")
    assert "remember=1" in app.page.evaluate("window.location.search")


# --- offline ----------------------------------------------------------------------------------


def test_offline_after_the_first_visit_everything_remembered_works(
    open_app: Any, server: Server
) -> None:
    app: AppPage = open_app("?page=moo2-shot")
    page = app.page
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    app.set_input("Beam attack", 57)
    app.wait_testid("hit-chance", hit(attack=57))
    wait_stored(app, "moo2-shot", "attack", "57")
    app.context.set_offline(True)

    # Restore: the bare link, from the service worker's cache, with the last inputs.
    reopen(app, "?page=moo2-shot")
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert app.input_labelled("Beam attack").input_value() == "57"
    assert app.testid("hit-chance") == hit(attack=57)
    # Save.
    panel = device(app)
    panel.locator(".rf-saved > summary").click()
    panel.locator("#rf-save-name").fill("Offline")
    panel.locator("#rf-save").click()
    panel.locator("[data-testid='device-status']").filter(has_text="Saved “Offline”.").wait_for()
    # Load it on another page of the system.
    reopen(app, "?page=moo2-range")
    panel.locator(".rf-saved > summary").click()
    panel.locator(".rf-device-entry", has_text="Offline").locator("button:text-is('Load')").click()
    page.wait_for_function("() => window.location.search.includes('attack=57')")
    app.wait_settled()
    assert app.input_labelled("Beam attack").input_value() == "57"
    # Roll, and find the roll again after a reload.
    reopen(app, "?page=moo2-shot&seed=9")
    page.locator(".bk-btn:text-is('Roll it')").first.click()
    kept = panel.locator("[data-testid='kept-roll'][data-seed='9']")
    kept.first.wait_for()
    reopen(app, "?page=moo2-shot")
    kept.first.wait_for()
    assert [r["seed"] for r in stored(app)["rolls"]["moo2-shot"]] == ["9"]
    assert app.python_errors() == []
