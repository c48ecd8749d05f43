"""Tables from spreadsheets (CSV, TSV, XLSX, ODS): every cell keeps its place, declared
columns type the cells, and a component's items come from the rows."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from bastelbogen.content.schema import SCHEMA_NAMES
from tests.conftest import pnp

GAME = """game: deck
title: {{de: Deck, en: Deck}}
players: {{min: 2, max: 4}}
tables:
  groups: groups.csv
  cards:
    file: {file}
    {sheet}
    columns: {columns}
components:
  - id: cards
    name: {{de: Karten, en: Cards}}
    kind: card
    size: mini
    face: deck/card
    items: {{from: cards, count: copies{where}}}
"""
FACE = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "{{ group.colour }}"}
  - {name: name, painter: text, box: [4, 20, 36, 10], text: "{{ name }} {{ speed }}", size: 10}
"""
GROUPS = "id,colour\nred,#d55e00\nblue,#0072b2\n"
HEADER = ["id", "speed", "copies", "group", "symbols", "name.de", "name.en"]
ROWS = [
    ["fox", 3, 2, "red", "wit;speed", "Fuchs", "Fox"],
    ["owl", 5, 1, "blue", "wit", "Eule", "Owl"],
    ["hare", 9, 3, "red", "", "Hase", "Hare"],
]


COLUMNS = (
    "{speed: {type: int, min: 1, max: 9}, copies: int, group: {type: ref, table: groups},"
    " symbols: {type: list}, name: texts}"
)


def _project(
    tmp_path: Path, name: str, write, sheet: str = "", where: str = "", columns: str = COLUMNS
) -> Path:
    game = tmp_path / "content" / "deck"
    game.mkdir(parents=True)
    (tmp_path / "templates" / "deck").mkdir(parents=True)
    (tmp_path / "templates" / "deck" / "card.yaml").write_text(FACE)
    (game / "groups.csv").write_text(GROUPS)
    (game / "game.yaml").write_text(
        GAME.format(file=name, sheet=sheet, where=where, columns=columns)
    )
    write(game / name)
    return tmp_path


def _csv(rows, sep=",", bom=False):
    def write(path):
        import csv
        import io

        out = io.StringIO()
        csv.writer(out, delimiter=sep, lineterminator="\n").writerows([HEADER, *rows])
        path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + out.getvalue().encode())

    return write


def _xlsx(rows, sheet="Deck"):
    def write(path):
        from openpyxl import Workbook

        book = Workbook()
        book.active.title = "Notes"
        ws = book.create_sheet(sheet)
        for r in [HEADER, *rows]:
            ws.append(r)
        book.save(path)

    return write


def _ods(rows, sheet="Deck"):
    """A minimal OpenDocument spreadsheet, written as the format's zip of XML."""

    def cell(v):
        if isinstance(v, int):
            return (
                f'<table:table-cell office:value-type="float" office:value="{v}">'
                f"<text:p>{v}</text:p></table:table-cell>"
            )
        return (
            f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'
        )

    body = "".join(
        "<table:table-row>" + "".join(cell(v) for v in r) + "</table:table-row>"
        for r in [HEADER, *rows]
    )
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content'
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        f'<office:body><office:spreadsheet><table:table table:name="{sheet}">{body}'
        "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
        '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type='
        '"application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry'
        ' manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )

    def write(path):
        with zipfile.ZipFile(path, "w") as z:
            z.writestr(
                zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet"
            )
            z.writestr("content.xml", content)
            z.writestr("META-INF/manifest.xml", manifest)

    return write


