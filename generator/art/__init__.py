"""Procedural motifs: vector art drawn from a few parameters, the same every time."""

from __future__ import annotations

from ..errors import ContentError, Problem
from . import emblems, figures

MOTIFS = {
    "coin": emblems.coin,
    "lattice": emblems.lattice,
    "medallion": emblems.medallion,
    "baron": figures.baron,
    "hourglass": emblems.hourglass,
}


def paint_art(c, box, ctx) -> None:
    name = box.get("motif")
    if name not in MOTIFS:
        raise ContentError(Problem(box.loc, f"unknown motif '{name}'; known motifs:"
                                   f" {', '.join(sorted(MOTIFS))}"))
    c.saveState()
    MOTIFS[name](c, box.rect, box, ctx)
    c.restoreState()
