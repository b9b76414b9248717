"""The app shell: navigation between pages, the deep-link notice, embed mode, views and theme.

One :class:`App` per visit. Pages are built the first time they are shown and kept, so moving
between pages never loses their inputs (and, in the browser, never restarts Python).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode

import panel as pn
import param

from webapp.components import LaterRow, TextAlert, TextLabel, html_pane
from webapp.pages import PAGES, find_page
from webapp.pages.home import HomeView

__all__ = ["App", "bare_link"]

HOME = "home"

VIEWS = {
    "full": "the whole page",
    "result": "only the key figures",
    "chart": "only the first chart (and the table of its data)",
}
"""The link's ``view=`` option: the part of a page a small embed shows (400x300 px fits the
key figures or one chart without scrollbars). The navigation resets it to the whole page."""

NO_PRINT = "@media print { :host { display: none !important; } }"

LINK_ONLY = frozenset({"page", "embed", "view", "remember"})
"""The keys of a link that set no input: a link with only these is a page's bare link, which
opens the page with the inputs remembered on the device (:meth:`App.restore`)."""
"""The navigation and the notice are not printed (a page prints as inputs and results)."""


def bare_link(search: str) -> bool:
    """Whether ``search`` sets no input (only the page, embed or view): a page's bare link.

    >>> bare_link("?page=moo2-shot"), bare_link("?page=moo2-shot&squares=3")
    (True, False)
    """
    return set(dict(parse_qsl(search.lstrip("?"), keep_blank_values=True))) <= LINK_ONLY


class App(pn.viewable.Viewer):
    """Rangefinder: the landing page and every calculator, one page at a time."""

    page = param.Selector(
        objects=[HOME, *(p.slug for p in PAGES)], default=HOME, doc="The page shown."
    )
    embed = param.Boolean(default=False, doc="Compact view for iframes: no navigation.")
    remember = param.Boolean(
        default=False,
        doc="An embed whose host opted in (``remember=1``) to the inputs remembered on the "
        "device: its bare link restores them, and its changes are remembered. Other embeds "
        "keep to their link.",
    )
    view = param.Selector(
        objects=list(VIEWS),
        default="full",
        doc="What of the page is shown (``view=`` in the link): see :data:`VIEWS`.",
    )
    theme = param.Selector(objects=["light", "dark"], default="light")
    notice = param.String(default="", doc="What was wrong with the deep link, if anything.")
    device_note = param.String(
        default="", doc="Where the page's inputs came from, when not from the link or defaults."
    )

    def __init__(
        self,
        *,
        write_url: Callable[[str], None] | None = None,
        figures_shown: Callable[[], None] | None = None,
        rolled: Callable[[str, int, list[str]], None] | None = None,
        **params: Any,
    ) -> None:
        """``write_url`` receives the query string (``?page=...``) after every change; without
        it, the app writes it to Panel's ``pn.state.location`` (``panel serve``).
        ``figures_shown`` is called when a page has put new key figures in place, before its
        charts and tables (:class:`~webapp.pages.view.PageView`)."""
        super().__init__(**params)
        self._write_url = write_url
        self._figures_shown = figures_shown
        self._rolled = rolled
        self._views: dict[str, Any] = {}
        self._syncing = False
        self.remembered: dict[str, dict[str, str]] = {}
        """The last inputs of each page remembered on this device (``static/storage.js``),
        by slug: a page the navigation opens for the first time in this visit starts from
        them (:meth:`restore`). Empty in embeds and wherever storage is unavailable."""
        groups: dict[str, dict[str, str]] = {}
        for page in PAGES:
            groups.setdefault(page.system.name, {})[page.title] = page.slug
        self._nav_select = pn.widgets.Select(
            label="Calculator",
            groups=groups,
            value=PAGES[0].slug,
            sizing_mode="stretch_width",
            max_width=360,
            css_classes=["rf-nav-select"],
        )
        self._nav_select.param.watch(lambda e: self._go(e.new), "value")
        self._home_button = pn.widgets.Button(label="All calculators", color="light")
        self._home_button.on_click(lambda _e: self._go(HOME))
        # The site's navigation landmark, named for screen readers' list of landmarks. Hidden
        # in embed mode: its widgets are then not drawn (LaterRow) unless it is shown.
        self._nav = LaterRow(
            self._home_button,
            self._nav_select,
            sizing_mode="stretch_width",
            styles={"align-items": "end", "flex-wrap": "wrap"},
            stylesheets=[NO_PRINT],
            visible=not self.embed,
            css_classes=["rf-nav"],
            html_attributes={"role": "navigation", "aria-label": "Calculators"},
        )
        # The page's title, its one <h1> (the landing page has its own).
        self._title = html_pane(margin=(0, 10), visible=False, css_classes=["rf-title"])
        self._notice = TextAlert(
            "",
            alert_type="warning",
            visible=False,
            sizing_mode="stretch_width",
            css_classes=["rf-notice"],
            stylesheets=[NO_PRINT],
        )
        # "Reset to defaults", and where the inputs came from (remembered, a saved entry).
        self._reset_button = pn.widgets.Button(
            label="Reset to defaults", color="light", css_classes=["rf-reset"], margin=(5, 10)
        )
        self._reset_button.on_click(lambda _e: self.reset_inputs())
        self._device_label = TextLabel("", css_classes=["rf-device-note"], margin=(5, 10))
        self._device_row = pn.Row(
            self._reset_button,
            self._device_label,
            visible=False,
            sizing_mode="stretch_width",
            styles={"align-items": "center", "flex-wrap": "wrap"},
            stylesheets=[NO_PRINT],
            css_classes=["rf-device-row"],
        )
        # min-width 0: Bokeh would otherwise size these to the sum of the minimum widths
        # inside, and a page's columns could not wrap on a phone.
        fluid = {"min-width": "0"}
        self._main = pn.Column(sizing_mode="stretch_width", styles=fluid)
        self._layout = pn.Column(
            self._nav,
            self._notice,
            self._title,
            self._device_row,
            self._main,
            sizing_mode="stretch_width",
            max_width=1200,
            styles=fluid,
        )
        self._show()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --- navigation ---------------------------------------------------------------------

    def view_of(self, slug: str) -> Any:
        """The view of page ``slug``, built on first use."""
        if slug not in self._views:
            self._views[slug] = (
                HomeView() if slug == HOME else find_page(slug).factory(self._figures_shown)
            )
            model = getattr(self._views[slug], "model", None)
            if model is not None:
                linked = [
                    *model.inputs,
                    *model.switch_only_names(),
                    "compare",
                    "compare_with",
                    "compare_changes",
                ]
                model.param.watch(lambda *_e: self._write_query(), linked)
            roll_it = getattr(self._views[slug], "roll_it", None)
            if roll_it is not None and self._rolled is not None:
                rolled = self._rolled
                roll_it.on_rolled = lambda seed, lines: rolled(slug, seed, lines)
            # (a page is built in the light theme: recoloured and rendered again only if not)
            if getattr(self._views[slug], "theme", self.theme) != self.theme:
                self._views[slug].set_theme(self.theme)
        return self._views[slug]

    def navigate(self, slug: str) -> None:
        """Open page ``slug`` (or the landing page, ``"home"``) as the navigation does: the
        page keeps the inputs it had, the notice and any ``view=`` of a link go.

        The landing page's links come here (``static/boot.js``, :func:`webapp.browser.navigate`).
        Raises ValueError for a slug that names no page."""
        if slug != HOME:
            find_page(slug)  # the ValueError naming the pages
        self._go(slug)

    def _go(self, slug: str) -> None:
        if slug != self.page:
            fresh = slug not in self._views
            self.notice = ""
            self.device_note = ""
            self.view = "full"
            self.page = slug
            if fresh and slug in self.remembered:
                self.restore()

    # --- inputs remembered on the device, saved entries ---------------------------------

    def restore(self) -> None:
        """Set the shown page's inputs to those remembered on this device for it
        (:attr:`remembered`), input by input: a value the page cannot use (out of bounds,
        malformed, an input renamed or removed since) keeps its default, and the notice names
        each."""
        values = self.remembered.get(self.page)
        model = getattr(self.view_of(self.page), "model", None)
        if not values or model is None:
            return
        taken, problems = model.take_inputs(values)
        problems += [
            f"{name!r} is no longer an input of this page"
            for name in values
            if name not in model.inputs
        ]
        self.device_note = "Your last inputs on this device." if taken else ""
        if problems:
            self.notice = (
                "Some inputs remembered on this device could not be used, so they show their "
                "defaults: " + "; ".join(problems) + "."
            )

    def take_inputs(
        self, slug: str, values: dict[str, str], *, what: str, saved_on: str = ""
    ) -> list[str]:
        """Open page ``slug`` with the inputs of ``values`` it has (a saved entry, ``what``
        names it in the note): the others keep the page's current values. Returns the labels
        of the inputs taken; the notice names each value that could not be used.

        ``saved_on`` is the page the entry was saved on: on that page, an input the entry
        names and the page no longer has (renamed or removed since) is named in the notice
        too (on another page of the system, the entry's other inputs are simply not its)."""
        # A saved entry is a character or a loadout, not a roll: its seed stays out (the
        # roll history keeps each roll's seed).
        values = {name: value for name, value in values.items() if name != "seed"}
        self.navigate(slug)
        model = getattr(self.view_of(slug), "model", None)
        if model is None:
            raise ValueError(f"page {slug!r} has no inputs")
        taken, problems = model.take_inputs(values)
        if saved_on == slug:
            problems += [
                f"{name!r} is no longer an input of this page"
                for name in values
                if name not in model.inputs
            ]
        labels = [model.label_of(name) for name in taken]
        self.device_note = (
            f"From {what}: " + ", ".join(labels) + "."
            if labels
            else f"{what[:1].upper()}{what[1:]} shares no input with this page."
        )
        self.notice = (
            f"Some inputs of {what} could not be used, so they show their defaults: "
            + "; ".join(problems)
            + "."
            if problems
            else ""
        )
        self._write_query()
        return labels

    def replay(self, seed: int) -> None:
        """Roll the shown page again with ``seed`` (a roll of the history kept on the device):
        the same inputs and seed roll the same dice."""
        view = self.view_of(self.page)
        roll_it = getattr(view, "roll_it", None)
        if roll_it is None:
            raise ValueError(f"page {self.page!r} does not roll")
        view.model.seed = seed
        roll_it.roll()

    def reset_inputs(self) -> None:
        """Every input of the shown page back to its default ("Reset to defaults")."""
        model = getattr(self.view_of(self.page), "model", None)
        if model is not None:
            model.reset()
        self.notice = ""
        self.device_note = ""

    @param.depends("page", watch=True)
    def _show(self) -> None:
        self._main.objects = [self.view_of(self.page)]
        self._show_view()
        if self.page != HOME:
            self._nav_select.value = self.page
            page = find_page(self.page)
            self._title.object = (
                f"<h1 class='rf-page-title'>{html.escape(page.title)}"
                f"<span class='rf-page-system'>{html.escape(page.system.name)}</span></h1>"
            )
        self._title.visible = self.page != HOME and not self.embed
        self._device_row.visible = self._shows_device_row()
        self._write_query()

    def _shows_device_row(self) -> bool:
        """The "Reset to defaults" row, with where the inputs came from: on a calculator, not in an
        embed unless its host opted in to the device's memory (:attr:`remember`)."""
        return self.page != HOME and (not self.embed or self.remember)

    @param.depends("embed", "remember", watch=True)
    def _embed_changed(self) -> None:
        self._nav.visible = not self.embed
        self._title.visible = self.page != HOME and not self.embed
        self._device_row.visible = self._shows_device_row()

    @param.depends("view", watch=True)
    def _show_view(self) -> bool:
        """Show the part of the page :attr:`view` names; False where the page has no such
        part (it then shows the whole page)."""
        shown = self.view_of(self.page)
        if not hasattr(shown, "show_view"):  # the landing page: one view only
            return self.view == "full"
        return bool(shown.show_view(self.view))

    @param.depends("notice", watch=True)
    def _notice_changed(self) -> None:
        self._notice.object = self.notice
        self._notice.visible = bool(self.notice)

    @param.depends("device_note", watch=True)
    def _device_note_changed(self) -> None:
        self._device_label.object = self.device_note

    @param.depends("theme", watch=True)
    def _theme_changed(self) -> None:
        for view in self._views.values():
            if hasattr(view, "set_theme"):
                view.set_theme(self.theme)

    # --- deep links ---------------------------------------------------------------------

    def query(self) -> dict[str, str]:
        """The query string that reopens the app as it is now."""
        out: dict[str, str] = {"page": self.page}
        if self.embed:
            out["embed"] = "1"
        if self.remember:
            out["remember"] = "1"
        if self.view != "full":
            out["view"] = self.view
        model = getattr(self._views.get(self.page), "model", None)
        if model is not None:
            out.update(model.query())
        return out

    def apply_search(self, search: str) -> None:
        """Open the page and preset the inputs a ``?page=...&name=value`` link asks for.

        A malformed link never breaks the app: an unknown page opens the landing page, and
        malformed inputs fall back to the page's defaults, and a ``view=`` that is not one of
        :data:`VIEWS` (or names a part the page lacks) shows the whole page; a notice says
        why."""
        query = dict(parse_qsl(search.lstrip("?"), keep_blank_values=True))
        if not bare_link(search):
            self.device_note = ""  # the link's inputs, not the device's
        problems: list[str] = []
        view_problem = ""
        self._syncing = True
        try:
            self.embed = query.get("embed", "0") in {"1", "true", "yes"}
            self.remember = self.embed and query.get("remember", "0") in {"1", "true", "yes"}
            view = query.get("view", "full")
            if view not in VIEWS:
                views = ", ".join(v for v in VIEWS if v != "full")
                view_problem = f"there is no view {view!r} (the views are {views})"
                view = "full"
            slug = query.get("page", HOME)
            if slug not in self.param["page"].objects:
                problems.append(f"there is no page {slug!r}")
                slug = HOME
            self.page = slug
            model = getattr(self.view_of(slug), "model", None)
            if model is not None:
                problems += model.apply_query(query)
            self.view = view
            if not self._show_view():
                missing = "chart" if view == "chart" else "key figures"
                view_problem = f"this page has no {missing} to show alone (view={view})"
                self.view = "full"
            shown = self.view_of(self.page)
            if self.view == "full" and not problems and hasattr(shown, "unfold_set"):
                shown.unfold_set()  # the groups whose inputs the link set
        finally:
            self._syncing = False
        parts = []
        if problems:
            parts.append("the calculator shows its defaults: " + "; ".join(problems))
        if view_problem:
            parts.append("the whole page is shown: " + view_problem)
        self.notice = (
            "This link could not be used as it was, so " + "; and ".join(parts) + "."
            if parts
            else ""
        )
        self._write_query()

    def _write_query(self) -> None:
        if self._syncing:
            return
        search = "?" + urlencode(self.query())
        if self._write_url is not None:
            self._write_url(search)
            return
        if not pn.state.location:
            return
        if pn.state.location.search != search:
            pn.state.location.search = search
