"""Components and their items, as the game file writes them."""

from __future__ import annotations

from pathlib import Path

from bastelbogen.content.dielines import die_line
from bastelbogen.content.kinds import GUIDES, KINDS, Kind
from bastelbogen.content.models import Component, ItemSpec
from bastelbogen.content.rows import items_from
from bastelbogen.content.schema import Fields, list_of, read_text, type_name
from bastelbogen.content.select import read_each
from bastelbogen.core import limits
from bastelbogen.core.errors import Collector, Loc
from bastelbogen.core.names import slug_problem
from bastelbogen.core.shapes import KINDS as SHAPE_KINDS
from bastelbogen.core.shapes import RECT, Shape, polygon_problem
from bastelbogen.core.source import YList, YMap
from bastelbogen.core.units import CARD_SIZES_MM, mm, parse_length

RESERVED_IDS = ("rules",)  # file names the kit writes itself (rules.pdf)


def parse_size(value, loc: Loc, problems: Collector) -> tuple[float, float]:
    if value is None:  # missing: reported where the key is read
        return mm(63), mm(88)
    if isinstance(value, str) and value in CARD_SIZES_MM:
        w, h = CARD_SIZES_MM[value]
        return mm(w), mm(h)
    if isinstance(value, YList) and len(value) == 2:
        try:
            w, h = (parse_length(v) for v in value)
            if 0 < w <= mm(limits.MAX_LENGTH_MM) and 0 < h <= mm(limits.MAX_LENGTH_MM):
                return w, h
        except ValueError as exc:
            problems.add(loc, f"size: {exc}")
            return mm(63), mm(88)
    names = ", ".join(CARD_SIZES_MM)
    problems.add(
        loc,
        f"size must be one of {names} or two lengths above 0 and at most"
        f" {limits.MAX_LENGTH_MM:g}mm, [width, height] like [50mm, 20mm];"
        f" got {type_name(value)}",
    )
    return mm(63), mm(88)


def component(
    data,
    loc: Loc,
    folder: Path,
    problems: Collector,
    langs: tuple[str, ...],
    tables: dict | None = None,
) -> Component:
    f = Fields(data, "a component", problems, loc)
    cid = f.get("id", str) or "?"
    if "id" in f.data and (why := slug_problem(cid, "component id")):
        problems.add(f.value_loc("id"), why)
    elif cid in RESERVED_IDS:
        problems.add(
            f.value_loc("id"),
            f"component id '{cid}' is taken by the kit's own {cid}.pdf; choose another",
        )
    f.what = f"component '{cid}'"
    kind = f.get("kind", str)
    if kind is not None and kind not in KINDS:
        problems.add(f.value_loc("kind"), f"kind '{kind}' is not one of {', '.join(KINDS)}")
    name = read_text(f, "name", problems, langs, default=cid)
    sort = KINDS.get(kind or "card") or KINDS["card"]  # an unknown kind is told above
    size = parse_size(f.raw("size"), f.value_loc("size"), problems) if sort.sized else (0.0, 0.0)
    face = f.get("face", str) or ""
    back = f.get("back", str, None)
    if back is not None and not sort.takes_back:
        problems.add(f.value_loc("back"), f"a {sort.name} has no back; leave out 'back'")
    shape = parse_shape(f.raw("shape", None), f.value_loc("shape"), problems, folder, size)
    guides = _guides(f, sort, shape, problems)
    safe = _safe(f, sort, size, problems)
    id_pattern = f.get("item-id", str, None)
    refs_raw = f.get("refs", YMap, None) or {}
    refs = tuple((k, str(v)) for k, v in refs_raw.items())
    details = sort.read(f, problems)
    # A deck a family prints as one file: its last sheet is not offered to the parts sheets.
    whole = f.get("whole", bool, False)
    block = f.get("blocks", YList, None)
    if block is not None and not (
        len(block) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in block)
    ):
        problems.add(f.value_loc("blocks"), "'blocks' must be [columns, rows], like [2, 3]")
        block = None
    if isinstance(f.data.get("items"), YMap):  # from a table's rows
        f.known.append("items")
        items, more = items_from(f.data["items"], f.value_loc("items"), cid, tables or {}, problems)
        refs += tuple(r for r in more if r not in refs)
    else:
        items = tuple(_item(i, iloc, cid, problems, langs) for i, iloc in list_of(f, "items"))
    if "items" in f.data and isinstance(f.data["items"], YList) and not items:
        problems.add(
            f.value_loc("items"),
            f"component '{cid}' lists no items; give at least one, like - {{id: first}}",
        )
    f.done()
    return Component(
        cid,
        kind or "card",
        name,
        size,
        face,
        back,
        items,
        refs,
        id_pattern,
        guides,
        details,
        loc,
        f.value_loc("face"),
        f.value_loc("back"),
        tuple(block) if block else None,
        f.value_loc("item-id"),
        shape,
        safe,
        whole=bool(whole),
    )


