# Over 600 lines: one page (model, result and view in one module, as every page): the attack's
# inputs are every modifier of the chapter.
"""Cepheus Engine attack: band, difficulty, every DM, the exact odds, Effect and damage, a roll.

Model: :class:`CepheusAttack` (inputs as parameters; :meth:`~CepheusAttack.compute` builds a
:class:`rules.cepheus.AttackSituation` and calls :func:`rules.cepheus.attack_odds`).
View: :class:`CepheusAttackView` (grouped inputs, figures, the DM breakdown, two bar charts and
a seeded "Roll it" with the step-by-step log of :func:`rules.cepheus.roll_attack`).
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import panel as pn
import param

from rules import cepheus
from rules.validation import check_int
from webapp.components import (
    ChartWithTable,
    Figure,
    Later,
    LaterColumn,
    choices,
    figures_html,
    group,
    heading,
    html_pane,
    html_table,
    mean_text,
    note,
    signed,
    spell,
)
from webapp.formatting import percent
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.cepheus.range_bands import (
    UNITS,
    Distance,
    metres_text,
    read_distance,
    squares_text,
)
from webapp.pages.model import exact_decimal, input_error, inputs_named
from webapp.pages.view import PageView

__all__ = ["MAX_DAMAGE_DICE", "AttackResult", "CepheusAttack", "CepheusAttackView"]

MAX_DAMAGE_DICE = 20
"""The most weapon dice this page computes exactly (a limit of the page, not a rule: the
distribution of every roll is enumerated, and burst fire adds up to four more dice)."""

BURST_LABELS = {
    size: f"{size.rounds} round" + (" burst" if size.rounds > 1 else "")
    for size in cepheus.BurstSize
}
"""The "Burst Size" column of the Burst Fire Effects table: "1 round", "3 round burst", ..."""


@dataclass(frozen=True)
class AttackResult:
    """Everything the page shows for one set of inputs."""

    situation: cepheus.AttackSituation
    odds: cepheus.AttackOdds
    characteristic_dm: int
    distance: Distance
    outcomes: Mapping[int, cepheus.CheckOutcome]
    """The named outcome of each Effect the attack can have (the chart's labels)."""
    exceptional: Fraction
    """The chance of an exceptional success (Effect 6+)."""
    aim_rounds: int
    """The rounds that aiming then attacking takes (0: no aiming)."""

    @property
    def squares(self) -> Fraction:
        return self.distance.squares

    @property
    def metres(self) -> Fraction:
        return self.distance.metres


class CepheusAttack(CepheusCalculator):
    """One attack in Cepheus Engine personal combat (source: ``003_c7092257a5e3046d.txt``)."""

    error_inputs: ClassVar[dict[str, str]] = {
        "squares": "distance",
        "metres": "distance",
        "range": "distance",
        "panic": "fire_mode",
    }

    # --- the attacker
    skill = param.Integer(default=1, label="Combat skill level")
    unskilled = param.Boolean(default=False, label="Unskilled (no level in the skill)")
    unskilled_dm = param.Integer(default=0, label="Unskilled DM")
    characteristic = param.Integer(default=8, label="Dexterity (melee: Strength or Dexterity)")
    # --- the weapon
    weapon = param.Selector(objects=choices(cepheus.WeaponType), default="rifle", label="Weapon")
    damage_dice = param.Integer(default=3, label="Damage (D6)")
    damage_modifier = param.Integer(default=0, label="Damage modifier (the +2 of 1D6+2)")
    adds_effect = param.Boolean(
        default=True, label="Adds the Effect to damage (not grenades or other explosives)"
    )
    laser = param.Boolean(default=False, label="Laser weapon")
    energy = param.Boolean(default=False, label="Energy weapon (lasers, PGMPs)")
    recoil = param.Boolean(default=False, label="Weapon with recoil")
    # --- range and armor
    distance = param.Number(default=20, label="Distance to target")
    unit = param.Selector(objects=UNITS, default="squares", label="Distance in")
    armor = param.Integer(default=0, label="Target's armor")
    # --- aiming
    aim_actions = param.Integer(default=0, label="Aiming (minor actions)")
    aim_for_the_kill_actions = param.Integer(default=0, label="Aiming for the Kill (minor actions)")
    laser_sight = param.Boolean(default=False, label="Laser Sight")
    intelligent_weapon = param.Boolean(
        default=False, label="Intelligent Weapon, total DM within its program's tolerance"
    )
    # --- fire mode
    fire_mode = param.Selector(
        objects=choices(cepheus.FireMode), default="single", label="Fire mode"
    )
    burst = param.Selector(
        objects={label: size.value for size, label in BURST_LABELS.items()},
        default="1",
        label="Burst size (rounds)",
    )
    shotgun_spread = param.Boolean(default=False, label="Shotgun Spread (flechette rounds)")
    blind = param.Boolean(default=False, label="Blind Firing")
    firing_line_targets = param.Integer(
        default=1, label="Blind Firing: eligible targets in the firing line (friend or foe)"
    )
    # --- the target
    cover = param.Selector(objects=choices(cepheus.Cover), default="none", label="Cover")
    soft_cover = param.Boolean(default=False, label="Soft cover (infra-red sees through it)")
    target_stance = param.Selector(
        objects=choices(cepheus.Stance), default="standing", label="Target Stance"
    )
    target_movement_metres = param.Number(default=0, label="Movement: metres the target moved")
    reaction = param.Selector(
        objects=choices(
            cepheus.Reaction,
            {
                cepheus.Reaction.NONE: "None",
                cepheus.Reaction.DODGE: "Target Dodges",
                cepheus.Reaction.PARRY: "Target Parries",
            },
        ),
        default="none",
        label="Target's reaction",
    )
    dodge_obstruction = param.Boolean(
        default=False, label="Dodging target has an obstruction to duck behind"
    )
    parry_skill = param.Integer(default=0, label="Parrying defender's melee skill")
    # --- battlefield
    lighting = param.Selector(
        objects=choices(
            cepheus.Lighting,
            {cepheus.Lighting.NORMAL: "Light", cepheus.Lighting.DARKNESS: "Complete darkness"},
        ),
        default="normal",
        label="Darkness",
    )
    smoke = param.Selector(
        objects=choices(
            cepheus.Smoke, {cepheus.Smoke.SMOKE: "Smoke or Fog", cepheus.Smoke.THICK: "Thick"}
        ),
        default="none",
        label="Smoke or Fog",
    )
    extreme_weather = param.Boolean(
        default=False, label="Extreme Weather (driving wind, rain, snowstorms)"
    )
    sensor_targeting = param.Boolean(
        default=False, label="Targeting with sensors (light intensification, ...)"
    )
    infra_red = param.Boolean(default=False, label="Infra-Red sensors")
    # --- the attacker's round
    hastened = param.Boolean(default=False, label="Attacker acting hastily this round")
    reactions_taken = param.Integer(
        default=0, label="Reactions taken since the attacker's last action"
    )
    fatigued = param.Boolean(default=False, label="Attacker is fatigued")
    suppressed = param.Boolean(default=False, label="Attacker is suppressed")
    firing_into_combat = param.Boolean(
        default=False, label="Firing into Combat (target at Personal range to another combatant)"
    )
    # --- zero gravity
    zero_g = param.Boolean(default=False, label="Fighting in Zero Gravity")
    zero_g_skilled = param.Boolean(default=False, label="Has Zero-G skill")
    zero_g_skill = param.Integer(default=0, label="Zero-G skill level")
    # --- vehicles
    target_vehicle = param.Boolean(default=False, label="Target is a vehicle")
    target_evasive_effect = param.Integer(
        default=0, label="Evasive Action: Effect of the target's driver"
    )
    own_evasive_effect = param.Integer(
        default=0, label="Evasive Action: Effect of the attacker's own driver"
    )
    # --- extreme range, referee, dice
    extreme_range = param.Boolean(default=False, label="Extreme Range Firing (beyond Distant)")
    braced = param.Boolean(default=False, label="Stationary, firing from a rest")
    referee_dm = param.Integer(default=0, label="Other DM (Referee)")
    seed = param.Integer(default=1, label="Seed of the next roll")

    def situation(self) -> tuple[cepheus.AttackSituation, int, Distance]:
        """The :class:`~rules.cepheus.AttackSituation` of the inputs, the characteristic DM and
        the distance; an error about the input at fault otherwise."""
        with inputs_named("characteristic"):
            char_dm = cepheus.characteristic_dm(self.characteristic)
        distance = read_distance(self.distance, self.unit)
        if distance.whole_squares is not None:
            where: dict[str, Any] = {"squares": distance.whole_squares}
        else:
            where = {"metres": distance.metres}
        # Checked even while unused: an emptied box is an error (the view shows the input).
        check_int("skill", self.skill, 0)
        check_int("unskilled_dm", self.unskilled_dm)
        check_int("zero_g_skill", self.zero_g_skill, 0)
        dice = check_int("damage_dice", self.damage_dice, 0)
        if dice > MAX_DAMAGE_DICE:
            allowed = f"at most {MAX_DAMAGE_DICE} on this page (it enumerates every roll)"
            raise input_error("damage_dice", allowed, dice)
        movement = self.target_movement_metres
        situation = cepheus.AttackSituation(
            weapon=self.weapon,
            damage_dice=dice,
            **where,
            skill=None if self.unskilled else self.skill,
            unskilled_dm=self.unskilled_dm,
            characteristic_dm=char_dm,
            damage_modifier=self.damage_modifier,
            adds_effect=self.adds_effect,
            armor=self.armor,
            laser=self.laser,
            energy=self.energy,
            recoil=self.recoil,
            fire_mode=self.fire_mode,
            burst=self.burst,
            aim_actions=self.aim_actions,
            aim_for_the_kill_actions=self.aim_for_the_kill_actions,
            laser_sight=self.laser_sight,
            intelligent_weapon=self.intelligent_weapon,
            shotgun_spread=self.shotgun_spread,
            blind=self.blind,
            firing_line_targets=self.firing_line_targets,
            extreme_range=self.extreme_range,
            braced=self.braced,
            hastened=self.hastened,
            reactions_taken=self.reactions_taken,
            fatigued=self.fatigued,
            suppressed=self.suppressed,
            zero_g=self.zero_g,
            zero_g_skill=self.zero_g_skill if self.zero_g_skilled else None,
            firing_into_combat=self.firing_into_combat,
            cover=self.cover,
            soft_cover=self.soft_cover,
            target_stance=self.target_stance,
            reaction=self.reaction,
            dodge_obstruction=self.dodge_obstruction,
            parry_skill=self.parry_skill,
            target_movement_metres=(
                exact_decimal("target_movement_metres", movement) if movement is not None else None
            ),
            lighting=self.lighting,
            smoke=self.smoke,
            extreme_weather=self.extreme_weather,
            sensor_targeting=self.sensor_targeting,
            infra_red=self.infra_red,
            target_vehicle=self.target_vehicle,
            target_evasive_effect=self.target_evasive_effect,
            own_evasive_effect=self.own_evasive_effect,
            referee_dm=self.referee_dm,
        )
        return situation, char_dm, distance

    def compute(self) -> AttackResult:
        check_int("seed", self.seed)
        situation, char_dm, distance = self.situation()
        odds = cepheus.attack_odds(situation, variant=self.variant)
        effects = odds.effect or {}
        return AttackResult(
            situation,
            odds,
            char_dm,
            distance,
            outcomes={effect: cepheus.check_outcome(effect) for effect in effects},
            exceptional=(
                Fraction(0)
                if odds.effect is None
                else odds.effect.probability(lambda e: e >= cepheus.EXCEPTIONAL_EFFECT)
            ),
            aim_rounds=cepheus.rounds_to_aim(situation.aim_actions, variant=self.variant)
            if situation.aim_actions
            else 0,
        )

    def roll(self) -> cepheus.AttackRoll:
        """Roll the attack of the last good inputs with ``random.Random(seed)``."""
        result: AttackResult = self.result
        return cepheus.roll_attack(result.situation, random.Random(self.seed), variant=self.variant)


GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Aiming", ("aim_actions", "aim_for_the_kill_actions", "laser_sight", "intelligent_weapon")),
    ("Fire mode", ("fire_mode", "burst", "shotgun_spread", "blind", "firing_line_targets")),
    ("The target", ("cover", "soft_cover", "target_stance", "target_movement_metres")),
    ("The target's reaction", ("reaction", "dodge_obstruction", "parry_skill")),
    (
        "Battlefield conditions",
        ("lighting", "smoke", "extreme_weather", "sensor_targeting", "infra_red"),
    ),
    (
        "The attacker's round",
        ("hastened", "reactions_taken", "fatigued", "suppressed", "firing_into_combat"),
    ),
    ("Fighting in Zero Gravity", ("zero_g", "zero_g_skilled", "zero_g_skill")),
    ("Vehicles", ("target_vehicle", "target_evasive_effect", "own_evasive_effect")),
    ("Extreme Range Firing", ("extreme_range", "braced")),
    ("Referee", ("referee_dm",)),
)
"""The collapsible groups of modifiers, in the order of the page."""

