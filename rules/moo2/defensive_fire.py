# Over 600 lines: one rule of the source (Defensive Fire): the grid, the path and the chance on each
# square, each with the source's worked examples.
"""Defensive Fire: the reaction fire of Normal-mount beams while an enemy ship moves, exactly.

Source: ``001_cd7e90afc4e65868.txt`` ("Defensive Fire", patch 1.50); squares, range units and the
Normal beam range come from ``000_3948ba1900819cb7.txt`` ("Range Penalty to Accuracy").

Three rule sets are modelled (:class:`DefensiveFireMode`): the classic mechanic as fixed in 1.50
(a chance that grows as the moving ship nears the Defensive Fire Range, 100% at or inside it),
the 1.50 ``alternate_defensive_fire`` (a static chance per range unit) and the bugged 1.31/1.40
behaviour. Rolls happen for every square the moving ship enters; a path's chance is the chance
of at least one trigger over those independent rolls. Distances are whole squares measured by
:func:`grid_distance`; probabilities are exact :class:`~fractions.Fraction`.

The classic chance table is an image in the original and is missing from the source: it is
always an input (``table``), never a default. A "sequence" input may be any iterable but text, a
mapping or a set, up to the bound its function states (:mod:`rules.validation`). Every
interpretation is listed in ``rules/SOURCES.md`` (section "Defensive Fire") and repeated in
the docstring concerned.

>>> from fractions import Fraction
>>> table = {1: Fraction(1, 2), 2: Fraction(1, 4)}      # an example table, not the game's
>>> [defensive_fire_chance(d, 6, table) for d in (5, 6, 7, 8, 9)]
[Fraction(1, 1), Fraction(1, 1), Fraction(1, 2), Fraction(1, 4), Fraction(0, 1)]
>>> defensive_fire_path_probability([Fraction(1, 4), Fraction(1, 2), 1])
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from rules.moo2._checks import round_half_up
from rules.moo2.mounts import Mount
from rules.moo2.ranges import RANGE_BANDS, max_squares, range_units
from rules.moo2.variant import (
    _AS_WRITTEN,
    DefensiveFireMode,
    DfrRounding,
    Variant,
    _check_variant,
)
from rules.validation import (
    InvalidInput,
    InvalidType,
    check_bool,
    check_choice,
    check_int,
    check_items,
    check_mapping,
    check_number,
)

__all__ = [
    "DEFENSIVE_FIRE_MOUNTS",
    "DEFENSIVE_FIRE_SQUARES",
    "FIRST_TURN_DFR_DIVISOR",
    "MAX_PATH_SQUARES",
    "MAX_REACHABLE_SQUARES",
    "DefensiveFireMode",
    "alternate_defensive_fire_chance",
    "alternate_defensive_fire_path",
    "alternate_defensive_fire_path_chances",
    "bugged_defensive_fire_path_chances",
    "defensive_fire_chance",
    "defensive_fire_cumulative",
    "defensive_fire_enabled",
    "defensive_fire_path_chances",
    "defensive_fire_path_probability",
    "defensive_fire_range",
    "fires_defensively",
    "first_turn_defensive_fire_range",
    "grid_distance",
    "path_distances",
]

Chance = Fraction | int | float
"""A probability as a caller may give it; it is converted exactly and must lie in [0, 1]."""

Square = tuple[int, int]
"""A square of the combat grid, ``(x, y)``."""

DEFENSIVE_FIRE_MOUNTS: frozenset[Mount] = frozenset({Mount.NORMAL})
"""The mounts whose beams fire defensively: "a special ability of normal mount beams"
(``001_cd7e90afc4e65868.txt``); the mounts are those of ``000_3948ba1900819cb7.txt``, "Beam ship
weapons"."""

DEFENSIVE_FIRE_SQUARES = max_squares(Mount.NORMAL)
"""The farthest a Normal-mount beam reaches, 24 squares: the last column of the range table in
``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy". Defensive Fire is fire of Normal beams,
so it never triggers farther out (see :func:`defensive_fire_chance`); the 1.31/1.40 bug about "a
moving ship's start position ... out of Normal beams range" uses the same limit."""

