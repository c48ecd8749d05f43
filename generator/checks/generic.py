"""Checks any game can declare: counts, complete sets, distinct values, existing references."""

from __future__ import annotations

from collections import Counter, defaultdict

from ..errors import Collector
from ..models import Check, Game, Item, Variant
from ..schema import Fields, type_name
from ..source import YList, YMap


def component_ids(game: Game, problems: Collector) -> None:
    """Components are looked up by id, so a duplicate would confuse every later check."""
    seen: dict[str, object] = {}
    for c in game.components:
        if c.id in seen:
            problems.add(c.loc, f"duplicate component id '{c.id}' (first at {seen[c.id]})")
        seen.setdefault(c.id, c.loc)


def single(data: dict, field: str, loc, problems: Collector):
    """The field's value if it is one value (text, number); a list or mapping is reported."""
    value = data.get(field)
    if isinstance(value, list | dict):
        problems.add(loc, f"'{field}' must be a single value here, got {type_name(value)}")
        return None
    return value


def structure(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    """What holds for every game: unique ids and references that exist."""
    for c in game.components:
        for field, table in c.refs:
            if table not in game.tables:
                problems.add(c.loc, f"component '{c.id}' refers to table '{table}',"
                             f" which does not exist (tables: {', '.join(game.tables) or 'none'})")
                continue
            ids = {r.get("id") for r in game.tables[table].rows}
            told = set()
            for item in items[c.id]:
                value = single(item.data, field, item.loc, problems) if item.copy == 1 else None
                if item.copy == 1 and value not in ids and (item.loc, value) not in told:
                    told.add((item.loc, value))
                    problems.add(item.loc, f"{field} {fmt(value)} of item '{item.id}' is not in"
                                 f" table '{table}' (ids: {', '.join(sorted(map(str, ids)))})")
        first: dict[str, object] = {}
        for item in items[c.id]:
            if item.copy == 1 and item.id in first and first[item.id] is not item.loc:
                problems.add(item.loc, f"duplicate id '{item.id}' in component '{c.id}'"
                             f" (first at {first[item.id]})")
            first.setdefault(item.id, item.loc)
    for table in game.tables.values():
        rows: dict[str, object] = {}
        for row in table.rows:
            rid = row.get("id")
            if rid in rows:
                problems.add(row.value_loc("id"), f"duplicate id '{rid}' in table '{table.name}'"
                             f" (first at {rows[rid]})")
            rows.setdefault(rid, row.value_loc("id"))


def declared(game: Game, check: Check, items: dict[str, list[Item]], variant: Variant | None,
             problems: Collector) -> None:
    f = Fields(check.params, f"check '{check.kind}'", problems, check.loc)
    f.get("check", str)
    target = _target(game, f, items, problems)
    if target is None:
        f.done()
        return
    what, rows = target
    if check.kind == "count":
        _count(f, what, rows, variant, problems)
    elif check.kind == "complete-sets":
        _complete_sets(f, what, rows, variant, problems)
    elif check.kind == "distinct":
        _distinct(f, what, rows, problems)
    f.done()


def _target(game: Game, f: Fields, items, problems: Collector):
    component = f.get("component", str, None)
    table = f.get("table", str, None)
    if (component is None) == (table is None):
        problems.add(f.loc, f"{f.what} names exactly one of 'component' or 'table'")
        f.known.extend(f.data)  # the other keys are not at fault
        return None
    if component is not None:
        if component not in items:
            problems.add(f.value_loc("component"), f"{f.what}: no component '{component}'"
                         f" (components: {', '.join(items)})")
            f.known.extend(f.data)
            return None
        return f"component '{component}'", [(i.data, i.loc, i) for i in items[component]]
    if table not in game.tables:
        problems.add(f.value_loc("table"), f"{f.what}: no table '{table}'"
                     f" (tables: {', '.join(game.tables) or 'none'})")
        f.known.extend(f.data)
        return None
    return f"table '{table}'", [(r, r.loc, None) for r in game.tables[table].rows]


def _dropped(variant: Variant | None, what: str, field: str) -> tuple:
    if variant and what == f"component '{variant.component}'" and variant.field == field:
        return variant.values
    return ()


def _count(f: Fields, what: str, rows, variant, problems: Collector) -> None:
    equals = f.get("equals", int, None)
    at_least = f.get("at-least", int, None)
    n = len(rows)
    if variant and what == f"component '{variant.component}'" and equals is not None:
        # A variant that drops items changes the total the rules fix; the file names it so.
        per = f.get("per-variant", YMap, None) or {}
        equals = per.get(variant.id, equals)
    else:
        f.get("per-variant", YMap, None)
    if equals is not None and n != equals:
        problems.add(f.loc, f"{what} has {n} items, but the rules need exactly {equals}")
    if at_least is not None and n < at_least:
        problems.add(f.loc, f"{what} has {n} entries, but needs at least {at_least}")


def _complete_sets(f: Fields, what: str, rows, variant, problems: Collector) -> None:
    group = f.get("group", str)
    field = f.get("field", str)
    values = f.get("values", YList)
    if None in (group, field, values):
        return
    expected = [v for v in values if v not in _dropped(variant, what, field)]
    groups: dict = defaultdict(list)
    first_loc: dict = {}
    for data, loc, _item in rows:
        key, value = single(data, group, loc, problems), single(data, field, loc, problems)
        groups[key].append(value)
        first_loc.setdefault(key, loc)
    for key, got in groups.items():
        counts = Counter(got)
        missing = [v for v in expected if counts[v] == 0]
        twice = [v for v in expected if counts[v] > 1]
        extra = sorted({v for v in got if v not in expected}, key=str)
        loc = first_loc[key]
        if missing:
            problems.add(loc, f"{group} '{key}' of {what} has no {field} "
                         f"{_join(missing)} (a complete set is {_join(expected)})")
        if twice:
            problems.add(loc, f"{group} '{key}' of {what} has {field} {_join(twice)}"
                         " more than once")
        if extra:
            problems.add(loc, f"{group} '{key}' of {what} has {field} {_join(extra)},"
                         f" which is not in a set ({_join(expected)})")


def _distinct(f: Fields, what: str, rows, problems: Collector) -> None:
    field = f.get("field", str)
    if field is None:
        return
    first: dict = {}
    for data, loc, item in rows:
        if item is not None and item.copy != 1:
            continue
        value = single(data, field, loc, problems)
        if value is None:
            continue
        if value in first:
            problems.add(loc, f"{field} {fmt(value)} appears twice in {what} (first at"
                         f" {first[value]}); each must differ")
        first.setdefault(value, loc)


def fmt(value) -> str:
    """Text in quotes, numbers bare: '1' and 1 are different values and must look it."""
    return f"'{value}'" if isinstance(value, str) else str(value)


def _join(values) -> str:
    return ", ".join(fmt(v) for v in values)
