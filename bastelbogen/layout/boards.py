"""A board larger than a sheet, tiled over several sheets, as geometry.

The board is cut into cells, one per sheet. Each sheet prints its cell and, where a
neighbour follows to the right or below, a glue margin that continues the picture: the
neighbour, cut at its trim, is laid over that margin with its edge on the marked line. All
sheets place the same board drawing, each under its own window, so the pieces line up by
construction. The board may be turned a quarter if that takes fewer sheets. At the board's
own outer edges the drawing runs on into the bleed, as on any piece cut at crop marks.

The seams fall where nothing a player reads or plays on is (seams.py: the `keep-whole`
areas, those the board's motif tells, the face's squares, labels and grid cells): each
seam moves off the even split as little as it must, as far as the sheets allow. The
sheet's number stands in its glue margin, or where no margin is, off what is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bastelbogen.content.kinds import SAFE_ZONE as SAFE
from bastelbogen.content.models import Item
from bastelbogen.core.errors import Loc, Problem
from bastelbogen.core.geometry import Matrix, Rect, bounds, compose, rotate_quarter, translate
from bastelbogen.core.units import mm
from bastelbogen.layout.cutmarks import MARK_LENGTH, crop_marks
from bastelbogen.layout.imposition import Page, Placement, PrintSettings
from bastelbogen.layout.seams import CLEAR, Cut, Kept, place, spans

GLUE = mm(10)
ROOM = MARK_LENGTH + mm(1)  # around the bleed, for crop marks
BADGE = mm(2.6)  # the radius of the sheet's number's disc
LINE_CLEAR = mm(2)  # the glue margin's strip by the neighbour's line that stays unhatched
TRIED = 256  # places in a last sheet's cell looked at for its number, nearest the corner first


@dataclass(frozen=True)
class Tiling:
    """How a board is cut into sheets: columns, rows and how it is turned."""

    cols: int
    rows: int
    turns: int  # quarter turns of the board on the sheets
    size: tuple[float, float]  # the board as laid on the sheets (turned if turns)
    xs: tuple[float, ...] = ()  # the cells' edges across, laid board, 0 .. width
    ys: tuple[float, ...] = ()  # the cells' edges down from the top, 0 .. height
    room: tuple[float, float] = (0.0, 0.0)  # what a sheet's window may fill, across and down
    cuts: tuple[tuple[int, Cut], ...] = ()  # seams that cut something (0 across, 1 down)

    @property
    def sheets(self) -> int:
        return self.cols * self.rows


def plan(
    size: tuple[float, float], settings: PrintSettings, keep: tuple[Kept | Rect, ...] = ()
) -> Tiling:
    """The fewest sheets that hold the board, upright or turned; `keep` is what no seam
    should cut, board-local (a bare rectangle: an area kept whole)."""
    b = settings.bleed
    best, room = None, (0.0, 0.0)
    for room_w, room_h in _rooms(settings):
        for turns in (0, 1):
            w, h = size if turns == 0 else (size[1], size[0])
            cols = _count(w, room_w, b)
            rows = _count(h, room_h, b)
            if cols and rows and (best is None or cols * rows < best.sheets):
                best, room = Tiling(cols, rows, turns, (w, h)), (room_w, room_h)
    if best is None:
        raise ValueError("the board is too large for these sheets")
    turn = rotate_quarter(best.turns, *size)
    laid = [kept(k).laid(turn, best.size[1]) for k in keep]
    sheet = min(room)
    xs, across = place(best.size[0], _caps(best.cols, room[0], b), spans(laid, 0, sheet))
    ys, down = place(best.size[1], _caps(best.rows, room[1], b), spans(laid, 1, sheet))
    cuts = tuple((0, c) for c in across) + tuple((1, c) for c in down)
    return Tiling(best.cols, best.rows, best.turns, best.size, xs, ys, room, cuts)


def kept(area: Kept | Rect) -> Kept:
    """What no seam should cut; a bare rectangle is an area kept whole."""
    return area if isinstance(area, Kept) else Kept(area, "an area kept whole", Loc(""), True)


def _rooms(settings: PrintSettings) -> list[tuple[float, float]]:
    """The room a sheet's window (bleed and glue included) may fill, centred on the page:
    inside the margin with its crop marks; with registration marks also clear of their
    zones (settings.keep_out), by keeping off the top and bottom or off the sides."""
    page_w, page_h = settings.page_size
    room_w = page_w - 2 * settings.keep_clear - 2 * ROOM
    room_h = page_h - 2 * settings.keep_clear - 2 * ROOM
    if not settings.keep_out:
        return [(room_w, room_h)]
    # How far in from the edges a zone reaches, across and down.
    reach_x = max(min(x + w, page_w - x) for x, _, w, _ in settings.keep_out)
    reach_y = max(min(y + h, page_h - y) for _, y, _, h in settings.keep_out)
    return [
        (room_w, min(room_h, page_h - 2 * reach_y)),
        (min(room_w, page_w - 2 * reach_x), room_h),
    ]


def _caps(cells: int, room: float, bleed: float) -> list[float]:
    """How long each cell along one side may be: a sheet holds the cell, its glue margin
    if a neighbour follows, and the bleed where the cell lies at the board's edge."""
    return [
        room - (GLUE if k < cells - 1 else 0.0) - bleed * ((k == 0) + (k == cells - 1))
        for k in range(cells)
    ]


