"""Hyphenation: where a word may break at the end of a line, by the dictionary of its
language (pyphen's, from LibreOffice), and the paragraph style that breaks words there and
nowhere else."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import pyphen
from reportlab.platypus import Paragraph

from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.units import to_mm


@lru_cache(maxsize=64)
def hyphenator(lang: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    """A word's places to break at, longest head first, by the hyphenation dictionary of
    the language (`de`, `en_GB`, `pt-BR`); None for a language pyphen has none for."""
    found = pyphen.language_fallback(lang.replace("-", "_")) if lang else None
    return pyphen.Pyphen(lang=found).iterate if found else None


def hyphenated(lang: str, longer_than: Callable[[str], bool] | None = None) -> dict:
    """A paragraph style's settings for text in `lang`: a word that does not fit the rest of
    its line is broken at a syllable with a hyphen, after a hyphen it has, or a web address
    after a slash; never anywhere else (reportlab's splitLongWords would cut it where the
    line ends, without a hyphen). A word that cannot be broken so overruns the line, which
    `overrun` finds: the text does not fit at that size. `longer_than`: syllables are
    broken only in the words it holds too long for a line of their own."""
    split = hyphenator(lang)
    if split is not None and longer_than is not None:
        split = _only(split, longer_than)
    return {
        "hyphenationLang": split or "",
        # 2: a word that cannot be broken on the rest of a line is tried on a line of its
        # own before it is set whole; it also breaks after the hyphens a word has.
        "embeddedHyphenation": 2,
        "uriWasteReduce": 0.3,
        "splitLongWords": 0,
    }


def _only(
    split: Callable[[str], Iterator[tuple[str, str]]], longer_than: Callable[[str], bool]
) -> Callable[[str], Iterator[tuple[str, str]]]:
    def splits(word: str) -> Iterator[tuple[str, str]]:
        return split(word) if longer_than(word) else iter(())

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
    lang = f" in '{ctx.lang}'" if hyphenator(ctx.lang) else ""
    return ContentError(
        Problem(
            box.loc,
            f"{ctx.item_label}: the word '{word}' does not fit the width of box"
            f" '{box.name}' ({to_mm(box.rect[2]):.1f} mm) even at {size:g} pt, broken"
            f" where it may be hyphenated{lang}; widen the box, lower `min-size`, or"
            " break the word with a soft hyphen (\\u00ad) or a hyphen",
        )
    )
