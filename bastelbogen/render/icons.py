"""Icons in text, drawn: a game's icon (content/icons.py) set inline in a line or a paragraph,
as tall as its `size` times the font size where it stands (as set, and as shrunk to fit),
standing on the baseline, as wide as its picture's proportions make it, and measured with
the words wherever a text is fitted and broken into lines.

An SVG icon stays vector: it is converted as the image painter converts pictures
(render/vector.py) and drawn as a form. A PNG or JPEG is drawn from its checked bytes
(render/bitmaps.py). An icon the game tints is drawn in its text's colour: an SVG's shape
as a soft mask the colour is painted through (render/pdf.py `drawTinted`), a bitmap's
pixels recoloured, where it is opaque (or, without transparency, where it is dark).

A paragraph's icons ride on reportlab's <img>: `markup` writes one for each icon, its src a
marker registered with render/bitmaps.py (reportlab's parser reads no other); `sized` then
gives each the size of the font it stands in and the colour of its text, as a `Placed`
icon, which the canvas's drawImage draws (render/pdf.py)."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.content.icons import Icon, Icons, Ref, glued, named, pieces, unknown
from bastelbogen.content.rasters import RASTER_FORMATS, pillow
from bastelbogen.content.svg import SvgRefused
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.render import bitmaps, vector
from bastelbogen.render.blame import located

if TYPE_CHECKING:
    from reportlab.lib import colors

    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.rules.typesetting import Paragraph
    from bastelbogen.render.style import Canvas, Fonts

_TAG = re.compile(r"(<[^<>]*>)")  # a tag of markup, as render/paragraphs.py reads them


@dataclass(frozen=True, eq=False)
class Drawn:
    """An icon ready to draw: its picture's size (an SVG's in its units; converted again
    where it is drawn, at that scale, for its filters) or its checked bytes (a bitmap),
    and the fonts an SVG's own text is set in."""

    icon: Icon
    size: tuple[float, float]
    bitmap: bitmaps.Bitmap | None  # None: an SVG
    fonts: tuple[Path, ...] = ()

    def width(self, font_size: float) -> float:
        w, h = self.size
        return self.height(font_size) * (w / h)

    def height(self, font_size: float) -> float:
        return self.icon.size * font_size


def drawn(icon: Icon, fonts: Fonts) -> Drawn:
    """The icon ready to draw with the game's fonts (an SVG's text is set in them)."""
    return _drawn(icon, _svg_fonts(tuple(fonts.paths.values())) if icon.vector else ())


@lru_cache(maxsize=16)
def _svg_fonts(paths: tuple[Path, ...]) -> tuple[Path, ...]:
    """The fonts an SVG icon's text may use (the game's, then the shipped ones), listed
    once, not for every text that shows an icon."""
    return vector.build_fonts(paths)


@lru_cache(maxsize=256)
def _drawn(icon: Icon, fonts: tuple[Path, ...]) -> Drawn:
    if icon.vector:
        try:
            size = vector.picture(icon.path, icon.folder, fonts).size
        except (SvgRefused, vector.VectorRefused) as exc:
            raise _refused(icon, str(exc)) from None
        return Drawn(icon, size, None, fonts)
    found = bitmaps.checked(icon.path)
    if isinstance(found, str):
        raise _refused(icon, found)
    return Drawn(icon, found.size, found)


def _refused(icon: Icon, why: str) -> ContentError:
    return ContentError(Problem(icon.loc, f"icon '{icon.name}': {icon.path.name} {why}"))


def draw(
    c: Canvas, icon: Drawn, x: float, y: float, w: float, h: float, colour: colors.Color | None
) -> None:
    """The icon over (x, y, w, h), in `colour` (None: in its own colours)."""
    if icon.bitmap is None:
        found = icon.icon
        picture = vector.picture(found.path, found.folder, icon.fonts, h / icon.size[1])
        if colour is None:
            c.drawVector(picture, x, y, w, h)
        else:
            c.drawTinted(picture, x, y, w, h, colour)
        return
    bitmap = icon.bitmap if colour is None else _tinted(icon.bitmap, _rgba(colour))
    c.drawImage(bitmap, x, y, w, h, mask="auto")


def _rgba(colour: colors.Color) -> tuple[int, int, int, int]:
    r, g, b = (round(v * 255) for v in colour.rgb())
    return r, g, b, round(getattr(colour, "alpha", 1.0) * 255)


