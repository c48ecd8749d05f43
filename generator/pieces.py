"""Each side of each item as an Art: a face layout resolved for it, and for things that
fold (standees, stands) the strip they are printed on."""

from __future__ import annotations

from . import stand, standee
from .faces import Art, context
from .geometry import IDENTITY, translate
from .layouts import SAFE_ZONE, Box, Layouts, resolve
from .models import Component, Game, Item
from .units import mm, to_mm


def trim_of(game: Game, component: Component) -> tuple[float, float]:
    if component.standee is not None:
        return standee.trim_size(component.size, component.standee.base)
    if component.stand is not None:
        return stand_plan(game, component).size
    return component.size


def stand_plan(game: Game, component: Component) -> stand.StandPlan:
    held = game.component(component.stand.holds)  # the validator made sure it exists
    return stand.plan(held.size, component.stand.count, component.stand.clearance)


def fold_lines(game: Game, component: Component, bleed: float = 0.0) -> tuple:
    """Item-local fold lines (x1, y1, x2, y2, style) across the whole strip."""
    width = trim_of(game, component)[0]
    if component.standee is not None:
        ys = [(y, "valley") for y in standee.plan(component.size, component.standee.base).folds]
    elif component.stand is not None:
        ys = list(stand_plan(game, component).folds)
    else:
        return ()
    return tuple((-bleed, y, width + bleed, y, style) for y, style in ys)


def art_of(game: Game, item: Item, side: str, layouts: Layouts, options: dict,
           bleed: float, trim: tuple[float, float]) -> Art | None:
    component = item.component
    name = component.face if side == "front" else component.back
    if not name:
        return None
    layout = layouts.get(name, component.face_loc if side == "front" else component.back_loc)
    safe = component.kind in ("card", "tile") and component.marks
    # Layouts reach into the chosen bleed and keep text in the safe zone by these (mm).
    ctx = {**context(game, item, options), "bleed": round(to_mm(bleed), 6),
           "safe": round(to_mm(SAFE_ZONE), 6) if safe else 0.0}
    label = f"item '{item.id}' ({side})"
    bleed_rect = (-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    if component.standee is not None:
        return _standee(component, layouts, layout, ctx, label, bleed, bleed_rect)
    if component.stand is not None:
        return _stand(game, component, layout, ctx, label, bleed, bleed_rect, item.loc)
    return Art(((IDENTITY, resolve(layout, ctx, trim, label, safe)),), bleed_rect)


def _standee(component, layouts, layout, ctx, label, bleed, bleed_rect) -> Art:
    plan = standee.plan(component.size, component.standee.base)
    face = resolve(layout, ctx, component.size, label)
    back = resolve(layouts.get(component.back, component.back_loc), ctx, component.size,
                   label.replace("(front)", "(figure back)")) if component.back else face
    # The foot tabs run into the bleed on their outer sides, like any art at a cut.
    (x0, y0, w0, h0), (x1, y1, w1, h1) = plan.bases
    tabs = ((x0 - bleed, y0 - bleed, w0 + 2 * bleed, h0 + bleed),
            (x1 - bleed, y1, w1 + 2 * bleed, h1 + bleed))
    width = component.size[0]
    lines = tuple((-bleed, y, width + bleed, y, "valley") for y in plan.folds)
    return Art(((plan.front, face), (plan.back, back)), bleed_rect, tabs, lines)


def _stand(game, component, layout, ctx, label, bleed, bleed_rect, loc) -> Art:
    """The stand's strip: the component's layout decorates the back (the panel the other
    players see); the glue tab, the base and the rest carry the item's `legend` texts."""
    plan = stand_plan(game, component)
    panels = {name: (y0, y1) for name, y0, y1 in plan.panels}
    length = plan.size[0]
    y0, y1 = panels["back"]
    parts = [(translate(0.0, y0), resolve(layout, ctx, (length, y1 - y0), label))]
    g0, g1 = panels["glue"]
    tabs = ((-bleed, g0 - bleed, length + 2 * bleed, g1 - g0 + bleed),)
    b0, b1 = panels["base"]
    r0, r1 = panels["rest"]
    legend = ctx.get("legend") or {}
    sketch = min(mm(40), length / 4)
    # Folded, the rest's top edge is the one at the ledge: its label is turned to match.
    boxes = [_label(name, rect, legend[name], loc, turn) for name, rect, turn in (
        ("glue", (0.0, g0, length, g1 - g0), 0),
        ("lines", (mm(4), b0, length - sketch - mm(12), b1 - b0), 0),
        ("rest", (mm(4), r0, length - mm(8), r1 - r0), 180)) if legend.get(name)]
    # A side view of the folded stand, drawn from the same plan, as assembly help.
    boxes.append(Box("side-view", "art", (length - sketch - mm(4), b0 + mm(2), sketch,
                                          b1 - b0 - mm(4)),
                     (("motif", "stand-profile"), ("panels", plan.panels)), loc))
    parts.append((IDENTITY, tuple(boxes)))
    lines = fold_lines(game, component, bleed)
    cut = tuple((x1, y1, x2, y2, "cut") for x1, y1, x2, y2 in (
        (0, 0, length, 0), (length, 0, length, plan.size[1]),
        (length, plan.size[1], 0, plan.size[1]), (0, plan.size[1], 0, 0)))
    return Art(tuple(parts), bleed_rect, tabs, lines + cut)


def _label(name: str, rect, text: str, loc, turn: int) -> Box:
    return Box(name, "text", rect, (("colour", "#555555"), ("rotate", turn), ("size", 8),
                                    ("text", str(text))), loc)
