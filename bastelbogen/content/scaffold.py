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

from bastelbogen.content.pictures import PICTURE, picture_fault
from bastelbogen.content.tables import Cells, header, read_cells, rows_of
from bastelbogen.content.tables.columns import Column, convert
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import item_id_problem, slug_problem
from bastelbogen.core.paths import inside, is_file

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
# A column that says how many copies of its card the deck holds, as designers name it
# (Squib's `qty`); matched whatever its case.
COUNTS = ("qty", "copies", "count")
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
        count=f", count: {_text(face.count)}" if face.count else "",
        sheet=f"\n    sheet: {_text(face.sheet)}" if face.sheet else "",
        key=f"\n    key: {_text(face.key)}" if face.key else "",
    )
    card = FACE.format(ground=_text(face.ground), lines=face.lines, picture=face.picture)
    return {
        "content": {
            table_name: table or CARDS,
            **face.files,  # the pictures the table names, where it names them
            "game.yaml": game,
            "rules.yaml": RULES.format(title=_text(title)),
        },
        "templates": {"card.yaml": card, "back.yaml": BACK.format(title=_text(title))},
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
        """Columns typed by what their cells hold, its count and picture columns used as
        such, and a face that shows the first few."""
        sheet = read_cells(path, {"sheet-with": "id"}, Loc(str(path)))
        named = _header(sheet, path)
        problems = Collector()
        rows = rows_of(sheet, {}, "cards", problems, LANGS)  # as the game will read it
        problems.raise_if_any()
        if not rows:
            raise ContentError(
                Problem(
                    named.get("id") or next(iter(named.values())),
                    "the table has a header and no rows: write one row per card under it",
                )
            )
        types = {key: kind for key in named if (kind := _type_of(key, rows))}
        files = _pictures(named, rows, path)
        types |= {key: "picture" for key in files}
        colour = next((k for k, t in types.items() if t == "colour"), None)
        count = _count_column(named, types, rows)
        key = _key_of(named, rows, types, path)
        shown = [k for k in _shown(named, types) if k not in (count, *files)]
        face = cls(types, shown[:5], colour, next(iter(files), None))
        face.sheet, face.count, face.key = sheet.sheet, count, key
        face.files = {value: source for pictures in files.values() for value, source in pictures}
        return face


def _header(sheet: Cells, path: Path) -> dict[str, Loc]:
    """The header's names and their places; a table without one, or with a name no game
    file can hold, is told here."""
    if not sheet.rows:
        raise ContentError(
            Problem(
                Loc(str(path), 1, 1),
                "the table is empty: write a header row with a column 'id' (a short name"
                " for each card), and one row per card under it",
            )
        )
    named = header(sheet)
    for key, loc in named.items():
        if why := _unwritable(key):
            raise ContentError(
                Problem(
                    loc, f"the column name {key if len(key) <= 40 else key[:37] + '...'!r} {why}"
                )
            )
    return named


def _key_of(named: dict[str, Loc], rows: list, types: dict[str, str], path: Path) -> str | None:
    """The column that names the rows: `id`, else (written as `key:`) the first text
    column, one called `name` first, whose cells are all filled, all different and each a
    possible id (letters, digits, '-' and '_'). None for `id`."""
    if "id" in named:
        return None
    by_name = sorted(named, key=lambda k: k.strip().lower() != "name")  # stable: name first
    for key in by_name:
        if "." in key or key in types:
            continue  # a text per language, a number, a colour, a picture: no name
        values = [row.get(key) for row in rows]
        if len(set(values)) == len(values) and all(
            isinstance(v, str) and v and item_id_problem(v) is None for v in values
        ):
            return key
    shown = ", ".join(f"'{k}'" for k in list(named)[:8])
    raise ContentError(
        Problem(
            Loc(str(path), 1, 1),
            "the table needs a column that names each row (card): 'id', or a column whose"
            " cells are all different short names of letters, digits, '-' and '_', like"
            f" 'fox' or 'red-fox' (its columns: {shown})",
        )
    )


def _count_column(named: dict[str, Loc], types: dict[str, str], rows: list) -> str | None:
    """The column that says how many of each card there are: the first named qty, copies
    or count (any case) whose cells are whole numbers that can count (else it is shown
    like any field)."""
    for key in named:
        if key.strip().lower() in COUNTS and types.get(key) == "int" and _counts(rows, key):
            return key
    return None


def _pictures(named: dict[str, Loc], rows: list, table: Path) -> dict[str, list]:
    """The columns whose every cell names a picture file, each with its (value, file)
    pairs: the files sit beside the table or below it, and are copied into the game where
    the cells name them. A picture that is not there, lies outside the table's folder or
    cannot be printed is told at its cell (all of them at once)."""
    folder = table.parent
    problems = Collector()
    found: dict[str, list] = {}
    for key in named:
        cells = [(row[key], row.value_loc(key)) for row in rows if key in row]
        if "." in key or not cells:
            continue
        if not all(isinstance(v, str) and PICTURE.search(v) for v, _ in cells):
            continue
        found[key] = []
        for value, at in cells:
            source = inside(folder, value)
            if source is None:
                problems.add(
                    at,
                    f"the picture '{value}' is not inside the table's folder; the game takes"
                    " the pictures the table names from beside it or below it",
                )
            elif not is_file(source):
                problems.add(at, f"picture file not found: {value} (looked in {folder})")
            elif why := picture_fault(source, folder):
                problems.add(at, f"picture {value} {why}")
            else:
                found[key].append((value, source))
    problems.raise_if_any()
    return found


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


def _counts(rows: list, key: str) -> bool:
    """Whether a count column can say how many of each card there are: none below 0,
    and between one card and as many as a game may hold (else it is only shown)."""
    counts = [convert(row.get(key, 1), Column("int"), key) for row in rows]
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
    return fields


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
