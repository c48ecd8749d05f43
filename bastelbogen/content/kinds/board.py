"""A board: one picture larger than a sheet, tiled over several sheets with glue margins
(the geometry is in boards.py); it has no back."""

from bastelbogen.content.kinds import Kind, register


@register
class Board(Kind):
    name = "board"
    paper = "board"
    backs = False
    takes_back = False
    safe_zone = False
    placing = "tiled"
