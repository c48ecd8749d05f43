"""SVG pictures as vector PDF: one drawing of a picture for every output.

A picture is sealed (content/svgseal.py: nothing left to fetch, its fonts resolved), then
converted by typst's svg2pdf, which reads SVG through usvg (resvg's parser, measured best on
resvg's conformance suite; see docs/reference/pictures.md): paths, gradients, patterns,
clips, masks and text stay vector drawing, shadings and soft masks; only filter effects are
drawn as pixels, at `FILTER_DPI` or more as printed, within their own region. The PDF it
writes is carried into ours as one form (render/pdfimport.py), so the sheets, the exported
pictures (rasterised from the same forms), Tabletop Simulator's sheets and the preview
show the same drawing.

The converter is native code handed a stranger's drawing: it runs in a child process with
bounded memory and time (core/isolated.py), as spreadsheets are read, and a crash or hang
ends as a located error, not the build.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from bastelbogen.content.project import FONTS
from bastelbogen.core.errors import ContentError, Loc, Problem

if TYPE_CHECKING:
    from bastelbogen.content.svgseal import Families, Note, Sealed

# _LAZY: the sealing (svgseal and the SVG readers under it) and the isolated child are
# imported with the first picture, not here: the registries' walk of render/ imports this
# module for every build, and they were a hundredth of a small one.

FILTER_DPI = 600  # filter effects (blur, shadows) are drawn as pixels at least this fine
MOST_FILTER_SCALE = 32.0  # pixels per picture unit, however large it prints
LEAST_FILTER_SCALE = 1 / 64
# Filters that need more memory than a picture's conversion may use are drawn with half the
# pixels each way, again and again, down to this share of those wanted (and said).
FEWEST_FILTER_PIXELS = 1 / 8


# The converter ships as wheels for Linux on x86-64 (glibc 2.35 or newer), macOS on Apple
# silicon and Windows on x64 (pyproject.toml installs it there); elsewhere an SVG is refused
# with this, at the box that names it.
MISSING = (
    "SVG pictures are drawn by svg2pdf-py, which is not installed here (it is made for Linux"
    " on x86-64, macOS on Apple silicon and Windows on x64); save the picture as PNG at"
    " 300 dpi or more, or build on one of those"
)


class VectorRefused(ValueError):
    """Why the converter could not draw a picture at all (the cause, as it says it)."""


@dataclass(frozen=True)
class VectorPicture:
    """A converted picture: its PDF (one page), its size in points, and its key (what it
    was made from: one form per key in a document)."""

    pdf: bytes
    size: tuple[float, float]
    key: tuple[Hashable, ...]
    smooth: bool = True  # its pictures are interpolated when enlarged (image-rendering)
    filter_dpi: int | None = None  # its filters drawn coarser than FILTER_DPI, for memory


def picture(
    path: Path,
    folder: Path,
    fonts: tuple[Path, ...],
    scale: float | None = None,
    pixels: float | None = None,
) -> VectorPicture:
    """The SVG at `path` drawn `scale` points per unit, converted; VectorRefused or the
    guard's SvgRefused say why not. Without a scale, its filters get a pixel a unit: what
    its size is read from. `pixels`: its filters' pixels a unit, exactly (a conformance
    case drawn at its reference's pixels)."""
    sealed = sealed_picture(path, folder, fonts)
    if not sealed.filtered or scale is None:
        return replace(_converted(sealed.text, fonts, 1.0, str(path)), smooth=sealed.smooth)
    raster = pixels or _raster_scale(scale)
    while True:  # filters as fine as the print wants, or as fine as memory allows
        try:
            found = _converted(sealed.text, fonts, raster, str(path))
        except ContentError as exc:
            # Only a conversion that ran out of memory is tried again, coarser: one that
            # took too long would take as long again.
            short = any("ran out of the memory" in p.message for p in exc.problems)
            if not short or pixels or raster / 2 < FEWEST_FILTER_PIXELS * _raster_scale(scale):
                raise
            raster /= 2
            continue
        dpi = raster * 72 / scale
        coarser = round(dpi) if dpi < FILTER_DPI - 0.5 and not pixels else None
        return replace(found, smooth=sealed.smooth, filter_dpi=coarser)


def notes(path: Path, folder: Path, fonts: tuple[Path, ...]) -> tuple[Note, ...]:
    """What of the picture is not drawn as written."""
    return sealed_picture(path, folder, fonts).notes


_SEALED: dict[tuple[Path, Path, tuple[Path, ...]], tuple[tuple[int, ...], Sealed]] = {}
MOST_SEALED = 64


def sealed_picture(path: Path, folder: Path, fonts: tuple[Path, ...]) -> Sealed:
    """The picture sealed, read once however often it is drawn: again when it or a file it
    shows has changed (the live preview redraws a card whose SVG's own picture was saved)."""
    key = (path, folder, fonts)
    if key in _SEALED:
        stamps, sealed = _SEALED[key]
        if stamps == _stamps((path, *sealed.reads)):
            return sealed
    from bastelbogen.content.svgseal import seal  # see _LAZY

    before = _stamps((path,))
    sealed = seal(path, folder, families(fonts))
    _SEALED[key] = (before + _stamps(sealed.reads), sealed)
    if len(_SEALED) > MOST_SEALED:
        _SEALED.pop(next(iter(_SEALED)))  # the oldest
    return sealed


