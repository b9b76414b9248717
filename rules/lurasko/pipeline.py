# Over 600 lines: the attack resolver applies the chapter's rules in their order, one step function
# each, sharing the resolution's state.
"""The attack resolver: one attack against one character, every rule in order.

Source: ``002_64b8e17f45694c25.txt``, the whole "Back in Combat" chapter. The order of the
steps is the source's:

1. damage and drive of each weapon (a projectile stopped by a kinetic shield counts 0);
2. low, then medium precision shielding, "before any defense roll", lowering energy drive;
3. the defense roll has failed (the attack hits); a critical hit may add drive;
4. drive: energy drive equals its damage; combined weapons share the higher drive;
5. armor range: nothing below, 50% within, full above (electric in full through metallic);
6. high precision shielding, "after the defense roll ... and after considering drive";
7. resistances and weaknesses, "after defenses and drive", one after another, per portion;
8. degrees of injury, energy side effects, and whether a damage aura may strike back.

Area damage (an AoE or explosive reaching a character) is resolved per character with
``AttackForm.AREA``; what the AoE as a whole does against shields is in
:mod:`rules.lurasko.aoe`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rules.lurasko._checks import check_bool, check_range
from rules.lurasko.armor import ArmorBand, _band, _taken
from rules.lurasko.critical import CriticalEffect, critical_drive_bonus
from rules.lurasko.energy import EnergyType, _combine
from rules.lurasko.injury import InjuryTypeRule, SideEffect, SideEffectKind, _side_effects
from rules.lurasko.resistances import MAX_RESISTANCES, Resistance, _scale
from rules.lurasko.shielding import (
    AttackForm,
    AttackOrigin,
    Precision,
    Shield,
    _exchange,
    shield_eligibility,
)
from rules.lurasko.variant import (
    _AS_WRITTEN,
    InjuryCrossing,
    Variant,
    _check_variant,
    _degrees,
)
from rules.validation import (
    InvalidInput,
    check_choice,
    check_instance,
    check_int,
    check_items,
    check_text,
    names,
    output_record,
)

__all__ = [
    "MAX_HITS",
    "MAX_SHIELDS",
    "Attack",
    "PortionResult",
    "Resolution",
    "Step",
    "Target",
    "WeaponHit",
    "resolve_attack",
]


MAX_HITS = 100
"""The most weapon hits one :class:`Attack` may have."""

MAX_SHIELDS = 100
"""The most shields :func:`resolve_attack` takes: each shield meets each hit, so the work (and
the list of steps) grows with hits times shields, and both are bounded."""


@dataclass(frozen=True, slots=True)
class WeaponHit:
    """One weapon (or shot) of an attack that hit: its normal and energy portions.

    Rule: 002, "Damage, Drive, & Armor Ranges" (damage and drive) and "Combined Energy/Normal
    Damage" (a weapon with normal damage and extra energy damage). ``tags`` are the weapon's
    physical kinds that resistances may name ("quartz", "adamant", "non-blunt quartz");
    ``precise`` is the Precise tag (+20 drive on a critical melee hit);
    ``stopped_by_kinetic_shield`` makes the normal portion a projectile stopped by a kinetic
    shield (its damage and drive count as 0).

    Raises:
        ValueError: a damage or drive is not an integer >= 0, ``energy_type`` is missing while
            there is energy damage or is not an :class:`EnergyType`, a flag is not a bool,
            ``tags`` is not a collection (list, tuple, set; not a string) of at most 10,000
            texts, or ``name`` is not text.

    >>> WeaponHit(32, 15, 24, "heat").energy_type
    <EnergyType.HEAT: 'heat'>
    >>> WeaponHit(0, 0, 24)
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: energy_type must be one of 'particle', 'electric', 'heat', \
'frost', 'blast' when energy_damage is above 0, got None
    """

    normal_damage: int = 0
    """Damage of the normal (non-energy) portion, STR additions included."""
    normal_drive: int = 0
    """Drive of the normal portion."""
    energy_damage: int = 0
    """Damage of the energy portion (its drive equals it)."""
    energy_type: EnergyType | None = None
    """The type of the energy portion (None when there is none)."""
    precise: bool = False
    """The Precise tag."""
    tags: tuple[str, ...] = ()
    """Physical kinds of the weapon, matched by resistances."""
    stopped_by_kinetic_shield: bool = False
    """The normal portion is a projectile stopped by a kinetic shield."""
    name: str = ""
    """For display."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        put("normal_damage", check_int("normal_damage", self.normal_damage, 0))
        put("normal_drive", check_int("normal_drive", self.normal_drive, 0))
        energy = check_int("energy_damage", self.energy_damage, 0)
        put("energy_damage", energy)
        if self.energy_type is None:
            if energy:
                raise InvalidInput(
                    "energy_type",
                    f"one of {names(EnergyType)} when energy_damage is above 0",
                    None,
                )
        else:
            put("energy_type", check_choice("energy_type", self.energy_type, EnergyType))
        put("precise", check_bool("precise", self.precise))
        put(
            "stopped_by_kinetic_shield",
            check_bool("stopped_by_kinetic_shield", self.stopped_by_kinetic_shield),
        )
        items = check_items("tags", self.tags, "weapon tags", ordered=False)
        put("tags", tuple(check_text(f"tags[{i}]", tag) for i, tag in enumerate(items)))
        put("name", check_text("name", self.name))

    @property
    def entirely_energy(self) -> bool:
        """Whether the weapon's damage is all energy (no normal portion)."""
        return self.normal_damage == 0 and self.energy_damage > 0


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack that hit one character: its weapons, how it arrived, and any critical hit.

    ``hits`` holds one :class:`WeaponHit` per weapon or shot (a single one is accepted too).
    ``form`` and ``origin`` decide which shields can act (see ``shield_eligibility``);
    ``origin`` only matters for ranged attacks. ``critical`` is the attacker's choice on a
    critical hit (None: not critical; see ``is_critical``). ``drive_bonus`` is drive added by
    Abilities, to every normal and energy drive.

    Raises:
        ValueError: ``hits`` is not a :class:`WeaponHit` or a sequence of 1 to 100
            (:data:`MAX_HITS`) of them, a choice is not one of its enum's values,
            ``drive_bonus`` is not an integer >= 0, or ``critical`` is given for a damage aura
            (which cannot be dodged, so has no defense roll).

    >>> Attack(WeaponHit(17, 20)).hits
    (WeaponHit(normal_damage=17, normal_drive=20, energy_damage=0, energy_type=None, \
precise=False, tags=(), stopped_by_kinetic_shield=False, name=''),)
    """

    hits: tuple[WeaponHit, ...]
    """The weapons or shots that hit."""
    form: AttackForm = AttackForm.MELEE
    """How the damage reaches the character."""
    origin: AttackOrigin = AttackOrigin.BEYOND_ENGAGEMENT
    """Where a ranged attack comes from."""
    critical: CriticalEffect | None = None
    """The effect the attacker chose on a critical hit, or None."""
    drive_bonus: int = 0
    """Drive added by Abilities to every drive of the attack."""

    def __post_init__(self) -> None:
        raw: object = self.hits
        if isinstance(raw, WeaponHit):
            items: tuple[object, ...] = (raw,)
        else:
            items = check_items("hits", raw, "WeaponHit records", max_items=MAX_HITS)
        if not items:
            raise InvalidInput("hits", "at least one WeaponHit", raw)
        hits = tuple(check_instance(f"hits[{i}]", item, WeaponHit) for i, item in enumerate(items))
        object.__setattr__(self, "hits", hits)
        form = check_choice("form", self.form, AttackForm)
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "origin", check_choice("origin", self.origin, AttackOrigin))
        if self.critical is not None:
            critical = check_choice("critical", self.critical, CriticalEffect)
            object.__setattr__(self, "critical", critical)
            if form is AttackForm.DAMAGE_AURA:
                raise InvalidInput(
                    "critical", "None for a damage aura (it cannot be dodged)", critical.value
                )
        object.__setattr__(self, "drive_bonus", check_int("drive_bonus", self.drive_bonus, 0))


@dataclass(frozen=True, slots=True)
class Target:
    """The character hit: armor, resistances, injury factor.

    ``armor_range`` is the (low, high) drive range at which the armor halves damage, or None
    for no armor. ``metallic`` armor lets electric damage through in full within its range.
    ``resistances`` apply in the order given. ``organic=False`` gives immunity to blast's
    deafening and stunning.

    Raises:
        ValueError: ``injury_factor`` is not an integer >= 1, ``armor_range`` is not None or a
            pair ``0 <= low <= high``, ``resistances`` is not a sequence (in order: not a set)
            of at most 100 (:data:`MAX_RESISTANCES`) :class:`Resistance` records, a flag is not
            a bool, or ``name`` is not text.

    >>> Target(10, (16, 28)).armor_range
    (16, 28)
    """

    injury_factor: int
    """Each multiple of it the damage reaches is one degree of injury."""
    armor_range: tuple[int, int] | None = None
    """The armor range, or None for no armor."""
    metallic: bool = False
    """Metallic armor (steel, adamant)."""
    resistances: tuple[Resistance, ...] = ()
    """Resistances and weaknesses, applied in this order."""
    organic: bool = True
    """False for non-organic characters (constructs, techs)."""
    name: str = ""
    """For display."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        put("injury_factor", check_int("injury_factor", self.injury_factor, 1))
        if self.armor_range is not None:
            put("armor_range", check_range("armor_range", self.armor_range))
        put("metallic", check_bool("metallic", self.metallic))
        put("organic", check_bool("organic", self.organic))
        items = check_items(
            "resistances", self.resistances, "Resistance records", max_items=MAX_RESISTANCES
        )
        put(
            "resistances",
            tuple(check_instance(f"resistances[{i}]", r, Resistance) for i, r in enumerate(items)),
        )
        put("name", check_text("name", self.name))


