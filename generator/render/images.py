"""The image painter: a user's PNG, JPEG or SVG, covering its box or cut across pieces."""

from __future__ import annotations

from pathlib import Path

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


def _unreadable(box, path: Path) -> ContentError:
    return ContentError(Problem(box.loc_of("file"), f"image {path.name} cannot be read: it is"
                                " not a PNG, JPEG or SVG picture, or it is damaged"))


def _svg(path: Path, box):
    from svglib.svglib import svg2rlg  # only games with SVG pictures pay for the import

    try:
        drawing = svg2rlg(str(path))
    except Exception:  # svglib raises whatever its XML parser does
        drawing = None
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
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
        x, y, w, h = whole_picture(box.get("piece", box.rect), box.get("slice"))
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
