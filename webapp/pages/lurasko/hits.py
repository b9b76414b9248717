# Over 600 lines: one page (model and view in one module, as every page): its model, its rolled
# string of attacks and its view with the chart of thresholds by attack belong together.
"""Lur-Asko hits forecast: the same attack again and again, shield points carried hit to hit.

Model: :class:`LuraskoHits` (the attack, weapons, target, resistances and shields of the
attack resolver, :class:`~webapp.pages.lurasko.attack.LuraskoAttack`, whose input slots it
inherits; the chances to hit and to crit, the number of attacks; :meth:`~LuraskoHits.compute`
calls :func:`rules.lurasko.hits_forecast`).
View: :class:`LuraskoHitsView` (the attack resolver's input cards; the chance the degrees of
injury have reached each threshold by attack, with its table; the degrees and shield points
after N attacks; the single attack it is built on, linked to the attack resolver; "Roll it":
one string of attacks rolled attack by attack with :func:`rules.lurasko.resolve_attack`).
"""

from __future__ import annotations

import dataclasses
import html
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

import param
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from rules import lurasko
from rules.dice import Distribution
from rules.lurasko import (
    MAX_FORECAST_ATTACKS,
    REACHED_THRESHOLDS,
    AttackForm,
    CriticalEffect,
    Precision,
    Resolution,
    Shield,
)
from rules.validation import check_int
from webapp.components import (
    ChartWithTable,
    Figure,
    chart_table_html,
    group,
    heading,
    html_pane,
    html_table,
    note,
    set_data,
)
from webapp.formatting import exact_short, percent
from webapp.pages.lurasko.attack import Defense, LuraskoAttack, LuraskoAttackView
from webapp.pages.model import input_error
from webapp.pages.view import PHONE_CHART_WIDTH
from webapp.theme import THEMES

__all__ = [
    "ATTACK_INPUTS",
    "LOG_LENGTH",
    "HitsResult",
    "HitsRoll",
    "LuraskoHits",
    "LuraskoHitsView",
    "SingleAttack",
    "expected_attacks",
    "parse_chance",
    "roll_hits",
]

ONE_ROLL_INPUTS = ("defense_roll", "defense_tn", "critical", "defense_die")
"""The resolver's inputs of one defense roll: hidden here, the two chances take their place."""

ATTACK_INPUTS = tuple(
    name for name in LuraskoAttack.input_names() if name not in (*ONE_ROLL_INPUTS, "seed")
)
"""The inputs this page shares, by name and meaning, with the attack resolver
(``lurasko-attack``): the links to that page carry them."""

_NOT_CRITICAL = Defense(roll=0, tn=0, margin=0, critical=False)
"""Makes :meth:`LuraskoAttack.attack` build the attack with no critical (``crit_chance``'s)."""

_CHANCE = re.compile(r"\s*[0-9]{1,9}(\.[0-9]{1,9})?(\s*/\s*[0-9]{1,9})?\s*")
"""What a chance box takes: a decimal (0.25) or a fraction (1/3), no sign or exponent."""


def parse_chance(name: str, text: str) -> Fraction:
    """``text`` ("1/2", "0.25", "1") as an exact Fraction; an error about input ``name``.

    The range (0 to 1) is the rules' to check.

    >>> parse_chance("hit_chance", " 7/12 "), parse_chance("hit_chance", "0.85")
    (Fraction(7, 12), Fraction(17, 20))
    """
    allowed = "a chance from 0 to 1 such as 1/2, 7/12 or 0.85"
    if not isinstance(text, str) or not _CHANCE.fullmatch(text):
        raise input_error(name, allowed, text)
    try:
        return Fraction(text.replace(" ", ""))
    except (ValueError, ZeroDivisionError):
        raise input_error(name, allowed, text) from None


def expected_attacks(reached: Sequence[Fraction]) -> Fraction | None:
    """The exact expected number of attacks until a threshold is reached, from the chance it
    has been reached after each attack; None unless it is surely reached within them.

    The degrees never go down, so the attack that reaches it is later than ``n`` with
    ``1 - reached[n - 1]``, and the mean is the sum of those chances from ``n = 0``.

    >>> expected_attacks([Fraction(1, 2), Fraction(1)])
    Fraction(3, 2)
    >>> expected_attacks([Fraction(1, 2), Fraction(3, 4)]) is None
    True
    """
    if not reached or reached[-1] != 1:
        return None
    return 1 + sum((1 - p for p in reached[:-1]), Fraction(0))


