"""How a picture stands in its box, declared once for every painter of pictures (`image`,
`art`; a plug-in's may take them too): turned and flipped within its box, and the rectangle
it is composed for where the box only clips it. The geometry is core/geometry.py's
(`turned`, `bled`); layout/places.py makes a picture's own bleed its rectangle."""

from __future__ import annotations

from bastelbogen.core.params import RECT, BoxKeys, Key, choice, number


class Turned(BoxKeys):
    """How a picture stands in its box, the same for every painter of pictures (`image`,
    `art`): the box stays where it is written and the picture in it is turned, fitted to
    it (a quarter turn draws the picture for the box's height by its width), then flipped.
    Clockwise, as a designer turns a tile on the table."""

    turn = Key(
        choice(0, 90, 180, 270),
        0,
        help="the picture turned clockwise by so many degrees within its box, fitted to it",
    )
    flip = Key(
        choice("none", "horizontal", "vertical"),
        "none",
        help="the picture mirrored as it stands (after `turn`): horizontal swaps its left"
        " and right, vertical its top and bottom",
    )


class Composed(BoxKeys):
    """The rectangle a picture is composed for, where its box only clips it: written, or
    the trim and a bleed of the picture's own, whatever bleed the build asks for."""

    picture = Key(
        RECT,
        help="[x, y, width, height] mm: the rectangle the picture is composed for, when"
        " the box only clips it",
    )
    bleed = Key(
        number(0, False, 50),
        help="mm the picture carries beyond its trim (3 for art drawn for a 3 mm bleed):"
        " its trim lands on the item's trim whatever the build's bleed, what lies beyond"
        " the box is clipped, and a build bleed it does not reach is told",
    )
