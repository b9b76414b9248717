"""The forecast pages (``moo2-volley``, ``lurasko-hits``) in a real browser, on one Python.

One boot for the whole module: a host page (another origin, as a wiki embedding the site)
holds four embeds (``embed=1``) of the built site, which share one Python (one SharedWorker,
a session each: "Embeds share one Python", ARCHITECTURE.md). Two are deep links with inputs
(their figures and chart data must equal what :mod:`rules` computes in CPython, their input
boxes show the link's values), two are malformed links (the notice, and the defaults). On
the hits embed, inputs typed in update the figures, and "Roll it" logs what
``random.Random(seed)`` rolls in CPython.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from sitetools import CSP_LISTENER, READY_TIMEOUT_MS, AppPage, Server

from rules import lurasko, moo2
from rules.lurasko import Attack, Shield, Target, WeaponHit
from webapp.formatting import percent
from webapp.pages.lurasko.hits import LuraskoHits, expected_attacks, roll_hits
from webapp.pages.moo2.volley import turns_text

VOLLEY_LINK = "?page=moo2-volley&embed=1&squares=4&count=3&hit_points=60&turns=6&stop_after=2"
HITS_LINK = (
    "?page=lurasko-hits&embed=1&hit_chance=3/4&crit_chance=0&attacks=6&stop_after=2"
    "&threshold=2&s1_points=30"
)
BAD_HITS_LINK = "?page=lurasko-hits&embed=1&attacks=ten&hit_chance=1/4"
BAD_VOLLEY_LINK = "?page=moo2-volley&embed=1&count=abc&turns=4"
FRAMES = (VOLLEY_LINK, HITS_LINK, BAD_HITS_LINK, BAD_VOLLEY_LINK)

SHOT = moo2.BeamShot(5, 20, 50, 30, 4)
"""The volley page's default shot (5-20 damage, beam attack 50 against defense 30) at 4
squares, as the link sets it."""

ATTACK = Attack(WeaponHit(32, 15, 24, "heat"), form="melee")
TARGET = Target(10, (16, 28))
"""The hits page's default attack and target, written out as the rules' records."""

SOURCES = """(column) => {
  const out = [];
  for (const model of window.rangefinderDocument.all_models) {
    if (model.type !== 'ColumnDataSource') continue;
    const data = model.data instanceof Map ? Object.fromEntries(model.data) : model.data;
    if (column in data) out.push(Array.from(data[column]));
  }
  return out;
}"""
"""JS: the ``column`` of every data source holding one, in the frame's document."""


@pytest.fixture(scope="module")
def frames(browser: Any, server: Server, other_origin: Server) -> Iterator[list[AppPage]]:
    """The host page's four embeds, each ready (one Python boot serves them all)."""
    body = "".join(
        f"<iframe src='{server.url}{query}' width='1000' height='640' style='border:0' "
        f"title='Rangefinder {i}'></iframe>"
        for i, query in enumerate(FRAMES)
    )
    (other_origin.folder / "forecasts.html").write_text(
        "<!doctype html><html lang='en'><title>A wiki page</title>"
        f"<link rel='icon' href='data:,'><body>{body}</body></html>"
    )
    context = browser.new_context(viewport={"width": 1100, "height": 2700})
    context.add_init_script(CSP_LISTENER)
    host = AppPage(page=context.new_page(), context=context)
    context.on("request", lambda request: host.requests.append(request.url))
    host.page.on("console", lambda message: host.console.append(f"{message.type}: {message.text}"))
    host.page.goto(other_origin.url + "forecasts.html")
    opened = []
    for index in range(len(FRAMES)):
        frame = host.page.locator("iframe").nth(index).element_handle().content_frame()
        app = AppPage(page=frame, context=context, console=host.console, requests=host.requests)
        frame.wait_for_selector("html[data-ready='true']", state="attached",
                                timeout=READY_TIMEOUT_MS)  # fmt: skip
        opened.append(app)
    yield opened
    context.close()


def embedded(app: AppPage) -> None:
    assert app.page.evaluate("document.documentElement.dataset.embed") == "true"
    assert not app.page.get_by_text("All calculators").first.is_visible()


def test_one_python_serves_every_embed(frames: list[AppPage]) -> None:
    for app in frames:
        embedded(app)
    workers = {app.page.evaluate("document.documentElement.dataset.worker") for app in frames}
    assert workers <= {"shared", "dedicated", "joined"}, workers


