"""The tutorial (docs/tutorial.md) done as a newcomer does it (docs/tutorial.py): each step
works and comes out as the page says, and what the page quotes is what the tool says now."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

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


def test_the_tutorial_shows_the_edited_face_and_the_pictures_it_names(tmp_path):
    page = (tutorial.DOCS / "tutorial.md").read_text()
    assert '--8<-- "docs/tutorial/card.yaml"' in page
    for picture in (
        "tutorial-new.png",
        "tutorial-card.png",
        "tutorial-backs.png",
        "tutorial-cut.png",
    ):
        assert f"]({picture})" in page and (tutorial.DOCS / picture).is_file()
    assert Path(tutorial.FACE).read_text().startswith("# One card")
