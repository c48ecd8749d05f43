"""Tables as designers keep them: `key: COLUMN` names the column whose cells name the rows
(Squib's tutorial data has no `id` column), and a `list` of `ref` gives the rows it names,
as a single `ref` does. Every mistake is told at its cell, once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import pnp

# The shape of Squib's tutorial data: a name, attack and defence, a picture, a count.
DECK = "name,atk,def,art,qty\nNinja,3,1,ninja.svg,2\nPirate,2,2,pirate.svg,1\nRobot,1,3,,3\n"
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
    '<rect width="40" height="40" fill="{}"/></svg>'
)
GAME = """game: sq
title: {{en: Squib-like}}
players: {{min: 2, max: 4}}
tables:
  faces: faces.csv
  deck:
    file: deck.csv{key}
    columns: {{atk: int, def: int, qty: int{columns}}}
components:
  - id: cards
    name: {{en: Cards}}
    kind: card
    size: poker
    face: sq/card
    items: {{from: deck, count: qty}}
{more}"""
FACES = "id,picture,label\nsun,ninja.svg,Sonne\nmoon,pirate.svg,Mond\n"
CARD = """boxes:
  - {name: n, painter: text, box: [5, 5, 53, 8], text: "{{ name }} atk {{ atk }}"}
"""


def _project(
    tmp_path: Path,
    deck: str = DECK,
    key: str = "\n    key: name",
    columns: str = "",
    more: str = "",
    card: str = CARD,
) -> Path:
    game = tmp_path / "content" / "sq"
    game.mkdir(parents=True)
    (tmp_path / "templates" / "sq").mkdir(parents=True)
    (tmp_path / "templates" / "sq" / "card.yaml").write_text(card)
    (game / "deck.csv").write_text(deck)
    (game / "faces.csv").write_text(FACES)
    (game / "ninja.svg").write_text(SVG.format("#c0392b"))
    (game / "pirate.svg").write_text(SVG.format("#2c3e50"))
    (game / "game.yaml").write_text(GAME.format(key=key, columns=columns, more=more))
    return tmp_path


def _fails(root: Path, *patterns: str) -> str:
    """validate refuses, naming each pattern's problem exactly once, and nothing else."""
    result = pnp("validate", "sq", cwd=root)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if re.match(r"^\S+:\d+:\d+: ", line)]
    for pattern in patterns:
        found = [line for line in lines if re.search(pattern, line)]
        assert len(found) == 1, (pattern, result.stderr)
    assert len(lines) == len(patterns), result.stderr
    return result.stderr


def _fronts(out: Path) -> list[str]:
    m = json.loads((out / "sq" / "manifest.json").read_text())
    return [
        i["id"] for f in m["files"] for p in f["pages"] for i in p["items"] if i["side"] == "front"
    ]


def _text(out: Path) -> str:
    """The text of every PDF the build wrote (components may share a file)."""
    return " ".join(
        page.extract_text() for pdf in sorted(out.rglob("*.pdf")) for page in PdfReader(pdf).pages
    )


def test_a_table_without_id_is_told_once_with_the_way_out(tmp_path):
    """Before `key:`, Squib's data could not be used as it is: told at the table's start,
    once, with its columns and the word that names the row."""
    root = _project(tmp_path, key="")
    err = _fails(root, r"^content/sq/deck\.csv:1:1: table 'deck' has no 'id' column")
    assert "'name', 'atk', 'def', 'art', 'qty'" in err and "`key: COLUMN`" in err


def test_the_key_names_the_rows_everywhere(tmp_path):
    """With `key: name` the name is each row's id: the items (and so the manifest and the
    files), a `where:` of a check, and another table's references name rows by it."""
    more = """  - id: tokens
    name: {en: Tokens}
    kind: card
    size: mini
    face: sq/token
    refs: {hero: deck}
    items: [{id: t1, hero: Pirate}]
checks:
  - {check: count, component: cards, equals: 6}
  - {check: count, table: deck, where: {name: Ninja}, equals: 1}
  - {check: count, table: deck, where: {id: Robot}, equals: 1}
"""
    root = _project(tmp_path, more=more)
    token = 'boxes:\n  - {name: n, painter: text, box: [4, 4, 36, 8], text: "{{ hero.art }}"}\n'
    (root / "templates/sq/token.yaml").write_text(token)
    checked = pnp("validate", "sq", cwd=root)
    assert checked.returncode == 0, checked.stderr
    out = root / "out"
    built = pnp("build", "sq", "--out", str(out), cwd=root)
    assert built.returncode == 0, built.stderr
    assert _fronts(out) == ["Ninja", "Ninja", "Pirate", "Robot", "Robot", "Robot", "t1"]
    assert "pirate.svg" in _text(out)  # the token's hero: the row its name names


