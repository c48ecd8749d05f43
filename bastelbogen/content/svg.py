"""The one guard for every SVG content names: pictures and die lines alike.

An SVG is a stranger's XML. It may declare entities that expand a billion times or name
/etc/passwd, refer to the network or to files outside the game, nest <use> copies until
the drawing never ends, or just be broken. Before any drawing or die-line library sees it,
the file is read whole under a size limit and parsed with defusedxml (expat hardened: no
entity declarations, no external references; a document type without entities is allowed,
as drawing programs write one). Then every element is looked at: at most
`limits.MAX_SVG_ELEMENTS`, counted again as <use> would copy them, and it may name only its
own `#fragments`, embedded `data:` pictures (PNG, JPEG, WebP, GIF, or an SVG that passes
this same guard) and picture files inside the game folder (an SVG among them guarded the
same way, nested at most `limits.MAX_SVG_NESTING` deep). A reference names a file as a
browser reads it: `inner.svg#view` is `inner.svg`, the file that is checked and then drawn.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, unquote_to_bytes

from bastelbogen.content import rasters
from bastelbogen.content.svgterms import XLINK_HREF, local, reference
from bastelbogen.core import limits

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET
from bastelbogen.core.paths import inside, is_file

_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.I)
_FONT_PATH = re.compile(r"font-family\s*:[^;}]*[/\\]", re.I)
_HREFS = ("href", XLINK_HREF, "src")
# A picture embedded as `data:`; one without its type is recognised by its bytes.
_DATA = re.compile(r"^data:(?:image/(png|jpe?g|webp|gif|svg\+xml))?(;[^,]*)?,", re.I)
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)
SVG_SUFFIXES = (".svg", ".svgz")  # what an <image> names as a drawing, not a raster


class SvgRefused(ValueError):
    """Why an SVG is not read: a phrase that follows the file's name ("... has 30,000
    elements")."""


def read_svg(
    path: Path, folder: Path, depth: int = 0, cycles: list[ET.Element] | None = None
) -> tuple[bytes, ET.Element]:
    """The file's bytes and its parsed root, once every rule holds; SvgRefused says why not.
    `depth`: how deep in other SVGs this one is drawn; `cycles`: where a picture's <use>
    elements that lead back to themselves are put (a renderer leaves them out) instead of
    the file being refused (a die line is)."""
    try:
        with path.open("rb") as f:
            data = f.read(limits.MAX_SVG_BYTES + 1)
    except OSError as exc:
        raise SvgRefused(f"cannot be read: {exc.strerror or exc}") from None
    try:
        data = _gunzipped(data)  # an .svgz: SVG saved compressed
    except ValueError as exc:
        raise SvgRefused(str(exc).replace("embeds compressed", "holds compressed")) from None
    return data, checked_svg(data, path, folder, depth, cycles)


def checked_svg(
    data: bytes, path: Path, folder: Path, depth: int = 0, cycles: list[ET.Element] | None = None
) -> ET.Element:
    """The parsed root of an SVG's bytes (a file's, or a `data:` picture's inside `path`)
    once every rule holds."""
    if depth > limits.MAX_SVG_NESTING:
        raise SvgRefused(
            f"nests SVG pictures in each other more than {limits.MAX_SVG_NESTING} deep"
        )
    if len(data) > limits.MAX_SVG_BYTES:
        raise SvgRefused(f"is larger than {limits.MAX_SVG_BYTES >> 20} MiB")
    root = _parse(data)
    if local(root.tag) != "svg":
        raise SvgRefused(f"is not an SVG picture (its outermost element is <{local(root.tag)}>)")
    elements = list(root.iter())
    if len(elements) > limits.MAX_SVG_ELEMENTS:
        raise SvgRefused(
            f"has {len(elements):,} elements; at most {limits.MAX_SVG_ELEMENTS:,} are read"
        )
    for element in elements:
        for why in _element_problems(element, path, folder, depth):
            raise SvgRefused(why)
    _expansion(root, cycles)
    return root


def svg_problem(path: Path, folder: Path) -> str | None:
    """Why the SVG cannot be used as a picture, or None (a <use> leading back to itself is
    left out of a picture, content/svgseal.py: not a reason)."""
    try:
        _, root = read_svg(path, folder, cycles=[])
    except SvgRefused as exc:
        return str(exc)
    return size_problem(root)


