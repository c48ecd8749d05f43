"""`pnp new NAME`: a working game to start from, written into a project folder
(content/NAME/ and templates/NAME/), never into the tool's own installation. It validates
and builds as it is: a deck of cards kept in a CSV table (or in the designer's own
spreadsheet, `--from-table`), a face and a back layout, a cheat sheet and a starting
rulebook (content/scaffoldbook.py) in German and English.

The game is written whole or not at all: every file is made first in a hidden folder beside
where it goes, and moved into place only when all are there (content/NAME/ last, since its
game.yaml is what makes a game). Names taken from a spreadsheet are the designer's: each is
written as a quoted YAML text and read by the layout as a literal, so no header can break
the files or be evaluated as an expression."""

from __future__ import annotations

import math
import os
import re
import shutil
import tempfile
import unicodedata
from pathlib import Path

import yaml

from bastelbogen.content.fromtable import learn
from bastelbogen.content.scaffoldbook import rulebooks
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.names import slug_problem

CARDS = """id,name.de,name.en,power,colour,copies
fox,Fuchs,Fox,3,#d55e00,2
owl,Eule,Owl,5,#0072b2,1
hare,Hase,Hare,2,#009e73,3
"""
# Where `pnp new` writes the schemas (`pnp schema`), from a game's folder: an editor with a
# YAML language server reads the line and completes, explains and checks the file.
SCHEMA_LINE = "# yaml-language-server: $schema=../../schemas/{name}.schema.json\n"
GAME = """# {title}: a deck kept in a spreadsheet ({table}), one row per card.
game: {name}
title: {{de: {title}, en: {title}}}
players: {{min: 2, max: 4}}
rules: rules.yaml
rulebook: {{de: rulebook/de.md, en: rulebook/en.md}}

tables:
  cards:
    file: {table}{sheet}{key}
    columns:{columns}

components:
  - id: cards
    name: {{de: Karten, en: Cards}}
    kind: card
    size: standard
    face: {face}
    back: {back}
    items: {{from: cards{count}}}
"""
FACE = """# One card, 63 x 88 mm; boxes are [x, y, width, height] in mm from the top-left corner.
boxes:
  - {{name: ground, painter: shape, box: bleed, fill: {ground}}}
  - {{name: panel, painter: shape, box: [4, 4, 55, 80], fill: "#fffdf6", radius: 2}}
{picture}{lines}"""
# The table's picture, above its fields; drawn only on the cards whose cell names one.
PICTURE_BOX = """  - {{name: {name}, painter: image, box: [8, 8, 47, 40], file: {file},
     when: {file}}}
"""
BACK = """boxes:
  - {{name: ground, painter: shape, box: bleed, fill: "#1f2a44"}}
  - {{name: title, painter: text, box: [6, 38, 51, 12], text: {title}, font: bold,
     size: 16, colour: "#ffffff", align: center}}
"""
RULES = """colour: "#1f2a44"
de:
  title: {title}
  sections:
    - heading: Ziel
      text: Schreibt hier, worum es geht.
en:
  title: {title}
  sections:
    - heading: Goal
      text: Say here what the game is about.
"""

# What the scaffold writes: for content/ and templates/, the files of the game's folder,
# each its text or the path of the file to copy.
Files = dict[str, dict[str, str | Path]]


def scaffold(root: Path, name: str, table: Path | None = None) -> list[str]:
    """Write the game; the next commands to run. A taken name raises ValueError (a usage
    error); a table it cannot start from, or a folder it cannot write, ContentError.
    Either way nothing is left behind."""
    if why := slug_problem(name, "game name"):
        raise ValueError(why)
    for base in ("content", "templates"):
        _free(root / base, name)
    _write_whole(root, name, _files(name, table))
    return [
        f"pnp validate {name}",
        f"pnp build {name}",
        # the sample deck's cards carry words, so each language has its own; a table's not
        f"open out/{name}/{'en/' if table is None else ''}cards.pdf",
        f"write the rules in content/{name}/rulebook/en.md and de.md"
        f" (the book: out/{name}/en/rulebook.pdf)",
    ]


def _free(parent: Path, name: str) -> None:
    """Refuse a name already taken, by anything (a link that leads nowhere too), and a
    parent that is not a folder."""
    target = parent / name
    if os.path.lexists(parent) and not parent.is_dir():
        raise ContentError(
            Problem(Loc(str(parent)), f"{_not_a_folder(parent)}; {name}/ goes in it")
        )
    if os.path.lexists(target):
        dangling = " (a link that leads nowhere)" if not target.exists() else ""
        raise ValueError(f"{Loc(str(target))} already exists{dangling}; choose another name")


