"""What each kind of component is, one module per kind, registered by name.

A kind holds its defaults (cut guides, safe zone, whether a back is printed
behind the front), the keys of its own it reads
from a component, its geometry (the trim, the cut outline as a path, the fold lines, the
layers its faces are drawn in) and the way its items are laid on sheets. A new kind is one
new module here. Hex tiles and round tokens are a shape any kind can take (shapes.py), not
kinds.

Kinds are vocabulary and geometry: they use geometry.py and units but nothing that lays
out, draws or writes, so every stage of the pipeline may ask them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bastelbogen.content.models import Component, Details, Game, Item
from bastelbogen.core.declare import Keys
from bastelbogen.core.errors import Collector
from bastelbogen.core.geometry import IDENTITY, Matrix, Rect
from bastelbogen.core.registry import Registry
from bastelbogen.core.shapes import outline as shape_outline
from bastelbogen.core.units import mm

# How far inside the cut text stays unless a component says otherwise (`safe:`): the one
# default of the safe zone, for the layout's check, a shaped piece's and the proof's.
SAFE_ZONE = mm(3)
GUIDES = ("crop", "lines", "none")  # a component's cut guides (`guides:`)

Outline = tuple[tuple[tuple[float, float], ...], ...]  # closed loops, item-local points
Line = tuple[float, float, float, float, str]  # x1, y1, x2, y2, style (valley, cut, ...)
Params = tuple[tuple[str, object], ...]  # a box's params as (key, value) pairs, as Box keeps them
PlannedBox = tuple[str, str, Rect, Params]  # name, painter, rect, params


@dataclass(frozen=True)
class Layer:
    """A region of an item's side drawn by one layout (a standee's figure and its back are
    two): `layout` is "side" (the layout of
    the side being drawn) or "back" (the component's back layout, else the side's)."""

    matrix: Matrix
    size: tuple[float, float]
    layout: str = "side"
    safe: bool = False  # text kept inside the safe zone
    label: str = ""  # how messages name this layer, if not by the side
    extra: tuple[tuple[str, object], ...] = ()  # names its layout sees besides the item's


@dataclass(frozen=True)
class Plan:
    """Everything drawn on one side of one item, as geometry."""

    layers: tuple[Layer, ...]
    tabs: tuple[Rect, ...] = ()  # tinted areas (a standee's feet), bleed included
    lines: tuple[Line, ...] = ()  # folds and drawn cuts, item-local
    boxes: tuple[PlannedBox, ...] = ()  # drawn by the kind itself, not its layout
    glue: tuple[Outline, ...] = ()  # glue areas (a bench's tab, a die's), each its loops


class Kind:
    name = ""
    guides = "crop"  # its cut guides unless the component says (GUIDES; a nest: lines)
    safe_zone: float | None = SAFE_ZONE  # text kept this far inside the cut; None: unchecked
    backs = True  # a back layout is printed behind the front
    takes_back = True  # whether `back:` means anything (a standee's is its figure's back)
    shares = True  # a few left over may go onto shared sheets with other small parts
    cut_out = True  # cut from the sheet (a page to write on is not): print-then-cut marks
    sized = True  # the component names its size (a stand takes it from what it holds)
    placing = "grid"  # how items go on sheets: grid (imposition) or tiled (boards)
    paper = "card"  # what PRINT.txt says to print it on: card, board or plain (words paper-*)
    dealt = False  # dealt from a deck: what a print shop's card products and --fit take
    rolls = False  # thrown to read its top face: a table simulator's die
    settings: type[Details] | None = None  # the kind's own keys in a component, declared

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self.settings.fields) if self.settings else ()

    def read(self, keys: Keys) -> Details | None:
        """The kind's own settings from a component's keys (None if it has none)."""
        return self.settings.read_from(keys) if self.settings else None

    def check_items(
        self, game: Game, component: Component, items: list[Item], problems: Collector
    ) -> None:
        """What the kind asks of its items' data (a die's six faces), told at their lines."""

    def refers(self, component: Component) -> tuple[str, ...]:
        """Components this one is made from (a stand, from what it holds)."""
        return ()

    def trim(self, component: Component, game: Game) -> tuple[float, float]:
        return component.size

    def outline(self, component: Component, game: Game) -> Outline:
        """Where the item is cut, item-local: its shape within its trim."""
        return shape_outline(component.shape, *self.trim(component, game))

    def shaped(self, component: Component) -> bool:
        """Whether it is cut along an outline other than its trim box (a hex, a die net):
        its art is clipped to that outline and a thin cut line drawn along it."""
        return component.shape.kind != "rect"

    def folds(self, component: Component, game: Game, bleed: float = 0.0) -> tuple[Line, ...]:
        return ()

    def keep_whole(self, component: Component) -> tuple[Rect, ...]:
        """A tiled item's areas no glue seam may cross, item-local (a board's labels)."""
        return ()

    def keeps_safe(self, component: Component) -> bool:
        """Whether its text keeps a safe zone (`component.safe` wide), whatever its guides."""
        return component.safe is not None

    def bleeds(self, component: Component) -> bool:
        """Whether its art runs into the build's bleed: every piece cut out, whatever its
        guides; a page to write on only when it is given guides to cut it by."""
        return self.cut_out or self.shaped(component) or component.guides != "none"

    def draws_cut(self, component: Component) -> bool:
        """Whether a thin cut line is drawn on the art along its cut outline: asked for
        (`guides: lines`), or a shaped piece's outline beside its crop marks."""
        return component.guides == "lines" or (
            component.guides == "crop" and self.shaped(component)
        )

    plan_reads: tuple[str, ...] = ()  # the item's values `plan` reads (its face's are known)

    def reads(self, component: Component) -> tuple[str, ...]:
        """The context's names `plan` reads for this component."""
        return self.plan_reads

    front_shows_back = False  # a front's plan has layers drawn from the back layout

    def plan(
        self, component: Component, game: Game, bleed: float, data: Mapping[str, object]
    ) -> Plan:
        # `data` is the item's context as its layouts see it (layout/faces.context).
        trim = self.trim(component, game)
        return Plan((Layer(IDENTITY, trim, "side", self.keeps_safe(component)),))


KINDS: Registry[Kind] = Registry("kind", group="bastelbogen.kinds")


def register(cls: type[Kind]) -> type[Kind]:
    KINDS.add(cls.name, cls())
    return cls


def kind_of(component: Component) -> Kind:
    return KINDS[component.kind]


# Every module of this package is a kind and registers itself: a new kind is a new module
# here, and nothing else changes.
KINDS.discover(__name__)
