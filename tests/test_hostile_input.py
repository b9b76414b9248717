# Over 600 lines: one hostile example per public callable of rules and the test that none is
# missing: the list has to be in one place.
"""Hostile input: every public callable of ``rules`` returns a result or refuses with ValueError.

The promise (README, ``rules/validation.py``): every public function returns an exact result or
raises :class:`~rules.validation.InvalidInput` (a ``ValueError``) naming the parameter, what is
allowed and the value. This module checks it for every public callable, found by introspection:

* the callables are the functions and record classes of the ``__all__`` lists of
  ``rules.moo2``, ``rules.cepheus``, ``rules.lurasko`` and ``rules.dice`` (and the public
  methods of the input records), so a new function is covered without writing a test. Enums
  (closed vocabularies, looked up by value), ``NewType`` aliases, ``TypedDict`` types and the
  records marked :func:`rules.validation.output_record` (results and table rows, which rules
  builds itself) are left out;
* a valid call of each callable is found by searching candidate values derived from the type
  annotations (:func:`valid_example`); :data:`EXAMPLES` only helps the search where it cannot
  guess, and a callable that has neither fails :func:`test_hostile_values`;
* then each parameter in turn gets every value of :func:`hostile_values` (None, bools, huge and
  negative integers, NaN and infinities, fractions, text, containers, iterators, numpy
  scalars), the others at their valid values, once with the flags of the valid call and once
  with every flag flipped (so a check skipped on one path shows);
* the only outcomes allowed are a result (with no numpy value, non-finite float or
  probability outside [0, 1] inside it) or :class:`~rules.validation.InvalidInput` whose
  ``parameter`` is a parameter of the callable and whose message starts with it and names the
  parameter under attack.

The calls run in one worker process (this file run as a script) so that a call that hangs or
eats memory is stopped by a time limit (:data:`CALL_SECONDS`) and an address-space limit, and
the run goes on from the next call. ``python tests/test_hostile_input.py --report`` runs the
battery and prints the slowest accepted calls.

The Hypothesis test at the end throws broad strategies at the same callables (every
parameter at once: its valid value, any value of its type, or a hostile one), in process,
each call under an alarm; the profile of ``tests/conftest.py`` keeps it reproducible.
``HOSTILE_EXAMPLES=300`` draws more examples per callable (15 by default) when hunting.
"""

from __future__ import annotations

import collections.abc as abc
import dataclasses
import decimal
import enum
import functools
import inspect
import itertools
import json
import math
import os
import random
import select
import signal
import subprocess
import sys
import time
import types
import typing
import warnings
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if __name__ == "__main__":  # the worker: make `rules` importable from the checkout
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rules import cepheus, dice, lurasko, moo2  # noqa: E402
from rules.dice import Distribution  # noqa: E402
from rules.validation import InvalidInput, is_output_record  # noqa: E402

try:  # numpy is not a dependency of rules; test with it when the venv has it (Panel does)
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

PACKAGES: tuple[types.ModuleType, ...] = (moo2, cepheus, lurasko, dice)

CALL_SECONDS = 5.0
"""The time limit of one call; a call that takes longer counts as a hang (the slowest accepted
call takes well under a second, even on a loaded machine)."""

MEMORY_BYTES = 3 * 1024**3
"""The worker's address-space limit: a call that tries to allocate more gets MemoryError."""

MAPPING_PROTOCOL = frozenset(dir(abc.Mapping))
"""Methods a Distribution has as a Mapping (``get``...): they keep the Mapping semantics."""


# --- discovery ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Target:
    """One public callable: a function, a record class, or a method of an input record."""

    key: str
    owner: Any
    method: str | None = None

    def bind(self) -> Callable[..., Any]:
        if self.method is None:
            return typing.cast(Callable[..., Any], self.owner)
        return typing.cast(Callable[..., Any], getattr(valid_instance(self.owner), self.method))

    def hints_owner(self) -> Any:
        return self.owner if self.method is None else getattr(self.owner, self.method)


