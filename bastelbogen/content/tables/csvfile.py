"""CSV and TSV tables: UTF-8 (a byte-order mark is allowed), the delimiter declared or found
from the header line. Every cell keeps its place: the physical line its record starts on
(a quoted cell may span lines) and its field number, counted from 1."""

from __future__ import annotations

import csv
from pathlib import Path

from bastelbogen.content.tables import Cells, register
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.source import check_controls, read_text

DELIMITERS = ",;\t|"


@register(".csv", ".tsv")
def read_csv(path: Path, options: dict, loc: Loc) -> Cells:
    text = read_text(path, loc, what="table file")
    check_controls(text, str(path))
    delimiter = options.get("delimiter") or _sniff(text, path)
    lines = text.splitlines(keepends=True)
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    rows, line = [], 1
    try:
        for record in reader:
            start, line = line, reader.line_num + 1
            if any(cell.strip() for cell in record):
                rows.append(
                    (
                        start,
                        [
                            (cell, Loc(str(path), start, n))
                            for n, cell in enumerate(record, start=1)
                        ],
                    )
                )
            if len(rows) > limits.MAX_ITEMS:
                raise ContentError(
                    Problem(Loc(str(path), start, 1), f"more than {limits.MAX_ITEMS} rows")
                )
    except csv.Error as exc:
        raise ContentError(Problem(Loc(str(path), line, 1), f"broken CSV: {exc}")) from None
    return Cells(str(path), rows)


def _sniff(text: str, path: Path) -> str:
    """The delimiter: a TSV's tab, else the candidate the header line holds most of (a
    header is plain names, so quotes do not mislead it); a comma when it holds none."""
    if path.suffix.lower() == ".tsv":
        return "\t"
    header = text.split("\n", 1)[0]
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","
