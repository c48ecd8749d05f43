"""A fold-up stand (a bench) that holds a row of upright tiles, as geometry.

Seen from the side it is a triangle with a ledge and a low lip in front: the tiles stand on
the ledge, lean back against the rest, and the lip keeps their feet from sliding. The strip
is printed flat; from the bottom edge: the glue tab, the base, the back, the rest, the ledge
and the lip. Every size follows from the tile it holds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from bastelbogen.content.kinds import Kind, Layer, Line, Plan, PlannedBox, register
from bastelbogen.content.models import Component, Details, Game
from bastelbogen.core.declare import Field, Length, Nested, Section, Text, Whole
from bastelbogen.core.geometry import Rect, translate
from bastelbogen.core.units import mm

LEAN = math.radians(75)  # the rest's angle to the table: tiles lean back a little, stable
TILE_THICKNESS = mm(2)  # a tile glued on card; the ledge leaves room for it and to slide


@dataclass(frozen=True)
class StandPlan:
    """A stand's strip: its panels, folds and the row it holds."""

    size: tuple[float, float]  # the strip: length along the row, height across the panels
    panels: tuple[tuple[str, float, float], ...]  # name, y from, y to (strip-local)
    folds: tuple[tuple[float, str], ...]  # y, "valley" or "mountain"
    row: float  # length of the row the stand holds, clearances included
    ledge: float  # depth the tiles stand in


def plan(tile: tuple[float, float], count: int, clearance: float) -> StandPlan:
    w, h = tile
    row = count * w + (count + 1) * clearance
    lip = min(mm(4), 0.08 * h)  # low, so the labels at the tiles' feet stay in view
    ledge = TILE_THICKNESS + 2 * clearance
    rest = 0.55 * h  # supports the tile above its middle
    # The base reaches well behind the leaning tiles' weight, and no further: a strip for
    # 50 mm tiles stays under 94 mm deep, so two lie side by side on A4 at 3 mm bleed.
    base = 0.4 * h
    # The back closes the triangle from the top of the rest to the back of the base.
    top_x, top_y = rest * math.cos(LEAN), rest * math.sin(LEAN)
    back = math.hypot(base - top_x, top_y)
    glue = min(mm(8), base * 0.5)  # a paper glue tab's usual width
    names = (
        ("glue", glue),
        ("base", base),
        ("back", back),
        ("rest", rest),
        ("ledge", ledge),
        ("lip", lip),
    )
    panels, y = [], 0.0
    for name, depth in names:
        panels.append((name, y, y + depth))
        y += depth
    # Printed side out. The triangle's corners fold away from the printed side (mountain),
    # and so does the glue tab, which goes up inside the rest; the ledge and the lip fold
    # toward it (valley), so the tiles stand on printed card.
    kinds = ("mountain", "mountain", "mountain", "valley", "valley")
    folds = tuple((panels[i][2], kinds[i]) for i in range(len(panels) - 1))
    return StandPlan((row, y), tuple(panels), folds, row, ledge)


class Holds(Section):
    """What a stand holds: a row of `count` items of another component."""

    component = Field(Text(), help="the component whose items it holds")
    count = Field(Whole(1, 1000), 1, help="how many items stand in its row")
    clearance = Field(Length(0), mm(1), help="the room beside each held item")


class Settings(Details):
    """A stand's own key: what it holds."""

    held = Field(
        Nested(Holds), help="the component it holds, how many, with what room", key="holds"
    )

    @property
    def holds(self) -> str:
        return self.held.component or ""

    @property
    def count(self) -> int:
        return self.held.count

    @property
    def clearance(self) -> float:
        return self.held.clearance


def settings(component: Component) -> Settings:
    """This kind's settings of a component of this kind (read by `read` at load time)."""
    assert isinstance(component.details, Settings)
    return component.details


