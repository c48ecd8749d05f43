"""Spreadsheet and table files as hostile input: each file is built here by hand (openpyxl,
zipfile), read by the real command line in a child held to memory and CPU bounds
(tests/hostile/harness.py), and must end in exit 1 with a located message naming the file,
no traceback, and a peak far below what the bomb would take."""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from pathlib import Path

import pytest

from tests.conftest import pnp
from tests.test_tables import HEADER, ROWS, _ods, _project, _xlsx

MIB = 1024 * 1024
# What the issue promises: refused before the process holds 300 MB.
PEAK_MIB = 300


# --- hostile files -------------------------------------------------------------------------


def _name_shared_strings(parts: dict[str, bytes], target: bytes) -> None:
    """The workbook's relationships and content types name xl/sharedStrings.xml (at
    `target`, as the relationship writes it), as a spreadsheet program does."""
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdS" Target="' + target + b'" Type="http://schemas.'
        b'openxmlformats.org/officeDocument/2006/relationships/sharedStrings"/></Relationships>',
    )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats'
        b'-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    )


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def _write(path: Path, parts: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def _edit_sheet(edit, sheet: str = "xl/worksheets/sheet2.xml"):
    """A real workbook (Notes, Deck) with the Deck sheet's XML changed by `edit`."""

    def write(path: Path) -> None:
        _xlsx(ROWS)(path)
        parts = _parts(path)
        parts[sheet] = edit(parts[sheet])
        _write(path, parts)

    return write


def single_quoted_far_cell(data: bytes) -> bytes:
    """The far cell's reference in single quotes (valid XML): the reader asked for 512 GiB."""
    return data.replace(
        b"</sheetData>",
        b"<row r='1048576'><c r='XFD1048576' t='inlineStr'><is><t>far</t></is></c></row>"
        b"</sheetData>",
    )


def quote_in_attribute(data: bytes) -> bytes:
    """A '>' inside an attribute before the reference: a scan that ends a tag at the first
    '>' never sees the reference."""
    return data.replace(
        b"</sheetData>",
        b'<row r="1048576"><c x=">" r="XFD1048576" t="inlineStr"><is><t>far</t></is></c>'
        b"</row></sheetData>",
    )


def cells_without_reference(data: bytes) -> bytes:
    """16,383 empty cells without `r=` in row 1,000, and then one with a value: the reader
    counts their places, so the last lands in column XFD, 16 million cells from A1."""
    return data.replace(
        b"</sheetData>",
        b"<row r='1000'>" + b"<c/>" * 16_383 + b"<c t='inlineStr'><is><t>far</t></is></c>"
        b"</row></sheetData>",
    )


def rows_without_reference(data: bytes) -> bytes:
    """A million rows without `r=`: each one ends a row, and the cell after them is far down."""
    return data.replace(
        b"</sheetData>",
        b"<row></row>"
        * 1_048_000
        + b"<row><c r='XFD1' t='inlineStr'><is><t>x</t></is></c><c t='inlineStr'><is><t>far</t>"
        b"</is></c></row></sheetData>",
    )


def rows_past_the_last(data: bytes) -> bytes:
    """Ten million empty rows, then a cell: no grid is vast, but the reader steps through
    every row, and so would the count (64 MB of them)."""
    return data.replace(
        b"</sheetData>", b"<row/>" * 10_000_000 + b"<row><c><v>1</v></c></row></sheetData>"
    )


def sheet_outside_worksheets(path: Path) -> None:
    """The workbook's relationships point the Deck sheet at a part outside xl/worksheets/,
    and that part has a far cell (a scan of xl/worksheets/ only never looks at it)."""
    _xlsx(ROWS)(path)
    parts = _parts(path)
    sheet = parts.pop("xl/worksheets/sheet2.xml")
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"/xl/worksheets/sheet2.xml", b"/hidden/deck.xml"
    )
    assert b"/hidden/deck.xml" in parts["xl/_rels/workbook.xml.rels"]
    parts["hidden/deck.xml"] = single_quoted_far_cell(sheet)
    _write(path, parts)


