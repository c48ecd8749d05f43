"""Reads written PDFs back as numbers: placed forms, stroked lines and closed outlines,
painted shapes with their colours, boxes, fonts."""

from __future__ import annotations

from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

from bastelbogen.core.geometry import IDENTITY, apply, bounds, compose

PT_PER_MM = 72 / 25.4
PIECE = "<piece>"  # a piece drawn in place, until read() names it


@dataclass(frozen=True)
class Placed:
    name: str
    matrix: tuple
    bbox: tuple  # the form's own box (x0, y0, x1, y1)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    dashed: bool
    dash: tuple = ()
    in_form: bool = False


@dataclass(frozen=True)
class Outline:
    """A stroked closed path of straight segments (a shaped piece's cut line), in points."""

    points: tuple
    width: float
    dashed: bool
    in_form: bool = False


@dataclass(frozen=True)
class Shape:
    """A painted path (with `shapes`): the ends of its segments in points (a curve's
    control points left out, so a circle gives its four extreme points), whether it is
    closed, its fill and stroke as RGB (None where not painted), and its line's width in
    points on the page."""

    points: tuple
    closed: bool
    fill: tuple | None
    stroke: tuple | None
    width: float
    in_form: bool = False


@dataclass
class PageInfo:
    size: tuple
    placed: list
    lines: list
    trim_box: tuple
    bleed_box: tuple
    outlines: list = field(default_factory=list)
    shapes: list = field(default_factory=list)


def _num(values):
    return tuple(float(v) for v in values)


def read(path, forms: bool = False, shapes: bool = False) -> tuple[PdfReader, list[PageInfo]]:
    """Pages as numbers; with `forms`, the lines drawn inside placed forms too; with
    `shapes`, every painted path as a Shape. A piece drawn in place is placed like a form,
    named by its page and place (piece-1-3)."""
    reader = PdfReader(str(path))
    pages = []
    for number, page in enumerate(reader.pages, start=1):
        placed, lines = [], []
        ops = ContentStream(page.get_contents(), reader).operations
        painted = [] if shapes else None
        _walk(reader, ops, page["/Resources"], IDENTITY, placed, lines, False, forms, painted)
        placed = [
            Placed(f"piece-{number}-{n}", p.matrix, p.bbox) if p.name == PIECE else p
            for n, p in enumerate(placed)
        ]
        mb = page.mediabox
        pages.append(
            PageInfo(
                (float(mb.width), float(mb.height)),
                placed,
                [x for x in lines if isinstance(x, Line)],
                _num(page.trimbox),
                _num(page.bleedbox),
                [x for x in lines if isinstance(x, Outline)],
                painted or [],
            )
        )
    return reader, pages


PAINTS = {  # operator: (closes, fills, strokes)
    b"S": (False, False, True),
    b"s": (True, False, True),
    b"f": (False, True, False),
    b"F": (False, True, False),
    b"f*": (False, True, False),
    b"B": (False, True, True),
    b"B*": (False, True, True),
    b"b": (True, True, True),
    b"b*": (True, True, True),
}


