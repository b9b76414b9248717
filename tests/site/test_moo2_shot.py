"""The MOO2 beam-shot page's "Roll it" in a real browser, one page load: the rolls against
rules.moo2 with the same seeds.
"""

from __future__ import annotations

import random
from typing import Any

from sitetools import Server, assert_clean

from rules import moo2


def test_shot_roll_it(open_app: Any, server: Server) -> None:
    app = open_app(
        "?page=moo2-shot&attack=10&defense=0&squares=11&min_damage=50&max_damage=100&seed=7"
    )
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.locator("[data-testid='roll-steps']").first.wait_for()
    roll = random.Random(7).randint(1, moo2.D100)
    damage = moo2.shot_damage(50, 100, 10, 0, 11, roll)
    rule = moo2.hit_rule(10, 0, 11, roll)
    steps = app.testid("roll-steps")
    assert f"Roll d100: {roll}." in steps and f"Damage: {damage}." in steps
    assert f"hit threshold {moo2.hit_threshold(11)}" in steps
    outcome = f"hit, {damage} damage" if rule is not None else "miss"
    assert app.testid("roll-log") == f"seed 7: roll {roll}, {outcome}"
    app.page.wait_for_function("() => window.location.search.includes('seed=8')")
    assert app.input_labelled("Seed of the next roll").input_value() == "8"

    # A second roll goes on top of the log.
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    app.page.wait_for_function("() => window.location.search.includes('seed=9')")
    second = random.Random(8).randint(1, moo2.D100)
    app.wait_testid(
        "roll-log",
        f"seed 8: roll {second}, "
        + (
            f"hit, {moo2.shot_damage(50, 100, 10, 0, 11, second)} damage"
            if moo2.hit_rule(10, 0, 11, second) is not None
            else "miss"
        )
        + f"\nseed 7: roll {roll}, {outcome}",
    )
    assert_clean(app, server)