def _is_vocabulary(obj: object) -> bool:
    """Enums, ``NewType`` aliases and ``TypedDict`` types (the typing of ``**options``)."""
    return (
        (isinstance(obj, type) and issubclass(obj, enum.Enum))
        or isinstance(obj, typing.NewType)
        or typing.is_typeddict(obj)
    )


def discover() -> list[Target]:
    """Every public callable of :data:`PACKAGES`, in a fixed order."""
    targets: list[Target] = []
    for package in PACKAGES:
        short = package.__name__.removeprefix("rules.")
        for name in package.__all__:
            obj = getattr(package, name)
            if not callable(obj) or _is_vocabulary(obj):
                continue
            if isinstance(obj, type) and is_output_record(obj):
                continue
            targets.append(Target(f"{short}.{name}", obj))
            if isinstance(obj, type):
                for method, member in vars(obj).items():
                    if method.startswith("_") or method in MAPPING_PROTOCOL:
                        continue
                    if isinstance(member, staticmethod | classmethod) or inspect.isfunction(member):
                        targets.append(Target(f"{short}.{name}.{method}", obj, method))
    return targets


# --- valid examples -----------------------------------------------------------------------------

EXAMPLES: dict[str, dict[str, Any]] = {
    # Each mode needs its own options; the search tries one option at a time.
    "moo2.defensive_fire_path_chances": {
        "distances": [8, 7, 6],
        "dfr": 6,
        "table": {1: Fraction(1, 2), 2: Fraction(1, 4)},
    },
    # A preset is looked up by its name, which no candidate string guesses.
    "moo2.find_preset": {"name": "classic"},
    "lurasko.find_preset": {"name": "As written (this site's reading)"},
    "cepheus.find_preset": {"name": "twodsix CE"},
    # Fight forecasts: scores start at 1 (the search tries 0 first).
    "cepheus.Fighter": {
        "physical": cepheus.Physical(7, 7, 7),
        "attack": cepheus.AttackSituation(weapon="pistol", damage_dice=3, band="short"),
    },
    "Fighter": {  # records() looks a record class up by its bare name
        "physical": cepheus.Physical(7, 7, 7),
        "attack": cepheus.AttackSituation(weapon="pistol", damage_dice=3, band="short"),
    },
    "cepheus.duel": {
        "a": cepheus.Fighter(
            cepheus.Physical(7, 7, 7),
            cepheus.AttackSituation(weapon="pistol", damage_dice=3, band="short"),
        ),
        "b": cepheus.Fighter(
            cepheus.Physical(6, 8, 5),
            cepheus.AttackSituation(weapon="rifle", damage_dice=3, band="short", skill=1),
            order="spread",
            dm_from="dexterity",
        ),
        "rounds": 3,
    },
    "cepheus.roll_duel": {
        "a": cepheus.Fighter(
            cepheus.Physical(7, 7, 7),
            cepheus.AttackSituation(weapon="pistol", damage_dice=3, band="short"),
        ),
        "b": cepheus.Fighter(
            cepheus.Physical(6, 8, 5),
            cepheus.AttackSituation(weapon="rifle", damage_dice=3, band="short", skill=1),
            order="spread",
        ),
        "rounds": 3,
        "rng": random.Random(1),
    },
    "cepheus.focus_fire": {
        "target": cepheus.Physical(7, 7, 7),
        "attacks": [cepheus.AttackSituation(weapon="pistol", damage_dice=3, band="short")],
        "rounds": 3,
    },
    "cepheus.roll_focus_fire": {
        "target": cepheus.Physical(7, 7, 7),
        "attacks": [cepheus.AttackSituation(weapon="pistol", damage_dice=3, band="short")],
        "rounds": 3,
        "rng": random.Random(1),
    },
    # (BeamShot, count) pairs: the search builds no tuple of a record and an int.
    "moo2.volley_forecast": {
        "weapons": [(moo2.BeamShot(1, 4, 0, 0, 0), 2)],
        "hit_points": 10,
        "turns": 3,
    },
}
"""Valid keyword arguments for a callable whose valid call the search cannot guess (by key)."""

INT_CANDIDATES = (0, 1, 2, 3, 10, 40, 100, 5, 20)

