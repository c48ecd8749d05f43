"""Components and their items, as the game file writes them."""

from __future__ import annotations

from pathlib import Path

from bastelbogen.content.kinds import GUIDES, KINDS, Kind
from bastelbogen.content.models import Component, ItemSpec, Table
from bastelbogen.content.rows import RowsKeys, items_from
from bastelbogen.content.schema import WORDS, Later, words
from bastelbogen.content.select import read_each
from bastelbogen.content.shaping import parse_shape, shape_schema
from bastelbogen.core.declare import (
    Choice,
    Field,
    Flag,
    Json,
    Keys,
    Length,
    ListOf,
    MapOf,
    Section,
    Size,
    Text,
    Type,
    Whole,
    optional,
    type_name,
)
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.names import slug_problem
from bastelbogen.core.shapes import Shape
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import mm

Langs = tuple[str, ...]  # the game's languages, the first its main one
RESERVED_IDS = ("rules",)  # file names the kit writes itself (rules.pdf)


GUIDES_WHY = "crop marks outside the grid, thin cut lines on the art, or nothing"


class KindName(Type[str]):
    """A registered kind of component."""

    shown = "a kind of component"

    def __call__(self, value: object) -> str:
        if not isinstance(value, str) or value not in KINDS:
            raise ValueError(f"must be one of {', '.join(KINDS)}; got {type_name(value)}")
        return value

    def schema(self) -> Json:
        return {"enum": list(KINDS)}


class Blocks(Type[tuple[int, int]]):
    shown = "[columns, rows], like [2, 3]"

    def __call__(self, value: object) -> tuple[int, int]:
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)
        ):
            raise ValueError("must be [columns, rows], like [2, 3]")
        return value[0], value[1]

    def schema(self) -> Json:
        return ListOf(Whole(1), 2, 2).schema()


def _items_schema() -> Json:
    item = {
        "type": "object",
        "properties": {
            "id": {"type": ["string", "number"]},
            "count": Whole(1).schema(),
            "each": {"type": "object", "additionalProperties": {"type": "array"}},
        },
    }
    return {"anyOf": [{"type": "array", "items": item}, RowsKeys.schema()]}


class ComponentKeys(Section):
    """The keys every component takes; its kind declares its own (kinds/)."""

    what = "a component"
    id = Field(Text(), help="the component's id: the name of its files")
    kind = Field(KindName(), "card", help="what kind of piece it is")
    name = optional(WORDS, help="its name in the game's languages (default: its id)")
    face = Field(Text(), help="the layout of its front, as GAME/NAME in templates/")
    back = optional(Text(), help="the layout printed behind its front")
    shape = optional(Later("a shape", shape_schema), help="where it is cut (default: rect)")
    guides = optional(Choice(*GUIDES, why=GUIDES_WHY), help="its cut guides (default: the kind's)")
    marks = optional(
        Flag(),
        help="the old name of guides: true is crop, false none",
        old="write guides: crop or guides: none",
    )
    safe = optional(Length(), help="how far inside the cut text stays (default 3mm)")
    item_id = optional(Text(), help="a pattern that names each item ({{ id }}, fields)")
    refs = optional(MapOf(Text()), help="item fields that name a row of a table")
    whole = Field(Flag(), False, help="printed as one file whose last sheet is not shared")
    blocks = optional(Blocks(), help="items laid in blocks of [columns, rows]")
    items = Field(Later("the items", _items_schema), help="its items, or {from: TABLE}")


class SizeKeys(Section):
    size = Field(Size(), help="its trim: poker, standard, … or [width, height]")


def component(
    data: object,
    loc: Loc,
    folder: Path,
    problems: Collector,
    langs: tuple[str, ...],
    tables: dict[str, Table] | None = None,
) -> Component:
    keys = Keys(data, "a component", problems, loc)
    c = ComponentKeys.read_from(keys)
    cid = c.id or "?"
    _check_id(c, cid, problems)
    keys.what = f"component '{cid}'"
    sort = KINDS.get(c.kind or "card") or KINDS["card"]  # an unknown kind is told
    size = _size(keys, sort)
    if c.back is not None and not sort.takes_back:
        problems.add(c.value_loc("back"), f"a {sort.name} has no back; leave out 'back'")
    shape = parse_shape(c.shape, c.value_loc("shape"), problems, folder, size)
    guides = _guides(c, sort, shape, problems)
    safe = _safe(c, sort, size, problems)
    refs = tuple((k, v) for k, v in (c.refs or {}).items())
    details = sort.read(keys)
    items, more = _items(c, cid, tables or {}, problems, langs)
    refs += tuple(r for r in more if r not in refs)
    keys.done()
    return Component(
        cid,
        c.kind or "card",
        words(c, "name", problems, langs, cid),
        size,
        c.face or "",
        c.back,
        items,
        refs,
        c.item_id,
        guides,
        details,
        loc,
        c.value_loc("face"),
        c.value_loc("back"),
        c.blocks,
        c.value_loc("item-id"),
        shape,
        safe,
        whole=c.whole,
    )


def _check_id(c: ComponentKeys, cid: str, problems: Collector) -> None:
    if c.given("id") and (why := slug_problem(cid, "component id")):
        problems.add(c.value_loc("id"), why)
    elif cid in RESERVED_IDS:
        problems.add(
            c.value_loc("id"),
            f"component id '{cid}' is taken by the kit's own {cid}.pdf; choose another",
        )


