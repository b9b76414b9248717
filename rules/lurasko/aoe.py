"""Shielding AoEs and ZAoEs: original values, the 120 / 40 thresholds, the 2x / 3x ZAoE rule.

Source: ``002_64b8e17f45694c25.txt``, "Shielding AoEs & ZAoEs". Area damage reaching each
character is then shielded per character, as a separate hit (``resolve_attack`` with
``AttackForm.AREA``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from rules.lurasko._checks import check_bool, exact, percent_of
from rules.lurasko.shielding import Precision, _exchange, shield
from rules.validation import InvalidInput, check_choice, check_int, output_record

__all__ = [
    "AOE_MINIMUM_DAMAGE",
    "DELIBERATE_AOE_AREA_PERCENT",
    "DELIBERATE_AOE_IMPACT_PERCENT",
    "ZAOE_LOW_SHIELD_MULTIPLIER",
    "AoEKind",
    "AoEShielding",
    "ZAoEKind",
    "ZAoEShielding",
    "ZAoEValue",
    "causes_aoe",
    "deliberate_aoe_damage",
    "shield_aoe",
    "shield_zaoe",
    "zaoe_shield_damage",
]


class AoEKind(enum.StrEnum):
    """The two kinds of AoE whose shielding the source describes."""

    OVEREFFECT = "overeffect"
    """An AoE caused by overeffect (needs 120 damage or more)."""
    DELIBERATE = "deliberate"
    """A deliberate AoE (needs 40 damage or more; 50% impact and 25% area damage)."""


AOE_MINIMUM_DAMAGE: Mapping[AoEKind, int] = MappingProxyType(
    {AoEKind.OVEREFFECT: 120, AoEKind.DELIBERATE: 40}
)
"""The least damage that still causes each kind of AoE.

Source: 002, "Shielding AoEs & ZAoEs": "check if it is now too weak to cause overeffect or a
deliberate AoE (that is, below 120 or below 40)".
"""

DELIBERATE_AOE_IMPACT_PERCENT = 50
"""Impact (direct) damage of a deliberate AoE, in percent of its damage.

Source: 002, "Shielding AoEs & ZAoEs": "before reduction to 50% for impact and 25% for area,
for deliberate AoEs"; "it is still reduced to 50% direct damage".
"""

DELIBERATE_AOE_AREA_PERCENT = 25
"""Area damage of a deliberate AoE, in percent of its damage (same source line)."""


class ZAoEKind(enum.StrEnum):
    """The two kinds of ZAoE (zone AoE) the shielding rules name."""

    CLUSTER = "cluster"
    """A cluster ZAoE: a low-precision shield faces 2x its high damage value."""
    POINT = "point"
    """A point ZAoE: a low-precision shield faces 3x the relevant (high or low) damage value."""


class ZAoEValue(enum.StrEnum):
    """Which damage value of a point ZAoE applies in the shielded location."""

    HIGH = "high"
    """The high damage value (also the rule when it is unclear which applies)."""
    LOW = "low"
    """The low damage value."""


ZAOE_LOW_SHIELD_MULTIPLIER: Mapping[ZAoEKind, int] = MappingProxyType(
    {ZAoEKind.CLUSTER: 2, ZAoEKind.POINT: 3}
)
"""What a low-precision shield counts a ZAoE's energy damage as, times a damage value.

Source: 002, "Shielding AoEs & ZAoEs": "consider the energy damage of the attack to be 2 times
the high damage value of a cluster ZAoE, or 3 times the relevant damage value for a point ZAoE;
if it's unclear whether high or low damage applies in the shielded location during a point
ZAoE, use the high value."
"""


def causes_aoe(damage: int, kind: AoEKind | str) -> bool:
    """Whether ``damage`` is still strong enough to cause an AoE of ``kind``.

    Rule: 002, "Shielding AoEs & ZAoEs": too weak means "below 120 or below 40"
    (:data:`AOE_MINIMUM_DAMAGE`), so exactly 120 / 40 still causes one.

    Raises:
        ValueError: ``damage`` is not an integer >= 0, or ``kind`` is not an :class:`AoEKind`.

    >>> causes_aoe(40, "deliberate"), causes_aoe(39, "deliberate"), causes_aoe(119, "overeffect")
    (True, False, False)
    """
    damage = check_int("damage", damage, 0)
    kind = check_choice("kind", kind, AoEKind)
    return damage >= AOE_MINIMUM_DAMAGE[kind]


def deliberate_aoe_damage(damage: int) -> tuple[int, int]:
    """``(impact damage, area damage)`` of a deliberate AoE of ``damage``; area 0 if below 40.

    Rule: 002, "Shielding AoEs & ZAoEs": "reduction to 50% for impact and 25% for area, for
    deliberate AoEs"; "if the post-shielding damage is now too low to cause an AoE, it is still
    reduced to 50% direct damage". Fractions dropped.

    Raises:
        ValueError: ``damage`` is not an integer >= 0.

    >>> deliberate_aoe_damage(100), deliberate_aoe_damage(39)
    ((50, 25), (19, 0))
    """
    damage = check_int("damage", damage, 0)
    area = (
        percent_of(damage, DELIBERATE_AOE_AREA_PERCENT) if causes_aoe(damage, "deliberate") else 0
    )
    return percent_of(damage, DELIBERATE_AOE_IMPACT_PERCENT), area


@output_record
@dataclass(frozen=True, slots=True)
class AoEShielding:
    """What shielding an AoE's directly targeted character does to the AoE."""

    level: Precision
    """The precision of the shield."""
    kind: AoEKind
    """Overeffect or deliberate AoE."""
    original_damage: int
    """The AoE's original energy damage (before the 50% / 25% split). "AoEs and ZAoEs that hit
    shielding still count their normal damage values for the purposes of fire hazard and
    collapse rules": use this value there."""
    shielded_damage: int
    """The original-scale damage left after this shield."""
    points_left: int
    """The shield's points left."""
    attack_over: bool
    """Low precision stopped it all: it bursts too far from its targets to injure anyone."""
    causes_aoe: bool
    """Whether the AoE still goes off around the target (for the other characters)."""
    target_damage: int
    """Direct (impact) damage the target takes, before armor: 0 if evaded or fully shielded."""
    target_area_damage: int | None
    """Area damage the target takes if it evaded the direct damage (0 when hit directly or
    fully shielded); None where this chapter gives no number (overeffect area damage)."""
    others_area_damage: int | None
    """Area damage for the surrounding characters before their own shields; None where this
    chapter gives no number (overeffect area damage)."""


