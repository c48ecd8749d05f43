"""`tables:` of a game.yaml: each table a YAML list written inline, a file (YAML, CSV, TSV,
XLSX or ODS, by its ending), or a mapping that names the file and says how to read it:

    tables:
      sets: sets.csv
      deck: {file: deck.xlsx, sheet: Deck, columns: {speed: int, group: {type: ref,
             table: groups}}}

Rows keep the place of every cell; references to other tables and picture files are
checked here, at the cell that names them."""

from __future__ import annotations

import difflib
import gc
from pathlib import Path

from bastelbogen.content.models import Table
from bastelbogen.content.schema import Fields, inside
from bastelbogen.content.tables import header, read_cells, rows_of
from bastelbogen.content.tables.columns import Column, convert, read_columns
from bastelbogen.core.errors import Collector, ContentError, Loc
from bastelbogen.core.paths import is_file
from bastelbogen.core.source import YList, YMap, load_yaml

YAML = (".yaml", ".yml")


def load_tables(
    raw, loc: Loc, folder: Path, problems: Collector, langs: tuple[str, ...] = ()
) -> dict[str, Table]:
    # Reading makes many small objects and no cycles: the cycle collector, run again and
    # again over the growing rows, would make a large table's load grow faster than its rows.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _load_tables(raw, loc, folder, problems, langs)
    finally:
        if paused:
            gc.enable()


def _load_tables(
    raw, loc: Loc, folder: Path, problems: Collector, langs: tuple[str, ...]
) -> dict[str, Table]:
    t = Fields(raw, "'tables'", problems, loc)
    tables, columns = {}, {}
    for name in t.data:
        t.known.append(name)
        rows, cols, named = _table(name, t.data[name], t.value_loc(name), folder, problems, langs)
        if rows is None:
            continue
        _check_ids(name, rows, named, problems)
        if named is not None:
            _check_declared(name, cols, named, problems)
        _check_languages(name, rows, cols, langs, problems)
        refs = tuple((key, c.table) for key, c in cols.items() if c.type == "ref")
        tables[name] = Table(name, tuple(rows), getattr(rows, "loc", t.value_loc(name)), refs)
        columns[name] = cols
    for name, cols in columns.items():
        _check_cells(tables[name], cols, tables, folder, problems)
    return tables


def _check_ids(name: str, rows: YList, named: list[str] | None, problems: Collector) -> None:
    """Each row has an id (text). A table without the column (a renamed header, a wrong
    delimiter) is told once, at its start, with the columns it has. `named`: a file's
    header, or None for a YAML table (its rows' keys)."""
    lacking = "id" not in named if named is not None else not any("id" in r for r in rows)
    if rows and lacking:
        named = named or list(dict.fromkeys(str(k) for row in rows[:100] for k in row))
        shown = ", ".join(f"'{n}'" if len(n) <= 40 else f"'{n[:37]}...'" for n in named[:8])
        problems.add(
            getattr(rows, "loc", rows.item_loc(0)),
            f"table '{name}' has no 'id' column; each row needs one (its columns:"
            f" {shown or 'none'}{', …' if len(named) > 8 else ''})",
        )
        return
    for i, row in enumerate(rows):
        if not isinstance(row.get("id"), str) or not row.get("id"):
            problems.add(rows.item_loc(i), f"each row of table '{name}' needs an 'id' (text)")


def _check_declared(
    name: str, cols: dict[str, Column], named: list[str], problems: Collector
) -> None:
    """Each declared column is one the file's header names (`name` for `name.de` too):
    a misspelt declaration (`sped: int`) would type nothing, silently. A column with a
    `default` may be absent: the default fills it."""
    have = list(dict.fromkeys(h.partition(".")[0] for h in named))
    for key, column in cols.items():
        if key in have or column.default is not None:
            continue
        near = difflib.get_close_matches(str(key), have, n=1, cutoff=0.6)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        shown = ", ".join(f"'{h}'" for h in have[:8]) + (", …" if len(have) > 8 else "")
        problems.add(
            column.loc or Loc(""),
            f"column '{key}' of table '{name}' is declared, but its header has no such"
            f" column{hint} (its columns: {shown or 'none'})",
        )


def _check_languages(
    name: str, rows: YList, cols: dict[str, Column], langs: tuple[str, ...], problems: Collector
) -> None:
    """A text per language (a `texts` cell `{de: …, fr: …}`, a YAML row's mapping with a
    language of the game in it) names only the game's languages: told at the cell that
    holds the stranger, not where a layout later prints the mapping."""
    if not langs:
        return
    for row in rows:
        for key, value in row.items():
            if not isinstance(value, dict):
                continue
            column = cols.get(key)
            if not (column is not None and column.type == "texts") and not set(value) & set(langs):
                continue  # a mapping of other things, not a text
            for lang in value:
                if lang not in langs:
                    at = value.key_loc(lang) if isinstance(value, YMap) else row.value_loc(key)
                    problems.add(
                        at,
                        f"table '{name}': {key} has a text in '{lang}', which is not one of"
                        f" the game's languages ({', '.join(langs)}); add it to"
                        " `languages:` in game.yaml",
                    )


def _table(name: str, spec, loc: Loc, folder: Path, problems: Collector, langs=()):
    """(rows, columns, the header's names: None for YAML) of one table, or (None, {},
    None) when it cannot be read."""
    options: dict = {}
    cols: dict[str, Column] = {}
    if isinstance(spec, YMap) and "file" in spec:
        f = Fields(spec, f"table '{name}'", problems, loc)
        file = f.get("file", str)
        options = {"sheet": f.get("sheet", str, None), "delimiter": _delimiter(f, problems)}
        cols = read_columns(
            f.raw("columns", None), f"table '{name}'", problems, f.value_loc("columns")
        )
        f.done()
        if file is None:
            return None, {}, None
        loc, spec = f.value_loc("file"), file
    try:
        if isinstance(spec, str):
            path = inside(folder, spec, loc, problems, "table file")
            if path is None:
                return None, {}, None
            if path.suffix.lower() not in YAML:
                sheet = read_cells(path, options, loc)
                return rows_of(sheet, cols, name, problems, langs), cols, header(sheet)
            spec = load_yaml(path, loc)
    except ContentError as exc:
        problems.extend(exc.problems)
        return None, {}, None
    if not isinstance(spec, YList) or not all(isinstance(r, YMap) for r in spec):
        problems.add(getattr(spec, "loc", loc), f"table '{name}' must be a list of mappings")
        return None, {}, None
    _typed_yaml(spec, cols, name, problems)
    return spec, cols, None


def _delimiter(f: Fields, problems: Collector) -> str | None:
    """`delimiter:` of a CSV: one character that can part cells. A quote opens a quoted
    cell and a line break ends the record, so neither can; the csv module takes either
    without a word and reads the table wrong."""
    value = f.get("delimiter", str, None)
    if value is None:
        return None
    if len(value) != 1 or value == '"' or len(f"a{value}a".splitlines()) > 1:
        problems.add(
            f.value_loc("delimiter"),
            f"'delimiter' must be one character that is neither a quote nor a line break,"
            f" like ',', ';' or '\\t', got {value!r} (leave it out to have it found"
            " from the header line)",
        )
        return None
    return value


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
        if "ref" in (column.type, column.of) and target is None:
            problems.add(
                column.table_loc or table.loc,
                f"column '{key}' of table '{table.name}' refers to table"
                f" '{column.table}', which does not exist (tables: {', '.join(tables)})",
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
                    if path is not None and not is_file(path):
                        problems.add(at, f"picture file not found: {value}")
