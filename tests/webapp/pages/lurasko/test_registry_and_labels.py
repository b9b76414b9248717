"""The Lur-Asko pages in the registry, their inputs' labels and their choices (from the rules'
enums), headless."""

from __future__ import annotations

from typing import Any

import pytest

from rules import lurasko
from rules.lurasko import (
    AttackForm,
    AttackOrigin,
    AuraTrigger,
    CriticalEffect,
    EnergyType,
    Precision,
    SilencingPlace,
)
from webapp.pages import PAGES, find_page
from webapp.pages.lurasko.aoe_shielding import (
    KIND_LABELS,
    LuraskoAoEShielding,
)
from webapp.pages.lurasko.armor import LuraskoArmor
from webapp.pages.lurasko.attack import (
    AGAINST_LABELS,
    CRITICAL_LABELS,
    ENERGY_LABELS,
    FORM_LABELS,
    LEVEL_LABELS,
    ORIGIN_LABELS,
    LuraskoAttack,
)
from webapp.pages.lurasko.auras import (
    TRIGGER_LABELS,
    LuraskoAuras,
)
from webapp.pages.lurasko.pseudogravity import (
    PLACE_LABELS,
    LuraskoPseudogravity,
)


def test_the_three_pages_are_registered() -> None:
    pages = {page.slug: page for page in PAGES if page.slug.startswith("lurasko-")}
    assert list(pages)[:3] == ["lurasko-attack", "lurasko-armor", "lurasko-pseudogravity"]
    assert {page.system.name for page in pages.values()} == {"Legends of Lur-Asko"}
    assert find_page("lurasko-attack").factory().model_class is LuraskoAttack


@pytest.mark.parametrize("model", [LuraskoAttack, LuraskoArmor, LuraskoPseudogravity])
def test_no_two_inputs_share_a_label(model: type[Any]) -> None:
    # Three shield, three resistance and two weapon slots: each label says which slot, so a
    # message ("Shield 2: shielding points must be ...") names the right box.
    labels = [model.param[name].label for name in model.input_names()]
    assert len(labels) == len(set(labels))


def test_choices_come_from_the_rules_enums() -> None:
    assert set(FORM_LABELS) == set(AttackForm)
    assert set(ORIGIN_LABELS) == set(AttackOrigin)
    assert set(ENERGY_LABELS) == set(EnergyType)
    assert set(PLACE_LABELS) == set(SilencingPlace)
    assert {c.value for c in CriticalEffect} < set(CRITICAL_LABELS)
    assert {p.value for p in Precision} < set(LEVEL_LABELS)
    assert {t.value for t in EnergyType} < set(AGAINST_LABELS)
    m = LuraskoAttack()
    assert list(m.param["form"].objects) == [f.value for f in AttackForm]
    assert list(m.param["w1_energy_type"].objects) == [t.value for t in EnergyType]


def test_registered_after_the_other_lurasko_pages() -> None:
    slugs = [page.slug for page in PAGES if page.slug.startswith("lurasko-")]
    assert slugs == [
        "lurasko-attack",
        "lurasko-armor",
        "lurasko-pseudogravity",
        "lurasko-aoe-shielding",
        "lurasko-auras",
        "lurasko-hits",
    ]
    assert set(TRIGGER_LABELS) == set(AuraTrigger)
    assert {k.value for k in lurasko.AoEKind} | {k.value for k in lurasko.ZAoEKind} == set(
        KIND_LABELS
    )


@pytest.mark.parametrize("model", [LuraskoAoEShielding, LuraskoAuras, LuraskoAttack])
def test_no_two_inputs_of_the_aoe_aura_and_attack_pages_share_a_label(model: type[Any]) -> None:
    labels = [model.param[name].label for name in model.input_names()]
    assert len(labels) == len(set(labels))
