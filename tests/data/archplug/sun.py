"""A motif: a sun, a yellow disc filling its box."""

from bastelbogen.content.painters import Key, motif
from bastelbogen.core.params import COLOUR


@motif("arch-sun", {"colour": Key(COLOUR, "#ffcc00")})
def sun(c, rect, box, ctx) -> None:
    x, y, w, h = rect
    c.setFillColor(ctx.ink(box, "colour"))
    c.rect(x, y, w, h, stroke=0, fill=1)
