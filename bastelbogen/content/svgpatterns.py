"""A shape filled with a pattern, written out as the tiles the pattern lays: PDF engines do
not agree where a tiling pattern inside a form starts (MuPDF lays it from the page, PDFium
and poppler from the form; every card and picture is a form), so a card's checks would sit
differently on each engine and each copy of the card. As tiles, clipped to the shape, the
drawing is the same everywhere (vector still: each tile is the pattern's own content).

Read as SVG 1.1 (13.3) has it: the tile at `x y width height` (in `patternUnits`, the
shape's bounding box by default), its content in `patternContentUnits` or its `viewBox`,
the whole in `patternTransform`; attributes and content may come from another pattern
(`href`). A shape whose pattern or geometry cannot be read that simply (a length in units
other than px or %, a fill set by a style sheet, past `MOST_TILES` tiles in the picture)
keeps the converter's pattern.
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Literal

from bastelbogen.content.svgterms import SVG_NS, inherited, length, local, templates

MOST_TILES = 4_000
SEAM = 0.25  # how much the tiles beneath grow, of a tile (seen only between tiles)
_SHAPES = ("rect", "circle", "ellipse", "line", "polygon", "polyline", "path")
_GEOMETRY = (
    *("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2"),
    *("points", "d"),
)
_WHOLE = ("transform", "opacity", "clip-path", "mask", "filter")  # of the whole element
_FILL = re.compile(r"^\s*url\(\s*['\"]?#([^'\")]+)['\"]?\s*\)")
_STYLE_FILL = re.compile(r"(?:^|;)\s*fill\s*:\s*([^;]+)")


def tiled(root: ET.Element) -> int:
    """Write out every pattern fill `root` holds that can be; how many were."""
    patterns = {e.get("id"): e for e in root.iter() if local(e.tag) == "pattern" and e.get("id")}
    if not patterns:
        return 0
    parents = {child: parent for parent in root.iter() for child in parent}
    ids = {e.get("id"): e for e in root.iter() if e.get("id")}
    done, laid = 0, 0  # shapes tiled, and tiles laid in all: at most MOST_TILES a picture
    for shape in [e for e in root.iter() if local(e.tag) in _SHAPES]:
        name = _pattern_fill(shape, parents)
        if name in patterns and not _inside_pattern(shape, parents):
            if not _measured_by_box(shape, parents, ids):
                tiles = _tile(shape, patterns[name], patterns, parents, root, done, ids, laid)
                done, laid = done + (tiles > 0), laid + tiles
    return done


# What an element's effect reads in its bounding box's units, by the effect's attribute:
# the tiles reach past the shape (they are clipped to it), so a group's box grows.
_BOX_UNITS = {"clip-path": "clipPathUnits", "mask": "maskContentUnits", "filter": "primitiveUnits"}


def _measured_by_box(
    shape: ET.Element, parents: dict[ET.Element, ET.Element], ids: dict[str | None, ET.Element]
) -> bool:
    """Whether the shape, or a group round it, has an effect measured in its bounding box
    (a clip on the shape itself is written in user space instead, `_clip_in_user_space`)."""
    element: ET.Element | None = shape
    while element is not None:
        for key, units in _BOX_UNITS.items():
            target = _referred(element.get(key), ids)
            own_clip = element is shape and key == "clip-path"
            if target is not None and target.get(units) == "objectBoundingBox" and not own_clip:
                return True
        element = parents.get(element)
    return False


def _referred(value: str | None, ids: dict[str | None, ET.Element]) -> ET.Element | None:
    match = _FILL.match(value or "")
    return ids.get(match.group(1)) if match else None


def _clip_in_user_space(
    shape: ET.Element, box: Box, defs: ET.Element, key: str, ids: dict[str | None, ET.Element]
) -> None:
    """A clip the shape takes in its bounding box's units, written in user space (the
    wrapper it moves to has another box)."""
    clip = _referred(shape.get("clip-path"), ids)
    if clip is None or clip.get("clipPathUnits") != "objectBoundingBox":
        return
    x0, y0, x1, y1 = box
    moved = ET.SubElement(defs, _svg("clipPath"), {"id": f"{key}-own"})
    to_box = f"matrix({x1 - x0!r} 0 0 {y1 - y0!r} {x0!r} {y0!r})"
    for child in clip:  # a clip holds shapes, never a group: each is moved on its own
        placed = _without_ids(copy.deepcopy(child))
        placed.set("transform", f"{to_box} {child.get('transform') or ''}".strip())
        moved.append(placed)
    shape.set("clip-path", f"url(#{key}-own)")


def _pattern_fill(shape: ET.Element, parents: dict[ET.Element, ET.Element]) -> str | None:
    """The id of the pattern the shape is filled with, written on it or a group round it."""
    fill = inherited(shape, "fill", parents)
    match = _FILL.match(fill[0]) if fill else None
    return match.group(1) if match else None


def _inside_pattern(shape: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    element = parents.get(shape)
    while element is not None:
        if local(element.tag) in ("pattern", "clipPath", "mask", "marker", "defs", "symbol"):
            return True
        element = parents.get(element)
    return False


def _resolved(
    pattern: ET.Element, patterns: dict[str | None, ET.Element]
) -> tuple[dict[str, str], list[ET.Element]]:
    """The pattern's attributes and content, with what it takes from those it refers to."""
    attrs = dict(pattern.attrib)
    content = list(pattern)
    for source in templates(pattern, patterns):
        for key, value in source.attrib.items():
            attrs.setdefault(key, value)
        content = content or list(source)
    return attrs, content


