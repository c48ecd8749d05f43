"""`pnp new` gives every game a starting rulebook (content/scaffoldbook.py): each starting
point it offers (the sample deck, a designer's CSV with pictures and a `qty` column, a
workbook numbering its rows) validates and builds with its book in German and English, and
the book read back has its sections as bookmarks, the kit's count of cards in its prose and
component list (the manifest's), and a figure of the table's first cards that make cards."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from tests.conftest import ROOT, pnp

SQUIB = ROOT / "examples" / "content" / "squib-tutorial"
SECTIONS = {
    "en": ["Goal", "Components", "Setting up", "A turn", "End of the game"],
    "de": ["Ziel", "Spielmaterial", "Spielaufbau", "Ein Zug", "Spielende"],
}


def _sample(folder: Path) -> tuple[str, ...]:
    return ()


def _squib_table(folder: Path) -> tuple[str, ...]:
    """The tutorial's table: no id column (`key: name`), `qty`, a picture per row."""
    shutil.copy(SQUIB / "deck.csv", folder / "heroes.csv")
    shutil.copytree(SQUIB / "art", folder / "art")
    return ("--from-table", "heroes.csv")


def _workbook(folder: Path) -> tuple[str, ...]:
    """Rows numbered as a workbook numbers them (ids 7, 8, 9 read as texts), the first
    row's copies 0: it makes no card, so the figure cannot show it."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in (["id", "name", "copies"], [7, "Seven", 0], [8, "Eight", 2], [9, "Nine", 1]):
        sheet.append(row)
    book.save(folder / "deck.xlsx")
    return ("--from-table", "deck.xlsx")


# each starting point: how the table is made, the cards its figure shows (their names,
# by language where the table has them per language)
STARTS = {
    "sample": (_sample, {"en": ["Fox", "Owl", "Hare"], "de": ["Fuchs", "Eule", "Hase"]}),
    "csv": (_squib_table, dict.fromkeys(SECTIONS, ["Warden", "Scout", "Tinker"])),
    "xlsx": (_workbook, dict.fromkeys(SECTIONS, ["Eight", "Nine"])),
}


def _pieces(manifest: dict) -> int:
    """The cards the kit's sheets hold (each copy once), as the manifest places them."""
    return len(
        {
            (item["id"], item["copy"])
            for f in manifest["files"]
            if f.get("lang") in (None, "en") and "rulebook" not in f["path"]
            for page in f.get("pages", [])
            for item in page["items"]
            if item.get("component") == "cards" and item["side"] == "front"
        }
    )


@pytest.mark.parametrize("start", list(STARTS))
def test_each_new_game_builds_its_rulebook_from_the_kit(tmp_path, start):
    make, shown = STARTS[start]
    args = make(tmp_path)
    made = pnp("new", "game", *args, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    game = yaml.safe_load((tmp_path / "content" / "game" / "game.yaml").read_text())
    assert game["rulebook"] == {"de": "rulebook/de.md", "en": "rulebook/en.md"}
    for command in ("validate", "build"):
        done = pnp(command, "game", cwd=tmp_path)
        assert done.returncode == 0, (command, done.stderr)
    kit = tmp_path / "out" / "game"
    manifest = json.loads((kit / "manifest.json").read_text())
    cards = _pieces(manifest)
    assert cards > 0
    for lang, sections in SECTIONS.items():
        reader = PdfReader(kit / lang / "rulebook.pdf")
        assert [o.title for o in reader.outline] == sections
        book = next(f for f in manifest["files"] if f["path"] == f"{lang}/rulebook.pdf")
        assert book["counts"] == {"cards": cards}
        pages = [" ".join(p.extract_text().split()) for p in reader.pages]
        text = " ".join(pages[1:])
        name = "Cards" if lang == "en" else "Karten"
        said = "The game has" if lang == "en" else "Das Spiel enthält"
        assert f"{said} {cards} {name}:" in text
        assert re.search(rf"\b{name} {cards}\b", text)  # the component list's row
        # the notes to the designer ([//]: # lines) are not printed
        assert "rulebook.md" not in text and "[//]" not in text
        caption = "Some of the cards." if lang == "en" else "Einige der Karten."
        figure = next(p for p in pages if caption in p)
        assert all(card in figure for card in shown[lang]), (shown, figure)
        # the section link prints its page
        goal = next(n for n, p in enumerate(pages, start=1) if sections[0] in p and n > 1)
        page_word = "page" if lang == "en" else "Seite"
        assert f"{sections[0]}, {page_word} {goal})" in text
    if start == "xlsx":
        assert "Seven" not in " ".join(p.extract_text() for p in reader.pages)


def test_the_starting_rulebook_names_the_game_and_fills_in_nothing_by_hand(tmp_path):
    """Written as the designer will read it: the game's title, and every number of
    pieces a {{count:...}}, never a figure copied from the table."""
    made = pnp("new", "fox_and-owl", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "content/fox_and-owl/rulebook/en.md" in made.stdout  # the next steps say where
    for lang in ("de", "en"):
        text = (tmp_path / "content" / "fox_and-owl" / "rulebook" / f"{lang}.md").read_text()
        assert "\n# Fox And Owl\n" in text
        assert "{{count:cards}}" in text and "```components\n```" in text
        assert "faces: [cards/fox, cards/owl, cards/hare]" in text
        prose = re.sub(r"\{\{[^}]*\}\}", "", text)
        assert not re.search(r"\b6\b", prose)  # the deck's six cards only counted


def test_a_caption_under_the_component_list_and_a_count_in_a_table(tmp_path):
    """What the guide promises of the starting book's blocks: the component list prints
    its caption (it was read and dropped), a count in a table's cell is the kit's."""
    assert pnp("new", "fox", cwd=tmp_path).returncode == 0
    book = tmp_path / "content" / "fox" / "rulebook" / "en.md"
    book.write_text(
        book.read_text().replace(
            "```components\n```",
            "```components\ncaption: Everything in the box.\n```\n\n"
            "| Deck | Cards |\n|------|-------|\n| All | {{count:cards}} |",
        )
    )
    done = pnp("build", "fox", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    reader = PdfReader(tmp_path / "out" / "fox" / "en" / "rulebook.pdf")
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[1:])
    assert "Cards 6 Everything in the box." in text  # under the list's last row
    assert "All 6" in text