def _size(keys: Keys, sort: Kind) -> tuple[float, float]:
    """A piece's trim, where its kind is sized (a stand takes it from what it holds)."""
    if not sort.sized:
        return (0.0, 0.0)
    return SizeKeys.read_from(keys).size or (mm(63), mm(88))


def _items(
    c: ComponentKeys, cid: str, tables: dict[str, Table], problems: Collector, langs: Langs
) -> tuple[tuple[ItemSpec, ...], tuple[tuple[str, str], ...]]:
    """(item specs, refs their table adds): written out, or from a table's rows."""
    where = c.value_loc("items")
    if isinstance(c.items, YMap):  # from a table's rows
        return items_from(c.items, where, cid, tables, problems)
    if c.items is not None and not isinstance(c.items, YList):
        problems.add(where, f"'items' must be a list, got {type_name(c.items)}")
        return (), ()
    entries = c.items or YList()
    items = tuple(
        _item(i, entries.item_loc(n), cid, problems, langs) for n, i in enumerate(entries)
    )
    if c.items is not None and not items:
        problems.add(
            where, f"component '{cid}' lists no items; give at least one, like - {{id: first}}"
        )
    return items, ()


def _guides(c: ComponentKeys, sort: Kind, shape: Shape, problems: Collector) -> str:
    """`guides:` (crop, lines or none), or the old `marks: true/false` (crop or none).
    Crop marks where a straight cut helps: round a box grid of pieces, cut to their boxes
    first (cards, rounded corners, polygons, die lines); never across a nest of hexes or
    circles, which no straight cut crosses without entering a piece (they get lines)."""
    default = "lines" if shape.nests and sort.guides == "crop" else sort.guides
    key = "guides" if c.given("guides") else "marks"
    if c.given("guides") and c.given("marks"):
        problems.add(
            c.value_loc("marks"), "'marks' is the old name of 'guides'; give only 'guides'"
        )
    guides = c.guides
    if guides is None:
        guides = default if c.marks is None else "crop" if c.marks else "none"
    if sort.placing == "tiled" and c.given(key):
        problems.add(
            c.value_loc(key),
            f"a {sort.name}'s sheets carry their own crop marks, where they are cut and"
            f" glued; leave out '{key}'",
        )
        return default
    if guides == "crop" and shape.nests and c.given(key):
        problems.add(
            c.value_loc(key),
            f"a {shape.kind} nests on the sheet, where no"
            " straight cut crosses it without entering a piece: crop marks would"
            " mislead; write 'guides: lines' (its outline drawn) or 'guides: none'",
        )
        guides = "lines"
    return guides


def _safe(
    c: ComponentKeys, sort: Kind, size: tuple[float, float], problems: Collector
) -> float | None:
    """`safe:`, how far inside the cut text stays: the kind's default (3 mm) unless given;
    0 lets text reach the cut, never past it; a kind without a safe zone takes none."""
    safe = c.safe
    if safe is None:  # not given, or told already
        return sort.safe_zone
    if sort.safe_zone is None:
        problems.add(
            c.value_loc("safe"),
            f"a {sort.name} keeps no safe zone (its text is placed by the kind); leave out 'safe'",
        )
        return None
    short = min(size) if sort.sized else 0.0
    if safe < 0 or (short and safe * 2 > short):
        problems.add(
            c.value_loc("safe"),
            f"'safe' must lie from 0 to half the piece's short side"
            f" ({short / mm(2):g}mm), got {safe / mm(1):g}mm",
        )
        return sort.safe_zone
    return safe


def _item(data: object, loc: Loc, cid: str, problems: Collector, langs: Langs) -> ItemSpec:
    if not isinstance(data, YMap):
        problems.add(loc, f"an item of component '{cid}' must be a mapping, got {type_name(data)}")
        data = YMap()
        data.loc, data.key_locs, data.value_locs = loc, {}, {}
    count = data.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        problems.add(
            data.value_loc("count"),
            f"'count' must be a whole number from 1, got {type_name(count)}",
        )
        count = 1
    pairs = read_each(data.get("each"), data.value_loc("each"), f"component '{cid}'", problems)
    _check_texts(data, problems, langs)
    return ItemSpec(data, count, pairs, loc)


def _check_texts(node: object, problems: Collector, langs: Langs) -> None:
    """A mapping with a key that is one of the game's languages is a text in several
    languages: it may hold nothing else, and each language holds text or a list of texts."""
    if isinstance(node, YMap):
        given = [k for k in node if k in langs]
        missing = [lang for lang in langs if lang not in node]
        if given and missing:
            problems.add(
                node.loc,
                f"this text has no {', '.join(missing)}; the game is written in {', '.join(langs)}",
            )
        if given:
            for key, value in node.items():
                if key not in langs:
                    problems.add(
                        node.key_loc(key),
                        f"'{key}' stands among the languages"
                        f" {', '.join(given)}; use only the game's languages"
                        f" ({', '.join(langs)}) here",
                    )
                elif isinstance(value, YMap):
                    problems.add(
                        node.value_loc(key),
                        f"the '{key}' text must be text or a list of texts, not a mapping",
                    )
        for value in node.values():
            _check_texts(value, problems, langs)
    elif isinstance(node, YList):
        for value in node:
            _check_texts(value, problems, langs)
