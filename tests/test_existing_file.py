"""A file the game file names inside the game's folder (its rules, a rulebook, a font), found
by one helper (content/schema.existing): each missing one told at its value, each leading
out of the folder refused there, all at once; a file that is there is read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bastelbogen.content.loader import load_game
from bastelbogen.content.project import FONTS
from bastelbogen.core.errors import ContentError
from tests.cardgame import card_game, without_rulebook

NAMED = "rules: {rules}\nrulebook: {{en: {book}}}\nfonts: {{bold: {font}}}\n"


def _game(root: Path, rules: str, book: str, font: str) -> tuple[Path, list[str]]:
    without_rulebook(card_game(root, "fox"), "fox")
    folder = root / "content" / "fox"
    game = folder / "game.yaml"
    text = game.read_text().replace(
        "rules: rules.yaml\n", NAMED.format(rules=rules, book=book, font=font)
    )
    game.write_text(text)
    (folder / "book.md").write_text("# Fox\n\n## Play\n\nPlay a card.\n")
    (folder / "bold.ttf").write_bytes((FONTS / "VeraBd.ttf").read_bytes())
    return folder, text.splitlines()


def _at(lines: list[str], key: str, value: str) -> str:
    """The place (line:column) of `value` in the game file's line of `key`."""
    n, line = next((n, t) for n, t in enumerate(lines, 1) if t.startswith(f"{key}:"))
    return f"{n}:{line.index(value) + 1}"


def test_every_missing_file_is_told_at_its_value(tmp_path):
    folder, lines = _game(tmp_path, "rulez.yaml", "bok.md", "bald.ttf")
    with pytest.raises(ContentError) as told:
        load_game(folder, FONTS)
    said = str(told.value)
    for key, value, what in (
        ("rules", "rulez.yaml", "rules file"),
        ("rulebook", "bok.md", "rulebook file"),
        ("fonts", "bald.ttf", "font file"),
    ):
        where = _at(lines, key, value)
        assert re.search(rf"game\.yaml:{where}: {what} not found: {re.escape(value)}", said), said


def test_a_file_outside_the_folder_is_refused_and_one_there_is_read(tmp_path):
    (tmp_path / "secret.md").write_text("# Not the game's\n")
    folder, lines = _game(tmp_path, "rules.yaml", "../../secret.md", "bold.ttf")
    with pytest.raises(ContentError) as told:
        load_game(folder, FONTS)
    said = str(told.value)
    where = _at(lines, "rulebook", "../../secret.md")
    assert re.search(rf"game\.yaml:{where}: rulebook file '\.\./\.\./secret\.md' leaves", said)
    assert "rules file" not in said and "font file" not in said  # those are there: read
    (tmp_path / "again").mkdir()
    folder, _lines = _game(tmp_path / "again", "rules.yaml", "book.md", "bold.ttf")
    game = load_game(folder, FONTS)
    assert game.fonts["bold"] == folder / "bold.ttf"
    assert game.rulebooks["en"].title == "Fox" and game.rules is not None
