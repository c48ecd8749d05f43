"""What the exports share: the distinct faces of each component, gathered as the kit's files
go by (in the build's first language), and pictures written as sRGB PNG with their profile.

A face is distinct by its art: 200 cards with one back have one back face, counted 200
times. Boards, laid over several sheets, are kept apart (`boards`): the virtual tables'
exports show each as one picture; png, tts and contact leave them out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.kinds.die import faces_of
from bastelbogen.content.models import Component, Item
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.shapes import seen_from_behind
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art, localize
from bastelbogen.layout.imposition import BuildOptions
from bastelbogen.layout.kit import LaidOut
from bastelbogen.output import Entry, Job, Writer
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.raster import Shot, rasterise, srgb_profile

if TYPE_CHECKING:
    from PIL.Image import Image

# Where the exports keep what they gather in Job.kept, which every writer shares: keys of
# their own, that no other writer's (the build's fingerprints keep "faces") can meet.
SEEN, FACES, BOARDS = "exported: seen", "exported: faces", "exported: boards"


@dataclass
class Face:
    """A distinct face of an export, with every item that shows it."""

    art: Art
    side: str
    items: list[Item] = field(default_factory=list)  # every item showing it, in order


@dataclass
class Gathered:
    """One component's distinct faces, fronts and backs in the order first met."""

    component: Component
    trim: tuple[float, float]
    bleed: float
    faces: dict[tuple[Art, str], Face] = field(default_factory=dict)
    # (item, front art, back art or None), in order
    cards: list[tuple[Item, Art | None, Art | None]] = field(default_factory=list)


class Export(Writer):
    """An export format: wanted when --export names it, it gathers the faces of each file
    as the kit goes by, and writes its files at the end (`finish`)."""

    apart = False  # the faces of every file, gathered in one process

    def wanted(self, options: BuildOptions) -> bool:
        return self.name in options.export

    def component(self, job: Job, laid: LaidOut) -> list[Entry]:
        gather(job, laid)
        return []


class VirtualTable(Export):
    """An export for a virtual table (Tabletopia, Screentop): each component of the kit made
    into what the table takes (`made`: its pictures written, its entry of the listing), or
    left out and said so where the component is written; then the listing,
    export/<name>/<name>.json, its entries under `listed`."""

    taken = ""  # what the table calls what it takes, for the warning: "Tabletopia object"
    listed = ""  # the listing's key for its entries

    def made(self, job: Job, one: Gathered, written: list[str]) -> Entry | None:
        raise NotImplementedError

    def head(self) -> dict[str, object]:
        """The listing's keys before its entries."""
        return {"format": self.name}

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        made: list[Entry] = []
        written: list[str] = []
        for one in [*faces(job), *boards(job)]:
            entry = self.made(job, one, written)
            if entry is not None:
                made.append(entry)
                continue
            left_out(job, one, self.taken, self.name)
        if not made:
            return []
        path = f"export/{self.name}/{self.name}.json"
        listing = {**self.head(), self.listed: made}
        job.staging.path(path).write_text(json.dumps(listing, indent=1, ensure_ascii=False))
        return [{"path": path, self.listed: len(made), "pictures": written}]


def die_values(job: Job, data: Mapping[str, object]) -> list[str]:
    """What each face 1-6 of a die shows, as text: its own faces (`faces:`, face1 …), else
    its number."""
    given = faces_of(data) or list(range(1, 7))
    shown = [localize(value, job.lang, job.game.languages) for value in given]
    return [
        str(v) if isinstance(v, str | int | float) and str(v) else str(n)
        for n, v in enumerate(shown, start=1)
    ]


