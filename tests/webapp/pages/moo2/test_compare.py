"""The MOO2 compare-two-loadouts page (webapp/pages/moo2/compare.py), headless: every number is
what rules.moo2 computes."""

from __future__ import annotations

from rules import moo2
from webapp.pages.moo2.compare import Moo2Compare, Moo2CompareView


def figure_text(view: object, testid: str) -> str:
    """The text of the key figure ``testid`` in the view's summary."""
    html = view._summary.object  # type: ignore[attr-defined]
    start = html.index(f"data-testid='{testid}'>") + len(f"data-testid='{testid}'>")
    return str(html[start : html.index("<", start)])


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
