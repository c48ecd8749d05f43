"""`pnp new` writes a whole game or nothing (issue 25): a folder it cannot write, a file or a
dangling link where a folder goes, a table it cannot start from, all end in a clear message
with nothing left behind; a spreadsheet's names, however odd, are written so that the game
validates and shows them literally; a workbook of many sheets is opened once."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest
import yaml

from tests.conftest import pnp

# Names a designer may give columns, each breaking YAML, jinja2 or both if written bare.
NAMES = [
    "{{ 7*7 }}",
    "x}, y: {…",
    "{% if %}",
    'say "hi"',
    "two\nlines",
    "Deck #1: [x",
    "it's",
    "a: b",
    "-dash",
    "- item",
    "yes",
    "no",
    "null",
    "~",
    "3",
    "0x1f",
    "@at",
    "%p",
    "&a *b",
    "!tag",
    "|bar",
    ">gt",
    "? q",
    "`tick`",
    "\\back",
    "{# c #}",
    "a,b",
    "Ünïcødé 🦊",
    "line\u2028sep",
]


def _state(root: Path) -> list[str]:
    """Every path under the project, links included (dangling ones too)."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def _refused(result, code: int, pattern: str) -> None:
    assert result.returncode == code, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    assert re.search(pattern, result.stderr, re.M), result.stderr


