"""A printable six-sided die, as geometry: the cross-shaped net of six faces with seven glue
tabs, its cut outline (one closed path round faces and tabs) and its folds.

    kind: die
    edge: 20mm          the cube's edge (default 20 mm)
    faces: TABLE        optional: each face an item gives names a row of TABLE

The net, faces counted from the top: the 3 above the 1, then 2 1 5 6 in a row, the 4
below the 1, so opposite faces add up to 7. One tab for each pair of edges that meet when
folded.

Without faces of its own, the component's face layout draws the whole net (MuseO's
`die-net` motif paints the pips). An item that gives six faces, `faces: [...]` or columns
`face1` … `face6` (a table's row), has its layout drawn once on each face instead, an
edge × edge square, with `face` (that face's value, or with `faces: TABLE` the row of
TABLE it names) and `index` (1-6) in its context. Face n lies where the pips n would, so
the designer's 1st and 6th, 2nd and 5th, 3rd and 4th faces end up opposite. Every face is
drawn upright on the net: folded, the row 2 1 5 6 stands upright round the cube and the 3
and the 4 read upright when the cube is tipped toward them from the 1, so no face needs
turning.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from bastelbogen.content.kinds import Kind, Layer, Line, Outline, Plan, register
from bastelbogen.content.models import Component, Details, Game, Item
from bastelbogen.core.declare import Field, Length, Text, optional
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.geometry import IDENTITY, translate
from bastelbogen.core.units import mm

# (column, row from the top, value): opposite faces add up to 7.
FACES = ((1, 0, 3), (0, 1, 2), (1, 1, 1), (2, 1, 5), (3, 1, 6), (1, 2, 4))
# (column, row, side) of each glue tab.
TABS = (
    (0, 1, "top"),
    (0, 1, "bottom"),
    (2, 1, "top"),
    (2, 1, "bottom"),
    (3, 1, "top"),
    (3, 1, "bottom"),
    (3, 1, "right"),
)
SIDES = 6
FACE_FIELDS = tuple(f"face{n}" for n in range(1, SIDES + 1))  # a die's faces as columns
TAB_DEPTH = 0.28  # of the edge: deep enough to glue, shallow enough not to meet inside
TAB_SLANT = 0.18  # of the edge, cut off each end so the tabs clear each other when folded


@dataclass(frozen=True)
class Net:
    """A die's net laid flat: its faces, glue tabs and outline."""

    size: tuple[float, float]  # the trim: the net's bounding box
    faces: tuple[tuple[float, float, int], ...]  # lower-left corner of each face, its value
    tabs: tuple[tuple[tuple[float, float], ...], ...]  # each tab's corners
    outline: tuple[tuple[float, float], ...]  # counter-clockwise round faces and tabs
    folds: tuple[tuple[float, float, float, float], ...]


def face_corner(s: float, col: int, row: int) -> tuple[float, float]:
    return col * s, (2 - row) * s


@cache
def net(s: float) -> Net:
    """The net of a die with edge `s` (points), item-local with y up."""
    from shapely.geometry import Polygon, box
    from shapely.geometry.polygon import orient
    from shapely.ops import unary_union

    squares = [
        box(*face_corner(s, c, r), *(v + s for v in face_corner(s, c, r))) for c, r, _ in FACES
    ]
    tabs = tuple(_tab(s, *t) for t in TABS)
    shape = orient(unary_union(squares + [Polygon(t) for t in tabs]).simplify(0), 1.0)
    outline = tuple((round(x, 6), round(y, 6)) for x, y in shape.exterior.coords[:-1])
    edges: dict[tuple[float, float, float, float], int] = {}
    for c, r, _ in FACES:  # an edge two faces share is a fold; so is each tab's base
        x, y = face_corner(s, c, r)
        for edge in (
            (x, y, x + s, y),
            (x, y + s, x + s, y + s),
            (x, y, x, y + s),
            (x + s, y, x + s, y + s),
        ):
            key = (round(edge[0], 6), round(edge[1], 6), round(edge[2], 6), round(edge[3], 6))
            edges[key] = edges.get(key, 0) + 1
    folds = [e for e, n in edges.items() if n > 1]
    folds += [(*t[0], *t[-1]) for t in tabs]
    return Net(
        (4 * s + TAB_DEPTH * s, 3 * s),
        tuple((*face_corner(s, c, r), v) for c, r, v in FACES),
        tabs,
        outline,
        tuple(folds),
    )


def _tab(s: float, col: int, row: int, side: str) -> tuple[tuple[float, float], ...]:
    """A tab's corners from one end of its base, out and along, back to the other end."""
    x, y = face_corner(s, col, row)
    a, b = {
        "top": ((x, y + s), (x + s, y + s)),
        "bottom": ((x, y), (x + s, y)),
        "right": ((x + s, y), (x + s, y + s)),
    }[side]
    ox, oy = {"top": (0, 1), "bottom": (0, -1), "right": (1, 0)}[side]
    ux, uy = (b[0] - a[0]) / s, (b[1] - a[1]) / s
    d, k = TAB_DEPTH * s, TAB_SLANT * s
    return (
        a,
        (a[0] + ox * d + ux * k, a[1] + oy * d + uy * k),
        (b[0] + ox * d - ux * k, b[1] + oy * d - uy * k),
        b,
    )


def faces_of(data: Mapping[str, object]) -> list[object] | None:
    """A die's own six faces, in order 1-6, from its `faces` or its `face1` … `face6`;
    None when it gives none (its layout draws the whole net)."""
    if "faces" in data:
        faces = data["faces"]
        return list(faces) if isinstance(faces, list | tuple) else [faces]
    if any(name in data for name in FACE_FIELDS):
        return [data.get(name) for name in FACE_FIELDS]
    return None


