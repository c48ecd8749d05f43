"""A box drawn again: the PDF operators a painter wrote for a box, written again where the same
box is drawn again on the same canvas (the panel of every card, the 5 in the corner of every
5), instead of asking reportlab to make them anew. Only the drawing is repeated: a painter's
checks (the preflight's findings, a missing glyph) still run for every item.

What is kept is the operators between a saved and a restored graphics state, so the canvas is
as it was after them; they may name only what the whole document holds (its fonts, whose
subsets have the glyphs from the first time). A drawing that names a resource of the page or
form it was drawn in (a graphics state for transparency, a colour space, a shading, a placed
form or picture: ISO 32000-1, 7.8.3) is not kept: the next page or form would lack it."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager

KEPT = 2048  # drawings kept per canvas: far more than a page's distinct boxes
# Operators that name a resource of the page or form they are drawn in.
_RESOURCES = (" gs", " cs", " CS", " scn", " SCN", " sh", " Do", " BDC")


def _kept(canvas) -> dict:
    found = canvas.__dict__.get("_replayed")
    if found is None:
        found = canvas.__dict__["_replayed"] = {}
    return found


def replayed(canvas, key: Hashable) -> bool:
    """Whether what was drawn under `key` on this canvas was drawn again, now."""
    drawn = _kept(canvas).get(key)
    if drawn is None:
        return False
    canvas._code.extend(drawn)
    return True


@contextmanager
def recorded(canvas, key: Hashable) -> Iterator[None]:
    """Keep what the block draws under `key`, if it can be drawn again as it is."""
    code = canvas._code
    start = len(code)
    yield
    if canvas._code is not code:  # the block ended a form or a page: nothing to keep
        return
    drawn = code[start:]
    if any(name in op for op in drawn for name in _RESOURCES):
        return
    kept = _kept(canvas)
    if len(kept) >= KEPT:
        kept.clear()
    kept[key] = tuple(drawn)
