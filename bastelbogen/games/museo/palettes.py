"""Palettes for the paintings, chosen by hand so that any one of them hangs well."""

from __future__ import annotations

import math
import random

from reportlab.lib import colors

from bastelbogen.render.art.wash import Wash

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
]


class Painter(random.Random):
    """A picture's random choices. The same style and seed always give the same picture (a
    string seed hashes the same in every process); the palette follows the seed in turn, so
    pictures of one style whose seeds differ by less than the number of palettes never
    share their colours."""

    def __init__(self, style: str, seed: int):
        super().__init__(f"{style}:{seed}")
        self.number = int(seed)


def rng(style: str, seed: int) -> Painter:
    return Painter(style, seed)


def palette(r: Painter) -> list:
    return [colors.HexColor(h) for h in PALETTES[r.number % len(PALETTES)]]


def varnish(c, rect, r: random.Random) -> None:
    """Old varnish: a faint light or dark wash across the whole picture, at an angle and
    strength of the picture's own. Two paintings never meet in quite the same shade, so
    pieces of different pictures show a step where they do not belong. Told last, to the
    recording of the painting (wash.py), which mixes it into every colour as it draws."""
    angle = r.uniform(0, 2 * math.pi)
    light = r.random() < 0.5
    strength = r.uniform(0.18, 0.32)
    # A light wash at half strength: light lifts dark paint far more than dark dims light
    # paint, and the wash is to stay faint. (Drawn as translucent veils, PDFium showed no
    # light wash at all, poppler the full one: the engines disagreed most on exactly this.)
    c.wash = Wash(
        tuple(rect),
        angle,
        (1.0, 1.0, 1.0) if light else (0.0, 0.0, 0.0),
        strength / 2 if light else strength,
    )
