"""The preview's pictures, drawn when they are asked for: every face, sheet page and cheat
sheet page of the last build is a source known by its key (a hash of what it shows), and a
picture of it at one of a few resolutions is drawn on request with the PDF's own forms
(render/raster.py, render/pdf.py), then kept in a cache bounded by its bytes
(limits.MAX_PREVIEW_PICTURE_BYTES), the least recently shown dropped first; a picture
dropped is drawn again from its source when it is asked for again.

PDFium is not thread-safe, and reportlab's fonts are shared: every drawing holds `lock`,
the preview's one lock for its builds and its drawings."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bastelbogen.content.words import Table
from bastelbogen.core import limits
from bastelbogen.layout.arts import Arts
from bastelbogen.layout.imposition import Page
from bastelbogen.render.paint import PaintContext
from bastelbogen.render.pdf import Meta, write_pages
from bastelbogen.render.raster import BATCH, Shot, rasterise

if TYPE_CHECKING:
    from PIL.Image import Image

# What a face's drawing warned of: a Preflight's findings (checks/preflight.py), by place.
Findings = dict[tuple[object, ...], list[object]]

FACE_DPI = 110  # faces on screen: a 63 x 88 mm card is 273 x 381 pixels
SHEET_DPI = 40  # sheets: an A4 page is 331 x 468 pixels
LADDER = (110, 220, 440, 880)  # the sharper pictures a page may ask for (zoom, HiDPI)


@dataclass
class Face:
    """A face: its art and the part shown (its trim and bleed), in points."""

    art: Any
    ctx: PaintContext
    font: str
    label: str  # told in what its drawing warns of
    item: Any = None  # the Item whose side it shows: a fault drawing it names its piece

    @property
    def points(self) -> tuple[float, float]:
        return self.art.bleed[2], self.art.bleed[3]


@dataclass
class Sheet:
    """A page of one of the kit's files, drawn alone as the file draws it."""

    name: str
    page: Page
    arts: Arts  # of its file
    ctx: PaintContext
    words: Table  # the kit's words in its language

    @property
    def points(self) -> tuple[float, float]:
        return self.page.size


@dataclass
class Rules:
    """A cheat sheet page: `draw` writes its PDF (rules.pdf in one language)."""

    draw: Any  # () -> PDF bytes
    size: tuple[float, float]

    @property
    def points(self) -> tuple[float, float]:
        return self.size


Source = Face | Sheet | Rules


# The longest side of a face's normal picture, in pixels: a card's is 381 (its grid shows it
# 190 high, twice that on a HiDPI screen), but a 520 mm board at FACE_DPI would be 2,250,
# most of a one-face edit's time spent drawing and packing pixels no grid shows. The large
# view asks for what it shows (LADDER).
FACE_PIXELS = 1_200


def normal_dpi(source: Source) -> int:
    if isinstance(source, Face):
        inches = max(source.points) / 72
        return max(1, min(FACE_DPI, int(FACE_PIXELS / inches)))
    return SHEET_DPI


def pixels(points: tuple[float, float], dpi: float) -> tuple[int, int]:
    return max(1, round(points[0] / 72 * dpi)), max(1, round(points[1] / 72 * dpi))


