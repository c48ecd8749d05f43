"""The game's rulebook as pages of the preview, one a language its book is written in
(/rulebook/<lang>): written by render/rulebook/screen.py from the book the build read, for
the variant built, its faces and icons pictures of the preview's own (listed by key with
the build's, drawn when the page asks for them, as every face is)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bastelbogen.preview.pictures import Face, Rules, Source, key_of
from bastelbogen.render.paint import PaintContext

if TYPE_CHECKING:
    from bastelbogen.content.icons import Icon
    from bastelbogen.pipeline.build import Prepared
    from bastelbogen.render.rulebook.pictures import Face as BookFace
    from bastelbogen.render.style import Fonts

PATH = "/rulebook/"  # a book's page is PATH + its language
BUILD = 'data-build=""'  # where a page names the build it shows (filled in as it is served)
ICON_HEIGHT = 108.0  # points: an icon's picture (60 pixels at the preview's page dpi)


@dataclass
class Urls:
    """Each face and icon a page shows, as a picture of the preview (/img/<key>.png)."""

    ctx: PaintContext
    sources: dict[str, Source]
    fonts: Fonts
    keys: dict[int, str] = field(default_factory=dict)

    def face(self, face: BookFace) -> str:
        key = key_of("rulebook", face.art, face.side, self.ctx.lang, self.ctx.mark)
        if key not in self.sources:
            label = f"item '{face.item.id}' ({face.side})"
            self.sources[key] = Face(face.art, self.ctx, self.fonts["regular"], label, face.item)
        return f"/img/{key}.png"

    def icon(self, icon: Icon) -> str:
        from bastelbogen.render import icons

        drawn = icons.drawn(icon, self.fonts)
        w, h = drawn.size
        size = (ICON_HEIGHT * w / h, ICON_HEIGHT)
        key = key_of("icon", icon.name, icon.digest, icon.tint, size)
        if key not in self.sources:
            font = self.fonts["regular"]
            self.sources[key] = Rules(lambda: _icon_page(drawn, size, font), size)
        return f"/img/{key}.png"


def pages(ready: Prepared, sources: dict[str, Source]) -> dict[str, str]:
    """Each language's page of the book (none without one), its pictures added to
    `sources`; a mistake only the setting finds (a face a variant lacks) is raised, told
    at its place as the build tells it."""
    from bastelbogen.checks import find_variant
    from bastelbogen.content.words import words_for
    from bastelbogen.render.rulebook.pictures import Kit
    from bastelbogen.render.rulebook.screen import Links, page
    from bastelbogen.render.rulebook.words import book_words

    game, options = ready.game, ready.options
    variant = find_variant(game, options.variant)
    out = {}
    # the book's own words in each language it is written in (the build's: those it builds)
    tables = words_for(game, tuple(sorted(game.rulebooks)), game.languages_loc or game.loc)
    for lang, book in sorted(game.rulebooks.items()):
        settings = {"lang": lang, "braille": options.braille, "theme": options.theme}
        kit = Kit(game, variant, lang, ready.layouts, ready.fonts, settings)
        ctx = PaintContext(
            ready.fonts,
            game.folder,
            lang=lang,
            tables=game.tables,
            mark=options.version_mark or "",
        )
        urls = Urls(ctx, sources, ready.fonts)
        words = book_words(tables[lang])
        links = Links("/rulebook.css", "/rulebook.js", "/", "pieces and sheets")
        out[lang] = page(book, kit, words, urls, links)
    return out


def served(page: str, build: int) -> bytes:
    """The page as served: naming the build it shows, which its script compares with the
    builds the server tells of (a new one: the page loads again)."""
    return page.replace(BUILD, f'data-build="{build}"', 1).encode()


def _icon_page(drawn: object, size: tuple[float, float], font: str) -> bytes:
    """A page the icon fills, in its own colours (tinted: in the book's ink)."""
    from reportlab.lib import colors

    from bastelbogen.render import icons
    from bastelbogen.render.pdf import Meta, new_canvas

    buffer = io.BytesIO()
    c = new_canvas(buffer, Meta("icon", "", ""), size, font)
    assert isinstance(drawn, icons.Drawn)
    ink = colors.HexColor("#1d1d1d") if drawn.icon.tint else None
    icons.draw(c, drawn, 0, 0, size[0], size[1], ink)
    c.showPage()
    c.save()
    return buffer.getvalue()
