"""`--export screentop`: the kit as Screentop (screentop.gg) builds a game, from card sheets.

Screentop's building blocks (its community documentation, congruous-beech-d72.notion.site,
Overview; Dice): a Component is a template (a deck's card, a tile, a die, a board) and each
of its Variants one look of it, often one cell of an Asset, a picture holding a grid of
them; an Object is a Variant on the table, so a deck of 52 different cards is 52 variants
of one component, two decks 104 objects. A die is an asset holding a grid of its faces
starting in the upper-left corner, and the die's number of sides: Screentop rolls across
the grid's first cells up to that number. Designers build its card sheets as a grid of the
fronts, the card back after them and blank cells to fill the grid (e.g.
firsttakesomedice.blogspot.com/2021/02/from-spreadsheet-to-screentop-via.html).

So each component of cards or tiles becomes export/screentop/<component>.png: its distinct
fronts row by row from the upper-left, then its distinct backs, then blank (transparent)
cells to fill the last row; a deck of more than CELLS distinct sides spans sheets,
<component>.1.png, .2.png … (numbered to one width, so they sort as they count), each sheet
with the backs of its own fronts. Cells are the trim at --dpi,
made smaller where a sheet would pass SIDE pixels; a hex or a round piece is transparent
outside its outline. A die is <component>.<item>.die.png, its faces 1-6 in 3 × 2 cells; a
board is one picture, <component>.png. export/screentop/screentop.json lists, for every
component, its sheets (file, columns, rows, cell size, what each cell holds) and its
variants: the cell of each front, the cell of the back that goes with it, and how many
objects show it. Stands and standees have no Screentop component: left out and said so."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.kinds.die import settings
from bastelbogen.content.models import Item
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art
from bastelbogen.output import Entry, Job, register
from bastelbogen.output.exported import (
    Face,
    Gathered,
    VirtualTable,
    die_faces,
    die_values,
    fitted,
    piece_pictures,
    save_png,
)

if TYPE_CHECKING:
    from PIL.Image import Image

FOLDER = "export/screentop"
SIDE = 4096  # pixels a side of a sheet at most: what every browser's WebGL draws
COLS = 10  # cells a row at most
CELLS = 70  # distinct sides a sheet at most (fronts and their backs): a bigger deck spans sheets
DIE_COLS, DIE_ROWS = 3, 2
SHEETED = ("card", "tile", "sheet")  # kinds laid out as card sheets
Variant = tuple[Art | None, Art | None]  # a front and the back that goes with it


@register
class Screentop(VirtualTable):
    name = "screentop"
    order = 34
    taken, listed = "Screentop component", "components"

    def made(self, job: Job, one: Gathered, written: list[str]) -> Entry | None:
        kind = kind_of(one.component)
        if kind.rolls:
            return _dice(job, one, written)
        if kind.name in SHEETED:
            return _deck(job, one, written)
        return _board(job, one, written) if kind.name == "board" else None


def _head(job: Job, one: Gathered, kind: str) -> Entry:
    component = one.component
    return {
        "component": component.id,
        "name": component.name.get(job.lang),
        "type": kind,
        "shape": component.shape.kind,
        "size_mm": [round(to_mm(v), 2) for v in one.trim],
    }


def _deck(job: Job, one: Gathered, written: list[str]) -> Entry:
    """A component of cards or tiles: its sheets and its variants."""
    variants: dict[Variant, list[Item]] = {}
    for item, front, back in one.cards:
        variants.setdefault((front, back), []).append(item)
    sheets: list[Entry] = []
    listed: list[Entry] = []
    chunks = _chunks(list(variants))
    for n, chunk in enumerate(chunks, start=1):
        name = numbered(one.component.id, n, len(chunks))
        sheet, cells = _sheet(job, one, chunk, name, written)
        sheets.append(sheet)
        for front, back in chunk:
            items = variants[front, back]
            listed.append(
                {
                    "sheet": sheet["file"],
                    "front": cells.get((front, "front")),
                    "back": cells.get((back, "back")),
                    "count": len(items),
                    "items": list(dict.fromkeys(i.id for i in items)),
                }
            )
    kind = "card" if kind_of(one.component).name == "card" else "tile"  # Screentop's names
    return {**_head(job, one, kind), "sheets": sheets, "variants": listed}


def numbered(stem: str, n: int, of: int) -> str:
    """The n-th of `of` pictures of a component: <stem>.png alone, else <stem>.1.png …
    numbered to one width (.01 … .12), so that the names sort as they count. Ids have no
    dots: no other component's name is one of these."""
    return f"{stem}.png" if of == 1 else f"{stem}.{n:0{len(str(of))}d}.png"


