"""Draws resolved arts onto a reportlab canvas: an art placed more than once as a form, drawn
once; one placed once where it is placed."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, overload

from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str

from bastelbogen.checks.preflight import Preflight
from bastelbogen.content.painters import PAINTERS
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem, of_piece
from bastelbogen.core.remembered import FORMS
from bastelbogen.layout.faces import Art
from bastelbogen.render.style import (
    Fonts,
    colour,
    glue_area,
    loops_path,
    stroke_line,
    tint,
)
from bastelbogen.render.versionmark import draw_mark

if TYPE_CHECKING:
    from bastelbogen.content.kinds import Outline
    from bastelbogen.content.models import Item, Table
    from bastelbogen.core.geometry import Matrix, Rect
    from bastelbogen.layout.layouts import Box, Face
    from bastelbogen.render.bitmaps import Bitmap
    from bastelbogen.render.style import Canvas

SWELL_LIGHTEN = 0.6
CUT_COLOUR = "#3a3a3a"  # a cut line on the art (guides: lines, a shape): thin and dark
CUT_WIDTH = 0.4
# The marked-content tag round an art drawn in place (ISO 32000-1, 14.6: viewers and
# printers ignore it), its property list holding the bounding box a form would have had.
PIECE = "Piece"


@dataclass
class PaintContext:
    """What painters draw with: fonts, the game's folder, the language, the preflight."""

    fonts: Fonts
    folder: Path
    problems: Collector = field(default_factory=Collector)
    item_label: str = ""
    item_loc: Loc | None = None  # the row the item drawn was written in
    item: Item | None = None  # the Item drawn, if one is: its faults name it and its cells
    tables: Mapping[str, Table] = field(default_factory=dict)  # cells a reference names
    preflight: Preflight | None = None  # told of small text and soft pictures
    swell: bool = False  # a braille build, printed on swell paper
    pictures: dict[Hashable, str] = field(default_factory=dict)  # whole pictures, as forms
    # users' pictures fit to draw (a PNG's bytes; None: an SVG)
    checked: dict[Path, Bitmap | None] = field(default_factory=dict)
    outline: Outline = ()  # the cut outline of the piece being drawn (`shape: outline`)
    dry: bool = False  # validating: everything drawn (text fitted, pictures read), no file
    drawn: set[Hashable] | None = None  # validating: faces (by key) drawn already, not again
    beneath: Face = ()  # the boxes drawn before the one being drawn that paint its ground
    lang: str = ""  # the language of the text drawn: words are hyphenated by its rules
    mark: str = ""  # --version-mark: drawn in a corner of each front (render/versionmark.py)
    # a book's first pass, which only finds where its blocks land: its faces take their room
    # and are not drawn (render/rulebook/book.py)
    sketch: bool = False

    @property
    def component(self) -> str:
        """The component of the item drawn ("" where none is): the preflight tells what it
        finds once per cause and component (checks/grouped.py)."""
        return self.item.component.id if self.item is not None else ""

    @overload
    def ink(self, box: Box, key: str, default: str = "") -> colors.Color: ...
    @overload
    def ink(self, box: Box, key: str, default: None) -> colors.Color | None: ...
    def ink(self, box: Box, key: str, default: str | None = "") -> colors.Color | None:
        """A box's colour: its own, else the default its painter declares ("" here), else
        `default`; None when it may paint nothing (a shape's fill). On swell paper every
        dark print rises, so in a braille build all ink but the braille dots is lightened:
        only the dots must be felt."""
        value = box.get(key, default or None)
        c = colour(value, box.loc_of(key))
        if c is None and default is not None:  # text and motifs need paint; a shape need not
            raise ContentError(
                Problem(
                    box.loc_of(key),
                    f"{self.item_label}: {key} '{value}' paints nothing; it needs a colour here",
                )
            )
        return tint(c, SWELL_LIGHTEN) if self.swell and c is not None else c