NOTES = {
    "Aiming": f"Aiming gives +1 per minor action, at most +{cepheus.MAX_AIM_DM}; Aiming for the "
    f"Kill adds to damage instead, at most +{cepheus.MAX_AIM_FOR_THE_KILL_BONUS}. The Intelligent "
    "Weapon's program tolerance is not given in this chapter: tick it if it covers this attack.",
    "Fire mode": "Spraying adds the burst's attack DM, a grouped burst its extra damage. Panic "
    "fire takes the row of the rounds left in the weapon (small arms slug throwers only). "
    "Shotgun Spread: shotguns at Medium or Long range; it can also hit anyone at Personal range "
    "to the target, for which the chapter gives no roll. Blind Firing: skill 0, three dice with "
    "the highest dropped, and each success hits one of the eligible targets in the firing line "
    "at random (the intended one included).",
    "The target": "Cover: 1/4 undergrowth, small rock, corner of a building; 1/2 thick forest, "
    "low wall, crate; 3/4 jungle, trench, reinforced position; Full pillbox. A crouching or "
    "prone target claims cover one step higher. Coup de Grace needs no roll: a helpless "
    "opponent within close range of a melee weapon, or adjacent to a ranged one, is hit "
    "and dies.",
    "Battlefield conditions": "These affect ranged attacks only. Smoke penalties are doubled for "
    "laser weapons.",
    "Extreme Range Firing": "The source gives no distance for extreme range: set a distance in "
    "the Distant band and tick this. It needs skill 3+ and a stationary firer on a rest.",
    "Referee": f"For example DM +{cepheus.STARSHIP_SCALE_DM} for ground force weapons against "
    "starship-scale targets (their damage against such a target is starship combat).",
}


