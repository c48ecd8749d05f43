"""The kit proves itself before it is written: invariants over the finished plan (every file,
page and placement, laid out and with its art resolvable), checked after laying out and
before a byte is written or the kit swapped in.

Each invariant is a small function that yields what breaks it; the first breach stops the
build as a ProofError naming the invariant, the file and the page or item. A breach is a
fault of the program, never of the content: what a user can get wrong is told earlier, as
a ContentError at its place in their files.

    sides      a file the print guide calls double-sided alternates fronts and backs, and
               every back lies behind its own front (a folded back, behind it across the
               fold)
    printable  every piece and crop mark lies inside the printer's margin and, on a sheet
               with registration marks, outside their zones, cut inside their frame
    safe-text  every text box lies inside its piece's safe outline
    once       every item is placed exactly once in each language's set of files (a file
               common to every language counts for each): its front, and its back where
               it has one; a board's sheets cover it once
    whole      a deck kept whole (`whole: true`) lies in its own file alone, none of its
               cards on another file's sheets
    seams      no board's seam cuts what it could miss, no sheet's number is on its picture
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, replace

from bastelbogen.content.expand import items_of
from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Variant
from bastelbogen.content.painters import known
from bastelbogen.core.errors import ProofError
from bastelbogen.core.geometry import (
    Matrix,
    Rect,
    apply,
    bounds,
    grow,
    inverse,
    mirror_x,
    mirror_y,
)
from bastelbogen.core.shapes import Loop, holds, offset, seen_from_behind
from bastelbogen.layout.arts import Arts, Planned
from bastelbogen.layout.cutmarks import inked
from bastelbogen.layout.faces import Art
from bastelbogen.layout.imposition import (
    DOUBLE_SIDED,
    Page,
    Placement,
    PrintSettings,
    printable_area,
    printed_as,
    turned_over,
)
from bastelbogen.layout.kit import LaidOut
from bastelbogen.layout.registration import page_zones
from bastelbogen.layout.safe import width_of
from bastelbogen.layout.seamproof import board_faults

NEAR = 1e-3  # points (1/2800 mm): what the plan's own arithmetic may leave


@dataclass(frozen=True)
class Breach:
    """A kit's invariant broken: in which file, where and what."""

    file: str  # the file's name, e.g. parts.pdf
    where: str  # its page, item, or both
    what: str


@dataclass(frozen=True)
class Kit:
    """What the invariants read: the laid-out files and the build they were laid out for."""

    game: Game
    files: list[LaidOut]
    settings: PrintSettings
    langs: tuple[str, ...]
    variant: Variant | None = None


Invariant = Callable[[Kit], Iterator[Breach]]


def prove(kit: Kit) -> None:
    """Every invariant over the kit; the first breach raises ProofError."""
    for name, invariant in INVARIANTS.items():
        for breach in invariant(kit):
            raise ProofError(name, breach.file, breach.where, breach.what)


def _pdf(laid: LaidOut) -> str:
    return f"{laid.name}.pdf"


def _name(p: Placement) -> str:
    return f"item '{p.item.id}' ({p.side})"


def _plans(laid: LaidOut) -> dict[int, Planned]:
    return {id(item): plan for plan in laid.plans for item in plan.items}


# sides ---------------------------------------------------------------------------------


def sides(kit: Kit) -> Iterator[Breach]:
    """In a double-sided file page 1, 3, … hold fronts and page 2, 4, … the backs of the
    page before (or nothing); with --duplex fold each back is on its front's page, across
    the fold from it; with --duplex none there are no backs."""
    behind = turned_over(kit.settings)
    for laid in kit.files:
        placed = {p.side for page in laid.pages for p in page.placements}
        mode = printed_as(placed, kit.settings.duplex)
        plans = _plans(laid)
        for n, page in enumerate(laid.pages):
            where = f"page {n + 1}"
            if mode in DOUBLE_SIDED:
                yield from _alternates(laid, n, page)
                if n % 2:
                    yield from _backs_behind(laid, laid.pages[n - 1], page, behind, plans, where)
            elif mode != "one-sided" and any(p.side == "back" for p in page.placements):
                if mode != "fold" or not page.folds:
                    yield Breach(_pdf(laid), where, f"a back on a page printed {mode}, unfolded")
                else:
                    yield from _backs_behind(laid, page, page, _across(page), plans, where)


def _alternates(laid: LaidOut, n: int, page: Page) -> Iterator[Breach]:
    want = "back" if n % 2 else "front"
    for p in page.placements:
        if p.side != want:
            yield Breach(
                _pdf(laid),
                f"page {n + 1}, {_name(p)}",
                f"the file is printed double-sided: page {n + 1} is a sheet's {want}",
            )


def _across(page: Page) -> Matrix:
    """Where a point lands when the sheet is folded along its fold line."""
    x1, y1, x2, y2 = page.folds[0]
    return mirror_y(y1) if y1 == y2 else mirror_x(x1)


