"""Cepheus Engine fight forecast: the exact odds of a duel or of focus fire, round by round.

(Longer than 600 lines: the two modes are one page, one set of shared inputs and one set of
tables read two ways; split in two, each module would repeat the other's half.)

Model: :class:`CepheusFight` (two fighters, or one target and 1-4 attackers; each attack made
from the attack page's own inputs through :meth:`CepheusAttack.situation
<webapp.pages.cepheus.attack.CepheusAttack.situation>`; :meth:`~CepheusFight.compute` calls
:func:`rules.cepheus.duel` or :func:`rules.cepheus.focus_fire`).
View: :class:`CepheusFightView` (survival curves with their table, the chance of each ending by
round, the state after N rounds, the single-round odds with links to the attack page, and
"Roll it": one fight rolled by :func:`rules.cepheus.roll_duel` or
:func:`rules.cepheus.roll_focus_fire`).
"""

from __future__ import annotations

import functools
import html
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar
from urllib.parse import urlencode

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from rules import cepheus
from rules.cepheus import WoundState
from rules.dice import Distribution
from rules.validation import check_int
from webapp.components import (
    Figure,
    Later,
    LaterColumn,
    RollLog,
    chart_table_html,
    group,
    heading,
    html_pane,
    html_table,
    mean_text,
    note,
    row,
    set_data,
    signed,
)
from webapp.formatting import exact_short, percent
from webapp.pages.cepheus import CepheusCalculator
from webapp.pages.cepheus.attack import CepheusAttack
from webapp.pages.model import input_error, inputs_named
from webapp.pages.slots import Field, Sides, Slot, Slots
from webapp.pages.view import PageView
from webapp.theme import THEMES

__all__ = [
    "ATTACKERS",
    "DUEL_INPUTS",
    "FIGHTERS",
    "FOCUS_INPUTS",
    "CepheusFight",
    "CepheusFightView",
    "FightAttack",
    "FightResult",
    "roll_fight",
]


def _attack_input(name: str, label: str, **kw: Any) -> param.Parameter:
    """A new input of the same kind, choices and default as the attack page's input ``name``
    (:class:`~webapp.pages.cepheus.attack.CepheusAttack`), labelled for this page: the two
    pages read it the same way, and the link to the attack page carries it under ``name``."""
    source = CepheusAttack.param[name]
    default = kw.pop("default", source.default)
    if isinstance(source, param.Selector):
        objects = dict(source.names) if source.names else list(source.objects)
        return param.Selector(objects=objects, default=default, label=label, **kw)
    return type(source)(default=default, label=label, **kw)


ORDERS = {
    "END, then STR, then DEX": "endurance,strength,dexterity",
    "END, then DEX, then STR": "endurance,dexterity,strength",
    "Spread (conscious longest)": "spread",
}
"""How a fighter allocates the damage it takes (``order`` of :class:`rules.cepheus.Fighter`)."""

DM_FROM = {
    "Dexterity, lowered by wounds": "dexterity",
    "Strength, lowered by wounds (melee)": "strength",
    "Dexterity, fixed at its start": "dexterity-fixed",
    "Strength, fixed at its start": "strength-fixed",
}
"""Where a fighter's characteristic DM comes from (``dm_from`` of
:class:`~rules.cepheus.Fighter`; fixed: ``dm_from=None`` with the DM of the starting score)."""

MINOR = {"None": "none", "Aim (+1)": "aim", "Aim for the Kill": "kill"}
"""A fighter's one minor action each round (lost when seriously wounded)."""

_ATTACK_PARTS = ("skill", "weapon", "damage_dice")
SCORES = ("strength", "dexterity", "endurance")
"""A fighter's physical characteristics, in the order of :class:`rules.cepheus.Physical`."""


def _attack_field(name: str, label: str, default: Any) -> Field:
    """A slot's field made by :func:`_attack_input` from the attack page's input ``name``."""
    return Field(functools.partial(_attack_input, name), label, default=default)


