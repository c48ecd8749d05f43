"""Palettes for the paintings, chosen by hand so that any one of them hangs well."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.core.params import read_colour
from bastelbogen.render.art.wash import Painted, Wash
from bastelbogen.render.style import shade, tint

if TYPE_CHECKING:
    from bastelbogen.core.geometry import Rect
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.style import Canvas


PALETTES = [
    ("#1d3557", "#457b9d", "#a8dadc", "#f1faee", "#e63946"),  # harbour
    ("#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"),  # desert road
    ("#0b132b", "#1c2541", "#3a506b", "#5bc0be", "#f0e6d3"),  # night blue
    ("#3d2c8d", "#916bbf", "#c996cc", "#f9e2ae", "#1c0c5b"),  # violet hour
    ("#f72585", "#7209b7", "#3a0ca3", "#4361ee", "#4cc9f0"),  # neon
    ("#606c38", "#283618", "#fefae0", "#dda15e", "#bc6c25"),  # olive grove
    ("#d62828", "#f77f00", "#fcbf49", "#eae2b7", "#003049"),  # poster
    ("#2b2d42", "#8d99ae", "#edf2f4", "#ef233c", "#d90429"),  # steel and red
    ("#582f0e", "#7f4f24", "#936639", "#a68a64", "#e6ccb2"),  # umber
    ("#05668d", "#028090", "#00a896", "#02c39a", "#f0f3bd"),  # lagoon
    ("#ffbe0b", "#fb5607", "#ff006e", "#8338ec", "#3a86ff"),  # carnival
    ("#353535", "#3c6e71", "#ffffff", "#d9d9d9", "#284b63"),  # slate
    ("#0d1b2a", "#1b263b", "#415a77", "#778da9", "#e0e1dd"),  # dusk
    ("#6b2d1a", "#a0522d", "#d2691e", "#f4a460", "#fff0d4"),  # terracotta
    ("#e8f5e9", "#a5d6a7", "#66bb6a", "#2e7d32", "#1b5e20"),  # meadow
    ("#ffe5ec", "#ffc2d1", "#ffb3c6", "#ff8fab", "#fb6f92"),  # rose
    ("#1b4332", "#2d6a4f", "#40916c", "#95d5b2", "#d8f3dc"),  # forest
    ("#ffcdb2", "#ffb4a2", "#e5989b", "#b5838d", "#6d6875"),  # dusty pink
    ("#1a1a1a", "#3d3d3d", "#c89f3c", "#e8d49a", "#f7f1e1"),  # ochre and black
    ("#004e64", "#00a5cf", "#9fffcb", "#25a18e", "#ff7f50"),  # teal and coral
    ("#2d0320", "#5c0a3e", "#9e2a6b", "#e0719e", "#f9c5d1"),  # plum
    ("#fff75e", "#ffe74c", "#ffd43b", "#f9a825", "#5c4d00"),  # lemon
    ("#caf0f8", "#90e0ef", "#48cae4", "#0096c7", "#023e8a"),  # ice
    ("#3c1518", "#69140e", "#a44200", "#d58936", "#f2f3ae"),  # brick
    ("#f2e9e4", "#c9ada7", "#9a8c98", "#4a4e69", "#22223b"),  # lavender
    ("#8ecae6", "#219ebc", "#023047", "#ffb703", "#fb8500"),  # sky and amber
    ("#590d22", "#800f2f", "#a4133c", "#ff4d6d", "#ffccd5"),  # cherry
    ("#dad7cd", "#a3b18a", "#588157", "#3a5a40", "#344e41"),  # sage
    ("#2f1b10", "#7c3f1d", "#b87333", "#e3a869", "#fbe3c5"),  # copper
    ("#03071e", "#370617", "#6a040f", "#dc2f02", "#ffba08"),  # ember
]


# A painting's key: its whole palette darkened, as it is, or lightened. The two or three
# pictures of a style take different keys, so that they differ in lightness and not in hue
# alone: with red-green colour blindness hues collapse, and lightness is what is left.
KEYS = {"dark": (shade, 0.4), "mid": (None, 0.0), "light": (tint, 0.45)}


class Painter(random.Random):
    """A picture's random choices. The same style and seed always give the same picture (a
    string seed hashes the same in every process). The palette is the seed's remainder by
    the number of palettes (30, one for each shipped picture): pictures.yaml gives each its
    own, so no two paintings share their colours, and a painting is told by its palette as
    much as by its style. The key (dark, mid or light) is the seed's thirtieths by three:
    seed = 30 x (3 x n + key) + palette, key 0 dark, 1 mid, 2 light."""

    def __init__(self, style: str, seed: int, colour: colors.Color | None = None) -> None:
        super().__init__(f"{style}:{seed}")
        self.number = int(seed)
        self.colour = colour  # the box's own colour: the palette is built from it


def rng(style: str, box: Box) -> Painter:
    """The random choices of a painting's box: its style, its seed and its colour."""
    k = Painted(box)
    return Painter(style, k.seed, read_colour(k.colour) if k.colour else None)


def palette(r: Painter) -> list[colors.Color]:
    """The seed's palette; with a colour given, five colours made from it (itself, lighter
    and darker), in the same kind of order the hand-made ones have."""
    if r.colour is not None:
        c = r.colour
        return [c, tint(c, 0.45), shade(c, 0.45), tint(c, 0.8), shade(c, 0.7)]
    hand_made = [colors.HexColor(h) for h in PALETTES[r.number % len(PALETTES)]]
    move, amount = KEYS[key(r)]
    return [move(c, amount) for c in hand_made] if move else hand_made


def key(r: Painter) -> str:
    """The painting's key, from its seed (see Painter)."""
    return tuple(KEYS)[r.number // len(PALETTES) % len(KEYS)]


def by_light(p: list[colors.Color]) -> list[colors.Color]:
    """A palette from its darkest colour to its lightest (by luminance)."""
    return sorted(p, key=lambda c: 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue)


def varnish(c: Canvas, rect: Rect, r: random.Random) -> None:
    """Old varnish: a faint light or dark wash across the whole picture, at an angle and
    strength of the picture's own. Two paintings never meet in quite the same shade, so
    pieces of different pictures show a step where they do not belong. Told last, to the
    recording of the painting (wash.py), which mixes it into every colour as it draws."""
    angle = r.uniform(0, 2 * math.pi)
    light = r.random() < 0.5
    strength = r.uniform(0.09, 0.16)
    # A light wash at half strength: light lifts dark paint far more than dark dims light
    # paint, and the wash is to stay faint. (Drawn as translucent veils, PDFium showed no
    # light wash at all, poppler the full one: the engines disagreed most on exactly this.)
    c.wash = Wash(
        rect,
        angle,
        (1.0, 1.0, 1.0) if light else (0.0, 0.0, 0.0),
        strength / 2 if light else strength,
    )
