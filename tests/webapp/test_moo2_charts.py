"""The MOO2 chart pages headless (range visualizer, hit-chance heatmap, compare two loadouts):
every number they show, and every point they chart, is what rules.moo2 returns."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import moo2
from webapp.formatting import exact_text, percent
from webapp.pages.moo2.compare import Moo2Compare, Moo2CompareView
from webapp.pages.moo2.heatmap import Moo2Heatmap, Moo2HeatmapView, net_attack_rows
from webapp.pages.moo2.range import Moo2RangeView, preset_values

MOUNTS = [m.value for m in moo2.Mount]


def figure_text(view: object, testid: str) -> str:
    """The text of the key figure ``testid`` in the view's summary."""
    html = view._summary.object  # type: ignore[attr-defined]
    start = html.index(f"data-testid='{testid}'>") + len(f"data-testid='{testid}'>")
    return str(html[start : html.index("<", start)])


# --- Range visualizer ------------------------------------------------------------------------


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


# --- Hit-chance heatmap ----------------------------------------------------------------------


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


# --- Compare two loadouts --------------------------------------------------------------------


def test_compare_rows_are_the_rules_with_mods_and_mounts() -> None:
    view = Moo2CompareView()
    m = view.model
    m.param.update(a_af=True, a_nr=True, b_co=True, shield=3, formula="simplified")
    result = m.result
    a_attack = moo2.modified_beam_attack(m.a_attack, ["co", "af", "nr"])
    b_attack = moo2.modified_beam_attack(m.b_attack, ["co"])
    assert (result.a.attack, result.b.attack) == (a_attack, b_attack) == (55, 75)
    assert result.a.rows == moo2.range_table(
        5, 20, a_attack, m.defense, mount="normal", formula="simplified",
        reduced_by_range=False, shield=3,
    )  # fmt: skip
    assert result.b.rows == moo2.range_table(
        5, 20, b_attack, m.defense, mount="heavy", formula="simplified", shield=3
    )
    s = m.squares
    assert figure_text(view, "mean-a") == f"{float(result.a.rows[s].mean_damage):.2f}"
    assert figure_text(view, "mean-b") == f"{float(result.b.rows[s].mean_damage):.2f}"
    data = view._source.data
    assert data["a"][:25] == [float(r.mean_damage) for r in result.a.rows]
    assert data["b"] == [float(r.mean_damage) for r in result.b.rows]


def test_compare_finds_where_one_overtakes_the_other() -> None:
    view = Moo2CompareView()
    result = view.model.result  # defaults: A normal + Co, B heavy, BA 50 against BD 60
    means = [
        (r.mean_damage, q.mean_damage) for r, q in zip(result.a.rows, result.b.rows, strict=False)
    ]
    assert means[3][0] > means[3][1] and means[4][0] < means[4][1]
    assert result.overtakes == ((4, "B"),)
    assert figure_text(view, "overtakes") == "4 sq"
    assert "B overtakes A at 4 squares" in view._note.object
    # Beyond A's 24 squares only B fires.
    assert result.leaders[25:] == ("B",) * (len(result.leaders) - 25)
    assert result.a.mean(30) is None and "out of range" in view._table.object
    view.model.squares = 30
    assert figure_text(view, "leader") == "B" and figure_text(view, "mean-a") == "-"


def test_compare_errors_name_the_loadouts_input() -> None:
    m = Moo2Compare()
    m.b_max_damage = 2
    assert m.error_input == "b_max_damage"
    assert m.error.startswith("B: weapon max damage must be an integer >= min_damage")
    m.b_max_damage = 20
    m.a_attack = None
    assert m.error_input == "a_attack"
    m.a_attack = 50
    m.squares = 52
    assert m.error_input == "squares" and "0..51" in m.error
    m.b_mount = "normal"
    m.squares = 25
    assert m.error_input == "squares" and "0..24" in m.error


def test_compare_presets_fill_their_own_loadout() -> None:
    view = Moo2CompareView()
    view._presets["B"].value = "Death Ray"
    m = view.model
    assert (m.b_min_damage, m.b_max_damage) == (50, 100)
    assert (m.a_min_damage, m.a_max_damage) == (5, 20)


def test_theme_recolours_every_chart() -> None:
    for view in (Moo2RangeView(), Moo2HeatmapView(), Moo2CompareView()):
        view.set_theme("dark")
        dark = [fig.background_fill_color for fig in view._charts]
        view.set_theme("light")
        assert [fig.background_fill_color for fig in view._charts] != dark
