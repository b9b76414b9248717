"""The shared "Roll it" section of a page (:meth:`webapp.pages.view.PageView.roll_controls`).

A tiny page rolls one die: the sides change what a roll is (the key), the bonus only the odds
shown. Then every page that rolls: the same button, seed field and log.
"""

from __future__ import annotations

import random
from typing import Any

import panel as pn
import param
import pytest

from rules.validation import check_int
from webapp.pages import PAGES
from webapp.pages.model import Calculator, input_error
from webapp.pages.view import PageView


class Die(Calculator):
    sides = param.Integer(default=6, label="Sides of the die")
    bonus = param.Integer(default=0, label="Bonus")
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> tuple[int, int]:
        check_int("seed", self.seed)
        if self.sides is None or self.sides < 2:
            raise input_error("sides", "at least 2", self.sides)
        return self.sides, check_int("bonus", self.bonus)


class DieView(PageView):
    model_class = Die
    roll_prompt = "Roll the die with the seed above."

    def details(self) -> list[Any]:
        return self.roll_controls("sides", "seed", intro="One die of the sides above.")

    def roll_lines(self, result: tuple[int, int]) -> list[str]:
        sides, _bonus = result
        return [f"1D{sides} = {random.Random(self.model.seed).randint(1, sides)}", "a < b"]

    def roll_key(self, result: tuple[int, int]) -> int:
        return result[0]  # the bonus does not change what is rolled


class KeepingDieView(DieView):
    roll_keep = 3


def texts(objects: list[Any]) -> list[str]:
    """The text of every pane and the label of every widget, at any depth."""
    out: list[str] = []
    for obj in objects:
        if isinstance(obj, pn.pane.HTML):
            out.append(str(obj.object))
        elif isinstance(obj, pn.widgets.Widget):
            out.append(str(getattr(obj, "label", "") or getattr(obj, "name", "")))
        out.extend(texts(list(getattr(obj, "objects", []))))
    return out


def test_the_section_is_a_heading_an_intro_the_button_beside_its_fields_and_the_log() -> None:
    view = DieView()
    shown = texts(view.details())
    assert "Roll it" in shown[0]
    assert "One die of the sides above." in shown[1]
    assert shown[2:5] == ["Roll it", "Sides of the die", "Seed of the next roll"]
    assert view.roll_it.button.button_type == "primary"
    assert (
        shown[-1]
        == view.roll_it.log.object
        == "<p class='rf-note'>Roll the die with the seed above.</p>"
    )


def test_a_roll_logs_the_pages_lines_and_moves_the_seed_on() -> None:
    view = DieView(Die(seed=7))
    view.roll_it.roll()
    face = random.Random(7).randint(1, 6)
    assert view.model.seed == 8
    assert view.roll_it.log.object == (
        f"<pre class='rf-log' data-testid='roll-log'>1D6 = {face}\na &lt; b</pre>"
        "<p class='rf-note'>Rolled with seed 7; the seed now moves on to 8. Set the seed back "
        "to replay a roll.</p>"
    )
    view.roll_it.roll()  # one roll kept: the newest
    assert (
        "Rolled with seed 8;" in view.roll_it.log.object and "seed 7" not in view.roll_it.log.object
    )


def test_the_button_is_disabled_while_an_input_is_bad_and_a_press_then_does_nothing() -> None:
    view = DieView()
    m = view.model
    assert not view.roll_it.button.disabled
    m.sides = 1
    assert m.error and view.roll_it.button.disabled
    view.roll_it.roll()
    assert m.seed == 1 and "roll-log" not in view.roll_it.log.object
    m.sides = 8
    assert not m.error and not view.roll_it.button.disabled
    view.roll_it.roll()
    assert m.seed == 2 and "1D8 = " in view.roll_it.log.object


def test_the_log_goes_when_what_was_rolled_changes_and_stays_when_it_does_not() -> None:
    view = DieView()
    m = view.model
    view.roll_it.roll()
    m.bonus = 3  # another result, the same roll: the log stays
    assert "data-testid='roll-log'" in view.roll_it.log.object
    m.sides = 1  # a bad value: the last good result, and its log, stay
    assert "data-testid='roll-log'" in view.roll_it.log.object
    m.sides = 10  # another roll: the old log no longer applies
    assert view.roll_it.log.object == "<p class='rf-note'>Roll the die with the seed above.</p>"
    assert view.roll_it.rolls == [] and view.roll_it.rolled is None
    m.sides = 6  # back to the die that was rolled: the cleared log does not come back
    assert "roll-log" not in view.roll_it.log.object


def test_a_page_may_keep_several_rolls_until_what_it_rolls_changes() -> None:
    view = KeepingDieView()
    for _ in range(5):
        view.roll_it.roll()
    assert [r.seed for r in view.roll_it.rolls] == [5, 4, 3]
    view.model.sides = 12
    assert view.roll_it.rolls == []
    view.roll_it.roll()
    assert [r.seed for r in view.roll_it.rolls] == [6]


ROLLING = [page for page in PAGES if {"roll_lines", "roll_once"} & set(vars(page.view_class()))]


def test_the_ten_pages_that_roll_use_the_shared_section() -> None:
    assert sorted(page.slug for page in ROLLING) == [
        "cepheus-attack", "cepheus-explosions", "cepheus-fight", "cepheus-grappling",
        "cepheus-suppression", "cepheus-vehicle-combat", "lurasko-attack", "lurasko-hits",
        "moo2-shot", "moo2-volley",
    ]  # fmt: skip


@pytest.mark.parametrize("page", ROLLING, ids=lambda page: page.slug)
def test_every_rolling_page_rolls_logs_and_stops_on_a_bad_seed(page: Any) -> None:
    view = page.view_class()()
    m = view.model
    assert view.roll_it.button.name == "Roll it" and not view.roll_it.button.disabled
    seed = m.seed
    view.roll_it.roll()
    assert m.seed == seed + 1 and "data-testid='roll-log'" in view.roll_it.log.object
    m.seed = None
    assert view.roll_it.button.disabled
    view.roll_it.roll()
    assert m.seed is None