def _count(length: float, room: float, bleed: float) -> int:
    """Cells along one side: the fewest whose sheets hold the side."""
    for cells in range(1, 1000):
        caps = _caps(cells, room, bleed)
        if min(caps) <= 0:
            return 0
        if sum(caps) >= length - 1e-9:
            return cells
    return 0


def tile(
    item: Item, size: tuple[float, float], settings: PrintSettings, keep: tuple[Kept, ...] = ()
) -> list[Page]:
    """An assembly plan, then one page per sheet, row by row from the top left. The plan
    carries what a seam could not help cutting (`told`)."""
    t = plan(size, settings, keep)
    turn = rotate_quarter(t.turns, *size)
    art = tuple(k.rect for k in keep if k.counts(min(t.room)))
    pages = [replace(_overview(item, t, turn, settings), told=_told(item, t))]
    for row in range(t.rows):
        for col in range(t.cols):
            pages.append(_sheet(item, t, turn, settings, (row, col), art))
    return pages


def _told(item: Item, t: Tiling) -> tuple[Problem, ...]:
    """Each seam that cuts what it should not, at the first thing it cuts: between which
    sheets, what, and why it could not move off."""
    found = []
    for axis, cut in t.cuts:
        first, more = cut.kept[0], len(cut.kept) - 1
        if axis == 0:  # between two columns: the first row's sheets
            a, b = cut.seam, cut.seam + 1
        else:  # between two rows: the first column's
            a, b = (cut.seam - 1) * t.cols + 1, cut.seam * t.cols + 1
        also = f" (and {more} more)" if more else ""
        found.append(
            Problem(
                first.loc,
                f"board '{item.component.id}': the glue seam between sheets {a} and {b} cuts"
                f" {first.what}{also}: the sheets leave it no place clear of"
                f" {'them' if more else 'it'}",
            )
        )
    return tuple(found)


def _sheet(
    item: Item,
    t: Tiling,
    turn: Matrix,
    settings: PrintSettings,
    at: tuple[int, int],
    art: tuple[Rect, ...],
) -> Page:
    """The sheet in row and column `at`; `art` is what on the board its number keeps off."""
    row, col = at
    page_w, page_h = settings.page_size
    h = t.size[1]
    x0, cw = t.xs[col], t.xs[col + 1] - t.xs[col]
    ch = t.ys[row + 1] - t.ys[row]
    y0 = h - t.ys[row + 1]  # the cell, on the laid board (y up)
    right = GLUE if col < t.cols - 1 else 0.0
    below = GLUE if row < t.rows - 1 else 0.0
    window = (x0, y0 - below, cw + right, ch + below)  # where the sheet is cut
    # The board's own edges run on into the bleed; the glue margins' far edges do not.
    b = settings.bleed
    left_b, top_b = (b if col == 0 else 0.0), (b if row == 0 else 0.0)
    right_b, below_b = (b if not right else 0.0), (b if not below else 0.0)
    drawn = (
        window[0] - left_b,
        window[1] - below_b,
        window[2] + left_b + right_b,
        window[3] + below_b + top_b,
    )
    shift = (  # what is printed, bleed included, sits in the middle of the sheet
        page_w / 2 - (drawn[0] + drawn[2] / 2),
        page_h / 2 - (drawn[1] + drawn[3] / 2),
    )
    matrix = compose(translate(*shift), turn)
    cell = _moved((x0, y0, cw, ch), shift)
    cut = _moved(window, shift)
    clip = _moved(drawn, shift)
    placement = Placement(item, "front", matrix, cell, clip, cut)
    glue, align = [], []
    cx, cy, _, _ = cell
    if right:
        glue.append((cx + cw, cut[1], right, cut[3]))
        align.append((cx + cw, cy, cx + cw, cy + ch))
    if below:
        glue.append((cut[0], cy - below, cut[2], below))
        align.append((cx, cy, cx + cw, cy))
    # Cut along the window's outer edges (the glue margins stay on); the marks stand
    # outside the bleed.
    marks = crop_marks([Placement(item, "front", matrix, cut)], clip, settings.keep_out)
    number = row * t.cols + col + 1
    on_page = tuple(bounds(matrix, r) for r in art)
    return Page(
        (page_w, page_h),
        (placement,),
        marks,
        (),
        cell,
        clip,
        tuple(glue),
        tuple(align),
        f"{number}/{t.sheets}: {row + 1}.{col + 1}",
        number=number,
        badge=_badge(cell, clip, bool(right), bool(below), on_page),
    )


