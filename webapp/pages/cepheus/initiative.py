"""Cepheus Engine initiative: a round-order tracker with hastening, reactions, delay and more.

Model: :class:`CepheusInitiative` (up to :data:`SLOTS` combatants, each a set of parameters
``name_1``, ``dexterity_1``, ...; every number from :mod:`rules.cepheus`:
``characteristic_dm``, ``AMBUSH_ROLL``, ``initiative_modifiers``, ``initiative_score``,
``delay_to_next_round``, ``initiative_order``, ``roll_initiative``).
View: :class:`CepheusInitiativeView` (the order on top, one card per combatant below).
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import panel as pn
import param

from rules import cepheus
from rules.validation import check_int
from webapp.components import Figure, figures_html, general_error, input_field
from webapp.pages.cepheus._common import (
    CepheusCalculator,
    attributed,
    flexible,
    group,
    html_pane,
    html_table,
    note,
    renamed,
    signed,
)

__all__ = ["SLOTS", "CepheusInitiative", "CepheusInitiativeView", "Entry", "InitiativeResult"]

SLOTS = 6
"""How many combatants the tracker holds (a limit of the page, not a rule)."""

_DEFAULTS = (
    ("Ana", 7, 8),
    ("Bo", 9, 6),
    ("Cy", 10, 8),
    ("Di", 7, 7),
    ("Ed", 6, 7),
    ("Flo", 8, 7),
)
"""(name, Dexterity, 2D6 roll) of each slot before anyone types."""

_DICE = cepheus.check_dice()
ROLL_LOW, ROLL_HIGH = min(_DICE), max(_DICE)
"""The range of a 2D6 roll, from :func:`rules.cepheus.check_dice`."""

FIELDS = (
    "name", "dexterity", "roll", "ambush", "hastened", "reactions", "delayed",
    "tactics", "leadership", "cut_off", "suppressed",
)  # fmt: skip
"""Each combatant's inputs (parameter ``<field>_<slot>``)."""


def _slot_parameters(slot: int) -> dict[str, param.Parameter]:
    name, dexterity, roll = _DEFAULTS[slot - 1]
    return {
        "name": param.String(default=name, label="Name"),
        "dexterity": param.Integer(default=dexterity, allow_None=True, label="Dexterity"),
        "roll": param.Integer(default=roll, allow_None=True, label="2D6 rolled"),
        "ambush": param.Boolean(
            default=False,
            label=f"Ready in an ambush: counts as {cepheus.AMBUSH_ROLL} on the roll",
        ),
        "hastened": param.Boolean(
            default=False, label=f"Acting hastily ({signed(cepheus.HASTE_INITIATIVE)})"
        ),
        "reactions": param.Integer(
            default=0,
            allow_None=True,
            label=f"Reactions ({signed(cepheus.REACTION_INITIATIVE)} each)",
        ),
        "delayed": param.Boolean(default=False, label="Delayed through the last round"),
        "tactics": param.Integer(
            default=0, allow_None=True, label="Tactics: Effect of the commander's check"
        ),
        "leadership": param.Integer(
            default=0, allow_None=True, label="Leadership: Effect of a check on him"
        ),
        "cut_off": param.Boolean(default=False, label="Cut off from his unit and commander"),
        "suppressed": param.Integer(
            default=0, allow_None=True, label="Suppressed: Effect of the Suppression Fire"
        ),
    }


@dataclass(frozen=True)
class Entry:
    """One combatant's Initiative this round."""

    slot: int
    name: str
    dexterity: int
    base: int
    base_text: str
    """How the base Initiative was found (roll + DM, ambush, or delay)."""
    modifiers: tuple[cepheus.Modifier, ...]
    score: int


@dataclass(frozen=True)
class InitiativeResult:
    """The combatants and the groups in which they act (simultaneous within a group)."""

    entries: tuple[Entry, ...]
    order: tuple[tuple[int, ...], ...]
    """Groups of slots in acting order."""

    def entry(self, slot: int) -> Entry:
        return next(e for e in self.entries if e.slot == slot)


