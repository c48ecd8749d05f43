"""The words of SVG a picture is read by: its namespace, the elements a renderer draws or
uses, and those it never prints (said, where a picture holds them)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"

# Elements drawn, or used by what is drawn (SVG 1.1 and 2, as static renderers read them).
SVG_ELEMENTS = frozenset(
    """svg g defs symbol use switch a title desc metadata style path rect circle ellipse line
    polyline polygon text tspan textPath tref linearGradient radialGradient stop pattern
    marker clipPath mask image view cursor filter feBlend feColorMatrix feComponentTransfer
    feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight
    feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge
    feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile
    feTurbulence""".split()
)

# Elements a renderer leaves out of a static picture, with why.
NOT_DRAWN = {
    "foreignObject": "holds HTML, which no SVG renderer prints; it is not drawn",
    "script": "is a program; it is not run",
    "font": "is an SVG font, which is not read; its text is drawn in the game's font",
    "font-face": "is an SVG font, which is not read; its text is drawn in the game's font",
    "glyph": "is part of an SVG font, which is not read",
    "missing-glyph": "is part of an SVG font, which is not read",
    "color-profile": "names a colour profile, which is not read; its colours are read as sRGB",
    "solidcolor": "(SVG 2 draft) is not drawn; paint with a colour instead",
    "hatch": "(SVG 2 draft) is not drawn; use a <pattern>",
    "meshgradient": "(SVG 2 draft) is not drawn; use linear or radial gradients",
    "iframe": "is not drawn in print",
    "video": "is not drawn in print",
    "audio": "is not drawn in print",
    "canvas": "is not drawn in print",
}

ANIMATION = frozenset(
    ("animate", "animateTransform", "animateMotion", "animateColor", "set", "mpath", "discard")
)

# Filter inputs no renderer of this kind reads (SVG 1.1's background, dropped in Filter
# Effects 1): the primitive sees nothing there.
UNREAD_INPUTS = frozenset(("BackgroundImage", "BackgroundAlpha"))


def local(tag: str) -> str:
    """An element's name without its namespace."""
    return str(tag).rsplit("}", 1)[-1]


XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def reference(element: ET.Element) -> str:
    """What an element refers to: `href`, else SVG 1.1's `xlink:href` (SVG 2, 16.1.2: when
    both are written, `href` is read)."""
    return (element.get("href") or element.get(XLINK_HREF) or "").strip()


def templates(element: ET.Element, named: dict[str | None, ET.Element]) -> list[ET.Element]:
    """The elements `element` takes attributes and content from (a gradient's or pattern's
    `href` to another of `named`, and that one's, …), nearest first, ending at a cycle."""
    found: list[ET.Element] = []
    seen = {id(element)}
    ref = reference(element)
    while ref.startswith("#") and (source := named.get(ref[1:])) is not None:
        if id(source) in seen:
            break
        seen.add(id(source))
        found.append(source)
        ref = reference(source)
    return found


_NUMBER = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(%|px)?\s*$")


def length(text: str | None, whole: float = 1.0) -> float | None:
    """A length as SVG writes it: a number, px, or a percentage of `whole`; unwritten is 0;
    None for other units (read by the converter, not here)."""
    found = _NUMBER.match(text or "0")
    if found is None:
        return None
    value = float(found.group(1))
    return value * whole / 100 if found.group(2) == "%" else value


def inherited(
    element: ET.Element, name: str, parents: dict[ET.Element, ET.Element]
) -> tuple[str, ET.Element] | None:
    """The value of the property `name` an element gets, and the element that sets it: its
    `style` before its attribute, itself before the groups round it; None when none does.
    Style sheets are not followed (where they matter, the caller says)."""
    pattern = re.compile(rf"(?:^|;)\s*{re.escape(name)}\s*:\s*([^;]+)")
    at: ET.Element | None = element
    while at is not None:
        found = pattern.search(at.get("style") or "")
        value = found.group(1) if found else at.get(name)
        if value is not None:
            return value.strip(), at
        at = parents.get(at)
    return None
