"""A layout box repeated (`repeat:`), as a designer writes it: over a count, a list, a
table's rows or one of its columns, or an expression giving a count or a list; placed by
the box's own expressions, in a grid from the box as its first cell, or along a path from
it (round the face, or through points). Declared once (`Repeat`), so the reading (located
errors, a did-you-mean), the JSON Schema and the reference page agree. The copies are made
for each item when a face is resolved (layout/copies.py), named `space[3]`: a message names
the copy at fault, and a box of that name (in the layout or one extending it) takes that
copy's place (`slot`)."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeGuard

from bastelbogen.core import limits
from bastelbogen.core.declare import (
    TEMPLATE_PATTERN,
    Field,
    Flag,
    Json,
    Nested,
    Section,
    Text,
    Type,
    Whole,
    optional,
    type_name,
)
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.source import YMap

if TYPE_CHECKING:  # the spec's module calls this one
    from bastelbogen.layout.layouts import BoxSpec

# Names every box sees already: a running value under one of them would hide it.
RESERVED = frozenset({"repeat", "width", "height", "bleed", "safe", "item", "game", "tables"})
# One expression, `{{ … }}`, and nothing around it.
ONE = re.compile(r"\s*\{\{(?P<inner>(?:(?!\}\}|\{\{|\{%|%\}).)*)\}\}\s*", re.S)


def _count(value: object, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"must be a whole number, a list or an expression, got {type_name(value)}")
    if not 0 <= value <= most:
        raise ValueError(f"must be a count from 0 to {most:,} (a face's boxes), got {value:,}")
    return value


class Table(Section):
    """A table's rows, in their order, or one column of each."""

    what = "a repeat's table"
    table = Field(Text(), help="the table (of the game's `tables:`) whose rows it repeats over")
    column = optional(Text(), help="one column of each row, instead of the whole row")


class Over(Type[object]):
    """What a box repeats over, as written: a count, a list, a table, or an expression."""

    shown = "a count, a list, {table, column} or one expression giving a count or a list"

    def __call__(self, value: object) -> object:
        if isinstance(value, str):
            if not ONE.fullmatch(value):
                raise ValueError(
                    f"must be a count, a list or one expression {{{{ … }}}}; got {type_name(value)}"
                )
            return value
        if isinstance(value, list):
            if len(value) > limits.MAX_BOXES:
                raise ValueError(
                    f"lists {len(value):,} values; a face holds at most {limits.MAX_BOXES:,} boxes"
                )
            return value
        return _count(value, limits.MAX_BOXES)

    def read(
        self, value: object, loc: Loc, key: str, problems: Collector, what: str = ""
    ) -> object:
        if isinstance(value, YMap):
            return Table.read(value, loc, problems)
        return super().read(value, loc, key, problems, what)

    def schema(self) -> Json:
        return {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": limits.MAX_BOXES},
                {"type": "array", "maxItems": limits.MAX_BOXES},
                Table.schema(),
                {"type": "string", "pattern": TEMPLATE_PATTERN},
            ]
        }


class Gap(Type[tuple[float, float]]):
    """Millimetres between a grid's cells: one number, or [across, down]."""

    shown = "mm: a number, or [across, down]"

    def __call__(self, value: object) -> tuple[float, float]:
        pair = value if isinstance(value, list) and len(value) == 2 else [value, value]
        numbers = [float(v) for v in pair if _mm(v)]
        if len(numbers) != 2 or min(numbers) < 0:
            raise ValueError(
                f"must be mm from 0, one number or [across, down]; got {type_name(value)}"
            )
        return numbers[0], numbers[1]

    def schema(self) -> Json:
        number = {"type": "number", "minimum": 0, "maximum": limits.MAX_LENGTH_MM}
        pair = {"type": "array", "items": number, "minItems": 2, "maxItems": 2}
        return {"anyOf": [number, pair]}

    def show(self, value: object) -> object:
        if isinstance(value, tuple) and value[0] == value[1]:  # as written: one number
            return int(value[0]) if float(value[0]).is_integer() else value[0]
        return list(value) if isinstance(value, tuple) else value


