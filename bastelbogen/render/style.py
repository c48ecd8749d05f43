"""Fonts and colours as painters need them."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError

from bastelbogen.content.icons import NO_ICONS, Icons
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.params import COLOUR, read_colour
from bastelbogen.core.source import read_bytes
from bastelbogen.core.units import mm
from bastelbogen.render.subsets import TaggedFont

if TYPE_CHECKING:
    # What painters draw on: reportlab's canvas (render/pdf.py's, a CMYK one, a washed
    # painting's Recording). reportlab ships no types, so to mypy it is Any: named once here.
    from reportlab.pdfgen.canvas import Canvas as Canvas
    from reportlab.pdfgen.pathobject import PDFPathObject

    from bastelbogen.content.kinds import Outline

# Closed loops of points (an outline, item-local), as paths and glue areas take them.
Loops = Sequence[Sequence[tuple[float, float]]]


def fingerprint(path: Path, loc: Loc) -> str:
    """A font file's bytes, hashed (read once, and only if a file not too large)."""
    return hashlib.sha1(read_bytes(path, loc, limits.MAX_BINARY_BYTES, "font file")).hexdigest()[
        :12
    ]


def register_font(path: Path, loc: Loc, family: str = "") -> str:
    """Register a TTF once; reportlab embeds a subset, tagged by what it holds (subsets.py).
    The name comes from the file's bytes (and its family's), so two fonts that share a file
    name never pass for each other, and the same font makes the same PDF wherever the
    project lies."""
    digest = hashlib.sha1(f"{fingerprint(path, loc)}|{family}".encode()).hexdigest()[:8]
    name = f"BB-{path.stem}-{digest}"
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TaggedFont(name, str(path)))
        except TTFError as exc:
            raise ContentError(
                Problem(loc, f"font file {path.name} cannot be used: {exc}")
            ) from None
        except Exception:  # noqa: BLE001 - a damaged font trips reportlab's parser anywhere
            raise ContentError(
                Problem(
                    loc,
                    f"font file {path.name} cannot be used: it is not"
                    " a TrueType font, or it is damaged",
                )
            ) from None
    return name


@dataclass
class Fonts:
    """What a game's text is set in: font roles (regular, bold, italic, or a game's own
    names) -> registered names, and the icons its text may show (content/icons.py)."""

    paths: dict[str, Path]
    loc: Loc
    locs: dict[str, Loc] = field(default_factory=dict)  # where the game file named each
    names: dict[str, str] = field(default_factory=dict)
    icons: Icons = NO_ICONS

    def __getitem__(self, role: str) -> str:
        return self.get(role, self.loc)

    def get(self, role: str, loc: Loc) -> str:
        """The registered name for a font role; `loc` is where the role was asked for."""
        if role not in self.names:
            if role not in self.paths:
                from bastelbogen.render import standardfonts  # it registers through here

                return standardfonts.resolve(role, self.paths, loc)
            family = (
                "|".join(
                    fingerprint(self.paths[r], self.locs.get(r, loc))
                    for r in ("bold", "italic")
                    if r in self.paths
                )
                if role == "regular"
                else ""
            )
            self.names[role] = register_font(self.paths[role], self.locs.get(role, loc), family)
            if role == "regular":
                self._family()
        return self.names[role]

    def _family(self) -> None:
        """Let <b> and <i> in paragraphs find the bold and italic files of this game."""
        regular = self.names["regular"]
        bold = self["bold"] if "bold" in self.paths else regular
        italic = self["italic"] if "italic" in self.paths else regular
        for is_bold, is_italic, name in (
            (0, 0, regular),
            (1, 0, bold),
            (0, 1, italic),
            (1, 1, bold),
        ):
            addMapping(regular, is_bold, is_italic, name)


def colour(value: object, loc: Loc) -> colors.Color | None:
    """A colour as reportlab draws it, read by the one colour reader (COLOUR): a number
    is no colour, wherever it is written."""
    if value is None:
        return None
    try:
        text = COLOUR(value)
    except ValueError as exc:
        raise ContentError(Problem(loc, str(exc))) from None
    found = read_colour(text) if text is not None else None
    return None if found is None or found.alpha == 0 else found  # 'transparent': no paint


def tint(c: colors.Color, amount: float) -> colors.Color:
    """Mix a colour toward white; amount 0 keeps it, 1 gives white."""
    return colors.Color(
        c.red + (1 - c.red) * amount,
        c.green + (1 - c.green) * amount,
        c.blue + (1 - c.blue) * amount,
    )


