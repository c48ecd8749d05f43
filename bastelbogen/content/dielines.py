"""Die lines: a piece's cut outline written as SVG path data, or drawn in an SVG file in
the game folder, made into the corners of a polygon in mm from the piece's top-left.

    shape: {path: "M 0 0 H 40 V 30 Q 20 45 0 30 Z"}   path data, in mm
    shape: {path: dielines/shield.svg}                 a file: its outline in its own units

Curves and arcs are followed to within a few hundredths of a millimetre. A file's outline
is the element with id `cut`, else its only shape. Files come from strangers: they are read
whole under a size limit, must be UTF-8, entity declarations and <use> copies are refused
before any XML parser sees them, the corners of all outlines together are capped, and
nothing outside the game folder is opened. Parsed with svgelements.
"""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

from bastelbogen.core.paths import inside, is_file

MAX_FILE = 256 << 10  # a die line is a few kilobytes; this is already a drawing
MAX_DATA = 100_000  # characters of path data
MAX_CORNERS = 5000
STEP_MM = 0.5  # a curve is followed in chords about this long ...
MIN_STEPS, MAX_STEPS = 4, 400  # ... and this many per segment
PX_MM = 25.4 / 96  # svgelements measures in CSS pixels
# Refused before parsing: entities (expansion bombs) and <use>, which the parser copies
# without limit (ten uses of ten uses … of one shape is a hundred million shapes).
FORBIDDEN = re.compile(r"<!\s*(doctype|entity)|<\s*([\w.-]+:)?use[\s/>]", re.I)
LIMIT_MM = 10_000.0  # no piece is ten metres across: larger numbers are an attack or a typo


def die_line(value: str, folder: Path) -> tuple[tuple[float, float], ...]:
    """The outline's corners in mm from the top-left; ValueError says what is wrong."""
    if value.strip().lower().endswith(".svg"):
        return _from_file(value.strip(), folder)
    if len(value) > MAX_DATA:
        raise ValueError(f"path data is longer than {MAX_DATA} characters")
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
    with path.open("rb") as f:
        data = f.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise ValueError(f"die line '{name}' is larger than {MAX_FILE >> 10} KiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(
            f"die line '{name}' is not UTF-8 text; save it as plain SVG in UTF-8"
        ) from None
    if FORBIDDEN.search(text):
        raise ValueError(
            f"die line '{name}' declares a document type or entities, or copies"
            " elements with <use>; save it as plain SVG"
        )
    from svgelements import SVG, Shape  # only games with die lines load the parser
    from svgelements import Path as SvgPath

    what = f"die line '{name}'"
    try:
        shapes = [e for e in SVG.parse(io.BytesIO(data)).elements() if isinstance(e, Shape)]
        chosen = [e for e in shapes if e.id == "cut"] or shapes
        return _one_outline([SvgPath(e) for e in chosen], PX_MM, what)
    except ValueError:
        raise
    except Exception:  # noqa: BLE001 - broken XML or SVG raises many kinds
        raise ValueError(f"{what} is not an SVG file that can be read") from None


def _one_outline(paths, scale: float, what: str) -> tuple[tuple[float, float], ...]:
    loops: list = []
    budget = [MAX_CORNERS]  # for the whole file, however many shapes it holds
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


def _loops(path, scale: float, what: str, budget: list[int]) -> list[tuple]:
    """Each closed subpath as corners; an open one is an error (a cut must close). After a
    Z the pen is back at the subpath's start, where a next subpath without M begins."""
    from svgelements import Close, Line, Move

    loops: list[tuple] = []
    points: list = []  # svgelements' points
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
            n = min(MAX_STEPS, max(MIN_STEPS, math.ceil(length / STEP_MM)))
            steps = [segment.point(k / n) for k in range(1, n + 1)]
        points += steps
        budget[0] -= len(steps)
        if budget[0] < 0:
            raise ValueError(
                f"{what} has more than {MAX_CORNERS} corners once its curves are followed"
            )
        if len(points) > 3 and _same(points[0], points[-1]):  # closed without a Z
            loops.append(_corners(points, scale))
            points = points[:1]
    if len(points) > 1:
        raise ValueError(f"{what} has an outline that is not closed; end it with Z")
    return loops


def _length_bound(segment, scale: float, what: str) -> float:
    """An upper bound of a segment's length in mm (its control polygon, or its arc's
    sweep times its larger radius), once every number in it is finite and within reach:
    the parser's own length of a curve with enormous numbers never ends."""
    names = ("start", "end", "control", "control1", "control2", "center", "prx", "pry")
    points = [p for p in (getattr(segment, n, None) for n in names) if p is not None]
    for p in points:
        if not all(math.isfinite(v) and abs(v) * scale <= LIMIT_MM for v in (p.x, p.y)):
            raise ValueError(f"{what} has a point beyond {LIMIT_MM:g} mm or no number at all")
    if segment.start is None:  # the first move: a point, no length
        return 0.0
    if hasattr(segment, "sweep"):
        return abs(segment.sweep) * max(segment.rx, segment.ry) * scale
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


def _same(a, b) -> bool:
    return abs(a.x - b.x) < 1e-9 and abs(a.y - b.y) < 1e-9


def _corners(points, scale: float) -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    for p in points:
        corner = (round(float(p.x) * scale, 4), round(float(p.y) * scale, 4))
        if not out or corner != out[-1]:
            out.append(corner)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)
