"""`--export tabletopia`: every piece of the kit as Tabletopia's Workshop takes it, one
picture per side of each object, uploaded there by hand (Tabletopia has no file to import).

Tabletopia's help (help.tabletopia.com/knowledge-base/how-to-prepare-graphics/): each
component's picture is a file of its own, its front and back in different files (a deck of
52 cards with one back is 53 files), the two sides of a card or tile the same size, and all
components of one type exactly the same size in pixels (else stacks and random elements
fail). Its game creator checklist (tabletopia.com/news/game-creator-checklist, 2.2.2): 10
pixels are 1 mm on the table, a picture at most 4000 × 4000 pixels, the size set otherwise by
a scale slider. So every picture here is its piece's trim at 10 pixels a millimetre (the
piece spawns at its printed size), a piece too large for 4000 pixels made smaller and its
`scale` told (the slider's setting that brings it back to size). A hex or a round piece is
transparent outside its outline: the alpha channel Tabletopia cuts a token's shape by
(help.tabletopia.com/knowledge-base/token/, complex shape).

export/tabletopia/<component>/ holds the pictures: <item>-front.png per distinct front,
back.png for a back all share (else <item>-back.png per distinct back), a board's
<item>-front.png, a die's six faces <item>-1.png … -6.png. export/tabletopia/tabletopia.json
lists each object: its Tabletopia type (card, tile, token, board, dice), size, and for each
distinct front the back that goes with it and how many there are. Stands and standees,
folded from paper, have no Tabletopia object: left out and said so."""

from __future__ import annotations

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

FOLDER = "export/tabletopia"
PER_MM = 10  # Tabletopia's pixels a millimetre at scale 1
MOST = 4000  # its largest picture, pixels a side
DPI = PER_MM * 25.4  # what the pictures say of themselves (pHYs)
# Tabletopia's object for each kind of ours; a round tile is a token (a thick piece of any
# shape); a score sheet lies on the table as a board does.
TYPES = {"card": "card", "tile": "tile", "board": "board", "sheet": "board"}


@register
class Tabletopia(VirtualTable):
    name = "tabletopia"
    order = 33
    taken, listed = "Tabletopia object", "objects"

    def made(self, job: Job, one: Gathered, written: list[str]) -> Entry | None:
        kind = kind_of(one.component)
        if kind.rolls:
            return _dice(job, one, written)
        return _pieces(job, one, written) if kind.name in TYPES else None

    def head(self) -> dict[str, object]:
        return {"format": self.name, "pixels_per_mm": PER_MM}


def object_type(one: Gathered) -> str:
    """The Tabletopia type of a component's objects: see TYPES."""
    kind = kind_of(one.component).name
    if kind == "tile" and one.component.shape.kind == "circle":
        return "token"
    return TYPES[kind]


def _pieces(job: Job, one: Gathered, written: list[str]) -> Entry:
    """A deck, a set of tiles or tokens, or boards: each distinct side a picture, all of
    one size, and which back goes with which front."""
    component = one.component
    size_mm = (to_mm(one.trim[0]), to_mm(one.trim[1]))
    size = fitted(size_mm, PER_MM, MOST)
    arts = list(one.faces.values())
    names = _names(one, arts)
    for face, image in zip(arts, piece_pictures(job, one, arts, size), strict=True):
        _save(job, image, names[face.art, face.side], written)
    pairs: dict[tuple[Art | None, Art | None], list[Item]] = {}
    for item, front, back in one.cards:
        pairs.setdefault((front, back), []).append(item)
    return {
        "component": component.id,
        "name": component.name.get(job.lang),
        "type": object_type(one),
        "shape": component.shape.kind,
        "size_mm": [round(v, 2) for v in size_mm],
        "size_px": list(size),
        "scale": round(size_mm[0] * PER_MM / size[0], 4),  # the slider's setting for size
        "faces": [
            {
                "front": names.get((front, "front")),
                "back": names.get((back, "back")),
                "count": len(items),
                "items": list(dict.fromkeys(i.id for i in items)),
            }
            for (front, back), items in pairs.items()
        ],
    }


def _names(one: Gathered, arts: list[Face]) -> dict[tuple[Art | None, str], str]:
    """Each side's file: <item>-front.png after the first item showing it, back.png for the
    one back of all, <item>-back.png for backs that differ; a second file of a name that
    differs from another in case only (A-front, a-front) takes .2, .3 …"""
    backs = [face for face in arts if face.side == "back"]
    taken: set[str] = set()
    names: dict[tuple[Art | None, str], str] = {}
    for face in arts:
        common = face.side == "back" and len(backs) == 1
        stem = f"{one.component.id}/" + ("back" if common else f"{face.items[0].id}-{face.side}")
        name, n = f"{stem}.png", 1
        while name.lower() in taken:
            n += 1
            name = f"{stem}.{n}.png"  # ids have no dots: no item's own name
        taken.add(name.lower())
        names[face.art, face.side] = name
    return names


def _dice(job: Job, one: Gathered, written: list[str]) -> Entry:
    """A die component: each distinct die's six faces 1-6, square pictures of its edge."""
    component = one.component
    edge_mm = to_mm(settings(component).edge)
    side = fitted((edge_mm, edge_mm), PER_MM, MOST)[0]
    drawn: dict[Art, list[str]] = {}
    counts: dict[Art, list[Item]] = {}
    for item, art, _ in one.cards:
        if art is None:
            continue
        counts.setdefault(art, []).append(item)
        if art not in drawn:
            drawn[art] = [f"{component.id}/{item.id}-{n}.png" for n in range(1, 7)]
            for image, name in zip(die_faces(job, one, art, side), drawn[art], strict=True):
                _save(job, image, name, written)
    return {
        "component": component.id,
        "name": component.name.get(job.lang),
        "type": "dice",
        "sides": 6,
        "size_mm": [round(edge_mm, 2)] * 2,
        "size_px": [side, side],
        "dice": [
            {
                "faces": drawn[art],
                "values": die_values(job, items[0].data),
                "count": len(items),
                "items": list(dict.fromkeys(i.id for i in items)),
            }
            for art, items in counts.items()
        ],
    }


def _save(job: Job, image: Image, name: str, written: list[str]) -> None:
    path = f"{FOLDER}/{name}"
    save_png(image, job.staging.path(path), DPI)
    written.append(path)
