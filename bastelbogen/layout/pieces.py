"""Each side of each item as an Art: its kind's plan of layers, each layer a face layout
resolved for the item."""

from __future__ import annotations

from bastelbogen.content.kinds import kind_of
from bastelbogen.content.models import Component, Game, Item
from bastelbogen.core.geometry import IDENTITY
from bastelbogen.core.shapes import RECT, offset, outline, seen_from_behind
from bastelbogen.core.units import to_mm
from bastelbogen.layout.faces import Art, context
from bastelbogen.layout.layouts import Box, Layouts, resolve
from bastelbogen.layout.safe import SafeZone, width_of


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
    width = width_of(component)
    # Layouts reach into the chosen bleed and keep text in the safe zone by these (mm).
    base = seen if seen is not None else context(game, item, options)
    ctx = {
        **base,
        "bleed": round(to_mm(bleed), 6),
        "safe": round(to_mm(width), 6) if width is not None else 0.0,
    }
    plan = kind.plan(component, game, bleed, ctx)
    own = (name, component.face_loc if side == "front" else component.back_loc)
    back = (component.back, component.back_loc) if component.back else own
    shaped = kind.shaped(component)
    cut = kind.outline(component, game) if shaped else ()
    if shaped and side == "back":
        cut = seen_from_behind(cut, trim[0])
    layers = []
    for layer in plan.layers:
        layout = layouts.get(*(own if layer.layout == "side" else back))
        label = f"item '{item.id}' ({layer.label or side})"
        safe = None
        if layer.safe and width is not None:
            # A layer drawn where the side is (no matrix) keeps inside the shape's outline;
            # any other inside its own rectangle.
            on_cut = shaped and layer.matrix == IDENTITY
            loops = cut if on_cut else outline(RECT, *layer.size)
            safe = SafeZone(loops, width, component.shape.kind if on_cut else "")
        seen = {**ctx, **dict(layer.extra)} if layer.extra else ctx
        layers.append((layer.matrix, resolve(layout, seen, layer.size, label, safe)))
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
    # The thin cut line of `guides: lines`, or of a shaped piece, along where it is cut.
    line = (cut or outline(RECT, *trim)) if kind.draws_cut(component) else ()
    clip = offset(cut, bleed) if shaped else ()
    return Art(tuple(layers), bleed_rect, plan.tabs, plan.lines, clip, cut, plan.glue, line)
