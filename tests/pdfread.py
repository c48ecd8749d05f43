"""Reads written PDFs back as numbers: placed forms, stroked lines and closed outlines,
boxes, fonts."""

from __future__ import annotations

from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

from bastelbogen.core.geometry import IDENTITY, apply, bounds, compose

PT_PER_MM = 72 / 25.4


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


@dataclass
class PageInfo:
    size: tuple
    placed: list
    lines: list
    trim_box: tuple
    bleed_box: tuple
    outlines: list = field(default_factory=list)


def _num(values):
    return tuple(float(v) for v in values)


def read(path, forms: bool = False) -> tuple[PdfReader, list[PageInfo]]:
    """Pages as numbers; with `forms`, the lines drawn inside placed forms too."""
    reader = PdfReader(str(path))
    pages = []
    for page in reader.pages:
        placed, lines = [], []
        ops = ContentStream(page.get_contents(), reader).operations
        _walk(reader, ops, page["/Resources"], IDENTITY, placed, lines, False, forms)
        mb = page.mediabox
        pages.append(
            PageInfo(
                (float(mb.width), float(mb.height)),
                placed,
                [x for x in lines if isinstance(x, Line)],
                _num(page.trimbox),
                _num(page.bleedbox),
                [x for x in lines if isinstance(x, Outline)],
            )
        )
    return reader, pages


def _walk(reader, ops, resources, ctm, placed, lines, in_form: bool, into: bool) -> None:
    """Follow the graphics state through a content stream (and, `into`, the forms it places)."""
    xobjects = resources.get("/XObject", {}) if resources else {}
    width, dash = 1.0, ()
    stack, path = [], []
    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, width, dash))
        elif op == b"Q":
            ctm, width, dash = stack.pop()
        elif op == b"cm":
            ctm = compose(ctm, _num(operands))
        elif op == b"w":
            width = float(operands[0])
        elif op == b"d":
            dash = tuple(float(v) for v in operands[0])
        elif op == b"Do":
            form = xobjects[operands[0]].get_object()
            if form.get("/Subtype") != "/Form":
                continue
            if not in_form:
                placed.append(Placed(str(operands[0]), ctm, _num(form["/BBox"])))
            if into:
                inner = ContentStream(form, reader).operations
                _walk(reader, inner, form.get("/Resources"), ctm, placed, lines, True, into)
        elif op == b"m":
            path = [apply(ctm, *_num(operands))]
        elif op == b"l":
            path.append(apply(ctm, *_num(operands)))
        elif op == b"h":
            path.append(None)  # closed
        elif op == b"S" and len(path) == 2:
            (x1, y1), (x2, y2) = path
            lines.append(Line(x1, y1, x2, y2, width, bool(dash), dash, in_form))
        elif op == b"S" and len(path) > 3 and path[-1] is None and None not in path[:-1]:
            lines.append(Outline(tuple(path[:-1]), width, bool(dash), in_form))


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
