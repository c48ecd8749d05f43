"""Workbook tables, XLSX and ODS, read with python-calamine (one fast, well-kept reader for
both, without a spreadsheet program). A table is one sheet, named by `sheet:` or the first;
each cell keeps its row and column number and is named as the program shows it (Deck!C14).

A workbook is a zip of XML, and the reader allocates what its cells ask for at once: every
part is read as it unpacks (its real size counted, whatever the zip's directory says) and
what the reader would build is counted before it sees the file, so that a small file that
unpacks to gigabytes, spans a vast grid or copies one string into every cell is refused
rather than read. The reader itself is native code that a crafted file may still make
abort: it runs in a child (core/isolated.py). A cell whose formula failed (#DIV/0!) is an
error at the cell, not the empty value the reader makes of it."""

from __future__ import annotations

import array
import copy
import itertools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from bastelbogen.content.tables import Cells, ReadOptions, register
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.isolated import isolated
from bastelbogen.core.source import read_bytes

if TYPE_CHECKING:
    import zipfile

    from python_calamine import CalamineWorkbook


@register(".xlsx", ".ods")
def read_workbook(path: Path, options: ReadOptions, loc: Loc) -> Cells:
    import python_calamine  # noqa: F401 - imported here, before the child is forked

    read_bytes(path, loc, limits.MAX_BINARY_BYTES, what="table file")  # there, and not huge
    errors = _bounded(path)
    # Only the values cross from the child; their places are made here.
    wanted, top, left, grid = isolated(lambda: _read(path, options, loc), path, "spreadsheet")
    _no_errors(path, wanted, errors.get(wanted, []))
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


def _no_errors(path: Path, sheet: str, cells: list[tuple[int, int, str]]) -> None:
    """A cell whose formula failed (#DIV/0!, #N/A) is read as empty by the reader; it is
    told at the cell instead, so that no column's default stands in for it unseen."""
    if cells:
        raise ContentError(
            [
                Problem(
                    Loc(str(path), row, col, f"{sheet}!{column(col - 1)}{row}"),
                    f"the cell holds the error {text or 'of a formula that failed'}:"
                    " fix its formula in the spreadsheet (a table's cells need values)",
                )
                for row, col, text in cells[:20]
            ]
        )


def _read(
    path: Path, options: ReadOptions, loc: Loc
) -> tuple[str, int, int, Sequence[Sequence[object]]]:
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


def _first_with(book: CalamineWorkbook, names: list[str], column: str | None) -> str | None:
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


def _bounded(path: Path) -> dict[str, list[tuple[int, int, str]]]:
    """Refuse, before the reader sees it, a workbook that unpacks to too much or whose sheets
    would make the reader hold too much (a vast grid, a string copied into every cell):
    the reader allocates all of it at once, and cannot be stopped once it has begun.
    Every part of the zip is read, streaming, wherever the workbook's relationships point,
    its bytes counted as they unpack, not taken from the zip's directory. Gives each
    sheet's error cells (a formula that failed), by sheet name."""
    import zipfile  # loaded by the first workbook read

    where = Loc(str(path), 1, 1)
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            unpacked = sum(info.file_size for info in infos)
            if unpacked > limits.MAX_UNPACKED_BYTES:
                _refuse(
                    where,
                    f"the workbook unpacks to {unpacked // 2**20} MiB; at most"
                    f" {limits.MAX_UNPACKED_BYTES // 2**20} MiB are read",
                )
            scan = _Scan(where)
            # Shared strings first: a sheet's cells are measured by the strings they name.
            for info in sorted(infos, key=lambda i: not _shared_strings(i.filename)):
                scan.part(info.filename, _unpack(archive, info, scan))
    except (zipfile.BadZipFile, OSError, RuntimeError, EOFError, NotImplementedError):
        raise ContentError(
            Problem(
                where, f"not a {path.suffix[1:]} workbook (it is not the zip archive a workbook is)"
            )
        ) from None
    return scan.errors_by_sheet()


def _refuse(where: Loc, message: str) -> NoReturn:
    raise ContentError(Problem(where, message))


def _shared_strings(name: str) -> bool:
    return name.rpartition("/")[2].lower() == "sharedstrings.xml"


_CHUNK = 1 << 20


def _unpack(archive: zipfile.ZipFile, info: zipfile.ZipInfo, scan: _Scan) -> Iterator[bytes]:
    """A part's bytes as they unpack, counted: the zip's directory may understate a part's
    size (and the reader would unpack all of it), so the part is read as if it had no
    size, and refused the moment it passes the one it states."""
    unsized = copy.copy(info)
    unsized.file_size = limits.MAX_UNPACKED_BYTES + 1
    read = 0
    with archive.open(unsized) as stream:
        while chunk := stream.read(_CHUNK):
            read += len(chunk)
            if read > info.file_size:
                _refuse(
                    scan.where,
                    f"the zip's directory says part {info.filename} unpacks to"
                    f" {info.file_size:,} bytes, but it unpacks to more: the workbook is"
                    " damaged or made to mislead; it is not read",
                )
            scan.unpacked(len(chunk))
            yield chunk


