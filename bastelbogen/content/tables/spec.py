"""`tables:` of a game.yaml: each table a YAML list written inline, a file (YAML, CSV, TSV,
XLSX or ODS, by its ending), or a mapping that names the file and says how to read it:

    tables:
      sets: sets.csv
      deck: {file: deck.xlsx, sheet: Deck, columns: {speed: int, group: {type: ref,
             table: groups}}}
    heroes: {file: heroes.csv, key: name}     # no id column: the name is each row's id

Rows keep the place of every cell; references to other tables and picture files are
checked here, at the cell that names them."""

from __future__ import annotations

import difflib
import gc
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bastelbogen.content.models import Table
from bastelbogen.content.schema import Later, inside
from bastelbogen.content.tables import ReadOptions, header, read_cells, rows_of
from bastelbogen.content.tables.columns import Column, column_schema, convert, read_columns
from bastelbogen.core.declare import Field, Json, Keys, Section, Text, Type, optional, type_name
from bastelbogen.core.errors import Collector, ContentError, Loc
from bastelbogen.core.names import item_id_problem
from bastelbogen.core.paths import is_file
from bastelbogen.core.source import YList, YMap, load_yaml

YAML = (".yaml", ".yml")


def load_tables(
    raw: object, loc: Loc, folder: Path, problems: Collector, langs: tuple[str, ...] = ()
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
    raw: object, loc: Loc, folder: Path, problems: Collector, langs: tuple[str, ...]
) -> dict[str, Table]:
    t = Keys(raw, "'tables'", problems, loc)
    tables, columns = {}, {}
    for name in t.data:
        t.known.append(name)
        read = _table(name, t.data[name], t.value_loc(name), folder, problems, langs)
        if read is None:
            continue
        rows, cols, named, key = read
        _row_ids(name, rows, key, named, problems)
        if named is not None:
            _check_declared(name, cols, named, problems)
        _check_languages(name, rows, cols, langs, problems)
        # A ref column, and a list of refs, reach their rows in layouts: {{ faces[0].picture }}
        refs = tuple((k, c.table) for k, c in cols.items() if "ref" in (c.type, c.of))
        at = getattr(rows, "loc", t.value_loc(name))
        tables[name] = Table(name, tuple(rows), at, refs, key.name)
        columns[name] = cols
    for name, cols in columns.items():
        _check_cells(tables[name], cols, tables, folder, problems)
    return tables


@dataclass(frozen=True)
class Key:
    """The column whose cells name a table's rows: `key: COLUMN`, else `id`."""

    name: str = "id"
    loc: Loc | None = None  # where `key:` is written; None when unsaid


def _row_ids(
    name: str, rows: YList, key: Key, named: dict[str, Loc] | None, problems: Collector
) -> None:
    """Each row's id is its key's cell, one text: the one place a row gets its id. The
    row's `id` is that cell (every later use reads `id`: refs, where:, checks, the items
    and the files made of them). An empty key, one that is no text, one written twice, and
    a named key that cannot name a file are told at the cell, each once. A table without
    the key column (a renamed header, a wrong delimiter) is told once, with the columns it
    has. `named`: a file's header, None for a YAML table."""
    have: Mapping[str, Loc | None] = (
        named if named is not None else {str(k): None for row in rows for k in row}
    )
    if rows and not _has_key(name, rows, key, have, problems):
        return
    seen: dict[str, Loc] = {}
    for i, row in enumerate(rows):
        at = row.value_loc(key.name) if key.name in row.value_locs else rows.item_loc(i)
        _row_id(name, row, at, key, seen, problems)


def _row_id(
    name: str, row: YMap, at: Loc, key: Key, seen: dict[str, Loc], problems: Collector
) -> None:
    """One row's id from its key's cell (at `at`), told there when it is none or taken."""
    value = row.get(key.name)
    if not isinstance(value, str) or not value:
        what = "an 'id'" if key.name == "id" else f"its key, '{key.name}'"
        got = "is empty" if value in (None, "") else f"holds {type_name(value)}"
        problems.add(at, f"each row of table '{name}' needs {what} (text); this one {got}")
        return
    if value in seen:
        problems.add(
            at, f"duplicate {key.name} '{value}' in table '{name}' (first at {seen[value]})"
        )
        return  # what else it has was told at its first
    seen[value] = at
    if key.loc is not None and (why := item_id_problem(value, key.name)):
        # A named key is a designer's column of names: told here, at its cell, what an
        # item made of the row would be refused for later.
        problems.add(at, f"table '{name}' names its rows by {key.name} (`key:`): {why}")
    if key.name != "id":
        row["id"] = value
        row.value_locs["id"], row.key_locs["id"] = at, row.key_loc(key.name)


def _has_key(
    name: str, rows: YList, key: Key, have: Mapping[str, Loc | None], problems: Collector
) -> bool:
    """Whether the table has its key column, and no `id` column beside another key (the
    row's id would be two things). Told once, at `key:` or the table's start."""
    start = getattr(rows, "loc", rows.item_loc(0))
    if key.name not in have:
        problems.add(*_no_key(name, key, have, start))
        return False
    if key.name != "id" and "id" in have:
        problems.add(
            have["id"] or key.loc or start,
            f"table '{name}' names its rows by '{key.name}' (`key: {key.name}`), and has a"
            " column 'id' too: a row's id is its key; rename the 'id' column or leave"
            " `key:` out",
        )
        return False
    return True


