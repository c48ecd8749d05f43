"""Text painters. Text shrinks to fit its box within limits; past them the build fails
naming the item and the text: nothing is ever cut off silently."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from bastelbogen.content.painters import Key, Mark, painter
from bastelbogen.content.pictures import picture_problem
from bastelbogen.core import limits, params
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import ALIGNMENT, COLOUR, FACTOR, FONT_SIZE, TEXT, choice
from bastelbogen.core.paths import inside, is_file
from bastelbogen.render.blame import layout_fault
from bastelbogen.render.hyphens import Hyphenating, hyphenated, overrun, unbreakable
from bastelbogen.render.style import missing_glyphs

CAP_HEIGHT = 0.72  # of the font size, for Vera and most sans faces
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}


def _overflow(box, ctx, text: str, size: float) -> ContentError:
    return ContentError(layout_fault(box, ctx, text, f"does not fit even at {size:g} pt"))


def check_glyphs(text: str, font: str, loc, label: str) -> None:
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
    text: str, font: str, size: float, min_size: float, width: float, height: float
) -> float | None:
    """Largest size from `size` down to `min_size`, in half-point steps, at which one line
    fits. Width and cap height grow in proportion to the size, so the largest fitting size
    is computed, not searched: any size, however absurd, costs one measurement."""
    per_point = stringWidth(text, font, 1.0)
    limit = min(width / per_point if per_point > 0 else size, height / CAP_HEIGHT, size)
    fitted = size - math.ceil(max(size - limit, 0.0) / 0.5 - 1e-9) * 0.5
    for candidate in (fitted, fitted - 0.5):  # rounding may leave the first a hair too wide
        if (
            candidate >= min_size - 1e-9
            and stringWidth(text, font, candidate) <= width + 1e-6
            and candidate * CAP_HEIGHT <= height + 1e-6
        ):
            return candidate
    return None


@painter(
    "text",
    "one line that shrinks from `size` to `min-size` (pt) to fit; `font` is"
    " regular, bold or italic; `turns` (a corner index) underlines a value that"
    " reads as another turned round (6 and 9)",
    {
        "text": TEXT,
        "font": Key(TEXT, "regular"),
        "size": Key(FONT_SIZE, 10),
        "min-size": FONT_SIZE,  # 60 % of `size`
        "colour": Key(COLOUR, "#222222"),
        "align": Key(ALIGNMENT, "center"),
        "valign": Key(choice("top", "middle", "bottom"), "middle"),
        "rotate": Key(choice(0, 90, 180, 270), 0),
        "turns": Key(choice(True, False), False),
    },
    puts=(Mark.TEXT,),
)
def paint_text(c, box, ctx) -> None:
    text = str(box.get("text", ""))
    if not text:
        return
    font = ctx.fonts.get(box.get("font"), box.loc_of("font"))
    check_glyphs(text, font, box.loc, ctx.item_label)
    line = set_line(box, font)
    if line is None:
        raise _overflow(box, ctx, text, float(box.get("min-size", float(box.get("size")) * 0.6)))
    fitted, base, left, width, rotate, lettering = line
    x, y, w, h = box.rect
    cx, cy = x + w / 2, y + h / 2
    if ctx.preflight:
        ctx.preflight.text(box, fitted, ctx.item_label)
        ctx.preflight.contrast(
            box,
            box.get("colour"),
            (cx + lettering[0], cy + lettering[1], cx + lettering[2], cy + lettering[3]),
            ctx.beneath,
            ctx.item_label,
        )
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
    c.drawString(left, base, text)
    if box.get("turns") and reads_turned(text):  # as playing cards mark their 6 and 9
        c.setStrokeColor(ctx.ink(box, "colour"))
        c.setLineWidth(fitted * UNDERLINE[1])
        under = base - fitted * UNDERLINE[0]
        c.line(left, under, left + width, under)
    c.restoreState()


@lru_cache(maxsize=4096)
def set_line(box, font: str) -> tuple | None:
    """Where one line of the box's text stands in `font` (a registered name, unique to its
    file): its size, baseline, left edge and width about the box's centre, its turn and
    the rectangle its letters cover, turned (about the centre); None when it does not fit.
    Worked out once for every card that shows the same box."""
    text = str(box.get("text", ""))
    rotate = int(box.get("rotate")) % 360
    _, _, w, h = box.rect
    if rotate in (90, 270):
        w, h = h, w
    size = float(box.get("size"))
    fitted = fit_line(text, font, size, float(box.get("min-size", size * 0.6)), w, h)
    if fitted is None:
        return None
    base = {"top": h / 2 - fitted * CAP_HEIGHT, "bottom": -h / 2}.get(
        box.get("valign"), -fitted * CAP_HEIGHT / 2
    )
    width = stringWidth(text, font, fitted)
    left = {"left": -w / 2, "right": w / 2 - width}.get(box.get("align"), -width / 2)
    lettering = _turned((left, base, left + width, base + fitted * CAP_HEIGHT), rotate)
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


_MARKUP = re.compile(r"(<[^>]*>)")
NO_BREAK = "\u00a0"


def unbroken_tail(text: str) -> str:
    """The text with its last two words joined by a no-break space (outside any tag), so
    that wrapped, its last line holds two words and never one alone: a heading's last
    word never hangs by itself."""
    parts = _MARKUP.split(text.strip())  # texts at even places, tags at odd ones
    for n in range(len(parts) - 1, -1, -2):
        spaces = list(re.finditer(r"\s+", parts[n]))
        if spaces:
            last = spaces[-1]
            parts[n] = parts[n][: last.start()] + NO_BREAK + parts[n][last.end() :]
            return "".join(parts)
    return text


def paragraph_style(ctx, box, size: float) -> ParagraphStyle:
    fonts = [ctx.fonts[role] for role in ("regular", "bold", "italic")]
    return ParagraphStyle(
        box.name,
        fontName=ctx.fonts.get(box.get("font"), box.loc_of("font")),
        fontSize=size,
        leading=size * float(box.get("leading")),
        alignment=ALIGN.get(box.get("align"), TA_LEFT),
        textColor=ctx.ink(box, "colour"),
        **hyphenated(ctx.lang, fonts, everywhere=box.get("align") == "justify"),
    )


_INSIDE_TAG = r"""(?:[^>"']|"[^"]*"|'[^']*')*"""  # a quoted '>' does not end a tag
_IMG = re.compile(rf"<img\b{_INSIDE_TAG}>", re.I)
_ATTR = re.compile(r"""([a-zA-Z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))""")
IMG_KEYS = ("src", "width", "height", "valign")


def _attributes(tag: str) -> dict[str, str] | None:
    """A tag's attributes; None if one is given twice (reportlab would take the last)."""
    found: dict[str, str] = {}
    for name, *values in _ATTR.findall(tag):
        if name.lower() in found:
            return None
        found[name.lower()] = next((v for v in values if v), "")
    return found


def _pictures(text: str, folder: Path | None, loc, label: str) -> str:
    """`<img src=…>` in markup may show a picture from the game's folder, nothing else:
    reportlab would read any path, or fetch a URL. The src is replaced by the checked path."""
    where = f"{label}: " if label else ""

    def checked(match: re.Match) -> str:
        attributes = _attributes(match.group(0))
        if attributes is None or set(attributes) - set(IMG_KEYS):
            raise ContentError(
                Problem(
                    loc,
                    f"{where}{match.group(0)[:80]}: an <img> takes"
                    f" {', '.join(IMG_KEYS)}, each once",
                )
            )
        name = attributes.get("src", "")
        if re.match(r"^[a-z][a-z0-9+.-]*:", name, re.I):
            raise ContentError(
                Problem(
                    loc,
                    f"{where}<img src='{name[:80]}'>: pictures are"
                    " never fetched, only read from the game's folder",
                )
            )
        path = inside(folder, name) if folder is not None and name else None
        if folder is None or path is None:
            raise ContentError(
                Problem(
                    loc,
                    f"{where}<img src='{name[:80]}'> in the text: a"
                    " picture must be a file in the game's folder",
                )
            )
        if not is_file(path):
            raise ContentError(Problem(loc, f"{where}<img> picture not found: {name}"))
        if problem := picture_problem(path, folder):
            raise ContentError(Problem(loc, f"{where}<img> picture {name} {problem}"))
        if path.suffix.lower() == ".svg":
            raise ContentError(
                Problem(loc, f"{where}<img> in text takes PNG or JPEG, not SVG: {name}")
            )
        attributes["src"] = str(path)
        return (
            "<img "
            + " ".join(f'{k}="{xml_escape(v, {chr(34): "&quot;"})}"' for k, v in attributes.items())
            + "/>"
        )

    return _IMG.sub(checked, text)


_TAG = re.compile(rf"<\s*/?\s*([a-zA-Z]+)({_INSIDE_TAG})>")
# The inline tags a card or rules text may use; reportlab knows more (<para>, <onDraw>,
# <index>, <link>), which fail late or reach into the document.
TAGS = ("b", "i", "u", "strike", "strong", "em", "br", "font", "span", "super", "sup", "sub", "img")
_NUMBER = re.compile(r"""=\s*['"]?\s*([-+]?(?:\d[\d._]*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf)""", re.I)


def _markup_problem(text: str, links: bool) -> str | None:
    """Tags whose numbers reportlab would try to honour at any size, and links, which a
    card (drawn once as a PDF form) cannot carry."""
    for tag, attributes in _TAG.findall(text):
        if tag.lower() == "a" and not links:
            return f"<{tag}> links cannot be used on cards and tiles"
        if tag.lower() == "a" and not re.search(
            r"""href\s*=\s*["']?(https?|mailto):""", attributes, re.I
        ):
            return '<a> takes href="https://…" or mailto:, nothing else'
        if tag.lower() not in (*TAGS, "a"):
            return f"<{tag}> is not one of the tags text may use ({', '.join(TAGS)}, a)"
        for number in _NUMBER.findall(attributes):
            try:
                value = float(number)
            except ValueError:
                return f"<{tag}{attributes[:40]}>: '{number}' is not a number"
            if not math.isfinite(value) or abs(value) > limits.MAX_FONT_SIZE:
                return (
                    f"<{tag}{attributes[:40]}> asks for {number}; numbers in tags must be"
                    f" at most {limits.MAX_FONT_SIZE:g}"
                )
    return None


def paragraph(
    text: str, style, loc, label: str = "", folder: Path | None = None, links: bool = False, **kw
) -> Paragraph:
    """A reportlab Paragraph; broken inline markup is the author's to fix, so say where."""
    check_glyphs(text, style.fontName, loc, label)
    if problem := _markup_problem(text, links):
        where = f"{label}: " if label else ""
        raise ContentError(Problem(loc, f"{where}{problem}: '{text[:60]}'"))
    text = _pictures(text, folder, loc, label)
    try:
        return Hyphenating(text, style, **kw)
    except (ValueError, KeyError, AttributeError, TypeError) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else "broken markup"
        where = f"{label}: " if label else ""
        raise ContentError(
            Problem(
                loc,
                f"{where}text markup is broken ({reason}); tags like"
                f" <b>…</b> must be closed, and a plain & written &amp;:"
                f" '{text[:60]}'",
            )
        ) from None


@painter(
    "paragraph",
    "wrapped text with `<b>`, `<i>`, `<br/>`; a blank line starts a new"
    " paragraph, `gap` font sizes apart; a word that does not fit the rest of its line"
    " is hyphenated by the rules of the text's language, never cut",
    {
        "text": TEXT,
        "font": Key(TEXT, "regular"),
        "size": Key(FONT_SIZE, 9),
        "min-size": FONT_SIZE,  # 70 % of `size`
        "colour": Key(COLOUR, "#222222"),
        "align": Key(choice(*params.ALIGN, "justify"), "left"),
        "valign": Key(choice("top", "middle"), "top"),
        "leading": Key(FACTOR, 1.25),
        "gap": Key(params.number(0, False, 10), 0.4),
    },
    puts=(Mark.TEXT,),
)
def paint_paragraph(c, box, ctx) -> None:
    """Wrapped text; `text` may use <b>, <i> and <br/>; a list or blank lines give one
    paragraph each, `gap` (in font sizes) apart."""
    raw = box.get("text", "")
    # A blank line starts a new paragraph, so a template loop can write a spaced list.
    texts = [
        t
        for part in (raw if isinstance(raw, tuple) else [raw])
        for t in str(part).split("\n\n")
        if t.strip()
    ]
    x, y, w, h = box.rect
    size = float(box.get("size"))
    min_size = float(box.get("min-size", size * 0.7))
    gap = float(box.get("gap"))

    def laid_out(at: float):
        style = paragraph_style(ctx, box, at)
        paras = [paragraph(str(t), style, box.loc, ctx.item_label, ctx.folder) for t in texts]
        heights = [p.wrap(w, h)[1] for p in paras]
        wide = next((word for p in paras if (word := overrun(p)) is not None), None)
        return paras, heights, sum(heights) + gap * at * max(0, len(paras) - 1), wide

    # Half-point steps from `size` down to `min-size`: the largest that fits, by bisection,
    # so a size of 1000 pt costs a dozen layouts, not two thousand. Words are hyphenated at
    # every size tried, so a text that fits hyphenated at the size asked for keeps it, as a
    # typesetter would rather break a long word than set the whole text much smaller; a
    # word is never broken but at a syllable, with a hyphen (`hyphenated`).
    steps = int(max(size - min_size, 0.0) / 0.5 + 1e-9)
    lo, hi, best = 0, steps, None
    while lo <= hi:
        mid = (lo + hi) // 2
        result = laid_out(size - mid * 0.5)
        if result[2] <= h + 1e-6 and result[3] is None:
            best, hi = (mid, result), mid - 1
        else:
            lo = mid + 1
    if best is None:
        wide = laid_out(min_size)[3]
        if wide is not None:
            raise unbreakable(box, ctx, wide, min_size)
        raise _overflow(box, ctx, " ".join(str(t) for t in texts), min_size)
    size = size - best[0] * 0.5
    paras, heights, total, _ = best[1]
    top = y + h
    if box.get("valign") == "middle":
        top -= (h - total) / 2
    if ctx.preflight:
        ctx.preflight.text(box, size, ctx.item_label)
        ctx.preflight.contrast(
            box, box.get("colour"), (x, top - total, x + w, top), ctx.beneath, ctx.item_label
        )
    for p, ph in zip(paras, heights, strict=True):
        p.drawOn(c, x, top - ph)
        top -= ph + gap * size
