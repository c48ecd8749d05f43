"""Synthetic decks of any size, to measure how a build's cost grows with its items.

Three ways of writing the same n cards (63 x 88 mm, a face with a coloured ground, a name,
a value and a group badge, and one back), as designers write them, and a fourth with words:

- inline: every card an item in game.yaml, naming its group (a row of groups.csv);
- table:  every item names its row of a 'cards' table in cards.csv by reference (and its
          group's row of groups.csv);
- sheet:  the items are the rows of a spreadsheet, cards.xlsx ({from: cards});
- prose:  the items are the rows of cards.csv ({from: cards}), and each card carries a
          short paragraph of its own (a sentence or two, its words chosen by its row
          number), wrapped, hyphenated and shrunk to fit its box, as a card's rules
          text is.

`write(folder, form, n)` makes a project folder (content/deck, templates/deck) that
`pnp --root folder build deck` builds; used by bench/run.py and the tests.
"""

from __future__ import annotations

from pathlib import Path

FORMS = ("inline", "table", "sheet", "prose")
GROUPS = [
    ("a", "Amber", "#E69F00"),
    ("b", "Sky", "#56B4E9"),
    ("c", "Leaf", "#009E73"),
    ("d", "Plum", "#CC79A7"),
]

GAME = """game: deck
title: {{en: Deck}}
author: bench
players: {{min: 2, max: 6}}
tables:
  groups: {{file: groups.csv, columns: {{name: text, colour: colour}}}}
{tables}components:
  - id: cards
    name: {{en: Cards}}
    kind: card
    size: standard
    face: deck/{face}
    back: deck/back
{items}"""

FACE = """boxes:
  - {{name: ground, painter: shape, box: bleed, fill: "{{{{ group.colour }}}}"}}
  - {{name: panel, painter: shape, box: [4, 4, 55, 80], fill: "#fffdf6", radius: 2}}
  - {{name: badge, painter: shape, box: [7, 7, 12, 12], shape: ellipse,
     fill: "{{{{ group.colour }}}}"}}
  - {{name: group, painter: text, box: [21, 8, 36, 6], size: 8, text: "{{{{ group.name }}}}"}}
  - {{name: name, painter: text, box: [7, 22, 49, 10], font: bold, size: 14, min-size: 7,
     text: "{{{{ {p}name }}}}"}}
  - {{name: value, painter: text, box: [7, 40, 49, 30], font: bold, size: 48, align: center,
     valign: middle, text: "{{{{ {p}value }}}}"}}
"""
# The prose form's face: the value smaller, to make room for the card's paragraph. Its box
# is tight: half the texts shrink to fit, down to 6 pt, and three in a thousand below it
# (a preflight warning, as a deck being written has, which every build tells again).
PROSE = (
    FACE.replace("[7, 40, 49, 30], font: bold, size: 48", "[7, 33, 49, 18], font: bold, size: 32")
    + """  - {{name: text, painter: paragraph, box: [7, 55, 49, 18.5], size: 8, min-size: 5,
     align: justify, text: "{{{{ text }}}}"}}
"""
)
WORDS = (
    "the river fox harbour lantern quietly gathers every amber stone beneath old bridges"
    " while seven wandering merchants trade copper bells for stories about northern"
    " mountains distant islands and forgotten gardens"
).split()
BACK = """boxes:
  - {name: ground, painter: shape, box: bleed, fill: "#1f2a44"}
  - {name: title, painter: text, box: [8, 40, 47, 10], text: "{{ game.title }}", font: bold,
     size: 14, colour: "#ffffff", align: center}
"""


def rows(n: int):
    for i in range(n):
        yield f"c{i:05d}", f"Card {i + 1}", i % 9 + 1, GROUPS[i % 4][0]


def prose(i: int) -> str:
    """A sentence or two for row i: words picked by its number, so that rows differ in their
    words and their length as a card's rules text does."""
    words = [WORDS[(i * 7 + k * (i % 5 + 3)) % len(WORDS)] for k in range(14 + i % 17)]
    half = len(words) // 2
    first, second = " ".join(words[:half]), " ".join(words[half:])
    return f"{first.capitalize()}, number {i + 1}. {second.capitalize()}."


def write(folder: Path, form: str, n: int) -> Path:
    game, templates = folder / "content" / "deck", folder / "templates" / "deck"
    game.mkdir(parents=True)
    templates.mkdir(parents=True)
    (game / "groups.csv").write_text(
        "id,name,colour\n" + "".join(f"{g},{name},{c}\n" for g, name, c in GROUPS)
    )
    cards = (
        "  cards: {file: cards.%s, columns: {name: text, value: int,"
        " group: {type: ref, table: groups}}}\n"
    )
    if form == "inline":
        items = "    refs: {group: groups}\n    items:\n" + "".join(
            f"      - {{id: {i}, name: {name}, value: {v}, group: {g}}}\n"
            for i, name, v, g in rows(n)
        )
        (game / "game.yaml").write_text(GAME.format(tables="", face="card", items=items))
    elif form == "table":
        _csv(game / "cards.csv", n)
        items = "    refs: {card: cards, group: groups}\n    items:\n" + "".join(
            f"      - {{id: {i}, card: {i}, group: {g}}}\n" for i, _name, _v, g in rows(n)
        )
        (game / "game.yaml").write_text(
            GAME.format(tables=cards % "csv", face="row", items=items).replace(
                "group: {type: ref, table: groups}", "group: text"
            )
        )
    elif form == "prose":
        _csv(game / "cards.csv", n, text=True)
        (game / "game.yaml").write_text(
            GAME.format(
                tables=cards.replace("int,", "int, text: text,") % "csv",
                face="prose",
                items="    items: {from: cards}\n",
            )
        )
    else:
        _xlsx(game / "cards.xlsx", n)
        (game / "game.yaml").write_text(
            GAME.format(tables=cards % "xlsx", face="card", items="    items: {from: cards}\n")
        )
    (templates / "card.yaml").write_text(FACE.format(p=""))
    (templates / "row.yaml").write_text(FACE.format(p="card."))
    (templates / "prose.yaml").write_text(PROSE.format(p=""))
    (templates / "back.yaml").write_text(BACK)
    return folder


def _csv(path: Path, n: int, text: bool = False) -> None:
    if not text:
        path.write_text(
            "id,name,value,group\n" + "".join(f"{i},{name},{v},{g}\n" for i, name, v, g in rows(n))
        )
        return
    path.write_text(
        "id,name,value,group,text\n"
        + "".join(f'{i},{name},{v},{g},"{prose(k)}"\n' for k, (i, name, v, g) in enumerate(rows(n)))
    )


def _xlsx(path: Path, n: int) -> None:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet("Cards")
    sheet.append(["id", "name", "value", "group"])
    for row in rows(n):
        sheet.append(list(row))
    book.save(path)