FIGHTERS = Sides(
    "{n}_{field}",
    {"a": "A", "b": "B"},
    strength=Field(param.Integer, "{slot}'s Strength", default=(7, 8)),
    dexterity=Field(param.Integer, "{slot}'s Dexterity", default=(8, 7)),
    endurance=Field(param.Integer, "{slot}'s Endurance", default=(7, 8)),
    skill=_attack_field("skill", "{slot}'s combat skill level", default=(1, 2)),
    weapon=_attack_field("weapon", "{slot}'s weapon", default=("rifle", "pistol")),
    damage_dice=_attack_field("damage_dice", "{slot}'s damage (D6)", default=(3, 2)),
    armor=_attack_field("armor", "{slot}'s armor", default=(0, 4)),
    dm_from=Field(param.Selector, "{slot}'s characteristic DM from", default="dexterity",
                  options={"objects": DM_FROM}),
    initiative=Field(param.Integer, "{slot}'s Initiative", default=0),
    order=Field(param.Selector, "{slot} takes damage", default="endurance,strength,dexterity",
                options={"objects": ORDERS}),
    damage_modifier=_attack_field("damage_modifier", "{slot}'s damage modifier",
                                  default=CepheusAttack.param["damage_modifier"].default),
    minor=Field(param.Selector, "{slot}'s minor action each round", default="none",
                options={"objects": MINOR}),
)  # fmt: skip
"""The duel's fighters A and B; their inputs ``a_<field>`` and ``b_<field>``."""
ATTACKERS = Slots(
    "f{n}_{field}",
    4,
    "Attacker {n}",
    skill=_attack_field("skill", "{slot}'s combat skill level", default=(1, 0, 1, 1)),
    weapon=_attack_field("weapon", "{slot}'s weapon", default=("rifle", "pistol", "pistol",
                                                               "shotgun")),
    damage_dice=_attack_field("damage_dice", "{slot}'s damage (D6)", default=(3, 2, 2, 4)),
    characteristic=_attack_field("characteristic", "{slot}'s Dexterity (or Strength)",
                                 default=CepheusAttack.param["characteristic"].default),
)  # fmt: skip
"""Focus fire's attackers 1 to 4; their inputs ``f<n>_<field>``."""
TARGET_SCORES = ("t_strength", "t_dexterity", "t_endurance")
"""The target's inputs of :data:`SCORES`."""

_DUEL = FIGHTERS.parameters()
_FOCUS = {
    "t_strength": param.Integer(default=8, label="Target's STR"),
    "t_dexterity": param.Integer(default=8, label="Target's DEX"),
    "t_endurance": param.Integer(default=8, label="Target's END"),
    "t_armor": _attack_input("armor", "Target's armor", default=4),
    "t_order": param.Selector(objects=ORDERS, default="endurance,strength,dexterity",
                              label="The target takes damage"),
    "attackers": param.Integer(default=2, label="Attackers (1-4)"),
    **ATTACKERS.parameters(),
}  # fmt: skip
DUEL_INPUTS = tuple(_DUEL)
"""The inputs of the duel (shown in that mode)."""
FOCUS_INPUTS = tuple(_FOCUS)
"""The inputs of focus fire (shown in that mode)."""
MAX_ATTACKERS = ATTACKERS.count
"""The most attackers the page offers (a page choice; the rules take up to
:data:`rules.cepheus.MAX_FOCUS_ATTACKS`)."""


@dataclass(frozen=True)
class FightAttack:
    """One attack of the fight as it starts (the attacker unhurt): what the forecast is built
    on, and the attack page's inputs that show it."""

    title: str
    situation: cepheus.AttackSituation
    odds: cepheus.AttackOdds
    query: tuple[tuple[str, str], ...]
    """This attack as the attack page's deep link reads it."""
    used: tuple[cepheus.AttackOdds, ...] = ()
    """Every version of it the forecast used as wounds changed it (duel only)."""


@dataclass(frozen=True)
class FightResult:
    """Everything the page shows for one set of inputs, from :mod:`rules.cepheus`."""

    mode: str
    rounds: int
    stop_after: int
    attacks: tuple[FightAttack, ...]
    duel: cepheus.DuelForecast | None = None
    fighters: tuple[cepheus.Fighter, cepheus.Fighter] | None = None
    focus: cepheus.FocusFireForecast | None = None
    target: cepheus.Physical | None = None
    order: str | tuple[str, ...] = ()
    variant: cepheus.Variant = cepheus.DEFAULT_VARIANT
    """The rules in force (the forecast's and the rolled fight's)."""

    @property
    def expected_rounds(self) -> Fraction | None:
        forecast = self.duel if self.duel is not None else self.focus
        assert forecast is not None
        return forecast.expected_rounds

    @property
    def goes_on(self) -> Fraction:
        """The chance that no one is down after the last round (focus fire: the target)."""
        if self.duel is not None:
            d = self.duel
            return 1 - d.a_wins[-1] - d.b_wins[-1] - d.both_down[-1]
        assert self.focus is not None
        return 1 - self.focus.down[-1]

    @property
    def largest_live_states(self) -> int:
        forecast = self.duel if self.duel is not None else self.focus
        assert forecast is not None
        return forecast.largest_live_states


