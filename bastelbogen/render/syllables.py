"""Where a word may break at the end of a line: the hyphenation dictionaries of pyphen (from
LibreOffice), by language. What every build asks (is there a dictionary for this
language?) without loading the paragraph typesetting that uses them (rules/hyphens.py).

Reading a dictionary is slow (German's takes most of a second), so the places a word may
break at are remembered beside the kit by the hash of the language, the word and the code
(core/remembered.py): a rebuild reads a dictionary only for a word it has not met.

A word is read only as far as a line of it can reach: the breaks asked for are those of its
first characters, never the whole of a word a stranger made ten thousand characters long
(rules/hyphens.py breaks those), so that reading a word costs what a line of it does."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import pyphen

from bastelbogen.core.remembered import REMEMBERED, digest


@lru_cache(maxsize=64)
def knows(lang: str) -> bool:
    """Whether pyphen has a hyphenation dictionary for the language (`de`, `en_GB`,
    `pt-BR`), without reading it."""
    return bool(lang) and pyphen.language_fallback(lang.replace("-", "_")) is not None


def hyphenator(lang: str) -> Callable[..., Iterator[tuple[str, str]]] | None:
    """A word's places to break at, longest head first, by the hyphenation dictionary of
    the language; None for a language pyphen has none for. Given `longest`, only the heads
    of at most that many characters."""
    if not knows(lang):
        return None
    return lambda word, longest=None: _breaks(lang, word, longest)


# Breaks read from a word's first `longest + WINDOW` characters are the whole word's, up to
# `longest`: a dictionary's pattern is at most 35 characters long (German's, the longest of
# pyphen's), and a break is decided by the patterns round it alone.
WINDOW = 64
KEPT_CHARS = 256  # longer words (a stranger's) are not written into the remembered file


def _breaks(lang: str, word: str, longest: int | None = None) -> Iterator[tuple[str, str]]:
    part = word if longest is None or len(word) <= longest + WINDOW else word[: longest + WINDOW]
    found = _positions(lang, part)
    if found is None:  # a break that changes letters (old 'ck'→'k-k'): pyphen's own, whole
        yield from _dictionary(lang).iterate(word)
        return
    for position in reversed(found):  # as pyphen's own iterate gives them
        if longest is None or position <= longest:
            yield word[:position], word[position:]


def _positions(lang: str, word: str) -> list[int] | None:
    """Where the dictionary breaks the word, remembered; None if a break changes letters."""
    key = _key(lang, word)
    found = REMEMBERED.get(key)
    if found is None:
        positions = _dictionary(lang).positions(word)
        if any(p.data for p in positions):
            return None
        found = [int(p) for p in positions]
        if len(word) <= KEPT_CHARS:
            REMEMBERED.put(key, found)
    return found


@lru_cache(maxsize=16384)
def _key(lang: str, word: str) -> str:
    """The word's key, hashed once: a deck's words come back on card after card, and each
    is asked for at every size its paragraph is tried at."""
    return digest("syllables", lang, word)


def positions(lang: str, word: str) -> list[int]:
    """Where the word may break, as plain places (a break that changes letters is one where
    they stay as they are), for a word too long for any line of its own."""
    if not knows(lang):
        return []
    found = _positions(lang, word)
    return found if found is not None else [int(p) for p in _dictionary(lang).positions(word)]


@lru_cache(maxsize=16)
def _dictionary(lang: str) -> pyphen.Pyphen:
    """Read when a word first needs it."""
    return pyphen.Pyphen(lang=pyphen.language_fallback(lang.replace("-", "_")))
