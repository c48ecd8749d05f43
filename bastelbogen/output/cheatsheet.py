"""The one-page cheat sheet per language: rules.pdf, or with several languages one in each
language's folder (de/rules.pdf, en/rules.pdf), so each language's set is complete. Where
the game has a rulebook in the language, each heading names the page of the book's section
it summarises (content/summaries.py), as the book is set in this kit: the cheat sheet is
set after the book (`after`), in the same task, and reads its pages."""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING

from bastelbogen.layout.kit import in_language
from bastelbogen.output import Entry, Job, Writer, register

if TYPE_CHECKING:
    from bastelbogen.render.rules.page import Marks


@register
class CheatSheet(Writer):
    name = "cheatsheet"
    order = 32  # after the rulebook (31), whose pages its headings name
    alone = True  # the rules alone make the page: laid out beside the sheets (--jobs)
    after = "rulebook"  # in the book's task: its pages found once, not set again here
    checks = True

    def ready(self, job: Job) -> None:
        # platypus, which sets the page (and a card's paragraphs): every worker imported it
        # again, a fifteenth of a small build each (a validation forks two per variant).
        if job.game.rules is not None:
            import reportlab.platypus  # noqa: F401

    def finish(self, job: Job, files: list[Entry]) -> list[Entry]:
        if job.game.rules is None:
            return []
        # Loaded only for a game with rules: the typesetting is most of a build's start-up.
        from bastelbogen.render.rules.sheet import RulesSheet

        langs = job.options.langs
        entries = []
        for lang in langs:
            path = "rules.pdf" if len(langs) == 1 else f"{in_language('rules', lang)}.pdf"
            book = "rulebook.pdf" if len(langs) == 1 else f"{in_language('rulebook', lang)}.pdf"
            marks = _marks(job, lang, posixpath.relpath(book, posixpath.dirname(path) or "."))
            sheet = RulesSheet(
                job.game,
                job.templates,
                job.fonts,
                (lang,),
                job.options.settings,
                job.options.theme,
                {lang: marks} if marks is not None else None,
            )
            sheet.tell(job.preflight)
            meta = job.meta(job.words[lang]["rules"])
            # An unchanged page is the previous kit's file again, not laid out anew.
            key = sheet.key(meta)
            if job.options.dry or not job.staging.reused(path, key):
                sheet.write(job.staging.path(path), meta, job.options.dry)
                if not job.options.dry:
                    job.staging.made(path, key)
            entry: Entry = {"path": path, "pages": sheet.listed}
            if len(langs) > 1:
                entry["lang"] = lang
            entries.append(entry)
        return entries


def _marks(job: Job, lang: str, book_file: str) -> Marks | None:
    """The rulebook page each headed part of the cheat sheet in `lang` summarises (None:
    the game has no book in `lang`). A part that matches no section of the book, or names
    one where there is no book, is told at its place: it prints no page."""
    from bastelbogen.content.summaries import shown as named
    from bastelbogen.content.summaries import summaries
    from bastelbogen.output.rulebook import book_pages
    from bastelbogen.render.rules.page import Marks

    assert job.game.rules is not None  # only a game with rules has a cheat sheet
    book = job.game.rulebooks.get(lang)
    found = summaries(job.game.rules.data.get(lang), book)
    if book is None:
        for s in (s for s in found if s.named):
            job.preflight.unpaged(
                s.loc,
                f"cheat sheet ({lang}): 'rulebook:' of '{s.heading}' has nothing to point at:"
                f" the game has no rulebook in '{lang}', so no page is printed",
            )
        return None
    pages = book_pages(job, lang) or {}
    marks, left = Marks.of(found, pages, str(job.words[lang]["summary-page"]), book_file)
    for s in left:
        job.preflight.unpaged(
            s.loc,
            f"cheat sheet ({lang}): '{s.heading}' names no rulebook page: no ## or ###"
            f" heading of {named(book, job.game.folder)} has its name; say which section it"
            " summarises with 'rulebook: <slug>'",
        )
    return marks
