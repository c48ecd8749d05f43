"""Where a word may break at the end of a line: the hyphenation dictionaries of pyphen (from
LibreOffice), by language. What every build asks (is there a dictionary for this
language?) without loading the paragraph typesetting that uses them (rules/hyphens.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import pyphen


@lru_cache(maxsize=64)
def knows(lang: str) -> bool:
    """Whether pyphen has a hyphenation dictionary for the language (`de`, `en_GB`,
    `pt-BR`), without reading it."""
    return bool(lang) and pyphen.language_fallback(lang.replace("-", "_")) is not None


@lru_cache(maxsize=64)
def hyphenator(lang: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    """A word's places to break at, longest head first, by the hyphenation dictionary of
    the language; None for a language pyphen has none for. Reading a dictionary takes a
    while (German's, a second): it is read when a word first needs it."""
    if not knows(lang):
        return None
    return pyphen.Pyphen(lang=pyphen.language_fallback(lang.replace("-", "_"))).iterate