def _csv(path: Path, rows: list[list]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return path


def _xlsx(path: Path, sheets: list[tuple[str, list[list]]]) -> Path:
    """A workbook of these sheets; names Excel would refuse (`:`, `[`) are written into
    the workbook's XML afterwards, as a crafted file may hold them."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for n, (_, rows) in enumerate(sheets):
        sheet = book.create_sheet(f"S{n}")
        for row in rows:
            sheet.append(row)
    book.save(path)
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    for n, (name, _) in enumerate(sheets):
        parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
            f'name="S{n}"'.encode(), f"name={quoteattr(name)}".encode()
        )
    with zipfile.ZipFile(path, "w") as archive:
        for part, data in parts.items():
            archive.writestr(part, data)
    return path


def _ods(path: Path, sheets: list[tuple[str, list[list]]]) -> Path:
    """A minimal OpenDocument spreadsheet of these sheets: its zip of XML, written here
    (the format allows any sheet name)."""
    from xml.sax.saxutils import escape

    def row(cells: list) -> str:
        return (
            "<table:table-row>"
            + "".join(
                f'<table:table-cell office:value-type="string"><text:p>{escape(str(v))}</text:p>'
                "</table:table-cell>"
                for v in cells
            )
            + "</table:table-row>"
        )

    tables = "".join(
        f"<table:table table:name={quoteattr(name)}>{''.join(map(row, rows))}</table:table>"
        for name, rows in sheets
    )
    ns = "urn:oasis:names:tc:opendocument:xmlns"
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content'
        f' xmlns:office="{ns}:office:1.0" xmlns:table="{ns}:table:1.0"'
        f' xmlns:text="{ns}:text:1.0" office:version="1.2"><office:body>'
        f"<office:spreadsheet>{tables}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
        archive.writestr(
            "META-INF/manifest.xml",
            f'<manifest:manifest xmlns:manifest="{ns}:manifest:1.0" manifest:version="1.2">'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type='
            '"text/xml"/></manifest:manifest>',
        )
    return path


def _bound_by_permissions(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`pnp ARGS` as a user whom file permissions bind: as root, with the capabilities
    that override them dropped (a read-only folder means nothing to root otherwise)."""
    if os.geteuid() != 0:
        return pnp(*args, cwd=cwd)
    drop = [shutil.which("setpriv") or "setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    if subprocess.run([*drop, "true"], capture_output=True).returncode != 0:
        pytest.skip("running as root, and the capability to override permissions stays")
    command = [*drop, "--", sys.executable, "-m", "bastelbogen", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    return root


def test_a_read_only_project_folder_is_told_and_left_as_it_was(project):
    project.chmod(0o555)
    try:
        result = _bound_by_permissions("new", "deck", cwd=project)
    finally:
        project.chmod(0o755)
    _refused(result, 1, r"^content: cannot write the game here: Permission denied")
    assert "nothing was written" in result.stderr
    assert _state(project) == []


def test_a_templates_folder_it_cannot_write_leaves_no_half_made_game(project):
    """content/ takes its folder, templates/ refuses: content/deck/ must not stay behind."""
    (project / "content").mkdir()
    (project / "templates").mkdir()
    (project / "templates").chmod(0o555)
    try:
        result = _bound_by_permissions("new", "deck", cwd=project)
    finally:
        (project / "templates").chmod(0o755)
    _refused(result, 1, r"^templates: cannot write the game here: Permission denied")
    assert _state(project) == ["content", "templates"]


def test_a_file_named_templates_is_told_and_nothing_is_written(project):
    (project / "templates").write_text("notes")
    result = pnp("new", "deck", cwd=project)
    _refused(result, 1, r"^templates: templates is a file, not a folder; deck/ goes in it")
    assert _state(project) == ["templates"]
    assert (project / "templates").read_text() == "notes"


@pytest.mark.parametrize("where", ["content/deck", "templates/deck"])
def test_a_dangling_link_where_the_game_goes_is_a_taken_name(project, where):
    link = project / where
    link.parent.mkdir()
    link.symlink_to(project / "nowhere")
    before = _state(project)
    result = pnp("new", "deck", cwd=project)
    _refused(result, 2, rf"{where} already exists \(a link that leads nowhere\)")
    assert _state(project) == before and link.is_symlink() and not link.exists()


def test_a_dangling_link_named_content_is_told(project):
    (project / "content").symlink_to(project / "nowhere")
    result = pnp("new", "deck", cwd=project)
    _refused(result, 1, r"^content: content is a link that leads nowhere, not a folder")
    assert _state(project) == ["content"] and not (project / "nowhere").exists()


def test_a_table_that_is_a_dangling_link_is_a_usage_error(project, tmp_path):
    (tmp_path / "cards.csv").symlink_to(tmp_path / "gone.csv")
    result = pnp("new", "deck", "--from-table", str(tmp_path / "cards.csv"), cwd=project)
    _refused(result, 2, r"cards\.csv.*does not exist")
    assert _state(project) == []


def _game_of(project: Path) -> tuple[dict, dict]:
    game = yaml.safe_load((project / "content/deck/game.yaml").read_text(encoding="utf-8"))
    face = yaml.safe_load((project / "templates/deck/card.yaml").read_text(encoding="utf-8"))
    return game, face


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_odd_column_names_are_written_so_the_game_validates(project, tmp_path, kind):
    """Every column holds whole numbers, so each is declared `int` under its own name: the
    YAML read back names them exactly; the face shows the first five, looked up literally."""
    # The CSV reader splits its lines at U+2028 too (str.splitlines): not a name's fault.
    names = [n for n in NAMES if kind == "xlsx" or "\u2028" not in n]
    rows = [["id", *names], ["fox", *range(101, 101 + len(names))], ["owl"] + [1] * len(names)]
    if kind == "csv":
        table = _csv(tmp_path / "cards.csv", rows)
    else:
        table = _xlsx(tmp_path / "cards.xlsx", [("Deck", rows)])
    result = pnp("new", "deck", "--from-table", str(table), cwd=project)
    assert result.returncode == 0, result.stderr
    game, face = _game_of(project)
    assert list(game["tables"]["cards"]["columns"]) == names
    assert set(game["tables"]["cards"]["columns"].values()) == {"int"}
    texts = [b for b in face["boxes"] if b["painter"] == "text"]
    assert [b["name"] for b in texts] == NAMES[:5]
    checked = pnp("validate", "deck", cwd=project)
    assert checked.returncode == 0 and "Traceback" not in checked.stderr, checked.stderr

    built = pnp("build", "deck", "--lang", "en", "--out", str(tmp_path / "out"), cwd=project)
    assert built.returncode == 0, built.stderr
    from pypdf import PdfReader

    pdf = PdfReader(str(tmp_path / "out" / "deck" / "cards.pdf"))
    words = pdf.pages[0].extract_text().split()
    # fox's first five cells, each shown as its own value: {{ 7*7 }} is a name, not 49
    assert [w for w in words if w.isdigit() and int(w) > 100] == ["101", "102", "103", "104", "105"]
    assert "49" not in words


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
@pytest.mark.parametrize("sheet", ["Deck #1: [x", "{{ 7*7 }}", "yes", "it's", "- x: {y}"])
def test_an_odd_sheet_name_is_written_as_it_is(project, tmp_path, sheet, kind):
    """The sheet with the ids is found past one without, and named exactly."""
    sheets = [("Notes", [["written by", "me"]]), (sheet, [["id", "name"], ["fox", "Fox"]])]
    table = (_xlsx if kind == "xlsx" else _ods)(tmp_path / f"book.{kind}", sheets)
    result = pnp("new", "deck", "--from-table", str(table), cwd=project)
    assert result.returncode == 0, result.stderr
    game, _ = _game_of(project)
    assert game["tables"]["cards"]["sheet"] == sheet
    checked = pnp("validate", "deck", cwd=project)
    assert checked.returncode == 0 and "Traceback" not in checked.stderr, checked.stderr


@pytest.mark.parametrize("name", ["yes", "null", "123", "0x1f", "on"])
def test_a_game_named_like_a_yaml_value_validates(project, name):
    result = pnp("new", name, cwd=project)
    assert result.returncode == 0, result.stderr
    game = yaml.safe_load((project / "content" / name / "game.yaml").read_text())
    assert game["game"] == name and game["title"]["en"] == name.title()
    checked = pnp("validate", name, cwd=project)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_header_without_rows_is_told_at_once(project, tmp_path, kind):
    rows = [["name", "id", "power"]]
    if kind == "csv":
        table = _csv(tmp_path / "cards.csv", rows)
    else:
        table = _xlsx(tmp_path / "cards.xlsx", [("Deck", rows)])
    result = pnp("new", "deck", "--from-table", str(table), cwd=project)
    _refused(result, 1, rf"cards\.{kind}:1:2: (Deck!B1: )?the table has a header and no rows")
    assert "nothing was written" in result.stderr
    assert _state(project) == []


def test_an_empty_table_is_told(project, tmp_path):
    (tmp_path / "cards.csv").write_text("")
    result = pnp("new", "deck", "--from-table", str(tmp_path / "cards.csv"), cwd=project)
    _refused(result, 1, r"cards\.csv:1:1: the table is empty")
    assert _state(project) == []


def test_a_column_name_no_game_file_can_hold_is_told_at_its_cell(project, tmp_path):
    """A carriage return inside a header's name: the YAML loader refuses such a text, so
    the game could not name the column; told at the cell, before anything is written."""
    table = _csv(tmp_path / "cards.csv", [["id", "power", "car\rriage"], ["fox", 1, 2]])
    result = pnp("new", "deck", "--from-table", str(table), cwd=project)
    _refused(result, 1, r"cards\.csv:1:3: the column name 'car\\rriage' holds the control")
    assert _state(project) == []


def test_many_sheets_open_the_workbook_once(tmp_path, monkeypatch):
    """The sheet with the ids is looked for in one opening of the book: a workbook of many
    sheets costs its size once, not once per sheet (2,000 sheets took 53 s)."""
    from bastelbogen.content import scaffold
    from bastelbogen.content.tables import workbook

    opened: list[str] = []
    real = workbook.isolated

    def counted(read, path, what):
        opened.append(what)
        return real(read, path, what)

    monkeypatch.setattr(workbook, "isolated", counted)
    counts = []
    for n in (2, 40):
        sheets = [(f"Notes {i}", [["note", i]]) for i in range(n - 1)]
        table = _xlsx(tmp_path / f"book{n}.xlsx", [*sheets, ("Deck", [["id"], ["fox"]])])
        root = tmp_path / f"p{n}"
        root.mkdir()
        opened.clear()
        scaffold.scaffold(root, "deck", table)
        counts.append(len(opened))
        game = yaml.safe_load((root / "content/deck/game.yaml").read_text())
        assert game["tables"]["cards"]["sheet"] == "Deck"
    assert counts == [1, 1]


def test_a_game_not_moved_in_whole_is_taken_away(project, tmp_path, monkeypatch):
    """templates/deck/ is in place and content/deck/ cannot follow (the disk fails): the
    templates go again, and no hidden folder stays."""
    from bastelbogen.content import scaffold
    from bastelbogen.core.errors import ContentError

    real = Path.rename

    def failing(self, target):
        if Path(target).parent.name == "content":
            raise OSError(28, "No space left on device", str(target))
        return real(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(ContentError, match="No space left on device; nothing was written"):
        scaffold.scaffold(project, "deck")
    assert _state(project) == []


@pytest.mark.parametrize(
    ("counts", "used"), [([2, 1], True), ([10**9], False), ([-2, 0], False), ([0, 0], False)]
)
def test_a_count_column_counts_only_when_the_game_can_hold_it(project, tmp_path, counts, used):
    """Counts below 0, none at all, or more cards than a game may hold: `count` is then
    a field like any other, and the game still validates."""
    rows = [["id", "count"], *([f"c{n}", c] for n, c in enumerate(counts))]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "t.csv", rows)), cwd=project)
    assert result.returncode == 0, result.stderr
    game, _ = _game_of(project)
    assert game["tables"]["cards"]["columns"] == {"count": "int"}
    assert (game["components"][0]["items"].get("count") == "count") is used
    checked = pnp("validate", "deck", cwd=project)
    assert checked.returncode == 0, checked.stderr


def test_a_long_column_name_is_written_as_an_explicit_key(project, tmp_path):
    """YAML holds at most 1,024 characters in an implicit key: a longer name is written
    after `? `; one too long for any text of a game file is told at its cell."""
    long = "Lange Spalte " * 100
    rows = [["id", long.strip(), "power"], ["fox", 1, 2]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "t.csv", rows)), cwd=project)
    assert result.returncode == 0, result.stderr
    game, face = _game_of(project)
    assert list(game["tables"]["cards"]["columns"]) == [long.strip(), "power"]
    assert "      ? " in (project / "content/deck/game.yaml").read_text()
    assert pnp("validate", "deck", cwd=project).returncode == 0
    rows = [["id", "x" * 30_000], ["fox", 1]]
    result = pnp("new", "huge", "--from-table", str(_csv(tmp_path / "h.csv", rows)), cwd=project)
    _refused(result, 1, r"h\.csv:1:2: the column name 'x{37}\.\.\.' is 30,000 characters long")
    assert not (project / "content" / "huge").exists()