def test_a_reference_to_a_missing_name_is_told_at_its_cell(tmp_path):
    """Another table's ref to the keyed table names rows by their name."""
    root = _project(tmp_path, columns=", art: picture")
    (root / "content/sq/pairs.csv").write_text("id,hero\np1,Ninja\np2,Ninjaa\n")
    game = root / "content/sq/game.yaml"
    game.write_text(
        game.read_text().replace(
            "  faces: faces.csv\n",
            "  faces: faces.csv\n  pairs: {file: pairs.csv, columns: {hero: {type: ref,"
            " table: deck}}}\n",
        )
    )
    _fails(
        root, r"^content/sq/pairs\.csv:3:2: 'Ninjaa' in column hero is not an id of table 'deck'"
    )


@pytest.mark.parametrize(
    ("deck", "patterns"),
    [
        (  # empty, twice, and no possible file name: each at its cell, each once
            "name,atk,def,art,qty\nNinja,3,1,,1\n,2,2,,1\nNinja,1,1,,1\nDark Knight,1,1,,1\n"
            "Dark Knight,1,1,,1\n",
            [
                r"^content/sq/deck\.csv:3:1: each row of table 'deck' needs its key, 'name'"
                r" \(text\); this one is empty",
                r"^content/sq/deck\.csv:4:1: duplicate name 'Ninja' in table 'deck' \(first at"
                r" content/sq/deck\.csv:2:1\)",
                r"^content/sq/deck\.csv:5:1: table 'deck' names its rows by name \(`key:`\):"
                r" name 'Dark Knight' may hold only letters, digits",
                r"^content/sq/deck\.csv:6:1: duplicate name 'Dark Knight'",
            ],
        ),
        (  # the key column in the middle of the row: the place is its own cell
            "atk,name,qty\n1,Ninja,1\n2,,1\n",
            [r"^content/sq/deck\.csv:3:2: each row of table 'deck' needs its key, 'name'"],
        ),
    ],
)
def test_a_bad_key_cell_is_told_at_the_cell_once(tmp_path, deck, patterns):
    root = _project(tmp_path, deck=deck)
    _only_qty(root)
    _fails(root, *patterns)


def _only_qty(root: Path) -> None:
    """The deck declares only its count (for tables without atk and def)."""
    game = root / "content/sq/game.yaml"
    game.write_text(game.read_text().replace("atk: int, def: int, qty: int", "qty: int"))


@pytest.mark.parametrize(
    ("key", "deck", "pattern"),
    [
        (
            "nme",
            DECK,
            r"^content/sq/game\.yaml:8:10: table 'deck' has no column 'nme'; did you mean 'name'\?",
        ),
        (
            "name",
            "id,name,qty\n1,Ninja,1\n",
            r"^content/sq/deck\.csv:1:1: table 'deck' names its rows by 'name' \(`key: name`\),"
            r" and has a column 'id' too",
        ),
        (
            "name",
            DECK.replace("name,", "name.en,", 1),
            r"^content/sq/game\.yaml:8:10: table 'deck': column 'name' holds a text per"
            r" language",
        ),
        ('""', DECK, r"^content/sq/game\.yaml:8:10: 'key' names the column .*; it is empty"),
    ],
)
def test_a_key_the_table_cannot_have_is_told_at_key(tmp_path, key, deck, pattern):
    root = _project(tmp_path, deck=deck, key=f"\n    key: {key}")
    _only_qty(root)
    patterns = [pattern]
    if key == '""':  # without a key, the table has no id: told as for no key at all
        patterns.append(r"deck\.csv:1:1: table 'deck' has no 'id' column")
    _fails(root, *patterns)