def _no_key(name: str, key: Key, have: Mapping[str, Loc | None], start: Loc) -> tuple[Loc, str]:
    """Where and how a table without its key column is told: no `id` column, a key that is
    a text per language, or a key column not there (with the columns it has)."""
    shown = ", ".join(f"'{n}'" if len(n) <= 40 else f"'{n[:37]}...'" for n in list(have)[:8])
    shown = f"its columns: {shown or 'none'}{', …' if len(have) > 8 else ''}"
    if key.loc is None:
        return (
            start,
            f"table '{name}' has no 'id' column; each row needs one ({shown}); or name the"
            " column whose cells name the rows with `key: COLUMN`",
        )
    if any(h.partition(".")[0] == key.name for h in have):
        return (
            key.loc or start,
            f"table '{name}': column '{key.name}' holds a text per language"
            f" ('{key.name}.de', …); a row's key is one text in every language: name"
            " another column",
        )
    near = difflib.get_close_matches(key.name, list(have), n=1, cutoff=0.6)
    hint = f"; did you mean '{near[0]}'?" if near else ""
    return key.loc or start, f"table '{name}' has no column '{key.name}'{hint} ({shown})"


def _check_declared(
    name: str, cols: dict[str, Column], named: dict[str, Loc], problems: Collector
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


Read = tuple[YList, dict[str, Column], dict[str, Loc] | None, Key]


def _table(
    name: str,
    spec: object,
    loc: Loc,
    folder: Path,
    problems: Collector,
    langs: tuple[str, ...] = (),
) -> Read | None:
    """(rows, columns, the header's names at their cells: None for YAML, the key) of one
    table, or None when it cannot be read."""
    options: ReadOptions = {}
    cols: dict[str, Column] = {}
    key = Key()
    if isinstance(spec, YMap) and "file" in spec:
        t = TableKeys.read(spec, loc, problems, f"table '{name}'")
        options = {"sheet": t.sheet, "delimiter": t.delimiter}
        key = Key(t.key, t.value_loc("key")) if t.key else Key()
        cols = read_columns(
            t.columns, f"table '{name}'", problems, t.value_loc("columns"), key.name
        )
        if t.file is None:
            return None
        loc, spec = t.value_loc("file"), t.file
    try:
        if isinstance(spec, str):
            path = inside(folder, spec, loc, problems, "table file")
            if path is None:
                return None
            if path.suffix.lower() not in YAML:
                sheet = read_cells(path, options, loc)
                rows = rows_of(sheet, cols, name, problems, langs, key.name)
                return rows, cols, header(sheet), key
            spec = load_yaml(path, loc)
    except ContentError as exc:
        problems.extend(exc.problems)
        return None
    if not isinstance(spec, YList) or not all(isinstance(r, YMap) for r in spec):
        problems.add(getattr(spec, "loc", loc), f"table '{name}' must be a list of mappings")
        return None
    _typed_yaml(spec, cols, name, problems)
    return spec, cols, None, key


class KeyColumn(Type[str]):
    """`key: COLUMN`: the column whose cells name the rows (Squib's decks have `name` and no
    `id`); a name of a column, not empty."""

    shown = "the name of a column"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be text, got {type_name(value)}")
        if not value.strip():
            raise ValueError(
                "names the column whose cells name the rows, like 'key: name'; it is empty"
            )
        return value.strip()

    def schema(self) -> Json:
        return {"type": "string", "pattern": "\\S"}


class Delimiter(Type[str]):
    """`delimiter:` of a CSV: one character that can part cells. A quote opens a quoted
    cell and a line break ends the record, so neither can; the csv module takes either
    without a word and reads the table wrong."""

    shown = "one character, neither a quote nor a line break"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"must be text, got {type_name(value)}")
        if len(value) != 1 or value == '"' or len(f"a{value}a".splitlines()) > 1:
            raise ValueError(
                f"must be one character that is neither a quote nor a line break,"
                f" like ',', ';' or '\\t', got {value!r} (leave it out to have it found"
                " from the header line)"
            )
        return value

    def schema(self) -> Json:
        return {
            "type": "string",
            "minLength": 1,
            "maxLength": 1,
            "not": {"enum": ['"', "\n", "\r"]},
        }


class TableKeys(Section):
    """A table read from a file: `{file: cards.csv, key: name, columns: {…}}`."""

    file = Field(Text(), help="the table's file in the game's folder (CSV, XLSX, ODS, YAML)")
    sheet = optional(Text(), help="a workbook's sheet (default: the first)")
    delimiter = optional(Delimiter(), help="a CSV's delimiter (default: found from its header)")
    key = optional(KeyColumn(), help="the column whose cells name the rows (default: id)")
    columns = optional(Later("the columns", column_schema), help="each column's type and limits")


def table_schema() -> Json:
    """What `tables:` may hold: each table a file name, a file with its settings, or rows."""
    rows = {"type": "array", "items": {"type": "object"}}
    one = {"anyOf": [{"type": "string"}, TableKeys.schema(), rows]}
    return {"type": "object", "additionalProperties": one}


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
    table: Table,
    cols: dict[str, Column],
    tables: dict[str, Table],
    folder: Path,
    problems: Collector,
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
                if value is not None:
                    _check_cell(key, column, value, row.value_loc(key), ids, folder, problems)


def _check_cell(
    key: str,
    column: Column,
    value: object,
    at: Loc,
    ids: set[str],
    folder: Path,
    problems: Collector,
) -> None:
    """One value of a cell: a reference is an id of its table, a picture a file there."""
    if column.type == "ref" or column.of == "ref":
        if value not in ids:
            problems.add(at, f"'{value}' in column {key} is not an id of table '{column.table}'")
        return
    path = inside(folder, str(value), at, problems, "picture")
    if path is not None and not is_file(path):
        problems.add(at, f"picture file not found: {value}")