def shared_string_copied(path: Path) -> None:
    """One shared string of a megabyte, named by 100,000 cells: 100 GB of text once read."""
    _xlsx(ROWS)(path)
    parts = _parts(path)
    parts["xl/sharedStrings.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/'
        b'spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>'
        + b"x" * MIB
        + b"</t></si></sst>"
    )
    _name_shared_strings(parts, b"/xl/sharedStrings.xml")
    rows = b"".join(
        b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>id%d</t></is></c>'
        b'<c r="B%d" t="s"><v>0</v></c></row>' % (r, r, r, r)
        for r in range(5, 100_005)
    )
    sheet = "xl/worksheets/sheet2.xml"
    parts[sheet] = parts[sheet].replace(b"</sheetData>", rows + b"</sheetData>")
    _write(path, parts)


def huge_unique_count(path: Path) -> None:
    """A shared-string table that says it holds 10**11 strings: the reader reserves room
    for as many before it reads one."""
    shared_string_copied(path)
    parts = _parts(path)
    parts["xl/sharedStrings.xml"] = (
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
        b" count='1' uniqueCount='100000000000'><si><t>x</t></si></sst>"
    )
    _write(path, parts)


def _ods_with(extra_rows: bytes):
    def write(path: Path) -> None:
        _ods(ROWS)(path)
        parts = _parts(path)
        parts["content.xml"] = parts["content.xml"].replace(
            b"</table:table>", extra_rows + b"</table:table>"
        )
        with zipfile.ZipFile(path, "w") as z:  # the mimetype first and stored, as ODS has it
            for name, data in parts.items():
                z.writestr(name, data, zipfile.ZIP_STORED if name == "mimetype" else 8)

    return write


# 1,000 rows of 16,384 cells: 16 million, under the reader's own cap of 100 million cells,
# in single quotes.
ods_repeats_under_the_readers_cap = _ods_with(
    b"<table:table-row table:number-rows-repeated='1000'><table:table-cell"
    b" office:value-type='string' table:number-columns-repeated='16384'><text:p>x</text:p>"
    b"</table:table-cell></table:table-row>"
)
# One cell of a megabyte, repeated across 16,384 columns: 16 GB of text.
ods_text_repeated = _ods_with(
    b"<table:table-row><table:table-cell office:value-type='string'"
    b" table:number-columns-repeated='16384'><text:p>" + b"x" * MIB + b"</text:p>"
    b"</table:table-cell></table:table-row>"
)


def understated_sizes(path: Path) -> None:
    """A part whose zip directory says it unpacks to 1 KB, while it unpacks to 1 GiB: a
    check of the directory's sizes passes it by, the reader then holds the gigabyte."""
    _xlsx(ROWS)(path)
    parts = _parts(path)
    name = "xl/sharedStrings.xml"
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>'
    block = b"x" * MIB
    body = [packer.compress(head)] + [packer.compress(block) for _ in range(1024)]
    body.append(packer.compress(b"</t></si></sst>") + packer.flush())
    packed = b"".join(body)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in parts.items():
            z.writestr(n, data)
    entries = out.getvalue()
    # The bomb's entry by hand: local header, data, and its central directory record, both
    # saying 1,000 bytes unpacked.
    stated, crc = 1000, zlib.crc32(head)
    local_at = entries.rfind(b"PK\x05\x06")
    end = entries[local_at:]
    cd_size, cd_offset = struct.unpack("<II", end[12:20])
    files, directory = entries[:cd_offset], entries[cd_offset : cd_offset + cd_size]
    raw = name.encode()
    local = (
        struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(packed), stated, len(raw), 0
        )
        + raw
    )
    record = (
        struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50,
            20,
            20,
            0,
            8,
            0,
            0,
            crc,
            len(packed),
            stated,
            len(raw),
            0,
            0,
            0,
            0,
            0,
            len(files),
        )
        + raw
    )
    files += local + packed
    directory += record
    count = struct.unpack("<H", end[10:12])[0] + 1
    end = end[:8] + struct.pack("<HHII", count, count, len(directory), len(files)) + end[20:]
    path.write_bytes(files + directory + end)
    with zipfile.ZipFile(path) as z:  # the directory says what the attack needs it to say
        assert z.getinfo(name).file_size == stated


def comma_line(path: Path) -> None:
    """A CSV whose third line is a name and ten million commas: ten million empty cells."""
    path.write_bytes(
        (",".join(HEADER) + "\nfox,3,2,red,,Fuchs,Fox\nhare").encode() + b"," * (10 * MIB) + b"\n"
    )