def _badge(cell: Rect, clip: Rect, right: bool, below: bool, art: tuple[Rect, ...]) -> Rect:
    """Where the sheet's number stands (the square its disc fills): in the glue margin,
    which stays on when the sheet is cut and is glued under the neighbour, beside the
    unhatched strip by the line; on a sheet without one (the last) in the cell's top-left
    corner inside the safe zone if nothing kept lies there, else the nearest such place
    along the cell's edges, else outside the bleed's top-left corner, among the marks."""
    x, y, w, h = cell
    side = 2 * BADGE
    if right:  # at the top of the right margin
        return x + w + LINE_CLEAR + (GLUE - LINE_CLEAR - side) / 2, y + h - SAFE - side, side, side
    if below:  # at the left of the bottom margin
        return x + SAFE, y - LINE_CLEAR - (GLUE - LINE_CLEAR + side) / 2, side, side
    art = tuple(r for r in art if _meets(r, cell))  # what lies on this sheet
    for spot in _along_edges(cell, side, art)[:TRIED]:
        if not any(_meets(spot, r) for r in art):
            return spot
    left, top = clip[0], clip[1] + clip[3]
    return left - (ROOM + side) / 2, top + (ROOM - side) / 2, side, side


def _along_edges(cell: Rect, side: float, art: tuple[Rect, ...]) -> list[Rect]:
    """Places for the number inside the cell's safe zone along its edges, nearest the
    top-left corner first: the corners, and beside each kept area."""
    x, y, w, h = cell
    left, low = x + SAFE, y + SAFE
    right, top = x + w - SAFE - side, y + h - SAFE - side
    if right < left or top < low:
        return []
    xs = _beside(left, right, [(r[0], r[2]) for r in art], side)
    ys = _beside(low, top, [(r[1], r[3]) for r in art], side)
    spots = [(v, u) for v in xs for u in (low, top)] + [(u, v) for v in ys for u in (left, right)]
    spots.sort(key=lambda p: (p[0] - left) + (top - p[1]))
    return [(px, py, side, side) for px, py in spots]


def _beside(first: float, last: float, spans: list[tuple[float, float]], side: float) -> set[float]:
    """Where along one side, first .. last, a number `side` long may start: at either end,
    and just clear of each kept area's span (start, length)."""
    found = {first, last}
    for start, length in spans:
        found |= {start + length + CLEAR, start - CLEAR - side}
    return {v for v in found if first <= v <= last}


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _moved(rect: Rect, shift: tuple[float, float]) -> Rect:
    x, y, w, h = rect
    return x + shift[0], y + shift[1], w, h


def _overview(item: Item, t: Tiling, turn: Matrix, settings: PrintSettings) -> Page:
    """The whole board, small, with the sheets drawn on it and numbered: how to lay them."""
    page_w, page_h = settings.page_size
    w, h = t.size
    k = min((page_w - 2 * settings.keep_clear - mm(20)) / w, page_h * 0.5 / h)
    left, bottom = (page_w - w * k) / 2, page_h * 0.3
    matrix = compose(translate(left, bottom), compose((k, 0, 0, k, 0, 0), turn))
    cells = tuple(
        (
            left + t.xs[col] * k,
            bottom + (h - t.ys[row + 1]) * k,
            (t.xs[col + 1] - t.xs[col]) * k,
            (t.ys[row + 1] - t.ys[row]) * k,
        )
        for row in range(t.rows)
        for col in range(t.cols)
    )
    area = (left, bottom, w * k, h * k)
    return Page((page_w, page_h), (), (), (), area, area, overview=(item, matrix, cells))