def _mm(value: object) -> TypeGuard[int | float]:
    """A finite number of mm no item could exceed, either way (true is no number)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value) and abs(value) <= limits.MAX_LENGTH_MM


class Path(Type[object]):
    """`around` the face, or the points [x, y] (mm, or expressions) a path runs through."""

    shown = "around, or a list of points [x, y] in mm"

    def __call__(self, value: object) -> object:
        if value == "around":
            return value
        near = difflib.get_close_matches(str(value), ["around"], n=1, cutoff=0.6)
        hint = "; did you mean 'around'?" if isinstance(value, str) and near else ""
        if not isinstance(value, list) or not 1 <= len(value) <= limits.MAX_CORNERS:
            raise ValueError(
                f"must be around, or a list of 1 to {limits.MAX_CORNERS:,} points [x, y]"
                f" in mm; got {type_name(value)}{hint}"
            )
        for point in value:
            if not (isinstance(point, list) and len(point) == 2 and all(map(_coordinate, point))):
                said = type_name(point)
                raise ValueError(
                    f"must list points [x, y] in mm (numbers or expressions); got {said}"
                )
        return value

    def schema(self) -> Json:
        coordinate = {
            "anyOf": [{"type": "number"}, {"type": "string", "pattern": TEMPLATE_PATTERN}]
        }
        point = {"type": "array", "items": coordinate, "minItems": 2, "maxItems": 2}
        listed = {"type": "array", "items": point, "minItems": 1, "maxItems": limits.MAX_CORNERS}
        return {"anyOf": [{"const": "around"}, listed]}


def _coordinate(value: object) -> bool:
    return _mm(value) or (isinstance(value, str) and "{{" in value)


class Grid(Section):
    """Copies in rows of `cols`, left to right and top to bottom, from the box's place."""

    what = "a repeat's grid"
    cols = Field(Whole(1, limits.MAX_BOXES), help="how many cells across before the next row")
    gap = Field(Gap(), (0.0, 0.0), help="mm between the cells: one number, or [across, down]")


class Repeat(Section):
    """A box drawn once for each value of `over` (layouts.md, "Repeated boxes")."""

    what = "a box's repeat"
    over = Field(
        Over(),
        help="what the box repeats over: a count (the values 0 to count - 1), a list, a"
        " table's rows or one column ({table, column}), or an expression giving a count or a"
        " list",
    )
    as_ = Field(
        Text(r"[A-Za-z_][A-Za-z0-9_]*", "a name of letters, digits and _"),
        "n",
        help="the running value's name in the box's expressions",
    )
    grid = optional(Nested(Grid), help="copies in rows, the box the first cell: {cols, gap}")
    path = optional(
        Path(),
        help="copies along a path, the box the first cell, one on every corner: `around`"
        " the face (as far from each edge as the box's centre is from the top-left), or"
        " through the points [[x, y], …] mm",
    )
    turn = Field(
        Flag(),
        False,
        help="along a path, a copy where the path runs up or down is turned a quarter:"
        " its width runs along the path",
    )

    def checked(self, problems: Collector) -> None:
        if self.grid is not None and self.path is not None:
            problems.add(
                self.value_loc("path"), "a repeat lies in a grid or along a path, not both"
            )
        if self.turn and self.path is None:
            problems.add(
                self.value_loc("turn"), "'turn' turns the copies along a path; this repeat has none"
            )
        if self.as_ in RESERVED:
            problems.add(
                self.value_loc("as"),
                f"'as' must not be '{self.as_}', which every box sees already; choose another"
                " name, such as n",
            )

    def sources(self) -> list[str]:
        """The expressions the copies' number and places depend on."""
        found: list[str] = [self.over] if isinstance(self.over, str) else []
        if isinstance(self.over, Table):
            found.append("{{ tables }}")  # the game's tables, named by the context
        points = self.path if isinstance(self.path, list) else []
        return found + [v for point in points for v in point if isinstance(v, str)]


def read(raw: YMap, name: str, problems: Collector) -> Repeat | None:
    """The box's `repeat:`, if it has one (its mistakes told at their places)."""
    if "repeat" not in raw:
        return None
    data = raw["repeat"]
    if isinstance(data, YMap) and "repeat" in data:  # told plainly, not as a misspelling
        problems.add(
            data.key_loc("repeat"),
            f"the repeat of box '{name}' holds a repeat: repeats do not nest; for rows and"
            " columns write grid: {cols: …}, or repeat over a list of pairs",
        )
        data = _without(data, "repeat")
    return Repeat.read(data, raw.value_loc("repeat"), problems, f"the repeat of box '{name}'")


def _without(data: YMap, key: str) -> YMap:
    out = YMap({k: v for k, v in data.items() if k != key})
    out.loc = data.loc
    out.key_locs = {k: v for k, v in data.key_locs.items() if k != key}
    out.value_locs = {k: v for k, v in data.value_locs.items() if k != key}
    return out


def slot(boxes: Sequence[BoxSpec], name: str) -> int:
    """Where a box new to a layout goes: one named as a copy of a repeated box (`space[3]`)
    right after that box and the copies named before it, taking that copy's place; any
    other box last."""
    found = re.fullmatch(r"(.+)\[\d+\]", name)
    base = found.group(1) if found else None
    at = next((k for k, b in enumerate(boxes) if b.name == base and b.repeat is not None), None)
    if at is None:
        return len(boxes)
    at += 1
    while at < len(boxes) and re.fullmatch(re.escape(str(base)) + r"\[\d+\]", boxes[at].name):
        at += 1
    return at
