"""Hyphenation: where a word may break at the end of a line, by the dictionary of its
language (pyphen's, from LibreOffice), and the paragraph style that breaks words there and
nowhere else."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.units import to_mm
from bastelbogen.render.blame import located, of_layout
from bastelbogen.render.rules.typesetting import Paragraph
from bastelbogen.render.syllables import hyphenator, knows


def hyphenated(lang: str, fonts: Sequence[str], everywhere: bool = False) -> dict:
    """A paragraph style's settings for text in `lang`: a word too long for a line of its
    own (in the widest of `fonts`, which markup may set it in) is broken at a syllable with
    a hyphen, after a hyphen it has, or a web address after a slash; never anywhere else
    (reportlab's splitLongWords would cut it where the line ends, without a hyphen). A
    few ragged lines read better with every other word whole than with a syllable hung at
    their ends; `everywhere` (justified text, whose spaces would gape) breaks any word at
    a line's end. A word no break makes fit overruns its line, which `overrun` finds: the
    text does not fit at that size. Wrapped as a `Hyphenating` paragraph, which says how
    wide its lines are."""
    split = _splits(lang, tuple(fonts), everywhere) if knows(lang) else None
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
_ROOM: list[tuple[float, float]] = []  # the line width and size of the paragraph wrapping


class Hyphenating(Paragraph):
    """A Paragraph that tells its hyphenator how wide its lines are while it wraps."""

    def wrap(self, availWidth, availHeight):  # noqa: N803 (reportlab's names)
        _ROOM.append(self._room(availWidth))
        try:
            return super().wrap(availWidth, availHeight)
        finally:
            _ROOM.pop()

    def split(self, availWidth, availHeight):  # noqa: N803
        _ROOM.append(self._room(availWidth))
        try:
            return super().split(availWidth, availHeight)
        finally:
            _ROOM.pop()

    def _room(self, width: float) -> tuple[float, float]:
        style = self.style
        return width - style.leftIndent - style.rightIndent, style.fontSize


def _splits(
    lang: str, fonts: tuple[str, ...], everywhere: bool
) -> Callable[[str], Iterator[tuple[str, str]]]:
    def splits(word: str) -> Iterator[tuple[str, str]]:
        room, size = _ROOM[-1] if _ROOM else (math.inf, 0.0)
        if everywhere or max(stringWidth(word, font, size) for font in fonts) > room:
            split = hyphenator(lang)
            if split is not None:
                return split(word)
        return iter(())

    return splits


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


def unbreakable(box, ctx, word: str, size: float) -> ContentError:
    """A word that fits no line of the box even broken, at the smallest size."""
    lang = f" in '{ctx.lang}'" if knows(ctx.lang) else ""
    loc, field, known = located(box, ctx, word, part=True)
    of = f" of the {field}" if field else ""
    return ContentError(
        Problem(
            loc,
            f"{ctx.item_label}: the word '{word}'{of} does not fit the width of box"
            f" '{box.name}' ({to_mm(box.rect[2]):.1f} mm){of_layout(box) if field else ''}"
            f" even at {size:g} pt, broken where it may be hyphenated{lang}; widen the box,"
            " lower `min-size`, or break the word with a soft hyphen (\\u00ad) or a hyphen",
            **known,
        )
    )