FIRST_TURN_DFR_DIVISOR = 3
""""DFR value is three times lower for that first turn" (``001_cd7e90afc4e65868.txt``); the
division rounds down (see :func:`first_turn_defensive_fire_range`)."""

MAX_PATH_SQUARES = 100
"""Not a rule of the game: the most squares (or chances) one path may list, a bound on the work
of one call (exact path chances cost time quadratic in the path's length)."""

MAX_REACHABLE_SQUARES = 10_000
"""Not a rule of the game: the most squares :func:`defensive_fire_range` accepts, a bound on the
work of one call."""

_TABLE_KEYS = range(1, DEFENSIVE_FIRE_SQUARES + 1)
"""Squares beyond the DFR that can matter: the DFR is at least 0 and DF stops at 24 squares."""

_RANGE_UNIT_KEYS = range(len(RANGE_BANDS))
"""The range units of the range penalty table, 0-8."""


# --- input checks -----------------------------------------------------------------------------


def _check_square(name: str, value: object) -> Square:
    """``value`` as an ``(x, y)`` pair of integers (any sequence of two)."""
    allowed = "an (x, y) pair of integers"
    try:
        items = check_items(name, value, "integers", max_items=2)
    except InvalidType:
        raise InvalidType(name, allowed, value) from None
    except InvalidInput:
        raise InvalidInput(name, allowed, value) from None
    if len(items) != 2:
        raise InvalidInput(name, allowed, value)
    return check_int(f"{name}[0]", items[0]), check_int(f"{name}[1]", items[1])


def _check_squares(
    name: str, value: object, *, ordered: bool, max_items: int
) -> tuple[Square, ...]:
    items = check_items(name, value, "(x, y) squares", ordered=ordered, max_items=max_items)
    return tuple(_check_square(f"{name}[{index}]", item) for index, item in enumerate(items))


def _check_distances(name: str, value: object) -> tuple[int, ...]:
    items = check_items(name, value, "integers >= 0", max_items=MAX_PATH_SQUARES)
    return tuple(check_int(f"{name}[{index}]", item, 0) for index, item in enumerate(items))


def _check_chances(name: str, value: object) -> tuple[Fraction, ...]:
    items = check_items(name, value, "chances in [0, 1]", max_items=MAX_PATH_SQUARES)
    return tuple(check_number(f"{name}[{index}]", item, 0, 1) for index, item in enumerate(items))


def _check_chance_map(name: str, value: object, keys: range) -> dict[int, Fraction]:
    """``value`` as ``{key: chance}``, every key in ``keys`` and every chance in [0, 1]."""
    low, high = keys.start, keys.stop - 1
    entries = check_mapping(name, value, f"{low}..{high} to chances in [0, 1]", max_items=len(keys))
    chances: dict[int, Fraction] = {}
    for key, chance in entries:
        number = check_int(f"{name} key", key, low, high)
        chances[number] = check_number(f"{name}[{number}]", chance, 0, 1)
    return chances


def _check_table(table: object) -> dict[int, Fraction]:
    """The classic chance table: squares beyond the DFR (1-24) to chances that never increase."""
    chances = _check_chance_map("table", table, _TABLE_KEYS)
    previous = Fraction(1)
    for beyond in _TABLE_KEYS:
        chance = chances.get(beyond, Fraction(0))
        if chance > previous:  # only from 2 squares beyond on: every chance is <= 1
            squares = "1 square" if beyond == 2 else f"{beyond - 1} squares"
            raise InvalidInput(
                f"table[{beyond}]",
                f"a chance <= {previous}, its chance {squares} beyond the DFR (the closer to the "
                "DFR, the greater the chance; a square the table does not list has chance 0)",
                chance,
            )
        previous = chance
    return chances


def _check_max_range(max_range: object) -> int | None:
    return None if max_range is None else check_int("max_range", max_range, 0)


# --- the rules --------------------------------------------------------------------------------


