"""`--export contact`: a contact sheet per component, export/contact/<component>.png: every
distinct face (fronts, then backs) in a grid at its trim, each captioned with its item id
and how many cards show it, for a README, a forum post or proof-reading at a glance; up
to 200 faces a sheet (fewer for big faces), then <component>.2.png and so on. Small pieces
(a half-inch counter) are scaled up to at least LEGIBLE on the sheet, and every caption
fits its cell: the cell is as wide as its widest caption, up to a limit, and a longer id is
shortened with an ellipsis rather than run into its neighbour's."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bastelbogen.content.project import FONTS
from bastelbogen.core import limits
from bastelbogen.core.names import numbered
from bastelbogen.core.units import to_mm
from bastelbogen.output import Entry, Job, register
from bastelbogen.output.exported import (
    Export,
    Face,
    boards_left_out,
    cut_away,
    faces,
    pictures,
    save_png,
    trim_shot,
)

if TYPE_CHECKING:
    from PIL.Image import Image
    from PIL.ImageFont import FreeTypeFont

FOLDER = "export/contact"
DPI = 72  # the sheet's: a 63 x 88 mm card is 179 x 249 pixels
LEGIBLE = 25.0  # mm on the sheet (at DPI) for a piece's shorter side, at the least
COLS = 8
PER_SHEET = COLS * 25  # a bigger component continues on <component>.2.png …
GAP, CAPTION = 16, 30  # pixels between cells, and under each face for its caption
LINE = 13  # pixels from one caption line to the next
WIDEST = 200  # pixels: a cell is no wider for its caption; a longer one is shortened
FONT_SIZE = 11
PAPER, INK, EDGE = (244, 242, 236), (40, 40, 40), (190, 190, 190)


@register
class Contact(Export):
    name = "contact"
    order = 36

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        from PIL import ImageFont

        font = ImageFont.truetype(str(FONTS / "Vera.ttf"), FONT_SIZE)
        boards_left_out(job, self.name)
        out = []
        for one in faces(job):
            ordered = sorted(one.faces.values(), key=lambda f: f.side != "front")
            dpi = DPI * max(1.0, LEGIBLE / min(to_mm(v) for v in one.trim))
            w, h = trim_shot(one, ordered[0], dpi, bleed=False).pixels
            captions = [_caption(face, font, max(w, WIDEST)) for face in ordered]
            cell = max(w, *(round(font.getlength(line)) for c in captions for line in c))
            # As many faces a sheet as keep it within the pixels one picture may have.
            per = max(1, min(PER_SHEET, limits.MAX_PIXELS // ((cell + GAP) * (h + CAPTION + GAP))))
            for n, start in enumerate(range(0, len(ordered), per), start=1):
                chunk = ordered[start : start + per]
                shots = [trim_shot(one, face, dpi, bleed=False) for face in chunk]
                images = [
                    cut_away(job, one, face, shot, image)
                    for face, shot, image in zip(
                        chunk, shots, pictures(job, shots, dpi), strict=True
                    )
                ]
                # Ids have no dots: the second sheet's name is no component's.
                sheets = math.ceil(len(ordered) / per)
                name = one.component.id if n == 1 else f"{one.component.id}.{numbered(n, sheets)}"
                path = f"{FOLDER}/{name}.png"
                sheet = _sheet(images, captions[start : start + per], (cell, h), font)
                save_png(sheet, job.staging.path(path), DPI)
                out.append({"path": path, "faces": len(chunk)})
        return out


def _caption(face: Face, font: FreeTypeFont, width: int) -> tuple[str, str]:
    """A face's two caption lines, each within `width` pixels."""
    ids = {i.id for i in face.items}  # named after its first item, as its PNG is
    first = face.items[0].id
    label = first if len(ids) == 1 else f"{first} … ({len(ids)} ids)"
    return _fit(f"{label} · {face.side}", font, width), _fit(f"× {len(face.items)}", font, width)


def _fit(text: str, font: FreeTypeFont, width: int) -> str:
    """The text, or as much of it as fits `width` pixels with an ellipsis after."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _sheet(
    images: list[Image], captions: list[tuple[str, str]], cell: tuple[int, int], font: FreeTypeFont
) -> Image:
    """The faces in a grid, each centred in its cell over its caption (pasted as it comes,
    none is kept; a shaped piece over the paper, its corners transparent)."""
    from PIL import Image, ImageDraw

    w, h = cell
    cols = min(COLS, len(images))
    rows = math.ceil(len(images) / cols)
    sheet = Image.new("RGB", (GAP + cols * (w + GAP), GAP + rows * (h + CAPTION + GAP)), PAPER)
    draw = ImageDraw.Draw(sheet)
    for k, (image, lines) in enumerate(zip(images, captions, strict=True)):
        x = GAP + (k % cols) * (w + GAP)
        y = GAP + (k // cols) * (h + CAPTION + GAP)
        left = x + (w - image.width) // 2
        sheet.paste(image, (left, y), image if image.mode == "RGBA" else None)
        draw.rectangle((left - 1, y - 1, left + image.width, y + image.height), outline=EDGE)
        for n, line in enumerate(lines):
            width = font.getlength(line)
            draw.text(
                (x + (w - width) / 2, y + image.height + 4 + n * LINE), line, font=font, fill=INK
            )
    return sheet
