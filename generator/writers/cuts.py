"""Cut files for cutting machines (--svg): each sheet's cut outlines and folds as SVG in
millimetres, cut/<file>-<n>.svg; the same plans as the PDF."""

from __future__ import annotations

from pathlib import Path

from ..geometry import apply
from ..imposition import Page
from ..kinds import kind_of
from ..units import to_mm
from . import Job, Writer, listed, register

CUT = "#e0001b"
FOLD = "#0060c0"
# The folds as the PDF draws them: valley dashed, mountain dash-dotted (mm).
DASHES = {"valley": "1,0.7", "mountain": "1.4,0.5,0.35,0.5"}


@register
class Cuts(Writer):
    name = "cuts"
    order = 20

    def wanted(self, options) -> bool:
        return options.svg

    def component(self, job: Job, laid) -> list[dict]:
        if laid.lang not in (None, job.lang):  # another language's file: the same cuts
            return []
        # Pieces drawn with their own cut lines (a die net) are not cut by plan.
        cut = {c.id: (kind_of(c).outline(c, job.game), kind_of(c).folds(c, job.game))
               for c in laid.components if c.marks or c.shape.kind != "rect"}
        if not cut:
            return []
        sheets = [p for p in laid.pages if any(q.side == "front" for q in p.placements)]
        files = []
        for n, page in enumerate(sheets, start=1):
            name = f"cut/{laid.name}-{n}.svg"
            write_cut_svg(job.staging.path(name), page, cut)
            files.append(listed(name, [page]))
        return files


def _is_rectangle(loop) -> bool:
    xs, ys = {round(x, 6) for x, _ in loop}, {round(y, 6) for _, y in loop}
    return len(loop) == 4 and len(xs) == 2 and len(ys) == 2


def write_cut_svg(path: Path, page: Page, cut: dict) -> None:
    """One sheet: each front's cut outline, its folds dashed (valley) or dash-dotted
    (mountain); y runs down in SVG. `cut` maps a component's id to its outline and folds
    (x1, y1, x2, y2, style), item-local."""
    import svgwrite  # a tenth of a second to import: only builds with --svg pay for it

    w, h = (to_mm(v) for v in page.size)

    def pt(x, y):
        return round(to_mm(x), 4), round(h - to_mm(y), 4)

    drawing = svgwrite.Drawing(str(path), size=(f"{w:.3f}mm", f"{h:.3f}mm"),
                               viewBox=f"0 0 {w:.3f} {h:.3f}", profile="tiny")
    cuts = drawing.add(drawing.g(id="cut", fill="none", stroke=CUT, stroke_width=0.1))
    folds = {style: drawing.add(drawing.g(id="fold" if style == "valley" else f"fold-{style}",
                                          fill="none", stroke=FOLD, stroke_width=0.1,
                                          stroke_dasharray=dash))
             for style, dash in DASHES.items()}
    for p in page.placements:
        if p.side != "front" or p.item.component.id not in cut:
            continue
        outline, item_folds = cut[p.item.component.id]
        for loop in outline:
            if _is_rectangle(loop):  # placed by quarter turns: its trim on the page
                x, y, tw, th = p.trim
                left, top = pt(x, y + th)
                cuts.add(drawing.rect((left, top), (round(to_mm(tw), 4), round(to_mm(th), 4))))
            else:
                points = [pt(*apply(p.matrix, x, y)) for x, y in loop]
                cuts.add(drawing.polygon(points))
        for x1, y1, x2, y2, style in item_folds:
            folds[style].add(drawing.line(pt(*apply(p.matrix, x1, y1)),
                                          pt(*apply(p.matrix, x2, y2))))
    for x1, y1, x2, y2 in page.folds:  # a fold sheet's middle: folded toward you
        folds["valley"].add(drawing.line(pt(x1, y1), pt(x2, y2)))
    drawing.save(pretty=True)
