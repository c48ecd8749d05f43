"""An SVG as its converter reads it: sealed, with what of it will not print as written.

The converter (render/vector.py) is handed text alone: it never opens a file, never fetches.
So every picture an <image> names is read here, through the guard (svg.py), and written in
as a `data:` address (an SVG picture sealed the same way first). Font families are resolved
to the fonts the build has, the game's and the shipped ones: a generic family (`sans-serif`)
takes the game's regular font; a named family that is not there is drawn in it too, and
said. What the converter cannot draw as written (an element no renderer prints, a reference
to nothing, path data that breaks off) is a `Note` at its line: the build tells it as a
preflight warning naming the picture, the element and the line.
"""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bastelbogen.content.rasters import EMBEDDED_FORMATS, pillow, raster_problem
from bastelbogen.content.svg import (
    SVG_SUFFIXES,
    SvgRefused,
    checked_svg,
    embedded,
    image_file,
    read_svg,
)
from bastelbogen.content.svggradients import root_viewbox, unrolled
from bastelbogen.content.svgpaths import path_error
from bastelbogen.content.svgpatterns import tiled
from bastelbogen.content.svgstrokes import capped_dots
from bastelbogen.content.svgterms import (
    ANIMATION,
    NOT_DRAWN,
    SVG_ELEMENTS,
    SVG_NS,
    UNREAD_INPUTS,
    XLINK_HREF,
    inherited,
    local,
    reference,
)

_URL = re.compile(r"url\(\s*['\"]?#([^'\")]*)['\"]?\s*\)")
_FAMILY = re.compile(r"(font-family\s*:\s*)([^;}!]+)", re.I)
_SHORTHAND = re.compile(r"(\bfont\s*:\s*)([^;}!]+)", re.I)
_SIZE = re.compile(
    r"^[\d.]+(px|pt|pc|mm|cm|in|em|ex|rem|%)?(/\S+)?$|^(xx?-)?(small|large)$|^medium$"
)
GENERIC = ("serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui")
_REFERRING = (
    "fill",
    "stroke",
    "clip-path",
    "mask",
    "filter",
    "marker-start",
    "marker-mid",
    "marker-end",
    "style",
)
_MIME = {"png": "image/png", "jpeg": "image/jpeg"}
_AS_PNG = ("webp", "gif")  # decoded here and handed on as PNG (a GIF's first frame)


@dataclass(frozen=True)
class Note:
    """Something of a picture that is not drawn exactly as written, at its line."""

    line: int
    col: int
    text: str


@dataclass(frozen=True)
class Families:
    """The font families a build can draw SVG text in: their names as written in the font
    files (lower case -> name) and the one a generic or missing family takes."""

    names: dict[str, str]
    default: str
    # The family a standard PDF font's name (Arial, Helvetica, Times New Roman, Courier) is
    # drawn in, made with its widths (render/standardfonts.py), or None.
    standard: Callable[[str], str | None] = field(default=lambda _: None)

    def resolve(self, written: str) -> tuple[str, str | None]:
        """A family list as CSS writes it (`'My Font', Arial, sans-serif`) as the family it
        is drawn in, and what to tell when that is not what was asked for."""
        wanted = [f.strip().strip("'\"").strip() for f in written.split(",")]
        wanted = [f for f in wanted if f]
        for family in wanted:
            if family.lower() in self.names:
                return self.names[family.lower()], None
            if family.lower() in GENERIC:
                return self._generic(family.lower())
            stand_in = (self.standard(family) or "").lower()
            if stand_in in self.names:
                return self.names[stand_in], f"font family '{family}' is drawn with its widths in"
        shown = ", ".join(wanted) or "(none)"
        return self.default, f"font family '{shown}' is not among the game's fonts; drawn in"

    def _generic(self, family: str) -> tuple[str, str | None]:
        """A generic family: the game's font for sans-serif; for serif and monospace a
        family of the build named so (Noto Serif, DejaVu Sans Mono), else the game's font,
        said."""
        if family in ("sans-serif", "system-ui"):
            return self.default, None
        kind = {"serif": "serif", "monospace": "mono"}.get(family)
        for lower, name in self.names.items():  # the game's fonts before the shipped ones
            if kind and kind in lower and (kind != "serif" or "sans" not in lower):
                return name, None
        return self.default, f"the generic family '{family}' is drawn in"


