"""`pnp new NAME`: a working game to start from, written into a project folder
(content/NAME/ and templates/NAME/), never into the tool's own installation. It validates
and builds as it is: a deck of cards kept in a CSV table (or in the designer's own
spreadsheet, `--from-table`), a face and a back layout, and rules in German and English."""

from __future__ import annotations

import shutil
from pathlib import Path

from bastelbogen.content.tables import read_cells, rows_of
from bastelbogen.content.tables.workbook import sheet_names
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.names import slug_problem

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
    columns: {{{columns}}}

components:
  - id: cards
    name: {{de: Karten, en: Cards}}
    kind: card
    size: standard
    face: {name}/card
    back: {name}/back
    items: {{from: cards{count}}}
"""
FACE = """# One card, 63 x 88 mm; boxes are [x, y, width, height] in mm from the top-left corner.
boxes:
  - {{name: ground, painter: shape, box: bleed, fill: "{ground}"}}
  - {{name: panel, painter: shape, box: [4, 4, 55, 80], fill: "#fffdf6", radius: 2}}
{lines}"""
BACK = """boxes:
  - {{name: ground, painter: shape, box: bleed, fill: "#1f2a44"}}
  - {{name: title, painter: text, box: [6, 38, 51, 12], text: "{title}", font: bold,
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


def scaffold(root: Path, name: str, table: Path | None = None) -> list[str]:
    """Write the game; the next commands to run. A mistake (a taken name, a table without
    ids) raises ContentError and writes nothing."""
    if why := slug_problem(name, "game name"):
        raise ValueError(why)
    content, templates = root / "content" / name, root / "templates" / name
    for folder in (content, templates):
        if folder.exists():
            raise ValueError(f"{folder} already exists; choose another name")
    title = name.replace("-", " ").replace("_", " ").title()
    columns, lines, ground, count, sheet = _from(table) if table else _sample()
    table_name = f"cards{table.suffix.lower()}" if table else "cards.csv"
    game = GAME.format(
        name=name,
        title=title,
        table=table_name,
        columns=columns,
        count=count,
        sheet=f"\n    sheet: {sheet}" if sheet else "",
    )
    content.mkdir(parents=True)
    templates.mkdir(parents=True)
    if table:
        shutil.copyfile(table, content / table_name)
    else:
        (content / table_name).write_text(CARDS, encoding="utf-8")
    (content / "game.yaml").write_text(game, encoding="utf-8")
    (content / "rules.yaml").write_text(RULES.format(title=title), encoding="utf-8")
    (templates / "card.yaml").write_text(FACE.format(ground=ground, lines=lines), encoding="utf-8")
    (templates / "back.yaml").write_text(BACK.format(title=title), encoding="utf-8")
    return [f"pnp validate {name}", f"pnp build {name}", f"open out/{name}/cards.pdf"]


def _sample():
    columns = "power: {type: int, min: 1, max: 9}, colour: colour, copies: int, name: texts"
    lines = _line(0, "name", "{{ name }}", 16) + _line(1, "power", "{{ power }}", 30)
    return columns, lines, "{{ colour }}", ", count: copies", None


def _line(n: int, key: str, text: str, size: int) -> str:
    return (
        f"  - {{name: {key}, painter: text, box: [8, {10 + n * 14}, 47, 12],"
        f' text: "{text}", size: {size}, min-size: 6, align: center}}\n'
    )


def _from(path: Path):
    """Columns typed by what their cells hold, and a face that shows the first few."""
    problems = Collector()
    sheet, name, header = _with_ids(path)
    rows = rows_of(sheet, {}, "cards", problems)
    problems.raise_if_any()
    if "id" not in header:
        raise ContentError(
            Problem(
                Loc(str(path), 1, 1),
                "the table needs a column 'id': a short name for each row (card)",
            )
        )
    types = {}
    for key in header:
        values = [row.get(key) for row in rows if key in row]
        if key == "id" or not values or "." in key:
            continue
        if all(isinstance(v, int) or (isinstance(v, str) and v.isdigit()) for v in values):
            types[key] = "int"
        elif all(isinstance(v, str) and v.startswith("#") and len(v) == 7 for v in values):
            types[key] = "colour"
    shown = [k for k in header if k != "id" and types.get(k) != "colour"][:5]
    # An empty cell leaves its field out: the face shows nothing there.
    lines = "".join(
        _line(n, k, f"{{{{ {k} | default('') }}}}", 12)
        for n, k in enumerate(dict.fromkeys(k.split(".")[0] for k in shown))
    )
    colour = next((k for k, t in types.items() if t == "colour"), None)
    columns = ", ".join(f"{k}: {t}" for k, t in types.items()) or "id: text"
    count = ", count: count" if types.get("count") == "int" else ""
    return columns, lines, f"{{{{ {colour} }}}}" if colour else "#dde8f0", count, name


def _with_ids(path: Path):
    """The table's sheet (a workbook's first with an 'id' column), its name, its header."""
    names = sheet_names(path) if path.suffix.lower() in (".xlsx", ".ods") else [None]
    found = None
    for name in names or [None]:
        sheet = read_cells(path, {"sheet": name} if name else {}, Loc(str(path)))
        header = [str(v).strip() for v, _ in sheet.rows[0][1]] if sheet.rows else []
        found = found or (sheet, name, header)
        if "id" in header:
            return sheet, name, header
    return found
