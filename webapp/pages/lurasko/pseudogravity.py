"""Lur-Asko pseudogravity: the points needed to affect a target, and what spent points do.

Model: :class:`LuraskoPseudogravity` (every number from :mod:`rules.lurasko.pseudogravity`).
The fraction of pound weight a point is compared with belongs to each Ability or device (the
chapter gives none), so it is an input, and the page says so.
View: :class:`LuraskoPseudogravityView`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import panel as pn
import param

from rules import lurasko
from rules.lurasko import (
    FLYING_WEIGHT_PERCENT_PER_SPD,
    OTHER_SILENCING_SHARE,
    SilencingPlace,
)
from rules.validation import InvalidInput
from webapp.components import (
    Figure,
    figures_html,
    general_error,
    input_field,
    page_row,
    result_pane,
)
from webapp.pages.lurasko.common import (
    LIST_CSS,
    LuraskoCalculator,
    exact_text,
    heading,
    note,
    renamed_errors,
    select_field,
)

__all__ = [
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


def parse_fraction(name: str, text: str) -> Fraction:
    """``text`` ("1/10", "0.25", "2") as an exact Fraction; InvalidInput naming ``name``.

    >>> parse_fraction("weight_fraction", " 1/10 ")
    Fraction(1, 10)
    >>> parse_fraction("weight_fraction", "1/0")
    Traceback (most recent call last):
    ...
    rules.validation.InvalidInput: weight_fraction must be a number such as 1/10 or 0.25, \