@output_record
@dataclass(frozen=True, slots=True)
class Step:
    """One step of a resolution: what rule acted, and the numbers after it."""

    label: str
    """The rule, in the rulebook's words ("Armor range", "High precision shielding")."""
    explanation: str
    """What happened, briefly."""
    numbers: tuple[tuple[str, int], ...] = ()
    """The numbers after this step, in display order ("heat damage", 12)."""
    hit: int | None = None
    """The index of the weapon hit it concerns, or None for the whole attack."""

    def as_dict(self) -> dict[str, int]:
        """The numbers as a dict (display order kept).

        >>> Step("Armor range", "50% within 16-28", (("normal damage", 8),)).as_dict()
        {'normal damage': 8}
        """
        return dict(self.numbers)


@output_record
@dataclass(frozen=True, slots=True)
class PortionResult:
    """The normal or the energy portion of one weapon hit, after every step."""

    hit: int
    """The index of the weapon hit."""
    energy_type: EnergyType | None
    """The energy type, or None for the normal portion."""
    damage: int
    """Damage taken from this portion."""
    drive: int
    """Its drive against the armor."""

    @property
    def label(self) -> str:
        """``"normal"`` or the energy type's name."""
        return "normal" if self.energy_type is None else self.energy_type.value


@output_record
@dataclass(frozen=True, slots=True)
class Resolution:
    """The outcome of :func:`resolve_attack`."""

    steps: tuple[Step, ...]
    """Every step, in order."""
    portions: tuple[PortionResult, ...]
    """The damage taken from each portion of each weapon hit."""
    total_damage: int
    """All damage taken."""
    degrees: int
    """Degrees of injury from the total damage."""
    energy_damage: tuple[tuple[EnergyType, int], ...]
    """Damage taken per energy type over the whole attack (types that hit)."""
    energy_degrees: tuple[tuple[EnergyType, int], ...]
    """Degrees of injury due to each energy type (its damage // injury factor)."""
    injury_type: InjuryTypeRule
    """How the type of the injuries is decided."""
    side_effects: tuple[SideEffect, ...]
    """Energy side effects suffered."""
    shield_points: tuple[int, ...]
    """Points left in each shield, in the order the shields were given."""
    provokes_damage_aura: bool
    """Whether a damage aura of the target may strike back (once)."""
    notes: tuple[str, ...] = field(default=())
    """Things the caller must settle outside these rules."""

    @property
    def normal_damage(self) -> int:
        """Damage taken from normal (non-energy) portions."""
        return sum(p.damage for p in self.portions if p.energy_type is None)