def fires_defensively(mount: Mount | str) -> bool:
    """Whether beams on ``mount`` fire defensively: Normal mounts only.

    Rule: ``001_cd7e90afc4e65868.txt``: Defensive Fire "is a special ability of normal mount
    beams"; the mounts are those of ``000_3948ba1900819cb7.txt`` ("Beam ship weapons").

    Raises:
        ValueError: if ``mount`` is not 'normal', 'heavy' or 'point_defense'.

    >>> [fires_defensively(m) for m in ("normal", "heavy", "point_defense")]
    [True, False, False]
    """
    return check_choice("mount", mount, Mount) in DEFENSIVE_FIRE_MOUNTS


def defensive_fire_enabled(
    *,
    initiative: bool,
    defensive_fire: bool = False,
    mode: DefensiveFireMode | str = DefensiveFireMode.CLASSIC,
    variant: Variant = _AS_WRITTEN,
) -> bool:
    """Whether Defensive Fire happens at all, given the ship initiative setting.

    Rule: ``001_cd7e90afc4e65868.txt``: 1.50 turned DF "off by default for games with ship
    initiative on and added the parameter defensive_fire, that controls whether DF is enabled or
    not in INI games. With INI off, DF is always on as it was in classic." (Its beams are Normal
    mounts, ``000_3948ba1900819cb7.txt``.)

    Interpretation: before 1.50 there was no parameter and DF ran in both initiative modes (the
    source lists the bugs it had "especially when ship initiative enabled"), so in mode
    '1.31/1.40' the answer is always True and ``defensive_fire`` changes nothing. The mode in
    force is ``mode`` if not 'classic' (its default), else ``variant.defensive_fire``
    (:class:`~rules.moo2.Variant`).

    Raises:
        ValueError: if ``initiative`` or ``defensive_fire`` is not a bool, ``mode`` is not
            'classic', 'alternate' or '1.31/1.40', or ``variant`` is not a
            :class:`~rules.moo2.Variant`.

    >>> defensive_fire_enabled(initiative=False), defensive_fire_enabled(initiative=True)
    (True, False)
    >>> defensive_fire_enabled(initiative=True, defensive_fire=True)
    True
    >>> defensive_fire_enabled(initiative=True, mode="1.31/1.40")
    True
    """
    ini = check_bool("initiative", initiative)
    parameter = check_bool("defensive_fire", defensive_fire)
    chosen = check_choice("mode", mode, DefensiveFireMode)
    if chosen is DefensiveFireMode.CLASSIC:
        chosen = DefensiveFireMode(_check_variant(variant).defensive_fire)
    else:
        _check_variant(variant)
    if chosen is DefensiveFireMode.BUGGED or not ini:
        return True
    return parameter


def grid_distance(a: Square, b: Square) -> int:
    """The distance in squares between two squares of the combat grid: ``max(|dx|, |dy|)``.

    Rule: neither source defines it. ``000_3948ba1900819cb7.txt`` ("Range Penalty to Accuracy")
    counts range in squares, with "At range 1 opponents are adjacent to each other or have 1-2
    squares between them" (so two adjacent ships are 1 square apart), and
    ``001_cd7e90afc4e65868.txt`` rolls Defensive Fire "per travel square".

    Interpretation: the Chebyshev distance, the number of one-square steps (diagonal steps
    included) from one square to the other: a diagonal neighbour is adjacent, hence 1 square
    away, and every square a ship enters changes its distance by at most 1, so a ship closing in
    passes through every distance, as per-square rolls assume. No public MOO2 engine port that
    measures distance on the combat grid was found; 1oom, the open-source port of the original
    Master of Orion engine, measures weapon range on its combat grid the same way
    (``util_math_dist_maxabs``). Coordinates are any integers (the source gives no map size).

    Raises:
        ValueError: if ``a`` or ``b`` is not an ``(x, y)`` pair of integers.

    >>> grid_distance((0, 0), (3, 1)), grid_distance((2, 2), (3, 3)), grid_distance((5, 5), (5, 5))
    (3, 1, 0)
    """
    ax, ay = _check_square("a", a)
    bx, by = _check_square("b", b)
    return max(abs(ax - bx), abs(ay - by))


