"""The `art` painter: draws the motif a box names (motifs are registered in painters.py by
the modules of art/), each distinct motif once per document as a form."""

from __future__ import annotations

from dataclasses import replace

from bastelbogen.content.painters import (
    MOTIF_PARAMS,
    MOTIFS,
    PAINTING,
    PASSING,
    Mark,
    completed,
    motif_problems,
    painter,
)
from bastelbogen.core.errors import ContentError, Problem
from bastelbogen.core.geometry import whole_picture
from bastelbogen.core.params import COLOUR, RECT, SLICE, STEP, TEXT

BLEED_ROOM = 30  # points a motif's background runs past its box, so bleed never shows white


_A_PICTURE = (
    "what `with` hands this box is a picture (`image: FILE`), which the `art` painter does not"
    ' draw; draw it with an `image` box, `file: "{{ motif.image }}"`, each of the two boxes'
    " with a `when:` (`{{ motif.image is defined }}` and `is not defined`)"
)


@painter(
    "art",
    "a procedural motif (`motif`: see Motifs) with its parameters; `with` hands"
    " it a whole mapping (a theme's motif); `picture` is the rectangle it is composed"
    " for when the box only clips; `slice` with `piece` one piece of a larger picture",
    {
        "motif": TEXT,
        "colour": COLOUR,
        "fill": COLOUR,
        "sky": COLOUR,
        "step": STEP,
        "seed": PAINTING["seed"],
        "with": TEXT,
        "slice": SLICE,
        "piece": RECT,
        "picture": RECT,
    },
    puts=(Mark.FILL,),
)
def paint_art(c, box, ctx) -> None:
    """A motif in its box. `with` brings a whole mapping of parameters (a theme's motif);
    `slice` and `piece` draw one piece of a picture that spans several items; `picture`
    is the rectangle the motif is composed for when the box (which clips) differs, so a
    picture that runs into the bleed is the same picture whatever bleed is chosen."""
    if box.get("with"):
        handed = dict(box.get("with"))
        given = {k: v for k, v in handed.items() if k not in PASSING}
        if "image" in handed and "motif" not in handed and box.get("motif") is None:
            raise ContentError(Problem(box.loc_of("with"), f"{ctx.item_label}: {_A_PICTURE}"))
        box = replace(box, params=tuple(sorted({**given, **dict(box.params)}.items())))
        # What came through `with` is content: check it as a theme's motif is checked.
        for _key, _at_value, message in motif_problems({**given, "motif": box.get("motif")}):
            raise ContentError(Problem(box.loc_of("with"), f"{ctx.item_label}: {message}"))
    name = box.get("motif")
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
        MOTIFS[name].draw(c, (0.0, 0.0, w, h), box, ctx)
        c.endForm()
    c.translate(x, y)
    c.doForm(form)
