"""A repeated box's copies for one item (the box's `repeat:`, layout/repeat.py): the values
it repeats over, worked out for the item and counted against the face's room
(limits.MAX_BOXES) before a copy is made; each copy's place, by the box's own expressions,
in a grid, or along a path (layout/tracks.py); and what each copy sees: the item's context,
the running value under its `as` name, and `repeat` (index from 0, count, first, last, and
along a path the turn and angle there). Copies lying off the item, or text copies outside
its safe zone, are told once for the box, not once a copy."""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bastelbogen.content.painters import known
from bastelbogen.core import limits
from bastelbogen.core.declare import type_name
from bastelbogen.core.errors import Collector, ContentError, Loc, Problem
from bastelbogen.core.templating import MISSING, expand, looked_up, paths_read
from bastelbogen.core.units import mm
from bastelbogen.layout.places import box_mm, plausible
from bastelbogen.layout.repeat import ONE, Repeat, Table
from bastelbogen.layout.safe import SafeZone
from bastelbogen.layout.tracks import around, overlapping, spaced
from bastelbogen.layout.values import Context, truthy

if TYPE_CHECKING:  # the spec's module calls this one
    from bastelbogen.layout.layouts import BoxSpec

Box = tuple[float, float, float, float]  # mm from the trim's top-left
NAMED = re.compile(r"\s*\{\{\s*[A-Za-z_][\w.]*\s*\}\}\s*")  # `{{ row.spaces }}`: looked up
# An expression's value, whatever it is, handed over as JSON: a number or text as it is,
# anything else listed (a range, the generator `map` gives, a mapping's keys).
WRAP = (
    "{{% set over__ = ({}) %}}"
    "{{{{ (over__ if over__ is number or over__ is string else over__ | list) | tojson }}}}"
)
KEPT = 20_000  # copies of one box kept, with what they resolved (more: started again)


def each(
    specs: Sequence[BoxSpec],
    context: Context,
    label: str,
    safe: SafeZone | None,
    problems: Collector,
) -> Iterator[tuple[BoxSpec, Context]]:
    """Every box of a layout for one item with the context it sees: a repeated one once a
    copy. A repeat's mistake is told in `problems`, and its box left out."""
    room = limits.MAX_BOXES - sum(spec.repeat is None for spec in specs)
    taken = {spec.name for spec in specs}
    for spec in specs:
        if spec.repeat is None:
            yield spec, context
            continue
        try:
            copies = _copies(spec, spec.repeat, context, (label, safe), max(room, 0), taken)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        room -= len(copies)
        yield from copies


def _copies(
    spec: BoxSpec,
    repeat: Repeat,
    context: Context,
    where: tuple[str, SafeZone | None],
    room: int,
    taken: set[str],
) -> list[tuple[BoxSpec, Context]]:
    label, safe = where
    values = _values(spec, repeat, context, label, room)
    count = len(values)
    if not count:
        return []
    first = _seen(context, repeat, values[0], 0, count, 0.0)
    placed = _placed(spec, repeat, first, count, label)
    angles = [angle for _, angle in placed] if placed is not None else [0.0] * count
    seen = [_seen(context, repeat, v, i, count, angles[i]) for i, v in enumerate(values)]
    if placed is not None:
        _check(spec, [box for box, _ in placed], seen, label, safe)
    out = []
    for i in range(count):
        name = f"{spec.name}[{i}]"
        if name in taken:  # a box of that name takes this copy's place
            continue
        box = placed[i][0] if placed is not None else spec.box
        out.append((_copy(spec, name, box), seen[i]))
    return out


def _seen(
    context: Context, repeat: Repeat, value: object, i: int, count: int, angle: float
) -> Context:
    """What copy `i` of `count` sees: the item's context, its value, and where it stands
    (the path's direction as a quarter turn anticlockwise, as the text painter's `rotate`
    takes it; clockwise, as a picture's `turn` takes it; and in degrees)."""
    facts = {
        "index": i,
        "count": count,
        "first": i == 0,
        "last": i == count - 1,
        "rotate": round(angle / 90) % 4 * 90,
        "turn": -round(angle / 90) % 4 * 90,
        "angle": round(angle, 1) % 360,
    }
    return {**context, repeat.as_: value, "repeat": facts}


