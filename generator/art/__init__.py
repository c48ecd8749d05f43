"""Procedural motifs: vector art drawn from a few parameters, the same every time. Each
module registers its motifs with painters.motif; the `art` painter (render/motifs.py)
draws them."""

from . import (  # noqa: F401 - each registers its motifs
    abstract,
    animals,
    buildings,
    critters,
    diagrams,
    emblems,
    figures,
    icons,
    minipilo,
    museum,
    scenes,
    town,
)
