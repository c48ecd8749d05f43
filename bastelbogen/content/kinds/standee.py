"""A printable stand-up figure: one strip, folded at the head and at both feet.

From the bottom: a base tab, the front figure, the back figure upside down, a second base
tab. Fold at the head and glue the figures back to back; fold the tabs out to opposite
sides (or slot them into a stand) so the figure stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bastelbogen.content.kinds import Kind, Layer, Line, Plan, register
from bastelbogen.content.models import Component, Details, Game
from bastelbogen.core.declare import Field, Length
from bastelbogen.core.geometry import Matrix, Rect, compose, rotate_quarter, translate
from bastelbogen.core.units import mm


@dataclass(frozen=True)
class StandeePlan:
    """A standee's strip: where its figure's front and back, bases and folds lie."""

    front: Matrix  # figure-local -> strip-local
    back: Matrix
    bases: tuple[Rect, Rect]
    folds: tuple[float, ...]  # y of each fold line, strip-local


def trim_size(figure: tuple[float, float], base: float) -> tuple[float, float]:
    w, h = figure
    return w, 2 * h + 2 * base


def plan(figure: tuple[float, float], base: float) -> StandeePlan:
    w, h = figure
    front = translate(0.0, base)
    back = compose(translate(0.0, base + h), rotate_quarter(2, w, h))
    bases = ((0.0, 0.0, w, base), (0.0, base + 2 * h, w, base))
    return StandeePlan(front, back, bases, (base, base + h, base + 2 * h))


class Settings(Details):
    """A standee's own keys: the depth of its bases."""

    base = Field(Length(0), mm(15), help="the depth of each foot tab")


def settings(component: Component) -> Settings:
    """This kind's settings of a component of this kind (read by `read` at load time)."""
    assert isinstance(component.details, Settings)
    return component.details


@register
class Standee(Kind):
    """The figure's size is the component's; the strip is twice as tall plus the tabs.
    Front and back figures are printed on the one strip, so there is no back page."""

    name = "standee"
    backs = False
    safe_zone = None
    settings = Settings

    def trim(self, component: Component, game: Game) -> tuple[float, float]:
        return trim_size(component.size, settings(component).base)

    def folds(self, component: Component, game: Game, bleed: float = 0.0) -> tuple[Line, ...]:
        width = component.size[0]
        # Printed side out, the head folds away from the print (the figures' backs meet):
        # a mountain fold; each foot folds out toward its figure's print: a valley fold.
        foot, head, other_foot = plan(component.size, settings(component).base).folds
        return tuple(
            (-bleed, y, width + bleed, y, style)
            for y, style in ((foot, "valley"), (head, "mountain"), (other_foot, "valley"))
        )

    front_shows_back = True  # folded: the figure's back is printed beside its front

    def plan(
        self, component: Component, game: Game, bleed: float, data: Mapping[str, object]
    ) -> Plan:
        strip = plan(component.size, settings(component).base)
        # The foot tabs run into the bleed on their outer sides, like any art at a cut.
        (x0, y0, w0, h0), (x1, y1, w1, h1) = strip.bases
        tabs = (
            (x0 - bleed, y0 - bleed, w0 + 2 * bleed, h0 + bleed),
            (x1 - bleed, y1, w1 + 2 * bleed, h1 + bleed),
        )
        layers = (
            Layer(strip.front, component.size),
            Layer(strip.back, component.size, "back", label="figure back"),
        )
        return Plan(layers, tabs, self.folds(component, game, bleed))