def path_distances(position: Square, path: Iterable[Square]) -> tuple[int, ...]:
    """The distance from the Defensive Fire ship at ``position`` to each square of ``path``.

    ``path`` lists the squares the moving ship enters, in order (not the square it starts on):
    the result is what :func:`defensive_fire_path_chances` (and its alternate and bugged
    variants) and :func:`alternate_defensive_fire_path` take as ``distances``.

    Rule: ``001_cd7e90afc4e65868.txt``, "rolls happen per travel square"; distances are squares
    (``000_3948ba1900819cb7.txt``) measured by :func:`grid_distance` (see its interpretation).

    Raises:
        ValueError: if ``position`` or a square of ``path`` is not an ``(x, y)`` pair of
            integers, or ``path`` is not a sequence of at most :data:`MAX_PATH_SQUARES` squares.

    >>> path_distances((0, 0), [(5, 1), (4, 2), (3, 3), (2, 3)])
    (5, 4, 3, 3)
    """
    x, y = _check_square("position", position)
    squares = _check_squares("path", path, ordered=True, max_items=MAX_PATH_SQUARES)
    return tuple(max(abs(x - sx), abs(y - sy)) for sx, sy in squares)


def defensive_fire_range(position: Square, reachable: Iterable[Square]) -> int:
    """The Defensive Fire Range (DFR): the closest any enemy ship can come to the DF ship.

    Rule: ``001_cd7e90afc4e65868.txt``: the DFR "is the closest distance some enemy ship can move
    to that ship", pre-calculated for every DF ship. ``reachable`` lists the squares the enemy
    ships can move to (the source gives no movement rules, so which squares those are is an
    input); distances are squares (``000_3948ba1900819cb7.txt``) by :func:`grid_distance`.

    Interpretation: 1.50 recomputes it after every ship's move; 1.31/1.40 computed it "only once
    per turn, at the end of it", so for that mode pass the squares reachable at that time.

    Raises:
        ValueError: if ``position`` or a square is not an ``(x, y)`` pair of integers, or
            ``reachable`` is empty or not a collection (a set is fine) of at most
            :data:`MAX_REACHABLE_SQUARES` squares.

    >>> defensive_fire_range((0, 0), [(9, 4), (7, 7), (8, 2)])
    7
    """
    x, y = _check_square("position", position)
    squares = _check_squares("reachable", reachable, ordered=False, max_items=MAX_REACHABLE_SQUARES)
    if not squares:
        raise InvalidInput("reachable", "a non-empty collection of (x, y) squares", reachable)
    return min(max(abs(x - sx), abs(y - sy)) for sx, sy in squares)


def _first_turn_dfr(dfr: int, variant: Variant) -> int:
    if variant.first_turn_dfr is DfrRounding.NEAREST:
        return round_half_up(dfr, FIRST_TURN_DFR_DIVISOR)
    return dfr // FIRST_TURN_DFR_DIVISOR


def first_turn_defensive_fire_range(dfr: int, *, variant: Variant = _AS_WRITTEN) -> int:
    """The DFR in force on the first turn of battle: three times lower, rounded down.

    Rule: ``001_cd7e90afc4e65868.txt``: "as a new rule DFR value is three times lower for that
    first turn, so the chance to fire is lowered in comparison, but ships will still fire if a
    target moves too close". Distances are whole squares (``000_3948ba1900819cb7.txt``).

    Interpretation: the source only gives the ratio; a DFR that is not a multiple of 3 is divided
    and rounded down (10 -> 3), as the game's other range division is ("for Heavy mount weapons
    the actual range is halved (and rounded down)", ``000_3948ba1900819cb7.txt``). Rounding down
    keeps the DFR a whole number of squares and never raises the chance above the exact third.
    Switchable: a ``variant`` (:class:`~rules.moo2.Variant`) whose ``first_turn_dfr`` is
    'nearest' rounds to nearest, halves up (11 -> 4).

    Raises:
        ValueError: if ``dfr`` is not an integer >= 0, or ``variant`` is not a
            :class:`~rules.moo2.Variant`.

    >>> [first_turn_defensive_fire_range(dfr) for dfr in (9, 10, 11, 12, 2)]
    [3, 3, 3, 4, 0]
    """
    return _first_turn_dfr(check_int("dfr", dfr, 0), _check_variant(variant))


