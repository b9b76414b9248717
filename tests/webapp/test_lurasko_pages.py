"""The Lur-Asko page models, headless: they show exactly what rules.lurasko computes.

The source's worked examples (002_64b8e17f45694c25.txt) are entered through the page models.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from rules.lurasko import (
    AttackForm,
    AttackOrigin,
    CriticalEffect,
    EnergyType,
    Precision,
    Resistance,
    Shield,
    SilencingPlace,
    Target,
    WeaponHit,
)
from webapp.pages import PAGES, find_page
from webapp.pages.lurasko.armor import MAX_SPAN, LuraskoArmor, LuraskoArmorView
from webapp.pages.lurasko.attack import (
    AGAINST_LABELS,
    CRITICAL_LABELS,
    ENERGY_LABELS,
    FORM_LABELS,
    LEVEL_LABELS,
    ORIGIN_LABELS,
    LuraskoAttack,
    LuraskoAttackView,
    render_steps,
)
from webapp.pages.lurasko.pseudogravity import (
    PLACE_LABELS,
    LuraskoPseudogravity,
    LuraskoPseudogravityView,
)

ENERGY_ONLY: dict[str, Any] = {"w1_normal_damage": 0, "w1_normal_drive": 0}


def weapon(*args: Any, **kw: Any) -> WeaponHit:
    kw.setdefault("name", "weapon 1")
    return WeaponHit(*args, **kw)


# --- registry and choices -----------------------------------------------------------------


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


# --- attack resolver ----------------------------------------------------------------------


def test_attack_defaults_match_the_rules() -> None:
    m = LuraskoAttack()
    assert m.error == ""
    # Source: a melee weapon of 32 (15 drive) with 24 extra heat damage, against 16-28 armor.
    expected = lurasko.resolve_attack(
        lurasko.Attack(weapon(32, 15, 24, "heat")), Target(10, (16, 28))
    )
    assert m.result.resolution == expected
    assert (expected.total_damage, expected.degrees) == (12, 1)


def test_attack_source_example_armor_range() -> None:
    # Source: "a weapon with 17 (20 drive) damage ... within your armor range of 16-28, so you
    # would take only 8 damage."
    m = LuraskoAttack(w1_normal_damage=17, w1_normal_drive=20, w1_energy_damage=0)
    assert m.result.resolution.total_damage == 8
    assert m.result.resolution == lurasko.resolve_attack(
        lurasko.Attack(weapon(17, 20)), Target(10, (16, 28))
    )


@pytest.mark.parametrize(("heat", "heat_drive"), [(8, 15), (24, 24)])
def test_attack_source_example_combined_drive(heat: int, heat_drive: int) -> None:
    # Source: "32 normal damage and 8 heat damage, each of which has a drive of 15"; "32 normal
    # damage with a drive of 15, and 24 heat damage with a drive of 24".
    m = LuraskoAttack(w1_energy_damage=heat, armor=False)
    portions = [(p.label, p.damage, p.drive) for p in m.result.resolution.portions]
    assert portions == [("normal", 32, 15), ("heat", heat, heat_drive)]


def test_attack_source_example_elf_with_energy_affinity() -> None:
    # Source: "elves take 75% damage from frost, so an elf that additionally gains 50% frost
    # resistance from Energy Affinity (Arcana) would take a total of 37% damage from frost."
    m = LuraskoAttack(
        **ENERGY_ONLY,
        w1_energy_damage=100,
        w1_energy_type="frost",
        form="ranged",
        armor=False,
        r1_against="frost",
        r1_percent=75,
        r1_label="elf",
        r2_against="frost",
        r2_percent=50,
        r2_label="Energy Affinity",
    )
    r = m.result.resolution
    assert r.total_damage == 37
    elf = (Resistance("frost", 75, "elf"), Resistance("frost", 50, "Energy Affinity"))
    assert r == lurasko.resolve_attack(
        lurasko.Attack(weapon(0, 0, 100, "frost"), form="ranged"), Target(10, resistances=elf)
    )
    assert r.total_damage == lurasko.scale_damage(100, [75, 50])
    step = next(s for s in r.steps if s.label == "Damage resistances and weaknesses")
    assert "75% (elf), then 50% (Energy Affinity)" in step.explanation


def test_attack_source_example_construct_and_vampire_weaknesses() -> None:
    # Source: "constructs take 150% damage from electric energy damage"; "vampires take 150%
    # damage from non-blunt quartz weapons" (base and STR damage only, not added energy).
    construct = LuraskoAttack(
        **ENERGY_ONLY, w1_energy_damage=20, w1_energy_type="electric", armor=False,
        organic=False, r1_against="electric", r1_percent=150,
    )  # fmt: skip
    assert construct.result.resolution.total_damage == 30
    vampire = LuraskoAttack(
        w1_normal_damage=20, w1_normal_drive=40, w1_energy_damage=10,
        w1_tags="steel, non-blunt quartz", armor=False,
        r1_against="weapon kind", r1_tag="non-blunt quartz", r1_percent=150,
    )  # fmt: skip
    portions = [(p.label, p.damage) for p in vampire.result.resolution.portions]
    assert portions == [("normal", 30), ("heat", 10)]
    assert vampire.result.resolution == lurasko.resolve_attack(
        lurasko.Attack(weapon(20, 40, 10, "heat", tags=("steel", "non-blunt quartz"))),
        Target(10, resistances=(Resistance("non-blunt quartz", 150),)),
    )


def test_attack_source_example_shield_and_slots() -> None:
    # Source: "if a character with 50 shielding points shields an energy attack of 40 damage,
    # they subtract 40 shielding points to reduce the damage to 0, and have 10 shielding
    # points remaining." Only slot 2 is in play: its points left are shown as shield 2.
    m = LuraskoAttack(
        **ENERGY_ONLY, w1_energy_damage=40, w1_energy_type="particle", form="ranged",
        s2_level="medium", s2_points=50,
    )  # fmt: skip
    r = m.result.resolution
    assert (r.total_damage, r.shield_points) == (0, (10,))
    assert [(slot, item.level) for slot, item in m.result.shields] == [(2, Precision.MEDIUM)]
    view = LuraskoAttackView(model=m)
    assert "data-testid='shield-2-left'>10<" in view._shields.object
    assert "shield-1-left" not in view._shields.object


def test_attack_shields_in_order_of_precision_with_two_weapons_and_a_critical() -> None:
    m = LuraskoAttack(
        **ENERGY_ONLY, w1_energy_damage=60, w1_energy_type="heat", form="ranged",
        critical="drive", defense_roll=34, drive_bonus=2,
        w2_on=True, w2_normal_damage=0, w2_normal_drive=0, w2_energy_damage=30,
        w2_energy_type="blast",
        s1_level="high", s1_points=10, s2_level="medium", s2_points=20,
        s3_level="low", s3_points=15, s3_techshield=True,
    )  # fmt: skip
    shields = [
        Shield("high", 10, "shield 1"),
        Shield("medium", 20, "shield 2"),
        Shield("low", 15, "shield 3", doubly_effective_vs_blast=True),
    ]
    attack = lurasko.Attack(
        (weapon(0, 0, 60, "heat"), WeaponHit(0, 0, 30, "blast", name="weapon 2")),
        form="ranged",
        critical="drive",
        drive_bonus=2,
    )
    expected = lurasko.resolve_attack(attack, Target(10, (16, 28)), shields)
    assert m.result.resolution == expected
    assert m.result.weapons == (1, 2)
    html = render_steps(expected)
    assert html.count("data-testid='step'") == len(expected.steps)
    for step in expected.steps:
        for name, value in step.numbers:
            assert f"data-name='{name}' data-value='{value}'" in html


def test_attack_damage_aura_and_injury_type() -> None:
    m = LuraskoAttack(form="damage aura", **ENERGY_ONLY, w1_energy_damage=25)
    assert m.result.resolution.injury_type is lurasko.InjuryTypeRule.CORE
    # A damage aura cannot be dodged: no defense roll, so no critical hit whatever the roll.
    m.param.update(critical="drive", defense_roll=90)
    assert m.error == ""
    assert not m.result.defense.applies and m.result.critical is None
    assert m.result.resolution == lurasko.resolve_attack(
        lurasko.Attack(weapon(0, 0, 25, "heat"), form="damage aura"), Target(10, (16, 28))
    )
    view = LuraskoAttackView(m)
    assert "data-testid='critical'" in view._summary.object and "no roll" in view._summary.object
    m.form = "melee"  # roll 90 against TN 14: failed by 76, a critical hit (+drive)
    assert m.error == ""
    assert m.result.critical is CriticalEffect.DRIVE
    assert not m.result.resolution.provokes_damage_aura


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"w1_normal_damage": -1}, "w1_normal_damage"),
        ({"w1_normal_drive": None}, "w1_normal_drive"),
        ({"w2_on": True, "w2_energy_damage": -3}, "w2_energy_damage"),
        ({"drive_bonus": -1}, "drive_bonus"),
        ({"injury_factor": 0}, "injury_factor"),
        ({"armor_low": -2}, "armor_low"),
        ({"armor_high": 3}, "armor_high"),
        ({"r2_against": "weapon kind", "r2_tag": "  "}, "r2_tag"),
        ({"r1_against": "heat", "r1_percent": -50}, "r1_percent"),
        ({"s3_level": "high", "s3_points": -5}, "s3_points"),
    ],
)
def test_attack_bad_input_keeps_the_last_result_and_names_the_input(
    changes: dict[str, Any], named: str
) -> None:
    m = LuraskoAttack()
    good = m.result
    m.param.update(changes)
    assert m.result is good
    assert m.error_input == named
    assert m.error.startswith(f"{m.label_of(named)} must be")


def test_attack_a_slot_error_names_the_slot_never_the_input() -> None:
    m = LuraskoAttack(s2_level="low", s2_points=-1)
    assert m.error_input == "s2_points"
    assert m.error == "Shield 2: shielding points must be an integer >= 0, got -1"
    m.param.update(s2_points=5, w2_on=True, w2_normal_drive=-4)
    assert m.error.startswith("Weapon 2: normal drive must be")
    m.param.update(w2_normal_drive=4, r3_against="heat", r3_percent=-1)
    assert m.error.startswith("Resistance 3: percent of damage taken")
    assert "r3_percent" not in m.error


def test_attack_bad_input_in_an_unused_slot_is_shown_beside_its_box() -> None:
    # A slot not in play does not change the numbers, but a bad value in its box is shown.
    m = LuraskoAttack()
    good = m.result
    for name in ("w2_energy_damage", "r1_percent", "s1_points", "armor_low"):
        m.param.update({name: -1, "armor": False})
        assert (m.error_input, m.result) == (name, good)
        m.reset()
    m.param.update(armor=False, s3_points=7, r2_percent=10, w2_normal_drive=3)
    assert m.error == ""
    assert m.result.resolution == lurasko.resolve_attack(
        lurasko.Attack(weapon(32, 15, 24, "heat")), Target(10)
    )


def test_attack_card_titles_say_what_is_in_play() -> None:
    view = LuraskoAttackView()
    assert view._shield_card.title == "Energy shields (0 in play)"
    view.model.param.update(s1_level="low", s3_level="high", w2_on=True)
    assert view._shield_card.title == "Energy shields (2 in play)"
    assert view._weapon_cards[1].title == "Weapon 2"


SMALL = st.one_of(st.none(), st.integers(-3, 60))


def selector(model: type[Any], name: str) -> st.SearchStrategy[str]:
    return st.sampled_from(list(model.param[name].objects))


@settings(max_examples=150, deadline=None)
@given(
    ints=st.fixed_dictionaries(
        {
            name: SMALL
            for name in (
                "w1_normal_damage",
                "w1_normal_drive",
                "w1_energy_damage",
                "w2_energy_damage",
                "injury_factor",
                "armor_low",
                "armor_high",
                "drive_bonus",
                "r1_percent",
                "s1_points",
                "s2_points",
                "defense_roll",
                "defense_tn",
            )
        }
    ),
    choices=st.fixed_dictionaries(
        {
            name: selector(LuraskoAttack, name)
            for name in (
                "form",
                "origin",
                "critical",
                "w1_energy_type",
                "w2_energy_type",
                "r1_against",
                "s1_level",
                "s2_level",
            )
        }
    ),
    flags=st.fixed_dictionaries(
        {
            name: st.booleans()
            for name in (
                "w2_on",
                "w1_precise",
                "w1_stopped",
                "armor",
                "metallic",
                "organic",
                "s1_techshield",
                "s1_inside",
            )
        }
    ),
    text=st.text(alphabet="quartzadmn ,-", max_size=12),
)
def test_attack_any_input_gives_a_result_or_an_error_never_a_crash(
    ints: dict[str, Any], choices: dict[str, str], flags: dict[str, bool], text: str
) -> None:
    m = LuraskoAttack()
    m.param.update(**ints, **choices, **flags, w1_tags=text, r1_tag=text)
    if m.error:
        assert m.error_input in ("", *m.inputs)
        return
    r = m.result.resolution
    assert r.total_damage == sum(p.damage for p in r.portions)
    assert r.degrees == lurasko.degrees_of_injury(r.total_damage, m.injury_factor)
    # The same attack, built from the raw values with the rules' own classes.
    hits = [
        WeaponHit(
            m.w1_normal_damage, m.w1_normal_drive, m.w1_energy_damage,
            m.w1_energy_type if m.w1_energy_damage else None, precise=m.w1_precise,
            tags=tuple(t.strip() for t in text.split(",") if t.strip()),
            stopped_by_kinetic_shield=m.w1_stopped, name="weapon 1",
        )
    ]  # fmt: skip
    if m.w2_on:
        energy = m.w2_energy_damage
        hits.append(
            WeaponHit(10, 10, energy, m.w2_energy_type if energy else None, name="weapon 2")
        )
    shields = [
        Shield(getattr(m, f"s{n}_level"), getattr(m, f"s{n}_points"), f"shield {n}",
               doubly_effective_vs_blast=m.s1_techshield and n == 1,
               attack_from_inside=m.s1_inside and n == 1)
        for n in (1, 2) if getattr(m, f"s{n}_level") != "none"
    ]  # fmt: skip
    resistances = ()
    if m.r1_against != "none":
        against = text.strip() if m.r1_against == "weapon kind" else m.r1_against
        resistances = (Resistance(against, m.r1_percent),)
    # The defense roll decides: roll-under, critical when failed by 20 or more; on a miss
    # only low and medium shields (before the defense roll) act.
    aura = m.form == "damage aura"
    critical = lurasko.is_critical(m.defense_roll, m.defense_tn) and m.critical != "none"
    missed = not aura and m.defense_roll <= m.defense_tn
    assert m.result.missed is missed
    expected = lurasko.resolve_attack(
        lurasko.Attack(
            tuple(hits), form=m.form, origin=m.origin,
            critical=m.critical if critical and not aura else None, drive_bonus=m.drive_bonus,
        ),
        Target(m.injury_factor, (m.armor_low, m.armor_high) if m.armor else None,
               metallic=m.metallic, organic=m.organic, resistances=resistances),
        [s for s in shields if not (missed and s.level is Precision.HIGH)],
    )  # fmt: skip
    assert r == expected


# --- armor chart --------------------------------------------------------------------------


def test_armor_defaults_are_the_source_example() -> None:
    # Source: "a weapon with 17 (20 drive) damage, the drive is within your armor range of
    # 16-28, so you would take only 8 damage."
    m = LuraskoArmor()
    assert (m.damage, m.drive, m.armor_low, m.armor_high) == (17, 20, 16, 28)
    assert m.result.taken == lurasko.damage_through_armor(17, 20, (16, 28)) == 8
    assert m.result.band is lurasko.ArmorBand.WITHIN
    assert m.result.chart == lurasko.armor_chart(17, (16, 28), (0, 40))
    assert m.result.chart_electric == lurasko.armor_chart(
        17, (16, 28), (0, 40), electric=True, metallic=True
    )


def test_armor_electric_through_metallic_armor() -> None:
    # Source: "electric damage causes full damage instead of half if its drive is within the
    # armor range (drive below armor range is still blocked entirely)."
    m = LuraskoArmor(electric=True, metallic=True)
    assert m.result.taken == 17
    m.drive = 15
    assert m.result.taken == 0
    m.metallic = False
    m.drive = 16
    assert m.result.taken == 8


def test_armor_view_chart_follows_the_rules_and_the_theme() -> None:
    view = LuraskoArmorView()
    m = view.model
    m.param.update(damage=30, armor_low=10, armor_high=12, chart_from=5, chart_to=20)
    rows = lurasko.armor_chart(30, (10, 12), (5, 20))
    data = view._source.data
    assert list(data["armor_drive"]) == [row.drive for row in rows]
    assert list(data["armor_taken"]) == [row.damage_taken for row in rows]
    electric = lurasko.armor_chart(30, (10, 12), (5, 20), electric=True, metallic=True)
    assert list(data["armor_taken_electric"]) == [row.damage_taken for row in electric]
    assert view._here.data == {"drive": [20], "taken": [30]}
    assert "data-testid='damage-taken'>30<" in view._summary.object
    view.set_theme("dark")
    dark = view._fig.background_fill_color
    m.armor_high = None  # an emptied box, then a theme change: still the last good result
    view.set_theme("light")
    assert view._fig.background_fill_color != dark
    assert list(view._source.data["armor_drive"]) == [row.drive for row in rows]


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"damage": -1}, "damage"),
        ({"drive": None}, "drive"),
        ({"armor_low": -1}, "armor_low"),
        ({"armor_high": 15}, "armor_high"),
        ({"chart_from": -1}, "chart_from"),
        ({"chart_to": MAX_SPAN + 1}, "chart_to"),
        ({"chart_from": 10, "chart_to": 9}, "chart_to"),
    ],
)
def test_armor_bad_input_keeps_the_last_result_and_names_the_input(
    changes: dict[str, Any], named: str
) -> None:
    m = LuraskoArmor()
    good = m.result
    m.param.update(changes)
    assert m.result is good
    assert m.error_input == named
    assert m.error.startswith(f"{m.label_of(named)} must be")


@settings(max_examples=150, deadline=None)
@given(
    values=st.fixed_dictionaries(
        {
            "damage": SMALL,
            "drive": SMALL,
            "armor_low": SMALL,
            "armor_high": SMALL,
            "chart_from": SMALL,
            "chart_to": st.one_of(st.none(), st.integers(-5, 700)),
            "electric": st.booleans(),
            "metallic": st.booleans(),
        }
    )
)
def test_armor_any_input_gives_a_result_or_an_error_never_a_crash(values: dict[str, Any]) -> None:
    m = LuraskoArmor()
    m.param.update(values)
    if m.error:
        assert m.error_input in m.inputs
        return
    expected = lurasko.damage_through_armor(
        values["damage"], values["drive"], (values["armor_low"], values["armor_high"]),
        electric=values["electric"], metallic=values["metallic"],
    )  # fmt: skip
    assert m.result.taken == expected
    assert len(m.result.chart) == values["chart_to"] - values["chart_from"] + 1


# --- pseudogravity ------------------------------------------------------------------------


def test_pseudogravity_defaults_match_the_rules() -> None:
    m = LuraskoPseudogravity()
    r = m.result
    assert r.weight == lurasko.effective_weight(150, 0, inventory=30) == 180
    assert r.needed == lurasko.points_needed(150, Fraction(1, 10), inventory=30) == 18
    assert r.effective == lurasko.effective_points(20, 1)
    assert r.enough is lurasko.can_affect(20, 150, Fraction(1, 10), inventory=30)


def test_pseudogravity_source_examples() -> None:
    # Source: "two overlapping areas of 4 silencing would create a total effect of 5 silencing"
    m = LuraskoPseudogravity(silencing1=4, silencing2=4)
    assert m.result.silencing == 5
    # Source: "4 silencing would mean that 4 times the normal number of pseudogravity points"
    m.param.update(silencing2=0)
    plain = LuraskoPseudogravity()
    assert m.result.needed == 4 * plain.result.needed
    # Source: "30% more weight if they have 3 flying SPD, 40% more for 4 flying SPD"
    for spd, weight in ((3, 130), (4, 140)):
        flyer = LuraskoPseudogravity(pounds=100, inventory=0, flying_spd=spd)
        assert flyer.result.weight == weight
        assert flyer.result.flying_percent == lurasko.flying_weight_increase_percent(spd)


def test_pseudogravity_where_silencing_counts() -> None:
    m = LuraskoPseudogravity(
        silencing1=4, silencing2=6, silencing2_place="destination", silencing3=8,
        silencing3_place="user",
    )  # fmt: skip
    # Source: silencing "at the location the object begins in, not its destination"; users
    # "unaffected by silencing in their own location, unless that is also the location".
    assert m.result.silencing == 4
    m.user_at_effect = True
    assert m.result.silencing == lurasko.combined_silencing([8, 4])
    # Source: "Silencing has no effect on gravnet airships"
    m.gravnet_airship = True
    assert m.result.silencing == 1
    assert [counts for _, _, counts in m.result.levels] == [False, False, False]


def test_pseudogravity_least_whole_points_and_the_fraction_as_typed() -> None:
    m = LuraskoPseudogravity(pounds=15, inventory=0, flying_spd=3, weight_fraction="0.1")
    exact = lurasko.points_needed(15, Fraction(1, 10), flying_spd=3)
    assert m.result.needed == exact == Fraction(39, 20)
    assert m.result.least_points == 2 == math.ceil(exact)
    assert lurasko.can_affect(2, 15, Fraction(1, 10), flying_spd=3)
    assert not lurasko.can_affect(1, 15, Fraction(1, 10), flying_spd=3)
    view = LuraskoPseudogravityView(model=m)
    assert "data-testid='points-needed'>2<" in view._summary.object
    assert "exactly 1.95" in view._summary.object
    assert "data-testid='effective-weight'>19.5<" in view._explanation.object


@pytest.mark.parametrize(
    ("changes", "named", "message"),
    [
        ({"weight_fraction": "abc"}, "weight_fraction", "got 'abc'"),
        ({"weight_fraction": "1/0"}, "weight_fraction", "got '1/0'"),
        ({"weight_fraction": "0"}, "weight_fraction", "got '0'"),
        ({"pounds": -1}, "pounds", "got -1"),
        ({"inventory": None}, "inventory", "got nothing"),
        ({"flying_spd": -2}, "flying_spd", "got -2"),
        ({"points": -1}, "points", "got -1"),
        ({"silencing2": -1}, "silencing2", "got -1"),
    ],
)
def test_pseudogravity_bad_input_keeps_the_last_result_and_names_the_input(
    changes: dict[str, Any], named: str, message: str
) -> None:
    m = LuraskoPseudogravity()
    good = m.result
    m.param.update(changes)
    assert m.result is good
    assert m.error_input == named
    assert m.error.startswith(f"{m.label_of(named)} must be") and m.error.endswith(message)


@settings(max_examples=150, deadline=None)
@given(
    values=st.fixed_dictionaries(
        {
            "pounds": SMALL,
            "inventory": SMALL,
            "flying_spd": SMALL,
            "points": SMALL,
            "silencing1": SMALL,
            "silencing2": SMALL,
            "silencing3": SMALL,
            "silencing2_place": selector(LuraskoPseudogravity, "silencing2_place"),
            "user_at_effect": st.booleans(),
            "gravnet_airship": st.booleans(),
            "weight_fraction": st.one_of(
                st.text(alphabet="0123456789./- ", max_size=6),
                st.fractions(min_value=0, max_value=5).map(str),
            ),
        }
    )
)
def test_pseudogravity_any_input_gives_a_result_or_an_error_never_a_crash(
    values: dict[str, Any],
) -> None:
    m = LuraskoPseudogravity()
    m.param.update(values)
    if m.error:
        assert m.error_input in m.inputs
        return
    counted = [
        values[f"silencing{n}"]
        for n in (1, 2, 3)
        if values[f"silencing{n}"] != 0
        and lurasko.silencing_applies(
            values.get(f"silencing{n}_place", "effect"),
            user_at_effect=values["user_at_effect"],
            gravnet_airship=values["gravnet_airship"],
        )
    ]
    silencing = lurasko.combined_silencing(counted)
    fraction = Fraction(values["weight_fraction"].strip())
    assert m.result.needed == lurasko.points_needed(
        values["pounds"], fraction, flying_spd=values["flying_spd"],
        inventory=values["inventory"], silencing=silencing,
    )  # fmt: skip
    assert m.result.enough == (values["points"] >= m.result.needed)
