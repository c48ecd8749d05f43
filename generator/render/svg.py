"""Cut files for cutting machines: the same plans as the PDF, as SVG in millimetres."""

from __future__ import annotations

from pathlib import Path

import svgwrite

from ..geometry import apply
from ..imposition import Page
from ..units import to_mm

CUT = "#e0001b"
FOLD = "#0060c0"


def write_cut_svg(path: Path, page: Page, item_folds) -> None:
    """One sheet: a cut rectangle per front, the fold lines dashed; y runs down in SVG.
    `item_folds` are the items' own fold lines, item-local (x1, y1, x2, y2)."""
    w, h = (to_mm(v) for v in page.size)

    def pt(x, y):
        return round(to_mm(x), 4), round(h - to_mm(y), 4)

    drawing = svgwrite.Drawing(str(path), size=(f"{w:.3f}mm", f"{h:.3f}mm"),
                               viewBox=f"0 0 {w:.3f} {h:.3f}", profile="tiny")
    cuts = drawing.add(drawing.g(id="cut", fill="none", stroke=CUT, stroke_width=0.1))
    folds = drawing.add(drawing.g(id="fold", fill="none", stroke=FOLD, stroke_width=0.1,
                                  stroke_dasharray="1,0.7"))
    for p in page.placements:
        if p.side != "front":
            continue
        x, y, tw, th = p.trim
        left, top = pt(x, y + th)
        cuts.add(drawing.rect((left, top), (round(to_mm(tw), 4), round(to_mm(th), 4))))
        for x1, y1, x2, y2 in item_folds:
            a = pt(*apply(p.matrix, x1, y1))
            b = pt(*apply(p.matrix, x2, y2))
            folds.add(drawing.line(a, b))
    for x1, y1, x2, y2 in page.folds:
        folds.add(drawing.line(pt(x1, y1), pt(x2, y2)))
    drawing.save(pretty=True)
