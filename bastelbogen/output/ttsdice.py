"""Dice for `--export tts`: each die (kind: die, a six-sided cube) becomes a Tabletop
Simulator `Custom_Dice` of type 1 (6-sided; api.tabletopsimulator.com/custom-game-objects,
Custom Dice `type`: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20) showing a template picture in
TTS's d6 layout, export/tts/<component>.<die>.die.png.

The d6 template is a square of 3 × 3 cells: the top row unused, the middle row faces 2 4 5,
the bottom row 1 3 6 with the 1 and the 6 upside down, each face about 73 % of its cell and
centred (the layout of TTS's own template as public TTS exporters fill it, e.g.
github.com/ErikRoelofs/prototypical, drawer/diceDrawer.py). `RotationValues` tell TTS which
value lies up at which rotation, so a roll reads the die's own faces. Our dice are all
six-sided (kinds/die.py); a die's face n is the square of its net where the pips n lie, so a
die whose layout paints the whole net shows its pips, one with faces of its own its faces.
TTS's die size at scale 1 is not documented: dice spawn at scale 1."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from bastelbogen.content.kinds.die import faces_of, net, settings
from bastelbogen.content.models import Item
from bastelbogen.layout.faces import Art, localize
from bastelbogen.output import Job
from bastelbogen.output.exported import Gathered, pictures, pixels, save_png
from bastelbogen.render.raster import Shot

if TYPE_CHECKING:
    from bastelbogen.output.tts import Thing

D6 = 1  # Custom Dice `type` of a six-sided die
# (column, row) of each face's cell in the template, and the faces drawn upside down.
CELLS = {2: (0, 1), 4: (1, 1), 5: (2, 1), 1: (0, 2), 3: (1, 2), 6: (2, 2)}
UPSIDE_DOWN = (1, 6)
FACE_SHARE = 0.73  # of its cell, centred: the part of a cell TTS shows on the cube
# The rotation (x, y, z degrees) at which each face lies up: TTS's d6.
ROTATIONS = {
    1: (-90.0, 0.0, 0.0),
    2: (0.0, 0.0, 0.0),
    3: (0.0, 0.0, -90.0),
    4: (0.0, 0.0, 90.0),
    5: (0.0, 0.0, -180.0),
    6: (90.0, 0.0, 0.0),
}
UNUSED = (62, 62, 70)  # the template's top row, never seen


def cell_pixels(edge: float, dpi: float) -> tuple[int, int]:
    """A template cell's side and its face's side in pixels: the face at dpi, the whole
    template at most 4096 pixels a side (TTS's picture limit)."""
    from bastelbogen.output.tts import TTS_SIDE_PX

    face = pixels((edge, edge), dpi)[0]
    cell = min(TTS_SIDE_PX // 3, math.ceil(face / FACE_SHARE))
    return cell, math.floor(cell * FACE_SHARE)


def dice(job: Job, one: Gathered) -> tuple[list[Thing], list[str]]:
    """The component's dice as TTS objects (one a die, copies too) and the pictures written."""
    from bastelbogen.output.tts import FOLDER, _url, transform, words

    edge = settings(one.component).edge
    cell, face = cell_pixels(edge, job.options.dpi)
    url = _url(job)
    objects: list[Thing] = []
    paths: list[str] = []
    drawn: dict[Art, str] = {}
    for item, art, _ in one.cards:
        if art is None:
            continue
        if art not in drawn:  # copies of a die share their picture
            path = f"{FOLDER}/{one.component.id}.{item.id}.die.png"
            _template(job, one, art, edge, cell, face, path)
            drawn[art] = path
            paths.append(path)
        nickname, description = words(job, item)
        objects.append(
            {
                "Name": "Custom_Dice",
                "Nickname": nickname,
                "Description": description,
                "Transform": transform(face_down=False),
                "CustomImage": {
                    "ImageURL": url(drawn[art]),
                    "ImageSecondaryURL": "",
                    "WidthScale": 0.0,
                    "CustomDice": {"Type": D6},
                },
                "RotationValues": rotation_values(job, item),
            }
        )
    return objects, paths


def values(job: Job, item: Item) -> list[int | str]:
    """The value TTS reports for each face 1-6: the die's own faces (a number stays a
    number, so rolls add up), else the face's number."""
    given = faces_of(item.data)
    out: list[int | str] = []
    for n in range(1, 7):
        value = localize(given[n - 1], job.lang, job.game.languages) if given else n
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        out.append(value if isinstance(value, int | str) and value != "" else n)
    return out


def rotation_values(job: Job, item: Item) -> list[Thing]:
    return [
        {"Value": value, "Rotation": dict(zip("xyz", ROTATIONS[n], strict=True))}
        for n, value in enumerate(values(job, item), start=1)
    ]


def _template(
    job: Job, one: Gathered, art: Art, edge: float, cell: int, face: int, path: str
) -> None:
    """The die's template: each face's square of the net in its cell, on its own edge
    colour so that a cube showing a little more than the face shows no seam. The net's
    folds and cut line are for paper, not for a cube: left off."""
    from PIL import Image

    squares = sorted(net(edge).faces, key=lambda f: f[2])
    bare = replace(art, lines=(), line=())
    shots = [Shot(bare, (x, y, edge, edge), (face, face)) for x, y, _ in squares]
    image = Image.new("RGB", (3 * cell, 3 * cell), UNUSED)
    inset = (cell - face) // 2
    for (_, _, n), picture in zip(squares, pictures(job, shots, face / (edge / 72)), strict=True):
        col, row = CELLS[n]
        if n in UPSIDE_DOWN:
            picture = picture.rotate(180)
        ground = Image.new("RGB", (cell, cell), picture.getpixel((1, 1)))
        ground.paste(picture, (inset, inset))
        image.paste(ground, (col * cell, row * cell))
    save_png(image, job.staging.path(path), job.options.dpi)
