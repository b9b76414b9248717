"""The inputs remembered on the device and saved entries, as the app takes them (issue #28).

The page's storage (``static/storage.js``) hands Python strings, as a link does; these check
what the app makes of them, headless. The real browser's side is
``tests/site/test_remembered.py``.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

from webapp.app import App, bare_link
from webapp.pages.cepheus.attack import CepheusAttack
from webapp.pages.moo2.shot import Moo2Shot

SHOT = Moo2Shot()
ROOT = Path(__file__).resolve().parents[2]


def _stand_ins() -> str:
    """test_browser.py's script prelude: Pyodide's ``js`` and ``pyodide`` stood in for."""
    spec = importlib.util.spec_from_file_location(
        "_browser_tests", ROOT / "tests/webapp/test_browser.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.SCRIPT).split("    posted = {")[0]


def test_take_inputs_keeps_each_usable_value_and_names_each_other() -> None:
    model = Moo2Shot()
    taken, problems = model.take_inputs(
        {"attack": "60", "squares": "99", "mount": "huge", "elsewhere": "3"}
    )
    assert taken == ["attack"]  # squares out of bounds, mount unknown, elsewhere not here
    assert (model.attack, model.squares, model.mount) == (60, SHOT.squares, SHOT.mount)
    assert any(p.startswith("Mount: expected one of") for p in problems)
    assert any(
        "Distance (squares) must be an integer in 0..24" in p and "got 99" in p for p in problems
    )
    assert model.error == ""


def test_take_inputs_of_nothing_this_page_has_changes_nothing() -> None:
    model = Moo2Shot(attack=40)
    assert model.take_inputs({"skill": "2"}) == ([], [])
    assert model.attack == 40


def test_a_bare_link_is_one_that_sets_no_input() -> None:
    assert bare_link("?page=moo2-shot&embed=1&view=chart")
    assert bare_link("")
    assert not bare_link("?page=moo2-shot&seed=4")


def test_restore_sets_the_remembered_inputs_and_names_what_it_could_not_use() -> None:
    app = App()
    app.remembered = {"moo2-shot": {"attack": "55", "squares": "-3", "old_name": "1"}}
    app.apply_search("?page=moo2-shot")
    app.restore()
    model = app.view_of("moo2-shot").model
    assert (model.attack, model.squares) == (55, SHOT.squares)
    assert "Distance (squares) must be" in app.notice and "got -3" in app.notice
    assert "'old_name' is no longer an input of this page" in app.notice
    assert app.device_note == "Your last inputs on this device."
    assert app.query()["attack"] == "55"


def test_the_navigation_opens_a_page_with_its_remembered_inputs_once() -> None:
    app = App()
    app.remembered = {"moo2-range": {"squares": "12"}}
    app.navigate("moo2-range")
    model = app.view_of("moo2-range").model
    assert model.squares == 12 and app.notice == ""
    model.squares = 4  # changed in this visit: kept when the page is shown again
    app.navigate("home")
    app.navigate("moo2-range")
    assert model.squares == 4


def test_reset_to_defaults_sets_every_input_back() -> None:
    app = App()
    app.apply_search("?page=moo2-shot&attack=70&squares=3")
    app.reset_inputs()
    model = app.view_of("moo2-shot").model
    assert {n: getattr(model, n) for n in model.inputs} == {
        n: getattr(SHOT, n) for n in SHOT.inputs
    }
    assert app.device_note == "" and app.notice == ""


def test_a_saved_entry_fills_the_inputs_another_page_of_its_system_shares() -> None:
    # Saved on the attack page: skill and characteristic are inputs of the check page too.
    attack = CepheusAttack(skill=2, characteristic=9)
    app = App()
    taken = app.take_inputs("cepheus-check", attack.query(), what="“Vargr”")
    model = app.view_of("cepheus-check").model
    assert app.page == "cepheus-check"
    assert (model.skill, model.characteristic) == (2, 9)
    assert taken == [model.label_of("skill"), model.label_of("characteristic")]
    assert app.device_note == f"From “Vargr”: {', '.join(taken)}."
    assert "skill=2" in "&".join(f"{k}={v}" for k, v in app.query().items())
    app.take_inputs("moo2-shot", attack.query(), what="“Vargr”")
    assert app.device_note == "“Vargr” shares no input with this page."


def test_an_entry_loaded_on_its_own_page_names_the_inputs_that_page_no_longer_has() -> None:
    app = App()
    values = {"attack": "64", "squares": "99", "old_input": "1"}
    taken = app.take_inputs("moo2-shot", values, what="“Old”", saved_on="moo2-shot")
    model = app.view_of("moo2-shot").model
    assert taken == [model.label_of("attack")] and model.squares == SHOT.squares
    assert "'old_input' is no longer an input of this page" in app.notice
    assert "Distance (squares) must be an integer in 0..24" in app.notice
    # From another page of the system, its other inputs are simply not this page's.
    app.take_inputs("moo2-range", values, what="“Old”", saved_on="moo2-shot")
    assert "old_input" not in app.notice


def test_an_embed_keeps_its_hosts_opt_in_in_its_address_and_a_page_does_not_take_it() -> None:
    embed = App()
    embed.apply_search("?page=moo2-shot&embed=1&remember=1")
    assert embed.remember and embed.query()["remember"] == "1"
    assert bare_link("?page=moo2-shot&embed=1&remember=1")
    page = App()
    page.apply_search("?page=moo2-shot&remember=1")  # only an embed's host opts in
    assert not page.remember and "remember" not in page.query() and page.notice == ""


BROWSER_SCRIPT = textwrap.dedent(
    """
    from bokeh.models import NumericInput

    out = {}
    remembered = json.dumps({"pages": {"moo2-shot": {"attack": "61"}}})
    for client, search in (("bare", "?page=moo2-shot"), ("link", "?page=moo2-shot&attack=44"),
                           ("embed", "?page=moo2-shot&embed=1"),
                           ("opted-in", "?page=moo2-shot&embed=1&remember=1")):
        posted = []
        asyncio.run(browser.start(client, posted.append, search))
        location = {"search": search, "pathname": "/", "href": "http://x/" + search}
        browser.set_location(client, json.dumps(location), remembered)
        model = browser.sessions[client].app.view_of("moo2-shot").model
        out[client] = [model.attack, [json.loads(m)["remember"] for m in posted]]
    posted = []
    browser.sessions["bare"].post = posted.append
    browser.take_inputs("bare", "moo2-range", json.dumps({"squares": "7"}), "“Q”")
    out["take"] = [json.loads(m) for m in posted]
    print(json.dumps(out))
    """
)


def test_python_restores_only_a_bare_link_and_marks_what_the_visitor_did() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _stand_ins() + BROWSER_SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["bare"][0] == 61  # restored
    assert out["link"][0] == 44  # the link wins
    assert out["embed"][0] == SHOT.attack  # an embed keeps to its link
    assert out["opted-in"][0] == 61  # unless its host opted in (remember=1)
    # Nothing of the start is the visitor's: the page does not store it.
    assert not any(out["bare"][1] + out["link"][1] + out["embed"][1])
    # A saved entry loaded is the visitor's doing: its page's address, to remember.
    assert out["take"][-1]["remember"] is True
    assert "page=moo2-range" in out["take"][-1]["search"]
    assert "squares=7" in out["take"][-1]["search"]


def test_each_roll_is_told_with_its_seed_and_log_and_replays_from_its_seed() -> None:
    rolls: list[tuple[str, int, list[str]]] = []
    app = App(rolled=lambda slug, seed, lines: rolls.append((slug, seed, lines)))
    app.apply_search("?page=moo2-shot&seed=41")
    view = app.view_of("moo2-shot")
    view.roll_it.roll()
    view.roll_it.roll()
    assert [(slug, seed) for slug, seed, _ in rolls] == [("moo2-shot", 41), ("moo2-shot", 42)]
    first = rolls[0][2]
    assert first[0].startswith("Seed 41: roll ") and len(first) > 2
    app.replay(41)
    assert rolls[-1][1:] == (41, first)  # the same dice
    assert view.model.seed == 42
