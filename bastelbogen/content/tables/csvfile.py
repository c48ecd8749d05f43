"""CSV and TSV tables: UTF-8 (a byte-order mark is allowed), the delimiter declared or found
from the header line. Every cell keeps its place: the physical line its record starts on
(a quoted cell may span lines) and its field number, counted from 1.

The lines are handed to the parser one by one and their delimiters counted on the way in,
so a line of ten million commas is refused at the cell past the limit, before the parser
has made a list of ten million empty cells."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from bastelbogen.content.tables import Cell, Cells, ReadOptions, register
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.source import check_controls, read_text

DELIMITERS = ",;\t|"


@register(".csv", ".tsv")
def read_csv(path: Path, options: ReadOptions, loc: Loc) -> Cells:
    text = read_text(path, loc, what="table file")
    check_controls(text, str(path))
    delimiter = options.get("delimiter") or _sniff(text, path)
    lines = _Lines(text, delimiter, path)
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[Cell]]] = []
    line, cells = 1, 0
    try:
        for record in reader:
            start, line = line, reader.line_num + 1
            lines.record_ends()
            cells += len(record)
            if any(cell.strip() for cell in record):
                rows.append(
                    (start, [(cell, Loc(str(path), start, n)) for n, cell in enumerate(record, 1)])
                )
            if len(rows) > limits.MAX_ITEMS or cells > limits.MAX_CELLS:
                raise ContentError(
                    Problem(
                        Loc(str(path), start, 1),
                        f"more than {limits.MAX_ITEMS} rows"
                        if len(rows) > limits.MAX_ITEMS
                        else f"more than {limits.MAX_CELLS:,} cells",
                    )
                )
    except csv.Error as exc:
        raise ContentError(Problem(Loc(str(path), line, 1), f"broken CSV: {exc}")) from None
    return Cells(str(path), rows)


class _Lines:
    """The text's lines, as the parser asks for them; a record whose delimiters pass
    limits.MAX_ROW_CELLS is refused at the cell past it, while its line is read."""

    def __init__(self, text: str, delimiter: str, path: Path) -> None:
        self._lines: Iterator[str] = iter(io.StringIO(text, newline=""))
        self._delimiter, self._path = delimiter, path
        self._number = 0  # the physical line last handed out
        self._cells = 1  # cells of the record being read, counted by its delimiters

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self._number += 1
        self._cells += line.count(self._delimiter)
        if self._cells > limits.MAX_ROW_CELLS:
            self._refuse(line)
        return line

    def record_ends(self) -> None:
        self._cells = 1

    def _refuse(self, line: str) -> None:
        # The first cell past the limit begins after the record's MAX_ROW_CELLS-th delimiter.
        before = self._cells - line.count(self._delimiter)  # the record's cells before it
        at = -1
        for _ in range(limits.MAX_ROW_CELLS - before + 1):
            at = line.find(self._delimiter, at + 1)
        raise ContentError(
            Problem(
                Loc(str(self._path), self._number, at + 2),
                f"a row of more than {limits.MAX_ROW_CELLS:,} cells"
                f" (delimiter {self._delimiter!r}); a table has a column for each",
            )
        )


def _sniff(text: str, path: Path) -> str:
    """The delimiter: a TSV's tab, else the candidate the header line holds most of (a
    header is plain names, so quotes do not mislead it); a comma when it holds none."""
    if path.suffix.lower() == ".tsv":
        return "\t"
    header = text.split("\n", 1)[0]
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","
