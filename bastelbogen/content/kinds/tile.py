"""A tile: like a card, thicker when glued on board; a back is printed behind it."""

from bastelbogen.content.kinds import Kind, register


@register
class Tile(Kind):
    name = "tile"
