"""Palettes for the paintings, chosen by hand so that any one of them hangs well."""

from __future__ import annotations

import math
import random

from reportlab.lib import colors

from .draw import BLEED_ROOM

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
    pieces of different pictures show a step where they do not belong."""
    x, y, w, h = rect
    angle = r.uniform(0, 2 * math.pi)
    dx, dy = math.cos(angle), math.sin(angle)
    tone = colors.white if r.random() < 0.5 else colors.black
    strength = r.uniform(0.18, 0.32)
    bands = 48
    reach = abs(dx) * w + abs(dy) * h
    c.saveState()
    c.translate(x + w / 2, y + h / 2)
    c.rotate(math.degrees(angle))
    # Thin veils stacked from each step to the far side: the wash deepens smoothly, and no
    # two veils meet edge to edge, so no seam shows between them.
    c.setFillColor(colors.Color(tone.red, tone.green, tone.blue, alpha=strength / bands * 1.1))
    for k in range(1, bands):
        start = -reach / 2 + reach * k / bands
        c.rect(start, -reach, reach / 2 + BLEED_ROOM - start, 2 * reach, stroke=0, fill=1)
    c.restoreState()