def _order(value: str) -> str | tuple[str, ...]:
    return value if value == "spread" else tuple(value.split(","))


class CepheusFight(CepheusCalculator):
    """A duel, or focus fire on one target (source: ``003_c7092257a5e3046d.txt``)."""

    error_inputs: ClassVar[dict[str, str]] = {
        "squares": "distance",
        "metres": "distance",
        "range": "distance",
    }

    mode = param.Selector(
        objects={"Duel (A and B)": "duel", "Focus fire": "focus"}, default="duel", label="Fight"
    )
    locals().update(_DUEL)
    locals().update(_FOCUS)
    distance = _attack_input("distance", "Distance between them", default=10)
    unit = _attack_input("unit", "Distance in")
    rounds = param.Integer(
        default=10, label="Rounds to forecast", doc=f"1..{cepheus.MAX_FIGHT_ROUNDS}."
    )
    stop_after = param.Integer(default=3, label="Stop after N rounds (state shown)")
    seed = param.Integer(default=1, label="Seed of the next roll")

    def compute(self) -> FightResult:
        for name in self.inputs:  # every whole-number box, used in this mode or not
            if type(self.param[name]) is param.Integer:
                check_int(name, getattr(self, name))
        scores = [*(FIGHTERS.input(n, c) for n in FIGHTERS.numbers for c in SCORES), *TARGET_SCORES]
        for name in scores:
            check_int(name, getattr(self, name), 1, cepheus.MAX_FIGHT_SCORE)
        check_int("attackers", self.attackers, 1, MAX_ATTACKERS)
        rounds = check_int("rounds", self.rounds, 1, cepheus.MAX_FIGHT_ROUNDS)
        stop_after = check_int("stop_after", self.stop_after)
        if not 1 <= stop_after <= rounds:
            raise input_error(
                "stop_after", f"an integer in 1..{rounds} (the rounds forecast)", stop_after
            )
        if self.mode == "duel":
            return self._duel(rounds, stop_after)
        return self._focus(rounds, stop_after)

    @staticmethod
    def _physical(fighter: Slot) -> cepheus.Physical:
        return cepheus.Physical(*(getattr(fighter, c) for c in SCORES))

    def _attack(
        self, inputs: Mapping[str, str], values: Mapping[str, Any]
    ) -> tuple[cepheus.AttackSituation, tuple[tuple[str, str], ...]]:
        """The attack page's situation of ``values`` (its inputs by name; the rest at their
        defaults), with errors about this page's ``inputs`` (attack input -> this page's)."""
        shared = {"distance": self.distance, "unit": self.unit}
        with inputs_named(dict(inputs)):
            page = CepheusAttack(**shared, **values)
            situation = page.situation()[0]
        query = page.query()
        return situation, tuple((k, query[k]) for k in query if k in {*shared, *values})

    def _duel(self, rounds: int, stop_after: int) -> FightResult:
        fighters = []
        parts = []
        for side, other in (("a", "b"), ("b", "a")):
            f, o = FIGHTERS.read(self, side), FIGHTERS.read(self, other)
            source = str(f.dm_from)
            characteristic = source.removesuffix("-fixed")
            names = {part: f.names[part] for part in (*_ATTACK_PARTS, "damage_modifier")}
            names |= {
                "armor": o.names["armor"],
                "characteristic": f.names[characteristic],
                "aim_actions": f.names["minor"],
                "aim_for_the_kill_actions": f.names["minor"],
            }
            values = {part: getattr(self, name) for part, name in names.items()}
            values |= {"aim_actions": int(f.minor == "aim"),
                       "aim_for_the_kill_actions": int(f.minor == "kill")}  # fmt: skip
            title = f"{FIGHTERS.title(side)}'s attack on {FIGHTERS.title(other)}"
            situation, query = self._attack(names, values)
            with inputs_named({"initiative": f.names["initiative"], "attack": f.names["minor"]}):
                fighters.append(
                    cepheus.Fighter(
                        self._physical(f),
                        situation,
                        initiative=f.initiative,
                        order=_order(f.order),
                        dm_from=None if source.endswith("-fixed") else characteristic,
                    )
                )
            parts.append((title, situation, query))
        a, b = fighters
        forecast = cepheus.duel(a, b, rounds, variant=self.variant)
        attacks = tuple(
            FightAttack(title, situation, odds, query, used)
            for (title, situation, query), odds, used in zip(
                parts,
                (forecast.a_odds, forecast.b_odds),
                (forecast.a_attacks, forecast.b_attacks),
                strict=True,
            )
        )
        return FightResult(
            "duel", rounds, stop_after, attacks, duel=forecast, fighters=(a, b),
            variant=self.variant,
        )  # fmt: skip

    def _focus(self, rounds: int, stop_after: int) -> FightResult:
        target = cepheus.Physical(self.t_strength, self.t_dexterity, self.t_endurance)
        parts = []
        for k in range(1, self.attackers + 1):
            attacker = ATTACKERS.read(self, k)
            names = {**attacker.names, "armor": "t_armor"}
            values = {part: getattr(self, name) for part, name in names.items()}
            title = f"{ATTACKERS.title(k)}'s attack"
            parts.append((title, *self._attack(names, values)))
        order = _order(self.t_order)
        forecast = cepheus.focus_fire(
            target, [s for _, s, _ in parts], rounds, order, variant=self.variant
        )
        attacks = tuple(
            FightAttack(title, situation, odds, query)
            for (title, situation, query), odds in zip(parts, forecast.odds, strict=True)
        )
        return FightResult(
            "focus",
            rounds,
            stop_after,
            attacks,
            focus=forecast,
            target=target,
            order=order,
            variant=self.variant,
        )


