"""What `pnp new --from-table` learns from a designer's table before anything is written:
each column's type from its cells, the column that names the rows (`id`, else one of
distinct plain names, written as `key:`), the one that counts copies (`qty`, `copies`,
`count`), and the columns of picture files, each picture found beside the table. What the
game could not take is told at its cell; the table is read as the game will read it, and its
ids are checked as the game checks them (filled, different, each a possible file name), so
every table taken makes a game that validates."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bastelbogen.content.pictures import PICTURE, picture_problem
from bastelbogen.content.tables import Cells, header, read_cells, rows_of
from bastelbogen.content.tables.columns import Column, convert
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import item_id_problem
from bastelbogen.core.paths import inside, is_file
from bastelbogen.core.source import YList, YMap

LANGS = ("de", "en")  # the languages the game it writes speaks
# A column that says how many copies of its card the deck holds, as designers name it
# (Squib's `qty`); matched whatever its case.
COUNTS = ("qty", "copies", "count")


@dataclass
class Learnt:
    types: dict[str, str]  # the declared columns: name -> type
    shown: list[str]  # the fields a card shows, in the table's order
    colour: str | None = None  # the column whose colour fills the card
    picture: str | None = None  # the first column of pictures: drawn on the card
    count: str | None = None  # the column that counts each card's copies
    key: str | None = None  # the column that names the rows, when it is not `id`
    sheet: str | None = None  # the workbook's sheet it was read from
    files: dict[str, str | Path] = field(default_factory=dict)  # pictures by where they go
    ids: list[str] = field(default_factory=list)  # the ids of the rows that make cards


def learn(path: Path, unwritable: Callable[[str], str | None]) -> Learnt:
    """What the table at `path` gives a new game; `unwritable` says why a column's name
    could not stand in a game file (told at its header cell, first)."""
    sheet = read_cells(path, {"sheet-with": "id"}, Loc(str(path)))
    named = _header(sheet, path, unwritable)
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
    declared = _id_column(named, rows)
    if "id" in named:
        _check_ids(rows, bool(declared))
    types = declared | {key: kind for key in named if (kind := _type_of(key, rows))}
    pictures = _pictures(named, rows, path)
    types |= {key: "picture" for key in pictures}
    count = _count_column(named, types, rows)
    key = _key_of(named, rows, types, path)
    return Learnt(
        types,
        [k for k in _shown(named, types) if k not in (count, *pictures)],
        next((k for k, t in types.items() if t == "colour"), None),
        next(iter(pictures), None),
        count,
        key,
        sheet.sheet,
        {value: source for found in pictures.values() for value, source in found},
        _first_ids(rows, key or "id", count),
    )


def _first_ids(rows: Sequence[YMap], key: str, count: str | None) -> list[str]:
    """The ids of the rows that make at least one card (a row of count 0 makes none), as
    the game reads them: the starting rulebook's figure shows the first few."""
    ids = []
    for row in rows:
        if count is not None and _whole(convert(row.get(count, 1), Column("int"), count)) < 1:
            continue
        value = row.get(key)
        ids.append(value if isinstance(value, str) else convert(value, Column("text"), key))
    return [str(i) for i in ids]


def _header(sheet: Cells, path: Path, unwritable: Callable[[str], str | None]) -> dict[str, Loc]:
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
        if why := unwritable(key):
            raise ContentError(
                Problem(
                    loc, f"the column name {key if len(key) <= 40 else key[:37] + '...'!r} {why}"
                )
            )
    return named


def _key_of(
    named: dict[str, Loc], rows: Sequence[YMap], types: dict[str, str], path: Path
) -> str | None:
    """The column that names the rows: `id`, else (written as `key:`) the first text
    column, one called `name` first, whose cells are all filled, all different and each a
    possible id (letters, digits, '-' and '_'). None for `id`."""
    if "id" in named:
        return None
    by_name = sorted(named, key=lambda k: k.strip().lower() != "name")  # stable: name first
    for key in by_name:
        if "." in key or key in types:
            continue  # a text per language, a number, a colour, a picture: no name
        if _names_rows([row.get(key) for row in rows]):
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