def _classic_chance(
    distance: int,
    dfr: int,
    table: Mapping[int, Fraction],
    first_turn: bool,
    max_range: int | None,
    variant: Variant,
) -> Fraction:
    if distance > DEFENSIVE_FIRE_SQUARES or (max_range is not None and distance > max_range):
        return Fraction(0)
    effective = _first_turn_dfr(dfr, variant) if first_turn else dfr
    if distance <= effective:
        return Fraction(1)
    return table.get(distance - effective, Fraction(0))


def defensive_fire_chance(
    distance: int,
    dfr: int,
    table: Mapping[int, Chance],
    *,
    first_turn: bool = False,
    max_range: int | None = None,
    variant: Variant = _AS_WRITTEN,
) -> Fraction:
    """The chance that Defensive Fire triggers when the moving ship is ``distance`` squares away.

    Rule: ``001_cd7e90afc4e65868.txt``: "The closer the moving ship position to that value [the
    DFR] - the greater chance the Defensive Fire will occur, and if that ship will reach DFR -
    the chance becomes 100%"; on the first turn the "DFR value is three times lower";
    ``defensive_fire_max_range`` "can limit the range at which DF is operative". Squares as in
    ``000_3948ba1900819cb7.txt``.

    ``table`` maps squares beyond the DFR (1, 2, ...) to a chance: the source's table is an image
    missing from the text, so it is an input; a number of squares it does not list has chance 0.

    Interpretation: at or inside the DFR (``distance <= dfr``) the chance is 1; on the first turn
    the DFR is :func:`first_turn_defensive_fire_range` (rounded down); ``max_range`` is in squares,
    and beyond it the chance is 0, even inside the DFR ("limit the range at which DF is
    operative"). Beyond 24 squares (:data:`DEFENSIVE_FIRE_SQUARES`) the chance is 0 as well: DF is
    fire of Normal beams, which reach no farther, so table keys run from 1 to 24. "The closer ...
    the greater chance" is enforced: the table's chances (0 where it lists nothing) never increase
    with the squares beyond the DFR.

    Raises:
        ValueError: if ``distance`` or ``dfr`` is not an integer >= 0, ``table`` is not a mapping
            of 1..24 to chances in [0, 1] that never increase, ``first_turn`` is not a bool,
            ``max_range`` is neither None nor an integer >= 0, or ``variant`` is not a
            :class:`~rules.moo2.Variant` (its ``first_turn_dfr`` rounds the first-turn DFR).

    >>> table = {1: Fraction(3, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)}   # an example
    >>> [defensive_fire_chance(d, 9, table) for d in (9, 10, 12, 13)]
    [Fraction(1, 1), Fraction(3, 4), Fraction(1, 4), Fraction(0, 1)]
    >>> [defensive_fire_chance(d, 9, table, first_turn=True) for d in (3, 4, 6, 7)]
    [Fraction(1, 1), Fraction(3, 4), Fraction(1, 4), Fraction(0, 1)]
    >>> defensive_fire_chance(9, 9, table, max_range=8)
    Fraction(0, 1)
    """
    squares = check_int("distance", distance, 0)
    closest = check_int("dfr", dfr, 0)
    chances = _check_table(table)
    first = check_bool("first_turn", first_turn)
    limit = _check_max_range(max_range)
    rules = _check_variant(variant)
    return _classic_chance(squares, closest, chances, first, limit, rules)


def _alternate_chance(
    distance: int, range_chances: Mapping[int, Fraction], max_range: int | None
) -> Fraction:
    if distance > DEFENSIVE_FIRE_SQUARES or (max_range is not None and distance > max_range):
        return Fraction(0)
    return range_chances.get(range_units(distance, Mount.NORMAL), Fraction(0))


