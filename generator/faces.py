"""What one side of one item shows, resolved to plain data before anything is drawn."""

from __future__ import annotations

from dataclasses import dataclass

from . import standee
from .expand import resolve_refs
from .geometry import IDENTITY, Matrix, Rect
from .layouts import Face, Layouts, resolve
from .models import Game, Item


@dataclass(frozen=True)
class Art:
    """Hashable: equal arts (every common back, every copy) become one PDF form."""

    parts: tuple[tuple[Matrix, Face], ...]
    bleed: Rect  # item-local, the trim grown by the bleed; drawing is clipped to it
    tabs: tuple[Rect, ...] = ()  # standee base tabs
    folds: tuple[float, ...] = ()  # y of fold lines across the item


def localize(value, lang: str):
    """Pick one language out of {de: ..., en: ...} wherever it occurs."""
    if isinstance(value, dict):
        if value and set(value) <= {"de", "en"}:
            return value.get(lang) or next(iter(value.values()))
        return {k: localize(v, lang) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [localize(v, lang) for v in value]
    return value


def context(game: Game, item: Item, options: dict) -> dict:
    """What a layout's expressions see: the item's data with its references resolved, the
    build's options, the game, and with a theme its `motif` for this item."""
    lang = options.get("lang", "de")
    data = localize(resolve_refs(game, item.component, item.data), lang)
    theme = game.themes.get(options.get("theme") or "")
    extra = {}
    if theme is not None:
        key = item.data.get(game.theme_field) if game.theme_field else None
        extra["theme"] = {"id": theme.id, "name": theme.name.get(lang),
                          "back": localize(dict(theme.back), lang)}
        if key in theme.motifs:
            extra["motif"] = localize(dict(theme.motifs[key]), lang)
    return {**options, **data, **extra, "item": {"id": item.id, "copy": item.copy},
            "game": {"id": game.id, "title": game.title.get(lang), "author": game.author,
                     "players": {"min": game.players.min, "max": game.players.max}}}


def art_of(game: Game, item: Item, side: str, layouts: Layouts, options: dict,
           bleed: float, trim: tuple[float, float]) -> Art | None:
    component = item.component
    name = component.face if side == "front" else component.back
    if not name:
        return None
    layout = layouts.get(name, component.face_loc if side == "front" else component.back_loc)
    ctx = context(game, item, options)
    label = f"item '{item.id}' ({side})"
    bleed_rect = (-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    if component.standee is None:
        safe = component.kind in ("card", "tile") and component.marks
        return Art(((IDENTITY, resolve(layout, ctx, trim, label, safe)),), bleed_rect)
    plan = standee.plan(component.size, component.standee.base)
    face = resolve(layout, ctx, component.size, label)
    back = resolve(layouts.get(component.back, component.back_loc), ctx, component.size,
                   f"item '{item.id}' (figure back)") if component.back else face
    # The foot tabs run into the bleed on their outer sides, like any art at a cut.
    (x0, y0, w0, h0), (x1, y1, w1, h1) = plan.bases
    tabs = ((x0 - bleed, y0 - bleed, w0 + 2 * bleed, h0 + bleed),
            (x1 - bleed, y1, w1 + 2 * bleed, h1 + bleed))
    return Art(((plan.front, face), (plan.back, back)), bleed_rect, tabs, plan.folds)


def trim_of(item_component) -> tuple[float, float]:
    if item_component.standee is not None:
        return standee.trim_size(item_component.size, item_component.standee.base)
    return item_component.size
