"""What a layout's box values become for one item: expressions rendered over its context,
mappings taken from it whole, the conditions of `when`, and the key under which a box is
resolved once for every item that shows it alike (core/remembered.py `BOXES`)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from bastelbogen.content.painters import ITEM, known, may_derive
from bastelbogen.core.errors import Loc
from bastelbogen.core.templating import MISSING, expand, looked_up, names_read, paths_read

Path = tuple[str, ...]
Context = Mapping[str, object]  # what a layout's expressions see (faces.context)
Key = tuple[Hashable, ...]  # a box's or a side's key: what it is made from


def mapping(context: Context, name: object) -> tuple[tuple[object, Hashable], ...]:
    """The named context value as hashable pairs; painters read it like a box's own keys."""
    value = looked_up(tuple(str(name).split(".")), context)  # `theme.back` reaches in
    if not isinstance(value, dict):
        raise ValueError(f"names '{name}', which is not a mapping here")
    return tuple(sorted((k, frozen(v)) for k, v in value.items()))


def frozen(value: object) -> Hashable:
    """Hashable, in the order the content wrote it (a table's rows keep their order)."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, frozen(v)) for k, v in value.items())
    return value


def render(value: object, context: Context, loc: Loc) -> object:
    if isinstance(value, str):
        return expand(value, context, loc)
    if isinstance(value, list):
        return tuple(render(v, context, loc) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, render(v, context, loc)) for k, v in value.items()))
    return value


def strings(value: object) -> list[object]:
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    return [value]


def truthy(text: object) -> bool:
    return str(text).strip().lower() not in ("", "false", "0", "none", "no")


PLAIN = frozenset({str, int, float, bool})
# Names whose value is one object per file and language (layout/faces.py makes the game's
# tables once per language, for every item): told by which object it is, not by all it holds.
SHARED = ("tables",)


class Same:
    """A key part for what a SHARED name reads: equal only for the very same object, which
    it holds, so that no other object takes its place while the key is kept. Typing the
    game's whole tables for every box of every item reading them cost MiniPilo's build a
    quarter of its time."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.value is self.value

    def __hash__(self) -> int:
        return id(self.value)


def typed(value: object) -> Key:
    """A value as a key part that tells apart what prints apart: 1, 1.0 and true are equal
    in Python but not on a card, a mapping is not the list of its pairs."""
    if type(value) in PLAIN:  # what nearly every key is made of, typed at once
        return (type(value).__name__, value)
    if isinstance(value, dict):
        return ("map", tuple((typed(k), typed(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return ("list", tuple(typed(v) for v in value))
    hash(value)  # TypeError for what cannot be a key
    return (type(value).__name__, value)


def paths_of(
    sources: Iterable[str], params: dict[str, object], box: object
) -> tuple[Path, ...] | None:
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
    paths: tuple[Path, ...] | None,
    painter: str,
    context: Context,
    size: tuple[float, float],
    safe: Hashable,
    layout: str,
) -> Key | None:
    """The box's key for this item, or None when it cannot be told apart by its values (a
    name the item lacks, a value no key can hold): it is then resolved afresh."""
    if paths is None:
        return None
    values: list[Hashable] = []
    for path in paths:
        value = looked_up(path, context)
        if value is MISSING:
            return None
        try:
            values.append(Same(value) if path[0] in SHARED else typed(value))
        except TypeError:
            return None
    return (layout, size, safe if known()[painter].text else None, tuple(values))