@dataclass(slots=True)
class _Portion:
    energy_type: EnergyType | None
    damage: int
    drive: int

    def label_text(self) -> str:
        return "normal" if self.energy_type is None else self.energy_type.value


@dataclass(slots=True)
class _HitState:
    hit: WeaponHit
    normal: _Portion
    energy: _Portion | None
    reached: bool = True  # the energy portion reached the target (not stopped by low/medium)


def _numbers(state: _HitState) -> tuple[tuple[str, int], ...]:
    numbers: list[tuple[str, int]] = []
    if state.hit.normal_damage:
        numbers += [("normal damage", state.normal.damage), ("normal drive", state.normal.drive)]
    if state.energy is not None and state.energy.energy_type is not None:
        name = state.energy.energy_type.value
        numbers += [(f"{name} damage", state.energy.damage), (f"{name} drive", state.energy.drive)]
    return tuple(numbers)


def _shield_name(position: int, item: Shield) -> str:
    return item.name or f"{item.level.value} precision shield #{position + 1}"


def resolve_attack(
    attack: Attack,
    target: Target,
    shields: Iterable[Shield] | Sequence[Shield] = (),
    *,
    variant: Variant = _AS_WRITTEN,
) -> Resolution:
    """Resolve an attack that hit ``target``, step by step, through ``shields``.

    Rule: 002, "Back in Combat", in the order given in this module's docstring. Every number
    comes from the functions of this package, each of which cites its rule:
    ``combine_drive``, ``critical_drive_bonus``, ``shield``/``shield_eligibility``,
    ``damage_through_armor``, ``scale_damage``, ``degrees_of_injury`` and
    ``energy_side_effects``.

    Interpretations (also in ``rules/SOURCES.md``):

    * The attack is taken to have hit: a successful defense roll means no damage (except area
      damage, resolved per character as ``AttackForm.AREA``).
    * Shields act level by level (low, medium, high); within a level, each weapon hit meets the
      shields in the order given, and only breaks into the next with what got through. An
      eligible shield with points always acts ("they cannot decline to shield an eligible
      attack").
    * A weapon combining normal and energy damage stays "combined" for low and medium
      shielding even if its projectile was stopped by a kinetic shield.
    * Frag and blast (``EXPLOSIVE_IMPACT``, ``AREA``) keep separate drives; only melee and
      ranged weapons use the combined drive rule.
    * A blast "hits" if its damage reaches the character after low and medium shielding.
    * "Access" to high precision shielding (no deafening, no ignition) means a high precision
      ``Shield`` is in play, even with 0 points left.
    * ``variant`` (:class:`~rules.lurasko.Variant`): its ``injury_crossing`` decides the degrees
      of injury (of the attack and of each energy type), its ``war_fever_pairs`` the war fever
      Hindrance.

    Raises:
        ValueError: ``attack`` is not an :class:`Attack`, ``target`` not a :class:`Target`,
            ``shields`` not a sequence (in order: not a set) of at most 100
            (:data:`MAX_SHIELDS`) :class:`Shield` records, or ``variant`` not a
            :class:`~rules.lurasko.Variant`.

    >>> hit = WeaponHit(17, 20)  # Source: "17 (20 drive) damage" against "16-28"
    >>> resolve_attack(Attack(hit), Target(10, (16, 28))).total_damage
    8
    >>> sword = WeaponHit(32, 15, 24, "heat")  # Source: 32 (15 drive) with 24 extra heat
    >>> r = resolve_attack(Attack(sword, critical="drive"), Target(10, (16, 28)))
    >>> [(p.label, p.damage, p.drive) for p in r.portions], r.degrees
    ([('normal', 16, 25), ('heat', 24, 34)], 4)
    """
    check_instance("attack", attack, Attack)
    check_instance("target", target, Target)
    rules = _check_variant(variant)
    # Shields act level by level (run_shields below); within a level, in the order given.
    items = check_items("shields", shields, "Shield records", max_items=MAX_SHIELDS)
    given = [check_instance(f"shields[{i}]", item, Shield) for i, item in enumerate(items)]
    points = [item.points for item in given]
    steps: list[Step] = []
    notes: list[str] = []

    # 1. Damage and drive of each weapon.
    states: list[_HitState] = []
    for index, hit in enumerate(attack.hits):
        energy = (
            _Portion(hit.energy_type, hit.energy_damage, hit.energy_damage)
            if hit.energy_type is not None and hit.energy_damage > 0
            else None
        )
        state = _HitState(hit, _Portion(None, hit.normal_damage, hit.normal_drive), energy)
        states.append(state)
        label = hit.name or f"weapon {index + 1}"
        steps.append(
            Step(
                "Damage and drive",
                f"{label}: energy drive equals its damage"
                if energy
                else f"{label}: damage and drive as called out",
                _numbers(state),
                index,
            )
        )
        if hit.stopped_by_kinetic_shield and hit.normal_damage:
            state.normal = _Portion(None, 0, 0)
            steps.append(
                Step(
                    "Kinetic shield",
                    "the projectile is stopped: its damage and drive count as 0",
                    _numbers(state),
                    index,
                )
            )

    # 2. Low, then medium precision shielding, before the defense roll (high: step 6).
    def run_shields(level: Precision) -> None:
        for position, item in enumerate(given):
            if item.level is not level:
                continue
            name = _shield_name(position, item)
            label = f"{level.value.capitalize()} precision shielding"
            for index, state in enumerate(states):
                if state.energy is None or state.energy.damage == 0:
                    continue
                verdict = shield_eligibility(
                    level,
                    form=attack.form,
                    origin=attack.origin,
                    entirely_energy=state.hit.normal_damage == 0,
                    from_inside=item.attack_from_inside,
                )
                if not verdict.allowed:
                    steps.append(Step(label, f"{name} cannot shield: {verdict.reason}", (), index))
                    continue
                doubled = item.doubly_effective_vs_blast and (
                    state.energy.energy_type is EnergyType.BLAST
                )
                before = state.energy.damage
                if points[position] == 0:
                    steps.append(Step(label, f"{name} has no points left", (), index))
                    continue
                left, points[position] = _exchange(before, points[position], doubled)
                state.energy.damage = left
                if level is not Precision.HIGH:
                    state.energy.drive = left
                    drive_text = "its drive falls with it"
                else:
                    drive_text = "drive unchanged"
                spent = "all of it" if left == 0 else "partly: its points ran out"
                steps.append(
                    Step(
                        label,
                        f"{name} shields {before} {state.energy.label_text()} damage, "
                        f"{spent}{' (doubly effective vs blast)' if doubled else ''}; "
                        f"{drive_text}",
                        (*_numbers(state), (f"{name} points left", points[position])),
                        index,
                    )
                )

    run_shields(Precision.LOW)
    run_shields(Precision.MEDIUM)
    for state in states:
        state.reached = state.energy is not None and state.energy.damage > 0

    # 3. The defense roll failed; a critical hit.
    shielded_out = all(
        s.normal.damage == 0 and (s.energy is None or s.energy.damage == 0) for s in states
    )
    if attack.form is AttackForm.DAMAGE_AURA:
        steps.append(Step("Damage aura", "a damage aura's hit cannot be dodged"))
    elif attack.critical is None and shielded_out:
        steps.append(Step("Defense roll", "nothing got through the shields to be dodged"))
    elif attack.critical is None and attack.form is AttackForm.AREA:
        steps.append(Step("Defense roll", "the character is affected by the area damage"))
    elif attack.critical is None:
        steps.append(Step("Defense roll", "the defense roll failed: the attack hits"))
    elif attack.critical is CriticalEffect.INJURY_TYPE:
        steps.append(
            Step(
                "Critical hit",
                "failed by 20 or more: the attacker chooses the type of injury instead of rolling",
            )
        )
    else:
        steps.append(
            Step("Critical hit", "failed by 20 or more: the attacker adds drive to every weapon")
        )

    # 4. Drive.
    melee = attack.form is AttackForm.MELEE
    combines = attack.form in (AttackForm.MELEE, AttackForm.RANGED)
    for index, state in enumerate(states):
        bonus = attack.drive_bonus
        reasons: list[str] = []
        if attack.critical is CriticalEffect.DRIVE:
            crit = critical_drive_bonus(melee=melee, precise=state.hit.precise)
            bonus += crit
            reasons.append(f"critical hit +{crit}")
        if attack.drive_bonus:
            reasons.append(f"Abilities +{attack.drive_bonus}")
        energy_damage = state.energy.damage if state.energy is not None else 0
        if combines and state.energy is not None and state.normal.damage:
            (_, normal_drive), (_, energy_drive) = _combine(
                state.normal.damage, state.normal.drive, energy_damage, bonus, False
            )
            shared = state.normal.drive >= energy_damage
            reasons.insert(
                0,
                "the normal drive is higher: both portions use it"
                if shared
                else "the energy drive is higher: each portion uses its own",
            )
        else:
            normal_drive = state.normal.drive + bonus if state.normal.damage else 0
            energy_drive = energy_damage + bonus
            if state.energy is not None:
                reasons.insert(0, "energy drive equals its damage")
        state.normal.drive = normal_drive
        if state.energy is not None:
            state.energy.drive = energy_drive
        steps.append(
            Step("Drive", "; ".join(reasons) or "drive as called out", _numbers(state), index)
        )

    # 5. Armor.
    armor = target.armor_range
    for index, state in enumerate(states):
        texts: list[str] = []
        for portion in (state.normal, state.energy):
            if portion is None or portion.damage == 0:
                continue
            if armor is None:
                texts.append(f"{portion.label_text()}: no armor, full damage")
                continue
            band = _band(portion.drive, armor)
            electric = portion.energy_type is EnergyType.ELECTRIC
            portion.damage = _taken(portion.damage, band, electric and target.metallic)
            if band is ArmorBand.WITHIN and electric and target.metallic:
                what = "within the range, but electric is not halved by metallic armor"
            else:
                what = {
                    ArmorBand.BELOW: "below the range: no damage",
                    ArmorBand.WITHIN: "within the range: 50%",
                    ArmorBand.ABOVE: "above the range: full damage",
                }[band]
            texts.append(f"{portion.label_text()} drive {portion.drive} {what}")
        if texts:
            range_text = "no armor" if armor is None else f"armor range {armor[0]}-{armor[1]}"
            steps.append(
                Step("Armor range", f"{range_text}; " + "; ".join(texts), _numbers(state), index)
            )

    # 6. High precision shielding, after the defense roll and armor.
    run_shields(Precision.HIGH)

    # 7. Resistances and weaknesses, per portion, in order.
    for index, state in enumerate(states):
        for portion in (state.normal, state.energy):
            if portion is None or portion.damage == 0:
                continue
            applicable = [
                r
                for r in target.resistances
                if r.applies_to(energy_type=portion.energy_type, tags=state.hit.tags)
            ]
            if not applicable:
                continue
            before = portion.damage
            portion.damage = _scale(before, [r.percent for r in applicable])
            chain = ", then ".join(
                f"{r.percent}%" + (f" ({r.label})" if r.label else "") for r in applicable
            )
            steps.append(
                Step(
                    "Damage resistances and weaknesses",
                    f"{portion.label_text()} {before} -> {chain}, fractions dropped",
                    _numbers(state),
                    index,
                )
            )

    # 8. Injury and side effects.
    portions: list[PortionResult] = []
    for index, state in enumerate(states):
        if state.hit.normal_damage:
            portions.append(PortionResult(index, None, state.normal.damage, state.normal.drive))
        if state.energy is not None:
            portions.append(
                PortionResult(
                    index, state.energy.energy_type, state.energy.damage, state.energy.drive
                )
            )
    total = sum(p.damage for p in portions)
    degrees = _degrees(total, target.injury_factor, rules)  # degrees_of_injury, any total
    by_type: dict[EnergyType, int] = {}
    for p in portions:
        if p.energy_type is not None:
            by_type[p.energy_type] = by_type.get(p.energy_type, 0) + p.damage
    energy_totals = tuple((t, by_type[t]) for t in EnergyType if t in by_type)
    energy_degrees = tuple(
        (t, _degrees(amount, target.injury_factor, rules)) for t, amount in energy_totals
    )
    crossing = "" if rules.injury_crossing is InjuryCrossing.REACH else " - 1 (exceed)"
    if attack.form is AttackForm.DAMAGE_AURA:
        injury_type = InjuryTypeRule.CORE
    elif attack.critical is CriticalEffect.INJURY_TYPE:
        injury_type = InjuryTypeRule.CHOSEN
    else:
        injury_type = InjuryTypeRule.ROLLED
    steps.append(
        Step(
            "Degrees of injury",
            f"{total} damage{crossing} // injury factor {target.injury_factor}; "
            f"type {injury_type.value}",
            (
                ("total damage", total),
                ("degrees of injury", degrees),
                *((f"{t.value} degrees", d) for t, d in energy_degrees),
            ),
        )
    )
    blast_hit = any(
        s.reached and s.energy is not None and s.energy.energy_type is EnergyType.BLAST
        for s in states
    )
    high_access = any(item.level is Precision.HIGH for item in given)
    effects = _side_effects(
        dict(energy_totals), target.injury_factor, blast_hit, target.organic, high_access, rules
    )
    if effects:
        steps.append(
            Step(
                "Energy damage effects",
                "; ".join(f"{e.cause.value}: {e.description}" for e in effects),
            )
        )
    if attack.form is AttackForm.DAMAGE_AURA and any(
        e.kind is SideEffectKind.STUNNED for e in effects
    ):
        notes.append("stunned until the end of the next turn of the character the aura struck")
    if any(t is EnergyType.PARTICLE for t, d in energy_degrees if d):
        notes.append("war fever applies even if the degrees of injury are healed at once")

    provokes = melee and attack.critical is None
    if melee:
        steps.append(
            Step(
                "Damage auras",
                "a melee hit lets one damage aura strike back once"
                if provokes
                else "a critical hit spares the attacker from damage auras",
            )
        )
    if attack.form is AttackForm.RANGED and attack.critical is not None:
        notes.append("ranged critical hits need the range restrictions of Marksmanship")

    return Resolution(
        steps=tuple(steps),
        portions=tuple(portions),
        total_damage=total,
        degrees=degrees,
        energy_damage=energy_totals,
        energy_degrees=energy_degrees,
        injury_type=injury_type,
        side_effects=effects,
        shield_points=tuple(points),
        provokes_damage_aura=provokes,
        notes=tuple(notes),
    )
