"""Workbook tables, XLSX and ODS, read with python-calamine (one fast, well-kept reader for
both, without a spreadsheet program). A table is one sheet, named by `sheet:` or the first;
each cell keeps its row and column number and is named as the program shows it (Deck!C14).

A workbook is a zip of XML: its size unpacked is bounded before it is opened, so a small
file that unpacks to gigabytes is refused rather than read. The reader itself is native code
that a crafted file can make abort the process: it runs in a child (core/isolated.py)."""

from __future__ import annotations

import array
import collections
import copy
import itertools
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

from bastelbogen.content.tables import Cells, register
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.isolated import isolated
from bastelbogen.core.source import read_bytes


@register(".xlsx", ".ods")
def read_workbook(path: Path, options: dict, loc: Loc) -> Cells:
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
    return Cells(str(path), rows)


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


def _read(path: Path, options: dict, loc: Loc) -> tuple[str, int, int, list[list]]:
    """The sheet asked for, its top-left cell and its values, row by row (in the child)."""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
        names = book.sheet_names
        wanted = options.get("sheet") or (names[0] if names else None)
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
    """Every part of a workbook, parsed as it unpacks by a real XML parser (expat), so that
    quotes, a '>' inside an attribute or a prefix hide nothing. What the reader would build
    is counted as it would build it: XLSX cells at their `r=` or, without one, where the
    reader counts to; ODS rows and cells with their repeats; the text of each cell at
    every place it lands (a shared string in each cell naming it, a repeated cell in each
    place it repeats to)."""

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
        self.scan, self.name = scan, name
        self.shared = _shared_strings(name)
        self.rels = name.endswith("workbook.xml.rels")
        self.base = name.rpartition("_rels/")[0]  # where the workbook's targets start
        self.xlsx = _SheetCount(self)
        self.ods = _TableCount(self)

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
        end = _LEXICAL.match(buf).end()
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