def alternate_defensive_fire_chance(
    distance: int, range_chances: Mapping[int, Chance], *, max_range: int | None = None
) -> Fraction:
    """The chance of one ``alternate_defensive_fire`` roll at ``distance`` squares.

    Rule: ``001_cd7e90afc4e65868.txt``: "alternate_defensive_fire can be used to set a more
    straightforward static chance dependency on a range between 2 ships ... probability is set
    per 3 squares ... The chances per range can be set with alternate_defensive_fire_range."
    ``range_chances`` maps a range unit (0-8, "One range unit equals 3 squares", the Normal-mount
    columns of the table in ``000_3948ba1900819cb7.txt``, "Range Penalty to Accuracy") to its
    chance; a unit it does not list has chance 0.

    Interpretation: the static chance replaces the DFR entirely (no 100% at the DFR, no first-turn
    change, which is a change of the DFR); ``max_range`` (squares) still applies; beyond 24 squares
    no Normal beam reaches and the chance is 0.

    Raises:
        ValueError: if ``distance`` is not an integer >= 0, ``range_chances`` is not a mapping of
            range units 0..8 to chances in [0, 1], or ``max_range`` is neither None nor an
            integer >= 0.

    >>> chances = {1: Fraction(1, 2), 2: Fraction(1, 5)}        # an example setting
    >>> [alternate_defensive_fire_chance(d, chances) for d in (0, 1, 3, 4, 6, 7)]
    [Fraction(0, 1), Fraction(1, 2), Fraction(1, 2), Fraction(1, 5), Fraction(1, 5), Fraction(0, 1)]
    """
    squares = check_int("distance", distance, 0)
    chances = _check_chance_map("range_chances", range_chances, _RANGE_UNIT_KEYS)
    limit = _check_max_range(max_range)
    return _alternate_chance(squares, chances, limit)


def _at_least_once(chances: Iterable[Fraction]) -> Fraction:
    """1 - prod(1 - p): integer products, one reduction at the end."""
    misses, total = 1, 1
    for chance in chances:
        misses *= chance.denominator - chance.numerator
        total *= chance.denominator
        if misses == 0:
            return Fraction(1)
    return 1 - Fraction(misses, total)


def defensive_fire_path_probability(chances: Iterable[Chance]) -> Fraction:
    """The chance that Defensive Fire triggers at least once over independent per-square rolls.

    Rule: ``001_cd7e90afc4e65868.txt``: "rolls happen per travel square"; each DF ship is
    "performing checks every time an enemy ship moves". Squares as in
    ``000_3948ba1900819cb7.txt``.

    Interpretation: the rolls are independent, so the chance is ``1 - prod(1 - p)``; an empty
    path (no square entered) has chance 0.

    Raises:
        ValueError: if ``chances`` is not a sequence of at most :data:`MAX_PATH_SQUARES` chances
            in [0, 1].

    >>> defensive_fire_path_probability([Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)])
    Fraction(7, 8)
    >>> defensive_fire_path_probability([])
    Fraction(0, 1)
    """
    return _at_least_once(_check_chances("chances", chances))


def defensive_fire_cumulative(chances: Iterable[Chance]) -> tuple[Fraction, ...]:
    """The chance that Defensive Fire has triggered by each square of a path.

    Item ``i`` is the chance of at least one trigger among the first ``i + 1`` rolls, so the last
    item is :func:`defensive_fire_path_probability`. It never decreases and stays in [0, 1].

    Rule: ``001_cd7e90afc4e65868.txt``: "rolls happen per travel square". Squares as in
    ``000_3948ba1900819cb7.txt``.

    Raises:
        ValueError: if ``chances`` is not a sequence of at most :data:`MAX_PATH_SQUARES` chances
            in [0, 1].

    >>> defensive_fire_cumulative([Fraction(1, 2), 0, Fraction(1, 2)])
    (Fraction(1, 2), Fraction(1, 2), Fraction(3, 4))
    """
    miss = Fraction(1)
    cumulative: list[Fraction] = []
    for chance in _check_chances("chances", chances):
        miss *= 1 - chance
        cumulative.append(1 - miss)
    return tuple(cumulative)


