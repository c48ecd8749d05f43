"""A kit laid out: for each component its pages (where every item side goes) and the art
of every item side. Nothing is drawn or written here; the writers (writers/) do that."""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import boards
from .errors import ContentError, Problem
from .expand import items_of
from .faces import Art
from .imposition import Page, PrintSettings, impose
from .kinds import Kind, kind_of
from .layouts import Layouts
from .models import Component, Game, Item
from .pieces import art_of, trim_of
from .preflight import Preflight


@dataclass(frozen=True)
class LaidOut:
    component: Component
    kind: Kind
    items: list[Item]
    trim: tuple[float, float]
    pages: list[Page]
    arts: dict  # (id(item), side) -> Art | None
    swell: bool  # printed on swell paper: braille dots rise, other ink is lightened


def _grid(items, trim, settings: PrintSettings, component: Component, has_back: bool):
    return impose(items, trim, settings, has_back, component.marks, component.block)


def _tiled(items, trim, settings: PrintSettings, component: Component, has_back: bool):
    return [page for item in items for page in boards.tile(item, trim, settings)]


SHEETS = {"grid": _grid, "tiled": _tiled}  # how a kind's items go on sheets (Kind.sheet)


def lay_out(game: Game, variant, options, layouts: Layouts, preflight: Preflight):
    """Each component laid out in turn (one at a time, so a kit's memory stays that of its
    largest component)."""
    settings = options.settings
    face_options = {"lang": options.langs[0], "braille": options.braille,
                    "theme": options.theme}
    for component in game.components:
        kind = kind_of(component)
        items = items_of(game, component, variant)
        if kind.per_language and len(options.langs) > 1:
            # Printed once per language, like the cheat sheet; cards are not.
            items = [replace(item, id=f"{item.id}-{lang}", data={**item.data, "lang": lang})
                     for item in items for lang in options.langs]
        trim = trim_of(game, component)
        has_back = component.back is not None and kind.backs
        bleed = settings.bleed if component.marks else 0.0
        try:
            pages = SHEETS[kind.sheet](items, trim, replace(settings, bleed=bleed), component,
                                       has_back)
        except ValueError as exc:
            raise ContentError(Problem(component.loc, f"component '{component.id}': {exc}")) \
                from None
        arts: dict[tuple[int, str], Art | None] = {}
        for item in items:
            for side in ("front", "back") if has_back else ("front",):
                art = arts[(id(item), side)] = art_of(game, item, side, layouts, face_options,
                                                      bleed, trim)
                if art is not None and len(art.parts) == 1 and not art.tabs:  # one flat face
                    preflight.bleed(art.parts[0][1], trim, bleed, f"item '{item.id}' ({side})")
        # Only components that carry braille go on swell paper, and only they are lightened.
        swell = options.braille and any(
            b.painter == "braille" for b in layouts.get(component.face, component.face_loc).boxes)
        yield LaidOut(component, kind, items, trim, pages, arts, swell)