def test_a_column_named_twice_is_told_and_nothing_is_written(project, tmp_path):
    rows = [["id", "power", "power "], ["fox", 1, 2]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "t.csv", rows)), cwd=project)
    _refused(result, 1, r"t\.csv:1:3: table 'cards': column 'power' appears twice")
    assert _state(project) == []


def test_a_column_named_copy_shows_its_cells(project, tmp_path):
    """`item.copy` is an item's number among its copies; a column of that name still shows
    what its cells say."""
    rows = [["id", "copy"], ["fox", "Schlau"], ["owl", "Weise"]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "t.csv", rows)), cwd=project)
    assert result.returncode == 0, result.stderr
    built = pnp("build", "deck", "--lang", "de", "--out", str(tmp_path / "out"), cwd=project)
    assert built.returncode == 0, built.stderr
    from pypdf import PdfReader

    text = PdfReader(str(tmp_path / "out" / "deck" / "cards.pdf")).pages[0].extract_text()
    assert "Schlau" in text.split() and "Weise" in text.split()


def test_dotted_names_show_only_as_the_games_languages(project, tmp_path):
    """`name.de` and `name.en` are one text, shown once."""
    header = ["id", "name.de", "name.en", "plain"]
    rows = [header, ["fox", "Fuchs", "Fox", "w"]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "t.csv", rows)), cwd=project)
    assert result.returncode == 0, result.stderr
    _, face = _game_of(project)
    assert [b["name"] for b in face["boxes"] if b["painter"] == "text"] == ["name", "plain"]
    checked = pnp("validate", "deck", cwd=project)
    assert checked.returncode == 0, checked.stderr


