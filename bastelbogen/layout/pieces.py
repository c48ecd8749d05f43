"""Each side of each item as an Art: its kind's plan of layers, each layer a face layout
resolved for the item."""

from __future__ import annotations

from bastelbogen.content.kinds import Layer, Outline, kind_of
from bastelbogen.content.models import Component, Game, Item
from bastelbogen.core.errors import Loc
from bastelbogen.core.geometry import IDENTITY
from bastelbogen.core.shapes import RECT, offset, outline, seen_from_behind
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art, context
from bastelbogen.layout.layouts import Box, Face, Layout, Layouts, resolve
from bastelbogen.layout.safe import SafeZone, width_of
from bastelbogen.layout.values import Context


def trim_of(game: Game, component: Component) -> tuple[float, float]:
    return kind_of(component).trim(component, game)


def art_of(
    game: Game,
    item: Item,
    side: str,
    layouts: Layouts,
    options: dict[str, object],
    bleed: float,
    trim: tuple[float, float],
    seen: Context | None = None,
) -> Art | None:
    """The side's art; `seen` is the item's context when the caller has made it already."""
    component = item.component
    name = component.face if side == "front" else component.back
    if not name:
        return None
    kind = kind_of(component)
    width = width_of(component)
    base = seen if seen is not None else context(game, item, options)
    ctx = _measured(base, bleed, width)
    plan = kind.plan(component, game, bleed, ctx)
    own, back = _layouts(component, side, name)
    shaped = kind.shaped(component)
    cut = _cut(game, component, side, trim) if shaped else ()
    layers = []
    for layer in plan.layers:
        layout = layouts.get(*(own if layer.layout == "side" else back))
        label = f"item '{item.id}' ({layer.label or side})"
        safe = _safe(layer, width, cut if shaped else None, component)
        layers.append((layer.matrix, _resolved(layout, layer, ctx, label, safe)))
    if plan.boxes:
        boxes = tuple(
            Box(n, painter, rect, params, item.loc) for n, painter, rect, params in plan.boxes
        )
        layers.append((IDENTITY, boxes))
    bleed_rect = (-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    # The thin cut line of `guides: lines`, or of a shaped piece, along where it is cut.
    line = (cut or outline(RECT, *trim)) if kind.draws_cut(component) else ()
    clip = offset(cut, bleed) if shaped else ()
    return Art(tuple(layers), bleed_rect, plan.tabs, plan.lines, clip, cut, plan.glue, line)


def _resolved(
    layout: Layout, layer: Layer, ctx: Context, label: str, safe: SafeZone | None
) -> Face:
    """One layer's boxes, resolved with the names it sees besides the item's."""
    seen = {**ctx, **dict(layer.extra)} if layer.extra else ctx
    return resolve(layout, seen, layer.size, label, safe)


def _layouts(component: Component, side: str, name: str) -> tuple[tuple[str, Loc], tuple[str, Loc]]:
    """(layout name, where it is written) of the side's own layout, and of the layout a
    layer drawn from the back takes (the back's, else the side's own)."""
    own = (name, component.face_loc if side == "front" else component.back_loc)
    back = (component.back, component.back_loc) if component.back else own
    return own, back


def _measured(base: Context, bleed: float, width: float | None) -> dict[str, object]:
    """Layouts reach into the chosen bleed and keep text in the safe zone by these (mm)."""
    return {
        **base,
        "bleed": round(to_mm(bleed), 6),
        "safe": round(to_mm(width), 6) if width is not None else 0.0,
    }


def _cut(game: Game, component: Component, side: str, trim: tuple[float, float]) -> Outline:
    """A shaped piece's outline, as the side shows it (a back's mirrored)."""
    cut = kind_of(component).outline(component, game)
    return seen_from_behind(cut, trim[0]) if side == "back" else cut


def _safe(
    layer: Layer, width: float | None, cut: Outline | None, component: Component
) -> SafeZone | None:
    """The safe zone of a layer that keeps one: a layer drawn where the side is (no matrix)
    keeps inside the shape's outline (`cut`, None when the piece is no shape); any other
    inside its own rectangle."""
    if not layer.safe or width is None:
        return None
    on_cut = cut is not None and layer.matrix == IDENTITY
    loops = cut if cut is not None and on_cut else outline(RECT, *layer.size)
    return SafeZone(loops, width, component.shape.kind if on_cut else "")
