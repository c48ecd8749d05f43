"""Users' pictures (PNG, JPEG, SVG) checked before anything draws them.

A picture is a stranger's file: it may claim a billion pixels, or be an SVG that names
/etc/passwd in an <image>, fetches from the network, declares XML entities, or nests <use>
references until the drawing never ends. Each is refused with a reason: rasters.py checks
PNG and JPEG, svg.py every SVG (the die lines' too).
"""

from __future__ import annotations

import contextlib
import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from bastelbogen.content.rasters import raster_problem
from bastelbogen.content.svg import svg_problem

# A value that names a picture file: what the image painter takes.
PICTURE = re.compile(r"\.(png|jpe?g|svg)$", re.I)


def picture_problem(path: Path, folder: Path) -> str | None:
    """Why the picture cannot be used, or None."""
    if path.suffix.lower() == ".svg":
        return svg_problem(path, folder)
    return raster_problem(path)


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
