"""The rulebook, <lang>/rulebook.pdf (rulebook.pdf in a kit of one language): the game's
Markdown book of each language built, set as A5 pages (render/rulebook/) with the kit's own
counts and faces in the variant built, and printed beside it as a saddle-stitched booklet
(-booklet.pdf) and one A5 page to a sheet (-pages.pdf). A kit built again from the same
inputs copies the three files of the kit before (core/remembered.py), setting nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from bastelbogen.core import limits
from bastelbogen.core.errors import Collector
from bastelbogen.core.inputs import inputs_digest
from bastelbogen.core.paths import DATA
from bastelbogen.core.remembered import REMEMBERED, Cache, digest, plain
from bastelbogen.core.units import to_mm
from bastelbogen.layout.booklet import A5_MM, booklet, single_box
from bastelbogen.layout.kit import in_language
from bastelbogen.output import Entry, Job, Writer, register

if TYPE_CHECKING:
    from bastelbogen.content.rulebook import Rulebook as Book
    from bastelbogen.core.errors import Loc
    from bastelbogen.render.pdf import Discard, Meta

ACCENT = "#1f2a44"  # the headings' colour where the cheat sheet's rules name none
PRINTED = ("booklet", "pages")  # the files printed from the book, by their suffix
PAGES = "rulebook pages"  # job.kept: per language, each section's page as its book was set
# The books this process set, by all each is made of (`_book_key`): its bytes, pages, each
# section's page and what setting it told. A few: a book is a few hundred KB.
SET: Cache[str, tuple[bytes, int, dict[str, int], list[list[object]]]] = Cache(bound=8)


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
        entries: list[Entry] = []
        several = len(job.options.langs) > 1
        for lang in job.options.langs if books else ():
            book = books.get(lang)
            if book is None:  # a kit in a language its rulebook is not written in: said
                job.preflight.left_out(
                    job.game.loc, f"the rulebook has no '{lang}' file: the kit in '{lang}' has none"
                )
                continue
            # as the cheat sheet: in the language's folder where the kit has several
            path = f"{in_language('rulebook', lang)}.pdf" if several else "rulebook.pdf"
            words = _words(job, book, lang)
            meta = job.meta(words["rulebook"])
            pages = _made(job, book, path, words, meta)
            entries.append(_entry(job, path, lang if several else None, pages))
            if not job.options.dry:
                entries += [_printed_entry(job, path, suffix, pages) for suffix in _printed(pages)]
        return entries


def book_pages(job: Job, lang: str) -> dict[str, int] | None:
    """Each section's page (by its slug) in the book of `lang` as this kit sets it, or None
    where the game has no book in `lang`: as the rulebook writer found them (set or copied)
    where it ran first in this process (the cheat sheet runs after it: `after`), else set
    now, unwritten."""
    book = job.game.rulebooks.get(lang)
    if book is None:
        return None
    kept = cast("dict[str, dict[str, int]]", job.kept.setdefault(PAGES, {}))
    if lang not in kept:
        from bastelbogen.render.pdf import DISCARD

        words = _words(job, book, lang)
        _set(job, book, DISCARD, words, job.meta(words["rulebook"]))
    return kept[lang]


def _made(job: Job, book: Book, path: str, words: dict[str, str], meta: Meta) -> int:
    """The book's files written (or copied: the same inputs made them before); its pages.
    Its sections' pages are kept for the cheat sheet (`book_pages`)."""
    made_of = job.made_of()
    key = None if made_of is None else digest("rulebook file", made_of, path, book.lang, meta)
    pages = None if key is None else _copied(job, book, path, key)
    if pages is not None:
        return pages
    mark = job.preflight.mark()
    from bastelbogen.render.pdf import DISCARD  # where validating's book goes

    target = DISCARD if job.options.dry else job.staging.path(path)
    pages = _recalled(job, book, target, words, meta)
    if isinstance(target, Path):  # validating writes no file, prints none
        _print_all(job, book, path, pages)
    told = job.preflight.since(mark)
    if key is not None and plain(told):  # remembered with its files, told again by a copy
        for name in [path, *(_named(path, suffix) for suffix in _printed(pages))]:
            job.staging.made(name, digest(key, name))  # a file's bytes by its own key
        REMEMBERED.put(digest("told", key), told)
        # its pages, and each section's in the order the book has them (plain numbers)
        found = _kept(job)[book.lang]
        REMEMBERED.put(digest(PAGES, key), [pages, *(found.get(s, 0) for s in book.slugs)])
    return pages