def _walk(  # noqa: C901 - one branch per PDF operator
    reader, ops, resources, ctm, placed, lines, in_form: bool, into: bool, shapes=None
) -> None:
    """Follow the graphics state through a content stream (and, `into`, the forms it
    places, and the pieces it draws in place); `shapes`, a list, collects every painted
    path."""
    outer = in_form
    xobjects = resources.get("/XObject", {}) if resources else {}
    width, dash = 1.0, ()
    marked: list[bool] = []  # each open marked-content sequence: whether it is a piece
    hidden = False  # inside a piece while forms are not read into
    fill, stroke = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    stack, path, ends = [], [], []
    for operands, op in ops:
        if op in PAINTS and shapes is not None and ends and not hidden:
            closes, fills, strokes = PAINTS[op]
            shapes.append(
                Shape(
                    tuple(p for p in ends if p is not None),
                    closes or None in ends or _returns(ends),
                    fill if fills else None,
                    stroke if strokes else None,
                    width * abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5,
                    in_form,
                )
            )
        if op in PAINTS or op == b"n":
            ends = []
        if op == b"q":
            stack.append((ctm, width, dash, fill, stroke))
        elif op == b"Q":
            ctm, width, dash, fill, stroke = stack.pop()
        elif op == b"rg":
            fill = _num(operands)
        elif op == b"RG":
            stroke = _num(operands)
        elif op == b"g":
            fill = _num(operands) * 3
        elif op == b"G":
            stroke = _num(operands) * 3
        elif op in (b"c", b"v", b"y"):
            ends.append(apply(ctm, *_num(operands[-2:])))
        elif op == b"re":
            x, y, w, h = _num(operands)
            ends += [apply(ctm, *p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            ends.append(None)
        elif op == b"cm":
            ctm = compose(ctm, _num(operands))
        elif op == b"w":
            width = float(operands[0])
        elif op == b"d":
            dash = tuple(float(v) for v in operands[0])
        elif op in (b"BDC", b"BMC"):  # a piece drawn in place (render/paint.py) is placed
            piece = op == b"BDC" and operands[0] == "/Piece"
            if piece and not in_form:
                placed.append(Placed(PIECE, ctm, _num(operands[1]["/BBox"])))
            marked.append(piece)
            in_form = in_form or piece
            hidden = not into and any(marked)  # like a form's drawing, read only `into`
        elif op == b"EMC":
            if marked.pop():
                in_form = any(marked) or outer
            hidden = not into and any(marked)
        elif op == b"Do":
            form = xobjects[operands[0]].get_object()
            if form.get("/Subtype") != "/Form":
                continue
            if not in_form:
                placed.append(Placed(str(operands[0]), ctm, _num(form["/BBox"])))
            if into:
                inner = ContentStream(form, reader).operations
                resources = form.get("/Resources")
                _walk(reader, inner, resources, ctm, placed, lines, True, into, shapes)
        elif op == b"m":
            path = [apply(ctm, *_num(operands))]
            ends.append(path[0])
        elif op == b"l":
            path.append(apply(ctm, *_num(operands)))
            ends.append(path[-1])
        elif op == b"h":
            path.append(None)  # closed
            ends.append(None)
        elif op == b"S" and hidden:
            pass
        elif op == b"S" and len(path) == 2:
            (x1, y1), (x2, y2) = path
            lines.append(Line(x1, y1, x2, y2, width, bool(dash), dash, in_form))
        elif op == b"S" and len(path) > 3 and path[-1] is None and None not in path[:-1]:
            lines.append(Outline(tuple(path[:-1]), width, bool(dash), in_form))
        if op in PAINTS or op in (b"n", b"re"):  # a path painted, or a rectangle begun
            path = []


def _returns(ends) -> bool:
    """A path that ends where it began is closed (a circle, drawn without `h`)."""
    first, last = ends[0], ends[-1]
    return len(ends) > 2 and abs(first[0] - last[0]) + abs(first[1] - last[1]) < 1e-6


def trim_of(placed: Placed, bleed_pt: float) -> tuple:
    """The trim rectangle of a placed item on the page, in mm: (x, y, w, h)."""
    x0, y0, x1, y1 = placed.bbox
    local = (x0 + bleed_pt, y0 + bleed_pt, x1 - x0 - 2 * bleed_pt, y1 - y0 - 2 * bleed_pt)
    return tuple(v / PT_PER_MM for v in bounds(placed.matrix, local))


def fonts_embedded(reader: PdfReader) -> list[tuple[str, bool]]:
    """Every font used anywhere (pages and forms), and whether its program is embedded."""
    seen = {}

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            seen[str(font.get("/BaseFont"))] = embedded
        for xobj in resources.get("/XObject", {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                walk(xobj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return sorted(seen.items())