@dataclass(frozen=True)
class Sealed:
    """The SVG text the converter reads, what it will not draw as written, and whether it
    has filter effects (drawn as pixels, at the print's resolution)."""

    text: str
    notes: tuple[Note, ...]
    filtered: bool
    smooth: bool = True  # no picture in it asks to be drawn pixelated (`image-rendering`)
    reads: tuple[Path, ...] = ()  # the files it shows, read into it


def seal(path: Path, folder: Path, families: Families) -> Sealed:
    """The picture at `path`, sealed; SvgRefused when the guard refuses it."""
    cycles: list[ET.Element] = []
    data, root = read_svg(path, folder, cycles=cycles)
    return _Sealer(path, folder, families).sealed(data, root, 0, cycles)


class _Sealer:
    def __init__(self, path: Path, folder: Path, families: Families) -> None:
        self.path, self.folder, self.families = path, folder, families
        self.notes: list[Note] = []
        self.filtered = False
        self.reads: list[Path] = []
        self.pictures = 0  # raster pictures it shows

    def sealed(self, data: bytes, root: ET.Element, depth: int, cycles: list[ET.Element]) -> Sealed:
        places = _places(data)
        elements = list(root.iter())
        _namespaced(elements)
        ids = {e.get("id") for e in elements if e.get("id")}
        has_text = any(local(e.tag) in ("text", "tspan", "textPath") for e in elements)
        for element, (line, col) in zip(elements, places, strict=False):
            if element.get("href") is not None:  # SVG 2: href over xlink:href, for all
                element.attrib.pop(XLINK_HREF, None)
            self._element(element, line, col, ids, has_text, depth)
        at = {id(e): place for e, place in zip(elements, places, strict=False)}
        parents = {child: parent for parent in elements for child in parent}
        self._leave_out(cycles, parents, at)
        _current_colour(elements, parents)
        capped_dots(elements, parents)
        for gradient, why in unrolled(root, root_viewbox(root)):
            self.note(*at.get(id(gradient), (1, 1)), why)
        tiled(root)
        if root.get("font-family") is None:
            root.set("font-family", _quoted(self.families.default))
        text = ET.tostring(root, encoding="unicode")
        smooth = not any(_PIXELATED.search(_rendering(e)) for e in elements)
        return Sealed(text, tuple(self.notes), self.filtered, smooth, tuple(self.reads))

    def _leave_out(
        self,
        cycles: list[ET.Element],
        parents: dict[ET.Element, ET.Element],
        at: dict[int, tuple[int, int]],
    ) -> None:
        """The <use> elements that lead back to themselves, left out as renderers do."""
        for use in cycles:
            line, col = at.get(id(use), (1, 1))
            self.note(
                line,
                col,
                f"<use> refers to '{reference(use)[:40]}', which holds this <use> itself;"
                " it is left out",
            )
            if use in parents:
                parents[use].remove(use)

    def note(self, line: int, col: int, text: str) -> None:
        self.notes.append(Note(line, col, text))

    def _element(
        self,
        e: ET.Element,
        line: int,
        col: int,
        ids: set[str | None],
        has_text: bool,
        depth: int,
    ) -> None:
        tag = local(e.tag)
        if not e.tag.startswith("{" + SVG_NS):
            return  # an editor's own data (Inkscape's, Illustrator's): no drawing
        if tag in NOT_DRAWN:
            self.note(line, col, f"<{tag}> {NOT_DRAWN[tag]}")
        elif tag in ANIMATION:
            self.note(line, col, f"<{tag}> is an animation; the print shows the picture before it")
        elif tag not in SVG_ELEMENTS:
            self.note(line, col, f"<{tag}> is not an SVG element; it is not drawn")
        if tag == "filter" or (e.get("filter") or "none") != "none":
            self.filtered = True
        if tag.startswith("fe") and e.get("in") in UNREAD_INPUTS:
            self.note(line, col, f'<{tag} in="{e.get("in")}"> is not read; drawn as if empty')
        if tag == "path" and (at := path_error(e.get("d") or "")) is not None:
            self.note(
                line,
                col,
                f"<path> data breaks off at character {at + 1}"
                f" ('{(e.get('d') or '')[at : at + 12]}'); drawn up to there",
            )
        self._references(e, tag, line, col, ids)
        self._fonts(e, tag, line, col, has_text)
        if tag == "image":
            self._image(e, line, col, depth)

    def _references(
        self, e: ET.Element, tag: str, line: int, col: int, ids: set[str | None]
    ) -> None:
        values = [e.get(key) or "" for key in _REFERRING]
        if tag == "style":
            values.append(e.text or "")
        for value in values:
            for target in _URL.findall(value):
                if target not in ids:
                    self.note(
                        line,
                        col,
                        f"<{tag}> refers to url(#{target}), which the picture does"
                        " not have; drawn without it",
                    )
        ref = reference(e)
        if ref.startswith("#") and ref[1:] not in ids:
            self.note(
                line,
                col,
                f"<{tag}> refers to '{ref[:40]}', which the picture does not have;"
                " drawn without it",
            )

    def _fonts(self, e: ET.Element, tag: str, line: int, col: int, has_text: bool) -> None:
        told: set[str] = set()

        def family(written: str) -> str:
            name, why = self.families.resolve(written)
            if why and has_text and written not in told:
                told.add(written)
                self.note(line, col, f"<{tag}>: {why} '{name}'")
            return _quoted(name)

        if e.get("font-family") is not None:
            e.set("font-family", family(e.get("font-family") or ""))
        for key in ("style",) if tag != "style" else ():
            if e.get(key):
                e.set(key, _restyled(e.get(key) or "", family))
        if tag == "style" and e.text:
            e.text = _restyled(e.text, family)

    def _image(self, e: ET.Element, line: int, col: int, depth: int) -> None:
        """The picture an <image> shows, written in as `data:` (its guard passed already)."""
        ref = reference(e)
        e.attrib.pop(XLINK_HREF, None)
        if not ref or ref.startswith("#"):
            return
        try:
            kind, data, read = _picture(ref, self.path, self.folder)
            self.reads += [read] if read else []
            if kind == "svg+xml":  # its own references are read from where it lies
                base = read or self.path
                inner = _Sealer(base, self.folder, self.families)
                cycles: list[ET.Element] = []
                nested = checked_svg(data, base, self.folder, cycles=cycles)
                sealed = inner.sealed(data, nested, depth + 1, cycles)
                for n in inner.notes:
                    self.note(line, col, f"<image> (its line {n.line}): {n.text}")
                self.filtered |= inner.filtered
                self.reads += inner.reads
                if inner.pictures:  # the converter reads no picture inside a picture
                    self.note(
                        line,
                        col,
                        f"<image> shows an SVG holding {inner.pictures} picture(s) of its own"
                        " (PNG, JPEG …), which are not drawn; place them in this file instead",
                    )
                data, mime = sealed.text.encode(), "image/svg+xml"
            elif kind in _AS_PNG:  # the converter reads PNG and JPEG pictures
                self.pictures += 1
                data, mime = _png(data), "image/png"
            else:
                self.pictures += 1
                mime = _MIME[kind]
        except (SvgRefused, ValueError, OSError) as exc:  # checked already: a file just changed
            raise SvgRefused(f"<image> at line {line}: {exc}") from None
        e.set("href", f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}")


