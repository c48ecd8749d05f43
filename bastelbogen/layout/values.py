"""What a layout's box values become for one item: expressions rendered over its context,
mappings taken from it whole, and the conditions of `when`."""

from __future__ import annotations

from bastelbogen.core.errors import Loc
from bastelbogen.core.templating import expand, looked_up


def mapping(context: dict, name) -> tuple:
    """The named context value as hashable pairs; painters read it like a box's own keys."""
    value = looked_up(tuple(str(name).split(".")), context)  # `theme.back` reaches in
    if not isinstance(value, dict):
        raise ValueError(f"names '{name}', which is not a mapping here")
    return tuple(sorted((k, frozen(v)) for k, v in value.items()))


def frozen(value):
    """Hashable, in the order the content wrote it (a table's rows keep their order)."""
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, frozen(v)) for k, v in value.items())
    return value


def render(value, context: dict, loc: Loc):
    if isinstance(value, str):
        return expand(value, context, loc)
    if isinstance(value, list):
        return tuple(render(v, context, loc) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, render(v, context, loc)) for k, v in value.items()))
    return value


def strings(value) -> list:
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    return [value]


def truthy(text) -> bool:
    return str(text).strip().lower() not in ("", "false", "0", "none", "no")


PLAIN = frozenset({str, int, float, bool})


def typed(value):
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
