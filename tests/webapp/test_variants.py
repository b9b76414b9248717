"""Rule variants in the app (issue #29): the switches of every page's model, their deep links,
the "Rules in force" control and compare mode, headless in CPython.

``figures_before_variants.json`` holds every page's key figures (and a digest of every number
of its result) as the app showed them for its published link (``published_links.json``)
before rule variants reached the pages (commit d790e8e): the default rules must give them
exactly. The three pages written beside the variants (cepheus-fight, cepheus-vehicle-combat,
lurasko-hits) have their figures as at their branches' heads before those met the variants
(851fd54, 52ce181, ce05580); their digests were taken after the merge, once equal to those
heads' digests with the results' new ``variant`` field left out.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import inspect
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from rules import cepheus, lurasko, moo2
from webapp.app import App
from webapp.components.rules_in_force import difference_text
from webapp.pages import PAGES, Page, find_page
from webapp.pages.switches import SWITCHES

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))  # (the checkout's root: scripts/, a tool's folder)
from scripts.variant_effects import numbers_of  # noqa: E402

BEFORE: dict[str, dict[str, Any]] = json.loads((HERE / "figures_before_variants.json").read_text())
PUBLISHED: dict[str, dict[str, str]] = json.loads((HERE / "published_links.json").read_text())
SYSTEMS = {"cepheus": cepheus, "moo2": moo2, "lurasko": lurasko}

pages = pytest.mark.parametrize("page", PAGES, ids=[p.slug for p in PAGES])


def opened(query: dict[str, Any]) -> tuple[App, Any]:
    """An app opened on a deep link, and its page's view."""
    app = App()
    app.apply_search("?" + urlencode(query))
    return app, app.view_of(query["page"])


# --- Every rules call of a page passes the rules in force ---------------------------------

CALLS_UNDER_THE_TEXT_AS_WRITTEN = {
    (
        "webapp/pages/cepheus/recovery.py",
        "cepheus.wake_distribution",
    ): "the as-written minutes, the span the page extends when natural 2/12 makes waking "
    "never certain (the chances themselves are wake_chance(..., variant=...))",
    (
        "webapp/pages/moo2/reference.py",
        "moo2.hit_threshold",
    ): "the reference page prints the source's own tables, each cell named by its call",
    ("webapp/pages/moo2/reference.py", "moo2.damage_percentage"): "(the same)",
    ("webapp/pages/moo2/reference.py", "moo2.damage_potential"): "(the same)",
}
"""Calls of a rules function that takes ``variant=`` made without it on purpose, and why."""


def test_every_page_passes_the_rules_in_force_to_every_rules_function_that_takes_them() -> None:
    """Read in the pages' source: a call ``<system>.<function>(...)`` of a function that has a
    ``variant`` parameter passes ``variant=`` (or ``**`` arguments), but for the calls named
    in :data:`CALLS_UNDER_THE_TEXT_AS_WRITTEN`. (The vehicle-combat page's weave, evasive
    action and vehicle explosion once ignored the rules in force.)"""
    root = HERE.parents[1]
    missing, seen = [], set()
    for path in sorted((root / "webapp").rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in SYSTEMS
            ):
                continue
            function = getattr(SYSTEMS[node.func.value.id], node.func.attr, None)
            if not (inspect.isfunction(function) or inspect.isclass(function)):
                continue  # (a class: its constructor, as BeamShot(..., variant=...))
            if "variant" not in inspect.signature(function).parameters:
                continue
            if any(k.arg in ("variant", None) for k in node.keywords):
                continue
            name = f"{node.func.value.id}.{node.func.attr}"
            if (where, name) in CALLS_UNDER_THE_TEXT_AS_WRITTEN:
                seen.add((where, name))
            else:
                missing.append(f"{where}:{node.lineno} {name}")
    assert missing == []
    assert seen == set(CALLS_UNDER_THE_TEXT_AS_WRITTEN)  # each exception still exists


