"""Pieces of one picture that meet on a sheet without bleed: the whole picture is drawn once
under them, and the pieces leave it out, so no engine shows a seam where they meet.

Each piece clipping the picture to its own edge leaves the pixels on a joint partly covered
from each side. An engine that smooths edges (poppler) then lets the paper show through,
and blends every layer of the picture at the edge, hidden ones too: a hairline along every
joint, light or dark. Drawn once, clipped to all the pieces together, the picture has an
edge only where the pieces meet the paper."""

from __future__ import annotations

from dataclasses import replace

from reportlab.pdfgen.canvas import FILL_NON_ZERO

from ..faces import Art
from ..geometry import bounds, compose, whole_picture
from ..imposition import Page
from ..painters import PAINTERS

SLICED = ("art", "image")  # the painters that can show one piece of a larger picture
TOUCH = 0.01  # points: trims closer than this meet


def draw_underlays(c, page: Page, arts, ctx) -> set[int]:
    """Under every group of two or more pieces of one picture that meet on this page, the
    whole picture (the same form the pieces place), clipped to their trims together. Gives
    the placements (by id) that must then be drawn `bare`."""
    covered = set()
    for trims, matrix, box, placements in underlays(page, arts):
        covered |= placements
        c.saveState()
        clip = c.beginPath()
        for x, y, w, h in trims:  # the pieces' trims, adding up to one area
            clip.rect(x, y, w, h)
        c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        c.transform(*matrix)
        PAINTERS[box.painter].draw(c, box, ctx)
        c.restoreState()
    return covered


def bare(art: Art) -> Art:
    """The art without the pieces of pictures it shows: drawn over its picture's underlay."""
    return replace(art, parts=tuple((m, tuple(b for b in face if not _sliced(b)))
                                    for m, face in art.parts))


def _sliced(box) -> bool:
    return box.painter in SLICED and bool(box.get("slice"))


def underlays(page: Page, arts) -> list[tuple]:
    """(the pieces' trims on the page, the item-to-page matrix, the whole picture's box, the
    pieces' placements by id) for each picture whose pieces lie on this page where the
    picture puts them, and meet."""
    groups: dict = {}
    for p in page.placements:
        if p.clip is not None:  # a board's sheet: one window, nothing meets
            continue
        art = arts.get(p.item, p.side)
        for part, face in art.parts if art is not None else ():
            for box in face:
                if not _sliced(box):
                    continue
                whole = whole_box(box)
                matrix = compose(p.matrix, part)
                where = tuple(round(v, 2) for v in bounds(matrix, whole.rect))
                groups.setdefault((whole.painter, where), []).append(
                    (p.trim, matrix, whole, id(p)))
    found = []
    for pieces in groups.values():
        trims = [trim for trim, *_ in pieces]
        if any(_meet(a, b) for i, a in enumerate(trims) for b in trims[i + 1:]):
            found.append((trims, pieces[0][1], pieces[0][2], {n for *_, n in pieces}))
    return found


def whole_box(box):
    """The box that draws the whole picture one piece of which `box` shows."""
    rect = whole_picture(box.get("piece", box.rect), box.get("slice"))
    params = tuple((k, v) for k, v in box.params if k not in ("slice", "piece"))
    return replace(box, rect=rect, params=params)


def _meet(a, b) -> bool:
    """Two trims share a stretch of edge."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    side_by_side = (abs(ax + aw - bx) < TOUCH or abs(bx + bw - ax) < TOUCH) and \
        min(ay + ah, by + bh) - max(ay, by) > TOUCH
    stacked = (abs(ay + ah - by) < TOUCH or abs(by + bh - ay) < TOUCH) and \
        min(ax + aw, bx + bw) - max(ax, bx) > TOUCH
    return side_by_side or stacked
