"""The checks a game file may declare. Each reads its own keys from the check and looks
at the rows chosen for it: the items of a component or the rows of a table."""

from __future__ import annotations

from collections import Counter, defaultdict

from bastelbogen.checks import counting
from bastelbogen.checks.pictures import check_picture
from bastelbogen.checks.values import declared_check, fmt, join, single, some_of
from bastelbogen.content.models import Game, Variant
from bastelbogen.content.schema import MISSING, Fields, type_name
from bastelbogen.content.select import read_where
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector
from bastelbogen.core.source import YList, YMap


def _kept(variant: Variant | None, f: Fields, field: str, data: dict, values: list) -> list:
    """The values of `field` a group (its fields in `data`) keeps under the variant: the
    variant's own rule decides, so a set it keeps whole is expected whole."""
    if variant is None:
        return values
    component = str(f.data.get("component", ""))
    return [v for v in values if not variant.drops(component, {**data, field: v})]


def _per_variant(equals, per, params, variant: Variant | None):
    """The count a check fixes: a variant that drops items changes the total the rules fix,
    and the file names it so (`per-variant: {short: 20}`)."""
    if variant and params.get("component") == variant.component and equals is not None:
        return (per if isinstance(per, dict) else {}).get(variant.id, equals)
    return equals


@declared_check(
    "count",
    "`equals`, `at-least`, `per-variant: {variant: n}`",
    "the number of items or rows is off",
)
def _count(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    equals = _per_variant(
        f.get("equals", int, None), f.get("per-variant", YMap, None), f.data, variant
    )
    at_least = f.get("at-least", int, None)
    n = len(rows)
    counted = "row" if what.startswith("table ") else "item"  # a table's rows, not items
    if equals is not None and n != equals:
        problems.add(
            f.loc,
            f"{what} has {counting.plural(n, counted)}, but this check asks for exactly {equals}",
        )
    if at_least is not None and n < at_least:
        problems.add(
            f.loc, f"{what} has {counting.plural(n, 'entry')}, but needs at least {at_least}"
        )


def _plain(f: Fields, values):
    """A check's list of values, each a single value (text, number): a list or mapping in
    it is reported where it stands, and the check is not made."""
    if values is None:
        return None
    for i, value in enumerate(values):
        if value is None or isinstance(value, list | dict):
            f.problems.add(
                values.item_loc(i),
                f"{f.what}: {type_name(value)} cannot be one of"
                " its values; write single texts or numbers",
            )
            return None
    return values


@declared_check(
    "complete-sets",
    "`group`, `field`, `values: [...]` or `upto: FIELD`, `equal: true`",
    "a group lacks a value, has one twice (or, with `equal`, unequally often)",
)
def _complete_sets(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    """Every group holds each value of a set. The set is `values`, or 1..N with N read from
    the group's own field `upto` (a building of 3 parts: 1/3, 2/3, 3/3). With `equal`, every
    value appears equally often (3 copies of a building: 3 of each part), else once."""
    group = f.get("group", str)
    field = f.get("field", str)
    upto = f.get("upto", str, None)
    values = _plain(f, f.get("values", YList, None if upto else MISSING))
    equal = f.get("equal", bool, False)
    if None in (group, field) or (values is None and upto is None):
        return
    groups: dict = defaultdict(list)
    first: dict = {}
    for data, loc, _item in rows:
        if group not in data:
            continue  # an item outside every group is reported by the reference check
        key, value = single(data, group, loc, problems), single(data, field, loc, problems)
        groups[key].append(value)
        first.setdefault(key, (loc, data))
    for key, got in groups.items():
        loc, data = first[key]
        if upto:
            expected, name = _numbered_set(data, upto, f"{group} '{key}'", loc, problems)
            if not expected:
                continue
        else:
            expected = _kept(variant, f, field, dict(data), values)
            name = fmt
        whose = f"{group} '{key}' of {what}"
        for message in _compare_set(whose, field, got, expected, name, equal):
            problems.add(loc, message)


def _numbered_set(data, upto: str, whose: str, loc, problems: Collector):
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


def _compare_set(whose: str, field: str, got: list, expected: list, name, equal: bool) -> list[str]:
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


def _lacking(whose: str, field: str, counts: Counter, expected: list, name) -> list[str]:
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


def _unequal(whose: str, field: str, counts: Counter, expected: list, name) -> list[str]:
    """With `equal`: the group's values, unless each comes as often as the others."""
    if len({counts[v] for v in expected if counts[v]}) <= 1:
        return []
    copies = ", ".join(f"{counts[v]} × {name(v)}" for v in expected)
    return [
        f"{whose} has its {field}s in unequal numbers ({copies}); every one needs as many copies"
    ]


@declared_check(
    "at-most",
    "`field`, `times`",
    "a value occurs more often",
)
def _at_most(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
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
            problems.add(
                locs[times],
                f"{what}: {field} {fmt(value)} is used {len(locs)} times;"
                f" at most {times} are allowed",
            )


@declared_check(
    "languages",
    "`fields`, `languages`",
    "a text lacks a language",
)
def _languages(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    """Each of `fields` holds a text in every one of `languages` (the game's, unsaid)."""
    fields = _plain(f, f.get("fields", YList))
    asked = _plain(f, f.get("languages", YList, None))
    langs = asked or list(game.languages)
    if not fields or not langs:
        return
    strangers = [i for i, lang in enumerate(langs) if lang not in game.languages]
    for i in strangers:  # else every row would be told it lacks a text nobody may write
        problems.add(
            asked.item_loc(i),
            f"{f.what}: '{langs[i]}' is not one of the game's languages"
            f" ({', '.join(game.languages)})",
        )
    if strangers:
        return
    for data, loc, _item in rows:
        for field in fields:
            _lacks_language(what, data, loc, field, langs, problems)


def _lacks_language(what: str, data, loc, field: str, langs: list, problems: Collector) -> None:
    """One row's `field` has a text in each of `langs`, else it is told where the text is
    missing: at the field, or at a spreadsheet's empty cell."""
    value = data.get(field)
    where = data.value_loc(field) if isinstance(data, YMap) else loc
    texts = value if isinstance(value, dict) else {}
    missing = [lang for lang in langs if not str(texts.get(lang) or "").strip()]
    if not missing:
        return
    if isinstance(value, YMap) and missing[0] in value.value_locs:
        where = value.value_loc(missing[0])  # a spreadsheet's empty cell
    problems.add(
        where,
        f"{what}: '{data.get('id')}' has no {field} in"
        f" {', '.join(missing)} (it needs {', '.join(langs)})",
    )


@declared_check(
    "files",
    "`field`",
    "a named picture file is missing or does not open",
)
def _files(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    """Where a row names a picture file in `field`, the file exists and opens."""
    field = f.get("field", str)
    if field is None:
        return
    for data, loc, _item in rows:
        name = data.get(field)
        if name is None:
            continue
        where = data.value_loc(field) if isinstance(data, YMap) else loc
        check_picture(game, str(name), where, problems, f"{what}: ")


@declared_check(
    "theme-covers",
    "(table)",
    "a theme has no motif for a row, or one for no row",
)
def _theme_covers(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    """Every row's id has a motif in every theme, and no theme names an id that is not."""
    ids = [data.get("id") for data, _loc, _item in rows]
    for theme in game.themes.values():
        for rid in ids:
            if rid not in theme.motifs:
                problems.add(
                    theme.motifs.loc,
                    f"theme '{theme.id}' has no motif for '{rid}'"
                    f" ({what} needs one for each of {join(ids)})",
                )
        for key in theme.motifs:
            if key not in ids:
                problems.add(
                    theme.motifs.key_loc(key),
                    f"theme '{theme.id}' has a motif for '{key}', which is not in {what}",
                )


@declared_check(
    "distinct",
    "`field`",
    "two items or rows share a value",
)
def _distinct(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
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
            problems.add(
                loc,
                f"{field} {fmt(value)} appears twice in {what} (first at"
                f" {first[value]}); each must differ",
            )
        first.setdefault(value, loc)


@declared_check(
    "members",
    "`field` (a list), `of: TABLE`, `where-of`, `min`, `max`",
    "a list holds unknown ids, one twice, or too few or many",
)
def _members(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    """A list field holds `min` to `max` distinct ids of `table` (where its rows match)."""
    field = f.get("field", str)
    lo, hi = f.get("min", int, 1), f.get("max", int, 10**6)
    table = f.get("of", str)
    where = read_where(f.raw("where-of", None), f.value_loc("where-of"), f.what, problems)
    if field is None or table is None:
        return
    if table not in game.tables:
        problems.add(f.value_loc("of"), f"{what}: no table '{table}'")
        return
    candidates = game.tables[table].rows
    allowed = [r.get("id") for r in (where.select(candidates) if where else candidates)]
    if where and not allowed:
        problems.add(
            where.loc,
            f"{f.what}: 'where-of' ({where.describe()}) matches nothing in table '{table}'",
        )
        return
    for data, loc, item in rows:
        if item is None or item.copy == 1:
            _members_of(what, field, data, loc, item, allowed, (lo, hi), problems)


def _members_of(
    what: str, field: str, data, loc, item, allowed: list, span: tuple, problems: Collector
) -> None:
    """One row's list: known ids, each once, `min` to `max` of them."""
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
    lo, hi = span
    if not lo <= len(values) <= hi:
        told = f"{lo}" if lo == hi else f"{lo} to {hi}"
        problems.add(
            where_loc,
            f"{what}: '{name}' has {counting.plural(len(values), 'value')}"
            f" in {field}; it needs {told}",
        )


@declared_check(
    "sequence",
    "`field`, `values`",
    "the rows do not run exactly in this order",
)
def _sequence(game: Game, f: Fields, what: str, rows, variant, problems: Collector) -> None:
    """The values of `field`, in order, are exactly `values`."""
    field, values = f.get("field", str), _plain(f, f.get("values", YList))
    if field is None or values is None:
        return
    got = [single(data, field, loc, problems) for data, loc, _item in rows]
    want = [str(v) for v in values]
    have = [str(v) for v in got]
    if have == want:
        return
    missing = [v for v in want if v not in have]
    extra = [v for v in have if v not in want]
    if missing:
        problems.add(f.loc, f"{what} lacks {field} {join(missing)}; it must run {', '.join(want)}")
    elif extra:
        problems.add(f.loc, f"{what} has {field} {join(extra)} beyond {', '.join(want)}")
    else:
        problems.add(
            f.loc,
            f"{what} is out of order: it runs {', '.join(have)}, but must run {', '.join(want)}",
        )


def asks_for_zero(f: Fields, variant: Variant | None = None) -> bool:
    """Whether a check asks for nothing at all, so that a selection matching nothing is what
    it wants: a count of exactly 0, counts that are all 0, `exactly` or `sequence` with no
    values. Every other check over no rows would pass while checking nothing. Read from the
    raw keys: a wrong value is told by the check itself."""
    params = f.data
    kind = params.get("check")
    if kind == "count":
        wanted = _per_variant(params.get("equals"), params.get("per-variant"), params, variant)
        return wanted == 0 and not isinstance(wanted, bool)
    if kind == "counts":
        table = params.get("counts")
        return isinstance(table, dict) and all(n == 0 for n in table.values())
    if kind in ("exactly", "sequence"):
        return params.get("values") == []
    return False
