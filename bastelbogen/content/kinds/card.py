"""A card: a rectangle with a face, usually a back, crop marks and bleed."""

from bastelbogen.content.kinds import Kind, register


@register
class Card(Kind):
    name = "card"
    dealt = True
