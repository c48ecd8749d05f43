"""Cut files for cutting machines: each sheet's cut outlines and folds in millimetres, as
SVG (cut/<file>-<n>.svg, `--cut svg` or `--svg`) or DXF (`--cut dxf`, dxf.py); the same
plans as the PDF. One closed path per piece, never dashed; cut lines, valley folds and
mountain folds in their own named groups (SVG) or layers (DXF). A fold is a solid line to
score (a machine set to cut would cut a dashed line through at every dash); its own group
(`score-valley`, `score-mountain`) is what a user sets to score, not cut. Print-then-cut
registration marks (`--registration`) are in theirs, with the ids the inkscape-silhouette
plugin reads them by (regmark-tl, -tr, -bl). At --bleed 0 neighbours share their edges:
the cut layer then draws every edge once (`merged`, a second pass frays card stock) and the
closed outlines of the pieces move to a hidden layer of their own (`outline`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bastelbogen.content.kinds import Line, Outline, kind_of
from bastelbogen.core.geometry import apply
from bastelbogen.core.names import numbered
from bastelbogen.core.units import to_mm
from bastelbogen.layout.imposition import BuildOptions, Page
from bastelbogen.layout.registration import LINE, mark_lines, registration_marks, square
from bastelbogen.output import Entry, Job, Writer, listed, register
from bastelbogen.render.style import FOLDS

if TYPE_CHECKING:
    from svgwrite import Drawing
    from svgwrite.container import Group

    from bastelbogen.layout.kit import LaidOut

# What a sheet cuts: each component's outline and folds, item-local, by its id.
Cut = dict[str, tuple[Outline, tuple[Line, ...]]]
Point = tuple[float, float]
Fold = tuple[float, float, float, float, str]  # x1, y1, x2, y2 (mm), its kind

CUT = "#e0001b"
OUTLINE = "#808080"  # the pieces whole beside a merged cut: hidden, never cut
# Each fold kind its own colour too: cutting software assigns an action by colour or layer.
SCORE = {"valley": "#0060c0", "mountain": "#00a0a0"}
assert set(SCORE) == set(FOLDS)  # a new kind of fold needs its colour


def sheets_to_cut(job: Job, laid: LaidOut) -> list[tuple[str, Page, Cut]]:
    """(name, page, cuts) for each front sheet of a file: `cuts` maps a component's id to
    its outline and folds, item-local. Every piece cut out is cut, with crop marks or
    without (a die net, a bench); a page to write on is not. Another language's copy of a
    file has the same cuts, and no cut files of its own."""
    if laid.lang not in (None, job.lang):
        return []
    cut = {
        c.id: (kind_of(c).outline(c, job.game), kind_of(c).folds(c, job.game))
        for c in laid.components
        if kind_of(c).cut_out
    }
    if not cut:  # a page to write on is not cut out
        return []
    sheets = [p for p in laid.pages if any(q.side == "front" for q in p.placements)]
    return [
        (f"{laid.stem}-{numbered(n, len(sheets))}", page, cut)
        for n, page in enumerate(sheets, start=1)
    ]


def loops_and_folds(page: Page, cut: Cut) -> tuple[list[list[Point]], list[Fold]]:
    """Each piece's closed outline and each fold (x1, y1, x2, y2, style) on the page, in mm
    from the page's lower-left corner."""

    def mm(x: float, y: float) -> Point:
        return round(to_mm(x), 4), round(to_mm(y), 4)

    loops: list[list[Point]] = []
    folds: list[Fold] = []
    for p in page.placements:
        if p.side != "front" or p.item.component.id not in cut:
            continue
        outline, item_folds = cut[p.item.component.id]
        if p.cut is not None:  # a board's piece on this sheet: cut at the window's edges
            x, y, w, h = p.cut
            loops.append([mm(x, y), mm(x + w, y), mm(x + w, y + h), mm(x, y + h)])
            continue
        loops += [[mm(*apply(p.matrix, x, y)) for x, y in loop] for loop in outline]
        folds += [
            (*mm(*apply(p.matrix, x1, y1)), *mm(*apply(p.matrix, x2, y2)), style)
            for x1, y1, x2, y2, style in item_folds
        ]
    folds += [(*mm(x1, y1), *mm(x2, y2), "valley") for x1, y1, x2, y2 in page.folds]
    return loops, folds


def _mm(v: float) -> float:
    return round(to_mm(v), 4)


def marks_mm(page: Page) -> list[tuple[float, float, float, float]]:
    """The page's registration marks (x, y, w, h), in mm from its lower-left corner."""
    return [
        (round(to_mm(x), 4), round(to_mm(y), 4), round(to_mm(w), 4), round(to_mm(h), 4))
        for x, y, w, h in registration_marks(page)
    ]


GRID = 0.001  # mm: edges of two pieces this close are one edge (the outlines are at 0.0001)


