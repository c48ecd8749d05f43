"""What holds for every game (unique ids, references and motifs that exist), and each
check the game file declares: read by its declaration and made over the rows it names."""

from __future__ import annotations

import difflib

from bastelbogen.checks.keys import CheckKeys
from bastelbogen.checks.pictures import check_picture
from bastelbogen.checks.values import CHECKS, Declared, Row, fmt, single
from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Check, Component, Game, Item, Variant
from bastelbogen.content.painters import motif_problems
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap


def component_ids(game: Game, problems: Collector) -> None:
    """Components are looked up by id, so a duplicate would confuse every later check."""
    seen: dict[str, Loc] = {}
    for c in game.components:
        if c.id in seen:
            problems.add(c.loc, f"duplicate component id '{c.id}' (first at {seen[c.id]})")
        seen.setdefault(c.id, c.loc)


def structure(game: Game, items: dict[str, list[Item]], problems: Collector) -> None:
    """What holds for every game: unique ids and references that exist (a table's ids are
    made, and told when they are not unique, where tables are read)."""
    for c in game.components:
        _holds(game, c, problems)
        for field, table in c.refs:
            _references(game, c, field, table, items[c.id], problems)
        _unique_items(c, items[c.id], problems)
        kind_of(c).check_items(game, c, items[c.id], problems)


def _holds(game: Game, c: Component, problems: Collector) -> None:
    """The components a component is made from exist (a stand, from the items it holds)."""
    for other in kind_of(c).refers(c):
        if other == c.id:
            problems.add(
                c.loc,
                f"{c.kind} '{c.id}' holds itself; name the component whose items stand in it",
            )
        elif game.component(other) is None:
            problems.add(
                c.loc,
                f"{c.kind} '{c.id}' holds component '{other}', which does"
                " not exist (components:"
                f" {', '.join(x.id for x in game.components)})",
            )


def _references(
    game: Game, c: Component, field: str, table: str, items: list[Item], problems: Collector
) -> None:
    """Every item's `field` names a row of `table`; each mistake told once per entry."""
    if table not in game.tables:
        problems.add(
            c.loc,
            f"component '{c.id}' refers to table '{table}',"
            f" which does not exist (tables: {', '.join(game.tables) or 'none'})",
        )
        return
    ids = {r.get("id") for r in game.tables[table].rows}
    told: set[tuple[Loc, object]] = set()
    for item in items:
        if item.copy != 1:
            continue
        if field not in item.data:
            if (item.loc, None) not in told:
                told.add((item.loc, None))
                problems.add(
                    item.loc, f"item '{item.id}' needs '{field}': one of the ids in table '{table}'"
                )
            continue
        for value in _named(item, field, problems):
            if value not in ids and (item.loc, value) not in told:
                told.add((item.loc, value))
                problems.add(
                    item.loc,
                    f"{field} {fmt(value)} of item '{item.id}' is not in"
                    f" table '{table}' (ids: {', '.join(sorted(map(str, ids)))})",
                )


def _named(item: Item, field: str, problems: Collector) -> list[object]:
    """The ids an item's reference names: one, or each of a list (`faces: [sun, moon]`)."""
    value = item.data[field]
    if not isinstance(value, list):
        return [single(item.data, field, item.loc, problems)]
    for entry in value:
        if isinstance(entry, list | dict):
            problems.add(item.loc, f"'{field}' must be a list of ids here, got {fmt(entry)} in it")
            return []
    return value


def _unique_items(c: Component, items: list[Item], problems: Collector) -> None:
    first: dict[str, Loc] = {}
    for item in items:
        if item.copy == 1 and item.id in first:
            problems.add(
                item.loc,
                f"duplicate id '{item.id}' in component '{c.id}' (first at {first[item.id]})",
            )
        first.setdefault(item.id, item.loc)


def themes(game: Game, problems: Collector) -> None:
    """Every motif of every theme names a motif that exists, with parameters it reads, or a
    picture file in the game's folder."""
    with_back = [t.id for t in game.themes.values() if t.back]
    field = game.theme_field
    if (
        game.themes
        and field
        and not any(
            field in spec.data or field in dict(spec.each)
            for c in game.components
            for spec in c.items
        )
    ):
        problems.add(game.loc, f"themes choose motifs by '{field}', which no item has")
    for theme in game.themes.values():
        if with_back and not theme.back:
            problems.add(
                theme.loc,
                f"theme '{theme.id}' has no 'back', which"
                f" {', '.join(with_back)} have; the back layout uses it",
            )
        entries = list(theme.motifs.items())
        if theme.back:
            entries.append(("back", theme.back))
        for key, entry in entries:
            if isinstance(entry, YMap):  # anything else was told when the theme was loaded
                _theme_entry(game, theme.id, key, entry, problems)


