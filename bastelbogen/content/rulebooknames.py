"""What a rulebook (content/rulebook.py) names of the kit: its components by id in
{{count:ID}}, {{name:ID}} and the scoring block, its faces (COMPONENT/ITEM-ID) in figures and
set-ups. Components are checked as the game is read; faces, which are items of a variant,
by checks/rulebook.py."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from pathlib import Path

from bastelbogen.content.icons import NO_ICONS, Icons, named, unknown
from bastelbogen.content.models import Component, Rules
from bastelbogen.content.rulebook import (
    GENERATED,
    INLINE,
    Block,
    Rulebook,
    all_blocks,
    load_rulebooks,
    texts,
)
from bastelbogen.content.summaries import check_summaries
from bastelbogen.core import limits
from bastelbogen.core.declare import Section
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YList, YMap


def inline_uses(book: Rulebook) -> list[tuple[str, str, Loc]]:
    """Every {{count:ID}}, {{name:ID}} and {{term:NAME}} of the book: (count, name or term,
    the id or term, its place)."""
    found = []
    for b in all_blocks(book.blocks):
        texts = [b.text, *(t for row in b.items for t in (row if b.kind == "table" else row[1:]))]
        for text in texts:
            for m in INLINE.finditer(str(text)):
                found.append((m.group(1), m.group(2), b.loc))
    return found


def generated(book: Rulebook) -> list[Block]:
    return [b for b in all_blocks(book.blocks) if b.kind in GENERATED]


def listed_strings(value: object) -> list[str]:
    """A YAML list of texts as written (anything else: none)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, YList) else []


def face_refs(block: Block) -> list[tuple[str, Loc]]:
    """The faces (COMPONENT/ITEM-ID) a generated block names, each with its place."""
    data = block.data if isinstance(block.data, YMap) else YMap()
    refs: list[tuple[str, Loc]] = []
    faces = data.get("faces")
    if isinstance(faces, YList):
        refs += [(v, faces.item_loc(n)) for n, v in enumerate(faces) if isinstance(v, str)]
    if isinstance(data.get("board"), str):
        refs.append((data["board"], data.value_loc("board")))
    pieces = data.get("pieces")
    if isinstance(pieces, YList):
        for n, piece in enumerate(pieces):
            if isinstance(piece, YMap) and isinstance(piece.get("face"), str):
                refs.append((piece["face"], piece.value_loc("face")))
            else:
                refs.append(("", pieces.item_loc(n)))
    return refs


def rulebooks_of(
    g: Section,
    folder: Path,
    langs: tuple[str, ...],
    components: Iterable[Component],
    problems: Collector,
    rules: Rules | None = None,
    icons: Icons = NO_ICONS,
) -> dict[str, Rulebook]:
    """game.yaml's `rulebook:` ({de: rulebook/de.md}): each language's book read, every
    component and icon it names found among the game's, and each section the cheat sheet's
    `rules` say they summarise found in it."""
    files = getattr(g, "rulebook", None) or {}
    books = load_rulebooks(files, g.value_loc("rulebook"), folder, langs, problems)
    check_named(books, [c.id for c in components], problems)
    check_icons(books, icons, problems)
    check_summaries(rules, books, problems)
    return books


def check_icons(books: dict[str, Rulebook], icons: Icons, problems: Collector) -> None:
    """Every icon a book writes (`:name:`) is one the game declares: each told at its line,
    all at once (setting the book would stop at the first)."""
    for book in books.values():
        for block in all_blocks(book.blocks):
            for text in texts(block):
                for name in dict.fromkeys(named(text)):
                    found = unknown(f":{name}:", icons, " in the rulebook")
                    if found is not None:
                        problems.add(block.loc, found[1])


def check_named(books: dict[str, Rulebook], ids: list[str], problems: Collector) -> None:
    """Every component a book names exists; its faces (their items) are the check's
    (checks/rulebook.py), which knows each variant's items."""

    def known(cid: str, loc: Loc, what: str) -> None:
        if cid not in ids:
            near = difflib.get_close_matches(cid, ids, n=1, cutoff=0.5)
            hint = f"; did you mean '{near[0]}'?" if near else f" (components: {', '.join(ids)})"
            problems.add(loc, f"{what} names component '{cid}', which does not exist{hint}")

    for book in books.values():
        for kind, cid, loc in inline_uses(book):
            if kind != "term":  # a theme's word: checks/rulebook.py, against every theme
                known(cid, loc, f"{{{{{kind}:{cid}}}}}")
        for b in generated(book):
            _check_block(b, known, problems)


def _check_block(b: Block, known: Callable[[str, Loc, str], None], problems: Collector) -> None:
    data = b.data
    if b.kind == "scoring" and "component" in data:
        known(str(data["component"]), data.value_loc("component"), "the scoring block")
    for ref, loc in face_refs(b):
        cid, slash, item = ref.partition("/")
        if not slash or not item:
            problems.add(
                loc,
                f"the {b.kind} block names '{ref}'; a face is named COMPONENT/ITEM-ID (cards/fox)",
            )
            continue
        known(cid, loc, f"the {b.kind} block's face '{ref}'")
    for key, most in (("faces", limits.MAX_FIGURE_FACES), ("pieces", limits.MAX_SETUP_PIECES)):
        shown = data.get(key)
        if isinstance(shown, list) and len(shown) > most:
            problems.add(b.loc, f"the {b.kind} block shows {len(shown)} {key}; at most {most}")
    side = data.get("side", "front")
    if side not in ("front", "back"):
        problems.add(data.value_loc("side"), f"side '{side}': front or back")
