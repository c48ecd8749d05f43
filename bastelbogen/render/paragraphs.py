"""The paragraph painter: wrapped text with inline markup, hyphenated by the rules of its
language, shrinking to fit its box within limits (one line: text.py). Its typesetting
(reportlab's platypus, the hyphenation) is loaded by the first paragraph drawn, not by
every build that registers the painter: it is most of a build's start-up."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.content.icons import NO_ICONS
from bastelbogen.content.painters import Mark, painter
from bastelbogen.core import limits, params
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.params import COLOUR, FACTOR, FONT_SIZE, TEXT, BoxKeys, Key, choice
from bastelbogen.core.paths import inside, is_file
from bastelbogen.core.remembered import REMEMBERED, digest
from bastelbogen.render import bitmaps, faces, icons, standardfonts
from bastelbogen.render.fitting import first_fitting
from bastelbogen.render.text import check_glyphs, overflow

if TYPE_CHECKING:
    from reportlab.lib.styles import ParagraphStyle

    from bastelbogen.core.errors import Loc
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.rules.typesetting import Paragraph as Typeset
    from bastelbogen.render.style import Canvas, Fonts

# A text laid out at one size: its paragraphs, their heights, their height together (with
# the gaps), and a word that fits no line (or None).
Laid = tuple[list["Typeset"], list[float], float, str | None]
R = TypeVar("R")

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}


# A tag holds no "<": so each "<" is tried once, and a stranger's text of 100,000 "<" and
# no ">" is read in linear time (with [^>]* it was tried from every "<" to the end).
_MARKUP = re.compile(r"(<[^<>]*>)")
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


def paragraph_style(ctx: PaintContext, box: Box, size: float) -> ParagraphStyle:
    from reportlab.lib.styles import ParagraphStyle

    from bastelbogen.render.rules.hyphens import hyphenated

    fonts = [ctx.fonts[role] for role in ("regular", "bold", "italic")]
    k = Paragraph(box)
    return ParagraphStyle(
        box.name,
        fontName=ctx.fonts.get(str(k.font), box.loc_of("font")),
        fontSize=size,
        leading=size * float(k.leading),
        alignment=ALIGN.get(k.align, TA_LEFT),
        textColor=ctx.ink(box, "colour"),
        **hyphenated(ctx.lang, fonts, everywhere=k.align == "justify"),
    )


# A quoted '>' does not end a tag; no '<' stands inside one, so a match begun at a '<' ends by
# the next: text full of unclosed '<b' is read once, not once from each '<' to its end.
_INSIDE_TAG = r"""(?:[^<>"']|"[^"<]*"|'[^'<]*')*"""
IMG = re.compile(rf"<img\b{_INSIDE_TAG}>", re.I)
_ATTR = re.compile(r"""([a-zA-Z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))""")
IMG_KEYS = ("src", "width", "height", "valign")


def _attribute(value: str) -> str:
    """A value set between double quotes in markup."""
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def attributes(tag: str) -> dict[str, str] | None:
    """A tag's attributes; None if one is given twice (reportlab would take the last)."""
    found: dict[str, str] = {}
    for name, *values in _ATTR.findall(tag):
        if name.lower() in found:
            return None
        found[name.lower()] = next((v for v in values if v), "")
    return found


def _pictures(text: str, folder: Path | None, loc: Loc, label: str) -> str:
    """`<img src=…>` in markup may show a picture from the game's folder, nothing else:
    reportlab would read any path, or fetch a URL. The src is replaced by the checked
    picture's key (render/bitmaps.py): reportlab draws those bytes and looks up nothing."""
    where = f"{label}: " if label else ""

    def checked(match: re.Match[str]) -> str:
        found = attributes(match.group(0))
        if found is None or set(found) - set(IMG_KEYS):
            raise ContentError(
                Problem(
                    loc,
                    f"{where}{match.group(0)[:80]}: an <img> takes"
                    f" {', '.join(IMG_KEYS)}, each once",
                )
            )
        name = found.get("src", "")
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
        if path.suffix.lower() == ".svg":
            raise ContentError(
                Problem(loc, f"{where}<img> in text takes PNG or JPEG, not SVG: {name}")
            )
        bitmap = bitmaps.checked(path)
        if isinstance(bitmap, str):
            raise ContentError(Problem(loc, f"{where}<img> picture {name} {bitmap}"))
        found["src"] = bitmaps.inline(bitmap)  # the checked bytes are drawn, not the name
        return "<img " + " ".join(f'{k}="{_attribute(v)}"' for k, v in found.items()) + "/>"

    return IMG.sub(checked, text)


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
    text: str,
    style: ParagraphStyle,
    loc: Loc,
    label: str = "",
    folder: Path | None = None,
    links: bool = False,
    fonts: Fonts | None = None,
    **kw: object,
) -> Typeset:
    """A reportlab Paragraph; broken inline markup is the author's to fix, so say where.
    A font its tags name is one of `fonts` or a standard font's replacement (faces.py)."""
    from bastelbogen.render.rules.hyphens import Hyphenating

    check_glyphs(text, style.fontName, loc, label)
    if problem := _markup_problem(text, links):
        where = f"{label}: " if label else ""
        raise ContentError(Problem(loc, f"{where}{problem}: '{text[:60]}'"))
    text = faces.resolved(text, fonts, loc, label)
    text = _pictures(text, folder, loc, label)
    text = icons.markup(text, fonts.icons if fonts else NO_ICONS, loc, label)  # `:name:`
    try:
        return icons.sized(Hyphenating(text, style, **kw), fonts)
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


def _fit_key(
    box: Box, ctx: PaintContext, texts: list[str], size: float, min_size: float, gap: float
) -> str:
    """The digest of all a box's fit depends on, or "" for text showing pictures (their
    sizes are the files')."""
    if any(IMG.search(t) for t in texts):
        return ""
    k = Paragraph(box)
    fonts = [ctx.fonts.get(str(k.font), box.loc_of("font"))]
    fonts += [ctx.fonts[role] for role in ("regular", "bold", "italic")]
    return digest(
        "paragraph fit",
        tuple(texts),
        tuple(fonts),  # by their content (render/style.py names them so)
        size,
        min_size,
        gap,
        float(k.leading),
        k.align,
        tuple(box.rect[2:]),
        ctx.lang,
        ctx.fonts.icons.identity,
    )


def _best_step(
    lay: Callable[[int], R], fits: Callable[[R], bool], steps: int, key: str, guess: int = 0
) -> tuple[int, R] | None:
    """The fewest half-point steps down at which the text fits, with its layout, or None:
    the remembered step if it fits, else searched from `guess` (remembered then)."""
    found = REMEMBERED.get(key) if key else None
    if found and len(found) == 1 and found[0] in range(steps + 1):
        result = lay(found[0])
        if fits(result):
            return found[0], result
    best = first_fitting(lay, fits, steps, guess)
    if best is not None and key:
        REMEMBERED.put(key, [best[0]])
    return best


# Words fill about 97 % of a line (bench/decks.py's prose): a guess one step too large costs
# no more layouts than the right one (it fails, the next fits), one too small a third.
FILLED = 1.03


def _guess(
    texts: list[str], font: str, leading: float, gap: float, box: Box, size: float, steps: int
) -> int:
    """The half-point step down from `size` the texts likely fit from, by their widths alone
    (markup left out, each line filled to about 1 / FILLED): where the search starts."""
    widths = [stringWidth(_MARKUP.sub("", text), font, 1.0) for text in texts]
    _, _, w, h = box.rect
    for step in range(steps + 1):
        at = size - step * 0.5
        lines = sum(max(1, math.ceil(width * at * FILLED / w)) for width in widths)
        if lines * at * leading + gap * at * max(0, len(texts) - 1) <= h + 1e-6:
            return step
    return steps


class Paragraph(BoxKeys):
    text = Key(
        TEXT,
        help='the text, with `<b>`, `<i>`, `<br/>`, `<font face="bold">` (as `font` names'
        " a font), `:name:` (an icon): a blank line (or a list's entry) starts a paragraph",
    )
    font = Key(
        TEXT,
        "regular",
        help="regular, bold or italic (or a font the game names, or a standard PDF font:"
        " Helvetica, Times, Courier, drawn in Liberation)",
    )
    size = Key(FONT_SIZE, 9, help="the font size, pt, that it shrinks from to fit")
    min_size = Key(FONT_SIZE, help="the least it may shrink to, pt (70 % of `size` if left out)")
    colour = Key(COLOUR, "#222222", help="the text's colour")
    align = Key(
        choice(*params.ALIGN, "justify"),
        "left",
        help="left, center, right, or justify (hyphenated wherever a line ends)",
    )
    valign = Key(choice("top", "middle"), "top", help="where in the box's height it stands")
    leading = Key(FACTOR, 1.25, help="from one line to the next, in font sizes")
    gap = Key(params.number(0, False, 10), 0.4, help="between paragraphs, in font sizes")


@painter(
    "paragraph",
    "wrapped text with markup; a word that does not fit the rest of its line is"
    " hyphenated by the rules of the text's language, never cut",
    Paragraph,
    puts=(Mark.TEXT,),
)
def paint_paragraph(c: Canvas, box: Box, ctx: PaintContext) -> None:
    """Wrapped text; `text` may use <b>, <i> and <br/>; a list or blank lines give one
    paragraph each, `gap` (in font sizes) apart."""
    from bastelbogen.render.rules.hyphens import least_height, overrun, unbreakable

    k = Paragraph(box)
    raw = k.text if k.text is not None else ""
    # A blank line starts a new paragraph, so a template loop can write a spaced list.
    texts = [
        t
        for part in (raw if isinstance(raw, tuple) else [raw])
        for t in str(part).split("\n\n")
        if t.strip()
    ]
    _tell_standard(ctx, box, texts)
    for t in texts:
        icons.checked(box, ctx, str(t))
    x, y, w, h = box.rect
    size = float(k.size)  # a kind's own boxes (a stand's legend) are not checked
    min_size = float(k.min_size) if k.min_size is not None else size * 0.7
    gap = float(k.gap)

    def laid_out(at: float, judged: bool = True) -> Laid:
        style = paragraph_style(ctx, box, at)
        paras = [
            paragraph(str(t), style, box.loc, ctx.item_label, ctx.folder, fonts=ctx.fonts)
            for t in texts
        ]
        gaps = gap * at * max(0, len(paras) - 1)
        # A text whose letters alone fill more lines than the box holds is not laid out at
        # this size (a stranger's 100,000 characters on a card); `judged=False` lays it out
        # all the same, to tell the word that fits no line from a text that is too long.
        if judged and sum(least_height(p, w) for p in paras) + gaps > h + 1e-6:
            return paras, [], math.inf, None
        heights = [p.wrap(w, h)[1] for p in paras]
        wide = next((word for p in paras if (word := overrun(p)) is not None), None)
        return paras, heights, sum(heights) + gaps, wide

    def fits(result: Laid) -> bool:
        return result[2] <= h + 1e-6 and result[3] is None

    # Half-point steps from `size` down to `min-size`: the largest that fits, searched from
    # where the text's width says it will (`_guess`), so most texts cost two layouts, and a
    # size of 1000 pt a few dozen at most, not two thousand. Words are hyphenated at
    # every size tried, so a text that fits hyphenated at the size asked for keeps it, as a
    # typesetter would rather break a long word than set the whole text much smaller; a
    # word is never broken but at a syllable, with a hyphen (`hyphenated`). The step found
    # is remembered by all the fit depends on (core/remembered.py), so an unchanged box is
    # laid out once; a step that does not fit there is searched for again.
    steps = int(max(size - min_size, 0.0) / 0.5 + 1e-9)
    key = _fit_key(box, ctx, texts, size, min_size, gap)
    font = ctx.fonts.get(str(k.font), box.loc_of("font"))
    guess = _guess(texts, font, float(k.leading), gap, box, size, steps)
    best = _best_step(lambda step: laid_out(size - step * 0.5), fits, steps, key, guess)
    if best is None:
        wide = laid_out(min_size, judged=False)[3]
        if wide is not None:
            raise unbreakable(box, ctx, wide, min_size)
        raise overflow(box, ctx, " ".join(str(t) for t in texts), min_size)
    size = size - best[0] * 0.5
    paras, heights, total, _ = best[1]
    top = y + h
    if k.valign == "middle":
        top -= (h - total) / 2
    if ctx.preflight:
        ctx.preflight.text(box, size, ctx.item_label, ctx.component)
        ctx.preflight.contrast(
            box, k.colour, (x, top - total, x + w, top), ctx.beneath, ctx.item_label, ctx.component
        )
    for p, ph in zip(paras, heights, strict=True):
        p.drawOn(c, x, top - ph)
        top -= ph + gap * size


def _tell_standard(ctx: PaintContext, box: Box, texts: list[str]) -> None:
    """A standard font named by the box's `font:` or in its text's tags: said where."""
    if ctx.preflight is None:
        return
    roles = ctx.fonts.paths
    standardfonts.tell(ctx.preflight, str(Paragraph(box).font), roles, box.loc_of("font"))
    for text in texts:
        for name in faces.standard_named(text, ctx.fonts):
            standardfonts.tell(ctx.preflight, name, roles, box.loc)