class CepheusAttackView(PageView):
    """The page: the attack's inputs; its exact odds, the DM breakdown, charts and a roll."""

    model_class = CepheusAttack
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Attack, Action Modifier, Reactions, Battlefield "
        "Conditions and Sensors, Blind Firing, Burst Fire, Cover, Extreme Range Firing, Fighting "
        "in Zero Gravity, Firing into Combat, Panic Fire, Shotgun Spread, Suppression Fire, "
        "Stance, Damage. Interpretations (rules/SOURCES.md): the Cover Modifiers table (Full -4) "
        "over the -0 to -6 summary; prone targets -2 at Short range too; Aiming for the Kill +1 "
        "damage per action, at most +6; the unskilled DM is an input; blind firing's target is "
        "equally likely any eligible one."
    )

    # --- inputs -------------------------------------------------------------------------------

    def sections(self) -> list[Any]:
        m = self.model
        unskilled_dm = LaterColumn(  # (hidden at start: its contents made when first shown)
            self.field("unskilled_dm"),
            Later(
                note,
                "The chapter does not give the DM of an unskilled attack: enter the one your "
                "game uses (also used in zero gravity without Zero-G skill).",
            ),
            sizing_mode="stretch_width",
            margin=0,
            visible=pn.bind(_needs_unskilled_dm, m.param.unskilled, m.param.zero_g,
                            m.param.zero_g_skilled, m.param.error_input),
        )  # fmt: skip
        self._cards: dict[str, pn.Card] = {}
        for title, names in GROUPS:
            parts: list[Any] = [self.field(name) for name in names]
            if title in NOTES:
                parts.append(Later(note, NOTES[title]))  # (made when first unfolded)
            self._cards[title] = group(title, *parts)
        m.param.watch(self._count_set, [name for _title, names in GROUPS for name in names])
        self._count_set()
        return [
            heading("The attacker", margin=(0, 10)),
            self.field("skill"),
            self.field("unskilled"),
            unskilled_dm,
            self.field("characteristic"),
            heading("The weapon"),
            *(self.field(name) for name in ("weapon", "damage_dice", "damage_modifier")),
            *(self.field(name) for name in ("adds_effect", "laser", "energy", "recoil")),
            heading("Range and armor"),
            *(self.field(name) for name in ("distance", "unit", "armor")),
            heading("Modifiers"),
            *self._cards.values(),
        ]

    def _count_set(self, *_events: object) -> None:
        """Each group's title says how many of its inputs differ from their defaults."""
        m = self.model
        for title, names in GROUPS:
            changed = sum(getattr(m, n) != m.param[n].default for n in names)
            self._cards[title].title = f"{title} ({changed} set)" if changed else title

    # --- details ------------------------------------------------------------------------------

    def details(self) -> list[Any]:
        self._more = html_pane()
        self._breakdown = html_pane()
        self._effect_chart = ChartWithTable(
            "Effect of the attack roll", "Effect (hit on 0 or more)"
        )
        self._damage_chart = ChartWithTable("Damage after armor", "damage (0 = miss or no damage)")
        return [
            self._more,
            self._breakdown,
            *self.chart_and_table(self._effect_chart),
            *self.chart_and_table(self._damage_chart),
            *self.roll_controls(),
        ]

    compared_charts = (0, 1)  # (compare mode: the Effect and the damage, both main)
    roll_prompt = "Roll the attack with the dice of the seed above: the log shows every step."

    def roll_lines(self, result: AttackResult) -> tuple[str, ...]:
        return self.model.roll().log

    def roll_key(self, result: AttackResult) -> cepheus.AttackSituation:
        return result.situation

    # --- a result -----------------------------------------------------------------------------

    def figures(self, result: AttackResult) -> list[Figure]:
        odds, s = result.odds, result.situation
        mean, mean_exact = mean_text(odds.damage)
        into = s.firing_into_combat and odds.possible
        line = s.blind and s.firing_line_targets > 1 and odds.possible
        shown = [
            Figure(
                percent(odds.hit_chance),
                "chance to hit the intended target" if into and not line else "chance to hit",
                "hit-chance",
                str(odds.hit_chance),
            ),
            Figure(mean, "mean damage", "mean-damage", mean_exact),
            Figure(
                signed(odds.total_dm),
                "total DM",
                "total-dm",
                f"2D6 + DM vs {cepheus.TARGET_NUMBER}+",
            ),
        ]
        if line:
            shown.insert(
                1,
                Figure(
                    percent(odds.intended_hit_chance),
                    f"chance the hit is on the intended target (1 of {s.firing_line_targets})",
                    "intended-hit",
                    str(odds.intended_hit_chance),
                ),
            )
        if into:
            nobody = 1 - odds.hit_chance - odds.stray_hit_chance
            shown[1:1] = [
                Figure(
                    percent(odds.stray_hit_chance),
                    "chance to hit the nearest other combatant (a miss, then 4+ on 1D6)",
                    "stray-hit",
                    str(odds.stray_hit_chance),
                ),
                Figure(percent(nobody), "chance to hit nobody", "nobody-hit", str(nobody)),
            ]
        return shown

    def note(self, result: AttackResult) -> str:
        return f"{_damage_note(result)} {self.rule_note}"

    def render(self, result: AttackResult) -> None:
        odds = result.odds
        exceptional = result.exceptional
        difficulty = odds.difficulty
        blocked = "".join(
            f"<p class='rf-warn'>Cannot attack: {html.escape(reason)}.</p>"
            for reason in odds.blocked
        )
        self._more.object = blocked + figures_html(
            [
                Figure(odds.band.label, "range band", "band", _distance_text(result)),
                Figure(
                    difficulty.label if difficulty else "cannot attack",
                    "difficulty",
                    "difficulty",
                    f"DM {signed(difficulty.dm)}" if difficulty else "",
                ),
                Figure(
                    percent(exceptional),
                    f"exceptional (Effect {cepheus.EXCEPTIONAL_EFFECT}+)",
                    "exceptional",
                    str(exceptional),
                ),
            ]
        )
        self._breakdown.object = html_table(
            ["Modifier", "DM"],
            [(mod.label, signed(mod.dm)) for mod in odds.modifiers],
            numeric=[1],
            total=["Total DM", signed(odds.total_dm)],
            testid="breakdown",
        )
        self._show_charts(result)

    def _show_charts(self, result: AttackResult) -> None:
        odds, theme = result.odds, self.theme

        def outcome(effect: int) -> str:
            return f"Effect {effect}: {spell(result.outcomes[effect]).lower()}"

        self._effect_chart.show(
            odds.effect,
            theme=theme,
            label=outcome,
            colour=lambda e: (
                "miss" if e < 0 else "accent3" if e >= cepheus.EXCEPTIONAL_EFFECT else "accent"
            ),
            title="Effect of the attack roll"
            + (" (no attack possible)" if odds.effect is None else ""),
        )
        effects = odds.effect or {}
        self._effect_chart.show_table(
            "Effect of the attack roll",
            ["Effect", "Outcome", "Chance", "Exact"],
            [(str(e), outcome(e).split(": ")[1], percent(p), str(p)) for e, p in effects.items()],
            numeric=[0, 2, 3],
        )
        if odds.suppression is not None:
            title = "Suppression Fire: the target's Initiative penalty"
            shown: dict[int, Fraction] = dict(odds.suppression)
            self._damage_chart.show(
                odds.suppression,
                theme=theme,
                label=lambda p: f"Initiative -{p}" if p else "not suppressed",
                colour=lambda p: "accent2" if p else "miss",
                title=title,
            )
            header = ["Initiative penalty", "Chance", "Exact"]
        else:
            title = "Damage after armor"
            shown = dict(odds.damage)
            self._damage_chart.show(
                odds.damage,
                theme=theme,
                label=lambda d: f"{d} damage" if d else "miss or no damage",
                colour=lambda d: "accent" if d else "miss",
                title=title,
            )
            header = ["Damage", "Chance", "Exact"]
        self._damage_chart.show_table(
            title,
            header,
            [(str(k), percent(p), str(p)) for k, p in shown.items()],
            numeric=[0, 1, 2],
        )


