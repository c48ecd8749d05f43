"""rules.pdf as a file: its pages (one language each, laid out by cheatsheet.py), what is
listed of them in the manifest, and the digest of all the file is made of, by which the
writer (output/cheatsheet.py) and the preview know an unchanged one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from bastelbogen.content.models import Game
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.remembered import digest
from bastelbogen.core.units import to_mm
from bastelbogen.render import faces, standardfonts
from bastelbogen.render.pdf import DISCARD, Meta
from bastelbogen.render.rules.page import (
    BASE,
    MARK,
    SHEET,
    Block,
    Marks,
    RulesPage,
    Sources,
    fit_key,
    source_loc,
)
from bastelbogen.render.rules.rulestext import blocks_of, load_template
from bastelbogen.render.style import Fonts, colour

KINDS = (*BASE, MARK)  # the blocks a page is set from

if TYPE_CHECKING:
    from bastelbogen.checks.preflight import Preflight
    from bastelbogen.layout.imposition import PrintSettings


class RulesSheet:
    """rules.pdf before it is written: its pages' blocks, one language each, and the digest
    of all it is made of (`key`), by which an unchanged one is copied from the kit before
    rather than laid out and written again (output/cheatsheet.py)."""

    def __init__(
        self,
        game: Game,
        templates: list[Path],
        fonts: Fonts,
        langs: Iterable[str],
        settings: PrintSettings,
        theme: str | None = None,
        marks: Mapping[str, Marks] | None = None,
    ) -> None:
        """`marks`: per language, the rulebook pages its headings name (none without)."""
        rules = game.rules
        assert rules is not None  # only a game with rules has a cheat sheet
        template = load_template(rules, templates)
        accent = colour(rules.colour, rules.data.value_loc("colour"))
        size = settings.page_size
        origin = ((size[0] - SHEET[0]) / 2, (size[1] - SHEET[1]) / 2)
        self.size, self.font = size, fonts["regular"]
        marks = marks or {}
        none = Marks("", {})
        self.pages = [
            (
                RulesPage(fonts, accent, origin, size, rules.texts, lang, game.folder, paged.book),
                _limited(
                    blocks_of(template, game, theme, lang, templates, KINDS, paged.pages),
                    lang,
                    rules.texts,
                ),
            )
            for lang in langs
            for paged in [marks.get(lang, none)]
        ]
        # A standard font named in the rules' markup: said by the build at its place, whether
        # the page is laid out anew or copied unchanged (`tell`).
        self.replaced = [
            (sheet.where(text), name)
            for sheet, blocks in self.pages
            for _kind, text in blocks
            for name in faces.standard_named(text, fonts)
        ]
        self.listed = [
            {
                "number": n,
                "size_mm": [round(to_mm(v), 3) for v in size],
                "items": [
                    {
                        "id": f"rules-{sheet.lang}",
                        "kind": "sheet",
                        "side": "front",
                        "trim_mm": [round(to_mm(v), 4) for v in (*origin, *SHEET)],
                    }
                ],
            }
            for n, (sheet, _blocks) in enumerate(self.pages, start=1)
        ]

    def tell(self, preflight: Preflight) -> None:
        """Say where the rules name a standard font, drawn in its replacement."""
        for loc, name in dict.fromkeys(self.replaced):
            standardfonts.tell(preflight, name, self.pages[0][0].fonts.paths, loc)

    def key(self, meta: Meta) -> str:
        """The digest of all the file is made of, with its metadata."""
        return digest(
            "cheat sheet file",
            tuple(fit_key(sheet, blocks, True) for sheet, blocks in self.pages),
            self.font,
            (meta.title, meta.author, meta.subject),
            tuple(sheet.book for sheet, _blocks in self.pages),  # the marks' links lead there
        )

    def write(self, path: Path, meta: Meta, dry: bool = False) -> list[dict[str, object]]:
        """rules.pdf, a page per language; `dry` (validating): each page fitted, none
        written."""
        # Set only here: a sheet known unchanged (`key`) loads no typesetting.
        from bastelbogen.render.rules import columns
        from bastelbogen.render.rules.cheatsheet import fitted

        target = DISCARD if dry else path
        pages = [fitted(sheet, blocks, balance=not dry) for sheet, blocks in self.pages]
        if columns.write(target, self.size, meta, self.font, pages) != len(pages):
            # The measures promised a fit the written pages do not keep (tests/test_flow.py
            # holds the two to agreeing): found again by laying out pages, and written again.
            pages = [fitted(sheet, b, not dry, by_layout=True) for sheet, b in self.pages]
            columns.write(target, self.size, meta, self.font, pages)
        return self.listed


def _limited(blocks: list[Block], lang: str, sources: Sources) -> list[Block]:
    """The blocks, if they are not far more than a page holds: said before laying out."""
    if len(blocks) > limits.MAX_CHEATSHEET_BLOCKS:
        raise ContentError(
            Problem(
                source_loc(blocks[limits.MAX_CHEATSHEET_BLOCKS][1], sources),
                f"cheat sheet ({lang}): {len(blocks)} headings, points and paragraphs; one"
                f" page holds far fewer than {limits.MAX_CHEATSHEET_BLOCKS}",
            )
        )
    return blocks
