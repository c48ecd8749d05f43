"""Users' pictures (PNG, JPEG, SVG) checked before anything draws them.

A picture is a stranger's file: it may claim a billion pixels, or be an SVG that names
/etc/passwd in an <image>, fetches from the network, declares external XML entities, or
nests <use> references until the drawing never ends. Each is refused with a reason; only
files inside the game's folder, `#fragments` and embedded `data:` rasters may be named.
"""

from __future__ import annotations

import contextlib
import io
import re
import warnings
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Any

from bastelbogen.core import limits
from bastelbogen.core.paths import inside, is_file


def pillow():
    """Pillow's Image module with its own guard at our limit; loaded when a picture is
    first opened (a command that opens none need not pay for it)."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = limits.MAX_PIXELS
    return Image


_EXTERNAL_ENTITY = re.compile(rb"<!ENTITY[^>]*\b(SYSTEM|PUBLIC)\b", re.I)
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.I)
_FONT_PATH = re.compile(r"font-family\s*:[^;}]*[/\\]", re.I)
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href", "src")
_DATA = re.compile(r"^data:image/(png|jpe?g);base64,", re.I)
MAX_SVG_ELEMENTS = 20_000  # an icon has dozens, a detailed illustration some thousands
RASTER_FORMATS = ("PNG", "JPEG")


def picture_problem(path: Path, folder: Path) -> str | None:
    """Why the picture cannot be used, or None. Decodes it whole: a truncated file opens,
    then fails only when read."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    if size > limits.MAX_BINARY_BYTES:
        return f"has {size:,} bytes; at most {limits.MAX_BINARY_BYTES:,} are read"
    if path.suffix.lower() == ".svg":
        return svg_problem(path, folder)
    Image = pillow()  # noqa: N806 - the module, named as everywhere
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            # PNG and JPEG only: Pillow would hand EPS to Ghostscript, whatever the suffix.
            with Image.open(path, formats=RASTER_FORMATS) as image:
                w, h = image.size
                if w * h > limits.MAX_PIXELS:
                    return _too_large(w, h)
                image.load()
    except Image.DecompressionBombError:
        return "has more pixels than a printer can use; at most 40 megapixels"
    except Exception:  # noqa: BLE001 - any decoder failure: not a usable picture
        return "is not a PNG, JPEG or SVG picture, or it is damaged"
    return None


def _too_large(w: int, h: int) -> str:
    return (
        f"is {w}x{h} pixels; more than {limits.MAX_PIXELS // 1_000_000} megapixels is"
        " too large to print"
    )


def svg_problem(path: Path, folder: Path) -> str | None:
    """An SVG may name only its own fragments, embedded rasters and raster files inside the
    game's folder; it may declare no external entities and not expand without end."""
    data = path.read_bytes()
    if _EXTERNAL_ENTITY.search(data):
        return "declares an external XML entity (SYSTEM or PUBLIC), which is not allowed"
    if data.count(b"<!ENTITY") > 100:
        return "declares more than 100 XML entities"
    try:
        root = ET.fromstring(data)  # expat: no external fetches, entity expansion capped
    except ET.ParseError as exc:
        return f"is not a well-formed SVG ({exc})"
    elements = list(root.iter())
    if len(elements) > MAX_SVG_ELEMENTS:
        return f"has {len(elements):,} elements; at most {MAX_SVG_ELEMENTS:,}"
    for element in elements:
        for key in _HREFS:
            ref = element.get(key)
            if ref is not None and (why := _reference_problem(ref, path, folder, element)):
                return why
        texts = [v for v in element.attrib.values()]
        if element.tag.rsplit("}", 1)[-1] == "style":
            texts.append(element.text or "")
            if "@import" in (element.text or ""):
                return "imports a style sheet (@import), which is not allowed"
        family = element.get("font-family") or ""
        for text in texts:
            if _FONT_PATH.search(text) or "/" in family or "\\" in family:
                return "names a font by a file path; name font families only"
            for target in _URL.findall(text):
                if not target.strip().startswith("#"):
                    return f"refers to url({target}); only url(#id) inside the file is allowed"
    return _use_problem(root)


