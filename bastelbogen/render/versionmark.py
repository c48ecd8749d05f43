"""The version mark (--version-mark): a small text in a corner of each piece's front, so
that pieces printed at different times (a playtest's reprint of what changed) are told
apart at the table. Drawn last on the front, on a white ground of its own so it reads on
any art, inside the piece's safe zone (its component's `safe:`, at least CUT_CLEARANCE from
the cut) where text belongs; never on a back, which must not tell the cards apart."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from reportlab.lib import colors

from bastelbogen.core.errors import OptionError
from bastelbogen.core.shapes import keeps_safe
from bastelbogen.core.units import mm
from bastelbogen.layout.safe import width_of
from bastelbogen.render.style import missing_glyphs, register_font

if TYPE_CHECKING:
    from bastelbogen.content.kinds import Outline
    from bastelbogen.content.models import Game
    from bastelbogen.core.geometry import Rect
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas

SIZE = 5.0  # points: read when looked for, small beside a card's own text
PAD = 0.8  # points of white round the text
CUT_CLEARANCE = mm(2)  # from the cut, where a piece has no safe zone of its own
INK = colors.HexColor("#333333")
STEPS = 8  # places tried from the corner towards the middle (a shaped piece's corner is off)
DATED = "date"  # --version-mark date: the day of the build
VERSIONED = "version"  # --version-mark version: the game's version, as its game file says


def mark_text(asked: str | None, game: Game) -> str | None:
    """What --version-mark prints for this game, settled once for every file of a build:
    the day it is built, the game file's version, or the text asked for; a usage error
    where the game's regular font cannot draw it (empty boxes would mark nothing)."""
    text = _settled(asked, game)
    if text:
        font = game.fonts["regular"]
        missing = missing_glyphs(text, register_font(font, game.font_locs.get("regular", game.loc)))
        if missing:
            raise OptionError(
                f"--version-mark {text}: the game's regular font ({font.name}) has no"
                f" {missing!r}; write the mark in letters it has"
            )
    return text


def _settled(asked: str | None, game: Game) -> str | None:
    if asked == DATED:
        return date.today().isoformat()
    if asked != VERSIONED:
        return asked
    if not game.version:
        raise OptionError(
            f"--version-mark version: game '{game.id}' has no version"
            f" (write `version: v1` in {game.loc.file})"
        )
    return game.version


def draw_mark(c: Canvas, ctx: PaintContext) -> None:
    """The build's mark at the bottom-right corner of the front being drawn (or the
    nearest place towards the middle that keeps inside the safe zone of a shaped piece);
    nothing where it fits nowhere (a piece smaller than its mark)."""
    if not ctx.mark or not ctx.item_label.endswith("(front)"):
        return
    font = ctx.fonts["regular"]
    width = c.stringWidth(ctx.mark, font, SIZE) + 2 * PAD
    height = SIZE + 2 * PAD
    inset = CUT_CLEARANCE
    if ctx.item is not None:
        inset = max(inset, width_of(ctx.item.component) or 0.0)
    spot = _spot(ctx.outline, inset, width, height)
    if spot is None:
        return
    x, y = spot
    c.saveState()
    c.setFillColor(colors.white)
    c.rect(x, y, width, height, stroke=0, fill=1)
    c.setFillColor(INK)
    c.setFont(font, SIZE)
    c.drawString(x + PAD, y + PAD + 0.2 * SIZE, ctx.mark)
    c.restoreState()


def _spot(
    outline: Outline, inset: float, width: float, height: float
) -> tuple[float, float] | None:
    """Where the mark's ground stands: its bottom-left corner, item-local, y up."""
    points = [p for loop in outline for p in loop]
    if not points:
        return None
    left, bottom = min(p[0] for p in points), min(p[1] for p in points)
    right, top = max(p[0] for p in points), max(p[1] for p in points)
    corner = (right - inset - width, bottom + inset)
    middle = ((left + right - width) / 2, (bottom + top - height) / 2)
    for n in range(STEPS + 1):  # along the diagonal from the corner to the middle
        t = n / STEPS
        x = corner[0] + (middle[0] - corner[0]) * t
        y = corner[1] + (middle[1] - corner[1]) * t
        rect: Rect = (x, y, width, height)
        if x >= left and keeps_safe(tuple(outline), inset, rect):
            return x, y
    return None
