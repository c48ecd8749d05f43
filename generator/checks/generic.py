"""Checks any game can declare: counts, complete sets, distinct values, existing references."""

from __future__ import annotations

from collections import Counter, defaultdict

from ..art import motif_problems
from ..errors import Collector
from ..models import Check, Game, Item, Variant
from ..render.images import readable_picture
from ..schema import MISSING, Fields, inside, type_name
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
        if c.stand is not None and game.component(c.stand.holds) is None:
            problems.add(c.loc, f"stand '{c.id}' holds component '{c.stand.holds}', which does"
                         f" not exist (components: {', '.join(x.id for x in game.components)})")
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
            if item.copy == 1 and item.id in first:
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


def themes(game: Game, problems: Collector) -> None:
    """Every motif of every theme names a motif that exists, with parameters it reads, or a
    picture file in the game's folder."""
    with_back = [t.id for t in game.themes.values() if t.back]
    field = game.theme_field
    if game.themes and field and not any(
            field in spec.data or field in dict(spec.each)
            for c in game.components for spec in c.items):
        problems.add(game.loc, f"themes choose motifs by '{field}', which no item has")
    for theme in game.themes.values():
        if with_back and not theme.back:
            problems.add(theme.loc, f"theme '{theme.id}' has no 'back', which"
                         f" {', '.join(with_back)} have; the back layout uses it")
        entries = [(key, value) for key, value in theme.motifs.items()]
        if theme.back:
            entries.append(("back", theme.back))
        for key, entry in entries:
            if not isinstance(entry, YMap):
                continue  # reported when the theme was loaded
            if "image" in entry:
                for extra in (k for k in entry if k != "image"):
                    problems.add(entry.key_loc(extra), f"theme '{theme.id}', '{key}': a picture"
                                 f" takes only 'image', not '{extra}'")
                path = inside(game.folder, str(entry["image"]), entry.value_loc("image"),
                              problems, "image")
                if path is not None and not path.is_file():
                    problems.add(entry.value_loc("image"), f"theme '{theme.id}', '{key}': image"
                                 f" file not found: {entry['image']}")
                elif path is not None and not readable_picture(path):
                    problems.add(entry.value_loc("image"), f"theme '{theme.id}', '{key}': image"
                                 f" {entry['image']} is not a PNG, JPEG or SVG picture, or it"
                                 " is damaged")
                continue
            for field, at_value, message in motif_problems(entry):
                loc = entry.value_loc(field) if at_value else entry.key_loc(field)
                if field not in entry:
                    loc = entry.loc
                problems.add(loc, f"theme '{theme.id}', '{key}': {message}")


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
    elif check.kind == "exactly":
        _exactly(f, what, rows, problems)
    elif check.kind == "theme-covers":
        _theme_covers(game, f, what, rows, problems)
    elif check.kind == "at-most":
        _at_most(f, what, rows, problems)
    elif check.kind == "languages":
        _languages(f, what, rows, problems)
    elif check.kind == "files":
        _files(game, f, what, rows, problems)
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
        what, rows = f"component '{component}'", [(i.data, i.loc, i) for i in items[component]]
    elif table not in game.tables:
        problems.add(f.value_loc("table"), f"{f.what}: no table '{table}'"
                     f" (tables: {', '.join(game.tables) or 'none'})")
        f.known.extend(f.data)
        return None
    else:
        what, rows = f"table '{table}'", [(r, r.loc, None) for r in game.tables[table].rows]
    where = f.get("where", YMap, None)
    if where:
        # Only the rows that match every condition; the message says which rows were meant.
        rows = [r for r in rows if all(r[0].get(k) == v for k, v in where.items())]
        what += " where " + ", ".join(f"{k} is {fmt(v)}" for k, v in where.items())
    return what, rows


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
    """Every group holds each value of a set. The set is `values`, or 1..N with N read from
    the group's own field `upto` (a building of 3 parts: 1/3, 2/3, 3/3). With `equal`, every
    value appears equally often (3 copies of a building: 3 of each part), else once."""
    group = f.get("group", str)
    field = f.get("field", str)
    upto = f.get("upto", str, None)
    values = f.get("values", YList, None if upto else MISSING)
    equal = f.get("equal", bool, False)
    if None in (group, field) or (values is None and upto is None):
        return
    groups: dict = defaultdict(list)
    first: dict = {}
    for data, loc, _item in rows:
        key, value = single(data, group, loc, problems), single(data, field, loc, problems)
        groups[key].append(value)
        first.setdefault(key, (loc, data))
    for key, got in groups.items():
        loc, data = first[key]
        if upto:
            size = single(data, upto, loc, problems)
            if not isinstance(size, int) or isinstance(size, bool) or size < 1:
                problems.add(loc, f"{group} '{key}': '{upto}' must be a whole number from 1,"
                             f" got {type_name(size)}")
                continue
            expected = list(range(1, size + 1))
            name = lambda v, n=size: f"{v}/{n}"  # noqa: E731 - parts read as 2/3
        else:
            expected = [v for v in values if v not in _dropped(variant, what, field)]
            name = fmt
        counts = Counter(got)
        missing = [v for v in expected if counts[v] == 0]
        extra = sorted({v for v in got if v not in expected}, key=str)
        some = ", ".join(name(v) for v in expected if counts[v])
        if missing:
            # A short set reads best with what is there: "parts 1/3 and 3/3 but no 2/3".
            has = f"has {field} {some} but" if some and len(expected) <= 4 else "has"
            problems.add(loc, f"{group} '{key}' of {what} {has} no {field}"
                         f" {', '.join(name(v) for v in missing)} (a complete set is"
                         f" {', '.join(name(v) for v in expected)})")
        if equal:
            numbers = {counts[v] for v in expected if counts[v]}
            if len(numbers) > 1:
                problems.add(loc, f"{group} '{key}' of {what} has its {field}s in unequal numbers"
                             f" ({', '.join(f'{counts[v]} × {name(v)}' for v in expected)});"
                             " every one needs as many copies")
        else:
            twice = [v for v in expected if counts[v] > 1]
            if twice:
                problems.add(loc, f"{group} '{key}' of {what} has {field}"
                             f" {', '.join(name(v) for v in twice)} more than once")
        if extra:
            problems.add(loc, f"{group} '{key}' of {what} has {field} {_join(extra)},"
                         f" which is not in a set ({', '.join(name(v) for v in expected)})")