@dataclass(frozen=True)
class SingleAttack:
    """One attack at full shields: its three outcomes as :func:`resolve_attack` gives them."""

    hit_chance: Fraction
    crit_chance: Fraction
    miss_points: tuple[int, ...]
    """Shield points left after a miss (low and medium shields act before the defense roll)."""
    hit: Resolution
    critical: Resolution | None
    """None for a damage aura (never critical)."""

    def rows(self) -> list[tuple[str, Fraction, int, int, tuple[int, ...]]]:
        """(outcome, chance, damage taken, degrees, points left) of each outcome."""
        h, c = self.hit_chance, self.crit_chance
        out = [("miss", 1 - h, 0, 0, self.miss_points)]
        out.append(("hit", h * (1 - c), self.hit.total_damage, self.hit.degrees,
                    self.hit.shield_points))  # fmt: skip
        if self.critical is not None:
            r = self.critical
            out.append(("critical (+drive)", h * c, r.total_damage, r.degrees, r.shield_points))
        return out


@dataclass(frozen=True)
class HitsResult:
    """Everything the page shows for one set of inputs, from :mod:`rules.lurasko`."""

    attack: lurasko.Attack
    target: lurasko.Target
    shields: tuple[tuple[int, Shield], ...]
    """The shields in play with their slot numbers, in slot order."""
    forecast: lurasko.HitsForecast
    single: SingleAttack
    stop_after: int
    threshold: int
    expected: Fraction | None
    """Expected attacks to reach :attr:`threshold` (None: not surely within the forecast)."""
    attack_query: tuple[tuple[str, str], ...]
    """The shared inputs that differ from the attack resolver's defaults, as its deep link
    reads them."""
    variant: lurasko.Variant = lurasko.DEFAULT_VARIANT
    """The rules in force (the forecast's and the rolled attacks')."""

    @property
    def degrees_after(self) -> Distribution[int]:
        return self.forecast.degrees[self.stop_after - 1]

    @property
    def points_after(self) -> Distribution[tuple[int, ...]]:
        return self.forecast.shield_points[self.stop_after - 1]

    def reached(self, threshold: int) -> tuple[Fraction, ...]:
        """The chance the degrees have reached ``threshold`` after each attack."""
        return tuple(r[threshold] for r in self.forecast.reached)


class LuraskoHits(LuraskoAttack):
    """The same attack made again and again against one character, shields carried over
    (source: ``002_64b8e17f45694c25.txt``). Every input of the attack resolver but its
    defense roll, whose place the chances to hit and to crit take."""

    defense_roll = param.Integer(precedence=-1)
    defense_tn = param.Integer(precedence=-1)
    critical = param.Selector(precedence=-1)
    defense_die = param.Integer(precedence=-1)
    s1_level = param.Selector(default=Precision.HIGH.value)
    s1_points = param.Integer(default=40)

    hit_chance = param.String(
        default="1/2",
        label="Chance each attack hits",
        doc="The chapter names no die for the defense roll: an input.",
    )
    crit_chance = param.String(
        default="1/5",
        label="Chance a hit is critical",
        doc="The chapter names no die: an input. A critical adds drive.",
    )
    attacks = param.Integer(default=10, label="Attacks to forecast",
                            doc=f"1..{MAX_FORECAST_ATTACKS}.")  # fmt: skip
    stop_after = param.Integer(default=3, label="Stop after N attacks (degrees shown)")
    threshold = param.Integer(
        default=3, label="Degrees of injury to reach", doc=f"1..{REACHED_THRESHOLDS[-1]}."
    )

    def compute(self) -> HitsResult:
        check_int("seed", self.seed)
        hit = parse_chance("hit_chance", self.hit_chance)
        crit = parse_chance("crit_chance", self.crit_chance)
        attack = self.attack(_NOT_CRITICAL)
        target = self.target()
        shields = self.shields()
        given = [item for _, item in shields]
        forecast = lurasko.hits_forecast(
            attack, target, given, self.attacks, hit, crit, variant=self.variant
        )
        stop_after = check_int("stop_after", self.stop_after)
        if not 1 <= stop_after <= forecast.attacks:
            raise input_error(
                "stop_after", f"an integer in 1..{forecast.attacks} (the attacks forecast)",
                stop_after,
            )  # fmt: skip
        threshold = check_int(
            "threshold", self.threshold, REACHED_THRESHOLDS[0], REACHED_THRESHOLDS[-1]
        )
        single = one_attack(attack, target, given, hit, crit, self.variant)
        return HitsResult(
            attack=attack,
            target=target,
            shields=shields,
            forecast=forecast,
            single=single,
            stop_after=stop_after,
            threshold=threshold,
            expected=expected_attacks([r[threshold] for r in forecast.reached]),
            attack_query=tuple(self.query_of(ATTACK_INPUTS).items()),
            variant=self.variant,
        )

    def query_of(self, names: Sequence[str]) -> dict[str, str]:
        """Inputs ``names`` as the attack resolver's deep link writes them: those that differ
        from that page's defaults (a short link; the others are its defaults)."""
        query = self.query()
        return {
            name: query[name]
            for name in names
            if name in query and getattr(self, name) != LuraskoAttack.param[name].default
        }


