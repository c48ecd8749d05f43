"""Workbook tables, XLSX and ODS, read with python-calamine (one fast, well-kept reader for
both, without a spreadsheet program). A table is one sheet, named by `sheet:` or the first;
each cell keeps its row and column number and is named as the program shows it (Deck!C14).

A workbook is a zip of XML: its size unpacked is bounded before it is opened, so a small
file that unpacks to gigabytes is refused rather than read. The reader itself is native code
that a crafted file can make abort the process: it runs in a child (core/isolated.py)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from bastelbogen.content.tables import Cells, register
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.isolated import isolated
from bastelbogen.core.source import read_bytes


@register(".xlsx", ".ods")
def read_workbook(path: Path, options: dict, loc: Loc) -> Cells:
    import python_calamine  # noqa: F401 - imported here, before the child is forked

    read_bytes(path, loc, limits.MAX_BINARY_BYTES, what="table file")  # there, and not huge
    _bounded(path)
    # Only the values cross from the child; their places are made here.
    wanted, top, left, grid = isolated(lambda: _read(path, options, loc), path, "spreadsheet")
    if len(grid) > limits.MAX_ITEMS:
        raise ContentError(
            Problem(
                Loc(str(path), limits.MAX_ITEMS, 1),
                f"sheet '{wanted}' has more than {limits.MAX_ITEMS} rows",
            )
        )
    rows = []
    for r, values in enumerate(grid):
        row = top + r + 1
        cells = [
            (v, Loc(str(path), row, left + c + 1, f"{wanted}!{column(left + c)}{row}"))
            for c, v in enumerate(values)
        ]
        if any(v not in (None, "") for v, _ in cells):
            rows.append((row, cells))
    return Cells(str(path), rows, wanted)


def _read(path: Path, options: dict, loc: Loc) -> tuple[str, int, int, list[list]]:
    """The sheet asked for, its top-left cell and its values, row by row (in the child)."""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
        names = book.sheet_names
        wanted = options.get("sheet") or _first_with(book, names, options.get("sheet-with"))
        if wanted not in names:
            raise ContentError(
                Problem(
                    loc,
                    f"{path.name} has no sheet '{wanted}' (sheets: {', '.join(names) or 'none'})",
                )
            )
        sheet = book.get_sheet_by_name(wanted)
        top, left = sheet.start or (0, 0)
        if sheet.height * sheet.width > limits.MAX_CELLS:  # two far-apart cells span a vast grid
            raise ContentError(
                Problem(
                    loc,
                    f"sheet '{wanted}' of {path.name} spans"
                    f" {sheet.height:,} rows by {sheet.width:,} columns;"
                    f" at most {limits.MAX_CELLS:,} cells are read",
                )
            )
        grid = sheet.to_python(skip_empty_area=True)
    except (CalamineError, ValueError, OSError) as exc:
        raise ContentError(
            Problem(
                Loc(str(path), 1, 1),
                f"not a readable {path.suffix[1:]} workbook: {str(exc).splitlines()[0][:120]}",
            )
        ) from None
    return wanted, top, left, grid


def _first_with(book, names: list[str], column: str | None) -> str | None:
    """The first sheet whose first row names `column` (`pnp new` asks), else the first: all
    looked at in this one opening of the book, so many sheets cost their size, once."""
    for name in names if column is not None else ():
        top = book.get_sheet_by_name(name).to_python(skip_empty_area=True, nrows=1)
        if top and column in [str(v).strip() for v in top[0]]:
            return name
    return names[0] if names else None


def sheet_names(path: Path) -> list[str]:
    """The sheets of a workbook, in order (none when it cannot be read)."""
    from python_calamine import CalamineError, CalamineWorkbook

    _bounded(path)

    def names() -> list[str]:
        try:
            return list(CalamineWorkbook.from_path(str(path)).sheet_names)
        except (CalamineError, ValueError, OSError):
            return []

    try:
        return isolated(names, path, "spreadsheet")
    except ContentError:  # the reader could not go on: no sheets to offer
        return []


def _bounded(path: Path) -> None:
    """Refuse, before the reader sees it, a workbook that unpacks to too much or whose sheets
    name cells so far apart that their grid would not fit in memory (the reader allocates
    the whole grid at once, and cannot be stopped once it has begun)."""
    where = Loc(str(path), 1, 1)
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
            if unpacked > limits.MAX_UNPACKED_BYTES:
                raise ContentError(
                    Problem(
                        where,
                        f"the workbook unpacks to"
                        f" {unpacked // 2**20} MiB; at most"
                        f" {limits.MAX_UNPACKED_BYTES // 2**20} MiB are read",
                    )
                )
            for info in archive.infolist():
                if info.filename.startswith("xl/worksheets/") or info.filename == "content.xml":
                    _grid_size(archive, info.filename, where)
    except (zipfile.BadZipFile, OSError, RuntimeError, EOFError):
        raise ContentError(
            Problem(
                where, f"not a {path.suffix[1:]} workbook (it is not the zip archive a workbook is)"
            )
        ) from None


_CELL = re.compile(
    rb'<(?:c|dimension)\b[^>]*?\br(?:ef)?="\$?([A-Z]{1,3})\$?([0-9]{1,7})'
    rb'(?::\$?([A-Z]{1,3})\$?([0-9]{1,7}))?"'
)
_ODS = re.compile(rb"<table:table-row\b([^>]*)>|<table:(?:covered-)?table-cell\b([^>]*?)(/?)>")
_REPEAT = re.compile(rb'number-(?:rows|columns)-repeated="([0-9]{1,10})"')


def _grid_size(archive: zipfile.ZipFile, name: str, where: Loc) -> None:
    """The farthest cell a sheet fills: XLSX cell and dimension references; in ODS the rows
    and cells before the last one with a value, repeats counted (trailing empty repeats,
    which every ODS file has, are not)."""
    with archive.open(name) as stream:
        data = stream.read()
    rows = cols = 1
    if name == "content.xml":
        rows, cols = _ods_extent(data)
    for m in _CELL.finditer(data):
        for col, row in ((m[1], m[2]), (m[3], m[4])):
            if col:
                cols = max(cols, _column_number(col))
                rows = max(rows, int(row))
    if rows * cols > limits.MAX_CELLS:
        raise ContentError(
            Problem(
                where,
                f"a sheet of the workbook spans {rows:,} rows by"
                f" {cols:,} columns; at most {limits.MAX_CELLS:,} cells are read",
            )
        )


def _ods_extent(data: bytes) -> tuple[int, int]:
    row = col = 0
    rows = cols = 1
    repeat = 1
    for m in _ODS.finditer(data):
        if m[1] is not None:  # a row begins: the one before it is passed
            row += repeat
            found = _REPEAT.search(m[1])
            repeat, col = (int(found[1]) if found else 1), 0
            continue
        found = _REPEAT.search(m[2])
        span = int(found[1]) if found else 1
        col += span
        if b"value-type" in m[2] or not m[3]:  # a cell with a value, or with text in it
            rows, cols = max(rows, row + repeat), max(cols, col)
    return rows, cols


def _column_number(letters: bytes) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ch - 64
    return n


def column(index: int) -> str:
    """A column's letters as spreadsheets name it: 0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name
