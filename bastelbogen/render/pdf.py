"""PDF documents: pages of placed arts with their crop marks, written reproducibly."""

from __future__ import annotations

import io
import struct
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import reportlab
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen import canvas as rl_canvas

from bastelbogen.content.rasters import pillow
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.layout.arts import Arts
from bastelbogen.layout.cutmarks import MARK_WIDTH
from bastelbogen.layout.imposition import Page
from bastelbogen.layout.registration import registration_marks
from bastelbogen.render.boardsheets import draw_overview, draw_sheet_guides
from bastelbogen.render.icons import Placed
from bastelbogen.render.joints import bare, draw_underlays
from bastelbogen.render.paint import Forms, PaintContext
from bastelbogen.render.pdfimport import draw_form
from bastelbogen.render.style import stroke_line

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from bastelbogen.content.words import Table
    from bastelbogen.core.geometry import Rect
    from bastelbogen.render.vector import VectorPicture

# ASCII85 costs time and size; with it off, images must never be inline (DESIGN.md).
rl_config.useA85 = 0
# Whatever draws, Pillow decodes our picture formats and no other (reportlab opens pictures
# without naming a format): closed before anything here can open one.
pillow()


class _Deflated:
    """A stream filter for content deflated already: named as reportlab's, changing nothing."""

    pdfname = "FlateDecode"

    def encode(self, content: bytes) -> bytes:
        return content


class _FormWithStates(pdfdoc.PDFFormXObject):  # type: ignore[misc]  # reportlab: no types
    """reportlab gives a form XObject fonts and nested forms but not its graphics states, so
    transparency drawn inside a form is lost (every card and picture here is a form). This
    form builds the resources reportlab would, with the graphics states added.

    Its drawing is deflated as soon as it is made, as reportlab would on saving: a kit holds
    every face's form until the file is saved, and 30,000 cards' drawings uncompressed
    were most of a big build's memory."""

    # set by reportlab's form, unannotated there
    stream: str | bytes | None
    compression: int
    Resources: object

    def deflate(self) -> None:
        if self.compression and isinstance(self.stream, str | bytes):
            self.Contents = _deflated(self.stream, "xobject form stream")
            self.stream, self.compression = None, 0

    def format(self, document: object) -> bytes:
        if not self.Resources:
            resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            if self.hasImages:
                resources.allProcs()
            else:
                resources.basicProcs()
            if self.XObjects:
                resources.XObject = self.XObjects
            if getattr(self, "ExtGState", None):
                resources.ExtGState = self.ExtGState
            self.Resources = resources
        formatted: bytes = super().format(document)
        return formatted


def _deflated(stream: str | bytes, comment: str) -> pdfdoc.PDFStream:
    """A drawing's stream deflated now, as reportlab would on saving (the same bytes): held
    until the file is saved, thousands of faces' drawings were most of a big build's memory."""
    data = stream.encode("utf8") if isinstance(stream, str) else stream
    deflated = pdfdoc.PDFStream(content=zlib.compress(data), filters=[_Deflated()])
    deflated.__Comment__ = comment
    return deflated


class Discard:
    """Where a validation's PDFs go: saved (the fonts are subset then, and a damaged one
    fails only there) but kept nowhere."""

    def write(self, data: bytes) -> int:
        return len(data)


DISCARD = Discard()


class _Streamed(pdfdoc.PDFFile):  # type: ignore[misc]  # reportlab ships no types
    """reportlab's collector of the formatted file, writing each piece to the file as it
    comes instead of holding the whole PDF until the end (twice its size at the peak)."""

    sink: IO[bytes] | None = None  # the open file of the save under way
    strings: list[bytes]  # reportlab's: the pieces collected

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # the header, collected the usual way
        sink = self.sink
        assert sink is not None  # set by Canvas.save for the one call that makes this
        for piece in self.strings:
            sink.write(piece)
        self.strings = []
        self.write = sink.write

    def format(self, document: object) -> bytes:
        return b""