def _stamps(paths: Iterable[Path]) -> tuple[int, ...]:
    """When each file was last changed (-1: gone)."""
    out = []
    for path in paths:
        try:
            out.append(path.stat().st_mtime_ns)
        except OSError:
            out.append(-1)
    return tuple(out)


def build_fonts(paths: Iterable[str | Path]) -> tuple[Path, ...]:
    """The fonts SVG text may use: the game's (its regular first: what a generic or missing
    family is drawn in), then the shipped ones, Bitstream Vera before the Liberation fonts
    (which stand in for the standard PDF fonts: render/standardfonts.py), so that without
    fonts of the game's it is Vera that a generic or missing family is drawn in."""
    own = [Path(p) for p in paths]
    shipped = sorted(
        (p for p in FONTS.iterdir() if p.suffix.lower() in (".ttf", ".otf")),
        key=lambda p: (p.name.startswith("Liberation"), p.name),
    )
    return tuple(dict.fromkeys([*own, *shipped]))


@lru_cache(maxsize=16)
def families(fonts: tuple[Path, ...]) -> Families:
    names: dict[str, str] = {}
    for font in fonts:
        family = _family(font)
        if family:
            names.setdefault(family.lower(), family)
    from bastelbogen.content.svgseal import Families  # see _LAZY

    default = _family(fonts[0]) if fonts else ""
    from bastelbogen.render.standardfonts import svg_family

    return Families(names, default or next(iter(names.values()), "sans-serif"), svg_family)


@lru_cache(maxsize=64)
def _family(font: Path) -> str:
    from reportlab.pdfbase.ttfonts import TTFontFile

    try:
        name = TTFontFile(str(font)).familyName
    except Exception:  # noqa: BLE001 - a damaged font is told where the game names it
        return ""
    return name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)


def _raster_scale(scale: float) -> float:
    """Pixels per picture unit for its filter effects: FILTER_DPI as printed at `scale`
    points per unit, rounded up to a step of a quarter power of two (a few sizes share one
    conversion, and none costs more than 1.41 times the pixels it needs). A picture drawn in
    units far smaller than it prints (a 100,000-unit drawing on a card) gets fewer pixels
    than units."""
    wanted = max(scale * FILTER_DPI / 72, LEAST_FILTER_SCALE)
    stepped: float = 2.0 ** (math.ceil(4 * math.log2(wanted) - 1e-6) / 4)
    return min(stepped, MOST_FILTER_SCALE)


@lru_cache(maxsize=64)
def _converted(text: str, fonts: tuple[Path, ...], raster: float, path: str) -> VectorPicture:
    try:
        import svg2pdf_py  # noqa: F401 - loaded here, before the child is forked
    except ImportError:
        raise VectorRefused(MISSING) from None

    from bastelbogen.core.isolated import isolated  # see _LAZY

    # A crash, a hang or a run out of memory ends as an error at the picture's file.
    result = isolated(lambda: _convert(text, fonts, raster), Path(path), "SVG picture")
    if isinstance(result, str):
        raise VectorRefused(result)
    _all_embedded(result)
    return VectorPicture(result, _page_size(result), (hash(text), fonts, raster))


def _all_embedded(pdf: bytes) -> None:
    """The converter embeds every font it draws text in (`embed_text`); a PDF that names a
    font without carrying it is refused, not carried into ours (nor drawn as pixels: that
    would hide a converter's fault behind softer text), so that no file we write has one."""
    from bastelbogen.render.pdfimport import unembedded

    missing = unembedded(pdf)
    if missing:
        raise VectorRefused(
            f"its text is in fonts the converter did not embed ({', '.join(missing)});"
            " every font in our PDFs is embedded: convert its text to paths, or report this"
        )


def _convert(text: str, fonts: tuple[Path, ...], raster: float) -> bytes | str:
    """The converter's PDF of the sealed text, or what it said when it could not."""
    import svg2pdf_py

    database = svg2pdf_py.FontDatabase()
    for font in fonts:
        database.load_font_file(str(font))
    options = svg2pdf_py.ConversionOptions(compress=True, raster_scale=raster, embed_text=True)
    try:
        pdf: bytes = svg2pdf_py.svg_to_pdf(text, database, options)
        return pdf
    except Exception as exc:  # noqa: BLE001 - the converter's refusal, in its words
        return str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__


def _page_size(pdf: bytes) -> tuple[float, float]:
    import io

    from pypdf import PdfReader

    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return float(box.width), float(box.height)


def refused(loc: Loc, name: str, why: str) -> ContentError:
    return ContentError(Problem(loc, f"image {name} cannot be drawn: {why}"))
