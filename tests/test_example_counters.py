"""The wargame example (examples/content/counters): 221 double-sided ½-inch counters from a
workbook, read back as a designer checks a counter sheet: one counter per row, each back
behind its front for the duplex, the back's strengths lower than the front's, all text
inside the 1 mm safe zone (and some of it closer to the cut than the default 3 mm), a thin
cut line round every counter and no crop marks."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from tests.conftest import ROOT, manifest, pnp
from tests.pdfread import PT_PER_MM, read

EXAMPLE = ROOT / "examples" / "content" / "counters"
SIDE = 12.7  # mm
SAFE = 1.0  # mm, the component's `safe:`
STRENGTH = re.compile(r"\b(\d)-(\d)-(\d)\b")


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = pnp("--root", str(ROOT / "examples"), "build", "counters", "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out / "counters"


def _units() -> list[dict]:
    from openpyxl import load_workbook

    rows = list(load_workbook(EXAMPLE / "units.xlsx")["Einheiten"].iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def _pages(kit) -> list[list[dict]]:
    return [
        p["items"]
        for f in manifest(kit)["files"]
        if f["path"] == "counters.pdf"
        for p in f["pages"]
    ]


def _texts(kit) -> list[dict[str, str]]:
    """Each page's text inside each placed counter's trim, by item id (pdfium reads the
    text the forms draw, where the page shows it)."""
    doc = pdfium.PdfDocument(str(kit / "counters.pdf"))
    out = []
    for page, items in zip(doc, _pages(kit), strict=True):
        text = page.get_textpage()
        seen = {}
        for item in items:
            x, y, w, h = (v * PT_PER_MM for v in item["trim_mm"])
            seen[item["id"]] = text.get_text_bounded(x, y, x + w, y + h)
        out.append(seen)
    return out


def test_one_counter_per_row_half_an_inch_square(kit):
    units = _units()
    assert len(units) == 221
    fronts = [i for items in _pages(kit) for i in items if i["side"] == "front"]
    assert [i["id"] for i in fronts] == [u["id"] for u in units]
    for item in fronts:
        assert item["trim_mm"][2:] == pytest.approx([SIDE, SIDE], abs=1e-3)


def test_each_back_lies_behind_its_front_mirrored_for_the_long_edge(kit):
    pages = _pages(kit)
    _, read_pages = read(kit / "counters.pdf")
    width = read_pages[0].size[0] / PT_PER_MM
    backs = 0
    for fronts, behind in zip(pages[0::2], pages[1::2], strict=True):
        where = {i["id"]: i["trim_mm"] for i in behind}
        for item in fronts:
            x, y, w, h = item["trim_mm"]
            bx, by, bw, bh = where[item["id"]]
            # Turned over the long edge: columns mirror, rows stay.
            assert (bx, by, bw, bh) == pytest.approx((width - x - w, y, w, h), abs=0.01)
            backs += 1
    assert backs == 221


def test_the_back_is_the_reduced_side(kit):
    units = {u["id"]: u for u in _units()}
    texts = _texts(kit)
    checked = 0
    for fronts, backs in zip(texts[0::2], texts[1::2], strict=True):
        for uid, text in fronts.items():
            unit = units[uid]
            front = tuple(map(int, STRENGTH.search(text).groups()))
            back = tuple(map(int, STRENGTH.search(backs[uid]).groups()))
            assert front == (unit["attack"], unit["defence"], unit["move"]), uid
            assert back == (unit["reduced_attack"], unit["reduced_defence"], unit["move"]), uid
            assert back[0] < front[0] and back[1] < front[1], uid
            assert unit["unit"] in text and unit["unit"] in backs[uid]
            checked += 1
    assert checked == 221


def test_text_keeps_inside_the_1mm_safe_zone_and_uses_it(kit):
    """Every glyph on the sheet lies inside a counter's trim shrunk by 1 mm; some come
    nearer the cut than the 3 mm a counter kept before it could say `safe: 1mm`."""
    doc = pdfium.PdfDocument(str(kit / "counters.pdf"))
    nearest = SIDE
    glyphs = 0
    for page, items in zip(doc, _pages(kit), strict=True):
        trims = [[v * PT_PER_MM for v in i["trim_mm"]] for i in items]
        text = page.get_textpage()
        for n in range(text.count_chars()):
            if not text.get_text_range(n, 1).strip():
                continue
            left, bottom, right, top = text.get_charbox(n)
            cx, cy = (left + right) / 2, (bottom + top) / 2
            inside = [t for t in trims if t[0] <= cx <= t[0] + t[2] and t[1] <= cy <= t[1] + t[3]]
            assert inside, f"glyph {n} lies on no counter"
            x, y, w, h = inside[0]
            gap = min(left - x, bottom - y, x + w - right, y + h - top) / PT_PER_MM
            assert gap >= SAFE - 0.01, (n, gap)
            nearest = min(nearest, gap)
            glyphs += 1
    assert glyphs > 221 * 2 * 8  # every counter's designation, size and strengths
    assert nearest < 2.0  # the room `safe: 1mm` gives is used


def test_a_thin_cut_line_round_every_counter_and_no_crop_marks(kit):
    _, pages = read(kit / "counters.pdf", forms=True)
    for page, items in zip(pages, _pages(kit), strict=True):
        assert not [ln for ln in page.lines if not ln.in_form], "no crop marks"
        lines = [o for o in page.outlines if o.in_form]
        assert len(lines) == len(items)
        for item in items:
            x, y, w, h = (v * PT_PER_MM for v in item["trim_mm"])
            assert any(
                max(
                    abs(a - b) for a, b in zip(_bounds(o.points), (x, y, x + w, y + h), strict=True)
                )
                < 0.01 * PT_PER_MM
                for o in lines
            ), item["id"]


def _bounds(points) -> tuple:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