def _not_a_folder(path: Path) -> str:
    what = "a link that leads nowhere" if path.is_symlink() and not path.exists() else "a file"
    return f"{path.name} is {what}, not a folder"


def _files(name: str, table: Path | None) -> Files:
    """Every file of the game, made before anything is written: a table it cannot start
    from stops here."""
    title = name.replace("-", " ").replace("_", " ").title()
    face = _Face.of_table(table) if table else _Face.sample()
    table_name = f"cards{table.suffix.lower()}" if table else "cards.csv"
    game = GAME.format(
        name=_text(name),
        title=_text(title),
        table=table_name,
        columns=face.columns,
        face=_text(f"{name}/card"),
        back=_text(f"{name}/back"),
        count=f", count: {_text(face.count)}" if face.count else "",
        sheet=f"\n    sheet: {_text(face.sheet)}" if face.sheet else "",
        key=f"\n    key: {_text(face.key)}" if face.key else "",
    )
    card = FACE.format(ground=_text(face.ground), lines=face.lines, picture=face.picture)
    return {
        "content": {
            table_name: table or CARDS,
            **face.files,  # the pictures the table names, where it names them
            "game.yaml": SCHEMA_LINE.format(name="game") + game,
            "rules.yaml": SCHEMA_LINE.format(name="rules") + RULES.format(title=_text(title)),
            **rulebooks(name, title, face.ids, _text),
        },
        "templates": {
            "card.yaml": SCHEMA_LINE.format(name="layout") + card,
            "back.yaml": SCHEMA_LINE.format(name="layout") + BACK.format(title=_text(title)),
        },
    }


class _Face:
    """What the game's table declares and its card face shows."""

    def __init__(
        self, types: dict[str, str], shown: list[str], colour: str | None, picture: str | None
    ) -> None:
        self.columns = _columns(types or {"id": "text"})
        # With a picture on top, three fields fit below it; without, five.
        top, step, size = (52, 10, 11) if picture else (10, 14, 12)
        shown = shown[:3] if picture else shown
        self.lines = "".join(
            _line(top + n * step, key, _shown_text(key), size, step) for n, key in enumerate(shown)
        )
        self.picture = (
            PICTURE_BOX.format(name=_text(picture), file=_text(_shown_text(picture)))
            if picture
            else ""
        )
        self.ground = f"{{{{ {_field(colour)} }}}}" if colour else "#dde8f0"
        self.count: str | None = None  # the column that counts each card's copies
        self.key: str | None = None  # the column that names the rows, when it is not `id`
        self.sheet: str | None = None
        self.files: dict[str, str | Path] = {}  # the pictures to copy, by where they go
        self.ids = ["fox", "owl", "hare"]  # the cards' ids: the rulebook's figure shows some

    @classmethod
    def sample(cls) -> _Face:
        face = cls({}, [], None, None)
        face.ground = "{{ colour }}"
        face.columns = _columns(
            {"power": "{type: int, min: 1, max: 9}", "colour": "colour", "copies": "int"}
            | {"name": "texts"}
        )
        face.lines = _line(10, "name", "{{ name }}", 16) + _line(24, "power", "{{ power }}", 30)
        face.count = "copies"
        return face

    @classmethod
    def of_table(cls, path: Path) -> _Face:
        """The face of what the table holds: its first few fields, its picture on top."""
        got = learn(path, _unwritable)
        # Nothing typed: the column naming the rows is declared (as the text it always is),
        # to show how a column is; `id` beside `key: name` would name a column not there.
        face = cls(got.types or {got.key or "id": "text"}, got.shown[:5], got.colour, got.picture)
        face.sheet, face.count, face.key, face.files = got.sheet, got.count, got.key, got.files
        face.ids = got.ids
        return face


def _unwritable(key: str) -> str | None:
    """Why a column name cannot stand in a game file, or None. These are the texts the YAML
    loader refuses (core/source.py), told at the header cell before anything is written."""
    if len(shown := _shown_text(key)) > limits.MAX_TEXT_CHARS:
        return (
            f"is {len(key):,} characters long: the face's text that shows it would be"
            f" {len(shown):,}, and a game file holds texts of at most {limits.MAX_TEXT_CHARS:,}"
        )
    bad = next(
        (c for c in key if c not in "\t\n" and unicodedata.category(c) in ("Cc", "Cs")), None
    )
    if bad is not None:
        return f"holds the control character U+{ord(bad):04X}; rename the column"
    return None