def _tile(
    shape: ET.Element,
    pattern: ET.Element,
    patterns: dict[str | None, ET.Element],
    parents: dict[ET.Element, ET.Element],
    root: ET.Element,
    n: int,
    ids: dict[str | None, ET.Element],
    laid: int,
) -> int:
    """The shape's pattern fill written out as tiles (`laid` already in the picture); how
    many, 0 when it keeps the converter's pattern."""
    attrs, content = _resolved(pattern, patterns)
    box = _bbox(shape)
    tile = _tile_rect(attrs, box) if box is not None else None
    inverse = _inverse(attrs.get("patternTransform"))
    if box is None or tile is None or not content or inverse is False or _unusual(attrs, content):
        return 0
    x, y, w, h = tile
    corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
    seen = [inverse(*c) for c in corners] if inverse else corners
    columns = _span([p[0] for p in seen], x, w)
    rows = _span([p[1] for p in seen], y, h)
    if laid + len(columns) * len(rows) > MOST_TILES:
        return 0
    key = f"bastelbogen-tile-{n}"
    _lay(shape, attrs, content, box, tile, columns, rows, parents, root, key, ids)
    return len(columns) * len(rows)


def _lay(
    shape: ET.Element,
    attrs: dict[str, str],
    content: list[ET.Element],
    box: Box,
    tile: Box,
    columns: range,
    rows: range,
    parents: dict[ET.Element, ET.Element],
    root: ET.Element,
    key: str,
    ids: dict[str | None, ET.Element],
) -> None:
    """The shape's fill as tiles clipped to it, under its stroke."""
    x, y, w, h = tile
    defs = ET.SubElement(root, _svg("defs"))
    _clip_in_user_space(shape, box, defs, key, ids)
    clip = ET.SubElement(defs, _svg("clipPath"), {"id": f"{key}-clip"})
    outline = ET.SubElement(
        clip, shape.tag, {k: v for k, v in shape.attrib.items() if k in _GEOMETRY}
    )
    outline.set("clip-rule", _fill_rule(shape, parents))
    cell = ET.SubElement(defs, _svg("g"), {"id": f"{key}-cell"})
    cell.extend(_without_ids(copy.deepcopy(c)) for c in content)
    if attrs.get("viewBox") is None and attrs.get("patternContentUnits") == "objectBoundingBox":
        cell.set("transform", f"scale({box[2] - box[0]!r} {box[3] - box[1]!r})")
    whole = ET.Element(_svg("g"), {k: shape.attrib.pop(k) for k in _WHOLE if k in shape.attrib})
    fills = ET.SubElement(whole, _svg("g"), {"clip-path": f"url(#{key}-clip)"})
    if shape.get("fill-opacity"):
        fills.set("opacity", shape.get("fill-opacity") or "1")
    laid = ET.SubElement(fills, _svg("g"))
    if attrs.get("patternTransform"):
        laid.set("transform", attrs["patternTransform"])
    _lay_tiles(laid, attrs, content, tile, columns, rows, key)
    _replace(shape, whole, parents)
    shape.set("fill", "none")  # its stroke is drawn over the tiles, as over a fill
    if shape.get("style"):
        shape.set("style", _STYLE_FILL.sub("", shape.get("style") or ""))
    whole.append(shape)


