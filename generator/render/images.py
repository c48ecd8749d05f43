"""The image painter: a user's PNG, JPEG or SVG, covering its box or cut across pieces."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from PIL import Image
from reportlab.graphics import renderPDF
from reportlab.lib.utils import ImageReader

from ..errors import ContentError, Problem
from ..geometry import whole_picture
from ..schema import inside

MAX_PIXELS = 40_000_000  # beyond this a home printer gains nothing and memory suffers


def image_path(box, ctx) -> Path:
    name = str(box.get("file", ""))
    path = inside(ctx.folder, name, box.loc_of("file"), ctx.problems, "image")
    ctx.problems.raise_if_any()
    if not path.is_file():
        raise ContentError(Problem(box.loc_of("file"), f"image file not found: {name}"
                                   f" (looked in {ctx.folder})"))
    return path


def readable_picture(path: Path) -> bool:
    """Whether the picture opens at all: checked before a build, where the user wrote it."""
    if path.suffix.lower() == ".svg":
        return _svg_drawing(path) is not None
    try:
        with Image.open(path) as image:
            image.load()  # decode it all: a truncated file opens, then fails here
    except Exception:  # any decoder failure means the file is not a usable picture
        return False
    return True


def _svg_drawing(path: Path):
    from svglib.svglib import svg2rlg  # only games with SVG pictures pay for the import

    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            drawing = svg2rlg(str(path))  # svglib prints its complaints; ours say where
    except Exception:  # svglib raises whatever its XML parser does
        return None
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        return None
    return drawing


def _unreadable(box, path: Path) -> ContentError:
    return ContentError(Problem(box.loc_of("file"), f"image {path.name} cannot be read: it is"
                                " not a PNG, JPEG or SVG picture, or it is damaged"))


def _svg(path: Path, box):
    drawing = _svg_drawing(path)
    if drawing is None:
        raise _unreadable(box, path)
    return drawing


def paint_image(c, box, ctx) -> None:
    path = image_path(box, ctx)
    drawing = None
    if path.suffix.lower() == ".svg":
        drawing = _svg(path, box)
        iw, ih = drawing.width, drawing.height
    else:
        try:
            iw, ih = ImageReader(str(path)).getSize()
        except Exception:  # any decoder failure means a damaged file, the user's to fix
            raise _unreadable(box, path) from None
        if iw * ih > MAX_PIXELS:
            raise ContentError(Problem(box.loc_of("file"), f"image {path.name} is {iw}x{ih}"
                                       " pixels; more than 40 megapixels is too large to"
                                       " print"))
    # The picture covers its area, centred, like a photo in a frame; a picture cut into
    # pieces covers the whole, and each piece shows its part of it.
    x, y, w, h = box.rect
    if box.get("slice"):
        # The whole picture, grown as far as this piece's box runs past the piece (into the
        # bleed), so the picture covers the bleed too.
        piece = box.get("piece", box.rect)
        x, y, w, h = whole_picture(piece, box.get("slice"))
        bx, by, bw, bh = box.rect
        left, bottom = max(piece[0] - bx, 0), max(piece[1] - by, 0)
        right = max(bx + bw - piece[0] - piece[2], 0)
        top = max(by + bh - piece[1] - piece[3], 0)
        x, y, w, h = x - left, y - bottom, w + left + right, h + bottom + top
    scale = max(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    c.saveState()
    clip = c.beginPath()
    clip.rect(*box.rect)
    c.clipPath(clip, stroke=0, fill=0)
    left, bottom = x + (w - dw) / 2, y + (h - dh) / 2
    if drawing is not None:
        c.translate(left, bottom)
        c.scale(scale, scale)
        renderPDF.draw(drawing, c, 0, 0)
    else:
        c.drawImage(str(path), left, bottom, dw, dh, mask="auto")
    c.restoreState()
