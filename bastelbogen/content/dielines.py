"""Die lines: a piece's cut outline written as SVG path data, or drawn in an SVG file in
the game folder, made into the corners of a polygon in mm from the piece's top-left.

    shape: {path: "M 0 0 H 40 V 30 Q 20 45 0 30 Z"}   path data, in mm
    shape: {path: dielines/shield.svg}                 a file: its outline in its own units

Curves and arcs are followed to within a few hundredths of a millimetre. A file's outline
is the element with id `cut`, else its only shape. Files come from strangers: each passes
the guard every SVG passes (svg.py: bounded size and elements, <use> copies counted, no
entities, nothing outside the game folder) before svgelements parses it, and the corners of
all outlines together are capped.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from bastelbogen.content.svg import SvgRefused, read_svg
from bastelbogen.core import limits
from bastelbogen.core.paths import inside, is_file

STEP_MM = 0.5  # a curve is followed in chords about this long, 4 to 400 of them a segment
PX_MM = 25.4 / 96  # svgelements measures in CSS pixels


class _Point(Protocol):
    """A point as svgelements gives it. Its paths and segments are typed Any below: the
    library ships no types, and a segment's attributes differ by its kind."""

    x: float
    y: float


def die_line(value: str, folder: Path) -> tuple[tuple[float, float], ...]:
    """The outline's corners in mm from the top-left; ValueError says what is wrong."""
    if value.strip().lower().endswith(".svg"):
        return _from_file(value.strip(), folder)
    if len(value) > limits.MAX_PATH_DATA:
        raise ValueError(f"path data is longer than {limits.MAX_PATH_DATA} characters")
    from svgelements import Path as SvgPath  # only games with die lines load the parser

    broken = "this is not SVG path data (like 'M 0 0 H 40 V 30 Z')"
    try:
        path = SvgPath(value)
        if not list(path):  # the parser passes over words it cannot read
            raise ValueError(broken)
        return _one_outline([path], 1.0, "the path")
    except ValueError:
        raise
    except Exception:  # noqa: BLE001 - the parser raises many kinds on broken data
        raise ValueError(broken) from None


def _from_file(name: str, folder: Path) -> tuple[tuple[float, float], ...]:
    path = inside(folder, name)
    if path is None:
        raise ValueError(f"die line '{name}' lies outside the game folder")
    if not is_file(path):
        raise ValueError(f"die line '{name}' does not exist in the game folder")
    what = f"die line '{name}'"
    try:
        data, _root = read_svg(path, folder)  # the guard every SVG passes, pictures' too
    except SvgRefused as exc:
        raise ValueError(f"{what} {exc}") from None
    from svgelements import SVG, Shape  # only games with die lines load the parser
    from svgelements import Path as SvgPath

    try:
        shapes = [e for e in SVG.parse(io.BytesIO(data)).elements() if isinstance(e, Shape)]
        chosen = [e for e in shapes if e.id == "cut"] or shapes
        return _one_outline([SvgPath(e) for e in chosen], PX_MM, what)
    except ValueError:
        raise
    except Exception:  # noqa: BLE001 - SVG the guard let through may still break the parser
        raise ValueError(f"{what} is not an SVG file that can be read") from None


def _one_outline(
    paths: list[Iterable[Any]], scale: float, what: str
) -> tuple[tuple[float, float], ...]:
    loops: list[tuple[tuple[float, float], ...]] = []
    budget = [limits.MAX_CORNERS]  # for the whole file, however many shapes it holds
    for path in paths:
        loops += _loops(path, scale, what, budget)
    if len(loops) != 1:
        raise ValueError(
            f"{what} holds {len(loops)} closed outlines; a piece is cut along"
            " one (give the die line's outline the id 'cut')"
        )
    if len(loops[0]) < 3:
        raise ValueError(f"{what} encloses no area")
    return loops[0]


def _loops(
    path: Iterable[Any], scale: float, what: str, budget: list[int]
) -> list[tuple[tuple[float, float], ...]]:
    """Each closed subpath as corners; an open one is an error (a cut must close). After a
    Z the pen is back at the subpath's start, where a next subpath without M begins."""
    from svgelements import Close, Line, Move

    loops: list[tuple[tuple[float, float], ...]] = []
    points: list[_Point] = []
    for segment in path:
        if isinstance(segment, Move):
            _length_bound(segment, scale, what)
            if len(points) > 1:
                raise ValueError(f"{what} has an outline that is not closed; end it with Z")
            points = [segment.end]
            continue
        if isinstance(segment, Close):  # back to the start: the polygon closes itself
            if len(points) > 2:
                loops.append(_corners(points, scale))
            points = points[:1]
            continue
        length = _length_bound(segment, scale, what)  # numbers checked before any sum
        if isinstance(segment, Line):
            steps = [segment.end]
        else:
            n = min(
                limits.MAX_CURVE_STEPS, max(limits.MIN_CURVE_STEPS, math.ceil(length / STEP_MM))
            )
            steps = [segment.point(k / n) for k in range(1, n + 1)]
        points += steps
        budget[0] -= len(steps)
        if budget[0] < 0:
            raise ValueError(
                f"{what} has more than {limits.MAX_CORNERS} corners once its curves are followed"
            )
        if len(points) > 3 and _same(points[0], points[-1]):  # closed without a Z
            loops.append(_corners(points, scale))
            points = points[:1]
    if len(points) > 1:
        raise ValueError(f"{what} has an outline that is not closed; end it with Z")
    return loops


def _length_bound(segment: Any, scale: float, what: str) -> float:
    """An upper bound of a segment's length in mm (its control polygon, or its arc's
    sweep times its larger radius), once every number in it is finite and within reach:
    the parser's own length of a curve with enormous numbers never ends."""
    names = ("start", "end", "control", "control1", "control2", "center", "prx", "pry")
    points = [p for p in (getattr(segment, n, None) for n in names) if p is not None]
    for p in points:
        if not all(math.isfinite(v) and abs(v) * scale <= limits.MAX_LENGTH_MM for v in (p.x, p.y)):
            raise ValueError(
                f"{what} has a point beyond {limits.MAX_LENGTH_MM:g} mm or no number at all"
            )
    if segment.start is None:  # the first move: a point, no length
        return 0.0
    if hasattr(segment, "sweep"):
        return float(abs(segment.sweep) * max(segment.rx, segment.ry)) * scale
    chain = [
        segment.start,
        *(
            getattr(segment, n)
            for n in ("control", "control1", "control2")
            if getattr(segment, n, None) is not None
        ),
        segment.end,
    ]
    return (
        sum(math.dist((a.x, a.y), (b.x, b.y)) for a, b in zip(chain, chain[1:], strict=False))
        * scale
    )


def _same(a: _Point, b: _Point) -> bool:
    return abs(a.x - b.x) < 1e-9 and abs(a.y - b.y) < 1e-9


def _corners(points: list[_Point], scale: float) -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    for p in points:
        corner = (round(float(p.x) * scale, 4), round(float(p.y) * scale, 4))
        if not out or corner != out[-1]:
            out.append(corner)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)
