"""Raster pictures (PNG, JPEG; inside an SVG also WebP and GIF) checked before anything draws
them: a stranger's file may claim a billion pixels, be damaged, or be another format under a
picture's name. The same checks read a file named in the game folder and a picture embedded
in an SVG as a `data:` address; Pillow decodes these four formats and no other, for anyone
(`pillow`)."""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from types import ModuleType

from bastelbogen.core import limits

RASTER_FORMATS = ("PNG", "JPEG")
# What an SVG may embed or name in an <image>: its converter decodes these too (the image
# painter and paragraphs draw PNG and JPEG only).
EMBEDDED_FORMATS = ("PNG", "JPEG", "WEBP", "GIF")
_SHOWN = {"WEBP": "WebP"}  # a format as its users write it


def pillow() -> ModuleType:
    """Pillow's Image module, able to decode EMBEDDED_FORMATS and nothing else, with its
    own guard at our limit; loaded when a picture is first opened (a command that opens
    none need not pay for it). Every opening of a picture, ours or reportlab's, goes
    through this registry: a build calls this before anything draws (render/pdf.py)."""
    from PIL import GifImagePlugin, Image, JpegImagePlugin, PngImagePlugin, WebPImagePlugin

    # Pillow loads its forty plug-ins the first time a file is none of five common formats,
    # whoever opens it (reportlab opens without naming formats); EPS among them hands the
    # file to Ghostscript, whatever its name says. Marking the registry as loaded keeps the
    # others out; any one imported meanwhile (JPEG brings TIFF for its EXIF) is taken out.
    del GifImagePlugin, JpegImagePlugin, PngImagePlugin, WebPImagePlugin  # registered
    Image._initialized = 2
    for name in [n for n in Image.ID if n not in EMBEDDED_FORMATS]:
        Image.ID.remove(name)
        Image.OPEN.pop(name, None)
    Image.MAX_IMAGE_PIXELS = limits.MAX_PIXELS
    return Image


def raster_problem(source: Path | bytes, formats: tuple[str, ...] = RASTER_FORMATS) -> str | None:
    """Why a PNG or JPEG (a file, or its bytes; or one of `formats`) cannot be used, or
    None. Decodes it whole: a truncated file opens, then fails only when read."""
    if isinstance(source, Path):
        try:
            size = source.stat().st_size
        except OSError as exc:
            return f"cannot be read: {exc.strerror or exc}"
        if size > limits.MAX_BINARY_BYTES:
            return f"has {size:,} bytes; at most {limits.MAX_BINARY_BYTES:,} are read"
        try:
            source = source.read_bytes()
        except OSError as exc:
            return f"cannot be read: {exc.strerror or exc}"
    if problem := _scans_problem(source):
        return problem
    Image = pillow()  # noqa: N806 - the module, named as everywhere
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            # Named formats only: Pillow would hand EPS to Ghostscript, whatever the suffix.
            with Image.open(io.BytesIO(source), formats=formats) as image:
                w, h = image.size
                if w * h > limits.MAX_PIXELS:
                    return too_large(w, h)
                image.load()
    except Image.DecompressionBombError:
        return f"has more pixels than a printer can use; at most {_megapixels()} megapixels"
    except Exception:  # noqa: BLE001 - any decoder failure: not a usable picture
        named = [_SHOWN.get(f, f) for f in formats]
        either = ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else named[0]
        return f"is not a {either} picture, or it is damaged"
    return None


def _scans_problem(data: bytes) -> str | None:
    """Too many scans in a JPEG (each decoded over the whole picture), counted before it is
    decoded. Inside a scan's data a 0xFF byte is followed by 0 or a restart marker, so
    FF DA is a scan's start (or a thumbnail's, in its header: counted too, harmlessly)."""
    if not data.startswith(b"\xff\xd8"):
        return None
    scans = data.count(b"\xff\xda")
    if scans > limits.MAX_JPEG_SCANS:
        return (
            f"is a JPEG of {scans:,} scans; at most {limits.MAX_JPEG_SCANS} are decoded"
            " (save it again as a baseline or plain progressive JPEG)"
        )
    return None


def too_large(w: int, h: int) -> str:
    return f"is {w}x{h} pixels; more than {_megapixels()} megapixels is too large to print"


def _megapixels() -> int:
    return limits.MAX_PIXELS // 1_000_000
