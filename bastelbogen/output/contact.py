"""`--export contact`: a contact sheet per component, export/contact/<component>.png: every
distinct face (fronts, then backs) in a grid at its trim, each captioned with its item id
and how many cards show it, for a README, a forum post or proof-reading at a glance; up
to 200 faces a sheet (fewer for big faces), then <component>.2.png and so on."""

from __future__ import annotations

import math

from bastelbogen.content.project import FONTS
from bastelbogen.core import limits
from bastelbogen.output import Job, register
from bastelbogen.output.exported import Export, faces, pictures, save_png, trim_shot

FOLDER = "export/contact"
DPI = 72  # thumbnails: a 63 x 88 mm card is 179 x 249 pixels
COLS = 8
PER_SHEET = COLS * 25  # a bigger component continues on <component>.2.png …
GAP, CAPTION = 16, 30  # pixels between faces, and under each for its caption
PAPER, INK = (244, 242, 236), (40, 40, 40)


@register
class Contact(Export):
    name = "contact"
    order = 36

    def finish(self, job: Job, files: list[dict]) -> list[dict]:
        out = []
        for one in faces(job):
            ordered = sorted(one.faces.values(), key=lambda f: f.side != "front")
            w, h = trim_shot(one, ordered[0], DPI, bleed=False).pixels
            # As many faces a sheet as keep it within the pixels one picture may have.
            per = max(1, min(PER_SHEET, limits.MAX_PIXELS // ((w + GAP) * (h + CAPTION + GAP))))
            for n, start in enumerate(range(0, len(ordered), per), start=1):
                chunk = ordered[start : start + per]
                shots = [trim_shot(one, face, DPI, bleed=False) for face in chunk]
                # Ids have no dots: the second sheet's name is no component's.
                name = one.component.id if n == 1 else f"{one.component.id}.{n}"
                path = f"{FOLDER}/{name}.png"
                save_png(
                    _sheet(chunk, pictures(job, shots, DPI), (w, h)), job.staging.path(path), DPI
                )
                out.append({"path": path, "faces": len(chunk)})
        return out


def _sheet(ordered, images, size: tuple[int, int]):
    """The faces in a grid, each picture pasted as it comes (none is kept)."""
    from PIL import Image, ImageDraw, ImageFont

    w, h = size
    cols = min(COLS, len(ordered))
    rows = math.ceil(len(ordered) / cols)
    sheet = Image.new("RGB", (GAP + cols * (w + GAP), GAP + rows * (h + CAPTION + GAP)), PAPER)
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.truetype(str(FONTS / "Vera.ttf"), 11)
    for k, (face, image) in enumerate(zip(ordered, images, strict=True)):
        x = GAP + (k % cols) * (w + GAP)
        y = GAP + (k // cols) * (h + CAPTION + GAP)
        sheet.paste(image, (x, y))
        draw.rectangle((x - 1, y - 1, x + image.width, y + image.height), outline=(190,) * 3)
        ids = sorted({i.id for i in face.items})
        label = ids[0] if len(ids) == 1 else f"{ids[0]} … ({len(ids)} ids)"
        draw.text((x, y + image.height + 4), f"{label} · {face.side}", font=font, fill=INK)
        draw.text((x, y + image.height + 17), f"× {len(face.items)}", font=font, fill=INK)
    return sheet
