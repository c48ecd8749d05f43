"""Raster pictures (PNG, JPEG) checked before anything draws them: a stranger's file may
claim a billion pixels or be damaged. The same checks read a file named in the game folder
and a picture embedded in an SVG as a `data:` address."""

from __future__ import annotations

import base64
import binascii
import io
import warnings
from pathlib import Path

from bastelbogen.core import limits

RASTER_FORMATS = ("PNG", "JPEG")


def pillow():
    """Pillow's Image module with its own guard at our limit; loaded when a picture is
    first opened (a command that opens none need not pay for it)."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = limits.MAX_PIXELS
    return Image


def raster_problem(source: Path | bytes) -> str | None:
    """Why a PNG or JPEG (a file, or its bytes) cannot be used, or None. Decodes it whole:
    a truncated file opens, then fails only when read."""
    if isinstance(source, Path):
        try:
            size = source.stat().st_size
        except OSError as exc:
            return f"cannot be read: {exc.strerror or exc}"
        if size > limits.MAX_BINARY_BYTES:
            return f"has {size:,} bytes; at most {limits.MAX_BINARY_BYTES:,} are read"
    Image = pillow()  # noqa: N806 - the module, named as everywhere
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            # PNG and JPEG only: Pillow would hand EPS to Ghostscript, whatever the suffix.
            opened = source if isinstance(source, Path) else io.BytesIO(source)
            with Image.open(opened, formats=RASTER_FORMATS) as image:
                w, h = image.size
                if w * h > limits.MAX_PIXELS:
                    return too_large(w, h)
                image.load()
    except Image.DecompressionBombError:
        return f"has more pixels than a printer can use; at most {_megapixels()} megapixels"
    except Exception:  # noqa: BLE001 - any decoder failure: not a usable picture
        return "is not a PNG or JPEG picture, or it is damaged"
    return None


def embedded_problem(ref: str) -> str | None:
    """An embedded picture (`data:image/png;base64,...`) is a picture like any other."""
    try:
        data = base64.b64decode(ref.split(",", 1)[1], validate=False)
    except (binascii.Error, ValueError, IndexError):
        return "embeds a data: picture that is not base64"
    problem = raster_problem(data)
    return None if problem is None else f"embeds a picture that {problem}"


def too_large(w: int, h: int) -> str:
    return f"is {w}x{h} pixels; more than {_megapixels()} megapixels is too large to print"


def _megapixels() -> int:
    return limits.MAX_PIXELS // 1_000_000
