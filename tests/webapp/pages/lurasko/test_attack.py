"""The Lur-Asko attack resolver page (webapp/pages/lurasko/attack.py), headless: its numbers are
what rules.lurasko computes, its source examples, its slots, its defense roll and Roll it."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import lurasko
from rules.lurasko import (
    Attack,
    CriticalEffect,
    Precision,
    Resistance,
    Shield,
    Target,
    WeaponHit,
)
from webapp.app import App
from webapp.pages.lurasko.attack import (
    CRITICAL_LABELS,
    LuraskoAttack,
    LuraskoAttackView,
    render_steps,
)

ENERGY_ONLY: dict[str, Any] = {"w1_normal_damage": 0, "w1_normal_drive": 0}


def weapon(*args: Any, **kw: Any) -> WeaponHit:
    kw.setdefault("name", "weapon 1")
    return WeaponHit(*args, **kw)


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


SWORD = WeaponHit(32, 15, 24, "heat", name="weapon 1")  # the resolver's default weapon


def test_defense_roll_decides_the_critical() -> None:
    # Source: "if a character's TN during a defense roll is 14, they must roll a 34 or higher".
    m = LuraskoAttack(critical="drive", defense_tn=14, defense_roll=33)
    assert m.result.critical is None and not m.result.missed
    assert m.result.resolution == lurasko.resolve_attack(Attack(SWORD), Target(10, (16, 28)))
    m.defense_roll = 34
    assert m.result.critical is lurasko.CriticalEffect.DRIVE
    assert m.result.resolution == lurasko.resolve_attack(
        Attack(SWORD, critical="drive"), Target(10, (16, 28))
    )
    # Rules doctest: the sword with +10 drive: 16 (drive 25) and 24 heat (34): 4 degrees.
    assert m.result.resolution.degrees == 4
    m.critical = "none"  # e.g. a ranged weapon out of its Marksmanship range
    assert m.result.critical is None
    view = LuraskoAttackView(m)
    assert "data-testid='critical'>no<" in view._summary.object
    assert "data-margin='20'" in view._defense.object
    assert {"injury type", "drive", "none"} == set(CRITICAL_LABELS)


def test_a_successful_defense_roll_misses_after_low_and_medium_shields() -> None:
    m = LuraskoAttack(
        form="ranged", w1_normal_damage=0, w1_normal_drive=0, w1_energy_damage=40,
        s1_level="medium", s1_points=10, s2_level="high", s2_points=10, defense_roll=14,
    )  # fmt: skip
    r = m.result
    assert r.missed
    assert r.shield_points == (0, 10)  # the medium shield acted; high only acts on a hit
    assert [s.label for s in r.steps] == ["Damage and drive", "Medium precision shielding"]
    view = LuraskoAttackView(m)
    assert "data-testid='total-damage'>0<" in view._summary.object
    assert "data-testid='critical'>missed<" in view._summary.object
    m.defense_roll = 15
    assert not m.result.missed and m.result.shield_points == (0, 0)


def test_roll_it_is_seeded_and_reproducible() -> None:
    m = LuraskoAttack(seed=7)
    first = m.roll()
    again = m.roll()
    assert first == again
    assert first.roll == random.Random(7).randint(1, 100)
    expected = m.outcome(first.roll)
    assert first.outcome == expected
    assert first.log[0] == f"Roll the defense: 1 die of 100 sides = {first.roll}."
    damage = 0 if expected.missed else expected.resolution.total_damage
    assert first.log[-1].startswith(f"Damage taken: {damage}")
    # A roll that is critical at TN 14 with a d40 and seed s: the log says so.
    m.param.update(defense_die=40)
    seed = next(s for s in range(1000) if random.Random(s).randint(1, 40) >= 34)
    m.seed = seed
    rolled = m.roll()
    assert rolled.outcome.critical is lurasko.CriticalEffect.INJURY_TYPE
    assert "a critical hit" in rolled.log[1]
    # The button: rolls, logs, and moves the seed on by one.
    view = LuraskoAttackView(m)
    view.roll_it.roll()
    assert m.seed == seed + 1
    assert "data-testid='roll-log'" in view.roll_it.log.object
    assert "1 die of 40 sides" in view.roll_it.log.object
    m.w1_normal_damage = 30  # another attack: the old log goes
    assert "roll-log" not in view.roll_it.log.object


def test_a_damage_aura_has_nothing_to_roll() -> None:
    m = LuraskoAttack(form="damage aura")
    rolled = m.roll()
    assert rolled.roll is None and rolled.log[0].startswith("No roll")


def test_old_links_that_chose_the_critical_still_resolve_as_before() -> None:
    app = App()
    old = {"page": "lurasko-attack", "critical": "drive", "w1_precise": "1"}
    app.apply_search("?" + urlencode(old))
    assert app.notice == ""
    m = app.view_of("lurasko-attack").model
    assert (m.defense_roll, m.defense_tn) == (34, 14)  # TN + 20: the least critical roll
    precise = WeaponHit(32, 15, 24, "heat", precise=True, name="weapon 1")
    assert m.result.resolution == lurasko.resolve_attack(
        Attack(precise, critical="drive"), Target(10, (16, 28))
    )
    # critical=none meant no critical hit, and still does.
    app.apply_search("?page=lurasko-attack&critical=none&defense_roll=90")
    assert app.notice == "" and m.result.critical is None
    # A link that gives the roll keeps it.
    app.apply_search("?page=lurasko-attack&critical=drive&defense_roll=20")
    assert m.defense_roll == 20 and m.result.critical is None
    # An unknown name is ignored; a malformed value falls back to the defaults, with a notice.
    app.apply_search("?page=lurasko-attack&no_such_input=1&defense_roll=20")
    assert app.notice == ""
    app.apply_search("?page=lurasko-attack&defense_roll=abc")
    assert app.notice.startswith("This link could not be used as it was")
    assert "Defense roll (roll-under" in app.notice
    assert m.defense_roll == 20
