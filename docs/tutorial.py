"""The tutorial's steps (docs/tutorial.md), done in a folder as a newcomer does them: a
spreadsheet and its pictures (the squib-tutorial example's), `pnp new --from-table`, the face
edited, a mistake made and told, the rulebook written, the kit built and cut.
docs/render.py takes the tutorial's pictures from it and tests/test_tutorial.py checks every
step, so the tutorial shows what the tool does today."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
DECK = ROOT / "examples" / "content" / "squib-tutorial"
FACE = DOCS / "tutorial" / "card.yaml"  # the face as the tutorial edits it
ICONS = DOCS / "tutorial" / "icons.yaml"  # the icons it adds to the game file
MISTAKE = DOCS / "tutorial" / "mistake.txt"  # what validate says of the tutorial's mistake
BOOK = DECK / "rulebook" / "en.md"  # the rulebook it writes: the example's own
# The mistake: a strength of 12 where the table allows 0 to 9.
WRONG = ("Warden,1,4,", "Warden,12,4,")


def pnp(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bastelbogen.cli", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )


def start(folder: Path) -> subprocess.CompletedProcess:
    """Step 1-2: the spreadsheet and its pictures in an empty folder, then `pnp new`."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(DECK / "deck.csv", folder / "heroes.csv")
    shutil.copytree(DECK / "art", folder / "art")
    return pnp(folder, "new", "heroes", "--from-table", "heroes.csv")


def edit(folder: Path) -> None:
    """Step 4: the card's face as the tutorial writes it, with the example's icons (their
    files in the game's folder, their names in its game file); and the strengths bounded."""
    shutil.copy(FACE, folder / "templates" / "heroes" / "card.yaml")
    shutil.copytree(DECK / "icons", folder / "content" / "heroes" / "icons")
    game = folder / "content" / "heroes" / "game.yaml"
    text = game.read_text() + ICONS.read_text()
    game.write_text(
        text.replace("      atk: int\n", "      atk: {type: int, min: 0, max: 9}\n").replace(
            "      def: int\n", "      def: {type: int, min: 0, max: 9}\n"
        )
    )


def mistake(folder: Path) -> str:
    """Step 5: a strength of 12 typed into the table; what validate says; undone."""
    table = folder / "content" / "heroes" / "cards.csv"
    good = table.read_text()
    table.write_text(good.replace(*WRONG))
    told = pnp(folder, "validate", "heroes")
    table.write_text(good)
    return told.stderr.strip()


def rulebook(folder: Path) -> None:
    """Step 6: the English rulebook written over the one `pnp new` started (the German
    one stays as it began)."""
    shutil.copy(BOOK, folder / "content" / "heroes" / "rulebook" / "en.md")


def build(folder: Path, *more: str) -> subprocess.CompletedProcess:
    """Step 3, 6, 7 and 8: the kit (with `more` options: the cut file)."""
    return pnp(folder, "build", "heroes", *more)
