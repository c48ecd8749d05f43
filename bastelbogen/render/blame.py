"""Where a layout fault's text comes from: a text too long for its box is the content's
to shorten, so it is told at the cell that holds it (the item's line in game.yaml, a
table's row and column, a workbook's cell) naming the layout's box it overflowed, not
only at the shipped layout's line. A text written in the layout itself stays told there."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, TypedDict

from bastelbogen.core.errors import Loc, Problem
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import to_mm

if TYPE_CHECKING:
    from bastelbogen.content.models import Item, Table
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext

SHORT = 60  # characters of a text a message quotes
_LEAST = 3  # a shorter value inside a text says nothing of where the text came from


class Known(TypedDict, total=False):
    """What a Problem knows besides its place and message: its piece, and the box."""

    component: str
    item: str
    box: Loc


def quoted(text: str) -> str:
    return text if len(text) <= SHORT else text[: SHORT - 3] + "..."


def layout_fault(box: Box, ctx: PaintContext, text: str, what: str) -> Problem:
    """The problem of `text` in `box` (`what` is wrong with it, e.g. "does not fit even at
    7 pt"), at the content's cell that holds it when one does, else at the layout's box;
    it knows its piece either way."""
    size = f"({to_mm(box.rect[2]):.1f} x {to_mm(box.rect[3]):.1f} mm)"
    loc, field, known = located(box, ctx, text)
    if not field:
        return Problem(
            loc,
            f"{ctx.item_label}: text in box '{box.name}' {size} {what}: '{quoted(text)}'",
            **known,
        )
    return Problem(
        loc,
        f"{ctx.item_label}: the {field} '{quoted(text)}' {what} in box '{box.name}'"
        f" {size}{of_layout(box)}",
        **known,
    )


def of_layout(box: Box) -> str:
    return f" of layout {box.layout}" if box.layout else ""


def located(box: Box, ctx: PaintContext, text: str, part: bool = False) -> tuple[Loc, str, Known]:
    """(where to tell a fault of `text` in `box`, the content's field that holds it or "",
    what else the Problem knows: its piece, and the box when the place is the content's)."""
    item = getattr(ctx, "item", None)
    if item is None:
        return box.loc, "", {}
    piece: Known = {"component": item.component.id, "item": item.id}
    found = source(item, text, getattr(ctx, "tables", None), part)
    if found is None:
        return box.loc, "", piece
    return found[1], found[0], {**piece, "box": box.loc}


def source(
    item: Item, text: str, tables: Mapping[str, Table] | None = None, part: bool = False
) -> tuple[str, Loc] | None:
    """(the field's name, its place) of the item's value that holds `text`: the one equal
    to it, else (a text made of several values) the longest written inside it, or with
    `part` (a word of a text) the shortest that holds it; the rows its references name
    (a table's) are searched after its own."""
    spec = getattr(item, "spec", None)
    if spec is None:
        return None
    values = _candidates(item, spec.data, tables)
    wanted = text.strip()
    for fold in (str, str.casefold):  # as written, then whatever case a filter gave it
        found = _found(values, fold(wanted), fold, part)
        if found is not None:
            return found
    return None


def _candidates(
    item: Item, data: YMap, tables: Mapping[str, Table] | None
) -> list[tuple[str, str, Loc]]:
    """(field, text, place) of the item's own values, then of the rows its references name."""
    # An id is often the name too (a table keyed by its name): the name is told first.
    values = sorted(_values(data, ""), key=lambda v: v[0] == "id")
    for field, table in getattr(item.component, "refs", ()):
        rows = tables[table].by_id if tables and table in tables else {}
        named = item.data.get(field)
        for ref in named if isinstance(named, list) else [named]:
            row = rows.get(ref) if isinstance(ref, str) else None
            if isinstance(row, YMap):
                values += ((f"{table} {f}", v, at) for f, v, at in _values(row, ""))
    return values


def _found(
    values: list[tuple[str, str, Loc]], wanted: str, fold: Callable[[str], str], part: bool
) -> tuple[str, Loc] | None:
    """(field, place) of the value that is `wanted` (folded as `fold` folds), else with
    `part` the shortest that holds it, else the longest written inside it."""
    exact = [(f, loc) for f, v, loc in values if fold(v) == wanted]
    if exact:
        return exact[0]
    if part:
        holding = [(len(v), f, loc) for f, v, loc in values if wanted in fold(v)]
        if not holding:
            return None
        _n, field, loc = min(holding, key=lambda c: c[0])
        return field, loc
    inner = [(len(v), f, loc) for f, v, loc in values if len(v) >= _LEAST and fold(v) in wanted]
    if not inner:
        return None
    _n, field, loc = max(inner, key=lambda c: c[0])
    return field, loc


def _values(node: object, field: str) -> Iterator[tuple[str, str, Loc]]:
    """(field, text, place) of every scalar under `node`, each at its own place: a
    language's text named `name (en)`, an `each` list's values by their field."""
    if isinstance(node, YMap):
        for key, value in node.items():
            if key == "count" and not field:
                continue
            name = str(key) if not field or field == "each" else f"{field} ({key})"
            if isinstance(value, YMap | YList):
                yield from _values(value, name)
            elif _scalar(value):
                yield name, str(value), node.value_loc(key)
    elif isinstance(node, YList):
        for n, value in enumerate(node):
            if isinstance(value, YMap | YList):
                yield from _values(value, field)
            elif _scalar(value):
                yield field, str(value), node.item_loc(n)


def _scalar(value: object) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)