def roll_fight(result: FightResult, seed: int) -> RollLog:
    """One fight of ``result`` rolled with ``random.Random(seed)`` by the rules' own rollers,
    its log ending with how it ended."""
    rng = random.Random(seed)
    if result.fighters is not None:
        a, b = result.fighters
        duel = cepheus.roll_duel(a, b, result.rounds, rng, variant=result.variant)
        log, last = duel.log, duel.states[-1]
        if not any(state in _DOWN for state in last):
            log += (f"Both still standing after {result.rounds} rounds.",)
    else:
        assert result.target is not None
        focus = cepheus.roll_focus_fire(
            result.target, [a.situation for a in result.attacks], result.rounds, rng,
            result.order, variant=result.variant,
        )  # fmt: skip
        log = focus.log
        if focus.states[-1] not in _DOWN:
            log += (f"The target still stands after {result.rounds} rounds.",)
    return RollLog(seed, log)


_DOWN = frozenset({WoundState.UNCONSCIOUS, WoundState.DEAD})
CONDITIONS = {
    WoundState.UNHARMED: "unharmed",
    WoundState.WOUNDED: "wounded",
    WoundState.SERIOUSLY_WOUNDED: "seriously wounded",
    WoundState.UNCONSCIOUS: "unconscious",
    WoundState.DEAD: "dead",
}

DEFAULTS_NOTE = (
    "Every other modifier of the attack is at the attack page's default: single fire, the "
    "Effect added to damage, no cover, standing targets, light, no reactions, no other DM. "
    "Open an attack on the attack page (link under The odds it is built on) to see or change "
    "them one attack at a time."
)
DOWN_NOTE = (
    "A fighter who goes down (unconscious or dead) stays down for the forecast: waking takes "
    "at least a minute (Unconsciousness), longer than these rounds matter. A downed fighter is "
    "not attacked again: a coup de grace is a separate choice at the table, so the chance "
    "dead is the chance that the attack that downed it killed it."
)