def _low_medium(shields: Sequence[Shield]) -> list[int]:
    """The positions of the shields that act before the defense roll (low and medium)."""
    return [i for i, s in enumerate(shields) if s.level is not Precision.HIGH]


def _miss_points(
    attack: lurasko.Attack,
    target: lurasko.Target,
    shields: Sequence[Shield],
    variant: lurasko.Variant = lurasko.DEFAULT_VARIANT,
) -> tuple[int, ...]:
    """The points left after a miss: low and medium shields spend theirs before the defense
    roll (as the attack resolver shows a miss)."""
    before = _low_medium(shields)
    spent = lurasko.resolve_attack(attack, target, [shields[i] for i in before], variant=variant)
    left = [s.points for s in shields]
    for i, p in zip(before, spent.shield_points, strict=True):
        left[i] = p
    return tuple(left)


def one_attack(
    attack: lurasko.Attack, target: lurasko.Target, shields: Sequence[Shield],
    hit: Fraction, crit: Fraction, variant: lurasko.Variant = lurasko.DEFAULT_VARIANT,
) -> SingleAttack:  # fmt: skip
    """The first attack's outcomes, each resolved by :func:`rules.lurasko.resolve_attack`."""
    critical = None
    if attack.form is not AttackForm.DAMAGE_AURA:
        drive = dataclasses.replace(attack, critical=CriticalEffect.DRIVE)
        critical = lurasko.resolve_attack(drive, target, shields, variant=variant)
    return SingleAttack(
        hit, crit, _miss_points(attack, target, shields, variant),
        lurasko.resolve_attack(attack, target, shields, variant=variant), critical,
    )  # fmt: skip


LOG_LENGTH = 3  # rolled strings of attacks kept in the page's log (a page choice)


@dataclass(frozen=True)
class HitsRoll:
    """One rolled string of attacks: each attack's outcome, the degrees and points after it."""

    seed: int
    outcomes: tuple[str, ...]
    """Per attack: "miss", "hit" or "critical"."""
    degrees: tuple[int, ...]
    """The degrees of injury so far, after each attack."""
    points: tuple[tuple[int, ...], ...]
    """The shield points left after each attack."""
    reached_on: int | None
    """The attack whose degrees reached the threshold, None if none did."""
    lines: tuple[str, ...]


def _draw(rng: random.Random, chance: Fraction) -> tuple[int, bool]:
    """An exact draw: a number in 1..denominator, a success when at most the numerator."""
    roll = rng.randint(1, chance.denominator)
    return roll, roll <= chance.numerator


