"""Gradients that repeat or reflect (`spreadMethod`), written out as the padded gradient they
draw: the converter pads every gradient (a PDF shading extends its end colours), so a
gradient that repeats is given as many periods of its stops as cover what it paints, each
reflected period turned. First every gradient's inherited attributes and stops (`href` to
another gradient, as Inkscape writes every gradient) are written into it, so that changing
one changes no other.

What a gradient paints: in `objectBoundingBox` units the unit square; in `userSpaceOnUse`
the picture's viewBox, grown by its own size on every side (a shape may reach past it),
both seen through the inverse of `gradientTransform`.
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET

from bastelbogen.content.svgterms import XLINK_HREF, length, local, templates

GRADIENTS = ("linearGradient", "radialGradient")
_SHARED = ("gradientUnits", "gradientTransform", "spreadMethod")
_OWN = {
    "linearGradient": ("x1", "y1", "x2", "y2"),
    "radialGradient": ("cx", "cy", "r", "fx", "fy", "fr"),
}
MOST_PERIODS = 256
ViewBox = tuple[float, float, float, float]  # x, y, width, height


def unrolled(root: ET.Element, viewbox: ViewBox) -> list[tuple[ET.Element, str]]:
    """Every repeating gradient of `root` written out padded; those that could not be, each
    with what to say of it."""
    gradients = {e.get("id"): e for e in root.iter() if local(e.tag) in GRADIENTS and e.get("id")}
    for gradient in gradients.values():
        _inherit(gradient, gradients)
    left = []
    for name, gradient in gradients.items():
        spread = (gradient.get("spreadMethod") or "pad").strip()
        if spread in ("repeat", "reflect") and not _unroll(gradient, spread, viewbox):
            left.append(
                (
                    gradient,
                    f"<{local(gradient.tag)}> '{name}' repeats more than {MOST_PERIODS}"
                    " times over what it paints; drawn padded",
                )
            )
        if local(gradient.tag) == "radialGradient" and not _focal_radius(gradient, viewbox):
            left.append((gradient, f"<radialGradient> '{name}': its fr is drawn as 0"))
    return left


def _focal_radius(gradient: ET.Element, viewbox: ViewBox) -> bool:
    """A radial gradient's focal radius (`fr`, SVG 2), which the converter does not read,
    written into its stops: between the circles fr and r about one centre, the stops fall
    from fr/r outward (inside fr the first stop's colour, as SVG pads). False where that
    cannot be (its focus apart from its centre)."""
    fr = gradient.get("fr")
    if fr is None:
        return True
    keys = {"cx": "50%", "cy": "50%", "r": "50%", "fr": "0%"}
    keys |= {"fx": gradient.get("cx") or "50%", "fy": gradient.get("cy") or "50%"}
    g = _geometry(gradient, keys, viewbox)
    gradient.attrib.pop("fr")
    if g is None or g["fr"] <= 0 or g["r"] <= 0:
        return g is not None
    if (g["fx"], g["fy"]) != (g["cx"], g["cy"]):
        return False
    inner = min(g["fr"] / g["r"], 1.0)
    for stop, offset in zip(_stops(gradient), _offsets(_stops(gradient)), strict=True):
        stop.set("offset", repr(inner + offset * (1 - inner)))
    return True


def _inherit(gradient: ET.Element, gradients: dict[str | None, ET.Element]) -> None:
    """The attributes and stops `gradient` takes from those it refers to, written in."""
    for source in templates(gradient, gradients):
        same = local(source.tag) == local(gradient.tag)
        for key in _SHARED + (_OWN[local(gradient.tag)] if same else ()):
            if gradient.get(key) is None and source.get(key) is not None:
                gradient.set(key, source.get(key) or "")
        if not _stops(gradient):
            gradient.extend(_copied(s) for s in _stops(source))
    gradient.attrib.pop(XLINK_HREF, None)
    gradient.attrib.pop("href", None)


def _copied(stop: ET.Element) -> ET.Element:
    """A stop taken from another gradient: its id stays with the original (one id, one
    element)."""
    copied = copy.deepcopy(stop)
    copied.attrib.pop("id", None)
    return copied


def _stops(gradient: ET.Element) -> list[ET.Element]:
    return [e for e in gradient if local(e.tag) == "stop"]


def _unroll(gradient: ET.Element, spread: str, viewbox: ViewBox) -> bool:
    stops = _stops(gradient)
    if not stops:
        return True
    box = _extent(gradient, viewbox)
    if local(gradient.tag) == "linearGradient":
        periods = _linear(gradient, box, viewbox)
    else:
        periods = _radial(gradient, box, viewbox)
    if periods is None:
        return False
    first, last = periods
    offsets = _offsets(stops)
    for stop in stops:
        gradient.remove(stop)
    for k in range(first, last):
        turned = spread == "reflect" and k % 2
        pairs = list(zip(offsets, stops, strict=True))
        for offset, stop in reversed(pairs) if turned else pairs:
            placed = copy.deepcopy(stop)
            within = 1 - offset if turned else offset
            placed.set("offset", repr((k - first + within) / (last - first)))
            gradient.append(placed)
    gradient.set("spreadMethod", "pad")
    return True


def _offsets(stops: list[ET.Element]) -> list[float]:
    """Each stop's offset as SVG reads it: clamped to 0..1, never below the one before."""
    out: list[float] = []
    for stop in stops:
        value = length(stop.get("offset") or "0", 1.0)
        value = min(max(value if value is not None else 0.0, 0.0), 1.0)
        out.append(max(value, out[-1]) if out else value)
    return out


def _extent(gradient: ET.Element, viewbox: ViewBox) -> list[tuple[float, float]]:
    """The corners of what the gradient may paint, in its own coordinates."""
    if (gradient.get("gradientUnits") or "").strip() == "userSpaceOnUse":
        x, y, w, h = viewbox
        corners = [(x - w, y - h), (x + 2 * w, y - h), (x - w, y + 2 * h), (x + 2 * w, y + 2 * h)]
    else:
        corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
    transform = gradient.get("gradientTransform")
    if not transform:
        return corners
    from svgelements import Matrix  # the die lines' transform reader

    try:
        inverse = ~Matrix(transform)
    except (ValueError, ZeroDivisionError):
        return corners
    return [tuple(inverse.point_in_matrix_space(c)) for c in corners]


def _geometry(
    gradient: ET.Element, keys: dict[str, str], viewbox: ViewBox
) -> dict[str, float] | None:
    """The gradient's own numbers (their defaults where unwritten), percentages resolved."""
    user = (gradient.get("gradientUnits") or "").strip() == "userSpaceOnUse"
    _, _, w, h = viewbox
    diagonal = math.hypot(w, h) / math.sqrt(2)
    out = {}
    for key, default in keys.items():
        whole = 1.0 if not user else {"x": w, "y": h}.get(key[-1:], diagonal)
        value = length(gradient.get(key) or default, whole)
        if value is None:
            return None
        out[key] = value
    return out


def _linear(
    gradient: ET.Element, box: list[tuple[float, float]], viewbox: ViewBox
) -> tuple[int, int] | None:
    g = _geometry(gradient, {"x1": "0%", "y1": "0%", "x2": "100%", "y2": "0%"}, viewbox)
    if g is None:
        return None
    dx, dy = g["x2"] - g["x1"], g["y2"] - g["y1"]
    length = dx * dx + dy * dy
    if length == 0:
        return 0, 1
    ts = [((px - g["x1"]) * dx + (py - g["y1"]) * dy) / length for px, py in box]
    first, last = math.floor(min(ts)), math.ceil(max(ts))
    first, last = min(first, 0), max(last, 1)
    if last - first > MOST_PERIODS:
        return None
    for key, (a, b, t) in {
        "x1": (g["x1"], dx, first),
        "y1": (g["y1"], dy, first),
        "x2": (g["x1"], dx, last),
        "y2": (g["y1"], dy, last),
    }.items():
        gradient.set(key, repr(a + t * b))
    return first, last


def _radial(
    gradient: ET.Element, box: list[tuple[float, float]], viewbox: ViewBox
) -> tuple[int, int] | None:
    cx, cy = gradient.get("cx") or "50%", gradient.get("cy") or "50%"
    keys = {"cx": cx, "cy": cy, "r": "50%", "fx": gradient.get("fx") or cx}
    keys |= {"fy": gradient.get("fy") or cy, "fr": "0%"}
    g = _geometry(gradient, keys, viewbox)
    if g is None or g["r"] <= g["fr"]:
        return None if g is None else (0, 1)

    def circle(t: float) -> tuple[float, float, float]:
        return (
            g["fx"] + t * (g["cx"] - g["fx"]),
            g["fy"] + t * (g["cy"] - g["fy"]),
            g["fr"] + t * (g["r"] - g["fr"]),
        )

    for last in range(1, MOST_PERIODS + 1):
        x, y, r = circle(last)
        if all(math.hypot(px - x, py - y) <= r for px, py in box):
            gradient.set("cx", repr(x))
            gradient.set("cy", repr(y))
            gradient.set("r", repr(r))
            for key in ("fx", "fy", "fr"):
                gradient.set(key, repr(g[key]))
            return 0, last
    return None


def root_viewbox(root: ET.Element) -> ViewBox:
    """The picture's user space: its viewBox, else its size, else 100 x 100."""
    numbers = re.split(r"[\s,]+", (root.get("viewBox") or "").strip())
    try:
        x, y, w, h = (float(v) for v in numbers)
        if w > 0 and h > 0:
            return x, y, w, h
    except ValueError:
        pass
    w = length(root.get("width") or "", 100.0) or 100.0
    h = length(root.get("height") or "", 100.0) or 100.0
    return 0.0, 0.0, w, h