def test_a_key_column_is_text(tmp_path):
    root = _project(tmp_path, columns=", name: int")
    _fails(
        root,
        r"^content/sq/game\.yaml:9:\d+: column 'name' holds each row's id, which is text;"
        r" it cannot be 'int'",
    )


LISTS = """boxes:
  - {name: n, painter: text, box: [5, 5, 53, 8],
     text: "{{ name }}: {{ faces[0].label }}/{{ faces[-1].label }} {{ faces | length }}
       {{ kind.label }}"}
  - {name: p, painter: image, box: [5, 20, 40, 40], file: "{{ faces[0].picture }}"}
"""


def test_a_list_of_refs_gives_the_rows(tmp_path):
    """`faces: sun;moon` as a list of refs: a layout reads `faces[0].picture` and
    `faces[-1].label`, as `kind.label` reads the row of a single ref."""
    deck = "name,faces,kind,qty\nNinja,sun;moon,sun,2\nPirate,moon,moon,1\n"
    columns = ", faces: {type: list, of: ref, table: faces}, kind: {type: ref, table: faces}"
    root = _project(tmp_path, deck=deck, columns=columns, card=LISTS)
    _only_qty(root)
    out = root / "out"
    built = pnp("build", "sq", "--out", str(out), "--bleed", "0", cwd=root)
    assert built.returncode == 0, built.stderr
    text = PdfReader(str(out / "sq" / "cards.pdf")).pages[0].extract_text()
    assert text.count("Ninja: Sonne/Mond 2 Sonne") == 2, text
    assert text.count("Pirate: Mond/Mond 1 Mond") == 1, text


def test_a_list_of_refs_to_a_missing_row_is_told_at_its_cell(tmp_path):
    deck = "name,faces,qty\nNinja,sun;star,1\nPirate,moon,1\n"
    columns = ", faces: {type: list, of: ref, table: faces}"
    root = _project(tmp_path, deck=deck, columns=columns)
    _only_qty(root)
    _fails(root, r"^content/sq/deck\.csv:2:2: 'star' in column faces is not an id of table 'faces'")


def test_written_items_refer_lists_too(tmp_path):
    """An item written in game.yaml with `refs: {faces: faces}` and a list reaches the
    rows the same way; an id no row has is told at the item."""
    more = """  - id: tokens
    name: {en: Tokens}
    kind: card
    size: mini
    face: sq/token
    refs: {faces: faces}
    items: [{id: t1, faces: [moon, sun]}]
"""
    root = _project(tmp_path, more=more)
    token = (
        "boxes:\n  - {name: n, painter: text, box: [4, 4, 36, 8],"
        ' text: "{{ faces[0].label }}+{{ faces[1].label }}"}\n'
    )
    (root / "templates/sq/token.yaml").write_text(token)
    out = root / "out"
    built = pnp("build", "sq", "--out", str(out), cwd=root)
    assert built.returncode == 0, built.stderr
    assert "Mond+Sonne" in _text(out)
    game = root / "content/sq/game.yaml"
    game.write_text(game.read_text().replace("faces: [moon, sun]", "faces: [moon, star]"))
    _fails(root, r"^content/sq/game\.yaml:23:13: faces 'star' of item 't1' is not in table 'faces'")


def test_a_yaml_table_takes_a_key_too(tmp_path):
    """`key:` is a word of the table's declaration, whatever its file: a YAML list of
    rows named by `name` makes the same cards, and its duplicate is told at its line."""
    root = _project(tmp_path)
    rows = "- {name: Ninja, atk: 3, qty: 2}\n- {name: Pirate, atk: 2, qty: 1}\n"
    (root / "content/sq/deck.yaml").write_text(rows)
    game = root / "content/sq/game.yaml"
    game.write_text(game.read_text().replace("file: deck.csv", "file: deck.yaml"))
    _only_qty(root)
    out = root / "out"
    built = pnp("build", "sq", "--out", str(out), cwd=root)
    assert built.returncode == 0, built.stderr
    assert _fronts(out) == ["Ninja", "Ninja", "Pirate"]
    (root / "content/sq/deck.yaml").write_text(rows + "- {name: Ninja, atk: 1, qty: 1}\n")
    _fails(root, r"^content/sq/deck\.yaml:3:10: duplicate name 'Ninja' in table 'deck'")
