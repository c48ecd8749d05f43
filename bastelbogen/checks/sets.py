"""Checks of sets: every group of rows holds each value of a complete set (`complete-sets`),
and a row's list names members of a table, each once, as many as it may (`members`)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping

from bastelbogen.checks import counting
from bastelbogen.checks.keys import OneField, Selection, Single
from bastelbogen.checks.values import Row, declared_check, fmt, join, single, some_of
from bastelbogen.content.models import Game, Item, Variant
from bastelbogen.core import limits
from bastelbogen.core.declare import Field, Flag, ListOf, Text, Whole, optional, type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap

Named = Callable[[object], str]  # how a message names one value of a set (2/3 or fmt)


class CompleteSets(OneField):
    field = Field(Text(), help="the field whose values make the set")
    group = Field(Text(), help="the field whose value names a row's group")
    values_ = optional(ListOf(Single()), help="the complete set: the values every group holds")
    upto = optional(
        Text(), help="the field of each group that says its set is 1 to N (for `values`)"
    )
    equal = Field(
        Flag(), False, help="every value of a group as often as the others (else each once)"
    )
    ONE_OF = (*OneField.ONE_OF, ("values", "upto"))


def _kept(
    variant: Variant | None, keys: CompleteSets, data: Mapping[str, object], values: list[object]
) -> list[object]:
    """The values of the set a group (its fields in `data`) keeps under the variant: the
    variant's own rule decides, so a set it keeps whole is expected whole."""
    if variant is None:
        return values
    component = keys.component or ""
    return [v for v in values if not variant.drops(component, {**data, keys.field: v})]


