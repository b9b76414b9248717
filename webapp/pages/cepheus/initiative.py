"""Cepheus Engine initiative: a round-order tracker with hastening, reactions, delay and more.

Model: :class:`CepheusInitiative` (up to :data:`SLOTS` combatants, each a set of parameters
``name_1``, ``dexterity_1``, ... declared once by :data:`COMBATANTS`; every number from
:mod:`rules.cepheus`: ``characteristic_dm``, ``AMBUSH_ROLL``, ``initiative_modifiers``,
``initiative_score``, ``delay_to_next_round``, ``initiative_order``, ``roll_initiative``).
View: :class:`CepheusInitiativeView` (the order on top, one card per combatant below).
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import Any

import panel as pn
import param

from rules import cepheus
from rules.validation import check_int
from webapp.components import Figure, group, html_pane, html_table, note, row, signed
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.model import input_error, inputs_named
from webapp.pages.slots import Field, Slot, Slots
from webapp.pages.view import PageView

__all__ = [
    "COMBATANTS",
    "SLOTS",
    "CepheusInitiative",
    "CepheusInitiativeView",
    "Entry",
    "InitiativeResult",
]

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

SHORT_LABELS = {
    "name": "Name",
    "dexterity": "Dexterity",
    "roll": "2D6 rolled",
    "ambush": f"Ready in an ambush: counts as {cepheus.AMBUSH_ROLL} on the roll",
    "hastened": f"Acting hastily ({signed(cepheus.HASTE_INITIATIVE)})",
    "reactions": f"Reactions ({signed(cepheus.REACTION_INITIATIVE)} each)",
    "delayed": "Delayed through the last round",
    "tactics": "Tactics: Effect of the commander's check",
    "leadership": "Leadership: Effect of a check on him",
    "cut_off": "Cut off from his unit and commander",
    "suppressed": "Suppressed: Effect of the Suppression Fire",
}
"""Each combatant's inputs as labelled in the combatant's card; the parameter's label (in
messages and notices) names the combatant too: "Combatant 2: Dexterity"."""


def _field(kind: Any, field: str, default: Any) -> Field:
    return Field(kind, "{slot}: " + SHORT_LABELS[field], default=default)


COMBATANTS = Slots(
    "{field}_{n}",
    SLOTS,
    "Combatant {n}",
    name=_field(param.String, "name", tuple(name for name, _, _ in _DEFAULTS)),
    dexterity=_field(param.Integer, "dexterity", tuple(dex for _, dex, _ in _DEFAULTS)),
    roll=_field(param.Integer, "roll", tuple(roll for _, _, roll in _DEFAULTS)),
    ambush=_field(param.Boolean, "ambush", False),
    hastened=_field(param.Boolean, "hastened", False),
    reactions=_field(param.Integer, "reactions", 0),
    delayed=_field(param.Boolean, "delayed", False),
    tactics=_field(param.Integer, "tactics", 0),
    leadership=_field(param.Integer, "leadership", 0),
    cut_off=_field(param.Boolean, "cut_off", False),
    suppressed=_field(param.Integer, "suppressed", 0),
)
"""Combatants 1 to :data:`SLOTS`; their inputs ``<field>_<slot>`` (``dexterity_2``)."""


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

    combatants = param.Integer(default=4, label="Combatants")
    seed = param.Integer(default=1, label="Seed of the next roll")
    locals().update(COMBATANTS.parameters())  # name_1, dexterity_1, ..., suppressed_6

    def active(self) -> range:
        """The slots in use (1-based)."""
        return range(1, check_int("combatants", self.combatants, 1, SLOTS) + 1)

    def compute(self) -> InitiativeResult:
        check_int("seed", self.seed)
        slots = self.active()
        bases: dict[int, tuple[int, str]] = {}
        dexterity: dict[int, int] = {}
        # Every slot's numbers, used or not: an emptied box is an error (the view shows the
        # card of a combatant whose input is wrong).
        combatant: dict[int, Slot] = {}
        for c in COMBATANTS.each(self):
            slot = int(c.n)
            combatant[slot] = c
            for field in ("reactions", "suppressed"):
                check_int(c.names[field], getattr(c, field), 0)
            for field in ("tactics", "leadership"):
                check_int(c.names[field], getattr(c, field))
            with inputs_named(c.names["dexterity"]):
                dm = cepheus.characteristic_dm(c.dexterity)
            dexterity[slot] = c.dexterity
            if c.ambush:
                (base,) = cepheus.initiative_distribution(dm, ambush=True, variant=self.variant)
                bases[slot] = (base, f"ambush {cepheus.AMBUSH_ROLL} + DEX DM {signed(dm)}")
            else:
                roll = check_int(c.names["roll"], c.roll, ROLL_LOW, ROLL_HIGH)
                bases[slot] = (roll + dm, f"2D6 {roll} + DEX DM {signed(dm)}")
        waiting = [slot for slot in slots if not combatant[slot].delayed]
        delayers = [slot for slot in slots if combatant[slot].delayed]
        if delayers:
            if not waiting:
                raise input_error(
                    combatant[delayers[0]].names["delayed"],
                    "unticked for at least one combatant (a delaying character acts one higher "
                    "than the first of the others)",
                    True,
                )
            first = max(bases[slot][0] for slot in waiting)
            for slot in delayers:
                bases[slot] = (
                    cepheus.delay_to_next_round(first),
                    f"delayed: one higher than the first ({first})",
                )
        entries = []
        for slot in slots:
            c = combatant[slot]
            options = _modifier_options(c)
            names = {"reactions": c.names["reactions"], "suppression_effect": c.names["suppressed"]}
            with inputs_named(names):
                rows = cepheus.initiative_modifiers(**options, variant=self.variant)
                score = cepheus.initiative_score(bases[slot][0], **options, variant=self.variant)
            base, text = bases[slot]
            entries.append(
                Entry(
                    slot=slot,
                    name=c.name,
                    dexterity=dexterity[slot],
                    base=base,
                    base_text=text,
                    modifiers=rows,
                    score=score,
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

    def roll_everyone(self) -> None:
        """Roll 2D6 for every active combatant not in an ambush with ``Random(seed)``; the seed
        moves on by one."""
        rng = random.Random(check_int("seed", self.seed))
        rolls = {
            c.names["roll"]: cepheus.roll_initiative(0, rng)
            for c in (COMBATANTS.read(self, slot) for slot in self.active())
            if not c.ambush
        }
        self.param.update(**rolls, seed=self.seed + 1)

    def next_round(self) -> None:
        """Clear what lasts one round: hastening, reactions, delay and suppression."""
        cleared = {"hastened": False, "reactions": 0, "delayed": False, "suppressed": 0}
        self.param.update(
            {COMBATANTS.input(slot, field): value
             for slot in COMBATANTS.numbers for field, value in cleared.items()}
        )  # fmt: skip


def _modifier_options(c: Slot) -> dict[str, Any]:
    """The keywords of :func:`rules.cepheus.initiative_modifiers` for combatant ``c``."""
    return {
        "tactics_effect": c.tactics or None,
        "leadership_effect": c.leadership or None,
        "in_communication": not c.cut_off,
        "hastened": c.hastened,
        "reactions": c.reactions,
        "suppression_effect": c.suppressed or None,
    }


class CepheusInitiativeView(PageView):
    """The page: the round's order first; the combatants' cards; the order with its reasons."""

    model_class = CepheusInitiative
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, Initiative, Dynamic Initiative, Reactions, "
        "Delay, Tactics and Leadership, Suppression Fire. Interpretations (rules/SOURCES.md): "
        "Tactics and Leadership add the check's Effect only when positive, and both can apply; "
        "ties on Initiative and Dexterity act simultaneously."
    )

    def sections(self) -> list[Any]:
        m = self.model
        roll = pn.widgets.Button(label="Roll 2D6 for everyone", color="primary")
        roll.on_click(lambda _e: m.roll_everyone())
        new_round = pn.widgets.Button(label="Next round", color="light")
        new_round.on_click(lambda _e: m.next_round())
        self._cards: dict[int, pn.Card] = {}
        for slot in range(1, SLOTS + 1):
            self._cards[slot] = self._card(slot)
        return [
            row(self.field("combatants"), self.field("seed"), basis=140),
            pn.Row(roll, new_round, styles={"flex-wrap": "wrap"}),
            *self._cards.values(),
            note(
                "Initiative is 2D6 + Dexterity DM (an automatic "
                f"{cepheus.AMBUSH_ROLL} for characters ready in an ambush); ties go to the "
                "higher Dexterity, then act simultaneously. Hastening and reactions last one "
                "round. Delay: a character who held his action through the last round starts "
                "this round one higher than the first of the others (before this round's "
                "adjustments). Tactics and Leadership add the Effect of a successful check, "
                "not for a character cut off from his unit."
            ),
        ]

    def _card(self, slot: int) -> pn.Card:
        m = self.model

        names = COMBATANTS.inputs(slot)

        def field(name: str) -> pn.Column:
            return self.field(names[name], label=SHORT_LABELS[name])

        def shown(count: int | None, error_input: str) -> bool:
            # A combatant in use, or one whose input is wrong (so that its error shows).
            return (count is not None and 1 <= slot <= count) or error_input in names.values()

        return pn.Card(
            row(field("name"), field("dexterity"), field("roll"), basis=90),
            *(field(name) for name in ("ambush", "hastened", "delayed", "reactions")),
            group(
                "Tactics, Leadership, comms, suppression",
                *(field(name) for name in ("tactics", "leadership", "cut_off", "suppressed")),
            ),
            title=COMBATANTS.title(slot),
            collapsed=False,
            sizing_mode="stretch_width",
            margin=(5, 5),
            visible=pn.bind(shown, m.param.combatants, m.param.error_input),
        )

    def details(self) -> list[Any]:
        self._order = html_pane()
        return [self._order]

    def figures(self, result: InitiativeResult) -> list[Figure]:
        names = _names(result)
        first = result.order[0]
        return [
            Figure(
                " & ".join(names[s] for s in first),
                "acts first"
                + (" (simultaneously)" if len(first) > 1 else "")
                + f", Initiative {result.entry(first[0]).score}",
                "first",
            ),
            Figure(
                ", ".join(" = ".join(names[s] for s in g) for g in result.order),
                "round order (= acts simultaneously)",
                "order",
            ),
        ]

    def render(self, result: InitiativeResult) -> None:
        names = _names(result)
        rows, testids = [], []
        for place, group_slots in enumerate(result.order, start=1):
            for slot in group_slots:
                e = result.entry(slot)
                how = "; ".join(
                    [e.base_text, *(f"{mod.label} {signed(mod.dm)}" for mod in e.modifiers)]
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


def _names(result: InitiativeResult) -> dict[int, str]:
    """Each combatant's name as shown (``Combatant 3`` for one left blank)."""
    return {e.slot: e.name or f"Combatant {e.slot}" for e in result.entries}
