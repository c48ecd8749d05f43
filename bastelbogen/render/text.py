"""The text painter: one line that shrinks to fit its box within limits; past them the
build fails naming the item and the text: nothing is ever cut off silently (wrapped text:
paragraphs.py)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bastelbogen.content.painters import Mark, painter
from bastelbogen.core.errors import ContentError, Loc, Problem
from bastelbogen.core.params import ALIGNMENT, COLOUR, FONT_SIZE, TEXT, BoxKeys, Key, choice
from bastelbogen.core.remembered import recorded, replayed
from bastelbogen.render import icons, standardfonts
from bastelbogen.render.blame import layout_fault
from bastelbogen.render.icons import Line
from bastelbogen.render.style import missing_glyphs

if TYPE_CHECKING:
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas

CAP_HEIGHT = 0.72  # of the font size, for Vera and most sans faces


def overflow(box: Box, ctx: PaintContext, text: str, size: float) -> ContentError:
    return ContentError(layout_fault(box, ctx, text, f"does not fit even at {size:g} pt"))


def check_glyphs(text: str, font: str, loc: Loc, label: str) -> None:
    lacking = missing_glyphs(text, font)
    if lacking:
        where = f"{label}: " if label else ""
        raise ContentError(
            Problem(
                loc,
                f"{where}the font has no glyph for"
                f" {', '.join(repr(ch) for ch in lacking)} in '{text[:60]}';"
                " use other characters or a font that has them",
            )
        )


def fit_line(
    text: str | Line, font: str, size: float, min_size: float, width: float, height: float
) -> float | None:
    """Largest size from `size` down to `min_size`, in half-point steps, at which one line
    (its icons too: render/icons.py) fits. Width and height grow in proportion to the
    size, so the largest fitting size is computed, not searched: any size, however absurd,
    costs one measurement. Its height is the cap height, or its tallest icon's."""
    line = text if isinstance(text, Line) else Line((text,))
    per_point, tall = line.width(font, 1.0), max(CAP_HEIGHT, line.tall)
    limit = min(width / per_point if per_point > 0 else size, height / tall, size)
    fitted = size - math.ceil(max(size - limit, 0.0) / 0.5 - 1e-9) * 0.5
    for candidate in (fitted, fitted - 0.5):  # rounding may leave the first a hair too wide
        if (
            candidate >= min_size - 1e-9
            and line.width(font, candidate) <= width + 1e-6
            and candidate * tall <= height + 1e-6
        ):
            return candidate
    return None


class Text(BoxKeys):
    text = Key(TEXT, help="the line; `:name:` shows the game's icon of that name")
    font = Key(
        TEXT,
        "regular",
        help="regular, bold or italic (or a font the game names, or a standard PDF font:"
        " Helvetica, Times, Courier, drawn in Liberation)",
    )
    size = Key(FONT_SIZE, 10, help="the font size, pt, that it shrinks from to fit")
    min_size = Key(FONT_SIZE, help="the least it may shrink to, pt (60 % of `size` if left out)")
    colour = Key(COLOUR, "#222222", help="the text's colour")
    align = Key(ALIGNMENT, "center", help="where in the box's width the line stands")
    valign = Key(choice("top", "middle", "bottom"), "middle", help="where in its height")
    rotate = Key(choice(0, 90, 180, 270), 0, help="turned by so many degrees, anticlockwise")
    turns = Key(
        choice(True, False),
        False,
        help="`true` (for an index in a card's corner) underlines a value that reads as"
        " another when the card is turned round (6 and 9)",
    )

    def least(self, size: float) -> float:
        """`min-size`, or 60 % of `size`."""
        return float(self.min_size) if self.min_size is not None else size * 0.6