def _chunks(variants: list[Variant]) -> list[list[Variant]]:
    """The variants a sheet each, in order: as many as keep its distinct sides to CELLS."""
    chunks: list[list[Variant]] = [[]]
    sides: set[tuple[Art | None, str]] = set()
    for front, back in variants:
        new = {(front, "front"), (back, "back")} - sides
        if chunks[-1] and len(sides) + len(new) > CELLS:
            chunks.append([])
            sides = set()
        chunks[-1].append((front, back))
        sides |= {(front, "front"), (back, "back")}
    return chunks


def _sheet(
    job: Job, one: Gathered, chunk: list[Variant], name: str, written: list[str]
) -> tuple[Entry, dict[tuple[Art | None, str], int]]:
    """One card sheet: the chunk's fronts, then its backs, then blank cells; and the cell
    (0 upper-left, row by row) of each side."""
    from PIL import Image

    order = [(f, "front") for f, _ in chunk] + [(b, "back") for _, b in chunk]
    sides = [s for s in dict.fromkeys(order) if s[0] is not None]
    arts = [one.faces[art, side] for art, side in sides if art is not None]
    cols = min(COLS, math.ceil(math.sqrt(len(arts))))  # near square: the sheet's sides alike
    rows = math.ceil(len(arts) / cols)
    cell = _cell(one, job.options.dpi, cols, rows)
    sheet = Image.new("RGBA", (cols * cell[0], rows * cell[1]), (0, 0, 0, 0))
    for k, image in enumerate(piece_pictures(job, one, arts, cell)):
        sheet.paste(image.convert("RGBA"), ((k % cols) * cell[0], (k // cols) * cell[1]))
    _save(job, sheet, name, written)
    cells = [_cell_entry(face) for face in arts]
    cells += [{"side": "blank"}] * (cols * rows - len(arts))
    entry = {"file": name, "columns": cols, "rows": rows, "cell_px": list(cell), "cells": cells}
    return entry, {(art, side): k for k, (art, side) in enumerate(sides)}


def _cell_entry(face: Face) -> Entry:
    return {"side": face.side, "items": list(dict.fromkeys(i.id for i in face.items))}


def _cell(one: Gathered, dpi: float, cols: int, rows: int) -> tuple[int, int]:
    """A cell's pixels: the trim at dpi, smaller (same proportions) to keep the sheet in SIDE."""
    w, h = (to_mm(v) / 25.4 * dpi for v in one.trim)
    scale = min(1.0, SIDE / (cols * w), SIDE / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


def _board(job: Job, one: Gathered, written: list[str]) -> Entry:
    """A board: each distinct board one picture, within SIDE pixels."""
    size_mm = (to_mm(one.trim[0]), to_mm(one.trim[1]))
    size = fitted(size_mm, job.options.dpi / 25.4, SIDE)
    arts = list(one.faces.values())
    pictures = []
    for n, (face, image) in enumerate(zip(arts, piece_pictures(job, one, arts, size), strict=True)):
        name = numbered(one.component.id, n + 1, len(arts))
        _save(job, image, name, written)
        items = list(dict.fromkeys(i.id for i in face.items))
        pictures.append({"file": name, "size_px": list(size), "items": items})
    return {**_head(job, one, "board"), "pictures": pictures}


def _dice(job: Job, one: Gathered, written: list[str]) -> Entry:
    """A die component: each distinct die an asset of its six faces, 3 × 2 from the
    upper-left (faces 1 2 3 above 4 5 6), the number of sides 6."""
    from PIL import Image

    component = one.component
    edge_mm = to_mm(settings(component).edge)
    side = min(SIDE // DIE_COLS, round(edge_mm / 25.4 * job.options.dpi))
    drawn: dict[Art, str] = {}
    counts: dict[Art, list[Item]] = {}
    for item, art, _ in one.cards:
        if art is None:
            continue
        counts.setdefault(art, []).append(item)
        if art not in drawn:
            drawn[art] = f"{component.id}.{item.id}.die.png"
            grid = Image.new("RGB", (DIE_COLS * side, DIE_ROWS * side))
            for k, face in enumerate(die_faces(job, one, art, side)):
                grid.paste(face, ((k % DIE_COLS) * side, (k // DIE_COLS) * side))
            _save(job, grid, drawn[art], written)
    dice = [
        {
            "file": drawn[art],
            "values": die_values(job, items[0].data),
            "count": len(items),
            "items": list(dict.fromkeys(i.id for i in items)),
        }
        for art, items in counts.items()
    ]
    return {
        **_head(job, one, "die"),
        "shape": "cube",
        "size_mm": [round(edge_mm, 2)] * 2,  # the cube's edge, not its net's
        "sides": 6,
        "columns": DIE_COLS,
        "rows": DIE_ROWS,
        "cell_px": [side, side],
        "dice": dice,
    }


def _save(job: Job, image: Image, name: str, written: list[str]) -> None:
    path = f"{FOLDER}/{name}"
    save_png(image, job.staging.path(path), job.options.dpi)
    written.append(path)
