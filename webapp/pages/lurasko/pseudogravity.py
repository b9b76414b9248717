"""Lur-Asko pseudogravity: the points needed to affect a target, and what spent points do.

Model: :class:`LuraskoPseudogravity` (every number from :mod:`rules.lurasko.pseudogravity`).
The fraction of pound weight a point is compared with belongs to each Ability or device (the
chapter gives none), so it is an input, and the page says so.
View: :class:`LuraskoPseudogravityView`.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import param

from rules import lurasko
from rules.lurasko import (
    FLYING_WEIGHT_PERCENT_PER_SPD,
    OTHER_SILENCING_SHARE,
    SilencingPlace,
)
from webapp.components import Figure, choices, heading, html_pane, note
from webapp.formatting import exact_text
from webapp.pages.lurasko import LuraskoCalculator
from webapp.pages.model import input_error, inputs_named
from webapp.pages.slots import Field, Slots
from webapp.pages.view import PageView

__all__ = [
    "SILENCING",
    "SILENCING_SLOTS",
    "LuraskoPseudogravity",
    "LuraskoPseudogravityView",
    "PseudogravityResult",
    "parse_fraction",
]

SILENCING_SLOTS = 3

PLACE_LABELS: dict[SilencingPlace, str] = {
    SilencingPlace.EFFECT: "At the effect (a moved object's start)",
    SilencingPlace.DESTINATION: "At a moved object's destination",
    SilencingPlace.USER: "Where the user stands",
}

_NUMBER = re.compile(r"[0-9./+\-\s]{1,60}")
"""What the fraction box takes: digits, a point, a slash, a sign (no exponent, which could
make a number too large to compute, and at most 60 characters)."""


def parse_fraction(name: str, text: str) -> Fraction:
    """``text`` ("1/10", "0.25", "2") as an exact Fraction > 0; an error about input ``name``.

    >>> parse_fraction("weight_fraction", " 1/10 ")
    Fraction(1, 10)
    >>> parse_fraction("weight_fraction", "1/0")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: weight_fraction must be a number > 0 such as 1/10 or 0.25, \
