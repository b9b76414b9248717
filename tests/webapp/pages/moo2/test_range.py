"""The MOO2 range visualizer (webapp/pages/moo2/range.py), headless: every number is what
rules.moo2 computes."""

from __future__ import annotations

import pytest

from rules import moo2
from webapp.formatting import exact_text, percent
from webapp.pages.moo2.range import Moo2RangeView, preset_values

MOUNTS = [m.value for m in moo2.Mount]


def figure_text(view: object, testid: str) -> str:
    """The text of the key figure ``testid`` in the view's summary."""
    html = view._summary.object  # type: ignore[attr-defined]
    start = html.index(f"data-testid='{testid}'>") + len(f"data-testid='{testid}'>")
    return str(html[start : html.index("<", start)])


@pytest.mark.parametrize("mount", MOUNTS)
def test_range_tables_and_penalties_are_the_rules(mount: str) -> None:
    view = Moo2RangeView()
    m = view.model
    m.param.update(mount=mount, squares=7, double_penalty=True, hef=50)
    result = m.result
    for formula in moo2.Formula:
        assert result.tables[formula] == moo2.range_table(
            m.min_damage, m.max_damage, m.attack, m.defense, mount=mount, formula=formula,
            double_penalty=True, hef=50,
        )  # fmt: skip
    for each in moo2.Mount:
        assert result.penalties[each] == tuple(
            moo2.range_penalty(s, each, double_penalty=True)
            for s in range(moo2.max_squares(each) + 1)
        )
    classic = moo2.hit_probability(m.attack, m.defense, 7, mount=mount, double_penalty=True)
    simplified = moo2.hit_probability(
        m.attack, m.defense, 7, mount=mount, formula="simplified", double_penalty=True
    )
    assert figure_text(view, "hit-classic") == percent(classic)
    assert figure_text(view, "hit-simplified") == percent(simplified)
    assert figure_text(view, "range-penalty") == str(
        moo2.range_penalty(7, mount, double_penalty=True)
    )
    curves = view._curves.data
    assert curves["squares"] == list(range(moo2.max_squares(mount) + 1))
    assert curves["classic"] == [float(r.hit_probability) for r in result.tables["classic"]]
    assert curves["simplified_mean_text"] == [
        exact_text(r.mean_damage) for r in result.tables["simplified"]
    ]
    for each, source in view._penalty_sources.items():
        assert source.data["penalty"] == list(result.penalties[each])


@pytest.mark.parametrize(("mount", "capped_from"), [("normal", 16), ("point_defense", 10)])
def test_range_page_shows_the_classic_cap(mount: str, capped_from: int) -> None:
    # Source: 000_3948ba1900819cb7.txt, "1.50 Alternative Chance to Hit Formula": "Formula 3
    # contains a cap of 95, making range penalty above 55 for non-PD beam or 80 for PD beam of
    # no additional effect". Normal: penalty 55 from 16 squares; PD: 85 from 10 squares.
    view = Moo2RangeView()
    view.model.param.update(mount=mount, attack=20, defense=0, squares=0)
    result = view.model.result
    assert result.capped_from == capped_from
    classic = [r.hit_probability for r in result.tables["classic"]]
    simplified = [r.hit_probability for r in result.tables["simplified"]]
    assert len(set(classic[capped_from:])) == 1  # flat once capped
    assert simplified[-1] < classic[-1]  # the 1.50 formula has no cap
    assert f"from {capped_from} squares" in view._note.object
    assert all(cap.visible and cap.left == capped_from - 0.5 for cap in view._caps)


def test_range_bands_table_marks_the_current_range_unit_and_doubles() -> None:
    view = Moo2RangeView()
    view.model.param.update(mount="heavy", squares=30, double_penalty=True)
    table = view._bands_table.object
    current = table.split("class='rf-current'>")[1].split("</tr>")[0]
    band = moo2.RANGE_BANDS[moo2.range_units(30, "heavy")]
    assert f"<td class='rf-num'>{band.range_units}</td>" in current
    assert f"<td class='rf-num'>{2 * band.penalty}</td>" in current
    assert "28-33" in current


def test_range_preset_takes_the_catalog_figures() -> None:
    view = Moo2RangeView()
    view._preset.value = "Mauler Device"
    m = view.model
    mauler = moo2.find_weapon("Mauler Device")
    assert (m.min_damage, m.max_damage) == (mauler.min_damage, mauler.max_damage)
    assert m.always_hit and not m.double_penalty  # the 2x flag was removed in 1.50
    assert all(r.hit_probability == 1 for r in m.result.tables["classic"])
    assert preset_values("custom") == {}
