"""The `art` painter: draws the motif a box names (motifs are registered in painters.py by
the modules of art/), each distinct motif once per document as a form."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from bastelbogen.content.framing import Composed, Turned
from bastelbogen.content.painters import (
    MOTIF_PARAMS,
    MOTIFS,
    PASSING,
    Mark,
    Seeded,
    Sliced,
    completed,
    motif_problems,
    painter,
)
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.geometry import turned, whole_picture
from bastelbogen.core.params import COLOUR, STEP, TEXT, BoxKeys, Key

if TYPE_CHECKING:
    from bastelbogen.layout.layouts import Box
    from bastelbogen.render.paint import PaintContext
    from bastelbogen.render.style import Canvas

BLEED_ROOM = 30  # points a motif's background runs past its box, so bleed never shows white


_A_PICTURE = (
    "what `with` hands this box is a picture (`image: FILE`), which the `art` painter does not"
    ' draw; draw it with an `image` box, `file: "{{ motif.image }}"`, each of the two boxes'
    " with a `when:` (`{{ motif.image is defined }}` and `is not defined`)"
)


class Art(BoxKeys):
    motif = Key(TEXT, help="the motif's name (see Motifs), which takes the keys it lists too")
    colour = Key(COLOUR, help="the motif's own colour, for a motif that takes one")
    fill = Key(COLOUR, help="the motif's ground, for a motif that takes one")
    sky = Key(COLOUR, help="the motif's sky, for a motif that takes one")
    step = Key(STEP, help="how far apart a pattern repeats, pt, for a motif that takes it")
    seed = Seeded.seed
    with_ = Key(TEXT, help="a whole mapping of the motif's keys, by name (a theme's motif)")
    slice = Sliced.slice
    piece = Sliced.piece
    picture = Composed.picture
    bleed = Composed.bleed
    turn = Turned.turn
    flip = Turned.flip


Pairs = tuple[tuple[str, object], ...]  # what `with` hands a box, laid out
# The keys that place a motif's picture, not what it draws: left out of its form's key.
PLACING = ("slice", "piece", "picture", "bleed", "turn", "flip")


@painter(
    "art",
    "a procedural motif (see Motifs) with its keys",
    Art,
    puts=(Mark.FILL,),
    overdraws=BLEED_ROOM,
)
def paint_art(c: Canvas, box: Box, ctx: PaintContext) -> None:
    """A motif in its box. `with` brings a whole mapping of parameters (a theme's motif);
    `slice` and `piece` draw one piece of a picture that spans several items; `picture`
    is the rectangle the motif is composed for when the box (which clips) differs, so a
    picture that runs into the bleed is the same picture whatever bleed is chosen (`bleed`
    makes that rectangle: layouts.py); `turn` and `flip` turn it within that rectangle."""
    if pairs := Art(box).with_:
        handed = dict(cast(Pairs, pairs))
        given = {k: v for k, v in handed.items() if k not in PASSING}
        if "image" in handed and "motif" not in handed and Art(box).motif is None:
            raise ContentError(Problem(box.loc_of("with"), f"{ctx.item_label}: {_A_PICTURE}"))
        box = replace(box, params=tuple(sorted({**given, **dict(box.params)}.items())))
        # What came through `with` is content: check it as a theme's motif is checked.
        for _key, _at_value, message in motif_problems({**given, "motif": Art(box).motif}):
            raise ContentError(Problem(box.loc_of("with"), f"{ctx.item_label}: {message}"))
    name = str(Art(box).motif)
    if name not in MOTIFS:
        raise ContentError(
            Problem(
                box.loc_of("motif"),
                f"{ctx.item_label}: unknown motif"
                f" '{name}'; known motifs: {', '.join(sorted(MOTIFS))}",
            )
        )
    # A motif chosen by an expression is judged here: a key of it it does not take is told.
    own = {k: v for k, v in box.params if k in MOTIF_PARAMS}
    for key, at_value, message in motif_problems({**own, "motif": name}):
        if not at_value:  # the values were checked as the box was laid out
            raise ContentError(Problem(box.loc_of(key), f"{ctx.item_label}: {message}"))
    # Laid out, a box has its defaults already (a seed from its item's id); drawn directly
    # (a cheat sheet's, a test's), it takes them here.
    box = replace(box, params=tuple(sorted(completed(dict(box.params), {}).items())))
    c.saveState()
    clip = c.beginPath()  # a motif may draw generously; only its box shows
    clip.rect(*box.rect)
    c.clipPath(clip, stroke=0, fill=0)
    _place(c, name, box, ctx)
    c.restoreState()


def _place(c: Canvas, name: str, box: Box, ctx: PaintContext) -> None:
    """A motif is drawn once per document, as a form of its own, and placed wherever it
    recurs: the same back behind 200 cards, the same coin on eight values, one painting
    under the clip of each of its six pieces."""
    k = Art(box)
    rect = k.picture or box.rect
    if k.slice:
        rect = whole_picture(k.piece or box.rect, k.slice)
    # Turned, the motif is composed for the rectangle turned back and turned onto it: one
    # form serves a tile's four turns.
    (w, h), matrix = turned(rect, k.turn, k.flip)
    own = tuple((k, v) for k, v in box.params if k not in PLACING)
    key = (name, own, round(w, 3), round(h, 3), ctx.swell)
    form = ctx.pictures.get(key)
    if form is None:
        form = f"Picture{len(ctx.pictures)}"
        ctx.pictures[key] = form
        c.beginForm(form, -BLEED_ROOM, -BLEED_ROOM, w + BLEED_ROOM, h + BLEED_ROOM)
        MOTIFS[name].draw(c, (0.0, 0.0, w, h), box, ctx)
        c.endForm()
    c.transform(*matrix)
    c.doForm(form)