def _needs_unskilled_dm(
    unskilled: bool, zero_g: bool, zero_g_skilled: bool, error_input: str = ""
) -> bool:
    """Whether the attack can be unskilled (no skill, or zero gravity without Zero-G skill),
    or the unskilled DM is wrong (so that its error shows)."""
    return unskilled or (zero_g and not zero_g_skilled) or error_input == "unskilled_dm"


def _distance_text(result: AttackResult) -> str:
    d = result.distance
    if d.whole_squares is not None:
        return f"{d.whole_squares} squares = {metres_text(d.metres)} m"
    return f"{metres_text(d.metres)} m = {squares_text(d.squares)} squares"


def _damage_note(result: AttackResult) -> str:
    odds, s = result.odds, result.situation
    if odds.suppression is not None:
        return (
            "Suppression Fire does no damage: on a success the target's next action is delayed "
            "by an Initiative penalty equal to the Effect."
        )
    text = f"Damage on a hit: {odds.damage_dice}D6"
    if odds.damage_bonus:
        text += f" {signed(odds.damage_bonus)}"
    if s.adds_effect:
        text += " + Effect"
    if odds.halved:
        text = f"{text}, halved (round up: energy weapon at extreme range),"
    if s.armor:
        text += f" - armor {s.armor}"
    text += f"; at least 1 on a hit with Effect {cepheus.EXCEPTIONAL_EFFECT}+."
    if s.aim_actions:
        rounds = result.aim_rounds
        text += (
            f" Aiming {s.aim_actions} times then attacking takes {rounds} "
            f"round{'s' if rounds > 1 else ''}."
        )
    if odds.stray_hit_chance:
        text += (
            f" Firing into Combat: {percent(odds.stray_hit_chance)} chance that the shot misses "
            "and hits the nearest other combatant (4+ on 1D6); the chapter does not say what "
            "damage that hit does."
        )
    return text
