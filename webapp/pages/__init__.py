"""The registry of pages: one line per calculator, grouped by rule set, in navigation order.

The app (navigation, landing page, ``?page=`` deep links), the build (prerendered pages,
the page list) and the tests (the page contract, run over every page) all read
:data:`PAGES`, so a page exists once it is listed here. A page is one module,
``webapp/pages/<system>/<page>.py``, holding its :class:`~webapp.pages.model.Calculator` and
its :class:`~webapp.pages.view.PageView` (see the README's "Adding a page").
"""

from __future__ import annotations

from webapp.pages.registry import Page
from webapp.pages.systems import CEPHEUS, LURASKO, MOO2, SYSTEMS, System, find_system

__all__ = [
    "CEPHEUS",
    "LURASKO",
    "MOO2",
    "PAGES",
    "SYSTEMS",
    "Page",
    "System",
    "find_page",
    "find_system",
    "pages_of",
]

PAGES: tuple[Page, ...] = (
    Page("moo2-shot", MOO2, "Beam shot",
         "Chance to hit, damage potential and the exact damage distribution of one beam shot, "
         "with the range penalty of every mount.",
         "webapp.pages.moo2.shot:Moo2ShotView"),
    Page("moo2-range", MOO2, "Range visualizer",
         "Range penalty of every mount square by square, and the chance to hit and mean damage "
         "of a beam over its whole range, classic and 1.50 formulas overlaid.",
         "webapp.pages.moo2.range:Moo2RangeView"),
    Page("moo2-heatmap", MOO2, "Hit-chance heatmap",
         "The chance to hit over net attack (BA+CO-AF-BD) and distance for a mount and "
         "formula, the current shot marked and the exact fraction on hover.",
         "webapp.pages.moo2.heatmap:Moo2HeatmapView"),
    Page("moo2-compare", MOO2, "Compare two loadouts",
         "Loadouts A and B (weapon, mount, mods, beam attack) against one target: mean damage "
         "per shot by distance on one chart, where one overtakes the other, and both tables.",
         "webapp.pages.moo2.compare:Moo2CompareView"),
    Page("moo2-missiles-fighters", MOO2, "Missiles and fighters",
         "Beam Defense of every missile and fighter over every drive, and the chance that a beam "
         "or point-defense beam hits one at each distance.",
         "webapp.pages.moo2.missiles_fighters:Moo2MissilesFightersView"),
    Page("moo2-arcs", MOO2, "Targeting arcs",
         "A diagram of the arcs around a ship: tap or type a bearing, see its quadrant and "
         "which arcs can fire.",
         "webapp.pages.moo2.arcs:Moo2ArcsView"),
    Page("moo2-reference", MOO2, "Reference tables",
         "The source's tables (range, hit threshold, damage by range, mounts and mods, drives, "
         "missiles, fighters, arcs, weapons, shields), each cell traced to its rule; printable.",
         "webapp.pages.moo2.reference:Moo2ReferenceView"),
    Page("moo2-defensive-fire", MOO2, "Defensive Fire",
         "A combat grid coloured by the chance of Defensive Fire on each square, an enemy path "
         "to draw or type, and the chance that DF triggers along it; classic table typed in.",
         "webapp.pages.moo2.defensive_fire:Moo2DefensiveFireView"),
    Page("moo2-volley", MOO2, "Volley forecast",
         "Turn after turn of beam volleys at one target: the exact chance it is destroyed by "
         "each turn, expected turns, the damage after N turns, and a rolled fight.",
         "webapp.pages.moo2.volley:Moo2VolleyView"),
    Page("cepheus-attack", CEPHEUS, "Attack",
         "Range band, difficulty and every modifier of personal combat: the exact chance to "
         "hit, the Effect and the damage after armor, and a roll with its log.",
         "webapp.pages.cepheus.attack:CepheusAttackView"),
    Page("cepheus-check", CEPHEUS, "Skill check",
         "The chance of a 2D6 check with its DMs against 8+, and the odds of every Effect.",
         "webapp.pages.cepheus.check:CepheusCheckView"),
    Page("cepheus-range-bands", CEPHEUS, "Range bands",
         "The range band of a distance in squares or metres, and the attack difficulty of "
         "every weapon type at every band.",
         "webapp.pages.cepheus.range_bands:CepheusRangeBandsView"),
    Page("cepheus-damage", CEPHEUS, "Damage & wounds",
         "Damage to Strength, Dexterity and Endurance, and the wound state from the Damage "
         "Results table.",
         "webapp.pages.cepheus.damage:CepheusDamageView"),
    Page("cepheus-vehicle", CEPHEUS, "Vehicle damage",
         "Single, double and triple hits from damage, hit-location odds of the external, "
         "internal and robot tables, and what repeated hits do.",
         "webapp.pages.cepheus.vehicle:CepheusVehicleView"),
    Page("cepheus-initiative", CEPHEUS, "Initiative",
         "A round-order tracker: 2D6 + DEX DM, ambush, hastening, reactions, delay, Tactics "
         "and Leadership.",
         "webapp.pages.cepheus.initiative:CepheusInitiativeView"),
    Page("cepheus-recovery", CEPHEUS, "Recovery planner",
         "First aid, surgery, medical care and natural healing: the exact chance of being whole "
         "again day by day, the wake-up odds minute by minute, fatigue rest.",
         "webapp.pages.cepheus.recovery:CepheusRecoveryView"),
    Page("cepheus-grappling", CEPHEUS, "Grappling",
         "The opposed Natural Weapons check: exact odds to win, tie or lose, every option's "
         "odds and damage, and a roll with its log.",
         "webapp.pages.cepheus.grappling:CepheusGrapplingView"),
    Page("cepheus-explosions", CEPHEUS, "Explosions",
         "Caught in an explosion: take it, dodge (less 1D6) or dive for cover (half, prone), "
         "each choice's exact damage side by side, the odds of each wound, and a roll.",
         "webapp.pages.cepheus.explosions:CepheusExplosionsView"),
    Page("cepheus-suppression", CEPHEUS, "Suppression fire",
         "Suppression fire at DM -2 and double ammunition: the chance to suppress, the "
         "Initiative penalty (highest Effect of several hits), who it cannot affect, and a roll.",
         "webapp.pages.cepheus.suppression:CepheusSuppressionView"),
    Page("cepheus-fight", CEPHEUS, "Fight forecast",
         "A duel, or focus fire on one target: the exact chance each side is still standing "
         "round by round as wounds lower the odds, how it ends, the state after N rounds, and "
         "a rolled fight.",
         "webapp.pages.cepheus.fight:CepheusFightView"),
    Page("cepheus-vehicle-combat", CEPHEUS, "Vehicle combat",
         "Collisions, the exploding vehicle, weave, ram, evasive action and ground weapons at "
         "starship-scale targets: every party's exact damage and chances, and a roll.",
         "webapp.pages.cepheus.vehicle_combat:CepheusVehicleCombatView"),
    Page("lurasko-attack", LURASKO, "Attack resolver",
         "One attack that hit, step by step: shielding, critical hit, drive, armor range, "
         "resistances, degrees of injury and energy side effects, with the shield points left.",
         "webapp.pages.lurasko.attack:LuraskoAttackView"),
    Page("lurasko-armor", LURASKO, "Armor chart",
         "Damage taken against drive for an armor range, electric damage through metallic "
         "armor alongside.",
         "webapp.pages.lurasko.armor:LuraskoArmorView"),
    Page("lurasko-pseudogravity", LURASKO, "Pseudogravity",
         "Pseudogravity points needed to affect a target: pound weight, inventory, flying SPD "
         "and overlapping ætherial silencing.",
         "webapp.pages.lurasko.pseudogravity:LuraskoPseudogravityView"),
    Page("lurasko-aoe-shielding", LURASKO, "AoE and ZAoE shielding",
         "An AoE or ZAoE against the shields of each character in the area: impact and area "
         "damage, what the shields absorbed, the points left and every rule in order.",
         "webapp.pages.lurasko.aoe_shielding:LuraskoAoEShieldingView"),
    Page("lurasko-auras", LURASKO, "Damage auras",
         "What provokes a damage aura, what it may expend, and its hit through the attacker's "
         "armor and shields, both incidents resolved before injuries.",
         "webapp.pages.lurasko.auras:LuraskoAurasView"),
    Page("lurasko-hits", LURASKO, "Hits forecast",
         "The same attack again and again, shield points carried from hit to hit: the exact "
         "chance of each degree of injury by attack, the shields left, and a rolled string.",
         "webapp.pages.lurasko.hits:LuraskoHitsView"),
)  # fmt: skip
"""Every page, in navigation order (grouped by system)."""


def find_page(slug: str) -> Page:
    """The page with this slug; ValueError naming the known ones otherwise."""
    for page in PAGES:
        if page.slug == slug:
            return page
    known = ", ".join(page.slug for page in PAGES)
    raise ValueError(f"page must be one of {known}, got {slug!r}")


def pages_of(system: System) -> tuple[Page, ...]:
    """The pages of ``system``, in navigation order."""
    return tuple(page for page in PAGES if page.system is system)
