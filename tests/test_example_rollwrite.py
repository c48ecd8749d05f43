"""The roll-and-write example (examples/content/rollwrite), built as `make` builds it and
read back as a designer would check it: the play pad four sheets to a page, each page in
one language, with cut guides between the sheets; the two dice with their faces from a
table, each face on its square of the net; eight garden cards, tarot size, their corners
rounded 4 mm in the manifest's outline and in the cut line drawn on the PDF."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT, pnp
from tests.pdfread import PT_PER_MM, read
from tests.test_dice_faces import opposite_on_cube, squares

EXAMPLES = ROOT / "examples"
PLANTS = {  # the plant die's faces, 1-6, as dice.csv names them, by language
    "de": ["Rose", "Tulpe", "Margerite", "Farn", "Iris", "Unkraut"],
    "en": ["Rose", "Tulip", "Daisy", "Fern", "Iris", "Weed"],
}


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = pnp("--root", str(EXAMPLES), "build", "rollwrite", "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out / "rollwrite"


def _manifest(kit) -> dict:
    return json.loads((kit / "manifest.json").read_text())


def test_the_pad_is_four_to_a_page_one_language_each(kit):
    """de/pad.pdf and en/pad.pdf: one page of four sheets each, its words in one language,
    and a guide along each of the grid's three columns' and rows' cut lines."""
    files = {f["path"]: f for f in _manifest(kit)["files"] if f["path"].endswith("pad.pdf")}
    assert set(files) == {"de/pad.pdf", "en/pad.pdf"}
    words = {"de": ("Wertung", "Runde"), "en": ("Score", "Round")}
    for lang, other in (("de", "en"), ("en", "de")):
        f = files[f"{lang}/pad.pdf"]
        assert [len(p["items"]) for p in f["pages"]] == [4]
        text = PdfReader(str(kit / f["path"])).pages[0].extract_text()
        assert all(text.count(w) == 4 for w in words[lang]), text
        assert not any(w in text for w in words[other])
        _, (page,) = read(kit / f["path"])
        guides = [ln for ln in page.lines if not ln.in_form]
        xs = {round(ln.x1 / PT_PER_MM, 2) for ln in guides if ln.x1 == ln.x2}
        ys = {round(ln.y1 / PT_PER_MM, 2) for ln in guides if ln.y1 == ln.y2}
        trims = [i["trim_mm"] for i in f["pages"][0]["items"]]
        assert xs == {round(v, 2) for t in trims for v in (t[0], t[0] + t[2])}
        assert ys == {round(v, 2) for t in trims for v in (t[1], t[1] + t[3])}
        assert len(xs) == len(ys) == 3


@pytest.mark.parametrize("lang", ["de", "en"])
def test_dice_faces_lie_on_their_squares(kit, lang):
    """The number die shows 1-6 on the squares of pips 1-6 (opposites add up to 7); the
    plant die, whose faces are rows of table 'plants', each plant's name in the file's
    language on its square."""
    (number,) = squares(kit, "number-die", 22.0, lang)
    printed = {v: "".join(c for c, _, _ in chars) for v, chars in number["on"].items()}
    assert printed == {v: str(v) for v in range(1, 7)}
    pairs = opposite_on_cube(22.0 * PT_PER_MM)
    assert all(int(printed[v]) + int(printed[pairs[v]]) == 7 for v in printed)
    (plant,) = squares(kit, "plant-die", 22.0, lang)
    printed = {v: "".join(c for c, _, _ in chars) for v, chars in plant["on"].items()}
    assert printed == dict(enumerate(PLANTS[lang], start=1)), printed


def test_eight_rounded_tarot_cards(kit):
    """Eight fronts of 70 × 120 mm; each outline a rectangle whose straight edges stop 4 mm
    short of its corners, and as many closed cut lines on the sheets as cards."""
    m = _manifest(kit)
    fronts = [
        (f, i)
        for f in m["files"]
        if f["path"] == "de/goals.pdf"
        for p in f["pages"]
        for i in p["items"]
        if i["side"] == "front"
    ]
    assert len(fronts) == 8
    for _, item in fronts:
        assert [round(v, 2) for v in item["trim_mm"][2:]] == [70.0, 120.0]
        (loop,) = item["outline_mm"]
        x0 = min(x for x, _ in loop)
        y0 = min(y for _, y in loop)
        y1 = max(y for _, y in loop)
        left = [y for x, y in loop if abs(x - x0) < 1e-3]  # the straight left edge
        assert round(min(left) - y0, 2) == 4.0 and round(y1 - max(left), 2) == 4.0
    _, pages = read(kit / "de/goals.pdf", forms=True)
    cuts = [o for page in pages for o in page.outlines if len(o.points) > 40]
    assert len(cuts) == 8 * 2  # each card's cut line on its front, and on its back