def _picture(ref: str, svg: Path, folder: Path) -> tuple[str, bytes, Path | None]:
    """An <image>'s picture as (kind, bytes, the file read): decoded from `data:`, or read
    from its file."""
    if ref.lower().startswith("data:"):
        return (*embedded(ref), None)
    target = image_file(ref, svg, folder)
    if target is None:
        raise ValueError(f"'{ref[:80]}' leaves the game folder")
    if target.suffix.lower() in SVG_SUFFIXES:
        return "svg+xml", read_svg(target, folder)[0], target  # as its guard read it
    data = target.read_bytes()
    if problem := raster_problem(data, EMBEDDED_FORMATS):  # the bytes drawn are the bytes checked
        raise ValueError(f"'{ref[:80]}' {problem}")
    with pillow().open(io.BytesIO(data), formats=EMBEDDED_FORMATS) as image:
        kind = (image.format or "png").lower()
    return kind, data, target


_PIXELATED = re.compile(r"optimizespeed|pixelated|crisp-edges", re.I)


def _rendering(element: ET.Element) -> str:
    """What an element says of `image-rendering`, as attribute, style, or style sheet."""
    if local(element.tag) == "style":
        return element.text or ""
    return f"{element.get('image-rendering') or ''} {element.get('style') or ''}"