def _backs_behind(
    laid: LaidOut, front: Page, back: Page, behind: Matrix, plans: dict[int, Planned], where: str
) -> Iterator[Breach]:
    """Each back on `back` lies behind its item's front on `front`: a corner of the piece
    seen through the paper (the piece turned over about its upright axis) lands where that
    corner of the front lands once turned (`behind`)."""
    fronts = {id(p.item): p for p in front.placements if p.side == "front"}
    for p in back.placements:
        if p.side != "back":
            continue
        mine = fronts.get(id(p.item))
        if mine is None:
            yield Breach(_pdf(laid), f"{where}, {_name(p)}", "its front is not on that sheet")
            continue
        w, h = plans[id(p.item)].trim
        for x, y in ((0.0, 0.0), (w, 0.0), (0.0, h)):
            seen = apply(p.matrix, w - x, y)
            want = apply(behind, *apply(mine.matrix, x, y))
            if max(abs(seen[0] - want[0]), abs(seen[1] - want[1])) > NEAR:
                yield Breach(_pdf(laid), f"{where}, {_name(p)}", "it does not lie behind its front")
                break


# printable -----------------------------------------------------------------------------


def printable(kit: Kit) -> Iterator[Breach]:
    """Every piece (its trim and bleed, or the window a board's sheet shows) and every crop
    mark inside the printer's margin; on a sheet carrying registration marks, none in
    their zones (registration.zones) and every cut inside their frame (the machine cuts
    inside it). A duplex back page is drawn moved by --back-offset, which undoes the
    printer's own shift of that side: its margin is moved alike."""
    x, y, w, h = printable_area(replace(kit.settings, registration=False))
    dx, dy = kit.settings.back_offset
    for laid in kit.files:
        plans = _plans(laid)
        for n, page in enumerate(laid.pages):
            keep_out = page_zones(page)
            turned = kit.settings.duplex in DOUBLE_SIDED and any(
                p.side == "back" for p in page.placements
            )
            room = (x + dx, y + dy, w, h) if turned else (x, y, w, h)
            frame = _frame(page)
            for what, rect in _inked(page, plans):
                where = f"page {n + 1}, {what}"
                if not _inside(rect, room):
                    yield Breach(_pdf(laid), where, "it reaches into the printer's margin")
                if any(_overlap(rect, zone) for zone in keep_out):
                    yield Breach(_pdf(laid), where, "it reaches into a registration mark's zone")
            for p in page.placements:
                if not _inside(p.cut or p.trim, frame):
                    where = f"page {n + 1}, {_name(p)}"
                    yield Breach(_pdf(laid), where, "it is cut beyond the registration marks")


def _frame(page: Page) -> Rect:
    """Where a machine cuts on a sheet with registration marks, the paper inside them; the
    whole page on one without."""
    inset = page.registration or 0.0
    return inset, inset, page.size[0] - 2 * inset, page.size[1] - 2 * inset


def _inked(page: Page, plans: dict[int, Planned]) -> Iterator[tuple[str, Rect]]:
    for p in page.placements:
        yield _name(p), p.clip if p.clip is not None else grow(p.trim, plans[id(p.item)].bleed)
    for line in page.marks:
        yield "a crop mark", inked(line)
    if page.overview is not None:
        yield "the assembly plan", page.trim_box
    if page.badge is not None:
        yield "the sheet's number", page.badge


def _inside(rect: Rect, room: Rect) -> bool:
    x, y, w, h = rect
    rx, ry, rw, rh = room
    return x >= rx - NEAR and y >= ry - NEAR and x + w <= rx + rw + NEAR and y + h <= ry + rh + NEAR


def _overlap(a: Rect, b: Rect) -> bool:
    return (
        a[0] < b[0] + b[2] - NEAR
        and b[0] < a[0] + a[2] - NEAR
        and a[1] < b[1] + b[3] - NEAR
        and b[1] < a[1] + a[3] - NEAR
    )


# safe-text -----------------------------------------------------------------------------


def safe_text(kit: Kit) -> Iterator[Breach]:
    """Every text box of every placed side inside its piece's safe outline; the boxes of
    sides whose places are made alike (Arts.place_key) are looked at once."""
    seen: set[Hashable] = set()  # the place keys of the sides looked at
    for laid in kit.files:
        safe: dict[tuple[str, str], SafeOutline] = {}
        for n, page in enumerate(laid.pages):
            for p in page.placements:
                item = p.item
                at = (item.component.id, p.side)
                if at not in safe:
                    safe[at] = SafeOutline(kit.game, item.component, p.side)
                key = laid.arts.place_key(item, p.side)
                if not safe[at].needed or key is None or (Arts.shared(key) and key in seen):
                    continue
                seen.add(key)
                box = _outside(laid.arts.get(item, p.side), safe[at])
                if box is not None:
                    yield Breach(
                        _pdf(laid),
                        f"page {n + 1}, {_name(p)}",
                        f"text box '{box}' leaves the safe outline",
                    )