def _copied(job: Job, book: Book, path: str, key: str) -> int | None:
    """The previous kit's book and its printed files copied when the same inputs made
    them (its pages), what setting them told told again; None: to be set."""
    lang = book.lang
    told = REMEMBERED.get(digest("told", key))
    kept = REMEMBERED.get(digest(PAGES, key))
    pages = kept[0] if kept and len(kept) == len(book.slugs) + 1 else None
    if (
        told is None
        or not isinstance(pages, int)
        or not job.staging.reused(path, digest(key, path))
    ):
        return None
    for suffix in _printed(pages):
        name = _named(path, suffix)
        if not job.staging.reused(name, digest(key, name)):  # gone or changed: from the book
            printed = _print(job, job.staging.folder / path, lang, suffix)
            job.staging.path(name).write_bytes(printed)
            job.staging.made(name, digest(key, name))
    job.preflight.retell(told)
    assert kept is not None
    found = {s: p for s, p in zip(book.slugs, kept[1:], strict=True) if isinstance(p, int) and p}
    _kept(job)[lang] = found
    return pages


def _recalled(
    job: Job, book: Book, target: Path | Discard, words: dict[str, str], meta: Meta
) -> int:
    """The book set (`_set`), or written again as this process set it before from the same
    inputs and options that shape it (another paper, bleed or duplex does not: the preview
    building again and again, a kit built for A4 and then for Letter)."""
    key = _book_key(job, book, meta) if isinstance(target, Path) else None
    got = SET.get(key) if key is not None else None
    if got is not None and isinstance(target, Path):
        data, pages, found, told = got
        target.write_bytes(data)
        _kept(job)[book.lang] = dict(found)
        job.preflight.retell(told)
        return pages
    mark = job.preflight.mark()
    pages = _set(job, book, target, words, meta)
    told = job.preflight.since(mark)
    if key is not None and isinstance(target, Path) and plain(told):
        SET.put(key, (target.read_bytes(), pages, dict(_kept(job)[book.lang]), told))
    return pages


def _book_key(job: Job, book: Book, meta: Meta) -> str | None:
    """The digest of all a book is made of: the files a kit is made of (core/inputs.py) and
    the options that shape the book; None where a kit copies nothing (`Job.made_of`)."""
    if job.made_of() is None:
        return None
    o = job.options
    shaping = ("rulebook", book.lang, o.variant, o.theme, o.braille, o.version_mark, meta)
    paths = [job.game.folder, *job.templates, *job.fonts.paths.values(), DATA]
    return inputs_digest(paths, repr(shaping))


def _kept(job: Job) -> dict[str, dict[str, int]]:
    return cast("dict[str, dict[str, int]]", job.kept.setdefault(PAGES, {}))


def _set(job: Job, book: Book, target: Path | Discard, words: dict[str, str], meta: Meta) -> int:
    """The book set (in the variant built, the kit's faces drawn) and written to `target`:
    its number of pages; its sections' pages kept (`book_pages`)."""
    # Loaded only for a book to set: the typesetting is most of a start-up.
    from reportlab.lib import colors

    from bastelbogen.checks import find_variant
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.rulebook.book import write_book
    from bastelbogen.render.rulebook.pictures import Kit

    lang = book.lang
    rules = job.game.rules
    accent = colors.HexColor(rules.colour if rules is not None and rules.colour else ACCENT)
    variant = find_variant(job.game, job.options.variant)
    options = {"lang": lang, "braille": job.options.braille, "theme": job.options.theme}
    kit = Kit(job.game, variant, lang, job.layouts, job.fonts, options)
    mark = job.options.version_mark or ""
    ctx = PaintContext(job.fonts, job.game.folder, preflight=None, lang=lang, mark=mark)
    # validating prints no page number: one pass finds what no page holds
    settle = not job.options.dry
    pages, found = write_book(target, book, kit, ctx, words, accent, meta, settle=settle)
    _kept(job)[lang] = found
    return pages


