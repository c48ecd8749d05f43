"""The words that choose and multiply rows, read one way wherever they stand.

`where:` keeps the rows (items of a component, rows of a table) whose fields hold the given
values: a mapping of field -> value, where a list of values means "any of them" and every
field must match (`where: {deck: P, group: [A, B]}`: deck P, group A or B). A value is
compared as it is (the number 1 is not the text '1'); `null` matches a row without the
field. It reads the same in `items: {from: ...}`, in a check and in a check's `where-of`.

`each:` multiplies an item: a mapping of field -> a non-empty list of single values, one
item per combination (`each: {colour: [red, blue], value: [1, 2]}` makes four)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from bastelbogen.content.schema import fmt
from bastelbogen.core.declare import type_name
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YList, YMap

SCALAR = str | int | float | bool
T = TypeVar("T")
M = TypeVar("M", bound=Mapping[str, object])


def _fields(row: Mapping[str, object]) -> Mapping[str, object]:
    return row


# What `where:` and `each:` may hold, as JSON Schema (pnp schema, an editor), beside the
# readers below: a where's value may be null (a row without the field), an each's may not.
_VALUE: dict[str, object] = {"type": ["string", "number", "boolean"]}
_WANTED: dict[str, object] = {"type": ["string", "number", "boolean", "null"]}
WHERE_SCHEMA: dict[str, object] = {
    "type": "object",
    "minProperties": 1,
    "additionalProperties": {
        "anyOf": [_WANTED, {"type": "array", "items": _WANTED, "minItems": 1}]
    },
}
EACH_SCHEMA: dict[str, object] = {
    "type": "object",
    "additionalProperties": {"type": "array", "items": _VALUE, "minItems": 1},
}


def _single(value: object) -> bool:
    return value is None or isinstance(value, SCALAR)


@dataclass(frozen=True)
class Where:
    """A selection: each condition a field and the values any of which it may hold."""

    conditions: tuple[tuple[str, tuple[object, ...]], ...]
    loc: Loc

    def matches(self, data: Mapping[str, object]) -> bool:
        return all(_holds(data.get(field), values) for field, values in self.conditions)

    @overload
    def select(self, rows: Iterable[M]) -> list[M]: ...
    @overload
    def select(self, rows: Iterable[T], data: Callable[[T], Mapping[str, object]]) -> list[T]: ...
    def select(  # the overloads say what it takes; T is not known to be a mapping here
        self, rows: Iterable[Any], data: Callable[[Any], Mapping[str, object]] | None = None
    ) -> list[Any]:
        """The rows that match; `data` reads a row's fields when the row is more than them."""
        read = data or _fields
        return [row for row in rows if self.matches(read(row))]

    def describe(self) -> str:
        """ "deck is 'P', group is 'A' or 'B'": which rows were meant, for messages."""
        return ", ".join(
            f"{field} is {' or '.join(fmt(v) for v in values)}" for field, values in self.conditions
        )


def _holds(value: object, values: tuple[object, ...]) -> bool:
    return value in values  # equality, as everywhere else: a missing field is None


def read_where(node: object, loc: Loc, what: str, problems: Collector) -> Where | None:
    """A `where:` mapping as a Where (None when absent or wrong, which is told at it)."""
    if node is None:
        return None
    if not isinstance(node, YMap) or not node:
        problems.add(
            loc,
            f"{what}: 'where' maps fields to the values they must hold, like"
            f" {{deck: P}} or {{group: [A, B]}}; got {type_name(node)}",
        )
        return None
    conditions = []
    for field, wanted in node.items():
        values = tuple(wanted) if isinstance(wanted, YList) else (wanted,)
        if not values or not all(_single(v) for v in values):
            problems.add(
                node.value_loc(field),
                f"{what}: where.{field} must be a single value or a non-empty list of"
                f" them (any of), got {type_name(wanted)}",
            )
            return None
        conditions.append((str(field), values))
    return Where(tuple(conditions), loc)


def read_each(
    node: object, loc: Loc, what: str, problems: Collector
) -> tuple[tuple[str, tuple[object, ...]], ...]:
    """An `each:` mapping as (field, values) pairs; a wrong entry is told and left out."""
    if node is None:
        return ()
    if not isinstance(node, YMap):
        problems.add(loc, f"{what}: 'each' must map field names to lists of values")
        return ()
    pairs = []
    for key, values in node.items():
        if not (
            isinstance(values, YList) and values and all(isinstance(v, SCALAR) for v in values)
        ):
            problems.add(
                node.value_loc(key),
                f"each.{key} must be a non-empty list of single values (text or numbers)",
            )
            continue
        pairs.append((str(key), tuple(values)))
    return tuple(pairs)