def _parse(data: bytes) -> ET.Element:
    # The XML parser is loaded by the first SVG read: most games have none.
    import xml.etree.ElementTree as ET

    from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden
    from defusedxml import ElementTree as SafeET

    try:  # defusedxml has no types: its parse is ElementTree's
        root: ET.Element = SafeET.fromstring(
            data, forbid_dtd=False, forbid_entities=True, forbid_external=True
        )
        return root
    except (EntitiesForbidden, DTDForbidden):
        raise SvgRefused(
            "declares XML entities, which are not allowed (they can expand without end"
            " or read other files); write the text itself"
        ) from None
    except DefusedXmlException:  # an external reference of any other kind
        raise SvgRefused("refers to an external XML resource, which is not allowed") from None
    except ET.ParseError as exc:
        raise SvgRefused(f"is not well-formed XML ({exc})") from None


def _element_problems(element: ET.Element, path: Path, folder: Path, depth: int) -> Iterator[str]:
    """What one element refers to: its links, its style sheet, its fonts and url()s."""
    tag = local(element.tag)
    for key in _HREFS:
        ref = element.get(key)
        if ref is not None and (why := _reference_problem(ref, path, folder, tag, depth)):
            yield why
    texts = list(element.attrib.values())
    if tag == "style":
        texts.append(element.text or "")
        if "@import" in (element.text or ""):
            yield "imports a style sheet (@import), which is not allowed"
    yield from _text_problems(element.get("font-family") or "", texts)


def _text_problems(family: str, texts: list[str]) -> Iterator[str]:
    """What an element's font family, attributes and style text refer to outside it."""
    if "/" in family or "\\" in family or any(_FONT_PATH.search(t) for t in texts):
        yield "names a font by a file path; name font families only"
    for text in texts:
        for target in _URL.findall(text):
            if not target.strip().startswith("#"):
                yield f"refers to url({target}); only url(#id) inside the file is allowed"


def _reference_problem(ref: str, svg: Path, folder: Path, tag: str, depth: int) -> str | None:
    ref = ref.strip()
    shown = ref[:80]
    if ref.startswith("#") or tag == "a":  # a link is never followed: print cannot
        return None
    if _DATA.match(ref):
        if tag != "image":
            return f"<{tag}> refers to a data: address; only <image> embeds pictures"
        return _embedded_problem(ref, svg, folder, depth)
    if tag != "image":
        return f"<{tag}> refers to '{shown}'; only #id inside the file is allowed"
    if _SCHEME.match(ref):
        return f"refers to '{shown}'; pictures are never fetched, only read from the game folder"
    return _file_problem(ref, svg, folder, depth)


def _file_problem(ref: str, svg: Path, folder: Path, depth: int) -> str | None:
    """Why the picture file an <image> names cannot be drawn in it, or None."""
    shown = ref.strip()[:80]
    target = image_file(ref, svg, folder)
    if target is None:
        return f"<image> refers to '{shown}', which leaves the game folder"
    if not is_file(target):
        return f"<image> refers to '{shown}', which is not found"
    if target.suffix.lower() in SVG_SUFFIXES:
        try:
            read_svg(target, folder, depth + 1)
        except SvgRefused as exc:
            return f"<image> refers to '{shown}', which {exc}"
        return None
    problem = rasters.raster_problem(target, rasters.EMBEDDED_FORMATS)
    return None if problem is None else f"<image> refers to '{shown}', which {problem}"


_LENGTH = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z%]*)\s*$", re.I)
MOST_SIZE = 1e6  # of a picture's width or height, in its units: far past any page


def size_problem(root: ET.Element) -> str | None:
    """Why a picture has no size to draw it at: none written at all, none to see (zero or
    less), or one no page could hold (a renderer then draws nothing, or fails). A die line
    needs none: its outline is its size."""
    width, height, box = root.get("width"), root.get("height"), root.get("viewBox")
    if width is None and height is None and not (box or "").strip():
        return "has no size: give its <svg> a width and height, or a viewBox"
    for name, value in (("width", width), ("height", height)):
        found = _LENGTH.match(value or "")
        if value is None or found is None or found.group(2) == "%":
            continue  # the viewBox, or its units, say the size
        number = float(found.group(1))
        if not number > 0:
            return f"has a {name} of {value.strip()[:20]}: nothing of it can be drawn"
        if number > MOST_SIZE:
            return f"has a {name} of {value.strip()[:20]}, which no page can hold"
    return None


