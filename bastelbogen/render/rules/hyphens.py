"""Hyphenation: where a word may break at the end of a line, by the dictionary of its
language (pyphen's, from LibreOffice), and the paragraph style that breaks words there and
nowhere else.

Setting a word costs what its length does, however long a stranger makes it. reportlab
breaks a word line by line, measuring and searching all that is left of it at each line,
and its hyphenator was asked for every break of that rest, each measured: a word of 10,000
characters took minutes. Here the hyphenator reads and offers only the breaks a line can
reach (`_Splits`), and a word longer than any language has (`LONG`) is broken into its
lines before reportlab sees it (`Hyphenating.breakLines`), each measured once."""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, cast

from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.units import to_mm
from bastelbogen.render.blame import located, of_layout, quoted
from bastelbogen.render.rules.typesetting import (
    LETTERS,
    WHITESPACE,
    ParaFrag,
    Paragraph,
    processed_frags,
)
from bastelbogen.render.syllables import hyphenator, knows, positions

if TYPE_CHECKING:
    from reportlab.lib.styles import ParagraphStyle

    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext

# A word longer than this (the longest shipped one has some 30 characters, German
# compounds rarely 60) is broken by `_broken` before reportlab sees it: reportlab measures
# the rest of a word at each of its lines, which for such a word is the cost of its square.
LONG = 64
# And no line of it holds more: reportlab looks through a line's word for places to break
# it (a web address's slashes, its soft hyphens) one place at a time, each measured.
PIECE = 256
# Where a long word's lines end in one frag: the word's stretch in it (start, end, its text
# without soft hyphens) and the places its lines end there, each with whether a hyphen is due.
Cut = tuple[int, int, str, list[tuple[int, bool]]]


def hyphenated(lang: str, fonts: Sequence[str], everywhere: bool = False) -> dict[str, object]:
    """A paragraph style's settings for text in `lang`: a word too long for a line of its
    own (in the widest of `fonts`, which markup may set it in) is broken at a syllable with
    a hyphen, after a hyphen it has, or a web address after a slash; never anywhere else
    (reportlab's splitLongWords would cut it where the line ends, without a hyphen). A
    few ragged lines read better with every other word whole than with a syllable hung at
    their ends; `everywhere` (justified text, whose spaces would gape) breaks any word at
    a line's end. A word no break makes fit overruns its line, which `overrun` finds: the
    text does not fit at that size. Wrapped as a `Hyphenating` paragraph, which says how
    wide its lines are."""
    split = _Splits(lang, tuple(fonts), everywhere) if knows(lang) else None
    return {
        "hyphenationLang": split or "",
        "embeddedHyphenation": RETRY,
        "uriWasteReduce": 0.3,
        "splitLongWords": 0,
    }


class _Retry(int):
    """reportlab's `embeddedHyphenation` of 2 (`> 1`: a word that cannot be broken on the
    rest of a line is tried on a line of its own before it is set whole), but false where
    it would also break words after their own hyphens by itself: reportlab 5.1 drops the
    hyphen of a word it tried so and set whole ('L-Karte' printed 'LKarte'). Words with
    hyphens still break there, through the dictionary's splits (pyphen's own)."""

    def __bool__(self) -> bool:
        return False


RETRY = _Retry(2)


class _Line:
    """What the hyphenator knows of the lines of the paragraph being wrapped: a line's
    width and the style's size (whether a word needs breaking at all), the widest any line
    is, and the narrowest each character is set in any font of the paragraph, at its
    smallest size: a head wider than that line, so measured, ends no line."""

    def __init__(
        self, room: float, size: float, widest: float, frags: list[ParaFrag], style: ParagraphStyle
    ) -> None:
        self.room, self.size, self.widest = room, size, widest
        faces = {style.fontName: style.fontSize}
        for frag in _styled(frags):
            faces[frag.fontName] = min(faces.get(frag.fontName, math.inf), frag.fontSize)
        self.faces = tuple(faces)
        self.smallest = min(faces.values())
        self._least: dict[str, float] = {}

    def least(self, char: str) -> float:
        width = self._least.get(char)
        if width is None:
            width = min(stringWidth(char, face, self.smallest) for face in self.faces)
            self._least[char] = width
        return width

    def longest(self, word: str) -> int:
        """The most characters of `word` a head may have: one more, and it is wider than
        the widest line in any font of the paragraph. Measured up to there, not further."""
        total = 0.0
        for n, char in enumerate(word):
            total += self.least(char)
            if total > self.widest + 1e-6:
                return n
        return len(word)


