"""The one-page rules cheat sheet: rules YAML -> jinja2 template -> blocks -> one page.

The template writes one block per line, `@kind text` (kinds: title, tagline, facts, h, p,
li, step, note; and the look-up panels of lookup.py under the columns). Blocks flow into a
header and two columns; if they do not fit, every
size shrinks together down to a floor, and past it the build fails naming the text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.remembered import REMEMBERED
from bastelbogen.core.units import mm
from bastelbogen.render.fitting import first_fitting
from bastelbogen.render.paragraphs import NO_BREAK, paragraph, unbroken_tail
from bastelbogen.render.rules import columns, flow, level, lookup, marks
from bastelbogen.render.rules.hyphens import hyphenated
from bastelbogen.render.rules.level import Cut
from bastelbogen.render.rules.page import BASE, HEAD, SHEET, Block, RulesPage, fit_key, source_loc
from bastelbogen.render.rules.typesetting import (
    Flowable,
    FrameBreak,
    KeepTogether,
    PageTemplate,
    ParaFrag,
    Paragraph,
)
from bastelbogen.render.style import Fonts

GROWTH = 1.3  # the most a short cheat sheet's text grows to fill its page: a choice of
# layout that content never runs into (the smallest it shrinks to is a limit)
STEP = 0.04
# The guess the search starts from: a page's text measured at GROWTH, its least depth over
# its columns' depth shrinks with the scale to about the power POWER, and the page fits
# about where that ratio comes to FILLED (fitted to the four kits' eight pages: seven
# guessed right, one a step off; the search finds the fit whatever the guess).
FILLED = 0.77
POWER = 3.5
LEADING = 1.28  # a line's height over its letters' size
DEEPER = 0.01  # points: the columns a hair deeper than their text, that it fits for certain


def _styles(
    fonts: Fonts, scale: float, accent: colors.Color | None, lang: str
) -> dict[str, ParagraphStyle]:
    ink = colors.HexColor("#1d1d1d")
    # Words too long for a line are hyphenated in the page's language. A word that no
    # break makes fit (a column is some 90 mm wide: hardly ever) is still split rather
    # than run into the next column, where nothing could tell it.
    faces = [fonts[role] for role in ("regular", "bold", "italic")]
    breaks = {**hyphenated(lang, faces), "splitLongWords": 1}

    def style(kind: str, font: str = "regular", **kw: object) -> ParagraphStyle:
        size = BASE[kind] * scale
        return ParagraphStyle(
            kind,
            fontName=fonts[font],
            fontSize=size,
            leading=size * LEADING,
            bulletFontName=fonts["bold"],
            bulletFontSize=size,
            textColor=kw.pop("textColor", ink),
            alignment=TA_LEFT,
            **breaks,
            **kw,
        )

    return {
        "title": style("title", "bold", textColor=colors.white),
        "tagline": style("tagline", "italic", textColor=colors.white),
        "facts": style("facts", "bold", textColor=colors.white),
        "h": style("h", "bold", textColor=accent, spaceBefore=6 * scale, spaceAfter=2 * scale),
        "p": style("p", spaceAfter=3 * scale),
        "li": style("li", bulletIndent=2 * scale, spaceAfter=1.5 * scale),
        "step": style("step", bulletIndent=0, spaceAfter=1.5 * scale),
        "note": style(
            "note",
            "italic",
            spaceBefore=3 * scale,
            spaceAfter=2 * scale,
            backColor=lookup.TINT,  # the look-up tables' tint: one paper colour for asides
            borderPadding=(3, 4, 3, 4),
        ),
    }


def fitted(
    sheet: RulesPage, blocks: Sequence[Block], balance: bool = True, by_layout: bool = False
) -> tuple[PageTemplate, list[Flowable]]:
    """The page at the largest scale its blocks fit at, as (page template, flowables); its
    columns ending level unless it is only proved to fit (validate). The fit is found from
    the blocks' measures (flow.py); `by_layout`, by laying out whole pages, where a written
    page showed the measures wrong. It is remembered by the hash of all the page is made of
    (core/remembered.py): an unchanged cheat sheet is laid out once, not searched for again."""
    key = fit_key(sheet, blocks, balance)
    found = None if by_layout else REMEMBERED.get(key)
    if found is None or len(found) != 4 or found[0] is None:  # scale, depth, the cut's two
        scale, depth, cut = _fit(_Trials(sheet, blocks, by_layout), balance)
        found = [scale, depth, *(cut or (None, None))]
        REMEMBERED.put(key, found)
    scale, depth, group, room = found
    cut = None if group is None else (int(group), float(room))
    return _at(sheet, blocks, scale, depth, cut)[:2]  # fresh flowables: a build consumes them


class _Trials:
    """The page tried at scales and depths: `fits` answers from the blocks' measures, each
    scale's paragraphs measured once (or, `by_layout`, from a whole page laid out)."""

    def __init__(self, sheet: RulesPage, blocks: Sequence[Block], by_layout: bool) -> None:
        self.sheet, self.blocks, self.by_layout = sheet, blocks, by_layout
        self._measured: dict[float, tuple[float, list[list[flow.Measure]]]] = {}

    def measured(self, scale: float) -> tuple[float, list[list[flow.Measure]]]:
        """The columns' full depth at `scale`, and its groups of paragraphs measured."""
        if scale not in self._measured:
            template, _flowables, _texts, groups = _at(self.sheet, self.blocks, scale)
            measures = [[flow.measure(p, columns.COLUMN_W) for p in g] for g in groups]
            self._measured[scale] = template.frames[1].height, measures
        return self._measured[scale]

    def fits(
        self, scale: float, depth: float | None = None, cut: level.Parting | None = None
    ) -> bool:
        """Whether the page fits at `scale`, its columns `depth` deep; `cut`: parted there."""
        if self.by_layout:
            template, flowables = _at(
                self.sheet, self.blocks, scale, depth, cut.cut if cut else None
            )[:2]
            return columns.overflow(template, self.sheet.size, flowables) is None
        full, groups = self.measured(scale)
        if cut is not None:  # its columns as deep as `cut` found them
            return depth is not None and cut.depth <= min(depth, full) + flow.FUZZ
        return flow.fits(groups, full if depth is None else min(depth, full))


