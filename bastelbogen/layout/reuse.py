"""A box resolved once for every item that shows it alike.

A box becomes the same `Box` for two items whose contexts agree on what its expressions
read: the panel every card has, the ground of every card of one set, the value box of every
5. Each box spec keeps the boxes it resolved recently, keyed by those values (typed, so 1
and 1.0 stay apart), the item's size, the layout it is drawn in and, for text, its safe
zone; a mistake is never kept, so each item that makes it is told."""

from __future__ import annotations

from collections.abc import Iterable

from bastelbogen.content.painters import ITEM, known, may_derive
from bastelbogen.core.templating import MISSING, looked_up, names_read, paths_read
from bastelbogen.layout.values import typed

KEPT = 128  # boxes kept per box spec: a deck cycles through far fewer looks per box
Path = tuple[str, ...]


def paths_of(sources: Iterable[str], params: dict, box) -> tuple[Path, ...] | None:
    """What a box with these expressions reads: dotted names where its expressions only
    name values, whole names where they compute; None when one does not parse."""
    paths: set[Path] = set()
    for source in sources:
        plain = paths_read(source)
        if plain is None:
            names = names_read(source)
            if names is None:
                return None
            plain = tuple((name,) for name in names)
        paths.update(plain)
    if "with" in params:  # a whole mapping from the context: a theme's motif
        paths.add(tuple(str(params["with"]).split(".")))
    if may_derive(params):  # a seed from the item's id
        paths.add((ITEM,))
    if box == "bleed":
        paths.add(("bleed",))
    return tuple(sorted(paths))


def key_of(
    paths: tuple[Path, ...] | None, painter: str, context: dict, size, safe, layout: str
) -> tuple | None:
    """The box's key for this item, or None when it cannot be told apart by its values (a
    name the item lacks, a value no key can hold): it is then resolved afresh."""
    if paths is None:
        return None
    values = []
    for path in paths:
        value = looked_up(path, context)
        if value is MISSING:
            return None
        try:
            values.append(typed(value))
        except TypeError:
            return None
    return (layout, size, safe if known()[painter].text else None, tuple(values))


def kept(memo: dict, key, box):
    """Keep `box` under `key`; a memo that has filled up starts again."""
    if len(memo) >= KEPT:
        memo.clear()
    memo[key] = box
    return box