def _reference_problem(ref: str, svg: Path, folder: Path, element) -> str | None:
    ref = ref.strip()
    tag = element.tag.rsplit("}", 1)[-1]
    if ref.startswith("#"):
        return None
    if _DATA.match(ref):
        return _embedded_problem(ref)
    if ".." in re.split(r"[/\\]", ref):
        return f"<{tag}> refers to '{ref[:80]}'; name pictures without '..'"
    if tag != "image":
        return f"<{tag}> refers to '{ref[:80]}'; only #id inside the file is allowed"
    if re.match(r"^[a-z][a-z0-9+.-]*:", ref, re.I):
        return f"refers to '{ref[:80]}'; pictures are never fetched, only read from the game folder"
    target = inside(folder, str(svg.parent / ref))
    if target is None:
        return f"<image> refers to '{ref[:80]}', which leaves the game folder"
    if not is_file(target):
        return f"<image> refers to '{ref[:80]}', which is not found"
    if target.suffix.lower() == ".svg":
        return f"<image> refers to another SVG '{ref[:80]}'; embed raster pictures only"
    return picture_problem(target, folder)


def _embedded_problem(ref: str) -> str | None:
    """An embedded picture is a picture like any other: PNG or JPEG, bounded pixels."""
    import base64
    import binascii
    import io

    Image = pillow()  # noqa: N806 - the module, named as everywhere
    try:
        data = base64.b64decode(ref.split(",", 1)[1], validate=False)
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=RASTER_FORMATS) as image:
                w, h = image.size
                if w * h > limits.MAX_PIXELS // 4:
                    return "embeds " + _too_large(w, h).replace("40 megapixels", "10 megapixels")
                image.load()
    except (binascii.Error, ValueError):
        return "embeds a data: picture that is not base64"
    except Exception:  # noqa: BLE001 - any decoder failure: not a usable picture
        return "embeds a picture that is not PNG or JPEG, or is damaged"
    return None


def _use_problem(root) -> str | None:
    """<use> that points at groups full of <use>: count what the drawing would expand to."""
    ids = {e.get("id"): e for e in root.iter() if e.get("id")}
    memo: dict[int, int] = {}
    active: set[int] = set()

    def size(element) -> int:
        key = id(element)
        if key in memo:
            return memo[key]
        if key in active:
            raise RecursionError
        active.add(key)
        total = 1
        for child in element:
            total += size(child)
        if element.tag.rsplit("}", 1)[-1] == "use":
            ref = (element.get(_HREFS[1]) or element.get("href") or "").lstrip("#")
            if ref in ids:
                total += size(ids[ref])
        active.discard(key)
        memo[key] = min(total, 10 * MAX_SVG_ELEMENTS)
        return memo[key]

    try:
        total = size(root)
    except RecursionError:
        return "has a <use> that refers to itself, or nests deeper than can be drawn"
    if total > MAX_SVG_ELEMENTS:
        return f"expands through <use> to over {MAX_SVG_ELEMENTS:,} elements"
    return None


def svg_drawing(path: Path, folder: Path):
    """svglib's drawing of an SVG, or None; read once however often the picture is checked
    and drawn (a changed file is read again)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _read_svg(str(path), stamp, str(folder))


@lru_cache(maxsize=32)
def _read_svg(path: str, _stamp: int, folder: str):
    import inspect

    from svglib.svglib import SvgRenderer, svg2rlg  # only games with SVGs pay for the import

    # svglib's own fence around <image> files, where it has one (ours checked them first).
    fence: dict[str, Any] = (  # svglib passes its keywords on untyped
        {"external_reference_root": folder}
        if "external_reference_root" in inspect.signature(SvgRenderer).parameters
        else {}
    )
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            drawing = svg2rlg(path, **fence)  # svglib prints its complaints; ours say where
    except Exception:  # noqa: BLE001 - svglib raises whatever its XML parser does
        return None
    if drawing is None or not all(0 < v < 1e6 for v in (drawing.width, drawing.height)):
        return None  # no size, or one no page could hold (width="1e308")
    return drawing


def picture_fault(path: Path, folder: Path) -> str | None:
    """Why a picture cannot be printed (checked before a build, where content names it):
    what `picture_problem` finds, and for an SVG whether svglib can draw it."""
    problem = picture_problem(path, folder)
    if problem is None and path.suffix.lower() == ".svg" and svg_drawing(path, folder) is None:
        problem = "cannot be drawn: it is not an SVG picture, or it is damaged"
    return problem