def check_faces(component: Component, items: list[Item], problems: Collector) -> None:
    """Six faces, written one way, and every die of the component with or without them
    (its one layout draws either a face or the whole net)."""
    given = [item for item in items if faces_of(item.data) is not None]
    for item in given:
        if why := _faces_problem(item):
            problems.add(item.loc, why)
    if given and len(given) < len(items):
        bare = next(item for item in items if faces_of(item.data) is None)
        problems.add(
            bare.loc,
            f"die '{bare.id}' has no faces while '{given[0].id}' has six; give every die of"
            f" component '{component.id}' its 'faces' (its layout draws one face)",
        )


def _faces_problem(item: Item) -> str | None:
    """What is wrong with the faces a die gives: both ways, a list not of six, or some of
    `face1` … `face6` but not all."""
    data = item.data
    if "faces" in data and any(name in data for name in FACE_FIELDS):
        return f"die '{item.id}' gives 'faces' and 'face1' … 'face6'; keep one of them"
    if "faces" in data:
        faces = data["faces"]
        if isinstance(faces, list | tuple) and len(faces) == SIDES:
            return None
        got = f"{len(faces)}" if isinstance(faces, list | tuple) else "one value"
        return f"die '{item.id}': 'faces' must be a list of six faces (1 to 6), got {got}"
    missing = [name for name in FACE_FIELDS if name not in data]
    if missing:
        return f"die '{item.id}' gives some faces but not {', '.join(missing)}"
    return None


def check_rows(
    game: Game, component: Component, table: str, items: list[Item], problems: Collector
) -> None:
    """`faces: TABLE` names a table, and every face of every die one of its rows."""
    found = game.tables.get(table)
    if found is None:
        problems.add(
            settings(component).table_loc or component.loc,
            f"die '{component.id}': 'faces' names table '{table}', which does not exist"
            f" (tables: {', '.join(game.tables) or 'none'})",
        )
        return
    for item in items:
        faces = faces_of(item.data)
        if faces is None:
            if item.copy == 1:
                problems.add(
                    item.loc,
                    f"die '{item.id}' has no faces to name rows of table '{table}': give it"
                    " 'faces: [...]' or 'face1' … 'face6'",
                )
            continue
        wrong = [f"{n} '{face}'" for n, face in enumerate(faces, 1) if face not in found.by_id]
        if wrong and item.copy == 1:
            problems.add(
                item.loc,
                f"die '{item.id}': face {', '.join(wrong)} is not in table '{table}'"
                f" (ids: {', '.join(sorted(map(str, found.by_id)))})",
            )


class Settings(Details):
    """A die's own keys: its edge, and the table its faces may name."""

    edge = Field(Length(5, 60), mm(20), help="the cube's edge")
    table = optional(Text(), help="a table whose rows each face names", key="faces")

    @property
    def table_loc(self) -> Loc | None:
        return self.value_loc("faces") if self.table else None


def settings(component: Component) -> Settings:
    """This kind's settings of a component of this kind (read by `read` at load time)."""
    assert isinstance(component.details, Settings)
    return component.details


@register
class Die(Kind):
    """Cut along its outline (no crop marks), folded printed side out: every fold is a
    mountain fold."""

    name = "die"
    rolls = True
    guides = "lines"  # its net's outline
    backs = False
    takes_back = False
    safe_zone = None
    sized = False
    settings = Settings

    def shaped(self, component: Component) -> bool:
        return True

    def trim(self, component: Component, game: Game) -> tuple[float, float]:
        return net(settings(component).edge).size

    def outline(self, component: Component, game: Game) -> Outline:
        return (net(settings(component).edge).outline,)

    def folds(self, component: Component, game: Game, bleed: float = 0.0) -> tuple[Line, ...]:
        return tuple((*f, "mountain") for f in net(settings(component).edge).folds)

    def check_items(
        self, game: Game, component: Component, items: list[Item], problems: Collector
    ) -> None:
        check_faces(component, items, problems)
        table = settings(component).table
        if table is not None:
            check_rows(game, component, table, items, problems)

    plan_reads = ("faces", *FACE_FIELDS)

    def reads(self, component: Component) -> tuple[str, ...]:
        # Faces that are rows read the game's tables (in the language being drawn).
        return self.plan_reads + (("tables",) if settings(component).table else ())

    def plan(
        self, component: Component, game: Game, bleed: float, data: Mapping[str, object]
    ) -> Plan:
        edge = settings(component).edge
        the_net = net(edge)
        faces = faces_of(data)
        table = settings(component).table
        if faces is not None and table is not None:  # each face its row, in this language
            tables = data.get("tables")  # always the context's own: rows by id, per table
            rows = tables.get(table, {}) if isinstance(tables, dict) else {}
            faces = [rows.get(face, face) for face in faces]
        layers: tuple[Layer, ...] = (Layer(IDENTITY, self.trim(component, game)),)
        if faces is not None and len(faces) == SIDES:
            # Each face's layout fills its square exactly (no bleed into its neighbours).
            layers = tuple(
                Layer(
                    translate(x, y),
                    (edge, edge),
                    label=f"face {n}",
                    extra=(("face", faces[n - 1]), ("index", n), ("bleed", 0.0)),
                )
                for x, y, n in sorted(the_net.faces, key=lambda f: f[2])
            )
        return Plan(
            layers,
            (),
            self.folds(component, game, bleed),
            glue=tuple((tab,) for tab in the_net.tabs),  # hatched under the faces' art
        )
