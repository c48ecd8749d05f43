"""Procedural motifs: vector art drawn from a few parameters, the same every time."""

from __future__ import annotations

from dataclasses import replace

from ..errors import ContentError, Problem
from ..geometry import whole_picture
from . import animals, emblems, figures, town

MOTIFS = {
    "coin": emblems.coin,
    "lattice": emblems.lattice,
    "medallion": emblems.medallion,
    "baron": figures.baron,
    "building": town.building,
    "tree": town.tree,
    "lantern": town.lantern,
    "fountain": town.fountain,
    "flowers": town.flowers,
    "rooftops": town.rooftops,
    **{name: getattr(animals, name) for name in (
        "cat", "dog", "rabbit", "fish", "turtle", "crocodile", "snake", "dachshund",
        "caterpillar", "whale", "ducks", "mouse", "snail", "bird", "ladybug", "pawprints")},
}

# What each motif reads, so that a theme's misspelt parameter is reported, not ignored.
_SCENE = ("sky", "ground", "colour")
MOTIF_KEYS = {
    "coin": ("colour",), "lattice": ("fill", "colour", "step"),
    "medallion": ("fill", "colour"), "baron": ("colour", "sky"),
    "building": ("sky", "ground", "wall", "roof", "roof-colour", "floors", "bays", "height",
                 "windows", "door", "features", "sign", "sign-colour", "awning", "flag"),
    "tree": (*_SCENE, "trunk", "fruit"),
    "rooftops": ("fill", "colour"), "pawprints": ("fill", "colour"),
}
CHOICES = {("building", "roof"): town.ROOFS, ("building", "features"): town.FEATURES}


def motif_problems(entry: dict) -> list[tuple[str, str]]:
    """(key, message) for each thing wrong with a motif's parameters, before any drawing."""
    name = entry.get("motif")
    if name not in MOTIFS:
        return [("motif", f"unknown motif {name!r}; known motifs: {', '.join(sorted(MOTIFS))}")]
    known = ("motif", *MOTIF_KEYS.get(name, _SCENE))
    out = []
    for key, value in entry.items():
        if key not in known:
            out.append((key, f"motif '{name}' has no parameter '{key}'; it takes"
                             f" {', '.join(known[1:])}"))
        elif (name, key) in CHOICES:
            allowed = CHOICES[(name, key)]
            values = value if isinstance(value, list | tuple) else [value]
            bad = [v for v in values if v not in allowed]
            if bad:
                out.append((key, f"{key} {', '.join(map(str, bad))} is not one of"
                                 f" {', '.join(allowed)}"))
    return out


def paint_art(c, box, ctx) -> None:
    """A motif in its box. `with` brings a whole mapping of parameters (a theme's motif);
    `slice` and `piece` draw one piece of a picture that spans several items."""
    if box.get("with"):
        box = replace(box, params=tuple(sorted({**dict(box.get("with")),
                                                **dict(box.params)}.items())))
    name = box.get("motif")
    if name not in MOTIFS:
        raise ContentError(Problem(box.loc_of("motif"), f"{ctx.item_label}: unknown motif"
                                   f" '{name}'; known motifs: {', '.join(sorted(MOTIFS))}"))
    rect = box.rect
    if box.get("slice"):
        rect = whole_picture(box.get("piece", box.rect), box.get("slice"))
    c.saveState()
    clip = c.beginPath()  # a motif may draw generously; only its box shows
    clip.rect(*box.rect)
    c.clipPath(clip, stroke=0, fill=0)
    MOTIFS[name](c, rect, box, ctx)
    c.restoreState()