def test_a_header_that_is_no_name_and_language_is_told_at_its_cell(project, tmp_path):
    """`a.` and `.` are neither a plain name nor a name and a language, and `v1.2` names no
    language of the game it writes: the table reader tells them at their header cells, as
    the game would, and nothing is written."""
    rows = [["id", "a.", ".", "v1.2", "plain"], ["fox", "x", "y", "z", "w"]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "t.csv", rows)), cwd=project)
    _refused(result, 1, r"t\.csv:1:2: table 'cards': column 'a\.' must be a name and a language")
    assert "t.csv:1:3:" in result.stderr
    assert "t.csv:1:4: table 'cards': column 'v1.2' holds a text in '2'" in result.stderr
    assert _state(project) == []


def _png(path: Path, colour: tuple[int, int, int]) -> str:
    """A picture of one colour, 300 px square (printed at over 150 dpi on the card)."""
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (300, 300), colour).save(path)
    return path.name


def _pictures_drawn(pdf: Path) -> list[tuple[int, int, int]]:
    """The colour of every picture the PDF draws, once per time it is drawn: each page's
    content followed into the forms it places (a card drawn twice is one form placed
    twice), and each image read back as pixels."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(str(pdf))
    drawn: list[tuple[int, int, int]] = []

    def walk(content, resources) -> None:
        xobjects = resources.get("/XObject", {}) if resources else {}
        for operands, op in ContentStream(content, reader).operations:
            if op != b"Do":
                continue
            xobject = xobjects[operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject, xobject.get("/Resources"))
            elif xobject.get("/Subtype") == "/Image":
                image = xobject.decode_as_image().convert("RGB")
                drawn.append(image.getpixel((image.width // 2, image.height // 2)))

    for page in reader.pages:
        walk(page.get_contents(), page["/Resources"])
    return drawn


COLOURS = {"Ninja": (200, 30, 40), "Pirate": (20, 90, 200), "Robot": (30, 160, 60)}


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_count_column_and_pictures_make_the_deck(project, tmp_path, kind):
    """Squib's shape – no id, a name, a picture file per row, a `Qty` – becomes a game
    that validates and builds: the name is its key, Qty its count, the pictures copied
    in; the deck holds sum(Qty) cards, each drawing its own picture."""
    counts = {"Ninja": 2, "Pirate": 1, "Robot": 3}
    rows = [["name", "atk", "art", "Qty"]]
    for n, (name, qty) in enumerate(counts.items()):
        file = _png(tmp_path / "art" / f"{name.lower()}.png", COLOURS[name])
        rows.append([name, n + 1, f"art/{file}", qty])
    table = (
        _csv(tmp_path / "deck.csv", rows)
        if kind == "csv"
        else _xlsx(tmp_path / "deck.xlsx", [("Deck", rows)])
    )
    result = pnp("new", "deck", "--from-table", str(table), cwd=project)
    assert result.returncode == 0, result.stderr
    game, face = _game_of(project)
    cards = game["tables"]["cards"]
    assert cards["key"] == "name" and cards["columns"]["art"] == "picture"
    assert game["components"][0]["items"] == {"from": "cards", "count": "Qty"}
    assert (project / "content/deck/art/ninja.png").read_bytes() == (
        tmp_path / "art/ninja.png"
    ).read_bytes()
    shown = [b["name"] for b in face["boxes"] if b["painter"] == "text"]
    assert "Qty" not in shown and "art" not in shown and "name" in shown
    checked = pnp("validate", "deck", cwd=project)
    assert checked.returncode == 0, checked.stderr
    out = tmp_path / "out"
    built = pnp("build", "deck", "--lang", "en", "--out", str(out), cwd=project)
    assert built.returncode == 0, built.stderr
    drawn = _pictures_drawn(out / "deck" / "cards.pdf")
    assert len(drawn) == sum(counts.values()) == 6
    for name, qty in counts.items():
        near = [
            c for c in drawn if sum(abs(a - b) for a, b in zip(c, COLOURS[name], strict=True)) < 30
        ]
        assert len(near) == qty, (name, drawn)
    m = json.loads((out / "deck" / "manifest.json").read_text())
    ids = [
        i["id"] for f in m["files"] for p in f["pages"] for i in p["items"] if i["side"] == "front"
    ]
    assert [i for i in ids if i in counts] == [
        "Ninja",
        "Ninja",
        "Pirate",
        "Robot",
        "Robot",
        "Robot",
    ]


@pytest.mark.parametrize(
    ("cell", "pattern"),
    [
        ("art/ghost.png", r"deck\.csv:3:2: picture file not found: art/ghost\.png"),
        ("../outside.png", r"deck\.csv:3:2: the picture '\.\./outside\.png' is not inside"),
        ("art/broken.png", r"deck\.csv:3:2: picture art/broken\.png "),
    ],
)
def test_a_picture_the_game_cannot_take_is_told_at_its_cell(project, tmp_path, cell, pattern):
    _png(tmp_path / "art" / "ninja.png", COLOURS["Ninja"])
    (tmp_path / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot a picture")
    _png(tmp_path.parent / "outside.png", COLOURS["Robot"])
    rows = [["name", "art", "qty"], ["Ninja", "art/ninja.png", 1], ["Pirate", cell, 1]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "deck.csv", rows)), cwd=project)
    _refused(result, 1, pattern)
    assert _state(project) == []


def test_a_table_with_no_column_to_name_its_rows_is_told(project, tmp_path):
    """Names with spaces cannot name files, and numbers are no names: told, with what
    a naming column holds; nothing is written."""
    rows = [["name", "atk"], ["Dark Knight", 1], ["Red Fox", 2]]
    result = pnp("new", "deck", "--from-table", str(_csv(tmp_path / "deck.csv", rows)), cwd=project)
    _refused(result, 1, r"deck\.csv:1:1: the table needs a column that names each row")
    assert _state(project) == []


def test_new_help_shows_examples():
    from click.testing import CliRunner

    from bastelbogen.cli import main

    text = CliRunner().invoke(main, ["new", "--help"]).output
    assert "Examples:" in text and "pnp new heroes --from-table heroes.csv" in text
    assert all(word in text for word in ("qty", "copies", "count", "key:"))


# Issue 46: every table `pnp new` takes makes a game that validates; every other table is
# refused at its place (file:line:col), with nothing written. Each case: the table's rows
# (or its bytes), its ending, and None where the game must validate, else the place and
# message the refusal must start with.
def _rows(*rows) -> list[list]:
    return [list(r) for r in rows]


TABLES = [
    # A name column and texts only: before, `columns: {id: text}` was declared beside
    # `key: name`, and the game named a column its table does not have.
    ("no-id-texts-only", _rows(["name", "text"], ["fox", "Schlau"], ["owl", "Weise"]), "csv", None),
    ("no-id-one-column", _rows(["name"], ["fox"], ["owl"]), "csv", None),
    ("no-id-a-workbook", _rows(["name", "text"], ["fox", "a"], ["owl", "b"]), "xlsx", None),
    ("no-id-odd-key-name", _rows(["{{ x }}", "atk"], ["fox", 1], ["owl", 2]), "csv", None),
    ("id-only", _rows(["id"], ["fox"], ["owl"]), "csv", None),
    ("workbook-whole-number-ids", _rows(["id", "atk"], [1, 5], [2, 6]), "xlsx", None),
    ("bom", b"\xef\xbb\xbfid,atk\nfox,1\nowl,2\n", "csv", None),
    ("semicolons", b"id;atk;text\nfox;1;a\nowl;2;b\n", "csv", None),
    ("crlf", b"id,atk\r\nfox,1\r\nowl,2\r\n", "csv", None),
    ("tabs", b"id\tatk\nfox\t1\nowl\t2\n", "tsv", None),
    ("empty-header-cell", _rows(["id", "", "atk"], ["fox", "x", 1], ["owl", "y", 2]), "csv", None),
    (
        "template-syntax-in-cells",
        _rows(["id", "text", "{{ x }}"], ["fox", "{{ 7*7 }}", "{% if %}"], ["owl", "}} {{", "2"]),
        "csv",
        None,
    ),
    ("quotes-and-newlines", b'id,text\nfox,"say ""hi"""\nowl,"two\nlines"\n', "csv", None),
    ("formulas", _rows(["id", "calc"], ["fox", "=SUM(A1:A2)"], ["owl", "@x"]), "csv", None),
    (
        "reserved-names",
        _rows(
            ["id", "key", "from", "count", "each", "copy", "item", "sheet"],
            ["fox", *"abcdefg"],
            ["owl", *"hijklmn"],
        ),
        "csv",
        None,
    ),
    (
        "wide",
        _rows(["id", *(f"c{n}" for n in range(500))], ["fox", *range(500)], ["owl", *range(500)]),
        "csv",
        None,
    ),
    # Ids the game would refuse: told at the cell, as validate would tell them.
    ("empty-id", _rows(["id", "atk"], ["", 1], ["owl", 2]), "csv", r"2:1: each row needs an 'id'"),
    ("duplicate-id", _rows(["id", "atk"], ["fox", 1], ["fox", 2]), "csv", r"3:1: duplicate id"),
    ("id-same-once-trimmed", _rows(["id"], ["fox"], [" fox "]), "csv", r"3:1: duplicate id 'fox'"),
    ("id-with-a-space", _rows(["id"], ["Dark Knight"], ["owl"]), "csv", r"2:1: id 'Dark Knight'"),
    ("id-a-path", _rows(["id"], ["owl"], ["../x"]), "csv", r"3:1: id '\.\./x' may hold only"),
    ("id-too-long", _rows(["id"], ["a" * 100]), "csv", r"2:1: id 'a+…' has 100 characters"),
    ("workbook-fraction-id", _rows(["id"], [1.5], [2]), "xlsx", r"2:1: (Deck!A2: )?id '1\.5'"),
    # No column can name the rows: told at the header.
    ("no-id-names-with-spaces", _rows(["name"], ["Dark Knight"]), "csv", r"1:1: the table needs"),
    ("no-id-numbers-only", _rows(["atk", "def"], [1, 2], [3, 4]), "csv", r"1:1: the table needs"),
    # `name` and its languages: each row's name is a text per language, no id (a traceback).
    (
        "no-id-name-and-languages",
        _rows(["name", "name.de", "name.en"], ["fox", "Fuchs", "Fox"]),
        "csv",
        r"1:1: the table needs",
    ),
    ("header-only", _rows(["id", "atk"]), "csv", r"1:1: the table has a header and no rows"),
    ("not-utf8", "id,text\nfox,Grüße\n".encode("latin-1"), "csv", r"2:\d+: not UTF-8"),
]


