"""Faces as pictures: each face drawn by the very forms the PDF sheets use, on a page of its
own, then rasterised with pypdfium2, so a picture and a printed sheet can never disagree.
Pictures are sRGB, and say so (the profile is embedded when they are saved).

Faces go through small batches of pages, so memory stays flat however many there are.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bastelbogen.content.models import Item
from bastelbogen.core.geometry import IDENTITY, Rect
from bastelbogen.core.paths import ICC
from bastelbogen.layout.faces import Art
from bastelbogen.render.paint import Forms, PaintContext
from bastelbogen.render.pdf import Meta, new_canvas

if TYPE_CHECKING:
    from PIL.Image import Image

BATCH = 24  # faces per intermediate document


@dataclass(frozen=True)
class Shot:
    """One picture to take: an art, the part of it to show (item-local points, e.g. the
    trim and its bleed) and the picture's size in pixels."""

    art: Art
    rect: Rect
    pixels: tuple[int, int]
    label: str = ""
    item: Item | None = None  # the Item whose side it shows: a fault drawing it names its piece


def rasterise(shots: Iterable[Shot], dpi: float, ctx: PaintContext, font: str) -> Iterator[Image]:
    """Each shot as an RGB PIL image of exactly its pixels, in order."""
    batch: list[Shot] = []
    for shot in shots:
        batch.append(shot)
        if len(batch) == BATCH:
            yield from _render(batch, dpi, ctx, font)
            batch = []
    if batch:
        yield from _render(batch, dpi, ctx, font)


def _render(batch: list[Shot], dpi: float, ctx: PaintContext, font: str) -> Iterator[Image]:
    import pypdfium2 as pdfium  # only builds that export pictures load the rasteriser

    buffer = io.BytesIO()
    c = new_canvas(buffer, Meta("faces", "", ""), (72, 72), font)
    ctx.pictures = {}  # motifs drawn once per document: this one starts without any
    forms = Forms(c, ctx)
    for shot in batch:
        x, y, w, h = shot.rect
        c.setPageSize((shot.pixels[0] * 72 / dpi, shot.pixels[1] * 72 / dpi))
        # The shot's rect fills the page; a picture of other proportions (a shop's fixed
        # size) is scaled to it, which the caller has allowed.
        c.scale(shot.pixels[0] * 72 / dpi / w, shot.pixels[1] * 72 / dpi / h)
        c.translate(-x, -y)
        forms.place(shot.art, IDENTITY, shot.label, item=shot.item)
        c.showPage()
    c.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        for n, shot in enumerate(batch):
            page, (width, height) = document[n], shot.pixels
            # pypdfium2 makes its bitmap ceil(page size x scale) and stretches the page over
            # it: at dpi/72, 825 px of 198 pt came out 826 (825.0000001 rounded up), the face
            # stretched 0.12 % and its last column cut off. A scale a hair below the
            # picture's own gives its pixels exactly, the page stretched over them alone.
            scale = min(width / page.get_width(), height / page.get_height()) * (1 - 1e-9)
            image: Image = page.render(scale=scale).to_pil().convert("RGB")
            if image.size != shot.pixels:  # a page's size as PDF stores it, rounded: never
                image = (
                    image.crop((0, 0, width, height))
                    if image.width >= width and image.height >= height
                    else image.resize(shot.pixels)
                )
            yield image
    finally:
        document.close()


def srgb_profile() -> bytes:
    """The sRGB ICC profile embedded in every picture written: the same bytes in every
    build and on every machine, read from data/icc/srgb.icc, not made at build time (littleCMS
    stamps a profile it makes with the time, and its bytes change with its version).

    The file is littleCMS's built-in sRGB (its copyright tag: "No copyright, use freely"),
    made once with Pillow's ImageCms.createProfile("sRGB"), its header's dateTime (bytes
    24-35, ICC.1:2010 7.2.1) set to 2024-01-01 00:00:00 and its profile ID (bytes 84-99)
    the MD5 of the profile with flags, rendering intent and ID zeroed (ICC.1:2010 7.2.18)."""
    if not _SRGB:
        _SRGB.append((ICC / "srgb.icc").read_bytes())
    return _SRGB[0]


_SRGB: list[bytes] = []  # read once a process