def _line(top: int, key: str, text: str, size: int, height: int = 12) -> str:
    return (
        f"  - {{name: {_text(key)}, painter: text, box: [8, {top}, 47, {min(height, 12)}],"
        f" text: {_text(text)}, size: {size}, min-size: 6, align: center}}\n"
    )


def _columns(types: dict[str, str]) -> str:
    """`columns:` of the table, one a line; a very long name as an explicit key (YAML
    allows at most 1,024 characters in an implicit one)."""
    lines = []
    for key, kind in types.items():
        written = _text(key)
        lines.append(
            f"? {written}\n      : {kind}" if len(written) > 1000 else f"{written}: {kind}"
        )
    return "".join(f"\n      {line}" for line in lines)


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _/-]*")


def _text(value: str) -> str:
    """`value` as a YAML text on one line: plain where it reads back as itself, else in
    double quotes, escaped by the YAML writer (so `yes`, `{{ 7*7 }}`, `x}, y: {` and
    `Deck #1: [x` stay texts, and every one of their characters stays as it is)."""
    if _PLAIN.fullmatch(value) and not value.endswith(" ") and yaml.safe_load(value) == value:
        return value
    return yaml.safe_dump(value, default_style='"', allow_unicode=True, width=math.inf).strip()


def _shown_text(key: str) -> str:
    """The face's text for the field `key`: empty where a card leaves its cell empty."""
    return f"{{{{ {_field(key)} | default('') }}}}"


def _field(key: str) -> str:
    """The layout's expression for the item's field `key`, written as a literal string
    (jinja2 escapes), so a name like `{{ 7*7 }}` is looked up, never evaluated."""
    if key == "copy":  # `item.copy` is the item's number among its copies: the field's own
        return key  # name says the field (the item's data stands above the build's options)
    escaped = "".join(ch if ch.isprintable() and ch not in "\\'" else _escape(ch) for ch in key)
    return f"item['{escaped}']"


def _escape(ch: str) -> str:
    if ch in "\\'":
        return "\\" + ch
    code = ord(ch)
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


def _write_whole(root: Path, name: str, files: Files) -> None:
    """Each folder made hidden beside its place, then moved in: templates/NAME first,
    content/NAME last. Whatever fails, what was made is taken away again."""
    made: list[Path] = []  # folders made here, taken away again if the game is not whole
    placed: list[Path] = []
    stages: dict[str, Path] = {}  # the hidden folders: gone when this ends, however it ends
    whole = False
    where = root
    try:
        for base, contents in files.items():
            where = root / base
            if not where.is_dir():
                where.mkdir()
                made.append(where)
            stages[base] = Path(tempfile.mkdtemp(prefix=f".new-{name}-", dir=where))
            _staged(stages[base] / name, contents)
        for base in ("templates", "content"):  # content/NAME last: then it is a game
            stage, where = stages[base], root / base / name
            if os.path.lexists(where):  # made since it was looked at: still never replaced
                raise FileExistsError(17, "made meanwhile by someone else", str(where))
            (stage / name).rename(where)
            placed.append(where)
        whole = True
    except OSError as exc:
        raise ContentError(
            Problem(
                Loc(str(where)),
                f"cannot write the game here: {exc.strerror or exc}; nothing was written",
            )
        ) from None
    finally:
        for stage in stages.values():
            shutil.rmtree(stage, ignore_errors=True)
        if not whole:
            _undo(placed, made)


def _staged(folder: Path, contents: dict[str, str | Path]) -> None:
    """The game's folder with its files, made inside a hidden new folder (one level down,
    so no listing of games takes it for one while it is being written)."""
    folder.mkdir()
    for file, what in contents.items():
        (folder / file).parent.mkdir(parents=True, exist_ok=True)  # a picture in art/
        if isinstance(what, Path):
            shutil.copyfile(what, folder / file)
        else:
            (folder / file).write_text(what, encoding="utf-8")


def _undo(placed: list[Path], made: list[Path]) -> None:
    for folder in placed:
        shutil.rmtree(folder, ignore_errors=True)
    for folder in reversed(made):
        try:
            folder.rmdir()  # only if still empty: what others put there stays
        except OSError:
            pass
