"""A painter: a filled disc in the box's colour."""

from bastelbogen.content.painters import painter
from bastelbogen.core.params import COLOUR


@painter("arch-stamp", "a filled disc", {"colour": COLOUR})
def paint_stamp(c, box, ctx) -> None:
    x, y, w, h = box.rect
    c.setFillColor(ctx.ink(box, "colour", "#cc0000"))
    c.circle(x + w / 2, y + h / 2, min(w, h) / 2, stroke=0, fill=1)
