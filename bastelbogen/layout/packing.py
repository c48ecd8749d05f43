"""Packing rectangles onto pages: the one packer for shared sheets, as numbers.

A block is anything that is laid as one rectangle (a few cards in a small grid with their
own crop marks, one die net, a strip of pawns); it offers one or more shapes it can take
(upright or turned, more columns or more rows). Blocks are packed in shelves, biggest
first: each shelf as high as its first block, filled left to right, shelves from the top
of the page down. Shelf packing keeps every block's cuts free of its neighbours: a
guillotine cut between shelves, then between the blocks of a shelf, never crosses a piece.
Shapes that are not rectangles (hex tiles, round tokens) come to the packer the same way,
as the rectangle of their own nest. Rectangles to keep out of (the registration marks'
zones) push a block along its shelf past them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import mm

GAP = mm(4)  # between blocks: a scissor cut between two pieces, or their crop marks
OPEN = 8  # pages still open to later blocks; older ones are full enough


@dataclass(frozen=True)
class Placed:
    """Where a block went: the shape it takes and its corner."""

    block: int  # index of the block in the list given
    shape: int  # index of the shape it takes
    x: float  # lower-left corner, in the room's coordinates
    y: float


@dataclass
class _Shelf:
    """A row of blocks on a page being packed."""

    top: float  # its upper edge, from the room's bottom
    height: float
    used: float = 0.0  # width taken, gaps included


@dataclass
class _Page:
    """A page being packed: its width, what blocks keep out of, its shelves."""

    width: float  # of the room
    keep_out: tuple[Rect, ...] = ()  # rectangles (x, y, w, h) in the room that no block may touch
    shelves: list[_Shelf] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)

    def floor(self, room_h: float) -> float:
        """The height still free under the last shelf."""
        if not self.shelves:
            return room_h
        last = self.shelves[-1]
        return last.top - last.height - GAP


def pack(
    shapes: list[list[tuple[float, float]]],
    room: tuple[float, float],
    keep_out: tuple[Rect, ...] = (),
) -> list[list[Placed]]:
    """Pages of placed blocks; `shapes[i]` lists the (width, height) block i can take, every
    one of which fits the room. Blocks go biggest first, each into the first shelf (of the
    first page) it fits, else onto a new shelf, else onto a new page; none touches a
    rectangle of `keep_out` (room coordinates)."""
    order = sorted(range(len(shapes)), key=lambda i: -min(w * h for w, h in shapes[i]))
    pages: list[_Page] = []
    for i in order:
        open_pages = pages[-OPEN:]  # a bounded window: the cost stays linear in the blocks
        if not any(_into_shelf(page, i, shapes[i]) for page in open_pages) and not any(
            _new_shelf(page, i, shapes[i], room) for page in open_pages
        ):
            pages.append(_Page(room[0], keep_out))
            if not _new_shelf(pages[-1], i, shapes[i], room):
                raise ValueError("a block is larger than the page")
    return [page.placed for page in pages]


def fits_alone(
    size: tuple[float, float], room: tuple[float, float], keep_out: tuple[Rect, ...]
) -> bool:
    """Whether a block of `size` goes onto an empty page of the room, clear of `keep_out`
    (then `pack` places it, on a page of its own if need be)."""
    w, h = size
    return h <= room[1] and _clear(_Page(room[0], keep_out), 0.0, room[1] - h, w, h) is not None


def _into_shelf(page: _Page, i: int, shapes: list[tuple[float, float]]) -> bool:
    """Beside the blocks of a shelf, in the narrowest shape no higher than the shelf."""
    for shelf in page.shelves:
        fits = [(w, k) for k, (w, h) in enumerate(shapes) if h <= shelf.height]
        if not fits:
            continue
        w, k = min(fits)
        h = shapes[k][1]
        x = _clear(page, shelf.used + (GAP if shelf.used else 0.0), shelf.top - h, w, h)
        if x is not None:
            page.placed.append(Placed(i, k, x, shelf.top - h))
            shelf.used = x + w
            return True
    return False


def _clear(page: _Page, x: float, y: float, w: float, h: float) -> float | None:
    """The first place from x along the shelf where a block (w, h) at height y touches no
    rectangle kept out and ends inside the room, or None."""
    moved = True
    while moved:
        moved = False
        for kx, ky, kw, kh in page.keep_out:
            if x < kx + kw and kx < x + w and y < ky + kh and ky < y + h:
                x, moved = kx + kw, True
    return x if x + w <= page.width else None


def _new_shelf(
    page: _Page, i: int, shapes: list[tuple[float, float]], room: tuple[float, float]
) -> bool:
    """A new shelf under the others, in the flattest shape that fits across the page."""
    free = page.floor(room[1])
    fits = [
        (h, w, k, x)
        for k, (w, h) in enumerate(shapes)
        if h <= free and (x := _clear(page, 0.0, free - h, w, h)) is not None
    ]
    if not fits:
        return False
    h, w, k, x = min(fits)
    shelf = _Shelf(top=free, height=h, used=x + w)
    page.shelves.append(shelf)
    page.placed.append(Placed(i, k, x, free - h))
    return True