def _copy(spec: BoxSpec, name: str, box: tuple[str | float, ...] | str) -> BoxSpec:
    """The box as copy `name` at `box`: made once for every item that places it alike, so
    that what it resolves to is kept (layouts.BoxSpec.memo) from item to item."""
    kept: dict[tuple[str, object], BoxSpec] = spec.__dict__.setdefault("_copies", {})
    found = kept.get((name, box))
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()
        found = kept[name, box] = replace(spec, name=name, box=box, repeat=None)
    return found


def _values(
    spec: BoxSpec, repeat: Repeat, context: Context, label: str, room: int
) -> Sequence[object]:
    """The values the box repeats over for this item, counted before any is listed."""
    over, loc = repeat.over, repeat.value_loc("over")
    if isinstance(over, Table):
        over = _column(over, context, label, spec.name)
    elif isinstance(over, str):
        over = _evaluated(over, context, loc)
    said = f"{label}: box '{spec.name}'"
    if isinstance(over, str) and over.strip().isdigit() and len(over.strip()) <= 9:
        over = int(over)  # a count from a table's cell of text
    if isinstance(over, dict):  # a mapping's keys, as jinja2 loops over them
        over = list(over)
    if isinstance(over, int) and not isinstance(over, bool) and over >= 0:
        found: Sequence[object] = range(over) if over <= room else ()
        count = over
    elif isinstance(over, list | tuple):
        found, count = over, len(over)
    else:
        message = f"{said} repeats over {type_name(over)}; 'over' must give a count or a list"
        raise ContentError(Problem(loc, message))
    if count > room:
        others = limits.MAX_BOXES - room
        besides = f" ({others:,} of them its other boxes)" if others else ""
        raise ContentError(
            Problem(
                loc,
                f"{said} repeats {count:,} times; a face holds at most"
                f" {limits.MAX_BOXES:,} boxes{besides}",
            )
        )
    return found


def _evaluated(source: str, context: Context, loc: Loc) -> object:
    """The value of the expression `{{ … }}` (one, as Over checked on reading): a name's
    value looked up, anything else evaluated by jinja2 and handed over as JSON."""
    if NAMED.fullmatch(source):
        paths = paths_read(source)
        value = looked_up(paths[0], context) if paths and len(paths) == 1 else MISSING
        if value is not MISSING:
            return value
    found = ONE.fullmatch(source)
    assert found is not None  # Over checked it on reading
    wrapped = WRAP.format(found.group("inner"))
    try:
        return json.loads(expand(wrapped, context, loc))
    except ContentError as exc:  # told with what the designer wrote, not the wrapping
        short, said = _short(wrapped), _short(source.strip())
        raise type(exc)(
            [replace(p, message=p.message.replace(short, said, 1)) for p in exc.problems]
        ) from None


def _short(source: str) -> str:
    """An expression as templating.py quotes it in a message."""
    return f"'{source}'" if len(source) <= 80 else f"'{source[:77]}...'"


def _column(over: Table, context: Context, label: str, name: str) -> list[object]:
    """The rows of the game's table `over.table` in their order, or their `column`."""
    tables = context.get("tables")
    rows = tables.get(over.table) if isinstance(tables, dict) else None
    said = f"{label}: box '{name}' repeats over"
    if not isinstance(rows, dict):
        names = list(tables) if isinstance(tables, dict) else []
        message = f"{said} table '{over.table}', which the game does not have"
        raise ContentError(
            Problem(over.value_loc("table"), message + _nearest(over.table, names, "its tables"))
        )
    values = list(rows.values())
    column = over.column
    if column is None:
        return values
    for row in values:
        if not isinstance(row, dict) or column not in row:
            keys = list(row) if isinstance(row, dict) else []
            which = row.get("id") if isinstance(row, dict) else row
            message = (
                f"{said} column '{column}' of table '{over.table}', which its row"
                f" '{which}' does not have"
            )
            raise ContentError(
                Problem(over.value_loc("column"), message + _nearest(column, keys, "it has"))
            )
    return [row[column] for row in values]