class CepheusInitiative(CepheusCalculator):
    """The round order (source: ``003_c7092257a5e3046d.txt``, "Initiative" to "Delay")."""

    inputs: ClassVar[tuple[str, ...]] = (
        "combatants",
        "seed",
        *(f"{field}_{slot}" for slot in range(1, SLOTS + 1) for field in FIELDS),
    )

    combatants = param.Integer(default=4, allow_None=True, label="Combatants")
    seed = param.Integer(default=1, allow_None=True, label="Seed of the next roll")

    def active(self) -> range:
        """The slots in use (1-based)."""
        return range(1, check_int("combatants", self.combatants, 1, SLOTS) + 1)

    def value(self, field: str, slot: int) -> Any:
        return getattr(self, f"{field}_{slot}")

    def compute(self) -> InitiativeResult:
        check_int("seed", self.seed)
        slots = self.active()
        bases: dict[int, tuple[int, str]] = {}
        dexterity: dict[int, int] = {}
        for slot in slots:
            for field in ("reactions", "suppressed"):
                check_int(f"{field}_{slot}", self.value(field, slot), 0)
            for field in ("tactics", "leadership"):
                check_int(f"{field}_{slot}", self.value(field, slot))
            dex = self.value("dexterity", slot)
            dm = attributed(f"dexterity_{slot}", lambda dex=dex: cepheus.characteristic_dm(dex))
            dexterity[slot] = dex
            if self.value("ambush", slot):
                (base,) = cepheus.initiative_distribution(dm, ambush=True)
                bases[slot] = (base, f"ambush {cepheus.AMBUSH_ROLL} + DEX DM {signed(dm)}")
            else:
                roll = check_int(f"roll_{slot}", self.value("roll", slot), ROLL_LOW, ROLL_HIGH)
                bases[slot] = (roll + dm, f"2D6 {roll} + DEX DM {signed(dm)}")
        waiting = [slot for slot in slots if not self.value("delayed", slot)]
        delayers = [slot for slot in slots if self.value("delayed", slot)]
        if delayers:
            if not waiting:
                raise ValueError(
                    f"delayed_{delayers[0]}: a delaying character acts one higher than the "
                    "first of the others, so at least one combatant must not be delaying"
                )
            first = max(bases[slot][0] for slot in waiting)
            for slot in delayers:
                bases[slot] = (
                    cepheus.delay_to_next_round(first),
                    f"delayed: one higher than the first ({first})",
                )
        entries = []
        for slot in slots:
            options = self._modifier_options(slot)
            names = {"reactions": f"reactions_{slot}", "suppression_effect": f"suppressed_{slot}"}
            rows = renamed(lambda options=options: cepheus.initiative_modifiers(**options), names)
            base, text = bases[slot]
            entries.append(
                Entry(
                    slot=slot,
                    name=self.value("name", slot),
                    dexterity=dexterity[slot],
                    base=base,
                    base_text=text,
                    modifiers=rows,
                    score=cepheus.initiative_score(base, **options),
                )
            )
        people = {
            slot: cepheus.Combatant(e.name, e.score, e.dexterity)
            for slot, e in zip(slots, entries, strict=True)
        }
        slot_of = {id(person): slot for slot, person in people.items()}
        groups = cepheus.initiative_order(people.values())
        order = tuple(tuple(slot_of[id(person)] for person in g) for g in groups)
        return InitiativeResult(tuple(entries), order)

    def _modifier_options(self, slot: int) -> dict[str, Any]:
        tactics, leadership = self.value("tactics", slot), self.value("leadership", slot)
        suppressed = self.value("suppressed", slot)
        return {
            "tactics_effect": tactics or None,
            "leadership_effect": leadership or None,
            "in_communication": not self.value("cut_off", slot),
            "hastened": self.value("hastened", slot),
            "reactions": self.value("reactions", slot),
            "suppression_effect": suppressed or None,
        }

    def roll_everyone(self) -> None:
        """Roll 2D6 for every active combatant not in an ambush with ``Random(seed)``; the seed
        moves on by one."""
        rng = random.Random(check_int("seed", self.seed))
        rolls = {
            f"roll_{slot}": cepheus.roll_initiative(0, rng)
            for slot in self.active()
            if not self.value("ambush", slot)
        }
        self.param.update(**rolls, seed=self.seed + 1)

    def next_round(self) -> None:
        """Clear what lasts one round: hastening, reactions, delay and suppression."""
        cleared: dict[str, Any] = {}
        for slot in range(1, SLOTS + 1):
            cleared |= {
                f"hastened_{slot}": False,
                f"reactions_{slot}": 0,
                f"delayed_{slot}": False,
                f"suppressed_{slot}": 0,
            }
        self.param.update(**cleared)


for _slot in range(1, SLOTS + 1):
    for _field, _parameter in _slot_parameters(_slot).items():
        CepheusInitiative.param.add_parameter(f"{_field}_{_slot}", _parameter)


def _sized(model: CepheusInitiative, name: str, width: int, grow: int = 1) -> pn.Column:
    return flexible(input_field(model, name), width, grow=grow)