def _table(folder: Path, kind: str, content) -> Path:
    path = folder / f"cards.{kind}"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif kind == "xlsx":
        _xlsx(path, [("Deck", content)])
    else:
        _csv(path, content)
    return path


@pytest.mark.parametrize(
    ("content", "kind", "refused"), [t[1:] for t in TABLES], ids=[t[0] for t in TABLES]
)
def test_a_table_makes_a_game_that_validates_or_is_refused_at_its_place(
    project, tmp_path, content, kind, refused
):
    table = _table(tmp_path, kind, content)
    result = pnp("new", "deck", "--from-table", str(table), cwd=project)
    if refused is not None:
        _refused(result, 1, rf"^{re.escape(str(table))}:{refused}")
        assert "nothing was written" in result.stderr
        assert _state(project) == []
        return
    assert result.returncode == 0, result.stderr
    checked = pnp("validate", "deck", cwd=project)
    assert checked.returncode == 0 and "Traceback" not in checked.stderr, checked.stderr
    assert checked.stdout.strip() == "deck: ok"


@pytest.mark.parametrize("start", ["sample", "table"])
def test_the_file_pnp_new_says_to_open_is_the_one_the_build_writes(project, tmp_path, start):
    """The sample deck's cards carry words (a file per language); a table's do not: the
    "open" line names the file the build writes either way."""
    args = ["new", "deck"]
    if start == "table":
        args += ["--from-table", str(_csv(tmp_path / "cards.csv", [["id", "name"], ["fox", "F"]]))]
    made = pnp(*args, cwd=project)
    assert made.returncode == 0, made.stderr
    opened = next(x.split()[1] for x in made.stdout.splitlines() if x.strip().startswith("open "))
    assert pnp("build", "deck", cwd=project).returncode == 0
    written = sorted(p.relative_to(project).as_posix() for p in project.rglob("cards.pdf"))
    assert opened in written, (opened, written)