class _Scan:
    """What every part of a workbook would make the reader build, counted as the parts
    unpack (sheetcount.py): its bytes, as they come; the length of each shared string;
    which part holds which sheet; the error cells of each sheet."""

    def __init__(self, where: Loc) -> None:
        self.where = where
        self._unpacked = 0
        self.strings = array.array("Q")  # the length of each shared string, in order
        self.sheets: dict[str, str] = {}  # XLSX: relationship id -> sheet name
        self.targets: dict[str, str] = {}  # XLSX: part -> relationship id
        self.errors: dict[str, list[tuple[int, int, str]]] = {}  # by part, or ODS table

    def unpacked(self, size: int) -> None:
        self._unpacked += size
        if self._unpacked > limits.MAX_UNPACKED_BYTES:
            _refuse(
                self.where,
                f"the workbook unpacks to more than {limits.MAX_UNPACKED_BYTES // 2**20} MiB"
                " (more than its zip directory says); it is not read",
            )

    def part(self, name: str, chunks: Iterator[bytes]) -> None:
        first = next(chunks, b"")
        if _looks_like_xml(first):
            _Part(self, name).parse(itertools.chain((first,), chunks))
            return
        for chunk in itertools.chain((first,), chunks):  # a picture: its bytes counted
            if b"sheetData" in chunk or b"table-row" in chunk:
                _refuse(self.where, f"part {name} of the workbook holds a sheet but is not XML")

    def errors_by_sheet(self) -> dict[str, list[tuple[int, int, str]]]:
        return {
            self.sheets.get(self.targets.get(part, ""), part): cells  # ODS: by table already
            for part, cells in self.errors.items()
        }


def _looks_like_xml(head: bytes) -> bool:
    return head.lstrip()[:1] == b"<" or head.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))


class _Part:
    """One part of a workbook, counted as it unpacks. Its tags are found by pattern, which
    is exact only over plain markup: text, and tags whose quoted values hold no '<'. So each
    piece counted must first be made of nothing else (_LEXICAL): then every '<' opens a tag
    and every tag the reader sees is seen here, whatever its quotes, its prefix, or a '>'
    inside a value. No spreadsheet program writes anything else (comments, CDATA, a
    DOCTYPE); a part that holds it is refused."""

    def __init__(self, scan: _Scan, name: str) -> None:
        # Its patterns are compiled when a workbook is first read, not by every build.
        from bastelbogen.content.tables.sheetcount import SheetCount, TableCount

        self.scan, self.name = scan, name
        self.shared = _shared_strings(name)
        self.rels = name.endswith("workbook.xml.rels")
        self.base = name.rpartition("_rels/")[0]  # where the workbook's targets start
        self.xlsx = SheetCount(self)
        self.ods = TableCount(self)

    def parse(self, chunks: Iterator[bytes]) -> None:
        carry, at = b"", 0  # what the counters left (a tag cut off), and its offset
        for chunk in chunks:
            buf = carry + chunk
            if len(buf) - buf.rfind(b"<") > limits.MAX_TAG_BYTES:
                self._long()
            cut = self._count(buf, at, final=False)
            carry, at = buf[cut:], at + cut
        self._count(carry, at, final=True)

    def _long(self) -> NoReturn:
        """A tag is held whole until it ends (here and in the reader); a text cannot be
        that long either in a workbook (a program keeps 32,767 characters in a cell)."""
        self.refuse(
            f"the workbook holds a tag or text of more than {limits.MAX_TAG_BYTES // 2**20} MiB"
        )

    def plain(self, buf: bytes, at: int) -> None:
        """`buf` is made of plain markup only, or the part is refused."""
        found = _LEXICAL.match(buf)  # it matches the empty text, at least
        end = found.end() if found else 0
        if end < len(buf):
            self.refuse(
                f"the workbook holds, at byte {at + end:,}, markup no spreadsheet program"
                " writes (a comment, CDATA, a DOCTYPE, a '<' inside a value, or broken XML)"
            )

    def _count(self, buf: bytes, at: int, final: bool) -> int:
        cut = self.xlsx.count(buf, at, final)
        if self.name == "content.xml":  # the one part an ODS reader reads
            cut = min(cut, self.ods.count(buf, at, final))
        return cut

    def refuse(self, why: str) -> NoReturn:
        _refuse(self.scan.where, f"{why} (part {self.name}); it is not read")


# What a workbook part may be made of: text, and tags whose values hold no '<' – no
# comments, CDATA, DOCTYPE or processing instructions (but the XML declaration), none of
# which a spreadsheet program writes, and in which a tag could hide from the patterns.
_LEXICAL = re.compile(
    rb"(?:[^<]++|<[/?]?[\w.:-]++(?:\s++[\w.:-]++\s*+=\s*+(?:\"[^\"<]*+\"|'[^'<]*+'))*+"
    rb"\s*+[/?]?>)*+"
)


def column(index: int) -> str:
    """A column's letters as spreadsheets name it: 0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name
