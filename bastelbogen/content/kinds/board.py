"""A board: one picture larger than a sheet, tiled over several sheets with glue margins
(the geometry is in boards.py); it has no back.

    kind: board
    keep-whole:             areas no glue seam may cross: what a player reads (a label,
      - [x, y, w, h]        the title, a numbered disc), mm from the board's top-left;
                            a motif that draws the board may say them itself (`keeps`)
"""

from __future__ import annotations

from dataclasses import dataclass

from bastelbogen.content.kinds import Kind, register
from bastelbogen.content.models import Component, Details
from bastelbogen.core.geometry import Rect
from bastelbogen.core.units import parse_length


@dataclass(frozen=True)
class Settings(Details):
    """A board's own settings: the areas its seams must keep clear of."""

    keep: tuple[Rect, ...]  # board-local points, y up, as the drawing's


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
    keys = ("keep-whole",)

    def read(self, f, problems) -> Settings:
        raw = f.raw("keep-whole", None) or []
        where = f.value_loc("keep-whole") if "keep-whole" in f.data else None
        wrong = "'keep-whole' is a list of areas [x, y, w, h] in mm from the board's top-left"
        if not isinstance(raw, list):
            problems.add(where, wrong)
            return Settings(())
        keep = []
        for area in raw:
            try:
                if not isinstance(area, list) or len(area) != 4:
                    raise ValueError(wrong)
                x, y, w, h = (parse_length(v, "mm") for v in area)
            except ValueError as exc:
                problems.add(where, str(exc))
                continue
            keep.append((x, y, w, h))
        return Settings(tuple(keep))

    def keep_whole(self, component: Component) -> tuple[Rect, ...]:
        """The areas no seam crosses, board-local with y up (written from the top-left)."""
        height = component.size[1]
        return tuple((x, height - y - h, w, h) for x, y, w, h in settings(component).keep)
