"""What text stands on, for the contrast check (preflight.py): the colour painted last at
each point under its lettering by the boxes drawn before it, or the paper; a picture or a
motif is a ground whose colours are not known here, so it is not judged."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from bastelbogen.checks.colours import contrast
from bastelbogen.content.painters import PAINTERS
from bastelbogen.core.params import COLOUR, read_colour

if TYPE_CHECKING:
    from bastelbogen.checks.preflight import LaidBox

RGB = tuple[float, float, float]
Corners = tuple[float, float, float, float]  # x0, y0, x1, y1, face points
PAPER = (1.0, 1.0, 1.0)  # under every box: the sheet
GRID = 5  # sample points across the lettering (and 3 down) where the ground is looked up


@lru_cache(maxsize=1024)
def rgb_of(value: object) -> RGB | None:
    """A box's colour value as (r, g, b), or None when it names no paint."""
    try:
        text = COLOUR(value) if value is not None else None
    except ValueError:
        return None
    found = read_colour(text) if text is not None else None
    if found is None or found.alpha == 0:
        return None
    return (found.red, found.green, found.blue)


def hex_of(rgb: RGB) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)


# What a box contributes to the ground text stands on: its name, rectangle, whether it is
# an ellipse, and its fill (None: a picture or motif, whose colours are not known here).
Ground = tuple[str, tuple[float, float, float, float], bool, RGB | None]


@lru_cache(maxsize=1024)
def grounds(beneath: tuple[LaidBox, ...]) -> tuple[Ground, ...]:
    """The boxes of `beneath` that paint an area, as plain values: the contrast of a colour
    over them is worked out once for every text set on the same grounds (a deck's cards
    share their panels), not once per card."""
    out: list[Ground] = []
    shape = PAINTERS["shape"].keys  # its keys as render/shapes.py declares them
    for box in beneath:
        if not PAINTERS[box.painter].fills(box):
            continue
        ellipse = shape["shape"].of(box) == "ellipse"
        if box.painter != "shape":
            out.append((box.name, box.rect, ellipse, None))
        elif shape["shape"].of(box) != "line":  # a rule paints no area, whatever its `fill`
            fill = rgb_of(shape["fill"].of(box))
            if fill is not None:
                out.append((box.name, box.rect, ellipse, fill))
    return tuple(out)


def _covers(ground: Ground, x: float, y: float) -> bool:
    _, (bx, by, bw, bh), ellipse, _ = ground
    if ellipse:
        rx, ry = bw / 2, bh / 2
        return ((x - bx - rx) / rx) ** 2 + ((y - by - ry) / ry) ** 2 <= 1
    return bx <= x <= bx + bw and by <= y <= by + bh


def ground_at(laid: tuple[Ground, ...], x: float, y: float) -> tuple[RGB, str] | None:
    """The colour painted last at (x, y) by the grounds `laid` and what painted it: a
    shape's fill, or the paper; None when it is a picture or motif."""
    for ground in reversed(laid):
        if _covers(ground, x, y):
            name, _, _, fill = ground
            return None if fill is None else (fill, f"box '{name}' ({hex_of(fill)})")
    return PAPER, "the paper"


@lru_cache(maxsize=2048)
def worst_contrast(
    rgb: RGB, lettering: Corners, beneath: tuple[LaidBox, ...]
) -> tuple[float, str] | None:
    """The least contrast of the colour `rgb` against the grounds under the rectangle
    `lettering` (sampled on a grid), and what that ground is; None when none is known."""
    return _worst(rgb, lettering, grounds(beneath))


@lru_cache(maxsize=2048)
def _worst(rgb: RGB, lettering: Corners, laid: tuple[Ground, ...]) -> tuple[float, str] | None:
    x0, y0, x1, y1 = lettering
    worst: tuple[float, str] | None = None
    for i in range(GRID):
        for j in range(3):
            x = x0 + (x1 - x0) * (i + 0.5) / GRID
            y = y0 + (y1 - y0) * (j + 0.5) / 3
            found = ground_at(laid, x, y)
            if found is None:
                continue
            ratio = contrast(rgb, found[0])
            if worst is None or ratio < worst[0]:
                worst = (ratio, found[1])
    return worst
