"""Where a layout's box lies: its rectangle in millimetres, written as numbers or as
expressions over the item's size, and the checks that it lies on the item and keeps text
inside the safe zone."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bastelbogen.content.painters import known
from bastelbogen.core import limits
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.geometry import Rect, bled
from bastelbogen.core.source import YList
from bastelbogen.core.templating import expand
from bastelbogen.core.units import mm
from bastelbogen.layout.safe import SafeZone
from bastelbogen.layout.values import Context

if TYPE_CHECKING:  # the spec's module calls this one
    from bastelbogen.layout.layouts import BoxSpec


def box_written(box: object) -> bool:
    """Numbers, or expressions over the item's `width` and `height` (mm) for layouts that
    follow a size computed elsewhere (a stand's panel, say); `bleed` is the trim grown by
    the bleed chosen for the build, for art that runs off the edge."""
    if box == "bleed":
        return True
    return (
        isinstance(box, YList)
        and len(box) == 4
        and all(
            (isinstance(v, int | float) and not isinstance(v, bool) and plausible(v))
            or (isinstance(v, str) and "{{" in v)
            for v in box
        )
        and all(not isinstance(v, int | float) or v > 0 for v in box[2:])
    )


def box_mm(spec: BoxSpec, context: Context, label: str) -> tuple[float, ...]:
    if spec.box == "bleed":
        b, width, height = context.get("bleed", 0.0), context["width"], context["height"]
        # Millimetres: resolve puts the item's size in the context, pieces the bleed.
        assert isinstance(b, int | float)
        assert isinstance(width, int | float) and isinstance(height, int | float)
        return (-b, -b, width + 2 * b, height + 2 * b)
    if not any(isinstance(v, str) for v in spec.box):
        return tuple(float(v) for v in spec.box)
    loc = spec.params.value_loc("box")
    values = []
    for v in spec.box:
        try:
            values.append(float(expand(v, context, loc)) if isinstance(v, str) else v)
        except ValueError:
            raise ContentError(
                Problem(loc, f"{label}: box '{spec.name}': '{v}' does not give a number")
            ) from None
    if not all(plausible(v) for v in values) or values[2] <= 0 or values[3] <= 0:
        raise ContentError(
            Problem(
                loc,
                f"{label}: box '{spec.name}' comes out"
                f" {', '.join(f'{v:g}' for v in values)} mm; it needs a"
                " width and height above 0, and every value at most"
                f" {limits.MAX_LENGTH_MM:g} mm either way",
            )
        )
    return tuple(values)


def plausible(value: float) -> bool:
    """A finite number of millimetres no item could exceed."""
    return math.isfinite(value) and abs(value) <= limits.MAX_LENGTH_MM


def check_place(
    spec: BoxSpec, rect: Rect, size: tuple[float, float], label: str, safe: SafeZone | None
) -> None:
    x, y, w, h = rect
    width, height = size
    if x >= width or y >= height or x + w <= 0 or y + h <= 0:
        raise ContentError(
            Problem(
                spec.params.value_loc("box"),
                f"{label}: box '{spec.name}'"
                f" lies outside the {width / mm(1):.1f} x"
                f" {height / mm(1):.1f} mm item",
            )
        )
    if safe is not None and known()[spec.painter].text and (why := safe.refuses(rect)):
        raise ContentError(
            Problem(spec.params.value_loc("box"), f"{label}: box '{spec.name}' {why}")
        )


def bled_picture(
    spec: BoxSpec, params: list[tuple[str, object]], rect: Rect, size: tuple[float, float]
) -> list[tuple[str, object]]:
    """A picture drawn for the trim and `bleed` mm beyond it (its own bleed, not the
    build's): the rectangle it is composed for (`picture`) is its own rectangle (written,
    or else its box) cut back to the trim and grown by that bleed wherever it reached the
    trim, so the picture's trim lands on the trim whatever bleed the build asks for.
    Without `bleed`, the parameters as they are."""
    given = dict(params)
    if given.get("slice") is not None and "picture" in spec.params:
        raise ContentError(
            Problem(
                spec.params.key_loc("picture"),
                f"box '{spec.name}': a piece of a picture (`slice`) is placed by `piece`,"
                " not by `picture`; leave one out",
            )
        )
    if "bleed" not in spec.params:
        return params
    if given.get("slice") is not None:
        raise ContentError(
            Problem(
                spec.params.key_loc("bleed"),
                f"box '{spec.name}': 'bleed' composes one picture for its box, and a piece"
                " of a picture (`slice`) runs into the bleed as its box does; leave one out",
            )
        )
    by = given["bleed"]
    assert isinstance(by, float)  # mm, as its key checked it
    picture = given.get("picture") or rect
    assert isinstance(picture, tuple)  # points, as layouts.py made it
    made = bled(picture, size, mm(by))
    return [(k, v) for k, v in params if k != "picture"] + [("picture", made)]