def _theme_entry(game: Game, theme: str, key: str, entry: YMap, problems: Collector) -> None:
    """One motif of a theme: a picture file and nothing else, or a motif with its keys."""
    if "image" in entry:
        for extra in (k for k in entry if k != "image"):
            problems.add(
                entry.key_loc(extra),
                f"theme '{theme}', '{key}': a picture takes only 'image', not '{extra}'",
            )
        check_picture(
            game,
            str(entry["image"]),
            entry.value_loc("image"),
            problems,
            f"theme '{theme}', '{key}': ",
        )
        return
    for field, at_value, message in motif_problems(entry):
        loc = entry.value_loc(field) if at_value else entry.key_loc(field)
        if field not in entry:
            loc = entry.loc
        problems.add(loc, f"theme '{theme}', '{key}': {message}")


def declared(
    game: Game,
    check: Check,
    items: dict[str, list[Item]],
    variant: Variant | None,
    problems: Collector,
) -> None:
    """One check of the game file, read by its declaration and made over the rows it
    names; a check whose keys are wrong is told and not made."""
    read = read_check(check, problems)
    if read is None:
        return
    entry, keys, right = read
    target = _target(game, keys, items, variant, problems)
    if target is not None and right:
        entry.run(game, keys, *target, variant, problems)


def read_check(check: Check, problems: Collector) -> tuple[Declared, CheckKeys, bool] | None:
    """The registered check a game file's check names, its keys read by the check's
    declaration, and whether they are right (what is wrong is told); None when it names
    no registered check (told)."""
    entry = CHECKS.get(check.kind) if check.kind else None
    if entry is None:
        _unknown(check, problems)
        return None
    told = Collector()
    keys = entry.keys.read(check.params, check.loc, told, f"check '{check.kind}'")
    problems.extend(told.problems)
    return entry, keys, not told.problems


def _unknown(check: Check, problems: Collector) -> None:
    """A check that names no check, or one that is not registered."""
    if "check" not in check.params:
        problems.add(check.loc, f"a check needs the key 'check', one of {', '.join(CHECKS)}")
    elif check.kind:  # (a wrong one is told where the game file is read)
        near = difflib.get_close_matches(check.kind, list(CHECKS), n=1, cutoff=0.6)
        hint = f"did you mean '{near[0]}'?" if near else f"known checks: {', '.join(CHECKS)}"
        problems.add(check.params.value_loc("check"), f"unknown check '{check.kind}'; {hint}")


def _target(
    game: Game,
    keys: CheckKeys,
    items: dict[str, list[Item]],
    variant: Variant | None,
    problems: Collector,
) -> tuple[str, list[Row]] | None:
    """What the check looks at, named for messages, and its rows: (data, place, item)."""
    if keys.given("component") == keys.given("table"):
        return None  # told by the keys
    if keys.component is not None:
        if keys.component not in items:
            problems.add(
                keys.value_loc("component"),
                f"{keys.named}: no component '{keys.component}' (components: {', '.join(items)})",
            )
            return None
        what = f"component '{keys.component}'"
        rows: list[Row] = [(i.data, i.loc, i) for i in items[keys.component]]
    elif keys.table in game.tables:
        what = f"table '{keys.table}'"
        rows = [(r, r.loc, None) for r in game.tables[keys.table].rows]
    else:
        if keys.table is not None:
            tables = ", ".join(game.tables) or "none"
            problems.add(
                keys.value_loc("table"),
                f"{keys.named}: no table '{keys.table}' (tables: {tables})",
            )
        return None
    return _where(keys, what, rows, variant, problems)


def _where(
    keys: CheckKeys, what: str, rows: list[Row], variant: Variant | None, problems: Collector
) -> tuple[str, list[Row]] | None:
    """The rows `where` keeps; none is an error unless the check asks for zero."""
    where = keys.where
    if where is None and keys.given("where"):
        return None  # told as written: the rows meant are unknown
    if where:
        rows = where.select(rows, lambda row: row[0])
        what += f" where {where.describe()}"
    if not rows and not keys.asks_for_zero(variant):
        # A check over nothing passes while checking nothing: say so where it is written.
        at = where.loc if where else keys.loc
        problems.add(at, f"{keys.named}: {what} matches nothing; a check needs rows to look at")
        return None
    return what, rows