@declared_check(
    "complete-sets",
    CompleteSets,
    "a group lacks a value, has one twice (or, with `equal`, unequally often)",
)
def _complete_sets(
    game: Game,
    keys: CompleteSets,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """Every group holds each value of a set. The set is `values`, or 1..N with N read from
    the group's own field `upto` (a building of 3 parts: 1/3, 2/3, 3/3). With `equal`, every
    value appears equally often (3 copies of a building: 3 of each part), else once."""
    group, field, upto = keys.group, keys.field, keys.upto
    groups: dict[object, list[object]] = defaultdict(list)
    first: dict[object, tuple[Loc, Mapping[str, object]]] = {}
    for data, loc, _item in rows:
        if group not in data:
            continue  # an item outside every group is reported by the reference check
        key, value = single(data, group, loc, problems), single(data, field, loc, problems)
        groups[key].append(value)
        first.setdefault(key, (loc, data))
    for key, got in groups.items():
        loc, data = first[key]
        name: Named
        if upto:
            expected, name = _numbered_set(data, upto, f"{group} '{key}'", loc, problems)
            if not expected:
                continue
        else:
            expected = _kept(variant, keys, dict(data), list(keys.values_ or ()))
            name = fmt
        whose = f"{group} '{key}' of {what}"
        for message in _compare_set(whose, field, got, expected, name, keys.equal):
            problems.add(loc, message)


def _numbered_set(
    data: Mapping[str, object], upto: str, whose: str, loc: Loc, problems: Collector
) -> tuple[list[object], Named]:
    """The parts 1..N of a group whose field `upto` says N, each named as 2/3 reads."""
    size = single(data, upto, loc, problems)
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= limits.MAX_ITEMS:
        problems.add(
            loc,
            f"{whose}: '{upto}' must be a whole number from 1"
            f" to {limits.MAX_ITEMS:,}, got {type_name(size)}",
        )
        return [], fmt
    return list(range(1, size + 1)), lambda v: f"{v}/{size}"


def _compare_set(
    whose: str, field: str, got: list[object], expected: list[object], name: Named, equal: bool
) -> list[str]:
    """One group's values against its complete set: what lacks, what repeats, what is extra."""
    counts = Counter(got)
    told = _lacking(whose, field, counts, expected, name)
    if equal:
        told += _unequal(whose, field, counts, expected, name)
    elif twice := [v for v in expected if counts[v] > 1]:
        told.append(f"{whose} has {field} {', '.join(name(v) for v in twice)} more than once")
    if extra := sorted({v for v in got if v not in expected}, key=str):
        every = ", ".join(name(v) for v in expected)
        told.append(f"{whose} has {field} {join(extra)}, which is not in a set ({every})")
    return told


def _lacking(
    whose: str, field: str, counts: Counter[object], expected: list[object], name: Named
) -> list[str]:
    """The values of the complete set a group has none of."""
    missing = [v for v in expected if counts[v] == 0]
    if not missing:
        return []
    some = ", ".join(name(v) for v in expected if counts[v])
    # A short set reads best with what is there: "parts 1/3 and 3/3 but no 2/3".
    has = f"has {field} {some} but" if some and len(expected) <= 4 else "has"
    return [
        f"{whose} {has} no {field} {some_of(name(v) for v in missing)}"
        f" (a complete set is {some_of(name(v) for v in expected)})"
    ]


def _unequal(
    whose: str, field: str, counts: Counter[object], expected: list[object], name: Named
) -> list[str]:
    """With `equal`: the group's values, unless each comes as often as the others."""
    if len({counts[v] for v in expected if counts[v]}) <= 1:
        return []
    copies = ", ".join(f"{counts[v]} × {name(v)}" for v in expected)
    return [
        f"{whose} has its {field}s in unequal numbers ({copies}); every one needs as many copies"
    ]


class Members(OneField):
    field = Field(Text(), help="the field that holds a list of ids")
    of = Field(Text(), help="the table whose ids the list names")
    where_of = optional(
        Selection(), help="only the rows of that table whose fields hold these values"
    )
    min = Field(Whole(0), 1, help="how many ids a list holds at least")
    max = optional(Whole(0), help="how many ids a list holds at most")

    def checked(self, problems: Collector) -> None:
        super().checked(problems)
        if self.min is not None and self.max is not None and self.min > self.max:
            problems.add(
                self.value_loc("max"),
                f"{self.named}: 'max' {self.max} is below 'min' {self.min}; no list can hold both",
            )


@declared_check("members", Members, "a list holds unknown ids, one twice, or too few or many")
def _members(
    game: Game,
    keys: Members,
    what: str,
    rows: list[Row],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """A list field holds `min` to `max` distinct ids of `table` (where its rows match)."""
    table, where = keys.of, keys.where_of
    if table not in game.tables:
        problems.add(keys.value_loc("of"), f"{what}: no table '{table}'")
        return
    candidates = game.tables[table].rows
    allowed = [r.get("id") for r in (where.select(candidates) if where else candidates)]
    if where and not allowed:
        problems.add(
            where.loc,
            f"{keys.named}: 'where-of' ({where.describe()}) matches nothing in table '{table}'",
        )
        return
    for data, loc, item in rows:
        if item is None or item.copy == 1:
            _members_of(what, keys, data, loc, item, allowed, problems)


def _members_of(
    what: str,
    keys: Members,
    data: Mapping[str, object],
    loc: Loc,
    item: Item | None,
    allowed: list[object],
    problems: Collector,
) -> None:
    """One row's list: known ids, each once, `min` to `max` of them."""
    field = keys.field
    values = data.get(field)
    where_loc = data.value_loc(field) if isinstance(data, YMap) else loc
    name = data.get("id", item.id if item else "?")
    if not isinstance(values, list):
        problems.add(where_loc, f"{what}: '{name}' needs '{field}' as a list")
        return
    unknown = [v for v in values if v not in allowed]
    if unknown:
        problems.add(
            where_loc,
            f"{what}: '{name}' has {field} {join(unknown)}, which are not among {join(allowed)}",
        )
    if len(set(map(str, values))) != len(values):
        problems.add(where_loc, f"{what}: '{name}' has a {field} entry twice")
    lo, hi = keys.min, keys.max
    if len(values) < lo or (hi is not None and len(values) > hi):
        told = f"at least {lo}" if hi is None else f"{lo}" if lo == hi else f"{lo} to {hi}"
        problems.add(
            where_loc,
            f"{what}: '{name}' has {counting.plural(len(values), 'value')}"
            f" in {field}; it needs {told}",
        )