SEARCH_TRIES = 3000
"""The most calls the search for a valid call makes per set of parameters."""


def _union_args(hint: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return None


def candidates(hint: Any) -> list[Any]:
    """Values of type ``hint`` to try when searching a valid call, simplest first."""
    members = _union_args(hint)
    if members is not None:
        found: list[Any] = []
        for member in sorted(members, key=lambda m: m is type(None)):
            found.extend(value for value in candidates(member) if value not in found)
        return found
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None):
        return [None]
    if hint is object or isinstance(hint, typing.TypeVar) or hint is abc.Hashable:
        return list(INT_CANDIDATES)
    if hint is bool:
        return [False, True]
    if hint is int:
        return list(INT_CANDIDATES)
    if hint in (float, Fraction):
        return [Fraction(1), Fraction(0), Fraction(1, 10), Fraction(10)]
    if hint is str:
        return ["laser", "x"]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)
    if hint is random.Random:
        return [random.Random(1)]
    if hint is Distribution or origin is Distribution:
        return [Distribution({0: 1}), Distribution({-1: Fraction(1, 2), 3: Fraction(1, 2)})]
    if origin is tuple and args == (int, int):
        return [(0, 1), (16, 28), (0, 0)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner = candidates(args[0])[:2]
        return [(), *((value,) for value in inner)]
    if origin in (abc.Iterable, abc.Sequence, list, abc.Collection):
        inner = candidates(args[0])[:3] if args else [1]
        return [(), *([value] for value in inner), inner]
    if origin in (frozenset, set, abc.Set):
        return [frozenset(), *(frozenset({value}) for value in candidates(args[0])[:2])]
    if origin is abc.Mapping or origin is dict:
        keys, values = candidates(args[0])[:2], candidates(args[1])[:3]
        return [{}, *({k: v} for k in keys for v in values)]
    if origin is abc.Callable or hint is abc.Callable:
        return [lambda *args: 0]
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_namedtuple(hint)):
        return [valid_instance(hint)]
    raise LookupError(f"no candidates for {hint!r}")


def _is_namedtuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _hints(owner: Any) -> dict[str, Any]:
    """The resolved annotations of a function, or of a record class's fields or ``__init__``.

    Keywords typed through one ``**options: Unpack[SomeTypedDict]`` are listed one by one (the
    function's ``__signature__`` lists them as keyword-only parameters, as the beam shot
    functions of :mod:`rules.moo2` do).
    """
    if isinstance(owner, type) and not (dataclasses.is_dataclass(owner) or _is_namedtuple(owner)):
        return typing.get_type_hints(owner.__init__)
    hints = typing.get_type_hints(owner)
    for name, hint in list(hints.items()):
        keywords = _unpacked(hint)
        if keywords is not None:
            del hints[name]
            hints.update(keywords)
    return hints


def _unpacked(hint: Any) -> dict[str, Any] | None:
    """The keywords of ``Unpack[SomeTypedDict]`` (name -> type), or None for any other hint."""
    if typing.get_origin(hint) is not typing.Unpack:
        return None
    (record,) = typing.get_args(hint)
    return typing.get_type_hints(record)


@functools.cache
def parameters(target: Target) -> tuple[inspect.Parameter, ...]:
    """The parameters of ``target`` that a caller passes (no ``self``, no ``*args``)."""
    function = target.bind() if target.method else target.owner
    return tuple(
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    )


def call(target: Target, kwargs: dict[str, Any]) -> Any:
    """Call ``target`` with ``kwargs``, positional-only parameters passed by position."""
    positional: list[Any] = []
    named = dict(kwargs)
    for p in parameters(target):
        if p.kind is p.POSITIONAL_ONLY and p.name in named:
            positional.append(named.pop(p.name))
    return target.bind()(*positional, **named)