def _fit(trials: _Trials, balance: bool) -> tuple[float, float | None, Cut | None]:
    """The largest scale the blocks fit at (text that fits at a scale fits at every smaller
    one), and there the columns' depth and where they part, so that they end level;
    past the smallest scale, the text that no longer fits is named where it was written.
    Unbalanced (validating), a page that fits at the smallest scale is proved to fit."""
    scales = _scales()
    if not balance:
        if not trials.fits(scales[-1]):
            raise _too_long(trials.sheet, trials.blocks, scales[-1])
        return scales[-1], None, None
    found = first_fitting(
        lambda n: trials.fits(scales[n]), bool, len(scales) - 1, _guess(trials, scales)
    )
    if found is None:
        raise _too_long(trials.sheet, trials.blocks, scales[-1])
    return scales[found[0]], *_balanced(trials, scales[found[0]])


def _guess(trials: _Trials, scales: list[float]) -> int:
    """Where among the scales the page will likely fit, from the largest's measures."""
    full, groups = trials.measured(scales[0])
    ratio = max(flow.least_depth(groups), 1e-9) / full
    target = scales[0] * (FILLED / ratio) ** (1 / POWER)
    return min(range(len(scales)), key=lambda n: abs(scales[n] - target))  # the nearest


def _scales() -> list[float]:
    """The scales tried, largest first, by the same arithmetic as ever (so the same numbers):
    from GROWTH down by STEP to the smallest a cheat sheet may shrink to."""
    scales = [GROWTH]
    while scales[-1] - STEP >= limits.MIN_CHEATSHEET_SCALE:
        scales.append(scales[-1] - STEP)
    return scales


def _too_long(sheet: RulesPage, blocks: Sequence[Block], scale: float) -> ContentError:
    """The rules do not fit at the smallest scale: the text that no longer fits, named by
    its words where it was written (a paragraph split across columns leaves part of
    itself), as a page laid out there shows it."""
    template, flowables, texts, _groups = _at(sheet, blocks, scale)
    left = columns.overflow(template, sheet.size, flowables)
    text = texts.get(id(left)) or getattr(left, "getPlainText", str)()
    text = text.replace(NO_BREAK, " ")  # as written: the join is ours, not theirs
    return ContentError(
        Problem(
            source_loc(text, sheet.sources),
            f"cheat sheet ({sheet.lang}): the rules do not fit one page even at"
            f" {limits.MIN_CHEATSHEET_SCALE:.0%} size; this text no longer fits: '{_short(text)}'",
        )
    )


def _balanced(trials: _Trials, scale: float) -> tuple[float, Cut | None]:
    """The columns' depth and where they part (level.py): ending within a line of each
    other where the text allows, else as near as it allows; the text filling the full
    columns where no parting is found to fit."""
    full, groups = trials.measured(scale)
    line = BASE["p"] * scale * LEADING
    for parting in level.partings(groups, full, line):
        depth = min(parting.depth + DEEPER, full)
        if trials.fits(scale, depth, parting):
            return depth, parting.cut
    return full, None