@lru_cache(maxsize=64)
def _tinted(bitmap: bitmaps.Bitmap, rgba: tuple[int, int, int, int]) -> bitmaps.Bitmap:
    """A bitmap icon in one colour: opaque where it is (its alpha), or, a picture without
    transparency (a JPEG), as opaque as it is dark."""
    image = pillow()
    from PIL import ImageOps

    with image.open(io.BytesIO(bitmap.data), formats=RASTER_FORMATS) as opened:
        see_through = opened.mode in ("RGBA", "LA", "PA") or "transparency" in opened.info
        if see_through:
            mask = opened.convert("RGBA").getchannel("A")
        else:
            mask = ImageOps.invert(opened.convert("L"))
    if rgba[3] < 255:
        mask = mask.point(lambda v: v * rgba[3] // 255)
    out = image.new("RGBA", mask.size, rgba[:3] + (255,))
    out.putalpha(mask)
    buffer = io.BytesIO()
    out.save(buffer, "PNG")
    return bitmaps.Bitmap(buffer.getvalue())


# --- one line: the text painter's, a table's labels ------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line as it is set: its runs of text and its icons."""

    parts: tuple[str | Drawn, ...]

    @property
    def text(self) -> str:
        """Its letters (an icon is none)."""
        return "".join(p for p in self.parts if isinstance(p, str))

    @property
    def tall(self) -> float:
        """The tallest of its icons, in font sizes (0: it has none)."""
        return max((p.icon.size for p in self.parts if isinstance(p, Drawn)), default=0.0)

    def width(self, font: str, size: float) -> float:
        return sum(
            stringWidth(p, font, size) if isinstance(p, str) else p.width(size) for p in self.parts
        )

    def place(
        self,
        c: Canvas,
        x: float,
        base: float,
        font: str,
        size: float,
        colour: colors.Color,
        align: str = "left",
    ) -> None:
        """Set with its left end, centre or right end (`align`) at `x`, as reportlab's
        drawString, drawCentredString and drawRightString set a text (a line without icons
        is handed to them, as it always was); a tinted icon in `colour`."""
        if len(self.parts) == 1 and isinstance(self.parts[0], str):
            draws = {"left": c.drawString, "centre": c.drawCentredString}
            draws.get(align, c.drawRightString)(x, base, self.parts[0])
            return
        width = self.width(font, size)
        start = x - {"left": 0.0, "centre": width / 2}.get(align, width)
        self.draw(c, start, base, font, size, colour)

    def draw(
        self, c: Canvas, x: float, base: float, font: str, size: float, colour: colors.Color
    ) -> None:
        """Set from `x` on the baseline `base`: its text in the canvas's font and fill (set
        to `font` at `size`), its icons standing on the baseline, a tinted one in `colour`."""
        for p in self.parts:
            if isinstance(p, str):
                c.drawString(x, base, p)
                x += stringWidth(p, font, size)
            else:
                w = p.width(size)
                draw(c, p, x, base, w, p.height(size), colour if p.icon.tint else None)
                x += w


def line(text: str, fonts: Fonts, loc: Loc, label: str = "") -> Line:
    """A line's text with its icons (an unknown one told at `loc`)."""
    if ":" not in text:
        return Line((text,))
    for name in _few(named(text), loc, label):
        _known(Ref(name), fonts.icons, loc, label)
    return _line(text, fonts.icons, tuple(fonts.paths.values()))


def _few(names: list[str], loc: Loc, label: str) -> list[str]:
    """The icons a text shows, if they are at most MAX_ICONS_IN_TEXT; told at `loc` if not."""
    if len(names) > limits.MAX_ICONS_IN_TEXT:
        why = (
            f"a text showing {len(names):,} icons; at most {limits.MAX_ICONS_IN_TEXT} are"
            " shown in one text"
        )
        raise ContentError(Problem(loc, f"{label}: {why}" if label else why))
    return names


@lru_cache(maxsize=1024)
def _line(text: str, icons: Icons, paths: tuple[Path, ...]) -> Line:
    """The line set once for every item that shows it (its icons known: `line`)."""
    parts: list[str | Drawn] = []
    for p in pieces(text):
        if isinstance(p, str):
            parts.append(p)
        else:
            icon = icons.get(p.name)
            assert icon is not None  # known: `line`
            parts.append(_drawn(icon, _svg_fonts(paths) if icon.vector else ()))
    return Line(tuple(parts))


def _known(ref: Ref, icons: Icons, loc: Loc, label: str) -> Icon:
    icon = icons.get(ref.name)
    if icon is None:
        found = unknown(f":{ref.name}:", icons)
        why = found[1] if found else f"unknown icon ':{ref.name}:'"
        raise ContentError(Problem(loc, f"{label}: {why}" if label else why))
    return icon


def checked(box: Box, ctx: PaintContext, text: str, key: str = "text") -> None:
    """An icon a box's text names that the game does not declare: told at the content's
    value that holds it (a table's cell, the item's line), else at the box's `key`. What
    of an SVG icon it shows is not drawn as written is a preflight warning, as a picture's."""
    found = unknown(text, ctx.fonts.icons)
    if found is None:
        if ctx.preflight is not None and ":" in text:
            _tell(box, ctx, text, key)
        return
    loc, field, known = located(box, ctx, found[0], part=True)
    where = f" in the {field} of box '{box.name}'" if field else f" in box '{box.name}'"
    why = unknown(text, ctx.fonts.icons, where)
    assert why is not None  # found above
    raise ContentError(
        Problem(loc if field else box.loc_of(key), f"{ctx.item_label}: {why[1]}", **known)
    )


def _tell(box: Box, ctx: PaintContext, text: str, key: str) -> None:
    """Said by the preflight: an icon's name glued to a word, shown as written, and what
    of an SVG icon is not drawn as written."""
    assert ctx.preflight is not None
    for written in glued(text, ctx.fonts.icons):
        loc, field, _ = located(box, ctx, written, part=True)
        ctx.preflight.not_an_icon(
            loc if field else box.loc_of(key),
            f"{ctx.item_label}: '{written}' follows a letter or digit, so it is shown as"
            f" written, not as the icon; a space before it shows the icon",
        )
    for name in named(text):
        icon = ctx.fonts.icons.get(name)
        if icon is not None and icon.vector:
            fonts = _svg_fonts(tuple(ctx.fonts.paths.values()))
            try:
                notes = vector.notes(icon.path, icon.folder, fonts)
            except SvgRefused:
                continue  # told where it is drawn (`drawn`)
            for note in notes:
                where = Loc(str(icon.path), note.line, note.col)
                ctx.preflight.picture_note(where, icon.path.name, note.text)


# --- paragraphs: reportlab's <img> ----------------------------------------------------------


def markup(text: str, icons: Icons, loc: Loc, label: str = "") -> str:
    """Paragraph markup with each icon an <img> (`sized` sizes it once parsed) and each
    escape the colon it stands for; tags are left as they are."""
    if ":" not in text:
        return text
    _few(named(text), loc, label)
    parts = _TAG.split(text)  # texts at even places, tags at odd ones
    for n in range(0, len(parts), 2):
        if ":" in parts[n]:
            parts[n] = "".join(
                p if isinstance(p, str) else _img(_known(p, icons, loc, label))
                for p in pieces(parts[n])
            )
    return "".join(parts)


def _img(icon: Icon) -> str:
    key = bitmaps.register(f"icon-{icon.digest}-{icon.name}", _marker(icon))
    return f'<img src="{key}" width="1" height="1" valign="baseline"/>'


@lru_cache(maxsize=1024)
def _marker(icon: Icon) -> ImageReader:
    """What reportlab's parser reads an icon's <img> src as: a picture of no pixels that
    names the icon; reportlab copies its attributes into the reader it keeps (`sized`
    finds the icon there)."""
    reader = ImageReader.__new__(ImageReader)
    reader.__dict__.update(
        fileName=f"icon {icon.name}",
        fp=None,
        _ident=None,
        _image=None,
        _width=1,
        _height=1,
        _data=None,
        _transparent=None,
        icon=icon,
    )
    return reader


@dataclass(frozen=True, eq=False)
class Placed:
    """An icon in a paragraph, in the colour it is drawn in (None: its own): what its
    <img> draws, through the canvas's drawImage (render/pdf.py)."""

    icon: Drawn
    colour: colors.Color | None

    def draw(self, c: Canvas, x: float, y: float, w: float, h: float) -> None:
        draw(c, self.icon, x, y, w, h, self.colour)


def sized(para: Paragraph, fonts: Fonts | None) -> Paragraph:
    """The parsed paragraph, each of its icons as tall as its font size's ems, as wide as
    its picture's proportions, standing on the baseline, in its text's colour if tinted."""
    if fonts is None or not fonts.icons:
        return para
    tallest = 0.0
    for frag in para.frags:
        defn = getattr(frag, "cbDefn", None)
        icon = getattr(getattr(defn, "image", None), "icon", None)
        if defn is not None and isinstance(icon, Icon):
            found = drawn(icon, fonts)
            defn.width, defn.height = found.width(frag.fontSize), found.height(frag.fontSize)
            defn.valign = "baseline"
            defn.image = Placed(found, frag.textColor if icon.tint else None)
            tallest = max(tallest, defn.height)
    # A line keeps its leading, of which reportlab sets 5/6 above the baseline: an icon
    # taller than that (`size` above 1 or so) moves its line down, so that it does not
    # reach into the line above, as reportlab's own "max" leading does.
    if tallest > para.style.leading * 5 / 6:
        para.autoLeading = "max"
    return para
