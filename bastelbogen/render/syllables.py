"""Where a word may break at the end of a line: the hyphenation dictionaries of pyphen (from
LibreOffice), by language. What every build asks (is there a dictionary for this
language?) without loading the paragraph typesetting that uses them (rules/hyphens.py).

Reading a dictionary is slow (German's takes most of a second), so the places a word may
break at are remembered beside the kit by the hash of the language, the word and the code
(core/remembered.py): a rebuild reads a dictionary only for a word it has not met."""

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


def hyphenator(lang: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    """A word's places to break at, longest head first, by the hyphenation dictionary of
    the language; None for a language pyphen has none for."""
    if not knows(lang):
        return None
    return lambda word: _breaks(lang, word)


def _breaks(lang: str, word: str) -> Iterator[tuple[str, str]]:
    key = digest("syllables", lang, word)
    found = REMEMBERED.get(key)
    if found is None:
        positions = _dictionary(lang).positions(word)
        if any(p.data for p in positions):  # a break that changes letters (old 'ck'→'k-k')
            yield from _dictionary(lang).iterate(word)
            return
        found = [int(p) for p in positions]
        REMEMBERED.put(key, found)
    for position in reversed(found):  # as pyphen's own iterate gives them
        yield word[:position], word[position:]


@lru_cache(maxsize=16)
def _dictionary(lang: str) -> pyphen.Pyphen:
    """Read when a word first needs it."""
    return pyphen.Pyphen(lang=pyphen.language_fallback(lang.replace("-", "_")))