def _at(
    sheet: RulesPage,
    blocks: Sequence[Block],
    scale: float,
    depth: float | None = None,
    cut: Cut | None = None,
) -> tuple[PageTemplate, list[Flowable], dict[int, str], list[list[Paragraph]]]:
    """The page template, the flowables, each paragraph's text and the columns' paragraphs
    in the groups that stay together, at one scale (and, balanced, the columns' depth and
    where they part)."""
    styles = _styles(sheet.fonts, scale, sheet.accent, sheet.lang)
    texts: dict[int, str] = {}
    blocks = marks.folded(blocks, sheet)  # each heading with its rulebook page, if any
    head = [
        p
        for group in _groups([b for b in blocks if b[0] in HEAD], styles, sheet, texts)
        for p in group
    ]
    groups = _groups([b for b in blocks if b[0] not in HEAD + lookup.KINDS], styles, sheet, texts)
    body = _kept(groups) if cut is None else _parted(groups, cut, texts)
    w, h = SHEET
    head_h = sum(f.wrap(w - mm(16), h)[1] for f in head) + mm(12)
    foot = lookup.band([b for b in blocks if b[0] in lookup.KINDS], styles, w - mm(16), sheet)
    template = columns.page_template(sheet.lang, sheet.origin, head_h, sheet.accent, depth, foot)
    return template, columns.story(head, body), texts, groups


def _kept(groups: list[list[Paragraph]]) -> list[Flowable]:
    """One flowable per group: a heading and its block kept together."""
    return [g[0] if len(g) == 1 else KeepTogether(g) for g in groups]


def _parted(groups: list[list[Paragraph]], cut: Cut, texts: dict[int, str]) -> list[Flowable]:
    """The groups with the column break where `cut` says: before group k, or inside its
    last paragraph after the lines that fill `room` (both parts named by its text)."""
    k, room = cut
    left, right = groups[:k], groups[k:]
    if room and k < len(groups):
        last = groups[k][-1]
        parts = last.split(columns.COLUMN_W, room)
        if len(parts) == 2:
            texts.update({id(part): texts.get(id(last), "") for part in parts})
            left = [*left, [*groups[k][:-1], parts[0]]]
            right = [[parts[1]], *groups[k + 1 :]]
    return [*_kept(left), *([FrameBreak()] if right else []), *_kept(right)]


def _bullets(blocks: Sequence[Block]) -> list[tuple[str, str] | None]:
    """Each block's bullet and the widest bullet of its list, or None for a block without
    one: points take "•"; steps are numbered from 1 after each heading."""
    numbers: list[tuple[int, int]] = []  # (step's number, its run) for each block
    last: dict[int, int] = {}  # a run's last number
    step, run = 0, 0
    for kind, _text in blocks:
        if kind == "h":
            step, run = 0, run + 1
        step += kind == "step"
        numbers.append((step if kind == "step" else 0, run))
        last[run] = step
    return [
        (f"{n}.", f"{last[r]}.") if n else ("•", "•") if kind == "li" else None
        for (kind, _text), (n, r) in zip(blocks, numbers, strict=True)
    ]


def hung(style: ParagraphStyle, bullet: str, widest: str) -> tuple[ParagraphStyle, list[ParaFrag]]:
    """A list item's style and bullet: numbers right-aligned on the widest of their list,
    one word space between the number and the text, and every line of the text starting
    at one indent (a hanging indent). Platypus keeps 0.6 of the bullet's font size after
    a bullet (nearly two word spaces) and starts the first line there when that overruns
    the indent, so the bullet is drawn from a fragment at the text's size while the
    style's bullet size only sets that gap to one space."""
    font, size = style.bulletFontName, style.fontSize
    space = stringWidth(" ", style.fontName, size)
    own, most = stringWidth(bullet, font, size), stringWidth(widest, font, size)
    hanging = ParagraphStyle(
        f"{style.name}-hung",
        parent=style,
        bulletIndent=style.bulletIndent + most - own,
        leftIndent=style.bulletIndent + most + space,
        bulletFontSize=space / 0.6,
    )
    frag = ParaFrag(text=bullet, fontName=font, fontSize=size, textColor=style.textColor)
    return hanging, [frag]


def _groups(
    blocks: Sequence[Block],
    styles: Mapping[str, ParagraphStyle],
    sheet: RulesPage,
    texts: dict[int, str],
) -> list[list[Paragraph]]:
    """Paragraphs, a heading grouped with the block after it, so no heading is left alone
    at the foot of a column; `texts` learns each paragraph's source text."""
    out: list[list[Paragraph]] = []
    for (kind, text), bullet in zip(blocks, _bullets(blocks), strict=True):
        style, drawn, mark = styles[kind], None, None
        if kind == "h":
            text, mark = marks.parted(text)
            text = unbroken_tail(text) + marks.markup(mark, style)
        if bullet is not None:
            style, drawn = hung(style, *bullet)
        para = paragraph(
            text,
            style,
            source_loc(text, sheet.sources),
            folder=sheet.folder,
            links=True,
            fonts=sheet.fonts,
            bulletText=drawn,
        )
        marks.linked(para, mark, sheet.book)
        texts[id(para)] = text
        if out and len(out[-1]) == 1 and out[-1][0].style.name == "h":
            out[-1].append(para)
        else:
            out.append([para])
    return out


def _short(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."