def image_file(ref: str, svg: Path, folder: Path) -> Path | None:
    """The file an <image> names, read as a browser reads the address (`a.svg#frag` and
    `a.png?v=2` name `a.svg` and `a.png`), inside the game folder; None when it leaves it."""
    name = unquote(re.split(r"[#?]", ref.strip(), maxsplit=1)[0])
    return inside(folder, str(svg.parent / name)) if name else None


def embedded(ref: str) -> tuple[str, bytes]:
    """A `data:` picture's kind (png, jpeg, webp, gif, svg+xml) and its bytes; ValueError
    when its data cannot be decoded."""
    match = _DATA.match(ref.strip())
    if match is None:
        raise ValueError("not a data: picture")
    payload = ref.strip()[match.end() :]
    if ";base64" in (match.group(2) or "").lower():
        try:
            data = base64.b64decode("".join(payload.split()), validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("embeds a data: picture that is not base64") from None
    else:
        data = unquote_to_bytes(payload)
    data = _gunzipped(data)
    named = (match.group(1) or "").lower().replace("jpg", "jpeg")
    return named or _sniffed(data), data


def _gunzipped(data: bytes) -> bytes:
    """An SVG saved compressed (.svgz) as its text, at most MAX_SVG_BYTES of it."""
    if not data.startswith(b"\x1f\x8b"):
        return data
    import zlib

    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(data, limits.MAX_SVG_BYTES + 1)
    except zlib.error:
        raise ValueError("embeds compressed data that is damaged") from None
    if len(out) > limits.MAX_SVG_BYTES:
        raise ValueError(f"embeds compressed data of more than {limits.MAX_SVG_BYTES >> 20} MiB")
    return out


def _sniffed(data: bytes) -> str:
    """The kind of a picture written without its type, by its first bytes."""
    head = data.lstrip()[:256]
    if head.startswith(b"<"):
        return "svg+xml"
    signatures = {b"\x89PNG": "png", b"\xff\xd8": "jpeg", b"GIF8": "gif", b"RIFF": "webp"}
    return next((kind for start, kind in signatures.items() if head.startswith(start)), "png")


def _embedded_problem(ref: str, svg: Path, folder: Path, depth: int) -> str | None:
    try:
        kind, data = embedded(ref)
    except ValueError as exc:
        return str(exc)
    if kind == "svg+xml":
        try:
            checked_svg(data, svg, folder, depth + 1)
        except SvgRefused as exc:
            return f"embeds an SVG picture that {exc}"
        return None
    problem = rasters.raster_problem(data, rasters.EMBEDDED_FORMATS)
    return None if problem is None else f"embeds a picture that {problem}"


def _expansion(root: ET.Element, cycles: list[ET.Element] | None = None) -> None:
    """<use> that points at groups full of <use>: count what the drawing would expand to,
    as a renderer or a die-line parser (svgelements) copies it. A <use> that leads back to
    itself is refused, or put in `cycles` and not counted."""
    ids = {e.get("id"): e for e in root.iter() if e.get("id")}
    memo: dict[int, int] = {}
    active: set[int] = set()
    ceiling = 10 * limits.MAX_SVG_ELEMENTS

    def size(element: ET.Element) -> int:
        key = id(element)
        if key in memo:
            return memo[key]
        if key in active:
            raise SvgRefused("has a <use> that refers to itself")
        active.add(key)
        total = 1 + sum(size(child) for child in element)
        if local(element.tag) == "use":
            target = ids.get(reference(element).lstrip("#"))
            if target is not None and id(target) in active and cycles is not None:
                cycles.append(element)  # every cycle closes at a <use>: left out there
            elif target is not None:
                total += size(target)
        active.discard(key)
        memo[key] = min(total, ceiling)
        return memo[key]

    try:
        total = size(root)
    except RecursionError:
        raise SvgRefused("nests deeper than can be drawn") from None
    if total > limits.MAX_SVG_ELEMENTS:
        raise SvgRefused(f"expands through <use> to over {limits.MAX_SVG_ELEMENTS:,} elements")
