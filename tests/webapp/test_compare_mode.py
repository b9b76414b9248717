"""Compare mode's main chart and its second side (issue #29), headless in CPython.

Compare mode shows the page's main chart again under the compared rules, with its table,
under the page's own; the second side is any variant (a preset plus its own switches,
"(modified)" when one differs, ``compare.<field>=value`` in the deep link). The compared
chart's numbers are checked against :mod:`rules` called here, with the inputs of the page's
defaults written out by hand, never against the page's own result.
"""

from __future__ import annotations

import dataclasses
import html
import re
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

import pytest

from rules import cepheus, lurasko, moo2
from webapp.app import App
from webapp.components.rules_in_force import compare_chart_html
from webapp.formatting import percent


def opened(query: dict[str, Any]) -> tuple[App, Any]:
    """An app opened on a deep link, and its page's view."""
    app = App()
    app.apply_search("?" + urlencode(query))
    return app, app.view_of(query["page"])


def rows_of(table: str) -> list[list[str]]:
    """The cells of each body row of an HTML table, as text."""
    body = table.partition("<tbody>")[2]
    return [
        [html.unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    ]


def changed_rows(table: str) -> list[str]:
    """The first cell of each row highlighted as differing."""
    body = table.partition("<tbody>")[2]
    return [
        html.unescape(re.findall(r"<td[^>]*>(.*?)</td>", row)[0])
        for row in re.findall(r"<tr class='rf-changed[^']*'>(.*?)</tr>", body)
    ]


def compared_block(view: Any, index: int = 0) -> tuple[str, str, Any]:
    """(heading, table HTML, the chart's figure) of compare mode's chart ``index``."""
    block, head, table = view._compare_blocks[index]
    assert block.visible
    return head.object, table.object, block.objects[1].object


# --- cepheus-attack: Aiming for the Kill +2 per action, the Effect and the damage ------------

AIM_TWO = dataclasses.replace(cepheus.DEFAULT_VARIANT, aim_for_the_kill_per_action=2)


def _attack(**changes: Any) -> cepheus.AttackSituation:
    """The attack page's defaults (rifle, 3D6 adding the Effect, 20 squares, skill 1,
    characteristic 8: DM +0), with ``changes``."""
    base: dict[str, Any] = dict(weapon="rifle", damage_dice=3, squares=20, skill=1)
    return cepheus.AttackSituation(**(base | changes))


def test_the_attack_compared_with_a_modified_preset_shows_both_charts_under_it() -> None:
    app, view = opened(
        {
            "page": "cepheus-attack",
            "aim_for_the_kill_actions": "2",
            "compare": cepheus.AS_WRITTEN,
            "compare.aim_for_the_kill_per_action": "2",
        }
    )
    model = view.model
    assert app.notice == "" and model.compare
    assert model.compared_name() == f"{cepheus.AS_WRITTEN} (modified)"
    assert view.rules_in_force.compare_status.object.count("(modified)") == 1
    situation = _attack(aim_for_the_kill_actions=2)
    as_written = cepheus.attack_odds(situation)
    printed = cepheus.attack_odds(situation, variant=AIM_TWO)
    assert printed.damage != as_written.damage  # (the switch moves the damage)
    # the Effect chart: the same under both (the switch adds damage, not DM)
    head, table, fig = compared_block(view, 0)
    effects = printed.effect
    assert effects is not None
    assert rows_of(table) == [
        [str(e), "success" if e >= 0 else "failure", percent(p), str(p)] for e, p in effects.items()
    ]
    assert "the same numbers" in head and changed_rows(table) == []
    # the damage chart: the damage as printed (+2 per action), its changed rows highlighted
    head, table, fig = compared_block(view, 1)
    expected = [[str(d), percent(p), str(p)] for d, p in printed.damage.items()]
    assert rows_of(table) == expected
    source = fig.renderers[0].data_source.data
    assert list(source["x"]) == list(printed.damage)
    assert list(source["probability"]) == [float(p) for p in printed.damage.values()]
    differing = [str(d) for d, p in printed.damage.items() if as_written.damage.get(d) != p]
    assert changed_rows(table) == differing and differing
    assert f"{len(differing)} of {len(expected)} rows differ" in head
    assert "compared-chart-table-2" in table
    # the page's own charts keep the rules in force
    own = view._chart_tables[id(view._chart_panes[1])].object
    assert rows_of(own) == [[str(d), percent(p), str(p)] for d, p in as_written.damage.items()]
    # the link holds the compared switch; the figures their difference
    assert app.query()["compare.aim_for_the_kill_per_action"] == "2"
    assert "data-testid='compared-mean-damage'" in view._summary.object


def test_compare_mode_off_hides_the_compared_charts_and_on_again_shows_them() -> None:
    _, view = opened({"page": "cepheus-attack", "compare": cepheus.TWODSIX_CE})
    own, compared = view._chart_panes[0].object, view._compare_blocks[0][0].objects[1].object
    assert view._compare_blocks[0][0].visible
    # the same axes as the page's chart while shown (bars of one height: one chance)
    assert compared.x_range is own.x_range and compared.y_range is own.y_range
    view.model.compare = False
    assert not any(block.visible for block, _h, _t in view._compare_blocks.values())
    assert compared.x_range is not own.x_range and compared.y_range is not own.y_range
    view.model.compare = True
    assert all(block.visible for block, _h, _t in view._compare_blocks.values())
    assert compared.y_range is own.y_range


# --- moo2-shot: classic against 1.50 simplified, the damage of one shot --------------------


def test_the_shot_compared_with_the_simplified_formula_draws_its_distribution() -> None:
    app, view = opened(
        {"page": "moo2-shot", "attack": "50", "defense": "30", "squares": "20",
         "compare": "1.50 simplified"}
    )  # fmt: skip
    assert app.notice == ""
    simplified = moo2.PRESETS["1.50 simplified"]
    shot = moo2.BeamShot(5, 20, 50, 30, 20, variant=simplified)
    classic = moo2.BeamShot(5, 20, 50, 30, 20)
    assert shot.hit_probability() == Fraction(11, 100) != classic.hit_probability()
    head, table, fig = compared_block(view)
    dist = shot.damage_distribution()
    assert rows_of(table) == [
        ["miss" if d == 0 else str(d), percent(p), str(p)] for d, p in dist.items()
    ]
    assert list(fig.renderers[0].data_source.data["probability"]) == [
        float(p) for p in dist.values()
    ]
    assert "miss" in changed_rows(table)
    assert "1.50 simplified" in head and "(modified)" not in head


def test_a_compared_switch_beyond_the_table_clamps_where_the_rules_in_force_refuse() -> None:
    """``compare.beyond_table=clamp``: the compared side reads 30 squares of a normal mount as
    the last column; the rules in force refuse it, so the page keeps its last good result and
    compare mode the last good compared one."""
    app, view = opened({"page": "moo2-shot", "compare.beyond_table": "clamp"})
    model = view.model
    assert app.notice == "" and model.compare
    assert model.compared_variant().beyond_table is moo2.BeyondTable.CLAMP
    assert model.compared_name() == "1.50 simplified (modified)"
    before = view._compare_blocks[0][2].object
    model.squares = 30
    assert model.error_input == "squares"
    assert view._compare_blocks[0][2].object == before  # (last good, as the page's own)


# --- lurasko-hits: the injury factor crossed by exceeding it -------------------------------


def test_the_hits_forecast_compared_with_a_modified_crossing_rule() -> None:
    app, view = opened(
        {"page": "lurasko-hits", "compare": lurasko.AS_WRITTEN,
         "compare.injury_crossing": "exceed"}
    )  # fmt: skip
    assert app.notice == ""
    model = view.model
    assert model.compared_name() == f"{lurasko.AS_WRITTEN} (modified)"
    weapon = lurasko.WeaponHit(
        normal_damage=32, normal_drive=15, energy_damage=24, energy_type="heat", name="weapon 1"
    )
    attack = lurasko.Attack((weapon,), form="melee", origin="beyond engagement range")
    target = lurasko.Target(injury_factor=10, armor_range=(16, 28))
    shield = lurasko.Shield(level="high", points=40, name="shield 1")
    exceed = lurasko.Variant(injury_crossing="exceed")
    forecast = lurasko.hits_forecast(
        attack, target, [shield], 10, Fraction(1, 2), Fraction(1, 5), variant=exceed
    )
    _, table, _ = compared_block(view)
    rows = rows_of(table)
    shown = [k for k in lurasko.REACHED_THRESHOLDS if forecast.reached[-1][k] > 0 or k == 3]
    assert rows == [
        [str(n), *(percent(r[k]) for k in shown)] for n, r in enumerate(forecast.reached, start=1)
    ]
    assert "compared-reached-table" in table and "data-testid='reached-table'" not in table
    own = lurasko.hits_forecast(attack, target, [shield], 10, Fraction(1, 2), Fraction(1, 5))
    assert own.reached != forecast.reached  # (the switch matters here)


# --- the second side in the link and in the control ------------------------------------------


def test_old_compare_links_keep_their_meaning() -> None:
    app, view = opened({"page": "cepheus-check", "compare": cepheus.COMMON_MODIFIERS_TABLE})
    model = view.model
    assert model.compare and model.compare_changes == {}
    assert model.compared_variant() == cepheus.PRESETS[cepheus.COMMON_MODIFIERS_TABLE]
    assert model.compared_name() == cepheus.COMMON_MODIFIERS_TABLE
    assert not any(key.startswith("compare.") for key in app.query())


def test_a_compared_switch_set_in_the_control_marks_it_modified_and_goes_in_the_link() -> None:
    app, view = opened({"page": "cepheus-check", "other": "6", "compare": cepheus.AS_WRITTEN})
    control, model = view.rules_in_force, view.model
    control.compare_switches.unfold()
    widget = control._compared_widgets["natural_two_twelve"]
    widget.value = True
    assert model.compare_changes == {"natural_two_twelve": True}
    assert app.query()["compare.natural_two_twelve"] == "1"
    assert "(modified)" in control.compare_status.object
    assert "1 changed" in control.compare_switches.title
    assert model.compared.chance == cepheus.check_probability(
        6, variant=cepheus.Variant(natural_two_twelve=True)
    )
    control.compare_with.value = cepheus.TWODSIX_CE  # a preset chosen: its own switches
    assert model.compare_changes == {} and widget.value is False
    assert model.compared_name() == cepheus.TWODSIX_CE


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ({"compare.natural_two_twelve": "maybe"}, "compare.natural_two_twelve"),
        ({"compare.full_cover_dm": "-5"}, "compare.full_cover_dm"),
    ],
)
def test_a_malformed_compared_switch_gives_the_defaults_and_a_notice(
    query: dict[str, str], named: str
) -> None:
    app, view = opened({"page": "cepheus-attack", "skill": "3", **query})
    assert named in app.notice and "Compared rules" in app.notice
    assert not view.model.compare and view.model.skill == view.model.param["skill"].default


def test_a_compared_switch_out_of_its_domain_is_a_notice() -> None:
    app, view = opened({"page": "lurasko-hits", "compare.defense_die": "0"})
    assert "Compared rules" in app.notice and not view.model.compare


def test_differing_rows_are_counted_and_highlighted() -> None:
    main = "<table><tbody><tr><td>0</td><td>50%</td></tr><tr><td>1</td><td>50%</td></tr></tbody>"
    other = "<table><tbody><tr><td>0</td><td>40%</td></tr><tr><td>2</td><td>60%</td></tr></tbody>"
    head, table = compare_chart_html(main + "</table>", other + "</table>", "A", "B")
    assert changed_rows(table) == ["0", "2"]
    assert "2 of 2 rows differ, 1 only under the rules in force" in head