FORMATS = {
    "csv": ("cards.csv", _csv, ""),
    "csv-semicolon-bom": ("cards.csv", lambda rows: _csv(rows, ";", bom=True), ""),
    "tsv": ("cards.tsv", lambda rows: _csv(rows, "\t"), ""),
    "xlsx": ("cards.xlsx", _xlsx, "sheet: Deck"),
    "ods": ("cards.ods", _ods, "sheet: Deck"),
}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_items_come_from_the_rows_in_every_format(tmp_path, fmt):
    """Each row makes `copies` items, typed, its group row's colour on the card."""
    name, writer, sheet = FORMATS[fmt]
    root = _project(tmp_path, name, writer(ROWS), sheet)
    result = pnp("build", "deck", "--lang", "de", "--out", str(tmp_path / "out"), cwd=root)
    assert result.returncode == 0, result.stderr
    m = json.loads((tmp_path / "out" / "deck" / "manifest.json").read_text())
    ids = [i["id"] for p in m["files"][0]["pages"] for i in p["items"] if i["side"] == "front"]
    assert ids == ["fox", "fox", "owl", "hare", "hare", "hare"]
    from pypdf import PdfReader

    text = PdfReader(str(tmp_path / "out" / "deck" / "cards.pdf")).pages[0].extract_text()
    assert "Fuchs 3" in text and "Eule 5" in text and "Hase 9" in text