def test_the_vehicle_combat_page_takes_the_rules_in_force_in_every_section() -> None:
    """Natural 2/12 on the weave (a DM that makes every roll) and on the evasive attack, and
    diving for cover's half rounded the other way on the vehicle explosion."""
    weave = _model_for("cepheus-vehicle-combat", {"section": "weave", "driver_dm": 12})
    before = weave.result.shown.odds
    weave.natural_two_twelve = True
    expected = cepheus.weave_odds(
        weave.weave_speed, weave.weave, driver_dm=12, pursuer_dm=weave.pursuer_dm,
        variant=weave.variant,
    )  # fmt: skip
    assert weave.variant.natural_two_twelve and weave.result.shown.odds == expected != before

    evasive = _model_for("cepheus-vehicle-combat", {"section": "evasive", "evasive_skill": 4})
    odds = evasive.result.shown.odds
    evasive.natural_two_twelve = True
    assert evasive.result.shown.odds == cepheus.evasive_attack_odds(
        evasive.result.shown.situation, evasive.evasive_driver_dm,
        from_vehicle=evasive.result.shown.from_vehicle, variant=evasive.variant,
    ) != odds  # fmt: skip

    # A passenger outside a closed vehicle dives for cover at 2 m: half the damage, odd
    # totals rounded down instead of up.
    inputs = {"section": "explosion", "closed": False, "distance": 2, "reaction": "dive"}
    explosion = _model_for("cepheus-vehicle-combat", inputs)
    damage = explosion.result.shown.damage[cepheus.ExplosionReaction.DIVE]
    explosion.dive_for_cover_round_up = False
    under = explosion.variant
    assert explosion.result.shown.damage[cepheus.ExplosionReaction.DIVE] == (
        cepheus.vehicle_explosion_distribution(
            Fraction(2), occupant=True, closed=False, reaction="dive", armor=0, variant=under
        )
    ) != damage  # fmt: skip


# --- The default rules change nothing --------------------------------------------------------


@pages
def test_the_default_rules_give_the_numbers_of_before_variants(page: Page) -> None:
    """Every page, opened by its published link (every input as published), shows the key
    figures and every number it showed before variants, and its link names no switch."""
    app, view = opened({"page": page.slug, **PUBLISHED.get(page.slug, {})})
    assert app.notice == ""
    model = view.model
    assert model.variant == model.rules_system.DEFAULT_VARIANT
    figures = [[f.testid, f.value, f.detail] for f in view.figures(model.result)]
    assert figures == BEFORE[page.slug]["figures"]
    digest = hashlib.sha256(repr(numbers_of(model.result)).encode()).hexdigest()
    assert digest == BEFORE[page.slug]["numbers"]
    assert not set(app.query()) & set(model.switch_only_names())  # absent = default


def test_the_snapshot_covers_every_page() -> None:
    assert set(BEFORE) == {page.slug for page in PAGES}


# --- Each switch changes the numbers of a page it affects ------------------------------------

