"""How the "Rules in force" control names each rule switch: a short label and the passage.

One row per field of the systems' ``Variant`` records (:mod:`rules.cepheus`,
:mod:`rules.moo2`, :mod:`rules.lurasko`): the short label its widget shows, and where the
point is in the sources (file and section), shown under it with the field's one-sentence
summary (``variant_fields()``). The readings themselves, with the passages quoted, are in each
field's docstring and in ``rules/SOURCES.md`` ("Rule variants"); a test checks that every field
has a row here.
"""

from __future__ import annotations

from typing import Final

__all__ = ["SWITCHES", "Switch"]

_CE: Final = "003_c7092257a5e3046d.txt, Personal Combat"
_MOO: Final = "000_3948ba1900819cb7.txt"
_DF: Final = "001_cd7e90afc4e65868.txt, Defensive Fire"
_LA: Final = "002_64b8e17f45694c25.txt, combat chapter"


class Switch(tuple[str, str]):
    """(short label, passage) of one switch."""

    __slots__ = ()

    @property
    def label(self) -> str:
        return self[0]

    @property
    def passage(self) -> str:
        return self[1]


def _s(label: str, passage: str) -> Switch:
    return Switch((label, passage))


SWITCHES: Final[dict[str, Switch]] = {
    # Cepheus Engine (rules.cepheus.Variant)
    "aim_for_the_kill_per_action": _s(
        "Aiming for the Kill: damage per action", f"{_CE}, “Aiming for the Kill”"
    ),
    "natural_two_twelve": _s(
        "Natural 2 fails, natural 12 succeeds (house rule)",
        "not in the chapter (sources README: “A natural 2 or 12 is not automatic”); twodsix #168",
    ),
    "full_cover_dm": _s("Full cover DM", f"{_CE}, “Cover Modifiers” vs “Common Modifiers”"),
    "prone_short_range_dm": _s(
        "Prone target at Short range: DM", f"{_CE}, “Stance” vs “Common Modifiers”"
    ),
    "range_band_column": _s(
        "Range bands read by the column of", f"{_CE}, “Personal Combat Range Bands”"
    ),
    "effect_six_minimum_damage": _s(
        "Effect 6+ always does 1 damage through armor", f"{_CE}, “Armor”"
    ),
    "dodge_in_cover_dm": _s("Dodge in cover: DM", f"{_CE}, “Dodging” vs “Common Modifiers”"),
    "grenades_add_effect": _s(
        "Grenades add the Effect to damage", f"{_CE}, “Thrown Weapons” vs “Damage”"
    ),
    "minor_actions_per_round": _s(
        "Minor actions in a round", f"{_CE}, “Minor Actions”, “Significant Actions”"
    ),
    "vehicle_double_replaces_singles": _s(
        "Past 33 points a Double Hit replaces two Singles", f"{_CE}, “Vehicle Damage” table"
    ),
    "disarm_succeeds_by": _s("Disarm “succeeds by 6+” measures", f"{_CE}, “Grappling”"),
    "grapple_damage_effect": _s("Grapple damage “2 + the Effect” uses", f"{_CE}, “Grappling”"),
    "extreme_range_halving_before_armor": _s(
        "Extreme range: energy damage halved before armor", f"{_CE}, “Extreme Range Firing”"
    ),
    "tactics_failure_lowers_initiative": _s(
        "A failed Tactics check lowers Initiative", f"{_CE}, “Tactics and Leadership”"
    ),
    "dive_for_cover_round_up": _s(
        "Diving for cover: half rounded up", f"{_CE}, “Explosions”, “Extreme Range Firing”"
    ),
    "dive_for_cover_before_armor": _s(
        "Diving for cover: halved before armor", f"{_CE}, “Explosions”, “Armor”"
    ),
    # Master of Orion II (rules.moo2.Variant)
    "formula": _s(
        "Chance-to-hit formula",
        f"{_MOO}, “Classic Chance to Hit Formula”, “1.50 Alternative Chance to Hit Formula”",
    ),
    "edition": _s("Inherent 2x range penalty: weapons of", f"{_MOO}, “Range Penalty to Accuracy”"),
    "fighter_td_bonus": _s("Fighters' TD speed bonus", f"{_MOO}, “Beam Defense of Fighters”"),
    "helmsman_bonus": _s("HelmsmanBonus exists", f"{_MOO}, “Beam Defense of Fighters”"),
    "pd_bonus_in_sure_hit": _s(
        "PD +25 counts in the sure hit [2]", f"{_MOO}, “Classic Chance to Hit Formula”"
    ),
    "defensive_fire": _s("Defensive Fire rules", _DF),
    "first_turn_dfr": _s("First turn's DFR “three times lower”, rounded", _DF),
    "planet_halving": _s("Planet's halving", f"{_MOO}, “Beam ship weapons”"),
    "beyond_table": _s("Squares beyond the range table", f"{_MOO}, “Range Penalty to Accuracy”"),
    # Legends of Lur-Asko (rules.lurasko.Variant)
    "defense_die": _s("Defense die: sides (not in this chapter)", f"{_LA}, “Critical Hits”"),
    "injury_crossing": _s(
        "Injury factor: a multiple is crossed by",
        f"{_LA}, “Damage, Drive, & Armor Ranges”, “Combined Energy/Normal Damage”",
    ),
    "war_fever_pairs": _s("War fever: pairs of degrees counted", f"{_LA}, “Energy Damage”"),
}
"""Every switch's short label and passage, by field name."""
