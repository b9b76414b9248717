"""The MOO2 hit-chance heatmap (webapp/pages/moo2/heatmap.py), headless: every cell is what
rules.moo2 computes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moo2
from webapp.formatting import percent
from webapp.pages.moo2.heatmap import Moo2Heatmap, Moo2HeatmapView, net_attack_rows

MOUNTS = [m.value for m in moo2.Mount]


def figure_text(view: object, testid: str) -> str:
    """The text of the key figure ``testid`` in the view's summary."""
    html = view._summary.object  # type: ignore[attr-defined]
    start = html.index(f"data-testid='{testid}'>") + len(f"data-testid='{testid}'>")
    return str(html[start : html.index("<", start)])


@pytest.mark.parametrize("mount", MOUNTS)
@pytest.mark.parametrize("formula", ["classic", "simplified"])
def test_every_heatmap_cell_is_the_rules_chance(mount: str, formula: str) -> None:
    view = Moo2HeatmapView()
    view.model.param.update(mount=mount, formula=formula, squares=3, double_penalty=True)
    data = view._cells.data
    for s, net, chance, fraction in zip(
        data["squares"], data["net"], data["chance"], data["fraction"], strict=True
    ):
        exact = moo2.hit_probability(net, 0, s, mount=mount, formula=formula, double_penalty=True)
        assert (chance, fraction) == (float(exact), str(exact))
    result = view.model.result
    assert len(data["net"]) == len(result.nets) * (moo2.max_squares(mount) + 1)
    # The rows run from "only a roll above 95 hits" to "every roll hits", at every square.
    lucky = Fraction(moo2.D100 - moo2.LUCKY_ROLL, moo2.D100)
    assert set(result.cells[0]) == {lucky}
    assert set(result.cells[-1]) == {Fraction(1)}


def test_heatmap_current_shot_and_figures() -> None:
    view = Moo2HeatmapView()
    m = view.model
    m.param.update(attack=73, defense=41, squares=11, mount="point_defense", formula="simplified")
    exact = moo2.hit_probability(73, 41, 11, mount="point_defense", formula="simplified")
    assert m.result.chance == exact
    assert figure_text(view, "hit-chance") == percent(exact)
    assert figure_text(view, "net-attack") == "+32"
    assert view._here.data == {"squares": [11], "net": [32]}
    m.attack = 10_000  # off the chart: marked at its top edge
    assert view._here.data["net"] == [m.result.nets[-1] + 2.5]
    assert "net attack +9959 is off the chart" in view._note.object


@pytest.mark.parametrize("mount", MOUNTS)
def test_heatmap_table_is_the_chart_by_range_unit(mount: str) -> None:
    view = Moo2HeatmapView()
    view.model.mount = mount
    result = view.model.result
    table = view._table.object
    body = table.split("<tbody>")[1]
    rows = body.split("</tr>")[:-1]
    assert len(rows) == len(result.nets)
    for net, row in zip(reversed(result.nets), rows, strict=True):
        cells = [c.split("<")[0] for c in row.split("<td class='rf-num'>")[1:]]
        expected = [f"{net:+d}"]
        for band in moo2.RANGE_BANDS:
            squares = band.squares(moo2.Mount(mount))
            if squares is None:
                continue
            first, last = squares
            chances = {result.cells[result.nets.index(net)][s] for s in range(first, last + 1)}
            assert len(chances) == 1  # the squares of a range unit share one chance
            expected.append(percent(chances.pop()))
        assert cells == expected


def test_heatmap_rows_come_from_the_rules_constants() -> None:
    assert net_attack_rows("normal", False)[-1] >= moo2.SURE_HIT_ATTACK + 85
    assert net_attack_rows("heavy", True)[-1] >= moo2.SURE_HIT_ATTACK + 170


@settings(max_examples=40, deadline=None)
@given(
    attack=st.integers(-300, 400),
    defense=st.integers(-100, 300),
    squares=st.integers(-3, 55),
    mount=st.sampled_from(MOUNTS),
)
def test_heatmap_any_input_gives_the_rules_chance_or_an_error(
    attack: int, defense: int, squares: int, mount: str
) -> None:
    m = Moo2Heatmap()
    m.param.update(attack=attack, defense=defense, squares=squares, mount=mount)
    if 0 <= squares <= moo2.max_squares(mount):
        assert m.error == ""
        assert m.result.chance == moo2.hit_probability(attack, defense, squares, mount=mount)
    else:
        assert m.error_input == "squares"
