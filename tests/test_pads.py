"""A pad (kind: sheet) in a game of two languages: split per language like every other
component, so no page mixes them, and sheets sharing a page are parted by cut guides
drawn along every cut line of their grid (read back from the PDF as lines)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import manifest, pnp
from tests.pdfread import PT_PER_MM, read

GAME = """game: pd
title: {de: Block, en: Pad}
players: {min: 1, max: 4}
components:
  - id: pad
    name: {de: Block, en: Pad}
    kind: sheet
    size: [95mm, 270mm]            # two to an A4 page, side by side
    face: pd/sheet
    items:
      - {id: sheet, count: 3, motto: {de: Viel Glück, en: Good luck}}
"""
SHEET = """boxes:
  - {name: title, painter: text, box: [5, 5, 85, 10], text: "{{ motto }}", size: 14}
  - {name: score, painter: text, box: [5, 20, 85, 10],
     text: "{{ 'Punkte' if lang == 'de' else 'Points' }}", size: 12}
"""
WORDS = {"de": ("Viel Glück", "Punkte"), "en": ("Good luck", "Points")}


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("pd")
    (root / "content" / "pd").mkdir(parents=True)
    (root / "templates" / "pd").mkdir(parents=True)
    (root / "content" / "pd" / "game.yaml").write_text(GAME)
    (root / "templates" / "pd" / "sheet.yaml").write_text(SHEET)
    result = pnp("build", "pd", "--out", str(root / "out"), cwd=root)
    assert result.returncode == 0, result.stderr
    return root / "out" / "pd"


def test_each_language_its_own_file_and_pages(kit):
    """de/pad.pdf and en/pad.pdf, three sheets each, two to an A4 page; every page's text
    in its one language."""
    files = {f["path"]: f for f in manifest(kit)["files"] if f["path"].endswith("pad.pdf")}
    assert set(files) == {"de/pad.pdf", "en/pad.pdf"}
    for lang, other in (("de", "en"), ("en", "de")):
        f = files[f"{lang}/pad.pdf"]
        assert [len(p["items"]) for p in f["pages"]] == [2, 1]
        for page in PdfReader(str(kit / f["path"])).pages:
            text = page.extract_text()
            assert all(text.count(word) == len(page_items(f, page)) for word in WORDS[lang])
            assert not any(word in text for word in WORDS[other]), (lang, text)


def page_items(f: dict, page) -> list:
    return f["pages"][page.page_number]["items"]


def test_cut_guides_between_sheets_sharing_a_page(kit):
    """On a page of two sheets a thin line runs along each distinct cut line of their
    grid, across the whole grid (the sheets' edges from the manifest): the cut they share
    and their outer edges; a page holding one sheet has none."""
    f = next(f for f in manifest(kit)["files"] if f["path"] == "de/pad.pdf")
    _, pages = read(kit / f["path"])
    for page, info in zip(pages, f["pages"], strict=True):
        trims = [[v * PT_PER_MM for v in i["trim_mm"]] for i in info["items"]]
        guides = {
            (round(ln.x1, 2), round(ln.y1, 2), round(ln.x2, 2), round(ln.y2, 2))
            for ln in page.lines
            if not ln.in_form
        }
        if len(trims) == 1:
            assert not guides
            continue
        x0, y0 = min(t[0] for t in trims), min(t[1] for t in trims)
        x1 = max(t[0] + t[2] for t in trims)
        y1 = max(t[1] + t[3] for t in trims)
        xs = {round(v, 2) for t in trims for v in (t[0], t[0] + t[2])}
        ys = {round(v, 2) for t in trims for v in (t[1], t[1] + t[3])}
        assert len(xs) == 3 and len(ys) == 2  # side by side, sharing their middle cut
        want = {(x, round(y0, 2), x, round(y1, 2)) for x in xs}
        want |= {(round(x0, 2), y, round(x1, 2), y) for y in ys}
        assert guides == want
        widths = {ln.width for ln in page.lines if not ln.in_form}
        assert widths == {0.3}