def shade(c: colors.Color, amount: float) -> colors.Color:
    return colors.Color(c.red * (1 - amount), c.green * (1 - amount), c.blue * (1 - amount))


def mix(base: colors.Color, over: colors.Color, amount: float) -> colors.Color:
    """`over` laid on `base` as a veil `amount` strong would show it, as one opaque colour:
    what the painters use instead of transparency (see wash.py)."""
    return colors.Color(
        *(
            b + (o - b) * amount
            for b, o in ((base.red, over.red), (base.green, over.green), (base.blue, over.blue))
        )
    )


_TAG = re.compile(r"<[^<>]*>|&[a-z]+;|&#\d+;")  # no '<' inside a tag: one pass over '<<<…'"


@lru_cache(maxsize=1024)
def missing_glyphs(text: str, font_name: str) -> str:
    """The characters of `text` (markup aside) that the font cannot draw: a PDF would show
    empty boxes for them, so a build must say so instead."""
    glyphs = getattr(getattr(pdfmetrics.getFont(font_name), "face", None), "charToGlyph", None)
    if glyphs is None:
        return ""
    plain = _TAG.sub("", text)
    return "".join(sorted({ch for ch in plain if ord(ch) not in glyphs and ch not in "\n\t"}))


# Every kind of line the kits print, defined here once and drawn by `stroke_line`: cut,
# valley and mountain lines must look different at a glance, without colour too; the line
# a board's neighbour is laid on is neither (orange, short dashes). Width (pt), dash array
# (pt) or None for solid, ink.
LINE_STYLES: dict[str, tuple[float, tuple[float, ...] | None, colors.Color]] = {
    "cut": (0.6, None, colors.HexColor("#1d1d1d")),
    "valley": (0.5, (3, 2), colors.HexColor("#6b6b6b")),
    "mountain": (0.5, (4, 1.5, 1, 1.5), colors.HexColor("#6b6b6b")),
    "align": (0.5, (2, 1.5), colors.HexColor("#d55e00")),
    "guide": (0.3, None, colors.HexColor("#8a8a8a")),  # where sheets on a page are parted
}
FOLDS = ("valley", "mountain")  # the styles drawn over a pale halo
HALO = colors.HexColor("#f2f2f2")  # under a fold line: opaque, pale enough to read on any art
# A glue area, wherever it is (a board's margin, a bench's tab, a die's tabs): a pale
# ground hatched diagonally, so it reads as "glue here" on every piece alike.
GLUE_TINT = colors.HexColor("#f4f1ea")
GLUE_HATCH = colors.HexColor("#9a948a")
GLUE_STEP = mm(4)
GLUE_LINE = 0.4


def loops_path(c: Canvas, loops: Loops) -> PDFPathObject:
    """A path of closed loops (an outline, item-local points), to clip to or to draw."""
    path = c.beginPath()
    for loop in loops:
        path.moveTo(*loop[0])
        for point in loop[1:]:
            path.lineTo(*point)
        path.close()
    return path


def stroke_line(c: Canvas, x1: float, y1: float, x2: float, y2: float, style: str) -> None:
    """A line in its style (LINE_STYLES); a fold gets a pale halo first, so it stays
    visible on dark art."""
    width, dash, ink = LINE_STYLES[style]
    c.setDash()
    if style in FOLDS:
        c.setStrokeColor(HALO)
        c.setLineWidth(width + 1.2)
        c.line(x1, y1, x2, y2)
    if dash:
        c.setDash(list(dash))
    c.setStrokeColor(ink)
    c.setLineWidth(width)
    c.line(x1, y1, x2, y2)


def glue_area(c: Canvas, loops: Loops) -> None:
    """A glue area (closed loops of points): the pale ground, hatched at 45 degrees."""
    c.saveState()
    c.clipPath(loops_path(c, loops), stroke=0, fill=0)
    xs = [x for loop in loops for x, _ in loop]
    ys = [y for loop in loops for _, y in loop]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    c.setFillColor(GLUE_TINT)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.setDash()
    c.setStrokeColor(GLUE_HATCH)
    c.setLineWidth(GLUE_LINE)
    h = y1 - y0
    k = -h
    while k < x1 - x0:
        c.line(x0 + k, y0, x0 + k + h, y1)
        k += GLUE_STEP
    c.restoreState()


def rect_loops(x: float, y: float, w: float, h: float) -> Outline:
    """A rectangle as the closed loops `glue_area` and `loops_path` take."""
    return (((x, y), (x + w, y), (x + w, y + h), (x, y + h)),)
