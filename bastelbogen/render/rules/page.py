"""The cheat sheet's page before it is set: its size, the size each kind of block starts
from, what one language's page is laid out with, the digest of all it is made of (by which
an unchanged page is fitted once and its file copied: sheet.py), and where a text of it was
written. Nothing here sets text, so knowing a page unchanged loads no typesetting."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from markupsafe import escape
from reportlab.lib import colors

from bastelbogen.core import limits
from bastelbogen.core.errors import Loc
from bastelbogen.core.paths import inside, is_file
from bastelbogen.core.remembered import digest
from bastelbogen.core.source import read_bytes
from bastelbogen.core.units import mm
from bastelbogen.render.paragraphs import IMG, NO_BREAK, attributes
from bastelbogen.render.style import Fonts

if TYPE_CHECKING:
    from bastelbogen.content.summaries import Summary

SHEET = (mm(190), mm(260))
HEAD = ("title", "tagline", "facts")  # blocks set in the header band
BASE = {
    "title": 22,
    "tagline": 10.5,
    "facts": 9.5,
    "h": 11.5,
    "p": 9,
    "li": 9,
    "step": 9,
    "note": 8.5,
    "panel": 10,
    "row": 8.5,
    "cycle": 8.5,
    "symbol": 8.5,
}
MARK = "mark"  # a heading's rulebook page, after its block (marks.py)
Sources = tuple[tuple[str, Loc], ...]  # every text of the rules with where it stands
Block = tuple[str, str]  # a block of the page: its kind, its text


@dataclass(frozen=True)
class Marks:
    """One language's rulebook pages, named beside the cheat sheet's headings."""

    book: str  # the book's file, relative to the cheat sheet's (both lie in one folder)
    pages: Mapping[tuple[str, int], tuple[int, str]]  # (list, index) -> its page, as printed

    @classmethod
    def of(
        cls, parts: Iterable[Summary], pages: Mapping[str, int], word: str, book: str
    ) -> tuple[Marks, list[Summary]]:
        """The marks of the headed `parts` (content/summaries.py) whose book section is
        on one of `pages` (slug -> page), worded by `word` ("p. {page}"), and the parts
        left without one."""
        marked, left = {}, []
        for part in parts:
            page = pages.get(part.slug) if part.slug is not None else None
            if page is None:
                left.append(part)
                continue
            shown = word.replace("{page}", str(page)) if "{page}" in word else f"{word} {page}"
            marked[part.place] = (page, shown)
        return cls(book, marked), left


@dataclass(frozen=True)
class RulesPage:
    """What one language's page is laid out with."""

    fonts: Fonts
    accent: colors.Color | None  # None: the rules asked for no colour
    origin: tuple[float, float]
    size: tuple[float, float]
    sources: Sources
    lang: str
    folder: Path
    book: str = ""  # the rulebook's file beside the cheat sheet, its headings' marks link to

    def where(self, text: str) -> Loc:
        return source_loc(text, self.sources)


def fit_key(sheet: RulesPage, blocks: Iterable[Block], balance: bool) -> str:
    """The digest of all a page is made of, and whether its columns are balanced."""
    return digest(
        "cheat sheet fit",
        balance,
        tuple(blocks),
        sheet.lang,
        sheet.size,
        sheet.origin,
        tuple(sorted((role, sheet.fonts[role]) for role in sheet.fonts.paths)),  # by content
        sheet.fonts.icons.identity,
        str(sheet.accent),
        _pictures_in(blocks, sheet.folder),
    )


def _pictures_in(blocks: Iterable[Block], folder: Path) -> tuple[tuple[str, str], ...]:
    """The pictures the blocks' text shows (<img src>), each by the hash of its bytes."""
    found = []
    for _kind, text in blocks:
        for tag in IMG.findall(str(text)):
            src = (attributes(tag) or {}).get("src", "")
            path = inside(folder, src)
            data = (
                read_bytes(path, limit=limits.MAX_BINARY_BYTES) if path and is_file(path) else b""
            )
            found.append((src, hashlib.sha256(data).hexdigest()))
    return tuple(found)


@lru_cache(maxsize=4096)
def source_loc(text: str, sources: Sources) -> Loc:
    """Where a text (or the start of a part of one) was written in the rules file."""
    text = text.replace(NO_BREAK, " ")  # a heading's tail is joined by us (unbroken_tail)
    best = None
    for source, loc in sources:
        if source and (str(escape(source)) in text or source in text):
            if best is None or len(source) > len(best[0]):
                best = (source, loc)
    start = text[:40].strip()
    part = next((loc for source, loc in sources if start and start in source), None)
    return best[1] if best else part or (sources[0][1] if sources else Loc("rules.yaml", 1, 1))
