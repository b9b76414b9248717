"""Which pages each rule switch changes: computed by running the pages' models, not written.

For each page and each switch of its system, the page's model is computed at its defaults
and after each single change of one input (the changes the page-contract tests use, plus
:data:`EXTRA_SCENARIOS` for the points that need two inputs together), first under the
default variant and then with the switch set to each other value it allows. The switch
"changes the page" when any number of the result differs (:func:`numbers_of`: every number
and text the result holds, the variant records themselves left out).

``./dev python -m scripts.variant_effects`` (from the checkout's root) prints the list
(switch -> pages), for the closing note of issue #29; the tests
(``tests/webapp/test_variants.py``) check that every switch changes at least one page, and
take :func:`numbers_of` for their digests. A tool, not part of the app: no page imports it,
and the site does not ship it.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

import param

from webapp.pages import PAGES, Page
from webapp.pages.model import Calculator

__all__ = ["EXTRA_SCENARIOS", "effects", "numbers_of", "scenarios"]

EXTRA_SCENARIOS: dict[str, list[dict[str, Any]]] = {
    "cepheus-attack": [
        {"target_stance": "prone", "distance": 5},
        {"distance": 34},
        {"distance": 334},
        {"armor": 12, "skill": 4, "characteristic": 15},
        {"reaction": "dodge", "dodge_obstruction": True},
        {"aim_for_the_kill_actions": 3},
        {
            "energy": True,
            "distance": 600,
            "extreme_range": True,
            "braced": True,
            "skill": 3,
            "armor": 5,
        },
        {"skill": 4, "characteristic": 15, "referee_dm": 6},
    ],
    "cepheus-range-bands": [{"distance": 34}, {"distance": 334}],
    "cepheus-check": [{"other": 6}, {"other": -10}],
    "cepheus-initiative": [{"tactics_1": -2}],
    "lurasko-auras": [{"aura_type": "particle"}],
    "cepheus-vehicle": [{"rolled": 50}],
    "cepheus-explosions": [{"armor": 3}],
    "moo2-shot": [{"squares": 30}, {"planet": True, "shield": 5}],
    "moo2-missiles-fighters": [{"target": "fighter"}],
    "moo2-defensive-fire": [{"first_turn": True, "dfr": 11}, {"first_turn": True, "dfr": 2}],
    "cepheus-vehicle-combat": [
        {"section": "weave", "driver_dm": 12},
        {"section": "ram", "ram_driver_dm": 12},
        {"section": "ram", "ram_dodge": True, "ram_dodge_obstruction": True},
        {"section": "evasive", "evasive_skill": 4},
        {"section": "explosion", "closed": False, "distance": 2, "reaction": "dive"},
        {"section": "explosion", "closed": False, "distance": 2, "explosion_armor": 3},
        {"section": "collision", "speed": 300},
    ],
}
"""Inputs set together where one change alone does not reach a switch's point (an input
not valid on a page is skipped: the scenario's model then has an error)."""


def numbers_of(value: Any) -> Any:
    """Every number and text ``value`` holds, as nested tuples (rule variants left out)."""
    if value is None or isinstance(value, bool | int | float | Fraction | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if type(value).__name__ == "Variant":
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(
            (f.name, numbers_of(getattr(value, f.name))) for f in dataclasses.fields(value)
        )
    if isinstance(value, Mapping):
        return tuple((numbers_of(k), numbers_of(v)) for k, v in value.items())
    if isinstance(value, list | tuple | frozenset | set):
        items = [numbers_of(item) for item in value]
        return tuple(items if not isinstance(value, frozenset | set) else sorted(map(repr, items)))
    slots = getattr(type(value), "__slots__", None)
    if slots:
        return tuple((name, numbers_of(getattr(value, name, None))) for name in slots)
    if hasattr(value, "__dict__"):
        return tuple((k, numbers_of(v)) for k, v in sorted(vars(value).items()))
    return repr(value)


def _other_values(model: Calculator, name: str) -> list[Any]:
    parameter, value = model.param[name], getattr(model, name)
    if isinstance(parameter, param.Boolean):
        return [not value]
    if isinstance(parameter, param.Selector):
        return [o for o in parameter.objects if o != value]
    if isinstance(parameter, param.Integer):
        return [value + d for d in (1, -1, 5, 20)]
    if isinstance(parameter, param.Number):
        return [value + d for d in (1, -1, 10)]
    return []


def scenarios(page: Page) -> Iterator[dict[str, Any]]:
    """The inputs tried on ``page``: its defaults, each single change, the extra ones."""
    model = page.view_class().model_class()
    yield {}
    for name in model.inputs:
        if name in model.switch_names():
            continue
        for value in _other_values(model, name):
            yield {name: value}
    yield from EXTRA_SCENARIOS.get(page.slug, [])


def _switch_values(model: Calculator, field: str) -> list[Any]:
    system = model.rules_system
    assert system is not None
    found = next(f for f in system.variant_fields() if f.name == field)
    allowed = found.allowed
    if isinstance(allowed, range):  # a number of sides: a few others
        others = [6, 20, 10]
    else:
        others = [v.value if isinstance(v, enum.Enum) else v for v in allowed]
    default = found.default.value if isinstance(found.default, enum.Enum) else found.default
    return [v for v in others if v != default]


def effects(pages: tuple[Page, ...] = PAGES, *, progress: bool = False) -> dict[str, list[str]]:
    """Switch (field name) -> the pages whose numbers it changes, in registry order
    (``progress``: on stderr, each page's name as it starts and the switches that changed it
    once done, so that a long run's part is of use)."""
    out: dict[str, list[str]] = {}
    for page in pages:
        if progress:
            print(f"... {page.slug}", file=sys.stderr, flush=True)
        model = page.view_class().model_class()
        fields = model.field_names()
        for field in fields:
            out.setdefault(field, [])
        for scenario in scenarios(page):
            model.reset()
            try:
                model.param.update(scenario)
            except ValueError:
                continue
            # (inputs refused under the default rules may be valid under a switch: a change)
            base = None if model.error else numbers_of(model.result)
            variant = model.variant
            for field in fields:
                if page.slug in out[field]:
                    continue
                for value in _switch_values(model, field):
                    other = dataclasses.replace(variant, **{field: value})
                    try:
                        changed = numbers_of(model.compute_under(other)) != base
                    except ValueError:
                        changed = False  # (refused under the switch: no numbers to compare)
                    if changed:
                        out[field].append(page.slug)
                        break
        if progress:
            found = [field for field in fields if page.slug in out[field]]
            print(
                f"    {page.slug}: {', '.join(found) or '(no switch)'}", file=sys.stderr, flush=True
            )
    return out


if __name__ == "__main__":  # pragma: no cover - the listing for the issue's closing note
    for field, slugs in effects(progress=True).items():
        print(f"{field}: {', '.join(slugs) or '(no page)'}")
