"""`pnp new NAME`: a working game to start from, written into a project folder
(content/NAME/ and templates/NAME/), never into the tool's own installation. It validates
and builds as it is: a deck of cards kept in a CSV table (or in the designer's own
spreadsheet, `--from-table`), a face and a back layout, and rules in German and English.

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

from bastelbogen.content.tables import Cells, read_cells, rows_of
from bastelbogen.content.tables.columns import Column, convert
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import slug_problem

LANGS = ("de", "en")  # the languages the game it writes speaks

CARDS = """id,name.de,name.en,power,colour,copies
fox,Fuchs,Fox,3,#d55e00,2
owl,Eule,Owl,5,#0072b2,1
hare,Hase,Hare,2,#009e73,3
"""
GAME = """# {title}: a deck kept in a spreadsheet ({table}), one row per card.
game: {name}
title: {{de: {title}, en: {title}}}
players: {{min: 2, max: 4}}
rules: rules.yaml

tables:
  cards:
    file: {table}{sheet}
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
{lines}"""
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
    return [f"pnp validate {name}", f"pnp build {name}", f"open out/{name}/cards.pdf"]


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
        count=face.count,
        sheet=f"\n    sheet: {_text(face.sheet)}" if face.sheet else "",
    )
    return {
        "content": {
            table_name: table or CARDS,
            "game.yaml": game,
            "rules.yaml": RULES.format(title=_text(title)),
        },
        "templates": {
            "card.yaml": FACE.format(ground=_text(face.ground), lines=face.lines),
            "back.yaml": BACK.format(title=_text(title)),
        },
    }


class _Face:
    """What the game's table declares and its card face shows."""

    def __init__(self, types: dict[str, str], shown: list[str], colour: str | None) -> None:
        self.columns = _columns(types or {"id": "text"})
        self.lines = "".join(_line(n, key, _shown_text(key), 12) for n, key in enumerate(shown))
        self.ground = f"{{{{ {_field(colour)} }}}}" if colour else "#dde8f0"
        self.count = ""
        self.sheet: str | None = None

    @classmethod
    def sample(cls) -> _Face:
        face = cls({}, [], None)
        face.ground = "{{ colour }}"
        face.columns = _columns(
            {"power": "{type: int, min: 1, max: 9}", "colour": "colour", "copies": "int"}
            | {"name": "texts"}
        )
        face.lines = _line(0, "name", "{{ name }}", 16) + _line(1, "power", "{{ power }}", 30)
        face.count = ", count: copies"
        return face

    @classmethod
    def of_table(cls, path: Path) -> _Face:
        """Columns typed by what their cells hold, and a face that shows the first few."""
        sheet = read_cells(path, {"sheet-with": "id"}, Loc(str(path)))
        header = _header(sheet, path)
        problems = Collector()
        rows = rows_of(sheet, {}, "cards", problems, LANGS)  # as the game will read it
        problems.raise_if_any()
        if not rows:
            raise ContentError(
                Problem(
                    header["id"],
                    "the table has a header and no rows: write one row per card under it",
                )
            )
        types = {key: kind for key in header if (kind := _type_of(key, rows))}
        colour = next((k for k, t in types.items() if t == "colour"), None)
        face = cls(types, _shown(header, types), colour)
        face.sheet = sheet.sheet
        if types.get("count") == "int" and _counts(rows):
            face.count = ", count: count"
        return face


def _header(sheet: Cells, path: Path) -> dict[str, Loc]:
    """The header's names and their places; a table without one, or without an `id`
    column, or with a name no game file can hold, is told here."""
    if not sheet.rows:
        raise ContentError(
            Problem(
                Loc(str(path), 1, 1),
                "the table is empty: write a header row with a column 'id' (a short name"
                " for each card), and one row per card under it",
            )
        )
    header = {
        str(v).strip(): loc for v, loc in sheet.rows[0][1] if v is not None and str(v).strip()
    }
    if "id" not in header:
        raise ContentError(
            Problem(
                Loc(str(path), 1, 1),
                "the table needs a column 'id': a short name for each row (card)",
            )
        )
    for key, loc in header.items():
        if why := _unwritable(key):
            raise ContentError(
                Problem(
                    loc, f"the column name {key if len(key) <= 40 else key[:37] + '...'!r} {why}"
                )
            )
    return header


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


def _type_of(key: str, rows: list) -> str | None:
    """A column's type when every cell it fills reads as one (as the game will read it)."""
    values = [row[key] for row in rows if key in row]
    if key == "id" or not values or "." in key:
        return None
    for kind in ("int", "colour"):
        if all(_reads_as(v, kind) for v in values):
            return kind
    return None


def _counts(rows: list) -> bool:
    """Whether a `count` column can say how many of each card there are: none below 0,
    and between one card and as many as a game may hold (else it is only shown)."""
    counts = [convert(row.get("count", 1), Column("int"), "count") for row in rows]
    return min(counts) >= 0 and 1 <= sum(counts) <= limits.MAX_ITEMS


def _reads_as(value, kind: str) -> bool:
    if kind == "colour" and not (isinstance(value, str) and value.startswith("#")):
        return False  # a colour is written as #rrggbb here, not named
    try:
        convert(value, Column(kind), "")
    except ValueError:
        return False
    return True


def _shown(header: dict[str, Loc], types: dict[str, str]) -> list[str]:
    """The first five fields a card shows: not its id, not its colour (that fills the
    ground). `name.de` and `name.en` are one field, `name`, when they name the game's
    languages; a dotted name that does not is left off (the game would print a mapping)."""
    langs: dict[str, set[str | None]] = {}  # None: the plain name, without a language
    for key in header:
        base, dot, lang = key.partition(".")
        langs.setdefault(base, set()).add(lang if dot else None)
    fields = [
        base
        for base, those in langs.items()
        if base != "id" and types.get(base) != "colour" and (those == {None} or those <= set(LANGS))
    ]
    return fields[:5]


def _line(n: int, key: str, text: str, size: int) -> str:
    return (
        f"  - {{name: {_text(key)}, painter: text, box: [8, {10 + n * 14}, 47, 12],"
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
