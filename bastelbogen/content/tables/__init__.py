"""Tables from files: YAML lists, CSV/TSV and workbooks (XLSX, ODS), one reader module
each, registered by file ending. A reader gives the file's Cells, each with its place; the
header row names the columns, and each row after it becomes a YMap like a YAML row, so
every check downstream reports at the cell. Declared column types (columns.py) turn the
cells into values."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from bastelbogen.content.tables.columns import NAMES, Column, convert
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.registry import Registry
from bastelbogen.core.source import YList, YMap

Cell = tuple[object, Loc]


@dataclass(frozen=True)
class Cells:
    """A table as a reader found it: its rows of cells and where each stands."""

    file: str
    rows: Sequence[tuple[int, Sequence[Cell]]]  # (row's line, its cells); the first is the header
    sheet: str | None = None  # the workbook's sheet they were read from


# How a file is read (spec.py, fromtable.py): `sheet`, `delimiter`, `sheet-with` (the
# workbook's first sheet whose header names this column); None where unsaid.
ReadOptions = Mapping[str, str | None]
Reader = Callable[[Path, ReadOptions, Loc], Cells]
READERS: Registry[Reader] = Registry("table reader", group="bastelbogen.table_readers")  # by ending


def register(*endings: str) -> Callable[[Reader], Reader]:
    def add(read: Reader) -> Reader:
        for ending in endings:
            READERS.add(ending, read)
        return read

    return add


def formats() -> str:
    return ", ".join(sorted(READERS))


def read_cells(path: Path, options: ReadOptions, loc: Loc) -> Cells:
    """The cells of a table file; its ending says how to read it."""
    read = READERS.get(path.suffix.lower())
    if read is None:
        raise ContentError(
            Problem(
                loc,
                f"'{path.name}' is not a table file this tool reads (formats: {formats()}, .yaml)",
            )
        )
    return read(path, options, loc)


def header(sheet: Cells) -> dict[str, Loc]:
    """The names its first row gives the columns, as written (empty ones left out), each
    at its cell (a name written twice: its first)."""
    named: dict[str, Loc] = {}
    for value, loc in sheet.rows[0][1] if sheet.rows else ():
        if _filled(value):
            named.setdefault(str(value).strip(), loc)
    return named


def rows_of(
    sheet: Cells,
    columns: dict[str, Column],
    name: str,
    problems: Collector,
    langs: tuple[str, ...] = (),
    key: str = "id",
) -> YList:
    """Each row after the header as a YMap of its non-empty cells, typed by `columns`;
    `name.de` and `name.en` columns join as `name: {de: …, en: …}`, each language one of
    `langs` (the game's; unsaid, any). The `key` column's cell keeps its place even when
    empty: a row without its id is told there."""
    out = YList()
    out.loc = Loc(sheet.file, 1, 1)
    out.item_locs = []
    if not sheet.rows:
        return out
    _, header = sheet.rows[0]
    names = [
        (_language_column(key, loc, columns, name, langs, problems), loc)
        for key, loc in _names(header, name, problems)
    ]
    for _line, cells in sheet.rows[1:]:
        row = _row(cells, names, columns, name, problems, key)
        out.append(row)
        out.item_locs.append(row.loc)
    return out


def _row(
    cells: Sequence[Cell],
    names: list[tuple[str | None, Loc]],
    columns: dict[str, Column],
    name: str,
    problems: Collector,
    rid: str,
) -> YMap:
    """One row's cells as a YMap, typed, with the columns' defaults for its empty cells."""
    row = YMap()
    row.loc, row.key_locs, row.value_locs = cells[0][1], {}, {}
    empty = []  # a language's cell left empty: where a missing text is to be told
    for (key, key_loc), (value, at) in zip(names, cells, strict=False):
        if key is None:
            continue
        if "." in key and not _filled(value):
            empty.append((key.partition(".")[::2], at))
        elif key == rid and not _filled(value):
            row.value_locs[key] = at  # no value, but the place its missing id is told at
        _put(row, key, key_loc, value, at, columns, name, problems)
    for (base, lang), at in empty:
        if isinstance(row.get(base), YMap):
            row[base].value_locs[lang] = at
    for key, column in columns.items():
        if key not in row and column.default is not None:
            row[key] = column.default
    if len(cells) > len(names) and any(_filled(v) for v, _ in cells[len(names) :]):
        problems.add(
            cells[len(names)][1],
            f"table '{name}': a cell beyond the last named column ({len(names)} columns)",
        )
    return row


def _names(header: Sequence[Cell], table: str, problems: Collector) -> list[tuple[str | None, Loc]]:
    names: list[tuple[str | None, Loc]] = []
    seen: dict[str, Loc] = {}
    for value, loc in header:
        key = str(value).strip() if _filled(value) else None
        if key is not None and key in seen:
            problems.add(
                loc, f"table '{table}': column '{key}' appears twice (first at {seen[key]})"
            )
            key = None
        if key is not None:
            seen[key] = loc
        names.append((key, loc))
    return names


def _language_column(
    key: str | None,
    loc: Loc,
    columns: dict[str, Column],
    table: str,
    langs: tuple[str, ...],
    problems: Collector,
) -> str | None:
    """A header `name.de` is the text of `name` in German: told at the header, once, when
    `name` is declared as something else than text (a ref holds one id, a number one
    number) or the game is not written in that language. Such a column is left out."""
    if key is None or "." not in key:
        return key
    base, _, lang = key.partition(".")
    column = columns.get(base)
    if not base or not lang:
        problems.add(
            loc, f"table '{table}': column '{key}' must be a name and a language, like name.de"
        )
        return None
    if column is not None and column.type not in ("text", "texts"):
        problems.add(
            loc,
            f"table '{table}': column '{key}' holds a text in '{lang}', but column"
            f" '{base}' is declared {column.type} ({NAMES[column.type]}), one value for"
            f" every language; name the column '{base}'",
        )
        return None
    if langs and lang not in langs:
        problems.add(
            loc,
            f"table '{table}': column '{key}' holds a text in '{lang}', which is not one of"
            f" the game's languages ({', '.join(langs)}); add it to `languages:` in game.yaml",
        )
        return None
    return key


def _put(
    row: YMap,
    key: str,
    key_loc: Loc,
    value: object,
    at: Loc,
    columns: dict[str, Column],
    table: str,
    problems: Collector,
) -> None:
    if not _filled(value):
        return  # an empty cell: the column's default, or no value
    base, dot, lang = key.partition(".")
    column = columns.get(base if dot else key)
    try:
        typed = convert(value, column, key) if column is not None else _plain(value)
    except ValueError as exc:
        problems.add(at, f"table '{table}': {exc}")
        return
    if dot:  # one language of a text: name.de
        texts = row.get(base)
        if not isinstance(texts, YMap):
            texts = row[base] = YMap()
            texts.loc, texts.key_locs, texts.value_locs = at, {}, {}
            row.key_locs[base], row.value_locs[base] = key_loc, at
        texts[lang] = typed
        texts.key_locs[lang], texts.value_locs[lang] = key_loc, at
        return
    row[key] = typed
    row.key_locs[key], row.value_locs[key] = key_loc, at


def _filled(value: object) -> bool:
    return value is not None and not (isinstance(value, str) and not value.strip())


def _plain(value: object) -> object:
    """An undeclared column's cell: text as written, a workbook's numbers as numbers."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value.strip() if isinstance(value, str) else value


READERS.discover(__name__)  # each module here reads a format and registers itself