class SafeOutline:
    """Where a piece's text must stay, side-local: its cut outline shrunk by the safe zone;
    not `needed` where its text need not (a kind without a safe zone). Its width is the
    component's `safe`. The proof's one use of shapes.offset and holds."""

    def __init__(self, game: Game, component: Component, side: str) -> None:
        self.kind, self.component, self.game, self.side = kind_of(component), component, game, side
        width = width_of(component)  # the one safe width
        self.needed = width is not None
        self.width: float = width or 0.0
        self._held: dict[Rect, bool] = {}  # a layout puts its boxes in few places
        self._loops: tuple[Loop, ...] | None = None

    def holds(self, rect: Rect) -> bool:
        if rect not in self._held:
            self._held[rect] = self._holds(rect)
        return self._held[rect]

    def _holds(self, rect: Rect) -> bool:
        if not self.kind.shaped(self.component):  # the trim, shrunk: no shapes needed
            w, h = self.kind.trim(self.component, self.game)
            x, y, bw, bh = rect
            z = self.width - NEAR
            return x >= z and y >= z and x + bw <= w - z and y + bh <= h - z
        if self._loops is None:
            cut = self.kind.outline(self.component, self.game)
            if self.side == "back":
                cut = seen_from_behind(cut, self.kind.trim(self.component, self.game)[0])
            self._loops = offset(cut, -self.width) if self.width else cut
        return holds(self._loops, rect)


def _outside(art: Art | None, safe: SafeOutline) -> str | None:
    """The name of the art's first text box that leaves the safe outline, else None."""
    painters = known()
    for matrix, face in art.layers if art is not None else ():
        for box in face:
            if painters[box.painter].text and not safe.holds(bounds(matrix, box.rect)):
                return box.name
    return None


# once ----------------------------------------------------------------------------------


def once(kit: Kit) -> Iterator[Breach]:
    """In each language's files every planned item has its front placed once, and its back
    once where it is printed with one; a board's sheets cover it once. A component of the
    game with items but in no file is lost whole."""
    for lang in kit.langs:
        files = [laid for laid in kit.files if laid.lang in (None, lang)]
        count: dict[tuple[int, str], int] = {}
        cells: dict[int, list[Rect]] = {}
        for laid in files:
            for page in laid.pages:
                for p in page.placements:
                    if p.clip is not None:
                        cells.setdefault(id(p.item), []).append(bounds(inverse(p.matrix), p.trim))
                    else:
                        count[id(p.item), p.side] = count.get((id(p.item), p.side), 0) + 1
        yield from _each_once(kit, files, count, cells, lang)


def _each_once(
    kit: Kit,
    files: list[LaidOut],
    count: dict[tuple[int, str], int],
    cells: dict[int, list[Rect]],
    lang: str,
) -> Iterator[Breach]:
    backs = kit.settings.duplex != "none"
    planned = {id(plan): (laid, plan) for laid in files for plan in laid.plans}
    for laid, plan in planned.values():
        for item in plan.items:
            where = f"item '{item.id}' of '{plan.component.id}' ({lang})"
            if kind_of(plan.component).placing == "tiled":
                if not _covered(cells.get(id(item), []), plan.trim):
                    yield Breach(_pdf(laid), where, "its sheets do not cover it once")
                continue
            for side, want in (("front", 1), ("back", int(plan.has_back and backs))):
                got = count.get((id(item), side), 0)
                if got != want:
                    yield Breach(_pdf(laid), where, f"its {side} is placed {got} times, not {want}")
    placed = {plan.component.id for _, plan in planned.values()}
    for component in kit.game.components:
        if component.id not in placed and items_of(kit.game, component, kit.variant):
            yield Breach(
                "(no file)", f"component '{component.id}' ({lang})", "it is placed nowhere"
            )


def _covered(rects: list[Rect], trim: tuple[float, float]) -> bool:
    """Whether the rectangles (item-local) tile the item's trim: inside it, none over
    another, together as large as it."""
    w, h = trim
    if not all(_inside(r, (0.0, 0.0, w, h)) for r in rects):
        return False
    if any(_overlap(a, b) for n, a in enumerate(rects) for b in rects[n + 1 :]):
        return False
    return abs(sum(r[2] * r[3] for r in rects) - w * h) <= NEAR * (w + h)


# whole ---------------------------------------------------------------------------------


def whole(kit: Kit) -> Iterator[Breach]:
    """Every item of a component kept whole (`whole: true`, a deck) is in its own file:
    a family that prints that file gets the whole deck, none of it on the parts sheets."""
    for laid in kit.files:
        for n, page in enumerate(laid.pages):
            for p in page.placements:
                component = p.item.component
                if component.whole and laid.stem != component.id:
                    yield Breach(
                        _pdf(laid),
                        f"page {n + 1}, {_name(p)}",
                        f"deck '{component.id}' is kept whole in its own file",
                    )


def seams(kit: Kit) -> Iterator[Breach]:
    """Each board's seams and sheet numbers as a family finds them (seamproof.py)."""
    for fault in board_faults(kit.game, kit.files, kit.settings, kit.langs[0]):
        yield Breach(*fault)


INVARIANTS: dict[str, Invariant] = {
    "sides": sides,
    "printable": printable,
    "safe-text": safe_text,
    "once": once,
    "whole": whole,
    "seams": seams,
}
