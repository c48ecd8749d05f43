"""The tutorial (docs/tutorial.md) done as a newcomer does it (docs/tutorial.py): each step
works and comes out as the page says, and what the page quotes is what the tool says now."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from docs import tutorial


def test_the_tutorial_s_steps_work_as_its_page_says(tmp_path):
    folder = tmp_path / "project"
    started = tutorial.start(folder)
    assert started.returncode == 0, started.stderr
    for written in ("content/heroes/game.yaml", "content/heroes/cards.csv", "templates/heroes"):
        assert (folder / written).exists()
    page = (tutorial.DOCS / "tutorial.md").read_text()
    # the game file the page shows is the one `pnp new` writes (its comment lines aside)
    written = (folder / "content/heroes/game.yaml").read_text().splitlines()
    game = "\n".join(line for line in written if not line.startswith("#")).strip()
    assert game in page
    first = tutorial.build(folder)
    assert first.returncode == 0, first.stderr
    tutorial.edit(folder)
    assert tutorial.mistake(folder) == tutorial.MISTAKE.read_text().strip()
    tutorial.rulebook(folder)
    cut = tutorial.build(folder, "--cut", "svg")
    assert cut.returncode == 0, cut.stderr
    kit = folder / "out" / "heroes"
    assert (kit / "PRINT.txt").is_file() and (kit / "cut" / "cards-1.svg").is_file()
    cards = pdfium.PdfDocument(str(kit / "cards.pdf"))
    rows = (folder / "content/heroes/cards.csv").read_text().splitlines()[1:]
    copies = sum(int(row.split(",")[4]) for row in rows)  # the qty column
    fronts = cards[0].get_textpage().get_text_range()
    assert copies == 10 and "Warden" in fronts and "Block one attack" in fronts
    assert len(cards) == 4  # two sheets of eight fronts, each followed by its backs
    _the_rulebook_is_the_kits(kit, copies)


def _the_rulebook_is_the_kits(kit: Path, copies: int) -> None:
    """Step 6: the book the page shows, read back: its sections as bookmarks, the deck's
    count in its prose and component list, the icons drawn (not their names), the figure's
    cards, the reference printing its page."""
    reader = PdfReader(kit / "en" / "rulebook.pdf")
    sections = ["Goal", "Components", "Setting up", "A turn", "End of the game"]
    assert [o.title for o in reader.outline] == sections
    manifest = json.loads((kit / "manifest.json").read_text())
    book = next(f for f in manifest["files"] if f["path"] == "en/rulebook.pdf")
    assert book["counts"] == {"cards": copies}
    pages = [" ".join(p.extract_text().split()) for p in reader.pages]
    text = " ".join(pages[1:])
    assert f"Shuffle all {copies} Cards" in text and re.search(rf"\bCards {copies}\b", text)
    assert ":attack:" not in text and ":defence:" not in text and "[//]" not in text
    figure = next(p for p in pages if "A Warden, a Scout and a Rogue." in p)
    assert all(name in figure for name in ("Warden", "Scout", "Rogue"))
    goal = next(n for n, p in enumerate(pages, start=1) if n > 1 and "Goal" in p)
    assert f"(see Goal, page {goal})." in text
    assert len(PdfReader(kit / "en" / "rulebook-booklet.pdf").pages) == 2  # 4 A5 pages: one sheet


def test_the_tutorial_shows_the_edited_face_and_the_pictures_it_names(tmp_path):
    page = (tutorial.DOCS / "tutorial.md").read_text()
    assert '--8<-- "docs/tutorial/card.yaml"' in page
    for picture in (
        "tutorial-new.png",
        "tutorial-card.png",
        "tutorial-backs.png",
        "tutorial-cut.png",
        "tutorial-rulebook.png",
    ):
        assert f"]({picture})" in page and (tutorial.DOCS / picture).is_file()
    assert Path(tutorial.FACE).read_text().startswith("# One card")
    assert '--8<-- "examples/content/squib-tutorial/rulebook/en.md"' in page
