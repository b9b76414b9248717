"""The rule-variant API every system shares (``rules.variants``): one test over the three.

A page's "Rules in force" control is written once for MOO2, Cepheus and Lur-Asko, so each
package must answer the same calls the same way.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import itertools
from types import ModuleType

import pytest

from rules import cepheus, lurasko, moo2, variants
from rules.validation import InvalidInput

SYSTEMS = [cepheus, moo2, lurasko]
SHARED = ["AS_WRITTEN", "DEFAULT_VARIANT", "PRESETS", "Variant", "find_preset", "preset_name"]


def ids(system: ModuleType) -> str:
    return system.__name__


@pytest.mark.parametrize("system", SYSTEMS, ids=ids)
def test_the_same_names_are_exported(system: ModuleType) -> None:
    for name in [*SHARED, "variant_fields"]:
        assert name in system.__all__, name
    assert system.AS_WRITTEN == variants.AS_WRITTEN == "As written (this site's reading)"
    assert next(iter(system.PRESETS)) == system.AS_WRITTEN
    assert system.PRESETS[system.AS_WRITTEN] == system.DEFAULT_VARIANT == system.Variant()


@pytest.mark.parametrize("system", SYSTEMS, ids=ids)
def test_lookup_and_unknown_names(system: ModuleType) -> None:
    for name, preset in system.PRESETS.items():
        assert system.find_preset(name) is preset
    for bad in ("nope", "as written (this site's reading)", "", None, 1):
        with pytest.raises(InvalidInput, match=r'^name must be one of "As written') as raised:
            system.find_preset(bad)
        assert raised.value.parameter == "name"
        assert raised.value.value == bad


@pytest.mark.parametrize("system", SYSTEMS, ids=ids)
def test_preset_name_round_trips_every_preset(system: ModuleType) -> None:
    for name, preset in system.PRESETS.items():
        assert system.preset_name(preset) == name
        assert system.preset_name(system.find_preset(name)) == name
        assert preset.differences(name) == ()
        assert preset.differences(preset) == ()
    with pytest.raises(InvalidInput, match=r"^variant must be a Variant") as raised:
        system.preset_name(system.AS_WRITTEN)
    assert raised.value.parameter == "variant"


@pytest.mark.parametrize("system", SYSTEMS, ids=ids)
def test_every_single_switch_is_modified_and_differs_by_its_name(system: ModuleType) -> None:
    default = system.DEFAULT_VARIANT
    for field in system.variant_fields():
        for value in field.allowed:
            if value == field.default:
                continue
            changed = dataclasses.replace(default, **{field.name: value})
            assert changed.differences() == (field.name,)
            assert changed.differences(system.AS_WRITTEN) == (field.name,)
            assert default.differences(changed) == (field.name,)
            if all(changed != preset for preset in system.PRESETS.values()):
                assert system.preset_name(changed) is None
    (parameter,) = [p for p in inspect.signature(system.Variant.differences).parameters][1:]
    with pytest.raises(InvalidInput, match=rf'^{parameter} must be one of "As written'):
        default.differences("nope")
    with pytest.raises(InvalidInput, match=rf"^{parameter} must be a Variant or one of"):
        default.differences(None)


def attribute_docstrings(cls: type) -> dict[str, str]:
    """Each field's docstring, read from the source (the browser's bytecode has none)."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body  # type: ignore[attr-defined]
    return {
        a.target.id: b.value.value
        for a, b in itertools.pairwise(body)
        if isinstance(a, ast.AnnAssign)
        and isinstance(b, ast.Expr)
        and isinstance(b.value, ast.Constant)
    }


@pytest.mark.parametrize("system", SYSTEMS, ids=ids)
def test_fields_listing_matches_the_dataclass(system: ModuleType) -> None:
    listed = system.variant_fields()
    fields = dataclasses.fields(system.Variant)
    assert [f.name for f in listed] == [f.name for f in fields]
    docstrings = attribute_docstrings(system.Variant)
    for row, field in zip(listed, fields, strict=True):
        assert row.default == field.default == getattr(system.Variant(), row.name)
        assert row.default in row.allowed
        # the summary is the docstring's first paragraph (the browser's bytecode has none)
        first = " ".join(docstrings[row.name].split("\n\n")[0].split())
        assert row.summary == first, row.name
        assert (
            row.summary.endswith(".")
            and "``" not in row.summary
            and ":" + "func" not in row.summary
        )
        assert "\n" not in row.summary and len(row.summary) <= 160
        if isinstance(row.default, enum.Enum):
            assert row.allowed == tuple(type(row.default))
        elif isinstance(row.default, bool):
            assert row.allowed == (False, True)
        # every allowed value is accepted, and nothing else of an integer field is
        for value in row.allowed:
            assert getattr(system.Variant(**{row.name: value}), row.name) == value
        if isinstance(row.default, int) and not isinstance(row.default, bool):
            numbers = list(row.allowed)
            for outside in range(min(numbers) - 1, max(numbers) + 2):  # type: ignore[call-overload]
                if outside not in numbers:
                    with pytest.raises(InvalidInput, match=rf"^{row.name} must be"):
                        system.Variant(**{row.name: outside})