def draw_face(c: Canvas, face: Face, ctx: PaintContext) -> None:
    under: Face = ()  # the boxes drawn so far that paint an area: what text is set on
    for box in face:
        ctx.beneath = under
        painter = PAINTERS[box.painter]
        painter.draw(c, box, ctx)
        if painter.fills(box):
            under = (*under, box)
    ctx.beneath = ()


def draw_art(c: Canvas, art: Art, ctx: PaintContext) -> None:
    c.saveState()
    if art.clip:  # a shaped piece: its own outline grown by the bleed
        clip = loops_path(c, art.clip)
    else:
        clip = c.beginPath()
        clip.rect(*art.bleed)
    c.clipPath(clip, stroke=0, fill=0)
    for x, y, w, h in art.tabs:  # under the faces: a tab may carry a label
        c.setFillColor(colors.HexColor("#e9e4d8"))
        c.rect(x, y, w, h, stroke=0, fill=1)
    for loops in art.glue:  # so are glue areas, hatched as everywhere
        glue_area(c, loops)
    x, y, w, h = art.bleed  # the trim is the bleed box less the bleed on every side
    ctx.outline = art.cut or (
        ((0.0, 0.0), (w + 2 * x, 0.0), (w + 2 * x, h + 2 * y), (0.0, h + 2 * y)),
    )
    for matrix, face in art.layers:
        c.saveState()
        c.transform(*matrix)
        draw_face(c, face, ctx)
        c.restoreState()
    for x1, y1, x2, y2, style in art.lines:
        stroke_line(c, x1, y1, x2, y2, style)
    if art.line:  # where scissors go: on the art, inside the bleed
        c.setDash()  # solid, whatever the folds before it left
        c.setStrokeColor(colors.HexColor(CUT_COLOUR))
        c.setLineWidth(CUT_WIDTH)
        c.drawPath(loops_path(c, art.line), stroke=1, fill=0)
    if ctx.mark:
        draw_mark(c, ctx)
    c.restoreState()


class Forms:
    """One PDF form per distinct art in a document, placed as often as needed; an art the
    document places only `once` is drawn where it is placed instead: a form costs a stream
    and a dictionary that a face shown once never pays back. draw_art clips to the bleed
    either way, as the form's bounding box would."""

    def __init__(self, canvas: Canvas, ctx: PaintContext) -> None:
        self.canvas = canvas
        self.ctx = ctx
        self.names = FORMS.of(canvas)  # an art's key (or the art) -> its form's name

    def place(
        self,
        art: Art,
        matrix: Matrix,
        label: str,
        clip: Rect | None = None,
        loc: Loc | None = None,
        key: Hashable = None,
        item: Item | None = None,
        once: bool = False,
    ) -> None:
        """Draw the art at `matrix`; arts of equal `key` (what they are made from, when
        given: arts.Arts) or else equal arts share one form. A fault drawing the `item`'s
        art names its piece."""
        c = self.canvas
        key = art if key is None else key
        name = self.names.get(key)
        if name is None and not once:
            name = self.names.put(key, f"F{len(self.names)}")
            x, y, w, h = art.bleed
            c.beginForm(name, x, y, x + w, y + h)
            self._draw(art, label, loc, item)
            c.endForm()
        c.saveState()
        if clip is not None:  # one sheet's window onto a larger drawing
            window = c.beginPath()
            window.rect(*clip)
            c.clipPath(window, stroke=0, fill=0)
        c.transform(*matrix)
        if name is not None:
            c.doForm(name)
        else:  # marked as a piece with the box its form would have, for readers of the file
            x, y, w, h = art.bleed
            box = " ".join(fp_str(v) for v in (x, y, x + w, y + h))
            c.addLiteral(f"/{PIECE} <</BBox [{box}]>> BDC")
            self._draw(art, label, loc, item)
            c.addLiteral("EMC")
        c.restoreState()

    def _draw(self, art: Art, label: str, loc: Loc | None, item: Item | None) -> None:
        self.ctx.item_label, self.ctx.item_loc, self.ctx.item = label, loc, item
        try:
            draw_art(self.canvas, art, self.ctx)
        except ContentError as exc:
            raise of_piece(exc, item) from None
