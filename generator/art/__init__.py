"""Procedural motifs: vector art drawn from a few parameters, the same every time."""

from __future__ import annotations

from dataclasses import replace

from ..errors import ContentError, Problem
from ..geometry import whole_picture
from ..params import COLOUR, POSITIVE, STEP, TEXT, choice, choices, fraction, whole
from . import (
    abstract,
    animals,
    buildings,
    critters,
    diagrams,
    emblems,
    figures,
    icons,
    minipilo,
    museum,
    scenes,
    town,
)
from .draw import BLEED_ROOM

MOTIFS = {
    "coin": emblems.coin,
    "lattice": emblems.lattice,
    "medallion": emblems.medallion,
    "baron": figures.baron,
    "building": buildings.building,
    "tree": town.tree,
    "lantern": town.lantern,
    "fountain": town.fountain,
    "flowers": town.flowers,
    "rooftops": town.rooftops,
    "stand-profile": diagrams.stand_profile,
    **{name: getattr(abstract, name) for name in (
        "colourfield", "grid", "stripes", "concentric", "facets", "blobs")},
    **{name: getattr(scenes, name) for name in (
        "hills", "waves", "constellations", "pointillist", "mosaic", "orbits")},
    **{f"icon-{name}": icons.icon(name) for name in icons.ICONS},
    "museum-board": museum.board,
    "minipilo-board": minipilo.board,
    "runner": minipilo.runner,
    "owl": minipilo.owl,
    "visitor": museum.visitor,
    "die-net": museum.die_net,
    **{name: getattr(animals, name) for name in (
        "cat", "dog", "rabbit", "fish", "turtle", "crocodile", "snake", "dachshund",
        "caterpillar", "whale", "ducks")},
    **{name: getattr(critters, name) for name in (
        "mouse", "snail", "bird", "ladybug", "pawprints")},
}

PAINTINGS = ("colourfield", "grid", "stripes", "concentric", "facets", "blobs", "hills", "waves",
             "constellations", "pointillist", "mosaic", "orbits")

# What each motif reads and what each parameter may hold, so that a theme's mistake is
# reported where it was written, not met later while drawing.
_COLOURS = {"sky": COLOUR, "ground": COLOUR, "colour": COLOUR}
MOTIF_KEYS = {
    "coin": {"colour": COLOUR},
    "lattice": {"fill": COLOUR, "colour": COLOUR, "step": STEP},
    "medallion": {"fill": COLOUR, "colour": COLOUR},
    "baron": {"colour": COLOUR, "sky": COLOUR},
    "building": {"sky": COLOUR, "ground": COLOUR, "wall": COLOUR, "roof": choice(*buildings.ROOFS),
                 "roof-colour": COLOUR, "floors": whole(1, 12), "bays": whole(1, 4),
                 "height": fraction, "windows": COLOUR, "door": COLOUR,
                 "features": choices(*buildings.FEATURES), "sign": TEXT, "sign-colour": COLOUR,
                 "awning": COLOUR, "flag": COLOUR},
    "tree": {**_COLOURS, "trunk": COLOUR, "fruit": COLOUR},
    "rooftops": {"fill": COLOUR, "colour": COLOUR},
    "pawprints": {"fill": COLOUR, "colour": COLOUR},
    "museum-board": {"cols": whole(5, 30), "rows": whole(5, 30), "field": POSITIVE},
    "visitor": {"colour": COLOUR, "symbol": choice(*museum.SYMBOLS)},
    "die-net": {},
    "minipilo-board": None,  # takes the game's tables whole
    "runner": {"colour": COLOUR}, "owl": {"colour": COLOUR},
    **{name: {"seed": whole(-10**9, 10**9)} for name in (
        "colourfield", "grid", "stripes", "concentric", "facets", "blobs", "hills", "waves",
        "constellations", "pointillist", "mosaic", "orbits")},
}
# Keys a mapping handed over with `with` may bring that no motif reads (an item's id, a
# picture's title): ignored, not errors.
PASSING = ("id", "copy", "title", "style", "image", "count", "each", "figure")


def motif_problems(entry: dict) -> list[tuple[str, bool, str]]:
    """(key, whether the value is at fault, message) for each thing wrong with a motif's
    parameters, found before any drawing."""
    if "motif" not in entry:
        return [("motif", False, "a motif needs 'motif: NAME' (or 'image: FILE' for a"
                 " picture)")]
    name = entry.get("motif")
    if not isinstance(name, str) or name not in MOTIFS:
        return [("motif", True, f"unknown motif {name!r}; known motifs:"
                 f" {', '.join(sorted(MOTIFS))}")]
    known = MOTIF_KEYS.get(name, _COLOURS)
    if known is None:
        return []
    out = []
    for key, value in entry.items():
        if key == "motif":
            continue
        if key not in known:
            out.append((key, False, f"motif '{name}' has no parameter '{key}'; it takes"
                                    f" {', '.join(known)}"))
            continue
        try:
            known[key](value)
        except ValueError as exc:
            out.append((key, True, f"'{key}' {exc}"))
    return out


def paint_art(c, box, ctx) -> None:
    """A motif in its box. `with` brings a whole mapping of parameters (a theme's motif);
    `slice` and `piece` draw one piece of a picture that spans several items; `picture`
    is the rectangle the motif is composed for when the box (which clips) differs, so a
    picture that runs into the bleed is the same picture whatever bleed is chosen."""
    if box.get("with"):
        given = {k: v for k, v in dict(box.get("with")).items() if k not in PASSING}
        box = replace(box, params=tuple(sorted({**given, **dict(box.params)}.items())))
        # What came through `with` is content: check it as a theme's motif is checked.
        for _key, _at_value, message in motif_problems({**given, "motif": box.get("motif")}):
            raise ContentError(Problem(box.loc_of("with"), f"{ctx.item_label}: {message}"))
    name = box.get("motif")
    if name not in MOTIFS:
        raise ContentError(Problem(box.loc_of("motif"), f"{ctx.item_label}: unknown motif"
                                   f" '{name}'; known motifs: {', '.join(sorted(MOTIFS))}"))
    c.saveState()
    clip = c.beginPath()  # a motif may draw generously; only its box shows
    clip.rect(*box.rect)
    c.clipPath(clip, stroke=0, fill=0)
    _place(c, name, box, ctx)
    c.restoreState()


def _place(c, name: str, box, ctx) -> None:
    """A motif is drawn once per document, as a form of its own, and placed wherever it
    recurs: the same back behind 200 cards, the same coin on eight values, one painting
    under the clip of each of its six pieces."""
    x, y, w, h = box.get("picture", box.rect)
    if box.get("slice"):
        x, y, w, h = whole_picture(box.get("piece", box.rect), box.get("slice"))
    own = tuple((k, v) for k, v in box.params if k not in ("slice", "piece", "picture"))
    key = (name, own, round(w, 3), round(h, 3), ctx.swell)
    form = ctx.pictures.get(key)
    if form is None:
        form = f"Picture{len(ctx.pictures)}"
        ctx.pictures[key] = form
        c.beginForm(form, -BLEED_ROOM, -BLEED_ROOM, w + BLEED_ROOM, h + BLEED_ROOM)
        MOTIFS[name](c, (0.0, 0.0, w, h), box, ctx)
        c.endForm()
    c.translate(x, y)
    c.doForm(form)
