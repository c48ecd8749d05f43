"""The error catalogue of docs/reference/errors.md: common mistakes, each made in a copy of a
shipped game or example, with the message `pnp validate` gives for it today and what to do
about it. docs/tables.py writes the table; tests/test_docs_site.py makes every mistake again
and compares, so the page quotes the tool as it is."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (what went wrong, project ("" the shipped one, or "examples"), game, file, text, the text
# put in its place, what to do about it)
MISTAKES = [
    (
        "a misspelt key",
        "",
        "muenchhausen",
        "content/muenchhausen/game.yaml",
        "    size: standard",
        "    sise: standard",
        "spell it as the message suggests; every key a component takes is in Content",
    ),
    (
        "a layout that does not exist",
        "",
        "muenchhausen",
        "content/muenchhausen/game.yaml",
        "face: muenchhausen/number",
        "face: muenchhausen/numbr",
        "name a file of templates/ without its .yaml, as `game/layout`",
    ),
    (
        "a reference to a row that is not there",
        "",
        "muenchhausen",
        "content/muenchhausen/game.yaml",
        "{set: taler,",
        "{set: thaler,",
        "use an id the table has, or add the row",
    ),
    (
        "a set made incomplete",
        "",
        "muenchhausen",
        "content/muenchhausen/game.yaml",
        "{set: gulden, each: {value: [1, 2, 3, 4, 5, 6, 7, 8]}}",
        "{set: gulden, each: {value: [1, 2, 4, 5, 6, 7, 8]}}",
        "add the missing card, or change the check if the game means it",
    ),
    (
        "a cell that is not of its column's type",
        "examples",
        "squib-tutorial",
        "examples/content/squib-tutorial/deck.csv",
        "Warden,1,4,",
        "Warden,one,4,",
        "write the cell as its column is declared (Table column types)",
    ),
    (
        "a picture that is not there",
        "examples",
        "squib-tutorial",
        "examples/content/squib-tutorial/deck.csv",
        "art/warden.svg",
        "art/wardem.svg",
        "put the file in the game's folder, or fix its name in the table",
    ),
    (
        "a text too long for its box",
        "examples",
        "squib-tutorial",
        "examples/content/squib-tutorial/deck.csv",
        "Draw two cards.",
        "Draw two cards and then two more and then discard three and shuffle the rest back into"
        " the deck and pass it to the player on your left who draws two and discards one of them",
        "shorten the text, or give its box more room or a smaller `min-size`",
    ),
    (
        "text too close to the cut (in the safe zone)",
        "",
        "muenchhausen",
        "templates/muenchhausen/number.yaml",
        "box: [17, 67, 29, 6]",
        "box: [47, 67, 29, 6]",
        "move the box inwards or make it smaller (`[x, y, width, height]`, mm from the top-left)",
    ),
    (
        "an expression naming a value the item does not have",
        "",
        "muenchhausen",
        "templates/muenchhausen/number.yaml",
        '"{{ set.currency }}"',
        '"{{ set.curency }}"',
        "name a field the item or the row it refers to has",
    ),
    (
        "a colour that is not a colour",
        "",
        "muenchhausen",
        "templates/muenchhausen/number.yaml",
        'fill: "#fffdf6"',
        'fill: "#fffdf"',
        "write a colour as #rrggbb (or #rgb, or a colour name)",
    ),
    (
        "YAML that does not parse",
        "",
        "muenchhausen",
        "content/muenchhausen/game.yaml",
        "title: {de: Münchhausen, en: Munchausen}",
        "title: {de: Münchhausen, en: Munchausen",
        "close the bracket or quote the message points at (or the line before it)",
    ),
]


def told(mistake: tuple) -> str:
    """The first line `pnp validate` says of the mistake, made in a copy of its project."""
    _what, project, game, path, old, new, _do = mistake
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = ROOT / project if project else ROOT
        for folder in ("content", "templates"):
            shutil.copytree(source / folder, root / folder)
        if (ROOT / "fonts").is_dir():
            shutil.copytree(ROOT / "fonts", root / "fonts")
        target = root / Path(path).relative_to(project) if project else root / path
        text = target.read_text()
        assert old in text, f"{path}: the mistake no longer applies"
        target.write_text(text.replace(old, new, 1))
        done = subprocess.run(
            [sys.executable, "-m", "bastelbogen.cli", "validate", game],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 1, done.stderr
        return done.stderr.strip().splitlines()[0]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table() -> str:
    """The catalogue as a Markdown table."""
    rows = ["| mistake | what `pnp validate` says | what to do |", "|---|---|---|"]
    for mistake in MISTAKES:
        rows.append(f"| {mistake[0]} | `{_cell(told(mistake))}` | {mistake[6]} |")
    return "\n".join(rows)
