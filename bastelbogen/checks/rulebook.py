"""The rulebook names only what the kit has: each face a figure or set-up shows
(COMPONENT/ITEM-ID) is an item of the variant validated, and each component it counts has
pieces in it. Its components were checked as the game was read (content/rulebooknames.py);
its counts are the build's own, so they cannot disagree with the kit. Each {{term:NAME}} is a
word of every theme the game declares, in the book's language: a book is right whichever
theme is built."""

from __future__ import annotations

import difflib
import os

from bastelbogen.content.models import Game, Item, Variant
from bastelbogen.content.rulebooknames import face_refs, generated, inline_uses
from bastelbogen.core.errors import Collector, Loc


def rulebook(
    game: Game, items: dict[str, list[Item]], variant: Variant | None, problems: Collector
) -> None:
    """Every face the rulebooks show is an item of the kit (in this variant); every
    component they count keeps pieces."""
    within = f" in variant '{variant.id}'" if variant is not None else ""
    for book in game.rulebooks.values():
        for kind, cid, loc in inline_uses(book):
            if kind == "count" and cid in items and not items[cid]:
                problems.add(loc, f"{{{{count:{cid}}}}} counts no pieces{within}")
            if kind == "term":
                _term(game, book.lang, cid, loc, problems)
        for block in generated(book):
            for ref, loc in face_refs(block):
                cid, _, iid = ref.partition("/")
                if cid not in items or not iid:
                    continue  # told as the game was read
                ids = list(dict.fromkeys(i.id for i in items[cid]))
                if iid not in ids:
                    near = difflib.get_close_matches(iid, ids, n=1, cutoff=0.5)
                    hint = f"; did you mean '{cid}/{near[0]}'?" if near else ""
                    problems.add(
                        loc,
                        f"the {block.kind} block shows face '{ref}', but component '{cid}'"
                        f" has no item '{iid}'{within}{hint}",
                    )


def _term(game: Game, lang: str, name: str, loc: Loc, problems: Collector) -> None:
    """`name` is a term of every theme of the game in `lang`."""
    if not game.themes:
        problems.add(
            loc,
            f"{{{{term:{name}}}}} names a theme's word, but the game has no themes"
            " (themes: in game.yaml, each file with its terms:)",
        )
    for theme in game.themes.values():
        terms = theme.terms.get(lang) if theme.terms is not None else None
        known = [str(k) for k in terms] if isinstance(terms, dict) else []
        if name in known:
            continue
        near = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
        hint = f"; did you mean '{{{{term:{near[0]}}}}}'?" if near else ""
        listed = f" (terms: {', '.join(known)})" if known and not near else ""
        problems.add(
            loc,
            f"{{{{term:{name}}}}}: theme '{theme.id}' has no term '{name}' in '{lang}'"
            f" ({os.path.relpath(theme.loc.file, game.folder)}){listed}{hint}",
        )