def roll_hits(result: HitsResult, rng: random.Random, seed: int) -> HitsRoll:
    """Roll ``result``'s attacks with ``rng``: each attack hits on a draw of 1..d at most
    ``hit_chance``'s numerator (d its denominator), a hit crits likewise, and each is resolved
    by :func:`rules.lurasko.resolve_attack` on the points the shields have left."""
    single, given = result.single, [item for _, item in result.shields]
    points = tuple(s.points for s in given)
    total = 0
    outcomes: list[str] = []
    degrees: list[int] = []
    after: list[tuple[int, ...]] = []
    lines: list[str] = []
    reached_on = None
    for number in range(1, result.forecast.attacks + 1):
        now = [dataclasses.replace(s, points=p) for s, p in zip(given, points, strict=True)]
        roll, hit = _draw(rng, single.hit_chance)
        text = f"Attack {number}: draw {roll} of {single.hit_chance.denominator}"
        if not hit:
            outcome, added = "miss", 0
            points = _miss_points(result.attack, result.target, now, result.variant)
            text += f" (hits on 1-{single.hit_chance.numerator}): a miss"
        else:
            crit_roll, critical = (0, False) if single.critical is None else _draw(
                rng, single.crit_chance)  # fmt: skip
            attack = result.attack
            if critical:
                attack = dataclasses.replace(attack, critical=CriticalEffect.DRIVE)
            r = lurasko.resolve_attack(attack, result.target, now, variant=result.variant)
            outcome, added, points = ("critical" if critical else "hit"), r.degrees, r.shield_points
            text += ": a hit"
            if single.critical is not None:
                text += (f", crit draw {crit_roll} of {single.crit_chance.denominator}"
                         f"{': critical (+drive)' if critical else ': not critical'}")  # fmt: skip
            text += f"; {r.total_damage} damage taken, {added} degrees"
        total += added
        outcomes.append(outcome)
        degrees.append(total)
        after.append(points)
        shown = f"; shield points left {'/'.join(map(str, points))}" if points else ""
        lines.append(f"{text}; {total} degrees so far{shown}.")
        if reached_on is None and total >= result.threshold:
            reached_on = number
            lines.append(f"{result.threshold} degrees reached on attack {number}.")
    if reached_on is None:
        lines.append(f"{result.threshold} degrees not reached in {len(outcomes)} attacks.")
    return HitsRoll(seed, tuple(outcomes), tuple(degrees), tuple(after), reached_on, tuple(lines))


LABEL_GAP = 0.06  # the least gap (in chance) between two curves' labels at the right end


def _apart(ends: list[tuple[float, int]], chosen: int) -> list[tuple[float, int]]:
    """The curves' ends (chance, threshold) to label: the chosen threshold's, then each other
    one at least :data:`LABEL_GAP` from every label kept (the others overlap)."""
    kept = [end for end in ends if end[1] == chosen]
    for end in ends:
        if end[1] != chosen and all(abs(end[0] - y) >= LABEL_GAP for y, _ in kept):
            kept.append(end)
    return sorted(kept, key=lambda end: end[1])


def points_text(points: tuple[int, ...]) -> str:
    """Shield points left, slot after slot ("30/0"); "none" with no shield in play."""
    return "/".join(map(str, points)) if points else "none"