got '1/0'
    """
    allowed = "a number > 0 such as 1/10 or 0.25"
    if not isinstance(text, str) or not _NUMBER.fullmatch(text):
        raise input_error(name, allowed, text)
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise input_error(name, allowed, text) from None
    if value <= 0:
        raise input_error(name, allowed, text)
    return value


@dataclass(frozen=True)
class PseudogravityResult:
    """Everything the page shows for one set of inputs (the inputs used included)."""

    pounds: int
    inventory: int
    flying_spd: int
    fraction: Fraction
    """The fraction of pound weight the points are compared with."""
    points: int
    """Points expended."""
    weight: int | Fraction
    """Effective pound weight (inventory and flying SPD included)."""
    flying_percent: int
    """Extra effective weight from flying SPD, in percent."""
    levels: tuple[tuple[int, int, bool], ...]
    """Each silencing area given: (slot, amount, whether it counts)."""
    silencing: int | Fraction
    """The combined silencing that counts (1: none)."""
    needed: int | Fraction
    """Points needed, exact."""
    least_points: int
    """The fewest whole points that are enough."""
    effective: int | Fraction
    """The effective points of the points expended."""
    enough: bool
    """Whether the points expended can affect the target."""


SILENCING = Slots(
    "silencing{n}_{field}",
    SILENCING_SLOTS,
    "Silencing area {n}",
    amount=Field(param.Integer, "{slot} (0 = none)", default=0, name="silencing{n}"),
    place=Field(
        param.Selector,
        "{slot} is",
        default=SilencingPlace.EFFECT.value,
        options={"objects": choices(SilencingPlace, PLACE_LABELS)},
    ),
)
"""The silencing areas (in play when their amount is not 0): ``silencing<n>`` and
``silencing<n>_place``."""


class LuraskoPseudogravity(LuraskoCalculator):
    """Pseudogravity against a target (source: ``002_64b8e17f45694c25.txt``, "Pseudogravity")."""

    pounds = param.Integer(default=150, label="Pound weight of the target")
    inventory = param.Integer(default=30, label="Inventory (pounds), if the target is a character")
    flying_spd = param.Integer(
        default=0,
        label="Flying SPD the target resists with (unwilling; 0 if none)",
        doc=f"+{FLYING_WEIGHT_PERCENT_PER_SPD}% weight per flying SPD.",
    )
    weight_fraction = param.String(
        default="1/10",
        label="Points per pound of weight (from the Ability or device)",
        doc="The fraction of pound weight the points are compared with, e.g. 1/10.",
    )
    points = param.Integer(default=20, label="Pseudogravity points expended")
    locals().update(SILENCING.parameters())
    user_at_effect = param.Boolean(
        default=False, label="The user stands where the effect is created"
    )
    gravnet_airship = param.Boolean(
        default=False, label="A gravnet airship (silencing has no effect)"
    )

    def silencing_levels(self) -> tuple[tuple[int, int, bool], ...]:
        """Each silencing area given (amount not 0): slot, amount, and whether it counts."""
        out = []
        for area in SILENCING.each(self):
            n, amount = area.n, area.amount
            if amount == 0:
                continue
            with inputs_named(area.names["amount"]):
                # An area's own amount must be a silencing (>= 1) whether it counts or not.
                lurasko.combined_silencing([amount])
            counts = lurasko.silencing_applies(
                area.place,
                user_at_effect=self.user_at_effect,
                gravnet_airship=self.gravnet_airship,
            )
            out.append((n, amount, counts))
        return tuple(out)

    def compute(self) -> PseudogravityResult:
        fraction = parse_fraction("weight_fraction", self.weight_fraction)
        levels = self.silencing_levels()
        silencing = lurasko.combined_silencing([amount for _, amount, counts in levels if counts])
        common: dict[str, Any] = {
            "flying_spd": self.flying_spd,
            "inventory": self.inventory,
            "silencing": silencing,
        }
        needed = lurasko.points_needed(self.pounds, fraction, **common)
        return PseudogravityResult(
            pounds=self.pounds,
            inventory=self.inventory,
            flying_spd=self.flying_spd,
            fraction=fraction,
            points=self.points,
            weight=lurasko.effective_weight(self.pounds, self.flying_spd, inventory=self.inventory),
            flying_percent=lurasko.flying_weight_increase_percent(self.flying_spd),
            levels=levels,
            silencing=silencing,
            needed=needed,
            least_points=math.ceil(needed),
            effective=lurasko.effective_points(self.points, silencing),
            enough=lurasko.can_affect(self.points, self.pounds, fraction, **common),
        )


def explain(r: PseudogravityResult) -> str:
    """How the numbers follow from each other, as a list (every number from the result).

    The effective weight carries ``data-testid='effective-weight'``."""
    weight = (
        f"({r.pounds} + {r.inventory} inventory) lb"
        + (f" x {100 + r.flying_percent}% for {r.flying_spd} flying SPD" if r.flying_spd else "")
        + " = "
    )
    counted = [amount for _, amount, counts in r.levels if counts]
    ignored = [f"area {n} ({amount})" for n, amount, counts in r.levels if not counts]
    if not counted:
        silencing = "no silencing counts"
    elif len(counted) == 1:
        silencing = f"silencing {counted[0]}"
    else:
        greatest, *others = sorted(counted, reverse=True)
        silencing = (
            f"silencing {greatest} + {OTHER_SILENCING_SHARE} x ({' + '.join(map(str, others))})"
            f" = {exact_text(r.silencing)}"
        )
    if ignored:
        silencing += f"; ignored: {', '.join(ignored)}"
    needed = (
        f"{exact_text(r.weight)} lb x {exact_text(r.fraction)} x {exact_text(r.silencing)} "
        f"silencing = {exact_text(r.needed)}"
        + (f", so at least {r.least_points} whole points" if r.least_points != r.needed else "")
    )
    effective = (
        f"{r.points} points / {exact_text(r.silencing)} silencing = "
        f"{exact_text(r.effective)} effective points"
    )
    return (
        "<ul class='rf-list'>"
        f"<li><b>Effective weight</b>: {html.escape(weight)}"
        f"<span data-testid='effective-weight'>{exact_text(r.weight)}</span> lb.</li>"
        f"<li><b>Silencing</b>: {html.escape(silencing)}.</li>"
        f"<li><b>Points needed</b>: {html.escape(needed)}.</li>"
        f"<li><b>Points expended</b>: {html.escape(effective)}.</li>"
        "</ul>"
    )


class LuraskoPseudogravityView(PageView):
    """The page: the target, the Ability's fraction and silencing; points needed and spent."""

    model_class = LuraskoPseudogravity
    rule_note = (
        "Source: Legends of Lur-Asko, Combat: Pseudogravity. Interpretations (rules/SOURCES.md): "
        "the fraction of pound weight is set by each Ability or device (an input here); "
        '"compared to" means the effective points must be at least that much; a silencing '
        "is 1 or more. Points are decided before acting: they cannot be raised after an "
        "unforeseen silencing or flight."
    )

    def sections(self) -> list[Any]:
        return [
            heading("The target", margin=(0, 10)),
            *(self.field(name) for name in ("pounds", "inventory", "flying_spd")),
            heading("The Ability or device"),
            self.field("weight_fraction"),
            note(
                "The rules give no number here: each Ability or device says what fraction of "
                "the target's pound weight its points are compared with (e.g. 1/10: one point "
                "per 10 lb). Type yours.",
                css_classes=["rf-source-gap"],
            ),
            self.field("points"),
            heading("Ætherial silencing"),
            note(
                f"Overlapping areas: the greatest, plus {OTHER_SILENCING_SHARE} of all the "
                "others. Silencing counts where the effect is created (a moved object: where "
                "it begins), not where the user stands unless the effect is there."
            ),
            *(
                self.field(name, **({"widget": "select"} if field == "place" else {}))
                for n in SILENCING.numbers
                for field, name in SILENCING.inputs(n).items()
            ),
            *(self.field(name) for name in ("user_at_effect", "gravnet_airship")),
        ]

    def details(self) -> list[Any]:
        self._explanation = html_pane()
        return [heading("How", margin=(0, 10)), self._explanation]

    def figures(self, result: PseudogravityResult) -> list[Figure]:
        r = result
        needed = exact_text(r.needed)
        return [
            Figure(str(r.least_points), "points needed (whole points)", "points-needed",
                   f"exactly {needed}" if needed != str(r.least_points) else ""),
            Figure("yes" if r.enough else "no", f"{r.points} points can affect it",
                   "can-affect"),
            Figure(exact_text(r.effective), f"effective points of {r.points} expended",
                   "effective-points"),
            Figure(exact_text(r.silencing), "silencing that counts", "silencing"),
        ]  # fmt: skip

    def render(self, result: PseudogravityResult) -> None:
        self._explanation.object = explain(result)
