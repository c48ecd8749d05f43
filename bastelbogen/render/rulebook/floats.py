"""Figures, tables and boxes kept whole, placed as a typesetter places them: where one does
not fit the rest of its page, the text after it flows into that rest and the block goes to
the top of the next page (a deferred float), never later, and always in its order.

The rule, in full: a block waits only while what waits fits one page with it, so each
stands on the page of its place in the source or the next. A waiting block is set before
the next heading of its own section's level or higher (## for a block in a ## section or
before the first one, ## or ### for one in a ### subsection) and before a page break: it
never moves into another section. A heading directly before a block waits with it only
where nothing of its section follows the block; else the heading stays with the text
after it, the block on the next page. A heading goes to the next page only where it and
two lines of what follows do not fit (it was kept with the whole of what follows, which
left a page's foot empty before every long paragraph)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bastelbogen.render.rules.typesetting import Flowable, KeepTogether, PageBreak

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.frames import Frame


class Float(KeepTogether):  # type: ignore[misc]  # reportlab ships no types
    """A block kept whole that may float to the next page's top; `level`: the heading
    level of the section it stands in (2 before the first ##), set as the story is made."""

    level = 2
    flushed = False  # set where it must be placed now (at a page's top, before a barrier)


def heading_level(f: Flowable) -> int:
    found = getattr(f, "rulebook_heading", None)
    return int(found[0]) if found else 0


def sectioned(story: list[Flowable]) -> list[Flowable]:
    """The story with each Float told the level of the section it stands in."""
    level = 2
    for f in story:
        if heading_level(f):
            level = max(2, heading_level(f))
        elif isinstance(f, Float):
            f.level = level
    return story


class End(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """The story's end: the floats still waiting are set before it."""

    _ZEROSIZE = True

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return 0.0, 0.0

    def draw(self) -> None:
        pass


def _room(frame: Frame, f: Flowable) -> float:
    """The height left on the frame's page for `f` (its space before dropped at the top)."""
    before = 0.0 if frame._atTop else max(f.getSpaceBefore() - frame._prevASpace, 0)
    return float(frame._y - frame._y1p - before)


def _height(frame: Frame, f: KeepTogether, canv: Canvas) -> float:
    """A kept block's height, its parts' spaces between them included."""
    f.wrapOn(canv, frame._getAvailableWidth(), frame._aH)
    return float(f._H)


def _fits(f: Flowable, frame: Frame, room: float, canv: Canvas) -> bool:
    """All of `f`, or (a paragraph) its first lines as it splits, fit `room`."""
    width = frame._getAvailableWidth()
    if f.wrapOn(canv, width, room)[1] <= room:
        return True
    return bool(getattr(f, "style", None) is not None and f.split(width, room))


def _mark(f: Float, page: int) -> Float:
    """The float noted with its source page on its first part (which the doc reports)."""
    f._content[0].float_source = getattr(f, "source", page)
    return f


class Placer:
    """The deferred floats of one book as it is built (the doc's filterFlowables)."""

    def __init__(self) -> None:
        self.waiting: list[Float] = []
        self.since = 0  # the page the waiting ones stand on in the source
        self.ends: list[int] = []  # pages whose foot is left: for a section's floats, a break
        self.placed: list[tuple[int, int]] = []  # each float: its source page, its page

    def filter(self, flowables: list[Flowable], frame: Frame, page: int, canv: Canvas) -> None:
        """Reorders the front of `flowables` before the doc handles its first."""
        self.canv = canv  # what the blocks are measured with
        if not flowables or flowables[0] is None:
            return
        f = flowables[0]
        if isinstance(f, PageBreak) and not self.waiting:
            self.ends.append(page)
        if self.waiting and (page > self.since and frame._atTop or self._barrier(f)):
            if page == self.since:  # the rest of this page stays empty: its section ends
                self.ends.append(page)
            self._flush(flowables)
        elif isinstance(f, Float) and not f.flushed:
            self._float(flowables, frame, page)
        elif heading_level(f) and f.getKeepWithNext():
            self._heading(flowables, frame, page)
        if isinstance(flowables[0], Float):
            _mark(flowables[0], page)

    def _barrier(self, f: Flowable) -> bool:
        if isinstance(f, PageBreak | End):
            return True
        return 0 < heading_level(f) <= min(w.level for w in self.waiting)

    def _flush(self, flowables: list[Flowable]) -> None:
        for w in self.waiting:
            w.flushed = True
        flowables[0:0] = self.waiting
        self.waiting = []

    def _defer(self, f: Float, frame: Frame, page: int) -> bool:
        """`f` waits for the next page if it fits there with those waiting before it."""
        total = sum(_height(frame, w, self.canv) for w in [*self.waiting, f])
        if total > frame._aH:
            return False
        if not self.waiting:
            self.since = page
        f.source = page
        self.waiting.append(f)
        return True

    def _float(self, flowables: list[Flowable], frame: Frame, page: int) -> None:
        f = flowables[0]
        if not self.waiting and _height(frame, f, self.canv) <= _room(frame, f):
            return  # it fits here
        if self._defer(f, frame, page):
            flowables[0] = None  # the doc skips it: it waits
        elif self.waiting:  # no room on the next page for it too: those waiting set now
            self._flush(flowables)

    def _heading(self, flowables: list[Flowable], frame: Frame, page: int) -> None:
        """A heading run (## then ###) and what follows it: see the module's rule."""
        n = 0
        while n < len(flowables) and heading_level(flowables[n]) and flowables[n].getKeepWithNext():
            n += 1
        nxt = flowables[n] if n < len(flowables) else None
        if isinstance(nxt, Float):
            nxt = self._heading_float(flowables, n, frame, page)
        if nxt is not None and self._stays(flowables[:n], nxt, frame):
            for h in flowables[:n]:  # the heading stays here with the first lines after it
                h.__dict__["keepWithNext"] = 0

    def _heading_float(
        self, flowables: list[Flowable], n: int, frame: Frame, page: int
    ) -> Flowable | None:
        """A heading run before a block: the block waits and the text after it is what
        the heading stays with (returned), or the heading goes with its block (None)."""
        run, block, rest = flowables[:n], flowables[n], flowables[n + 1 : n + 2]
        joined = _mark(Float([*run, *block._content]), page)
        joined.flushed, joined.level = True, block.level
        here = not self.waiting and _height(frame, joined, self.canv) <= _room(frame, joined)
        text = rest and not isinstance(rest[0], Float) and not _ends(rest[0], run)
        if here or not text or not self._stays(run, rest[0], frame):
            deferred = False
        else:
            deferred = self._defer(block, frame, page)
        if deferred:
            del flowables[n]
            return rest[0]
        if self.waiting:  # those waiting first, in their order
            self._flush(flowables)
        else:  # the heading with its block, here or overleaf
            flowables[: n + 1] = [joined]
        return None

    def _stays(self, run: list[Flowable], nxt: Flowable, frame: Frame) -> bool:
        """The heading run and the first lines of `nxt` (all of it, if not a paragraph)
        fit the rest of the page."""
        room = _room(frame, run[0])
        width = frame._getAvailableWidth()
        for n, h in enumerate(run):
            room -= (
                h.wrapOn(self.canv, width, room)[1]
                + (h.getSpaceBefore() if n else 0)
                + h.getSpaceAfter()
            )
        room -= nxt.getSpaceBefore()
        return room > 0 and _fits(nxt, frame, room, self.canv)

    def done(self, flowable: Flowable, page: int) -> None:
        """A float placed: its source page and its page noted (the book's records)."""
        source = getattr(flowable, "float_source", 0)
        if source:
            self.placed.append((source, page))


def _ends(f: Flowable, run: list[Flowable]) -> bool:
    """`f` is a heading that ends the section of the heading run (its level or higher)."""
    level = heading_level(f)
    return isinstance(f, PageBreak | End) or 0 < level <= max(heading_level(h) for h in run)