class LuraskoHitsView(LuraskoAttackView):
    """The page: the attack resolver's input cards, the chances, and the forecast by attack."""

    model_class = LuraskoHits
    rule_note = (
        "Source: Legends of Lur-Asko, Combat (Energy Shielding: each source's points, once "
        "spent, stay spent; Damage, Drive & Armor Ranges; Critical Hits), every hit resolved as "
        "on the attack resolver. The chapter names no die for the defense roll or the critical "
        "margin: the chances to hit and to crit are inputs. Interpretations (rules/SOURCES.md): "
        "the degrees of successive hits add up; on a miss, low and medium shields still spend "
        "their points; a critical adds drive (the other choice, the injury type, does not "
        "change the numbers); shields are not recharged."
    )

    def attack_fields(self) -> list[Any]:
        return [
            *(self.field(name, widget="select") for name in ("form", "origin")),
            note(
                "The chapter names no die for the defense roll, nor how often it fails by "
                f"{lurasko.CRITICAL_MARGIN} or more (a critical hit): type both chances, from 0 "
                "to 1, as 1/2, 7/12 or 0.85. A damage aura's hit cannot be dodged, and never "
                "crits (chance 0)."
            ),
            *(self.field(name) for name in ("hit_chance", "crit_chance", "drive_bonus")),
        ]

    def sections(self) -> list[Any]:
        return [
            *super().sections(),
            group(
                "The forecast",
                *(self.field(name) for name in ("attacks", "stop_after", "threshold")),
                collapsed=False,
            ),
        ]

    def details(self) -> list[Any]:
        self._reached_source = ColumnDataSource({"xs": [], "ys": [], "color": [], "width": []})
        self._chosen_source = ColumnDataSource({"attack": [], "reached": [], "percent": []})
        self._labels_source = ColumnDataSource({"x": [], "y": [], "text": []})
        fig = figure(
            height=260, width=300, min_width=260, max_width=PHONE_CHART_WIDTH,
            sizing_mode="stretch_width", title="Degrees of injury reached, by attack",
            x_axis_label="attack", y_axis_label="reached", toolbar_location=None, tools="",
        )  # fmt: skip
        fig.multi_line(xs="xs", ys="ys", line_color="color", line_width="width",
                       source=self._reached_source)  # fmt: skip
        self._chosen_dots = fig.scatter(x="attack", y="reached", size=7,
                                        source=self._chosen_source)  # fmt: skip
        self._labels = fig.text(x="x", y="y", text="text", text_font_size="11px",
                                x_offset=4, text_baseline="middle",
                                source=self._labels_source)  # fmt: skip
        fig.add_tools(HoverTool(tooltips=[("attack", "@attack"), ("reached", "@percent")],
                                renderers=[self._chosen_dots]))  # fmt: skip
        fig.y_range.start = 0
        fig.y_range.end = 1.05
        self._reached_fig = fig
        self._reached_table = html_pane()
        self._after = ChartWithTable(
            "Degrees of injury after N attacks", "degrees of injury so far"
        )
        self._after.figure.max_width = PHONE_CHART_WIDTH
        self._points_table = html_pane()
        self._odds = html_pane()
        return [
            *self.chart_and_table(fig, self._reached_table),
            heading("Stop after N attacks"),
            *self.chart_and_table(self._after),
            self._points_table,
            heading("The attack it is built on"),
            self._odds,
            *self.roll_controls(),
        ]

    roll_prompt = (
        "Roll one string of attacks with the seed above: each attack's hit and critical "
        "draws and its resolution, attack by attack; the last "
        f"{LOG_LENGTH} strings are kept."
    )
    roll_keep = LOG_LENGTH

    def roll_once(self, result: HitsResult, seed: int) -> HitsRoll:
        return roll_hits(result, random.Random(seed), seed)

    def roll_key(self, result: HitsResult) -> object:
        return result

    def roll_log(self, rolls: Sequence[HitsRoll]) -> str:
        last = rolls[0]
        steps = "".join(f"<li class='rf-step'>{html.escape(line)}</li>" for line in last.lines)

        def outcome(r: HitsRoll) -> str:
            return (
                f"reached on attack {r.reached_on}" if r.reached_on is not None
                else f"not reached in {len(r.outcomes)} attacks"
            ) + f", {r.degrees[-1]} degrees"  # fmt: skip

        history = "\n".join(f"seed {r.seed}: {outcome(r)}" for r in rolls)
        return (
            f"<p class='rf-section'>Seed {last.seed}: {outcome(last)}</p>"
            f"<ol class='rf-steps' data-testid='roll-steps'>{steps}</ol>"
            f"<pre class='rf-log' data-testid='roll-log'>{html.escape(history)}</pre>"
            f"<p class='rf-note'>The seed moved on to {last.seed + 1}; set it back to replay "
            "a string of attacks. The log starts again when the inputs change.</p>"
        )

    def note(self, result: HitsResult) -> str:
        return self.rule_note

    def figures(self, result: HitsResult) -> list[Figure]:
        def short(value: Fraction) -> str:
            text = exact_short(value)
            return "" if text.endswith("fraction") else text

        f, t = result.forecast, result.threshold
        last = f.reached[-1][t]
        expected = result.expected
        mean = f.mean_degrees[-1]
        return [
            Figure(percent(last), f"chance of {t}+ degrees by attack {f.attacks}",
                   "reached-chance", short(last)),
            Figure("not certain" if expected is None else f"{float(expected):.2f}",
                   f"expected attacks to {t}+ degrees", "expected-attacks",
                   f"not surely within {f.attacks} attacks" if expected is None
                   else short(expected)),
            Figure(f"{float(mean):.2f}", f"mean degrees after {f.attacks} attacks",
                   "mean-degrees", short(mean)),
        ]  # fmt: skip

    def render(self, result: HitsResult) -> None:
        colours = THEMES[self.theme]
        f, t = result.forecast, result.threshold
        numbers = list(range(1, f.attacks + 1))
        shown = [k for k in REACHED_THRESHOLDS if f.reached[-1][k] > 0 or k == t]
        set_data(
            self._reached_source,
            {
                "xs": [[0, *numbers] for _ in shown],
                "ys": [[0.0, *(float(p) for p in result.reached(k))] for k in shown],
                "color": [colours["accent"] if k == t else colours["miss"] for k in shown],
                "width": [3.0 if k == t else 1.5 for k in shown],
            },
        )
        chosen = result.reached(t)
        set_data(
            self._chosen_source,
            {
                "attack": numbers,
                "reached": [float(p) for p in chosen],
                "percent": [percent(p) for p in chosen],
            },
        )
        labelled = _apart([(float(f.reached[-1][k]), k) for k in shown], t)
        # Room in the frame for the labels ("10+") past the last attack (a glyph is cut at
        # the frame's edge): about 12% of its width, whatever the number of attacks.
        self._reached_fig.x_range.end = f.attacks * 1.12 + 0.5
        set_data(
            self._labels_source,
            {
                "x": [f.attacks for _ in labelled],
                "y": [y for y, _ in labelled],
                "text": [f"{k}+" for _, k in labelled],
            },
        )
        self._chosen_dots.glyph.fill_color = colours["accent"]
        self._chosen_dots.glyph.line_color = colours["accent"]
        self._labels.glyph.text_color = colours["text"]
        self._reached_table.object = chart_table_html(
            f"Chance the degrees have reached each threshold after each attack ({t}+ marked)",
            ["Attack", *(f"{k}+" if k != t else f"{k}+ \u25cf" for k in shown)],
            [[str(n), *(percent(r[k]) for k in shown)] for n, r in zip(numbers, f.reached,
                                                                        strict=True)],
            numeric=range(len(shown) + 1),
            current=lambda i: i == result.stop_after - 1,
            testid="reached-table",
        )  # fmt: skip
        n = result.stop_after
        after = result.degrees_after
        self._after.show(
            after, theme=self.theme,
            colour=lambda d: "accent2" if d >= t else "accent",
            label=lambda d: f"{d} degrees",
            title=f"Degrees of injury after {n} attack{'s' if n > 1 else ''}",
        )  # fmt: skip
        self._after.show_table(
            f"Chance of each total of degrees after {n} attacks",
            ["Degrees", "Chance", "Exact"],
            [[str(d), percent(p), exact_short(p)] for d, p in after.items()],
            numeric=[0, 1, 2],
            testid="degrees-table",
        )
        self._points_table.object = self._points_html(result)
        self._odds.object = self._odds_html(result)

    def _points_html(self, result: HitsResult) -> str:
        n = result.stop_after
        if not result.shields:
            return "<p class='rf-none'>No energy shields in play: no points to carry over.</p>"
        slots = ", ".join(f"shield {slot} ({s.level.value}, {s.points})"
                          for slot, s in result.shields)  # fmt: skip
        return html_table(
            ["Points left", "Chance", "Exact"],
            [[points_text(k), percent(p), exact_short(p)]
             for k, p in sorted(result.points_after.items(), reverse=True)],
            numeric=[1, 2],
            testid="points-table",
            caption=f"Shield points left after {n} attacks: {slots}",
        )  # fmt: skip

    def _odds_html(self, result: HitsResult) -> str:
        s, f = result.single, result.forecast
        rows = [
            [name, percent(p), str(p), str(damage), str(degrees), points_text(points)]
            for name, p, damage, degrees, points in s.rows()
        ]
        base = {"page": "lurasko-attack", **dict(result.attack_query)}
        tn = int(LuraskoAttack.param["defense_tn"].default)
        hit_link = "?" + urlencode({**base, "defense_tn": tn, "defense_roll": tn + 1})
        links = [f"<a href='{html.escape(hit_link, quote=True)}' data-testid='hit-link'>"
                 "Open this hit on the attack resolver</a>"]  # fmt: skip
        if s.critical is not None:
            crit_link = "?" + urlencode({
                **base, "defense_tn": tn, "defense_roll": tn + lurasko.CRITICAL_MARGIN,
                "critical": CriticalEffect.DRIVE.value,
            })  # fmt: skip
            links.append(f"<a href='{html.escape(crit_link, quote=True)}' "
                         "data-testid='critical-link'>the critical hit</a>")  # fmt: skip
        return (
            "<p class='rf-note'>The first attack, at full shields: each later attack is the "
            "same, resolved on the points the shields have left (the forecast's first hit: "
            f"{f.first_hit_degrees} degrees, a critical {f.first_critical_degrees}). "
            + ", and ".join(links) + ".</p>"
            + html_table(
                ["Outcome", "Chance", "Exact", "Damage", "Degrees", "Points left"],
                rows, numeric=[1, 2, 3, 4], testid="single-table",
                caption="One attack at full shields",
            )
        )  # fmt: skip