@register
class Stand(Kind):
    """A fold-up stand takes its size from the items it holds. The component's layout
    decorates the back panel (the one the other players see); the glue tab, the base and
    the rest carry the item's `legend` texts, and a side view shows how it folds."""

    name = "stand"
    guides = "none"  # it draws its own cut outline: crop marks would only take room
    backs = False
    takes_back = False
    safe_zone = None
    sized = False
    settings = Settings

    def refers(self, component: Component) -> tuple[str, ...]:
        return (settings(component).holds,)

    def strip(self, component: Component, game: Game) -> StandPlan:
        held = game.component(settings(component).holds)
        assert held is not None  # the checks made sure it exists
        return plan(held.size, settings(component).count, settings(component).clearance)

    def trim(self, component: Component, game: Game) -> tuple[float, float]:
        return self.strip(component, game).size

    def folds(self, component: Component, game: Game, bleed: float = 0.0) -> tuple[Line, ...]:
        width = self.trim(component, game)[0]
        return tuple(
            (-bleed, y, width + bleed, y, style) for y, style in self.strip(component, game).folds
        )

    plan_reads = ("legend",)  # glue, rest: a panel's label; lines; step1 .. step3

    def plan(
        self, component: Component, game: Game, bleed: float, data: Mapping[str, object]
    ) -> Plan:
        strip = self.strip(component, game)
        panels = {name: (y0, y1) for name, y0, y1 in strip.panels}
        length, height = strip.size
        y0, y1 = panels["back"]
        g0, g1 = panels["glue"]
        b0, b1 = panels["base"]
        r0, r1 = panels["rest"]
        given = data.get("legend")  # the item's words by panel, in this language
        legend: Mapping[str, object] = given if isinstance(given, dict) else {}
        # Folded, the rest's top edge is the one at the ledge: its label is turned to match.
        boxes: list[PlannedBox] = [
            (
                name,
                "text",
                rect,
                (("colour", "#555555"), ("rotate", turn), ("size", 8), ("text", str(legend[name]))),
            )
            for name, rect, turn in (
                ("glue", (0.0, g0, length, g1 - g0), 0),
                ("rest", (mm(4), r0, length - mm(8), r1 - r0), 180),
            )
            if legend.get(name)
        ]
        boxes += _steps(
            strip.panels, (mm(4), b0 + mm(1.5), length - mm(8), b1 - b0 - mm(3)), legend
        )
        cut = tuple(
            (x1, y1, x2, y2, "cut")
            for x1, y1, x2, y2 in (
                (0, 0, length, 0),
                (length, 0, length, height),
                (length, height, 0, height),
                (0, height, 0, 0),
            )
        )
        gx, gy, gw, gh = (-bleed, g0 - bleed, length + 2 * bleed, g1 - g0 + bleed)
        glue = (((gx, gy), (gx + gw, gy), (gx + gw, gy + gh), (gx, gy + gh)),)
        return Plan(
            (Layer(translate(0.0, y0), (length, y1 - y0)),),
            (),
            self.folds(component, game, bleed) + cut,
            tuple(boxes),
            (glue,),
        )


STEPS = 3  # the folding told in drawings: crease, glue the tab inside the rest, fill


def _steps(
    panels: tuple[tuple[str, float, float], ...], rect: Rect, legend: Mapping[str, object]
) -> list[PlannedBox]:
    """Across the base panel (`rect`): the legend of the lines, then each step of the
    folding drawn from the strip's own panels, its words (`legend` step1 ..) beside it."""
    x, y, w, h = rect
    words = {"colour": "#333333", "size": 7.5, "min-size": 7, "valign": "middle"}
    lines = mm(30) if legend.get("lines") else 0.0
    boxes: list[PlannedBox] = []
    if lines:
        text = {**words, "text": str(legend["lines"])}
        boxes.append(("lines", "paragraph", (x, y, lines, h), tuple(sorted(text.items()))))
    cell = (w - lines) / STEPS
    sketch = min(mm(24), cell * 0.45)
    for n in range(1, STEPS + 1):
        left = x + lines + (n - 1) * cell
        art = (("motif", "stand-profile"), ("panels", panels), ("step", n))
        boxes.append((f"step{n}-drawing", "art", (left, y, sketch, h), art))
        if legend.get(f"step{n}"):
            text = {**words, "text": f"<b>{n}</b>  {legend[f'step{n}']}"}
            rect = (left + sketch + mm(1), y, cell - sketch - mm(3), h)
            boxes.append((f"step{n}", "paragraph", rect, tuple(sorted(text.items()))))
    return boxes