_ROOM: list[_Line] = []  # the lines of the paragraph wrapping


def _styled(frags: list[ParaFrag]) -> Iterator[ParaFrag]:
    """The frags of a paragraph's text, parsed (a fresh paragraph) or set (the rest of one
    split across columns: lists of a width and (frag, text) pairs)."""
    for frag in frags:
        if isinstance(frag, list):
            yield from (pair[0] for pair in frag[1:])
        elif getattr(frag, "text", "") and getattr(frag, "cbDefn", None) is None:
            yield frag


class Hyphenating(Paragraph):  # type: ignore[misc]  # reportlab ships no types
    """A Paragraph that tells its hyphenator how wide its lines are while it wraps, and
    breaks its words longer than any language has (`LONG`) before it wraps them."""

    frags: list[ParaFrag]  # the text's, as reportlab's Paragraph parses them

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        _ROOM.append(self._line(availWidth))
        try:
            return cast(tuple[float, float], super().wrap(availWidth, availHeight))
        finally:
            _ROOM.pop()

    def split(self, availWidth: float, availHeight: float) -> list[Paragraph]:  # noqa: N803
        _ROOM.append(self._line(availWidth))
        try:
            return cast(list[Paragraph], super().split(availWidth, availHeight))
        finally:
            _ROOM.pop()

    def breakLines(self, width: float | Sequence[float]) -> object:  # noqa: N802
        widths = width if isinstance(width, list | tuple) else [width]
        frags = self.frags
        broken = _broken(frags, min(widths), self.style)
        if broken is None:
            return super().breakLines(width)
        self.frags = broken
        try:
            return super().breakLines(width)
        finally:
            self.frags = frags

    def _line(self, width: float) -> _Line:
        style = self.style
        room = width - style.leftIndent - style.rightIndent
        widest = room - min(style.firstLineIndent, 0.0)  # a hanging first line is wider
        return _Line(room, style.fontSize, widest, self.frags, style)


class _Splits:
    """The hyphenator of a paragraph style: a word's heads, longest first, that may end
    a line. reportlab measures each head it is given until one fits the rest of the line;
    those too wide for any line are not given, nor read from the dictionary."""

    def __init__(self, lang: str, fonts: tuple[str, ...], everywhere: bool) -> None:
        self.lang, self.fonts, self.everywhere = lang, fonts, everywhere

    def __call__(self, word: str) -> Iterator[tuple[str, str]]:
        line = _ROOM[-1] if _ROOM else None
        room, size = (line.room, line.size) if line else (math.inf, 0.0)
        if self.everywhere or max(stringWidth(word, font, size) for font in self.fonts) > room:
            split = hyphenator(self.lang)
            if split is not None:
                return split(word, line.longest(word) if line else None)
        return iter(())


def least_height(para: Paragraph, width: float) -> float:
    """The least height the paragraph can be set in at `width` with no word running past
    it: no line holds more of its letters (its spaces aside) than `width`, so it has at
    least their width over `width` lines. A text many times its box is told so at once."""
    if processed_frags(para.frags) or width <= 0:
        return 0.0  # the rest of a paragraph split across columns: not asked
    letters = sum(
        stringWidth(_UNSET.sub("", frag.text), frag.fontName, frag.fontSize)
        for frag in _styled(para.frags)
    )
    return cast(float, math.floor(letters / (width * 1.001)) * para.style.leading)


_UNSET = re.compile(rf"[\s\u00ad{re.escape(WHITESPACE)}]+")  # parts no word, or no width


# --- words longer than any language has -------------------------------------------------

