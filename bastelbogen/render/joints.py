"""Pieces of one picture that meet on a sheet without bleed: the whole picture is drawn once
under them, and the pieces leave it out, so no engine shows a seam where they meet.

Each piece clipping the picture to its own edge leaves the pixels on a joint partly covered
from each side. An engine that smooths edges (poppler) then lets the paper show through,
and blends every layer of the picture at the edge, hidden ones too: a hairline along every
joint, light or dark. Drawn once, clipped to all the pieces together, the picture has an
edge only where the pieces meet the paper."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import FILL_NON_ZERO

from bastelbogen.content.painters import PAINTERS, Sliced
from bastelbogen.core.errors import Loc
from bastelbogen.core.geometry import Matrix, Rect, bounds, compose, whole_picture
from bastelbogen.layout.faces import Art
from bastelbogen.layout.layouts import Box
from bastelbogen.layout.values import typed

if TYPE_CHECKING:
    from bastelbogen.layout.imposition import Placement
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas

TOUCH = 0.01  # points: a box filling its piece lies within this of it


def draw_underlays(
    c: Canvas, placed: Sequence[tuple[Placement, Art | None]], ctx: PaintContext
) -> dict[int, str]:
    """Under every group of two or more pieces of one picture that meet on a page — its
    placements with their arts, `placed` — the whole picture (the same form the pieces
    place), clipped to their trims together. Gives the placements (by their index) that
    must then be drawn `bare` of the box named."""
    covered: dict[int, str] = {}
    for group in underlays(placed):
        covered.update(dict.fromkeys(group.placements, group.box.name))
        ctx.item_label, ctx.item_loc = group.label, group.loc  # named in preflight's notes
        c.saveState()
        clip = c.beginPath()
        for x, y, w, h in group.trims:  # the pieces' trims, adding up to one area
            clip.rect(x, y, w, h)
        c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        c.transform(*group.matrix)
        PAINTERS[group.box.painter].draw(c, group.box, ctx)
        c.restoreState()
    return covered


def bare(art: Art, name: str) -> Art:
    """The art without the box `name` (its piece of a picture): drawn over the underlay."""
    return replace(
        art, layers=tuple((m, tuple(b for b in face if b.name != name)) for m, face in art.layers)
    )


@dataclass
class Group:
    """The pieces of one picture on a page, and the picture drawn whole under them."""

    box: Box  # the whole picture's box
    matrix: Matrix  # from the first piece's item to the page
    label: str  # the first piece, as preflight names an item
    loc: Loc
    trims: list[Rect] = field(default_factory=list)
    placements: list[int] = field(default_factory=list)  # by their index on the page


def underlays(placed: Sequence[tuple[Placement, Art | None]]) -> list[Group]:
    """The pictures whose pieces (placements with their arts) lie on a page as the picture
    puts them, and meet: the same picture (the same box, made of the same values), turned
    the same way, whose whole lands on the same place from every piece."""
    groups: dict[Hashable, Group] = {}
    for n, (p, art) in enumerate(placed):
        whole_art = art is not None and p.clip is None  # a board's sheet: one window
        box = _underlaid(art) if art is not None and whole_art else None
        if art is None or box is None:
            continue
        whole = whole_box(box)
        matrix = compose(p.matrix, art.layers[0][0])
        where = tuple(round(v, 2) for v in (*matrix[:4], *bounds(matrix, whole.rect)))
        key = (whole.painter, whole.name, _identity(box), where)
        group = groups.setdefault(
            key, Group(whole, matrix, f"item '{p.item.id}' ({p.side})", p.item.loc)
        )
        group.trims.append(p.trim)
        group.placements.append(n)
    return [g for g in groups.values() if _some_meet(g.trims)]


def _underlaid(art: Art) -> Box | None:
    """The art's piece of a picture, if it can be drawn under the art instead: a plain
    rectangle of one face whose first box is the piece, filling the piece exactly (what
    lies under it, around it or outside a shaped outline would not survive the swap)."""
    if art.clip or art.tabs or len(art.layers) != 1 or not art.layers[0][1]:
        return None
    box = art.layers[0][1][0]
    k = Sliced(box)
    if Sliced.slice.name not in PAINTERS[box.painter].keys or not k.slice:
        return None
    piece = k.piece or box.rect
    fills = all(abs(a - b) < TOUCH for a, b in zip(box.rect, piece, strict=True))
    return box if fills else None


def _identity(box: Box) -> Hashable:
    """What tells two pictures apart: the box's values but which piece it shows."""
    own = tuple((k, v) for k, v in box.params if k not in ("slice", "piece"))
    grid = tuple(Sliced(box).slice or ())[2:]  # how many pieces across and down
    try:
        return typed((own, grid))
    except TypeError:  # a value no key can hold
        return repr((own, grid))


def whole_box(box: Box) -> Box:
    """The box that draws the whole picture one piece of which `box` shows: the same box,
    clipped to the whole. A motif keeps its slice (it is composed for the whole, and may
    read how many pieces there are: a building as wide as its tiles); a raster picture
    drops it, and so covers the whole as its pieces, filling their boxes, cover it."""
    k = Sliced(box)
    assert k.slice is not None  # a piece of a picture
    rect = whole_picture(k.piece or box.rect, k.slice)
    if box.painter == "art":
        return replace(box, rect=rect)
    params = tuple((k, v) for k, v in box.params if k not in ("slice", "piece"))
    return replace(box, rect=rect, params=params)


def _some_meet(trims: list[Rect]) -> bool:
    """Two of the trims share an edge: a piece's right (top) edge where another's left
    (bottom) edge begins. Pieces of one picture that lie as it puts them are aligned, so
    edges are looked up, not compared two by two (a page may hold thousands of pieces)."""

    def key(*values: float) -> tuple[float, ...]:
        return tuple(round(v, 2) for v in values)

    rights = {key(x + w, y) for x, y, w, h in trims}
    tops = {key(x, y + h) for x, y, w, h in trims}
    return any(key(x, y) in rights or key(x, y) in tops for x, y, w, h in trims)
