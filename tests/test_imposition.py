"""Imposition as pure geometry: counts, centring, marks on cut lines, backs behind fronts."""

from __future__ import annotations

import pytest

from bastelbogen.core.geometry import apply, bounds
from bastelbogen.core.units import mm, to_mm
from bastelbogen.layout.cutmarks import MARK_LENGTH
from bastelbogen.layout.imposition import PAPERS, PrintSettings, impose

CARD = (mm(63), mm(88))


def _pages(n=64, size=CARD, **kw):
    return impose(list(range(n)), size, PrintSettings(**kw), has_back=True)


@pytest.mark.parametrize(
    "paper,bleed,per_page", [("a4", 0, 9), ("a4", 3, 8), ("letter", 0, 8), ("letter", 3, 6)]
)
def test_as_many_as_fit(paper, bleed, per_page):
    pages = _pages(paper=paper, bleed=mm(bleed), duplex="none")
    assert len(pages[0].placements) == per_page
    assert sum(len(p.placements) for p in pages) == 64


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("bleed", [0, 3])
def test_grid_is_centred_and_inside_printable_area(paper, bleed):
    page = _pages(paper=paper, bleed=mm(bleed), duplex="none")[0]
    w, h = page.size
    x, y, bw, bh = page.bleed_box
    assert x - MARK_LENGTH >= mm(5) - 1e-6 and y - MARK_LENGTH >= mm(5) - 1e-6
    assert x + bw + MARK_LENGTH <= w - mm(5) + 1e-6
    assert y + bh + MARK_LENGTH <= h - mm(5) + 1e-6
    assert abs((x + bw / 2) - w / 2) < 1e-6 and abs((y + bh / 2) - h / 2) < 1e-6


def test_no_bleed_means_shared_cuts():
    page = _pages(paper="a4", bleed=0, duplex="none")[0]
    xs = sorted({round(p.trim[0], 4) for p in page.placements})
    assert [round(to_mm(b - a), 4) for a, b in zip(xs, xs[1:], strict=False)] == [63.0, 63.0]


def test_bleed_keeps_a_gutter_of_twice_the_bleed():
    page = _pages(paper="a4", bleed=mm(3), duplex="none")[0]
    lefts = sorted({p.trim[0] for p in page.placements})
    width = page.placements[0].trim[2]
    assert to_mm(lefts[1] - lefts[0] - width) == pytest.approx(6.0, abs=1e-6)


@pytest.mark.parametrize("bleed", [0, 3])
def test_every_cut_line_has_a_mark_on_both_sides(bleed):
    page = _pages(bleed=mm(bleed), duplex="none")[0]
    cuts_x = {round(v, 4) for p in page.placements for v in (p.trim[0], p.trim[0] + p.trim[2])}
    cuts_y = {round(v, 4) for p in page.placements for v in (p.trim[1], p.trim[1] + p.trim[3])}
    vertical = [m for m in page.marks if abs(m[0] - m[2]) < 1e-9]
    horizontal = [m for m in page.marks if abs(m[1] - m[3]) < 1e-9]
    assert {round(m[0], 4) for m in vertical} == cuts_x
    assert {round(m[1], 4) for m in horizontal} == cuts_y
    assert len(vertical) == 2 * len(cuts_x) and len(horizontal) == 2 * len(cuts_y)
    for x1, y1, x2, y2 in page.marks:
        assert to_mm(abs(x2 - x1) + abs(y2 - y1)) == pytest.approx(5.0)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_back_is_the_mirror_of_its_front(duplex, paper):
    pages = _pages(paper=paper, duplex=duplex)
    w, h = pages[0].size
    for front_page, back_page in zip(pages[::2], pages[1::2], strict=True):
        for f, b in zip(front_page.placements, back_page.placements, strict=True):
            assert f.item == b.item
            x, y, tw, th = f.trim
            expect = (w - x - tw, y) if duplex == "long" else (x, h - y - th)
            assert b.trim[0] == pytest.approx(expect[0], abs=1e-6)
            assert b.trim[1] == pytest.approx(expect[1], abs=1e-6)


def test_back_offset_moves_every_back_exactly():
    plain = _pages(duplex="long")
    moved = _pages(duplex="long", back_offset=(mm(1.5), mm(-0.7)))
    for a, b in zip(plain, moved, strict=True):
        for p, q in zip(a.placements, b.placements, strict=True):
            dx, dy = (1.5, -0.7) if p.side == "back" else (0, 0)
            assert to_mm(q.trim[0] - p.trim[0]) == pytest.approx(dx, abs=1e-9)
            assert to_mm(q.trim[1] - p.trim[1]) == pytest.approx(dy, abs=1e-9)


def test_back_art_corner_sits_behind_its_front_corner():
    """A point of the card seen from the back lies behind the same point of the front:
    the back's left edge is behind the front's right edge (the card is turned over)."""
    page_f, page_b = _pages(duplex="long")[:2]
    w = page_f.size[0]
    f, b = page_f.placements[0], page_b.placements[0]
    fx, fy = apply(f.matrix, CARD[0], 0)  # front's bottom-right corner
    bx, by = apply(b.matrix, 0, 0)  # back's bottom-left corner
    assert (w - bx, by) == pytest.approx((fx, fy))


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_fold_sheets_mirror_about_the_fold(paper):
    page = _pages(paper=paper, duplex="fold")[0]
    ((x1, y1, x2, y2),) = page.folds
    fronts = [p for p in page.placements if p.side == "front"]
    backs = [p for p in page.placements if p.side == "back"]
    assert len(fronts) == len(backs) >= 3
    for f, b in zip(fronts, backs, strict=True):
        if y1 == y2:  # fold across the page: rows mirror about y1
            assert b.trim[1] + b.trim[3] / 2 == pytest.approx(2 * y1 - f.trim[1] - f.trim[3] / 2)
            assert b.trim[0] == pytest.approx(f.trim[0])
        else:
            assert b.trim[0] + b.trim[2] / 2 == pytest.approx(2 * x1 - f.trim[0] - f.trim[2] / 2)


def test_turned_cards_keep_their_size():
    page = _pages(paper="a4", bleed=mm(3), duplex="none")[0]
    p = page.placements[0]
    assert sorted(to_mm(v) for v in p.trim[2:]) == pytest.approx([63.0, 88.0])
    assert bounds(p.matrix, (0, 0, *CARD)) == pytest.approx(p.trim)


def test_too_large_an_item_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        _pages(size=(mm(300), mm(400)))


@pytest.mark.parametrize("paper,whole_blocks", [("a4", 4), ("letter", 2)])
def test_blocks_keep_a_pictures_pieces_together(paper, whole_blocks):
    """Six 40 mm pieces of a picture, 2 wide and 3 tall, lie as the picture does."""
    size = (mm(40), mm(40))
    page = impose(
        list(range(180)), size, PrintSettings(paper=paper, duplex="none"), False, block=(2, 3)
    )[0]
    for b in range(whole_blocks):
        trims = [p.trim for p in page.placements[b * 6 : (b + 1) * 6]]
        x0, y_top = trims[0][0], trims[0][1] + trims[0][3]
        for i, (x, y, _w, h) in enumerate(trims):
            col, row = i % 2, i // 2
            assert to_mm(x - x0) == pytest.approx(col * 46, abs=1e-6)
            assert to_mm(y_top - (y + h)) == pytest.approx(row * 46, abs=1e-6)
    cells = {(round(p.trim[0], 3), round(p.trim[1], 3)) for p in page.placements}
    assert len(cells) == len(page.placements)  # no two pieces in one place