def merged(loops: list[list[tuple[float, float]]]) -> list[list[tuple[float, float]]]:
    """The pieces' outlines as lines that cover every edge once: the union of their
    boundaries (coincident and overlapping edges dissolved, snapped to GRID), merged into
    the longest runs that meet no other edge; a piece that touches none stays a closed
    loop (first point repeated last). Sorted, so the same sheet gives the same file."""
    from shapely import LineString, line_merge, unary_union

    rings = [LineString([*loop, loop[0]]) for loop in loops if len(loop) > 1]
    if not rings:
        return []
    lines = line_merge(unary_union(rings, grid_size=GRID))
    runs = getattr(lines, "geoms", [lines])
    return sorted([(round(x, 4), round(y, 4)) for x, y in run.coords] for run in runs)


class CutFiles(Writer):
    """A cut file a sheet, in one format: `suffix` names it, `write` writes one sheet, its
    cut layer `merged` (each edge once) or one closed path a piece."""

    suffix = ""

    def write(self, path: Path, page: Page, cut: Cut, merge: bool) -> None:
        raise NotImplementedError

    def component(self, job: Job, laid: LaidOut) -> list[Entry]:
        files = []
        merge = job.options.settings.bleed == 0  # only then do neighbours share edges
        for name, page, cut in sheets_to_cut(job, laid):
            path = f"cut/{name}.{self.suffix}"
            self.write(job.staging.path(path), page, cut, merge)
            files.append(listed(path, [page], job.game))
        return files


@register
class Cuts(CutFiles):
    name = "cuts"
    order = 20
    suffix = "svg"

    def wanted(self, options: BuildOptions) -> bool:
        return options.cut == "svg"

    def write(self, path: Path, page: Page, cut: Cut, merge: bool) -> None:
        write_cut_svg(path, page, cut, merge)


def write_cut_svg(path: Path, page: Page, cut: Cut, merge: bool = False) -> None:
    """One sheet: each piece's outline as a closed path (or, merged, every edge once and the
    closed paths in a hidden group `outline`), its folds solid in a group per kind; y runs
    down in SVG."""
    import svgwrite  # a tenth of a second to import: only builds with cut files pay for it

    w, h = (to_mm(v) for v in page.size)
    drawing = svgwrite.Drawing(
        str(path), size=(f"{w:.3f}mm", f"{h:.3f}mm"), viewBox=f"0 0 {w:.3f} {h:.3f}", profile="tiny"
    )
    cuts = drawing.add(drawing.g(id="cut", fill="none", stroke=CUT, stroke_width=0.1))
    groups = {
        style: drawing.add(
            drawing.g(id=f"score-{style}", fill="none", stroke=colour, stroke_width=0.1)
        )
        for style, colour in SCORE.items()
    }
    loops, folds = loops_and_folds(page, cut)
    if merge:
        for run in merged(loops):
            points = [(x, round(h - y, 4)) for x, y in run]
            if run[0] == run[-1]:  # a piece that touches none: a closed loop as before
                cuts.add(drawing.polygon(points[:-1]))
            else:
                cuts.add(drawing.polyline(points))
        # The pieces whole, for software that wants them, hidden: a machine cuts once.
        pieces = drawing.add(
            drawing.g(id="outline", fill="none", stroke=OUTLINE, stroke_width=0.1, display="none")
        )
        _pieces(drawing, pieces, loops, h)
    else:
        _pieces(drawing, cuts, loops, h)
    for x1, y1, x2, y2, style in folds:
        groups[style].add(drawing.line((x1, round(h - y1, 4)), (x2, round(h - y2, 4))))
    if page.registration is not None:
        _marks(drawing, page, page.registration, h)
    drawing.save(pretty=True)


def _marks(drawing: Drawing, page: Page, inset: float, h: float) -> None:
    """Where the machine's eye looks, not to be cut, in a group of their own: the square
    filled, the L's stroked LINE wide on the inset, as the plugin draws them."""
    group = drawing.add(drawing.g(id="registration"))
    x, y, side, _ = (_mm(v) for v in square(page.size, inset))
    group.add(drawing.rect((x, round(h - y - side, 4)), (side, side), id="regmark-tl", fill="#000"))
    for name, line in zip(("regmark-tr", "regmark-bl"), mark_lines(page), strict=True):
        d = " L ".join(f"{_mm(px)},{round(h - _mm(py), 4)}" for px, py in line)
        group.add(
            drawing.path(
                d=f"M {d}",
                id=name,
                fill="none",
                stroke="#000",
                stroke_width=_mm(LINE),
                stroke_linejoin="miter",
                stroke_linecap="butt",
            )
        )


def _pieces(drawing: Drawing, group: Group, loops: list[list[Point]], h: float) -> None:
    """Each piece's outline as a closed path in `group`: a card's a plain rectangle."""
    for loop in loops:
        xs, ys = sorted({x for x, _ in loop}), sorted({y for _, y in loop})
        if len(loop) == 4 and len(xs) == 2 and len(ys) == 2:
            group.add(
                drawing.rect(
                    (xs[0], round(h - ys[1], 4)), (round(xs[1] - xs[0], 4), round(ys[1] - ys[0], 4))
                )
            )
        else:
            group.add(drawing.polygon([(x, round(h - y, 4)) for x, y in loop]))
