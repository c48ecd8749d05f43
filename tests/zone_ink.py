"""Ink in the registration marks' corner zones, read off a page drawn by poppler
(`pdftoppm`, not our code), without anti-aliasing so that every pixel is inked or not.

Silhouette Studio, and the inkscape-silhouette plugin after it (render_silhouette_regmarks.py:
REG_SAFE_AREA_MM = 20), keep a 20 x 20 mm square free of print at each mark: its outer
corner is the mark's corner, `inset` from both edges. Written here from that spec, not from
registration.py, so a wrong zone there cannot agree with itself."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

from PIL import Image, ImageDraw

ZONE_MM = 20.0


def zones_mm(page: tuple[float, float], inset: float) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) in mm from the page's top-left: top-left, top-right, bottom-left."""
    w, h = page
    z = ZONE_MM
    return [
        (inset, inset, inset + z, inset + z),
        (w - inset - z, inset, w - inset, inset + z),
        (inset, h - inset - z, inset + z, h - inset),
    ]


def marks_mm(page: tuple[float, float], inset: float, square: float = 5.0, arm: float = 20.0):
    """Where the marks themselves may ink, (x0, y0, x1, y1) from the top-left: the filled
    square, and each L's two arms as a band round its centre line on the inset."""
    w, h = page
    t = 0.6  # half the band: a 0.3 mm line and a pixel each side
    return [
        (inset, inset, inset + square, inset + square),
        (w - inset - arm, inset - t, w - inset + t, inset + t),
        (w - inset - t, inset - t, w - inset + t, inset + arm),
        (inset - t, h - inset - arm, inset + t, h - inset + t),
        (inset - t, h - inset - t, inset + arm, h - inset + t),
    ]


def drawn(pdf: Path, page: int, dpi: int, out: Path) -> Image.Image:
    """Page `page` (from 0) as poppler draws it, greyscale, anti-aliasing off."""
    stem = out / f"{pdf.stem}-{page}"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-f",
            str(page + 1),
            "-l",
            str(page + 1),
            "-singlefile",
            "-gray",
            "-aa",
            "no",
            "-aaVector",
            "no",
            "-png",
            str(pdf),
            str(stem),
        ],
        check=True,
    )
    return Image.open(f"{stem}.png").convert("L")


def zone_ink(
    image: Image.Image, page: tuple[float, float], inset: float, marks=None
) -> list[float]:
    """Each zone's inked area in mm², the marks' own ink left out: the pixels whose whole
    square lies in the zone and not on a mark."""
    px = image.size[0] / page[0]  # pixels a mm
    keep = marks_mm(page, inset) if marks is None else marks
    found = []
    pixels = image.load()
    for x0, y0, x1, y1 in zones_mm(page, inset):
        inked = 0
        for py in range(int(y0 * px) + 1, int(y1 * px)):
            for qx in range(int(x0 * px) + 1, int(x1 * px)):
                x, y = (qx + 0.5) / px, (py + 0.5) / px
                if any(a <= x <= c and b <= y <= d for a, b, c, d in keep):
                    continue
                if pixels[qx, py] < 255:
                    inked += 1
        found.append(inked / px / px)
    return found


def fine_zone_ink(pdf: Path, page: int, size: tuple[float, float], inset: float, out: Path):
    """Each zone's ink in mm² as poppler draws it at 600 dpi with anti-aliasing on: the
    coverage (darkness) of every pixel wholly inside the zone, the marks' own ink left out.
    Finer than `zone_ink`: a 0.25 pt crop mark running along a zone's edge inks 0.044 mm
    into it, below one pixel at 100 dpi without anti-aliasing; art that only abuts the
    zone inks nothing here, since no pixel wholly inside it is covered. None for a page
    without the marks."""
    dpi = 600
    px = dpi / 25.4
    keep = marks_mm(size, inset)
    found = []
    for n, (x0, y0, x1, y1) in enumerate(zones_mm(size, inset)):
        left, top = math.ceil(x0 * px), math.ceil(y0 * px)
        width, height = math.floor(x1 * px) - left, math.floor(y1 * px) - top
        stem = out / f"{pdf.stem}-{page}-zone{n}"
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-f", str(page + 1), "-l", str(page + 1)]
            + ["-x", str(left), "-y", str(top), "-W", str(width), "-H", str(height)]
            + ["-singlefile", "-gray", "-png", str(pdf), str(stem)],
            check=True,
        )
        image = Image.open(f"{stem}.png").convert("L")
        if n == 0 and image.getpixel((round((inset + 2.5) * px) - left,) * 2) > 100:
            return None  # no square: a page without marks
        blank = ImageDraw.Draw(image)  # the marks' own ink, painted out
        for a, b, c, d in keep:
            blank.rectangle((a * px - left, b * px - top, c * px - left, d * px - top), fill=255)
        inked = sum((255 - v) * count for v, count in enumerate(image.histogram())) / 255
        found.append(round(inked / px / px, 3))
    return found