def many_cells(path: Path) -> None:
    """A CSV of 10 MB: 100,000 rows of 50 cells, five million cells, each kept with its
    place (it took 750 MB and 16 s before the rows were counted out)."""
    path.write_text(",".join(HEADER) + "\n" + ("fox" + ",a" * 49 + "\n") * 100_000)


def error_cells(path: Path) -> None:
    """A workbook whose formulas failed: #DIV/0! in B3, #N/A in C2 (read as empty cells, the
    default copies would have stood in for them)."""
    _xlsx(ROWS)(path)
    parts = _parts(path)
    sheet = "xl/worksheets/sheet2.xml"
    data = parts[sheet]
    data = re.sub(rb'<c r="B3"[^>]*>.*?</c>', b'<c r="B3" t="e"><f>1/0</f><v>#DIV/0!</v></c>', data)
    data = re.sub(rb'<c r="C2"[^>]*>.*?</c>', b"<c r='C2' t='e'><v>#N/A</v></c>", data)
    parts[sheet] = data
    _write(path, parts)


def ods_error_cell(path: Path) -> None:
    """An ODS cell whose formula failed, as LibreOffice writes it."""
    _ods(ROWS)(path)
    parts = _parts(path)
    parts["content.xml"] = parts["content.xml"].replace(
        b'<table:table-cell office:value-type="float" office:value="5"><text:p>5</text:p>',
        b'<table:table-cell table:formula="of:=1/0" office:value-type="string"'
        b' office:string-value="" calcext:value-type="error"><text:p>#VALUE!</text:p>',
        1,
    )
    _write(path, parts)


# --- the cases -----------------------------------------------------------------------------

XLSX, ODS, CSV = "cards.xlsx", "cards.ods", "cards.csv"
PART = r"\(part {}\); it is not read"
SPANS = r"^content/deck/cards\.{}:1:1: a sheet of the workbook spans {} rows by {} columns"
CASES = {
    # id: (file, how it is made, what the error says)
    "csv-line-of-commas": (
        CSV,
        comma_line,
        r"^content/deck/cards\.csv:3:16389: a row of more than 16,384 cells",
    ),
    "csv-five-million-cells": (
        CSV,
        many_cells,
        r"^content/deck/cards\.csv:2000[0-9]:1: more than 1,000,000 cells",
    ),
    "xlsx-single-quoted-reference": (
        XLSX,
        _edit_sheet(single_quoted_far_cell),
        SPANS.format("xlsx", "1,048,576", "16,384")
        + ".*"
        + PART.format("xl/worksheets/sheet2.xml"),
    ),
    "xlsx-quote-inside-an-attribute": (
        XLSX,
        _edit_sheet(quote_in_attribute),
        SPANS.format("xlsx", "1,048,576", "16,384"),
    ),
    "xlsx-cells-without-reference": (
        XLSX,
        _edit_sheet(cells_without_reference),
        SPANS.format("xlsx", "1,000", "1,001"),  # refused as soon as the count passes
    ),
    "xlsx-rows-without-reference": (
        XLSX,
        _edit_sheet(rows_without_reference),
        SPANS.format("xlsx", "1,048,00[0-9]", "16,385"),
    ),
    "xlsx-rows-past-the-last": (
        XLSX,
        _edit_sheet(rows_past_the_last),
        r"^content/deck/cards\.xlsx:1:1: a sheet of the workbook has more than 1,048,576 rows",
    ),
    "xlsx-sheet-outside-worksheets": (
        XLSX,
        sheet_outside_worksheets,
        SPANS.format("xlsx", "1,048,576", "16,384") + ".*" + PART.format("hidden/deck.xml"),
    ),
    "xlsx-shared-string-in-many-cells": (
        XLSX,
        shared_string_copied,
        r"^content/deck/cards\.xlsx:1:1: a sheet of the workbook holds more than 64 MiB of"
        r" text once each shared string is copied",
    ),
    "xlsx-shared-strings-say-billions": (
        XLSX,
        huge_unique_count,
        r"^content/deck/cards\.xlsx:1:1: the workbook says it holds 100,000,000,000 shared"
        r" strings",
    ),
    "xlsx-directory-understates-sizes": (
        XLSX,
        understated_sizes,
        r"^content/deck/cards\.xlsx:1:1: the zip's directory says part xl/sharedStrings\.xml"
        r" unpacks to 1,000 bytes, but it unpacks to more",
    ),
    "ods-repeats-under-the-readers-cap": (
        ODS,
        ods_repeats_under_the_readers_cap,
        SPANS.format("ods", "1,005", "16,384"),
    ),
    "ods-text-repeated": (
        ODS,
        ods_text_repeated,
        r"^content/deck/cards\.ods:1:1: a sheet of the workbook holds more than 64 MiB of text"
        r" once each repeated cell is copied",
    ),
    "xlsx-error-cells": (
        XLSX,
        error_cells,
        r"^content/deck/cards\.xlsx:2:3: Deck!C2: the cell holds the error #N/A\b.*\n"
        r"content/deck/cards\.xlsx:3:2: Deck!B3: the cell holds the error #DIV/0!",
    ),
    "ods-error-cell": (
        ODS,
        ods_error_cell,
        r"^content/deck/cards\.ods:4:2: Deck!B4: the cell holds the error #VALUE!",
    ),
}
# Cheap to make and to refuse: also read in this process, in the fast suite.
FAST = [
    "xlsx-single-quoted-reference",
    "xlsx-quote-inside-an-attribute",
    "xlsx-cells-without-reference",
    "xlsx-sheet-outside-worksheets",
    "xlsx-shared-strings-say-billions",
    "ods-repeats-under-the-readers-cap",
    "xlsx-error-cells",
    "ods-error-cell",
]


