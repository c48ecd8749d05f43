"""A page of another PDF (a converted picture's) as a form of the document being written.

reportlab writes our pages; it cannot read a PDF. pypdf reads the picture's file, and each
of its objects is carried over as it is: its bytes, with its references to the other
objects renumbered as the document numbers them when it is saved. The page becomes a form
XObject (ISO 32000-1, 8.10) with the page's resources and transparency group, registered
under a form name, so `canvas.doForm(name)` draws it wherever and as often as wanted: one
copy of the picture in the file however often a sheet shows it (`draw_form`). A tinted
icon (render/icons.py) is the same form used as a soft mask that its colour is painted
through.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeGuard

from reportlab.pdfbase import pdfdoc

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader
    from pypdf.generic import IndirectObject, NameObject, PdfObject, StreamObject
    from reportlab.lib import colors

    from bastelbogen.render.style import Canvas
    from bastelbogen.render.vector import VectorPicture

# reportlab ships no types: its objects are Any to mypy, so are our subclasses' bases.


class _Ref(pdfdoc.PDFObject):  # type: ignore[misc]  # reportlab ships no types
    """A reference to an imported object: its number is the document's, given on saving."""

    def __init__(self, target: pdfdoc.PDFObject) -> None:
        self.target = target

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        formatted: bytes = document.Reference(self.target).format(document)
        return formatted


class _Direct(pdfdoc.PDFObject):  # type: ignore[misc]  # reportlab ships no types
    """An object written as it was read: bytes, and references between them."""

    def __init__(self, parts: list[bytes | _Ref]) -> None:
        self.parts = parts

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        return b"".join(p if isinstance(p, bytes) else p.format(document) for p in self.parts)


class _Stream(pdfdoc.PDFObject):  # type: ignore[misc]  # reportlab ships no types
    """A stream as it was read: its dictionary (less its length) and its encoded bytes."""

    __RefOnly__ = 1  # a stream is always an indirect object

    def __init__(self, dictionary: _Direct, data: bytes) -> None:
        self.dictionary, self.data = dictionary, data

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        head = self.dictionary.format(document)[:-2]  # the dictionary without its ">>"
        return b"%s /Length %d >>\nstream\n%s\nendstream" % (head, len(self.data), self.data)


class _Importer:
    """One source file's objects carried into the document, each once."""

    def __init__(self, reader: PdfReader, images: Mapping[str, PdfObject]) -> None:
        self.reader = reader
        self.images = images  # entries every picture (image XObject) is given
        self.carried: dict[int, pdfdoc.PDFObject] = {}

    def indirect(self, ref: IndirectObject) -> pdfdoc.PDFObject:
        """The carried copy of an indirect object: made empty and remembered first, then
        filled, so that objects referring to each other end."""
        found = self.carried.get(ref.idnum)
        if found is None:
            target = ref.get_object()
            assert target is not None  # the converter's file: every reference resolves
            if _is_stream(target):
                stream = _Stream(_Direct([]), bytes(target._data))  # as encoded in the file
                self.carried[ref.idnum] = stream
                entries = {k: v for k, v in target.items() if k != "/Length"}
                if entries.get("/Subtype") == "/Image":
                    entries = {**self.images, **entries}
                stream.dictionary.parts = self.dictionary(entries)
                return stream
            direct = _Direct([])
            self.carried[ref.idnum] = direct
            direct.parts = self.parts(target)
            found = direct
        return found

    def parts(self, obj: PdfObject) -> list[bytes | _Ref]:
        from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

        if isinstance(obj, IndirectObject):
            return [_Ref(self.indirect(obj))]
        if isinstance(obj, DictionaryObject):
            return self.dictionary(obj)
        if isinstance(obj, ArrayObject):
            out: list[bytes | _Ref] = [b"["]
            for n, value in enumerate(obj):
                out += ([b" "] if n else []) + self.parts(value)
            return [*out, b"]"]
        buffer = io.BytesIO()
        obj.write_to_stream(buffer)
        return [buffer.getvalue()]

    def dictionary(self, entries: Mapping[str, PdfObject]) -> list[bytes | _Ref]:
        from pypdf.generic import NameObject

        out: list[bytes | _Ref] = [b"<<"]
        # In order of their keys: the converter writes its resources in a hash map's order,
        # which differs from run to run; our files are the same bytes each time.
        for key, value in sorted(entries.items()):
            out += [b" ", *self.parts(NameObject(key)), b" ", *self.parts(value)]
        return [*out, b" >>"]


def _is_stream(obj: object) -> TypeGuard[StreamObject]:
    from pypdf.generic import StreamObject

    return isinstance(obj, StreamObject)


def page_form(
    document: pdfdoc.PDFDocument, name: str, pdf: bytes, smooth: bool = False
) -> tuple[float, float, float, float]:
    """The first page of `pdf` registered in `document` as the form `name`; its box.
    `smooth`: its pictures ask to be interpolated when enlarged (/Interpolate, 8.9.5.3), as
    SVG draws pictures unless told otherwise (`image-rendering`)."""
    from pypdf import PdfReader
    from pypdf.generic import BooleanObject

    reader = PdfReader(io.BytesIO(pdf))
    importer = _Importer(reader, {"/Interpolate": BooleanObject(True)} if smooth else {})
    return _form(document, name, importer, reader.pages[0])


