"""Which section of the rulebook each part of the cheat sheet summarises, so the cheat sheet
can name its page: a section or look-up panel of rules.yaml names one by `rulebook: <slug>`
(the slug of a `##`/`###` heading of that language's book, as links write it), or, without
the key, is matched by its own heading's slug. A slug no heading has is an error here; a
part that matches nothing, or names a section in a language without a book, is the cheat
sheet's to tell (output/cheatsheet.py), as a warning where the build runs."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bastelbogen.content.models import Rules
from bastelbogen.content.rulebook import Rulebook, slug
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YList, YMap

LISTS = ("sections", "lookup")  # the parts of a language's rules that have headings
KEY = "rulebook"


@dataclass(frozen=True)
class Summary:
    """One part of the cheat sheet and the book section it summarises."""

    place: tuple[str, int]  # ("sections", n) or ("lookup", n): its list and index
    heading: str
    loc: Loc  # its heading's (its `rulebook:` key's, where it has one)
    slug: str | None  # the book's section; None where none is found
    named: bool  # by its own `rulebook:` key


def _parts(part: object) -> Iterator[tuple[tuple[str, int], YMap]]:
    """Each section and look-up panel of a language's rules, with its place."""
    if not isinstance(part, YMap):
        return
    for name in LISTS:
        items = part.get(name)
        if isinstance(items, YList):
            for n, item in enumerate(items):
                if isinstance(item, YMap) and isinstance(item.get("heading"), str):
                    yield (name, n), item


def summaries(part: object, book: Rulebook | None) -> list[Summary]:
    """Each headed part of one language's rules and the book's section it summarises:
    the one its `rulebook:` key names, else the one whose heading has its heading's slug
    (with no book, none)."""
    found = []
    for place, item in _parts(part):
        heading = str(item["heading"])
        named = isinstance(item.get(KEY), str)
        wanted = str(item[KEY]) if named else slug(heading)
        known = book is not None and wanted in book.slugs
        loc = item.value_loc(KEY if named else "heading")
        found.append(Summary(place, heading, loc, wanted if known else None, named))
    return found


def check_summaries(rules: Rules | None, books: dict[str, Rulebook], problems: Collector) -> None:
    """Every `rulebook:` slug of the rules names a heading of that language's book; a
    language without a book is the cheat sheet's to tell (nothing to point at)."""
    if rules is None:
        return
    for lang, book in books.items():
        for s in summaries(rules.data.get(lang), book):
            if s.named and s.slug is None:
                item = rules.data[lang][s.place[0]][s.place[1]]
                wanted = str(item[KEY])
                near = difflib.get_close_matches(wanted, list(book.slugs), n=1, cutoff=0.5)
                hint = f"; did you mean '{near[0]}'?" if near else ""
                problems.add(
                    s.loc,
                    f"rulebook: '{wanted}' is no section of the rulebook ({lang},"
                    f" {shown(book, rules.path.parent)}): a section is named by its"
                    f" heading's slug, as links write it{hint}",
                )


def shown(book: Rulebook, folder: Path) -> str:
    """The book's file as the game file names it: from the game's folder."""
    return Path(os.path.relpath(book.path, folder)).as_posix()