def _guides(f: Fields, sort: Kind, shape: Shape, problems: Collector) -> str:
    """`guides:` (crop, lines or none), or the old `marks: true/false` (crop or none).
    Crop marks where a straight cut helps: round a box grid of pieces, cut to their boxes
    first (cards, rounded corners, polygons, die lines); never across a nest of hexes or
    circles, which no straight cut crosses without entering a piece (they get lines)."""
    default = "lines" if shape.nests and sort.guides == "crop" else sort.guides
    guides = f.get("guides", str, None)
    marks = f.get("marks", bool, None)  # deprecated: guides says it in words
    key = "guides" if guides is not None else "marks"
    if guides is not None and marks is not None:
        problems.add(
            f.data.key_loc("marks"),
            "'marks' is the old name of 'guides'; give only 'guides'",
        )
    if guides is not None and guides not in GUIDES:
        problems.add(
            f.value_loc("guides"),
            f"guides must be one of {', '.join(GUIDES)} (crop marks outside the grid,"
            f" thin cut lines on the art, or nothing); got '{guides}'",
        )
        guides = None
    if guides is None:
        guides = default if marks is None else "crop" if marks else "none"
    if sort.placing == "tiled" and key in f.data:
        problems.add(
            f.value_loc(key),
            f"a {sort.name}'s sheets carry their own crop marks, where they are cut and"
            f" glued; leave out '{key}'",
        )
        return default
    if guides == "crop" and shape.nests and key in f.data:
        problems.add(
            f.value_loc(key),
            f"a {shape.kind} nests on the sheet, where no"
            " straight cut crosses it without entering a piece: crop marks would"
            " mislead; write 'guides: lines' (its outline drawn) or 'guides: none'",
        )
        guides = "lines"
    return guides


def _safe(f: Fields, sort: Kind, size: tuple[float, float], problems: Collector) -> float | None:
    """`safe:`, how far inside the cut text stays: the kind's default (3 mm) unless given;
    0 lets text reach the cut, never past it; a kind without a safe zone takes none."""
    safe = f.length("safe", None)
    if safe is None:  # not given, or told already
        return sort.safe_zone
    if sort.safe_zone is None:
        problems.add(
            f.value_loc("safe"),
            f"a {sort.name} keeps no safe zone (its text is placed by the kind); leave out 'safe'",
        )
        return None
    short = min(size) if sort.sized else 0.0
    if safe < 0 or (short and safe * 2 > short):
        problems.add(
            f.value_loc("safe"),
            f"'safe' must lie from 0 to half the piece's short side"
            f" ({short / mm(2):g}mm), got {safe / mm(1):g}mm",
        )
        return sort.safe_zone
    return safe


def _item(data, loc: Loc, cid: str, problems: Collector, langs) -> ItemSpec:
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


def _check_texts(node, problems: Collector, langs: tuple[str, ...]) -> None:
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


def parse_shape(
    value, loc: Loc, problems: Collector, folder: Path, size: tuple[float, float]
) -> Shape:
    """`shape:` of a component: a name (rect, hex, circle) or a mapping of one name to its
    setting ({rounded: 3mm}, {hex: flat}, {polygon: [[x, y], …]} in mm from the top-left,
    {path: SVG path data in mm, or a die-line .svg in the game folder})."""
    if value is None:
        return RECT
    name, setting = (
        (value, None)
        if isinstance(value, str)
        else next(iter(value.items()))
        if isinstance(value, YMap) and len(value) == 1
        else (None, None)
    )
    if name not in SHAPE_KINDS:
        problems.add(
            loc,
            f"shape must be one of {', '.join(SHAPE_KINDS)} (or a mapping like"
            f" {{rounded: 3mm}}, {{hex: flat}}, {{polygon: [[0, 0], [30, 0], [15, 26]]}});"
            f" got {type_name(value)}",
        )
        return RECT
    reader = _SHAPES.get(name)
    if reader is None:  # rect, circle: nothing to set
        return Shape(name)
    try:
        return reader(setting, folder, size)
    except ValueError as exc:
        problems.add(loc, f"shape: {exc}")
        return RECT


def _rounded(setting, folder: Path, size) -> Shape:
    return Shape("rounded", radius=parse_length(setting if setting is not None else "3mm"))


def _hex(setting, folder: Path, size) -> Shape:
    if setting not in (None, "pointy", "flat"):
        raise ValueError(f"a hex is pointy or flat, not {setting!r}")
    return Shape("hex", orient=setting or "pointy")


def _polygon(setting, folder: Path, size) -> Shape:
    return Shape("polygon", points=_inside(_points(setting), size))


def _path(setting, folder: Path, size) -> Shape:
    if not isinstance(setting, str):
        raise ValueError(
            "a path is SVG path data in mm ('M 0 0 H 40 V 30 Z') or the"
            " name of a die-line .svg file in the game folder"
        )
    points = die_line(setting, folder)
    if why := polygon_problem(points):
        raise ValueError(why.replace("a polygon's", "the path's"))
    return Shape("path", points=_inside(points, size))


# The shapes that take a setting, each read by its own function (ValueError: what is wrong).
_SHAPES = {"rounded": _rounded, "hex": _hex, "polygon": _polygon, "path": _path}


def _inside(points: tuple, size: tuple[float, float]) -> tuple:
    """The corners, when they all lie within the piece's size (its trim box)."""
    w, h = (v / mm(1) for v in size)
    for x, y in points:
        if size != (0.0, 0.0) and not (-0.01 <= x <= w + 0.01 and -0.01 <= y <= h + 0.01):
            raise ValueError(
                f"the corner at [{x:g}, {y:g}] mm lies outside the piece's size"
                f" ({w:g} x {h:g} mm from its top-left corner)"
            )
    return points


def _points(value) -> tuple:
    if not isinstance(value, list) or not 3 <= len(value) <= limits.MAX_CORNERS:
        raise ValueError(
            f"a polygon lists 3 to {limits.MAX_CORNERS:,} corners, [x, y] in mm from the top-left"
        )
    out = []
    for point in value:
        if not (
            isinstance(point, list)
            and len(point) == 2
            and all(
                isinstance(v, int | float)
                and not isinstance(v, bool)
                and -limits.MAX_LENGTH_MM <= v <= limits.MAX_LENGTH_MM
                for v in point
            )
        ):
            raise ValueError(f"a polygon's corner is [x, y] in mm, got {point!r}")
        out.append((float(point[0]), float(point[1])))
    if why := polygon_problem(out):
        raise ValueError(why)
    return tuple(out)
