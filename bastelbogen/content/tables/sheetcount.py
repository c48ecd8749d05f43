"""What a workbook's parts would make the spreadsheet reader build, counted by pattern
before it sees them (workbook.py streams the parts and makes sure each piece is plain
markup, so that the patterns see every tag the reader sees). XLSX sheets: cells at their
`r=` or where the reader counts to, shared strings in every cell that names them, error
cells; ODS tables: rows and cells with their repeats and the text each copies."""

from __future__ import annotations

import array
import collections
import re
from collections.abc import Callable
from typing import ClassVar, NoReturn, Protocol

from bastelbogen.core import limits


class Found(Protocol):
    """What the counting of one workbook gathers across its parts."""

    strings: array.array[int]  # the length of each shared string, in order
    sheets: dict[str, str]  # XLSX: relationship id -> sheet name
    targets: dict[str, str]  # XLSX: part -> relationship id
    errors: dict[str, list[tuple[int, int, str]]]  # error cells, by part or ODS table


class Part(Protocol):
    """One part of a workbook, as the counters see it."""

    name: str
    shared: bool  # the shared-string table
    rels: bool  # the workbook's relationships
    base: str  # where the workbook's relationship targets start

    @property
    def scan(self) -> Found: ...

    def refuse(self, why: str) -> NoReturn: ...

    def plain(self, buf: bytes, at: int) -> None: ...


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
    return int(m[2]), column_number(m[1].upper())


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
_ROW = re.compile(rb"<(?:[\w.-]+:)?row(?=[\s/>])" + _ATTRS + rb"|</(?:[\w.-]+:)?row\s*>")
_ROW_OR_CELL = re.compile(
    rb"<(?:[\w.-]+:)?(row|c)(?=[\s/>])" + _ATTRS + rb"|</(?:[\w.-]+:)?row\s*>"
)
_STRING = re.compile(
    rb"<(?:[\w.-]+:)?si(?=[\s/>])" + _AT + rb"*\s*(?:/>|>(.*?)</(?:[\w.-]+:)?si\s*>)", re.S
)
_OTHER = re.compile(rb"<(?:[\w.-]+:)?(sst|dimension|sheet|Relationship)(?=[\s/>])" + _ATTRS)


class SheetCount:
    """An XLSX part as the reader reads it: a `<row>` sets the row by its `r=` and each
    `</row>` moves one down; a `<c>` sits at its `r=`, or else where the row has counted to,
    and moves one right (`<c/>` and `<row/>` too: the reader expands empty elements).
    Most sheets give every cell its `r=`: their cells are taken in bulk, by pattern; the
    others are followed cell by cell. Shared strings are measured in their own part, before
    the sheets, and counted in each cell that names them."""

    def __init__(self, part: Part) -> None:
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
        # Each pattern costs a pass over the piece: those that cannot find anything in it
        # are not run (a part of millions of other tags costs one pass, not seven).
        every = len(_CELL.findall(buf)) if b"<c" in buf or b":c" in buf else 0
        if not every:
            self._rows(buf)
            return cut
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
            self.cols = max(self.cols, max(map(column_number, set(_LETTERS.findall(joined)))))
        last = self._rows(buf)  # where they leave the reader, for cells without r= further on
        if refs and (last is None or _CELL.search(buf, last)):
            self.col = self.cols  # in a row the next piece goes on: at most this far

    def _rows(self, buf: bytes) -> int | None:
        """The rows of `buf` followed, one by one (rows past the most a sheet has are
        refused, so this ends); where the last ended, or None."""
        last = None
        if b"row" in buf:
            for m in _ROW.finditer(buf):
                self._row(m)
                last = m.end()
        return last

    def _rows_end(self) -> None:
        """Rows past the last a spreadsheet program has (each one ended costs the reader
        a step, with no cell in it) are refused as they are counted."""
        if self.row > limits.MAX_SHEET_ROWS:
            self.part.refuse(
                f"a sheet of the workbook has more than {limits.MAX_SHEET_ROWS:,} rows, the"
                " most a spreadsheet program has"
            )

    def _row(self, m: re.Match[bytes]) -> None:
        if m[1] is not None:
            found = _cell_ref(_attrs(m[1]).get(b"r", b""))
            self.row = found[0] - 1 if found else self.row
            if not m[2]:
                return
        self.row, self.col = self.row + 1, 0  # </row>, or <row/>
        if self.row > limits.MAX_SHEET_ROWS:
            self._rows_end()

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
        named = list(map(int, filter(bytes.isdigit, cells)))
        unknown = len(cells) - len(named)
        try:
            self.text += sum(map(strings.__getitem__, named))
        except IndexError:
            unknown = len(named) + unknown
        if unknown > 0:
            self.text += unknown * max(strings)
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
        read = self._READ.get(name)
        if read is not None:
            text = {
                k.decode(errors="replace"): v.decode(errors="replace") for k, v in attrs.items()
            }
            read(self, text, attrs)

    def _sst(self, text: dict[str, str], attrs: dict[bytes, bytes]) -> None:
        said = text.get("uniqueCount", "").strip()
        if self.part.shared and said.isdigit() and int(said) > limits.MAX_CELLS:
            self.part.refuse(
                f"the workbook says it holds {int(said):,} shared strings; at most"
                f" {limits.MAX_CELLS:,} are read"
            )

    def _dimension(self, text: dict[str, str], attrs: dict[bytes, bytes]) -> None:
        for ref in attrs.get(b"ref", b"").split(b":")[:2]:
            found = _cell_ref(ref)
            if found:
                self.rows, self.cols = max(self.rows, found[0]), max(self.cols, found[1])

    def _sheet(self, text: dict[str, str], attrs: dict[bytes, bytes]) -> None:
        if "name" in text:
            rid = next((v for k, v in text.items() if k.rpartition(":")[2] == "id"), "")
            self.part.scan.sheets[rid] = text["name"]

    def _relationship(self, text: dict[str, str], attrs: dict[bytes, bytes]) -> None:
        if self.part.rels:
            target = text.get("Target", "")
            part = target[1:] if target.startswith("/") else self.part.base + target
            self.part.scan.targets[part] = text.get("Id", "")

    _READ: ClassVar[dict[bytes, Callable[..., None]]] = {
        b"sst": _sst,
        b"dimension": _dimension,
        b"sheet": _sheet,
        b"Relationship": _relationship,
    }

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


class TableCount:
    """An ODS part as the reader reads it: rows and cells with their repeats, up to the last
    cell with a value (trailing empty repeats, which every ODS file has, cost nothing), and
    each cell's text (attributes, content, `text:s` spaces) times the places it repeats to."""

    def __init__(self, part: Part) -> None:
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

    def _cell(self, attrs: dict[bytes, bytes], buf: bytes, m: re.Match[bytes]) -> None:
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


def _grid(part: Part, rows: int, cols: int) -> None:
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


def column_number(letters: bytes) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ch - 64
    return n
