"""Dots drawn as a stroke's caps, which the converter and PDF engines drop: a subpath of no
length (`M 10 10 L 10 10`, Inkscape's dots) and a dash of no length (`stroke-dasharray: 0 6`
with round caps, a dotted line). SVG draws each as its cap: a disc for a round cap, a square
for a square one, turned along the x-axis where there is no direction (SVG 2, 13.5.6). Each
is given a length too small to see (`TINY` of a unit, along x), so that its caps are drawn.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from bastelbogen.content.svgterms import inherited, local

TINY = 1e-3  # of a user unit: far below a printer's dot, enough to have a direction
_CAPPED = ("round", "square")
_STROKED = ("path", "line", "polyline", "polygon", "rect", "circle", "ellipse")
_LIST = re.compile(r"[\s,]+")


def capped_dots(elements: list[ET.Element], parents: dict[ET.Element, ET.Element]) -> None:
    """Zero-length subpaths and dashes of every stroked path with round or square caps
    given a length."""
    for element in elements:
        if local(element.tag) not in _STROKED:
            continue
        cap = inherited(element, "stroke-linecap", parents)
        if cap is None or cap[0].lower() not in _CAPPED:
            continue
        dashes = element.get("stroke-dasharray")
        if dashes:
            element.set("stroke-dasharray", _dashes(dashes))
        if local(element.tag) == "path" and element.get("d"):
            element.set("d", _dotted(element.get("d") or ""))


def _dashes(value: str) -> str:
    """A dash array whose dashes (every other length, from the first) of no length get
    TINY; gaps stay."""
    parts = [p for p in _LIST.split(value.strip()) if p]
    if len(parts) % 2:  # an odd list is read twice over (SVG 2, 13.6.1)
        parts = parts * 2
    out = []
    for n, part in enumerate(parts):
        try:
            out.append(repr(TINY) if n % 2 == 0 and float(part) == 0 else part)
        except ValueError:
            return value  # a length in units: left as written
    return " ".join(out)


def _dotted(d: str) -> str:
    """Path data with a TINY segment along x added at each subpath of no length."""
    from svgelements import Close, Move, Path

    try:
        segments = list(Path(d))
    except (ValueError, IndexError, TypeError):
        return d
    dots: list[tuple[float, float]] = []
    start, length, drawn = None, 0.0, 0
    for segment in [*segments, Move()]:
        if isinstance(segment, Move):  # a subpath ends: a lone moveto draws nothing
            if start is not None and drawn and length == 0:
                dots.append((float(start.x), float(start.y)))
            start, length, drawn = segment.end, 0.0, 0
            continue
        drawn += 1
        if not isinstance(segment, Close) and segment.start is not None:
            try:
                length += float(segment.length())
            except (ValueError, TypeError, ZeroDivisionError):
                return d
    extra = "".join(f" M{x!r} {y!r} h{TINY!r}" for x, y in dots)
    return d + extra if extra else d
