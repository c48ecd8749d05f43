"""Workbook tables, XLSX and ODS, read with python-calamine (one fast, well-kept reader for
both, without a spreadsheet program). A table is one sheet, named by `sheet:` or the first;
each cell keeps its row and column number and is named as the program shows it (Deck!C14).

A workbook is a zip of XML: its size unpacked is bounded before it is opened, so a small
file that unpacks to gigabytes is refused rather than read."""

from __future__ import annotations

import zipfile
from pathlib import Path

from .. import limits
from ..errors import ContentError, Loc, Problem
from ..source import read_bytes
from . import Sheet, register

MAX_UNPACKED = 256 * 1024 * 1024


@register(".xlsx", ".ods")
def read_workbook(path: Path, options: dict, loc: Loc) -> Sheet:
    from python_calamine import CalamineError, CalamineWorkbook  # only when a workbook is read

    read_bytes(path, loc, limits.MAX_BINARY_BYTES, what="table file")  # there, and not huge
    _bounded(path)
    try:
        book = CalamineWorkbook.from_path(str(path))
        names = book.sheet_names
        wanted = options.get("sheet") or (names[0] if names else None)
        if wanted not in names:
            raise ContentError(Problem(loc, f"{path.name} has no sheet '{wanted}' (sheets:"
                                       f" {', '.join(names) or 'none'})"))
        sheet = book.get_sheet_by_name(wanted)
        top, left = sheet.start or (0, 0)
        grid = sheet.to_python(skip_empty_area=True)
    except (CalamineError, ValueError, OSError) as exc:
        raise ContentError(Problem(Loc(str(path), 1, 1), f"not a readable {path.suffix[1:]}"
                                   f" workbook: {str(exc).splitlines()[0][:120]}")) from None
    if len(grid) > limits.MAX_ITEMS:
        raise ContentError(Problem(Loc(str(path), limits.MAX_ITEMS, 1),
                                   f"sheet '{wanted}' has more than {limits.MAX_ITEMS} rows"))
    rows = []
    for r, values in enumerate(grid):
        row = top + r + 1
        cells = [(v, Loc(str(path), row, left + c + 1, f"{wanted}!{column(left + c)}{row}"))
                 for c, v in enumerate(values)]
        if any(v not in (None, "") for v, _ in cells):
            rows.append((row, cells))
    return Sheet(str(path), rows)


def sheet_names(path: Path) -> list[str]:
    """The sheets of a workbook, in order (none when it cannot be read)."""
    from python_calamine import CalamineError, CalamineWorkbook

    _bounded(path)
    try:
        return list(CalamineWorkbook.from_path(str(path)).sheet_names)
    except (CalamineError, ValueError, OSError):
        return []


def _bounded(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise ContentError(Problem(Loc(str(path), 1, 1), f"not a {path.suffix[1:]} workbook"
                                   " (it is not the zip archive a workbook is)")) from None
    if unpacked > MAX_UNPACKED:
        raise ContentError(Problem(Loc(str(path), 1, 1), f"the workbook unpacks to"
                                   f" {unpacked // 2**20} MiB; at most {MAX_UNPACKED // 2**20}"
                                   " MiB are read"))


def column(index: int) -> str:
    """A column's letters as spreadsheets name it: 0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name
