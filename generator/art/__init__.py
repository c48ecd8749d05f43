"""Procedural motifs: vector art drawn from a few parameters, the same every time."""

from __future__ import annotations

from ..errors import ContentError, Problem
from . import emblems, figures

MOTIFS = {
    "coin": emblems.coin,
    "lattice": emblems.lattice,
    "medallion": emblems.medallion,
    "baron": figures.baron,
}


def paint_art(c, box, ctx) -> None:
    name = box.get("motif")
    if name not in MOTIFS:
        raise ContentError(Problem(box.loc, f"unknown motif '{name}'; known motifs:"
                                   f" {', '.join(sorted(MOTIFS))}"))
    c.saveState()
    clip = c.beginPath()  # a motif may draw generously; only its box shows
    clip.rect(*box.rect)
    c.clipPath(clip, stroke=0, fill=0)
    MOTIFS[name](c, box.rect, box, ctx)
    c.restoreState()
