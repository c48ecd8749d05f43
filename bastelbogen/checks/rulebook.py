"""The rulebook names only what the kit has: each face a figure or set-up shows
(COMPONENT/ITEM-ID) is an item of the variant validated, and each component it counts has
pieces in it. Its components were checked as the game was read (content/rulebooknames.py);
its counts are the build's own, so they cannot disagree with the kit."""

from __future__ import annotations

import difflib

from bastelbogen.content.models import Game, Item, Variant
from bastelbogen.content.rulebooknames import face_refs, generated, inline_uses
from bastelbogen.core.errors import Collector


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
