"""A component's `shape:` as written: a name (rect, hex, circle) or a mapping of one name
to its setting ({rounded: 3mm}, {hex: flat}, {polygon: [[x, y], …]} in mm from the
top-left, {path: SVG path data in mm, or a die-line .svg in the game folder}); read once
its size is known, and described for the editor's schema from the same table of readers."""

from __future__ import annotations

from pathlib import Path

from bastelbogen.content.dielines import die_line
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.shapes import KINDS as SHAPE_KINDS
from bastelbogen.core.shapes import RECT, Shape, polygon_problem
from bastelbogen.core.source import YMap
from bastelbogen.core.typed import Json, Length, type_name
from bastelbogen.core.units import mm

Size = tuple[float, float]  # a piece's trim, in points
Points = tuple[tuple[float, float], ...]  # corners in mm from the top-left


def shape_schema() -> Json:
    length = Length(0).schema()
    point = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
    settings = {
        "rounded": {"anyOf": [length, {"type": "null"}]},
        "hex": {"enum": ["pointy", "flat", None]},
        "polygon": {"type": "array", "items": point, "minItems": 3},
        "path": {"type": "string"},
    }
    one = [
        {"type": "object", "properties": {k: v}, "required": [k], "additionalProperties": False}
        for k, v in settings.items()
    ]
    return {"anyOf": [{"enum": list(SHAPE_KINDS)}, *one]}


def parse_shape(value: object, loc: Loc, problems: Collector, folder: Path, size: Size) -> Shape:
    """`shape:` of a component: a name (rect, hex, circle) or a mapping of one name to its
    setting ({rounded: 3mm}, {hex: flat}, {polygon: [[x, y], …]} in mm from the top-left,
    {path: SVG path data in mm, or a die-line .svg in the game folder})."""
    if value is None:
        return RECT
    name, setting = (
        (value, None)
        if isinstance(value, str)
        else next(iter(value.items()))
        if isinstance(value, YMap) and len(value) == 1
        else (None, None)
    )
    if name not in SHAPE_KINDS:
        problems.add(
            loc,
            f"shape must be one of {', '.join(SHAPE_KINDS)} (or a mapping like"
            f" {{rounded: 3mm}}, {{hex: flat}}, {{polygon: [[0, 0], [30, 0], [15, 26]]}});"
            f" got {type_name(value)}",
        )
        return RECT
    reader = _SHAPES.get(name)
    if reader is None:  # rect, circle: nothing to set
        return Shape(name)
    try:
        return reader(setting, folder, size)
    except ValueError as exc:
        problems.add(loc, f"shape: {exc}")
        return RECT


def _rounded(setting: object, folder: Path, size: Size) -> Shape:
    return Shape("rounded", radius=Length(0)(setting if setting is not None else "3mm"))


def _hex(setting: object, folder: Path, size: Size) -> Shape:
    if setting not in (None, "pointy", "flat"):
        raise ValueError(f"a hex is pointy or flat, not {setting!r}")
    return Shape("hex", orient=setting or "pointy")


def _polygon(setting: object, folder: Path, size: Size) -> Shape:
    return Shape("polygon", points=_inside(_points(setting), size))


def _path(setting: object, folder: Path, size: Size) -> Shape:
    if not isinstance(setting, str):
        raise ValueError(
            "a path is SVG path data in mm ('M 0 0 H 40 V 30 Z') or the"
            " name of a die-line .svg file in the game folder"
        )
    points = die_line(setting, folder)
    if why := polygon_problem(points):
        raise ValueError(why.replace("a polygon's", "the path's"))
    return Shape("path", points=_inside(points, size))


# The shapes that take a setting, each read by its own function (ValueError: what is wrong).
_SHAPES = {"rounded": _rounded, "hex": _hex, "polygon": _polygon, "path": _path}


def _inside(points: Points, size: Size) -> Points:
    """The corners, when they all lie within the piece's size (its trim box)."""
    w, h = (v / mm(1) for v in size)
    for x, y in points:
        if size != (0.0, 0.0) and not (-0.01 <= x <= w + 0.01 and -0.01 <= y <= h + 0.01):
            raise ValueError(
                f"the corner at [{x:g}, {y:g}] mm lies outside the piece's size"
                f" ({w:g} x {h:g} mm from its top-left corner)"
            )
    return points


def _points(value: object) -> Points:
    if not isinstance(value, list) or not 3 <= len(value) <= limits.MAX_CORNERS:
        raise ValueError(
            f"a polygon lists 3 to {limits.MAX_CORNERS:,} corners, [x, y] in mm from the top-left"
        )
    out = []
    for point in value:
        if not (
            isinstance(point, list)
            and len(point) == 2
            and all(
                isinstance(v, int | float)
                and not isinstance(v, bool)
                and -limits.MAX_LENGTH_MM <= v <= limits.MAX_LENGTH_MM
                for v in point
            )
        ):
            raise ValueError(f"a polygon's corner is [x, y] in mm, got {point!r}")
        out.append((float(point[0]), float(point[1])))
    if why := polygon_problem(out):
        raise ValueError(why)
    return tuple(out)