def _nearest(name: str, names: list[object], what: str) -> str:
    near = difflib.get_close_matches(name, [str(n) for n in names], n=1, cutoff=0.5)
    if near:
        return f"; did you mean '{near[0]}'?"
    return f"; {what}: {', '.join(str(n) for n in names[:20]) or 'none'}"


def _placed(
    spec: BoxSpec, repeat: Repeat, first: Context, count: int, label: str
) -> list[tuple[Box, float]] | None:
    """Each copy's box (mm) and the path's direction there, in a grid or along a path
    from the box, its first cell; None where the box's own expressions place the copies."""
    if repeat.grid is None and repeat.path is None:
        return None
    x, y, w, h = box_mm(spec, first, label)
    if repeat.grid is not None:
        cols = repeat.grid.cols
        across, down = repeat.grid.gap
        return [
            ((x + i % cols * (w + across), y + i // cols * (h + down), w, h), 0.0)
            for i in range(count)
        ]
    loc = repeat.value_loc("path")
    centre = (x + w / 2, y + h / 2)
    try:
        size = (float(first["width"]), float(first["height"]))  # type: ignore[arg-type]
        points = (
            around(centre, size)
            if repeat.path == "around"
            else [centre, *_points(repeat, first, loc)]
        )
    except ValueError as exc:
        raise ContentError(Problem(loc, f"{label}: box '{spec.name}': {exc}")) from None
    placed = []
    for (cx, cy), angle in spaced(points, count):
        cw, ch = (h, w) if repeat.turn and round(angle / 90) % 2 else (w, h)
        placed.append(((cx - cw / 2, cy - ch / 2, cw, ch), angle))
    clash = overlapping([box for box, _ in placed])
    if clash is not None:
        length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        raise ContentError(
            Problem(
                loc,
                f"{label}: box '{spec.name}': its copies '{spec.name}[{clash[0]}]' and"
                f" '{spec.name}[{clash[1]}]' overlap: {count} of {w:g} x {h:g} mm do not fit"
                f" along the path, {length:.1f} mm long; make them fewer or smaller, or the"
                " path longer",
            )
        )
    return placed


def _points(repeat: Repeat, first: Context, loc: Loc) -> list[tuple[float, float]]:
    """The path's points (mm), their expressions worked out for the item."""
    assert isinstance(repeat.path, list)  # not 'around'
    out = []
    for point in repeat.path:
        values = []
        for v in point:
            try:
                number = float(expand(v, first, loc)) if isinstance(v, str) else float(v)
            except ValueError:
                number = math.nan
            if not plausible(number):
                raise ValueError(
                    f"the path's point {list(point)} gives no length in mm, at most"
                    f" {limits.MAX_LENGTH_MM:g} either way"
                )
            values.append(number)
        out.append((values[0], values[1]))
    return out


def _check(
    spec: BoxSpec, boxes: list[Box], seen: list[Context], label: str, safe: SafeZone | None
) -> None:
    """Copies off the item, or text copies outside its safe zone, told once for the box
    (the first and how many), not once a copy. A copy whose `when` fails is not drawn."""
    width, height = float(seen[0]["width"]), float(seen[0]["height"])  # type: ignore[arg-type]
    zone = safe if known()[spec.painter].text else None
    bad: list[tuple[int, str]] = []
    for i, (x, y, w, h) in enumerate(boxes):
        if x >= width or y >= height or x + w <= 0 or y + h <= 0:
            why: str | None = f"lies outside the {width:.1f} x {height:.1f} mm item"
        else:
            why = zone.refuses((mm(x), mm(height - y - h), mm(w), mm(h))) if zone else None
        if why and _drawn(spec, seen[i]):
            bad.append((i, why))
    if bad:
        i, why = bad[0]
        more = f" (and {len(bad) - 1:,} more of its {len(boxes):,} copies)" if len(bad) > 1 else ""
        raise ContentError(
            Problem(spec.params.value_loc("box"), f"{label}: box '{spec.name}[{i}]' {why}{more}")
        )


def _drawn(spec: BoxSpec, seen: Context) -> bool:
    when = spec.when
    return when is None or truthy(expand(when, seen, spec.params.value_loc("when")))