def _span(values: list[float], start: float, step: float) -> range:
    """The tiles' numbers along one axis that cover `values`."""
    return range(math.floor((min(values) - start) / step), math.ceil((max(values) - start) / step))


def _lay_tiles(
    laid: ET.Element,
    attrs: dict[str, str],
    content: list[ET.Element],
    tile: Box,
    columns: range,
    rows: range,
    key: str,
) -> None:
    """One viewport a tile, each showing the pattern's content (`#key-cell`); clipped to
    its tile unless the content lies inside it (a clip's edge on a fraction of a pixel is
    drawn lighter by anti-aliasing, where the shape's own edge is not)."""
    x, y, w, h = tile
    overflow = "visible" if _within(content, attrs, w, h) else "hidden"
    # Tiles meet edge to edge, and a screen's or a picture's anti-aliasing lets the paper
    # through where two edges share a pixel. Where a tile's content covers it whole (a
    # ground under a checker), a second set of tiles lies beneath, each grown by SEAM about
    # its middle so that they overlap: it shows there instead, and nowhere else.
    beneath = ET.SubElement(laid, _svg("g")) if _covers(content, attrs, w, h) else None
    for i in columns:
        for j in rows:
            port = {"x": repr(x + i * w), "y": repr(y + j * h), "width": repr(w)}
            port |= {"height": repr(h), "overflow": overflow}
            for name in ("viewBox", "preserveAspectRatio"):
                if attrs.get(name):
                    port[name] = attrs[name]
            holders = [laid]
            if beneath is not None:
                cx, cy = x + (i + 0.5) * w, y + (j + 0.5) * h
                grown = f"translate({cx!r} {cy!r}) scale({1 + SEAM!r}) translate({-cx!r} {-cy!r})"
                holders.insert(0, ET.SubElement(beneath, _svg("g"), {"transform": grown}))
            for holder in holders:
                cell = ET.SubElement(holder, _svg("svg"), port)
                ET.SubElement(cell, _svg("use"), {"href": f"#{key}-cell"})


def _unusual(attrs: dict[str, str], content: list[ET.Element]) -> bool:
    """A pattern left to the converter: turned about an origin of its own (SVG 2's
    `transform-origin`), or painting itself in its content."""
    if "transform-origin" in attrs or "transform-origin" in attrs.get("style", ""):
        return True
    own = f"url(#{attrs.get('id', '')})"
    return any(own in v for c in content for e in c.iter() for v in e.attrib.values())


def _within(content: list[ET.Element], attrs: dict[str, str], w: float, h: float) -> bool:
    """Whether every shape of the content, its stroke included, lies inside the tile."""
    if attrs.get("viewBox") or attrs.get("patternContentUnits") == "objectBoundingBox":
        return False
    return all(_inside(element, w, h) for element in content)


def _inside(element: ET.Element, w: float, h: float) -> bool:
    """Whether one shape, its stroke included, lies inside a tile of w x h."""
    box = _bbox(element) if local(element.tag) in _SHAPES else None
    if box is None or element.get("transform"):
        return False
    stroked = (element.get("stroke") or "none") != "none" or "stroke" in (
        element.get("style") or ""
    )
    half = (length(element.get("stroke-width") or "1") or 0.0) / 2 if stroked else 0.0
    return not (box[0] - half < 0 or box[1] - half < 0 or box[2] + half > w or box[3] + half > h)


def _covers(content: list[ET.Element], attrs: dict[str, str], w: float, h: float) -> bool:
    """Whether the pattern's content begins with an opaque rectangle over its whole tile."""
    if not content or local(content[0].tag) != "rect" or attrs.get("viewBox"):
        return False
    if attrs.get("patternContentUnits") == "objectBoundingBox":
        return False
    first = content[0]
    x, y = length(first.get("x")), length(first.get("y"))
    width, height = length(first.get("width")), length(first.get("height"))
    if x is None or y is None or width is None or height is None or first.get("transform"):
        return False
    return _opaque(first) and x <= 0 and y <= 0 and x + width >= w and y + height >= h


