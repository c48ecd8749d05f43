"""Text painters. Text shrinks to fit its box within limits; past them the build fails
naming the item and the text: nothing is ever cut off silently."""

from __future__ import annotations

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from ..errors import ContentError, Problem
from ..units import to_mm
from .style import missing_glyphs

CAP_HEIGHT = 0.72  # of the font size, for Vera and most sans faces
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}


def _overflow(box, ctx, text: str, size: float) -> ContentError:
    w, h = box.rect[2], box.rect[3]
    short = text if len(text) <= 60 else text[:57] + "..."
    return ContentError(Problem(box.loc, f"{ctx.item_label}: text in box '{box.name}'"
                                f" ({to_mm(w):.1f} x {to_mm(h):.1f} mm) does not fit even at"
                                f" {size:g} pt: '{short}'"))


def check_glyphs(text: str, font: str, loc, label: str) -> None:
    lacking = missing_glyphs(text, font)
    if lacking:
        where = f"{label}: " if label else ""
        raise ContentError(Problem(loc, f"{where}the font has no glyph for"
                                   f" {', '.join(repr(ch) for ch in lacking)} in '{text[:60]}';"
                                   " use other characters or a font that has them"))


def fit_line(text: str, font: str, size: float, min_size: float, width: float,
             height: float) -> float | None:
    """Largest size from `size` down to `min_size` (half-point steps) at which one line fits."""
    while size >= min_size - 1e-9:
        if stringWidth(text, font, size) <= width + 1e-6 and size * CAP_HEIGHT <= height + 1e-6:
            return size
        size -= 0.5
    return None


def paint_text(c, box, ctx) -> None:
    text = str(box.get("text", ""))
    if not text:
        return
    font = ctx.fonts.get(box.get("font", "regular"), box.loc_of("font"))
    check_glyphs(text, font, box.loc, ctx.item_label)
    rotate = int(box.get("rotate", 0)) % 360
    x, y, w, h = box.rect
    if rotate in (90, 270):
        w, h = h, w
    size = float(box.get("size", 10))
    fitted = fit_line(text, font, size, float(box.get("min-size", size * 0.6)), w, h)
    if fitted is None:
        raise _overflow(box, ctx, text, float(box.get("min-size", size * 0.6)))
    c.saveState()
    cx, cy = x + box.rect[2] / 2, y + box.rect[3] / 2
    c.translate(cx, cy)
    c.rotate(rotate)
    c.setFillColor(ctx.ink(box, "colour", "#222222"))
    c.setFont(font, fitted)
    valign = box.get("valign", "middle")
    base = {"top": h / 2 - fitted * CAP_HEIGHT, "bottom": -h / 2}.get(
        valign, -fitted * CAP_HEIGHT / 2)
    align = box.get("align", "center")
    if align == "left":
        c.drawString(-w / 2, base, text)
    elif align == "right":
        c.drawRightString(w / 2, base, text)
    else:
        c.drawCentredString(0, base, text)
    c.restoreState()


def paragraph_style(ctx, box, size: float) -> ParagraphStyle:
    return ParagraphStyle(
        box.name, fontName=ctx.fonts.get(box.get("font", "regular"), box.loc_of("font")),
        fontSize=size,
        leading=size * float(box.get("leading", 1.25)),
        alignment=ALIGN.get(box.get("align", "left"), TA_LEFT),
        textColor=ctx.ink(box, "colour", "#222222"))


def paragraph(text: str, style, loc, label: str = "", **kw) -> Paragraph:
    """A reportlab Paragraph; broken inline markup is the author's to fix, so say where."""
    check_glyphs(text, style.fontName, loc, label)
    try:
        return Paragraph(text, style, **kw)
    except ValueError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else "broken markup"
        where = f"{label}: " if label else ""
        raise ContentError(Problem(loc, f"{where}text markup is broken ({reason}); tags like"
                                   f" <b>…</b> must be closed, and a plain & written &amp;:"
                                   f" '{text[:60]}'")) from None


def paint_paragraph(c, box, ctx) -> None:
    """Wrapped text; `text` may use <b>, <i> and <br/>; a list or blank lines give one
    paragraph each, `gap` (in font sizes) apart."""
    raw = box.get("text", "")
    # A blank line starts a new paragraph, so a template loop can write a spaced list.
    texts = [t for part in (raw if isinstance(raw, tuple) else [raw])
             for t in str(part).split("\n\n") if t.strip()]
    x, y, w, h = box.rect
    size = float(box.get("size", 9))
    min_size = float(box.get("min-size", size * 0.7))
    gap = float(box.get("gap", 0.4))
    while True:
        style = paragraph_style(ctx, box, size)
        paras = [paragraph(str(t), style, box.loc, ctx.item_label) for t in texts]
        heights = [p.wrap(w, h)[1] for p in paras]
        total = sum(heights) + gap * size * max(0, len(paras) - 1)
        if total <= h + 1e-6:
            break
        size -= 0.5
        if size < min_size - 1e-9:
            raise _overflow(box, ctx, " ".join(str(t) for t in texts), min_size)
    top = y + h
    if box.get("valign", "top") == "middle":
        top -= (h - total) / 2
    for p, ph in zip(paras, heights, strict=True):
        p.drawOn(c, x, top - ph)
        top -= ph + gap * size
