"""The rulebook, <lang>/rulebook.pdf (rulebook.pdf in a kit of one language): the game's
Markdown book of each language built, set as A5 pages (render/rulebook/) with the kit's own
counts and faces in the variant built."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from bastelbogen.layout.kit import in_language
from bastelbogen.output import Entry, Job, Writer, register

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Rulebook as Book
    from bastelbogen.core.errors import Loc
    from bastelbogen.render.pdf import Discard

ACCENT = "#1f2a44"  # the headings' colour where the cheat sheet's rules name none
PAGES = "rulebook pages"  # job.kept: per language, each section's page as its book was set


@register
class Rulebook(Writer):
    name = "rulebook"
    order = 31
    alone = True  # the book needs no file of the kit: set beside the sheets (--jobs)
    checks = True  # validating sets it too: a block no page holds is told then

    def ready(self, job: Job) -> None:
        # platypus, which sets the book: imported once before the workers fork, not by each
        if job.game.rulebooks:
            import reportlab.platypus  # noqa: F401

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        books = job.game.rulebooks
        if not books:
            return []
        # Loaded only for a game with a rulebook: the typesetting is most of a start-up.
        from bastelbogen.render.pdf import DISCARD

        entries: list[Entry] = []
        for lang in job.options.langs:
            book = books.get(lang)
            if book is None:  # a kit in a language its rulebook is not written in: said
                job.preflight.left_out(
                    job.game.loc, f"the rulebook has no '{lang}' file: the kit in '{lang}' has none"
                )
                continue
            # as the cheat sheet: in the language's folder where the kit has several
            several = len(job.options.langs) > 1
            path = f"{in_language('rulebook', lang)}.pdf" if several else "rulebook.pdf"
            target = DISCARD if job.options.dry else job.staging.path(path)
            pages, counts = _set(job, book, lang, target)
            if isinstance(target, Path):  # validating writes no file, prints none
                at = book.blocks[0].loc if book.blocks else job.game.loc
                entries += _printed(job, target.read_bytes(), pages, path, lang, at)
            entries.append(_entry(path, lang, several, counts, pages))
        return entries


def book_pages(job: Job, lang: str) -> dict[str, int] | None:
    """Each section's page (by its slug) in the book of `lang` as this kit sets it, or None
    where the game has no book in `lang`: as the rulebook writer found them where it ran
    first in this process (the cheat sheet runs after it: `after`), else set now, unwritten."""
    book = job.game.rulebooks.get(lang)
    if book is None:
        return None
    kept = cast("dict[str, dict[str, int]]", job.kept.setdefault(PAGES, {}))
    if lang not in kept:
        from bastelbogen.render.pdf import DISCARD

        _set(job, book, lang, DISCARD)
    return kept[lang]


def _set(job: Job, book: Book, lang: str, target: Path | Discard) -> tuple[int, dict[str, int]]:
    """The book in `lang` set in the kit's variant and theme and written to `target`: its
    number of pages and the counts it printed; its sections' pages kept (`book_pages`)."""
    from reportlab.lib import colors

    from bastelbogen.checks import find_variant
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.rulebook.book import write_book
    from bastelbogen.render.rulebook.pictures import Kit

    rules = job.game.rules
    accent = colors.HexColor(rules.colour if rules is not None and rules.colour else ACCENT)
    variant = find_variant(job.game, job.options.variant)
    options = {"lang": lang, "braille": job.options.braille, "theme": job.options.theme}
    kit = Kit(job.game, variant, lang, job.layouts, job.fonts, options)
    mark = job.options.version_mark or ""
    ctx = PaintContext(job.fonts, job.game.folder, preflight=None, lang=lang, mark=mark)
    words = _words(job, book, lang)
    pages, found = write_book(target, book, kit, ctx, words, accent, job.meta(words["rulebook"]))
    cast("dict[str, dict[str, int]]", job.kept.setdefault(PAGES, {}))[lang] = found
    return pages, {c.id: kit.count(c.id) for c in job.game.components}


def _words(job: Job, book: Book, lang: str) -> dict[str, str]:
    """The book's own words (Contents, page …) in its language, or in English, said."""
    from bastelbogen.render.rulebook.words import WORDS, words_of

    words = words_of(lang)
    if words is None:
        words = WORDS["en"]
        job.preflight.untranslated(
            book.blocks[0].loc if book.blocks else job.game.loc,
            f"the rulebook's own words (Contents, page …) have no '{lang}': set in English",
        )
    return words


def _entry(path: str, lang: str, several: bool, counts: dict[str, int], pages: int) -> Entry:
    """The screen book's manifest record: its A5 pages (which hold no pieces) and the
    counts it printed."""
    from bastelbogen.core.units import to_mm
    from bastelbogen.render.rulebook.blocks import PAGE

    size = [round(to_mm(v), 3) for v in PAGE]
    return {
        "path": path,
        **({"lang": lang} if several else {}),
        "counts": counts,
        "pages": [{"number": n, "size_mm": size, "items": []} for n in range(1, pages + 1)],
    }


def _printed(job: Job, book: bytes, pages: int, path: str, lang: str, at: Loc) -> list[Entry]:
    """The book for print on the kit's paper: the saddle-stitched booklet (to print
    double-sided on the short edge, fold and staple) and its A5 pages one to a sheet. A
    book too thick to staple has no booklet, said at its file (`at`)."""
    from bastelbogen.core import limits
    from bastelbogen.core.units import to_mm
    from bastelbogen.layout.booklet import booklet, single_box
    from bastelbogen.render.booklet import Style, impose, single_pages

    paper = job.options.settings.paper
    words = job.words[lang]
    style = Style(words["notes"], job.fonts["regular"], job.meta(words["notes"]))
    printed: list[tuple[str, Callable[[], bytes], tuple[float, float], int]] = []
    if pages <= limits.MAX_BOOKLET_PAGES:
        laid = booklet(pages, paper)
        made = partial(impose, book, paper, style=style)
        printed.append(("booklet", made, laid.size, len(laid.sides)))
    else:
        job.preflight.left_out(
            at,
            f"the rulebook in '{lang}' has {pages} pages; a stapled booklet holds at most"
            f" {limits.MAX_BOOKLET_PAGES}: no booklet is written, its pages are",
        )
    printed.append(
        ("pages", partial(single_pages, book, paper, style), single_box(paper)[0], pages)
    )
    entries = []
    for suffix, write, size, count in printed:
        name = path.removesuffix(".pdf") + f"-{suffix}.pdf"
        job.staging.path(name).write_bytes(write())
        shown = [round(to_mm(v), 3) for v in size]
        entries.append(
            {
                "path": name,
                **({"lang": lang} if "/" in path else {}),
                "booklet": suffix == "booklet",
                "pages": [
                    {"number": n, "size_mm": shown, "items": []} for n in range(1, count + 1)
                ],
            }
        )
    return entries
