"""What on a board no glue seam should cut, read from the board as written and as its face
is laid out for the item: the `keep-whole` areas, those its motifs say they draw, and
every box of its face (a `cells` box cell by cell). Which of the boxes a seam keeps off
(the small ones: squares, labels, cells) the tiling decides (seams.py), knowing the sheet.
"""

from __future__ import annotations

from collections.abc import Callable

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Item
from bastelbogen.content.painters import MOTIFS, PAINTERS
from bastelbogen.core.errors import ContentError, of_piece
from bastelbogen.core.geometry import bounds
from bastelbogen.core.units import mm
from bastelbogen.layout.layouts import Box, Layouts
from bastelbogen.layout.pieces import art_of
from bastelbogen.layout.seams import Kept

Keeps = Callable[[Item], tuple[Kept, ...]]


def keeps(
    game: Game, component: Component, layouts: Layouts, options: dict[str, object], bleed: float
) -> Keeps:
    """For each item of a tiled component, what its seams should not cut, item-local with
    y up; its face laid out with `options` (the first language's: a board's boxes lie
    alike in every language, its sheets are cut alike) and `bleed`."""
    written = _written(component)

    def of(item: Item) -> tuple[Kept, ...]:
        trim = kind_of(component).trim(component, game)
        try:
            art = art_of(game, item, "front", layouts, options, bleed, trim)
        except ContentError as exc:  # a box's expression failing: told at its place
            raise of_piece(exc, item) from None
        boxes = [] if art is None else [(m, box) for m, face in art.layers for box in face]
        found = list(written)
        for matrix, box in boxes:
            found += _of_box(game, box, bounds(matrix, box.rect), trim)
        return tuple(found)

    return of


def _written(component: Component) -> tuple[Kept, ...]:
    """The areas its kind was given to keep whole (a board's `keep-whole`)."""
    return tuple(
        Kept(rect, f"keep-whole area {n}", component.loc, hard=True)
        for n, rect in enumerate(kind_of(component).keep_whole(component), start=1)
    )


def _of_box(
    game: Game, box: Box, rect: tuple[float, float, float, float], trim: tuple[float, float]
) -> list[Kept]:
    """What one box of the face keeps: a motif's told areas (hard) for an `art` box, whose
    own rectangle is a picture drawn on across any seam; a grid's cells; any other box."""
    if box.painter == "art":
        name = box.get("motif")
        found = MOTIFS.get(name) if isinstance(name, str) else None
        if found is None or found.keeps is None:
            return []
        w, h = trim
        told = found.keeps(w / mm(1), h / mm(1), game.tables)
        what = f"an area motif '{name}' keeps"
        return [
            Kept((mm(x), h - mm(y + bh), mm(bw), mm(bh)), what, box.loc, hard=True)
            for x, y, bw, bh in told
        ]
    what = f"box '{box.name}'"
    if box.painter == "cells":
        cols, rows = box.get("cols"), box.get("rows")
        if isinstance(cols, int) and isinstance(rows, int):
            return [Kept(rect, f"a cell of {what}", box.loc, grid=(cols, rows))]
    return [Kept(rect, what, box.loc, text=PAINTERS[box.painter].text)]