got '1/0'
    """
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError, AttributeError):
        raise InvalidInput(f"{name} must be a number such as 1/10 or 0.25, got {text!r}") from None


def _int(default: int, label: str, doc: str = "") -> param.Integer:
    return param.Integer(default=default, allow_None=True, label=label, doc=doc)


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


class LuraskoPseudogravity(LuraskoCalculator):
    """Pseudogravity against a target (source: ``002_64b8e17f45694c25.txt``, "Pseudogravity")."""

    inputs: ClassVar[tuple[str, ...]] = (
        "pounds",
        "inventory",
        "flying_spd",
        "weight_fraction",
        "points",
        *(f"silencing{n}{part}" for n in range(1, SILENCING_SLOTS + 1) for part in ("", "_place")),
        "user_at_effect",
        "gravnet_airship",
    )

    pounds = _int(150, "Pound weight of the target")
    inventory = _int(30, "Inventory (pounds), if the target is a character")
    flying_spd = _int(
        0, "Flying SPD the target resists with (unwilling; 0 if none)",
        f"+{FLYING_WEIGHT_PERCENT_PER_SPD}% weight per flying SPD.",
    )  # fmt: skip
    weight_fraction = param.String(
        default="1/10",
        label="Points per pound of weight (from the Ability or device)",
        doc="The fraction of pound weight the points are compared with, e.g. 1/10.",
    )
    points = _int(20, "Pseudogravity points expended")
    silencing1 = _int(0, "Silencing area 1 (0 = none)")
    silencing1_place = param.Selector(
        objects={label: place.value for place, label in PLACE_LABELS.items()},
        default=SilencingPlace.EFFECT.value,
        label="Area 1 is",
    )
    silencing2 = _int(0, "Silencing area 2 (0 = none)")
    silencing2_place = param.Selector(
        objects={label: place.value for place, label in PLACE_LABELS.items()},
        default=SilencingPlace.EFFECT.value,
        label="Area 2 is",
    )
    silencing3 = _int(0, "Silencing area 3 (0 = none)")
    silencing3_place = param.Selector(
        objects={label: place.value for place, label in PLACE_LABELS.items()},
        default=SilencingPlace.EFFECT.value,
        label="Area 3 is",
    )
    user_at_effect = param.Boolean(
        default=False, label="The user stands where the effect is created"
    )
    gravnet_airship = param.Boolean(
        default=False, label="A gravnet airship (silencing has no effect)"
    )

    def silencing_levels(self) -> tuple[tuple[int, int, bool], ...]:
        """Each silencing area given (amount not 0): slot, amount, and whether it counts."""
        out = []
        for n in range(1, SILENCING_SLOTS + 1):
            amount = getattr(self, f"silencing{n}")
            if amount == 0:
                continue
            counts = lurasko.silencing_applies(
                getattr(self, f"silencing{n}_place"),
                user_at_effect=self.user_at_effect,
                gravnet_airship=self.gravnet_airship,
            )
            out.append((n, amount, counts))
        return tuple(out)

    def compute(self) -> PseudogravityResult:
        fraction = parse_fraction("weight_fraction", self.weight_fraction)
        levels = self.silencing_levels()
        for n, amount, _ in levels:
            with renamed_errors({"levels[0]": f"silencing{n}"}):
                lurasko.combined_silencing([amount])
        silencing = lurasko.combined_silencing([amount for _, amount, counts in levels if counts])
        common: dict[str, Any] = {
            "flying_spd": self.flying_spd,
            "inventory": self.inventory,
            "silencing": silencing,
        }
        try:
            needed = lurasko.points_needed(self.pounds, fraction, **common)
        except InvalidInput as error:
            # Show the fraction as typed, not as the Fraction the rules were given.
            message = str(error)
            if message.startswith("weight_fraction"):
                message = re.sub(r"got .*$", f"got {self.weight_fraction!r}", message)
            raise InvalidInput(message) from error
        least = math.ceil(needed)
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
            least_points=least,
            effective=lurasko.effective_points(self.points, silencing),
            enough=lurasko.can_affect(self.points, self.pounds, fraction, **common),
        )


def _explain(r: PseudogravityResult) -> str:
    """How the numbers follow from each other, in words (all numbers from the result)."""
    weight = (
        f"({r.pounds} + {r.inventory} inventory) lb"
        + (f" x {100 + r.flying_percent}% for {r.flying_spd} flying SPD" if r.flying_spd else "")
        + f" = {exact_text(r.weight)} lb"
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
    return (
        f"<p class='lk-note'>Effective weight: {weight}.</p>"
        f"<p class='lk-note'>{silencing.capitalize()}.</p>"
        f"<p class='lk-note'>Points needed: {exact_text(r.weight)} lb x "
        f"{exact_text(r.fraction)} x "
        f"{exact_text(r.silencing)} silencing = {exact_text(r.needed)}"
        + (f", so at least {r.least_points} whole points" if r.least_points != r.needed else "")
        + ".</p>"
        f"<p class='lk-note'>{r.points} points / {exact_text(r.silencing)} silencing = "
        f"{exact_text(r.effective)} effective points.</p>"
    )


class LuraskoPseudogravityView(pn.viewable.Viewer):
    """The page: the target, the Ability's fraction and silencing; points needed and spent."""

    model = param.ClassSelector(class_=LuraskoPseudogravity)

    def __init__(self, **params: Any) -> None:
        params.setdefault("model", LuraskoPseudogravity())
        super().__init__(**params)
        m = self.model
        silencing_parts: list[Any] = []
        for n in range(1, SILENCING_SLOTS + 1):
            silencing_parts += [
                input_field(m, f"silencing{n}"),
                select_field(m, f"silencing{n}_place"),
            ]
        inputs = pn.Column(
            heading("The target", margin=(0, 10)),
            *(input_field(m, name) for name in ("pounds", "inventory", "flying_spd")),
            heading("The Ability or device"),
            input_field(m, "weight_fraction"),
            note(
                "The rules give no number here: each Ability or device says what fraction of "
                "the target's pound weight its points are compared with (e.g. 1/10: one point "
                "per 10 lb). Type yours.",
                css_classes=["lk-source-gap"],
            ),
            input_field(m, "points"),
            heading("Ætherial silencing"),
            note(
                f"Overlapping areas: the greatest, plus {OTHER_SILENCING_SHARE} of all the "
                "others. Silencing counts where the effect is created (a moved object: where "
                "it begins), not where the user stands unless the effect is there."
            ),
            *silencing_parts,
            *(input_field(m, name) for name in ("user_at_effect", "gravnet_airship")),
            general_error(m),
            max_width=380,
            sizing_mode="stretch_width",
            styles={"flex": "1 1 300px"},
        )
        self._summary = result_pane()
        self._explanation = pn.pane.HTML(sizing_mode="stretch_width", stylesheets=[LIST_CSS])
        outputs = pn.Column(
            self._summary,
            heading("How"),
            self._explanation,
            sizing_mode="stretch_width",
            styles={"flex": "1 1 420px"},
        )
        self._layout = page_row(inputs, outputs)
        m.param.watch(self._render, ["result"])
        self._render()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _render(self, *_events: object) -> None:
        r: PseudogravityResult | None = self.model.result
        if r is None:
            return
        needed = exact_text(r.needed)
        self._summary.object = figures_html(
            [
                Figure(str(r.least_points), "points needed (whole points)", "points-needed",
                       f"exactly {needed}" if needed != str(r.least_points) else ""),
                Figure(exact_text(r.weight), "effective pound weight", "effective-weight"),
                Figure(exact_text(r.silencing), "silencing that counts", "silencing"),
                Figure(exact_text(r.effective), f"effective points of {r.points} expended",
                       "effective-points"),
                Figure("yes" if r.enough else "no", f"{r.points} points can affect it",
                       "can-affect"),
            ],
            note="Points are decided before acting: they cannot be raised after an unforeseen "
            "silencing or flight.",
        )  # fmt: skip
        self._explanation.object = _explain(r)