class CepheusFightView(PageView):
    """The page: the fighters and the fight; the forecast round by round, and a rolled fight."""

    model_class = CepheusFight
    rule_note = (
        "Source: Cepheus Engine SRD, chapter 5, The Combat Round (the higher Initiative acts "
        "first, then the higher Dexterity, else both at once), Attack, Damage and Damage "
        "Results, Injury and Recovery (the seriously wounded lose their minor action: no more "
        "aiming). An exact Markov chain over the fighters' scores: wounds lower the DM "
        "(characteristic DM from the current score) and take away the aim."
    )
    roll_prompt = (
        "Roll one fight with the seed above: every attack roll and its damage, round by round, "
        "until one side is down or the last round."
    )

    def sections(self) -> list[Any]:
        m = self.model

        def shown(mode: str, names: tuple[str, ...], more: Any = None) -> Any:
            return lambda chosen, error_input, *n: (
                (chosen == mode and (more is None or more(*n))) or error_input in names
            )

        def fighter(side: str) -> list[Any]:
            who, names = FIGHTERS.title(side), FIGHTERS.inputs(side)
            return [
                heading(f"Fighter {who}"),
                row(*(self.field(names[c]) for c in SCORES), basis=100),
                *(self.field(names[n]) for n in ("skill", "weapon", "damage_dice", "armor",
                                                 "dm_from", "initiative", "order")),
                group(f"More for {who}", *self.fields(names["damage_modifier"], names["minor"])),
            ]  # fmt: skip

        def attacker(k: int) -> Any:
            names = tuple(ATTACKERS.inputs(k).values())
            return Later(  # (made when the focus-fire inputs are first shown)
                pn.Column,
                heading(ATTACKERS.title(k)),
                *(self.field(name) for name in names),
                sizing_mode="stretch_width", margin=0,
                visible=pn.bind(shown("focus", names, lambda n: isinstance(n, int) and k <= n),
                                m.param.mode, m.param.error_input, m.param.attackers),
            )  # fmt: skip

        duel = pn.Column(  # (shown at start: made at once)
            *fighter("a"), *fighter("b"),
            note("Each fighter's armor counts against the other's attack. Spread: each point "
                 "beyond Endurance to the higher of Strength and Dexterity (Strength on a tie), "
                 "the only way to be seriously wounded and still fighting."),
            sizing_mode="stretch_width", margin=0,
            visible=pn.bind(shown("duel", DUEL_INPUTS), m.param.mode, m.param.error_input),
        )  # fmt: skip
        focus = LaterColumn(
            heading("The target"),
            row(*self.fields(*TARGET_SCORES), basis=100),
            self.field("t_armor"), self.field("t_order"),
            note("The target does not fight back; once it is down no one attacks it again."),
            heading("The attackers"), self.field("attackers"),
            *(attacker(int(k)) for k in ATTACKERS.numbers),
            note("They attack in this order each round, with a fixed characteristic DM (they "
                 "are not hurt)."),
            sizing_mode="stretch_width", margin=0,
            visible=pn.bind(shown("focus", FOCUS_INPUTS), m.param.mode, m.param.error_input),
        )  # fmt: skip
        return [
            self.field("mode"),
            duel,
            focus,
            heading("Range and rounds"),
            self.field("distance"),
            self.field("unit"),
            self.field("rounds"),
            self.field("stop_after"),
            note(DEFAULTS_NOTE),
        ]

    def details(self) -> list[Any]:
        self._source = ColumnDataSource({"round": [], "a": [], "b": [], "a_pct": [], "b_pct": []})
        self._fig = figure(
            height=260, width=300, min_width=260, sizing_mode="stretch_width",
            title="Chance still standing after each round",
            x_axis_label="round", y_axis_label="still standing",
            toolbar_location=None, tools="",
        )  # fmt: skip
        self._lines = [
            self._fig.line(x="round", y=y, line_width=2.5, source=self._source, line_dash=dash)
            for y, dash in (("a", "solid"), ("b", "dashed"))
        ]
        self._dots = [
            self._fig.scatter(x="round", y=y, size=7, source=self._source, marker=marker)
            for y, marker in (("a", "circle"), ("b", "square"))
        ]
        self._hover = HoverTool(
            tooltips=[("round", "@round"), ("A", "@a_pct"), ("B", "@b_pct")],
            renderers=self._dots,
        )
        self._fig.add_tools(self._hover)
        self._fig.y_range.start = 0
        self._fig.y_range.end = 1.02
        self._survival_table = html_pane()
        self._endings = html_pane()
        self._after = html_pane()
        self._odds = html_pane()
        return [
            *self.chart_and_table(self._fig, self._survival_table),
            heading("How it ends, round by round"),
            self._endings,
            heading("Stop after N rounds"),
            self._after,
            heading("The odds it is built on"),
            self._odds,
            note(DOWN_NOTE),
            *self.roll_controls(),
        ]

    def roll_once(self, result: FightResult, seed: int) -> RollLog:
        return roll_fight(result, seed)

    def roll_key(self, result: FightResult) -> object:
        return (result.fighters, result.target, result.order, result.rounds,
                tuple(a.situation for a in result.attacks))  # fmt: skip

    def figures(self, result: FightResult) -> list[Figure]:
        expected = result.expected_rounds
        r = result.rounds
        when = (
            Figure(f"{float(expected):.2f}", "expected rounds until it ends",
                   "expected-rounds", exact_short(expected))
            if expected is not None
            else Figure("not certain", f"to end within the {r} rounds forecast (goes on: "
                        f"{percent(result.goes_on)})", "expected-rounds")
        )  # fmt: skip
        if result.duel is not None:
            d = result.duel
            return [
                Figure(percent(d.a_wins[-1]), f"A wins by round {r}", "a-wins",
                       exact_short(d.a_wins[-1])),
                Figure(percent(d.b_wins[-1]), f"B wins by round {r}", "b-wins",
                       exact_short(d.b_wins[-1])),
                when,
            ]  # fmt: skip
        f = result.focus
        assert f is not None
        return [
            Figure(percent(f.down[-1]), f"target down by round {r}", "target-down",
                   exact_short(f.down[-1])),
            Figure(percent(f.dead[-1]), f"target dead by round {r}", "target-dead",
                   exact_short(f.dead[-1])),
            when,
        ]  # fmt: skip

    def render(self, result: FightResult) -> None:
        colours = THEMES[self.theme]
        rounds = list(range(1, result.rounds + 1))
        duel = result.duel is not None
        if result.duel is not None:
            d = result.duel
            standing = [tuple(1 - p for p in d.a_down), tuple(1 - p for p in d.b_down)]
            names = ["A", "B"]
        else:
            assert result.focus is not None
            standing = [tuple(1 - p for p in result.focus.down)] * 2
            names = ["Target"]
        set_data(self._source, {
            "round": rounds,
            "a": [float(p) for p in standing[0]], "b": [float(p) for p in standing[1]],
            "a_pct": [percent(p) for p in standing[0]],
            "b_pct": [percent(p) for p in standing[1]],
        })  # fmt: skip
        for index, colour in enumerate((colours["accent"], colours["accent2"])):
            self._lines[index].glyph.line_color = colour
            self._dots[index].glyph.fill_color = colour
            self._dots[index].glyph.line_color = colour
            self._lines[index].visible = self._dots[index].visible = index == 0 or duel
        self._hover.tooltips = [("round", "@round"), *(
            (name, f"@{key}_pct") for name, key in zip(names, "ab", strict=False))]  # fmt: skip
        self._fig.title.text = (
            "Still standing after each round: A solid, B dashed"
            if duel
            else "Chance the target still stands after each round"
        )
        self._survival_table.object = chart_table_html(
            self._fig.title.text,
            ["Round", *(f"{n} standing" for n in names), *(f"{n} exact" for n in names)],
            [
                [str(r), *(percent(s[r - 1]) for s in standing[: len(names)]),
                 *(exact_short(s[r - 1]) for s in standing[: len(names)])]
                for r in rounds
            ],
            numeric=range(1 + 2 * len(names)),
        )  # fmt: skip
        self._endings.object = _endings_table(result)
        self._after.object = _after_html(result)
        self._odds.object = _odds_html(result)


