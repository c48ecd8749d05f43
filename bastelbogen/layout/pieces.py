"""Each side of each item as an Art: its kind's plan of layers, each layer a face layout
resolved for the item."""

from __future__ import annotations

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Item
from bastelbogen.content.painters import PAINTERS
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.geometry import IDENTITY
from bastelbogen.core.shapes import keeps_safe, offset, seen_from_behind
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art, context
from bastelbogen.layout.layouts import SAFE_ZONE, Box, Layouts, resolve


def trim_of(game: Game, component: Component) -> tuple[float, float]:
    return kind_of(component).trim(component, game)


def art_of(
    game: Game,
    item: Item,
    side: str,
    layouts: Layouts,
    options: dict,
    bleed: float,
    trim: tuple[float, float],
    seen: dict | None = None,
) -> Art | None:
    """The side's art; `seen` is the item's context when the caller has made it already."""
    component = item.component
    name = component.face if side == "front" else component.back
    if not name:
        return None
    kind = kind_of(component)
    safe = kind.keeps_safe(component)
    # Layouts reach into the chosen bleed and keep text in the safe zone by these (mm).
    base = seen if seen is not None else context(game, item, options)
    ctx = {
        **base,
        "bleed": round(to_mm(bleed), 6),
        "safe": round(to_mm(SAFE_ZONE), 6) if safe else 0.0,
    }
    plan = kind.plan(component, game, bleed, ctx)
    own = (name, component.face_loc if side == "front" else component.back_loc)
    back = (component.back, component.back_loc) if component.back else own
    layers = []
    for layer in plan.layers:
        layout = layouts.get(*(own if layer.layout == "side" else back))
        label = f"item '{item.id}' ({layer.label or side})"
        seen = {**ctx, **dict(layer.extra)} if layer.extra else ctx
        layers.append((layer.matrix, resolve(layout, seen, layer.size, label, layer.safe)))
    if plan.boxes:
        layers.append(
            (
                IDENTITY,
                tuple(
                    Box(n, painter, rect, params, item.loc)
                    for n, painter, rect, params in plan.boxes
                ),
            )
        )
    bleed_rect = (-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    if not kind.shaped(component):
        return Art(tuple(layers), bleed_rect, plan.tabs, plan.lines, glue=plan.glue)
    cut = kind.outline(component, game)
    if side == "back":
        cut = seen_from_behind(cut, trim[0])
    if kind.safe_zone:
        _keeps_inside(layers, cut, component.shape.kind, item, side)
    return Art(tuple(layers), bleed_rect, plan.tabs, plan.lines, offset(cut, bleed), cut, plan.glue)


def _keeps_inside(layers, cut, shape: str, item: Item, side: str) -> None:
    """Text stays inside the shape's safe zone (the outline shrunk by the safe width)."""
    for matrix, face in layers:
        for box in face:
            if (
                PAINTERS[box.painter].text
                and matrix == IDENTITY
                and not keeps_safe(cut, SAFE_ZONE, box.rect)
            ):
                raise ContentError(
                    Problem(
                        box.loc,
                        f"item '{item.id}' ({side}): box"
                        f" '{box.name}' leaves the safe zone of its {shape}"
                        f" ({to_mm(SAFE_ZONE):g} mm inside the cut); move"
                        " it inwards or make it smaller",
                    )
                )