def _exactly(f: Fields, what: str, rows, problems: Collector) -> None:
    """The values of `field` among the rows are exactly `values`: no more, no fewer."""
    field = f.get("field", str)
    values = f.get("values", YList)
    if field is None or values is None:
        return
    got: dict = {}
    for data, loc, _item in rows:
        value = single(data, field, loc, problems)
        got.setdefault(value, loc)
    for value, loc in got.items():
        if value not in values:
            problems.add(loc, f"{what}: {field} {fmt(value)} is not allowed; the rules allow"
                         f" exactly {_join(values)}")
    missing = [v for v in values if v not in got]
    if missing:
        problems.add(f.loc, f"{what} has no {field} {_join(missing)}; the rules need exactly"
                     f" {_join(values)}")


def _at_most(f: Fields, what: str, rows, problems: Collector) -> None:
    """No value of `field` more often than `times`."""
    field, times = f.get("field", str), f.get("times", int)
    if field is None or times is None:
        return
    seen: dict = defaultdict(list)
    for data, loc, item in rows:
        if item is None or item.copy == 1:
            value = single(data, field, loc, problems)
            if value is not None:
                seen[value].append(loc)
    for value, locs in seen.items():
        if len(locs) > times:
            problems.add(locs[times], f"{what}: {field} {fmt(value)} is used {len(locs)} times;"
                         f" at most {times} are allowed")


def _languages(f: Fields, what: str, rows, problems: Collector) -> None:
    """Each of `fields` holds a text in every one of `languages`."""
    fields = f.get("fields", YList)
    langs = f.get("languages", YList)
    if not fields or not langs:
        return
    for data, loc, _item in rows:
        for field in fields:
            value = data.get(field)
            where = data.value_loc(field) if isinstance(data, YMap) else loc
            texts = value if isinstance(value, dict) else {}
            missing = [lang for lang in langs if not str(texts.get(lang) or "").strip()]
            if missing:
                problems.add(where, f"{what}: '{data.get('id')}' has no {field} in"
                             f" {', '.join(missing)} (it needs {', '.join(langs)})")


def _files(game: Game, f: Fields, what: str, rows, problems: Collector) -> None:
    """Where a row names a picture file in `field`, the file exists and opens."""
    field = f.get("field", str)
    if field is None:
        return
    for data, loc, _item in rows:
        name = data.get(field)
        if name is None:
            continue
        where = data.value_loc(field) if isinstance(data, YMap) else loc
        path = inside(game.folder, str(name), where, problems, "image")
        if path is None:
            continue
        if not path.is_file():
            problems.add(where, f"{what}: image file not found: {name}")
        elif not readable_picture(path):
            problems.add(where, f"{what}: image {name} is not a PNG, JPEG or SVG picture, or it"
                         " is damaged")


def _theme_covers(game: Game, f: Fields, what: str, rows, problems: Collector) -> None:
    """Every row's id has a motif in every theme, and no theme names an id that is not."""
    ids = [data.get("id") for data, _loc, _item in rows]
    for theme in game.themes.values():
        for rid in ids:
            if rid not in theme.motifs:
                problems.add(theme.motifs.loc, f"theme '{theme.id}' has no motif for '{rid}'"
                             f" ({what} needs one for each of {_join(ids)})")
        for key in theme.motifs:
            if key not in ids:
                problems.add(theme.motifs.key_loc(key), f"theme '{theme.id}' has a motif for"
                             f" '{key}', which is not in {what}")


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