def _compositions(total: int, sizes: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Index tuples into pools of ``sizes`` whose indices add up to ``total``."""
    if not sizes:
        if total == 0:
            yield ()
        return
    for first in range(min(total, sizes[0] - 1) + 1):
        for rest in _compositions(total - first, sizes[1:]):
            yield (first, *rest)


def _search(target: Target, names: list[str], hints: dict[str, Any]) -> dict[str, Any] | None:
    """The first valid call, trying simple candidates first (lazily: never a whole product)."""
    pools = [candidates(hints[name]) for name in names]
    sizes = tuple(len(pool) for pool in pools)
    tries = 0
    for total in range(sum(size - 1 for size in sizes) + 1):
        for combo in _compositions(total, sizes):
            tries += 1
            if tries > SEARCH_TRIES:
                return None
            kwargs = {name: pool[i] for name, pool, i in zip(names, pools, combo, strict=True)}
            try:
                call(target, kwargs)
            except InvalidInput:
                continue
            return kwargs
    return None


@functools.cache
def _valid_example(target: Target) -> tuple[tuple[str, Any], ...]:
    if target.key in EXAMPLES:
        return tuple(EXAMPLES[target.key].items())
    hints = _hints(target.hints_owner())
    params = parameters(target)
    required = [p.name for p in params if p.default is inspect.Parameter.empty]
    optional = [p.name for p in params if p.default is not inspect.Parameter.empty]
    found = _search(target, required, hints)
    for extra in optional:
        if found is not None:
            break
        found = _search(target, [*required, extra], hints)
    if found is None:
        raise LookupError(f"no valid call of {target.key} found: add one to EXAMPLES")
    return tuple(found.items())


def valid_example(target: Target) -> dict[str, Any]:
    """Keyword arguments of a valid call of ``target`` (required parameters only, if possible)."""
    return dict(_valid_example(target))


@functools.cache
def valid_instance(cls: type) -> Any:
    """A valid instance of a record class (from its own valid example)."""
    key = next((t.key for t in discover() if t.owner is cls and t.method is None), cls.__name__)
    return cls(**valid_example(Target(key, cls)))


def baselines(target: Target) -> list[dict[str, Any]]:
    """The valid call, and the same with every flag (bool parameter) flipped, if still valid."""
    return [dict(base) for base in _baselines(target)]


@functools.cache
def _baselines(target: Target) -> tuple[tuple[tuple[str, Any], ...], ...]:
    first = valid_example(target)
    params = parameters(target)
    flipped = dict(first)
    for p in params:
        value = first.get(p.name, p.default)
        if isinstance(value, bool):
            flipped[p.name] = not value
    found = [first]
    if flipped != first:
        try:
            call(target, flipped)
        except InvalidInput:
            pass
        else:
            found.append(flipped)
    return tuple(tuple(base.items()) for base in found)


# --- hostile values -----------------------------------------------------------------------------


def hostile_values() -> list[tuple[str, Callable[[], Any]]]:
    """(label, factory) of every hostile value; factories, so iterators are fresh per call."""
    values: list[tuple[str, Callable[[], Any]]] = [
        ("None", lambda: None),
        ("True", lambda: True),
        ("False", lambda: False),
        ("-1", lambda: -1),
        ("300", lambda: 300),
        ("10_000", lambda: 10_000),
        ("100_000", lambda: 100_000),
        ("2**53 - 1", lambda: 2**53 - 1),
        ("-(2**53 - 1)", lambda: -(2**53 - 1)),
        ("2**53", lambda: 2**53),
        ("2**63", lambda: 2**63),
        ("-2**63 - 1", lambda: -(2**63) - 1),
        ("10**18", lambda: 10**18),
        ("-10**18", lambda: -(10**18)),
        ("10**100", lambda: 10**100),
        ("10**5000", lambda: 10**5000),
        ("0.5", lambda: 0.5),
        ("-0.0", lambda: -0.0),
        ("nan", lambda: math.nan),
        ("inf", lambda: math.inf),
        ("-inf", lambda: -math.inf),
        ("1e308", lambda: 1e308),
        ("5e-324", lambda: 5e-324),
        ("Fraction(1, 3)", lambda: Fraction(1, 3)),
        ("Fraction(10**30, 7)", lambda: Fraction(10**30, 7)),
        ("Fraction(1, 10**5000)", lambda: Fraction(1, 10**5000)),
        ("Decimal('1.5')", lambda: decimal.Decimal("1.5")),
        ("1+1j", lambda: 1 + 1j),
        ("''", lambda: ""),
        ("'x'", lambda: "x"),
        ("'1'", lambda: "1"),
        ("'heavy'", lambda: "heavy"),
        ("b'1'", lambda: b"1"),
        ("bytearray(b'1')", lambda: bytearray(b"1")),
        ("[]", lambda: []),
        ("[1]", lambda: [1]),
        ("[None]", lambda: [None]),
        ("(2, 1)", lambda: (2, 1)),
        ("(0, 1, 2)", lambda: (0, 1, 2)),
        ("(2**53 - 1, 2**53 - 1)", lambda: (2**53 - 1, 2**53 - 1)),
        ("[2**53 - 1] * 3", lambda: [2**53 - 1] * 3),
        ("list(range(10_001))", lambda: list(range(10_001))),
        ("{}", lambda: {}),
        ("{'a': 1}", lambda: {"a": 1}),
        ("{1: 2}", lambda: {1: 2}),
        ("set()", lambda: set()),
        ("{1, 2}", lambda: {1, 2}),
        ("range(3)", lambda: range(3)),
        ("iter([1, 2])", lambda: iter([1, 2])),
        ("itertools.count()", lambda: itertools.count()),
        ("object()", lambda: object()),
        ("int", lambda: int),
        ("lambda: 0", lambda: lambda: 0),
        ("Ellipsis", lambda: ...),
        ("Distribution({1: 1})", lambda: Distribution({1: 1})),
        ("random.Random(1)", lambda: random.Random(1)),
        ("moo2.Mount.HEAVY", lambda: moo2.Mount.HEAVY),
    ]
    if np is not None:
        values += [
            ("np.int64(5)", lambda: np.int64(5)),
            ("np.int64(-1)", lambda: np.int64(-1)),
            ("np.int64(2**62)", lambda: np.int64(2**62)),
            ("np.uint64(2**64 - 1)", lambda: np.uint64(2**64 - 1)),
            ("np.int8(127)", lambda: np.int8(127)),
            ("np.float64(1.5)", lambda: np.float64(1.5)),
            ("np.float64(nan)", lambda: np.float64("nan")),
            ("np.float32(0.1)", lambda: np.float32(0.1)),
            ("np.bool_(True)", lambda: np.bool_(True)),
            ("np.array([1, 2])", lambda: np.array([1, 2])),
            ("np.str_('x')", lambda: np.str_("x")),
        ]
    return values


# --- judging one outcome ------------------------------------------------------------------------


def result_problem(target: Target, value: Any, depth: int = 0) -> str | None:
    """What is wrong with a result, or None."""
    if np is not None and isinstance(value, np.generic | np.ndarray):
        return f"numpy value {value!r} in the result"
    if isinstance(value, float) and not math.isfinite(value):
        return f"non-finite float {value!r} in the result"
    if isinstance(value, Fraction):
        if type(value.numerator) is not int or type(value.denominator) is not int:
            return f"Fraction of {type(value.numerator).__name__} in the result"
        probability = "probability" in target.key or "chance" in target.key
        if depth == 0 and probability and not 0 <= value <= 1:
            return f"probability {value} outside [0, 1]"
        return None
    if depth > 3:
        return None
    items: list[Any] = []
    if isinstance(value, tuple | list):
        items = list(value[:50])
    elif isinstance(value, abc.Mapping):
        items = [item for pair in itertools.islice(value.items(), 50) for item in pair]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = [getattr(value, f.name) for f in dataclasses.fields(value)]
    for item in items:
        problem = result_problem(target, item, depth + 1)
        if problem:
            return problem
    return None


def error_problem(target: Target, attacked: str | None, error: BaseException) -> str | None:
    """What is wrong with an exception, or None (a well-formed InvalidInput)."""
    if not isinstance(error, InvalidInput):
        return f"{type(error).__name__}: {_text(error)}"
    message = _text(error)
    names = {p.name for p in parameters(target)}
    parameter = getattr(error, "parameter", None)
    if parameter not in names:
        return f"parameter {parameter!r} is not a parameter of {target.key}: {message}"
    if not message.startswith(f"{parameter} ") and not message.startswith(f"{parameter}["):
        return f"message does not start with {parameter!r}: {message}"
    if f" must be {error.allowed}, got " not in message:
        return f"message is not 'parameter must be allowed, got value': {message}"
    if attacked is not None and attacked not in message:
        return f"message does not name {attacked!r}: {message}"
    return None


def _text(error: BaseException) -> str:
    try:
        return str(error)[:400]
    except Exception as inner:
        return f"<str() failed: {type(inner).__name__}>"


# --- the worker ---------------------------------------------------------------------------------


def cases() -> Iterator[tuple[Target, str, int, str, Callable[[], Any]]]:
    """Every (target, parameter, baseline number, label, factory), in a fixed order."""
    hostile = hostile_values()
    for target in discover():
        try:
            bases = baselines(target)
        except Exception:
            continue
        for p in parameters(target):
            for number, _ in enumerate(bases):
                for label, factory in hostile:
                    yield target, p.name, number, label, factory


def run_case(
    target: Target, attacked: str, number: int, factory: Callable[[], Any]
) -> dict[str, Any]:
    kwargs = {**baselines(target)[number], attacked: factory()}
    start = time.perf_counter()
    try:
        result = call(target, kwargs)
    except Exception as error:
        seconds = time.perf_counter() - start
        problem = error_problem(target, attacked, error)
        return {"ok": problem is None, "problem": problem, "refused": True, "seconds": seconds}
    seconds = time.perf_counter() - start
    problem = result_problem(target, result)
    return {"ok": problem is None, "problem": problem, "refused": False, "seconds": seconds}


def worker(start: int) -> None:
    """Run the cases from ``start``: a line naming each case before its call, one after."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, resource.RLIM_INFINITY))
    except (ImportError, ValueError, OSError):  # pragma: no cover
        pass

    # As under pytest (pyproject: "error:::rules"): a warning from rules (numpy arithmetic
    # overflowing, say) is a failure, not a line on stderr.
    warnings.filterwarnings("error", module="rules")

    def say(record: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()

    if start == 0:
        for target in discover():
            try:
                baselines(target)
            except Exception as error:
                say({"missing": target.key, "why": _text(error)})
    for index, (target, attacked, number, label, factory) in enumerate(cases()):
        if index < start:
            continue
        case = {"index": index, "key": target.key, "parameter": attacked, "baseline": number}
        say({"start": {**case, "value": label}})
        say({**case, "value": label, **run_case(target, attacked, number, factory)})
    say({"done": True})


class _Lines:
    """Lines from a pipe, each waited for at most a given time (no buffered read-ahead)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def next(self, seconds: float) -> str | None:
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()


def run_battery() -> tuple[dict[str, str], list[dict[str, Any]]]:
    """Run every case in worker processes: (missing examples, one outcome per case).

    A call with no answer within :data:`CALL_SECONDS` is recorded as a failure; the worker (a
    process this function started) is killed and a new one goes on from the next case.
    """
    missing: dict[str, str] = {}
    outcomes: list[dict[str, Any]] = []
    start = 0
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    while True:
        process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(start)], stdout=subprocess.PIPE, env=env
        )
        assert process.stdout is not None
        lines = _Lines(process.stdout.fileno())
        current: dict[str, Any] | None = None
        finished = False
        try:
            while True:
                # Finding the valid calls takes a while; each hostile call gets CALL_SECONDS.
                line = lines.next(CALL_SECONDS if current is not None else 300)
                if line is None:
                    break
                record = json.loads(line)
                if "missing" in record:
                    missing[record["missing"]] = record["why"]
                elif "start" in record:
                    current = record["start"]
                elif "index" in record:
                    outcomes.append(record)
                    current = None
                elif record.get("done"):
                    finished = True
                    break
        finally:
            process.kill()
            process.wait()
        if finished:
            return missing, outcomes
        if current is None:
            raise RuntimeError("the hostile-input worker stopped outside a call")
        problem = f"no answer within {CALL_SECONDS} s (a hang, or the worker died)"
        outcomes.append(
            {**current, "ok": False, "problem": problem, "refused": False, "seconds": CALL_SECONDS}
        )
        start = current["index"] + 1


# --- the tests ----------------------------------------------------------------------------------

TARGETS = discover()


@pytest.fixture(scope="module")
def battery() -> tuple[dict[str, str], dict[str, list[dict[str, Any]]]]:
    """The whole battery, run once in worker processes: (missing examples, outcomes by key)."""
    missing, outcomes = run_battery()
    by_key: dict[str, list[dict[str, Any]]] = {}
    for outcome in outcomes:
        by_key.setdefault(outcome["key"], []).append(outcome)
    return missing, by_key


@pytest.mark.parametrize("target", TARGETS, ids=[target.key for target in TARGETS])
def test_hostile_values(
    target: Target, battery: tuple[dict[str, str], dict[str, list[dict[str, Any]]]]
) -> None:
    """Each parameter, given each hostile value: a result, or InvalidInput naming it."""
    missing, by_key = battery
    assert target.key not in missing, missing.get(target.key)
    outcomes = by_key.get(target.key, [])
    assert len(outcomes) == len(parameters(target)) * len(hostile_values()) * len(
        baselines(target)
    ), "the worker did not run every case"
    failures = [
        f"{o['parameter']}={o['value']} (flags {'flipped' if o['baseline'] else 'as found'}): "
        f"{o['problem']}"
        for o in outcomes
        if not o["ok"]
    ]
    assert not failures, "\n".join(failures[:20])


def test_the_slowest_accepted_call_is_fast(
    battery: tuple[dict[str, str], dict[str, list[dict[str, Any]]]],
) -> None:
    """No accepted call comes near the time limit (the bounds keep the work small)."""
    accepted = [o for outcomes in battery[1].values() for o in outcomes if o["ok"]]
    slowest = max(accepted, key=lambda o: o["seconds"])
    assert slowest["seconds"] < CALL_SECONDS / 2, slowest


def test_discovery_finds_functions_records_and_methods() -> None:
    keys = {target.key for target in TARGETS}
    assert {"moo2.range_table", "cepheus.attack_odds", "lurasko.resolve_attack"} <= keys
    assert {"moo2.BeamShot", "moo2.BeamShot.at", "lurasko.Resistance.applies_to"} <= keys
    assert "dice.Distribution.from_outcomes" in keys
    # Results and table rows are output records, enums are vocabularies: not called.
    assert not keys & {"moo2.RangeRow", "cepheus.AttackOdds", "lurasko.Step", "moo2.Mount"}
    for package in PACKAGES:
        for name in package.__all__:
            obj = getattr(package, name)
            if isinstance(obj, type) and (dataclasses.is_dataclass(obj) or _is_namedtuple(obj)):
                checked = f"{package.__name__.removeprefix('rules.')}.{name}" in keys
                assert checked or is_output_record(obj), f"{name}: validate it, or mark it"


# --- Hypothesis: broad strategies over the same callables ---------------------------------------


class CallTimeout(Exception):
    """A call ran past its time limit."""


@functools.cache
def _junk() -> st.SearchStrategy[Any]:
    factories = [factory for _, factory in hostile_values()]
    return st.sampled_from(factories).map(lambda factory: factory())


def valid_ish(hint: Any) -> st.SearchStrategy[Any]:
    """Values of the type ``hint``, broad: any size, any member, any text."""
    members = _union_args(hint)
    if members is not None:
        return st.one_of(*(valid_ish(member) for member in members))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None):
        return st.none()
    if hint is bool:
        return st.booleans()
    if hint is int or hint is object or isinstance(hint, typing.TypeVar) or hint is abc.Hashable:
        return st.one_of(st.integers(-5, 120), st.integers())
    if hint in (float, Fraction):
        return st.one_of(st.fractions(), st.floats(), st.integers())
    if hint is str:
        return st.one_of(st.text(max_size=8), st.sampled_from(["laser", "Death Ray", "frost"]))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.one_of(st.sampled_from(list(hint)), st.sampled_from([m.value for m in hint]))
    if hint is random.Random:
        return st.integers().map(random.Random)
    if hint is Distribution or origin is Distribution:
        counts = st.dictionaries(st.integers(-20, 40), st.integers(1, 5), min_size=1, max_size=8)
        return counts.map(Distribution.from_counts)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return st.tuples(*(valid_ish(arg) for arg in args))
    if origin is tuple or origin in (abc.Iterable, abc.Sequence, list, abc.Collection):
        inner = valid_ish(args[0]) if args else st.integers()
        return st.lists(inner, max_size=4).flatmap(lambda xs: st.sampled_from([xs, tuple(xs)]))
    if origin in (frozenset, set, abc.Set):
        return st.frozensets(valid_ish(args[0]), max_size=3)
    if origin in (abc.Mapping, dict):
        return st.dictionaries(valid_ish(args[0]), valid_ish(args[1]), max_size=4)
    if origin is abc.Callable or hint is abc.Callable:
        return st.just(lambda *args: 0)
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_namedtuple(hint)):
        return records(hint)
    raise LookupError(f"no strategy for {hint!r}")


@st.composite
def records(draw: st.DrawFn, cls: type) -> Any:
    """A record built from broad fields, or the valid instance when they do not make one."""
    hints = _hints(cls)
    base = valid_example(Target(cls.__name__, cls))
    fields = {}
    for p in inspect.signature(cls).parameters.values():
        if p.name in base:
            fields[p.name] = draw(st.one_of(st.just(base[p.name]), valid_ish(hints[p.name])))
        elif draw(st.booleans()):
            fields[p.name] = draw(valid_ish(hints[p.name]))
    try:
        return cls(**fields)
    except InvalidInput:
        return valid_instance(cls)


def arguments(target: Target) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword arguments for ``target``: each the valid value, a broad value or a hostile one."""
    hints = _hints(target.hints_owner())
    base = valid_example(target)
    strategies = {}
    for p in parameters(target):
        known = base.get(p.name, p.default)
        strategies[p.name] = st.one_of(st.just(known), valid_ish(hints[p.name]), _junk())
    return st.fixed_dictionaries(strategies)


def _expire(signum: int, frame: FrameType | None) -> None:
    raise CallTimeout(f"a call took more than {CALL_SECONDS} s")


def call_with_time_limit(target: Target, kwargs: dict[str, Any]) -> Any:
    """Call in process, stopped by SIGALRM after :data:`CALL_SECONDS` (POSIX main thread)."""
    previous = signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
    try:
        return call(target, kwargs)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("target", TARGETS, ids=[target.key for target in TARGETS])
def test_broad_input(target: Target) -> None:
    """Every parameter at once from broad strategies: a result, or InvalidInput naming one."""
    if not parameters(target):
        return

    @settings(
        max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "15")),
        deadline=None,
        suppress_health_check=[
            *settings.default.suppress_health_check,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )
    @given(arguments(target))
    def check(kwargs: dict[str, Any]) -> None:
        try:
            result = call_with_time_limit(target, kwargs)
        except CallTimeout:
            raise
        except Exception as error:  # judged: only a well-formed InvalidInput passes
            problem = error_problem(target, None, error)
            assert problem is None, problem
        else:
            problem = result_problem(target, result)
            assert problem is None, problem

    check()


# --- run as a script -----------------------------------------------------------------------------

if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker(int(sys.argv[2]))
    else:  # --report: the battery, its failures and the slowest accepted calls
        missing, outcomes = run_battery()
        for key, why in missing.items():
            print(f"MISSING {key}: {why}")
        bad = [o for o in outcomes if not o["ok"]]
        for o in bad:
            print(f"FAIL {o['key']}({o['parameter']}={o['value']}): {o['problem']}")
        accepted = sorted((o for o in outcomes if o["ok"]), key=lambda o: -o["seconds"])
        print(f"{len(outcomes)} calls, {len(bad)} failures, {len(missing)} missing examples")
        for o in accepted[:10]:
            print(f"{o['seconds']:.3f} s {o['key']}({o['parameter']}={o['value']})")