def _fails(tmp_path, name, writer, sheet, pattern, where="", columns=COLUMNS):
    root = _project(tmp_path, name, writer, sheet, where, columns)
    result = pnp("validate", "deck", cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert re.search(pattern, result.stderr, re.M), result.stderr


BAD_ROW = [["fox", "3l8", 2, "red", "", "Fuchs", "Fox"], *ROWS[1:]]
BAD = {
    # CSV: the line the record starts on, and the field's number.
    "csv-not-whole": (
        "cards.csv",
        _csv(BAD_ROW),
        "",
        r"^content/deck/cards\.csv:2:2: table 'cards': '3l8' in column speed is"
        r" not a whole number",
    ),
    "csv-above-most": (
        "cards.csv",
        _csv([["fox", 12, 1, "red", "", "F", "F"]]),
        "",
        r"^content/deck/cards\.csv:2:2: .*12 in column speed is above its most",
    ),
    "csv-unknown-group": (
        "cards.csv",
        _csv([["fox", 3, 1, "green", "", "F", "F"]]),
        "",
        r"^content/deck/cards\.csv:2:4: 'green' in column group is not an id"
        r" of table 'groups'",
    ),
    "csv-no-id": (
        "cards.csv",
        _csv([["", 3, 1, "red", "", "F", "F"]]),
        "",
        r"^content/deck/cards\.csv:2:1: each row of table 'cards' needs an 'id'",
    ),
    "csv-negative-count": (
        "cards.csv",
        _csv([["fox", 3, -1, "red", "", "F", "F"]]),
        "",
        r"^content/deck/cards\.csv:2:3: .*count column copies must hold a"
        r" whole number from 0",
    ),
    "csv-extra-cell": (
        "cards.csv",
        _csv([["fox", 3, 1, "red", "", "F", "F", "surplus"]]),
        "",
        r"^content/deck/cards\.csv:2:8: table 'cards': a cell beyond the last",
    ),
    "csv-broken-quote": (
        "cards.csv",
        lambda p: p.write_text(",".join(HEADER) + '\nfox,3,1,red,"wit,F,F\n'),
        "",
        r"^content/deck/cards\.csv:\d+:1: broken CSV",
    ),
    "csv-not-utf8": (
        "cards.csv",
        lambda p: p.write_bytes(
            (",".join(HEADER) + "\nfox,3,1,red,,F\xfcchse,F\n").encode("latin-1")
        ),
        "",
        r"^content/deck/cards\.csv:2:\d+: not UTF-8 text",
    ),
    "csv-nul": (
        "cards.csv",
        lambda p: p.write_text(",".join(HEADER) + "\nfox,3,1,red,,F\x00,F\n"),
        "",
        r"^content/deck/cards\.csv:2:\d+: the file holds the control character",
    ),
    "xlsx-not-whole": (
        "cards.xlsx",
        _xlsx(BAD_ROW),
        "sheet: Deck",
        r"^content/deck/cards\.xlsx:2:2: Deck!B2: table 'cards': '3l8' in column"
        r" speed is not a whole number",
    ),
    "xlsx-no-sheet": (
        "cards.xlsx",
        _xlsx(ROWS),
        "sheet: Karten",
        r"^content/deck/game\.yaml:\d+:\d+: cards\.xlsx has no sheet 'Karten'"
        r" \(sheets: Notes, Deck\)",
    ),
    "xlsx-not-a-zip": (
        "cards.xlsx",
        lambda p: p.write_text("id,speed\n"),
        "",
        r"^content/deck/cards\.xlsx:1:1: not a xlsx workbook",
    ),
    "ods-not-whole": (
        "cards.ods",
        _ods(BAD_ROW),
        "sheet: Deck",
        r"^content/deck/cards\.ods:2:2: Deck!B2: table 'cards': '3l8' in column"
        r" speed is not a whole number",
    ),
    "unknown-format": (
        "cards.numbers",
        lambda p: p.write_text("x"),
        "",
        r"^content/deck/game\.yaml:\d+:\d+: 'cards\.numbers' is not a table file"
        r" this tool reads \(formats: \.csv, \.ods, \.tsv, \.xlsx, \.yaml\)",
    ),
    "outside": (
        "../cards.csv",
        lambda p: None,
        "",
        r"^content/deck/game\.yaml:\d+:\d+: table file '\.\./cards\.csv' leaves",
    ),
    "where-matches-none": (
        "cards.csv",
        _csv(ROWS),
        "",
        r"^content/deck/game\.yaml:\d+:\d+: component 'cards': 'where' \(group is"
        r" 'green'\) matches nothing in table 'cards'",
    ),
}
WHERE = {"where-matches-none": ", where: {group: green}"}
YAML_ROWS = "".join(
    f"- {{id: {r[0]}, speed: {r[1]!r}, copies: {r[2]}, group: {r[3]},"
    f" name: {{de: {r[5]}, en: {r[6]}}}}}\n"
    for r in BAD_ROW
)
BAD.update(
    {
        "csv-below-least": (
            "cards.csv",
            _csv([["fox", 0, 1, "red", "", "F", "F"]]),
            "",
            r"^content/deck/cards\.csv:2:2: .*0 in column speed is below its least, 1",
        ),
        "tsv-not-whole": (
            "cards.tsv",
            _csv([["fox", "fast", 1, "red", "", "F", "F"]], "\t"),
            "",
            r"^content/deck/cards\.tsv:2:2: .*'fast' in column speed is not a whole",
        ),
        "xlsx-fraction-for-whole": (
            "cards.xlsx",
            _xlsx([["fox", 3.5, 1, "red", "", "F", "F"]]),
            "sheet: Deck",
            r"^content/deck/cards\.xlsx:2:2: Deck!B2: .*'3\.5'"
            r" in column speed is not a whole number",
        ),
        "xlsx-unknown-group": (
            "cards.xlsx",
            _xlsx([["fox", 3, 1, "green", "", "F", "F"]]),
            "sheet: Deck",
            r"^content/deck/cards\.xlsx:2:4: Deck!D2: 'green' in"
            r" column group is not an id of table 'groups'",
        ),
        "ods-unknown-group": (
            "cards.ods",
            _ods([["fox", 3, 1, "green", "", "F", "F"]]),
            "sheet: Deck",
            r"^content/deck/cards\.ods:2:4: Deck!D2: 'green' in"
            r" column group",
        ),
        "csv-column-twice": (
            "cards.csv",
            lambda p: p.write_text("id,speed,speed,copies,group\nfox,3,4,1,red\n"),
            "",
            r"^content/deck/cards\.csv:1:3: table 'cards': column 'speed' appears twice \(first at"
            r" content/deck/cards\.csv:1:2\)",
        ),
        "yaml-not-whole": (
            "cards.yaml",
            lambda p: p.write_text(YAML_ROWS),
            "",
            r"^content/deck/cards\.yaml:1:\d+: table 'cards': '3l8' in column speed"
            r" is not a whole number",
        ),
    }
)
COLUMN_CASES = {
    # a number has no place of its own: told at the value, where `columns:` gives it
    "not-a-mapping": (
        "5",
        r"^content/deck/game\.yaml:9:14: the columns of table 'cards' must be a mapping"
        r" of keys to values, got the number 5",
    ),
    "unknown-type": (
        "{speed: integer}",
        r"^content/deck/game\.yaml:\d+:\d+: column 'speed':"
        r" unknown type 'integer' \(types: text, texts, int",
    ),
    "one-of": (
        "{speed: {type: int, one-of: [1, 2]}}",
        r"^content/deck/cards\.csv:2:2: table"
        r" 'cards': '3' in column speed is not one of 1, 2",
    ),
    "ref-to-no-table": (  # told where `table: teams` is written, not at the CSV
        "{group: {type: ref, table: teams}}",
        r"^content/deck/game\.yaml:9:41:"
        r" column 'group' of table 'cards' refers to table 'teams', which does"
        r" not exist \(tables: groups, cards\)",
    ),
    "ref-without-table": (
        "{group: ref}",
        r"^content/deck/game\.yaml:\d+:\d+: column 'group'"
        r" refers to rows: name their 'table'",
    ),
    "misspelt-option": (
        "{speed: {type: int, maxx: 3}}",
        r"^content/deck/game\.yaml:\d+:\d+:"
        r" unknown key 'maxx' in column 'speed'; did you mean 'max'\?",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_wrong_cell_is_named_where_it_is(tmp_path, case):
    name, writer, sheet, pattern = BAD[case]
    _fails(tmp_path, name, writer, sheet, pattern, WHERE.get(case, ""))


@pytest.mark.parametrize("case", sorted(COLUMN_CASES))
def test_a_wrong_column_declaration_is_named(tmp_path, case):
    columns, pattern = COLUMN_CASES[case]
    _fails(tmp_path, "cards.csv", _csv(ROWS), "", pattern, columns=columns)


def test_a_workbook_that_unpacks_to_gigabytes_is_refused(tmp_path):
    def bomb(path):
        # Written a MiB at a time: the test's own process may run under the build's
        # address-space cap (cli.py caps it), which 300 MiB at once would strain.
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
                block = b"\0" * 2**20
                for _ in range(300):
                    sheet.write(block)

    _fails(
        tmp_path,
        "cards.xlsx",
        bomb,
        "",
        r"^content/deck/cards\.xlsx:1:1: the workbook"
        r" unpacks to 300 MiB",
    )


def _far_cell(rows, sheet="Deck"):
    """A real workbook whose last cell's reference is written in single quotes (valid XML):
    the size check passed it by, and the reader then asked for a 16,384 x 1,048,576 grid
    (512 GiB) and aborted the whole process."""
    book = _xlsx(rows, sheet)

    def write(path):
        book(path)
        plain = zipfile.ZipFile(path)
        parts = {i.filename: plain.read(i.filename) for i in plain.infolist()}
        plain.close()
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in parts.items():
                if name == "xl/worksheets/sheet2.xml":
                    data = data.replace(
                        b"</sheetData>",
                        b"<row r='1048576'><c r='XFD1048576'"
                        b" t='inlineStr'><is><t>far</t></is></c></row></sheetData>",
                    )
                z.writestr(name, data)

    return write


def test_a_workbook_that_makes_the_reader_abort_is_a_located_error(tmp_path, monkeypatch):
    """The reader runs in a child process held to a memory limit: its abort ends the child,
    and the read tells the file (it ended the process with SIGABRT). The pre-checks refuse
    this file before the reader sees it; without them, the child still holds."""
    from bastelbogen.content.tables import workbook
    from bastelbogen.core.errors import ContentError, Loc

    path = tmp_path / "cards.xlsx"
    _far_cell(ROWS)(path)
    monkeypatch.setattr(workbook, "_bounded", lambda path: {})
    with pytest.raises(ContentError) as caught:
        workbook.read_workbook(path, {"sheet": "Deck"}, Loc("game.yaml", 1, 1))
    assert re.fullmatch(
        rf"{re.escape(str(path))}:1:1: the spreadsheet reader .* on cards\.xlsx: .*",
        str(caught.value),
    ), caught.value
    monkeypatch.undo()
    _fails(
        tmp_path,
        "cards.xlsx",
        _far_cell(ROWS),
        "sheet: Deck",
        r"^content/deck/cards\.xlsx:1:1: a sheet of the workbook spans 1,048,576 rows by"
        r" 16,384 columns",
    )


def test_a_workbook_read_in_its_child_keeps_every_cell_and_place(tmp_path):
    from bastelbogen.content.tables.workbook import read_workbook
    from bastelbogen.core.errors import Loc

    path = tmp_path / "cards.xlsx"
    _xlsx(ROWS)(path)
    cells = read_workbook(path, {"sheet": "Deck"}, Loc("game.yaml", 1, 1))
    line, row = cells.rows[1]
    assert [v for v, _ in row] == ROWS[0]
    assert line == 2 and row[1][1].cell == "Deck!B2" and row[1][1].line == 2


def test_where_keeps_the_rows_asked_for(tmp_path):
    root = _project(tmp_path, "cards.csv", _csv(ROWS), "", ", where: {group: red}")
    result = pnp("build", "deck", "--lang", "de", "--out", str(tmp_path / "out"), cwd=root)
    assert result.returncode == 0, result.stderr
    m = json.loads((tmp_path / "out" / "deck" / "manifest.json").read_text())
    ids = [i["id"] for p in m["files"][0]["pages"] for i in p["items"] if i["side"] == "front"]
    assert ids == ["fox", "fox", "hare", "hare", "hare"]


def test_a_quoted_cell_over_two_lines_keeps_the_next_rows_line(tmp_path):
    text = ",".join(HEADER) + '\nfox,3,1,red,,"Fuchs\nmit Schwanz",Fox\nowl,x,1,blue,,Eule,Owl\n'
    _fails(
        tmp_path,
        "cards.csv",
        lambda p: p.write_text(text),
        "",
        r"^content/deck/cards\.csv:4:2: table 'cards': 'x' in column speed",
    )


def test_new_makes_a_game_that_builds_as_it_is(tmp_path):
    """`pnp new` writes content/NAME and templates/NAME in the project folder only, the
    game validates and builds, and its CSV rows are the cards (copies counted)."""
    result = pnp("new", "my-deck", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "pnp validate my-deck" in result.stdout and "pnp build my-deck" in result.stdout
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.*")) == [
        "content/my-deck/cards.csv",
        "content/my-deck/game.yaml",
        "content/my-deck/rulebook/de.md",
        "content/my-deck/rulebook/en.md",
        "content/my-deck/rules.yaml",
        *sorted(f"schemas/{name}.schema.json" for name in SCHEMA_NAMES),  # for an editor
        "templates/my-deck/back.yaml",
        "templates/my-deck/card.yaml",
    ]
    assert pnp("validate", "my-deck", cwd=tmp_path).returncode == 0
    result = pnp("build", "my-deck", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    m = json.loads((tmp_path / "out" / "my-deck" / "manifest.json").read_text())
    ids = [i["id"] for p in m["files"][0]["pages"] for i in p["items"] if i["side"] == "front"]
    assert ids == ["fox", "fox", "owl", "hare", "hare", "hare"]
    again = pnp("new", "my-deck", cwd=tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr
    bad = pnp("new", "../escape", cwd=tmp_path)
    assert bad.returncode == 2 and not (tmp_path.parent / "escape").exists()


def test_new_from_a_spreadsheet(tmp_path):
    """`--from-table` copies the designer's workbook in, types its columns from the cells and
    shows them on the cards."""
    book = tmp_path / "birds.xlsx"
    _xlsx([["robin", 2, 1, "red", "", "Rotkehlchen", "Robin"]])(book)
    project = tmp_path / "project"
    project.mkdir()
    result = pnp("new", "birds", "--from-table", str(book), cwd=project)
    assert result.returncode == 0, result.stderr
    game = (project / "content" / "birds" / "game.yaml").read_text()
    assert "file: cards.xlsx" in game and "speed: int" in game and "copies: int" in game
    result = pnp("build", "birds", "--lang", "de", "--out", str(project / "out"), cwd=project)
    assert result.returncode == 0, result.stderr
    from pypdf import PdfReader

    text = PdfReader(str(project / "out" / "birds" / "cards.pdf")).pages[0].extract_text()
    assert "Rotkehlchen" in text and "2" in text
    no_id = tmp_path / "no-id.csv"  # no id, and no column of names that could be one
    no_id.write_text("name,speed\nRed fox,3\n")
    failed = pnp("new", "foxes", "--from-table", str(no_id), cwd=project)
    assert failed.returncode == 1 and re.search(
        r"no-id\.csv:1:1: the table needs a column that names each row \(card\): 'id', or",
        failed.stderr,
    ), failed.stderr
    assert not (project / "content" / "foxes").exists()


def test_a_sheet_spanning_a_vast_grid_is_refused_at_once(tmp_path):
    """Two cells far apart (A1 and XFD1048576) would unpack to 17 billion cells."""

    def vast(path):
        from openpyxl import Workbook

        book = Workbook()
        book.active.title = "Deck"
        book.active["A1"] = "id"
        book.active["XFD1048576"] = "x"
        book.save(path)

    _fails(
        tmp_path,
        "cards.xlsx",
        vast,
        "sheet: Deck",
        r"^content/deck/cards\.xlsx:1:1: a sheet of the workbook spans 1,048,576 rows"
        r" by 16,384 columns; at most 1,000,000 cells are read",
    )


def test_an_ods_row_repeated_a_million_times_is_refused(tmp_path):
    """ODS repeats a row by a number: a value in a row repeated 99,000 times across 1,000
    columns would unpack to 99 million cells. Trailing empty repeats (every LibreOffice file
    ends with some) are fine."""

    def write(rows_repeated, cells_repeated, value=True):
        def make(path):
            _ods(ROWS)(path)
            cell = (
                (
                    '<table:table-cell office:value-type="string" table:number-columns-repeated'
                    f'="{cells_repeated}"><text:p>x</text:p></table:table-cell>'
                )
                if value
                else f'<table:table-cell table:number-columns-repeated="{cells_repeated}"/>'
            )
            row = (
                f'<table:table-row table:number-rows-repeated="{rows_repeated}">{cell}'
                "</table:table-row>"
            )
            with zipfile.ZipFile(path) as z:
                parts = {n: z.read(n) for n in z.namelist()}
            parts["content.xml"] = parts["content.xml"].replace(
                b"</table:table>", row.encode() + b"</table:table>"
            )
            with zipfile.ZipFile(path, "w") as z:
                for n, data in parts.items():
                    z.writestr(n, data)

        return make

    _fails(
        tmp_path / "a",
        "cards.ods",
        write(99_000, 1_000),
        "sheet: Deck",
        r"^content/deck/cards\.ods:1:1: a sheet of the workbook spans 99,00\d rows by 1,000"
        r" columns",
    )
    root = _project(
        tmp_path / "b", "cards.ods", write(1_048_000, 1_024, value=False), "sheet: Deck"
    )
    assert pnp("validate", "deck", cwd=root).returncode == 0


TYPES = {  # type: (a cell it takes, what it becomes, a cell it refuses)
    "text": ("Fuchs", "Fuchs", None),
    "int": ("3", 3, "3.5"),
    "number": ("2,5", 2.5, "zwei"),
    "length": ("12mm", "12mm", "12 parsecs"),
    "colour": ("#d55e00", "#d55e00", "#d55e0"),
    "bool": ("ja", True, "vielleicht"),
    "list": ("wit;speed", ["wit", "speed"], None),
    "texts": ("{de: Fuchs, en: Fox}", {"de": "Fuchs", "en": "Fox"}, "{Fuchs}"),
}


@pytest.mark.parametrize("kind", sorted(TYPES))
def test_each_column_type_reads_its_cells(kind):
    """What a cell of each type becomes, and the words for a cell it refuses."""
    from bastelbogen.content.tables.columns import Column, convert

    good, value, bad = TYPES[kind]
    assert convert(good, Column(kind), "x") == value
    if bad is not None:
        with pytest.raises(ValueError, match=rf"^'{re.escape(bad)}' in column x is not"):
            convert(bad, Column(kind), "x")


def test_a_picture_column_names_files_inside_the_game(tmp_path):
    """A picture cell names a file in the game's folder: a missing one, or one outside the
    folder, is told at its cell."""

    def write(path):
        path.write_text("id,art\nfox,fox.png\nowl,../../owl.png\n")

    root = _project(tmp_path, "cards.csv", write, columns="{art: picture}")
    result = pnp("validate", "deck", cwd=root)
    assert result.returncode == 1
    assert re.search(
        r"^content/deck/cards\.csv:2:2: picture file not found: fox\.png", result.stderr, re.M
    ), result.stderr
    assert re.search(
        r"^content/deck/cards\.csv:3:2: picture '\.\./\.\./owl\.png' leaves the"
        r" content folder",
        result.stderr,
        re.M,
    ), result.stderr


def test_a_field_named_like_a_dict_method_reads_as_the_field():
    """A row's column `items` or the item's `copy` is content, not the mapping's method."""
    from bastelbogen.core.errors import Loc
    from bastelbogen.core.templating import expand

    got = expand(
        "{{ item.copy }} {{ row.items }} {{ row.get }}",
        {"item": {"copy": 2}, "row": {"items": 5, "get": "x"}},
        Loc("t.yaml", 1, 1),
    )
    assert got == "2 5 x"


def _item_id(root: Path, pattern: str) -> None:
    """The deck's component given `item-id: PATTERN`."""
    game = root / "content" / "deck" / "game.yaml"
    text = game.read_text().replace(
        "    items: {from", f'    item-id: "{pattern}"\n    items: {{from'
    )
    game.write_text(text)


def test_item_id_names_the_items_made_from_rows(tmp_path):
    """`item-id` takes effect on the items made from a table (issue 48: it was ignored without
    a word, each item keeping its row's id): the pattern reads the row's id and its fields,
    and the layout still reads the row (its `{{ name }}`)."""
    root = _project(tmp_path, "cards.csv", _csv(ROWS))
    _item_id(root, "r-{{ id }}-{{ speed }}")
    result = pnp("build", "deck", "--lang", "de", "--out", str(tmp_path / "out"), cwd=root)
    assert result.returncode == 0, result.stderr
    m = json.loads((tmp_path / "out" / "deck" / "manifest.json").read_text())
    ids = [i["id"] for p in m["files"][0]["pages"] for i in p["items"] if i["side"] == "front"]
    assert ids == ["r-fox-3", "r-fox-3", "r-owl-5", "r-hare-9", "r-hare-9", "r-hare-9"]
    from pypdf import PdfReader

    text = PdfReader(str(tmp_path / "out" / "deck" / "cards.pdf")).pages[0].extract_text()
    assert "Fuchs 3" in text and "Eule 5" in text and "Hase 9" in text


def test_an_item_id_that_makes_two_rows_one_id_is_told_at_the_second(tmp_path):
    # fox and hare are both red: the pattern gives both the id 'red'.
    root = _project(tmp_path, "cards.csv", _csv(ROWS))
    _item_id(root, "{{ group }}")
    result = pnp("validate", "deck", cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert re.search(
        r"^content/deck/cards\.csv:4:1: duplicate id 'red' in component 'cards'"
        r" \(first at content/deck/cards\.csv:2:1\)",
        result.stderr,
        re.M,
    ), result.stderr
