"""Items from a table's rows: `items: {from: TABLE}` makes one item per row, with the row's
fields as its data, so no id or field is written twice.

    items: {from: cards, count: copies, where: {deck: P}, each: {side: [a, b]}}
    items: {from: sets, as: set, each: {value: [1, 2, 3, 4, 5, 6, 7, 8]}}
    items: {from: problems, as: problem, with: {deck: A}}

`count` names the column that says how many copies a row makes; `where` keeps the rows
whose fields have the given values (a list: any of them; select.py reads it, as for
checks); `each` multiplies as in a written item; `with` gives every item the same further
fields. With `as: NAME` the item holds only the row's id under NAME, and the component
refers NAME to the table, so layouts read the whole row (`{{ set.colour }}`); without it,
the table's `ref` columns are referred the same way (`{{ group.colour }}`)."""

from __future__ import annotations

import re

from bastelbogen.content.expand import RESERVED
from bastelbogen.content.models import ItemSpec, Table
from bastelbogen.content.schema import Later
from bastelbogen.content.select import EACH_SCHEMA, WHERE_SCHEMA, read_each, read_where
from bastelbogen.core.declare import Anything, Field, Json, MapOf, Section, Text, Type, optional
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # what a layout's expression can name


class Alias(Type[str]):
    """`as: NAME`: a name a layout reads ({{ card.colour }}), not one an item keeps for
    itself (count, each); an empty one would silently mean no alias."""

    shown = "a name of letters, digits and _"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str) or not NAME.fullmatch(value) or value in RESERVED:
            raise ValueError(
                f"names the field that holds the row, like 'as: card'; {value!r} cannot be"
                f" one (a name of letters, digits and _, not {' or '.join(RESERVED)})"
            )
        return value

    def schema(self) -> Json:
        return {"type": "string", "pattern": f"^{NAME.pattern}$", "not": {"enum": list(RESERVED)}}


class RowsKeys(Section):
    """`items: {from: TABLE, …}`: one item per row of a table."""

    from_ = Field(Text(), help="the table whose rows become items")
    count = optional(Text(), help="the column that says how many copies a row makes")
    where = optional(
        Later("fields and the values they must hold", lambda: WHERE_SCHEMA),
        help="keeps the rows whose fields have these values (a list: any of them)",
    )
    each = optional(
        Later("fields and lists of values", lambda: EACH_SCHEMA),
        help="multiplies each row's item by these values",
    )
    as_ = optional(Alias(), help="the field that holds the row's id ({{ NAME.colour }})")
    with_ = optional(MapOf(Anything()), help="further fields every item gets")


def items_from(
    raw: YMap, loc: Loc, cid: str, tables: dict[str, Table], problems: Collector
) -> tuple[tuple[ItemSpec, ...], tuple[tuple[str, str], ...]]:
    """(item specs, refs to add) for a component whose `items` come from a table."""
    what = f"the items of component '{cid}'"
    r = RowsKeys.read(raw, loc, problems, what)
    name = r.from_
    where = read_where(r.where, r.value_loc("where"), what, problems)
    each, alias = r.each, r.as_
    extra = r.with_ or {}
    table = tables.get(name)
    if table is None:
        if name is not None:
            problems.add(
                r.value_loc("from"),
                f"component '{cid}' takes its items from table"
                f" '{name}', which does not exist (tables: {', '.join(tables) or 'none'})",
            )
        return (), ()
    specs = []
    rows = where.select(table.rows) if where else table.rows
    for row in rows:
        copies = _copies(row, r.count, table.name, problems)
        if copies == 0:
            continue
        data = _data(row, alias, each if isinstance(each, YMap) else None, r.value_loc("each"))
        _with(data, extra, loc)
        specs.append((data, copies, row.loc))
    if where and not rows:
        problems.add(
            where.loc,
            f"component '{cid}': 'where' ({where.describe()}) matches nothing in table '{name}'",
        )
    elif not specs:
        problems.add(loc, f"component '{cid}': no row of table '{name}' is taken")
    pairs = read_each(each, r.value_loc("each"), what, problems)
    # A row's ref columns reach their rows in layouts ({{ group.colour }}) without `refs:`.
    refs = ((alias, name),) if alias else table.refs
    return tuple(ItemSpec(d, n, pairs, at) for d, n, at in specs), refs


def _with(data: YMap, extra: dict[str, object], loc: Loc) -> None:
    """The fields `with:` gives every item (`with: {deck: A}`), each told where written."""
    for key, value in extra.items():
        data[key] = value
        data.value_locs[key] = extra.value_loc(key) if isinstance(extra, YMap) else loc


def _copies(row: YMap, column: str | None, table: str, problems: Collector) -> int:
    if column is None:
        return 1
    value = row.get(column, 1)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        problems.add(
            row.value_loc(column) if column in row else row.loc,
            f"table '{table}': the count column {column} must hold a whole number"
            f" from 0, got '{value}'",
        )
        return 0
    return value


def _data(row: YMap, alias: str | None, each: YMap | None, each_loc: Loc) -> YMap:
    """The item's data: the row itself (its places kept), or its id under the alias."""
    data = YMap()
    if alias:
        data[alias] = row.get("id")  # a row without one is told where tables are read
        data.loc, data.key_locs, data.value_locs = row.loc, {}, {alias: row.value_loc("id")}
    else:
        data.update(row)
        data.loc, data.key_locs, data.value_locs = row.loc, dict(row.key_locs), dict(row.value_locs)
        if each:  # the item is the row's id and what each adds: made by the id pattern
            data.pop("id", None)
    if each:
        data["each"] = each
        data.value_locs["each"] = each_loc  # what multiplies is told where it is written
    return data