class Canvas(rl_canvas.Canvas):  # type: ignore[misc]  # reportlab ships no types
    """reportlab's canvas whose forms keep their graphics states; no other canvas in the
    process is touched. The fix leans on how reportlab 4 and 5 build forms (endForm hands
    the states to the form before it is added), hence the version check. It saves by
    streaming the file out (see _Streamed): the same bytes, a fraction of the memory."""

    def save(self) -> None:
        if len(self._code):
            self.showPage()
        target = self._filename
        _all_embedded(self._doc.fontMapping, target)
        out = target if hasattr(target, "write") else open(target, "wb")  # noqa: SIM115
        collector = pdfdoc.PDFFile
        try:
            # reportlab makes its collector by this module-level name, inside one call: it
            # is swapped for that call only (builds in one process run one at a time).
            _Streamed.sink, pdfdoc.PDFFile = out, _Streamed
            self._doc.GetPDFData(self)
        finally:
            pdfdoc.PDFFile, _Streamed.sink = collector, None
            if out is not target:
                out.close()

    def showPage(self) -> None:
        super().showPage()
        page = self._doc.Pages.pages[-1]  # the page just made: its drawing deflated now
        if page.compression and isinstance(page.stream, str | bytes):
            page.Contents = _deflated(page.stream, "page stream")
            page.stream = None

    def drawVector(
        self, picture: VectorPicture, x: float, y: float, width: float, height: float
    ) -> None:  # noqa: N802
        """A converted picture (render/vector.py) drawn over (x, y, width, height)."""
        draw_form(self, picture, x, y, width, height)

    def drawTinted(  # noqa: N802
        self, picture: VectorPicture, x: float, y: float, w: float, h: float, colour: Color
    ) -> None:
        """A converted picture's shape in `colour` (a tinted icon: render/icons.py)."""
        draw_form(self, picture, x, y, w, h, colour)

    def drawImage(self, image: object, *args: Any, **kwargs: Any) -> object:  # noqa: N802
        """A picture; an icon a paragraph sets draws itself (render/icons.py `Placed`)."""
        if not isinstance(image, Placed):
            return super().drawImage(image, *args, **kwargs)
        image.draw(self, *args[:4])
        return None

    def _setExtGState(self, obj: object) -> None:
        super()._setExtGState(obj)
        if type(obj) is pdfdoc.PDFFormXObject:
            obj.__class__ = _FormWithStates
            cast(_FormWithStates, obj).deflate()


def _all_embedded(used: dict[str, str], target: object) -> None:
    """The last guard of "every font embedded": a font the document set text in that is no
    font file of ours (a standard PDF font, which reportlab writes as a name only) stops the
    file before a byte of it is written. Every way a designer names a font resolves it first
    (render/faces.py, standardfonts.py); this is what a way missed would meet."""
    bare = [name for name in used if not isinstance(pdfmetrics.getFont(name), TTFont)]
    if bare:
        where = getattr(target, "name", target) if not isinstance(target, str) else target
        raise ContentError(
            Problem(
                Loc(str(where)),
                f"font '{bare[0]}' would be named in this PDF without being embedded (a"
                " standard PDF font); every font is embedded: name a font of the game, or"
                " Helvetica, Times or Courier where they are drawn in their replacements",
            )
        )


if not 4 <= int(reportlab.Version.split(".")[0]) <= 5:  # pragma: no cover - guarded in deps
    raise ImportError(
        f"reportlab {reportlab.Version}: forms are completed for reportlab 4-5"
        " only; check render/pdf.py's Canvas before allowing it"
    )


@dataclass(frozen=True)
class Meta:
    """A PDF's document information."""

    title: str
    author: str
    subject: str


def new_canvas(
    path: Path | str | IO[bytes] | Discard,
    meta: Meta,
    size: tuple[float, float],
    font: str,
    kind: type[Canvas] = Canvas,
    **more: object,
) -> Canvas:
    """A canvas writing to a file's path, or to an open binary file (a buffer); `kind` is
    another canvas of ours (render/cmyk.py's), `more` its own arguments."""
    # The initial font is ours: reportlab's default would put an unembedded Helvetica in.
    c = kind(
        path if hasattr(path, "write") else str(path),
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=font,
        **more,
    )
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setCreator("Bastelbogen")
    c.setProducer("Bastelbogen (reportlab)")
    # Cards must come out at their true size: ask viewers not to fit pages to the paper.
    c.setViewerPreference("PrintScaling", PDFName("None"))
    return c


def picture_page(
    picture: VectorPicture, size: tuple[float, float], font: str | None = None
) -> bytes:
    """A PDF of one page of `size` points that a converted picture (render/vector.py) fills,
    drawn as a card draws it: for pictures of a cut file, conformance cases and tests. Its
    initial font (which reportlab names on every page) is embedded, as in all our PDFs."""
    from bastelbogen.render.standardfonts import registered

    buffer = io.BytesIO()
    font = font or registered("Sans", False, False)
    c = new_canvas(buffer, Meta("picture", "", ""), size, font)
    c.drawVector(picture, 0, 0, *size)
    c.showPage()
    c.save()
    return buffer.getvalue()


def set_boxes(c: Canvas, trim: Rect, bleed: Rect) -> None:
    c.setTrimBox(_corners(trim))
    c.setBleedBox(_corners(bleed))


def _corners(rect: Rect) -> list[float]:
    x, y, w, h = rect
    return [round(x, 4), round(y, 4), round(x + w, 4), round(y + h, 4)]