_RUN = re.compile(r"\S+")  # a word, where reportlab parts words at every space
_RUN_HARD = re.compile(rf"[^{re.escape(WHITESPACE)}]+")  # in a text with a no-break space
_LETTER_RUN = re.compile(rf"[{LETTERS}]{{4,}}")  # what reportlab hyphenates, 2 + 2 letters
_AFTER_HYPHEN = re.compile(r"-(?=.)")


def _broken(frags: list[ParaFrag], room: float, style: ParagraphStyle) -> list[ParaFrag] | None:
    """The paragraph's frags with each word longer than `LONG` characters broken into the
    lines it needs: each as much of the word as a line `room` wide holds (at most `PIECE`
    characters), up to a place the word may break at (a syllable by the dictionary of the
    language, after its own hyphen, a soft hyphen, after a web address's slash), ended by
    a hyphen where one is due and a line break; such a word's soft hyphens are dropped. A
    stretch no line holds is a line of its own: it runs past the box, and `overrun` tells
    it. None when no word needs breaking: reportlab then sets the frags as they are."""
    if not frags or processed_frags(frags):
        return None
    lang = getattr(style.hyphenationLang, "lang", "")
    cuts: dict[int, list[Cut]] = {}
    for word in _words(frags):
        if sum(end - start for _, start, end in word) > LONG:
            _cut(word, frags, room, lang, cuts)
    if not cuts:
        return None
    return [part for n, frag in enumerate(frags) for part in _rewritten(frag, cuts.get(n, []))]


def _words(frags: list[ParaFrag]) -> Iterator[list[tuple[int, int, int]]]:
    """Each word of the frags' text as reportlab reads them: (frag, start, end) of each
    stretch of it, a word going on from one frag into the next (a bold syllable) until a
    space, a line break or a picture."""
    word: list[tuple[int, int, int]] = []
    for n, frag in enumerate(frags):
        text = getattr(frag, "text", "")
        if not text:
            wide = getattr(getattr(frag, "cbDefn", None), "width", None)  # a picture
            if word and (hasattr(frag, "lineBreak") or wide):
                yield word
                word = []
            continue
        for run in (_RUN_HARD if "\xa0" in text else _RUN).finditer(text):
            if run.start() and word:
                yield word
                word = []
            word.append((n, run.start(), run.end()))
            if run.end() < len(text):
                yield word
                word = []
        if word and word[-1][0] != n:  # a text of spaces alone ends the word before it
            yield word
            word = []
    if word:
        yield word


def _cut(
    word: list[tuple[int, int, int]],
    frags: list[ParaFrag],
    room: float,
    lang: str,
    cuts: dict[int, list[Cut]],
) -> None:
    """Where a long word's lines end, added to `cuts` (by frag: each stretch of the word in
    it, as (start, end, its text without soft hyphens, [(place, hyphen due)]))."""
    stretches, text, shy, starts, widths = [], "", [], [], []
    for n, start, end in word:
        raw = frags[n].text[start:end]
        clean = raw.replace("\u00ad", "")
        shy += [len(text) + at for at in _soft_hyphens(raw)]
        starts.append(len(text))
        stretches.append((n, start, end, clean))
        widths += _widths(clean, frags[n].fontName, frags[n].fontSize)
        text += clean
    hyphen = [stringWidth("-", frags[n].fontName, frags[n].fontSize) for n, *_ in stretches]
    due = _places(text, shy, lang)
    places = [  # a hyphen is set in the font of the letter before it
        (at, hyphen[bisect_right(starts, at - 1) - 1] if due[at] else 0.0) for at in sorted(due)
    ]
    ends = _ends([0.0, *accumulate(widths)], places, room)
    if not ends:
        return
    for (n, start, end, clean), first in zip(stretches, starts, strict=True):
        inside = [(at - first, due[at]) for at in ends if first < at <= first + len(clean)]
        cuts.setdefault(n, []).append((start, end, clean, inside))


def _soft_hyphens(raw: str) -> list[int]:
    """The places of a text's soft hyphens in it once they are dropped."""
    return [at - k for k, at in enumerate(m.start() for m in re.finditer("\u00ad", raw))]