CASES: dict[str, tuple[str, dict[str, Any], object]] = {
    # field: (page, its inputs, the switch's other value)
    "aim_for_the_kill_per_action": ("cepheus-attack", {"aim_for_the_kill_actions": 2}, 2),
    "natural_two_twelve": ("cepheus-check", {"other": 6}, True),
    "full_cover_dm": ("cepheus-attack", {"cover": "full"}, -6),
    "prone_short_range_dm": ("cepheus-attack", {"target_stance": "prone", "distance": 5}, 0),
    "range_band_column": ("cepheus-range-bands", {"distance": 34}, "distance"),
    "effect_six_minimum_damage": (
        "cepheus-attack",
        {"armor": 12, "skill": 4, "characteristic": 15},
        False,
    ),
    "dodge_in_cover_dm": ("cepheus-attack", {"reaction": "dodge", "dodge_obstruction": True}, -1),
    "grenades_add_effect": ("cepheus-attack", {"adds_effect": False}, True),
    "minor_actions_per_round": ("cepheus-attack", {"aim_actions": 4}, 2),
    "vehicle_double_replaces_singles": ("cepheus-vehicle", {"rolled": 50}, True),
    "disarm_succeeds_by": ("cepheus-grappling", {"option": "disarm"}, "margin"),
    "grapple_damage_effect": ("cepheus-grappling", {"option": "damage"}, "margin"),
    "extreme_range_halving_before_armor": (
        "cepheus-attack",
        {
            "energy": True,
            "distance": 600,
            "extreme_range": True,
            "braced": True,
            "skill": 3,
            "armor": 5,
        },
        False,
    ),
    "tactics_failure_lowers_initiative": ("cepheus-initiative", {"tactics_1": -2}, True),
    "dive_for_cover_round_up": ("cepheus-explosions", {}, False),
    "dive_for_cover_before_armor": ("cepheus-explosions", {"armor": 3}, False),
    "formula": ("moo2-shot", {}, "simplified"),
    "edition": ("moo2-shot", {}, "1.50"),
    "fighter_td_bonus": ("moo2-missiles-fighters", {}, "always"),
    "helmsman_bonus": ("moo2-missiles-fighters", {"helmsman_bonus": 2}, False),
    "pd_bonus_in_sure_hit": ("moo2-shot", {"mount": "point_defense", "attack": 80}, True),
    "defensive_fire": ("moo2-defensive-fire", {}, "alternate"),
    "first_turn_dfr": ("moo2-defensive-fire", {"first_turn": True, "dfr": 2}, "nearest"),
    "planet_halving": ("moo2-shot", {"planet": True, "shield": 5}, "after_shield"),
    "beyond_table": ("moo2-shot", {"squares": 40}, "clamp"),
    "defense_die": ("lurasko-attack", {}, 20),
    "injury_crossing": ("lurasko-auras", {}, "exceed"),
    "war_fever_pairs": ("lurasko-auras", {"aura_type": "particle"}, "started"),
}
"""For each switch, a page and inputs where its two readings differ. Where a switch changes
no number a page shows, the case checks what it does change there: ``edition`` which
weapons get the inherent 2x penalty when one is picked on the shot page (``use_weapon``),
``helmsman_bonus`` whether a helmsman bonus is refused, ``beyond_table`` whether squares past
the table are refused, ``defense_die`` the die "Roll it" rolls."""


def _model_for(slug: str, inputs: dict[str, Any]) -> Any:
    model = find_page(slug).view_class().model_class()
    model.param.update(inputs)
    return model


def _switch_name(model: Any, field: str) -> str:
    return dict(zip(model.field_names(), model.switch_names(), strict=True))[field]


def test_every_switch_has_a_case_a_label_and_a_passage() -> None:
    fields = [f.name for system in SYSTEMS.values() for f in system.variant_fields()]
    assert sorted(fields) == sorted(CASES)
    assert set(fields) == set(SWITCHES)
    assert all(s.label and s.passage for s in SWITCHES.values())


@pytest.mark.parametrize("field", list(CASES))
def test_each_switch_changes_what_the_page_shows(field: str) -> None:
    slug, inputs, value = CASES[field]
    model = _model_for(slug, inputs)
    name = _switch_name(model, field)
    before = (model.result, model.error) if not model.error else (None, model.error)
    numbers = numbers_of(model.result) if not model.error else None
    if field == "edition":  # the weapon picked sets its inherent penalty by edition
        model.use_weapon("Mauler Device")
        assert model.double_penalty is True
        setattr(model, name, "1.50")
        model.use_weapon("Mauler Device")
        assert model.double_penalty is False
        return
    if field == "defense_die":  # the die "Roll it" rolls: its rolls are of 1..20 now
        setattr(model, name, value)
        assert model.error == "" and model.defense_die == 20
        return
    setattr(model, name, value)
    after = (model.result, model.error)
    if field in ("helmsman_bonus",):  # refused under the classic game
        assert before[1] == "" and "Helmsman" in after[1]
        return
    if field == "beyond_table":  # refused as written, read as the last column when clamped
        assert before[1] and after[1] == ""
        return
    assert model.error == "", model.error
    assert numbers_of(model.result) != numbers