def shield_aoe(
    original_damage: int,
    points: int,
    *,
    kind: AoEKind | str,
    level: Precision | str,
    target_evaded: bool = False,
    doubly_effective: bool = False,
) -> AoEShielding:
    """Shield the energy of an AoE aimed at a character: what the target and the others take.

    Rule: 002, "Shielding AoEs & ZAoEs":

    * "consider the energy damage of the attack to be its original value (that is, before
      reduction to 50% for impact and 25% for area, for deliberate AoEs)": the shield spends
      points against ``original_damage``.
    * Low precision: fully stopped, "the attack is now over". Partially: "consider the new,
      smaller damage amount and check if it is now too weak to cause overeffect or a
      deliberate AoE (that is, below 120 or below 40). For a deliberate AoE ... it is still
      reduced to 50% direct damage."
    * Medium or high precision: fully stopped, "the targeted character is protected from both
      impact and area damage, but ... area damage affects other characters ... as normal";
      "base the AoE on its pre-shielding damage values. If the target character partially
      shields the damage with medium-precision shielding but evades direct damage with a
      defense roll, they take area damage based on the lower post-shielding damage value (if
      still strong enough to cause area damage)."

    For an overeffect AoE the direct damage is the damage itself (no 50% split is named) and
    its area damage is not in this chapter: those fields are None and the UI must say so.

    Interpretation: high precision "occurs only after the defense roll, once the character is
    hit", so with ``target_evaded`` it spends nothing here; the target's area damage (based on
    the original value) is then shielded as a separate hit. With high precision the caller
    passes the value after armor (this function does not apply armor).

    Raises:
        ValueError: ``original_damage`` is not an integer at least the AoE minimum of
            ``kind`` (120 / 40), ``points`` is not an integer >= 0, a choice is not one of its
            enum's values, or a flag is not a bool.

    >>> r = shield_aoe(100, 70, kind="deliberate", level="low")
    >>> r.shielded_damage, r.causes_aoe, r.target_damage, r.others_area_damage
    (30, False, 15, 0)
    >>> r = shield_aoe(100, 30, kind="deliberate", level="medium", target_evaded=True)
    >>> r.shielded_damage, r.target_area_damage, r.others_area_damage
    (70, 17, 25)
    """
    kind = check_choice("kind", kind, AoEKind)
    level = check_choice("level", level, Precision)
    minimum = AOE_MINIMUM_DAMAGE[kind]
    original_damage = check_int("original_damage", original_damage, minimum)
    target_evaded = check_bool("target_evaded", target_evaded)
    if level is Precision.HIGH and target_evaded:
        left, points_left = original_damage, check_int("points", points, 0)
        check_bool("doubly_effective", doubly_effective)
    else:
        left, points_left = shield(original_damage, points, doubly_effective=doubly_effective)

    deliberate = kind is AoEKind.DELIBERATE

    def area(value: int) -> int | None:
        if not deliberate:
            return None
        return deliberate_aoe_damage(value)[1]

    def direct(value: int) -> int:
        return deliberate_aoe_damage(value)[0] if deliberate else value

    if level is Precision.LOW:
        attack_over = left == 0
        return AoEShielding(
            level=level,
            kind=kind,
            original_damage=original_damage,
            shielded_damage=left,
            points_left=points_left,
            attack_over=attack_over,
            causes_aoe=causes_aoe(left, kind),
            target_damage=0 if target_evaded or attack_over else direct(left),
            target_area_damage=area(left) if target_evaded and not attack_over else 0,
            others_area_damage=area(left),
        )
    return AoEShielding(
        level=level,
        kind=kind,
        original_damage=original_damage,
        shielded_damage=left,
        points_left=points_left,
        attack_over=False,
        causes_aoe=True,
        target_damage=0 if target_evaded or left == 0 else direct(left),
        target_area_damage=area(left) if target_evaded and left else 0,
        others_area_damage=area(original_damage),
    )


