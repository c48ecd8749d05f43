"""Where a board's glue seams may fall: what on the board a seam must not cut, and the place
of each seam along one side of the board.

What a seam must not cut (`Kept`): the areas the designer keeps whole (`keep-whole`) and
those a board's motif says it draws are hard, a seam keeps CLEAR of them; the board's own
small boxes are soft: a track's squares and their numbers, a label, each cell of a `cells`
grid. A seam may run along a soft box's edge (a grid's line), never through it. A box
counts when neither side (a grid's cell's) is longer than SMALL of the sheet's shorter
side, a text box (a title) when it fits on a sheet: a ground or a picture spanning the
board is cut wherever a seam goes, and drawn on across it.

Each seam is placed on its own, left to right (top to bottom): of the places the sheets
allow it, the one nearest the even split that cuts nothing; failing that, the one that
cuts the fewest hard areas, then the fewest soft boxes (a title it cannot miss, but not
the squares beside it), then lies nearest the even split. What it still cuts is handed
back (`Cut`), to be told.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from bastelbogen.core.errors import Loc
from bastelbogen.core.geometry import Matrix, Rect, apply
from bastelbogen.core.units import mm

CLEAR = mm(2)  # a seam keeps this far from a hard area: a cut a hair off still misses
EDGE = mm(0.25)  # a seam this near a box's edge runs along its outline, not through it
SMALL = 0.5  # a box longer than this share of the sheet's shorter side is no board space
NEAR = 1e-6  # points: what the arithmetic of the sheets' limits may leave


@dataclass(frozen=True)
class Kept:
    """Something on the board no seam should cut: its rectangle (board-local points, y up;
    laid, y down from the top), what a message calls it and where it is written."""

    rect: Rect
    what: str
    loc: Loc
    hard: bool = False  # kept whole as written or drawn: given up for no soft box
    grid: tuple[int, int] = (1, 1)  # a `cells` box: its columns and rows, each cell kept
    text: bool = False  # words: kept whole up to a sheet's size

    def counts(self, sheet: float) -> bool:
        """Whether a seam keeps off it, on sheets whose shorter side holds `sheet`: hard,
        or a space (a grid's cell) small beside the sheet, or words that fit on it."""
        _, _, w, h = self.rect
        longest = max(w / self.grid[0], h / self.grid[1])
        return self.hard or longest <= (1.0 if self.text else SMALL) * sheet

    def laid(self, turn: Matrix, height: float) -> Kept:
        """As on the board laid on the sheets (turned by `turn`), y counted down from its
        top as the rows are; a turned grid's columns are its rows."""
        x, y, w, h = self.rect
        corners = [apply(turn, x + a, y + b) for a in (0, w) for b in (0, h)]
        left, right = min(p[0] for p in corners), max(p[0] for p in corners)
        low, high = min(p[1] for p in corners), max(p[1] for p in corners)
        turned = abs(turn[0]) < 0.5  # a quarter turn: across is down
        grid = (self.grid[1], self.grid[0]) if turned else self.grid
        return replace(self, rect=(left, height - high, right - left, high - low), grid=grid)


@dataclass(frozen=True)
class Span:
    """An open stretch along one side that a seam must not lie in, and what it keeps."""

    low: float
    high: float
    kept: Kept

    def cuts(self, at: float) -> bool:
        """Whether a seam at `at` runs through what it keeps: within a hard area itself,
        not only within the CLEAR kept beside it (a seam there misses it, if narrowly)."""
        margin = CLEAR if self.kept.hard else 0.0
        return self.low + margin < at < self.high - margin


@dataclass(frozen=True)
class Cut:
    """A seam that could not miss everything: which (1: the first inner edge), where along
    its side, and what it cuts."""

    seam: int
    at: float
    kept: tuple[Kept, ...]


def spans(kept: Iterable[Kept], axis: int, sheet: float) -> list[Span]:
    """The stretches along the laid board's `axis` (0 across, 1 down) that seams crossing
    it must not lie in: a hard area's grown by CLEAR, a soft box's (each cell's) interior."""
    found = []
    for k in kept:
        if not k.counts(sheet):
            continue
        start, length = (k.rect[0], k.rect[2]) if axis == 0 else (k.rect[1], k.rect[3])
        if k.hard:
            found.append(Span(start - CLEAR, start + length + CLEAR, k))
            continue
        step = length / k.grid[axis]
        for i in range(k.grid[axis]):
            low, high = start + i * step + EDGE, start + (i + 1) * step - EDGE
            if low < high:
                found.append(Span(low, high, k))
    return found


def place(
    length: float, caps: Sequence[float], found: Sequence[Span]
) -> tuple[tuple[float, ...], tuple[Cut, ...]]:
    """The cells' edges along one side (0 .. length), each cell no longer than its cap,
    and the seams that still cut something."""
    cells = len(caps)
    edges = [length * k / cells for k in range(cells + 1)]
    hard, soft = counter([s for s in found if s.kept.hard]), counter(found)
    cuts = []
    for k in range(1, cells):
        low = max(edges[k - 1], length - sum(caps[k:])) + NEAR
        high = min(edges[k - 1] + caps[k - 1], length) - NEAR
        # The even split, or the nearest place to it the sheets allow (the cells at the
        # board's edges hold less: they carry the bleed).
        wanted = min(max(length * k / cells, low), high)
        at = nearest(wanted, low, high, found)
        if at is None:  # of the span ends in reach (where what it cuts changes), the best
            places = {low, high, wanted} | {v for s in found for v in (s.low, s.high)}
            at = min(
                [v for v in places if low <= v <= high] or [wanted],  # or no room at all
                key=lambda v: (hard(v), soft(v), abs(v - wanted)),
            )
        edges[k] = at
        crossed = tuple(dict.fromkeys(s.kept for s in found if s.cuts(edges[k])))
        if crossed:
            cuts.append(Cut(k, edges[k], crossed))
    return tuple(edges), tuple(cuts)


def nearest(wanted: float, low: float, high: float, found: Sequence[Span]) -> float | None:
    """The place in low .. high nearest `wanted` inside no span, kept up to CLEAR off the
    soft spans beside the free stretch it lies in (a hard one has its CLEAR; in the middle
    of a narrower stretch: between two squares); None if every place lies in a span."""
    free = list(_free(low, high, found))
    if not free:
        return None

    def away(stretch: tuple[float, float, bool, bool]) -> float:
        p, q, _, _ = stretch
        return 0.0 if p <= wanted <= q else min(abs(p - wanted), abs(q - wanted))

    # Of two as near, the later: the earlier cell holds more (it has no bleed to carry).
    p, q, after, before = min(free, key=lambda stretch: (round(away(stretch), 6), -stretch[0]))
    c = min(CLEAR + EDGE, (q - p) / (1 + (after and before)))  # CLEAR off the outline
    return min(max(wanted, p + c * after), q - c * before)


def _free(
    low: float, high: float, found: Sequence[Span]
) -> Iterator[tuple[float, float, bool, bool]]:
    """The closed stretches of low .. high that lie in no (open) span, each with whether a
    soft span ends where it begins and begins where it ends (else a hard one, or the
    sheets' limit, is there)."""
    at, after = low, False
    for s in sorted(found, key=lambda s: s.low):
        if s.low >= at and at <= high:
            yield at, min(s.low, high), after, s.low <= high and not s.kept.hard
        if s.high > at:
            at, after = s.high, not s.kept.hard
    if at <= high:
        yield at, high, after, False


def counter(found: Sequence[Span]) -> Callable[[float], int]:
    """How many of the spans a place lies in: those begun before it less those ended at
    or before it, each found by halving (a grid of many cells is many spans)."""
    lows, highs = sorted(s.low for s in found), sorted(s.high for s in found)
    return lambda at: bisect_left(lows, at) - bisect_right(highs, at)