def gather(job: Job, laid: LaidOut) -> None:
    """Take note of a file's faces, once per file, in the first language only."""
    seen = cast(set[str], job.kept.setdefault(SEEN, set()))
    if laid.lang not in (None, job.lang) or laid.name in seen:
        return
    seen.add(laid.name)  # by name: a file's object is gone, and its id reused, once written
    kept = cast(dict[str, Gathered], job.kept.setdefault(FACES, {}))
    for item in laid.items:
        component = item.component
        kind = kind_of(component)
        if kind.placing != "grid":
            _board(job, laid, item)
            continue
        trim = kind.trim(component, job.game)
        one = kept.setdefault(component.id, Gathered(component, trim, _bleed_of(laid, item)))
        for side in ("front", "back"):
            art = laid.arts.get(item, side)
            if art is not None:
                one.faces.setdefault((art, side), Face(art, side)).items.append(item)
        one.cards.append((item, laid.arts.get(item, "front"), laid.arts.get(item, "back")))


def _board(job: Job, laid: LaidOut, item: Item) -> None:
    """A board's whole picture, kept apart from `faces` (which png, tts and contact write):
    only the virtual tables' exports (`boards`) show a board as one object."""
    kept = cast(dict[str, Gathered], job.kept.setdefault(BOARDS, {}))
    art = laid.arts.get(item, "front")
    if art is None:
        return
    component = item.component
    one = kept.get(component.id)
    if one is None:
        trim = kind_of(component).trim(component, job.game)
        one = kept[component.id] = Gathered(component, trim, _bleed_of(laid, item))
    one.faces.setdefault((art, "front"), Face(art, "front")).items.append(item)
    one.cards.append((item, art, None))


def left_out(job: Job, one: Gathered, taken: str, export: str) -> None:
    """A component an export has no place for: said where it is written, never silent."""
    job.preflight.left_out(
        one.component.loc,
        f"component '{one.component.id}' ({kind_of(one.component).name}) has no {taken}:"
        f" left out of --export {export}",
    )


def boards_left_out(job: Job, export: str) -> None:
    """An export of pictures face by face has no place for a board drawn whole: each said."""
    for one in boards(job):
        taken = "picture of one face (tabletopia and screentop write a board whole)"
        left_out(job, one, taken, export)


def boards(job: Job) -> list[Gathered]:
    """Each board of the kit as one face, its whole picture (for the virtual tables)."""
    return list(cast(dict[str, Gathered], job.kept.get(BOARDS, {})).values())


def _bleed_of(laid: LaidOut, item: Item) -> float:
    """The bleed the item's art was laid out with: its bleed box beyond the trim."""
    art = laid.arts.get(item, "front")
    return -art.bleed[0] if art is not None else 0.0


def faces(job: Job) -> list[Gathered]:
    return list(cast(dict[str, Gathered], job.kept.get(FACES, {})).values())


def pictures(job: Job, shots: Iterable[Shot], dpi: float) -> Iterator[Image]:
    """The shots as images (see render/raster.py)."""
    mark = job.options.version_mark or ""  # every front drawn carries it, as on the sheets
    ctx = PaintContext(job.fonts, job.game.folder, preflight=None, lang=job.lang, mark=mark)
    return rasterise(shots, dpi, ctx, job.fonts["regular"])


def save_png(image: Image, path: Path, dpi: float) -> None:
    """Every picture an export writes (png, shop, tts, contact) is saved here, so that one
    rule holds for all: the same pixels give the same bytes in every build. The PNG holds
    IHDR, the fixed sRGB profile (iCCP, render/raster.srgb_profile), the resolution (pHYs,
    in pixels a metre) and the pixels: no time (tIME) and no text chunks (PNG 3rd ed.,
    https://www.w3.org/TR/png-3/ 11.3). Pillow writes only what it is given here."""
    image.save(path, "PNG", icc_profile=srgb_profile(), dpi=(dpi, dpi), optimize=False)


def pixels(size_pt: tuple[float, float], dpi: float) -> tuple[int, int]:
    """A length in points as whole pixels at dpi."""
    w, h = (max(1, round(to_mm(v) / 25.4 * dpi)) for v in size_pt)
    return w, h


