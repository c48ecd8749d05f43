"""Pages to pixels, and page millimetres to pixel positions."""

from __future__ import annotations

import pypdfium2 as pdfium

from bastelbogen.core.geometry import apply
from bastelbogen.core.units import mm


class Rendered:
    def __init__(self, path, page: int, dpi: int):
        pdf = pdfium.PdfDocument(str(path))
        self.page_h = pdf[page].get_height()
        self.scale = dpi / 72
        self.image = pdf[page].render(scale=self.scale).to_pil().convert("RGB")
        pdf.close()

    def at_pt(self, x: float, y: float) -> tuple[int, int, int]:
        """Colour at a page point given in PDF points from the bottom-left."""
        return self.image.getpixel((int(x * self.scale), int((self.page_h - y) * self.scale)))

    def at_local(self, matrix, x_mm: float, y_mm: float) -> tuple[int, int, int]:
        """Colour at a point of a placed item, in mm from the item's bottom-left."""
        return self.at_pt(*apply(matrix, mm(x_mm), mm(y_mm)))


def dark(rgb, limit=80) -> bool:
    return max(rgb) < limit


def light(rgb, limit=200) -> bool:
    return min(rgb) > limit


def close(rgb, hex_colour: str, tol=40) -> bool:
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(rgb, want, strict=True))