class CepheusInitiativeView(pn.viewable.Viewer):
    """The page: the order of the round on top, the combatants' cards below."""

    model = param.ClassSelector(class_=CepheusInitiative)

    def __init__(self, **params: Any) -> None:
        params.setdefault("model", CepheusInitiative())
        super().__init__(**params)
        m = self.model
        self._summary = html_pane()
        self._order = html_pane()
        roll = pn.widgets.Button(name="Roll 2D6 for everyone", button_type="primary")
        roll.on_click(lambda _e: m.roll_everyone())
        new_round = pn.widgets.Button(name="Next round", button_type="light")
        new_round.on_click(lambda _e: m.next_round())
        controls = pn.Row(
            _sized(m, "combatants", 130, grow=0),
            _sized(m, "seed", 160, grow=0),
            pn.Row(roll, new_round, margin=(18, 0, 0, 0), styles={"flex-wrap": "wrap"}),
            sizing_mode="stretch_width",
            styles={"flex-wrap": "wrap", "align-items": "start"},
        )
        self._cards: dict[int, pn.Card] = {}
        for slot in range(1, SLOTS + 1):
            name = f"name_{slot}"
            self._cards[slot] = pn.Card(
                pn.Row(
                    _sized(m, name, 150),
                    _sized(m, f"dexterity_{slot}", 90),
                    _sized(m, f"roll_{slot}", 90),
                    sizing_mode="stretch_width",
                    styles={"flex-wrap": "wrap"},
                    margin=0,
                ),
                *(
                    input_field(m, f"{field}_{slot}")
                    for field in ("ambush", "hastened", "delayed", "reactions")
                ),
                group(
                    "Tactics, Leadership, comms, suppression",
                    *(
                        input_field(m, f"{field}_{slot}")
                        for field in ("tactics", "leadership", "cut_off", "suppressed")
                    ),
                ),
                title=f"Combatant {slot}",
                collapsed=False,
                max_width=420,
                sizing_mode="stretch_width",
                margin=(5, 5),
                styles={"flex": "1 1 300px", "min-width": "0"},
                visible=pn.bind(
                    lambda count, slot=slot: count is not None and slot <= count,
                    m.param.combatants,
                ),
            )
        self._layout = pn.Column(
            self._summary,
            self._order,
            controls,
            general_error(m),
            note(
                "Initiative is 2D6 + Dexterity DM (an automatic "
                f"{cepheus.AMBUSH_ROLL} for characters ready in an ambush); ties go to the "
                "higher Dexterity, then act simultaneously. Hastening and reactions last one "
                "round. Delay: a character who held his action through the last round starts "
                "this round one higher than the first of the others (before this round's "
                "adjustments). Tactics and Leadership add the Effect of a successful check, "
                "not for a character cut off from his unit."
            ),
            pn.Row(
                *self._cards.values(), sizing_mode="stretch_width", styles={"flex-wrap": "wrap"}
            ),
            sizing_mode="stretch_width",
        )
        m.param.watch(self._render, ["result"])
        self._render()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _render(self, *_events: object) -> None:
        result: InitiativeResult | None = self.model.result
        if result is None:
            return
        names = {e.slot: e.name or f"Combatant {e.slot}" for e in result.entries}
        sequence = ", ".join(" = ".join(names[s] for s in g) for g in result.order)
        first = result.order[0]
        self._summary.object = figures_html(
            [
                Figure(
                    " & ".join(names[s] for s in first),
                    "acts first"
                    + (" (simultaneously)" if len(first) > 1 else "")
                    + f", Initiative {result.entry(first[0]).score}",
                    "first",
                ),
                Figure(sequence, "round order (= acts simultaneously)", "order"),
            ]
        )
        rows, testids = [], []
        for place, group_slots in enumerate(result.order, start=1):
            for slot in group_slots:
                e = result.entry(slot)
                how = "; ".join(
                    [e.base_text, *(f"{row.label} {signed(row.dm)}" for row in e.modifiers)]
                )
                rows.append(
                    (
                        str(place) + ("=" if len(group_slots) > 1 else ""),
                        names[slot],
                        str(e.score),
                        str(e.dexterity),
                        how,
                    )
                )
                testids.append(f"order-{slot}")
        self._order.object = html_table(
            ["#", "Name", "Initiative", "DEX", "How"],
            rows,
            numeric=[0, 2, 3],
            testid="order-table",
            row_testids=testids,
        )
        for e in result.entries:
            self._cards[e.slot].title = html.unescape(
                f"{e.slot}. {names[e.slot]}: Initiative {e.score}"
            )