def _names_rows(values: list[object]) -> bool:
    """Whether a column's cells can be the rows' ids: each a possible id, all different
    (texts first: a cell of `name` beside `name.de` is a mapping, which no set holds)."""
    if not all(isinstance(v, str) and v and item_id_problem(v) is None for v in values):
        return False
    return len(set(values)) == len(values)


def _id_column(named: dict[str, Loc], rows: Sequence[YMap]) -> dict[str, str]:
    """`id: text` when a workbook gives ids as numbers (7 is then the id '7', as the game
    reads a declared text); else nothing: an undeclared id column is read as text already."""
    if "id" in named and any(not isinstance(row.get("id"), str | None) for row in rows):
        return {"id": "text"}
    return {}


def _check_ids(rows: YList, declared: bool) -> None:
    """Each row's id as the game will read it (through `id: text` when `declared`): filled,
    not that of an earlier row, and a possible file name. Each wrong one is told at its
    cell, all at once, before anything is written: the game would refuse them later."""
    problems = Collector()
    seen: dict[str, Loc] = {}
    for i, row in enumerate(rows):
        at = row.value_loc("id") if "id" in row.value_locs else rows.item_loc(i)
        value = row.get("id")
        if declared and not isinstance(value, str | dict | list | None):  # 7, TRUE, a date
            value = convert(value, Column("text"), "id")
        if why := _id_problem(value, seen):
            problems.add(at, why)
        else:
            seen[value] = at
    problems.raise_if_any()


def _id_problem(value: object, seen: dict[str, Loc]) -> str | None:
    """Why a row's id cannot name its card, or None (`seen`: the ids of the rows above)."""
    if not isinstance(value, str) or not value:
        got = "is empty" if value in (None, "") else "holds a text per language or a list"
        return (
            f"each row needs an 'id', a short name of letters, digits, '-' and '_' (it names"
            f" the card); this one {got}"
        )
    if value in seen:
        return f"duplicate id '{value}': the row at {seen[value]} has it; each card needs its own"
    return item_id_problem(value, "id")


def _count_column(named: dict[str, Loc], types: dict[str, str], rows: Sequence[YMap]) -> str | None:
    """The column that says how many of each card there are: the first named qty, copies
    or count (any case) whose cells are whole numbers that can count (else it is shown
    like any field)."""
    for key in named:
        if key.strip().lower() in COUNTS and types.get(key) == "int" and _counts(rows, key):
            return key
    return None


def _pictures(
    named: dict[str, Loc], rows: Sequence[YMap], table: Path
) -> dict[str, list[tuple[str, Path]]]:
    """The columns whose every cell names a picture file, each with its (value, file)
    pairs: the files sit beside the table or below it, and are copied into the game where
    the cells name them. A picture that is not there, lies outside the table's folder or
    cannot be printed is told at its cell (all of them at once)."""
    folder = table.parent
    problems = Collector()
    found: dict[str, list[tuple[str, Path]]] = {}
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
            elif why := picture_problem(source, folder):
                problems.add(at, f"picture {value} {why}")
            else:
                found[key].append((value, source))
    problems.raise_if_any()
    return found


def _type_of(key: str, rows: Sequence[YMap]) -> str | None:
    """A column's type when every cell it fills reads as one (as the game will read it)."""
    values = [row[key] for row in rows if key in row]
    if key == "id" or not values or "." in key:
        return None
    for kind in ("int", "colour"):
        if all(_reads_as(v, kind) for v in values):
            return kind
    return None


def _counts(rows: Sequence[YMap], key: str) -> bool:
    """Whether a count column can say how many of each card there are: none below 0,
    and between one card and as many as a game may hold (else it is only shown)."""
    counts = [_whole(convert(row.get(key, 1), Column("int"), key)) for row in rows]
    return min(counts) >= 0 and 1 <= sum(counts) <= limits.MAX_ITEMS


def _whole(value: object) -> int:
    assert isinstance(value, int)  # what an int column reads a cell as
    return value


def _reads_as(value: object, kind: str) -> bool:
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