_PAINTED = ("rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan")


def _current_colour(elements: list[ET.Element], parents: dict[ET.Element, ET.Element]) -> None:
    """`fill: currentColor` set on a group takes the `color` nearest each shape (CSS Color
    4: it inherits as the keyword), where the converter takes the group's own: the keyword
    is written on each shape that inherits it. Only without a style sheet, whose rules on a
    group in between are not followed here."""
    if any(local(e.tag) == "style" for e in elements):
        return
    for shape in (e for e in elements if local(e.tag) in _PAINTED):
        for paint in ("fill", "stroke"):
            found = inherited(shape, paint, parents)
            if found and found[0].lower() == "currentcolor" and found[1] is not shape:
                shape.set(paint, "currentColor")


def _png(data: bytes) -> bytes:
    out = io.BytesIO()
    with pillow().open(io.BytesIO(data), formats=EMBEDDED_FORMATS) as image:
        image.convert("RGBA").save(out, "PNG")
    return out.getvalue()


def _places(data: bytes) -> list[tuple[int, int]]:
    """Each element's line and column, in document order (the order ElementTree iterates):
    expat reports them, ElementTree keeps none. The guard has parsed the bytes already."""
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    found: list[tuple[int, int]] = []

    def start(_name: str, _attrs: dict[str, str]) -> None:
        found.append((parser.CurrentLineNumber, parser.CurrentColumnNumber + 1))

    parser.StartElementHandler = start
    parser.Parse(data, True)
    return found


def _namespaced(elements: list[ET.Element]) -> None:
    """An SVG written without its namespace (by hand, often) is read as the SVG it is
    meant to be, as drawing programs open it."""
    if elements and elements[0].tag == "svg":
        for e in elements:
            if "}" not in e.tag:
                e.tag = "{" + SVG_NS + "}" + e.tag


def _restyled(css: str, family: Callable[[str], str]) -> str:
    """CSS (a style attribute, a <style> sheet) with each font family resolved."""
    css = _FAMILY.sub(lambda m: m.group(1) + family(m.group(2)), css)
    return _SHORTHAND.sub(lambda m: m.group(1) + _shorthand(m.group(2), family), css)


def _shorthand(value: str, family: Callable[[str], str]) -> str:
    """`font: bold 12px/1.2 Arial, sans-serif`: the family list follows the size."""
    words = value.split()
    for n, word in enumerate(words):
        if _SIZE.match(word.lower()):
            rest = " ".join(words[n + 1 :])
            return " ".join([*words[: n + 1], family(rest)]) if rest else value
    return value


def _quoted(name: str) -> str:
    return "'" + name.replace("'", "") + "'"