def alternate_defensive_fire_path(
    range_chances: Mapping[int, Chance],
    distances: Iterable[int],
    *,
    max_range: int | None = None,
) -> Fraction:
    """The chance that ``alternate_defensive_fire`` triggers at least once along a path.

    ``distances`` lists, for each square the moving ship enters, its distance to the DF ship;
    each entered square rolls the chance of its range unit
    (:func:`alternate_defensive_fire_chance`).

    Rule: ``001_cd7e90afc4e65868.txt``: "rolls happen per travel square, but probability is set
    per 3 squares, so the chance of triggering fire is different between entering the range and
    passing through it": a ship that enters a range unit and stops rolls once, one that crosses
    its three squares rolls three times. Range units as in ``000_3948ba1900819cb7.txt``.

    Raises:
        ValueError: if ``range_chances`` is not a mapping of range units 0..8 to chances in
            [0, 1], ``distances`` is not a sequence of at most :data:`MAX_PATH_SQUARES` integers
            >= 0, or ``max_range`` is neither None nor an integer >= 0.

    >>> unit_3 = {3: Fraction(1, 2)}            # range unit 3 = squares 7-9
    >>> alternate_defensive_fire_path(unit_3, [10, 9])            # enters the unit and stops
    Fraction(1, 2)
    >>> alternate_defensive_fire_path(unit_3, [10, 9, 8, 7, 6])   # passes through it
    Fraction(7, 8)
    """
    chances = _check_chance_map("range_chances", range_chances, _RANGE_UNIT_KEYS)
    squares = _check_distances("distances", distances)
    limit = _check_max_range(max_range)
    return _at_least_once(_alternate_chance(d, chances, limit) for d in squares)


def defensive_fire_path_chances(
    distances: Iterable[int],
    dfr: int,
    table: Mapping[int, Chance],
    *,
    first_turn: bool = False,
    max_range: int | None = None,
    variant: Variant = _AS_WRITTEN,
) -> tuple[Fraction, ...]:
    """The chance of the classic Defensive Fire roll at each square a moving ship enters (1.50).

    ``distances`` lists, for each square entered, its distance to the DF ship (see
    :func:`path_distances`); each gets :func:`defensive_fire_chance`. Feed the result to
    :func:`defensive_fire_cumulative` or :func:`defensive_fire_path_probability`.

    Rule: ``001_cd7e90afc4e65868.txt``: every DF ship is "performing checks every time an enemy
    ship moves", and "rolls happen per travel square"; squares as in
    ``000_3948ba1900819cb7.txt``.

    Interpretation: in the classic mechanic too the DF ship rolls at every square the moving ship
    enters, each with the chance of that square's distance, independently; the DFR stays the
    one pre-calculated before the move (1.50 updates it "after every ship's move").

    Raises:
        ValueError: if ``distances`` is not a sequence of at most :data:`MAX_PATH_SQUARES`
            integers >= 0, or another argument is invalid (as in :func:`defensive_fire_chance`).

    >>> table = {1: Fraction(1, 2), 2: Fraction(1, 4)}                  # an example table
    >>> defensive_fire_path_chances([8, 7, 6], 6, table)
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 1))
    >>> defensive_fire_path_chances([8, 7, 6], 6, table, first_turn=True)   # first-turn DFR 2
    (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
    """
    squares = _check_distances("distances", distances)
    closest = check_int("dfr", dfr, 0)
    chances = _check_table(table)
    first = check_bool("first_turn", first_turn)
    limit = _check_max_range(max_range)
    rules = _check_variant(variant)
    return tuple(_classic_chance(d, closest, chances, first, limit, rules) for d in squares)


