"""`tables:` of a game.yaml: each table a YAML list written inline, a file (YAML, CSV, TSV,
XLSX or ODS, by its ending), or a mapping that names the file and says how to read it:

    tables:
      sets: sets.csv
      deck: {file: deck.xlsx, sheet: Deck, columns: {speed: int, group: {type: ref,
             table: groups}}}

Rows keep the place of every cell; references to other tables and picture files are
checked here, at the cell that names them."""

from __future__ import annotations

import gc
from pathlib import Path

from bastelbogen.content.models import Table
from bastelbogen.content.schema import Fields, inside
from bastelbogen.content.tables import read_cells, rows_of
from bastelbogen.content.tables.columns import Column, convert, read_columns
from bastelbogen.core.errors import Collector, ContentError, Loc
from bastelbogen.core.source import YList, YMap, load_yaml

YAML = (".yaml", ".yml")


def load_tables(raw, loc: Loc, folder: Path, problems: Collector) -> dict[str, Table]:
    # Reading makes many small objects and no cycles: the cycle collector, run again and
    # again over the growing rows, would make a large table's load grow faster than its rows.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _load_tables(raw, loc, folder, problems)
    finally:
        if paused:
            gc.enable()


def _load_tables(raw, loc: Loc, folder: Path, problems: Collector) -> dict[str, Table]:
    t = Fields(raw, "'tables'", problems, loc)
    tables, columns = {}, {}
    for name in t.data:
        t.known.append(name)
        rows, cols = _table(name, t.data[name], t.value_loc(name), folder, problems)
        if rows is None:
            continue
        for i, row in enumerate(rows):
            if not isinstance(row.get("id"), str) or not row.get("id"):
                problems.add(rows.item_loc(i), f"each row of table '{name}' needs an 'id' (text)")
        refs = tuple((key, c.table) for key, c in cols.items() if c.type == "ref")
        tables[name] = Table(name, tuple(rows), getattr(rows, "loc", t.value_loc(name)), refs)
        columns[name] = cols
    for name, cols in columns.items():
        _check_cells(tables[name], cols, tables, folder, problems)
    return tables


def _table(name: str, spec, loc: Loc, folder: Path, problems: Collector):
    """(rows, columns) of one table, or (None, {}) when it cannot be read."""
    options: dict = {}
    cols: dict[str, Column] = {}
    if isinstance(spec, YMap) and "file" in spec:
        f = Fields(spec, f"table '{name}'", problems, loc)
        file = f.get("file", str)
        options = {"sheet": f.get("sheet", str, None), "delimiter": f.get("delimiter", str, None)}
        cols = read_columns(
            f.raw("columns", None), f"table '{name}'", problems, f.value_loc("columns")
        )
        f.done()
        if file is None:
            return None, {}
        loc, spec = f.value_loc("file"), file
    try:
        if isinstance(spec, str):
            path = inside(folder, spec, loc, problems, "table file")
            if path is None:
                return None, {}
            if path.suffix.lower() not in YAML:
                sheet = read_cells(path, options, loc)
                return rows_of(sheet, cols, name, problems), cols
            spec = load_yaml(path, loc)
    except ContentError as exc:
        problems.extend(exc.problems)
        return None, {}
    if not isinstance(spec, YList) or not all(isinstance(r, YMap) for r in spec):
        problems.add(getattr(spec, "loc", loc), f"table '{name}' must be a list of mappings")
        return None, {}
    _typed_yaml(spec, cols, name, problems)
    return spec, cols


def _typed_yaml(rows: YList, cols: dict[str, Column], name: str, problems: Collector) -> None:
    """A YAML table's declared columns check and convert its values in place."""
    for row in rows:
        for key, column in cols.items():
            if key not in row:
                if column.default is not None:
                    row[key] = column.default
                continue
            try:
                row[key] = convert(row[key], column, key)
            except ValueError as exc:
                problems.add(row.value_loc(key), f"table '{name}': {exc}")


def _check_cells(
    table: Table, cols: dict[str, Column], tables: dict, folder: Path, problems: Collector
) -> None:
    """References name a row of their table; picture files are there, inside the game."""
    for key, column in cols.items():
        if column.type not in ("ref", "picture") and column.of not in ("ref", "picture"):
            continue
        target = tables.get(column.table)
        if column.type == "ref" and target is None:
            problems.add(
                table.loc,
                f"column '{key}' of table '{table.name}' refers to table"
                f" '{column.table}', which does not exist",
            )
            continue
        # A row whose id is no text (a mapping, a list) was told above; it names no row.
        rows = target.rows if target is not None else ()
        ids = {r["id"] for r in rows if isinstance(r.get("id"), str)}
        for row in table.rows:
            values = row.get(key)
            for value in values if isinstance(values, list) else [values]:
                if value is None:
                    continue
                at = row.value_loc(key)
                if column.type == "ref" or column.of == "ref":
                    if value not in ids:
                        problems.add(
                            at, f"'{value}' in column {key} is not an id of table '{column.table}'"
                        )
                else:
                    path = inside(folder, str(value), at, problems, "picture")
                    if path is not None and not path.is_file():
                        problems.add(at, f"picture file not found: {value}")