@painter("text", "one line that shrinks from `size` to `min-size` to fit", Text, puts=(Mark.TEXT,))
def paint_text(c: Canvas, box: Box, ctx: PaintContext) -> None:
    k = Text(box)
    text = str(k.text) if k.text is not None else ""
    if not text:
        return
    font = ctx.fonts.get(str(k.font), box.loc_of("font"))
    if ctx.preflight is not None:
        standardfonts.tell(ctx.preflight, str(k.font), ctx.fonts.paths, box.loc_of("font"))
    icons.checked(box, ctx, text)
    letters = icons.line(text, ctx.fonts, box.loc_of("text"), ctx.item_label)  # `:name:`
    check_glyphs(letters.text, font, box.loc, ctx.item_label)
    line = set_line(box, font, letters)
    if line is None:
        raise overflow(box, ctx, text, k.least(float(k.size)))
    fitted, base, left, width, rotate, lettering = line
    x, y, w, h = box.rect
    cx, cy = x + w / 2, y + h / 2
    if ctx.preflight:
        ctx.preflight.text(box, fitted, ctx.item_label, ctx.component)
        ctx.preflight.contrast(
            box,
            k.colour,
            (cx + lettering[0], cy + lettering[1], cx + lettering[2], cy + lettering[3]),
            ctx.beneath,
            ctx.item_label,
            ctx.component,
        )
    key = ("text", box, font, ctx.swell, letters)  # all the drawing below depends on
    if replayed(c, key):
        return
    with recorded(c, key):
        c.saveState()
        # One matrix for the move to the box's centre and the turn (the same numbers as
        # translating, then rotating): a line of text is drawn at its left edge, which is
        # where reportlab's centred and right-aligned strings start too.
        if rotate:
            cos, sin = math.cos(rotate * math.pi / 180), math.sin(rotate * math.pi / 180)
            c.transform(cos, sin, -sin, cos, cx, cy)
        else:
            c.translate(cx, cy)
        c.setFillColor(ctx.ink(box, "colour"))
        c.setFont(font, fitted)
        letters.draw(c, left, base, font, fitted, ctx.ink(box, "colour"))
        if k.turns and reads_turned(text):  # as playing cards mark their 6 and 9
            c.setStrokeColor(ctx.ink(box, "colour"))
            c.setLineWidth(fitted * UNDERLINE[1])
            under = base - fitted * UNDERLINE[0]
            c.line(left, under, left + width, under)
        c.restoreState()


@lru_cache(maxsize=1024)
def set_line(box: Box, font: str, line: Line | None = None) -> tuple[Any, ...] | None:
    """Where one line of the box's text (`line`: as set, with its icons) stands in `font`
    (a registered name, unique to its file): its size, baseline, left edge and width about
    the box's centre, its turn and the rectangle its letters and icons cover, turned (about
    the centre); None when it does not fit. Worked out once for every card that shows the
    same box."""
    k = Text(box)
    text = line or Line((str(k.text) if k.text is not None else "",))
    rotate = int(k.rotate) % 360
    _, _, w, h = box.rect
    if rotate in (90, 270):
        w, h = h, w
    size = float(k.size)  # a kind's own boxes (a stand's labels) are not checked
    fitted = fit_line(text, font, size, k.least(size), w, h)
    if fitted is None:
        return None
    tall = fitted * max(CAP_HEIGHT, text.tall)  # its letters' cap height, or an icon's
    base = {"top": h / 2 - tall, "bottom": -h / 2}.get(k.valign, -tall / 2)
    width = text.width(font, fitted)
    left = {"left": -w / 2, "right": w / 2 - width}.get(k.align, -width / 2)
    lettering = _turned((left, base, left + width, base + tall), rotate)
    return fitted, base, left, width, rotate, lettering


UNDERLINE = (0.14, 0.075)  # a turned-value mark: below the baseline and thick, in font sizes
TURNED = str.maketrans("01689", "01986")  # digits that are digits upside down, as they read


def reads_turned(text: str) -> bool:
    """Whether the text, turned 180°, reads as a different number: 6 as 9, 16 as 91; not
    8 or 69 (the same either way), nor 10, which turned would start with a 0."""
    if not text or any(ch not in "01689" for ch in text):
        return False
    turned = text.translate(TURNED)[::-1]
    return turned != text and (len(turned) == 1 or not turned.startswith("0"))


def _turned(rect: tuple[float, float, float, float], rotate: int) -> tuple[float, ...]:
    """A rectangle about the origin turned by `rotate` degrees (a multiple of 90)."""
    x0, y0, x1, y1 = rect
    corners = [(x0, y0), (x1, y1)]
    for _ in range(rotate // 90):
        corners = [(-y, x) for x, y in corners]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)