def _endings_table(result: FightResult) -> str:
    current = result.stop_after - 1
    if result.duel is not None:
        d = result.duel
        rows = [
            [str(r + 1), percent(d.a_wins[r]), percent(d.b_wins[r]), percent(d.both_down[r]),
             percent(1 - d.a_wins[r] - d.b_wins[r] - d.both_down[r])]
            for r in range(result.rounds)
        ]  # fmt: skip
        dead = [[str(r + 1), percent(d.a_dead[r]), percent(d.b_dead[r])]
                for r in range(result.rounds)]  # fmt: skip
        return (
            html_table(
                ["Round", "A wins", "B wins", "Both down", "Goes on"], rows, numeric=range(5),
                current=lambda i: i == current, testid="endings-table",
                caption="By the end of each round: A wins (B down, A not), B wins, both down "
                "(only when they act at once), the fight goes on",
            )
            + "<details class='rf-chart-table'><summary>Dead by each round</summary>"
            + html_table(
                ["Round", "A dead", "B dead"], dead, numeric=range(3),
                current=lambda i: i == current, testid="dead-table",
                caption="The chance each is dead by the end of each round (the attack that "
                "downed it killed it)",
            )
            + "</details>"
        )  # fmt: skip
    f = result.focus
    assert f is not None
    previous = [Fraction(0), *f.down[:-1]]
    rows = [
        [str(r + 1), percent(f.down[r]), percent(f.down[r] - previous[r]),
         percent(f.dead[r]), percent(1 - f.down[r])]
        for r in range(result.rounds)
    ]  # fmt: skip
    return html_table(
        ["Round", "Down", "In round", "Dead", "Stands"], rows, numeric=range(5),
        current=lambda i: i == current, testid="endings-table",
        caption="By the end of each round: the target down (unconscious or dead), down in "
        "that round, dead, still standing",
    )  # fmt: skip


