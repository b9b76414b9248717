"""Legends of Lur-Asko combat pages (rules: :mod:`rules.lurasko`)."""

from __future__ import annotations

import panel as pn

from webapp.pages.registry import Page

__all__ = ["PAGES"]

SYSTEM = "Legends of Lur-Asko"


def _attack() -> pn.viewable.Viewer:
    from webapp.pages.lurasko.attack import LuraskoAttackView

    return LuraskoAttackView()


def _armor() -> pn.viewable.Viewer:
    from webapp.pages.lurasko.armor import LuraskoArmorView

    return LuraskoArmorView()


def _pseudogravity() -> pn.viewable.Viewer:
    from webapp.pages.lurasko.pseudogravity import LuraskoPseudogravityView

    return LuraskoPseudogravityView()


PAGES: tuple[Page, ...] = (
    Page(
        "lurasko-attack",
        SYSTEM,
        "Attack resolver",
        "One attack that hit, step by step: shielding, critical hit, drive, armor range, "
        "resistances, degrees of injury and energy side effects, with the shield points left.",
        _attack,
    ),
    Page(
        "lurasko-armor",
        SYSTEM,
        "Armor chart",
        "Damage taken against drive for an armor range, electric damage through metallic "
        "armor alongside.",
        _armor,
    ),
    Page(
        "lurasko-pseudogravity",
        SYSTEM,
        "Pseudogravity",
        "Pseudogravity points needed to affect a target: pound weight, inventory, flying SPD "
        "and overlapping ætherial silencing.",
        _pseudogravity,
    ),
)