def trim_shot(one: Gathered, face: Face, dpi: float, bleed: bool) -> Shot:
    """A face's trim, with its bleed or without, as a shot at dpi."""
    w, h = one.trim
    b = one.bleed if bleed else 0.0
    rect = (-b, -b, w + 2 * b, h + 2 * b)
    size = pixels(rect[2:], dpi)
    if size[0] * size[1] > limits.MAX_PIXELS:
        raise ContentError(
            Problem(
                one.component.loc,
                f"component '{one.component.id}' would"
                f" be {size[0]} x {size[1]} pixels at {dpi:g} dpi, more"
                f" than {limits.MAX_PIXELS // 10**6} million; export it at a"
                " lower --dpi",
            )
        )
    return Shot(face.art, rect, size, f"item '{face.items[0].id}' ({face.side})", face.items[0])


def relaid(job: Job, item: Item, side: str, trim: tuple[float, float], bleed: float) -> Art | None:
    """An item's side laid out again with another bleed (a shop's), as the sheets lay it."""
    from bastelbogen.layout.pieces import art_of

    options = {"lang": job.lang, "braille": job.options.braille, "theme": job.options.theme}
    return art_of(job.game, item, side, job.layouts, options, bleed, trim)


SUPERSAMPLE = 4  # the outline's mask drawn this much finer, then reduced: a smooth edge


def cut_away(job: Job, one: Gathered, face: Face, shot: Shot, image: Image) -> Image:
    """A shaped piece's picture (a hex, a round token, a die line) as RGBA, transparent
    outside its outline, which a virtual table or a layout program then shows as the piece
    is; a rectangle (rounded or not) keeps its trim and bleed as they are."""
    from PIL import Image, ImageDraw

    component = one.component
    kind = kind_of(component)
    if not kind.shaped(component):
        return image
    loops = kind.outline(component, job.game)
    if face.side == "back":  # the back seen from behind: its outline mirrored
        loops = seen_from_behind(loops, one.trim[0])
    x, y, w, h = shot.rect
    width, height = image.size
    sx, sy = width * SUPERSAMPLE / w, height * SUPERSAMPLE / h
    mask = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(mask)
    for loop in loops:  # item-local points, y up; the picture's rows run down from y + h
        draw.polygon([((px - x) * sx, (y + h - py) * sy) for px, py in loop], fill=255)
    picture = image.convert("RGBA")
    picture.putalpha(mask.resize(image.size, Image.Resampling.BOX))
    return picture


def piece_pictures(
    job: Job, one: Gathered, arts: list[Face], size: tuple[int, int]
) -> Iterator[Image]:
    """Each face's trim at exactly `size` pixels, as a virtual table shows the piece, one at
    a time: a shaped piece (hex, circle) RGBA and transparent outside its outline, else RGB."""
    shots = [
        Shot(
            face.art,
            (0.0, 0.0, *one.trim),
            size,
            f"item '{face.items[0].id}' ({face.side})",
            face.items[0],
        )
        for face in arts
    ]
    dpi = size[0] / (one.trim[0] / 72)  # the pixels' resolution along the width
    for face, shot, image in zip(arts, shots, pictures(job, shots, dpi), strict=True):
        yield cut_away(job, one, face, shot, image)


def fitted(size_mm: tuple[float, float], per_mm: float, most: int) -> tuple[int, int]:
    """A piece of size_mm at per_mm pixels a millimetre, made smaller (same proportions)
    where a side would be more than `most` pixels: what a table's picture limit allows."""
    w, h = (size_mm[0] * per_mm, size_mm[1] * per_mm)
    scale = min(1.0, most / w, most / h)
    return max(1, round(w * scale)), max(1, round(h * scale))


def die_faces(job: Job, one: Gathered, art: Art, side: int) -> list[Image]:
    """A die's six faces in order 1 to 6, each the square of its net where that face lies
    (kinds/die.py), `side` pixels square; the net's folds and cut line are paper's, left
    off."""
    from bastelbogen.content.kinds.die import net, settings

    edge = settings(one.component).edge
    squares = sorted(net(edge).faces, key=lambda corner: corner[2])
    bare = replace(art, lines=(), line=())
    shots = [
        Shot(bare, (x, y, edge, edge), (side, side), f"die '{one.component.id}' face {n}")
        for x, y, n in squares
    ]
    return list(pictures(job, shots, side / (edge / 72)))
