"""The image painter: a user's PNG, JPEG or SVG, covering its box or cut across pieces."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bastelbogen.content.framing import Composed, Turned
from bastelbogen.content.painters import Mark, Sliced, painter
from bastelbogen.content.pictures import picture_problem
from bastelbogen.content.svg import SvgRefused
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.geometry import Rect, turned, whole_picture
from bastelbogen.core.params import TEXT, BoxKeys, Key
from bastelbogen.core.paths import inside, is_file
from bastelbogen.render import bitmaps, vector

if TYPE_CHECKING:
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas


def image_path(box: Box, ctx: PaintContext) -> Path:
    """The picture a box names, inside the game's folder and fit to draw; checked once per
    document (a PNG or JPEG kept as its checked bytes: `bitmap`)."""
    given = Image(box).file
    name = str(given) if given is not None else ""
    path = inside(ctx.folder, name)
    if path is None:
        raise ContentError(
            Problem(box.loc_of("file"), f"image '{name}' leaves the game folder {ctx.folder}")
        )
    if path not in ctx.checked:
        if not is_file(path):
            raise ContentError(
                Problem(
                    box.loc_of("file"), f"image file not found: {name} (looked in {ctx.folder})"
                )
            )
        svg = path.suffix.lower() == ".svg"
        found = picture_problem(path, ctx.folder) if svg else bitmaps.checked(path)
        if isinstance(found, str):
            raise ContentError(Problem(box.loc_of("file"), f"image {path.name} {found}"))
        ctx.checked[path] = found
    return path


def _size(box: Box, path: Path, picture: bitmaps.Bitmap) -> tuple[int, int]:
    """The picture's pixels, read as reportlab will read it."""
    try:
        return picture.size
    except Exception:  # noqa: BLE001 - any decoder failure: a damaged file, the user's
        raise ContentError(
            Problem(
                box.loc_of("file"),
                f"image {path.name} cannot be read: it is"
                " not a PNG, JPEG or SVG picture, or it is damaged",
            )
        ) from None


def _svg(
    path: Path, box: Box, ctx: PaintContext, scale: float | None = None
) -> vector.VectorPicture:
    """The SVG converted for drawing `scale` points per unit (None: only its size is
    wanted); what of it is not drawn as written told by the preflight, at its lines."""
    fonts = vector.build_fonts(ctx.fonts.paths.values())
    try:
        sealed = vector.sealed_picture(path, ctx.folder, fonts)
        found = vector.picture(path, ctx.folder, fonts, scale)
    except (SvgRefused, vector.VectorRefused) as exc:
        raise vector.refused(box.loc_of("file"), path.name, str(exc)) from None
    if ctx.preflight and scale is not None:
        for note in sealed.notes:
            ctx.preflight.picture_note(Loc(str(path), note.line, note.col), path.name, note.text)
        if found.filter_dpi:
            ctx.preflight.picture_note(
                Loc(str(path), 1, 1),
                path.name,
                f"its filter effects (blur, shadows) are drawn at {found.filter_dpi} dpi, not"
                f" {vector.FILTER_DPI}: finer would need more pixels than a picture may have",
            )
    return found


class Image(BoxKeys):
    file = Key(TEXT, required=True, help="the picture's file, in the game's folder")
    slice = Sliced.slice
    piece = Sliced.piece
    picture = Composed.picture
    bleed = Composed.bleed
    turn = Turned.turn
    flip = Turned.flip


def _whole(box: Box) -> Rect:
    """Where the picture lands: its box, or the rectangle it is composed for (`picture`,
    `bleed`); cut into pieces, the whole picture, grown as far as this piece's box runs
    past the piece (into the bleed), so the picture covers the bleed too."""
    k = Image(box)
    if not k.slice:
        return k.picture or box.rect
    piece = k.piece or box.rect
    x, y, w, h = whole_picture(piece, k.slice)
    bx, by, bw, bh = box.rect
    left, bottom = max(piece[0] - bx, 0), max(piece[1] - by, 0)
    right = max(bx + bw - piece[0] - piece[2], 0)
    top = max(by + bh - piece[1] - piece[3], 0)
    return x - left, y - bottom, w + left + right, h + bottom + top


@painter(
    "image",
    "a PNG, JPEG or SVG in the game's folder, scaled to cover the box (or the rectangle it"
    " is composed for), or one piece of it",
    Image,
    puts=(Mark.FILL,),
)
def paint_image(c: Canvas, box: Box, ctx: PaintContext) -> None:
    path = image_path(box, ctx)
    picture = ctx.checked[path]  # None: an SVG, drawn by the converter
    if picture is None:
        iw, ih = _svg(path, box, ctx).size
    else:
        iw, ih = _size(box, path, picture)
    # The picture covers its area, centred, like a photo in a frame; a picture cut into
    # pieces covers the whole, and each piece shows its part of it. Turned, it covers the
    # area turned back, and is turned onto it.
    k = Image(box)
    (w, h), matrix = turned(_whole(box), k.turn, k.flip)
    scale = max(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    c.saveState()
    clip = c.beginPath()
    clip.rect(*box.rect)
    c.clipPath(clip, stroke=0, fill=0)
    left, bottom = (w - dw) / 2, (h - dh) / 2
    if matrix[:4] == (1.0, 0.0, 0.0, 1.0):  # moved only: drawn where it lands
        left, bottom = left + matrix[4], bottom + matrix[5]
    else:
        c.transform(*matrix)
    if picture is None:
        c.drawVector(_svg(path, box, ctx, scale), left, bottom, dw, dh)
    else:
        if ctx.preflight:  # pixels per inch as printed: the picture's pixels over its inches
            ctx.preflight.picture(
                box, 72 / scale, path.name, ctx.item_loc, ctx.item_label, ctx.component
            )
        c.drawImage(picture, left, bottom, dw, dh, mask="auto")
    c.restoreState()
