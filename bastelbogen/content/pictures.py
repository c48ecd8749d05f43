"""Users' pictures (PNG, JPEG, SVG) checked before anything draws them.

A picture is a stranger's file: it may claim a billion pixels, or be an SVG that names
/etc/passwd in an <image>, fetches from the network, declares XML entities, or nests <use>
references until the drawing never ends. Each is refused with a reason: rasters.py checks
PNG and JPEG, svg.py every SVG (the die lines' too).
"""

from __future__ import annotations

import re
from pathlib import Path

from bastelbogen.content.rasters import raster_problem
from bastelbogen.content.svg import svg_problem

# A value that names a picture file: what the image painter takes.
PICTURE = re.compile(r"\.(png|jpe?g|svg)$", re.I)


def picture_problem(path: Path, folder: Path) -> str | None:
    """Why the picture cannot be used, or None: checked where content names it, before a
    build. Whether the converter draws an SVG is known when it is drawn (render/vector.py),
    where the build's fonts are known: `pnp validate` draws every picture."""
    if path.suffix.lower() == ".svg":
        return svg_problem(path, folder)
    return raster_problem(path)
