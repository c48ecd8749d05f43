"""What the preview's page needs to reach every piece and draw its outline: every piece of
the build (no cap) with its id, name, front and back faces and its own fields as text (the
page searches them), and each component's kind, count and outlines (its trim outline and
its safe zone's, SVG path data in mm from the top-left of the trim box).

The outlines are the build's own: the kind's cut outline (core/shapes.py `outline`, the
same the art is clipped to) shrunk by `safe_area` by the component's safe width
(layout/safe.py `width_of`), so the overlay shows the safe zone the layout check keeps."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Required, TypedDict

from bastelbogen.content.expand import resolve_refs
from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Item
from bastelbogen.core.shapes import Loop, safe_area, seen_from_behind
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import localize
from bastelbogen.layout.kit import LaidOut
from bastelbogen.layout.safe import width_of

TAG = re.compile(r"<[^>]*>")  # markup in a text field (<b>…</b>) is no part of its words
NAMES = ("name", "title")  # the fields that name a piece, else a row's it refers to


class FaceShown(TypedDict):
    """A distinct face of a component, as state.json lists it (state.py)."""

    image: str  # its picture's key
    side: str
    items: list[str]  # the ids of the items showing it
    size_mm: list[float]


class ComponentShown(TypedDict, total=False):
    """A component as state.json lists it: state.py makes it, `add` completes it."""

    id: Required[str]
    name: Required[str]
    faces: Required[dict[str, FaceShown]]  # by picture key
    count: int
    kind: str
    outline: dict[str, object]


def add(
    game: Game, shown: Iterable[LaidOut], components: list[ComponentShown], lang: str
) -> list[dict[str, object]]:
    """Every piece of the files shown, in the build's order; each component's dict (as
    state.py made it, with its "faces") gets its "kind", "count" and "outline"."""
    by_id = {c["id"]: c for c in components}
    sides: dict[tuple[str, str], dict[str, str]] = {}  # (component, item id) -> side -> key
    for one in components:
        for key, face in one["faces"].items():
            for item_id in face["items"]:
                sides.setdefault((one["id"], item_id), {}).setdefault(face["side"], key)
    pieces: list[dict[str, object]] = []
    counted: dict[str, int] = {}
    made: dict[str, Component] = {}
    for laid in shown:
        for item in laid.items:
            c = item.component
            counted[c.id] = counted.get(c.id, 0) + 1
            made.setdefault(c.id, c)
            keys = sides.get((c.id, item.id), {})
            own = fields(game, item, lang)
            pieces.append(
                {
                    "id": item.id,
                    "component": c.id,
                    "copy": item.copy,
                    "name": _name(own),
                    "front": keys.get("front"),
                    "back": keys.get("back"),
                    "fields": own,
                }
            )
    for cid, component in made.items():
        if cid not in by_id:  # a piece with no face at all is still a piece
            by_id[cid] = {"id": cid, "name": component.name.get(lang), "faces": {}}
            components.append(by_id[cid])
        one = by_id[cid]
        one["kind"] = component.kind
        one["count"] = counted[cid]
        one["outline"] = outline(game, component)
    return pieces


def outline(game: Game, component: Component) -> dict[str, object]:
    """The component's trim and safe outlines as SVG path data (mm, y down, origin the
    trim box's top-left); a back's own where the piece turned over is not the same."""
    kind = kind_of(component)
    w, h = kind.trim(component, game)
    cut = kind.outline(component, game)
    width = width_of(component)
    out: dict[str, object] = {
        "shape": component.shape.kind,
        "size_mm": [round(to_mm(w), 2), round(to_mm(h), 2)],
        "svg": svg(cut, h),
        "safe_svg": svg(safe_area(cut, width), h) if width is not None else "",
        "safe_mm": round(to_mm(width), 2) if width is not None else None,
    }
    back = seen_from_behind(cut, w)
    if _corners(back) != _corners(cut):  # an asymmetric shape: its back is its mirror
        out["back_svg"] = svg(back, h)
        out["back_safe_svg"] = svg(safe_area(back, width), h) if width is not None else ""
    return out


def svg(loops: tuple[Loop, ...], h: float) -> str:
    """Loops (points, y up) as closed SVG subpaths in mm, y down."""
    return " ".join(
        "M " + " L ".join(f"{_mm(x)} {_mm(h - y)}" for x, y in loop) + " Z"
        for loop in loops
        if loop
    )


def _mm(points: float) -> str:
    return f"{to_mm(points) + 0.0:.2f}".replace("-0.00", "0.00")


def _corners(loops: tuple[Loop, ...]) -> set[tuple[float, float]]:
    return {(round(x, 3), round(y, 3)) for loop in loops for x, y in loop}


def fields(game: Game, item: Item, lang: str) -> dict[str, str]:
    """The item's own values as text, as its layout sees them: a translated value in the
    shown language, a row of a table it refers to flattened as `field.column`, a list
    joined."""
    data = localize(resolve_refs(game, item.component, item.data), lang, game.languages)
    out: dict[str, str] = {}
    _flatten(data, "", out)
    return out


def _flatten(value: object, at: str, out: dict[str, str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{at}.{k}" if at else str(k), out)
    elif isinstance(value, list | tuple):
        texts: dict[str, str] = {}
        for n, v in enumerate(value):
            _flatten(v, str(n), texts)
        out[at or "value"] = " · ".join(texts.values())
    elif value is not None:
        out[at or "value"] = TAG.sub("", str(value))


def _name(own: dict[str, str]) -> str:
    named = [k for k in NAMES if own.get(k)] or [k for k in own if k.endswith(".name") and own[k]]
    return own[named[0]] if named else ""