def zaoe_shield_damage(
    kind: ZAoEKind | str, high: int, low: int = 0, *, value: ZAoEValue | str = ZAoEValue.HIGH
) -> int:
    """The energy damage a low-precision shield faces from a ZAoE (2x cluster / 3x point).

    Rule: 002, "Shielding AoEs & ZAoEs" (:data:`ZAOE_LOW_SHIELD_MULTIPLIER`): 2 times the high
    value of a cluster ZAoE; 3 times the relevant value of a point ZAoE, the high one when it
    is unclear (``value``, default high).

    Raises:
        ValueError: ``high``/``low`` are not integers with ``0 <= low <= high``, a choice is
            not one of its enum's values, or ``value`` is low for a cluster ZAoE.

    >>> zaoe_shield_damage("cluster", 30, 10), zaoe_shield_damage("point", 30, 10)
    (60, 90)
    >>> zaoe_shield_damage("point", 30, 10, value="low")
    30
    """
    kind = check_choice("kind", kind, ZAoEKind)
    value = check_choice("value", value, ZAoEValue)
    high = check_int("high", high, 0)
    low = check_int("low", low, 0, high)
    if kind is ZAoEKind.CLUSTER and value is ZAoEValue.LOW:
        raise InvalidInput("value", "'high' for a cluster ZAoE", value.value)
    relevant = low if value is ZAoEValue.LOW else high
    return ZAOE_LOW_SHIELD_MULTIPLIER[kind] * relevant


@output_record
@dataclass(frozen=True, slots=True)
class ZAoEShielding:
    """A ZAoE against a low-precision shield: the values left inside the shield."""

    shield_damage: int
    """The energy damage the shield faced (2x / 3x a damage value)."""
    damage_left: int
    """That damage after the shield."""
    points_left: int
    """The shield's points left."""
    effective: bool
    """False when the ZAoE originates inside the shield (then nothing is shielded)."""
    fraction_left: int | Fraction
    """The share of the ZAoE's damage that gets through, exactly (1 = all, 0 = spared)."""
    high: int
    """The ZAoE's high damage value against characters within the shield."""
    low: int
    """The ZAoE's low damage value against characters within the shield."""


def shield_zaoe(
    kind: ZAoEKind | str,
    high: int,
    low: int,
    points: int,
    *,
    value: ZAoEValue | str = ZAoEValue.HIGH,
    originates_inside: bool = False,
    doubly_effective: bool = False,
) -> ZAoEShielding:
    """Shield a ZAoE with low precision: the high and low values left inside the shield.

    Rule: 002, "Shielding AoEs & ZAoEs": the shield faces :func:`zaoe_shield_damage`; "A ZAoE
    still affects the rest of the zone(s); only the area inside the low-precision shield is
    spared. If the ZAoE is partially shielded by low-precision shielding, proportionally reduce
    the high and low damage values against characters within the shield. Low-precision
    shielding is not effective against a ZAoE that originates from inside the shield; this
    includes cluster bombs and rocket pods" (``originates_inside``). ZAoEs have no impact
    damage; medium and high precision shield the damage reaching each character separately.

    Interpretation: "proportionally" means each value times (damage left / damage faced),
    fractions dropped; the exact share is in ``fraction_left``.

    Raises:
        ValueError: as :func:`zaoe_shield_damage`, ``points`` is not an integer >= 0, or a
            flag is not a bool.

    >>> r = shield_zaoe("cluster", 30, 10, 45)  # faces 60, 15 left: a quarter gets through
    >>> r.fraction_left, r.high, r.low, r.points_left
    (Fraction(1, 4), 7, 2, 0)
    """
    faced = zaoe_shield_damage(kind, high, low, value=value)
    high = check_int("high", high, 0)
    low = check_int("low", low, 0, high)
    points = check_int("points", points, 0)
    doubly = check_bool("doubly_effective", doubly_effective)
    if check_bool("originates_inside", originates_inside):
        return ZAoEShielding(faced, faced, points, False, 1, high, low)
    left, points_left = _exchange(faced, points, doubly)  # faced is 2x or 3x a value
    share = Fraction(left, faced) if faced else Fraction(1)
    return ZAoEShielding(
        shield_damage=faced,
        damage_left=left,
        points_left=points_left,
        effective=True,
        fraction_left=exact(share),
        high=int(high * share),
        low=int(low * share),
    )