def test_volley_deep_link_equals_the_rules(
    frames: list[AppPage], server: Server, other_origin: Server
) -> None:
    app = frames[0]
    f = moo2.volley_forecast([(SHOT, 3)], 60, 6)
    app.wait_testid("destroyed-chance", percent(f.destroyed[-1]))
    assert app.testid("expected-turns") == turns_text(f.expected_turns)
    assert app.testid("mean-turn-damage") == f"{float(f.mean_volley_damage):.2f}"
    assert [float(p) for p in f.survival] in app.page.evaluate(SOURCES, "survival")
    after = f.damage[1]  # stop after 2 turns
    assert [float(p) for p in after.values()] in app.page.evaluate(SOURCES, "probability")
    assert app.input_labelled("Shots per turn").input_value() == "3"
    assert app.input_labelled("Target's hit points").input_value() == "60"
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/"), other_origin.url.rstrip("/")) == []


def hits(attacks: int, shield: int, hit: Fraction, crit: Fraction) -> lurasko.HitsForecast:
    return lurasko.hits_forecast(ATTACK, TARGET, [Shield("high", shield)], attacks, hit, crit)


def hits_figures(app: AppPage, f: lurasko.HitsForecast, threshold: int) -> None:
    app.wait_testid("reached-chance", percent(f.reached[-1][threshold]))
    assert app.testid("mean-degrees") == f"{float(f.mean_degrees[-1]):.2f}"
    expected = expected_attacks([r[threshold] for r in f.reached])
    shown = "not certain" if expected is None else f"{float(expected):.2f}"
    assert app.testid("expected-attacks") == shown
    reached = [float(r[threshold]) for r in f.reached]
    assert reached in app.page.evaluate(SOURCES, "reached")


def test_hits_deep_link_equals_the_rules_and_follows_typed_inputs(
    frames: list[AppPage], server: Server, other_origin: Server
) -> None:
    app = frames[1]
    hits_figures(app, hits(6, 30, Fraction(3, 4), Fraction(0)), 2)
    assert app.input_labelled("Chance each attack hits").input_value() == "3/4"
    assert app.input_labelled("Attacks to forecast").input_value() == "6"
    degrees = hits(6, 30, Fraction(3, 4), Fraction(0)).degrees[1]  # stop after 2 attacks
    assert [float(p) for p in degrees.values()] in app.page.evaluate(SOURCES, "probability")

    app.set_input("Chance a hit is critical", "1/3")
    hits_figures(app, hits(6, 30, Fraction(3, 4), Fraction(1, 3)), 2)
    app.set_input("Attacks to forecast", 9)
    hits_figures(app, hits(9, 30, Fraction(3, 4), Fraction(1, 3)), 2)
    assert app.python_errors() == []
    assert app.foreign_requests(server.url.rstrip("/"), other_origin.url.rstrip("/")) == []


def test_hits_roll_logs_what_cpython_rolls(frames: list[AppPage]) -> None:
    app = frames[1]
    # The inputs the roll is of, set here (a no-op after the test above) so that this test
    # also passes alone.
    app.set_input("Chance a hit is critical", "1/3")
    app.set_input("Attacks to forecast", 9)
    hits_figures(app, hits(9, 30, Fraction(3, 4), Fraction(1, 3)), 2)
    app.page.locator(".bk-btn:text-is('Roll it')").first.click()
    model = LuraskoHits(hit_chance="3/4", crit_chance="1/3", attacks=9, stop_after=2,
                        threshold=2, s1_points=30)  # fmt: skip
    rolled = roll_hits(model.result, random.Random(1), 1)
    steps = app.page.locator("[data-testid='roll-steps'] li")
    steps.nth(len(rolled.lines) - 1).wait_for(timeout=15_000)
    assert steps.all_inner_texts() == list(rolled.lines)
    assert app.input_labelled("Seed of the next roll").input_value() == "2"
    assert app.python_errors() == []


@pytest.mark.parametrize(
    ("index", "label", "testid", "value"),
    [
        (2, "Attacks to forecast", "reached-chance",
         percent(hits(10, 40, Fraction(1, 2), Fraction(1, 5)).reached[-1][3])),
        (3, "Shots per turn", "destroyed-chance",
         percent(moo2.volley_forecast([(moo2.BeamShot(5, 20, 50, 30, 9), 2)], 100, 10)
                 .destroyed[-1])),
    ],
)  # fmt: skip
def test_a_malformed_link_shows_the_notice_and_the_defaults(
    frames: list[AppPage], index: int, label: str, testid: str, value: str
) -> None:
    app = frames[index]
    embedded(app)
    app.wait_testid(testid, value)
    notice = app.text(app.page.locator(".rf-notice"))
    assert "This link could not be used as it was" in notice and label in notice
    assert app.page.locator(".rf-notice").first.is_visible()
