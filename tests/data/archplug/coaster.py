"""A component kind: a square beer mat, printed on its face only."""

from bastelbogen.content.kinds import Kind, register


@register
class Coaster(Kind):
    name = "arch-coaster"
    backs = False
