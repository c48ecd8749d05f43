"""Figures, tables and boxes kept whole and near their first mention (render/rulebook/
floats.py): the four kits' books in both languages and a constructed worst case, built and
read back. No page but the book's last, the contents' and those whose foot the rule leaves
for a section's figures ends with more than FOOT of white space; each figure stands on the
page of its place in the source or the next (the book's own records); the figures keep
their order (their captions, read from the PDF)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

import bastelbogen.render.rulebook.book as book_module
from bastelbogen.core.units import mm
from bastelbogen.render.rulebook.blocks import MARGIN
from tests.conftest import build
from tests.test_rulebook import EN, _game

# The most white a page's foot may keep when text could fill it: a ## heading and the
# paragraph of three lines after it, which cannot break (no widow, no orphan): 26.5 mm
# (5 above the heading, 6.4 its line, 2 below it, 3 x 4.4 the lines), and a little.
FOOT = 28.0  # mm


def white_at_foot(pdf: Path) -> list[float]:
    """Each page's white space (mm) between its lowest mark inside the text's frame and
    the frame's foot (the running head and the page number stand outside it)."""
    feet = []
    for page in pdfium.PdfDocument(pdf):
        top, foot = page.get_height() - MARGIN[1], MARGIN[3]
        lows = [
            o.get_bounds()[1]
            for o in page.get_objects(max_depth=1)
            if o.get_bounds()[1] > foot - 1 and o.get_bounds()[3] < top + 1
        ]
        feet.append(((min(lows) if lows else top) - foot) / mm(1))
    return feet


@pytest.fixture
def records(monkeypatch) -> dict[str, dict[str, list]]:
    """Each built book's records (write_book's), by language."""
    found: dict[str, dict[str, list]] = {}
    write = book_module.write_book

    def recorded(target, book, *args, **kw):
        found[book.lang] = kw["records"] = {}
        return write(target, book, *args, **kw)

    monkeypatch.setattr(book_module, "write_book", recorded)
    return found


def _check(pdf: Path, record: dict[str, list]) -> list[float]:
    """The book's pages hold the rule; the white at the feet of the pages it binds."""
    feet = white_at_foot(pdf)
    ends = set(record["ends"])
    bound = [(n, w) for n, w in enumerate(feet[:-1], start=1) if n not in ends]
    assert bound, "no page the rule binds"
    assert max(w for _n, w in bound) <= FOOT, bound
    for source, page in record["placed"]:
        assert page - source in (0, 1), record["placed"]
    return [w for _n, w in bound]


@pytest.mark.parametrize("game", ["museo", "minipilo", "muenchhausen", "mytown"])
def test_the_kits_books_fill_their_pages_and_keep_figures_near(game, records, tmp_path):
    kit = build(game, tmp_path / "out")
    assert set(records) == {"de", "en"}
    for lang, record in records.items():
        _check(kit / lang / "rulebook.pdf", record)
        assert record["placed"], "the book has no figure or table"


FILLER = "The fox and the owl take turns to play a card from the hand to the table, and so on."


def _worst() -> str:
    """Figures in a row, a figure after a heading with text after it, one that ends its
    section, paragraphs long and short: each figure some 45 mm, a page's rest rarely."""
    parts = ["# Fox", "## Rules"]
    n = 0
    for section in range(6):
        parts.append(f"## Part {section}")
        for step in range(5):
            words = " ".join([FILLER] * (1 + (section * 5 + step) % 4))
            parts.append(words)
            figures = 1 + (section + step) % 3 if step % 2 == 0 else 0
            for _ in range(figures):
                n += 1
                parts.append(f"```figure\nfaces: [cards/owl, cards/fox]\ncaption: Fig{n}.\n```")
            if step == 2:
                parts.append(f"### Detail {section}")
                n += 1
                parts.append(f"```figure\nfaces: [cards/hare]\ncaption: Fig{n}.\n```")
                parts.append("| Card | Power |\n|---|---|\n| Fox | 3 |\n| Owl | 5 |")
    return "\n\n".join(parts) + "\n"


def test_a_worst_case_keeps_every_figure_near_and_in_order(records, tmp_path):
    root = _game(tmp_path, en=_worst(), de=EN)
    kit = build("fox", root / "out", project=root, langs=("en",))
    pdf = kit / "rulebook.pdf"
    _check(pdf, records["en"])
    text = " ".join(p.extract_text() for p in PdfReader(pdf).pages)
    shown = [int(n) for n in re.findall(r"Fig(\d+)\.", text)]
    assert shown == sorted(shown) and len(shown) == len(set(shown)) >= 20
    # some figures waited for the next page while text filled the rest of theirs
    assert any(page == source + 1 for source, page in records["en"]["placed"])