def _conditions_row(dist: Distribution[Any], pick: Any) -> list[Fraction]:
    return [sum((p for s, p in dist.items() if pick(s) is c), Fraction(0)) for c in CONDITIONS]


def _after_html(result: FightResult) -> str:
    n = result.stop_after
    if result.duel is not None:
        joint = result.duel.states[n - 1]
        a = _conditions_row(joint, lambda pair: pair[0])
        b = _conditions_row(joint, lambda pair: pair[1])
        pairs = sorted(joint.items(), key=lambda item: -item[1])
        return (
            html_table(
                ["Condition", "A", "B"],
                [[CONDITIONS[c], percent(p), percent(q)]
                 for c, p, q in zip(CONDITIONS, a, b, strict=True) if p or q],
                numeric=[1, 2], testid="after-each",
                caption=f"Each fighter's condition after {n} round{'s' if n > 1 else ''}",
            )
            + "<details class='rf-chart-table' open><summary>Both together</summary>"
            + html_table(
                ["A", "B", "Chance", "Exact"],
                [[CONDITIONS[x], CONDITIONS[y], percent(p), exact_short(p)]
                 for (x, y), p in pairs],
                numeric=[2, 3], testid="after-joint",
                caption=f"A's and B's conditions together after {n} rounds, likeliest first",
            )
            + "</details>"
        )  # fmt: skip
    assert result.focus is not None
    states = result.focus.states[n - 1]
    return html_table(
        ["Target's condition", "Chance", "Exact"],
        [[CONDITIONS[c], percent(p), exact_short(p)] for c, p in states.items()],
        numeric=[1, 2], testid="after-each",
        caption=f"The target's condition after {n} round{'s' if n > 1 else ''}",
    )  # fmt: skip


def _odds_html(result: FightResult) -> str:
    parts = []
    for index, attack in enumerate(result.attacks):
        odds = attack.odds
        mean, mean_exact = mean_text(odds.damage)
        link = "?" + urlencode({"page": "cepheus-attack", **dict(attack.query)})
        text = (
            f"<p class='rf-note'><b>{html.escape(attack.title)}</b> (unhurt): "
            f"{html.escape(percent(odds.hit_chance))} to hit (<code>{odds.hit_chance}</code>, "
            f"total DM {signed(odds.total_dm)}), mean damage after armor {mean} "
            f"(<code>{mean_exact}</code>). <a href='{html.escape(link, quote=True)}' "
            f"data-testid='attack-link-{index}'>Open it on the attack page</a></p>"
        )
        rows = [[str(k) if k else "miss or none", percent(p), str(p)]
                for k, p in odds.damage.items()]  # fmt: skip
        text += (
            "<details class='rf-chart-table'><summary>Its damage</summary>"
            + html_table(["Damage", "Chance", "Exact"], rows, numeric=[1, 2],
                         caption=f"{attack.title}: damage after armor in one round")
            + "</details>"
        )  # fmt: skip
        if len(attack.used) > 1:
            text += (
                "<details class='rf-chart-table'><summary>As wounds change it "
                f"({len(attack.used)} versions)</summary>"
                + html_table(
                    ["Total DM", "To hit", "Mean damage"],
                    [[signed(o.total_dm), percent(o.hit_chance), mean_text(o.damage)[0]]
                     for o in attack.used],
                    numeric=[0, 1, 2],
                    caption=f"Every version of {attack.title} the forecast used (lower "
                    "characteristic DM, no aiming when seriously wounded)",
                )
                + "</details>"
            )  # fmt: skip
        parts.append(text)
    states = result.largest_live_states
    return "".join(parts) + (
        f"<p class='rf-note'>The chain followed at most {states} states of "
        f"{'two fighters' if result.duel is not None else 'the target'} still standing at the "
        "start of an attack; every chance is an exact fraction.</p>"
    )