def alternate_defensive_fire_path_chances(
    range_chances: Mapping[int, Chance],
    distances: Iterable[int],
    *,
    max_range: int | None = None,
) -> tuple[Fraction, ...]:
    """The chance of the ``alternate_defensive_fire`` roll at each square a moving ship enters.

    ``distances`` lists, for each square entered, its distance to the DF ship (see
    :func:`path_distances`); each gets :func:`alternate_defensive_fire_chance`, the chance of its
    range unit. :func:`alternate_defensive_fire_path` is the chance of at least one trigger.

    Rule: ``001_cd7e90afc4e65868.txt``: "rolls happen per travel square, but probability is set
    per 3 squares"; range units as in ``000_3948ba1900819cb7.txt``.

    Raises:
        ValueError: if ``range_chances`` is not a mapping of range units 0..8 to chances in
            [0, 1], ``distances`` is not a sequence of at most :data:`MAX_PATH_SQUARES` integers
            >= 0, or ``max_range`` is neither None nor an integer >= 0.

    >>> alternate_defensive_fire_path_chances({2: 1, 3: 0.5}, [8, 7, 6])
    (Fraction(1, 2), Fraction(1, 2), Fraction(1, 1))
    """
    chances = _check_chance_map("range_chances", range_chances, _RANGE_UNIT_KEYS)
    squares = _check_distances("distances", distances)
    limit = _check_max_range(max_range)
    return tuple(_alternate_chance(d, chances, limit) for d in squares)


def bugged_defensive_fire_path_chances(
    distances: Iterable[int],
    dfr: int,
    table: Mapping[int, Chance],
    start: int,
    *,
    first_turn: bool = False,
    too_close: int | None = None,
) -> tuple[Fraction, ...]:
    """The chance of the Defensive Fire roll at each square entered, as 1.31 and 1.40 ran it.

    The classic chances (:func:`defensive_fire_chance`), with the bugs the source lists:

    - the DFR was "calculated only once per turn, at the end of it": pass as ``dfr`` the value
      the old game had (e.g. :func:`defensive_fire_range` of the squares reachable then); with
      ship initiative it is stale as soon as another ship has moved;
    - "A bug in the range calculation prevented DF from happening in case when a moving ship's
      start position was out of Normal beams range, or its destination position was too close":
      every roll of the move is 0 when ``start`` (the distance of the square the move starts
      from) is beyond 24 squares (:data:`DEFENSIVE_FIRE_SQUARES`), or when the destination (the
      last square entered) is at or within ``too_close`` squares;
    - DF "couldn't happen on the first turn of battle": with ``first_turn`` every roll is 0.

    ``defensive_fire_max_range`` did not exist before 1.50, so there is no ``max_range``.

    Rule: ``001_cd7e90afc4e65868.txt``, the list of 1.31/1.40 bugs; squares as in
    ``000_3948ba1900819cb7.txt``.

    Interpretation: the source gives no number for "too close", so ``too_close`` is an input,
    and None (the default) leaves that bug out. The corrupted DFR of AI-controlled ships ("some
    wrong values") and the retreat order (which ships had recharged beams) are not modelled: the
    source gives no values for them.

    Raises:
        ValueError: if ``distances`` is not a sequence of at most :data:`MAX_PATH_SQUARES`
            integers >= 0, ``start`` is not an integer >= 0, ``too_close`` is neither None nor an
            integer >= 0, or another argument is invalid (as in :func:`defensive_fire_chance`).

    >>> table = {1: Fraction(1, 2), 2: Fraction(1, 4)}                  # an example table
    >>> bugged_defensive_fire_path_chances([24, 23, 22], 22, table, start=24)
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 1))
    >>> bugged_defensive_fire_path_chances([24, 23, 22], 22, table, start=25)
    (Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
    """
    squares = _check_distances("distances", distances)
    closest = check_int("dfr", dfr, 0)
    chances = _check_table(table)
    origin = check_int("start", start, 0)
    first = check_bool("first_turn", first_turn)
    near = None if too_close is None else check_int("too_close", too_close, 0)
    blocked = (
        first
        or origin > DEFENSIVE_FIRE_SQUARES
        or (near is not None and bool(squares) and squares[-1] <= near)
    )
    if blocked:
        return tuple(Fraction(0) for _ in squares)
    return tuple(_classic_chance(d, closest, chances, False, None, _AS_WRITTEN) for d in squares)
