"""Cepheus Engine SRD personal combat pages (rules: :mod:`rules.cepheus`)."""

from __future__ import annotations

import panel as pn

from webapp.pages.registry import Page

__all__ = ["PAGES"]

SYSTEM = "Cepheus Engine SRD"


def _attack() -> pn.viewable.Viewer:
    from webapp.pages.cepheus.attack import CepheusAttackView

    return CepheusAttackView()


def _range_bands() -> pn.viewable.Viewer:
    from webapp.pages.cepheus.range_bands import CepheusRangeBandsView

    return CepheusRangeBandsView()


def _damage() -> pn.viewable.Viewer:
    from webapp.pages.cepheus.damage import CepheusDamageView

    return CepheusDamageView()


def _vehicle() -> pn.viewable.Viewer:
    from webapp.pages.cepheus.vehicle import CepheusVehicleView

    return CepheusVehicleView()


def _initiative() -> pn.viewable.Viewer:
    from webapp.pages.cepheus.initiative import CepheusInitiativeView

    return CepheusInitiativeView()


PAGES: tuple[Page, ...] = (
    Page(
        "cepheus-attack",
        SYSTEM,
        "Attack",
        "Range band, difficulty and every modifier of personal combat: the exact chance to "
        "hit, the Effect and the damage after armor, and a roll with its log.",
        _attack,
    ),
    Page(
        "cepheus-range-bands",
        SYSTEM,
        "Range bands",
        "The range band of a distance in squares or metres, and the attack difficulty of "
        "every weapon type at every band.",
        _range_bands,
    ),
    Page(
        "cepheus-damage",
        SYSTEM,
        "Damage & wounds",
        "Damage to Strength, Dexterity and Endurance, and the wound state from the Damage "
        "Results table.",
        _damage,
    ),
    Page(
        "cepheus-vehicle",
        SYSTEM,
        "Vehicle damage",
        "Single, double and triple hits from damage, hit-location odds of the external, "
        "internal and robot tables, and what repeated hits do.",
        _vehicle,
    ),
    Page(
        "cepheus-initiative",
        SYSTEM,
        "Initiative",
        "A round-order tracker: 2D6 + DEX DM, ambush, hastening, reactions, delay, Tactics "
        "and Leadership.",
        _initiative,
    ),
)