def _print_all(job: Job, book: Book, path: str, pages: int) -> None:
    """The booklet and the single pages written from the book just set at `path`; a book
    too thick to staple has no booklet, said at its file."""
    if pages > limits.MAX_BOOKLET_PAGES:
        at = book.blocks[0].loc if book.blocks else job.game.loc
        _too_thick(job, at, book.lang, pages)
    for suffix in _printed(pages):
        printed = _print(job, job.staging.folder / path, book.lang, suffix)
        job.staging.path(_named(path, suffix)).write_bytes(printed)


def _words(job: Job, book: Book, lang: str) -> dict[str, str]:
    """The book's own words (Contents, page …) in its language: the kit's table of words
    (the shipped one, or the game's words/<lang>.yaml, read with the game)."""
    from bastelbogen.render.rulebook.words import book_words

    return book_words(job.words[lang])


def _printed(pages: int) -> tuple[str, ...]:
    """The files printed from a book of `pages`: a book too thick to staple has no booklet."""
    return PRINTED if pages <= limits.MAX_BOOKLET_PAGES else PRINTED[1:]


def _named(path: str, suffix: str) -> str:
    return path.removesuffix(".pdf") + f"-{suffix}.pdf"


def _too_thick(job: Job, at: Loc, lang: str, pages: int) -> None:
    job.preflight.left_out(
        at,
        f"the rulebook in '{lang}' has {pages} pages; a stapled booklet holds at most"
        f" {limits.MAX_BOOKLET_PAGES}: no booklet is written, its pages are",
    )


def _print(job: Job, book: Path, lang: str, suffix: str) -> bytes:
    """The book for print on the kit's paper: the saddle-stitched booklet (to print
    double-sided on the short edge, fold and staple), or its A5 pages one to a sheet."""
    from bastelbogen.render.booklet import Style, impose, single_pages

    paper = job.options.settings.paper
    words = job.words[lang]
    style = Style(words["notes"], job.fonts["regular"], job.meta(words["notes"]))
    data = book.read_bytes()
    if suffix == "booklet":
        return impose(data, paper, style=style)
    return single_pages(data, paper, style)


def _entry(job: Job, path: str, lang: str | None, pages: int) -> Entry:
    """The screen book's manifest record: its A5 pages (which hold no pieces) and the
    counts it printed, the kit's in the variant built."""
    from bastelbogen.checks import find_variant
    from bastelbogen.content.expand import items_of

    variant = find_variant(job.game, job.options.variant)
    counts = {c.id: len(items_of(job.game, c, variant, Collector())) for c in job.game.components}
    return {
        "path": path,
        **({"lang": lang} if lang else {}),
        "screen": True,  # read on screen: PRINT.txt names the booklet and pages to print
        "counts": counts,
        "pages": _pages(A5_MM, pages),
    }


def _printed_entry(job: Job, path: str, suffix: str, pages: int) -> Entry:
    """A printed file's record: the booklet's sides (two a sheet) or the single pages."""
    paper = job.options.settings.paper
    if suffix == "booklet":
        laid = booklet(pages, paper)
        size, count = laid.size, len(laid.sides)
    else:
        size, count = single_box(paper)[0], pages
    return {
        "path": _named(path, suffix),
        **({"lang": path.split("/")[0]} if "/" in path else {}),
        "booklet": suffix == "booklet",
        "pages": _pages(tuple(to_mm(v) for v in size), count),
    }


def _pages(size_mm: tuple[float, ...], count: int) -> list[dict[str, object]]:
    shown = [round(v, 3) for v in size_mm]
    return [{"number": n, "size_mm": shown, "items": []} for n in range(1, count + 1)]
