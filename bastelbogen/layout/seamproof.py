"""What the proof (proof.py, `seams`) checks of a board's sheets, as a family would find it
once the sheets are cut and glued: no glue seam cuts a square, a label or a kept area where
moving it would have missed them, and no sheet's number stands on the board's picture.

Read from the sheets as laid out, not from the plan that made them: each sheet's cell taken
back to the board through its placement, the seams where the cells meet, and how far a
seam could move from what each sheet has to spare on its page. What should not be cut is
laid out again from the board's face (kept.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from bastelbogen.content.models import Game, Item
from bastelbogen.core.geometry import Rect, bounds, inverse
from bastelbogen.core.units import to_mm
from bastelbogen.layout import boards
from bastelbogen.layout.imposition import Page, Placement, PrintSettings
from bastelbogen.layout.kept import keeps
from bastelbogen.layout.kit import LaidOut
from bastelbogen.layout.seams import Kept, Span, counter, spans

NEAR = 1e-3  # points: what the sheets' arithmetic may leave

Sheet = tuple[Page, Placement]


def board_faults(
    game: Game, files: list[LaidOut], settings: PrintSettings, lang: str
) -> Iterator[tuple[str, str, str]]:
    """(file, where, what) of each seam cut that could have been missed and each sheet
    number on the board's picture; the faces laid out in `lang`, as the build's were."""
    for laid in files:
        for where, what in _file(game, laid, settings, lang):
            yield f"{laid.name}.pdf", where, what


def _file(
    game: Game, laid: LaidOut, settings: PrintSettings, lang: str
) -> Iterator[tuple[str, str]]:
    sheets: dict[int, list[Sheet]] = {}
    for page in laid.pages:
        for p in page.placements:
            if p.cut is not None:
                sheets.setdefault(id(p.item), []).append((page, p))
    for plan in laid.plans:
        if not any(id(item) in sheets for item in plan.items):
            continue  # no board: nothing tiled
        options = {**laid.arts.face_options, "lang": lang}
        kept = keeps(game, plan.component, laid.arts.layouts, options, plan.bleed)
        tiled = replace(settings, bleed=plan.bleed)
        for item in plan.items:
            mine = sheets.get(id(item), [])
            if mine:
                yield from _board(item, kept(item), mine, tiled, plan.trim)


def _board(
    item: Item,
    kept: tuple[Kept, ...],
    sheets: list[Sheet],
    settings: PrintSettings,
    size: tuple[float, float],
) -> Iterator[tuple[str, str]]:
    room = boards.plan(size, settings).room
    art = [k for k in kept if k.counts(min(room))]
    for page, p in sheets:
        on_page = [bounds(p.matrix, k.rect) for k in art]
        where = f"item '{item.id}', sheet {page.number}"
        if page.badge is None:
            yield where, "the sheet carries no number"
        elif page.glue:  # hatched over the picture, glued under the neighbour
            if not any(_inside(page.badge, g) for g in page.glue):
                yield where, "its number is not in its glue margin"
        elif any(_meets(page.badge, _within(r, page.bleed_box)) for r in on_page):  # shown
            yield where, "its number stands on the board's picture"
    for axis in (0, 1):
        found = spans(art, axis, min(room))
        for at, low, high in _seams(sheets, axis, room):
            yield from _missable(item, axis, at, (low, high), found)


def _seams(
    sheets: list[Sheet], axis: int, room: tuple[float, float]
) -> Iterator[tuple[float, float, float]]:
    """Each inner edge along the board's `axis` (board-local, 0 across) where sheets meet,
    with how far it could move: until the cell before or after it fills its sheet."""
    cells: dict[float, tuple[float, float]] = {}  # start -> (end, cap)
    for page, p in sheets:
        cell = bounds(inverse(p.matrix), p.trim)
        start, length = cell[axis], cell[axis + 2]
        turned = abs(p.matrix[0]) < 0.5  # a quarter turn: the board's across is the page's down
        on_page = 1 - axis if turned else axis
        spare = room[on_page] - page.bleed_box[on_page + 2] + p.trim[on_page + 2]
        end, cap = cells.get(round(start, 3), (start + length, spare))
        cells[round(start, 3)] = (end, min(cap, spare))
    order = sorted(cells)
    for before, after in zip(order, order[1:], strict=False):
        at = after  # the seam: where the cell after begins
        low = cells[after][0] - cells[after][1]
        high = before + cells[before][1]
        yield at, low + NEAR, high - NEAR


def _missable(
    item: Item, axis: int, at: float, limits: tuple[float, float], found: list[Span]
) -> Iterator[tuple[str, str]]:
    """The seam at `at` if it cuts what a place within `limits` misses: anything, or, if it
    cuts a hard area, anything hard."""
    cut = [s for s in found if s.low + NEAR < at < s.high - NEAR]
    if not cut:
        return
    hard = [s for s in found if s.kept.hard]
    for among in (found, hard) if any(s.kept.hard for s in cut) else (found,):
        clear = _clear(among, *limits)
        if clear:
            line = "upright" if axis == 0 else "level"
            yield (
                f"item '{item.id}'",
                f"the {line} glue seam {to_mm(at):.1f} mm in cuts {cut[0].kept.what}, though"
                f" {to_mm(min(clear, key=lambda v: abs(v - at))):.1f} mm would miss it",
            )
            return


def _clear(among: list[Span], low: float, high: float) -> list[float]:
    """The places in low .. high in none of the spans, of those where one could be: the
    ends, and where a span begins or ends."""
    inside = counter(among)
    places = {low, high} | {v for s in among for v in (s.low, s.high) if low <= v <= high}
    return [v for v in places if not inside(v)]


def _meets(a: Rect, b: Rect) -> bool:
    """Whether they share more than a hair (an empty rectangle meets nothing)."""
    return (
        min(a[2], a[3], b[2], b[3]) > NEAR
        and a[0] < b[0] + b[2] - NEAR
        and b[0] < a[0] + a[2] - NEAR
        and a[1] < b[1] + b[3] - NEAR
        and b[1] < a[1] + a[3] - NEAR
    )


def _within(a: Rect, b: Rect) -> Rect:
    """The part of `a` inside `b` (none: no width): of what the board draws, what a sheet
    shows; beyond its bleed the sheet shows nothing of it."""
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0)


def _inside(a: Rect, b: Rect) -> bool:
    return (
        a[0] >= b[0] - NEAR
        and a[1] >= b[1] - NEAR
        and a[0] + a[2] <= b[0] + b[2] + NEAR
        and a[1] + a[3] <= b[1] + b[3] + NEAR
    )
