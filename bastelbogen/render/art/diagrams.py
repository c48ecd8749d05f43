"""Assembly sketches drawn from the same plans as the parts themselves."""

from __future__ import annotations

import math

from reportlab.lib import colors

from bastelbogen.content.kinds.stand import LEAN
from bastelbogen.content.painters import Key, motif
from bastelbogen.core.params import COLOUR, typed
from bastelbogen.render.art.draw import poly


def _panels(value):
    """A stand's panels as its kind gives them: (name, from mm, to mm) for each."""
    if not isinstance(value, tuple) or not all(isinstance(p, tuple) for p in value):
        raise ValueError("must be a stand's panels, as the stand kind gives them")
    return value


@motif(
    "stand-profile",
    {
        "panels": Key(typed(_panels, "a stand's panels (the `stand` kind gives them)")),
        "colour": Key(COLOUR, "#d55e00"),
    },
    required=("panels",),
    sample={"panels": (("base", 0, 30), ("rest", 30, 55), ("ledge", 55, 63), ("lip", 63, 67))},
)
def stand_profile(c, rect, box, ctx) -> None:
    """The folded stand seen from its end, with a tile leaning in place."""
    depth = {name: y1 - y0 for name, y0, y1 in box.get("panels")}
    base, rest, ledge, lip = depth["base"], depth["rest"], depth["ledge"], depth["lip"]
    top = (rest * math.cos(LEAN), rest * math.sin(LEAN))  # from the front corner, backward
    tile_h = rest / 0.55
    width = base + ledge + tile_h * 0.3
    height = max(top[1], tile_h * math.sin(LEAN))
    x, y, w, h = rect
    k = min(w / width, h / height) * 0.95
    ox = x + (w - width * k) / 2 + ledge * k  # the front corner
    oy = y + (h - height * k) / 2

    def at(px, py):
        return ox + px * k, oy + py * k

    ink = colors.HexColor("#555555")
    poly(c, [at(0, 0), at(base, 0), at(top[0], top[1])], colors.HexColor("#dcd6c8"), ink, 0.6)
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    c.line(*at(0, 0), *at(-ledge, 0))
    c.line(*at(-ledge, 0), *at(-ledge, lip))
    # A tile on the ledge, leaning on the rest.
    lean = LEAN
    foot = (-ledge * 0.55, 0)
    head = (foot[0] + tile_h * math.cos(lean), foot[1] + tile_h * math.sin(lean))
    c.setStrokeColor(ctx.ink(box, "colour"))  # the tile
    c.setLineWidth(1.6)
    c.line(*at(*foot), *at(*head))
