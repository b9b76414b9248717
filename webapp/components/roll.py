""" "Roll it": a seeded roll of a page's last good result, with its log.

One component for every page that rolls (the view says what one roll is and how its log
reads; :class:`~webapp.pages.view.PageView` makes it in ``roll_controls``)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import panel as pn

from webapp.components.layout import row
from webapp.components.panes import heading, html_pane, note
from webapp.pages.model import Calculator

__all__ = ["RollIt", "RollLog"]


@dataclass(frozen=True)
class RollLog:
    """One press of "Roll it": the seed it rolled with and the lines of its log."""

    seed: int
    lines: tuple[str, ...]

    def html(self) -> str:
        """The log as the page shows it: every line, then how to replay it."""
        return (
            f"<pre class='rf-log' data-testid='roll-log'>{html.escape(chr(10).join(self.lines))}"
            f"</pre><p class='rf-note'>Rolled with seed {self.seed}; the seed now moves on to "
            f"{self.seed + 1}. Set the seed back to replay a roll.</p>"
        )


class RollIt:
    """The "Roll it" section: the button, beside it the seed (and other) fields, and the log.

    The button is disabled while the model's inputs have an error. A press rolls the model's
    last good result with its ``seed`` (``roll_once``), logs it, and moves the seed on by one,
    so that the next press rolls new dice and any roll can be replayed. The log keeps the
    last ``keep`` rolls, newest first, and is cleared when the result changes what a roll
    depends on (``roll_key``); before a roll it shows ``prompt``."""

    def __init__(
        self,
        model: Calculator,
        *,
        roll_once: Callable[[Any, int], Any],
        roll_key: Callable[[Any], object],
        roll_log: Callable[[Sequence[Any]], str],
        prompt: str,
        keep: int = 1,
    ) -> None:
        self.model = model
        self._roll_once = roll_once
        self._roll_key = roll_key
        self._roll_log = roll_log
        self.prompt = prompt
        self.keep = keep
        self.button = pn.widgets.Button(label="Roll it", color="primary", margin=(22, 10, 5, 10))
        self.button.on_click(self.roll)
        self.log = html_pane()
        self.rolls: list[Any] = []
        """The log's rolls (``roll_once``'s), newest first."""
        self.rolled: object = None
        """Their ``roll_key`` (None: no roll)."""
        self.on_rolled: Callable[[int, list[str]], None] | None = None
        """Told each roll's seed and its log as text lines (the roll history the page keeps
        on the device: :class:`webapp.app.App`)."""
        model.param.watch(self._enable, ["error"])
        model.param.watch(self._show_log, ["result"])
        self._enable()
        self._show_log()

    def parts(self, fields: Sequence[Any], *, basis: int = 160, intro: str = "") -> list[Any]:
        """The section: its heading, the ``intro`` note, the button beside ``fields`` (made
        by the view) and the log."""
        return [
            heading("Roll it"),
            *([note(intro)] if intro else []),
            row(self.button, *fields, basis=basis),
            self.log,
        ]

    def roll(self, _event: object = None) -> None:
        """Roll the last good result with the model's seed (nothing while there is an error)."""
        m = self.model
        result = m.result
        if m.error or result is None:
            return
        seed = m.seed
        rolled = self._roll_once(result, seed)
        key = self._roll_key(result)
        if key != self.rolled:
            self.rolls = []
        self.rolled = key
        self.rolls = [rolled, *self.rolls][: self.keep]
        m.seed = seed + 1
        self._show_log()
        if self.on_rolled is not None:
            self.on_rolled(seed, log_lines(self._roll_log([rolled])))

    def _enable(self, *_events: object) -> None:
        self.button.disabled = bool(self.model.error)

    def _show_log(self, *_events: object) -> None:
        """The log of the last rolls, while what they rolled is still what the page shows."""
        if self.rolls and self._roll_key(self.model.result) != self.rolled:
            self.rolls = []
            self.rolled = None
        self.log.object = (
            self._roll_log(self.rolls) if self.rolls else f"<p class='rf-note'>{self.prompt}</p>"
        )


def log_lines(log_html: str) -> list[str]:
    """The text lines of a roll's log as the page shows it (its HTML, without the tags).

    >>> log_lines("<p>Seed 3: roll 41</p><ol><li>41 &lt;= 60: hit</li></ol>")
    ['Seed 3: roll 41', '41 <= 60: hit']
    """
    text = re.sub(r"<(?:/?(?:p|li|ol|ul|pre|div|br|h\d)\b)[^>]*>", "\n", log_html)
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return [line.strip() for line in text.splitlines() if line.strip()]
