"""The Cepheus initiative page in a real browser, one page load: the order against rules.cepheus,
and its roll.
"""

from __future__ import annotations

from typing import Any

from sitetools import Server, assert_clean

from rules import cepheus
from webapp.pages.cepheus.initiative import CepheusInitiative


def test_initiative_order_and_roll(open_app: Any, server: Server) -> None:
    link = "combatants=3&hastened_2=1&roll_1=12&seed=7"
    app = open_app(f"?page=cepheus-initiative&{link}")
    model = CepheusInitiative()
    model.apply_query(dict(pair.split("=") for pair in link.split("&")))
    people = []
    for slot in (1, 2, 3):
        dm = cepheus.characteristic_dm(getattr(model, f"dexterity_{slot}"))
        score = cepheus.initiative_score(
            getattr(model, f"roll_{slot}") + dm, hastened=getattr(model, f"hastened_{slot}")
        )
        people.append(cepheus.Combatant(getattr(model, f"name_{slot}"), score,
                                        getattr(model, f"dexterity_{slot}")))  # fmt: skip
    order = cepheus.initiative_order(people)
    expected = ", ".join(" = ".join(c.name for c in group) for group in order)
    assert app.testid("order") == expected
    model.roll_everyone()
    app.page.locator(".bk-btn:text-is('Roll 2D6 for everyone')").first.click()
    app.wait_testid("order", _order_text(model))
    app.page.wait_for_function("() => window.location.search.includes('seed=8')")
    assert_clean(app, server)


def _order_text(model: CepheusInitiative) -> str:
    names = {e.slot: e.name for e in model.result.entries}
    return ", ".join(" = ".join(names[s] for s in group) for group in model.result.order)