def _opaque(rect: ET.Element) -> bool:
    """Whether a rectangle is painted, wholly opaque (its fill and every opacity)."""
    painted = (rect.get("fill") or "black").strip().lower() not in ("none", "transparent")
    solid = all(
        (rect.get(k) or "1").strip() in ("1", "100%") for k in ("opacity", "fill-opacity")
    ) and "opacity" not in (rect.get("style") or "")
    return painted and solid


def _replace(shape: ET.Element, whole: ET.Element, parents: dict[ET.Element, ET.Element]) -> None:
    parent = parents[shape]
    at = list(parent).index(shape)
    parent.remove(shape)
    parent.insert(at, whole)


def _without_ids(element: ET.Element) -> ET.Element:
    for e in element.iter():
        e.attrib.pop("id", None)
    return element


def _fill_rule(shape: ET.Element, parents: dict[ET.Element, ET.Element]) -> str:
    rule = inherited(shape, "fill-rule", parents)
    return rule[0] if rule else "nonzero"


def _svg(tag: str) -> str:
    return "{" + SVG_NS + "}" + tag


def _tile_rect(attrs: dict[str, str], box: Box) -> Box | None:
    """The tile (x, y, width, height) in pattern space."""
    on_box = attrs.get("patternUnits", "objectBoundingBox") != "userSpaceOnUse"
    bw, bh = box[2] - box[0], box[3] - box[1]
    values: list[float] = []
    for key, size, start in (
        ("x", bw, box[0]),
        ("y", bh, box[1]),
        ("width", bw, 0.0),
        ("height", bh, 0.0),
    ):
        text = attrs.get(key)
        if not on_box and (text or "").strip().endswith("%"):
            return None  # a share of the viewport: not read here
        value = length(text)
        if value is None:
            return None
        values.append(start + value * size if on_box else value)
    x, y, w, h = values
    return (x, y, w, h) if w > 0 and h > 0 else None


def _inverse(transform: str | None) -> Inverse | Literal[False] | None:
    """The inverse of a patternTransform as a function of a point; None when there is none,
    False when it cannot be read or inverted."""
    if not transform:
        return None
    from svgelements import Matrix  # the die lines' transform reader

    try:
        inverse = ~Matrix(transform)
    except (ValueError, ZeroDivisionError):
        return False
    return lambda px, py: tuple(inverse.point_in_matrix_space((px, py)))


Box = tuple[float, float, float, float]
# A point of the shape's user space seen in the pattern's (svgelements gives the numbers).
Inverse = Callable[[float, float], tuple[float, ...]]


def _bbox(shape: ET.Element) -> Box | None:
    """The shape's geometric bounding box (x0, y0, x1, y1) in its user space."""
    tag = local(shape.tag)
    if tag in ("rect", "circle", "ellipse", "line"):
        return _simple_box(tag, shape)
    from svgelements import Path, Polygon, Polyline

    try:
        if tag == "path":
            found = Path(shape.get("d") or "").bbox()
        else:
            made = Polygon if tag == "polygon" else Polyline
            found = made(shape.get("points") or "").bbox()
    except (ValueError, TypeError, IndexError, ZeroDivisionError):
        return None
    return None if found is None else (found[0], found[1], found[2], found[3])


def _simple_box(tag: str, shape: ET.Element) -> Box | None:
    names = {
        "rect": ("x", "y", "width", "height"),
        "circle": ("cx", "cy", "r", "r"),
        "ellipse": ("cx", "cy", "rx", "ry"),
        "line": ("x1", "y1", "x2", "y2"),
    }[tag]
    values = [length(shape.get(name)) for name in names]
    if any(v is None for v in values):
        return None
    a, b, c, d = (v or 0.0 for v in values)
    if tag == "rect":
        return (a, b, a + c, b + d)
    if tag == "line":
        return (min(a, c), min(b, d), max(a, c), max(b, d))
    return (a - c, b - d, a + c, b + d)