def write_pages(
    path: Path | IO[bytes],
    pages: list[Page],
    arts: Arts,
    meta: Meta,
    ctx: PaintContext,
    words: Table,
    make: Callable[..., Canvas] = new_canvas,
) -> None:
    """`arts` (arts.Arts) gives each item side's art and its key, one form per key;
    `words` are the kit's own words in the build's first language (a board's glue margins,
    its assembly plan); `make` makes the canvas (a print shop's CMYK one for --pdfx)."""
    c = make(DISCARD if ctx.dry else path, meta, pages[0].size, ctx.fonts["regular"])
    forms, uses = Forms(c, ctx), _uses(pages, arts)
    ctx.lang = arts.lang  # the file's language: its text is hyphenated by its rules
    for page in pages:
        _write_page(c, page, arts, forms, uses, ctx, words)
    try:
        c.save()  # fonts are subset here: a damaged table inside one shows only now
    except (TTFError, IndexError, KeyError, struct.error, ValueError) as exc:
        raise ContentError(
            Problem(
                ctx.fonts.loc,
                "a font of this game cannot be embedded:"
                f" {str(exc).splitlines()[0][:100]}; it is damaged",
            )
        ) from None


def _write_page(
    c: Canvas,
    page: Page,
    arts: Arts,
    forms: Forms,
    uses: array[int],
    ctx: PaintContext,
    words: Table,
) -> None:
    """One page: its pieces' arts (each a form, or drawn in place when the file places it
    once), its guides, and a board's sheet marks and overview."""
    c.setPageSize(page.size)
    set_boxes(c, page.trim_box, page.bleed_box)
    with_arts = [(p, *arts.placed(p.item, p.side)) for p in page.placements]
    covered = draw_underlays(c, [(p, art) for p, art, _, _ in with_arts], ctx)
    placed = [(p.item, p.side, p.matrix, p.clip, a, k, o) for p, a, k, o in with_arts]
    if page.overview is not None:
        item, matrix, _ = page.overview
        placed.append((item, "front", matrix, None, *arts.placed(item, "front")))
    for n, (item, side, matrix, clip, art, key, own) in enumerate(placed):
        if art is None or _drawn_before(ctx, key):
            continue
        assert key is not None  # a side with an art has its key
        under = covered.get(n)
        if under:  # its piece of a picture lies under it already, whole (joints.py)
            art, key = bare(art, under), key + ("bare", under)
        label = f"item '{item.id}' ({side})"
        once = _once(uses, own)
        forms.place(art, matrix, label, clip, item.loc, key, item, once)
    draw_guides(c, page)
    if page.glue or page.align or page.label:
        draw_sheet_guides(c, page, ctx.fonts["regular"], words, ctx.fonts["bold"])
    if page.overview is not None:
        draw_overview(c, page, ctx.fonts["regular"], ctx.fonts["bold"], words)
    c.showPage()


def _uses(pages: list[Page], arts: Arts) -> array[int]:
    """The hash of each side's own key (arts.key, not canonical: the same whatever was
    drawn before) for every placement of the file, sorted: a kit of 30,000 cards holds no
    30,000 keys, nor a count of each, to learn which sides it places once (`_once`)."""
    found = [hash(arts.key(p.item, p.side, canonical=False)) for pg in pages for p in pg.placements]
    found += [
        hash(arts.key(pg.overview[0], "front", canonical=False))
        for pg in pages
        if pg.overview is not None
    ]
    found.sort()
    return array("q", found)


def _once(uses: array[int], key: Hashable) -> bool:
    """Whether the file places the side of this own key once: drawn in place. Two keys of
    one hash would only make such a side a form, the same on the page."""
    at = bisect_left(uses, hash(key))
    return (
        at < len(uses)
        and uses[at] == hash(key)
        and (at + 1 == len(uses) or uses[at + 1] != uses[at])
    )


def _drawn_before(ctx: PaintContext, key: Hashable) -> bool:
    """Validating several variants: a face one of them drew already proves nothing new."""
    if ctx.drawn is None or not Arts.shared(key):
        return False
    if key in ctx.drawn:
        return True
    ctx.drawn.add(key)
    return False


def draw_guides(c: Canvas, page: Page) -> None:
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(MARK_WIDTH)
    for x1, y1, x2, y2 in page.marks:
        c.line(x1, y1, x2, y2)
    for x1, y1, x2, y2 in page.folds:
        stroke_line(c, x1, y1, x2, y2, "valley")
    for x1, y1, x2, y2 in page.cuts:
        stroke_line(c, x1, y1, x2, y2, "guide")
    c.setDash()
    marks = registration_marks(page)
    if marks:  # print-then-cut: solid black finds a machine's eye best
        c.setFillColor(colors.black)
    for rect in marks:
        c.rect(*rect, stroke=0, fill=1)
    c.restoreState()