_ATTRS = rb"((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>"
_ATTR = re.compile(rb"([\w.:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


def _attrs(text: bytes) -> dict[bytes, bytes]:
    return {m[1]: m[2] if m[2] is not None else m[3] for m in _ATTR.finditer(text)}


def _cell_ref(ref: bytes) -> tuple[int, int] | None:
    """A cell reference (C14; lower case too, as the reader takes it) as its 1-based row and
    column (0 when it names none); None for what the reader refuses itself."""
    m = _REF.fullmatch(ref.strip())
    if not m or not int(m[2]):
        return None
    return int(m[2]), _column_number(m[1].upper())


_REF = re.compile(rb"([A-Za-z]*)([0-9]+)")


# Once a part has passed _LEXICAL, a tag is its name and attributes, each value quoted;
# the patterns below go from attribute to attribute, so a value cannot pass for one.
_AT = rb"(?:\s+[\w.:-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))"
_IN = _AT + rb"*?"
_C = rb"<(?:[\w.-]+:)?c(?=[\s/>])"
_CELL = re.compile(_C)
_CELL_REF = re.compile(_C + _IN + rb"\s+r\s*=\s*[\"']([A-Za-z]*[0-9]+)[\"']")
_LETTERS, _DIGITS = re.compile(rb"[A-Za-z]+"), re.compile(rb"[0-9]+")
_T = rb"\s+t\s*=\s*(?:\"%s\"|'%s')"
# After a cell's start: its formula, if any, and its value's text.
_VALUE = (
    rb"\s*(?:<(?:[\w.-]+:)?f(?=[\s/>])" + _AT + rb"*\s*(?:/>|>[^<]*</(?:[\w.-]+:)?f\s*>)\s*)?"
    rb"<(?:[\w.-]+:)?v\s*>([^<]*)<"
)
# A cell of a shared string, and its number (empty when it is not to be had).
_SHARED = re.compile(_C + _IN + _T % (b"s", b"s") + _AT + rb"*\s*/?>(?:" + _VALUE + rb")?")
_IS_ERROR = re.compile(_T % (b"e", b"e"))
_ERROR = re.compile(rb"(" + _C + _IN + _T % (b"e", b"e") + _AT + rb"*\s*>)" + _VALUE)
# What a workbook part may be made of: text, and tags whose values hold no '<' – no
# comments, CDATA, DOCTYPE or processing instructions (but the XML declaration), none of
# which a spreadsheet program writes, and in which a tag could hide from the patterns.
_LEXICAL = re.compile(
    rb"(?:[^<]++|<[/?]?[\w.:-]++(?:\s++[\w.:-]++\s*+=\s*+(?:\"[^\"<]*+\"|'[^'<]*+'))*+"
    rb"\s*+[/?]?>)*+"
)
_ROW = re.compile(rb"<(?:[\w.-]+:)?row(?=[\s/>])" + _ATTRS + rb"|</(?:[\w.-]+:)?row\s*>")
_ROW_OR_CELL = re.compile(
    rb"<(?:[\w.-]+:)?(row|c)(?=[\s/>])" + _ATTRS + rb"|</(?:[\w.-]+:)?row\s*>"
)
_STRING = re.compile(
    rb"<(?:[\w.-]+:)?si(?=[\s/>])" + _AT + rb"*\s*(?:/>|>(.*?)</(?:[\w.-]+:)?si\s*>)", re.S
)
_OTHER = re.compile(rb"<(?:[\w.-]+:)?(sst|dimension|sheet|Relationship)(?=[\s/>])" + _ATTRS)


class _SheetCount:
    """An XLSX part as the reader reads it: a `<row>` sets the row by its `r=` and each
    `</row>` moves one down; a `<c>` sits at its `r=`, or else where the row has counted to,
    and moves one right (`<c/>` and `<row/>` too: the reader expands empty elements).
    Most sheets give every cell its `r=`: their cells are taken in bulk, by pattern; the
    others are followed cell by cell. Shared strings are measured in their own part, before
    the sheets, and counted in each cell that names them."""

    def __init__(self, part: _Part) -> None:
        self.part = part
        self.row = self.col = 0  # the reader's place, 0-based
        self.rows = self.cols = 0  # the farthest cell, 1-based
        self.cells = self.text = 0

    def count(self, buf: bytes, at: int, final: bool) -> int:
        """Counts `buf` (at offset `at` of the part) up to where a tag may be cut off (all
        of it when `final`); gives that place."""
        if self.part.shared:
            return self._strings(buf, at, final)
        cut = len(buf) if final else max(buf.rfind(b"<"), 0)
        buf = buf[:cut]
        self.part.plain(buf, at)
        if not at:  # the sheet's dimension, workbook.xml's sheets: at a part's start
            for m in _OTHER.finditer(buf):
                self._other(m[1], _attrs(m[2]))
        every = len(_CELL.findall(buf))
        refs = _CELL_REF.findall(buf)
        if len(refs) == every:
            self._in_bulk(buf, refs)
        else:
            self._one_by_one(buf)
        self.cells += every
        self.check()
        self._shared(buf)
        if (b'"e"' in buf or b"'e'" in buf) and _IS_ERROR.search(buf):
            for m in _ERROR.finditer(buf):
                self._error(_attrs(m[1]), m[2])
        return cut

    def _in_bulk(self, buf: bytes, refs: list[bytes]) -> None:
        """Every cell gives its `r=`: the farthest row and column among them."""
        if refs:
            joined = b" ".join(refs)
            self.rows = max(self.rows, max(map(int, _DIGITS.findall(joined))))
            self.cols = max(self.cols, max(map(_column_number, set(_LETTERS.findall(joined)))))
        rows = list(_ROW.finditer(buf))  # a row's place matters to the cells without r=
        for m in rows:
            self._row(m)
        if refs and (not rows or _CELL.search(buf, rows[-1].end())):
            self.col = self.cols  # in a row the next piece goes on: at most this far
        elif rows:
            self.col = 0

    def _row(self, m: re.Match) -> None:
        if m[1] is not None:
            found = _cell_ref(_attrs(m[1]).get(b"r", b""))
            self.row = found[0] - 1 if found else self.row
            if not m[2]:
                return
        self.row, self.col = self.row + 1, 0  # </row>, or <row/>

    def _one_by_one(self, buf: bytes) -> None:
        for m in _ROW_OR_CELL.finditer(buf):
            if m[1] != b"c":
                self._row(_ROW.match(m[0]) or m)
                continue
            attrs = _attrs(m[2])
            found = _cell_ref(attrs[b"r"]) if b"r" in attrs else None
            if found and found[1]:
                row, self.col = found[0] - 1, found[1] - 1
            else:
                row = self.row
            self.rows, self.cols = max(self.rows, row + 1), max(self.cols, self.col + 1)
            self.col += 1
            if self.rows * self.cols > limits.MAX_CELLS:
                self.check()

    def _shared(self, buf: bytes) -> None:
        """A shared string's text, in each cell that names it (the longest, for a cell
        whose number is not to be had)."""
        strings = self.part.scan.strings
        if not strings:
            return
        cells = _SHARED.findall(buf)
        named = [int(i) for i in cells if i.strip().isdigit()]
        unknown = len(cells) - len(named)
        try:
            self.text += sum(map(strings.__getitem__, named))
        except IndexError:
            unknown = len(named) + unknown
        self.text += max(0, unknown) * max(strings)
        if self.text > limits.MAX_SHEET_TEXT_BYTES:
            self.part.refuse(
                f"a sheet of the workbook holds more than"
                f" {limits.MAX_SHEET_TEXT_BYTES // 2**20} MiB of text once each shared"
                " string is copied into the cells that name it"
            )

    def _error(self, attrs: dict[bytes, bytes], value: bytes) -> None:
        found = _cell_ref(attrs.get(b"r", b""))
        if found and found[1]:
            text = value.strip().decode("utf-8", "replace")[:40]
            self.part.scan.errors.setdefault(self.part.name, []).append((*found, text))

    def _strings(self, buf: bytes, at: int, final: bool) -> int:
        """The shared-string table: each string's length, in order."""
        strings = self.part.scan.strings
        found = _STRING.findall(buf)
        strings.extend(map(len, found))
        if len(strings) > limits.MAX_CELLS:
            self.part.refuse(f"the workbook holds more than {limits.MAX_CELLS:,} shared strings")
        last = collections.deque(_STRING.finditer(buf), maxlen=1)
        cut = last[0].end() if last else 0
        if final:
            cut = len(buf)
        elif len(buf) - cut > limits.MAX_TAG_BYTES:
            self.part.refuse(
                f"the workbook holds a shared string of more than"
                f" {limits.MAX_TAG_BYTES // 2**20} MiB"
            )
        self.part.plain(buf[:cut], at)
        for m in _OTHER.finditer(buf, 0, cut):
            self._other(m[1], _attrs(m[2]))
        return cut

    def _other(self, name: bytes, attrs: dict[bytes, bytes]) -> None:
        """The shared strings' count, a sheet's dimension, and which part holds which sheet:
        workbook.xml names a sheet and its id, its relationships the part it stands for."""
        text = {k.decode(errors="replace"): v.decode(errors="replace") for k, v in attrs.items()}
        scan = self.part.scan
        if name == b"sst":
            said = text.get("uniqueCount", "").strip()
            if self.part.shared and said.isdigit() and int(said) > limits.MAX_CELLS:
                self.part.refuse(
                    f"the workbook says it holds {int(said):,} shared strings; at most"
                    f" {limits.MAX_CELLS:,} are read"
                )
        elif name == b"dimension":
            for ref in attrs.get(b"ref", b"").split(b":")[:2]:
                found = _cell_ref(ref)
                if found:
                    self.rows, self.cols = max(self.rows, found[0]), max(self.cols, found[1])
        elif name == b"sheet" and "name" in text:
            rid = next((v for k, v in text.items() if k.rpartition(":")[2] == "id"), "")
            scan.sheets[rid] = text["name"]
        elif name == b"Relationship" and self.part.rels:
            target = text.get("Target", "")
            part = target[1:] if target.startswith("/") else self.part.base + target
            scan.targets[part] = text.get("Id", "")

    def check(self) -> None:
        if self.cells > limits.MAX_CELLS:
            self.part.refuse(
                f"a sheet of the workbook has more than {limits.MAX_CELLS:,} cells, the most"
                " that are read"
            )
        _grid(self.part, self.rows, self.cols)


_ODS = re.compile(
    rb"<(table:table|table:table-row|table:table-cell|table:covered-table-cell|text:s)(?=[\s/>])"
    + _ATTRS
    + rb"|</(table:table-cell|table:covered-table-cell)\s*>"
)
_PARAGRAPH = re.compile(rb"\s*<text:p(?:\s[^>]*)?>([^<]*)")


class _TableCount:
    """An ODS part as the reader reads it: rows and cells with their repeats, up to the last
    cell with a value (trailing empty repeats, which every ODS file has, cost nothing), and
    each cell's text (attributes, content, `text:s` spaces) times the places it repeats to."""

    def __init__(self, part: _Part) -> None:
        self.part = part
        self.table = ""
        self._reset()

    def _reset(self) -> None:
        self.row = self.col = 0
        self.repeat = 1
        self.rows = self.cols = self.text = 0
        self.cell: tuple[int, bool] | None = None  # the open cell's span, and has a value
        self.size = self.began = 0

    def count(self, buf: bytes, at: int, final: bool) -> int:
        """Counts `buf` (at offset `at` of the part) up to where a tag may be cut off (all of
        it when `final`); gives that place."""
        cut = len(buf) if final else max(buf.rfind(b"<"), 0)
        for m in _ODS.finditer(buf, 0, cut):
            name = m[1]
            if name == b"table:table-cell" or name == b"table:covered-table-cell":
                self._cell(_attrs(m[2]), buf, m)
                if m[3]:  # <table:table-cell/>: it ends at once
                    self._cell_end()
                else:
                    self.began = at + m.end()
            elif name is None:  # a cell ends: its content counted as its text
                self.size += at + m.start() - self.began
                self._cell_end()
            elif name == b"table:table-row":
                self.row += self.repeat
                self.repeat = _count(_attrs(m[2]).get(b"table:number-rows-repeated"))
                self.col = 0
            elif name == b"text:s" and self.cell is not None:  # spaces, as many as it says
                self.size += _count(_attrs(m[2]).get(b"text:c"))
            elif name == b"table:table":
                self._reset()
                self.table = _attrs(m[2]).get(b"table:name", b"").decode(errors="replace")
        return cut

    def _cell(self, attrs: dict[bytes, bytes], buf: bytes, m: re.Match) -> None:
        span = _count(attrs.get(b"table:number-columns-repeated"))
        valued = not m[3] or any(key.endswith((b"value-type", b"value")) for key in attrs)
        self.cell = (span, valued)
        # What the reader copies to each place: the value and formula (not the counts).
        self.size = sum(len(v) for k, v in attrs.items() if k.endswith((b"value", b"formula")))
        if attrs.get(b"calcext:value-type") == b"error":
            shown = _PARAGRAPH.match(buf, m.end())
            text = shown[1].strip().decode("utf-8", "replace")[:40] if shown else ""
            self.part.scan.errors.setdefault(self.table, []).append(
                (self.row + 1, self.col + 1, text)
            )

    def _cell_end(self) -> None:
        if self.cell is None:
            return
        span, valued = self.cell
        self.cell = None
        self.col += span
        if valued:
            self.rows = max(self.rows, self.row + self.repeat)
            self.cols = max(self.cols, self.col)
            self.text += self.size * span * self.repeat  # an empty cell is not copied
        _grid(self.part, self.rows, self.cols)
        if self.text > limits.MAX_SHEET_TEXT_BYTES:
            self.part.refuse(
                f"a sheet of the workbook holds more than"
                f" {limits.MAX_SHEET_TEXT_BYTES // 2**20} MiB of text once each repeated cell"
                " is copied to every place it repeats to"
            )


def _grid(part: _Part, rows: int, cols: int) -> None:
    """Two cells far apart make the reader allocate the whole grid between them."""
    if rows * cols > limits.MAX_CELLS:
        part.refuse(
            f"a sheet of the workbook spans {rows:,} rows by {cols:,} columns;"
            f" at most {limits.MAX_CELLS:,} cells are read"
        )


def _count(said: bytes | None) -> int:
    """A repeat count as written (what is not a number the reader refuses itself)."""
    said = (said or b"").strip()
    return int(said) if said.isdigit() else 1


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
