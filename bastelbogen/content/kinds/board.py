"""A board: one picture larger than a sheet, tiled over several sheets with glue margins
(the geometry is in boards.py); it has no back.

    kind: board
    keep-whole:             areas no glue seam may cross: what a player reads (a label,
      - [x, y, w, h]        the title, a numbered disc), mm from the board's top-left;
                            a motif that draws the board may say them itself (`keeps`);
                            the face's own small boxes and grid cells are kept anyway
"""

from __future__ import annotations

from bastelbogen.content.kinds import Kind, register
from bastelbogen.content.models import Component, Details
from bastelbogen.core.declare import Field, Json, Length, ListOf, Type, type_name
from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import parse_length


class Area(Type[Rect]):
    """[x, y, w, h] in mm from the board's top-left (a bare number is mm)."""

    shown = "[x, y, w, h] in mm from the board's top-left"

    def __call__(self, value: object) -> Rect:
        if not isinstance(value, list) or len(value) != 4:
            raise ValueError(f"is a list of areas {self.shown}, got {type_name(value)}")
        x, y, w, h = (parse_length(v, "mm") for v in value)
        return (x, y, w, h)

    def schema(self) -> Json:
        side = {"anyOf": [{"type": "number"}, Length().schema()]}
        return {"type": "array", "items": side, "minItems": 4, "maxItems": 4}


class Settings(Details):
    """A board's own keys: the areas its seams must keep clear of."""

    keep = Field(ListOf(Area()), [], help="areas no glue seam may cross", key="keep-whole")


def settings(component: Component) -> Settings:
    """This kind's settings of a component of this kind (read by `read` at load time)."""
    assert isinstance(component.details, Settings)
    return component.details


@register
class Board(Kind):
    name = "board"
    paper = "board"
    backs = False
    takes_back = False
    safe_zone = None
    placing = "tiled"
    settings = Settings

    def keep_whole(self, component: Component) -> tuple[Rect, ...]:
        """The areas no seam crosses, board-local with y up (written from the top-left)."""
        height = component.size[1]
        return tuple((x, height - y - h, w, h) for x, y, w, h in settings(component).keep)