def test_natural_two_and_twelve_on_the_check_page_by_hand() -> None:
    """DM +6: every roll makes 8+ (2 + 6); with the house rule a natural 2 fails: 35/36.
    DM -10: nothing makes 8+ (12 - 10 = 2); with the house rule a natural 12 succeeds."""
    high = _model_for("cepheus-check", {"other": 6})
    assert high.result.chance == 1
    high.natural_two_twelve = True
    assert high.result.chance == Fraction(35, 36)
    low = _model_for("cepheus-check", {"other": -10})
    assert low.result.chance == 0
    low.natural_two_twelve = True
    assert low.result.chance == Fraction(1, 36)


def test_range_band_column_on_the_range_bands_page() -> None:
    """34 squares: Medium by the squares column, Long by the metres (51 m)."""
    model = _model_for("cepheus-range-bands", {"distance": 34})
    assert model.result.band is cepheus.RangeBand.MEDIUM
    model.range_band_column = "distance"
    assert model.result.band is cepheus.RangeBand.LONG


def test_aim_for_the_kill_two_per_action_on_the_attack_page() -> None:
    model = _model_for("cepheus-attack", {"aim_for_the_kill_actions": 2})
    one = model.result.odds.damage_bonus
    model.aim_for_the_kill_per_action = 2
    assert model.result.odds.damage_bonus == one + 2  # +2 per action of 2, +1 before


# --- Deep links ------------------------------------------------------------------------------


def _other_value(model: Any, name: str) -> Any:
    parameter = model.param[name]
    if hasattr(parameter, "objects") and parameter.objects:
        return next(o for o in parameter.objects if o != parameter.default)
    if isinstance(parameter.default, bool):
        return not parameter.default
    return 20  # (the one integer range: a defense die)


@pytest.mark.parametrize("slug", ["cepheus-attack", "moo2-shot", "lurasko-auras"])
def test_every_switch_round_trips_through_the_deep_link(slug: str) -> None:
    app, view = opened({"page": slug})
    model = view.model
    changed = {name: _other_value(model, name) for name in model.switch_only_names()}
    model.param.update(changed)
    query = app.query()
    assert {name: query[name] for name in changed} == {
        name: str(int(v) if isinstance(v, bool) else v) for name, v in changed.items()
    }
    again, view2 = opened(query)
    assert again.notice == ""
    assert view2.model.variant == model.variant
    assert view2.model.rules_in_force().endswith("(modified)")


def test_a_switch_is_a_query_parameter_named_after_its_field() -> None:
    app, view = opened({"page": "cepheus-check", "other": "6", "natural_two_twelve": "1"})
    assert app.notice == "" and view.model.variant.natural_two_twelve is True
    assert view.model.result.chance == Fraction(35, 36)
    assert app.query()["natural_two_twelve"] == "1"


def test_a_malformed_switch_gives_the_defaults_and_a_notice_naming_it() -> None:
    app, view = opened({"page": "cepheus-check", "full_cover_dm": "-5", "other": "3"})
    assert "Full cover DM" in app.notice and "full_cover_dm" in app.notice
    assert view.model.variant == cepheus.DEFAULT_VARIANT and view.model.other == 0