def _widths(text: str, font: str, size: float) -> list[float]:
    """Each character's width: a word's width up to any place is their sum, so the word is
    measured once, not once for each line it is broken into."""
    known = {c: stringWidth(c, font, size) for c in set(text)}
    return [known[c] for c in text]


def _places(text: str, shy: list[int], lang: str) -> dict[int, bool]:
    """Where a long word may break, and whether a hyphen is then due: its soft hyphens,
    after its own hyphens, after a web address's slashes, its syllables by the dictionary
    of the language (in each run of letters reportlab would hyphenate)."""
    found = dict.fromkeys(shy, True)
    found.update((m.end(), False) for m in _AFTER_HYPHEN.finditer(text))
    if "://" in text:
        found.update((m.end(), False) for m in re.finditer("/", text))
    if lang:
        for run in _LETTER_RUN.finditer(text):
            for at in positions(lang, run.group()):
                found.setdefault(run.start() + at, True)
    return {at: due for at, due in found.items() if 0 < at < len(text)}


def _ends(total: list[float], places: list[tuple[int, float]], room: float) -> list[int]:
    """Where a word's lines end: each at the last place whose line, with its hyphen, fits
    `room` in at most `PIECE` characters, else at the next place (a line too wide). `total`
    holds the width of the word up to each character; every place is looked at about once,
    so the whole word costs what its length does."""
    ends: list[int] = []
    start, k, last = 0, 0, len(total) - 1
    while total[last] - total[start] > room or last - start > PIECE:
        while k < len(places) and places[k][0] <= start:
            k += 1
        best, j = None, k
        while j < len(places):
            at, hyphen = places[j]
            if at - start > PIECE or total[at] - total[start] > room:
                break
            if total[at] - total[start] + hyphen <= room:
                best = j
            j += 1
        if best is None and k == len(places):
            break  # the rest breaks nowhere: one line, running past the box
        start = places[k if best is None else best][0]
        ends.append(start)
    return ends


def _rewritten(frag: ParaFrag, cuts: list[Cut]) -> list[ParaFrag]:
    """The frag, or, where long words' lines end in it, its parts: each ended by a hyphen
    where one is due and followed by a line break (as `<br/>` makes one)."""
    if not cuts:
        return [frag]
    parts, part, done = [], "", 0
    for start, end, clean, inside in cuts:
        part += frag.text[done:start]
        last = 0
        for at, hyphen in inside:
            parts.append(part + clean[last:at] + ("-" if hyphen else ""))
            part, last = "", at
        part += clean[last:]
        done = end
    parts.append(part + frag.text[done:])
    out = []
    for n, text in enumerate(parts):
        if n:
            out.append(frag.clone(text="", lineBreak=True))
        if text:
            out.append(frag.clone(text=text))
    return out


def overrun(para: Paragraph) -> str | None:
    """A word of a wrapped paragraph that runs past its width on a line of its own: one
    that no break made fit. (Lines of several words may run a hair over: reportlab
    shrinks their spaces a little, by design.)"""
    for line in getattr(getattr(para, "blPara", None), "lines", ()):
        extra = line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0)
        if extra < -1e-6:
            words = line[1] if isinstance(line, tuple) else line.words
            text = " ".join(w if isinstance(w, str) else getattr(w, "text", "") for w in words)
            if len(text.split()) == 1:
                return text.strip()
    return None


def unbreakable(box: Box, ctx: PaintContext, word: str, size: float) -> ContentError:
    """A word that fits no line of the box even broken, at the smallest size."""
    lang = f" in '{ctx.lang}'" if knows(ctx.lang) else ""
    loc, field, known = located(box, ctx, word.rstrip("-"), part=True)  # a hyphen of ours
    of = f" of the {field}" if field else ""
    return ContentError(
        Problem(
            loc,
            f"{ctx.item_label}: the word '{quoted(word)}'{of} does not fit the width of box"
            f" '{box.name}' ({to_mm(box.rect[2]):.1f} mm){of_layout(box) if field else ''}"
            f" even at {size:g} pt, broken where it may be hyphenated{lang}; widen the box,"
            " lower `min-size`, or break the word with a soft hyphen (\\u00ad) or a hyphen",
            **known,
        )
    )