def _sheet(name: str) -> dict:
    return {} if name.endswith(".csv") else {"sheet": "Deck"}


@pytest.mark.parametrize("case", FAST)
def test_a_hostile_table_is_a_located_error(tmp_path, case):
    """Read as the game loads it: a ContentError whose first place is in the file."""
    from bastelbogen.content.tables import read_cells
    from bastelbogen.core.errors import ContentError, Loc

    name, make, pattern = CASES[case]
    path = tmp_path / "content" / "deck" / name
    path.parent.mkdir(parents=True)
    make(path)
    with pytest.raises(ContentError) as caught:
        read_cells(path, _sheet(name), Loc("game.yaml", 1, 1))
    shown = str(caught.value).replace(str(tmp_path) + "/", "")
    assert re.search(pattern, shown, re.M), shown


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_table_stops_early_on_the_command_line(tmp_path, case):
    """`pnp validate` in a child: exit 1, the place named, no traceback, and refused
    before the process holds 300 MB (the bombs reach 1 to 1.5 GiB unbounded)."""
    from tests.hostile.harness import run_cli

    name, make, pattern = CASES[case]
    root = _project(tmp_path, name, make, "" if name.endswith(".csv") else "sheet: Deck")
    result = run_cli(root, ["validate", "deck"], tmp_path / "logs", cpu_limit=10)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert re.search(pattern, result.stderr, re.M), result.stderr
    assert 0 < result.peak_kib < PEAK_MIB * 1024, f"peak {result.peak_kib // 1024} MiB"


def test_cells_without_references_are_read_in_their_places(tmp_path):
    """A sheet written without `r=` (some programs do) is read, not refused: the reader
    and the pre-check count the same places."""
    from bastelbogen.content.tables import read_cells
    from bastelbogen.core.errors import Loc

    def plain(data: bytes) -> bytes:
        data = re.sub(rb' r="[A-Z]+[0-9]+"', b"", data)  # the cells' references
        return re.sub(rb'<row r="[0-9]+"', b"<row", data)  # and the rows'

    path = tmp_path / "cards.xlsx"
    _edit_sheet(plain)(path)
    assert b' r="' not in _parts(path)["xl/worksheets/sheet2.xml"]
    cells = read_cells(path, {"sheet": "Deck"}, Loc("game.yaml", 1, 1))
    line, row = cells.rows[2]
    assert [v for v, _ in row] == [ROWS[1][0], *map(float, ROWS[1][1:3]), *ROWS[1][3:]]
    assert line == 3 and row[1][1].cell == "Deck!B3"


@pytest.mark.slow
def test_new_from_a_hostile_workbook_is_a_located_error(tmp_path):
    """`pnp new --from-table` asks the workbook for its sheets first: the same checks."""
    book = tmp_path / "birds.xlsx"
    sheet_outside_worksheets(book)
    project = tmp_path / "project"
    project.mkdir()
    result = pnp("new", "birds", "--from-table", str(book), cwd=project)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert re.search(r"birds\.xlsx:1:1: a sheet of the workbook spans", result.stderr)
    assert not (project / "content" / "birds").exists()