def page_forms(
    document: pdfdoc.PDFDocument, prefix: str, pdf: bytes
) -> list[tuple[float, float, float, float]]:
    """Every page of `pdf` registered as the forms `prefix`0, `prefix`1 ...; their boxes.
    The objects the pages share (a font's program) are carried once for all of them."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    importer = _Importer(reader, {})
    return [_form(document, f"{prefix}{n}", importer, p) for n, p in enumerate(reader.pages)]


def _form(
    document: pdfdoc.PDFDocument, name: str, importer: _Importer, page: PageObject
) -> tuple[float, float, float, float]:
    box = tuple(float(v) for v in page.mediabox)
    entries: dict[str, PdfObject] = {
        "/Type": _name("/XObject"),
        "/Subtype": _name("/Form"),
        "/BBox": page["/MediaBox"],
    }
    for key in ("/Resources", "/Group"):
        if key in page:
            entries[key] = page[key]
    content = page.get_contents()
    data = content.get_data() if content is not None else b""
    entries["/Filter"] = _name("/FlateDecode")
    form = _Stream(_Direct(importer.dictionary(entries)), zlib.compress(data))
    document.Reference(form, pdfdoc.xObjectName(name))
    return box  # type: ignore[return-value]


def draw_form(
    c: Canvas,
    picture: VectorPicture,
    x: float,
    y: float,
    width: float,
    height: float,
    colour: colors.Color | None = None,
) -> None:
    """A converted picture (render/vector.py) drawn over (x, y, width, height), one form per
    picture in the document however often it is drawn; with `colour`, its shape painted
    in that colour: the form's alpha is the soft mask (ISO 32000-1, 11.6.5.2) the colour is
    painted through, so a tinted icon stays vector, its edges as smooth as its own."""
    forms = c.__dict__.setdefault("_vectors", {})
    if picture.key not in forms:
        name = f"Vector{len(forms)}"
        forms[picture.key] = (name, page_form(c._doc, name, picture.pdf, picture.smooth))
    name, (x0, y0, x1, y1) = forms[picture.key]
    c.saveState()
    c.translate(x, y)
    c.scale(width / (x1 - x0), height / (y1 - y0))
    c.translate(-x0, -y0)
    if colour is None:
        c.doForm(name)
    else:
        c._code.append(f"/{_mask_state(c, name, (x0, y0, x1, y1))} gs")
        c.setFillColor(colour)
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.restoreState()


def _mask_state(c: Canvas, name: str, box: tuple[float, float, float, float]) -> str:
    """The graphics state whose soft mask is the form `name`'s alpha: the mask (a
    transparency group drawing the form) made once a document, the state named among
    reportlab's own of the page or form being drawn (each starts its own, and is given
    them: render/pdf.py's forms keep them)."""
    masks = c.__dict__.setdefault("_masks", {})
    if name not in masks:
        form = c._doc.idToObject[pdfdoc.xObjectName(name)]
        corners = " ".join(f"{v:.4f}" for v in box).encode()
        group = _Stream(
            _Direct(
                [
                    b"<< /Type /XObject /Subtype /Form /BBox [%s]" % corners,
                    b" /Group << /S /Transparency >> /Resources << /XObject << /Shape ",
                    _Ref(form),
                    b" >> >> >>",
                ]
            ),
            b"/Shape Do",
        )
        masks[name] = _Direct([b"<< /Type /Mask /S /Alpha /G ", _Ref(group), b" >>"])
    states = c._extgstate._c  # reportlab's (entry, value) -> name, of this page or form
    state: str = states.setdefault(("SMask", masks[name]), f"gRLs{len(states)}")
    return state


def _name(text: str) -> NameObject:
    from pypdf.generic import NameObject

    return NameObject(text)


FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")  # ISO 32000-1, 9.9: the embedded program


def unembedded(pdf: bytes, every_page: bool = False) -> list[str]:
    """The fonts the first page of `pdf` (or `every_page`) draws with but does not carry
    (no font program in the descriptor, ISO 32000-1 9.9), by their names: its own
    resources, its forms', patterns' and Type 3 glyphs' resources, each looked at once. A
    PDF we carry into ours must have none (PDF/X-1a refuses them, and a viewer substitutes
    its own)."""
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(pdf)).pages
    found: list[str] = []
    seen: set[int] = set()
    pending = [page.get("/Resources") for page in (pages if every_page else pages[:1])]
    while pending:
        resources = _resolved(pending.pop())
        if not isinstance(resources, Mapping) or id(resources) in seen:
            continue
        seen.add(id(resources))
        for font in _values(resources.get("/Font")):
            if font.get("/Subtype") == "/Type3":
                pending.append(font.get("/Resources"))
            elif not _embedded(font):
                found.append(str(font.get("/BaseFont", "(unnamed)")).lstrip("/"))
        for key in ("/XObject", "/Pattern"):
            pending += [x.get("/Resources") for x in _values(resources.get(key))]
    return sorted(set(found))


def _resolved(obj: object) -> object:
    return obj.get_object() if hasattr(obj, "get_object") else obj


def _values(entries: object) -> list[Mapping[str, object]]:
    """A resource category's objects (fonts, forms), resolved; none if it is not there."""
    entries = _resolved(entries)
    if not isinstance(entries, Mapping):
        return []
    found = [_resolved(v) for v in entries.values()]
    return [v for v in found if isinstance(v, Mapping)]


def _embedded(font: Mapping[str, object]) -> bool:
    """Whether a (non-Type 3) font carries its program: a composite font in its descendant."""
    if font.get("/Subtype") == "/Type0":
        descendants = _resolved(font.get("/DescendantFonts"))
        first = _resolved(descendants[0]) if isinstance(descendants, list) and descendants else {}
        font = first if isinstance(first, Mapping) else {}
    descriptor = _resolved(font.get("/FontDescriptor"))
    return isinstance(descriptor, Mapping) and any(k in descriptor for k in FONT_FILES)
