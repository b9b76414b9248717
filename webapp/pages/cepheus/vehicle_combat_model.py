"""The model of the ``cepheus-vehicle-combat`` page (its view: :mod:`.vehicle_combat`).

Cepheus Engine vehicles in personal combat: collision, explosion, weave, ram, evasion, starships.
Model: :class:`CepheusVehicleCombat` (a ``section`` input picks one of the six passages of
"Vehicles in Personal Combat"; each section has its own inputs, the collision's shared by the
ram). :meth:`~CepheusVehicleCombat.compute` calls the section's function of
:mod:`rules.cepheus` (:func:`~rules.cepheus.collision_odds`,
:func:`~rules.cepheus.vehicle_explosion_distribution`, :func:`~rules.cepheus.weave_odds`,
:func:`~rules.cepheus.ram_odds`, :func:`~rules.cepheus.evasive_attack_odds`,
:func:`~rules.cepheus.starship_scale_damage_distribution`) and returns what the page shows.
The view, :class:`~webapp.pages.cepheus.vehicle_combat.CepheusVehicleCombatView`, is in
:mod:`webapp.pages.cepheus.vehicle_combat` (a separate module to keep each under 600 lines).
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param

from rules import cepheus
from rules.dice import MAX_DICE, Distribution
from rules.validation import check_int
from webapp.components import choices
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.cepheus.explosions import REACTION_NAMES
from webapp.pages.cepheus.vehicle import TABLE_LABELS
from webapp.pages.model import exact_decimal, inputs_named

__all__ = [
    "SECTION_INPUTS",
    "SECTION_NAMES",
    "CepheusVehicleCombat",
    "CollisionResult",
    "EvasiveResult",
    "ExplosionResult",
    "RamResult",
    "Section",
    "StarshipResult",
    "VehicleCombatResult",
    "WeaveResult",
]

Reaction = cepheus.ExplosionReaction


class Section(enum.StrEnum):
    """The passages of "Vehicles in Personal Combat" the page computes, one section each."""

    COLLISION = "collision"
    EXPLOSION = "explosion"
    WEAVE = "weave"
    RAM = "ram"
    EVASIVE = "evasive"
    STARSHIP = "starship"


SECTION_NAMES: Mapping[Section, str] = {
    Section.COLLISION: "Collision",
    Section.EXPLOSION: "Vehicle explosion",
    Section.WEAVE: "Weave",
    Section.RAM: "Ram",
    Section.EVASIVE: "Evasive action",
    Section.STARSHIP: "Starship-scale fire",
}
"""How the page names each section (the chapter's headings)."""

COLLISION_INPUTS = ("speed", "struck_armor", "solid", "rammer_armor", "passenger_armor",
                    "struck_table", "rammer_table")  # fmt: skip
RAM_INPUTS = ("ram_driver_dm", "ram_dodge", "ram_dodge_obstruction", "ram_target_evasive",
              "ram_referee_dm", "ram_automatic")  # fmt: skip
SECTION_INPUTS: Mapping[Section, tuple[str, ...]] = {
    Section.COLLISION: COLLISION_INPUTS,
    Section.EXPLOSION: ("distance", "occupant", "closed", "reaction", "explosion_armor"),
    Section.WEAVE: ("weave_speed", "weave", "driver_dm", "pursuer_dm"),
    Section.RAM: RAM_INPUTS + COLLISION_INPUTS,
    Section.EVASIVE: (
        "evasive_driver_dm",
        "evasive_direction",
        "evasive_target_vehicle",
        "evasive_weapon",
        "evasive_dice",
        "evasive_band",
        "evasive_skill",
        "evasive_armor",
    ),
    Section.STARSHIP: (
        "starship_dice",
        "starship_bonus",
        "starship_effect",
        "starship_weapons",
        "starship_weapon_dice",
        "half_dice",
        "starship_armor",
    ),
}
"""The inputs each section uses (the ram takes the collision's too)."""

DIRECTIONS = {"Against the vehicle or its passengers": "against", "From the vehicle": "from"}


# --- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CollisionResult:
    odds: cepheus.CollisionOdds
    struck_table: cepheus.HitTable
    rammer_table: cepheus.HitTable


@dataclass(frozen=True)
class ExplosionResult:
    dice: int
    distance: Fraction
    occupant: bool
    closed: bool
    chosen: cepheus.ExplosionReaction
    damage: Mapping[cepheus.ExplosionReaction, Distribution[int] | None]
    """Each reaction's damage; ``None``: not allowed (an occupant of a closed vehicle)."""

    @property
    def shown(self) -> Distribution[int]:
        chosen = self.damage[self.chosen]
        assert chosen is not None  # (the rules refuse a reaction that is not allowed)
        return chosen


@dataclass(frozen=True)
class WeaveResult:
    speed: Fraction
    odds: cepheus.WeaveOdds
    driver_dm: int
    pursuer_dm: int
    by_weave: tuple[cepheus.WeaveOdds, ...]
    """The odds at each weaving number from 1 (at most :data:`WEAVE_CHART_MOST` of them)."""


@dataclass(frozen=True)
class RamResult:
    odds: cepheus.RamOdds
    tables: tuple[cepheus.HitTable, cepheus.HitTable]
    """The hit tables of the target and of the ramming vehicle."""


@dataclass(frozen=True)
class EvasiveResult:
    driver_dm: int
    from_vehicle: bool
    situation: cepheus.AttackSituation
    odds: cepheus.EvasiveAttackOdds


@dataclass(frozen=True)
class StarshipResult:
    dice: int
    additional: tuple[int, ...]
    bonus: int
    effect: int
    armor: int
    half_dice: cepheus.HalfDice
    damage: Distribution[int]
    hit_dm: int
    total_dice: int
    """The D6 in the total: the first weapon's and half of each other's, as rounded."""


Shown = CollisionResult | ExplosionResult | WeaveResult | RamResult | EvasiveResult | StarshipResult


@dataclass(frozen=True)
class VehicleCombatResult:
    """Everything the page shows: the section and its result."""

    section: Section
    shown: Shown
    inputs: tuple[tuple[str, Any], ...] = ()
    """The section's inputs as computed (what a roll of this result depends on)."""


WEAVE_CHART_MOST = 20
"""The most weaving numbers the weave's chart draws (a page choice: past 20 no check of 2D6
and an ordinary DM succeeds)."""


class CepheusVehicleCombat(CepheusCalculator):
    """Vehicles in personal combat (source: ``003_c7092257a5e3046d.txt``, "Vehicles in Personal
    Combat", "Vehicular Actions", "Structure", "Ground Force Weaponry against Starship-scale
    Targets")."""

    section = param.Selector(
        objects=choices(Section, SECTION_NAMES), default="collision", label="Rule"
    )
    # --- collision (and the ram's collision)
    speed = param.Number(default=30, label="Speed of the vehicle (kph)")
    struck_armor = param.Integer(default=4, label="Armor of what is hit")
    solid = param.Boolean(default=True, label="What is hit is solid enough to damage the rammer")
    rammer_armor = param.Integer(default=6, label="Armor of the ramming vehicle")
    passenger_armor = param.Integer(default=0, label="A passenger's own armor")
    struck_table = param.Selector(
        objects=choices(cepheus.HitTable, TABLE_LABELS), default="external",
        label="Hit table of what is hit (if a vehicle)",
    )  # fmt: skip
    rammer_table = param.Selector(
        objects=choices(cepheus.HitTable, TABLE_LABELS), default="external",
        label="Hit table of the ramming vehicle",
    )  # fmt: skip
    # --- the exploding vehicle
    distance = param.Number(default=0, label="Distance from the vehicle (m)")
    occupant = param.Boolean(default=True, label="An occupant of the vehicle")
    closed = param.Boolean(default=False, label="The vehicle is closed")
    reaction = param.Selector(
        objects=choices(Reaction, REACTION_NAMES), default="none", label="The character's choice"
    )
    explosion_armor = param.Integer(default=0, label="The character's armor")
    # --- weave
    weave_speed = param.Number(default=50, label="Speed of the weaving vehicle (km/h)")
    weave = param.Integer(default=2, label="Weaving number")
    driver_dm = param.Integer(default=2, label="Driver's skill and DMs")
    pursuer_dm = param.Integer(default=1, label="Pursuer's skill and DMs")
    # --- ram
    ram_driver_dm = param.Integer(default=1, label="Ramming driver's skill and DMs")
    ram_dodge = param.Boolean(default=False, label="The target dodges")
    ram_dodge_obstruction = param.Boolean(
        default=False, label="The dodging target has an obstruction to duck behind"
    )
    ram_target_evasive = param.Integer(
        default=0, label="Evasive Action: Effect of the target vehicle's driver"
    )
    ram_referee_dm = param.Integer(default=0, label="Referee's bonus to the ram")
    ram_automatic = param.Boolean(
        default=False, label="Automatically successful (a particularly large target)"
    )
    # --- evasive action
    evasive_driver_dm = param.Integer(default=1, label="Evading driver's skill and DMs")
    evasive_direction = param.Selector(objects=DIRECTIONS, default="against", label="The attack")
    evasive_target_vehicle = param.Boolean(default=True, label="Target is a vehicle (+1)")
    evasive_weapon = param.Selector(
        objects=choices(cepheus.WeaponType), default="rifle", label="Attacker's weapon"
    )
    evasive_dice = param.Integer(default=3, label="Weapon damage (D6)")
    evasive_band = param.Selector(
        objects=choices(cepheus.RangeBand), default="medium", label="Range band"
    )
    evasive_skill = param.Integer(default=1, label="Attacker's skill level")
    evasive_armor = param.Integer(default=0, label="Target's armor")
    # --- starship-scale targets
    starship_dice = param.Integer(default=8, label="First weapon's damage (D6)")
    starship_bonus = param.Integer(default=0, label="First weapon's damage modifier")
    starship_effect = param.Integer(default=0, label="First weapon's attack Effect")
    starship_weapons = param.Integer(default=3, label="Additional ground weapons")
    starship_weapon_dice = param.Integer(default=8, label="Damage of each additional weapon (D6)")
    half_dice = param.Selector(
        objects={"Rounded up": "up", "Rounded down": "down"}, default="up",
        label="Half of an odd number of dice",
    )  # fmt: skip
    starship_armor = param.Integer(default=0, label="Starship-scale target's armor")
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> VehicleCombatResult:
        for name in self.inputs:  # an emptied box anywhere is shown, even in another section
            parameter = self.param[name]
            if isinstance(parameter, param.Integer):
                check_int(name, getattr(self, name))
            elif isinstance(parameter, param.Number):
                exact_decimal(name, getattr(self, name))
        section = Section(self.section)
        shown = _COMPUTE[section](self)
        inputs = tuple((name, getattr(self, name)) for name in SECTION_INPUTS[section])
        return VehicleCombatResult(section, shown, inputs)

    # --- each section

    def collision(self) -> CollisionResult:
        with inputs_named({"speed_kph": "speed"}):
            odds = cepheus.collision_odds(
                exact_decimal("speed", self.speed), **self._collided(), variant=self.variant
            )
        return CollisionResult(
            odds, cepheus.HitTable(self.struck_table), cepheus.HitTable(self.rammer_table)
        )

    def _collided(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in COLLISION_INPUTS[1:]}

    def explosion(self) -> ExplosionResult:
        distance = exact_decimal("distance", self.distance)
        names = {"distance_metres": "distance", "armor": "explosion_armor"}
        damage: dict[cepheus.ExplosionReaction, Distribution[int] | None] = {}
        chosen = Reaction(self.reaction)
        for reaction in (chosen, *(r for r in Reaction if r is not chosen)):
            if reaction not in (chosen, Reaction.NONE) and self.occupant and self.closed:
                damage[reaction] = None
                continue
            with inputs_named(names):
                damage[reaction] = cepheus.vehicle_explosion_distribution(
                    distance, occupant=self.occupant, closed=self.closed, reaction=reaction,
                    armor=self.explosion_armor, variant=self.variant,
                )  # fmt: skip
        with inputs_named(names):
            dice = cepheus.vehicle_explosion_dice(distance)
        ordered = {r: damage[r] for r in Reaction}
        return ExplosionResult(dice, distance, self.occupant, self.closed, chosen, ordered)

    def weave_section(self) -> WeaveResult:
        speed = exact_decimal("weave_speed", self.weave_speed)
        with inputs_named({"speed_kph": "weave_speed"}):
            odds = cepheus.weave_odds(
                speed, self.weave, driver_dm=self.driver_dm, pursuer_dm=self.pursuer_dm,
                variant=self.variant,
            )  # fmt: skip
        by_weave = tuple(
            cepheus.weave_odds(
                speed,
                w,
                driver_dm=self.driver_dm,
                pursuer_dm=self.pursuer_dm,
                variant=self.variant,
            )
            for w in range(1, min(odds.max_weave, WEAVE_CHART_MOST) + 1)
        )
        return WeaveResult(speed, odds, self.driver_dm, self.pursuer_dm, by_weave)

    def ram(self) -> RamResult:
        names = {
            "speed_kph": "speed", "driver_dm": "ram_driver_dm", "dodge": "ram_dodge",
            "dodge_obstruction": "ram_dodge_obstruction",
            "target_evasive_effect": "ram_target_evasive", "referee_dm": "ram_referee_dm",
            "automatic": "ram_automatic",
        }  # fmt: skip
        with inputs_named(names):
            odds = cepheus.ram_odds(
                exact_decimal("speed", self.speed), **self._ram_inputs(), variant=self.variant
            )
        tables = (cepheus.HitTable(self.struck_table), cepheus.HitTable(self.rammer_table))
        return RamResult(odds, tables)

    def _ram_inputs(self) -> dict[str, Any]:
        return {
            "driver_dm": self.ram_driver_dm, "dodge": self.ram_dodge,
            "dodge_obstruction": self.ram_dodge_obstruction,
            "target_evasive_effect": self.ram_target_evasive, "referee_dm": self.ram_referee_dm,
            "automatic": self.ram_automatic, **self._collided(),
        }  # fmt: skip

    def evasive(self) -> EvasiveResult:
        names = {
            "weapon": "evasive_weapon", "damage_dice": "evasive_dice", "band": "evasive_band",
            "skill": "evasive_skill", "armor": "evasive_armor", "driver_dm": "evasive_driver_dm",
            "target_vehicle": "evasive_target_vehicle",
        }  # fmt: skip
        from_vehicle = self.evasive_direction == "from"
        with inputs_named(names):
            situation = cepheus.AttackSituation(
                weapon=self.evasive_weapon, damage_dice=self.evasive_dice,
                band=self.evasive_band, skill=self.evasive_skill, armor=self.evasive_armor,
                target_vehicle=self.evasive_target_vehicle,
            )  # fmt: skip
            odds = cepheus.evasive_attack_odds(
                situation, self.evasive_driver_dm, from_vehicle=from_vehicle, variant=self.variant
            )
        return EvasiveResult(self.evasive_driver_dm, from_vehicle, situation, odds)

    def starship(self) -> StarshipResult:
        weapons = check_int("starship_weapons", self.starship_weapons, 0, 2 * MAX_DICE)
        each = check_int("starship_weapon_dice", self.starship_weapon_dice, 0)
        additional = (each,) * weapons
        names = {
            "dice": "starship_dice", "bonus": "starship_bonus", "effect": "starship_effect",
            "armor": "starship_armor", "additional_dice": "starship_weapon_dice",
        }  # fmt: skip
        with inputs_named(names):
            damage = cepheus.starship_scale_damage_distribution(
                self.starship_dice, additional_dice=additional, bonus=self.starship_bonus,
                effect=self.starship_effect, armor=self.starship_armor, half_dice=self.half_dice,
            )  # fmt: skip
        return StarshipResult(
            self.starship_dice, additional, self.starship_bonus, self.starship_effect,
            self.starship_armor, cepheus.HalfDice(self.half_dice), damage,
            cepheus.STARSHIP_SCALE_DM,
            self.starship_dice + sum(_half(n, self.half_dice) for n in additional),
        )  # fmt: skip

    # --- "Roll it"

    def roll(self) -> tuple[str, ...]:
        """Roll the section of the last good inputs with ``random.Random(seed)``: its log."""
        result: VehicleCombatResult = self.result
        rng = random.Random(self.seed)
        shown = result.shown
        if isinstance(shown, CollisionResult):
            return cepheus.roll_collision(
                shown.odds.speed_kph, rng=rng, **self._collided(), variant=self.variant
            ).log
        if isinstance(shown, ExplosionResult):
            return cepheus.roll_vehicle_explosion(
                shown.distance, occupant=shown.occupant, closed=shown.closed,
                reaction=shown.chosen, armor=self.explosion_armor, rng=rng, variant=self.variant,
            ).log  # fmt: skip
        if isinstance(shown, WeaveResult):
            return cepheus.roll_weave(
                shown.speed, shown.odds.weave, driver_dm=shown.driver_dm,
                pursuer_dm=shown.pursuer_dm, rng=rng, variant=self.variant,
            ).log  # fmt: skip
        if isinstance(shown, RamResult):
            return cepheus.roll_ram(shown.odds.collision.speed_kph, rng=rng,
                                    **self._ram_inputs(), variant=self.variant).log  # fmt: skip
        if isinstance(shown, EvasiveResult):
            return roll_evasive(shown, rng, self.variant)
        return cepheus.roll_starship_scale(
            shown.dice, additional_dice=shown.additional, bonus=shown.bonus,
            effect=shown.effect, armor=shown.armor, half_dice=shown.half_dice, rng=rng,
        ).log  # fmt: skip


def _half(dice: int, rounding: str) -> int:
    """Half of ``dice`` as ``rounding`` says (the figure of the dice in the total; the rules'
    own count is :func:`rules.cepheus.roll_starship_scale`'s ``dice``, which the tests compare)."""
    return -(-dice // 2) if rounding == cepheus.HalfDice.UP else dice // 2


def roll_evasive(
    shown: EvasiveResult, rng: random.Random, variant: cepheus.Variant = cepheus.DEFAULT_VARIANT
) -> tuple[str, ...]:
    """The driver's evasive check, then the attack at its DM (:func:`rules.cepheus.roll_check`,
    :func:`rules.cepheus.roll_attack`), with a log."""
    check = cepheus.roll_check(shown.driver_dm, rng, variant=variant)
    dm = cepheus.evasive_action_dm(check.effect)
    faces = " + ".join(map(str, check.kept))
    verdict = f"Effect {check.effect}" if check.success else "failed, no DM"
    lines = [f"Evasive action: 2D6 = {faces}, {shown.driver_dm:+d} = {check.total} vs 8+: "
             f"{verdict}; DM {dm:+d} on attacks against and from the vehicle"]  # fmt: skip
    name = "own_evasive_effect" if shown.from_vehicle else "target_evasive_effect"
    situation = shown.situation
    if dm:
        situation = dataclasses.replace(situation, **{name: -dm})
    attack = cepheus.roll_attack(situation, rng, variant=variant)
    return (*lines, *attack.log)


_COMPUTE: Mapping[Section, Callable[[CepheusVehicleCombat], Any]] = {
    Section.COLLISION: CepheusVehicleCombat.collision,
    Section.EXPLOSION: CepheusVehicleCombat.explosion,
    Section.WEAVE: CepheusVehicleCombat.weave_section,
    Section.RAM: CepheusVehicleCombat.ram,
    Section.EVASIVE: CepheusVehicleCombat.evasive,
    Section.STARSHIP: CepheusVehicleCombat.starship,
}