class Pictures(Mapping[str, bytes]):
    """key -> PNG at the source's normal resolution, for what is drawn now (a Mapping, as
    the server reads it); `picture` draws what is not."""

    def __init__(self, lock: threading.Lock) -> None:
        self.lock = lock
        self.sources: dict[str, Source] = {}  # the last build's, by key
        self._cache: OrderedDict[tuple[str, int], bytes] = OrderedDict()  # most recent last
        self._bytes = 0
        self._guard = threading.Lock()  # the cache itself, read by the server's loop
        # The faces a build is drawing now (it holds `lock` till the last): the server
        # waits for one asked for as it comes (told by `arrived`), not for the whole build,
        # and the build draws those asked for first (in the order asked).
        self._coming: set[str] = set()
        self._asked: dict[str, None] = {}
        self.arrived: Callable[[], None] = nobody
        self.drawn_pages = 0  # sheet and cheat sheet pages drawn so far (the tests count)

    # The Mapping of what is drawn at the normal resolution.
    def __getitem__(self, key: str) -> bytes:
        source = self.sources.get(key)
        found = self.cached(key, normal_dpi(source) if source else FACE_DPI)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        with self._guard:
            shown = [
                k
                for k, dpi in self._cache
                if k in self.sources and dpi == normal_dpi(self.sources[k])
            ]
        return iter(shown)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def cached(self, key: str, dpi: int) -> bytes | None:
        with self._guard:
            png = self._cache.get((key, dpi))
            if png is not None:
                self._cache.move_to_end((key, dpi))
            return png

    def keep(self, key: str, dpi: int, png: bytes) -> None:
        with self._guard:
            old = self._cache.pop((key, dpi), None)
            self._bytes += len(png) - (len(old) if old else 0)
            self._cache[(key, dpi)] = png
            while self._bytes > limits.MAX_PREVIEW_PICTURE_BYTES and len(self._cache) > 1:
                _, dropped = self._cache.popitem(last=False)
                self._bytes -= len(dropped)
            came = key in self._coming
            self._coming.discard(key)
        if came:
            self.arrived()

    def expect(self, keys: Iterable[str]) -> None:
        """The faces the build is about to draw, in place of those it expected before
        (none: it has drawn what it will)."""
        with self._guard:
            self._coming, self._asked = set(keys), {}
        self.arrived()

    def ask(self, key: str) -> bool:
        """Whether the build is drawing `key` now (at its normal resolution); if it is, it
        draws it before those not asked for."""
        with self._guard:
            if key in self._coming:
                self._asked[key] = None
            return key in self._coming

    def draw_coming(self, faces: list[tuple[str, Face]]) -> dict[str, Findings]:
        """Draw the faces the build expects (the caller holds the lock), as draw_faces
        does: each asked for meanwhile first, the others in their order. Each drawing is a
        document of its own: the first few are drawn in small ones, whose pictures come
        soon, then as many as a document of rasterise's holds, which costs less a face."""
        todo = dict(faces)
        found: dict[str, Findings] = {}
        size = 1
        while todo:
            found.update(self.draw_faces([self._next(todo) for _ in range(min(size, len(todo)))]))
            size = min(2 * size, BATCH)
        return found

    def _next(self, todo: dict[str, Face]) -> tuple[str, Face]:
        """The face to draw next, taken from `todo`: the first asked for, else its first."""
        with self._guard:
            key = next((k for k in self._asked if k in todo), None)
            if key is not None:
                del self._asked[key]
        key = next(iter(todo)) if key is None else key
        return key, todo.pop(key)

    def drawn(self, key: str, dpi: int | None = None) -> bytes | None:
        """The PNG of `key` at `dpi` (None: its normal one) if it is drawn, never drawing."""
        source = self.sources.get(key)
        if source is None:
            return None
        return self.cached(key, normal_dpi(source) if dpi is None else dpi)

    def picture(self, key: str, dpi: int | None = None) -> bytes | None:
        """The PNG of `key` at `dpi` (None: its normal one, else one of LADDER), drawn now
        when it is not in the cache; None when there is no such picture to draw."""
        source = self.sources.get(key)
        if source is None:
            return None
        dpi = normal_dpi(source) if dpi is None else dpi
        if dpi != normal_dpi(source) and dpi not in LADDER:
            return None
        width, height = pixels(source.points, dpi)
        if width * height > limits.MAX_PREVIEW_PICTURE_PIXELS:
            return None
        found = self.cached(key, dpi)
        if found is not None:
            return found
        with self.lock:
            found = self.cached(key, dpi)  # drawn meanwhile, by another request
            if found is None:
                found = png(self._draw(source, dpi))
                self.keep(key, dpi, found)
        return found

    def draw_faces(self, faces: list[tuple[str, Face]]) -> dict[str, Findings]:
        """Draw these faces now at their normal resolution (the caller holds the lock),
        each into the cache; what their drawing warned of, by key (preflight findings, told
        with the build's)."""
        if not faces:
            return {}
        ctx = replace(faces[0][1].ctx)
        told = _ByFace(ctx)
        ctx.preflight = told  # type: ignore[assignment]  # it stands for one
        # Each shot its own pixels; drawn as one document (a face is scaled to its pixels)
        shots = [_shot(f, normal_dpi(f)) for _, f in faces]
        for (key, face), image in zip(
            faces, rasterise(shots, FACE_DPI, ctx, faces[0][1].font), strict=True
        ):
            self.keep(key, normal_dpi(face), png(image))
        return {key: told.found(face.label) for key, face in faces}

    def _draw(self, source: Source, dpi: int) -> Image:
        if isinstance(source, Face):
            (image,) = rasterise([_shot(source, dpi)], dpi, replace(source.ctx), source.font)
            return image
        self.drawn_pages += 1
        if isinstance(source, Sheet):
            buffer = io.BytesIO()
            ctx = replace(source.ctx, pictures={})  # a document of its own: its motifs anew
            meta = Meta(source.name, "", "")
            write_pages(buffer, [source.page], source.arts, meta, ctx, source.words)
            data = buffer.getvalue()
        else:
            data = source.draw()
        return first_page(data, dpi)


def nobody() -> None:
    """No one to tell (no server is serving)."""


def _shot(face: Face, dpi: int) -> Shot:
    """A face to draw, naming its piece: a fault drawing it is told at its cell."""
    return Shot(face.art, face.art.bleed, pixels(face.points, dpi), face.label, face.item)


class _ByFace:
    """A preflight for many faces drawn in one document, keeping each face's findings apart
    (by the label the forms give the face being drawn), so each is told while its face is
    shown, whichever build drew it."""

    def __init__(self, ctx: PaintContext) -> None:
        self.ctx = ctx
        self.faces: dict[str, Any] = {}

    def __getattr__(self, name: str) -> object:  # what its face's Preflight has
        from bastelbogen.checks.preflight import Preflight

        return getattr(self.faces.setdefault(self.ctx.item_label, Preflight()), name)

    def found(self, label: str) -> Findings:
        preflight = self.faces.get(label)
        return dict(preflight.found()) if preflight is not None else {}


def first_page(data: bytes, dpi: float) -> Image:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        image: Image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
        return image
    finally:
        document.close()


def key_of(*parts: object) -> str:
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def png(image: Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)  # speed over size: it never leaves the machine
    return buffer.getvalue()