def test_a_workbook_reads_in_a_run_whose_cpu_time_is_capped(tmp_path):
    """The reader's child keeps the run's own hard CPU limit (raising it is refused): under
    `ulimit -t` or the hostile harness, every workbook used to fail as if it were hostile."""
    import json

    from tests.hostile.harness import run_cli

    root = _project(tmp_path, XLSX, _xlsx(ROWS), "sheet: Deck")
    out = tmp_path / "out"
    result = run_cli(root, ["build", "deck", "--out", str(out)], tmp_path / "logs", cpu_limit=20)
    assert result.returncode == 0, result.stderr
    m = json.loads((out / "deck" / "manifest.json").read_text())
    ids = [i["id"] for p in m["files"][0]["pages"] for i in p["items"] if i["side"] == "front"]
    assert ids == ["fox", "fox", "owl", "hare", "hare", "hare"]


def _shared_strings_as_excel_writes_them(path: Path) -> None:
    """The workbook with its texts in a shared-string table, each cell naming its string
    by number (`t="s"`), as Excel writes them (openpyxl writes them inline)."""
    _xlsx(ROWS)(path)
    parts = _parts(path)
    strings: list[bytes] = []

    def share(m: re.Match) -> bytes:
        strings.append(m[2])
        return b'<c r="%s" t="s"><v>%d</v></c>' % (m[1], len(strings) - 1)

    sheet = "xl/worksheets/sheet2.xml"
    parts[sheet] = re.sub(
        rb'<c r="([A-Z]+[0-9]+)" t="inlineStr"><is><t>([^<]*)</t></is></c>', share, parts[sheet]
    ).replace(b' t="inlineStr"></c>', b"></c>")  # an empty cell: no string to share
    assert strings and b"inlineStr" not in parts[sheet]
    parts["xl/sharedStrings.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.'
        b'openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">'
        % (len(strings), len(strings))
        + b"".join(b"<si><t>%s</t></si>" % s for s in strings)
        + b"</sst>"
    )
    _name_shared_strings(parts, b"sharedStrings.xml")
    _write(path, parts)


def test_shared_strings_as_excel_writes_them_are_read(tmp_path):
    """The shared strings are counted, not refused: each cell keeps its text and place."""
    from bastelbogen.content.tables import read_cells
    from bastelbogen.core.errors import Loc

    path = tmp_path / "cards.xlsx"
    _shared_strings_as_excel_writes_them(path)
    cells = read_cells(path, {"sheet": "Deck"}, Loc("game.yaml", 1, 1))
    assert [v for v, _ in cells.rows[0][1]] == HEADER
    line, row = cells.rows[1]
    assert [v for v, _ in row] == [ROWS[0][0], *map(float, ROWS[0][1:3]), *ROWS[0][3:]]
    assert line == 2 and row[4][1].cell == "Deck!E2"


HIDING = {
    # markup no spreadsheet program writes, in which a tag could hide from the counting
    "comment": b"<!-- a quote ' opens here -->",
    "angle bracket in a value": b"<row r='9' x='<'></row>",
    "CDATA": b"<row r='9'><c r='A9' t='inlineStr'><is><t><![CDATA[x]]></t></is></c></row>",
}


@pytest.mark.parametrize("case", sorted(HIDING))
def test_markup_no_spreadsheet_program_writes_is_refused(tmp_path, case):
    from bastelbogen.content.tables import read_cells
    from bastelbogen.core.errors import ContentError, Loc

    path = tmp_path / "cards.xlsx"
    _edit_sheet(lambda data: data.replace(b"</sheetData>", HIDING[case] + b"</sheetData>"))(path)
    with pytest.raises(ContentError) as caught:
        read_cells(path, {"sheet": "Deck"}, Loc("game.yaml", 1, 1))
    assert re.fullmatch(
        rf"{re.escape(str(path))}:1:1: the workbook holds, at byte [0-9,]+, markup no"
        r" spreadsheet program writes .*\(part xl/worksheets/sheet2\.xml\); it is not read",
        str(caught.value),
    ), caught.value