@pytest.mark.parametrize("formula", ["classic", "simplified"])
def test_old_formula_links_keep_their_meaning(formula: str) -> None:
    """The shot page's ``formula`` input is the MOO2 variant's switch: a link of before
    variants with ``formula=`` sets it, and the shot is the one BeamShot's own ``formula``
    argument gives."""
    published = {**PUBLISHED["moo2-shot"], "formula": formula}
    app, view = opened({"page": "moo2-shot", **published})
    assert app.notice == ""
    model = view.model
    assert model.variant.formula == formula and app.query()["formula"] == formula
    shot = moo2.BeamShot(5, 20, 50, 30, 9, formula=formula)
    assert model.result.hit_probability == shot.hit_probability()
    assert "compare" not in app.query()


def test_the_page_input_of_a_switch_with_another_meaning_keeps_it() -> None:
    """The Defensive Fire page's ``defensive_fire`` is the INI flag (its ``mode`` input is the
    switch); the missiles page's ``helmsman_bonus`` is the bonus (``helmsman_bonus_exists``
    the switch)."""
    _, view = opened({"page": "moo2-defensive-fire", "defensive_fire": "1", "mode": "alternate"})
    assert view.model.defensive_fire is True
    assert view.model.variant.defensive_fire is moo2.DefensiveFireMode.ALTERNATE
    app, view = opened({"page": "moo2-missiles-fighters", "helmsman_bonus": "2"})
    assert app.notice == "" and view.model.helmsman_bonus == 2
    view.model.helmsman_bonus_exists = False
    assert app.query()["helmsman_bonus_exists"] == "0"
    assert view.model.error_input == "helmsman_bonus"


# --- The control and compare mode ------------------------------------------------------------


def test_the_control_names_the_preset_and_marks_it_modified() -> None:
    _, view = opened({"page": "moo2-shot"})
    control, model = view.rules_in_force, view.model
    assert control.preset.value == moo2.AS_WRITTEN
    assert control.preset.options == list(moo2.PRESETS)
    control.preset.value = "1.50 simplified"
    assert model.variant == moo2.PRESETS["1.50 simplified"] and model.formula == "simplified"
    assert "1.50 simplified<" in control.status.object
    model.planet_halving = "after_shield"
    assert "1.50 simplified (modified)" in control.status.object
    assert control.switches.collapsed and "1 changed" in control.switches.title


def test_a_link_with_a_switch_unfolds_the_list_of_switches() -> None:
    _, view = opened({"page": "cepheus-attack", "full_cover_dm": "-6"})
    assert not view.rules_in_force.switches.collapsed


def test_compare_mode_shows_both_and_the_differences() -> None:
    app, view = opened(
        {
            "page": "cepheus-check",
            "other": "6",
            "natural_two_twelve": "1",
            "compare": cepheus.AS_WRITTEN,
        }
    )
    model = view.model
    assert app.notice == "" and model.compare and model.compared is not None
    assert model.compared.chance == 1 and model.result.chance == Fraction(35, 36)
    summary = view._summary.object
    assert "data-testid='compared-check-chance'>100%<" in summary
    assert "data-testid='check-chance'>97.2%<" in summary
    assert "-2.8 points of chance of success" in summary
    assert app.query()["compare"] == cepheus.AS_WRITTEN
    model.compare = False
    assert "compared-" not in view._summary.object and "compare" not in app.query()


def test_compare_with_the_other_formula_on_the_shot_page() -> None:
    _, view = opened({"page": "moo2-shot", "compare": "1.50 simplified"})
    model = view.model
    simplified = dataclasses.replace(moo2.DEFAULT_VARIANT, formula="simplified")
    shot = moo2.BeamShot(5, 20, 50, 30, 9, variant=simplified)
    assert model.compared.hit_probability == shot.hit_probability()
    assert model.variant == moo2.DEFAULT_VARIANT  # compare mode leaves the rules in force


def test_difference_in_words() -> None:
    assert difference_text("63.9%", "59.7%", "Hit chance") == "+4.2 points of hit chance"
    assert difference_text("12", "9", "Mean damage") == "+3 of mean damage"
    assert difference_text("Medium", "Long", "Range band") == "differs"
